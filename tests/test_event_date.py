"""Every download is dated by the event's own date (its last day as the file gives it), never by the clock nor by the
file's time: a copy made today prints the same bytes as the original, on the command line and through the API."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tiebreak.cli import main

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "hobsons-bay-cup-2025.trf"


def _dates(html: str) -> list[str]:
    """The dates of the page boxes (the download's style sheet: ``@top-right{content:"…"}``)."""
    return re.findall(r'@top-right\{content:"(\d{4}-\d\d-\d\d)"', html)


def _last_day() -> str:
    """The event's last day from the file itself (record 052, the end date, read by hand: DD/MM/YYYY, after its start
    10/06/2025 of record 042)."""
    line = next(x for x in EXAMPLE.read_text(encoding="utf-8").splitlines() if x.startswith("052"))
    day, month, year = line[4:].strip().split("/")
    return f"{year}-{month}-{day}"


@pytest.mark.parametrize("command", [["standings", "--format", "html"], ["ratings", "--format", "html"],
                                     ["odds", "--format", "html", "--simulations", "50", "--after-round", "6"]])
def test_a_download_is_dated_by_the_event_whatever_the_files_time(tmp_path, capsys, command):
    pages = []
    for seconds in (1_000_000_000, 1_749_513_600):  # 2001 and 2025: the file's time does not count
        copy = tmp_path / "cup.trf"
        copy.write_bytes(EXAMPLE.read_bytes())
        os.utime(copy, (seconds, seconds))
        out = tmp_path / f"page-{seconds}.html"
        assert main([command[0], str(copy), *command[1:], "-o", str(out)]) == 0
        pages.append(out.read_text(encoding="utf-8"))
    capsys.readouterr()
    assert pages[0] == pages[1] and _dates(pages[0]) == [_last_day()]


def test_an_upload_is_dated_by_the_event(tmp_path):
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient

    from tiebreak.web.app import create_app

    r = TestClient(create_app()).post("/api/standings", data={"format": "html"},
                                      files={"file": ("cup.trf", EXAMPLE.read_bytes())})
    assert r.status_code == 200 and _dates(r.text) == [_last_day()]


def test_the_pdf_is_dated_by_the_event(tmp_path, capsys):
    import shutil

    from tiebreak.render.pdf import browser

    try:
        browser()
    except Exception as e:  # noqa: BLE001  a bare machine without Chromium
        if shutil.which("chromium") is None:
            pytest.skip(f"needs Chromium: {e}")
        raise
    prints = []
    for seconds in (1_000_000_000, 1_749_513_600):
        copy = tmp_path / "cup.trf"
        copy.write_bytes(EXAMPLE.read_bytes())
        os.utime(copy, (seconds, seconds))
        assert main(["standings", str(copy), "--format", "pdf", "-o", str(tmp_path / f"{seconds}.pdf")]) == 0
        prints.append((tmp_path / f"{seconds}.pdf").read_bytes())
    capsys.readouterr()
    day = _last_day().replace("-", "")
    assert prints[0] == prints[1] and f"/CreationDate (D:{day}000000+00'00')".encode() in prints[0]
