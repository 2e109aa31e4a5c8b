"""The website's downloads (issue 37): the standings as a spreadsheet, a TRF and a PDF per language, linked from the
standings page, saying what ``tiebreak standings`` says of the same file, for an individual and a team event.

The spreadsheet is read by openpyxl (an independent reader) and compared with the CSV of ``standings -f csv``; the
TRF with ``standings -f trf``; the PDF's text is read by poppler's ``pdftotext``, and two builds print the same bytes
(its dates and ids).  That two builds write the same bytes in every other file (the workbook's times) is checked in
tests/test_event_lot.py."""

from __future__ import annotations

import csv
import io
import os
import shutil
import subprocess

import pytest
from sources import ROOT

pytest.importorskip("jinja2")

from tiebreak.cli import main  # noqa: E402

SWISS = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
TEAMS = ROOT / "tests" / "data" / "team" / "example-t.trf"  # Example T of the spec: 4 teams, 2 boards
#: each event's own date, which its downloads print: its last day (record 052, 05/08/2025), else its first (042)
EVENT_DAY = {SWISS: "2025-08-05", TEAMS: "2025-05-01"}


def chromium() -> bool:
    from tiebreak.render.pdf import PdfError, browser

    try:
        browser()
    except PdfError:
        return False
    return shutil.which("pdftotext") is not None


def command(capsys, *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("path", [SWISS, TEAMS], ids=["individual", "team"])
def test_the_spreadsheet_and_the_trf_are_the_standings_of_the_command_line(path, tmp_path, capsys):
    openpyxl = pytest.importorskip("openpyxl")
    out = tmp_path / "site"
    assert main(["site", str(path), "-o", str(out)]) == 0  # the default: xlsx and trf
    capsys.readouterr()
    expected = list(csv.reader(io.StringIO(command(capsys, "standings", str(path), "-f", "csv"))))
    sheet = openpyxl.load_workbook(out / "downloads" / "standings.xlsx").worksheets[0]
    rows = [["" if v is None else format(v, "g") if isinstance(v, float) else str(v) for v in row]
            for row in sheet.iter_rows(values_only=True)]
    width = max(len(r) for r in expected)
    assert rows == [r + [""] * (width - len(r)) for r in expected]
    assert (out / "downloads" / "standings.trf").read_text(encoding="utf-8") == command(
        capsys, "standings", str(path), "-f", "trf")
    for lang in ("en", "ru", "uk"):  # linked from every language's standings page, not from the others
        page = (out / lang / "standings.html").read_text(encoding="utf-8")
        assert 'href="../downloads/standings.xlsx"' in page and 'href="../downloads/standings.trf"' in page
        assert "standings.pdf" not in page
        assert "downloads/" not in (out / lang / "standings-1.html").read_text(encoding="utf-8")


def test_downloads_none_and_a_wrong_kind(tmp_path, capsys):
    assert main(["site", str(SWISS), "-o", str(tmp_path / "a"), "--downloads", "none"]) == 0
    assert not (tmp_path / "a" / "downloads").exists()
    assert 'class="downloads"' not in (tmp_path / "a" / "en" / "standings.html").read_text(encoding="utf-8")
    assert main(["site", str(SWISS), "-o", str(tmp_path / "b"), "--downloads", "xlsx,docx"]) == 2
    assert "'docx' is not one of pdf, xlsx, trf, none" in capsys.readouterr().err
    assert not (tmp_path / "b").exists()


@pytest.mark.skipif(not chromium(), reason="needs Chromium and pdftotext")
@pytest.mark.parametrize("path,leader", [(SWISS, "Nguyen,Anh"), (TEAMS, "C")], ids=["individual", "team"])
def test_the_pdf_is_the_standings_in_the_readers_language(path, leader, tmp_path):
    """The leader by the published standings (Vega: No. 7 Nguyen; Example T: team C, 5 match points), the words
    of each language, and the print date that of the file (when the results last changed), not today's.  A second
    build writes the same bytes (Chromium's clock and cell ids made the same in every print; the other files of two
    builds are compared in tests/test_event_lot.py)."""
    event = tmp_path / path.name
    event.write_bytes(path.read_bytes())
    os.utime(event, (1_700_000_000, 1_700_000_000))  # 2023-11-14
    out = tmp_path / "site"
    for site in (out, tmp_path / "again"):
        assert main(["site", str(event), "-o", str(site), "--downloads", "pdf"]) == 0
    for lang in ("en", "ru", "uk"):
        assert (out / lang / "standings.pdf").read_bytes() == (tmp_path / "again" / lang / "standings.pdf").read_bytes()
    for lang, word in (("en", EVENT_DAY[path]), ("ru", EVENT_DAY[path]), ("uk", EVENT_DAY[path])):
        text = subprocess.run(["pdftotext", "-layout", str(out / lang / "standings.pdf"), "-"], capture_output=True,
                              text=True, check=True).stdout
        assert word in text, lang
        first = next(line for line in text.splitlines() if line.split()[:1] == ["1"])  # the first row of the table
        assert leader in first.split(), (lang, first)
        assert 'href="standings.pdf"' in (out / lang / "standings.html").read_text(encoding="utf-8")
    assert not (out / "downloads").exists()


def test_the_api_gives_the_same_spreadsheet_as_the_site(tmp_path):
    """``/api/standings`` with ``format=xlsx`` (the page's download button) and the site's download: the same bytes
    (the same rows, the workbook's fixed times)."""
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient

    from tiebreak.web.app import create_app

    assert main(["site", str(SWISS), "-o", str(tmp_path / "site"), "--downloads", "xlsx"]) == 0
    r = TestClient(create_app()).post("/api/standings", data={"example": SWISS.name, "format": "xlsx"})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert r.content == (tmp_path / "site" / "downloads" / "standings.xlsx").read_bytes()


def test_a_category_is_in_the_downloads(tmp_path, capsys):
    """With ``--category`` the spreadsheet has the category's place as a column, as ``standings -f csv`` writes it."""
    openpyxl = pytest.importorskip("openpyxl")
    out = tmp_path / "site"
    assert main(["site", str(SWISS), "-o", str(out), "--category", "rating<1500"]) == 0
    capsys.readouterr()
    rows = list(openpyxl.load_workbook(out / "downloads" / "standings.xlsx").worksheets[0].iter_rows(values_only=True))
    assert rows[0][-1] == "rank rating<1500"
    expected = list(csv.reader(io.StringIO(command(capsys, "standings", str(SWISS), "-f", "csv", "--category",
                                                   "rating<1500"))))
    assert [str(r[-1] or "") for r in rows[1:]] == [r[-1] for r in expected[1:]]


@pytest.mark.parametrize("path", [SWISS, TEAMS], ids=["individual", "team"])
def test_the_command_dates_its_page_by_the_file_as_the_website_does(tmp_path, capsys, path):
    """``tiebreak standings --format html`` (the page the PDF prints) says the date the results last changed, as the
    website's download does, in every language: a second run on another day writes the same page."""
    event = tmp_path / path.name
    event.write_bytes(path.read_bytes())
    os.utime(event, (1_700_000_000, 1_700_000_000))  # 2023-11-14
    for lang, word in (("en", EVENT_DAY[path]), ("ru", EVENT_DAY[path]), ("uk", EVENT_DAY[path])):
        assert main(["standings", str(event), "--format", "html", "--lang", lang]) == 0
        assert word in capsys.readouterr().out, lang
