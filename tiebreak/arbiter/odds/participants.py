"""Who the odds rank: the players of an individual event, or the teams of a team event, with the score each has
from the known results.

>>> from tiebreak.engine.model import Player, Tournament, Kind
>>> from .pending import find_future
>>> t = Tournament.build([Player(i, f"P{i}") for i in (1, 2, 3)], 3, type_text="Round Robin")
>>> t.set_game(1, 2, 3, Kind.WIN)
>>> [(p.start_no, str(p.points)) for p in players_of(find_future(t))]
[(1, '0'), (2, '1'), (3, '0')]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .pending import Future


@dataclass(frozen=True)
class Participant:
    """One participant ranked by the odds: start number (a team's number in a team event), name, and the score of
    the known results (a team's primary score: match points, or game points when the event says so)."""

    start_no: int
    name: str
    points: Fraction


def players_of(future: Future) -> list[Participant]:
    """The players of ``future`` with the points of their known games (the pending games left out)."""
    t = future.base
    scale = t.score_system.scale
    units = [int(x * scale) for x in t.score_system.table()]
    pending = {(g.white, g.round - 1) for g in future.games} | {(g.black, g.round - 1) for g in future.games}
    return [Participant(p.start_no, p.name,
                        Fraction(sum(units[int(t.kind[i, r])] for r in range(future.played_rounds)
                                     if (i, r) not in pending), scale))
            for i, p in enumerate(t.players)]
