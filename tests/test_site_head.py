"""What a browser and a search engine read in a site page's head (issue 40): an icon inside the page (no request for
/favicon.ico, so no 404 in the console, from disk or from a server) and a description in the page's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sources import ROOT

pytest.importorskip("jinja2")

from tiebreak.cli import main  # noqa: E402

EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("head") / "site"
    assert main(["site", str(EXAMPLE), "-o", str(out)]) == 0
    return out


def test_every_page_has_an_icon_of_its_own_and_a_description(site):
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 100
    for page in pages:
        head = page.read_text(encoding="utf-8").split("</head>", 1)[0]
        assert re.search(r'<link rel="icon" href="data:image/svg\+xml,', head), page
        if page.parent != site:  # the pages of a language (the folder's index only sends the browser on)
            description = re.search(r'<meta name="description" content="([^"]+)">', head).group(1)
            assert "2025 Hobsons Bay Cup" in description, page
    ru = (site / "ru" / "standings.html").read_text(encoding="utf-8")
    assert "турнирная таблица" in re.search(r'name="description" content="([^"]+)"', ru).group(1)


def test_a_page_opened_from_disk_asks_for_nothing_that_is_missing(browser, site):
    """Chromium requests /favicon.ico by itself when a page names no icon: every request the page makes must be
    answered (file:// answers none for a missing file)."""
    page = browser.new_page()
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.on("console", lambda m: failed.append(m.text) if m.type == "error" else None)
    for name in ("en/index.html", "en/standings.html", "ru/player-1.html"):
        page.goto((site / name).as_uri())
        page.wait_for_load_state("load")
    page.close()
    assert failed == []
