"""The square crosstable of a round robin, as arbiters print it: a row and a column for every player by start number,
in each cell the results of the row's player against the column's (a double round robin has two), the diagonal blank,
then the points and the place.  Text (under the standings of ``--format text``), HTML and PDF (instead of the
crosstable in standings order) and the live page (from the same cells, :func:`square_cells`).

>>> from tiebreak import compute_standings
>>> from tiebreak.engine.model import Kind, Player, Tournament
>>> t = Tournament.build([Player(i, n) for i, n in enumerate(["Ann", "Bob", "Cid"], 1)], 2)
>>> t.set_game(1, 1, 2, Kind.WIN); t.set_game(2, 3, 1, Kind.DRAW)
>>> s = compute_standings(t, "PTS", system="round robin", lots=False)
>>> print(square_text(s))
No  Name  Pts  Rk  1  2  3
--  ----  ---  --  -  -  -
 1  Ann   1.5   1     1  ½
 2  Bob     0   3  0
 3  Cid   0.5   2  ½
"""

from __future__ import annotations

from typing import Any

from ..engine.model import Kind, format_number
from ..engine.ranking import place_texts
from ..engine.standings import Standings
from .i18n import word
from .output import text_table

__all__ = ["square_cells", "square_section", "square_table", "square_text"]

#: a round's result in a cell: the score, + / − for a game won or lost by forfeit, … for a game being played
_RESULT = {Kind.WIN: "1", Kind.DRAW: "½", Kind.LOSS: "0", Kind.WIN_SHORT: "1", Kind.DRAW_SHORT: "½",
           Kind.LOSS_SHORT: "0", Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "−", Kind.DOUBLE_FORFEIT: "−",
           Kind.UNKNOWN: "…"}


def square_cells(s: Standings) -> list[list[str]]:
    """``cells[i][j]``: the results of the ``i``-th player by start number against the ``j``-th, in round order and
    separated by a space (``""`` on the diagonal and for pairs that have not met)."""
    t = s.tournament
    order = sorted(range(len(t.players)), key=lambda i: t.players[i].start_no)
    at = {i: k for k, i in enumerate(order)}
    cells = [["" for _ in order] for _ in order]
    for i in order:
        for r in range(s.after_round):
            o, kind = int(t.opponent[i, r]), Kind(int(t.kind[i, r]))
            if o >= 0 and kind in _RESULT:
                cell = cells[at[i]][at[o]]
                cells[at[i]][at[o]] = f"{cell} {_RESULT[kind]}".strip()
    return cells


def _rows(s: Standings, lang: str) -> tuple[list[str], list[list[str]]]:
    t = s.tournament
    place = place_texts({r.start_no: r.rank for r in s.rows})
    by_row = {r.index: r for r in s.rows}
    order = sorted(range(len(t.players)), key=lambda i: t.players[i].start_no)
    head = [word("number", lang), word("name", lang), word("points", lang), word("rank", lang),
            *(str(t.players[i].start_no) for i in order)]
    body = []
    for i, cells in zip(order, square_cells(s)):
        r = by_row.get(i)
        rank = place[r.start_no] + ("*" if r.lot is not None else "") if r else ""
        body.append([str(t.players[i].start_no), t.players[i].name, format_number(r.points) if r else "", rank, *cells])
    return head, body


def square_text(s: Standings, lang: str = "en") -> str:
    """The square crosstable as an aligned text table (names flush left)."""
    head, body = _rows(s, lang)
    return "\n".join(line.rstrip() for line in text_table(head, body, {1}))


def square_section(s: Standings, lang: str = "en") -> str:
    """What the text standings of a round robin end with: the crosstable's heading and the square (nothing for a
    Swiss event)."""
    if s.system != "round robin":
        return ""
    return f"\n{word('crosstable', lang)}:\n{square_text(s, lang)}\n"


def square_table(s: Standings, lang: str = "en") -> tuple[dict[str, Any], list[int]]:
    """The square crosstable as a table of the ``table`` macro (``site_table.html``; sticky: on a phone the number,
    name and points stay while the results scroll; the diagonal cells ``self``) and the characters each column
    needs."""
    head, body = _rows(s, lang)
    classes = ["rank", "name", "pts"]
    widths = [max(len(h), *(len(row[j]) for row in body)) for j, h in enumerate(head)]

    def cls(j: int, k: int) -> str:
        return classes[j] if j < 3 else "self" if j - 4 == k else ""

    return ({"id": "crosstable", "caption": word("crosstable", lang), "sticky": True,
             "heads": [{"text": h, "cls": cls(j, -1)} for j, h in enumerate(head)],
             "rows": [{"cells": [{"text": c, "cls": cls(j, k)} for j, c in enumerate(row)]} for k, row in enumerate(body)]},
            widths)
