"""The standings rows of the JSON are written once (``tiebreak.render.output.json_rows``), so the command line's JSON,
``/api/standings`` and the live document give the same rows; their values are the published ones."""

from __future__ import annotations

import csv
import json
from fractions import Fraction

import pytest
from sources import CORPUS, needs

from tiebreak.cli import main
from tiebreak.engine.standings import compute_standings
from tiebreak.formats import trf
from tiebreak.live.document import DocumentWriter

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
