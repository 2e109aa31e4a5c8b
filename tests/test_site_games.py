"""The event's games on the website (issue 37): ``tiebreak site --games FILE.pgn`` matches every game of the PGN to a
board of the pairings by round and players (names in another order and case), links it from the round page and
both players' cards, and opens it in a board viewer (cm-chessboard) whose buttons step through the moves; a game
that matches no board is named in a warning; a PGN that cannot be read is an error naming the file and the line.

The games are written here from the bundled Hobsons Bay Cup's pairings (TRF lines of Nos. 2, 3, 4, 16): round 1,
No. 2 Davis (White) beat No. 16 Matijas; round 4, No. 3 Krishnan (White) lost to No. 4 Lingineni.  The position
after 1. e4 is the one every chess program writes (FEN of the FIDE Handbook's notation appendix)."""

from __future__ import annotations

import functools
import http.server
import threading

import pytest
from sources import ROOT

pytest.importorskip("jinja2")
pytest.importorskip("chess")

from tiebreak.cli import main  # noqa: E402

SWISS = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
PGN = """[Event "2025 Hobsons Bay Cup"]
[Round "1"]
[White "Davis, Tony J"]
[Black "MATIJAS Dejan"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0

[Event "2025 Hobsons Bay Cup"]
[Round "4.2"]
[White "Krishnan,Anirudh"]
[Black "Lingineni,Khushal"]
[Result "0-1"]

1. d4 d5 2. c4 e6 0-1

[Event "2025 Hobsons Bay Cup"]
[Round "2"]
[White "Somebody Else"]
[Black "Lingineni,Khushal"]
[Result "1-0"]

1. e4 1-0
"""
AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("games")
    pgn = folder / "games.pgn"
    pgn.write_text(PGN, encoding="utf-8")
    out = folder / "site"
    assert main(["site", str(SWISS), "-o", str(out), "--games", str(pgn)]) == 0
    return out


def test_games_are_matched_and_linked_from_rounds_and_cards(site):
    for lang in ("en", "ru", "uk"):
        assert {p.name for p in (site / lang).glob("game-*.html")} == {"game-1-1.html", "game-4-2.html"}
        assert 'href="game-1-1.html"' in (site / lang / "round-1.html").read_text(encoding="utf-8")
        for card, game in (("player-2", "game-1-1"), ("player-16", "game-1-1"), ("player-3", "game-4-2"),
                           ("player-4", "game-4-2")):
            assert f'href="{game}.html"' in (site / lang / f"{card}.html").read_text(encoding="utf-8"), (lang, card)
    page = (site / "en" / "game-1-1.html").read_text(encoding="utf-8")
    assert ">Bb5<" in page and ">a6<" in page and "1-0" in page
    assert (site / "assets" / "cm-chessboard" / "LICENSE").is_file()
    assert (site / "assets" / "cm-chessboard" / "src" / "Chessboard.js").is_file()


#: the position after 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 (round 1's game), rank 8 first, as White sees it, by hand
AFTER_A6 = ["r.bqkbnr", ".ppp.ppp", "p.n.....", ".B..p...", "....P...", ".....N..", "PPPP.PPP", "RNBQK..R"]


def test_without_script_a_game_page_shows_its_last_position_as_the_live_screen_shows_a_game(site):
    """The game page showed an empty board to a reader without script (the script draws it); it now writes the
    game's last position as the live screen's game cards write theirs, from the same template and style: 64
    squares, the pieces as text, the last move's squares (a7, a6) marked, its FEN and the move beside it."""
    from bs4 import BeautifulSoup

    from tiebreak.render.live_tables import _words, games_part

    fen = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"
    for lang, position in (("en", "Position"), ("ru", "Позиция"), ("uk", "Позиція")):
        page = BeautifulSoup((site / lang / "game-1-1.html").read_text(encoding="utf-8"), "html.parser")
        board = page.select_one("#board .diagram")
        squares = [x.get_text().replace("\ufe0e", "") or "." for x in board.select("span")]
        assert [("".join(squares[k:k + 8])).translate(GLYPH_LETTERS) for k in range(0, 64, 8)] == AFTER_A6, lang
        assert [k for k, x in enumerate(board.select("span")) if "last" in x["class"]] == [8, 16]  # a7, a6
        assert board["aria-label"] == f"{position}: a6" and page.select_one("#fen").get_text() == fen, lang
        assert page.select_one("#ply-text").get_text() == "a6"
        assert page.select_one('link[href="../assets/diagram.css"]') is not None, lang
        # the live screen's card of the same position: the same squares, pieces and marks
        doc = {"live": {"round": 1}, "standings": [], "games": [
            {"round": 1, "board": 1, "white": "A", "black": "B", "result": "1-0", "fen": fen, "moves": ["a6"],
             "last": ["a7", "a6"]}]}
        live = BeautifulSoup(games_part(doc, _words(lang), ""), "html.parser").select_one(".diagram")
        assert live.select("span") == board.select("span"), lang
    assert (site / "assets" / "diagram.css").read_bytes() == (ROOT / "tiebreak" / "web" / "static" /
                                                             "diagram.css").read_bytes()


