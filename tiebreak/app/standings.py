"""Standings: the players' or the teams' of a file, in every output format (``tiebreak standings``, the API's
``/api/standings``, the page), and the standings the other use cases work on.

>>> from tiebreak.app.options import Options
>>> text, notes, s = render_standings(Options(tiebreaks="PTS,BH/C1", seed=1), "examples/hobsons-bay-cup-2025.trf", [])
>>> s.rows[0].start_no, str(s.rows[0].values["BH/C1"])    # published by Vega: no. 7 first, BH/C1 30
(7, '30')
"""

from __future__ import annotations

import csv
import datetime
import io
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, TypeGuard, TypeVar

from ..arbiter import clubs as club_tools
from ..arbiter.choices import TEAM_TIEBREAKS
from ..arbiter.columns import player_columns, rating_notes
from ..engine import team
from ..engine.errors import InputWarning, Message, SpecifierError
from ..engine.model import Tournament
from ..engine.standings import Standings, compute_standings
from ..engine.team import TeamStandings
from ..engine.team_matches import has_teams, players_event
from ..formats import membership, trf
from ..render import output
from .declared import PAGE_FORMAT, check_needed
from .load import event_date, load, named
from .options import Options, list_and_rules, refuse_individual_options

if TYPE_CHECKING:
    from ..arbiter.categories import CategoryStandings
    from ..arbiter.clubs import ClubRanking
    from ..arbiter.columns import PlayerColumns

Writer = Callable[[], str | bytes]  # the writer of one output format: text, or bytes (PDF)


def individual_standings(o: Options, path: str, warnings: list[InputWarning],
                         t: Tournament | None = None) -> Standings:
    """The standings of the players of ``path`` (team events: the players of every board); ``t`` is the file when it
    is already read.  A play-off's results (``o.playoff``, ``o.playoff_results``) place the players they concern;
    a team event's play-off is its teams', refused when its players are ranked (:func:`refuse_teams_playoff`)."""
    t = t if t is not None else load(o, path, warnings)
    refuse_teams_playoff(o, t)
    t = players_event(t)
    tiebreaks, rules = list_and_rules(o, False)
    s = compute_standings(t, tiebreaks, rules=rules, after_round=o.after_round, unrated_rating=o.unrated_rating,
                          seed=o.seed, lots=not o.no_lots, system=o.system_name, warnings=warnings,
                          cumulative_half_bye=o.cumulative_half_bye)
    return played_off(s, o.playoff_results, o.playoff)


S = TypeVar("S", Standings, TeamStandings)


def refuse_teams_playoff(o: Options, t: Tournament) -> None:
    """A team event's play-off is between its teams (the website's and the live screen's, the teams' standings'):
    its players' standings (``players=true``, ``--individual``) refuse it, naming the option, rather than placing
    the players whose numbers its games give.  A file whose team ranking is read from its 013 records
    (``--team-ranking records``) is an individual event: its play-off is its players'."""
    field = "playoff_results" if o.playoff_results else "playoff" if o.playoff else None
    if field and o.team_ranking != "records" and has_teams(t):
        raise SpecifierError(Message("{} is for the teams of a team event, and players=true (--individual on the "
                                     "command line) ranks its players", field), field=field)


def played_off(s: S, text: str | None, path: str | None = None, source: str = "playoff_results") -> S:
    """``s`` with its tied players placed by the play-off results ``text`` (the API's field, ``--playoff``'s text;
    ``source`` names it in an error), else those of the file ``path``; neither: ``s`` as it is.  The one play-off
    step of every face: the command line, the API, the website and the live screen
    (:func:`tiebreak.app.live.played_off`)."""
    if not text and not path:
        return s
    from ..arbiter.playoff_results import placed_by_playoff  # noqa: PLC0415  start-up: with a play-off alone (+1.8 ms, -X importtime)

    return placed_by_playoff(s, text, path, source)


def team_standings(o: Options, t: Tournament, warnings: list[InputWarning]) -> TeamStandings:
    """The standings of the teams of the file ``t`` (the warnings of reading its teams added to ``warnings``)."""
    tiebreaks, rules = list_and_rules(o, True)
    tt = team.build(t, system=o.system_name)
    warnings += tt.warnings
    s = team.compute_team_standings(tt, tiebreaks, rules=rules, after_round=o.after_round, seed=o.seed,
                                    lots=not o.no_lots, system=o.system_name)
    return played_off(s, o.playoff_results, o.playoff)


def ranks_teams(o: Options, t: Tournament) -> bool:
    """Whether ``o`` ranks the teams of ``t``: a team event, unless the players are asked for or a team ranking is
    read from the 013 records (which makes an individual event of a file that has them: its purpose)."""
    return not o.players and o.team_ranking != "records" and has_teams(t)


