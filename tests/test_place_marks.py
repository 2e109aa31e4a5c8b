"""The place as written once, on every face: the lot's ``*`` as text in the HTML and PDF downloads (copied, read
aloud, extracted), the crosstable's place as the standings', the prizes' place as the standings write it, "by lot"
said only where a lot was drawn, and a name that reads as a word of the catalogue kept as a name.

What is expected comes from outside the code: the points column of the bundled file read here by hand (TRF 001
records: the start number in columns 5-8, the points in 81-84), the DOM's text as an HTML parser reads it (what a
screen reader and a copy take; a style sheet's ``::after`` is not in it) and the text poppler extracts from the PDF.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections import Counter
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest
from bs4 import BeautifulSoup

from tiebreak import compute_standings, trf
from tiebreak.cli import main
from tiebreak.render.explain import _placed_by_lot, explain_pair, pair_details
from tiebreak.views.crosstable import of_standings
from tiebreak.views.standings import of_ranking

ROOT = Path(__file__).resolve().parents[1]
HOBSONS = ROOT / "examples" / "hobsons-bay-cup-2025.trf"


def _points() -> dict[int, Fraction]:
    """Start number -> points, read from the file's 001 records by their columns (not by the reader under test)."""
    return {int(line[4:8]): Fraction(line[80:84].strip())
            for line in HOBSONS.read_text(encoding="utf-8").splitlines() if line.startswith("001")}


def _tied() -> set[int]:
    """The players who share their points with someone: under ``--tiebreaks PTS`` the lot places exactly them."""
    points = _points()
    count = Counter(points.values())
    return {n for n, p in points.items() if count[p] > 1}


def _run(capsys, *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def _rank_cells(html: str, table_id: str = "standings") -> dict[int, str]:
    """Start number -> the text of the place cell of the download's standings (or crosstable) table, as an HTML
    parser reads the DOM (a copy of the table, a screen reader)."""
    table = BeautifulSoup(html, "html.parser").find("table", id=table_id)
    out = {}
    for tr in table.find("tbody").find_all("tr"):
        cells = [td.get_text(strip=True) for td in tr.find_all(["td", "th"])]
        out[int(cells[1])] = cells[0]
    return out


# --- 1. the HTML and PDF downloads write the mark as text -------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_html_download_writes_the_lots_mark_in_the_place_cell(capsys, lang):
    html = _run(capsys, "standings", str(HOBSONS), "-t", "PTS", "--format", "html", "--lang", lang)
    cells = _rank_cells(html)
    tied = _tied()
    assert len(cells) == len(_points()) and tied
    assert {n for n, text in cells.items() if text.endswith("*")} == tied
    assert all(re.fullmatch(r"\d+\*?", text) for text in cells.values())
    assert "::after" not in html and "tr.tied" not in html  # no mark left to the style sheet
    assert "*" in BeautifulSoup(html, "html.parser").find("ul", class_="legend").get_text()  # the legend explains it


def test_the_html_download_writes_shared_places_without_a_mark(capsys):
    html = _run(capsys, "standings", str(HOBSONS), "-t", "PTS", "--no-lots", "--format", "html")
    points = _points()
    cells = _rank_cells(html)
    assert not any(text.endswith("*") for text in cells.values())
    # the two players on 6 points (Nos. 7 and 9 in the file) share places 1-2
    assert sorted(n for n, p in points.items() if p == 6) == [7, 9] and cells[7] == cells[9] == "1-2"


def test_the_pdf_download_keeps_the_mark_in_its_text(capsys, tmp_path):
    from tiebreak.render import pdf  # noqa: PLC0415  (Chromium is needed only here)

    try:
        pdf.browser()
    except pdf.PdfError:
        pytest.skip("no Chromium installed (Debian: apt install chromium)")
    if not shutil.which("pdftotext"):
        pytest.skip("needs poppler-utils (pdftotext)")
    out = tmp_path / "s.pdf"
    assert main(["standings", str(HOBSONS), "-t", "PTS", "--format", "pdf", "-o", str(out)]) == 0
    text = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True).stdout
    marked = re.findall(r"^\s*(\d+)\*\s+(\d+)\s", text, re.M)  # "  1*   9   Wongso,Renaldo ..."
    assert {int(n) for _, n in marked} == _tied()


# --- 2. the crosstable's place says what the standings' place says -----------------------------------------------------

@pytest.mark.parametrize("lots", [True, False])
def test_the_crosstable_rows_place_and_written_are_the_standings(lots):
    s = compute_standings(trf.load(str(HOBSONS)), "PTS", lots=lots)
    standings = {r.start_no: (r.place, r.written) for r in of_ranking(s).rows}
    crosstable = {r.start_no: (r.place, r.written) for r in of_standings(s).rows}
    assert crosstable == standings
    if lots:  # Nos. 7 and 9 share 6 points: the lot places them 1 and 2, each marked
        assert {standings[7], standings[9]} == {("1", "1*"), ("2", "2*")}
    else:
        assert standings[7] == standings[9] == ("1-2", "1-2")


