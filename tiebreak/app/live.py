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
...     preset: str | None = None
...     compat: str = "text"
...     unrated_rating: int | None = None
...     system: str | None = None
...     cumulative_half_bye: str | None = None
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
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar

import numpy as np

from ..arbiter.columns import rating_notes
from ..engine import team
from ..engine.errors import InputWarning, SpecifierError, TiebreakError
from ..engine.messages import Message
from ..engine.model import Kind, Tournament
from ..engine.presets import PRESETS
from ..engine.rules import choose_rules
from ..engine.standings import Standings, compute_standings
from ..engine.team import TeamStandings, TeamTournament
from ..engine.team_matches import has_teams, players_event
from ..formats import readers
from ..formats.text import decode
from . import standings
from .declared import OPTIONS, for_command
from .load import load, named
from .options import Loading, Options, Ranked, list_and_rules

__all__ = ["ARBITERS", "RANKING", "LiveSettings", "LiveVersion", "PreviousRound", "check_settings", "options_of",
           "playoff_applies", "played_off", "rank_players", "rank_teams", "rank_version", "ranked_by", "read", "teams_of"]

#: the options of ``serve --watch`` that read and rank a live event as ``tiebreak standings`` reads and ranks a file:
#: every option of ``serve`` that is one of the standings' (each declared once, :mod:`tiebreak.app.declared`): how the
#: file is read, the list, the rules and every other choice of the ranking, and the lot; not ``--playoff`` (the live
#: event's own file in the watched folder, :mod:`tiebreak.live.event`) nor ``--lang`` (the server's messages)
RANKING = tuple(o.dest for o in for_command("serve")
                if o.key in {f.name for f in fields(Options)} and o.key not in ("playoff", "lang"))
#: what the arbiter may change of a running event (``POST /api/live/settings``): the options of :data:`RANKING` that
#: rank (:class:`~tiebreak.app.options.Ranked`), but the lot, drawn once per event (its seed and ``--no-lots`` stay
#: the server's: a place it decided stays the same in every version and on every face)
ARBITERS = tuple(OPTIONS[k] for k in RANKING
                 if k in {f.name for f in fields(Ranked)} - {f.name for f in fields(Loading)} and k != "seed")

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
    def preset(self) -> str | None: ...
    @property
    def compat(self) -> str: ...
    @property
    def unrated_rating(self) -> int | None: ...
    @property
    def system(self) -> str | None: ...
    @property
    def cumulative_half_bye(self) -> str | None: ...
    @property
    def event(self) -> int | None: ...
    @property
    def points_from(self) -> str: ...
    @property
    def no_lots(self) -> bool: ...
    @property
    def seed(self) -> int | None: ...


def options_of(s: LiveSettings, shown: Options | None = None) -> Options:
    """The live settings as the options of ``tiebreak standings`` (:data:`RANKING`): the live event ranked as every
    other face ranks its file with the same options (``shown``: the other options, how the pages show it)."""
    return replace(shown or Options(), **{k: getattr(s, k) for k in RANKING})


def check_settings(s: LiveSettings, team: bool | None = None) -> None:
    """Refuse settings that no event could be ranked by (an unknown preset, ``compat`` with a rule set it does not
    apply to, a list of tie-breaks ``team`` events, or individual ones, do not have), as ``tiebreak standings``
    refuses them, naming the option; ``team`` None: before the events are read (a list of either kind, the kind of
    the preset's)."""
    o = options_of(s)
    kinds = [team] if team is not None else [PRESETS[o.preset].team] if o.preset in PRESETS else [False, True]
    refused: list[SpecifierError] = []
    for kind in kinds:
        try:
            _, rules = list_and_rules(o, kind)
            break
        except SpecifierError as e:
            refused.append(e)
    else:
        raise refused[0]
    try:
        choose_rules(rules, None)
    except SpecifierError as e:
        raise SpecifierError(e.message, e.field or "compat") from None


def ranked_by(s: LiveSettings) -> tuple[Any, ...]:
    """What the standings of a live event depend on besides its file (a key of the pages and odds kept)."""
    return tuple(getattr(s, k) for k in RANKING)


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
    o = options_of(s)
    tiebreaks, rules = list_and_rules(o, teams)  # a team event's list is its teams': the players by the default
    standings = compute_standings(players_event(t) if teams else t, None if teams else tiebreaks, rules=rules,
                                  unrated_rating=o.unrated_rating, seed=o.seed, lots=not o.no_lots,
                                  system=system or o.system_name, after_round=after_round, warnings=warnings,
                                  cumulative_half_bye=o.cumulative_half_bye)
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
    #: the teams' list and rule set (a team event: its ranks after the round before are ranked by them too)
    team_list: tuple[str | None, str] = (None, "auto")


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
    o = options_of(s)
    tt, boards = live_matches(teams_of(t, o.system_name))
    tiebreaks, rules = list_and_rules(o, True)  # the event's list, rules and preset, as `tiebreak standings` ranks it
    ts = rank_teams(tt, tiebreaks, rules, o.system_name, lot=(not s.no_lots, s.seed))
    if over:
        ts = played_off(ts, playoff, source, event)
    ts.warnings = [*said, *ts.warnings]
    return LiveVersion(players, ts, boards, (tiebreaks, rules))


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
