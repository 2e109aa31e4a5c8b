"""The style every standings table shares: the page, the live and hall screens and the HTML downloads (the static site
reuses it).  On screen a table keeps its headings while it scrolls (sticky ``thead``, inside its own scrolling box);
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
  table.sticky .rank,table.sticky .name,table.sticky .pts{position:sticky;z-index:1;background:inherit;box-sizing:border-box}
  table.sticky thead .rank,table.sticky thead .name,table.sticky thead .pts{z-index:3;background:#e9eef4}
  table.sticky .rank{left:0;min-width:4.6rem;max-width:4.6rem;white-space:normal;overflow-wrap:anywhere}
  table.sticky .name{left:4.6rem;min-width:8.4rem;max-width:8.4rem;white-space:normal;overflow-wrap:anywhere}
  table.sticky .pts{left:13rem;min-width:3.5rem;max-width:3.5rem}
  table.sticky .id{display:none}
}
"""
