"""Benchmarks of issue 17 (run by hand, not in CI): ``python benchmarks/odds.py``.

1. Exact enumeration: a 14-player round robin two rounds from the end (14 pending games, 3**14 = 4,782,969
   outcomes), list ``PTS,DE,WIN,SB``, model ``equal``; goal < 10 s.
2. Simulation: 1,000,000 outcomes of the last four rounds of an 8-player double round robin (16 games), same list,
   model ``elo``; goal < 10 s.

Results of the known rounds are drawn by rating from a fixed seed (deterministic).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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


def timed(label: str, goal: float, **kw) -> float:
    clock, cpu = time.perf_counter(), time.process_time()
    odds = compute_odds(**kw)
    seconds, cpu = time.perf_counter() - clock, time.process_time() - cpu
    load = os.getloadavg()[0]
    print(f"{label}: {odds.method} {odds.outcomes:,} outcomes, ranker {odds.ranker}, {seconds:.2f} s wall, "
          f"{cpu:.2f} s CPU (both threads), load {load:.1f} (goal < {goal:g} s) {'OK' if seconds < goal else 'SLOW'}")
    return seconds


if __name__ == "__main__":
    timed("14-player round robin, 2 rounds left", 10, t=round_robin(14, False, 11), tiebreaks="PTS,DE,WIN,SB",
          method="exact")
    timed("8-player double round robin, 4 rounds left", 10, t=round_robin(8, True, 10), tiebreaks="PTS,DE,WIN,SB",
          model="elo", method="simulation", simulations=1_000_000, seed=1)
