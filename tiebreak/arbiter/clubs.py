"""Team rankings inside an individual event: clubs, schools or federations ranked by the sum of their best N players'
points, as scholastic and open events publish them beside the individual standings (USCF "modified
individual/team" events, seed 002).

Team tie-breaks, in the order given:

* ``TC`` — Team Cumulative (seed 002): "the sum of the cumulative (running) scores for each team member as the team
  is defined for each round": after every round the team is its best N members by running score, and their running
  scores are added; the sum over the rounds is the value. It differs from ``CUM`` only when the best N change.
* ``CUM`` — Cumulative (seed 002): the sum of the cumulative (running) scores of the members counted at the end.
* any specifier of the individual list (``BH``, ``SB``…): the sum of the counted members' values.

The counted members are the team's best N by points, players on equal points taken in the order of the individual
standings. Teams tied after the list share their place.

>>> from tiebreak import compute_standings
>>> from tiebreak.formats import trf
>>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
>>> r = club_ranking(s, {p.start_no: "odd" if p.start_no % 2 else "even" for p in s.tournament.players}, best=4)
>>> [(row.rank, row.name, str(row.score)) for row in r.rows]
[(1, 'odd', '45/2'), (2, 'even', '18')]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from ..engine.errors import SpecifierError
from ..engine.messages import Message
from ..engine.model import Tournament
from ..engine.passes import Context
from ..engine.standings import Row, Standings
from ..engine.team import read_teams
from .choices import MOST_TEAM_BEST, TEAM_BEST, TEAM_TIEBREAKS

TEAM_CODES = {"TC": "Team Cumulative (USCF)", "CUM": "Cumulative of the counted members (USCF)"}


@dataclass
class ClubRow:
    rank: int
    name: str
    score: Fraction
    values: dict[str, Fraction]
    counted: list[int]  # start numbers of the members counted, best first
    members: list[int] = field(default_factory=list)  # every member, in standings order


@dataclass
class ClubRanking:
    best: int
    tiebreaks: list[str]
    rows: list[ClubRow]


def membership_by_field(s: Standings, what: str) -> dict[int, str]:
    """Start number -> team from a player field (``federation``) or from the file's team records (``records``: TRF 013
    or 310, read as a list of members only, so the event stays an individual one)."""
    t = s.tournament
    if what == "records":
        return {m: team.name for team in read_teams(t) for m in team.members}
    if what in ("federation", "fed", "club"):
        return {p.start_no: p.federation.strip() for p in t.players if p.federation.strip()}
    raise SpecifierError(Message("team membership {} not known (federation, records, or a CSV file)", repr(what)))


def club_ranking(s: Standings, membership: dict[int, str], best: int = TEAM_BEST, tiebreaks: list[str] | None = None
                 ) -> ClubRanking:
    """Rank the teams of ``membership`` (start number -> team name) by the points of their best ``best`` members."""
    if not 1 <= best <= MOST_TEAM_BEST:
        raise SpecifierError(Message("the number of players counted, {}, is outside 1..{}", best, MOST_TEAM_BEST))
    tiebreaks = TEAM_TIEBREAKS.split(",") if tiebreaks is None else tiebreaks
    for code in tiebreaks:
        if code not in TEAM_CODES and code not in s.tiebreaks:
            raise SpecifierError(Message("team tie-break {} is neither TC, CUM nor in the individual list ({})",
                                         repr(code), ', '.join(s.tiebreaks)))
    t = s.tournament
    ctx = Context(t, s.rules, s.after_round, s.system == "round robin")
    running = np.cumsum(ctx.pts, axis=1)  # players x rounds, in 1/scale points
    row_of = {r.start_no: r for r in s.rows}
    rows = []
    for name, members in _teams_in_standings_order(s, membership).items():
        counted = members[:best]  # already in standings order: points first, then the individual tie-breaks
        values = {code: _team_value(code, t, members, counted, best, running, ctx.scale, row_of) for code in tiebreaks}
        score = sum((row_of[n].points for n in counted), Fraction(0))
        rows.append(ClubRow(0, name, score, values, counted, members))
    rows.sort(key=lambda r: (-r.score, *(-r.values[c] for c in tiebreaks), r.name))
    for k, row in enumerate(rows):
        prev = rows[k - 1] if k else None
        if prev is not None and (prev.score, [prev.values[c] for c in tiebreaks]) == (
                row.score, [row.values[c] for c in tiebreaks]):
            row.rank = prev.rank
        else:
            row.rank = k + 1
    return ClubRanking(best, tiebreaks, rows)


def _teams_in_standings_order(s: Standings, membership: dict[int, str]) -> dict[str, list[int]]:
    """Each team's members in the tournament, in their order in the standings."""
    order = {r.start_no: k for k, r in enumerate(s.rows)}
    teams: dict[str, list[int]] = {}
    for sno in sorted(membership, key=lambda n: order.get(n, len(order))):
        if sno in s.tournament._row_of:
            teams.setdefault(membership[sno], []).append(sno)
    return teams


def _team_value(code: str, t: Tournament, members: list[int], counted: list[int], best: int,
                running: np.ndarray, scale: int, row_of: dict[int, Row]) -> Fraction:
    """One team tie-break: TC (the best ``best`` running scores after each round, summed), CUM (the counted
    members' running scores) or an individual tie-break summed over the counted members."""
    if code == "TC":
        every = np.array([t.row(n) for n in members], np.int64)
        top = -np.sort(-running[every], axis=0)[:best]  # the best N running scores after each round
        return Fraction(int(top.sum()), scale)
    if code == "CUM":
        idx = np.array([t.row(n) for n in counted], np.int64)
        return Fraction(int(running[idx].sum()), scale)
    return sum((row_of[n].values[code] or Fraction(0) for n in counted), Fraction(0))
