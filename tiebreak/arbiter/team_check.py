"""Check published team standings: each team's published rank, match points, game points and team tie-breaks
compared with ours under every candidate rule set, as :mod:`~tiebreak.arbiter.check` compares players, with the
team's matches behind each difference.

Published rows are matched with the teams by name (or nickname), else by team number
(:func:`~tiebreak.arbiter.check.match_rows`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..engine.errors import InputError, Place
from ..engine.model import Kind, Tournament, format_number
from ..engine.registry import parse_list
from ..engine.rules import DEFAULT_RULES, RuleSet
from ..engine.team import TeamStandings, compute_team_standings
from ..engine.team_matches import TeamTournament, build
from ..engine.team_tiebreaks import parse_team
from ..formats.published import Published
from . import points_column
from .check import Ranked, Report, compare, match_rows, points_reading
from .choices import DEFAULT_POINTS_FROM


def team_reading(tt: TeamTournament, t: Tournament) -> points_column.Reading:
    """The points column's reading of a team event's board games ``t``: a point moves only between the two teams of a
    match."""
    team_of = {sno: ti for ti, team in enumerate(tt.teams) for sno in team.members}
    met = {(ti, r): int(tt.matches.opponent[ti, r]) for ti in range(len(tt.teams)) for r in range(tt.matches.rounds)}
    return points_column.read(t, team_of, met)


def check_teams(t: Tournament, published: Published, tiebreaks: str | None = None, *, rules: str = DEFAULT_RULES,
                after_round: int | None = None, system: str | None = None, points_from: str = DEFAULT_POINTS_FROM) -> Report:
    """Compare the published team standings with ours of the team event ``t`` (its board games)."""
    tt = build(t, system=system)
    reading = team_reading(tt, t)
    by_reading = {"results": tt, "column": build(reading.tournament, system=system) if reading.fixes else tt}
    tt = by_reading[points_reading(points_from)]
    other = by_reading["results" if points_from == "column" else "column"]
    rows, unmatched = match_rows(published, {tm.number: [tm.name, tm.nickname] for tm in tt.teams}, True)
    if not rows:
        raise InputError("no published row matches a team of the event (by team number or name)",
                         Place(published.source))
    if tiebreaks is None and published.columns:
        tiebreaks = ",".join(published.columns)
    specs = [s.text for s in parse_list(tiebreaks, parse_team)] if tiebreaks else None

    def rank(teams: TeamTournament, rs: RuleSet) -> TeamStandings:
        return compute_team_standings(teams, tiebreaks, rules=rs, after_round=after_round, lots=False, system=system)

    changed = {(f.round, team) for f in reading.fixes for team, tm in enumerate(tt.teams) if f.start_no in tm.members}
    event = Ranked(t.source or published.source, tt.matches.start_date, lambda rs: rank(tt, rs),
                   lambda rs: rank(other, rs), reading, points_from,
                   lambda ours, number, spec, by: team_matches(ours, number, changed))
    return compare(event, published, rows, unmatched, specs, rules, False)


def team_matches(s: TeamStandings, number: int,
                 changed: frozenset[tuple[int, int]] | set[tuple[int, int]] = frozenset()) -> list[dict[str, Any]]:
    """The team's matches, as a difference lists them: round, kind, opponent team, game points for and against,
    match points, and whether the points column's reading changed a board of it (``column``)."""
    tt = s.tt
    ti = next(i for i, tm in enumerate(tt.teams) if tm.number == number)
    m = tt.matches
    table = m.score_system.table()
    out: list[dict[str, Any]] = []
    for r in range(min(s.after_round, m.rounds)):
        kind = Kind(int(m.kind[ti, r]))
        o = int(m.opponent[ti, r])
        gp = format_number(_gp(tt, ti, r))
        entry: dict[str, Any] = {"round": r + 1, "kind": kind.name, "opponent": tt.teams[o].name if o >= 0 else None,
                                 "ours": table[int(kind)], "cut": False, "source": "", "match": True,
                                 "score": f"{gp}–{format_number(_gp(tt, o, r))}" if o >= 0 else gp,
                                 "column": (r + 1, ti) in changed or (o >= 0 and (r + 1, o) in changed)}
        out.append(entry)
    return out


def _gp(tt: TeamTournament, ti: int, r: int) -> Fraction:
    return Fraction(int(tt.gp[ti, r]), tt.gp_scale)
