"""Live standings (issue 18): ``tiebreak serve --watch FILE`` on a real server, results written into the file while
the round is played, Server-Sent Events, history rows, the arbiter's token, paths that escape the folder.

The event is the bundled 2025 Hobsons Bay Cup with the results of five round-7 games taken out (the games of
players 2, 3, 4, 5 and 14, as the pairing program has them before the results are entered).  Published figures
(Vega's final standings, as in tests/test_web.py): no. 7 first with 6 points and BH/C1 30; no. 3 finished with 5.5
after beating no. 7 in round 7.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import sys
import threading
import time
from pathlib import Path

import pytest
from waits import HANG_GUARD, until

pytest.importorskip("fastapi")
pytest.importorskip("watchfiles")
httpx = pytest.importorskip("httpx")

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
TOKEN = "arbiter-token-for-the-test"
#: round 7 of the example, as the file has it: (white, black, white's result); the games taken out of the file
ROUND7_TAKEN_OUT = [(2, 9, "0"), (3, 7, "1"), (4, 19, "1"), (5, 6, "1"), (14, 18, "1")]
ROUND7 = 91 + 60  # 0-based column of the round-7 block


def _without_results(text: str, games) -> str:
    """The text with the round-7 result of both players of each game blanked (opponent and colour kept)."""
    players = {n for w, b, _ in games for n in (w, b)}
    lines = []
    for line in text.split("\n"):
        if line.startswith("001") and int(line[4:8]) in players:
            line = line[:ROUND7 + 7] + " " + line[ROUND7 + 8:]
        lines.append(line)
    return "\n".join(lines)


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from live import live_server

    folder = tmp_path_factory.mktemp("live")
    path = folder / "open.trf"
    path.write_text(_without_results(EXAMPLE.read_text(), ROUND7_TAKEN_OUT))
    with live_server(path, "--token", TOKEN) as port:
        yield f"http://127.0.0.1:{port}", path


def _row(doc, start_no):
    return next(r for r in doc["standings"] if r["start_no"] == start_no)


def _wait_for_version(base, version, limit=HANG_GUARD):
    """The document once its version is past ``version``, and the seconds that took (None: not within ``limit``, a
    bound on the wait, not a measure: how fast a result shows is timed in benchmarks/live.py)."""
    start = time.monotonic()
    while time.monotonic() - start < limit:
        doc = httpx.get(base + "/api/live").json()
        if doc["live"]["version"] > version:
            return doc, time.monotonic() - start
        time.sleep(0.05)
    return None, None


def _write_and_wait(base, path, text):
    """Write ``text`` into the watched file and wait for the server's version of it (none when it is there already)."""
    if path.read_text() == text:
        return
    version = httpx.get(base + "/api/live").json()["live"]["version"]
    path.write_text(text)
    doc, _ = _wait_for_version(base, version)
    assert doc is not None, "the server made no version of the file written"


class _Events(threading.Thread):
    """Reads the Server-Sent Events of the server (bounded: stops after ``limit`` seconds)."""

    def __init__(self, base, limit=10.0):
        super().__init__(daemon=True)
        self.base, self.limit, self.events, self.ready = base, limit, [], threading.Event()

    def run(self):
        try:
            with httpx.stream("GET", self.base + "/api/live/events", timeout=self.limit) as r:
                kind = None
                started = time.monotonic()
                for line in r.iter_lines():
                    if line.startswith("event: "):
                        kind = line[7:]
                    elif line.startswith("data: "):
                        self.events.append((kind, json.loads(line[6:])))
                        if kind == "hello":
                            self.ready.set()
                    if time.monotonic() - started > self.limit or any(k == "update" for k, _ in self.events):
                        return
        except httpx.HTTPError:
            pass
        finally:
            self.ready.set()


