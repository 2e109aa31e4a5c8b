"""The event's website in Chromium (issue 25), opened from disk (file://, no server): at 390 px and 1280 px no page
scrolls sideways and the rank, name and points of the standings stay in view; the search box finds a player by name
and by number; axe-core (``axe-playwright-python``) finds no serious or critical violation on any page type.  A
small event keeps it quick: the 6-player round robin of the corpus with its last round made pending (odds page); the
team event's site is built once for the tests that look at it."""

from __future__ import annotations

import re

import built
import pytest
from sources import CORPUS

pytest.importorskip("jinja2")

from tiebreak.cli import main  # noqa: E402

ROUND_ROBIN = CORPUS / "hobsons-bay-vega" / "2026westernmajoropen" / "tournament.trf"
TEAMS = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"
PAGES = ["index.html", "players.html", "standings.html", "standings-1.html", "round-1.html", "round-5.html",
         "crosstable.html", "player-1.html", "odds.html"]


def pending_last_round(text: str) -> str:
    """The TRF with the results of round 5 blanked: paired games not yet played."""
    lines = []
    for line in text.splitlines():
        if line.startswith("001") and len(line) > 138 and line[131:135].strip().isdigit():
            line = line[:138] + " " + line[139:]  # round 5's block is columns 132-141, its result column 139
        lines.append(line)
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("browser")
    trf = folder / "event.trf"
    trf.write_text(pending_last_round(ROUND_ROBIN.read_text(encoding="utf-8")), encoding="utf-8")
    out = folder / "site"
    assert main(["site", str(trf), "-o", str(out), "--seed", "3"]) == 0
    return out


@pytest.fixture(scope="module")
def teams(tmp_path_factory):
    """The team event's site (built once for the module: the tests only read it)."""
    return built.site(tmp_path_factory.mktemp("browser-teams") / "site", TEAMS, "--seed", "1")


def test_the_last_round_is_pending_and_has_its_odds(site):
    assert (site / "en" / "odds.html").is_file()
    assert "not yet played" in (site / "en" / "round-5.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("width", [390, 1280])
def test_no_page_scrolls_sideways_and_rank_name_points_stay_in_view(browser, site, width):
    page = browser.new_page(viewport={"width": width, "height": 800})
    for name in PAGES:
        page.goto((site / "en" / name).as_uri())
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
    for name in ("standings.html", "crosstable.html", "standings-1.html"):
        page.goto((site / "ru" / name).as_uri())
        table = page.locator("table.sticky")
        table.evaluate("t => t.parentElement.scrollLeft = 10000")  # scrolled to the last tie-break
        for cls in ("rank", "name", "pts"):
            box = table.locator(f"tbody tr:first-child .{cls}").bounding_box()
            assert box and 0 <= box["x"] and box["x"] + box["width"] <= width, (name, cls, box)
    page.close()


def test_search_finds_a_player_by_name_and_by_number(browser, site):
    page = browser.new_page(viewport={"width": 390, "height": 800})
    page.goto((site / "uk" / "standings.html").as_uri())
    first = page.locator("#standings tbody tr:first-child .name a")
    name, href = first.inner_text(), first.get_attribute("href")
    page.fill("#q", name[:5].lower())
    answer = page.locator("#search-answers a").first
    assert name in answer.inner_text()
    page.fill("#q", href.removeprefix("player-").removesuffix(".html"))
    page.locator("#q").press("Enter")
    page.wait_for_url("**/uk/" + href)
    assert page.locator("h1").inner_text() == name
    page.close()


def test_the_pages_read_without_javascript(browser, site):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 800})
    page = context.new_page()
    page.goto((site / "en" / "standings.html").as_uri())
    assert page.locator("#standings tbody tr").count() == 6
    context.close()


