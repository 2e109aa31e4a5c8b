"""A place the play-off decided, said by the standings' JSON and CSV as the other faces say it (issue 33): the text,
HTML, PDF, site and live faces write ``1‡`` with a legend line, and ``/api/live`` marked the row ``"playoff": true``,
while ``tiebreak standings --format json``, ``/api/standings`` and the CSV/XLSX had nothing: a program could not
tell a place decided by the play-off from one decided by the tie-breaks.  Now every row the play-off placed has
``"playoff": true`` (an optional member: schema version 1 stays), and the CSV a ``playoff`` column (``1`` on those
rows) where the play-off placed some, as it has a ``lot`` column where a lot did.

By hand: the bundled Hobsons Bay Cup 2025 under ``PTS,BH/C1`` with ``--no-lots``: Nos. 7 and 9 tie on 6 points
(BH/C1, 30 and 28.5, would put No. 7 first; a play-off is played on the points alone); the mini-match 7-9 0-1,
9-7 ½-½ is No. 9's 1½-½: No. 9 first, No. 7 second, nobody else placed by it.  Friendship Cup 2024 (corpus
heltour-crete-team, bundled): teams 4, 1 and 7 tie on 9 match points (places 3-5); their round robin 4-1 1-0, 1-7
½-½, 7-4 1-0 gives 7 1½, 4 1, 1 ½: places 3, 4, 5.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from sources import CORPUS, needs

from tiebreak.cli import main
from tiebreak.render.output import json_schema

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
PLAYOFF = "stage mini-match\n7 9 0-1\n9 7 1/2-1/2\n"
CUP = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"
CUP_PLAYOFF = "stage round-robin\n4 1 1-0\n1 7 =\n7 4 1-0\n"


def _standings(capsys, path: Path, playoff: Path, fmt: str, *more: str) -> str:
    assert main(["standings", str(path), "--no-lots", "--playoff", str(playoff), "--format", fmt, *more]) == 0
    return capsys.readouterr().out


def _marked(rows: list[dict]) -> list[tuple[int, int]]:
    return [(r["rank"], r["start_no"]) for r in rows if r.get("playoff")]


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_json_says_which_places_the_play_off_decided(capsys, tmp_path, lang):
    jsonschema = pytest.importorskip("jsonschema")
    playoff = tmp_path / "playoff.txt"
    playoff.write_text(PLAYOFF, encoding="utf-8")
    doc = json.loads(_standings(capsys, EXAMPLE, playoff, "json", "--tiebreaks", "PTS,BH/C1", "--lang", lang))
    jsonschema.validate(doc, json_schema())
    assert _marked(doc["standings"]) == [(1, 9), (2, 7)]
    assert all(r["playoff"] is True for r in doc["standings"] if "playoff" in r)
    text = _standings(capsys, EXAMPLE, playoff, "text", "--tiebreaks", "PTS,BH/C1", "--lang", lang)
    assert text.count("‡") == 3  # the text face: 1‡, 2‡ and its legend line, the same two places
    details = json.loads(_standings(capsys, EXAMPLE, playoff, "json", "--tiebreaks", "PTS,BH/C1", "--details"))
    assert _marked(details["standings"]) == [(1, 9), (2, 7)]


def test_without_a_play_off_no_row_has_the_member(capsys, tmp_path):
    assert main(["standings", str(EXAMPLE), "--no-lots", "--tiebreaks", "PTS,BH/C1", "--format", "json"]) == 0
    assert not any("playoff" in r for r in json.loads(capsys.readouterr().out)["standings"])
    assert main(["standings", str(EXAMPLE), "--no-lots", "--tiebreaks", "PTS,BH/C1", "--format", "csv"]) == 0
    assert "playoff" not in capsys.readouterr().out.split("\n")[0]


def test_the_csv_has_a_playoff_column_where_it_decided(capsys, tmp_path):
    playoff = tmp_path / "playoff.txt"
    playoff.write_text(PLAYOFF, encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(_standings(capsys, EXAMPLE, playoff, "csv", "--tiebreaks", "PTS,BH/C1"))))
    assert [(r["rank"], r["start_no"]) for r in rows if r["playoff"] == "1"] == [("1", "9"), ("2", "7")]
    assert {r["playoff"] for r in rows[2:]} == {""}
    openpyxl = pytest.importorskip("openpyxl")  # the XLSX is the CSV's table (an independent reader here)
    book = tmp_path / "standings.xlsx"
    assert main(["standings", str(EXAMPLE), "--no-lots", "--playoff", str(playoff), "--tiebreaks", "PTS,BH/C1",
                 "-o", str(book)]) == 0
    sheet = list(openpyxl.load_workbook(book).active.iter_rows(values_only=True))
    at = sheet[0].index("playoff")
    assert [(r[0], r[1]) for r in sheet[1:] if r[at] is not None and str(r[at]) == "1"] == [(1, 9), (2, 7)]


def test_the_api_says_it_too():
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.web.app import create_app

    client = TestClient(create_app())
    base = {"example": EXAMPLE.name, "tiebreaks": "PTS,BH/C1", "no_lots": "true", "playoff_results": PLAYOFF}
    rows = client.post("/api/standings", data={**base, "format": "json"}).json()["standings"]
    assert _marked(rows) == [(1, 9), (2, 7)]
    table = client.post("/api/standings", data={**base, "format": "csv"}).text
    assert [(r["rank"], r["start_no"]) for r in csv.DictReader(io.StringIO(table)) if r["playoff"] == "1"] == \
        [("1", "9"), ("2", "7")]


@needs(CUP)
def test_a_team_events_json_says_it(capsys, tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    playoff = tmp_path / "playoff.txt"
    playoff.write_text(CUP_PLAYOFF, encoding="utf-8")
    doc = json.loads(_standings(capsys, CUP, playoff, "json"))
    jsonschema.validate(doc, json_schema())
    assert doc["tournament"]["teams"] is True
    assert _marked(doc["standings"]) == [(3, 7), (4, 4), (5, 1)]
    rows = list(csv.DictReader(io.StringIO(_standings(capsys, CUP, playoff, "csv"))))
    assert [(r["rank"], r["start_no"]) for r in rows if r["playoff"] == "1"] == [("3", "7"), ("4", "4"), ("5", "1")]
