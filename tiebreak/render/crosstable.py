"""The crosstable view (:mod:`tiebreak.views.crosstable`) in words: each cell's text, the square's cells, a team
match's cell, the table's heads and rows and the legend, the same in the text, the PDF, the website and the live
screen. A Swiss cell shows the opponent's place, the colour in the reader's language and the result (``3w1``); a
square's columns are the places; a team's cell the opposing team's place and the game points (``3: 2.5``), a team
round robin's square cell the match points and the game points of each match (``2 (6.5)``); the legend says so and
names the symbols the table shows.

>>> from tiebreak import compute_standings, trf
>>> from tiebreak.views.crosstable import of_standings
>>> view = of_standings(compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", seed=1))
>>> [cell_text(c, "ru") for c in view.rows[0].cells[:2]], legend(view, "en")[0]
(['12ч1', '7б1'], '3w1: the opponent placed 3rd, White, won (b: Black); ½ draw, 0 lost')
"""

from __future__ import annotations

from typing import Any

from markupsafe import escape

from ..engine.model import Kind
from ..views.crosstable import HEAD_COLUMNS, Cell, Crosstable, Row
from .columns import primary_name
from .i18n import kind_name, word
from .legend import place_marks, site_lines
from .results import CELL, colour_letter, cross_cell
from .results import legend as symbols_legend
from .text_table import text_table
from .words import LIVE_WORDS, SITE_WORDS, TEAM_WORDS

#: the symbols a legend names when the table shows them (the others are plain scores); a square names no bye
_NAMED = (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT, Kind.PAB, Kind.FPB, Kind.HPB, Kind.ZPB)
_NAMED_SQUARE = (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT)
#: a team match won or lost by forfeit: the mark after the opposing team's place
_FORFEIT = {Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "−", Kind.DOUBLE_FORFEIT: "−"}


def cell_text(c: Cell, lang: str) -> str:
    """A Swiss cell: ``3w1`` (the opponent's place, colour, result; ``3b*`` being played), a bye's symbol, ``–`` when
    not paired."""
    return cross_cell(c.number, c.colour, c.kind, lang)


def team_cell_text(c: Cell, lang: str) -> str:
    """A team's match: the opposing team's place (``+`` / ``−`` after it: won / lost by forfeit) and the team's game
    points (``3: 2.5``), a bye and its points, ``–`` without a match."""
    if c.number is not None:
        return f"{c.number}{_FORFEIT.get(c.kind, '')}: {c.points}"
    if c.kind is Kind.PAB:
        return f"{TEAM_WORDS.text('bye', lang)}: {c.points}"
    return "–"


def team_match_text(c: Cell) -> str:
    """A team's match in a square: its match points (``+`` / ``−`` after them: won / lost by forfeit) and its game
    points in brackets (``2 (6.5)``; ``*`` being played).

    >>> team_match_text(Cell(3, 1, "w", Kind.WIN, "6.5", "2")), team_match_text(Cell(3, 1, "b", Kind.FORFEIT_LOSS, "0", "0"))
    ('2 (6.5)', '0− (0)')
    """
    if c.kind is Kind.UNKNOWN:
        return CELL[Kind.UNKNOWN]
    return f"{c.match_points}{_FORFEIT.get(c.kind, '')} ({c.points})"


def row_texts(view: Crosstable, row: Row, lang: str) -> list[str]:
    """A row's cells as text: a square's results per column, a team's matches, a player's rounds."""
    if view.square:
        return square_texts(view, row)
    if view.teams:
        return [team_cell_text(c, lang) for c in row.cells]
    return [cell_text(c, lang) for c in row.cells]


def table(view: Crosstable, lang: str, points: str | None = None) -> tuple[list[str], list[list[str]]]:
    """The heads and rows as text, in standings order: place, number, name, points (headed ``points``, else
    "Pts"), then the rounds (a square: the columns 1, 2, ... are the places)."""
    name = TEAM_WORDS.text("team", lang) if view.teams else word("name", lang)
    fixed = {"rank": word("rank", lang), "number": word("number", lang), "name": name,
             "points": points or word("points", lang)}
    heads = [*(fixed[c] for c in HEAD_COLUMNS),
             *(str(k + 1) for k in range(len(view.rows) if view.square else view.rounds))]
    return heads, [[r.written, str(r.start_no), r.name, r.points, *row_texts(view, r, lang)] for r in view.rows]


def text(view: Crosstable, lang: str, points: str | None = None) -> str:
    """The crosstable as an aligned text table (names flush left; the points headed ``points``) and its legend."""
    heads, rows = table(view, lang, points)
    return "\n".join([*text_table(heads, rows, {2}), "", *legend(view, lang)])