def render_standings(o: Options, path: str,
                     warnings: list[InputWarning]) -> tuple[str | bytes, list[str], Standings | TeamStandings]:
    """The standings of one file in ``o.format``, the notes, and the standings object (team or individual)."""
    check_needed("standings", vars(o))  # the API's form as the command line: a team ranking's options without it
    t = load(o, path, warnings)
    s: Standings | TeamStandings
    if ranks_teams(o, t):
        refuse_individual_options(o)
        s = team_standings(o, t, warnings)
    else:
        s = individual_standings(o, path, warnings, t)
    writers = standings_writers(t, s, o)
    if o.format not in writers:
        raise SpecifierError(Message("format {} is not available for team events", repr(o.format)))
    s.warnings = named(o, path, warnings)[:]  # a team event's too: reading the file and building its teams
    return writers[o.format](), s.notes, s


def shown_columns(s: Standings, o: Options | None = None) -> PlayerColumns:
    """The player columns shown beside the standings ``s`` (:func:`tiebreak.arbiter.columns.player_columns`: the
    file's title, federation, rating...; a performance or a rating change computed): ``o``'s ``--columns`` and
    ``--unrated-rating``, for every output, the website's tables and cards; without ``o`` the columns the file has
    (``auto``), as the live document writes them."""
    return player_columns(s, o.columns, o.unrated_rating) if o is not None else player_columns(s)


def standings_writers(t: Tournament, s: Standings | TeamStandings, o: Options) -> dict[str, Writer]:
    """The output formats of the standings ``s`` (the players' or the teams') of the file ``t``; an individual
    event's with the player columns, the category standings and the team ranking ``o`` asks for (a note on undefined
    rating tie-breaks is added to ``s.notes``); the page and the PDF dated by the event's own date
    (:func:`~tiebreak.app.load.event_date`; none printed without one)."""
    pc, text, sections, columns = None, "", "", None
    when = event_date(t)
    extra: dict[str, Any] = {}
    if isinstance(s, Standings):  # what only players have: their columns, categories and clubs
        pc = shown_columns(s, o)
        s.notes += pc.notes
        extra, text, sections, columns = group_sections(o, s, pc)
        s.notes += rating_notes(s, o.unrated_rating)  # a note for every rating tie-break left undefined

    def page() -> str:
        from ..render import html  # noqa: PLC0415  start-up: the page's renderer only for a page (+14 ms measured, -X importtime)

        return html.to_html(s, o.lang, sections, pc, when)

    def page_part() -> str:
        from ..render.page_standings import standings_part  # noqa: PLC0415  start-up: as the page (its renderer)

        return standings_part(s, o.lang, sections, pc, o.no_lots)

    return {"json": lambda: output.to_json(s, details=o.details, extra=extra, columns=pc, lang=o.lang),
            "csv": lambda: output.to_csv(s, columns, pc), "xlsx": lambda: workbook(output.to_csv(s, columns, pc)),
            "text": lambda: output.to_text(s, o.lang, pc) + ("\n" + text if text else ""),
            **file_writers(t, s), "html": page, "pdf": lambda: _pdf(page(), when), PAGE_FORMAT: page_part}


def file_writers(t: Tournament, s: Standings | TeamStandings) -> dict[str, Writer]:
    """The file ``t`` written again with the ranks of ``s`` (TRF, Chess-JSON): a team event's in its team records."""
    if isinstance(s, TeamStandings):
        from ..formats import team_ranks  # noqa: PLC0415  start-up: team events only (+55 ms measured, the three lines)

        return {"trf": lambda: team_ranks.trf_with_team_ranks(t, s),
                "chess-json": lambda: team_ranks.chess_json_with_team_ranks(t, s)}
    return {"trf": lambda: trf_with_ranks(t, s), "chess-json": lambda: chess_json_with_ranks(t, s)}


#: extra CSV columns: their headings, and each player's cells
CategoryColumns = tuple[list[str], dict[int, list[str]]]


def group_sections(o: Options, s: Standings, pc: PlayerColumns) -> tuple[dict[str, Any], str, str, CategoryColumns | None]:
    """The category standings and the team ranking ``o`` asks for, as the JSON's extra keys, the text, the page's
    sections and the CSV's category columns."""
    cats, clubs = groups(o, s)
    if not cats and not clubs:
        return {}, "", "", None
    from ..render import groups as render  # noqa: PLC0415  start-up: only when asked for (+35 ms measured)

    extra = ({"categories": render.categories_json(cats)} if cats else {}) | (
        {"team_ranking": render.clubs_json(clubs)} if clubs else {})
    text = (render.categories_text(cats, o.lang, pc) if cats else "") + (
        ("\n" if cats else "") + render.clubs_text(clubs, o.lang) if clubs else "")
    sections = (render.categories_html(cats, o.lang, pc) if cats else "") + (
        render.clubs_html(clubs, o.lang) if clubs else "")
    return extra, text, sections, render.category_columns(cats) if cats else None


