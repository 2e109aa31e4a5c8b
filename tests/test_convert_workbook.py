"""``convert`` TRF -> XLSX -> TRF keeps every header record of the TRF (issue 40: city 022, federation 032, 062,
chief arbiter 102 were dropped with a warning) and writes the points as numbers a spreadsheet can add up.

The records are those of the bundled TRF's own lines; the workbook is read by openpyxl, an independent reader."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from sources import ROOT

from tiebreak.cli import main

EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"


def records(text: str) -> set[str]:
    """The header records of a TRF (neither players nor comments), the dates in the TRF-2026 form YYYY/MM/DD (the
    writer gives 042/052 so)."""
    out = set()
    for line in text.splitlines():
        code = line[:3]
        if not line.strip() or code in ("001", "###"):
            continue
        day = re.fullmatch(r"(\d\d)/(\d\d)/(\d{4})", line[4:].strip())  # DD/MM/YYYY, as the example writes it
        if code in ("042", "052") and day:
            line = f"{code} {day.group(3)}/{day.group(2)}/{day.group(1)}"
        out.add(line.rstrip())
    return out


def test_trf_to_workbook_and_back_keeps_every_header_record(tmp_path, capsys):
    openpyxl = pytest.importorskip("openpyxl")
    book, back = tmp_path / "cup.xlsx", tmp_path / "back.trf"
    assert main(["convert", str(EXAMPLE), str(book)]) == 0
    assert main(["convert", str(book), str(back)]) == 0
    assert "not written" not in capsys.readouterr().err
    original = EXAMPLE.read_text(encoding="utf-8")
    assert {"022 Hobsons Bay", "032 AUS", "062 32", "102 NA Dwyer, Lachlan (AUS) 3254119 (VIC)"} <= records(original)
    assert records(back.read_text(encoding="utf-8")) == records(original)
    sheet = openpyxl.load_workbook(book, read_only=True)["Crosstable"]
    rows = list(sheet.iter_rows(values_only=True))
    column = rows[0].index("Points")
    points = {row[0]: row[column] for row in rows[1:]}
    assert all(isinstance(p, (int, float)) for p in points.values())
    declared = {int(x[4:8]): Fraction(x[80:84].strip()) for x in original.splitlines() if x.startswith("001")}
    assert {no: Fraction(p) for no, p in points.items()} == declared  # the file's own points column
