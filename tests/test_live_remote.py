"""A broadcast followed at its address: a local HTTP server serves the UzChess Cup 2025's PGN growing move by move
(tests/test_live_broadcast.py's replay), with ETag and Last-Modified; ``serve --watch http://…`` asks it politely."""

from __future__ import annotations

import contextlib
import email.utils
import hashlib
import json
import sys
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

pytest.importorskip("chess")

from test_live_broadcast import MOVES, _game, _games  # noqa: E402
from waits import until  # noqa: E402

from tiebreak.cli import main  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
#: the games of round 1 followed move by move (the rest of the event comes finished)
MOVE_BY_MOVE = 2


class Relay:
    """What the relay serves now, and what it was asked: every request's conditional headers and its answer."""

    def __init__(self) -> None:
        self.body = b""
        self.modified = time.time()
        self.asked: list[tuple[str | None, str | None, int]] = []
        self.lock = threading.Lock()

    def set(self, text: str) -> None:
        with self.lock:
            self.body = text.encode("utf-8")
            self.modified = time.time()

    def etag(self) -> str:
        return '"' + hashlib.sha256(self.body).hexdigest()[:16] + '"'


@contextlib.contextmanager
def relay_server(relay: Relay):
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the standard library's name
            with relay.lock:
                body, etag = relay.body, relay.etag()
                modified = email.utils.formatdate(relay.modified, usegmt=True)
            match = self.headers.get("If-None-Match") == etag
            code = 304 if match else 200
            relay.asked.append((self.headers.get("If-None-Match"), self.headers.get("If-Modified-Since"), code))
            self.send_response(code)
            self.send_header("ETag", etag)
            self.send_header("Last-Modified", modified)
            if code == 200:
                self.send_header("Content-Type", "application/x-chess-pgn")
                self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if code == 200:
                self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/round-1/games.pgn", server
    finally:
        server.shutdown()
        server.server_close()


def test_the_address_is_asked_with_conditional_requests_within_its_bounds(tmp_path):
    from tiebreak.live.remote import UNREACHABLE, RemotePgn

    relay = Relay()
    games = _games()
    relay.set(_game(games[0], 2, finished=False))
    with relay_server(relay) as (url, server):
        remote = RemotePgn(url, interval=0.5, limit=4096, folder=tmp_path)
        now = [0.0]
        remote.clock = lambda: now[0]  # the spacing's clock, moved on by the test: no waiting on the real one
        assert remote.poll() is True and remote.path == tmp_path / "games.pgn"
        assert remote.path.read_bytes() == relay.body and remote.status is None
        assert remote.poll() is False and remote.requests == 1  # not due yet: no request at all
        now[0] += remote.due()  # until the next request may be made
        assert remote.poll() is False  # unchanged: the relay answered 304, nothing written
        assert relay.asked[0] == (None, None, 200)
        assert relay.asked[1][0] == relay.etag() and relay.asked[1][1] is not None and relay.asked[1][2] == 304
        relay.set(_game(games[0], 3, finished=False))
        now[0] += remote.due()  # until the next request may be made
        assert remote.poll() is True and remote.path.read_bytes() == relay.body and relay.asked[2][2] == 200
        # a body larger than the bound is not kept: the last one stays, and the status says why
        relay.set("x" * 5000)
        now[0] += remote.due()  # until the next request may be made
        assert remote.poll() is False and "larger than" in remote.status
        assert remote.path.read_text() == _game(games[0], 3, finished=False)
        # after a failure the next request waits longer than the interval (twice as long)
        assert remote.due() > 0.5
    # the relay is gone: the status says the address cannot be read
    now[0] += remote.due()
    assert remote.poll() is False and remote.status is not None
    assert UNREACHABLE.startswith("the broadcast's address cannot be reached")


def _refused(capsys, *argv: str) -> str:
    """``tiebreak ARGV`` run in this process (the refusal is the command's, not the process's: no program started,
    13 s each on a loaded machine): exit status 2 and the message, which is returned (a traceback would fail here)."""
    assert main(list(argv)) == 2
    return capsys.readouterr().err


@pytest.mark.parametrize("url, why", [("ftp://example.org/games.pgn", "only http:// and https://"),
                                      ("file:///etc/passwd", "only http:// and https://"),
                                      ("https:///games.pgn", "has no host")])
def test_other_schemes_are_refused_and_the_reason_said(url, why, capsys):
    pytest.importorskip("fastapi")
    pytest.importorskip("watchfiles")
    err = _refused(capsys, "serve", "--watch", url, "--database", "none")
    assert err.startswith("tiebreak: error: ") and why in err


