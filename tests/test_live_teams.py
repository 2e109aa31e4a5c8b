"""Live standings of a team event: the teams ranked as they stand, the team matches of the round, the players' view
kept behind ``?players=1``.

A small event written by hand: teams A (players 1, 2), B (3, 4), C (5, 6), D (7, 8), two boards, match points
2/1/0 (TRF-2026 record 362 default).  Round 1: A-B 1½-½ (1-3 1-0, 2-4 ½-½), C-D 0-2 (5-7 0-1, 6-8 0-1).
Round 2: B-C 1½-½ (3-5 ½-½, 4-6 1-0), A-D with board 1 won by A (1-7 1-0) and board 2 (8-2) still being played.

By hand, as it stands (a pending match gives no match points; its finished boards count in the game points):
A MP 2+0 = 2, GP 1½+1 = 2½; B MP 0+2 = 2, GP ½+1½ = 2; C MP 0, GP 0+½ = ½; D MP 2+0 = 2, GP 2+0 = 2.
Then 8-2 1-0 is entered: A-D 1-1, a drawn match: A MP 3, GP 2½; D MP 3, GP 3; so D first, A second.
"""

from __future__ import annotations

import contextlib
import sys
import time
from pathlib import Path

import pytest
from sources import CORPUS

pytest.importorskip("fastapi")
pytest.importorskip("watchfiles")
httpx = pytest.importorskip("httpx")

ROOT = Path(__file__).resolve().parents[1]
FRIENDSHIP = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"  # bundled in tests/data/shared
#: start number -> (opponent, colour, result) in rounds 1 and 2 ("" = being played)
GAMES = {1: [(3, "w", "1"), (7, "w", "1")], 2: [(4, "b", "="), (8, "b", "")],
         3: [(1, "b", "0"), (5, "w", "=")], 4: [(2, "w", "="), (6, "b", "1")],
         5: [(7, "w", "0"), (3, "b", "=")], 6: [(8, "b", "0"), (4, "w", "0")],
         7: [(5, "b", "1"), (1, "b", "0")], 8: [(6, "w", "1"), (2, "w", "")]}
TEAMS = {"A": (1, 2), "B": (3, 4), "C": (5, 6), "D": (7, 8)}


def event_text(board_8_2: str = "") -> str:
    """The hand-made team event; ``board_8_2`` the result of no. 8 against no. 2 in round 2 ("" being played)."""
    games = dict(GAMES)
    if board_8_2:
        other = {"1": "0", "0": "1", "=": "="}[board_8_2]
        games[8] = [games[8][0], (2, "w", board_8_2)]
        games[2] = [games[2][0], (8, "b", other)]
    lines = ["012 Hand-made team cup", "092 Team Swiss System", "142 2"]
    for n, rounds in games.items():
        blocks = "".join(f"{o:>4} {c} {r or ' '}  " for o, c, r in rounds)
        lines.append(f"001 {n:>4}      Player {n}".ljust(91) + blocks.rstrip())
    for name, members in TEAMS.items():
        lines.append("013 " + name.ljust(32) + "".join(f"{m:>4} " for m in members).rstrip())
    return "\n".join(lines) + "\n"


def _teams(doc):
    return {r["name"]: (r["rank"], r["points"], r["values"]["MPVGP"]) for r in doc["standings"]}


def _wait_for_version(base, version, limit=10.0):
    start = time.monotonic()
    while time.monotonic() - start < limit:
        doc = httpx.get(base + "/api/live").json()
        if doc["live"]["version"] > version:
            return doc
        time.sleep(0.05)
    return None


@contextlib.contextmanager
def _serving(folder: Path):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from live import live_server

    (folder / "cup.trf").write_text(event_text())
    with live_server(folder, "--database", "none") as port:
        yield f"http://127.0.0.1:{port}", folder / "cup.trf"


@pytest.fixture()
def server(tmp_path):
    """A server of its own, for a test that writes a result into the file."""
    with _serving(tmp_path) as served:
        yield served


@pytest.fixture(scope="module")
def shown(tmp_path_factory):
    """One server for the tests that only look (the file as written, never changed)."""
    with _serving(tmp_path_factory.mktemp("shown")) as served:
        yield served


