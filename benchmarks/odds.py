"""Benchmarks of `tiebreak odds` (issues 17, 24 and 29), run by hand, not in CI: ``python benchmarks/odds.py``
(``--only big`` for the large events alone, ``--only live`` for the live odds alone, each twice).

1. Exact enumeration: a 14-player round robin two rounds from the end (14 pending games, 3**14 = 4,782,969
   outcomes), list ``PTS,DE,WIN,SB``, model ``equal``; goal < 10 s.
2. Simulation: 1,000,000 outcomes of the last four rounds of an 8-player double round robin (16 games), same list,
   model ``elo``; goal < 10 s.
3. ``tiebreak odds FILE`` (the defaults: the outcomes drawn chosen by their count, 100 at 2,000 players) on a
   generated 2,000-player × 9-round Swiss with round 9 pending (the FIDE default list; ranked by the engine outcome
   by outcome), as a command in a process of its own: wall clock, processor time and peak memory; goal: 6 s.
4. The live odds of that file: a live event publishes the file, the odds worker (a process of its own) computes its
   odds; the time from publishing to the odds in the document; goal < 5 s.
5. ``tiebreak odds FILE`` on a generated 9,999-player × 11-round Swiss with round 11 pending: wall clock and
   peak memory (bounded: the places asked for, never players²).

Results of the known rounds are drawn by rating from a fixed seed (deterministic); the Swiss events come from
``benchmarks/swiss.py`` with the last round's results blanked (paired, colours given, no result: being played).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from tiebreak.arbiter.berger import schedule  # noqa: E402
from tiebreak.arbiter.odds import compute_odds  # noqa: E402
from tiebreak.engine.model import Kind, Player, Tournament  # noqa: E402


def round_robin(players: int, double: bool, played: int, seed: int = 1) -> Tournament:
    """A round robin with the first ``played`` rounds of its Berger schedule played (results by rating)."""
    rng = np.random.default_rng(seed)
    rounds = schedule(players, double)
    t = Tournament.build([Player(i, f"Player {i}", 2400 - 15 * i) for i in range(1, players + 1)], len(rounds),
                         type_text="Double Round Robin" if double else "Round Robin")
    for r in rounds[:played]:
        for w, b in r.pairings:
            u = rng.random()
            t.set_game(r.number, w, b, Kind.WIN if u < 0.35 else Kind.DRAW if u < 0.75 else Kind.LOSS)
    return t


def swiss_being_played(players: int, rounds: int, seed: int = 1) -> str:
    """A generated Swiss (benchmarks/swiss.py) as TRF text with the last round paired and its results blank."""
    from swiss import generate

    from tiebreak.formats import trf

    at = 91 + 10 * (rounds - 1)  # 0-based column of the last round's block
    lines = []
    for line in trf.dumps(generate(players, rounds, seed), with_points=False).split("\n"):
        block = line[at:at + 10]
        if line.startswith("001") and block[:4].strip().isdigit() and int(block[:4]) > 0 and block[5:6] in ("w", "b"):
            line = line[:at + 7] + " " + line[at + 8:]
        lines.append(line)
    return "\n".join(lines)


def timed(label: str, goal: float, **kw) -> float:
    clock, cpu = time.perf_counter(), time.process_time()
    odds = compute_odds(**kw)
    seconds, cpu = time.perf_counter() - clock, time.process_time() - cpu
    load = os.getloadavg()[0]
    print(f"{label}: {odds.method} {odds.outcomes:,} outcomes, ranker {odds.ranker}, {seconds:.2f} s wall, "
          f"{cpu:.2f} s CPU (both threads), load {load:.1f} (goal < {goal:g} s) {'OK' if seconds < goal else 'SLOW'}")
    return seconds


def command(label: str, path: Path, goal: float) -> None:
    """``tiebreak odds`` with its defaults in a process of its own: wall clock, processor time, peak memory, what it
    answered."""
    clock, before = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([sys.executable, "-c", "import sys; from tiebreak.cli import main; sys.exit(main(sys.argv[1:]))",
                          "odds", str(path), "--format", "json"],
                         capture_output=True, text=True, check=True, cwd=HERE.parent).stdout
    seconds, after = time.perf_counter() - clock, resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    doc = json.loads(out)
    print(f"{label}: {seconds:.2f} s wall, {cpu:.2f} s CPU, peak memory of the biggest command so far "
          f"{after.ru_maxrss / 1024:.0f} MB, {doc['method']} {doc['outcomes']:,} outcomes, margin "
          f"±{100 * (doc['margin95'] or 0):.1f} %, answer {len(out) / 1e6:.2f} MB, load {os.getloadavg()[0]:.1f} "
          f"(goal <= {goal:g} s) {'OK' if seconds <= goal else 'SLOW'}")


def live(path: Path) -> dict | None:
    """A live event publishes ``path``; the time until its odds are in the document (returned)."""
    from tiebreak.live.event import LiveEvent

    event = LiveEvent(path.name, path)
    clock = time.perf_counter()
    event.update()
    published = time.perf_counter() - clock
    while event.document is not None and event.document["odds"] is None and time.perf_counter() - clock < 120:
        time.sleep(0.01)
    seconds = time.perf_counter() - clock
    odds = event.document["odds"] if event.document else None
    what = "none" if odds is None else (f"{odds['method']} {odds['outcomes']:,} outcomes, margin "
                                        f"±{100 * (odds['margin'] or 0):.1f} %, {len(odds['players'])} rows, "
                                        f"odds member {len(json.dumps(odds)) / 1e3:.1f} kB")
    print(f"live odds of {path.name}: published in {published:.2f} s, odds in the document after {seconds:.2f} s "
          f"({what}), document {len(event.text) / 1e6:.2f} MB, load {os.getloadavg()[0]:.1f} (goal < 5 s) "
          f"{'OK' if odds is not None and seconds < 5 else 'SLOW'}")
    return odds


def live_twice(path: Path) -> None:
    """The live odds of ``path`` in two live events one after the other, each with a worker of its own: the same
    numbers (issues 33 and 38: chosen by the count of outcomes, never the clock)."""
    from tiebreak.live.odds import stop_worker

    first = live(path)
    stop_worker()  # a new worker: nothing kept from the first run (its answers are kept by event and results)
    again = live(path)
    stop_worker()
    print(f"live odds of {path.name} twice: {'the same numbers' if first == again else 'DIFFERENT numbers'}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--only", choices=["small", "big", "live"])
    a = p.parse_args()
    if a.only not in ("big", "live"):
        # budget None: the whole work, as the goal is written (the code before issue 33 bounded it by 20 s by default)
        timed("14-player round robin, 2 rounds left", 10, t=round_robin(14, False, 11), tiebreaks="PTS,DE,WIN,SB",
              method="exact", budget=None)
        timed("8-player double round robin, 4 rounds left", 10, t=round_robin(8, True, 10), tiebreaks="PTS,DE,WIN,SB",
              model="elo", method="simulation", simulations=1_000_000, seed=1, budget=None)
    if a.only == "live":  # the live odds alone: a 2,000-player and a 32-player Swiss, each twice
        with tempfile.TemporaryDirectory() as tmp:
            swiss = Path(tmp) / "swiss-2000x9.trf"
            swiss.write_text(swiss_being_played(2000, 9))
            live_twice(swiss)
            small = Path(tmp) / "swiss-32x7.trf"
            small.write_text(swiss_being_played(32, 7))
            live_twice(small)
        return
    if a.only != "small":
        with tempfile.TemporaryDirectory() as tmp:
            swiss = Path(tmp) / "swiss-2000x9.trf"
            swiss.write_text(swiss_being_played(2000, 9))
            command("2,000 x 9 Swiss, round 9 pending", swiss, 6)
            live(swiss)
            big = Path(tmp) / "swiss-9999x11.trf"
            big.write_text(swiss_being_played(9999, 11))
            command("9,999 x 11 Swiss, round 11 pending", big, 30)


if __name__ == "__main__":
    main()