#: the chess symbols back to FEN's letters
GLYPH_LETTERS = str.maketrans("♔♕♖♗♘♙♚♛♜♝♞♟", "KQRBNPkqrbnp")


def test_an_unmatched_game_is_named_in_a_warning(tmp_path, capsys):
    pgn = tmp_path / "games.pgn"
    pgn.write_text(PGN, encoding="utf-8")
    assert main(["site", str(SWISS), "-o", str(tmp_path / "site"), "--games", str(pgn)]) == 0
    err = capsys.readouterr().err
    assert "1 game of the PGN matches no board" in err and "Somebody Else" in err and "17:" in err


def test_a_bad_pgn_names_its_file_and_line_and_a_huge_one_is_refused(tmp_path, capsys, monkeypatch):
    pgn = tmp_path / "bad.pgn"
    pgn.write_text(PGN.replace("1. d4 d5 2. c4", "1. d4 d5 2. Ke5"), encoding="utf-8")
    assert main(["site", str(SWISS), "-o", str(tmp_path / "a"), "--games", str(pgn)]) != 0
    err = capsys.readouterr().err
    assert "bad.pgn, line 9" in err and "Ke5" in err
    assert not (tmp_path / "a").exists()
    from tiebreak.site import games

    monkeypatch.setattr(games, "PGN_LIMIT", 100)
    pgn.write_text(PGN, encoding="utf-8")
    assert main(["site", str(SWISS), "-o", str(tmp_path / "b"), "--games", str(pgn)]) != 0
    assert "more than the 100 read" in capsys.readouterr().err


@pytest.fixture(scope="module")
def served(site):
    """The site over http on the loopback (the viewer is a module script: browsers load none from file://)."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    handler.log_message = lambda *a: None  # type: ignore[attr-defined]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("width", [390, 1280])
def test_a_game_opens_on_its_board_and_a_move_can_be_stepped(browser, served, width):
    page = browser.new_page(viewport={"width": width, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{served}/en/round-1.html")
    page.click('a[href="game-1-1.html"]')
    page.wait_for_selector('#board svg [data-piece="wp"][data-square="e2"]')
    assert page.text_content("#fen") == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    page.click('[data-step="forward"]')
    page.wait_for_selector('#board svg [data-piece="wp"][data-square="e4"]')
    assert page.text_content("#fen") == AFTER_E4
    assert page.get_attribute("#moves button.move[data-ply='1']", "aria-current") == "step"
    page.click("#moves button.move[data-ply='6']")  # 3... a6
    page.wait_for_selector('#board svg [data-piece="bp"][data-square="a6"]')
    page.click('[data-step="back"]')
    page.wait_for_selector('#board svg [data-piece="wb"][data-square="b5"]')
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert errors == []
    page.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_without_script_the_game_page_draws_its_position_as_a_square_board(browser, served, width):
    """With JavaScript off the game page's box holds the last position as text (the test above), drawn as the live
    screen draws its cards': a square board of 64 squares, no wider than the page."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(f"{served}/en/game-1-1.html")
    assert page.locator("#board svg").count() == 0 and page.locator("#board .diagram span").count() == 64
    box = page.locator("#board .diagram").bounding_box()
    assert box is not None and box["width"] > 100 and abs(box["width"] - box["height"]) < 2
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    context.close()


def test_axe_finds_no_serious_or_critical_violation_on_a_game(browser, served):
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
    page = browser.new_page(viewport={"width": 390, "height": 800})
    found = []
    for lang in ("en", "uk"):
        page.goto(f"{served}/{lang}/game-4-2.html")
        page.wait_for_selector("#board svg")
        found += [(lang, v["id"], v["impact"]) for v in axe.run(page).response["violations"]
                  if v["impact"] in ("serious", "critical")]
    page.close()
    assert not found


