"""The square crosstable of a round robin: a row for every player in the order of the standings, a column for each
place (column 3: the player placed 3rd), in each cell the results of the row's player against the column's (a double
round robin has two), ``×`` on the diagonal: the view of :mod:`tiebreak.views.crosstable` in the words of
:mod:`tiebreak.render.crosstable`, as the website and the live screen show it.  Text (under the standings of
``--format text``), HTML and PDF (instead of the crosstable of the rounds).

>>> from tiebreak import compute_standings
>>> from tiebreak.engine.model import Kind, Player, Tournament
>>> t = Tournament.build([Player(i, n) for i, n in enumerate(["Ann", "Bob", "Cid"], 1)], 2)
>>> t.set_game(1, 1, 2, Kind.WIN); t.set_game(2, 3, 1, Kind.DRAW)
>>> s = compute_standings(t, "PTS", system="round robin", lots=False)
>>> print(square_text(s).split("\\n\\n")[0])
Rk  No  Name  Pts  1  2  3
--  --  ----  ---  -  -  -
 1   1  Ann   1.5  ×  ½  1
 2   3  Cid   0.5  ½  ×
 3   2  Bob     0  0     ×
"""

from __future__ import annotations

from typing import Any

from ..engine.standings import Standings
from ..views.crosstable import of_standings
from . import crosstable as cross_words
from .i18n import word

__all__ = ["square_section", "square_table", "square_text"]


def square_text(s: Standings, lang: str = "en") -> str:
    """The square crosstable as an aligned text table (names flush left) and its legend."""
    return cross_words.text(of_standings(s), lang)


def square_section(s: Standings, lang: str = "en") -> str:
    """What the text standings of a round robin end with: the crosstable's heading and the square (nothing for a
    Swiss event)."""
    if s.system != "round robin":
        return ""
    return f"\n{word('crosstable', lang)}:\n{square_text(s, lang)}\n"


def square_table(s: Standings, lang: str = "en") -> tuple[dict[str, Any], list[str], list[int]]:
    """The square crosstable as a table of the ``table`` macro (``site_table.html``; sticky: on a phone the place,
    number, name and points stay while the results scroll; the diagonal cells ``self``), its legend and the
    characters each column needs."""
    view = of_standings(s)
    head, body = cross_words.table(view, lang)
    classes = ["rank", "", "name", "pts"]
    widths = [max(len(h), *(len(row[j]) for row in body)) for j, h in enumerate(head)]

    def cls(j: int, k: int) -> str:
        return classes[j] if j < 4 else "self" if j - 4 == k else ""

    return ({"id": "crosstable", "caption": word("crosstable", lang), "sticky": True,
             "heads": [{"text": h, "cls": cls(j, -1)} for j, h in enumerate(head)],
             "rows": [{"cells": [{"text": c, "cls": cls(j, k)} for j, c in enumerate(row)]} for k, row in enumerate(body)]},
            cross_words.legend(view, lang), widths)
