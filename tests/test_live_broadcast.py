"""A broadcast followed live: a PGN that grows move by move (the UzChess Cup 2025's pairings and results, each game
given the same opening, written one move at a time with ``[%clk]`` comments, as a relay writes its file)."""

from __future__ import annotations

import json
import re
import sys
import urllib.request
from pathlib import Path

import pytest
from waits import until

pytest.importorskip("chess")

from tiebreak.cli import main  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CUP = ROOT / "tests" / "data" / "shared" / "corpus" / "scalachess-tiebreak" / "uzchesscup.pgn"
#: the Ruy Lopez, Morphy Defence, as a hand wrote it, and the positions after its first and last ply (from its
#: opening books, not from the code under test)
MOVES = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"]
AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
AFTER_NF6 = "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 5"
#: the squares of each ply's move, from and to
SQUARES = [("e2", "e4"), ("e7", "e5"), ("g1", "f3"), ("b8", "c6"), ("f1", "b5"), ("a7", "a6"), ("b5", "a4"),
           ("g8", "f6")]


#: the card of Aravindh's game on the live page (a script expression)
ARAVINDH = ("Array.from(document.querySelectorAll('#games .game'))"
            ".find(g => g.querySelector('.players').textContent.includes('Aravindh'))")


def _games() -> list[str]:
    """The corpus file's games, each its tag block alone (the Event tag only on the first: taken off)."""
    text = re.sub(r'^\[Event .*\n', "", CUP.read_text(), flags=re.M)
    return [g.strip() + "\n" for g in re.split(r"\n\s*\n", text) if g.strip()]


def _result(tags: str) -> str:
    return re.search(r'\[Result "([^"]*)"\]', tags).group(1)


def _game(tags: str, plies: int, finished: bool) -> str:
    """The game's tags and its first ``plies`` moves, each with a clock; its result once ``finished``, else ``*``."""
    result = _result(tags) if finished else "*"
    moves = []
    for k, san in enumerate(MOVES[:plies]):
        number = f"{k // 2 + 1}. " if k % 2 == 0 else ""
        moves.append(f"{number}{san} {{ [%clk 1:{29 - k // 2:02d}:{50 - k:02d}] }}")
    tags = tags.replace(f'[Result "{_result(tags)}"]', f'[Result "{result}"]')
    return f"{tags}\n{' '.join(moves)} {result}\n\n"


def test_a_growing_broadcast_shows_each_move_and_ends_as_the_standings_of_the_finished_file(tmp_path, capsys):
    from tiebreak.live.event import LiveEvent

    games = _games()
    assert len(games) == 45  # 10 players, 9 rounds
    path = tmp_path / "cup.pgn"
    event = LiveEvent("cup.pgn", path)
    # the file's only game drawn: `tiebreak standings` places its two players by the event's lot, marked *
    drawn = tmp_path / "drawn" / "cup.pgn"
    drawn.parent.mkdir()
    drawn.write_text(_game(games[0].replace(f'[Result "{_result(games[0])}"]', '[Result "1/2-1/2"]'), len(MOVES), True))
    assert main(["standings", str(drawn), "-f", "json"]) == 0
    if_drawn = {r["start_no"]: (r["rank"], f"{r['place']}{'*' if r.get('lot') else ''}")
                for r in json.loads(capsys.readouterr().out)["standings"]}
    assert sorted(if_drawn.values()) == [(1, "1*"), (2, "2*")]
    done: list[str] = []
    versions = 0
    for k, tags in enumerate(games[:10]):  # the first two rounds move by move, the rest a game at a time
        for ply in range(1, len(MOVES) + 1):
            path.write_text("".join(done) + _game(tags, ply, finished=False))
            update = event.update()
            assert update is not None and update.version == versions + 1
            versions = update.version
            game = event.document["games"][k]
            assert game["ply"] == ply and game["moves"] == MOVES[:ply] and game["last"] == list(SQUARES[ply - 1])
            assert game["result"] == "*"
            if ply == 1:
                assert game["fen"] == AFTER_E4 and game["clock"] == {"white": "1:29:50"}
            if k == 0:  # the file's only game: whoever wins is first, a draw leaves the two placed by the lot
                [scenario] = event.document["if_ended"]
                white, black = if_drawn[scenario["white"]], if_drawn[scenario["black"]]
                assert [(r["result"], r["white_place"], r["black_place"], r["white_place_text"], r["black_place_text"])
                        for r in scenario["results"]] == [
                    ("1-0", 1, 2, "1", "2"), ("1/2-1/2", white[0], black[0], white[1], black[1]), ("0-1", 2, 1, "2", "1")]
            # the game in play is a pending game of the standings
            white, black = game["white_no"], game["black_no"]
            assert [white, black] in [[p["white"], p["black"]] for p in event.document["pending"]]
        assert event.document["games"][k]["fen"] == AFTER_NF6
        assert event.document["games"][k]["clock"] == {"white": "1:26:44", "black": "1:26:43"}
        done.append(_game(tags, len(MOVES), finished=True))
    for tags in games[10:]:
        done.append(_game(tags, len(MOVES), finished=True))
        path.write_text("".join(done))
        assert event.update() is not None
    assert event.document["pending"] == [] and len(event.document["games"]) == 45
    # the finished file's standings are those of ``tiebreak standings`` on it
    capsys.readouterr()
    assert main(["standings", str(path), "-f", "json"]) == 0
    expected = [(r["start_no"], r["rank"], r["points"]) for r in json.loads(capsys.readouterr().out)["standings"]]
    live = json.loads(event.text)["standings"]
    assert [(r["start_no"], r["rank"], r["points"]) for r in live] == expected
    # and those the corpus publishes (the scalachess reference: Praggnanandhaa first on 5.5 points)
    assert (live[0]["name"], live[0]["points"]) == ("Praggnanandhaa R", 5.5)


