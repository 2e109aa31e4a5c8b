"""One request for standings, as the command line and the web app both make it: options in, the standings rendered
in the asked format out.  Everything here works on a file already on disk (the readers choose by its extension).

>>> o = Options(tiebreaks="PTS,BH/C1", seed=1)
>>> text, notes, s = render_standings(o, "examples/hobsons-bay-cup-2025.trf", [])
>>> s.rows[0].start_no, str(s.rows[0].values["BH/C1"])    # published by Vega: no. 7 first, BH/C1 30
(7, '30')
"""

from __future__ import annotations

from argparse import Namespace
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Callable, NotRequired, TypedDict, TypeGuard

from . import audit
from .arbiter.playoff_results import placed_by_playoff
from .engine.errors import InputError, InputWarning, Message, Place, SpecifierError, replaced
from .engine.model import Tournament
from .engine.presets import PRESETS
from .engine.rules import with_compat
from .engine.standings import Standings, compute_standings
from .engine.team_matches import has_teams, players_event
from .option_checks import checked_list, refuse_individual_options
from .render import output, square

if TYPE_CHECKING:  # imported when used: a team event, a category, a check
    from .arbiter.categories import CategoryStandings
    from .arbiter.check import Report
    from .arbiter.clubs import ClubRanking
    from .arbiter.columns import PlayerColumns
    from .arbiter.odds.budget import Progress
    from .engine.team import TeamStandings

#: output format -> file extension
EXTENSIONS = {"text": "txt", "json": "json", "csv": "csv", "trf": "trf", "html": "html", "chess-json": "json",
              "pdf": "pdf"}
#: formats that are bytes, never written to a terminal
BINARY_FORMATS = {"pdf"}
MEDIA_TYPES = {"text": "text/plain; charset=utf-8", "json": "application/json", "csv": "text/csv; charset=utf-8",
               "trf": "text/plain; charset=utf-8", "html": "text/html; charset=utf-8", "chess-json": "application/json",
               "pdf": "application/pdf"}


@dataclass
class Options:
    """What to compute and how to show it (the ``tiebreak standings`` options; argparse results work as well)."""

    tiebreaks: str | None = None
    preset: str | None = None
    rules: str = "auto"
    #: ``text`` (our reading of C.07), ``reference`` (the reference checker's, K1-K3) or ``letter`` (docs/known-differences.md)
    compat: str = "text"
    after_round: int | None = None
    unrated_rating: int | None = None
    seed: int | None = None
    no_lots: bool = False
    system: str | None = None
    players: bool = False
    format: str = "json"
    lang: str = "en"
    details: bool = False
    #: category standings to add (expressions such as ``birth>=2010``; :mod:`tiebreak.arbiter.categories`)
    category: list[str] | None = None
    #: a team ranking inside the individual event: ``federation``, ``records`` (TRF 013/310) or a CSV file
    team_ranking: str | None = None
    team_best: int = 4
    team_tiebreaks: str | None = None
    #: player columns: ``auto`` (title, federation, rating where the file has them), ``none``, or a list
    #: (title,fed,rating,club,sex,birth,perf,change; :mod:`tiebreak.arbiter.columns`)
    columns: str | None = "auto"
    #: a half-point bye in US-CUM/RU-CUM: ``deduct`` its ½ or ``keep`` it (None: the rule set's default, K10)
    cumulative_half_bye: str | None = None
    #: which tournament of a file that holds several (a Sharly Chess event): the program's own number
    event: int | None = None
    #: the points from the round ``results`` or from the points ``column``'s reading
    points_from: str = "results"
    #: the name the user knows the file by (an upload's own name): warnings name it, never the path read
    name: str | None = None
    publisher: str | None = None  #: ``check``: the program that published the standings (default: the file's word)
    playoff: str | None = None  #: a play-off results file (Arbiters' Manual 13.2; tiebreak.arbiter.playoff_results)
    playoff_results: str | None = None  #: the same as text (the API's field), which wins over ``playoff``


