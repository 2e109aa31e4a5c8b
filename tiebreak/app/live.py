"""The live standings (``tiebreak serve --watch``): each version of a watched file read by the one loader with the
arbiter's settings, its players ranked as it stands (ties left after the list drawn by lot with the event's own seed,
as on every other face, unless the arbiter asked for no lots; a team event's players by the default list, its own
list being the teams'), its teams ranked (a match with a board still being played gives no match points yet), the
tied players (teams) placed by the play-off once the last round is played (the play-off step of every face:
:func:`tiebreak.app.standings.played_off`), and the standings after the round before the one in play, kept while the
earlier rounds stay the same.  :mod:`tiebreak.live` keeps the versions, their place states and history, and tells the
viewers.

>>> from dataclasses import dataclass
>>> @dataclass
... class Settings:
...     tiebreaks: str | None = "PTS,BH/C1"
...     rules: str = "auto"
...     unrated_rating: int | None = None
...     system: str | None = None
...     event: int | None = None
...     points_from: str = "results"
...     no_lots: bool = False
...     seed: int | None = None
>>> t = read(Settings(), "examples/hobsons-bay-cup-2025.trf", [])
>>> previous = PreviousRound()
>>> before = previous.after(6, (t.kind, t.opponent), Settings(), lambda k: rank_players(Settings(), t, k))
>>> before.after_round, previous.after(6, (t.kind, t.opponent), Settings(), lambda k: 1 / 0) is before  # kept
(6, True)
>>> v = rank_version(Settings(), t, 0, b"stage mini-match\\n7 9 1/2-1/2\\n9 7 1-0", [], "po.txt")
>>> [(r.rank, r.start_no) for r in v.players.rows[:2]], v.teams is None     # the play-off places no. 9 first
([(1, 9), (2, 7)], True)
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Generic, Protocol, TypeVar

import numpy as np

from ..arbiter.columns import rating_notes
from ..engine import team
from ..engine.errors import InputWarning, TiebreakError
from ..engine.messages import Message
from ..engine.model import Kind, Tournament
from ..engine.standings import Standings, compute_standings
from ..engine.team import TeamStandings, TeamTournament
from ..engine.team_matches import has_teams, players_event
from ..formats import readers
from ..formats.text import decode
from . import standings
from .load import load, named
from .options import Loading

__all__ = ["LiveSettings", "LiveVersion", "PreviousRound", "playoff_applies", "played_off", "rank_players",
           "rank_teams", "rank_version", "read", "teams_of"]

S = TypeVar("S")
R = TypeVar("R", Standings, TeamStandings)
log = logging.getLogger("tiebreak.live")


class LiveSettings(Protocol):
    """How a live event is read and ranked (:class:`tiebreak.live.settings.Settings`, the arbiter's)."""

    @property
    def tiebreaks(self) -> str | None: ...
    @property
    def rules(self) -> str: ...
    @property
    def unrated_rating(self) -> int | None: ...
    @property
    def system(self) -> str | None: ...
    @property
    def event(self) -> int | None: ...
    @property
    def points_from(self) -> str: ...
    @property
    def no_lots(self) -> bool: ...
    @property
    def seed(self) -> int | None: ...


def read(s: LiveSettings, name: str, warnings: list[InputWarning], path: str | None = None,
         shown: str | None = None) -> Tournament:
    """The tournament of the file read as ``name`` (its path, or the name its bytes are read under) by the one
    loader (:func:`tiebreak.app.load.load`, as ``tiebreak standings`` reads it), the whole file; the event's number
    (``serve --event``) for a file that holds several (``path``: the file's own path, which tells its format; the
    other files are watched without a warning); ``shown``: the name the warnings give the file read from its path
    (the event's name: no server path in a public warning)."""
    how = Loading(event=s.event if readers.takes_event(path or name) else None, points_from=s.points_from,
                  name=shown)
    t = load(how, name, warnings)
    named(how, name, warnings)
    return t


def rank_players(s: LiveSettings, t: Tournament, after_round: int | None = None, system: str | None = None,
                 warnings: list[InputWarning] | None = None) -> Standings:
    """The players' standings of ``t`` (the file's tournament, or its players' event) as it stands (after round
    ``after_round``; ``system``: the one found before, else the settings'), ranked by the settings' list (ties
    drawn by the settings' lot, as ``tiebreak standings`` draws them), or in a team event by the players' default
    (the event's own list is the teams')."""
    teams = has_teams(t)
    standings = compute_standings(players_event(t) if teams else t, None if teams else s.tiebreaks, rules=s.rules,
                                  unrated_rating=s.unrated_rating, seed=s.seed, lots=not s.no_lots,
                                  system=system or s.system, after_round=after_round, warnings=warnings)
    standings.notes += rating_notes(standings, s.unrated_rating)  # as `tiebreak standings` says them
    return standings


def teams_of(t: Tournament, system: str | None) -> TeamTournament:
    """The teams of ``t`` and their matches, built from the board games."""
    return team.build(t, system=system)


def rank_teams(tt: TeamTournament, tiebreaks: str | None, rules: str, system: str | None,
               after_round: int | None = None, lot: tuple[bool, int | None] = (True, None)) -> TeamStandings:
    """The teams ranked as they stand (``tiebreaks``: None the file's list, else the team default); ``lot``: whether
    the ties left are drawn by lot, and its seed (None: the event's own, as ``tiebreak standings`` draws)."""
    return team.compute_team_standings(tt, tiebreaks, rules=rules, lots=lot[0], seed=lot[1], system=system,
                                       after_round=after_round)


def live_matches(tt: TeamTournament) -> tuple[TeamTournament, np.ndarray]:
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


def playoff_applies(t: Tournament, pending: int, playoff: bytes) -> bool:
    """Whether the play-off results ``playoff`` place the tied players of ``t`` as it stands (``pending``: the
    games in play): the last round is played and no game is in play (the live standings' and the live cards'
    rule)."""
    return bool(playoff) and not pending and t.rounds_with_results >= t.rounds


def played_off(s: R, playoff: bytes, source: str, event: str = "") -> R:
    """``s`` with its tied players placed by the play-off results file's bytes ``playoff`` (``source``: its name),
    by the play-off step of every face; a play-off file that does not fit is said in the standings' notes (the
    event's standings stay as the tie-breaks give them) and in the log (``event``: the event's name)."""
    try:
        return standings.played_off(s, decode(playoff, source, [])[0], None, source=source)
    except TiebreakError as e:
        s.notes.append(Message("the play-off results are not applied: {}", e))
        log.warning("%s: play-off results not applied: %s", event, e)
        return s


@dataclass
class LiveVersion:
    """One live version ranked: the players' standings and, in a team event, the teams'."""

    players: Standings
    #: the teams' standings (None: an individual event), the warnings of reading the file said first
    teams: TeamStandings | None = None
    #: the boards being played per team and round (a team event)
    boards_pending: np.ndarray | None = None


def rank_version(s: LiveSettings, t: Tournament, pending: int, playoff: bytes, warnings: list[InputWarning],
                 source: str = "play-off", event: str = "") -> LiveVersion:
    """The standings of the version ``t`` as it stands (``pending``: its games in play): the players' (in a team
    event ranked by the default list: the event's own list is the teams'), and a team event's teams; the tied
    players (teams) placed by the play-off results ``playoff`` (``source``: the file's name) once the last round is
    played and no game is in play (:func:`playoff_applies`)."""
    teams = has_teams(t)
    said = list(warnings)  # the file's own warnings, which the teams' standings say too
    players = rank_players(s, t, warnings=warnings)
    over = playoff_applies(t, pending, playoff)
    if not teams:  # the play-off places the tied players (in a team event, the tied teams)
        return LiveVersion(played_off(players, playoff, source, event) if over else players)
    tt, boards = live_matches(teams_of(t, s.system))
    ts = rank_teams(tt, s.tiebreaks, s.rules, s.system, lot=(not s.no_lots, s.seed))
    if over:
        ts = played_off(ts, playoff, source, event)
    ts.warnings = [*said, *ts.warnings]
    return LiveVersion(players, ts, boards)


class PreviousRound(Generic[S]):
    """The standings after the round before the one in play (players' or teams': the arrows since the round began,
    the order of its boards), made again only when a result or a pairing of an earlier round, or the settings,
    changed."""

    def __init__(self) -> None:
        self._kept: tuple[bytes, S] | None = None

    @property
    def standings(self) -> S | None:
        """The standings kept (None before round 2)."""
        return self._kept[1] if self._kept is not None else None

    def after(self, k: int, grid: Sequence[np.ndarray], settings: object, make: Callable[[int], S]) -> S | None:
        """The standings after round ``k`` (None before round 1): those kept when the first ``k`` rounds of the
        ``grid``'s arrays (participants × rounds) and the ``settings`` are the same, else ``make(k)``."""
        if k < 1:
            self._kept = None
            return None
        key = b"".join(a[:, :k].tobytes() for a in grid) + repr(settings).encode()
        if self._kept is None or self._kept[0] != key:
            self._kept = (key, make(k))
        return self._kept[1]
