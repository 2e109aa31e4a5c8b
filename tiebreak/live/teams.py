"""The live standings of a team event: the teams ranked as they stand (match points, game points, the team
tie-breaks: the standings ``tiebreak standings`` prints for the file), the team matches of the round, and each
team's place state.

A team match is *pending* while any of its board games is being played: it gives no match points yet (as a pending
game gives no points to a player), while the boards already finished count in the game points.  A team's place is
settled as a player's is (:func:`tiebreak.live.pending.settled`), on the primary score: what a pending match can
still add is the match points of a win (primary MP) or a win on every board still being played (primary GP).

>>> from tiebreak.engine.model import Player, Tournament, WHITE, BLACK
>>> from tiebreak.live.pending import as_it_stands
>>> players = [Player(n, f"P{n}") for n in range(1, 5)]
>>> t = Tournament.build(players, 1)
>>> t.extra["lines"] = ["013 Reds                             1    2", "013 Blues                            3    4"]
>>> blocks = {1: [(1, 3, WHITE)], 3: [(1, 1, BLACK)], 2: [(1, 4, BLACK)], 4: [(1, 2, WHITE)]}
>>> view = LiveTeams().rank(as_it_stands(t, blocks), None, "auto", None)
>>> [(m["white"], m["black"], m["pending"]) for m in view.pairings]        # both boards being played
[(1, 2, 2)]
>>> [(r[0], r[1], r[2], r[3]) for r in view.rows]      # no match points yet: tied, the event's lot places Blues first
[(2, 1, '0', False), (1, 2, '0', False)]
>>> shared = LiveTeams().rank(as_it_stands(t, blocks), None, "auto", None, lot=(False, None))   # serve --no-lots
>>> [(r[0], r[1]) for r in shared.rows]
[(1, 1), (2, 1)]
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from ..app.live import PreviousRound, rank_teams, teams_of
from ..engine.model import Kind, Tournament, format_number
from ..engine.ranking import lot_marked
from ..engine.team import TeamStandings
from ..render import output
from ..views.crosstable import CODE
from ..views.matches import round_byes, round_matches
from .document import OpenDocument
from .pending import place_states

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ..engine.errors import InputWarning
    from ..engine.team import TeamTournament
    from .history import PlaceRow
    from .pending import AsItStands


@dataclass
class TeamView:
    """One version of a team event's live standings."""

    standings: TeamStandings
    #: the ``/api/standings`` team document with each row's place state, without its closing brace, in any language
    document: OpenDocument
    #: (team number, rank, primary score, settled, moved) in standings order, as the history keeps them
    rows: list[PlaceRow]
    moved: int
    #: the team matches of the round (``white``/``black`` team numbers, game points, boards ``pending``) and byes
    pairings: list[dict[str, Any]]
    #: team matches being played
    pending: int


