"""An upload's downloads are dated as the command line dates a file: by the file's own last change, which the page
sends with it (``modified``, a browser's File.lastModified), never by the day it arrived; sent without it, they print
no date (as a file whose time cannot be read)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

from tiebreak.cli import main  # noqa: E402
from tiebreak.web.app import create_app  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "hobsons-bay-cup-2025.trf"
JUNE_10 = 1_749_513_600  # 2025-06-10 00:00:00 UTC, counted by hand: 20,249 days since 1970-01-01 x 86,400 s


def _printed(html: str) -> list[str]:
    return re.findall(r"printed (\d{4}-\d\d-\d\d)", html)


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app())


@pytest.mark.parametrize("path, fields", [("/api/standings", {"format": "html"}),
                                          ("/api/odds", {"format": "html", "simulations": "100"}),
                                          ("/api/ratings", {})])
def test_an_upload_is_dated_by_the_time_the_page_sends_as_the_command_line_dates_the_file(client, tmp_path, capsys,
                                                                                       path, fields):
    r = client.post(path, data={**fields, "modified": str(JUNE_10 * 1000 + 999)}, headers={"Accept": "text/html"},
                    files={"file": ("cup.trf", EXAMPLE.read_bytes())})  # the page's ratings are asked as HTML
    assert r.status_code == 200 and set(_printed(r.text)) == {"2025-06-10"}
    copy = tmp_path / "cup.trf"
    copy.write_bytes(EXAMPLE.read_bytes())
    os.utime(copy, (JUNE_10, JUNE_10))
    assert main(["standings", str(copy), "--format", "html", "-o", str(tmp_path / "cup.html")]) == 0
    capsys.readouterr()
    assert _printed((tmp_path / "cup.html").read_text(encoding="utf-8")) == ["2025-06-10"]


def test_an_upload_without_its_time_prints_no_date(client):
    r = client.post("/api/standings", data={"format": "html"}, files={"file": ("cup.trf", EXAMPLE.read_bytes())})
    assert r.status_code == 200 and _printed(r.text) == []


def test_a_time_out_of_bounds_is_refused_naming_the_field(client):
    r = client.post("/api/standings", data={"modified": "-1"}, files={"file": ("cup.trf", EXAMPLE.read_bytes())})
    assert r.status_code == 400 and r.json()["field"] == "modified"
