"""The ranker of a team event's teams: every outcome of the pending board games written into the tournament, the
matches rebuilt from the boards (C.07 Arts 11-12) and the teams ranked by their list
(:func:`~tiebreak.engine.team.compute_team_standings`: match points, game points and the team tie-breaks), as the
team standings rank them; teams still equal after the list share their places.

The matches are built from the boards once (:func:`~tiebreak.engine.team_matches.build`, 5 ms for the 15 teams of
the Friendship Cup); an outcome then changes only the game points of the boards it plays and the results of their
matches, which :meth:`TeamEngineRanker.rank` writes into copies of those arrays (the whole build per outcome made
the odds of that event after round 6 take 12.5 s; ``benchmarks/README.md``).  A pending game that the build would
read otherwise (a player in no team, a forfeited match of record 330 in its round) ranks by the whole build.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import ClassVar

import numpy as np

from ...engine import team
from ...engine.model import Kind, Tournament
from ...engine.rules import RuleSet
from ...engine.specifier import TieBreakSpec
from .engine_ranker import rank_outcomes
from .models import KINDS
from .participants import Participant
from .pending import Future


class TeamEngineRanker:
    """Every outcome through the team standings: ``rank`` gives each team's teams ahead and teams sharing its place.

    ``known`` is the event as read (its known results): the teams' scores so far come from it."""

    #: ``--exact``'s bound (outcomes x teams), each outcome's matches rebuilt from the boards (3-10 ms for 15 teams):
    #: 3**9 at 16 teams (a few minutes)
    exact_work: ClassVar[int] = 3**9 * 16

    def __init__(self, future: Future, known: Tournament, teams: list[team.Team], tiebreaks: str | None,
                 rules: str | RuleSet) -> None:
        self.future, self.teams, self.tiebreaks, self.rules = future, teams, tiebreaks, rules
        self.n = len(teams)
        final = self._standings(future.base)
        #: the list as the standings resolved it (the event's own, else the team default) and what they noted
        self.specs: list[TieBreakSpec] = final.specs
        self.notes = final.notes
        self.warnings = final.warnings
        #: the primary score (match points, or game points when the event says so): how ``PTS`` is headed
        self.primary = final.tt.primary
        now = team.compute_team_standings(team.build(known, teams, system=future.system), tiebreaks, rules=rules,
                                          after_round=future.played_rounds, lots=False, system=future.system)
        points = {r.number: r.points or Fraction(0) for r in now.rows}
        self.participants = [Participant(tm.number, tm.name, points[tm.number]) for tm in teams]
        self._base = team.build(future.base, teams, system=future.system)
        self._boards = self._board_cells()

    def _board_cells(self) -> np.ndarray | None:
        """Per pending game: round, White's team, board and Black's team, board (as the build numbers them), or None
        when a game is not a plain board of two teams' match (the whole build then ranks every outcome)."""
        base, t = self._base, self.future.base
        team_of = np.full(len(t.players), -1, np.int64)
        for ti, tm in enumerate(base.teams):
            for sno in tm.members:
                if sno in t._row_of:
                    team_of[t.row(sno)] = ti
        forfeited = {int(x[7:10]) - 1 for x in t.extra.get("lines", []) if x[:3] == "330" and x[7:10].strip().isdigit()}
        cells = []
        for g in self.future.games:
            r = g.round - 1
            sides = []
            for row in (g.white, g.black):
                ti = int(team_of[row])
                if ti < 0 or r in forfeited:
                    return None
                playing = [t.row(s) for s in base.teams[ti].members if s in t._row_of and t.kind[t.row(s), r] != Kind.ABSENT]
                board = playing.index(row)
                sides += [ti, board if board < base.boards else -1]
            if base.matches.opponent[sides[0], r] != sides[2]:
                return None
            cells.append([r, *sides])
        return np.array(cells, np.int64).reshape(-1, 5)

    def _outcome(self, digits: np.ndarray) -> team.TeamTournament:
        """The team event with one outcome of the pending games: the board games, game points and match results."""
        base, f, cells = self._base, self.future, self._boards
        assert cells is not None, "only for plain boards"
        scale = f.base.score_system.scale
        points = np.array([int(p * scale) for p in f.base.score_system.table()], np.int64)
        kinds = np.array(KINDS, np.int8)[digits]  # games x (White's kind, Black's kind)
        r, tw, bw, tb, bb = cells.T
        games_kind = f.base.kind.copy()
        w = np.array([g.white for g in f.games], np.int64)
        b = np.array([g.black for g in f.games], np.int64)
        before_w, before_b = points[games_kind[w, r]], points[games_kind[b, r]]
        games_kind[w, r], games_kind[b, r] = kinds[:, 0], kinds[:, 1]
        gp, board_gp = base.gp.copy(), base.board_gp.copy()
        np.add.at(gp, (tw, r), points[kinds[:, 0]] - before_w)
        np.add.at(gp, (tb, r), points[kinds[:, 1]] - before_b)
        for side, board, k in ((tw, bw, kinds[:, 0]), (tb, bb, kinds[:, 1])):
            on = board >= 0
            board_gp[side[on], r[on], board[on]] = points[k[on]]
        kind = base.matches.kind.copy()
        a, o = np.concatenate([tw, tb]), np.concatenate([tb, tw])
        rr = np.concatenate([r, r])
        kind[a, rr] = np.where(gp[a, rr] > gp[o, rr], Kind.WIN, np.where(gp[a, rr] == gp[o, rr], Kind.DRAW, Kind.LOSS))
        return dataclasses.replace(base, games=dataclasses.replace(f.base, kind=games_kind),
                                   matches=dataclasses.replace(base.matches, kind=kind), gp=gp, board_gp=board_gp)

    def _standings(self, t: Tournament) -> team.TeamStandings:
        f = self.future
        return team.compute_team_standings(team.build(t, self.teams, system=f.system), self.tiebreaks,
                                           rules=self.rules, after_round=f.final_round, lots=False, system=f.system)

    def _ranks(self, t: Tournament) -> np.ndarray:
        rank = np.empty(self.n, np.int64)
        for x in self._standings(t).rows:
            rank[x.index] = x.rank
        return rank

    def rank(self, digits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Teams ahead and teams sharing the place (outcomes x teams) for each row of result digits
        (:func:`~.engine_ranker.rank_outcomes`)."""
        if self._boards is None:
            return rank_outcomes(self.future, digits, self.n, self._ranks)
        return rank_outcomes(self.future, digits, self.n, self._ranks, self._outcome_ranks)

    def _outcome_ranks(self, digits: np.ndarray) -> np.ndarray:
        f = self.future
        s = team.compute_team_standings(self._outcome(digits), self.tiebreaks, rules=self.rules,
                                        after_round=f.final_round, lots=False, system=f.system)
        rank = np.empty(self.n, np.int64)
        for x in s.rows:
            rank[x.index] = x.rank
        return rank
