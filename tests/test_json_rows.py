"""The standings rows of the JSON are written once (``tiebreak.render.output.json_rows``), so the command line's JSON,
``/api/standings`` and the live document give the same rows; their values are the published ones."""

from __future__ import annotations

import csv
import json
from fractions import Fraction
from pathlib import Path

import pytest
from sources import CORPUS, needs

from tiebreak.app.options import Options
from tiebreak.app.standings import render_standings
from tiebreak.arbiter.columns import player_columns
from tiebreak.cli import main
from tiebreak.engine.standings import Standings, compute_standings
from tiebreak.formats import trf
from tiebreak.live.document import DocumentWriter
from tiebreak.render import output

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from tiebreak.web import create_app  # noqa: E402

#: every published BH and BH/C1 agrees with the FIDE reference checker (corpus MANIFEST: BH 40/40, BH/C1 40/40)
BLITZ = CORPUS / "hobsons-bay-vega" / "2025hobsonsbayseptemberblitz"
FRIENDSHIP = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"
ROW = ("rank", "place", "start_no", "name", "points", "values", "lot")  # the members every face's row has


def _cli(capsys, *args: str) -> list[dict]:
    capsys.readouterr()
    main(["standings", *args, "--format", "json", "--seed", "1"])
    return [{k: r[k] for k in ROW} for r in json.loads(capsys.readouterr().out)["standings"]]


def _api(path, data: dict[str, str]) -> list[dict]:
    r = TestClient(create_app()).post("/api/standings", data={"rules": "auto", "seed": "1"} | data,
                                      files={"file": (path.name, path.read_bytes())})
    assert r.status_code == 200, r.text
    return [{k: row[k] for k in ROW} for row in r.json()["standings"]]


@needs(BLITZ / "expected.csv")
@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_three_json_writers_give_the_same_published_rows(capsys, lang):
    path = BLITZ / "tournament.trf"
    line = _cli(capsys, str(path), "--tiebreaks", "PTS,BH,BH/C1", "--lang", lang)
    page = _api(path, {"tiebreaks": "PTS,BH,BH/C1", "lang": lang})
    s = compute_standings(trf.load(path), "PTS,BH,BH/C1", seed=1)
    live = [{k: r[k] for k in ROW} for r in json.loads(DocumentWriter().write(s, {"odds": None}))["standings"]]
    assert line == page == live
    with open(BLITZ / "expected.csv", encoding="utf-8") as f:  # Vega's published table
        published = {int(r["startno"]): r for r in csv.DictReader(f)}
    assert len(line) == len(published) == 40
    for row in line:
        p = published[row["start_no"]]
        assert row["name"] == p["name"]
        assert Fraction(str(row["points"])) == Fraction(p["Pts"])
        assert Fraction(str(row["values"]["BH"])) == Fraction(p["BH"])
        assert Fraction(str(row["values"]["BH/C1"])) == Fraction(p["BH/C1"])
    assert [r["start_no"] for r in line[:3]] == [1, 9, 4]  # 8 points, then 7.5 with BH 52.5 before 51 (published)


@needs(FRIENDSHIP)
def test_a_team_events_rows_are_the_same_on_the_command_line_and_the_api(capsys):
    line = _cli(capsys, str(FRIENDSHIP), "--lang", "ru")
    assert line == _api(FRIENDSHIP, {"lang": "ru"})
    assert len(line) == 15  # 15 teams (corpus MANIFEST)


EXAMPLE = Path(__file__).parent.parent / "examples" / "hobsons-bay-cup-2025.trf"
TEAM_SWISS = Path(__file__).parent / "data" / "generated-team" / "team-swiss-a.trf"
FWWRC = CORPUS / "scalachess-tiebreak" / "FWWRC.pgn"
CRETE = CORPUS / "heltour-crete-team" / "crete-interclub-championship-2025.trf"


def _both(path: Path, **options) -> tuple[dict, dict]:
    """The command line's JSON read back (its decimals as their texts) and ``to_json_obj`` of the same standings."""
    o = Options(format="json", seed=1, **options)
    text, _, s = render_standings(o, str(path), [])
    pc = player_columns(s, o.columns) if isinstance(s, Standings) else None
    return json.loads(text, parse_float=str), output.to_json_obj(s, columns=pc, lang=o.lang)


OPTIONS = [{}, {"lang": "ru"}, {"lang": "uk", "columns": "title,fed,rating,perf"},
           {"columns": "title,fed,rating,club,sex,birth,perf,change", "tiebreaks": "PTS,BH/C1,BH,SB,DE,WIN,ARO,TPR"},
           {"players": True, "lang": "uk"}]


TEAMS = (TEAM_SWISS, FRIENDSHIP, CRETE)


def _cases() -> list:
    """Every file with every set of options, but ``players`` on an individual event (the same as no option: a case
    that cannot apply is not made)."""
    files = [(EXAMPLE, ()), (TEAM_SWISS, ()), (FWWRC, needs(FWWRC)), (FRIENDSHIP, needs(FRIENDSHIP)),
             (CRETE, needs(CRETE))]
    return [pytest.param(path, options, marks=marks, id=f"{path.name}-{i}") for path, marks in files
            for i, options in enumerate(OPTIONS) if path in TEAMS or not options.get("players")]


@pytest.mark.parametrize(("path", "options"), _cases())
def test_the_json_text_and_the_json_data_are_the_same_rows(path, options):
    """``to_json`` writes the view's rows as text, ``to_json_obj`` gives them as data (the API, the library): read
    back, the text is the data, number for number (an integer an ``int``, a decimal its exact text), in every
    language, with and without player columns, for players and for teams."""
    team = path in TEAMS
    if team and "columns" in options:  # the player columns of a team event are its players' (--players)
        options = options | {"players": True}
    line, data = _both(path, **options)
    assert line == data
    assert [list(r) for r in line["standings"]] == [list(r) for r in data["standings"]]  # the members in one order
    assert data["standings"] and all(type(r["rank"]) is int for r in data["standings"])


def test_the_json_data_has_the_published_values():
    """Vega's published standings of the bundled event (converted from ../shared/corpus/hobsons-bay-vega/2025hobsonsbaycup,
    its expected.csv): no. 7 first with 6 points and BH/C1 30, no. 9 second with BH/C1 28.5."""
    _, data = _both(EXAMPLE, tiebreaks="PTS,BH/C1")
    first, second = data["standings"][:2]
    assert (first["start_no"], first["points"], first["values"]["BH/C1"]) == (7, 6, 30)
    assert (second["start_no"], second["values"]["BH/C1"]) == (9, "28.5")