def test_axe_finds_no_serious_or_critical_violation(browser, site):
    """Every page type of an individual event.  (The team event's page types, the same Friendship Cup, are looked at
    by axe in tests/test_site_real_browser.py, its last round in play: once is enough for the same pages.)"""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
    page = browser.new_page(viewport={"width": 390, "height": 800})
    targets = [site / "en" / n for n in PAGES] + [site / "uk" / "player-2.html"]
    found = []
    for path in targets:
        page.goto(path.as_uri())
        results = axe.run(page)
        found += [(path.name, v["id"], v["impact"]) for v in results.response["violations"]
                  if v["impact"] in ("serious", "critical")]
    page.close()
    assert not found


#: each sticky heading of a table: its text, the lines it takes, and whether its text is wider than its cell
_HEADS = """(t) => ['.rank', '.name', '.pts'].map((s) => {
  const th = t.tHead.rows[0].querySelector(s), r = document.createRange();
  r.selectNodeContents(th);
  const lines = new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size;
  return [th.textContent.trim(), lines, th.scrollWidth <= th.clientWidth];
})"""


@pytest.mark.parametrize("lang,words", [("ru", ["Место", "Очки"]), ("uk", ["Місце", "Очки"])])
def test_the_sticky_headings_are_whole_words_on_a_phone(browser, site, lang, words):
    """«Место»/«Місце» and «Очки» (docs/glossary.md: one word each) are printed whole at 390 px on the standings and
    the crosstable: one line each, not clipped («Мест») nor spilling over the next column."""
    page = browser.new_page(viewport={"width": 390, "height": 800})
    for name in ("standings.html", "crosstable.html"):
        page.goto((site / lang / name).as_uri())
        heads = page.locator("table.sticky").first.evaluate(_HEADS)
        assert [heads[0][0], heads[2][0]] == words, (name, heads)
        assert all(lines == 1 and fits for _, lines, fits in heads), (name, heads)
    page.close()


def test_the_menu_names_the_crosstable_by_the_glossary(site):
    """docs/glossary.md: a crosstable is «таблица результатов» / «таблиця результатів», the standings «турнирная
    таблица» / «турнірна таблиця»: the menu's two links read differently."""
    for lang, standings, crosstable in (("ru", "Турнирная таблица", "Таблица результатов"),
                                        ("uk", "Турнірна таблиця", "Таблиця результатів")):
        html = (site / lang / "standings.html").read_text(encoding="utf-8")
        menu = re.search(r'<nav class="menu".*?</nav>', html, re.S)
        assert menu
        links = dict(re.findall(r'<a href="([a-z0-9-]+\.html)"[^>]*>([^<]+)</a>', menu.group(0)))
        assert (links["standings.html"], links["crosstable.html"]) == (standings, crosstable)


def test_the_board_rankings_headings_fit_on_a_phone(browser, teams):
    """The board rankings' sticky third column is a percentage: its heading is «%» (the word in its title), whole in
    its cell at 390 px; «Percentage»/«Процент» ran over the team's heading beside it."""
    page = browser.new_page(viewport={"width": 390, "height": 800})
    for lang in ("en", "ru", "uk"):
        page.goto((teams / lang / "boards.html").as_uri())
        heads = page.locator("table.sticky").first.evaluate(_HEADS)
        assert heads[2][0] == "%" and all(lines == 1 and fits for _, lines, fits in heads), (lang, heads)
    page.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_text_for_screen_readers_only_has_one_class_and_is_not_seen(browser, teams, width):
    """A team board's colour is a square seen and a word read ("White: "), the card's chart has its words: both are
    the one class ``visually-hidden`` (the style sheets had ``.vh`` too), a box of one pixel in Chromium."""
    css = (teams / "assets" / "site.css").read_text(encoding="utf-8")
    assert re.findall(r"([^}\n]+)\{[^}]*clip:rect", css) == [".visually-hidden"]
    page = browser.new_page(viewport={"width": width, "height": 800})
    for name, selector, said in (("round-1.html", "td.marked .visually-hidden", ("White: ", "Black: ")),
                                 ("player-1.html", "#places-text", None)):
        page.goto((teams / "en" / name).as_uri())
        words = page.locator(selector)
        assert words.count() >= 1, name
        box = words.first.bounding_box()
        assert box and box["width"] <= 1 and box["height"] <= 1, name
        if said:
            assert words.first.text_content() in said
    page.close()
