"""Checks of a request's options that name the option at fault (the API answers with its field): the user's
tie-break list, and the options of individual events that a team event refuses.  Shared by every face through
:mod:`tiebreak.service`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .engine.errors import SpecifierError
from .engine.messages import Message
from .engine.registry import parse_list

if TYPE_CHECKING:
    from .service import Options


def checked_list(tiebreaks: str | None, team_event: bool, users_own: bool) -> str | None:
    """``tiebreaks`` with Swiss-Manager numbers translated; the user's own list (``users_own``) parsed as its kind
    of event reads it, its errors naming the field ``tiebreaks`` (a preset's list is known to be good).

    >>> checked_list("SM1,SM84:0,0,1", False, True)
    'PTS,BH/C1'
    >>> try:
    ...     checked_list("PTS,XX", False, True)
    ... except SpecifierError as e:
    ...     print(e.field)
    tiebreaks
    """
    try:
        if tiebreaks and "SM" in tiebreaks.upper():
            from .formats.swissmanager import translate

            tiebreaks = translate(tiebreaks)
        if users_own and tiebreaks:
            if team_event:
                from .engine.team_tiebreaks import parse_team

                parse_list(tiebreaks, parse_team)
            else:
                parse_list(tiebreaks)
    except SpecifierError as e:
        raise SpecifierError(e.message, field=e.field or "tiebreaks") from None
    return tiebreaks


def refuse_individual_options(o: Options) -> None:
    """Player columns, category tables and a team ranking belong to individual events: a team event refuses them,
    naming the field, rather than ignoring them or quietly ranking the players instead.

    >>> from tiebreak.service import Options
    >>> try:
    ...     refuse_individual_options(Options(category=["rating<900"]))
    ... except SpecifierError as e:
    ...     print(e.field, "|", e.message.split(",")[0])
    category | category is for individual events
    """
    asked = {"columns": o.columns not in (None, "auto"), "category": bool(o.category), "team_ranking": bool(o.team_ranking)}
    for field, given in asked.items():
        if given:
            raise SpecifierError(Message("{} is for individual events, and this is a team event (players=true, "
                                         "--players on the command line, ranks its players)",
                                         field), field=field)
