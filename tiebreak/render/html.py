"""A self-contained HTML page of the standings, made to be published and printed: a cover line with the rules and the
tie-break legend, the table, the crosstable with rank and points.

Printed (``--format pdf``, or the browser's Print) every page of A4 carries the event, the print date and its page
number; a table too wide for A4 portrait is printed on landscape pages, and one too wide for those in a smaller font,
so no column is cut (:func:`fit`).  No script, no external asset, no internal notes; every text from the tournament
file is escaped.
"""

from __future__ import annotations

import datetime
from fractions import Fraction
from html import escape

from ..engine.model import Kind, format_number
from ..engine.standings import Standings
from .columns import PlayerColumns
from .i18n import word
from .output import legend, place_sizes, shared_place
from .table_style import TABLE_CSS

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
table.square td.self{background:#c9d1db}
.scroll{overflow-x:auto;max-width:100%%}
table{border-collapse:collapse;margin:.6em 0;font-variant-numeric:tabular-nums}
th,td{border:1px solid #aab;padding:.15em .35em;text-align:right;white-space:nowrap}
th{background:#e9eef4}
td.name,th.name{text-align:left;white-space:normal;min-width:8em}
td.pts{font-weight:bold}
section.category h2,section.clubs h2{font-size:1.15em;margin:.9em 0 .2em;break-after:avoid}
caption{text-align:left;font-weight:bold;padding:.2em 0}
tr.tied td.rank::after{content:"*"}
.print-head{display:none}
@media print{
  body{margin:0}
  .scroll{overflow:visible}
  thead{display:table-header-group}
  tr{break-inside:avoid}
  section.sheet{font-size:var(--pt)}
  section.wide{page:wide}
  section.sheet+section.sheet{break-before:page}
  section.sheet+section.category,section.sheet+section.clubs{break-before:auto}
}
"""

_RESULT = {Kind.WIN: "1", Kind.DRAW: "½", Kind.LOSS: "0", Kind.WIN_SHORT: "1", Kind.DRAW_SHORT: "½",
           Kind.LOSS_SHORT: "0", Kind.UNKNOWN: "?", Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "−",
           Kind.DOUBLE_FORFEIT: "−", Kind.PAB: "bye", Kind.FPB: "1 bye", Kind.HPB: "½ bye", Kind.ZPB: "0 bye", Kind.ABSENT: ""}


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


def _page_boxes(title: str, lang: str, printed: datetime.date) -> str:
    """The page's margin boxes: event at the top left, print date at the top right, page number at the bottom."""
    before, _, rest = word("page_of", lang).partition("{page}")
    middle, _, after = rest.partition("{pages}")
    number = " ".join(x for x in (_css_string(before) if before else "", "counter(page)",
                                  _css_string(middle) if middle else "", "counter(pages)",
                                  _css_string(after) if after else "") if x)
    small = "font-family:'Liberation Sans',Arial,sans-serif;font-size:8pt;color:#555"
    return (f"@top-left{{content:{_css_string(title)};{small}}}"
            f"@top-right{{content:{_css_string(word('printed', lang, date=printed.isoformat()))};{small}}}"
            f"@bottom-center{{content:{number};{small}}}")


def sheet(table: str, widths: list[int], before: str = "", after: str = "", kind: str = "") -> str:
    """A table on pages of the orientation and font size it needs (``before``/``after`` printed with it); ``kind``
    (``category``, ``clubs``) marks a section that follows the one before it on the same page when it can.

    >>> sheet("<table></table>", [3, 3, 20], kind="category")
    '<section class="sheet category" style="--pt:9.5pt"><div class="scroll"><table></table></div></section>'
    """
    orientation, pt = fit(widths)
    classes = " ".join(x for x in ("sheet", kind, "wide" if orientation == "landscape" else "") if x)
    return (f'<section class="{classes}" style="--pt:{pt}pt">{before}<div class="scroll">{table}</div>{after}'
            f'</section>')


def column_widths(heads: list[str], rows: list[list[str]], names: tuple[int, ...] = (2,)) -> list[int]:
    """The characters each column needs; a column of names wraps past 26.

    >>> column_widths(["Rk", "No", "Name"], [["1", "12", "A very long name of a player, from a club"]])
    [2, 2, 26]
    """
    widths = [max(len(x) for x in col) for col in zip(heads, *rows)]
    for j in names:
        widths[j] = min(widths[j], 26)
    return widths


def _table(table_id: str, heads: list[str], rows: list[list[str]], points_at: int, tied: list[bool],
           caption: str = "") -> tuple[str, list[int]]:
    """A table of rank, number, name and other cells, on the pages its widths need (names wrap past 26 characters)."""
    def cls(j: int) -> str:
        return {0: ' class="rank"', 2: ' class="name"', points_at: ' class="pts"'}.get(j, "")

    head = "".join(f"<th{cls(j)}>{escape(h)}</th>" for j, h in enumerate(heads))
    body = "".join(f'<tr{" class=tied" if lot else ""}>' + "".join(f"<td{cls(j)}>{escape(c)}</td>"
                                                                  for j, c in enumerate(row)) + "</tr>"
                   for row, lot in zip(rows, tied))
    widths = column_widths(heads, rows)
    caption = f"<caption>{escape(caption)}</caption>" if caption else ""
    return (f'<table id="{table_id}" class="sticky">{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>',
            widths)


def to_html(s: Standings, lang: str = "en", sections: str = "", columns: PlayerColumns | None = None,
            printed: datetime.date | None = None) -> str:
    """The page; ``sections`` (HTML, already escaped) go after the standings: category standings, team rankings."""
    t = s.tournament
    shown = [x for x in s.keys if x != "PTS"]
    title = t.name or t.source or "Standings"
    player_heads = columns.headings(lang) if columns else []
    # the points right after the name: on a phone rank, name and points stay while the other columns scroll
    heads = [word("rank", lang), word("number", lang), word("name", lang), word("points", lang), *player_heads, *shown]
    sizes = place_sizes(s)
    rows = [[shared_place(r.rank, sizes[r.rank]), str(r.start_no), r.name, format_number(r.points),
             *(columns.cells[r.start_no] if columns else []), *(_cell(r.values[x]) for x in shown)] for r in s.rows]
    standings, widths = standings_table(heads, rows, 3, [bool(r.lot) for r in s.rows])
    lots = f"<p>{escape(word('lot', lang, seed=s.seed))}</p>" if any(r.lot for r in s.rows) else ""
    event = (f"{word('after_round', lang, k=s.after_round, n=t.rounds)}; {word(s.system, lang)}; "
             f"{word('rules', lang)} {s.rules.name}; {word('legend', lang)}: {', '.join(s.tiebreaks)}")
    heading = cover(title, event, legend(s.specs, lang), lang)
    # the lot's footnote goes above the table, with the legend: a page never holds only the footnote
    crosstable = _square(s, lang) if s.system == "round robin" else _crosstable(s, lang)
    return document(title, lang, f"{sheet(standings, widths, heading + lots)}\n{sections}\n{crosstable}", printed)


def document(title: str, lang: str, body: str, printed: datetime.date | None = None, style: str = "") -> str:
    """The page around ``body`` (sections made by :func:`sheet`, already escaped): printed on A4 with the event
    ``title`` at the top left, the print date at the top right and the page number at the bottom of every page;
    ``style`` is added to the shared style sheet.

    >>> page = document("Open <2025>", "en", "<p>x</p>", datetime.date(2025, 6, 1))
    >>> "<title>Open &lt;2025&gt;</title>" in page and "counter(page)" in page and "printed 2025-06-01" in page
    True
    """
    boxes = _page_boxes(title, lang, printed or datetime.date.today())
    return f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title><style>{_STYLE % {"boxes": boxes}}{TABLE_CSS}{style}</style></head>
<body>
{body}
</body></html>
"""


def cover(title: str, event: str, legend_lines: list[str], lang: str) -> str:
    """The head of the first sheet: the event's name, the cover line (``event``, then the list) and the legend of
    the tie-breaks (``legend_lines``: a code, then its name and article), with the undefined-value mark."""
    items = "".join(f"<li><b>{escape(code)}</b> {escape(name.strip())}</li>"
                    for code, _, name in (line.strip().partition(" ") for line in legend_lines))
    return (f'<h1>{escape(title)}</h1><p class="cover">{escape(event)}</p><ul class="legend">{items}'
            f'<li>{escape(word("undefined", lang))}</li></ul>')


def standings_table(heads: list[str], rows: list[list[str]], points_at: int, tied: list[bool]) -> tuple[str, list[int]]:
    """The standings table (rank, number, name, ...; the cell at ``points_at`` in bold; a row drawn by lot marked)
    and the characters each column needs."""
    return _table("standings", heads, rows, points_at, tied)


def _square(s: Standings, lang: str) -> str:
    """A round robin's square crosstable (rows and columns by start number), on the pages its columns need."""
    from .square import square_html

    table, widths = square_html(s, lang)
    return sheet(table, widths)


def _crosstable(s: Standings, lang: str) -> str:
    """Every player's rounds (opponent, colour, result) in the order of the standings, with rank and points."""
    t = s.tournament
    sizes = place_sizes(s)
    heads = [word("rank", lang), word("number", lang), word("name", lang), word("points", lang),
             *(str(k + 1) for k in range(s.after_round))]
    rows = []
    white, black = word("white_short", lang), word("black_short", lang)
    for r in s.rows:
        i = r.index
        cells = []
        for k in range(s.after_round):
            o = int(t.opponent[i, k])
            colour = {1: white, -1: black}.get(int(t.colour[i, k]), "")
            opp = f"{t.players[o].start_no}{colour} " if o >= 0 else ""
            result = _RESULT[Kind(int(t.kind[i, k]))]
            cells.append(opp + (result.replace("bye", word("bye", lang)) if result.endswith("bye") else result))
        rows.append([shared_place(r.rank, sizes[r.rank]), str(r.start_no), r.name, format_number(r.points), *cells])
    table, widths = _table("crosstable", heads, rows, 3, [False] * len(rows), word("crosstable", lang))
    return sheet(table, widths, after=f'<p class="cells">{escape(word("crosstable_legend", lang))}</p>')
