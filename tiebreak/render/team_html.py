"""A self-contained HTML page of team standings: the table with the team tie-breaks, their legend with articles, and
the match crosstable (per round the opposing team, match points and game points).  Printed to PDF as it is.

No script, no external asset; every text from the tournament file is escaped.
"""

from __future__ import annotations

from html import escape

from ..engine.model import Kind, format_number
from ..engine.team import TeamStandings
from .html import fit
from .i18n import message, word
from .output import place_sizes, shared_place
from .team_words import TEAM_WORDS, match_rounds, team_legend

_STYLE = """
h1{overflow-wrap:anywhere}
body{font-family:system-ui,"DejaVu Sans",sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;margin:1em 0;font-variant-numeric:tabular-nums}
th,td{border:1px solid #bbb;padding:.25em .5em;text-align:right}
th{background:#eee}
td.name,#standings th:nth-child(3),#crosstable th:nth-child(2){text-align:left}
#crosstable thead th:nth-child(n+3){text-align:center}
h2.matches{font-size:1em;margin:1em 0 0}
.legend b{display:inline-block;min-width:5em}
tr.tied td.rank::after{content:"*"}
.legend{font-size:.9em}
@media print{.scroll{overflow:visible}thead{display:table-header-group}tr{break-inside:avoid}}
td.match{white-space:nowrap;text-align:center;line-height:1.2}
td.match small{display:block;color:#555}
td.win{background:#eef7ee}td.loss{background:#fbeeee}
.scroll{overflow-x:auto;max-width:100%}
"""
_WON = {Kind.WIN: "win", Kind.FORFEIT_WIN: "win", Kind.LOSS: "loss", Kind.FORFEIT_LOSS: "loss",
        Kind.DOUBLE_FORFEIT: "loss"}


def _cell(value) -> str:
    return "-" if value is None else format_number(value)


def _match_cell(mr, lang: str) -> str:
    """Opponent number (``+``/``−`` for a forfeited match) over ``MP / GP``; a bye or a round without a match."""
    w = TEAM_WORDS
    if mr.opponent is None and mr.kind is Kind.ABSENT:
        return f'<td class="match" title="{escape(w.text("no_match", lang))}">–</td>'
    if mr.opponent is None:
        top = w.text("bye", lang)
    else:
        top = f"{mr.opponent}" + {Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "−", Kind.DOUBLE_FORFEIT: "−"}.get(mr.kind, "")
    title = f"{w.text('mp', lang)} {format_number(mr.match_points)}, {w.text('gp', lang)} {format_number(mr.game_points)}"
    if mr.opponent_game_points is not None:
        title += f" : {format_number(mr.opponent_game_points)}"
    cls = " " + _WON[mr.kind] if mr.kind in _WON else ""
    return (f'<td class="match{cls}" title="{escape(title)}">{escape(top)}'
            f"<small>{format_number(mr.match_points)} / {format_number(mr.game_points)}</small></td>")


def to_html(s: TeamStandings, lang: str = "en") -> str:
    """The team standings page in ``lang``."""
    m, w = s.tt.matches, TEAM_WORDS
    title = escape(m.name or m.source or "Standings")
    shown = s.keys
    head = "".join(f"<th>{escape(h)}</th>" for h in
                   [word("rank", lang), word("number", lang), w.text("team", lang), *shown])
    sizes = place_sizes(s)
    rows = []
    for r in s.rows:
        cls = ' class="tied"' if r.lot else ""
        cells = "".join(f"<td>{escape(_cell(r.values[x]))}</td>" for x in shown)
        rows.append(f"<tr{cls}><td class=\"rank\">{shared_place(r.rank, sizes[r.rank])}</td><td>{r.number}</td>"
                    f"<td class=\"name\">{escape(r.name)}</td>{cells}</tr>")
    rounds = "".join(f"<th>{k + 1}</th>" for k in range(s.after_round))
    cross = []
    for r in s.rows:
        cells = "".join(_match_cell(mr, lang) for mr in match_rounds(s, r.number))
        cross.append(f"<tr><td>{r.number}</td><td class=\"name\">{escape(r.name)}</td>{cells}</tr>")
    notes = "".join(f"<li>{escape(message(n, lang))}</li>" for n in s.notes)
    lots = f"<p>{escape(word('lot', lang, seed=s.seed))}</p>" if any(r.lot for r in s.rows) else ""
    items = "".join(f"<li><b>{escape(code)}</b> {escape(rest.strip())}</li>"
                    for code, _, rest in (line.partition(" ") for line in team_legend(s.specs, lang)))
    event = "; ".join([word("after_round", lang, k=s.after_round, n=m.rounds), word(s.system, lang),
                       w.text("boards", lang, n=s.tt.boards), w.text("primary", lang, score=s.tt.primary),
                       f"{word('rules', lang)} {s.rules.name}"])
    # printed in the orientation and font the wider of the two tables needs (a match cell holds about 7 characters)
    longest = max((len(r.name) for r in s.rows), default=4)
    orientation, pt = max(fit([3, 3, longest, *(max(len(x), 5) for x in shown)]),
                          fit([3, longest, *[7] * s.after_round]), key=lambda f: (f[0] == "landscape", -f[1]))
    page = f"@page{{size:A4 {orientation};margin:12mm}}@media print{{body{{font-size:{pt}pt;margin:0}}}}"
    return f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><style>{page}{_STYLE}</style></head>
<body>
<h1>{title}</h1>
<p>{escape(event)}</p>
<div class="scroll"><table id="standings"><thead><tr>{head}</tr></thead><tbody>
{chr(10).join(rows)}
</tbody></table></div>
{lots}
<div class="legend"><h2>{escape(word('legend', lang))}</h2><ul>{items}<li>{escape(word('undefined', lang))}</li></ul></div>
<h2 class="matches">{escape(w.text('matches', lang))}</h2>
<div class="scroll"><table id="crosstable">
<thead><tr><th>{escape(word('number', lang))}</th><th>{escape(w.text('team', lang))}</th>{rounds}</tr></thead><tbody>
{chr(10).join(cross)}
</tbody></table></div>
<ul class="notes">{notes}</ul>
</body></html>
"""
