"""The square crosstable of a round robin, players' and teams' alike: a row for every participant in the order of the
standings, a column for each place (column 3: the one placed 3rd), in each cell the results of the row's participant
against the column's (a double round robin has two; a team's, each match's match points and game points, ``2
(6.5)``), ``×`` on the diagonal: the view of :mod:`tiebreak.views.crosstable` in the words of
:mod:`tiebreak.render.crosstable`, as the website and the live screen show it.  Text (under the standings of
``--format text``), HTML and PDF (instead of the crosstable of the rounds).

>>> from tiebreak import compute_standings
>>> from tiebreak.engine.model import Kind, Player, Tournament
>>> t = Tournament.build([Player(i, n) for i, n in enumerate(["Ann", "Bob", "Cid"], 1)], 2)
>>> t.set_game(1, 1, 2, Kind.WIN); t.set_game(2, 3, 1, Kind.DRAW)
>>> s = compute_standings(t, "PTS", system="round robin", lots=False)
>>> print(square_text(s).split("\\n\\n")[0])
Place  No  Name  Pts  1  2  3
-----  --  ----  ---  -  -  -
    1   1  Ann   1.5  ×  ½  1
    2   3  Cid   0.5  ½  ×
    3   2  Bob     0  0     ×

A team round robin (two teams meeting twice: A won 1.5-0.5, then drew 1-1), its points column headed by the
primary score:

>>> from tiebreak.engine.team import Team, build, compute_team_standings
>>> t = Tournament.build([Player(i, n) for i, n in enumerate(["A1", "A2", "B1", "B2"], 1)], 2)
>>> t.set_game(1, 1, 3, Kind.WIN); t.set_game(1, 4, 2, Kind.DRAW); t.set_game(2, 3, 1, Kind.DRAW)
>>> t.set_game(2, 2, 4, Kind.DRAW)
>>> ts = compute_team_standings(build(t, [Team(1, "A", [1, 2]), Team(2, "B", [3, 4])]), "MP,GP",
...                             system="round robin", lots=False)
>>> print(square_text(ts).split("\\n\\n")[0])
Place  No  Team  MP              1              2
-----  --  ----  --  -------------  -------------
    1   1  A      3              ×  2 (1.5) 1 (1)
    2   2  B      1  0 (0.5) 1 (1)              ×
"""

from __future__ import annotations

from typing import Any

from ..engine.model import Kind
from ..engine.standings import Standings
from ..engine.team import TeamStandings
from ..views.crosstable import Crosstable, of_ranking
from . import crosstable as cross_words
from .columns import primary_name
from .i18n import word

__all__ = ["SHADE", "square_section", "square_table", "square_text"]

#: a team's match won or lost: the printed team crosstables' shading (a square's cell when every match in it was
#: won, or every one lost)
SHADE = {Kind.WIN: "win", Kind.FORFEIT_WIN: "win", Kind.LOSS: "loss", Kind.FORFEIT_LOSS: "loss",
        Kind.DOUBLE_FORFEIT: "loss"}


def _points_head(s: Standings | TeamStandings, lang: str) -> str | None:
    """The points column's head: a team event's primary score by its glossary name («МО»), else the players' "Pts"."""
    return primary_name(s.primary, lang) if s.ranks_teams else None


def square_text(s: Standings | TeamStandings, lang: str = "en") -> str:
    """The square crosstable as an aligned text table (names flush left) and its legend."""
    return cross_words.text(of_ranking(s), lang, _points_head(s, lang))


def square_section(s: Standings | TeamStandings, lang: str = "en") -> str:
    """What the text standings of a round robin end with: the crosstable's heading and the square (nothing for a
    Swiss event)."""
    if s.system != "round robin":
        return ""
    return f"\n{word('crosstable', lang)}:\n{square_text(s, lang)}\n"


def _team_classes(view: Crosstable) -> list[list[str]]:
    """A team square's cell classes, row by row: ``match``, with ``win`` / ``loss`` when every match in it was won
    / lost."""
    out = []
    for row in view.rows:
        classes = []
        for cells in view.grid(row):
            shades = {SHADE.get(c.kind, "") for c in cells or ()}
            shade = shades.pop() if len(shades) == 1 else ""
            classes.append(f"match {shade}".strip())
        out.append(classes)
    return out


def square_table(s: Standings | TeamStandings, lang: str = "en") -> tuple[dict[str, Any], list[str], list[int]]:
    """The square crosstable as a table of the ``table`` macro (``site_table.html``; sticky: on a phone the place,
    number, name and points stay while the results scroll; the diagonal cells ``self``; a team's match cells
    ``match``, shaded ``win`` / ``loss``), its legend and the characters each column needs."""
    view = of_ranking(s)
    head, body = cross_words.table(view, lang, _points_head(s, lang))
    classes = ["rank", "", "name", "pts"]
    widths = [max(len(h), *(len(row[j]) for row in body)) for j, h in enumerate(head)]
    shaded = _team_classes(view) if view.teams else [[""] * len(view.rows) for _ in view.rows]

    def cls(j: int, k: int) -> str:
        if j < 4:
            return classes[j]
        return "self" if j - 4 == k else shaded[k][j - 4] if k >= 0 else ""

    return ({"id": "crosstable", "caption": word("crosstable", lang), "sticky": True,
             "heads": [{"text": h, "cls": cls(j, -1)} for j, h in enumerate(head)],
             "rows": [{"cells": [{"text": c, "cls": cls(j, k)} for j, c in enumerate(row)]} for k, row in enumerate(body)]},
            cross_words.legend(view, lang), widths)