def test_the_poll_interval_is_bounded(capsys):
    pytest.importorskip("fastapi")
    pytest.importorskip("watchfiles")
    # the bounds of the declaration (0.5 to 600 s, its help says), refused by the parser as every number option is
    with pytest.raises(SystemExit) as refused:
        main(["serve", "--watch", "https://example.org/a.pgn", "--poll-seconds", "0.01"])
    err = capsys.readouterr().err
    assert refused.value.code == 2 and "--poll-seconds: '0.01' is outside 0.5..600" in err, err


def _live(base: str, lang: str = "en") -> dict:
    with urllib.request.urlopen(f"{base}/api/live?lang={lang}", timeout=5) as r:
        return json.loads(r.read())


def test_a_broadcast_at_an_address_is_followed_move_by_move_to_the_standings_of_the_finished_file(tmp_path, chromium,
                                                                                                 capsys):
    pytest.importorskip("fastapi")
    pytest.importorskip("watchfiles")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from live import live_server

    games = _games()
    relay = Relay()
    relay.set(_game(games[0], 1, finished=False))
    done: list[str] = []
    with relay_server(relay) as (url, server), \
            live_server(url, "--database", "none", "--poll-seconds", "0.5") as port:  # type: ignore[arg-type]
        base = f"http://127.0.0.1:{port}"
        # two games of round 1 move by move: each position shown, then the result; the second while the first stands
        # finished beside it.  (Each ply waits for a poll of the address, at least 0.5 s: every game of the round
        # move by move took 28 s for the same checks; the first two rounds move by move, read from a file, are
        # tests/test_live_broadcast.py's.)
        for k, tags in enumerate(games[:MOVE_BY_MOVE]):
            for ply in range(1, len(MOVES) + 1):
                relay.set("".join(done) + _game(tags, ply, finished=False))
                doc = until(lambda k=k, ply=ply: (d := _live(base)) and len(d["games"]) == k + 1
                             and d["games"][k]["ply"] == ply and d, f"game {k + 1} after {ply} plies")
                assert doc["games"][k]["moves"] == MOVES[:ply]
            done.append(_game(tags, len(MOVES), finished=True))
            relay.set("".join(done))
            doc = until(lambda k=k: (d := _live(base)) and d["games"][k]["result"] != "*" and d, f"game {k + 1} ended")
            assert doc["pending"] == []
        # the address is asked conditionally: once the body stops changing, the relay answers 304 (waited for: on a
        # loaded machine every poll of the loop above may have found a new body)
        until(lambda: any(code == 304 for *_, code in relay.asked), "a 304 answer")
        # the rest of the event a round at a time: the final standings are those of ``tiebreak standings``
        done += [_game(tags, len(MOVES), finished=True) for tags in games[MOVE_BY_MOVE:]]
        relay.set("".join(done))
        until(lambda: len(_live(base)["games"]) == 45, "the finished event")
        final = tmp_path / "cup.pgn"
        final.write_text("".join(done))
        capsys.readouterr()
        assert main(["standings", str(final), "-f", "json"]) == 0
        expected = [(r["start_no"], r["rank"], r["points"]) for r in json.loads(capsys.readouterr().out)["standings"]]
        assert [(r["start_no"], r["rank"], r["points"]) for r in _live(base)["standings"]] == expected
        # the relay stops answering: the page says so, in the viewer's language, and keeps the standings
        server.shutdown()
        server.server_close()
        doc = until(lambda: (d := _live(base, "uk")) and d["live"]["warning"] and d, "the address unreachable")
        assert doc["live"]["warning"] == ("адреса трансляції зараз недоступна: показано останню прочитану версію")
        assert [(r["start_no"], r["rank"], r["points"]) for r in doc["standings"]] == expected
        # and the live page shows it, on a phone and a desktop, in Russian
        import os

        shots = Path(os.environ.get("TIEBREAK_SHOTS") or tmp_path)
        for width in (390, 1280):
            page = chromium.new_page(viewport={"width": width, "height": 900})
            page.goto(f"{base}/live?lang=ru")
            page.locator("#warning:not([hidden])").wait_for(timeout=15_000)
            assert page.locator("#warning").inner_text().endswith(
                "адрес трансляции сейчас недоступен: показана последняя прочитанная версия")
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            page.screenshot(path=str(shots / f"remote-unreachable-{width}.png"))
            page.close()
