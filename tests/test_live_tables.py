"""The live screen's tables are the server's, from the one set of templates (issue 25: "the same page templates serve
the live server, the site and the HTML downloads"): the page ``/live`` read without a script shows the standings
``tiebreak standings`` prints for the file; a result changed in the watched file reaches ``/live/tables``; the tables
of a version and language are made once, whatever the number of viewers; in Russian and Ukrainian they have no
English word; in Chromium at 390 px rank, name and points stay in view, the page does not scroll sideways, and
axe-core finds no serious or critical violation."""

from __future__ import annotations

import asyncio
import json
import re
import shutil
from html import unescape
from pathlib import Path

import pytest
from sources import CORPUS, ROOT

pytest.importorskip("jinja2")
pytest.importorskip("watchfiles")
pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402
from test_site import Tables  # noqa: E402

from tiebreak.cli import main  # noqa: E402
from tiebreak.live.watch import LiveHub  # noqa: E402
from tiebreak.web.live import live_app  # noqa: E402

EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
#: round 7, board 1: No. 3 Krishnan (White) beat No. 7 Nguyen; the lines end with that round
KRISHNAN, NGUYEN = "     7 w 1", "     3 b 0"


def _served(folder: Path, text: str, name: str = "Open.trf") -> tuple[LiveHub, TestClient]:
    """A live server watching ``folder`` (made if needed; only the event's file in it: the server reads every file
    of its folder) with the event ``text`` in it as ``name``."""
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    hub = LiveHub(folder, database="none")
    return hub, TestClient(live_app(hub))


def _tables(html: str) -> dict[str, list[list[dict[str, str]]]]:
    parser = Tables()
    parser.feed(html)
    return parser.tables


def _legend(html: str, items: str) -> list[str]:
    """The lines of a crosstable's legend (the CSS selector ``items`` of its list items)."""
    bs4 = pytest.importorskip("bs4")
    return [li.get_text() for li in bs4.BeautifulSoup(html, "html.parser").select(items)]


def _forfeited(text: str) -> str:
    """Round 7, board 1 turned into a forfeit: No. 7 wins it (No. 3 did not come)."""
    lines = []
    for line in text.split("\n"):
        if line.rstrip().endswith(KRISHNAN) and "Krishnan" in line:
            line = line.rstrip()[:-1] + "-"
        elif line.rstrip().endswith(NGUYEN) and "Nguyen" in line:
            line = line.rstrip()[:-1] + "+"
        lines.append(line)
    return "\n".join(lines)


