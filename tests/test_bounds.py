"""One bound per number field, the same on the page, in the API and on the command line (the unrated players'
rating, the seed, the rounds, the players counted per team, the Berger table's size).  The expected bounds are
written here by hand: 4000 for a rating given to unrated players, 2**53 - 1 = 9007199254740991 for a seed (the
largest whole number every JSON reader keeps exactly), 250 rounds, 100 players counted per team or in a Berger
table on the page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from tiebreak.cli import main  # noqa: E402
from tiebreak.web import create_app  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "hobsons-bay-cup-2025.trf"
SEED_MAX = 9007199254740991


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app())


def _api(client, **fields):
    data = {"example": EXAMPLE.name, "format": "json", **{k: str(v) for k, v in fields.items()}}
    return client.post("/api/standings", data=data)


def test_the_page_offers_the_api_bounds(client):
    html = client.get("/").text

    def bound(field_id):
        return re.search(rf'<input id="{field_id}"[^>]*\bmax="(\d+)"', html).group(1)

    assert bound("unrated-rating") == "4000"
    assert bound("seed") == bound("varma-seed") == str(SEED_MAX)
    assert bound("team-best") == "100"
    assert bound("berger-n") == "100"


@pytest.mark.parametrize("field, good, bad", [("unrated_rating", 4000, 4001), ("seed", SEED_MAX, SEED_MAX + 1),
                                              ("after_round", 7, 251)])
def test_the_api_takes_the_bound_and_refuses_one_more(client, field, good, bad):
    assert _api(client, **{field: good}).status_code == 200
    refused = _api(client, **{field: bad})
    assert refused.status_code == 400 and refused.json()["field"] == field


def test_the_api_refuses_more_than_100_players_counted_per_team(client):
    refused = _api(client, team_ranking="federation", team_best=101)
    assert refused.status_code == 400 and refused.json()["field"] == "team_best"


@pytest.mark.parametrize("option, good, bad, message", [
    ("--unrated-rating", 4000, 4001, "argument --unrated-rating: '4001' is outside 0..4000"),
    ("--seed", SEED_MAX, SEED_MAX + 1, f"argument --seed: '{SEED_MAX + 1}' is outside 0..{SEED_MAX}"),
])
def test_the_command_line_has_the_same_bounds(capsys, option, good, bad, message):
    assert main(["standings", str(EXAMPLE), option, str(good)]) == 0
    capsys.readouterr()
    with pytest.raises(SystemExit) as stopped:  # refused while the command line is read, as argparse refuses
        main(["standings", str(EXAMPLE), option, str(bad)])
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err
