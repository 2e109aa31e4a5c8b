"""Crosstable CSV and XLSX (issue 8): the usual notations, clear errors, and TRF ↔ CSV/XLSX round trips of corpus
events.  XLSX files are also checked against openpyxl, an independent reader and writer of the format."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from sources import CORPUS, needs

from tiebreak import InputError, Kind, compute_standings
from tiebreak.formats import crosstable, trf


def test_notations():
    t = crosstable.loads("No;Name;Rating;1;2;3\n1;Ann;2100;2w1;3b½;F\n2;Bob;;1b0;U;3w+\n3;Cy;1900;H;1w0,5;2b-\n")
    assert t.entry(1, 1).kind is Kind.WIN and t.entry(1, 2).kind is Kind.DRAW and t.entry(1, 3).kind is Kind.FPB
    assert t.entry(2, 2).kind is Kind.PAB and t.entry(2, 3).kind is Kind.FORFEIT_WIN and t.entry(3, 1).kind is Kind.HPB
    assert t.player(2).rating is None and t.player(3).rating == 1900


@pytest.mark.parametrize("text, line, column", [
    ("No,Name,R1\n1,A,2w7\n2,B,1b0\n", 2, 3), ("No,Name,R1\n1,A,9w1\n", 2, 3), ("No,Name,R1\nx,A,\n", 2, 1),
    ("Name,Foo\nA,1\n", 1, None),
])
def test_errors_name_the_cell(text, line, column):
    with pytest.raises(InputError) as e:
        crosstable.loads(text, "x.csv")
    assert (e.value.place.line, e.value.place.column) == (line, column)


def test_points_column_and_disagreements_are_warnings():
    warnings = []
    crosstable.loads("No,Name,Points,R1\n1,A,0.5,2w1\n2,B,0,1b1\n", "w.csv", warnings)
    assert any("disagree" in str(w) for w in warnings) and any("points column says 0.5" in str(w) for w in warnings)


@pytest.mark.parametrize("name", ["hobsons-bay-vega/2025hobsonsbaycup/tournament.trf",
                                  "hobsons-bay-vega/bobgrievesjuniorblitzcup2024open/tournament.trf",
                                  pytest.param("sharly-chess/trf/2021_03.trf",
                                               marks=needs(CORPUS / "sharly-chess/trf/2021_03.trf"))])
@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_trf_crosstable_trf_round_trip(name, suffix, tmp_path):
    a = trf.load(CORPUS / name)
    path = tmp_path / f"x{suffix}"
    crosstable.dump(a, path)
    b = crosstable.load(path)
    b.start_date, b.type_text, b.planned_rounds = a.start_date, a.type_text, a.planned_rounds  # CSV holds no header
    assert np.array_equal(a.kind, b.kind) and np.array_equal(a.opponent, b.opponent)
    sa = compute_standings(a, "PTS,BH/C1,SB,DE,ARO", lots=False)
    sb = compute_standings(b, "PTS,BH/C1,SB,DE,ARO", lots=False)
    assert [(r.start_no, r.values) for r in sa.rows] == [(r.start_no, r.values) for r in sb.rows]


def test_reads_a_workbook_written_by_openpyxl(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    ws = wb.active
    for row in (["No", "Name", "Rating", "Points", "R1", "R2"], [1, "Ann", 1800, 1.5, "2w1", "3b="],
                [2, "Bob", None, 1, "1b0", "U"], [3, "Ёжик", 1500.0, 1, "H", "1w="]):
        ws.append(row)
    wb.save(tmp_path / "club.xlsx")
    warnings = []
    t = crosstable.load(tmp_path / "club.xlsx", warnings)
    # by hand: Ann 1 + ½, Bob 0 + PAB 1, Ёжик ½ (half-point bye) + ½
    assert [(p.name, p.rating, t.points(p.start_no)) for p in t.players] == [
        ("Ann", 1800, Fraction(3, 2)), ("Bob", None, 1), ("Ёжик", 1500, 1)]
    assert not warnings


def test_workbook_we_write_opens_in_openpyxl(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    t = trf.load(Path(__file__).parents[1] / "examples" / "hobsons-bay-cup-2025.trf")
    crosstable.dump(t, tmp_path / "out.xlsx")
    book = openpyxl.load_workbook(tmp_path / "out.xlsx")
    ws = book.active
    assert [c.value for c in ws[1]][:9] == ["No", "Name", "Rating", "Fed", "Title", "Sex", "FIDE ID", "Points", "R1"]
    # the TRF line of player 1: 'Hogg,Dean', 1847, m, 1.5 points (a number), round 1 a half-point bye, round 2 a
    # win as White over 22
    assert [c.value for c in ws[2]][:10] == [1, "Hogg,Dean", 1847, "AUS", None, "m", None, 1.5, "H", "22w1"]
    # the event sheet: the 012, 042, 052 and 092 records and the 7 rounds, then the other header records as read
    assert list(book["Event"].values) == [("Event", "2025 Hobsons Bay Cup"), ("Start date", "2025-06-10"),
                                          ("End date", "2025-08-05"), ("Rounds", 7),
                                          ("Type", "swiss FIDE Dutch (JaVaFo)"), ("City (TRF 022)", "Hobsons Bay"),
                                          ("Federation (TRF 032)", "AUS"), ("Players (TRF 062)", "32"),
                                          ("Chief arbiter (TRF 102)", "NA Dwyer, Lachlan (AUS) 3254119 (VIC)")]


@pytest.mark.parametrize("make, message", [
    (lambda z: None, "not an .xlsx workbook"),
    (lambda z: z.writestr("x.txt", "hello"), "no xl/workbook.xml"),
    (lambda z: z.writestr("xl/workbook.xml", '<!DOCTYPE x [<!ENTITY a "aaaa">]><workbook/>'), "DTD"),
    (lambda z: z.writestr("xl/workbook.xml", "<workbook"), "not well-formed"),
])
def test_broken_workbooks_give_a_clear_error(make, message, tmp_path):
    import zipfile

    path = tmp_path / "bad.xlsx"
    if message == "not an .xlsx workbook":
        path.write_bytes(b"PK\x03\x04 not really a zip")
    else:
        with zipfile.ZipFile(path, "w") as z:
            make(z)
    with pytest.raises(InputError) as e:
        crosstable.load(path)
    assert "bad.xlsx" in str(e.value) and message in str(e.value)


def test_convert_says_what_a_crosstable_cannot_hold(tmp_path):
    from tiebreak.formats import readers

    warnings = []
    readers.convert(Path(__file__).parents[1] / "examples" / "hobsons-bay-cup-2025.trf", tmp_path / "x.csv", warnings)
    # the example's header has 012 (name), 042/052 (dates), 092 (type) and other records such as 022 (city)
    [w] = warnings
    for what in ("event name", "dates", "event type", "other header records"):
        assert what in str(w)


def test_spanish_and_french_exports_write_b_for_white():
    """chess-results' Spanish crosstable writes ``b`` for White (blancas) and ``n`` for Black (negras); the French one
    b/n too (blancs/noirs); the English and German ones w/b and w/s.  The same four games, round 1: 1 (White) beat 3,
    4 (White) drew with 2; round 2: 2 (White) lost to 1, 3 (White) beat 4 — written in each language's letters."""
    spanish = ("Base de datos de torneos de Chess-Results\nAbierto de Primavera 2025\n\n"
               "Nº;Nombre;FED;1.Ronda;2.Ronda;Ptos.\n1;Ana;ESP;3b1;2n1;2\n2;Berta;ESP;4n½;1b0;½\n"
               "3;Carla;ESP;1n0;4b1;1\n4;Dora;ESP;2b½;3n0;½\n")
    french = "Clt;Nom;1.Ronde;2.Ronde\n1;Ana;3b1;2n1\n2;Berta;4n½;1b0\n3;Carla;1n0;4b1\n4;Dora;2b½;3n0\n"
    english = "Rk.;Name;1.Rd;2.Rd\n1;Ana;3w1;2b1\n2;Berta;4b½;1w0\n3;Carla;1b0;4w1\n4;Dora;2w½;3b0\n"
    german = "Rg.;Name;1.Rd;2.Rd\n1;Ana;3w1;2s1\n2;Berta;4s½;1w0\n3;Carla;1s0;4w1\n4;Dora;2w½;3s0\n"
    # by hand: White in round 1 are 1 and 4, in round 2 are 2 and 3
    white = {(1, 1), (4, 1), (2, 2), (3, 2)}
    for text in (spanish, french, english, german):
        t = crosstable.loads(text)
        got = {(p.start_no, r) for p in t.players for r in (1, 2) if t.colour[t.row(p.start_no), r - 1] == 1}
        assert got == white, text.splitlines()[0]
    # headings in no known language: a table that writes n and never w reads b as White
    bare = "No;Name;R1;R2\n1;Ana;3b1;2n1\n2;Berta;4n½;1b0\n3;Carla;1n0;4b1\n4;Dora;2b½;3n0\n"
    t = crosstable.loads(bare)
    assert {(p.start_no, r) for p in t.players for r in (1, 2) if t.colour[t.row(p.start_no), r - 1] == 1} == white


def test_a_title_longer_than_any_sample_keeps_its_separator():
    """An export's title lines come before the table and may hold commas, however long: the table's semicolons are
    still its separator.  The same four games as above, by hand: 1 beat 3 and 2; 4 drew with 2; 3 beat 4."""
    title = "Open " + ", ".join(f"sponsor {k}" for k in range(800))  # 10,000 characters, 799 commas
    table = "Rk.;Name;1.Rd;2.Rd\n1;Ana;3w1;2b1\n2;Berta;4b½;1w0\n3;Carla;1b0;4w1\n4;Dora;2w½;3b0\n"
    t = crosstable.loads(title + "\n\n" + table)
    assert [p.name for p in t.players] == ["Ana", "Berta", "Carla", "Dora"]
    assert t.entry(1, 1).kind is Kind.WIN and t.entry(2, 1).kind is Kind.DRAW and t.entry(3, 2).kind is Kind.WIN