def test_a_half_written_last_game_is_not_an_error(tmp_path):
    from tiebreak.live.event import LiveEvent

    games = _games()
    path = tmp_path / "cup.pgn"
    whole = _game(games[0], 3, finished=False)
    path.write_text(whole)
    event = LiveEvent("cup.pgn", path)
    assert event.update().version == 1
    # the relay is writing the second game: its tags cut, then its moves without their result token
    for cut in (whole + games[1][:25], whole + _game(games[1], 2, finished=False)[:-6]):
        path.write_text(cut)
        event.update()
        assert event.held is None and event.warning is None
        assert [g["ply"] for g in event.document["games"]] == [3]
    path.write_text(whole + _game(games[1], 2, finished=False))
    assert event.update() is not None
    assert [g["ply"] for g in event.document["games"]] == [3, 2]


def test_the_live_api_carries_the_games(tmp_path):
    pytest.importorskip("fastapi")
    pytest.importorskip("watchfiles")
    from fastapi.testclient import TestClient

    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    (tmp_path / "cup.pgn").write_text(_game(_games()[0], 5, finished=False))
    client = TestClient(live_app(LiveHub(tmp_path / "cup.pgn", database="none")))
    doc = client.get("/api/live").json()
    assert doc["live"]["pending"] == 1
    assert doc["games"][0]["moves"] == MOVES[:5] and doc["games"][0]["last"] == ["f1", "b5"]