def test_the_page_without_a_script_shows_the_standings_of_the_command_line(tmp_path, capsys):
    _, client = _served(tmp_path, EXAMPLE.read_text(encoding="utf-8"))
    page = client.get("/live")
    assert page.status_code == 200
    rows = _tables(page.text)["standings"]
    heads, body = rows[0], rows[1:]
    # the live standings draw the ties left by the event's own lot, as the command line does (issue 33)
    assert main(["standings", str(EXAMPLE), "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert len(body) == len(doc["standings"]) == 32
    codes = [c for c in doc["tiebreaks"] if c != "PTS"]
    # the command line's columns in its order (rank, number, title, name, federation, rating, points, the
    # tie-breaks), then the live screen's own: the mark and the arrow
    assert [h["text"] for h in heads] == ["Place", "No", "Tit", "Name", "Fed", "Rtg", "Pts", *codes, "✓", "▲▼"]
    for cells, row in zip(body, doc["standings"]):
        rank, number, title, name, fed, rating, points = (c["text"] for c in cells[:7])
        assert rank == row["place"] + ("*" if row["lot"] is not None else "")  # the text's place, its lot's mark
        assert name == row["name"] and number == str(row["start_no"])
        assert float(points) == row["points"] and cells[3]["data"] == str(row["start_no"])
        assert [title, fed, rating] == [row["title"] or "", row["federation"] or "", str(row["rating"] or "")]
        assert [float(c["text"]) for c in cells[7:-2]] == [float(row["values"][c]) for c in codes]
        assert cells[-2]["text"] == "✓"  # every game played: every place settled
    lots = sum(1 for r in doc["standings"] if r["lot"] is not None)  # none here (tests/test_live_lots.py: 16)
    assert sum(1 for cells in body if cells[0]["text"].endswith("*")) == lots
    legend = page.text.split('id="standings-legend"', 1)[1].split("</ul>", 1)[0]
    assert ("place decided by lot" in legend) == bool(lots)  # the legend's line of every face's standings


def test_a_changed_result_reaches_the_tables(tmp_path):
    hub, client = _served(tmp_path, EXAMPLE.read_text(encoding="utf-8"))
    before = _tables(client.get("/live/tables", params={"lang": "ru"}).text)
    board1 = [c["text"] for c in before["pairings"][1]]
    assert [board1[k] for k in (0, 1, 2, 5, 7, 9)] == ["1", "3", "Krishnan,Anirudh", "1–0", "Nguyen,Anh Kiet", "7"]
    (tmp_path / "Open.trf").write_text(_forfeited(EXAMPLE.read_text(encoding="utf-8")), encoding="utf-8")
    assert hub.events["Open.trf"].update() is not None  # what the watcher does when the file changes
    after = _tables(client.get("/live/tables", params={"lang": "ru", "version": "2"}).text)
    # a forfeit in words, never the file's code (+/-): No. 7 now has 7 points (6 + 1), No. 3 4.5 (5.5 - 1)
    board = next(r for r in after["pairings"][1:] if r[2]["text"] == "Krishnan,Anirudh")
    assert board[5]["text"] == "– + (поражение без игры)"
    points = {r[3]["text"]: r[6]["text"] for r in after["standings"][1:]}  # (rank, no, title, name, fed, rating, points)
    assert points["Nguyen,Anh Kiet"] == "7" and points["Krishnan,Anirudh"] == "4.5"
    assert after["standings"][1][3]["text"] == "Nguyen,Anh Kiet"  # alone in first place now
    # the round's cell of No. 3 in the crosstable: the opponent's place, Black/White in Russian, the forfeit's −
    cross = {r[2]["text"]: r[4:] for r in after["crosstable"][1:]}  # (place, no, name, points, rounds)
    assert cross["Krishnan,Anirudh"][-1]["text"] == "1б−"


def test_the_tables_of_a_version_and_language_are_made_once(tmp_path):
    import httpx

    hub, client = _served(tmp_path, EXAMPLE.read_text(encoding="utf-8"))
    app = client.app

    async def many() -> list[bytes]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
            answers = await asyncio.gather(*(c.get("/live/tables", params={"lang": "uk"}) for _ in range(40)),
                                           *(c.get("/live", params={"lang": "uk"}) for _ in range(10)))
        assert all(a.status_code == 200 for a in answers)
        return [a.content for a in answers]

    bodies = asyncio.run(many())
    assert len(set(bodies[:40])) == 1 and len(set(bodies[40:])) == 1  # every viewer the same bytes
    assert app.state.live_tables.renders == 1  # fifty viewers at once, one render: the page and the fragment share it
    assert client.get("/live/tables", params={"lang": "uk"}).content == bodies[0]
    client.get("/live/tables", params={"lang": "ru"})
    client.get("/live/tables", params={"lang": "ru", "arrows": "round"})
    assert app.state.live_tables.renders == 3  # another language, other arrows: once each


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_russian_and_ukrainian_tables_have_no_english_words(tmp_path, lang):
    from test_every_word import english

    text = EXAMPLE.read_text(encoding="utf-8")
    pending = "\n".join(line[:-1] + " " if line.startswith("001") and line.rstrip().endswith((KRISHNAN, NGUYEN))
                        else line for line in text.split("\n"))  # board 1 being played: the words of a game in play
    _, client = _served(tmp_path, pending)
    for body in (client.get("/live", params={"lang": lang}).text,
                 client.get("/live/tables", params={"lang": lang, "arrows": "round"}).text):
        assert "Krishnan" in body and re.search(r"\bid=\"crosstable\"", body)
        shown = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", body, flags=re.S)
        shown = unescape(re.sub(r"<[^>]+>", " ", shown))
        assert [w for w in english(shown)] == []


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from test_phone import serve_live

    folder = tmp_path_factory.mktemp("tables")
    shutil.copy(EXAMPLE, folder / "Open.trf")
    with serve_live(folder) as base:
        yield base


def test_on_a_phone_without_a_script_rank_name_points_stay_and_axe_finds_nothing_serious(chromium, server):
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
    context = chromium.new_context(java_script_enabled=False, viewport={"width": 390, "height": 800})
    page = context.new_page()
    page.goto(server + "/live?lang=uk")
    assert page.locator("#standings tbody tr").count() == 32  # the tables are in the page: no script needed
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    for table in ("#standings", "#crosstable"):
        box = page.locator(table).locator("xpath=..")
        box.scroll_into_view_if_needed()
        box.evaluate("b => b.scrollLeft = 10000")  # scrolled to the last column: rank, name, points stay
        for cls in ("rank", "name", "pts"):
            cell = page.locator(f"{table} tbody tr:first-child .{cls}").bounding_box()
            assert cell and 0 <= cell["x"] and cell["x"] + cell["width"] <= 390, (table, cls, cell)
    context.close()
    page = chromium.new_page(viewport={"width": 390, "height": 800})  # with the script, as a viewer sees it
    page.goto(server + "/live?lang=uk")
    page.wait_for_function("document.getElementById('dot').className === 'on'", timeout=10_000)
    found = [(v["id"], v["impact"]) for v in axe.run(page).response["violations"]
             if v["impact"] in ("serious", "critical")]
    assert not found
    page.close()


def test_the_crosstable_reads_as_on_the_events_website(tmp_path):
    """The same event state, the same cells: the live crosstable (English) is the website's (``tiebreak site``: the
    ties drawn by the event's own lot, as live, a lot's place marked ``*``), cell for cell: the opponent's place, the
    colour, the result; byes and forfeits as symbols named by the same legend."""
    out = tmp_path / "site"
    assert main(["site", str(EXAMPLE), "-o", str(out)]) == 0
    site = _tables((out / "en" / "crosstable.html").read_text(encoding="utf-8"))["crosstable"]
    _, client = _served(tmp_path / "live", EXAMPLE.read_text(encoding="utf-8"))  # (not the site's pages beside it)
    live = _tables(client.get("/live/tables").text)["crosstable"]
    assert [[c["text"] for c in r] for r in live] == [[c["text"] for c in r] for r in site]
    for lang, white in (("ru", "б"), ("uk", "б")):  # the colours as the reader's language writes them, on both
        site = _tables((out / lang / "crosstable.html").read_text(encoding="utf-8"))["crosstable"]
        live = _tables(client.get("/live/tables", params={"lang": lang}).text)["crosstable"]
        assert [[c["text"] for c in r] for r in live] == [[c["text"] for c in r] for r in site], lang
        assert any(c["text"][-2:-1] == white for r in site[1:] for c in r[3:]), lang
    legend = (out / "en" / "crosstable.html").read_text(encoding="utf-8")
    assert all(x in legend for x in ("+ = forfeit win", "H = half-point bye", "Z = zero-point bye"))
    assert all(x in client.get("/live/tables").text for x in ("+ = forfeit win", "H = half-point bye"))
    for lang in ("en", "ru", "uk"):  # one legend, line for line: only the symbols the table shows (no F here)
        site_legend = _legend((out / lang / "crosstable.html").read_text(encoding="utf-8"), "ul.legend li")
        live_legend = _legend(client.get("/live/tables", params={"lang": lang}).text, "#cells-legend li")
        assert live_legend == site_legend and len(site_legend) == 7, lang
    # the last round's games and byes in the same words, on the same boards (C.04.3 A.9: by the standings before
    # the round; the file keeps no board numbers)
    games = _tables((out / "en" / "round-7.html").read_text(encoding="utf-8"))
    tables = _tables(client.get("/live/tables").text)
    def texts(table: list) -> list[list[str]]:
        return [[c["text"] for c in r] for r in table]

    # every column of the website's round page: board, numbers, titles and names, ratings, points before the round
    assert texts(tables["pairings"]) == texts(games["pairings"])
    assert texts(tables["byes"]) == texts(games["byes"])
    assert ["2", "2", "CM Davis,Tony J", "1774", "4.5", "0–1", "5", "Wongso,Renaldo", "1518", "9"] in \
        texts(tables["pairings"])  # No. 2 (CM, 1774, 4.5 after round 6) lost to No. 9 (5) in round 7: ``9 w 0``


def test_a_players_history_reads_without_a_script(tmp_path):
    """A name links to the player's card, which links to the page with that player's history (kept in the database
    beside the file); the page's script fetches the same section from ``/live/history``."""
    (tmp_path / "Open.trf").write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    hub = LiveHub(tmp_path)  # the history in tiebreak-live.sqlite beside the file
    client = TestClient(live_app(hub))
    try:
        page = client.get("/live", params={"lang": "uk"}).text
        assert 'href="/live/cards/Open.trf/uk/player-7.html"' in page  # No. 7 Nguyen
        card = client.get("/live/cards/Open.trf/uk/player-7.html").text
        assert 'href="/live?event=Open.trf&amp;lang=uk&amp;player=7#history-section"' in card
        shown = _tables(client.get("/live", params={"lang": "uk", "player": "7"}).text)["history"]
        assert [c["text"] for c in shown[1]][:4] == ["1", "7", "1", "6"]  # version 1: round 7, first, 6 points
        (tmp_path / "Open.trf").write_text(_forfeited(EXAMPLE.read_text(encoding="utf-8")), encoding="utf-8")
        assert hub.events["Open.trf"].update() is not None
        rows = _tables(client.get("/live/history", params={"player": "7"}).text)["history"][1:]
        assert [[c["text"] for c in r][:4] for r in rows] == [["2", "7", "1", "7"], ["1", "7", "1", "6"]]
    finally:
        hub.close()


@pytest.mark.parametrize("no_lots, place", [(True, "1-2"), (False, None)])
def test_a_players_history_writes_the_place_as_the_live_table(tmp_path, no_lots, place):
    """Ranked by points alone, Nguyen (7) and Wongso (9) share first place on 6 points (``tiebreak standings
    --tiebreaks PTS --no-lots`` says 1-2): the history says ``1-2`` under ``serve --no-lots`` (was the bare rank,
    ``1``), and with the event's lot the place the lot gave, marked ``*``, as the live table writes it."""
    from tiebreak.live.settings import Settings

    (tmp_path / "Open.trf").write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    hub = LiveHub(tmp_path, settings=Settings(tiebreaks="PTS", no_lots=no_lots))
    client = TestClient(live_app(hub))
    try:
        for player in (7, 9):
            shown = _tables(client.get("/live", params={"player": str(player)}).text)
            table = {r[1]["text"]: r[0]["text"] for r in shown["standings"][1:]}  # start number -> place
            history = [c["text"] for c in shown["history"][1]]
            assert history[2] == table[str(player)] == (place or history[2])
            assert no_lots or history[2] in ("1*", "2*")
    finally:
        hub.close()


FRIENDSHIP = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"  # bundled in tests/data/shared


def test_the_team_matches_are_in_the_websites_order(tmp_path):
    """The Friendship Cup's last round (15 teams, 7 matches and a bye): the live screen lists the matches in the order
    of the website's round page — the better-placed team's match first by the standings before the round — so a
    spectator finds a match in the same place on both (the file keeps no match numbers)."""
    out = tmp_path / "site"
    assert main(["site", str(FRIENDSHIP), "-o", str(out)]) == 0
    site = re.findall(r'<caption id="match-\d+-caption">([^<]*)</caption>',
                      (out / "en" / "round-7.html").read_text(encoding="utf-8"))
    _, client = _served(tmp_path / "live", FRIENDSHIP.read_text(encoding="utf-8"), "cup.trf")
    with client:
        live = _tables(client.get("/live/tables").text)["pairings"][1:]
    pairs = [(unescape(r[1]["text"]), unescape(r[3]["text"])) for r in live[:-1]]
    assert len(pairs) == len(site) == 7
    assert len(live) == 8  # the bye, last, as on the round page (tests/test_team_bye_row.py compares its cells)
    assert all(a in caption and b in caption for (a, b), caption in zip(pairs, map(unescape, site))), (pairs, site)


def test_the_team_crosstable_reads_as_on_the_events_website(tmp_path):
    """The Friendship Cup's crosstable of teams: every cell as the website's crosstable writes it, the opposing team's
    place and the team's game points (``3: 2.5``, one form for both through ``render.crosstable.team_cell_text``)."""
    out = tmp_path / "site"
    assert main(["site", str(FRIENDSHIP), "-o", str(out)]) == 0
    site = _tables((out / "en" / "crosstable.html").read_text(encoding="utf-8"))["crosstable"]
    _, client = _served(tmp_path / "live", FRIENDSHIP.read_text(encoding="utf-8"), "cup.trf")
    with client:
        live = _tables(client.get("/live/tables").text)["crosstable"]
    assert [[c["text"] for c in r][1:] for r in live[1:]] == [[c["text"] for c in r][1:] for r in site[1:]]  # No too
    # the winner (No. 3 ΟΑΑΗ, 11 match points) won its first match 4 – 2 against No. 10 ΟΑΧ, placed 2nd by
    # ``tiebreak standings``
    assert live[1][4]["text"] == "2: 4" and not any(re.search(r"\dw\d", c["text"]) for r in live[1:] for c in r[4:])
    with client:  # the legend of the team cells alone (no bye letters of a player's crosstable), as the website's
        live_legend = _legend(client.get("/live/tables", params={"view": "teams"}).text, "#cells-legend li")
    site_legend = _legend((out / "en" / "crosstable.html").read_text(encoding="utf-8"), "ul.legend li")
    assert live_legend == site_legend and not any(x.startswith("U = ") for x in live_legend)


def test_each_table_is_named_once_a_round_as_the_website_heads_it(tmp_path):
    """The live screen named its boards «Пары и результаты» twice (the section's heading, then the table's caption
    for screen readers): each table is now named by its section's heading alone, a round's boards in the words of
    the website's round page («Тур 7: пары и результаты»), the byes under them by the round page's own heading
    («Бай»), which the live screen left to screen readers."""
    bs4 = pytest.importorskip("bs4")
    out = tmp_path / "site"
    assert main(["site", str(EXAMPLE), "-o", str(out)]) == 0
    _, client = _served(tmp_path / "live", EXAMPLE.read_text(encoding="utf-8"))
    want = {"en": ("Round 7: pairings and results", "Bye"), "ru": ("Тур 7: пары и результаты", "Бай"),
            "uk": ("Тур 7: пари та результати", "Бай")}
    for lang, (heading, byes) in want.items():
        site = bs4.BeautifulSoup((out / lang / "round-7.html").read_text(encoding="utf-8"), "html.parser")
        live = bs4.BeautifulSoup(client.get("/live/tables", params={"lang": lang}).text, "html.parser")
        assert (site.h1.get_text(), site.select_one("#byes caption").get_text()) == (heading, byes), lang
        assert live.select_one("#pairings-section h2").get_text() == heading, lang
        assert live.select_one("#byes caption").get_text() == byes, lang
        for table in ("standings", "pairings", "crosstable"):
            assert live.select_one(f"#{table} caption") is None, (lang, table)  # named by the heading alone
            named_by = live.select_one("#" + live.select_one(f"#{table}").parent["aria-labelledby"])
            assert named_by is not None and named_by.name == "h2", (lang, table)
        headings = [h.get_text() for h in live.find_all(["h2", "caption"])]
        assert headings.count(heading) == 1, lang


def test_the_pairings_say_what_their_headings_mean_as_the_round_page_does(tmp_path):
    """The round's "Pts" is the points before the round, not the standings' "Pts" above it: the website's round page
    says so under its boards, and the live screen now does too, line for line (it showed the table alone)."""
    out = tmp_path / "site"
    assert main(["site", str(EXAMPLE), "-o", str(out)]) == 0
    _, client = _served(tmp_path / "live", EXAMPLE.read_text(encoding="utf-8"))
    for lang, line in (("en", "Pts = Points before the round"), ("ru", "Очки = Очки до тура"),
                       ("uk", "Очки = Очки до туру")):
        site = _legend((out / lang / "round-7.html").read_text(encoding="utf-8"), "ul.legend li")
        live = _legend(client.get("/live/tables", params={"lang": lang}).text, "#pairings-legend li")
        assert live == site and line in live, (lang, live)


#: the FIDE default list for a Swiss (C.07 2024), the bundled event's: seven tie-breaks after the points
SEVEN = ["BH/C1", "BH", "DE", "WIN", "WON", "BPG", "SB"]


@pytest.mark.parametrize("width", [390, 1280])
def test_seven_tie_breaks_and_the_marks_in_view_without_scrolling_sideways(chromium, server, width):
    """At 1280 px the standings (the left part of a two-column screen) hold the identity columns, the points, seven
    tie-breaks, ✓ and ▲▼ without scrolling sideways, in the hall's view too; at 390 px the tie-breaks are left to the
    cards (as before) and ✓ and ▲▼ are in view beside the points.  Nothing is hidden at 1280 px."""
    page = chromium.new_page(viewport={"width": width, "height": 900})
    for lang in ("en", "ru", "uk"):
        for hall in ("", "&screen=hall") if width == 1280 else ("",):
            page.goto(f"{server}/live?lang={lang}{hall}")
            heads = page.locator("#standings thead th")
            shown = [h.inner_text().strip() for h in heads.all() if h.is_visible()]
            assert [x for x in shown if x in SEVEN] == (SEVEN if width == 1280 else []), (lang, hall)
            box = page.locator("#standings").locator("xpath=..")
            assert box.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), (lang, hall, width)
            edge = min(width, box.bounding_box()["x"] + box.bounding_box()["width"])
            for mark in ("✓", "▲▼"):
                cell = heads.filter(has_text=mark).bounding_box()
                assert cell and cell["x"] + cell["width"] <= edge + 1, (lang, hall, mark, cell, edge)
            assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.close()
