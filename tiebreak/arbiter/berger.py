"""Berger tables for round robins (FIDE Arbiters' Manual 13.16; C.05 Annex 1).

With ``N`` players, ``n = N`` (even) or ``N + 1`` (odd: whoever meets number ``n`` is free).  Round ``r`` of the
``n − 1`` rounds: shift ``s = (r − 1)·n/2 mod (n − 1)``; positions ``k = 1 … n − 1`` hold ``p_k = (s + k − 1 mod n − 1) + 1``;
board 1 is ``p_1`` against ``n`` (``p_1`` White in odd rounds), board ``i`` is ``p_i`` (White) against ``p_{n+1−i}``.
This reproduces every table printed in 13.16.1 for 3/4 … 15/16 players, colours included (tests/test_berger.py).

>>> [(r.number, r.pairings) for r in schedule(4)]
[(1, [(1, 4), (2, 3)]), (2, [(4, 3), (1, 2)]), (3, [(2, 4), (3, 1)])]
"""

from __future__ import annotations

import json
from dataclasses import dataclass


@dataclass(frozen=True)
class Round:
    number: int
    pairings: list[tuple[int, int]]  # (white, black) in board order
    bye: int | None = None


def _single(n_players: int) -> list[Round]:
    if n_players < 2:
        raise ValueError("a round robin needs at least 2 players")
    n = n_players + (n_players % 2)
    m, h = n - 1, n // 2
    rounds = []
    for r in range(1, m + 1):
        s = ((r - 1) * h) % m
        p = [0] + [((s + k - 1) % m) + 1 for k in range(1, m + 1)]  # 1-based positions
        boards = [(p[1], n) if r % 2 else (n, p[1])] + [(p[i], p[n + 1 - i]) for i in range(2, h + 1)]
        bye = None
        if n != n_players:  # the player meeting the dummy number n is free
            bye = p[1]
            boards = [b for b in boards if n not in b]
        rounds.append(Round(r, boards, bye))
    return rounds


def schedule(n_players: int, double: bool = False, swap_last_two: bool = True) -> list[Round]:
    """The Berger schedule; ``double``: a second cycle with colours reversed, and (13.16.2, recommended,
    ``swap_last_two``) the last two rounds of the first cycle played in the other order, so that nobody has the
    same colour three times in a row across the two cycles."""
    first = _single(n_players)
    if not double:
        return first
    cycle = list(first)
    if swap_last_two and len(cycle) >= 2:
        cycle[-2], cycle[-1] = cycle[-1], cycle[-2]
    second = [Round(0, [(b, w) for w, b in r.pairings], r.bye) for r in first]
    return [Round(i, r.pairings, r.bye) for i, r in enumerate(cycle + second, 1)]


def to_json(rounds: list[Round]) -> str:
    return json.dumps({"rounds": [{"round": r.number, "pairings": [list(p) for p in r.pairings], "bye": r.bye}
                                  for r in rounds]}, indent=1)