def test_the_games_cards_come_from_the_server_with_the_tables(tmp_path):
    """Each game's card is in the live screen's tables as the server sends them (read here without a script): board,
    players, clocks, result, the position and the last move the board is drawn from, the moves two plies a line."""
    bs4 = pytest.importorskip("bs4")
    pytest.importorskip("fastapi")
    pytest.importorskip("watchfiles")
    from fastapi.testclient import TestClient

    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    games = _games()
    # the PGN's first game in play after every ply of the opening, its second finished (with the corpus' result)
    (tmp_path / "cup.pgn").write_text(_game(games[0], len(MOVES), finished=False) + _game(games[1], 2, finished=True))
    client = TestClient(live_app(LiveHub(tmp_path / "cup.pgn", database="none")))
    for lang, moves in (("en", "Moves (8)"), ("ru", "Ходы (8)")):
        html = bs4.BeautifulSoup(client.get("/live/tables", params={"lang": lang}).text, "html.parser")
        section = html.select_one("#games-section")
        assert section is not None and not section.has_attr("hidden")
        cards = section.select("article.game")
        assert len(cards) == 2
        playing = next(c for c in cards if "Aravindh" in c.select_one(".players").get_text())
        box = playing.select_one(".position")
        assert box["data-fen"] == AFTER_NF6 and box["data-squares"] == " ".join(SQUARES[-1])
        assert box["data-label"].endswith("Nf6")
        sides = [(s.select_one("a.player").get_text(), s.select_one("time.clock").get_text())
                 for s in playing.select(".side")]
        assert sides == [("Aravindh, Chithambaram VR.", "1:26:44"), ("Praggnanandhaa R", "1:26:43")]
        assert playing.select_one("a.player")["href"].startswith(f"/live/cards/cup.pgn/{lang}/player-")
        assert playing.select_one(".score").get_text() == "*"
        assert playing.select_one("summary").get_text() == moves
        assert [li.get_text() for li in playing.select("ol.moves li")] == ["e4 e5", "Nf3 Nc6", "Bb5 a6", "Ba4 Nf6"]
        assert len(playing.select(".if-ended li")) == 3  # a game in play: each result's standings
        played = next(c for c in cards if c is not playing)
        assert played.select_one(".score").get_text() == _result(games[1]) and not played.select(".if-ended")
        # the cards in the order of the pairings' boards (C.04.3 A.9)
        assert [c.select_one(".board-no").get_text().split()[-1] for c in cards] == ["1", "2"]


@pytest.fixture(scope="module")
def broadcast(tmp_path_factory):
    """The broadcast served with its history kept (tiebreak-live.sqlite beside the file): one server for the module's
    browser tests, each writing the file as it needs it."""
    pytest.importorskip("fastapi")
    pytest.importorskip("watchfiles")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from live import live_server

    path = tmp_path_factory.mktemp("broadcast") / "cup.pgn"
    games = _games()
    # round 1 finished but for its first two games, in play after three and four plies
    finished = "".join(_game(g, len(MOVES), finished=True) for g in games[2:5])
    path.write_text(_game(games[0], 3, finished=False) + _game(games[1], 4, finished=False) + finished)
    with live_server(path) as port:  # the history kept in tiebreak-live.sqlite beside the file
        yield f"http://127.0.0.1:{port}", path, games, finished


@pytest.mark.parametrize("width", [390, 1280])
def test_the_boards_beside_the_standings_follow_each_move(broadcast, chromium, width, tmp_path):
    import os

    base, path, games, finished = broadcast
    shots = Path(os.environ.get("TIEBREAK_SHOTS") or tmp_path)
    page = chromium.new_page(viewport={"width": width, "height": 900})
    # the two games in play after three and four plies (whatever a test before left in the file)
    path.write_text(_game(games[0], 3, finished=False) + _game(games[1], 4, finished=False) + finished)
    page.goto(base + "/live?lang=ru")
    page.wait_for_function("document.querySelectorAll('#games .game svg').length === 5", timeout=15_000)
    assert page.locator("#games-title").inner_text() == "Партии"
    # the game of Aravindh (in play after three plies), wherever its board puts it in the list (board order)
    first = page.locator("#games .game").filter(has=page.locator(".players", has_text="Aravindh"))
    page.wait_for_function(f"{ARAVINDH}.querySelector('svg[role=img]').getAttribute('aria-label')"
                           ".endsWith('последний ход Nf3')", timeout=15_000)
    # a move reaches the file: the board shows it (the pieces drawn: a knight now on c6)
    path.write_text(_game(games[0], 4, finished=False) + _game(games[1], 4, finished=False) + finished)
    page.wait_for_function(f"{ARAVINDH}.querySelector('svg[role=img]').getAttribute('aria-label')"
                           ".endsWith('Nc6')", timeout=15_000)
    pieces = page.evaluate(f"Array.from({ARAVINDH}.querySelectorAll('g[data-piece]'))"
                           ".map(g => g.dataset.square + g.dataset.piece)")
    assert "c6bn" in pieces and "f3wn" in pieces and "b8bn" not in pieces and len(pieces) == 32
    # what each result of the game would make of the standings, said in Russian
    assert first.locator(".if-ended li").count() == 3
    assert first.locator(".if-title").inner_text() == "Если бы партия закончилась сейчас"
    said = first.locator(".if-ended li").all_inner_texts()
    assert said[0].startswith("Если выиграет Aravindh, Chithambaram VR.: Aravindh, Chithambaram VR.: ")
    assert said[1].startswith("Если ничья: ") and said[2].startswith("Если выиграет Praggnanandhaa R: ")
    # tapping a game opens its moves
    first.locator("summary").click()
    assert first.locator("ol.moves").inner_text().split("\n") == ["e4 e5", "Nf3 Nc6"]
    # the games in the order of the pairings' boards, each card saying its board as the pairings table does
    assert page.locator("#games .game .board-no").all_inner_texts() == [f"Доска {k}" for k in range(1, 6)]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(shots / f"broadcast-{width}.png"), full_page=True)
    if width == 390:
        axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
        found = [(v["id"], v["impact"]) for v in axe.run(page).response["violations"]
                 if v["impact"] in ("serious", "critical")]
        assert found == []
    # the moves opened stay open when the next version's cards come (the server's, in place of these)
    path.write_text(_game(games[0], 5, finished=False) + _game(games[1], 4, finished=False) + finished)
    page.wait_for_function(f"{ARAVINDH}.querySelector('svg[role=img]').getAttribute('aria-label')"
                           ".endsWith('Bb5')", timeout=15_000)
    assert first.locator("ol.moves").inner_text().split("\n") == ["e4 e5", "Nf3 Nc6", "Bb5"]
    page.close()


