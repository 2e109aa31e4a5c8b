"""The websites of three real events (tests/test_site_real.py) in Chromium, opened from disk, one browser session:
an individual Swiss with its last round in play (the card's next game, the odds page), a round robin, and a team
Swiss with its last round in play (the matches board by board, the team card, the board rankings, the teams'
odds).  On a sample page of every page TYPE of each event, at 390 px and 1280 px: no page scrolls sideways; on the
tables that scroll (standings, crosstable, board rankings) the rank, the name and the points stay in view on a phone,
for teams too; axe-core finds no serious or critical violation; a standings page and a card print to PDF (A4) with
nothing cut off at the right edge, looked at as pictures (``pdftoppm``)."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from sources import needs
from test_site_real import LANGS, ROUND_ROBIN, SEED, SWISS, TEAMS, blank_round

pytest.importorskip("jinja2")

from tiebreak.cli import main  # noqa: E402

#: a sample page of every page type of each event (language folder, page)
TYPES = {
    "swiss": ["index.html", "players.html", "standings.html", "standings-3.html", "round-2.html", "round-7.html",
              "crosstable.html", "player-5.html", "odds.html"],
    "rr": ["index.html", "standings.html", "round-1.html", "crosstable.html", "player-1.html"],
    "teams": ["index.html", "players.html", "standings.html", "standings-1.html", "round-4.html", "round-7.html",
              "crosstable.html", "boards.html", "team-1.html", "player-15.html", "odds.html"],
}
#: the tables whose first columns stay in view while the rest scrolls
STICKY = {"swiss": ["standings.html", "crosstable.html"], "rr": ["crosstable.html"],
          "teams": ["standings.html", "crosstable.html", "boards.html"]}

pytestmark = needs(SWISS, ROUND_ROBIN, TEAMS)


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    folder = tmp_path_factory.mktemp("real-browser")
    out = {}
    for name, trf in (("swiss", blank_round(SWISS, 7, folder)), ("rr", ROUND_ROBIN),
                      ("teams", blank_round(TEAMS, 7, folder))):
        out[name] = folder / name
        assert main(["site", str(trf), "-o", str(out[name]), "--seed", SEED]) == 0
    return out


@pytest.mark.parametrize("width", [390, 1280])
def test_no_page_type_scrolls_sideways(browser, sites, width):
    page = browser.new_page(viewport={"width": width, "height": 800})
    wide = []
    for event, names in TYPES.items():
        for lang, name in [("en", n) for n in names] + [("ru", names[2]), ("uk", names[-1])]:
            page.goto((sites[event] / lang / name).as_uri())
            if not page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"):
                wide.append((event, lang, name))
    page.close()
    assert not wide


def test_rank_name_and_points_stay_in_view_on_a_phone(browser, sites):
    page = browser.new_page(viewport={"width": 390, "height": 800})
    hidden = []
    for event, names in STICKY.items():
        for lang in ("en", "ru"):
            for name in names:
                page.goto((sites[event] / lang / name).as_uri())
                table = page.locator("table.sticky").first
                table.evaluate("t => t.parentElement.scrollLeft = 10000")  # scrolled to the last column
                for cls in ("rank", "name", "pts"):
                    box = table.locator(f"tbody tr:first-child .{cls}").bounding_box()
                    text = table.locator(f"tbody tr:first-child .{cls}").inner_text().strip()
                    if not (box and 0 <= box["x"] and box["x"] + box["width"] <= 390 and text):
                        hidden.append((event, lang, name, cls, box))
    page.close()
    assert not hidden


def test_axe_finds_no_serious_or_critical_violation(browser, sites):
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
    page = browser.new_page(viewport={"width": 390, "height": 800})
    found = []
    for event, names in TYPES.items():
        for lang, name in [("en", n) for n in names] + [("uk", names[2])]:
            page.goto((sites[event] / lang / name).as_uri())
            found += [(event, lang, name, v["id"], v["impact"]) for v in axe.run(page).response["violations"]
                      if v["impact"] in ("serious", "critical")]
    page.close()
    assert not found


def grey(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and pixels (one byte each, 255 white) of a binary PGM picture (``pdftoppm -gray``)."""
    fields = data.split(maxsplit=4)
    assert fields[0] == b"P5" and fields[3] == b"255"
    return int(fields[1]), int(fields[2]), fields[4]


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="needs pdftoppm (Debian: poppler-utils)")
def test_a_standings_page_and_a_card_print_whole(browser, sites, tmp_path):
    """Printed (A4, print style: no menus), nothing is wider than the page, and in the pictures of the pages the
    strip along the right edge is blank: no table or word runs off the paper."""
    page = browser.new_page()
    page.emulate_media(media="print")
    cut = []
    for event, name in (("swiss", "standings.html"), ("swiss", "player-5.html"), ("teams", "standings.html"),
                        ("teams", "team-3.html"), ("teams", "boards.html")):
        page.goto((sites[event] / "ru" / name).as_uri())
        pdf = tmp_path / f"{event}-{name}.pdf"
        page.pdf(path=str(pdf), format="A4", margin={"top": "10mm", "bottom": "10mm", "left": "10mm",
                                                      "right": "10mm"})
        stem = tmp_path / f"{event}-{name}"
        subprocess.run(["pdftoppm", "-r", "40", "-gray", str(pdf), str(stem)], check=True, timeout=60)
        pictures = sorted(tmp_path.glob(f"{event}-{name}*.pgm"))
        assert pictures
        for picture in pictures:
            w, h, pixels = grey(picture.read_bytes())
            strip = [pixels[y * w + x] for y in range(h) for x in range(w - int(w * 0.045), w)]
            if min(strip) < 200:  # something drawn inside the 10 mm margin on the right: a line ran off
                cut.append((event, name, picture.name))
    page.close()
    assert not cut


