"""The web page's answer to a new list, file or option (``/api/standings`` with ``format`` ``page``): every part of
the page that the standings fill, rendered once by the server in the reader's language, so the page's script only
puts each part in its place (``data-part``: the id of the element it fills) and builds no table and no sentence.

The parts (``page_standings.html``): the summary line of the event, the line on the lots, the notes and the
warnings worded from their identifiers (never English read back), the tie-break list with each item's name (its cut
or median worded as every legend words it: :func:`tiebreak.render.i18n.with_modifiers`) and its buttons, the rounds
to choose from, the standings table (a row per player or team, ``data-start-no``), its legend (the columns, the lot's
seed, the undefined value: :mod:`tiebreak.render.legend`), the category
standings and team ranking (the download's sections), and the players to compare with.  What the script needs to
keep its fields in step is on the answer's root element: the seed (``data-seed``), whether it is a team event
(``data-team``) and the player columns shown (``data-columns``).

>>> from tiebreak.engine.model import Kind, Player, Tournament
>>> from tiebreak.engine.standings import compute_standings
>>> t = Tournament.build([Player(1, "Ann"), Player(2, "Bob")], 1, name="Cup")
>>> t.set_game(1, 1, 2, Kind.WIN)
>>> html = standings_part(compute_standings(t, "PTS,BH/C1", lots=False), "uk", no_lots=True)
>>> '<p data-part="event">Cup · після 1-го туру з 1' in html, '<span class="tb-name">Бухгольц, скорочення-1' in html
(True, True)
>>> '<tr data-start-no="2" tabindex="0"><td class="rank">2</td>' in html
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from markupsafe import Markup

from ..arbiter.columns import PlayerColumns
from ..engine.errors import InputWarning
from ..engine.ranking import shown_places
from ..engine.specifier import TieBreakSpec
from ..engine.standings import Standings
from ..engine.team import TeamStandings
from ..views.standings import legend_entries
from .html import ColumnRoles, identity_columns, positions, standings_table, table_data
from .i18n import after_round, count_sentence, legend_name, message, problem, word
from .legend import site_lines, standings_legend
from .templating import environment
from .words import PAGE_WORDS


def list_names(specs: Sequence[TieBreakSpec], lang: str = "en", team: bool = False,
               primary: str = "") -> list[tuple[str, str]]:
    """Each specifier of the list with its name in ``lang`` and its cut or median (a team event's codes are the team
    ones: ``BH:MP`` is the team Buchholz; ``PTS`` is named by the event's ``primary`` score, as its column and the
    legend name it); a code the catalogues do not hold has no name.

    >>> from tiebreak.engine.registry import parse_list
    >>> list_names(parse_list("PTS,BH/C1,SB/M1"), "ru")[1:]
    [('BH/C1', 'Коэффициент Бухгольца, усечение-1'), ('SB/M1', 'Коэффициент Соннеборна-Бергера, медиана-1')]
    >>> list_names(parse_list("PTS,BH"), "ru", team=True, primary="MP")[0]
    ('PTS', 'Матчевые очки')
    """
    return [(e.spec.text, legend_name(e, lang)) for e in legend_entries(specs, team, primary)]


def standings_part(s: Standings | TeamStandings, lang: str = "en", sections: str = "",
                   columns: PlayerColumns | None = None, no_lots: bool = False) -> str:
    """The page's parts of the standings ``s`` in ``lang`` (``sections``: the category standings and the team
    ranking as the download prints them; ``columns``: the player columns shown; ``no_lots``: ties share their
    place)."""
    team = s.ranks_teams
    heads, rows, order = standings_table(s, lang, columns)
    name, rounds = s.tournament.name, s.tournament.rounds
    count = count_sentence("site:teams_n" if team else "site:players_n", len(s.rows), lang)
    numbers, drawn = [r.start_no for r in s.rows], [r.lot is not None for r in s.rows]
    name_at, points_at = positions(order)
    places = shown_places(s)  # the players to compare with name their place as the table does: 40*, 1‡, 5-9
    table, _ = table_data("standings", heads, rows, ColumnRoles(points_at, (name_at,), ids=identity_columns(order)))
    for row, number in zip(table["rows"], numbers):
        row["start_no"] = number
    lots = any(drawn)
    summary = [name, after_round(s.after_round, rounds, lang), word(s.system, lang),
               f"{word('rules', lang)} {s.rules.name}", count]
    return environment().get_template("page_standings.html").render(
        seed="" if s.seed is None else s.seed, team=team, columns=",".join(columns.names) if columns else "",
        summary=" · ".join(x for x in summary if x), seed_line=_lots_line(no_lots, lots, s.seed, lang),
        notes=[message(n, lang) for n in s.notes], warnings=_warnings(s.warnings, lang),
        items=list_names(s.specs, lang, team, s.primary),
        words={k: PAGE_WORDS.text(k, lang) for k in ("move_up", "move_down", "remove")},
        rounds=range(1, max(rounds, s.after_round) + 1), after_round=s.after_round,
        heads=table["heads"], rows=table["rows"], legend=site_lines(standings_legend(s, order, lang)),
        sections=Markup(sections), players=[(places[n], row[name_at], row[1]) for n, row in zip(numbers, rows)])


def _lots_line(no_lots: bool, lots: bool, seed: int | None, lang: str) -> str:
    if no_lots:
        return PAGE_WORDS.text("shared_places", lang)
    return PAGE_WORDS.text("seed_used", lang, seed=seed) if lots else PAGE_WORDS.text("no_lot_needed", lang)


def _warnings(warnings: Sequence[Any], lang: str) -> list[str]:
    """Each warning in ``lang``: its place, then its message, as the command line prints it."""
    return [problem(w, lang) if isinstance(w, InputWarning) else message(w, lang) for w in warnings]