def test_the_embed_snippet_on_an_organisers_page_shows_the_top_ten_and_follows_the_results(broadcast, chromium,
                                                                                          tmp_path):
    import os

    base, path, games, finished = broadcast
    shots = Path(os.environ.get("TIEBREAK_SHOTS") or tmp_path)
    path.write_text(_game(games[0], 3, finished=False) + _game(games[1], 4, finished=False) + finished)
    # the snippet of docs/reference/live.md, as an organiser pastes it into a page of their own
    host = tmp_path / "club.html"
    host.write_text('<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Клуб</title>'
                    '<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><h1>Клуб</h1>'
                    f'<script src="{base}/static/embed.js"></script>'
                    '<tiebreak-live top="10" lang="ru"></tiebreak-live></body></html>')
    page = chromium.new_page(viewport={"width": 390, "height": 800})
    page.goto(host.as_uri())
    frame = page.frame_locator("tiebreak-live iframe")
    rows = frame.locator("#top tbody tr")
    rows.nth(9).wait_for(timeout=15_000)
    assert rows.count() == 10
    # the published standings of round 1 with two games in play: Sindarov and Abdusattorov won, on 1 point
    assert [rows.nth(k).inner_text().split("\t")[1:] for k in (0, 1)] == [
        ["Sindarov, Javokhir", "1"], ["Abdusattorov, Nodirbek", "1"]]
    assert frame.locator("#top th").first.inner_text() == "Место"
    # a result reaches the file: the embedded standings follow without a reload (Aravindh–Praggnanandhaa drawn)
    path.write_text(_game(games[0], len(MOVES), finished=True) + _game(games[1], 4, finished=False) + finished)
    frame.locator("#top tbody tr", has_text="Aravindh").filter(has_text="0.5").wait_for(timeout=15_000)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(shots / "embed-390.png"), full_page=True)
    # the embedded view itself: axe-core finds nothing serious; one player followed shows their place and game
    page.goto(base + "/embed?top=10&lang=ru&player=1")
    page.locator("#top tbody tr").nth(9).wait_for(timeout=15_000)
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
    found = [(v["id"], v["impact"]) for v in axe.run(page).response["violations"]
             if v["impact"] in ("serious", "critical")]
    assert found == []
    page.locator("#follow:not([hidden])").wait_for(timeout=15_000)
    assert page.locator("#follow-title").inner_text().startswith("Erigaisi Arjun")  # no. 1 by rating
    assert "Yakubboev" in page.locator("#follow-text").inner_text()  # his game of round 1, in play
    page.close()


