"""The CSV and XLSX standings write a shared place as every other face writes it: a column ``place`` at the right of the
table (the number ``rank`` kept first for programs, which read the columns where they were), ``23-24`` on both rows two
players share, as the text, the page, the website and the JSON's ``place`` write it — for players and for teams; without
marks, which the ``lot`` and ``playoff`` columns say (as the JSON's members).

Outside values: the published Vega standings of the 2025 Hobsons Bay Cup give nos. 29 Shaiek and 31 Cox 2.5 points
and BH/C1 18.5 each, nos. 8 Wilkinson and 23 Cox 2.5 and 17.5 each, with 22 players ahead of them: with
``PTS,WIN,BH/C1`` (both pairs 2 wins) and no lot, places 23-24 and 25-26, shared.  The bundled team example after
round 1 (counted in the file by hand): A beat B and C beat D, each 1.5 : 0.5 (a win and a draw), so ``MP`` leaves A
and C sharing places 1-2 and B and D places 3-4.
"""

from __future__ import annotations

import csv
import io
import json

from built import printed
from sources import ROOT

from tiebreak.cli import main

EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
TEAM = ROOT / "tests" / "data" / "team" / "example-t.trf"


def _places(rows: list[dict[str, str]]) -> dict[str, tuple[str, str]]:
    return {r["start_no"]: (str(r["rank"]), str(r["place"])) for r in rows}


def test_the_csv_writes_shared_places_as_the_other_faces(capsys):
    args = ["standings", str(EXAMPLE), "-t", "PTS,WIN,BH/C1", "--no-lots"]
    rows = list(csv.DictReader(io.StringIO(printed(capsys, *args, "-f", "csv"))))
    assert list(rows[0])[:2] == ["rank", "start_no"] and list(rows[0])[-1] == "place"  # by position as before
    places = _places(rows)
    assert [places[n] for n in ("29", "31", "8", "23")] == [("23", "23-24"), ("23", "23-24"), ("25", "25-26"),
                                                            ("25", "25-26")]
    assert places["7"] == ("1", "1")
    by_json = {str(r["start_no"]): r["place"] for r in json.loads(printed(capsys, *args, "-f", "json"))["standings"]}
    assert {n: p for n, (_, p) in places.items()} == by_json
    text = printed(capsys, *args)
    assert "23-24  29 " in text and "25-26  23 " in text


def test_the_xlsx_writes_them_too(capsys, tmp_path):
    from tiebreak.formats.xlsx import read_rows

    out = tmp_path / "standings.xlsx"
    assert main(["standings", str(EXAMPLE), "-t", "PTS,WIN,BH/C1", "--no-lots", "-f", "xlsx", "-o", str(out)]) == 0
    head, *body = read_rows(out.read_bytes())
    places = _places([dict(zip(head, r)) for r in body])
    assert [places[n] for n in ("29", "31", "8", "23")] == [("23", "23-24"), ("23", "23-24"), ("25", "25-26"),
                                                            ("25", "25-26")]


def test_a_lot_is_said_in_its_column_not_in_the_place(capsys):
    rows = list(csv.DictReader(io.StringIO(printed(capsys, "standings", str(EXAMPLE), "-t", "PTS", "--seed", "1",
                                                "-f", "csv"))))
    drawn = [r for r in rows if r["lot"]]
    assert drawn and all(r["place"] == r["rank"] for r in drawn)  # no shared place left, no "*" in the column


def test_a_team_events_csv_has_the_place_too(capsys):
    rows = list(csv.DictReader(io.StringIO(printed(capsys, "standings", str(TEAM), "-t", "MP", "--no-lots",
                                                "--after-round", "1", "-f", "csv"))))
    assert list(rows[0])[-1] == "place"
    assert _places(rows) == {"1": ("1", "1-2"), "3": ("1", "1-2"), "2": ("3", "3-4"), "4": ("3", "3-4")}
