"""Prize lists as every face describes them (issue 40): ``place,N,amount`` and ``category,EXPR,amount`` (the
category as ``--category`` reads it, ``unrated`` included; a category's lines are its 1st, 2nd… prize), the older
``EXPR,N,amount`` still read; a rating band holds rated players only.

The winners come from outside the code: Vega's published standings of the bundled example (its list PTS, BH, BH/C1,
SB) and the ratings of the TRF's 001 lines, read here by their columns (rating in columns 49-52)."""

from __future__ import annotations

import csv
import json

import pytest
from sources import ROOT

from tiebreak.cli import main

EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
PUBLISHED = ROOT / "tests" / "data" / "check" / "hobsons-bay-cup-2025.published.csv"
LIST = ["--tiebreaks", "PTS,BH,BH/C1,SB", "--rules", "fide-2024", "--method", "tiebreak"]
PRIZES = "place,1,100\ncategory,rating<1300,80\ncategory,rating<1300,40\ncategory,unrated,50\n"


def expected() -> list[tuple[int, str, str]]:
    """(start number, prize, amount) by hand: the published order, each player one prize, place prizes first."""
    ratings = {int(x[4:8]): int(x[48:52]) for x in EXAMPLE.read_text(encoding="utf-8").splitlines()
               if x.startswith("001")}
    with open(PUBLISHED, encoding="utf-8") as f:
        order = [int(r["startno"]) for r in csv.DictReader(f)]
    first = order[0]
    band = [sno for sno in order if 0 < ratings[sno] < 1300 and sno != first][:2]
    unrated = [sno for sno in order if ratings[sno] == 0 and sno != first][:1]
    return [(first, "place 1", "100"), (band[0], "rating<1300, place 1", "80"), (band[1], "rating<1300, place 2", "40"),
            (unrated[0], "unrated, place 1", "50")]


def awards(capsys, text: str, tmp_path) -> list[tuple[int, str, str]]:
    path = tmp_path / "prizes.csv"
    path.write_text(text, encoding="utf-8")
    assert main(["prizes", str(EXAMPLE), "--prizes", str(path), *LIST, "-f", "json"]) == 0
    return [(a["start_no"], a["prize"], str(a["amount"])) for a in json.loads(capsys.readouterr().out)["awards"]]


def test_category_lines_as_the_help_writes_them(capsys, tmp_path):
    assert expected() == [(7, "place 1", "100"), (20, "rating<1300, place 1", "80"), (18, "rating<1300, place 2", "40"),
                          (expected()[3][0], "unrated, place 1", "50")]
    assert awards(capsys, PRIZES, tmp_path) == expected()


def test_the_older_lines_give_the_same_awards(capsys, tmp_path):
    old = "place,1,100\nrating<1300,1,80\nrating<1300,2,40\nunrated,1,50\n"
    assert awards(capsys, old, tmp_path) == expected()


def test_a_wrong_place_names_the_category_form(capsys, tmp_path):
    path = tmp_path / "prizes.csv"
    path.write_text("rating<1300,first,80\n", encoding="utf-8")
    assert main(["prizes", str(EXAMPLE), "--prizes", str(path)]) == 2
    assert "category,EXPR,amount" in capsys.readouterr().err


def test_the_api_reads_the_same_lines(tmp_path):
    web = pytest.importorskip("starlette.testclient")
    from tiebreak.web import create_app

    r = web.TestClient(create_app()).post("/api/prizes", data={
        "example": EXAMPLE.name, "prizes": PRIZES, "tiebreaks": "PTS,BH,BH/C1,SB", "rules": "fide-2024",
        "method": "tiebreak"})
    assert r.status_code == 200, r.text
    assert [(a["start_no"], a["prize"], str(a["amount"])) for a in r.json()["awards"]] == expected()


def test_a_rating_band_holds_rated_players_only(capsys):
    assert main(["standings", str(EXAMPLE), "--category", "rating<900", "-f", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["categories"][0]
    members = {r["start_no"] for r in rows["standings"]} if isinstance(rows, dict) else set()
    assert members == {25, 26, 27, 28, 29}  # 30-32 have no rating (0 in the TRF)


@pytest.mark.parametrize(("lang", "place"), [("en", "place"), ("ru", "место"), ("uk", "місце")])
def test_a_prize_is_named_in_one_form_in_every_language(capsys, tmp_path, lang, place):
    # the word, then the number, in all three (the Russian said «1-е место» while the others said "place 1")
    path = tmp_path / "prizes.csv"
    path.write_text(PRIZES, encoding="utf-8")
    assert main(["prizes", str(EXAMPLE), "--prizes", str(path), *LIST, "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()[2:]  # under the table's heading
    assert f"{place} 1 " in lines[0] and f"rating<1300, {place} 2 " in lines[2], lines
    assert "-е" not in "\n".join(lines)
