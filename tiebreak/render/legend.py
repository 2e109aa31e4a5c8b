"""The standings' legend in words, one for every face: the view (:func:`tiebreak.views.standings.legend`) worded
as pairs of a mark and what it means, in the order of the table's columns — each column's heading and full name,
each tie-break's name with its cut or median and its article (a team event's points by its primary score, «МО»),
then the place a lot decided with the lot's seed, the place the play-off decided and the undefined value.  The faces
only lay the pairs out: the text aligns them (:func:`text_lines`), the downloads print the mark in bold, the page,
the website and the live screen write ``mark = words`` (:func:`site_lines`).  Every column but the name has its
line, in every language: the place (``Место`` — «Место в турнирной таблице»), the points named and cited as a
tie-break of the list (``Очки`` — «Очки (C.07 4.2)»; a team event's by its primary score, «МО»).

>>> from tiebreak import compute_standings, trf
>>> from tiebreak.views.standings import of_ranking
>>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1")
>>> site_lines(standings_legend(s, of_ranking(s).columns, "ru"))
['Место = Место в турнирной таблице', '№ = Стартовый номер', 'Очки = Очки (C.07 4.2)', \
'BH/C1 = Коэффициент Бухгольца, усечение-1 (C.07 8.1)', '* = место определено жребием (номер жребия 816560)', \
'- = не определено']
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.ranking import LOT_MARK, PLAYOFF_MARK, Ranking
from ..engine.specifier import MODIFIERS
from ..engine.team_tiebreaks import TEAM_SCORES
from ..views.standings import Column, Legend, LegendEntry, legend
from .columns import primary_name
from .i18n import legend_name, message, word
from .words import COLUMN_HEADINGS, LIVE_WORDS, SITE_WORDS

#: the player columns' full names (``--columns``): the site's words
COLUMN_WORDS = {"title": "player_title", "fed": "federation", "rating": "rating", "club": "club", "sex": "column_sex",
                "birth": "column_birth", "perf": "performance", "change": "rating_change"}

#: a line of the legend: its mark (a heading, ``BH/C1``, the lot's ``*``) and what it means
Line = tuple[str, str]


def _column(c: Column, lang: str) -> Line | None:
    """A column of the table that is not a column of the list: its heading and its full name."""
    if c.kind == "player":
        full = COLUMN_WORDS.get(c.key)
        return (COLUMN_HEADINGS.text(c.key, lang), SITE_WORDS.text(full, lang)) if full else None
    full = {"rank": "column_rank", "number": "number"}[c.kind]
    return word(c.kind, lang), SITE_WORDS.text(full, lang)


def _entry(e: LegendEntry, lang: str) -> Line | None:
    """A column of the list: headed as the table heads it (a team event's match or game points by the glossary's
    name, «МО»), its name with its cut or median and its article; None for a code no catalogue holds."""
    if not e.known:
        return None
    name = legend_name(e, lang)
    named = f"{name} ({message(e.article, lang)})" if e.article else name
    if e.place:  # DE's 2 is a place among the tied, not a score
        named = word("group_value", lang, tiebreak=named)
    if e.key:  # listed again ("DE (2)"): the same tie-break, applied to those still tied after the columns before it
        return e.key, word("again", lang, tiebreak=named)
    return primary_name(e.code, lang) if e.glossary else e.spec.text, named


def _modifier(mark: str, lang: str) -> str:
    """What a modifier of the list does (``/P``: the catalogue's words, ``tiebreak list``; ``:MP``: the team score)."""
    return message(TEAM_SCORES[mark[1:]] if mark.startswith(":") else MODIFIERS[mark[1:]], lang)


def legend_lines(view: Legend, lang: str = "en") -> list[Line]:
    """The legend ``view`` in ``lang``: a (mark, words) pair per column and per mark of the rows (the module's
    docstring)."""
    lines = [_column(x, lang) if isinstance(x, Column) else _entry(x, lang) for x in view.items]
    out = [x for x in lines if x is not None]  # a heading that is its whole name too ("Club"): every column has its line
    out += [(mark, _modifier(mark, lang)) for mark in view.modifiers]
    out += place_marks(lang, view.lots, view.seed, view.playoff)
    return [*out, ("-", word("undefined", lang))]


def place_marks(lang: str, lots: bool = False, seed: int | None = None, playoff: bool = False) -> list[Line]:
    """The legend's lines of the marks a written place may carry (:func:`tiebreak.engine.ranking.lot_marked`), on
    every face that writes a place (the standings, the crosstable, a card, the prizes): ``*`` where the ``lots``
    decided a place shown, with their ``seed``; ``‡`` where the ``playoff`` did.

    >>> place_marks("en", True, 7, True)
    [('*', 'place decided by lot (seed 7)'), ('‡', "place decided by the play-off (Arbiters' Manual 13.2)")]
    """
    lot = [(LOT_MARK, word("lot", lang, seed=seed))] if lots else []
    return lot + ([(PLAYOFF_MARK, LIVE_WORDS.text("playoff", lang))] if playoff else [])  # (the play-off's article)


def standings_legend(s: Ranking, columns: Sequence[Column], lang: str = "en", playoff: bool | None = None) -> list[Line]:
    """The legend of the standings ``s`` (players or teams) shown in ``columns``: :func:`legend_lines`;
    ``playoff``: the play-off decided some place shown (default: some place of ``s``)."""
    lots = any(r.lot is not None for r in s.rows)
    return legend_lines(legend(columns, s.specs, seed=s.seed, lots=lots, team=s.ranks_teams,
                               primary=s.primary, playoff=bool(s.decided) if playoff is None else playoff,
                               rules=s.rules), lang)


def site_lines(lines: list[Line]) -> list[str]:
    """The legend as the page, the website and the live screen write it: ``mark = words``."""
    return [f"{mark} = {words}" for mark, words in lines]


def text_lines(lines: list[Line]) -> list[str]:
    """The legend as the text writes it: the marks aligned in a column of their own, under the table."""
    width = max([10, *(len(mark) for mark, _ in lines)])
    return [f"  {mark:{width}} {words}" for mark, words in lines]