def test_a_move_that_changes_no_result_starts_no_odds_job(tmp_path, monkeypatch):
    from tiebreak.live import odds
    from tiebreak.live.event import LiveEvent

    asked: list[tuple] = []

    class Recorded(odds.OddsWorker):  # the jobs asked, none run (what they would answer is tests/test_live_odds.py's)
        def submit(self, event, key, t, settings, wanted, done):
            asked.append(key)
            return None

    monkeypatch.setattr(odds, "_WORKER", Recorded())
    games = _games()
    path = tmp_path / "cup.pgn"
    event = LiveEvent("cup.pgn", path)
    finished = "".join(_game(g, len(MOVES), finished=True) for g in games[2:5])
    for ply in range(1, len(MOVES) + 1):  # two games of round 1 in play, move after move: the same results
        path.write_text(_game(games[0], ply, finished=False) + _game(games[1], 2, finished=False) + finished)
        assert event.update() is not None
    assert len(asked) == 1
    # a result comes (the first game ends): the odds of the new results are asked, once
    path.write_text(_game(games[0], len(MOVES), finished=True) + _game(games[1], 2, finished=False) + finished)
    assert event.update() is not None
    path.write_text(_game(games[0], len(MOVES), finished=True) + _game(games[1], 3, finished=False) + finished)
    assert event.update() is not None
    assert len(asked) == 2 and asked[0] != asked[1]


#: the UzChess Cup 2025's players as an organiser's list might give them (names written their own way, federations
#: the PGN does not have); Rapport is left out, and a reserve who plays no game is listed
PLAYER_LIST = ("name;rating;title;federation;fide id\n"
               "R Praggnanandhaa;2767;GM;IND;\n"
               "Javokhir Sindarov;2721;GM;UZB;\n"
               "Nodirbek Abdusattorov;2767;GM;UZB;14204118\n"
               "Arjun Erigaisi;2776;GM;IND;\n"
               "Aravindh Chithambaram VR;2749;GM;IND;\n"
               "Parham Maghsoodloo;2692;GM;IRI;\n"
               "Ian Nepomniachtchi;2750;GM;FID;\n"
               "Shamsiddin Vokhidov;2654;GM;UZB;\n"
               "Nodirbek Yakubboev;2634;GM;UZB;\n"
               "A Reserve;2400;IM;UZB;\n")


def test_the_player_lists_federations_and_fide_ids_are_shown_live(tmp_path):
    """``--players``: the list's titles and federations in the live standings (the columns ``tiebreak standings``
    shows by default), and on a player's card the federation and the FIDE ID, as the
    event's website shows them; each pairing with both players' titles."""
    from fastapi.testclient import TestClient

    from tiebreak.app.load import player_list
    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    (tmp_path / "players.csv").write_text(PLAYER_LIST)
    listed = player_list(str(tmp_path / "players.csv"), [])
    (tmp_path / "events").mkdir()
    (tmp_path / "events" / "cup.pgn").write_text("".join(_game(g, len(MOVES), finished=True) for g in _games()))
    hub = LiveHub(tmp_path / "events", database="none", players=("players.csv", listed))
    try:
        client = TestClient(live_app(hub))
        rows = {r["name"]: r for r in client.get("/api/live").json()["standings"]}
        assert rows["Nodirbek Abdusattorov"]["federation"] == "UZB" and rows["Nodirbek Abdusattorov"]["title"] == "GM"
        page = client.get("/live", params={"lang": "uk"}).text
        assert "<th>Фед</th>" in page or ">Фед<" in page
        sno = rows["Nodirbek Abdusattorov"]["start_no"]
        card = client.get(f"/live/cards/cup.pgn/uk/player-{sno}.html").text
        assert "<dt>FIDE ID</dt><dd>14204118</dd>" not in card and "<dd>14204118</dd>" in card  # the list's FIDE ID
        assert "<dd>UZB</dd>" in card
        assert "GM Nodirbek Abdusattorov" in client.get("/live/tables").text  # a board's player, titled
    finally:
        hub.close()