def cells_html(view: Crosstable, lang: str, href: str = "player-{}.html") -> list[str]:
    """Each row's cells as HTML in ``lang``: a square's results, a team's matches or a player's rounds (an
    opponent's cell a link to ``href``: the player's or the team's card).  A Swiss event's cells of 2,000 rows are
    made quickly: the colour letters looked up once, every cell's HTML cut from one made by
    :func:`~tiebreak.render.templating.cell_html`."""
    from .templating import cell_html  # noqa: PLC0415  start-up: Jinja for HTML alone (the text standings import this module: +40 ms, -X importtime)

    if view.square:
        return ["".join(cell_html({"text": x}) for x in square_texts(view, r)) for r in view.rows]
    if view.teams:
        return ["".join(cell_html({"text": team_cell_text(c, lang),
                                   **({"href": href.format(c.opponent)} if c.opponent is not None else {})})
                        for c in r.cells) for r in view.rows]
    letter = {"w": str(escape(colour_letter("w", lang))), "b": str(escape(colour_letter("b", lang))), None: ""}
    link_head, link_tail = cell_html({"text": "\x00", "href": href.format("\x01")}).split("\x01")
    link_middle, link_end = link_tail.split("\x00")
    plain_head, plain_end = cell_html({"text": "\x00"}).split("\x00")
    alone = {k: plain_head + str(escape(CELL[k] or "–")) + plain_end for k in Kind}
    return ["".join(f"{link_head}{c.opponent}{link_middle}{c.number}{letter[c.colour]}{CELL[c.kind]}{link_end}"
                    if c.opponent is not None else alone[c.kind] for c in r.cells) for r in view.rows]


def head_cells(row: Row, name: dict[str, Any]) -> list[dict[str, Any]]:
    """A row's first cells (:data:`~tiebreak.views.crosstable.HEAD_COLUMNS`), as the website's crosstable and the live
    screen's write them: its place, start number, ``name`` (the face's own cell: a link to its card) and points.

    >>> from tiebreak.views.crosstable import Row
    >>> [c["text"] for c in head_cells(Row(7, "Ann", 3, "3-5", "2.5", False, ()), {"text": "Ann", "cls": "name"})]
    ['3-5', '7', 'Ann', '2.5']
    >>> head_cells(Row(9, "Bob", 40, "40", "2", True, ()), {"text": "Bob", "cls": "name"})[0]["text"]   # by lot
    '40*'
    """
    return [{"text": row.written, "cls": "rank"}, {"text": str(row.start_no), "cls": "id"}, name,
            {"text": row.points, "cls": "pts"}]


def square_texts(view: Crosstable, row: Row) -> list[str]:
    """A square's row: per column the results against that opponent (``×`` on the diagonal; a team's matches
    one after the other, :func:`team_match_text`)."""
    if view.teams:
        return ["×" if cells is None else " ".join(team_match_text(c) for c in cells) for cells in view.grid(row)]
    return ["×" if cells is None else "".join(CELL[c.kind] for c in cells) for cells in view.grid(row)]


def legend(view: Crosstable, lang: str, live: bool = False) -> list[str]:
    """What the cells say: how a cell reads (the opponent's place; a square's columns the places; a team's the
    opposing team's place and the game points, a team square's the match points and the game points), that
    forfeits are named, and each symbol the table shows; a game without a result is one not played yet in a file,
    one being played on the live screen (``live``), the words its pairings use; then the marks of the places, as
    the standings' legend says them (a lot's where the view knows its seed). A team event's first line names its
    points column, the primary score (``МО = Матчевые очки``), on every face."""
    marks = site_lines(place_marks(lang, view.lots and view.seed is not None, view.seed, view.playoff))
    kinds = view.kinds
    if view.teams:
        full = {"MP": "match_points", "GP": "game_points"}.get(view.primary)
        lines = [f"{primary_name(view.primary, lang)} = {SITE_WORDS.text(full, lang)}"] if full else []
        lines.append(LIVE_WORDS.text("team_square_key" if view.square else "team_cells_key", lang))
        if Kind.PAB in kinds and not view.square:  # "bye: 3": the bye and the game points it gives
            bye, gp = TEAM_WORDS.text("bye", lang), TEAM_WORDS.text("gp", lang)
            lines.append(f"{bye}: 3 = {kind_name(Kind.PAB.name, lang)} ({gp} 3)")
        if view.square and Kind.UNKNOWN in kinds:
            pending = LIVE_WORDS.text("pending", lang) if live else SITE_WORDS.text("match_pending", lang)
            lines.append(f"{CELL[Kind.UNKNOWN]} = {pending}")
        return lines + marks
    named = _NAMED_SQUARE if view.square else _NAMED
    key = LIVE_WORDS.text("square_key" if view.square else "cells_key", lang)
    lines = [key, SITE_WORDS.text("square_forfeit_note" if view.square else "forfeit_note", lang)]
    lines += symbols_legend(lang, [k for k in named if k in kinds])
    if Kind.UNKNOWN in kinds:
        lines.append(f"{CELL[Kind.UNKNOWN]} = {(LIVE_WORDS if live else SITE_WORDS).text('pending', lang)}")
    return lines + marks