def load(o: Options | OddsOptions | Namespace, path: str, warnings: list[InputWarning]) -> Tournament:
    """The tournament of ``path`` (``o.event``: which of a file's events; ``o.points_from``: where points come from)."""
    return audit.load(path, warnings, getattr(o, "points_from", "results"), getattr(o, "event", None))


def named(o: Options, path: str, warnings: list[InputWarning]) -> list[InputWarning]:
    """``warnings`` (changed in place) naming the file as the user knows it (``o.name``) instead of ``path``."""
    warnings[:] = [InputWarning(replaced(w.message, path, o.name), w.place and replace(
        w.place, file=w.place.file.replace(path, o.name))) for w in warnings] if o.name else warnings
    return warnings


def options(o: Options | OddsOptions | Namespace) -> Options:
    """``o`` as Options: an argparse namespace of any command (or odds options), missing fields taking their defaults."""
    if isinstance(o, Options):
        return o
    return Options(**{f.name: getattr(o, f.name) for f in fields(Options) if hasattr(o, f.name)})


def list_and_rules(o: Options | OddsOptions | Namespace, team_event: bool) -> tuple[str | None, str]:
    """The tie-break list and rule set asked for: an explicit list and rule set win over the preset's."""
    o = options(o)
    tiebreaks, rules = o.tiebreaks, o.rules
    if o.preset:
        preset = PRESETS.get(o.preset)
        if preset is None:
            raise SpecifierError(Message("unknown preset {}; presets: {}", repr(o.preset), ', '.join(PRESETS)), field="preset")
        if preset.team != team_event:
            kind = "team" if preset.team else "individual"
            raise SpecifierError(Message("preset {} is for {} events, and this is not one", repr(preset.name), kind), "preset")
        tiebreaks = tiebreaks or preset.tiebreaks
        if rules == "auto" and preset.rules:
            rules = preset.rules
    return checked_list(tiebreaks, team_event, bool(o.tiebreaks)), with_compat(rules, o.compat or "text")


def individual_standings(o: Options | Namespace, path: str, warnings: list[InputWarning],
                         t: Tournament | None = None) -> Standings:
    """The players' standings of ``path`` (a team event: of every board; ``t``: the file if read), play-offs applied."""
    o = options(o)
    t = players_event(t if t is not None else load(o, path, warnings))
    tiebreaks, rules = list_and_rules(o, False)
    return placed_by_playoff(compute_standings(
        t, tiebreaks, rules=rules, after_round=o.after_round, unrated_rating=o.unrated_rating, seed=o.seed,
        lots=not o.no_lots, system=_system(o), warnings=warnings, cumulative_half_bye=o.cumulative_half_bye),
        o.playoff_results, o.playoff)


def _system(o: Options | OddsOptions | Namespace) -> str | None:
    return {"swiss": "swiss", "rr": "round robin", "round-robin": "round robin"}.get(o.system) if o.system else None


Writer = Callable[[], str | bytes]  # the writer of one output format: text, or bytes (PDF)


def render_standings(o: Options | Namespace, path: str,
                     warnings: list[InputWarning]) -> tuple[str | bytes, list[str], Standings | TeamStandings]:
    """The standings of one file in ``o.format``, the notes, and the standings object (team or individual)."""
    o = options(o)
    t = load(o, path, warnings)
    s: Standings | TeamStandings
    # a team ranking read from the 013 records makes an individual event of a file that has them (its purpose)
    if not o.players and o.team_ranking != "records" and has_teams(t):
        refuse_individual_options(o)
        s = teams = team_standings(o, t, warnings)
        writers = team_writers(t, teams, o)
    else:
        s = players = individual_standings(o, path, warnings, t)
        writers = individual_writers(t, players, o)
    if o.format not in writers:
        raise SpecifierError(Message("format {} is not available for team events", repr(o.format)))
    s.warnings = named(o, path, warnings)[:]  # a team event's too: reading the file and building its teams
    return writers[o.format](), s.notes, s