def test_a_player_list_gives_the_broadcasts_players_and_names_those_it_lacks(tmp_path, caplog):
    from tiebreak.app.load import player_list
    from tiebreak.live.event import LiveEvent

    (tmp_path / "players.csv").write_text(PLAYER_LIST)
    listed = player_list(str(tmp_path / "players.csv"), [])
    path = tmp_path / "cup.pgn"
    path.write_text("".join(_game(g, len(MOVES), finished=True) for g in _games()))
    plain = LiveEvent("cup.pgn", path)
    plain.update()
    event = LiveEvent("cup.pgn", path, players=("players.csv", listed))
    with caplog.at_level("WARNING", logger="tiebreak.live"):
        event.update()
    # Rapport plays but is not listed: said, by name
    assert "1 player of the games is not in the player list players.csv: Rapport, Richard" in caplog.text
    rows = json.loads(event.text)["standings"]
    by_name = {r["name"]: r for r in rows}
    # the list's names, federations and numbers (by rating: Erigaisi 2776 first; the reserve, 10th, plays no game;
    # Rapport after the list)
    players = {p.name: p for p in event.file.tournament(path.read_bytes(), [], event.settings).players}
    assert players["Javokhir Sindarov"].federation == "UZB" and players["Ian Nepomniachtchi"].federation == "FID"
    assert players["Nodirbek Abdusattorov"].fide_id == "14204118" and players["R Praggnanandhaa"].fide_id == "25059530"
    assert by_name["Arjun Erigaisi"]["start_no"] == 1 and by_name["Rapport, Richard"]["start_no"] == 11
    assert "A Reserve" not in by_name
    # the same results: every player's points as without the list (matched by FIDE id or by name alike)
    plain_points = {r["name"]: r["points"] for r in json.loads(plain.text)["standings"]}
    renamed = {"Praggnanandhaa R": "R Praggnanandhaa", "Sindarov, Javokhir": "Javokhir Sindarov",
               "Abdusattorov, Nodirbek": "Nodirbek Abdusattorov", "Erigaisi Arjun": "Arjun Erigaisi",
               "Aravindh, Chithambaram VR.": "Aravindh Chithambaram VR", "Maghsoodloo, Parham": "Parham Maghsoodloo",
               "Nepomniachtchi, Ian": "Ian Nepomniachtchi", "Vokhidov, Shamsiddin": "Shamsiddin Vokhidov",
               "Yakubboev, Nodirbek": "Nodirbek Yakubboev", "Rapport, Richard": "Rapport, Richard"}
    assert {renamed[n]: p for n, p in plain_points.items()} == {r["name"]: r["points"] for r in rows}
    assert (rows[0]["name"], rows[0]["points"]) == ("R Praggnanandhaa", 5.5)
    # the games name the players by the list's numbers
    game = event.document["games"][0]
    assert (game["white_no"], game["black_no"]) == (by_name["Aravindh Chithambaram VR"]["start_no"],
                                                    by_name["R Praggnanandhaa"]["start_no"])


@pytest.mark.parametrize("args, said", [
    (["--player-list", "players.csv"], "--player-list needs --watch"),
    (["--watch", "cup.pgn", "--player-list", "bad.csv"], "bad.csv, line 2: a line has 6 fields"),
    # the old spelling (until November 2026), kept on serve: the same option
    (["--players", "players.csv"], "--player-list needs --watch"),
    (["--watch", "cup.pgn", "--players", "bad.csv"], "bad.csv, line 2: a line has 6 fields"),
])
def test_a_player_list_that_cannot_serve_is_refused_before_the_server_starts(tmp_path, args, said, capsys,
                                                                              monkeypatch):
    pytest.importorskip("fastapi")
    pytest.importorskip("watchfiles")
    (tmp_path / "cup.pgn").write_text(_game(_games()[0], 2, finished=False))
    (tmp_path / "bad.csv").write_text("name,rating,title,federation,fide id\nSindarov, Javokhir,2721,GM,UZB,\n")
    monkeypatch.chdir(tmp_path)  # the files by their names, as typed in their folder
    database = ["--database", "none"] if "--watch" in args else []  # (itself refused without --watch)
    assert main(["serve", *database, *args]) == 2  # (in this process: no program started)
    assert said in capsys.readouterr().err


def _served(base: str) -> dict:
    with urllib.request.urlopen(base + "/api/live", timeout=10) as answer:
        return json.loads(answer.read())