def test_a_team_event_ranks_its_teams_and_follows_a_board_result(server):
    base, path = server
    doc = httpx.get(base + "/api/live?event=cup.trf").json()
    assert doc["tournament"]["teams"] and doc["live"]["view"] == "teams" and doc["live"]["team_event"]
    teams = _teams(doc)
    # by hand (module docstring): A 2 MP 2½ GP first; B and D 2 MP 2 GP; C 0 MP ½ GP last
    assert teams["A"] == (1, 2, 2.5) and teams["C"][1:] == (0, 0.5) and teams["C"][0] == 4
    assert teams["B"][1:] == teams["D"][1:] == (2, 2)
    assert doc["live"]["pending"] == 1 and doc["live"]["matches_pending"] == 1
    match = next(m for m in doc["pairings"] if m["white"] == 1)  # team A's number is 1 (first 013 record)
    assert (match["black"], match["white_gp"], match["black_gp"], match["pending"], match["result"]) == (4, "1", "0", 1,
                                                                                                         None)
    finished = next(m for m in doc["pairings"] if m["white"] == 2)
    assert (finished["black"], finished["result"]) == (3, "1.5 – 0.5")
    # B won 1½-½: the match's 2 match points to 0 (C.07 11.1.1), as the site's round page counts them; none while
    # a board of A-D is played
    assert (finished["white_mp"], finished["black_mp"]) == ("2", "0") and match["white_mp"] is None
    row = {r["name"]: r for r in doc["standings"]}
    assert row["A"]["playing"] and row["D"]["playing"] and not row["B"]["playing"]
    # C alone on 0 and nobody can come down to it: settled; B on 2 can be passed by A or D (2, playing for 2 more)
    assert row["C"]["settled"] and not row["B"]["settled"] and not row["A"]["settled"]
    # the teams' odds, off the request path. By hand: the one pending board (8-2) decides; a win or a draw for A's
    # player 2 wins A the match (MP 4, first); a win for 8 draws it 1-1 and D is first on game points 3 to 2½.
    # Equal model: A first 2/3, D first 1/3, B and C never.
    deadline = time.monotonic() + 60
    while (odds := httpx.get(base + "/api/live?event=cup.trf").json()["odds"]) is None:
        assert time.monotonic() < deadline, "no team odds within 60 s"
        time.sleep(0.1)
    assert odds["team"] is True and odds["method"] == "exact" and odds["outcomes"] == 3
    first = {p["name"]: p["first"] for p in odds["players"]}  # every team, with every place it can reach
    assert first == pytest.approx({"A": 2 / 3, "D": 1 / 3, "B": 0, "C": 0})
    assert next(p for p in odds["players"] if p["name"] == "C")["places"] == [1.0]  # 4th whatever happens
    # the players' view is still there
    players = httpx.get(base + "/api/live?event=cup.trf&players=1").json()
    assert players["live"]["view"] == "players" and len(players["standings"]) == 8
    assert next(r for r in players["standings"] if r["start_no"] == 1)["points"] == 2

    version = doc["live"]["version"]
    path.write_text(event_text("1"))  # 8-2 1-0: A-D 1-1
    doc = _wait_for_version(base, version)
    assert doc is not None, "the board result did not show"
    teams = _teams(doc)
    assert teams["D"] == (1, 3, 3) and teams["A"] == (2, 3, 2.5) and teams["B"] == (3, 2, 2) and teams["C"] == (4, 0, 0.5)
    assert doc["live"]["matches_pending"] == 0 and all(r["settled"] for r in doc["standings"])
    row = {r["name"]: r for r in doc["standings"]}
    assert row["D"]["moved"] > 0 and row["A"]["moved"] == -1
    assert next(m for m in doc["pairings"] if m["white"] == 1)["result"] == "1 – 1"
    cross = httpx.get(base + "/api/live/crosstable?event=cup.trf").json()["rows"]
    assert [(r["name"], [c["result"] for c in r["rounds"]]) for r in cross][0] == ("D", ["2", "1"])


def test_the_friendship_cup_live_is_its_fifteen_teams(tmp_path):
    from fastapi.testclient import TestClient

    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    (tmp_path / "cup.trf").write_bytes(FRIENDSHIP.read_bytes())
    doc = TestClient(live_app(LiveHub(tmp_path, database="none"))).get("/api/live").json()
    # the published final standings (friendship-cup-2024.expected.csv): 15 teams, ΟΑΑΗ 11 MP 24.5 GP, ΟΑΧ 10 / 23.5
    assert len(doc["standings"]) == 15
    assert [(r["name"], r["points"], r["values"]["MPVGP"]) for r in doc["standings"][:2]] == [("ΟΑΑΗ", 11, 24.5),
                                                                                            ("ΟΑΧ", 10, 23.5)]


