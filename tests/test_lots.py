"""Lots that can be repeated (issue 13, item 3): the seed is shown wherever drawn lots decide an order, and giving it
back repeats the order exactly, on every face and in every format (JSON, CSV, HTML downloads of the API included).

The list ``PTS`` alone leaves most of the 32 players of the example tied, so lots decide most of the order."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from tiebreak.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
TEAM = ROOT / "tests" / "data" / "generated-team" / "team-swiss-a.trf"
SEED_NOTE = re.compile(r"drawn by lot with seed (\d+) \(the same seed repeats the draw\)")


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out, err


@pytest.mark.parametrize("path, what", [(EXAMPLE, "players"), (TEAM, "teams")])
def test_the_printed_seed_repeats_the_standings_exactly(capsys, path, what):
    first, err = run(capsys, "standings", path, "-t", "PTS" if what == "players" else "MP")
    seed = SEED_NOTE.search(err).group(1)
    assert re.search(rf"^  \* +place decided by lot \(seed {seed}\)$", first, re.M)  # the legend under the table too
    again, _ = run(capsys, "standings", path, "-t", "PTS" if what == "players" else "MP", "--seed", seed)
    assert again == first
    doc = json.loads(run(capsys, "standings", path, "-t", "PTS" if what == "players" else "MP", "--seed", seed,
                         "-f", "json")[0])
    assert doc["seed"] == int(seed) and any(f"{what} still tied" in n and f"seed {seed}" in n for n in doc["notes"])


def test_csv_on_the_command_line_tells_the_seed(capsys):
    _, err = run(capsys, "standings", EXAMPLE, "-t", "PTS", "-f", "csv", "--seed", "11")
    assert SEED_NOTE.search(err).group(1) == "11"


def test_html_shows_the_seed_under_the_standings(capsys):
    page, _ = run(capsys, "standings", EXAMPLE, "-t", "PTS", "-f", "html", "--seed", "12")
    assert "place decided by lot (seed 12)" in page


web = pytest.importorskip("starlette.testclient")


@pytest.fixture(scope="module")
def client():
    from tiebreak.web import create_app

    return web.TestClient(create_app())


def _post(client, path="/api/standings", **fields):
    r = client.post(path, data={"example": EXAMPLE.name, "tiebreaks": "PTS", **fields})
    assert r.status_code == 200, r.text
    return r


def _order(r, fmt: str) -> list[int]:
    if fmt == "json":
        return [row["start_no"] for row in r.json()["standings"]]
    if fmt == "csv":
        return [int(row["start_no"]) for row in csv.DictReader(io.StringIO(r.text))]
    table = r.text.split('<table id="standings"', 1)[1].split("</table>", 1)[0]
    return [int(x) for x in re.findall(r'<td class="rank">[^<]*</td><td>(\d+)</td>', table)]


def test_the_api_answers_with_the_seed_it_drew_and_every_download_repeats_it(client):
    r = _post(client)
    seed = r.json()["seed"]
    assert isinstance(seed, int) and r.headers["x-tiebreak-seed"] == str(seed)
    order = _order(r, "json")
    assert sum(1 for row in r.json()["standings"] if row["lot"]) >= 20  # lots decide most of this order
    for fmt in ("json", "csv", "html"):
        d = _post(client, format=fmt, seed=str(seed))
        assert d.headers["x-tiebreak-seed"] == str(seed)
        assert _order(d, fmt) == order, fmt
    other = next(s for s in range(1, 50) if _order(_post(client, seed=str(s)), "json") != order)
    assert _post(client, format="csv", seed=str(other)).headers["x-tiebreak-seed"] == str(other)


def test_no_lots_shares_the_places_and_names_no_seed(client):
    r = _post(client, no_lots="true")
    doc = r.json()
    assert doc["seed"] is None and "x-tiebreak-seed" not in r.headers
    assert all(row["lot"] is None for row in doc["standings"])
    assert len({row["rank"] for row in doc["standings"]}) < len(doc["standings"])  # shared places


def test_explain_playoffs_and_prizes_rank_with_the_given_seed(client):
    assert _post(client, "/api/explain", player="7", seed="5").json()["seed"] == 5
    assert _post(client, "/api/playoffs", seed="5").headers["x-tiebreak-seed"] == "5"
    r = _post(client, "/api/prizes", seed="5", prizes="place,1,100\nplace,2,50\n", method="tiebreak")
    first_two = _order(_post(client, seed="5"), "json")[:2]
    assert r.headers["x-tiebreak-seed"] == "5" and [a["start_no"] for a in r.json()["awards"]] == first_two


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_explain_writes_the_place_as_the_standings_with_the_lots_mark(capsys, lang):
    """The explanation's first line names the place as the standings print it: ``15*`` where the lot placed the
    player (it said "15"), ``12-19`` shared under --no-lots; for two players alike."""
    table, _ = run(capsys, "standings", EXAMPLE, "-t", "PTS", "--seed", "5", "--lang", lang)
    place = {int(m.group(2)): m.group(1) for m in re.finditer(r"^ *([0-9]+(?:-[0-9]+)?\*?) +([0-9]+) ", table, re.M)}
    assert place[28].endswith("*")
    one, _ = run(capsys, "explain", EXAMPLE, "-t", "PTS", "--seed", "5", "--player", "28", "--lang", lang)
    assert f" {place[28]}," in one.splitlines()[0]
    two, _ = run(capsys, "explain", EXAMPLE, "-t", "PTS", "--seed", "5", "--players", "28", "26", "--lang", lang)
    assert f" {place[28]};" in two.splitlines()[0] and two.splitlines()[0].endswith(f" {place[26]}")
    shared, _ = run(capsys, "explain", EXAMPLE, "-t", "PTS", "--no-lots", "--players", "28", "26", "--lang", lang)
    assert shared.splitlines()[0].count(" 12-19") == 2  # eight players on 3.5 points share places 12-19
