"""The points column's reading of a tournament file: where a player's points column and the sum of the round results
disagree, the results as the column has them.

A file's points column (TRF columns 81-84, a CSV's points, Chess-JSON ``gamePoints``) is what the organiser's program
printed; the round results are what the file records.  When they disagree, published standings may follow either.  The
column alone does not say in which round a point was lost or won, so the reading moves only points that an entry
without an opponent holds (a forfeit win or a bye no opponent's result balances), and only where the file shows where
they went:

* a player whose column is ``p`` lower than the results, with exactly one opponent-less entry worth ``p`` in some round,
  gives that point up (the entry becomes a zero-point bye);
* a player whose column is ``p`` higher, with an opponent-less zero entry in a round where such a point was given up
  (in a team event: on the team that met his team that round; else in the only such round), gets it (a forfeit win
  without opponent).

A disagreement the reading cannot place is named and left as the results have it.

>>> from tiebreak.engine.model import Player
>>> t = Tournament.build([Player(1, "A", declared_points=Fraction(0)), Player(2, "B", declared_points=Fraction(1))], 1)
>>> t.set_bye(1, 1, Kind.FORFEIT_WIN); t.set_bye(1, 2, Kind.ZPB)
>>> r = read(t)
>>> [(f.start_no, f.round, f.results, f.column) for f in r.fixes], r.tournament.points(1), r.tournament.points(2)
([(1, 1, Fraction(1, 1), Fraction(0, 1)), (2, 1, Fraction(0, 1), Fraction(1, 1))], Fraction(0, 1), Fraction(1, 1))
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

import numpy as np

from ..engine.model import NO_OPPONENT, Kind, Tournament

#: an opponent-less entry that can stand for a point the column moved elsewhere
_ZERO = (Kind.ZPB, Kind.ABSENT)


@dataclass
class Fix:
    """One record the points column reads otherwise: the player, the round, the points before and after."""

    start_no: int
    name: str
    round: int
    results: Fraction  # the player's points by the results
    column: Fraction  # by the points column
    kind: Kind  # the entry's kind as the column reads it


@dataclass
class Reading:
    tournament: Tournament
    fixes: list[Fix] = field(default_factory=list)
    #: players whose column disagrees and whose difference the reading cannot place
    unplaced: list[int] = field(default_factory=list)

    @property
    def records(self) -> list[int]:
        """The start numbers of the records the column reads otherwise."""
        return sorted({f.start_no for f in self.fixes})


def disagreements(t: Tournament) -> dict[int, Fraction]:
    """start number -> points column minus results, for every player whose two disagree."""
    return {p.start_no: p.declared_points - t.points(p.start_no) for p in t.players
            if p.declared_points is not None and p.declared_points != t.points(p.start_no)}


def read(t: Tournament, team_of: dict[int, int] | None = None,
         team_opponent: dict[tuple[int, int], int] | None = None) -> Reading:
    """The tournament as its points column reads it.  ``team_of``: start number -> team; ``team_opponent``: (team,
    round) -> the team it met (a team event: a point moves only between the two teams of a match)."""
    delta = disagreements(t)
    if not delta:
        return Reading(t)
    kind = t.kind.copy()
    given = _give_up(t, delta, kind)
    _take(t, delta, kind, given, team_of, team_opponent)
    fixes: list[Fix] = []
    fixed_rows = set()
    out = replace(t, kind=kind)
    for sno in delta:
        i = t.row(sno)
        for r in np.nonzero(kind[i] != t.kind[i])[0].tolist():
            fixes.append(Fix(sno, t.players[i].name, r + 1, t.points(sno), out.points(sno), Kind(int(kind[i, r]))))
            fixed_rows.add(sno)
    unplaced = sorted(s for s in delta if s not in fixed_rows or out.points(s) != t.player(s).declared_points)
    return Reading(out, sorted(fixes, key=lambda f: (f.round, f.start_no)), unplaced)


def _give_up(t: Tournament, delta: dict[int, Fraction], kind: np.ndarray) -> list[tuple[int, int, Fraction]]:
    """A player whose column is below his results gives up the one unplayed round worth exactly the difference
    (made a zero-point bye in ``kind``); returns (start no, round index, points given up) of each."""
    table = t.score_system.table()
    given: list[tuple[int, int, Fraction]] = []
    for sno, d in delta.items():
        if d >= 0:
            continue
        i = t.row(sno)
        rounds = [r for r in range(t.rounds) if t.opponent[i, r] == NO_OPPONENT and table[int(kind[i, r])] == -d
                  and Kind(int(kind[i, r])) not in _ZERO]
        if len(rounds) == 1:
            r = rounds[0]
            kind[i, r] = Kind.ZPB
            given.append((sno, r, -d))
    return given


def _take(t: Tournament, delta: dict[int, Fraction], kind: np.ndarray, given: list[tuple[int, int, Fraction]],
          team_of: dict[int, int] | None, team_opponent: dict[tuple[int, int], int] | None) -> None:
    """A player whose column is above his results takes, in ``kind``, the one point given up that fits him (the
    same round unplayed by him, the same amount; in a team event, given up by the team his team met)."""
    taken: set[int] = set()
    for sno, d in delta.items():
        if d <= 0:
            continue
        i = t.row(sno)
        places = [k for k, (giver, r, p) in enumerate(given)
                  if k not in taken and p == d and t.opponent[i, r] == NO_OPPONENT and Kind(int(kind[i, r])) in _ZERO
                  and _same_match(sno, giver, r, team_of, team_opponent)]
        if len(places) == 1:
            k = places[0]
            taken.add(k)
            kind[i, given[k][1]] = t.kind[t.row(given[k][0]), given[k][1]]  # the kind the point had


def _same_match(sno: int, giver: int, r: int, team_of: dict[int, int] | None,
                team_opponent: dict[tuple[int, int], int] | None) -> bool:
    """Whether a point may move from ``giver`` to ``sno`` in round index ``r``: always in an individual event; in a
    team event only between the two teams of one match."""
    if team_of is None or team_opponent is None:
        return True
    mine, theirs = team_of.get(sno), team_of.get(giver)
    return mine is not None and theirs is not None and team_opponent.get((theirs, r)) == mine