def test_a_players_game_is_in_view_on_a_phone(browser, sites):
    """At 390 px without scrolling the table: on a player's card, the round, the opponent and the result of each
    game (the next game's "not yet played" too); on a team's card, the round, the opponent team and the match
    points; on a round's page, the board, White (or the first team's player) and the result."""
    page = browser.new_page(viewport={"width": 390, "height": 800})
    hidden = []
    for event, card, rnd in (("swiss", "player-5.html", "round-7.html"), ("teams", "player-15.html", "round-7.html"),
                             ("teams", "team-3.html", "round-4.html"), ("rr", "player-1.html", "round-1.html")):
        for lang in LANGS:
            for name in (card, rnd):
                page.goto((sites[event] / lang / name).as_uri())
                row = page.locator("main table").first.locator("tbody tr").last
                # the first three cells; on an individual round's page the board, White and the result (the number
                # and rating columns are hidden on a phone: said under the name)
                cells = ([":scope > :nth-child(1)", ":scope > .name >> nth=0", ":scope > .res"] if
                         rnd == name and event != "teams" else [f":scope > :nth-child({n})" for n in (1, 2, 3)])
                for n in cells:
                    box = row.locator(n).bounding_box()
                    if not (box and box["x"] + box["width"] <= 390):
                        hidden.append((event, lang, name, n, box))
    page.close()
    assert not hidden


def test_search_finds_players_of_the_team_event(browser, sites):
    """The search box (no server) finds a player of the team event by part of the name and by number, in each
    language, and the number with Enter opens the card in the same language."""
    page = browser.new_page(viewport={"width": 390, "height": 800})
    for lang, sno, name in (("en", 13, "Lirindzakis,Timotheos"), ("ru", 59, "Emmanouilidis,Konstantinos"),
                            ("uk", 122, None)):
        page.goto((sites["teams"] / lang / "standings.html").as_uri())
        if name:
            page.fill("#q", name.split(",")[0][2:7].lower())
            assert name in page.locator("#search-answers").inner_text(), lang
        page.fill("#q", str(sno))
        page.locator("#q").press("Enter")
        page.wait_for_url(f"**/{lang}/player-{sno}.html")
    page.close()
