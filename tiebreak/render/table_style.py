"""The style every standings table shares: the page, the live and hall screens and the HTML downloads (the static site
takes its sticky columns, :func:`sticky_columns`, at every width).  On screen a table keeps its headings while it
scrolls (sticky ``thead``, inside its own scrolling box);
on a phone (up to 40rem) the rank, name and points columns stay while the other columns scroll sideways, and the
identity columns between them (number, title, federation, rating: class ``id``) are left out, so the points are in
view without scrolling (the columns keep their one order: :mod:`tiebreak.views.standings`).  A table takes part with
``class="sticky"``, its cells with ``rank``, ``name``, ``pts`` and ``id`` (``class="heads"``: the headings only).
Printing turns all of it off (the PDF repeats the headings on every page instead).

The sticky columns have fixed widths on a phone so that each knows its place from the left without a script: rank
4.6rem (room for «Место» / «Місце» in bold, unbroken), name 8.4rem (names wrap between words: after a space, a
hyphen, or the comma of "Ivanov,Ivan", where the cells put a ``<wbr>``; ``overflow-wrap:anywhere`` breaks only a
word longer than the column), points 3.5rem (room for «Очки»); so the points come right after the name in every
table that sticks.
"""

#: the widths of the sticky columns (rem): rank, name, points
RANK_REM, NAME_REM, POINTS_REM = 4.6, 8.4, 3.5


def sticky_columns(indent: str = "  ") -> str:
    """The rules that keep the rank, name and points columns in view while a table scrolls sideways, each column's
    place from the left the widths before it.

    >>> print(sticky_columns("").splitlines()[-1])
    table.sticky .pts{left:13rem;min-width:3.5rem;max-width:3.5rem}
    """
    return "\n".join(indent + rule for rule in (
        "table.sticky .rank,table.sticky .name,table.sticky .pts{position:sticky;z-index:1;background:inherit;"
        "box-sizing:border-box}",
        "table.sticky thead .rank,table.sticky thead .name,table.sticky thead .pts{z-index:3;background:#e9eef4}",
        f"table.sticky .rank{{left:0;min-width:{RANK_REM:g}rem;max-width:{RANK_REM:g}rem;white-space:normal;"
        "overflow-wrap:anywhere}",
        f"table.sticky .name{{left:{RANK_REM:g}rem;min-width:{NAME_REM:g}rem;max-width:{NAME_REM:g}rem;"
        "white-space:normal;overflow-wrap:anywhere}",
        f"table.sticky .pts{{left:{RANK_REM + NAME_REM:g}rem;min-width:{POINTS_REM:g}rem;max-width:{POINTS_REM:g}rem}}"))


def wider_name(name: float) -> str:
    """The rules that widen the sticky name column to ``name`` rem (a wide screen), the points column after it.

    >>> wider_name(14)
    'table.sticky .name{min-width:14rem;max-width:14rem}table.sticky .pts{left:18.6rem}'
    """
    return f"table.sticky .name{{min-width:{name:g}rem;max-width:{name:g}rem}}table.sticky .pts{{left:{RANK_REM + name:g}rem}}"


TABLE_CSS = """
@media screen{
  .scroll,.table-box{overflow:auto;max-height:85vh;-webkit-overflow-scrolling:touch}
  table.sticky{border-collapse:separate;border-spacing:0}
  table.sticky th,table.sticky td{border-width:0 1px 1px 0}
  table.sticky tr>:first-child{border-left-width:1px}
  table.sticky thead th{border-top-width:1px;position:sticky;top:0;z-index:2}
  table.sticky tbody tr{background:#fff}
  table.heads thead th{position:sticky;top:0;z-index:2}
}
@media screen and (max-width:40rem){
%s
  table.sticky .id{display:none}
}
""" % sticky_columns()
