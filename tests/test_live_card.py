"""A name on the live screen opens the player's card (issue 38): the event website's card made from the version served
(``/live/cards/EVENT/LANG/player-N.html``; a team event's team: ``team-N.html``), whose running score and place
after every round are what ``tiebreak standings --after-round N`` says (a place drawn by lot marked ``*``, by the
event's own seed, as on every face), which follows the player as results come in (the game in play, then its result
and the new place), in English, Russian and Ukrainian."""

from __future__ import annotations

import json

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
FRIENDSHIP = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"  # bundled in tests/data/shared
#: round 7, board 1: No. 3 Krishnan (White) beat No. 7 Nguyen; the lines end with that round
KRISHNAN, NGUYEN = "     7 w 1", "     3 b 0"


def _in_play(text: str) -> str:
    """Round 7, board 1 still being played: both sides paired, no result yet."""
    return "\n".join(line.rstrip()[:-1] + " " if line.startswith("001") and line.rstrip().endswith((KRISHNAN, NGUYEN))
                     else line for line in text.split("\n"))


def _tables(html: str) -> dict[str, list[list[dict[str, str]]]]:
    parser = Tables()
    parser.feed(html)
    return parser.tables


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, dict[str, object]]:
    assert main(["standings", *args, "--format", "json"]) == 0
    return {str(r["start_no"]): r for r in json.loads(capsys.readouterr().out)["standings"]}


def _written(row: dict[str, object]) -> str:
    """The place as the command line's text writes it: ``5*`` where the lot placed the player."""
    return f"{row['place']}{'*' if row['lot'] is not None else ''}"


def test_the_card_says_what_the_command_line_says_round_by_round_and_follows_the_game(tmp_path, capsys):
    (tmp_path / "Open.trf").write_text(_in_play(EXAMPLE.read_text(encoding="utf-8")), encoding="utf-8")
    hub = LiveHub(tmp_path, database="none")
    try:
        client = TestClient(live_app(hub))
        page = client.get("/live").text
        assert 'href="/live/cards/Open.trf/en/player-7.html"' in page  # the name opens the card
        card = client.get("/live/cards/Open.trf/en/player-7.html")
        assert card.status_code == 200 and "<h1>Nguyen,Anh Kiet</h1>" in card.text
        games = _tables(card.text)["games"]
        heads = [c["text"] for c in games[0]]
        score, place, board = heads.index("Player's score"), heads.index("Player's place"), heads.index("Board")
        # rounds 1 to 6: the player's score and place after each are those of the command line on the file
        for k in range(1, 7):
            row = _cli(capsys, str(EXAMPLE), "--after-round", str(k))["7"]
            assert [games[k][score]["text"], games[k][place]["text"]] == [f"{row['points']:g}", _written(row)], k
        # round 7 in play: the board and the opponent (No. 3 Krishnan, with White on board 1), not yet played
        assert games[7][1]["text"] == "Krishnan,Anirudh" and games[7][board]["text"] == "1"
        assert games[7][2]["text"] == "playing"  # the live screen knows the game is being played
        # the card ranks as the live standings do (the game in play paired: Buchholz counts the opponent already)
        row = next(r for r in client.get("/api/live").json()["standings"] if r["start_no"] == 7)
        assert f"<dt>Place</dt><dd>{_written(row)}</dd>" in card.text and row["rank"] == 1
        for key in ("BH/C1", "BH", "SB"):
            assert f'<span class="value" data-key="{key}">{row["values"][key]:g}</span>' in card.text, key
        # followed at the top of the card: the game in play, its board and colour, the opponent's card linked
        assert ('<dt>Game now or next</dt><dd><a href="player-3.html">round 7, board 1, Black, against '
                'Krishnan,Anirudh</a></dd>') in card.text
        # the result comes: the card follows (7 points now, place 1 as the command line says on the finished file)
        (tmp_path / "Open.trf").write_text(EXAMPLE.read_text(encoding="utf-8").replace(
            KRISHNAN, KRISHNAN[:-1] + "0").replace(NGUYEN, NGUYEN[:-1] + "1"), encoding="utf-8")
        assert hub.events["Open.trf"].update() is not None
        (tmp_path / "final.trf").write_text((tmp_path / "Open.trf").read_text(encoding="utf-8"), encoding="utf-8")
        final = _cli(capsys, str(tmp_path / "final.trf"))["7"]
        card = client.get("/live/cards/Open.trf/en/player-7.html")
        games = _tables(card.text)["games"]
        assert "Game now or next" not in card.text  # played: no game to follow until the next round is paired
        assert [games[7][2]["text"], games[7][score]["text"], games[7][place]["text"]] == \
            ["1", f"{final['points']:g}", _written(final)] == ["1", "7", "1"]
    finally:
        hub.close()