def individual_writers(t: Tournament, s: Standings, o: Options) -> dict[str, Writer]:
    """The output formats of the standings ``s`` of the players of the file ``t``, with the category standings and
    the team ranking ``o`` asks for (a note on undefined rating tie-breaks is added to ``s.notes``)."""
    from .arbiter.columns import player_columns, rating_notes

    pc = player_columns(s, o.columns, o.unrated_rating)
    s.notes += pc.notes
    cats, clubs = groups(o, s)
    if cats or clubs:
        from .render import groups as render

        extra = ({"categories": render.categories_json(cats)} if cats else {}) | (
            {"team_ranking": render.clubs_json(clubs)} if clubs else {})
        text = (render.categories_text(cats, o.lang, pc) if cats else "") + (
            ("\n" if cats else "") + render.clubs_text(clubs, o.lang) if clubs else "")
        sections = (render.categories_html(cats, o.lang, pc) if cats else "") + (
            render.clubs_html(clubs, o.lang) if clubs else "")
        columns = render.category_columns(cats) if cats else None
    else:
        extra, text, sections, columns = {}, "", "", None
    s.notes += rating_notes(s, o.unrated_rating)  # a note for every rating tie-break left undefined
    return {"json": lambda: output.to_json(s, details=o.details, extra=extra, columns=pc),
            "csv": lambda: output.to_csv(s, columns, pc),
            "text": lambda: output.to_text(s, o.lang, pc) + square.square_section(s, o.lang) + ("\n" + text if text else ""),
            "trf": lambda: trf_with_ranks(t, s), "chess-json": lambda: chess_json_with_ranks(t, s),
            "html": lambda: _html(s, o.lang, sections, pc), "pdf": lambda: _pdf(s, o.lang, sections, pc)}


def team_writers(t: Tournament, s: TeamStandings, o: Options) -> dict[str, Writer]:
    """The output formats of team standings ``s`` of the file ``t``."""
    from .formats import team_ranks
    from .render import team_html, team_text

    def json_text() -> str:
        obj = output.team_to_json_obj(s)
        if o.details:
            from .render.team_explain import matches, team_details

            for row in obj["standings"]:
                row["matches"] = matches(s, row["start_no"])
                row["details"] = team_details(s, row["start_no"])
        return output.dumps_exact(obj)

    def pdf() -> bytes:
        from .render.pdf import html_to_pdf

        return html_to_pdf(team_html.to_html(s, o.lang))

    return {"json": json_text, "csv": lambda: output.team_to_csv(s), "text": lambda: team_text.team_to_text(s, o.lang),
            "html": lambda: team_html.to_html(s, o.lang), "pdf": pdf,
            "trf": lambda: team_ranks.trf_with_team_ranks(t, s),
            "chess-json": lambda: team_ranks.chess_json_with_team_ranks(t, s)}


def final_standings(o: Options | Namespace, path: str, warnings: list[InputWarning]) -> Standings | TeamStandings:
    """The standings the arbiter's tools (explanations, play-offs, prizes) work on: the teams' (unless ``o.players``)."""
    o = options(o)
    t = load(o, path, warnings)
    s = individual_standings(o, path, warnings, t) if o.players or not has_teams(t) else team_standings(o, t, warnings)
    s.warnings = named(o, path, warnings)[:]
    return s


def team_standings(o: Options, t: Tournament, warnings: list[InputWarning]) -> TeamStandings:
    """The standings of the teams of the file ``t`` (the warnings of reading its teams added to ``warnings``)."""
    from .engine import team

    tiebreaks, rules = list_and_rules(o, True)
    tt = team.build(t, system=_system(o))
    warnings += tt.warnings
    return placed_by_playoff(team.compute_team_standings(tt, tiebreaks, rules=rules, after_round=o.after_round,
                             seed=o.seed, lots=not o.no_lots, system=_system(o)), o.playoff_results, o.playoff)


