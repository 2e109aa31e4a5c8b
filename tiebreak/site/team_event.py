"""A team event on the website: the players' event (cards, starting list) and the teams' standings after every round,
made once per build (:func:`build_team_event`) and read by the team pages (:mod:`.teams`, :mod:`.team_rounds`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar

from markupsafe import Markup

from ..app.site import teams_after
from ..engine.team import TeamStandings
from ..views.crosstable import Crosstable, of_teams
from .event import Event

__all__ = ["TeamEvent", "build_team_event"]


@dataclass
class TeamEvent:
    """The players' event (cards, starting list) and the teams' standings after every round."""

    ranks_teams: ClassVar[bool] = True
    ind: Event
    after: list[TeamStandings]
    #: the odds page's tables per language while board games are pending (the teams' odds), else None
    odds: dict[str, str] | None = None
    #: the file as read (its own list is the teams': the players' event drops it)
    source: Any = None
    #: the teams' play-off (``--playoff``; :class:`tiebreak.site.playoff.Playoff`), its page ``playoff.html``
    playoff: Any = None
    #: each round's matches board by board (:func:`tiebreak.site.team_rounds.matches`), made once: every
    #: team's card asks for every round's
    matches_by_round: dict[int, Any] = field(default_factory=dict, repr=False)
    #: the crosstable's rows as HTML per language and each row's first cells (the same in every language), made once
    #: per version (:mod:`tiebreak.site.crosstable`)
    crosstable_rows: dict[str, Markup] = field(default_factory=dict, repr=False)
    crosstable_heads: list[str] = field(default_factory=list, repr=False)

    @property
    def path(self) -> str:
        return self.ind.path

    @property
    def tournament(self) -> Any:
        return self.ind.tournament

    @property
    def seed(self) -> int:
        return self.ind.seed

    @property
    def played(self) -> int:
        return self.current.after_round

    @property
    def last_round(self) -> int:
        """The last round with pairings: played, or paired with its games pending (the round in play has a page)."""
        return max(self.played, self.ind.last_round)

    @property
    def current(self) -> TeamStandings:
        return self.after[-1]

    @cached_property
    def cross_view(self) -> Crosstable:
        """The match crosstable of the current team standings over the rounds played."""
        return of_teams(self.current, self.played)

    def team_of(self) -> dict[int, tuple[int, int]]:
        """Start number -> (team number, place in the team's list)."""
        return dict(self._team_of)

    @cached_property
    def _team_of(self) -> dict[int, tuple[int, int]]:
        return {sno: (tm.number, n) for tm in self.current.tt.teams for n, sno in enumerate(tm.members, 1)}


def build_team_event(ind: Event, t: Any, warnings: list[Any], options: Any = None) -> TeamEvent:
    """The team event of the file ``t`` (read), its players' event ``ind`` already built (``options``: the teams'
    options, a play-off's included; else the players')."""
    return TeamEvent(ind, teams_after(options if options is not None else ind.options, t, warnings), source=t)
