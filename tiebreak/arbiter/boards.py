"""The board numbers of a round.  The files keep none, so every face numbers the boards as the pairing rules order
them (C.04.3 A.9 of the Dutch system): the pair with the higher score first, then the higher sum of both scores,
then the pair with the higher-placed player — by the standings before the round (start numbers in round 1).  The
website and the live screen both number their boards here, so a game has one board number wherever it is read.

>>> from tiebreak.engine.model import Kind, Player, Tournament
>>> from tiebreak.engine.standings import compute_standings
>>> t = Tournament.build([Player(i, f"P{i}") for i in range(1, 7)], 2)
>>> for w, b, k in [(1, 4, Kind.WIN), (5, 2, Kind.DRAW), (3, 6, Kind.LOSS)]: t.set_game(1, w, b, k)
>>> before = compute_standings(t, "BH", after_round=1, lots=False)  # P1 and P6 on 1, P2 and P5 on 1/2
>>> board_order([(2, 5), (4, 3), (6, 1)], before)  # 1+1, then 1/2+1/2, then 0+0
[2, 0, 1]
>>> board_order([(2, 5), (4, 3), (6, 1)], None)  # round 1: by start numbers
[2, 0, 1]
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.standings import Standings


def board_order(pairs: Sequence[tuple[int, int]], before: Standings | None) -> list[int]:
    """The indices of ``pairs`` (the two players' start numbers) in board order, by the standings ``before`` the
    round (None in round 1: no points yet, places by start number)."""
    # quick keys: twice the score, an int when whole (a 2,000-player round is ordered on every update)
    half: dict[int, float] = {}
    place: dict[int, int] = {}
    if before is not None:
        for r in before.rows:
            half[r.start_no] = int(2 * r.points) if (2 * r.points).denominator == 1 else float(2 * r.points)
            place[r.start_no] = r.rank
    last = 1 << 30

    def key(i: int) -> tuple[float, float, int]:
        a, b = pairs[i]
        sa, sb = half.get(a, 0), half.get(b, 0)
        return -max(sa, sb), -(sa + sb), min(place.get(a, a if before is None else last),
                                             place.get(b, b if before is None else last))

    return sorted(range(len(pairs)), key=key)
