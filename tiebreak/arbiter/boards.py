"""The board numbers of a round.  The files keep none, so every face numbers the boards as a Swiss pairing is sorted
before it is published (FIDE Swiss Rules C.04.1 F.1): the pair whose higher player has the higher score first, then
the higher sum of both scores, then the pair whose higher player ranks higher in the pairing order, which is the
score, then the pairing number (Dutch system C.04.3 A.2), never a tie-break or a lot — the scores from the standings
before the round (none in round 1: by start numbers).  The website and the live screen both number their boards
here, so a game has one board number wherever it is read, whether the places are drawn by lot (the site) or shared
(the live screen).

>>> from tiebreak.engine.model import Kind, Player, Tournament
>>> from tiebreak.engine.standings import compute_standings
>>> t = Tournament.build([Player(i, f"P{i}") for i in range(1, 7)], 2)
>>> for w, b, k in [(1, 4, Kind.WIN), (5, 2, Kind.DRAW), (3, 6, Kind.LOSS)]: t.set_game(1, w, b, k)
>>> before = compute_standings(t, "BH", after_round=1, lots=False)  # P1 and P6 on 1, P2 and P5 on 1/2
>>> board_order([(2, 5), (4, 3), (6, 1)], before)  # 1+1, then 1/2+1/2, then 0+0
[2, 0, 1]
>>> board_order([(2, 5), (4, 3), (6, 1)], None)  # round 1: by start numbers
[2, 0, 1]
>>> board_order([(6, 4), (3, 1)], before)  # both pairs 1+0: No. 1 before No. 6 (pairing order, not a tie-break)
[1, 0]
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.standings import Standings


def board_order(pairs: Sequence[tuple[int, int]], before: Standings | None) -> list[int]:
    """The indices of ``pairs`` (the two players' start numbers) in board order, by the scores of the standings
    ``before`` the round (None in round 1: no points yet) and the start numbers (the pairing numbers)."""
    # quick keys: twice the score, an int when whole (a 2,000-player round is ordered on every update)
    half: dict[int, float] = {}
    if before is not None:
        for r in before.rows:
            half[r.start_no] = int(2 * r.points) if (2 * r.points).denominator == 1 else float(2 * r.points)

    def key(i: int) -> tuple[float, float, int]:
        a, b = pairs[i]
        sa, sb = half.get(a, 0), half.get(b, 0)
        higher = a if (-sa, a) < (-sb, b) else b  # the higher player in the pairing order: score, pairing number
        return -max(sa, sb), -(sa + sb), higher

    return sorted(range(len(pairs)), key=key)
