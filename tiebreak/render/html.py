"""A self-contained HTML page of the standings: table, legend of tie-breaks with their articles, crosstable.

No script, no external asset; every text from the tournament file is escaped.
"""

from __future__ import annotations

from html import escape

from ..engine.model import Kind, format_number
from ..engine.standings import Standings
from .i18n import message, word
from .output import legend, place_sizes, shared_place

_STYLE = """
@page{size:A4;margin:12mm}
body{font-family:system-ui,"DejaVu Sans",sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0}
th,td{border:1px solid #bbb;padding:.25em .5em;text-align:right}
th{background:#eee}
td.name,th:nth-child(3){text-align:left}
tr.tied td.rank::after{content:"*"}
caption{text-align:left;font-weight:bold}
.legend{font-size:.9em}
"""

_RESULT = {Kind.WIN: "1", Kind.DRAW: "½", Kind.LOSS: "0", Kind.WIN_SHORT: "1", Kind.DRAW_SHORT: "½",
           Kind.LOSS_SHORT: "0", Kind.UNKNOWN: "?", Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "−",
           Kind.DOUBLE_FORFEIT: "−", Kind.PAB: "bye", Kind.FPB: "F", Kind.HPB: "½ bye", Kind.ZPB: "0 bye", Kind.ABSENT: ""}


def _cell(value) -> str:
    return "-" if value is None else format_number(value)


def to_html(s: Standings, lang: str = "en", sections: str = "", columns=None) -> str:
    """The page; ``sections`` (HTML, already escaped) go after the standings: category standings, team rankings."""
    t = s.tournament
    shown = [x for x in s.keys if x != "PTS"]
    title = escape(t.name or t.source or "Standings")
    head = "".join(f"<th>{escape(h)}</th>" for h in
                   [word("rank", lang), word("number", lang), word("name", lang),
                    *(columns.headings(lang) if columns else []), word("points", lang), *shown])
    rows = []
    sizes = place_sizes(s)
    for r in s.rows:
        cls = ' class="tied"' if r.lot else ""
        cells = "".join(f"<td>{escape(_cell(r.values[x]))}</td>" for x in shown)
        player = "".join(f"<td>{escape(c)}</td>" for c in columns.cells[r.start_no]) if columns else ""
        rows.append(f"<tr{cls}><td class=\"rank\">{shared_place(r.rank, sizes[r.rank])}</td><td>{r.start_no}</td>"
                    f"<td class=\"name\">{escape(r.name)}</td>{player}<td>{escape(format_number(r.points))}</td>{cells}</tr>")
    rounds = "".join(f"<th>{k + 1}</th>" for k in range(s.after_round))
    cross = []
    for r in s.rows:
        i = r.index
        cells = []
        for k in range(s.after_round):
            kind = Kind(int(t.kind[i, k]))
            o = int(t.opponent[i, k])
            colour = {1: "w", -1: "b"}.get(int(t.colour[i, k]), "")
            opp = f"{t.players[o].start_no}{colour} " if o >= 0 else ""
            cells.append(f"<td>{escape(opp + _RESULT[kind])}</td>")
        cross.append(f"<tr><td>{r.start_no}</td><td class=\"name\">{escape(r.name)}</td>{''.join(cells)}</tr>")
    notes = "".join(f"<li>{escape(message(n, lang))}</li>" for n in s.notes)
    lots = f"<p>{escape(word('lot', lang, seed=s.seed))}</p>" if any(r.lot for r in s.rows) else ""
    items = "".join(f"<li>{escape(line.strip())}</li>" for line in legend(s.specs, lang))
    return f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title><style>{_STYLE}</style></head>
<body>
<h1>{title}</h1>
<p>{escape(word('after_round', lang, k=s.after_round, n=t.rounds))}; {escape(word(s.system, lang))};
{escape(word('rules', lang))} {escape(s.rules.name)}</p>
<table id="standings"><thead><tr>{head}</tr></thead><tbody>
{chr(10).join(rows)}
</tbody></table>
{lots}
{sections}
<div class="legend"><h2>{escape(word('legend', lang))}</h2><ul>{items}<li>{escape(word('undefined', lang))}</li></ul></div>
<table id="crosstable"><caption>{escape(word('crosstable', lang))}</caption>
<thead><tr><th>{escape(word('number', lang))}</th><th>{escape(word('name', lang))}</th>{rounds}</tr></thead><tbody>
{chr(10).join(cross)}
</tbody></table>
<ul class="notes">{notes}</ul>
</body></html>
"""