def _pdf(page: str, when: datetime.date | None = None) -> bytes:
    """The page printed, its creation date the event's ``when`` (none: 1970-01-01, the date that says none is
    known; never the clock's)."""
    from ..render.pdf import html_to_pdf  # noqa: PLC0415  start-up: the PDF printer (Chromium's driver) only for a PDF (+5 ms)

    day = when or datetime.date(1970, 1, 1)
    return html_to_pdf(page, when=datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.timezone.utc))


def workbook(csv_text: str) -> bytes:
    """The CSV table ``csv_text`` as a spreadsheet (XLSX, one sheet ``Standings``): the same cells, numbers as
    numbers.

    >>> from tiebreak.formats.xlsx import read_rows
    >>> read_rows(workbook('Rank,Name,Pts\\n1,"Smith, John",4.5\\n'))
    [['Rank', 'Name', 'Pts'], ['1', 'Smith, John', '4.5']]
    """
    from ..formats.xlsx import write_rows  # noqa: PLC0415  start-up: the spreadsheet writer only for a spreadsheet (+13 ms)

    def cell(text: str) -> str | int | float:
        if re.fullmatch(r"-?[0-9]{1,15}", text):
            return int(text)
        return float(text) if re.fullmatch(r"-?[0-9]{1,15}\.[0-9]{1,6}", text) else text

    out = io.BytesIO()
    write_rows(out, ([cell(x) for x in row] for row in csv.reader(io.StringIO(csv_text))), "Standings")
    return out.getvalue()


def final_standings(o: Options, path: str, warnings: list[InputWarning]) -> Standings | TeamStandings:
    """The standings the arbiter's tools (explanations, play-offs, prizes) work on: the teams' in a team event (unless
    ``o.players``), else the players'."""
    t = load(o, path, warnings)
    s = individual_standings(o, path, warnings, t) if o.players or not has_teams(t) else team_standings(o, t, warnings)
    s.warnings = named(o, path, warnings)[:]
    return s


def is_team(s: Standings | TeamStandings) -> TypeGuard[TeamStandings]:
    """Whether ``s`` are team standings (what the ranking interface says it ranks), a team's additions asked of them."""
    return s.ranks_teams


def groups(o: Options, s: Standings) -> tuple[list[CategoryStandings], ClubRanking | None]:
    """The category standings and the team ranking ``o`` asks for (empty list / None when it asks for none)."""
    cats: list[CategoryStandings] = []
    if o.category:
        from ..arbiter.categories import category_standings, parse_category  # noqa: PLC0415  start-up: for --category alone (+5 ms)

        cats = [category_standings(s, parse_category(x)) for x in o.category]
    clubs = None
    if o.team_ranking:
        if o.team_ranking in ("federation", "fed", "club", "records"):
            members = club_tools.membership_by_field(s, o.team_ranking)
        else:
            members = membership.load(o.team_ranking, {p.start_no: p.name for p in s.tournament.players})
        codes = [c.strip().upper() if c.strip().upper() in club_tools.TEAM_CODES else c.strip()
                 for c in (o.team_tiebreaks or TEAM_TIEBREAKS).split(",") if c.strip()]
        clubs = club_tools.club_ranking(s, members, o.team_best, codes)
    return cats, clubs


def trf_with_ranks(t: Tournament, s: Standings) -> str:
    """The TRF with the computed ranks in columns 86-89 and the list in record 212 (TRF-2026)."""
    ranked = replace(t, declared_tiebreaks=s.tiebreaks, declared_tiebreaks_complete=True)
    return trf.dumps(ranked, ranks={r.start_no: r.rank for r in s.rows})


def chess_json_with_ranks(t: Tournament, s: Standings) -> str:
    """The tournament as Chess-JSON with the computed ranks, the list (``rankOrder``) and the values
    (``tieBreakScore``)."""
    from ..formats import chessjson  # noqa: PLC0415  start-up: the Chess-JSON writer only for this format (+33 ms)

    ranked = replace(t, declared_tiebreaks=s.tiebreaks, declared_tiebreaks_complete=True)
    return chessjson.dumps(ranked, ranks={r.start_no: r.rank for r in s.rows},
                           tiebreaks={r.start_no: [r.values[c] for c in s.tiebreaks] for r in s.rows})
