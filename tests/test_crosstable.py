"""Crosstable CSV (issue 8): the usual notations, clear errors, and TRF ↔ CSV round trips of corpus events."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tiebreak import InputError, Kind, compute_standings, crosstable, trf

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


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
                                  "sharly-chess/trf/2021_03.trf"])
def test_trf_csv_trf_round_trip(name, tmp_path):
    a = trf.load(CORPUS / name)
    path = tmp_path / "x.csv"
    crosstable.dump(a, path)
    b = crosstable.load(path)
    b.start_date, b.type_text, b.planned_rounds = a.start_date, a.type_text, a.planned_rounds  # CSV holds no header
    assert np.array_equal(a.kind, b.kind) and np.array_equal(a.opponent, b.opponent)
    sa = compute_standings(a, "PTS,BH/C1,SB,DE,ARO", lots=False)
    sb = compute_standings(b, "PTS,BH/C1,SB,DE,ARO", lots=False)
    assert [(r.start_no, r.values) for r in sa.rows] == [(r.start_no, r.values) for r in sb.rows]