def is_team(s: Standings | TeamStandings) -> TypeGuard[TeamStandings]:
    """Whether ``s`` are team standings."""
    return hasattr(s, "tt")


class Explanation(TypedDict):
    """What :func:`explain` answers (the JSON of ``tiebreak explain``): ``seed`` is the seed of the lots the order was
    drawn with (the same request with it gives the same order); ``name`` and ``matches`` are of one team."""

    team: bool
    players: list[int]
    text: str
    details: dict[str, Any]
    seed: int | None
    name: NotRequired[str]
    matches: NotRequired[list[dict[str, Any]]]


def explain(o: Options | Namespace, path: str, numbers: list[int], warnings: list[InputWarning]) -> Explanation:
    """The explanation of one participant (``numbers`` = [N]) or of what separated two: in a team event N is a team
    number (unless ``o.players``).  ``{"team", "players", "text", "details", "seed"}``, and for one team
    ``"name"`` and ``"matches"``."""
    o = options(o)
    s = final_standings(o, path, warnings)
    known = {r.start_no for r in s.rows}
    for n in numbers:
        if n not in known:
            raise SpecifierError(Message("no team with number {} in {}" if is_team(s) else
                                         "no player with start number {} in {}", n, path), field="player")
    if len(numbers) not in (1, 2):
        raise SpecifierError("give --player N, or --players N M")
    from .render import team_explain as te
    from .render.explain import details, explain_pair, explain_player, pair_details

    if len(numbers) == 2:
        a, b = numbers
        text = explain_pair(s, a, b, o.lang) if isinstance(s, Standings) else te.explain_team_pair(s, a, b, o.lang)
        return {"team": is_team(s), "players": numbers, "text": text, "details": pair_details(s, a, b),
                "seed": s.seed}
    if not isinstance(s, Standings):
        n = numbers[0]
        return {"team": True, "players": numbers, "name": s.row(n).name, "text": te.explain_team(s, n, o.lang),
                "matches": te.matches(s, n), "details": te.team_details(s, n), "seed": s.seed}
    return {"team": False, "players": numbers, "text": explain_player(s, numbers[0], o.lang),
            "details": details(s, numbers[0]), "seed": s.seed}


def _pdf(s: Standings, lang: str, sections: str = "", columns: PlayerColumns | None = None) -> bytes:
    from .render.pdf import html_to_pdf

    return html_to_pdf(_html(s, lang, sections, columns))


def _html(s: Standings, lang: str, sections: str = "", columns: PlayerColumns | None = None) -> str:
    from .render import html

    return html.to_html(s, lang, sections, columns)


def groups(o: Options | Namespace, s: Standings) -> tuple[list[CategoryStandings], ClubRanking | None]:
    """The category standings and the team ranking ``o`` asks for (empty list / None when it asks for none)."""
    o = options(o)
    if o.category:  # the categories module is loaded only when categories are asked for
        from .arbiter.categories import category_standings, parse_category
    cats = [category_standings(s, parse_category(x)) for x in o.category] if o.category else []
    clubs = None
    if o.team_ranking:
        from .arbiter import clubs as club_tools

        if o.team_ranking in ("federation", "fed", "club", "records"):
            members = club_tools.membership_by_field(s, o.team_ranking)
        else:
            from .formats import membership

            members = membership.load(o.team_ranking, {p.start_no: p.name for p in s.tournament.players})
        codes = [c.strip().upper() if c.strip().upper() in club_tools.TEAM_CODES else c.strip()
                 for c in (o.team_tiebreaks or "TC").split(",") if c.strip()]
        clubs = club_tools.club_ranking(s, members, o.team_best, codes)
    return cats, clubs


def trf_with_ranks(t: Tournament, s: Standings) -> str:
    """The TRF with the computed ranks in columns 86-89 and the list in record 212 (TRF-2026)."""
    ranked = replace(t, declared_tiebreaks=s.tiebreaks, declared_tiebreaks_complete=True)
    from .formats import trf

    return trf.dumps(ranked, ranks={r.start_no: r.rank for r in s.rows})


