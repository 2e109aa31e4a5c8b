"""The series on the event's website (issue 39): ``tiebreak site FEB APR -o DIR --series POINTS`` adds the series
standings page (``series/<lang>/index.html``) beside the events' pages: each event's contribution linked to the
player's card in that event, the events in its menu, the page linked from the site's root.

The series is the one of tests/test_series.py — two blitz events of the Hobsons Bay Chess Club, Vega's list, points
10-8-6-5-4-3-2-1 — whose table is computed there by hand from the events' published standings; the page is read
back with Beautiful Soup (an HTML parser that is not ours)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sources import needs
from test_series import APRIL, BY_HAND, FEBRUARY, POINTS
from test_site_watch import flip

pytest.importorskip("jinja2")
bs4 = pytest.importorskip("bs4")

from tiebreak.app.options import Options  # noqa: E402
from tiebreak.cli import main  # noqa: E402
from tiebreak.site import watch  # noqa: E402
from tiebreak.site.build import build_site  # noqa: E402
from tiebreak.site.series import SeriesOptions  # noqa: E402

LIST = "PTS,BH,BH/C1,SB"


def _table(page: Path) -> list[list[str]]:
    soup = bs4.BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
    return [[" ".join(c.get_text().split()) for c in tr.find_all(["th", "td"])] for tr in soup.select("table#series tbody tr")]


@needs(FEBRUARY, APRIL)
def test_the_series_page_of_a_site(tmp_path, capsys):
    out = tmp_path / "site"
    assert main(["site", str(FEBRUARY), str(APRIL), "-o", str(out), "--series", POINTS, "-t", LIST]) == 0
    capsys.readouterr()
    rows = _table(out / "series" / "en" / "index.html")
    # rank, name, February (points and place), April, total, best, events: as computed by hand in test_series
    for row, (name, feb, apr, total, best, events) in zip(rows, BY_HAND, strict=False):
        assert row[1] == name
        # each event's cell: its series points, then the place (a small figure after a space)
        assert [None if c == "-" else c.split()[0] for c in row[2:4]] == [None if x is None else str(x) for x in (feb, apr)]
        assert row[4:7] == [str(total), str(best), str(events)]
    assert [r[0] for r in rows[:9]] == [str(k) for k in range(1, 10)]
    # each result links to the player's card in that event, and the card is that player's
    soup = bs4.BeautifulSoup((out / "series" / "en" / "index.html").read_text(encoding="utf-8"), "html.parser")
    first = soup.select_one("table#series tbody tr")
    links = [a["href"] for a in first.find_all("a")]
    assert len(links) == 2
    for href in links:
        card = (out / "series" / "en" / href).resolve()
        assert card.is_file() and "Hogg" in card.read_text(encoding="utf-8")
    # the events in the menu, the series on the site's root page
    menu = [a["href"] for a in soup.select("nav.menu a")]
    assert menu[0] == "index.html" and all((out / "series" / "en" / h).resolve().is_file() for h in menu)
    assert 'href="series/en/index.html"' in (out / "index.html").read_text(encoding="utf-8")
    # the other languages
    for lang, title in (("ru", "Таблица серии"), ("uk", "Таблиця серії")):
        text = (out / "series" / lang / "index.html").read_text(encoding="utf-8")
        assert f"<h1>{title}</h1>" in text and "Series standings" not in text


@needs(FEBRUARY, APRIL)
def test_a_watched_series_follows_its_events(tmp_path):
    """A result of April turned round in the watched file: the series page is the one a new build writes."""
    folder = tmp_path / "events"
    folder.mkdir()
    feb, apr = folder / "feb.trf", folder / "apr.trf"
    shutil.copy(FEBRUARY, feb)
    shutil.copy(APRIL, apr)
    series = SeriesOptions(POINTS)
    o = Options(tiebreaks=LIST)
    site = build_site(o, [str(feb), str(apr)], str(tmp_path / "site"), [], series)
    before = (tmp_path / "site" / "series" / "en" / "index.html").read_bytes()
    apr.write_text(flip(apr.read_text(encoding="utf-8"), 1, 9), encoding="utf-8")
    watch.update(site, str(apr), [])
    after = (tmp_path / "site" / "series" / "en" / "index.html").read_bytes()
    build_site(o, [str(feb), str(apr)], str(tmp_path / "fresh"), [], series)
    assert after != before and after == (tmp_path / "fresh" / "series" / "en" / "index.html").read_bytes()


def test_series_options_are_checked_before_a_build(tmp_path, capsys):
    example = str(Path(__file__).resolve().parents[1] / "examples" / "hobsons-bay-cup-2025.trf")
    assert main(["site", example, "-o", str(tmp_path / "a"), "--series-best", "2"]) != 0
    assert "--series-best needs --series" in capsys.readouterr().err
    assert main(["site", example, "-o", str(tmp_path / "b"), "--series", "places:1"]) != 0
    assert "give place:25,18,15... or score" in capsys.readouterr().err
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


@needs(FEBRUARY, APRIL)
@pytest.mark.parametrize("width", [390, 1280])
def test_the_series_page_on_a_phone_and_a_wide_screen(browser, tmp_path, width, capsys):
    """The page does not scroll sideways (its table scrolls in its box, rank and name in view), and axe-core finds
    no serious or critical violation on it."""
    out = tmp_path / "site"
    assert main(["site", str(FEBRUARY), str(APRIL), "-o", str(out), "--series", POINTS, "-t", LIST]) == 0
    capsys.readouterr()
    page = browser.new_page(viewport={"width": width, "height": 800})
    page.goto((out / "series" / "uk" / "index.html").as_uri())
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    table = page.locator("table#series")
    table.evaluate("t => t.parentElement.scrollLeft = 10000")
    for cls in ("rank", "name"):
        box = table.locator(f"tbody tr:first-child .{cls}").bounding_box()
        assert box and 0 <= box["x"] and box["x"] + box["width"] <= width, (cls, box)
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
    found = [(v["id"], v["impact"]) for v in axe.run(page).response["violations"]
             if v["impact"] in ("serious", "critical")]
    page.close()
    assert not found