@pytest.mark.parametrize("lang, words", [("ru", ("Очки участника", "Обновляется")), ("uk", ("Очки учасника", "Оновлюється"))])
def test_the_card_in_russian_and_ukrainian(tmp_path, lang, words):
    (tmp_path / "Open.trf").write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    hub = LiveHub(tmp_path, database="none")
    try:
        client = TestClient(live_app(hub))
        card = client.get(f"/live/cards/Open.trf/{lang}/player-7.html").text
        assert f'<html lang="{lang}">' in card and all(w in card for w in words), lang
        assert 'href="../en/player-7.html"' in card and 'href="player-19.html"' in card  # languages, opponents
        assert "Updated as" not in card
    finally:
        hub.close()


def test_a_team_event_opens_the_teams_card_and_the_players(tmp_path, capsys):
    """In a team event a spectator follows a team: the teams' standings open the team's card (its matches, its
    players, its tie-breaks); the players' view (``?players=1``) opens a player's card, which links to the team's."""
    (tmp_path / "cup.trf").write_text(FRIENDSHIP.read_text(encoding="utf-8"), encoding="utf-8")
    hub = LiveHub(tmp_path, database="none")
    try:
        client = TestClient(live_app(hub))
        assert 'href="/live/cards/cup.trf/en/team-3.html"' in client.get("/live").text
        team = client.get("/live/cards/cup.trf/en/team-3.html").text
        winner = _cli(capsys, str(FRIENDSHIP))["3"]
        assert "<dt>Place</dt><dd>1</dd>" in team and winner["rank"] == 1  # as tiebreak standings says
        assert 'href="player-' in team  # its players' cards
        players = client.get("/live", params={"players": "1"}).text
        sno = players.split('href="/live/cards/cup.trf/en/player-')[1].split(".html")[0]
        card = client.get(f"/live/cards/cup.trf/en/player-{sno}.html").text
        assert 'href="team-' in card  # the player's team
        assert client.get("/live/cards/cup.trf/en/team-99.html").status_code == 404
        assert client.get("/live/cards/nothing.trf/en/team-3.html").status_code == 404
        assert client.get("/live/cards/cup.trf/en/index.html").status_code == 404
    finally:
        hub.close()


@pytest.fixture
def served(tmp_path):
    from test_phone import serve_live

    (tmp_path / "Open.trf").write_text(_in_play(EXAMPLE.read_text(encoding="utf-8")), encoding="utf-8")
    with serve_live(tmp_path) as base:
        yield tmp_path, base


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_in_chromium_a_tapped_name_opens_the_card_which_follows_the_result(chromium, served, lang):
    """At 390 px: the leader's name on the live page opens the card (no sideways scroll; axe-core finds no serious or
    critical violation), and the result written into the watched file reaches the open card without a reload."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
    folder, base = served
    page = chromium.new_page(viewport={"width": 390, "height": 800})
    page.goto(f"{base}/live?lang={lang}")
    page.locator("#standings tbody tr:first-child th a").click()
    page.wait_for_url("**/live/cards/Open.trf/*/player-7.html")
    assert page.locator("h1").inner_text() == "Nguyen,Anh Kiet"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    found = [(v["id"], v["impact"]) for v in axe.run(page).response["violations"]
             if v["impact"] in ("serious", "critical")]
    assert not found
    page.wait_for_selector("#main[data-live='1']")  # the card's stream is open
    (folder / "Open.trf").write_text(EXAMPLE.read_text(encoding="utf-8").replace(KRISHNAN, KRISHNAN[:-1] + "0")
                                     .replace(NGUYEN, NGUYEN[:-1] + "1"), encoding="utf-8")
    # No. 7 won round 7: 7 points and first place, in the games table's last row, without a reload
    page.wait_for_function("() => { const r = document.querySelector('#games tbody tr:last-child');"
                           " return r && r.cells[3].textContent.trim() === '7'; }", timeout=15_000)
    page.close()
