"""A team event's tie-break list (or a team preset) on every face that takes one: the site (``tiebreak site``, and
``serve --site`` through the same build), the API and the page's request, as ``tiebreak standings`` of the team file
ranks the teams by it; the players of its boards keep the file's own individual list (the list given is the teams').
The expected order is computed here from the reference checker's values of the bundled Example T (its game points and
EGGSB, tests/data/team/example-t.ref.tsv)."""

from __future__ import annotations

import csv
import re
from fractions import Fraction
from pathlib import Path

import pytest

from tiebreak.cli import main

DATA = Path(__file__).parent / "data" / "team"
EXAMPLE_T = DATA / "example-t.trf"


def _order_by_reference(*columns: str) -> list[int]:
    """The teams' start numbers by the reference checker's values of ``columns``, best first."""
    with open(DATA / "example-t.ref.tsv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    return [int(r["StartNo"]) for r in sorted(rows, key=lambda r: [-Fraction(r[c]) for c in columns])]


def test_the_reference_order_differs_from_the_default_one():
    """GP then EGGSB places D (4) above B (2), whose GP are equal; the default list (MP first) places B above."""
    assert _order_by_reference("GPTS", "EGGSB") == [3, 1, 4, 2]
    assert _order_by_reference("MPTS", "GPTS") == [3, 1, 2, 4]


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_site_of_a_team_event_ranks_the_teams_by_the_team_list_given(tmp_path, lang, capsys):
    out = tmp_path / "site"
    assert main(["site", str(EXAMPLE_T), "-o", str(out), "--tiebreaks", "GP,EGGSB", "--lang", lang]) == 0
    page = (out / lang / "standings.html").read_text(encoding="utf-8")
    assert [int(n) for n in re.findall(r'href="team-(\d+)\.html"', page)][:4] == _order_by_reference("GPTS", "EGGSB")
    assert (out / lang / "player-1.html").exists()  # the boards' players, by the file's own individual list


def test_a_team_preset_on_the_site(tmp_path):
    assert main(["site", str(EXAMPLE_T), "-o", str(tmp_path / "site"), "--preset", "fide-team-rr"]) == 0


def test_the_api_and_the_page_rank_the_teams_by_the_team_list_given():
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.web.app import create_app

    with TestClient(create_app(workers=1)) as client:
        with open(EXAMPLE_T, "rb") as f:
            answer = client.post("/api/standings", data={"tiebreaks": "GP,EGGSB"}, files={"file": ("t.trf", f)})
        assert answer.status_code == 200, answer.text
        assert [r["start_no"] for r in answer.json()["standings"]] == _order_by_reference("GPTS", "EGGSB")
        with open(EXAMPLE_T, "rb") as f:  # the page's request: its parts as HTML
            answer = client.post("/api/standings", data={"tiebreaks": "GP,EGGSB", "format": "page"},
                                 files={"file": ("t.trf", f)})
        assert answer.status_code == 200, answer.text
        shown = [int(n) for n in re.findall(r'data-start-no="(\d+)"', answer.text)]
        assert shown[:4] == _order_by_reference("GPTS", "EGGSB")


def test_the_live_standings_rank_the_teams_by_the_team_list_given(tmp_path):
    """``serve --watch FILE --tiebreaks GP,EGGSB`` (and the arbiter's live settings): the same order."""
    import json
    import shutil

    pytest.importorskip("sqlalchemy")
    from tiebreak.live.event import LiveEvent
    from tiebreak.live.settings import Settings

    shutil.copy(EXAMPLE_T, tmp_path / "t.trf")
    event = LiveEvent("t.trf", tmp_path / "t.trf", Settings(tiebreaks="GP,EGGSB"))
    assert event.update() is not None and event.warning is None
    rows = json.loads(event.text)["standings"]
    assert [r["start_no"] for r in rows] == _order_by_reference("GPTS", "EGGSB")