def test_pending_games_are_listed_and_standings_are_as_they_stand(live):
    base, _ = live
    doc = httpx.get(base + "/api/live").json()
    assert doc["live"]["round"] == 7 and doc["live"]["pending"] == 5
    assert sorted((p["white"], p["black"]) for p in doc["pending"]) == [(w, b) for w, b, _ in ROUND7_TAKEN_OUT]
    game = next(g for g in doc["pairings"] if g.get("white") == 3)
    assert game["black"] == 7 and game["pending"] and game["result"] is None
    # no. 7 lost to no. 3 in round 7: 6 points either way; no. 3 has his 5.5 less the win still being played
    assert _row(doc, 7)["points"] == 6 and _row(doc, 3)["points"] == 4.5
    assert _row(doc, 3)["playing"] and _row(doc, 7)["playing"] and _row(doc, 9)["points"] == 5
    # a finished game of round 7 is shown with its result: 8-20 0-1 in the file
    assert next(g for g in doc["pairings"] if g.get("white") == 8)["result"] == "0-1"
    # a player in play never has a settled place; no. 7, alone on 6, can still be caught by no. 9 (5 points, playing)
    assert not any(r["settled"] for r in doc["standings"] if r["playing"]) and not _row(doc, 7)["settled"]


def test_a_result_written_into_the_file_shows_with_an_event(live):
    base, path = live
    before = httpx.get(base + "/api/live").json()["live"]["version"]
    events = _Events(base)
    events.start()
    assert events.ready.wait(5)
    # the pairing program enters 3-7 1-0: both lines rewritten, the file written whole
    text = path.read_text()
    path.write_text(_without_results(EXAMPLE.read_text(), [g for g in ROUND7_TAKEN_OUT if g[0] != 3]))
    assert path.read_text() != text
    doc, took = _wait_for_version(base, before)
    assert doc is not None, "the result did not show"
    assert _row(doc, 3)["points"] == 5.5
    assert next(g for g in doc["pairings"] if g.get("white") == 3)["result"] == "1-0"
    assert (3, 7) not in [(p["white"], p["black"]) for p in doc["pending"]]
    events.join(5)
    updates = [data for kind, data in events.events if kind == "update"]
    assert updates and updates[0]["event"] == "open.trf" and updates[0]["version"] == before + 1
    assert {"round": 7, "start_no": 3, "what": "result", "before": "*", "after": "1"} in updates[0]["changes"]


def test_history_rows_are_written_beside_the_file(live):
    base, path = live
    before = httpx.get(base + "/api/live").json()["live"]["version"]  # read before the file changes
    path.write_text(EXAMPLE.read_text())  # every result entered: the final standings
    doc, _ = _wait_for_version(base, before)
    assert doc is not None
    assert doc["standings"][0]["start_no"] == 7 and doc["standings"][0]["values"]["BH/C1"] == 30
    assert all(r["settled"] for r in doc["standings"]) and doc["pending"] == []
    def written() -> tuple[list[tuple[int, int]], int] | None:  # the version is served first, then written down
        with sqlite3.connect(path.parent / "tiebreak-live.sqlite") as db:
            versions = db.execute("select version, round from live_versions where event = 'open.trf'").fetchall()
            places = db.execute("select count(*) from live_places").fetchone()[0]
        return (versions, places) if len(versions) >= doc["live"]["version"] else None

    versions, places = until(written, "the versions to be written to the database")
    assert [v for v, _ in versions] == list(range(1, doc["live"]["version"] + 1)) and places == 32 * len(versions)
    history = httpx.get(base + "/api/live/history", params={"player": 3}).json()["versions"]
    assert [h["points"] for h in history][:1] == ["4.5"] and history[-1]["points"] == "5.5"


