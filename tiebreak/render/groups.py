"""Category standings and team rankings inside an individual event, in text, JSON, CSV columns and HTML sections
(printed sections of the templates' ``sheet`` macro, :mod:`tiebreak.render.html`), to go under the standings they
come from.

>>> from tiebreak import compute_standings
>>> from tiebreak.arbiter.categories import category_standings, parse_category
>>> from tiebreak.formats import trf
>>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
>>> print(categories_text([category_standings(s, parse_category("rating<900"))], "en").splitlines()[0])
Category rating<900
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..arbiter.categories import CategoryStandings
from ..arbiter.clubs import TEAM_CODES, ClubRanking
from ..arbiter.columns import PlayerColumns
from ..engine.model import format_number
from ..engine.ranking import lot_marked, shared_place, written_places
from ..views.standings import column_order
from .html import ColumnRoles, Sheet, sections_html, sheet, table_data
from .i18n import count_sentence
from .text_table import text_table
from .words import COLUMN_HEADINGS, GROUPS_WORDS

_w = GROUPS_WORDS.text


def _cell(v: Fraction | None) -> str:
    return "-" if v is None else format_number(v)


def _category_table(c: CategoryStandings, lang: str, columns: PlayerColumns | None) -> tuple[list[str], list[list[str]]]:
    """The heading and rows of a category's table, in the order of the main table's columns
    (:func:`~tiebreak.views.standings.column_order`): rank in the category and overall rank, number, the player
    ``columns`` the main table shows around the name, points and the tie-breaks of the list."""
    shown = [x for x in c.rows[0].row.values if x != "PTS"]
    order = column_order(columns.names if columns else [], shown)
    words = {"number": _w("no", lang), "name": _w("name", lang), "points": _w("points", lang)}
    head = [_w("cat_rank", lang), _w("overall", lang),
            *(COLUMN_HEADINGS.text(k.key, lang) if k.kind == "player" else words.get(k.kind, k.key) for k in order[1:])]
    body = []
    # both places as the standings write one: shared "4-6" (the overall "22-26" as the main table), "*" where a lot
    # placed the row (overall), or placed it against another of the category (its place in the category)
    places = written_places([r.rank for r in c.rows])
    for r, place in zip(c.rows, places):
        player = dict(zip(columns.names, columns.cells[r.start_no])) if columns else {}
        fixed = {"number": str(r.start_no), "name": r.row.name, "points": format_number(r.row.points)}
        body.append([lot_marked(place, r.drawn),
                     lot_marked(shared_place(r.overall, c.overall_sizes.get(r.overall, 1)), r.row.lot is not None,
                                r.start_no in c.decided),
                     *(player[k.key] if k.kind == "player" else _cell(r.row.values[k.key])
                       if k.kind == "value" else fixed[k.kind] for k in order[1:])])
    return head, body
def categories_text(cats: list[CategoryStandings], lang: str = "en", columns: PlayerColumns | None = None) -> str:
    """Each category as an aligned table under its heading, with the player ``columns`` of the main table.

    >>> from tiebreak import compute_standings
    >>> from tiebreak.arbiter.categories import category_standings, parse_category
    >>> from tiebreak.formats import trf
    >>> from tiebreak.arbiter.columns import player_columns
    >>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
    >>> text = categories_text([category_standings(s, parse_category("rating<700"))], "en", player_columns(s))
    >>> print(text.splitlines()[1])
    Place  Overall  No  Tit  Name           Fed  Rtg  Pts  BH/C1
    """
    lines: list[str] = []
    for c in cats:
        lines += ["", _w("category", lang, name=c.category.text)] if lines else [_w("category", lang, name=c.category.text)]
        if not c.rows:
            lines.append(_w("empty", lang))
            continue
        head, body = _category_table(c, lang, columns)
        lines += text_table(head, body, {head.index(_w("name", lang))})
    return "\n".join(lines) + "\n"


def categories_json(cats: list[CategoryStandings]) -> list[dict[str, Any]]:
    return [{"category": c.category.text,
             "standings": [{"rank": r.rank, "overall": r.overall, "start_no": r.start_no} for r in c.rows]}
            for c in cats]


def category_columns(cats: list[CategoryStandings]) -> tuple[list[str], dict[int, list[str]]]:
    """Extra CSV columns: the rank inside each category (empty for players outside it)."""
    head = [f"rank {c.category.text}" for c in cats]
    cells: dict[int, list[str]] = {}
    for k, c in enumerate(cats):
        for r in c.rows:
            cells.setdefault(r.start_no, [""] * len(cats))[k] = str(r.rank)
    return head, cells


def categories_sheets(cats: list[CategoryStandings], lang: str = "en",
                      columns: PlayerColumns | None = None) -> list[Sheet]:
    """Each category as its own printed section (``print_sheet.html``), in the orientation and font its columns need,
    with the player ``columns`` of the main table (as the standings)."""
    out: list[Sheet] = []
    for k, c in enumerate(cats, 1):
        heading = _w("category", lang, name=c.category.text)
        if not c.rows:
            out.append({"classes": "sheet category", "heading": heading, "empty": _w("empty", lang),
                        "category": c.category.text})
            continue
        head, body = _category_table(c, lang, columns)
        roles = ColumnRoles(head.index(_w("points", lang)), (head.index(_w("name", lang)),), rank=None)
        table, widths = table_data(f"category-{k}", head, body, roles)
        out.append({**sheet(widths, "category"), "heading": heading, "table": table, "category": c.category.text})
    return out


def categories_html(cats: list[CategoryStandings], lang: str = "en", columns: PlayerColumns | None = None) -> str:
    """The sections of :func:`categories_sheets` as HTML, to go under the standings (the download, the website).

    >>> from tiebreak import compute_standings
    >>> from tiebreak.arbiter.categories import category_standings, parse_category
    >>> from tiebreak.formats import trf
    >>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
    >>> categories_html([category_standings(s, parse_category("rating<900"))]).startswith('<section class="sheet category"')
    True
    """
    return sections_html(categories_sheets(cats, lang, columns))


def _legend(r: ClubRanking, lang: str) -> list[str]:
    return [_w(c, lang) if c in TEAM_CODES else _w("sum", lang, code=c) for c in r.tiebreaks]


def _club_rows(r: ClubRanking) -> list[list[str]]:
    return [[str(row.rank), row.name, format_number(row.score), *(format_number(row.values[c]) for c in r.tiebreaks),
             " ".join(map(str, row.counted))] for row in r.rows]


def clubs_text(r: ClubRanking, lang: str = "en") -> str:
    head = [_w("cat_rank", lang), _w("team", lang), _w("points", lang), *r.tiebreaks, _w("counted", lang)]
    lines = [count_sentence("groups:ranking", r.best, lang), *text_table(head, _club_rows(r), {1, len(head) - 1}),
             *("  " + x for x in _legend(r, lang))]
    return "\n".join(lines) + "\n"


def clubs_json(r: ClubRanking) -> dict[str, Any]:
    return {"best": r.best, "tiebreaks": r.tiebreaks,
            "standings": [{"rank": row.rank, "team": row.name, "points": row.score,
                           "values": dict(row.values), "counted": row.counted, "members": row.members}
                          for row in r.rows]}


def clubs_sheet(r: ClubRanking, lang: str = "en") -> Sheet:
    """The team ranking as a printed section, in the orientation and font its columns need (as the standings)."""
    head = [_w("cat_rank", lang), _w("team", lang), _w("points", lang), *r.tiebreaks, _w("counted", lang)]
    table, widths = table_data("clubs", head, _club_rows(r), ColumnRoles(-1, (1, len(head) - 1), rank=None))
    return {**sheet(widths, "clubs"), "heading": count_sentence("groups:ranking", r.best, lang), "table": table,
            "after_legend": _legend(r, lang)}


def clubs_html(r: ClubRanking, lang: str = "en") -> str:
    """The section of :func:`clubs_sheet` as HTML, to go under the standings (the download, the website)."""
    return sections_html([clubs_sheet(r, lang)])
