"""A self-contained HTML page of the standings, made to be published and printed: a cover line with the rules and the
tie-break legend, the table, the crosstable with rank and points.

The markup is the one set of page templates (:mod:`tiebreak.render.templating`): ``print_page.html`` extends
``print_base.html`` (the page of every HTML download), each printed section is the ``sheet`` macro of
``print_sheet.html`` around the ``table`` macro the website uses (``site_table.html``).  This module makes the data
(cells, sections) and computes what the templates cannot: the orientation and font size of each section
(:func:`fit`, :func:`column_widths`) and the A4 page boxes of the style sheet (:func:`print_style`).

Printed (``--format pdf``, or the browser's Print) every page of A4 carries the event, the print date and its page
number; a table too wide for A4 portrait is printed on landscape pages, and one too wide for those in a smaller font,
so no column is cut (:func:`fit`).  No script, no external asset; of the standings' notes only those a reader of the
table needs, above it (the rounds known, the games pending: :func:`~tiebreak.views.standings.table_notes`), none of
the internal ones (how the rules, the system and the list were chosen: the arbiter's, on the command line's standard
error, in the JSON and on the page); every text from the tournament file is escaped (the templates' autoescape).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from markupsafe import Markup

from ..arbiter.columns import PlayerColumns
from ..engine.model import Kind, format_number
from ..engine.ranking import Ranking
from ..engine.standings import Standings
from ..engine.team import TeamStandings
from ..views.crosstable import of_standings, of_teams
from ..views.matches import match_rounds
from ..views.standings import Column, of_ranking, table_notes
from . import crosstable as cross_words
from .columns import list_headings, primary_name, standings_headings
from .i18n import after_round, message, word
from .legend import Line, standings_legend
from .square import SHADE, square_table
from .table_style import TABLE_CSS
from .templating import environment
from .words import SITE_WORDS, TEAM_WORDS

Sheet = dict[str, Any]

#: printable width of A4 in mm with the page margins below (portrait, landscape)
_A4_WIDTH_MM = {"portrait": 210 - 2 * 10, "landscape": 297 - 2 * 10}
_BASE_PT, _MIN_PT = 9.5, 6.0
_MM_PER_PT = 25.4 / 72
#: average width of a character of the print font (Liberation Sans, Arial's metrics) and a cell's padding and
#: border, in em
_CHAR_EM, _CELL_EM = 0.56, 0.8

_STYLE = """
@page{size:A4 portrait;margin:14mm 10mm 12mm;%(boxes)s}
@page wide{size:A4 landscape}
body{font-family:"Liberation Sans",Arial,"DejaVu Sans",sans-serif;margin:1.2em;color:#1d2430;line-height:1.3}
h1{font-size:1.4em;margin:.2em 0}
section.sheet h1{font-size:1.5em}
.cover{margin:.2em 0 .6em}
.legend{font-size:.9em;margin:.3em 0 .8em;padding:0;list-style:none;columns:2 18em}
.legend li{break-inside:avoid}
p.cells{font-size:.85em;color:#444;margin:.2em 0 .8em}
td.self{background:#c9d1db}
.scroll{overflow-x:auto;max-width:100%%}
table{border-collapse:collapse;margin:.6em 0;font-variant-numeric:tabular-nums}
th,td{border:1px solid #aab;padding:.15em .35em;text-align:right;white-space:nowrap}
th{background:#e9eef4}
td.name,th.name{text-align:left;white-space:normal;min-width:8em}
:is(td,th).reach{text-align:left;white-space:normal;min-width:16em}
td.pts{font-weight:bold}
section.category h2,section.clubs h2{font-size:1.15em;margin:.9em 0 .2em;break-after:avoid}
caption{text-align:left;font-weight:bold;padding:.2em 0}
.print-head{display:none}
@media print{
  body{margin:0}
  .scroll{overflow:visible}
  thead{display:table-header-group}
  tr{break-inside:avoid}
  section.sheet{font-size:var(--pt)}
  section.wide{page:wide}
  section.sheet+section.sheet{break-before:page}
  section.sheet+section.category,section.sheet+section.clubs,section.sheet+section.follow{break-before:auto}
  section.follow{break-inside:avoid}
}
"""


def _cell(value: Fraction | None) -> str:
    return "-" if value is None else format_number(value)


def fit(widths: list[int]) -> tuple[str, float]:
    """The orientation and font size (pt) that print a table whose columns hold at most ``widths`` characters
    without cutting any: portrait if it fits, else landscape, else landscape in the font that fits (not below 6 pt).

    >>> fit([3, 3, 20, 4, 5, 5, 5])
    ('portrait', 9.5)
    >>> fit([3, 3, 25] + [6] * 13 + [4])
    ('landscape', 9.5)
    >>> fit([3, 3, 25] + [6] * 24 + [4])
    ('landscape', 6.4)
    """
    em = sum(w * _CHAR_EM + _CELL_EM for w in widths)
    for orientation in ("portrait", "landscape"):
        if em * _BASE_PT * _MM_PER_PT <= _A4_WIDTH_MM[orientation]:
            return orientation, _BASE_PT
    return "landscape", max(_MIN_PT, int(_A4_WIDTH_MM["landscape"] / (em * _MM_PER_PT) * 10) / 10)


def _css_string(text: str) -> str:
    """``text`` as a CSS string (inside a <style>: no quote, backslash, line break or '<' left as they are)."""
    out = "".join(f"\\{ord(c):x} " if c in '"\\<>' or ord(c) < 32 else c for c in text)
    return f'"{out}"'


def _page_boxes(title: str, lang: str, printed: datetime.date | None) -> str:
    """The page's margin boxes: event at the top left, the event's date at the top right (none when the file gives
    none: never the clock's), page number at the bottom."""
    before, _, rest = word("page_of", lang).partition("{page}")
    middle, _, after = rest.partition("{pages}")
    number = " ".join(x for x in (_css_string(before) if before else "", "counter(page)",
                                  _css_string(middle) if middle else "", "counter(pages)",
                                  _css_string(after) if after else "") if x)
    small = "font-family:'Liberation Sans',Arial,sans-serif;font-size:8pt;color:#555"
    return (f"@top-left{{content:{_css_string(title)};{small}}}"
            + (f"@top-right{{content:{_css_string(printed.isoformat())};{small}}}"
               if printed else "") +
            f"@bottom-center{{content:{number};{small}}}")


def print_style(title: str, lang: str, printed: datetime.date | None = None, style: str = "") -> Markup:
    """The style sheet of a download: the A4 pages with their boxes (the event ``title``, the date ``printed`` — the
    event's own, which the application layer's loader knows (:func:`tiebreak.app.load.event_date`); none is printed
    without it, never the clock's nor the file's time —, the page number), the shared table style
    (:data:`~tiebreak.render.table_style.TABLE_CSS`) and ``style`` (a page's own)."""
    boxes = _page_boxes(title, lang, printed)
    return Markup(_STYLE % {"boxes": boxes} + TABLE_CSS + style)  # every text in it made a CSS string


def sheet(widths: list[int], kind: str = "") -> Sheet:
    """A printed section of a table whose columns hold at most ``widths`` characters: the classes and the font size
    of the pages it needs (:func:`fit`); ``kind`` (``category``, ``clubs``, ``follow``) marks a section that follows
    the one before it on the same page when it can.  The caller adds what the section holds (``print_sheet.html``:
    ``table``, ``title``, ``heading``...).

    >>> sheet([3, 3, 20], kind="category")
    {'classes': 'sheet category', 'pt': 9.5}
    >>> sheet([3, 3, 25] + [6] * 24 + [4])
    {'classes': 'sheet wide', 'pt': 6.4}
    """
    orientation, pt = fit(widths)
    return {"classes": " ".join(x for x in ("sheet", kind, "wide" if orientation == "landscape" else "") if x),
            "pt": pt}


def column_widths(heads: list[str], rows: list[list[str]], names: tuple[int, ...] = (2,)) -> list[int]:
    """The characters each column needs; a column of names wraps past 26.

    >>> column_widths(["Place", "No", "Name"], [["1", "12", "A very long name of a player, from a club"]])
    [5, 2, 26]
    """
    widths = [max(len(x) for x in col) for col in zip(heads, *rows)]
    for j in names:
        widths[j] = min(widths[j], 26)
    return widths


@dataclass(frozen=True)
class ColumnRoles:
    """Where a table's columns of each role stand, for their style: the points, the names (they wrap past 26
    characters), the rank, the identity columns a phone leaves out."""

    points: int
    names: tuple[int, ...] = (2,)
    rank: int | None = 0
    ids: tuple[int, ...] = ()

    def style(self, j: int) -> str:
        """The class of column ``j``."""
        return ("name" if j in self.names else "rank" if j == self.rank else "pts" if j == self.points else
                "id" if j in self.ids else "")


def table_data(table_id: str, heads: list[str], rows: list[list[str]], roles: ColumnRoles, caption: str = "",
               sticky: bool = True) -> tuple[Sheet, list[int]]:
    """A table for the ``table`` macro (its columns styled by their ``roles``) and the characters each column needs
    (names wrap past 26 characters).  A place a lot decided is marked in its text (``40*``, as on every face), never
    by the style sheet: the mark is copied with the table, read aloud and kept in the PDF's text."""
    classes = [roles.style(j) for j in range(len(heads))]
    return ({"id": table_id, "caption": caption, "sticky": sticky,
             "heads": [{"text": h, "cls": c} for h, c in zip(heads, classes)],
             "rows": [{"cells": [{"text": v, "cls": c} for v, c in zip(row, classes)]} for row in rows]},
            column_widths(heads, rows, roles.names))


def to_html(s: Standings | TeamStandings, lang: str = "en", sections: str = "", columns: PlayerColumns | None = None,
            printed: datetime.date | None = None) -> str:
    """The page; ``sections`` (HTML made from the templates: category standings, team rankings) go after the
    standings, then the crosstable.  A team event's cover line adds the boards and the primary score, which heads
    its points column and its legend line («МО»); its crosstable is the matches' (:func:`team_matches_sheet`).

    >>> from tiebreak.engine.team import Team, build, compute_team_standings
    >>> from tiebreak.engine.model import Kind, Player, Tournament
    >>> t = Tournament.build([Player(i, n) for i, n in enumerate(["A1", "A2", "B1", "B2"], 1)], 1, name="Cup")
    >>> t.set_game(1, 1, 3, Kind.WIN); t.set_game(1, 4, 2, Kind.DRAW)
    >>> s = compute_team_standings(build(t, [Team(1, "A", [1, 2]), Team(2, "B", [3, 4])]), "MP,GP", lots=False)
    >>> page = to_html(s, "en", printed=datetime.date(2025, 1, 2))
    >>> "counter(pages)" in page and '"2025-01-02"' in page and "@top-left{content:" + chr(34) + "Cup" in page
    True
    """
    t = s.tournament
    title = t.name or t.source or "Standings"
    heads, rows, order = standings_table(s, lang, columns)
    event = [after_round(s.after_round, t.rounds, lang), word(s.system, lang)]
    primary = s.primary
    if isinstance(s, TeamStandings):
        event += [TEAM_WORDS.text("boards", lang, n=s.tt.boards)] if s.tt.boards else []  # none declared nor played
        event.append(TEAM_WORDS.text("primary", lang, score=primary_name(primary, lang)))
    named = list_headings(s.tiebreaks, primary, lang)  # the primary score as the table heads it: Pts, «Очки», «МО»
    event += [f"{word('rules', lang)} {s.rules.name}", f"{word('legend', lang)}: {', '.join(named)}"]
    first = standings_sheet(s, lang, title, "; ".join(event), standings_legend(s, order, lang), heads, rows, order)
    if isinstance(s, TeamStandings):
        return document(title, lang, [first, team_matches_sheet(s, lang)], printed, TEAM_CROSSTABLE_STYLE)
    return document(title, lang, [first, Markup(sections), _rounds_sheet(s, lang)], printed)


def standings_table(s: Ranking, lang: str = "en",
                    columns: PlayerColumns | None = None) -> tuple[list[str], list[list[str]], list[Column]]:
    """The headings, rows and columns of the standings table (the view of :mod:`tiebreak.views.standings`, in its
    one order of the columns): the download's and the web page's.  A team event's: rank, number, team, the primary
    score headed by its name («МО»), the team tie-breaks.

    >>> from tiebreak.engine.model import Kind, Player, Tournament
    >>> from tiebreak.engine.standings import compute_standings
    >>> t = Tournament.build([Player(1, "Ann"), Player(2, "Bob")], 1)
    >>> t.set_game(1, 1, 2, Kind.WIN)
    >>> standings_table(compute_standings(t, "PTS,BH", lots=False), "ru")[:2]
    (['Место', '№', 'Участник', 'Очки', 'BH'], [['1', '1', 'Ann', '1', '0'], ['2', '2', 'Bob', '0', '1']])
    """
    view = of_ranking(s, columns)
    team = (s.keys[0], s.primary) if s.ranks_teams else None
    return standings_headings(view.columns, lang, team), [view.cells(r) for r in view.rows], view.columns


def positions(columns: list[Column]) -> tuple[int, int]:
    """Where the name and the points are among the standings table's ``columns``."""
    return columns.index(Column("name")), columns.index(Column("points"))


def identity_columns(columns: list[Column]) -> tuple[int, ...]:
    """Where the identity columns are among the standings table's ``columns`` (number, title, federation, rating...:
    a phone leaves them out of the page's table)."""
    return tuple(j for j, c in enumerate(columns) if c.kind in ("number", "player"))


def document(title: str, lang: str, sheets: list[Sheet | Markup], printed: datetime.date | None = None,
             style: str = "") -> str:
    """The page of ``sheets`` (made by :func:`sheet`, or HTML already made from the templates), from
    ``print_page.html``: printed on A4 with the event ``title`` at the top left, the event's date at the top right and
    the page number at the bottom of every page; ``style`` is added to the shared style sheet.

    >>> page = document("Open <2025>", "en", [Markup("<p>x</p>")], datetime.date(2025, 6, 1))
    >>> "<title>Open &lt;2025&gt;</title>" in page and "counter(page)" in page and '"2025-06-01"' in page
    True
    """
    return environment().get_template("print_page.html").render(
        lang=lang, title=title, style=print_style(title, lang, printed, style), sheets=sheets)


def standings_sheet(s: Any, lang: str, title: str, event: str, legend: list[Line], heads: list[str],
                    rows: list[list[str]], columns: list[Column]) -> Sheet:
    """The first sheet: the event's name, the cover line (``event``), the legend (:mod:`tiebreak.render.legend`:
    each column's and each mark's meaning, the lot's seed among them, above the table: a page never holds only a
    footnote), the notes a reader of the table needs (:func:`~tiebreak.views.standings.table_notes`: the games
    pending) and the standings table (``heads``, ``rows`` of the ``columns``; a place drawn by lot marked ``40*``) of ``s``
    (individual or team standings)."""
    name_at, points_at = positions(columns)
    table, widths = table_data("standings", heads, rows, ColumnRoles(points_at, (name_at,)),
                                 SITE_WORDS.text("standings", lang))
    return {**sheet(widths), "title": title, "cover": event, "legend": legend, "table": table,
            "notes": [message(n, lang) for n in table_notes(s.notes)]}


def sections_html(sheets: list[Sheet]) -> Markup:
    """Sheets made into HTML that goes inside another page (``print_sections.html``): the category standings and
    team rankings under the standings of a download or of the website."""
    return Markup(environment().get_template("print_sections.html").render(sheets=sheets).strip())


def _square_sheet(s: Standings | TeamStandings, lang: str) -> Sheet:
    """A round robin's square crosstable, players' or teams', with its legend (on the page of the standings when it
    fits there: ``follow``)."""
    square, after, widths = square_table(s, lang)
    return {**sheet(widths, "follow"), "table": square, "after": after}


def _rounds_sheet(s: Standings, lang: str) -> Sheet:
    """The crosstable under the standings, as on the website (:mod:`tiebreak.render.crosstable`, the opponents by
    place, with its legend): a Swiss event's rounds, or a round robin's square (:func:`_square_sheet`)."""
    if s.system == "round robin":
        return _square_sheet(s, lang)
    view = of_standings(s)
    heads, rows = cross_words.table(view, lang)
    table, widths = table_data("crosstable", heads, rows, ColumnRoles(3), caption=word("crosstable", lang))
    return {**sheet(widths), "table": table, "after": cross_words.legend(view, lang)}


#: what the team crosstable adds to the shared style sheet: the match cells, a match won or lost shaded
TEAM_CROSSTABLE_STYLE = """
#crosstable thead th:nth-child(n+5){text-align:center}
td.match{white-space:nowrap;text-align:center}
td.win{background:#eef7ee}td.loss{background:#fbeeee}
@media print{td.win,td.loss{-webkit-print-color-adjust:exact;print-color-adjust:exact}}
"""


def team_matches_sheet(s: TeamStandings, lang: str) -> Sheet:
    """The printed crosstable of a team event (:func:`to_html`): the text's and the website's
    table (:func:`tiebreak.render.crosstable.table`: rank, number, team, the primary score, then per round the
    opposing team's place and the game points, ``3: 2.5``) with its legend; a cell's title adds the match's points,
    a match won or lost is shaded; a team round robin's square (:func:`_square_sheet`), its matches shaded alike."""
    if s.system == "round robin":
        return _square_sheet(s, lang)
    view = of_teams(s)
    heads, rows = cross_words.table(view, lang, primary_name(s.tt.primary, lang))
    table, widths = table_data("crosstable", heads, rows, ColumnRoles(3), caption=word("crosstable", lang),
                                 sticky=False)
    w, first = TEAM_WORDS, len(heads) - view.rounds
    for row, r in zip(table["rows"], view.rows):
        for cell, mr in zip(row["cells"][first:], match_rounds(s, r.start_no)):
            cell["cls"] = f"match {SHADE.get(mr.kind, '')}".strip()
            if mr.opponent is not None or mr.kind is not Kind.ABSENT:
                cell["title"] = (f"{w.text('mp', lang)} {format_number(mr.match_points)}, "
                                 f"{w.text('gp', lang)} {format_number(mr.game_points)}")
    return {**sheet(widths), "table": table, "after": cross_words.legend(view, lang)}