@pytest.mark.parametrize("width", [390, 1280])
def test_tapping_a_name_in_the_list_of_games_opens_that_players_card_and_history(broadcast, chromium, tmp_path,
                                                                                width):
    """A name in a game opens the player's card (its game in play at the top), which links to the history the server
    keeps (a database is kept here)."""
    import os

    base, path, games, finished = broadcast
    shots = Path(os.environ.get("TIEBREAK_SHOTS") or tmp_path)
    # the two games in play after three and four plies (whatever a test before left in the file), served
    path.write_text(_game(games[0], 3, finished=False) + _game(games[1], 4, finished=False) + finished)
    until(lambda: sorted(g["ply"] for g in _served(base)["games"] if g["result"] == "*") == [3, 4],
          "the two games in play served")
    page = chromium.new_page(viewport={"width": width, "height": 900})
    page.goto(base + "/live?lang=uk")
    page.wait_for_function("document.querySelectorAll('#games .game a.player').length === 10", timeout=15_000)
    # the PGN's first game (the relay's board 1): the list is in the pairings' board order (C.04.3 A.9)
    name = page.locator("#games .game a.player", has_text="Aravindh, Chithambaram VR.").first
    assert name.inner_text() == "Aravindh, Chithambaram VR."  # White of the first game, as the PGN names him
    name.click()
    page.wait_for_url("**/live/cards/cup.pgn/uk/player-*.html")
    assert page.locator("h1").inner_text() == "Aravindh, Chithambaram VR."
    facts = page.locator("dl.facts").inner_text()
    # his game in play, as the PGN's first game has it: round 1, White against Praggnanandhaa R; his FIDE ID
    # (the board is the pairing rules' order, C.04.3 A.9, as on the pairings: not the relay's ``Round "1.1"``)
    assert "тур 1, дошка " in facts and "Білі, проти: Praggnanandhaa R" in facts and "5072786" in facts
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(shots / f"broadcast-card-{width}.png"), full_page=True)
    page.get_by_role("link", name="Історія учасника").click()
    page.locator("#history-section table").wait_for(timeout=15_000)
    assert page.locator("#history-hint").inner_text().startswith("Aravindh")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.close()