def test_the_downloads_crosstable_marks_the_place_a_lot_decided(capsys):
    html = _run(capsys, "standings", str(HOBSONS), "-t", "PTS", "--format", "html", "--lang", "uk")
    assert _rank_cells(html, "crosstable") == _rank_cells(html)
    assert {n for n, text in _rank_cells(html, "crosstable").items() if text.endswith("*")} == _tied()


# --- 3. the prizes' place column reads as the standings' ---------------------------------------------------------------

PRIZES = "place,1,300\nplace,2,100\nplace,3,50\n"


def test_the_prizes_write_the_place_as_the_standings(capsys, tmp_path):
    (tmp_path / "prizes.csv").write_text(PRIZES, encoding="utf-8")
    args = ["prizes", str(HOBSONS), "--prizes", str(tmp_path / "prizes.csv"), "-t", "PTS"]
    text = _run(capsys, *args)
    # Nos. 7 and 9 tie on 6 points (the lot orders them), No. 3 is third alone on 5.5; under the table's heading
    assert [line.split()[:2] for line in text.splitlines()[2:5]] in ([["1*", "9"], ["2*", "7"], ["3", "3"]],
                                                                     [["1*", "7"], ["2*", "9"], ["3", "3"]])
    html = _run(capsys, *args, "--format", "html", "--lang", "ru")
    table = BeautifulSoup(html, "html.parser").find("table", class_="prizes")
    rows = table.find("tbody").find_all("tr")
    assert [tr.find("td").get_text() for tr in rows] == ["1*", "2*", "3"]
    # the text is headed as the HTML table is (it had no heading; its place column, 4 wide, put "10-11" off line)
    heads = [th.get_text() for th in table.find("thead").find_all("th")]
    assert heads == ["Место", "№", "Участник", "Приз", "Сумма"]
    assert _run(capsys, *args, "--lang", "ru").splitlines()[0].split() == heads
    doc = json.loads(_run(capsys, *args, "--format", "json"))
    assert [(a["rank"], a["place"], a["lot"] is not None) for a in doc["awards"]] == [(1, "1", True), (2, "2", True),
                                                                                       (3, "3", False)]
    shared = _run(capsys, *args, "--no-lots", "--method", "shared")
    assert [line.split()[:2] for line in shared.splitlines()[2:4]] == [["1-2", "7"], ["1-2", "9"]]


# --- 4. "by lot" said where a lot was drawn, whatever its number --------------------------------------------------------

def test_by_lot_means_a_lot_was_drawn():
    drawn_first, drawn_none = SimpleNamespace(lot=0), SimpleNamespace(lot=None)  # a lot numbered 0 is a lot drawn
    assert _placed_by_lot(drawn_first, drawn_none) and not _placed_by_lot(drawn_none, drawn_none)
    t = trf.load(str(HOBSONS))
    drawn = compute_standings(t, "PTS", seed=3)
    shared = compute_standings(t, "PTS", lots=False)
    assert pair_details(drawn, 7, 9)["by_lot"] and not pair_details(shared, 7, 9)["by_lot"]  # 6 points each
    assert "by lot" in explain_pair(drawn, 7, 9) and "by lot" not in explain_pair(shared, 7, 9)


# --- 6. a name that reads as a word of the catalogue stays a name ------------------------------------------------------

@pytest.mark.parametrize(("lang", "word"), [("ru", "очки"), ("uk", "очки")])
def test_a_player_named_like_a_catalogue_word_keeps_his_name(tmp_path, capsys, lang, word):
    """No. 1 renamed "points" (a field's name in the catalogue) with a points column of 1.0 where his results (a
    half-point bye in round 1) make 1.5: the reading of the column names him, by his name, never translated; the
    system's name in the notes is still a word and translated."""
    text = HOBSONS.read_text(encoding="utf-8")
    record = next(line for line in text.splitlines() if line.startswith("001    1 "))
    renamed = record[:14] + "points".ljust(33) + record[47:80] + " 1.0" + record[84:]
    (tmp_path / "e.trf").write_text(text.replace(record, renamed), encoding="utf-8")
    assert main(["standings", str(tmp_path / "e.trf"), "--points-from", "column", "--lang", lang]) == 0
    err = capsys.readouterr().err
    assert "1 points (Т1: 1.5 → 1)" in err and f"1 {word} (" not in err
    assert {"ru": "швейцарская система (", "uk": "швейцарська система ("}[lang] in err