def chess_json_with_ranks(t: Tournament, s: Standings) -> str:
    """The tournament as Chess-JSON with the computed ranks, the list (``rankOrder``) and values (``tieBreakScore``)."""
    ranked = replace(t, declared_tiebreaks=s.tiebreaks, declared_tiebreaks_complete=True)
    from .formats import chessjson

    return chessjson.dumps(ranked, ranks={r.start_no: r.rank for r in s.rows},
                           tiebreaks={r.start_no: [r.values[c] for c in s.tiebreaks] for r in s.rows})


def check_published(o: Options | Namespace, path: str, published_path: str | None,
                    warnings: list[InputWarning]) -> Report:
    """Check the standings a file publishes (or the export at ``published_path``) against ours: a :class:`~tiebreak.arbiter.
    check.Report` (a team event's teams unless ``o.players``); ``o.tiebreaks``/``o.preset`` the announced list (default:
    the published columns), ``o.rules`` the rule set, ``o.points_from`` the points, ``o.publisher`` the program."""
    o = options(o)
    t, teams = audit.load_event(path, o.players, warnings, o.event)
    tiebreaks, rules = list_and_rules(o, teams)
    report = audit.check_event(t, teams, published_path, warnings, tiebreaks, rules, o.after_round, o.unrated_rating,
                               _system(o), o.points_from, o.publisher)
    named(o, path, warnings)
    return replace(report, source=o.name or report.source) if o.name else report


@dataclass
class OddsOptions:
    """The ``tiebreak odds`` options (argparse results work as well)."""

    tiebreaks: str | None = None
    preset: str | None = None
    rules: str = "auto"
    compat: str = "text"
    after_round: int | None = None
    unrated_rating: int | None = None
    system: str | None = None
    model: str = "equal"
    draw_rate: float | None = None
    white_advantage: float = 35
    fix: list[str] | None = None
    exact: bool = False
    simulations: int | None = None
    seed: int | None = None
    places: int = 3
    player: int | None = None
    budget: float | None = 20.0  # seconds for all the work, from the start of the request; None: no limit
    format: str = "text"
    lang: str = "en"
    players: bool = False  # in a team event, the players' odds instead of the teams'
    event: int | None = None  # which tournament of a file that holds several


def render_odds(o: OddsOptions | Namespace, path: str, warnings: list[InputWarning],
                progress: Progress | None = None) -> str:
    """``tiebreak odds`` of one file in ``o.format`` (text, json or html): the teams' chances in a team event (unless
    ``o.players``), the players' otherwise.  ``o.budget`` bounds all the work from here on, reading the file included
    (:mod:`tiebreak.arbiter.odds.budget`); ``progress`` is told how far the outcomes are (the command line's)."""
    from .arbiter.odds import compute_odds, compute_team_odds
    from .arbiter.odds.budget import within_limits
    from .render import odds as render

    budget = within_limits(o.budget, o.simulations, path, progress)
    t = load(o, path, warnings)
    teams = not o.players and has_teams(t)
    t = t if teams else players_event(t)
    tiebreaks, rules = list_and_rules(o, teams)
    if o.places < 1:  # --player and --simulations are checked by the odds themselves
        raise InputError(Message("--places {} must be at least 1", o.places), Place(path, field="places"))
    method = "exact" if o.exact else "simulation" if o.simulations else "auto"
    result = (compute_team_odds if teams else compute_odds)(
        t, tiebreaks, rules=rules, system=_system(o), after_round=o.after_round, model=o.model, draw_rate=o.draw_rate,
        white_advantage=o.white_advantage, fixes=o.fix or [], method=method, simulations=o.simulations, seed=o.seed,
        player=o.player, budget=budget, unrated_rating=o.unrated_rating, places=o.places)
    warnings += result.warnings
    if o.format == "json":
        return render.to_json(result, o.places)
    return (render.to_html if o.format == "html" else render.to_text)(result, o.lang, o.places)