def test_the_embed_shows_the_whole_standings_the_top_n_or_one_players_line(broadcast, chromium, tmp_path, capsys):
    import os

    base, path, games, finished = broadcast
    shots = Path(os.environ.get("TIEBREAK_SHOTS") or tmp_path)
    path.write_text(_game(games[0], 3, finished=False) + _game(games[1], 4, finished=False) + finished)
    page = chromium.new_page(viewport={"width": 390, "height": 800})
    # the cup's 10 players: every row, whatever top says
    page.goto(base + "/embed?mode=standings&top=3&lang=uk")
    rows = page.locator("#top tbody tr")
    rows.nth(9).wait_for(timeout=15_000)
    # a place the lot decided as every face writes it (issue 33): the players on 0 whom the list does not separate yet,
    # two and two, placed by the event's lot and marked *, as `tiebreak standings` on the file, the live API and the
    # live table have them
    places = [rows.nth(k).inner_text().split("\t")[0] for k in range(10)]
    assert places == ["1", "2", "3", "4", "5", "6", "7*", "8*", "9*", "10*"]
    assert main(["standings", str(path), "-f", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)["standings"]
    with urllib.request.urlopen(base + "/api/live", timeout=10) as answer:
        served = json.loads(answer.read())["standings"]
    for standings in (printed, served):
        assert places == [f"{r['place']}{'*' if r.get('lot') else ''}" for r in standings]
    assert rows.count() == 10 and page.locator("#top th").first.inner_text() == "Місце"
    page.goto(base + "/embed?mode=top&top=3&lang=uk")
    page.locator("#top tbody tr").nth(2).wait_for(timeout=15_000)
    assert page.locator("#top tbody tr").count() == 3
    # one player's line: Rapport (no. 6 by rating), who drew with Maghsoodloo in round 1 (the corpus file): with
    # Sindarov and Abdusattorov on 1 point ahead, Rapport 3rd on 1/2 (Maghsoodloo, on 1/2 too, after him on the
    # list's tie-breaks)
    page.goto(base + "/embed?mode=player&player=6&lang=uk")
    page.locator("#follow:not([hidden])").wait_for(timeout=15_000)
    assert [page.locator("#top tbody tr").nth(k).inner_text().split("\t") for k in range(rows.count())] == [
        ["3", "Rapport, Richard", "0.5"]]
    assert page.locator("#follow-title").inner_text() == "Rapport, Richard: Місце 3, Очки 0.5"
    # his name opens his card on the live server, in a new tab (the organiser's page stays as it is)
    link = page.locator("#top tbody tr td a")
    assert link.get_attribute("href") == "/live/cards/cup.pgn/uk/player-6.html" and link.get_attribute("target") == "_blank"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
    found = [(v["id"], v["impact"]) for v in axe.run(page).response["violations"]
             if v["impact"] in ("serious", "critical")]
    assert found == []
    page.screenshot(path=str(shots / "embed-player-390.png"), full_page=True)
    page.close()


def test_a_games_board_is_the_pairings_board_and_the_relays_is_kept_beside_it(tmp_path):
    """The relay numbers round 1's boards the other way round (``1.5`` for the game the pairings put on board 1): a
    spectator reads one board number for a game, the pairings table's (C.04.3 A.9), which the players' cards say too,
    on the game list as in the pairings; the relay's own number is kept as ``relay_board``.  A game that is no
    pairing of the round keeps the relay's."""
    from tiebreak.live.event import LiveEvent

    games = _games()[:5]
    swapped = [re.sub(r'\[Round "1\.(\d)"\]', lambda m: f'[Round "1.{6 - int(m.group(1))}"]', g) for g in games]
    path = tmp_path / "cup.pgn"
    path.write_text("".join(_game(g, 3, finished=False) for g in swapped))
    event = LiveEvent("cup.pgn", path)
    event.update()
    doc = event.document
    on_board = {(p["white"], p["black"]): p["board"] for p in doc["pairings"] if "white" in p}
    assert sorted(on_board.values()) == [1, 2, 3, 4, 5]
    for g in doc["games"]:
        assert g["board"] == on_board[g["white_no"], g["black_no"]]
    # the relay's numbers: the file's order reversed (its first game on board 5)
    assert [g["relay_board"] for g in doc["games"]] == [5, 4, 3, 2, 1]
    # the two numberings differ (else this test would show nothing)
    assert any(g["board"] != g["relay_board"] for g in doc["games"])


#: Aravindh's game after 1. e4 e5 2. Nf3 (the position from the opening books), rank 8 to rank 1 as a page without
#: script shows it: the chess symbols, "." an empty square
AFTER_NF3_DIAGRAM = ["♜♞♝♛♚♝♞♜", "♟♟♟♟.♟♟♟", "........", "....♟...", "....♙...", ".....♘..", "♙♙♙♙.♙♙♙",
                     "♖♘♗♕♔♗.♖"]


@pytest.mark.parametrize("width", [390, 1280])
def test_without_script_each_board_is_its_position_in_text(broadcast, chromium, width, tmp_path):
    """A reader with JavaScript off saw an empty square for each game (the script draws the boards): the server
    writes each position as a diagram of 64 squares with the pieces as text, the last move's squares marked, named
    for a screen reader as the drawn board is; the script draws the board in its place."""
    import os

    base, path, games, finished = broadcast
    shots = Path(os.environ.get("TIEBREAK_SHOTS") or tmp_path)
    path.write_text(_game(games[0], 3, finished=False) + _game(games[1], 4, finished=False) + finished)
    until(lambda: sorted(g["ply"] for g in _served(base)["games"] if g["result"] == "*") == [3, 4],
          "the two games in play served")
    context = chromium.new_context(java_script_enabled=False, viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(base + "/live?lang=ru")
    cards = page.locator("#games .game")
    assert cards.count() == 5 and page.locator("#games .game svg").count() == 0  # no script: nothing drawn
    assert page.locator("#games .position .diagram").count() == 5
    card = cards.filter(has=page.locator(".players", has_text="Aravindh"))
    squares = card.locator(".diagram span").all_inner_texts()
    assert len(squares) == 64
    rows = ["".join(s.replace("\ufe0e", "") or "." for s in squares[k:k + 8]) for k in range(0, 64, 8)]
    assert rows == AFTER_NF3_DIAGRAM
    marked = card.locator(".diagram span.last")
    assert marked.count() == 2 and sorted(marked.all_inner_texts()) == ["", "♘\ufe0e"]  # g1 empty, f3 the knight
    assert card.locator(".diagram").get_attribute("aria-label").endswith("последний ход Nf3")
    box = card.locator(".diagram").bounding_box()
    assert box is not None and box["width"] > 100 and abs(box["width"] - box["height"]) < 2  # a square board
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(shots / f"broadcast-no-script-{width}.png"), full_page=True)
    context.close()
