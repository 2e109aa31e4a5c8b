"""A broadcast followed at its address (issue 38), run by hand: ``python benchmarks/live_remote.py``.

A local HTTP server (tests/test_live_remote.py's relay, with ETag and Last-Modified) serves the UzChess Cup 2025's
PGN growing move by move (tests/test_live_broadcast.py's replay); ``tiebreak serve --watch http://…`` follows it at
the default ``--poll-seconds``.  For each move: the seconds from the relay serving it to ``/api/live`` showing it
(asked every 20 ms).  Goal: every position within 2 s.  Bounded: 32 moves, every server stopped at the end.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

from live import live_server  # noqa: E402
from test_live_broadcast import MOVES, _game, _games  # noqa: E402
from test_live_remote import Relay, relay_server  # noqa: E402


def _live(base: str) -> dict:
    with urllib.request.urlopen(base + "/api/live", timeout=5) as r:
        return json.loads(r.read())


def main() -> None:
    games = _games()
    relay = Relay()
    relay.set(_game(games[0], 1, finished=False))
    delays = []
    with relay_server(relay) as (url, _), live_server(url, "--database", "none") as port:  # type: ignore[arg-type]
        base = f"http://127.0.0.1:{port}"
        done: list[str] = []
        for k, tags in enumerate(games[:4]):
            for ply in range(1, len(MOVES) + 1):
                relay.set("".join(done) + _game(tags, ply, finished=False))
                served = time.monotonic()
                deadline = served + 30
                while time.monotonic() < deadline:
                    d = _live(base)
                    if len(d["games"]) == k + 1 and d["games"][k]["ply"] == ply:
                        break
                    time.sleep(0.02)
                delays.append(time.monotonic() - served)
            done.append(_game(tags, len(MOVES), finished=True))
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{len(delays)} moves: median {statistics.median(delays):.2f} s, worst {max(delays):.2f} s; "
          f"{len(relay.asked)} requests, {sum(1 for *_, c in relay.asked if c == 304)} answered 304")


if __name__ == "__main__":
    main()