def test_a_team_events_games_are_linked_from_its_matches_and_cards(tmp_path, capsys):
    """Example T of the spec (tests/data/team/example-t.trf): in round 1 A1 (No. 1, White) beat B1 (No. 3)."""
    pgn = tmp_path / "teams.pgn"
    pgn.write_text('[Round "1"]\n[White "A1"]\n[Black "B1"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n', encoding="utf-8")
    out = tmp_path / "site"
    assert main(["site", str(ROOT / "tests" / "data" / "team" / "example-t.trf"), "-o", str(out),
                 "--games", str(pgn)]) == 0
    assert "match no board" not in capsys.readouterr().err
    for lang in ("en", "ru", "uk"):
        assert (out / lang / "game-1-1.html").is_file()
        for page in ("round-1.html", "player-1.html", "player-3.html"):
            assert 'href="game-1-1.html"' in (out / lang / page).read_text(encoding="utf-8"), (lang, page)


def test_a_watched_site_with_games_is_a_full_build_after_a_change(tmp_path):
    """A result of round 7 turned round (Nos. 7 and 3): the watched folder, game pages and viewer included, is byte
    for byte what a full build of the new file writes."""
    from tiebreak.app.options import Options
    from tiebreak.site import watch
    from tiebreak.site.build import build_site

    pgn = tmp_path / "games.pgn"
    pgn.write_text(PGN, encoding="utf-8")
    trf = tmp_path / "event.trf"
    lines = SWISS.read_text(encoding="utf-8").split("\n")
    trf.write_text("\n".join(lines), encoding="utf-8")
    out = tmp_path / "site"
    site = build_site(Options(seed=7), [str(trf)], str(out), [], games=str(pgn))
    at = 91 + 60 + 7  # round 7's result column
    row = {int(x[4:8]): k for k, x in enumerate(lines) if x.startswith("001")}
    for n in (7, 3):  # No. 7 lost to No. 3 in round 7 (the file): now won
        lines[row[n]] = lines[row[n]][:at] + {"1": "0", "0": "1"}[lines[row[n]][at]] + lines[row[n]][at + 1:]
    trf.write_text("\n".join(lines), encoding="utf-8")
    watch.update(site, str(trf), [])
    fresh = tmp_path / "fresh"
    build_site(Options(seed=7), [str(trf)], str(fresh), [], games=str(pgn))
    have = {str(p.relative_to(out)): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    want = {str(p.relative_to(fresh)): p.read_bytes() for p in fresh.rglob("*") if p.is_file()}
    assert sorted(have) == sorted(want) and "en/game-4-2.html" in have
    assert [k for k in want if k != "version.json" and have[k] != want[k]] == []


def test_a_game_with_the_colours_the_other_way_round_is_matched_with_a_warning(tmp_path, capsys):
    """The TRF pairs No. 2 Davis with White against No. 16 Matijas in round 1; a PGN that records Matijas with White
    (a board's operator swapped the names) was left off its board.  It is on board 1, shown as the PGN has it
    (Matijas first, the moves as played), with a note on the page and a warning; a second game of the same board is
    named too, never dropped silently."""
    swapped = PGN.replace('[White "Davis, Tony J"]\n[Black "MATIJAS Dejan"]', '[White "MATIJAS Dejan"]\n'
                          '[Black "Davis, Tony J"]')
    again = '\n[Event "x"]\n[Round "1"]\n[White "Davis, Tony J"]\n[Black "Matijas, Dejan"]\n[Result "1-0"]\n\n1. d4 1-0\n'
    pgn = tmp_path / "games.pgn"
    pgn.write_text(swapped + again, encoding="utf-8")
    assert main(["site", str(SWISS), "-o", str(tmp_path / "site"), "--games", str(pgn), "--lang", "uk"]) == 0
    err = capsys.readouterr().err
    assert ("партій PGN з кольорами навпаки порівняно з жеребкуванням: 1; кожну показано на її дошці з кольорами PGN: "
            "1: MATIJAS Dejan - Davis, Tony J (1)") in err
    assert "партій PGN, що є другою партією дошки в жеребкуванні: 1; показано першу: 25: Davis, Tony J" in err
    assert "Somebody Else" in err  # the game of nobody's board: named as before
    page = (tmp_path / "site" / "en" / "game-1-1.html").read_text(encoding="utf-8")
    players = page.split('<p class="players">', 1)[1].split("</p>", 1)[0]
    assert players.index('href="player-16.html"') < players.index('href="player-2.html"')  # Matijas had White
    assert ">Bb5<" in page and ">d4<" not in page  # the first game of the board, not the second
    assert "the pairings have them the other way round" in page
    assert "у жеребкуванні вони навпаки" in (tmp_path / "site" / "uk" / "game-1-1.html").read_text(encoding="utf-8")
    assert 'href="game-1-1.html"' in (tmp_path / "site" / "en" / "player-2.html").read_text(encoding="utf-8")
