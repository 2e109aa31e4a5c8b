"""The options of every use case as the application layer reads them: what each one holds.  Their types, bounds,
choices, defaults and help are declared once in :mod:`.declared`, from which the command line's parser, the API's
form models and the page's form are made; the defaults here are read from there.

>>> Options(system="rr").system_name, Options().system_name
('round robin', None)
>>> OddsOptions().places, OddsOptions().model
(3, 'equal')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..arbiter.choices import DEFAULT_COLUMNS
from ..engine.errors import Message, SpecifierError
from ..engine.messages import Term
from ..engine.presets import PRESETS
from ..engine.registry import parse_list
from ..engine.rules import DEFAULT_RULES, with_compat
from ..engine.team_tiebreaks import parse_team
from ..formats.swissmanager import translate
from .declared import EXTENSIONS, OPTIONS, POINTS_FROM, SYSTEMS

#: formats that are bytes, never written to a terminal
BINARY_FORMATS = {"pdf", "xlsx"}
MEDIA_TYPES = {"text": "text/plain; charset=utf-8", "json": "application/json", "csv": "text/csv; charset=utf-8",
               "trf": "text/plain; charset=utf-8", "html": "text/html; charset=utf-8", "chess-json": "application/json",
               "pdf": "application/pdf",
               "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}

__all__ = ["BINARY_FORMATS", "EXTENSIONS", "MEDIA_TYPES", "POINTS_FROM", "SYSTEMS", "Loading",
           "OddsOptions", "Options", "RatingsOptions", "checked_list", "list_and_rules", "refuse_individual_options"]


def _default(key: str) -> Any:
    """The declared default of an option (:data:`.declared.OPTIONS`)."""
    return OPTIONS[key].default


@dataclass(kw_only=True)
class Loading:
    """How a file is read, the same for every use case (:func:`tiebreak.app.load.load`)."""

    #: which tournament of a file that holds several (a Sharly Chess event): the program's own number
    event: int | None = None
    #: the points from the round ``results`` or from the points ``column``'s reading
    points_from: str = _default("points_from")
    #: the name the user knows the file by (an upload's own name): warnings name it, never the path read
    name: str | None = None


@dataclass(kw_only=True)
class Ranked(Loading):
    """How the standings are made: the list, the rule set and what decides the rest (every use case that ranks)."""

    tiebreaks: str | None = None
    preset: str | None = None
    rules: str = _default("rules")
    #: ``text`` (our reading of C.07), ``reference`` (the reference checker's, K1-K3) or ``letter`` (docs/known-differences.md)
    compat: str = _default("compat")
    after_round: int | None = None
    unrated_rating: int | None = None
    seed: int | None = None
    #: a key of :data:`SYSTEMS`: overrides the detection of Swiss or round robin
    system: str | None = None
    #: in a team event, the players instead of the teams
    players: bool = _default("players")
    #: a half-point bye in US-CUM/RU-CUM: ``deduct`` its ½ or ``keep`` it (None: the rule set's default, K10)
    cumulative_half_bye: str | None = None
    lang: str = _default("lang")

    @property
    def system_name(self) -> str | None:
        """The engine's name of the kind of event asked for (None: detected from the file)."""
        return SYSTEMS.get(self.system) if self.system else None


@dataclass(kw_only=True)
class Options(Ranked):
    """What to compute and how to show it: the options of ``tiebreak standings`` (and of ``explain``, ``check``,
    ``playoffs``, ``prizes`` and ``site``, which read the ones they use)."""

    no_lots: bool = _default("no_lots")
    format: str = "json"
    details: bool = _default("details")
    #: category standings to add (expressions such as ``birth>=2010``; :mod:`tiebreak.arbiter.categories`)
    category: list[str] | None = None
    #: a team ranking inside the individual event: ``federation``, ``records`` (TRF 013/310) or a CSV file
    team_ranking: str | None = None
    team_best: int = _default("team_best")
    team_tiebreaks: str | None = _default("team_tiebreaks")
    #: player columns: ``auto`` (title, federation, rating where the file has them), ``none``, or a list
    #: (title,fed,rating,club,sex,birth,perf,change; :mod:`tiebreak.arbiter.columns`)
    columns: str | None = _default("columns")
    #: ``check``: the program that published the standings (default: the file's word)
    publisher: str | None = None
    #: a play-off results file: the tied players placed by it (Arbiters' Manual 13.2; tiebreak.arbiter.playoff_results)
    playoff: str | None = None
    #: the same file's text (the API's and the page's field ``playoff_results``), which wins over ``playoff``
    playoff_results: str | None = None


@dataclass(kw_only=True)
class OddsOptions(Ranked):
    """The ``tiebreak odds`` options."""

    model: str = _default("model")
    draw_rate: float | None = None
    white_advantage: float = _default("white_advantage")
    fix: list[str] | None = None
    exact: bool = _default("exact")
    simulations: int | None = None
    places: int = _default("odds_places")
    player: int | None = None
    #: an old command line's ``--budget`` (no longer used: the odds are bounded by their count, never by the clock)
    budget: str | None = None
    format: str = _default("odds_format")


@dataclass(kw_only=True)
class RatingsOptions(Loading):
    """The ``tiebreak ratings`` options: the rating ``system`` (:data:`tiebreak.arbiter.choices.RATING_SYSTEMS`), the
    K factor of everybody (None: from each player's rating), the rounds counted."""

    system: str = _default("rating_system")
    k: int | None = None
    after_round: int | None = None
    lang: str = _default("lang")


def list_and_rules(o: Ranked, team_event: bool) -> tuple[str | None, str]:
    """The tie-break list and rule set asked for: an explicit list and rule set win over the preset's."""
    tiebreaks, rules = o.tiebreaks, o.rules
    if o.preset:
        preset = PRESETS.get(o.preset)
        if preset is None:
            raise SpecifierError(Message("unknown preset {}; presets: {}", repr(o.preset), ", ".join(PRESETS)),
                                 field="preset")
        if preset.team != team_event:
            kind = Term("team" if preset.team else "individual")
            raise SpecifierError(Message("preset {} is for {} events, and this is not one", repr(preset.name), kind),
                                 "preset")
        tiebreaks = tiebreaks or preset.tiebreaks
        if rules == DEFAULT_RULES and preset.rules:
            rules = preset.rules
    return checked_list(tiebreaks, team_event, bool(o.tiebreaks)), with_compat(rules, o.compat or "text")


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
            tiebreaks = translate(tiebreaks)
        if users_own and tiebreaks:
            if team_event:
                parse_list(tiebreaks, parse_team)
            else:
                parse_list(tiebreaks)
    except SpecifierError as e:
        raise SpecifierError(e.message, field=e.field or "tiebreaks") from None
    return tiebreaks


def refuse_individual_options(o: Options) -> None:
    """Player columns, category tables and a team ranking belong to individual events: a team event refuses them,
    naming the field, rather than ignoring them or quietly ranking the players instead.

    >>> try:
    ...     refuse_individual_options(Options(category=["rating<900"]))
    ... except SpecifierError as e:
    ...     print(e.field, "|", e.message.split(",")[0])
    category | category is for individual events
    """
    asked = {"columns": o.columns not in (None, DEFAULT_COLUMNS), "category": bool(o.category),
             "team_ranking": bool(o.team_ranking)}
    for field, given in asked.items():
        if given:
            raise SpecifierError(Message("{} is for individual events, and this is a team event (players=true, "
                                         "--individual on the command line, ranks its players)",
                                         Term(field)), field=field)
