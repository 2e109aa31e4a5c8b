"""The website's round two in Chromium (issue 37), opened from disk: the search finds a player by the parts of the
name in any order, whatever their case, accents and punctuation; the card's chart, the statistics page and the odds
bars are drawn inside the page at 390 and 1280 px without the page scrolling sideways; a card's game headings
(«Федерация», «Очки соперника») each stay inside their own cell, of an individual and a team event's player; with
the organiser's logo and colour the header shows them; axe-core finds no serious or critical violation on these
pages."""

from __future__ import annotations

from pathlib import Path

import pytest
from sources import CORPUS, ROOT
from test_site_card import SVG, pending

pytest.importorskip("jinja2")

from tiebreak.cli import main  # noqa: E402

SWISS = ROOT / "examples" / "hobsons-bay-cup-2025.trf"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("look")
    logo = folder / "logo.svg"
    logo.write_bytes(SVG)
    out = folder / "site"
    assert main(["site", str(pending(folder)), "-o", str(out), "--seed", "7", "--logo", str(logo),
                 "--accent", "#c8102e"]) == 0
    return out


@pytest.mark.parametrize("query", ["Nguyen Anh", "anh nguyen", "NGUYỄN, anh", "kiet nguy", "Nguyen,Anh Kiet"])
def test_search_finds_a_name_by_its_parts_in_any_order(browser, site, query):
    """No. 7 of the bundled event is "Nguyen,Anh Kiet" (his TRF line)."""
    page = browser.new_page(viewport={"width": 390, "height": 800})
    page.goto((site / "en" / "index.html").as_uri())
    page.fill("#q", query)
    answers = page.locator("#search-answers a")
    assert answers.all_inner_texts() == ["7. Nguyen,Anh Kiet"]
    page.fill("#q", "nguyen davis")  # two names' parts: nobody
    assert page.locator("#search-answers li").all_inner_texts() == ["No player found"]
    page.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_pictures_are_drawn_in_the_page(browser, site, width):
    page = browser.new_page(viewport={"width": width, "height": 900})
    for name in ("player-2.html", "statistics.html", "odds.html"):
        page.goto((site / "uk" / name).as_uri())
        assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    page.goto((site / "en" / "player-2.html").as_uri())
    box = page.locator("figure.places svg").bounding_box()
    assert box and box["width"] > 200 and box["height"] > 60  # the chart takes its room
    dots = page.locator("figure.places .dots").bounding_box()
    assert dots and dots["x"] >= box["x"] - 8 and dots["x"] + dots["width"] <= box["x"] + box["width"] + 8
    page.goto((site / "en" / "odds.html").as_uri())
    bars = page.locator(".odds-bars svg")
    assert bars.count() >= 2 and bars.first.bounding_box()["width"] > 100
    logo = page.locator("header.site img.logo").bounding_box()
    assert logo and 20 <= logo["height"] <= 48
    colour = page.evaluate("getComputedStyle(document.querySelector('header.site')).backgroundColor")
    assert colour == "rgb(200, 16, 46)"
    page.goto((site / "en" / "round-2.html").as_uri())  # the round selector's own round: the accent too, white on it
    current = page.locator("nav.round-nav a[aria-current]")
    assert current.inner_text() == "2"
    assert current.evaluate("a => [getComputedStyle(a).backgroundColor, getComputedStyle(a).color]") == \
        ["rgb(200, 16, 46)", "rgb(255, 255, 255)"]
    page.close()


@pytest.fixture(scope="module")
def team_site(tmp_path_factory):
    """The 2024 Friendship Cup (15 teams of six boards; bundled), its players' cards."""
    out = tmp_path_factory.mktemp("team") / "site"
    assert main(["site", str(CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"), "-o", str(out)]) == 0
    return out


#: the text of each cell of the card's games table that runs out of its cell (its padding box), sideways
OUTSIDE = """() => [...document.querySelectorAll('#games th, #games td')].filter(c => {
  const r = document.createRange(); r.selectNodeContents(c);
  const text = r.getBoundingClientRect(), cell = c.getBoundingClientRect(), style = getComputedStyle(c);
  return text.width > 0 && (text.left < cell.left + parseFloat(style.paddingLeft) - 1
                            || text.right > cell.right - parseFloat(style.paddingRight) + 1);
}).map(c => c.textContent.trim())"""


@pytest.mark.parametrize("width", [390, 1280])
def test_a_cards_game_headings_stay_in_their_cells(browser, site, team_site, width):
    """At 1280 px «Федерация» ran into «Очки соперника» (a cap on the headings' width narrower than the word); every
    heading now wraps between its words only, in each language, on an individual and a team event's card."""
    page = browser.new_page(viewport={"width": width, "height": 900})
    for folder, card in ((site, "player-2.html"), (team_site, "player-1.html")):
        for lang in ("en", "ru", "uk"):
            page.goto((folder / lang / card).as_uri())
            assert page.locator("#games thead th").count() >= 10, (lang, card)  # federation and opponent's points
            assert page.evaluate(OUTSIDE) == [], (folder.parent.name, lang, width)
            assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.close()


def test_axe_finds_no_serious_or_critical_violation(browser, site):
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
    page = browser.new_page(viewport={"width": 390, "height": 800})
    found = []
    for path in [site / lang / name for lang in ("en", "ru") for name in
                 ("player-2.html", "statistics.html", "odds.html", "index.html", "standings.html")]:
        page.goto(Path(path).as_uri())
        results = axe.run(page)
        found += [(path.name, v["id"], v["impact"]) for v in results.response["violations"]
                  if v["impact"] in ("serious", "critical")]
    page.close()
    assert not found