@pytest.mark.parametrize("width", [390, 1280])
def test_the_team_live_page_on_a_phone_and_a_wide_screen(shown, chromium, width):  # noqa: F811
    import os

    base, _ = shown
    shots = os.environ.get("TIEBREAK_SHOTS")  # a folder to keep the screenshots in, to look at them
    page = chromium.new_page(viewport={"width": width, "height": 800})
    page.goto(base + "/live?event=cup.trf&lang=ru")
    page.wait_for_function("document.querySelectorAll('#standings tbody tr').length === 4", timeout=15_000)
    first = page.locator("#standings tbody tr").first  # rank, name and points first (they stay on a phone)
    assert [first.locator(c).inner_text() for c in (".rank", ".name", ".state")] == ["1", "A", "●"]  # A plays on
    # a match is headed by its table, its match points and game points, as the site's round page heads it
    assert page.locator("#pairings thead").inner_text().split() == ["Ст.", "Команда", "МО", "ИО", "Команда"]
    match = page.locator("#pairings tbody tr.pending")  # A-D, 1-0 so far, one board being played: no match points yet
    cells = match.inner_text().split("\t")
    assert match.count() == 1 and cells[2] == "–" and cells[3].split() == ["1", "–", "0", "играется", "досок:", "1"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if shots:
        page.screenshot(path=str(Path(shots) / f"live-teams-{width}.png"), full_page=True)
    page.locator("#view").click()  # the players of the event
    page.wait_for_function("document.querySelectorAll('#standings tbody tr').length === 8", timeout=5_000)
    assert page.locator("#view").inner_text() == "Команды"
    page.close()


def test_the_arbiter_sets_a_team_list_for_a_team_event(tmp_path):
    from fastapi.testclient import TestClient

    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    (tmp_path / "cup.trf").write_text(event_text("1"))
    client = TestClient(live_app(LiveHub(tmp_path, database="none", token="t0ken")))
    auth = {"Authorization": "Bearer t0ken"}
    # game points first (by hand, module docstring, after 8-2 1-0): D 3, A 2½, B 2, C ½
    r = client.post("/api/live/settings", json={"event": "cup.trf", "tiebreaks": "GP,MP"}, headers=auth)
    assert r.status_code == 200 and r.json()["warning"] is None
    doc = client.get("/api/live").json()
    assert doc["tiebreaks"] == ["GP", "MP"]
    assert [(x["name"], x["points"]) for x in doc["standings"]] == [("D", 3), ("A", 2.5), ("B", 2), ("C", 0.5)]
    r = client.post("/api/live/settings", json={"event": "cup.trf", "tiebreaks": "MP,XYZ"}, headers=auth)
    assert r.status_code == 400 and "XYZ" in r.json()["error"]


@pytest.mark.parametrize("lang, not_paired", [("en", "not paired"), ("ru", "не участвовал в туре"),
                                                    ("uk", "не брав участі в турі")])
def test_a_team_not_paired_is_said_without_game_points(tmp_path, lang, not_paired):
    """Teams E (players 9, 10) and F (11, 12) added to the hand-made cup without a game: four teams play, these two
    are not paired in either round.  They played nothing, so the live screen says "not paired" as the site's round
    page does, with no "(0)" of game points beside it (the document's ``gp`` is null)."""
    from fastapi.testclient import TestClient

    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    absent = "".join(f"001 {n:>4}      Player {n}\n" for n in range(9, 13)) + "013 E   9  10\n013 F  11  12\n"
    (tmp_path / "cup.trf").write_text(event_text("=") + absent, encoding="utf-8")
    client = TestClient(live_app(LiveHub(tmp_path, database="none")))
    doc = client.get("/api/live").json()
    byes = [g for g in doc["pairings"] if g.get("board") is None]
    assert sorted((g["start_no"], g["kind"], g["gp"]) for g in byes) == [(5, "", None), (6, "", None)]
    tables = client.get("/live/tables", params={"lang": lang}).text
    assert f">{not_paired}<" in tables and f"{not_paired} (0)" not in tables
