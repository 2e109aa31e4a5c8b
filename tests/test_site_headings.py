"""A page of the website says its name once: the home page's title is the event's name (not "Cup — Cup"), and a
table whose caption repeats the page's heading keeps the caption for screen readers only (a reader sees one
heading; the table is still named)."""

from __future__ import annotations

import pytest
from sources import ROOT

pytest.importorskip("jinja2")
bs4 = pytest.importorskip("bs4")

from tiebreak.cli import main  # noqa: E402

EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
NAME = next(x[4:].strip() for x in EXAMPLE.read_text().splitlines() if x.startswith("012 "))


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    assert main(["site", str(EXAMPLE), "-o", str(out)]) == 0
    return out


def _page(site, lang, name):
    return bs4.BeautifulSoup((site / lang / name).read_text(encoding="utf-8"), "html.parser")


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_home_page_is_titled_by_the_event_once(site, lang):
    title = _page(site, lang, "index.html").title.get_text()
    assert title.replace("\u2068", "").replace("\u2069", "") == NAME


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
@pytest.mark.parametrize("name", ["standings.html", "crosstable.html", "round-7.html"])
def test_a_caption_that_repeats_the_heading_is_for_screen_readers(site, lang, name):
    page = _page(site, lang, name)
    heading = page.h1.get_text()
    captions = [c for c in page.find_all("caption") if c.get_text() == heading]
    assert captions, (name, heading)  # the table is named by its caption...
    assert all("visually-hidden" in c.get("class", []) for c in captions)  # ...shown once, as the heading
    shown = [c for c in page.find_all("caption") if c.get_text() != heading]
    assert all("visually-hidden" not in c.get("class", []) for c in shown)