def test_changing_state_needs_the_arbiters_token(live):
    base, _ = live
    assert httpx.post(base + "/api/live/republish", json={"event": "open.trf"}).status_code == 401
    wrong = {"authorization": "Bearer " + TOKEN[:-1] + "x"}
    assert httpx.post(base + "/api/live/republish", json={"event": "open.trf"}, headers=wrong).status_code == 401
    right = {"authorization": "Bearer " + TOKEN}
    r = httpx.post(base + "/api/live/settings", json={"event": "open.trf", "tiebreaks": "PTS,BH/C1,SB"}, headers=right)
    assert r.status_code == 200
    assert httpx.get(base + "/api/live").json()["tiebreaks"] == ["PTS", "BH/C1", "SB"]
    assert httpx.post(base + "/api/live/republish", json={"event": "open.trf"}, headers=right).status_code == 200
    # the public page has no way to change anything: GET only
    assert httpx.post(base + "/api/live", json={}).status_code == 405
    assert httpx.get(base + "/api/live", params={"event": "../open.trf"}).status_code == 404


def _arbiter(base):
    return httpx.get(base + "/api/live/arbiter", headers={"authorization": f"Bearer {TOKEN}"}).json()[0]


def test_a_half_written_file_keeps_the_last_good_version(live):
    """The reason is the arbiter's (issue 28: never an internal parse error on the public banner); the viewers keep
    the last good version and are told nothing while the file is being written."""
    base, path = live
    good = httpx.get(base + "/api/live").json()
    text = EXAMPLE.read_text()
    path.write_text(text[:len(text) // 2])  # the pairing program is writing: half the players, a line cut short
    until(lambda: _arbiter(base)["held"], "the file to be held back")
    held = _arbiter(base)["held"]
    assert held and not held["reads"] and "could not be read" in held["reason"]
    doc = httpx.get(base + "/api/live").json()
    assert doc["live"]["warning"] is None and doc["live"]["version"] == good["live"]["version"]
    assert len(doc["standings"]) == 32
    assert httpx.get(base + "/api/live/arbiter").status_code == 401  # the reason is for the arbiter only
    path.write_text(text + "\n")  # written to the end
    doc, _ = _wait_for_version(base, good["live"]["version"])
    assert doc is not None and doc["live"]["warning"] is None and _arbiter(base)["held"] is None


def test_a_file_cut_before_its_last_game_never_becomes_a_published_version(live):
    """Every player line present, the file cut a few bytes before its end: the last line loses its round-7 block, so
    the last game being played is listed by one side only and drops out of the pending games; the file reads
    cleanly.  It is held back, then the whole file is written: the cut file was never a version (issue 29)."""
    base, path = live
    example = EXAMPLE.read_text()
    last_line = [x for x in example.split("\n") if x.startswith("001")][-1]
    last_game = (int(last_line[4:8]), int(last_line[ROUND7:ROUND7 + 4]), "?")  # the last line's round-7 game
    whole = _without_results(example, ROUND7_TAKEN_OUT + [last_game])  # being played too
    _write_and_wait(base, path, whole)
    good = httpx.get(base + "/api/live").json()
    lines = whole.rstrip("\n").split("\n")
    last = max(k for k, x in enumerate(lines) if x.startswith("001"))
    assert lines[last][ROUND7:].strip()  # the last player line has a round-7 block
    cut = "\n".join(lines[:last] + [lines[last][:ROUND7 + 2]])  # a few bytes before the end
    from tiebreak.formats import trf

    assert len(trf.loads(cut).players) == len(trf.loads(whole).players)  # it reads, every player present
    path.write_text(cut)
    until(lambda: _arbiter(base)["held"], "the file to be held back")
    held = _arbiter(base)["held"]
    assert held and held["reads"] and "no longer in the file" in held["reason"]
    doc = httpx.get(base + "/api/live").json()
    assert doc["live"]["version"] == good["live"]["version"] and doc["live"]["warning"] is None
    path.write_text(whole + "\n")  # the writer finishes
    doc, _ = _wait_for_version(base, good["live"]["version"])
    assert doc is not None and doc["live"]["pending"] == good["live"]["pending"]
    kept = httpx.get(base + "/api/live/history", params={"player": 1}).json()["versions"]
    assert [v["version"] for v in kept if v["version"] > good["live"]["version"]] == [good["live"]["version"] + 1]
    assert doc["live"]["digest"] == hashlib.blake2b((whole + "\n").encode(), digest_size=16).hexdigest()


def test_paths_that_escape_the_folder_are_refused(tmp_path):
    from fastapi.testclient import TestClient

    from tiebreak.live.folder import inside
    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    outside = tmp_path / "outside.trf"
    outside.write_text(EXAMPLE.read_text())
    folder = tmp_path / "hall"
    folder.mkdir()
    (folder / "open.trf").write_text(EXAMPLE.read_text())
    (folder / "escape.trf").symlink_to(outside)
    (folder / "sub").mkdir()
    (folder / "sub" / "up.trf").symlink_to("../../outside.trf")
    assert inside(folder, Path("open.trf")) == "open.trf"
    assert inside(folder, folder / "escape.trf") is None
    assert inside(folder, folder / "sub" / "up.trf") is None
    assert inside(folder, Path("../outside.trf")) is None
    assert inside(folder, folder / "sub" / ".." / ".." / "outside.trf") is None
    hub = LiveHub(folder, database="none")
    client = TestClient(live_app(hub))
    assert [e["event"] for e in client.get("/api/live/list").json()] == ["open.trf"]
    for name in ("escape.trf", "../outside.trf", str(outside), "sub/up.trf"):
        assert client.get("/api/live", params={"event": name}).status_code == 404


def test_several_events_in_a_folder(tmp_path):
    from fastapi.testclient import TestClient

    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    (tmp_path / "a.trf").write_text(EXAMPLE.read_text())
    (tmp_path / "b.trf").write_text(_without_results(EXAMPLE.read_text(), ROUND7_TAKEN_OUT))
    client = TestClient(live_app(LiveHub(tmp_path, database="none")))
    assert [e["event"] for e in client.get("/api/live/list").json()] == ["a.trf", "b.trf"]
    assert client.get("/api/live", params={"event": "b.trf"}).json()["live"]["pending"] == 5
    assert client.get("/api/live", params={"event": "a.trf"}).json()["live"]["pending"] == 0
    cross = client.get("/api/live/crosstable", params={"event": "b.trf"}).json()["rows"]
    # no. 7's rounds as the file has them: 19 b 1, 14 w 1, 9 b 1, 2 w 1, 4 b 1, 5 w 1, then 3 b being played
    seven = next(r for r in cross if r["start_no"] == 7)["rounds"]
    assert [(c["opponent"], c["colour"], c["result"]) for c in seven] == [
        (19, "b", "1"), (14, "w", "1"), (9, "b", "1"), (2, "w", "1"), (4, "b", "1"), (5, "w", "1"), (3, "b", "*")]


def test_live_odds_of_a_round_being_played(tmp_path):
    """Five round-7 games being played: the odds come off the request path (null until they are computed), then
    /api/live carries them: every one of the 3**5 = 243 outcomes ranked, each place's chances adding up to 1 over the
    players."""
    from fastapi.testclient import TestClient

    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    (tmp_path / "open.trf").write_text(_without_results(EXAMPLE.read_text(), ROUND7_TAKEN_OUT))
    (tmp_path / "done.trf").write_text(EXAMPLE.read_text())
    client = TestClient(live_app(LiveHub(tmp_path, database="none")))
    odds = until(lambda: client.get("/api/live", params={"event": "open.trf"}).json()["odds"], "the live odds",
                 every=0.1)
    assert odds["method"] == "exact" and odds["outcomes"] == 243 and odds["games"] == 5
    players = odds["players"]  # every player, with the chances of every place he can reach (from his best)
    assert odds["participants"] == len(players) == len(_without_results(EXAMPLE.read_text(), []).split("\n001")) - 1
    assert odds["top"] == 3 and all(len(p["places"]) == p["worst"] - p["best"] + 1 for p in players)
    chance = {(p["start_no"], p["best"] + k): x for p in players for k, x in enumerate(p["places"])}
    for place in range(1, len(players) + 1):
        assert sum(chance.get((p["start_no"], place), 0) for p in players) == pytest.approx(1, abs=1e-9)
    for p in players:
        assert sum(p["places"]) == pytest.approx(1, abs=1e-9)
        assert p["first"] == chance.get((p["start_no"], 1), 0)
        assert p["top"] == pytest.approx(sum(chance.get((p["start_no"], k), 0) for k in (1, 2, 3)), abs=1e-12)
    # the finished event has no pending game: no odds
    assert client.get("/api/live", params={"event": "done.trf"}).json()["odds"] is None


def test_settled_places_by_hand():
    import numpy as np

    from tiebreak.live.pending import settled

    # points in half-points: 5, 4.5, 4, 4, 3; the player on 3 plays (can reach 4); the 4.5 plays (can reach 5.5)
    points, gain = np.array([10, 9, 8, 8, 6]), np.array([0, 2, 0, 0, 2])
    # 5 can be reached by the 4.5 -> provisional; the two 4s are tied -> provisional; 4.5 and 3 play
    assert settled(points, gain).tolist() == [False, False, False, False, False]
    assert settled(np.array([10, 8, 6]), np.array([0, 0, 1])).tolist() == [True, True, False]


def test_two_hundred_clients_small_version(tmp_path):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from live import load_test

    path = tmp_path / "event.trf"
    path.write_text(EXAMPLE.read_text())
    delays = load_test(path, clients=10, updates=2, limit=30.0)  # a bound on the wait; the timings are benchmarks/live.py's
    assert len(delays) == 20 and all(d != float("inf") for d in delays)  # every client got every version


def test_a_restarted_server_continues_the_history(tmp_path):
    from tiebreak.live.watch import LiveHub

    path = tmp_path / "open.trf"
    path.write_text(_without_results(EXAMPLE.read_text(), ROUND7_TAKEN_OUT))
    first = LiveHub(path)
    first.events["open.trf"].update(EXAMPLE.read_text().encode())  # the results entered: version 2
    first.close()
    path.write_text(EXAMPLE.read_text())
    again = LiveHub(path)  # same file as the database's last version: still version 2, nothing recorded twice
    e = again.events["open.trf"]
    assert e.version == 2 and e.document["live"]["pending"] == 0 and e.crosstable()
    assert [h["version"] for h in again.history.player("open.trf", 3)] == [1, 2]
    again.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_live_page_on_a_phone_and_a_wide_screen(live, chromium, width, tmp_path):
    base, path = live
    shots = os.environ.get("TIEBREAK_SHOTS")  # a folder to keep the screenshots in, to look at them
    tmp_path = Path(shots) if shots else tmp_path
    # start from the finished file whatever the tests before left (run alone, the file is still the open round, and
    # writing the same text again makes no new version: the server keeps a version per distinct content)
    _write_and_wait(base, path, EXAMPLE.read_text())
    page = chromium.new_page(viewport={"width": width, "height": 800})
    page.goto(base + "/live?lang=uk")
    page.wait_for_function("document.querySelectorAll('#standings tbody tr').length === 32", timeout=15_000)
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways page scroll
    first = page.locator("#standings tbody tr").first.inner_text()
    assert "Nguyen" in first
    assert page.locator("#pairings thead").inner_text().split()[:2] == ["Д.", "Білі"]  # the website round page's headings
    # the time of the version as a Ukrainian reader writes it (13:05:09), not the browser's English (1:05:09 PM)
    assert not any(x in page.locator("#stamp").inner_text() for x in ("AM", "PM"))
    # a result entered while the page is open shows without reloading
    version = httpx.get(base + "/api/live").json()["live"]["version"]
    path.write_text(_without_results(EXAMPLE.read_text(), ROUND7_TAKEN_OUT))
    page.wait_for_function(f"document.getElementById('stamp').textContent.includes('{version + 1}')", timeout=5_000)
    page.wait_for_function("document.querySelectorAll('#pairings .pending').length === 5", timeout=5_000)
    # the odds come a little later (the page asks again while they are missing): chances in per cent, in Ukrainian
    page.wait_for_function("!document.getElementById('odds-section').hidden", timeout=30_000)
    # headed as `tiebreak odds --lang uk` and the website's odds page head theirs: first place, the top 3, the places
    # reached (every outcome of the 5 games counted: best-worst, not "seen")
    assert page.locator("#odds thead").inner_text().strip().split("\t")[1:] == ["1.", "перші 3", "найкраще-найгірше"]
    first_row = page.locator("#odds tbody tr").first
    assert first_row.locator("td").nth(1).inner_text().endswith("%")
    # every place the player can reach, folded under its range: opened, each place with its chance
    first_row.locator("summary").click()
    assert all(x.endswith("%") for x in first_row.locator("li").all_inner_texts())
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(tmp_path / f"live-{width}.png"), full_page=True)
    page.close()
    path.write_text(EXAMPLE.read_text())
    _wait_for_version(base, version + 1)


def test_the_board_order_kept_between_versions_is_the_order_made_afresh(tmp_path):
    """A result of the round changes the results on the boards, not their order; a result of an earlier round changes
    the standings before the round, and the order is made again (each version against a fresh reading)."""
    import sys

    from tiebreak.engine.standings import compute_standings
    from tiebreak.formats import trf
    from tiebreak.live.event import LiveEvent
    from tiebreak.live.grid import pairings

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from live import flip

    path = tmp_path / "open.trf"
    text = (Path(__file__).resolve().parents[1] / "examples" / "hobsons-bay-cup-2025.trf").read_text()
    path.write_text(text)
    event = LiveEvent("open.trf", path)
    event.update()
    rounds = event.document["live"]["round"]
    for start_no, round_no in [(3, rounds), (5, rounds), (3, rounds), (2, 1), (7, rounds)]:
        text = flip(text, start_no, round_no)
        path.write_text(text)
        assert event.update() is not None
        t = trf.load(path)
        before = compute_standings(t, None, after_round=rounds - 1, lots=False)
        assert event.document["pairings"] == pairings(t, rounds, before)


@pytest.mark.parametrize("lang, words", [
    ("en", "2 files not watched (notes.txt, prizes.json): not a tournament file"),
    ("ru", "файлы не отслеживаются (всего 2: notes.txt, prizes.json)"),
    ("uk", "файли не відстежуються (усього 2: notes.txt, prizes.json)")])
def test_an_arbiters_notes_beside_the_event_files_are_passed_over_with_one_message(tmp_path, lang, words):
    """A folder of an arbiter's files: the event, a TRF that does not read (its records are TRF's: held back with its
    reason, as any event file), notes in a ``.txt``, a ``.json`` that is no Chess-JSON, and an empty ``.txt`` being
    written.  The notes are passed over with one message naming them (before, each was an event held back with its
    error); a note that becomes a TRF is watched."""
    from tiebreak.live.watch import LiveHub
    from tiebreak.render.i18n import message

    (tmp_path / "open.trf").write_text(EXAMPLE.read_text())
    (tmp_path / "broken.trf").write_text("012 Club open\n001 this line is cut")
    (tmp_path / "notes.txt").write_text("Round 3 starts at 10:00.\nArbiter: J. Smith\n")
    (tmp_path / "prizes.json").write_text('{"prizes": [300, 200, 100]}')
    (tmp_path / "draft.txt").write_bytes(b"")
    hub = LiveHub(tmp_path, database="none")
    try:
        assert sorted(hub.events) == ["broken.trf", "open.trf"]
        assert hub.events["open.trf"].version == 1
        broken = hub.events["broken.trf"]
        assert broken.version == 0 and broken.held is not None and "could not be read" in broken.held["reason"]
        said = [message(m, lang) for m in hub.folder.passed_over()]
        assert len(said) == 1 and said[0].startswith(words)
        (tmp_path / "notes.txt").write_text(EXAMPLE.read_text())  # the notes' name given to the event's file
        hub.scan()
        assert sorted(hub.events) == ["broken.trf", "notes.txt", "open.trf"] and hub.events["notes.txt"].version == 1
        assert [message(m, "en") for m in hub.folder.passed_over()] == [
            "1 file not watched (prizes.json): not a tournament file in the format its ending names (a TRF has "
            "012 and 001 lines, a Chess-JSON file its tournaments); it is watched once it is one"]
    finally:
        hub.close()


def test_a_folder_with_a_built_site_watches_the_event_files_only(tmp_path):
    """An organiser keeps the website (``tiebreak site``) beside the event file: its 150 pages, its search.json and its
    downloads (standings.trf, standings.xlsx) were each read as an event (a page held back as 'no round columns', the
    download published as a second event).  Only the event file is watched; what is passed over is said, in the
    user's language; a site built while the server runs is passed over too."""
    from tiebreak.cli import main
    from tiebreak.live.watch import LiveHub
    from tiebreak.render.i18n import message

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from live import live_server

    folder = tmp_path / "hall"
    folder.mkdir()
    event = folder / "open.trf"
    event.write_text(_without_results(EXAMPLE.read_text(), ROUND7_TAKEN_OUT))
    assert main(["site", str(event), "-o", str(folder / "site")]) == 0
    assert (folder / "site" / "downloads" / "standings.trf").is_file()
    (folder / "notes.html").write_text("<table><tr><td>1</td></tr></table>")
    hub = LiveHub(folder, database="none")
    assert list(hub.events) == ["open.trf"]
    said = [message(m, "uk") for m in hub.folder.passed_over()]
    assert said == ["site — сайт, записаний tiebreak site: його сторінки й файли для завантаження не турніри і не "
                    "відстежуються",
                    "вебсторінки не відстежуються (усього 1: notes.html): вебсторінка не файл програми жеребкування; "
                    "щоб стежити за нею, вкажіть її одну в --watch"]
    hub.close()
    with live_server(folder, "--database", "none") as port:
        base = f"http://127.0.0.1:{port}"
        assert [e["event"] for e in httpx.get(base + "/api/live/list").json()] == ["open.trf"]
        assert main(["site", str(event), "-o", str(folder / "later")]) == 0  # a site made while the server runs
        version = httpx.get(base + "/api/live").json()["live"]["version"]
        event.write_text(EXAMPLE.read_text())  # then a result: the server has seen the new site's files before it
        assert _wait_for_version(base, version)[0] is not None
        listed = httpx.get(base + "/api/live/list").json()
        assert [(e["event"], e["warning"]) for e in listed] == [("open.trf", None)]


def test_a_watched_file_removed_is_held_back_naming_it(tmp_path):
    """Two events in a folder; the pairing program removes one (or renames it away): the change was passed over (the
    path no longer names a file inside the folder), so the page kept the event without a word.  It is read again:
    held back, the arbiter told that the file is not there, the last good version still served."""
    from tiebreak.live.watch import LiveHub

    for name in ("a.trf", "b.trf"):
        (tmp_path / name).write_text(EXAMPLE.read_text())
    hub = LiveHub(tmp_path, database="none")
    (tmp_path / "b.trf").unlink()
    assert hub.folder.changed_names([str(tmp_path / "b.trf")]) == ["b.trf"]
    hub.update("b.trf")
    state = hub.events["b.trf"].state()
    assert state["version"] == 1 and state["held"]["reason"] == "the file is not there"
    assert hub.events.shown("b.trf") is not None and hub.events["a.trf"].held is None
    hub.close()