class LiveTeams:
    """The team side of one live event: the ranks of the last version (for the arrows) and of the previous round."""

    def __init__(self, ranks: dict[int, int] | None = None) -> None:
        self.ranks: dict[int, int] = dict(ranks or {})
        self._previous_round: PreviousRound[TeamStandings] = PreviousRound()

    def rank(self, live: AsItStands, tiebreaks: str | None, rules: str, system: str | None,
             placed: Callable[[TeamStandings], TeamStandings] | None = None,
             read: Sequence[InputWarning] = (), lot: tuple[bool, int | None] = (True, None)) -> TeamView:
        """The teams of ``live`` ranked by ``tiebreaks`` (None: the file's list, else the team default); ``placed``:
        the teams a play-off placed (``serve --playoff``), each row of a place it decided marked ``playoff``;
        ``read``: the warnings of reading the file, said before those of building its teams (as `tiebreak
        standings` says them); ``lot``: whether the ties left are drawn by lot, and its seed (None: the event's own:
        the places of every other face)."""
        tt, boards_pending = _live_matches(teams_of(live.tournament, system))
        s = rank_teams(tt, tiebreaks, rules, system, lot=lot)
        if placed is not None:
            s = placed(s)
        s.warnings = [*read, *s.warnings]
        primary = s.columns[0]
        if tt.primary == "MP":
            gain = (boards_pending.sum(axis=1) > 0) * int(tt.match_points.win * primary.den)
        else:
            gain = boards_pending.sum(axis=1) * int(tt.games.score_system.win * primary.den)
        before_round = self._round_ranks(s, tiebreaks, rules, live.round - 1, lot)
        st = place_states(np.asarray(primary.num), gain, [r.index for r in s.rows], [r.number for r in s.rows],
                          [r.rank for r in s.rows], self.ranks, before_round)
        obj = output.to_json_obj(s)
        rows: list[PlaceRow] = []
        for row, r, fixed, playing, moved, since in zip(obj["standings"], s.rows, st.settled, st.playing, st.moved,
                                                        st.since_round):
            row.update(settled=fixed, playing=playing, moved=moved, since_round=since)  # ("playoff": the JSON's row)
            rows.append((r.number, r.rank, str(row["points"]), fixed, moved,
                         lot_marked(row["place"], r.lot is not None, r.number in s.decided)))  # as every face: 2*, 3-4, 1‡
        self.ranks = {r.number: r.rank for r in s.rows}
        pairings = _pairings(tt, live.tournament, live.round, before_round)  # by the places before the round
        return TeamView(s, OpenDocument(obj, list(s.notes), list(s.warnings)), rows, sum(1 for r in rows if r[4]), pairings,
                        sum(1 for m in pairings if m.get("pending")))

    def _round_ranks(self, s: TeamStandings, tiebreaks: str | None, rules: str, k: int,
                     lot: tuple[bool, int | None]) -> dict[int, int]:
        """The teams' ranks after round ``k`` (for the arrows since the round began), recomputed only when a match
        of an earlier round changed."""
        m = s.tt.matches
        prev = self._previous_round.after(k, (m.kind, m.opponent, s.tt.gp), (tiebreaks, rules, s.system, lot),
                                          lambda k: rank_teams(s.tt, tiebreaks, rules, s.system, k, lot))
        return {} if prev is None else {r.number: r.rank for r in prev.rows}


def _live_matches(tt: TeamTournament) -> tuple[TeamTournament, np.ndarray]:
    """``tt`` with every match that has a board being played marked pending (no match points yet), and the number
    of boards being played per team and round."""
    games, m = tt.games, tt.matches
    team_of = np.full(len(games.players), -1, np.int64)
    for ti, tm in enumerate(tt.teams):
        rows = [games._row_of[n] for n in tm.members if n in games._row_of]
        team_of[rows] = ti
    player, rnd = np.nonzero((games.kind == Kind.UNKNOWN) & (team_of[:, None] >= 0))
    pending = np.zeros(m.kind.shape, np.int64)
    np.add.at(pending, (team_of[player], rnd), 1)
    if not pending.any():
        return tt, pending
    kind = m.kind.copy()
    kind[(pending > 0) & (m.opponent >= 0)] = Kind.UNKNOWN
    matches = replace(m, kind=kind, score_system=replace(m.score_system, unknown=Fraction(0)))
    return replace(tt, matches=matches), pending


def _pairings(tt: TeamTournament, t: Tournament, round_no: int, rank: dict[int, int]) -> list[dict[str, Any]]:
    """The team matches of the round as the website's round page has them (:func:`tiebreak.views.matches.
    round_matches`: the better-placed team's first, ``rank`` the places before the round, team numbers in round 1;
    the first team the one with White on its first board), in the live API's members: the teams (``white``,
    ``black``), the game points of the boards finished, the result once every board has one, the boards being
    played (``pending``); then every team without a match (:func:`tiebreak.views.matches.round_byes`: the kind of
    bye as the crosstable codes it, ``""`` not paired; the game points it counts, None when it counts none: a team
    not paired played nothing, so no "(0)" is shown beside it)."""
    if round_no < 1:
        return []
    ms = round_matches(tt, t, round_no, rank or None)
    out: list[dict[str, Any]] = []
    for board, m in enumerate(ms, 1):
        first, second = (format_number(x) for x in m.game_points or (Fraction(0), Fraction(0)))
        pending = sum(1 for b in m.boards if b.kind is None)
        mp = [format_number(x) for x in m.match_points] if m.match_points is not None else [None, None]
        out.append({"white": m.first, "black": m.second, "white_gp": first, "black_gp": second,
                    "white_mp": mp[0], "black_mp": mp[1],
                    "result": None if pending else f"{first}–{second}", "pending": pending, "board": board})
    playing = {x for m in ms for x in (m.first, m.second)}
    return out + [{"start_no": b.team, "kind": CODE[b.kind],
                   "gp": format_number(b.game_points) if b.game_points else None, "board": None}
                  for b in round_byes(tt, round_no, playing)]
