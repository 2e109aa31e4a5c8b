"""The live standings (``tiebreak serve --watch``): each version of a watched file read by the one loader with the
arbiter's settings, its players ranked as it stands (ties left after the list drawn by lot with the event's own seed,
as on every other face, unless the arbiter asked for no lots; a team event's players by the default list, its own
list being the teams'), its teams ranked, and the standings after the round before the one in play, kept while the
earlier rounds stay the same.  :mod:`tiebreak.live` keeps the
versions and tells the viewers.

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
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

import numpy as np

from ..arbiter.columns import rating_notes
from ..engine import team
from ..engine.errors import InputWarning
from ..engine.model import Tournament
from ..engine.standings import Standings, compute_standings
from ..engine.team import TeamStandings, TeamTournament
from ..engine.team_matches import has_teams, players_event
from ..formats import readers
from .load import load, named
from .options import Loading

__all__ = ["LiveSettings", "PreviousRound", "rank_players", "rank_teams", "read", "teams_of"]

S = TypeVar("S")


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
