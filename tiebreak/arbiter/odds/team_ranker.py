"""The ranker of a team event's teams: every outcome of the pending board games written into the tournament, the
matches rebuilt from the boards (C.07 Arts 11-12) and the teams ranked by their list
(:func:`~tiebreak.engine.team.compute_team_standings`: match points, game points and the team tie-breaks), as the
team standings rank them; teams still equal after the list share their places.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ...engine import team
from ...engine.model import Tournament
from ...engine.rules import RuleSet
from ...engine.specifier import TieBreakSpec
from .engine_ranker import rank_outcomes
from .participants import Participant
from .pending import Future


class TeamEngineRanker:
    """Every outcome through the team standings: ``rank`` gives each team's teams ahead and teams sharing its place.

    ``known`` is the event as read (its known results): the teams' scores so far come from it."""

    def __init__(self, future: Future, known: Tournament, teams: list[team.Team], tiebreaks: str | None,
                 rules: str | RuleSet) -> None:
        self.future, self.teams, self.tiebreaks, self.rules = future, teams, tiebreaks, rules
        self.n = len(teams)
        final = self._standings(future.base)
        #: the list as the standings resolved it (the event's own, else the team default) and what they noted
        self.specs: list[TieBreakSpec] = final.specs
        self.notes = final.notes
        self.warnings = final.warnings
        now = team.compute_team_standings(team.build(known, teams, system=future.system), tiebreaks, rules=rules,
                                          after_round=future.played_rounds, lots=False, system=future.system)
        points = {r.number: r.points or Fraction(0) for r in now.rows}
        self.participants = [Participant(tm.number, tm.name, points[tm.number]) for tm in teams]

    def _standings(self, t: Tournament) -> team.TeamStandings:
        f = self.future
        return team.compute_team_standings(team.build(t, self.teams, system=f.system), self.tiebreaks,
                                           rules=self.rules, after_round=f.final_round, lots=False, system=f.system)

    def _ranks(self, t: Tournament) -> np.ndarray:
        rank = np.empty(self.n, np.int64)
        for x in self._standings(t).rows:
            rank[x.index] = x.rank
        return rank

    def rank(self, digits: np.ndarray, until: float | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Teams ahead and teams sharing the place (outcomes x teams) for each row of result digits (the first rows
        only once ``until`` is past: :func:`~.engine_ranker.rank_outcomes`)."""
        return rank_outcomes(self.future, digits, self.n, self._ranks, until)
