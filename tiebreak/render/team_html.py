"""A self-contained HTML page of team standings: the table with the team tie-breaks, their legend with articles, and
the match crosstable (per round the opposing team, match points and game points; then the totals).  Printed to PDF
as it is, with the header, page numbers and fitted tables of the individual page (:mod:`tiebreak.render.html`): the
same templates (``print_page.html``, the ``sheet`` and ``table`` macros), the match cells as cells with a title and a
second line (:func:`tiebreak.render.templating.cell_html`).

No script, no external asset, no internal notes; every text from the tournament file is escaped.
"""

from __future__ import annotations

import datetime
from fractions import Fraction

from ..engine.model import Kind, format_number
from ..engine.ranking import place_sizes, shared_place
from ..engine.team import TeamStandings
from ..views.matches import MatchRound, match_rounds
from ..views.standings import of_ranking
from .html import Sheet, column_widths, document, sheet, standings_sheet
from .i18n import word
from .team_words import TEAM_WORDS, key_heading, primary_name, team_legend

#: what the team page adds to the shared style sheet of :mod:`tiebreak.render.html`: the match cells
_STYLE = """
#crosstable thead th:nth-child(n+4){text-align:center}
td.match{white-space:nowrap;text-align:center;line-height:1.2}
td.match small{display:block;color:#555}
td.win{background:#eef7ee}td.loss{background:#fbeeee}
@media print{td.win,td.loss{-webkit-print-color-adjust:exact;print-color-adjust:exact}}
"""
#: the characters a match cell needs (opponent and mark over "MP / GP")
_MATCH_WIDTH = 7
_WON = {Kind.WIN: "win", Kind.FORFEIT_WIN: "win", Kind.LOSS: "loss", Kind.FORFEIT_LOSS: "loss",
        Kind.DOUBLE_FORFEIT: "loss"}


def _cell(value: Fraction | None) -> str:
    return "-" if value is None else format_number(value)


def _match_cell(mr: MatchRound, lang: str) -> dict[str, str]:
    """Opponent number (``+``/``−`` for a forfeited match) over ``MP / GP``; a bye or a round without a match."""
    w = TEAM_WORDS
    if mr.opponent is None and mr.kind is Kind.ABSENT:
        return {"text": "–", "cls": "match", "title": w.text("no_match", lang)}
    if mr.opponent is None:
        top = w.text("bye", lang)
    else:
        top = f"{mr.opponent}" + {Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "−", Kind.DOUBLE_FORFEIT: "−"}.get(mr.kind, "")
    title = f"{w.text('mp', lang)} {format_number(mr.match_points)}, {w.text('gp', lang)} {format_number(mr.game_points)}"
    if mr.opponent_game_points is not None:
        title += f" : {format_number(mr.opponent_game_points)}"
    cls = " " + _WON[mr.kind] if mr.kind in _WON else ""
    return {"text": top, "cls": f"match{cls}", "title": title,
            "sub": f"{format_number(mr.match_points)} / {format_number(mr.game_points)}"}


def to_html(s: TeamStandings, lang: str = "en", printed: datetime.date | None = None) -> str:
    """The team standings page in ``lang``, printed as the individual one (:mod:`tiebreak.render.html`, the same
    templates): every A4 page with the event, the print date and its page number; each table on pages of the
    orientation and font its columns need; a cover line with the rules, boards and primary score, and the legend of
    the team tie-breaks.

    >>> from tiebreak.engine.team import Team, build, compute_team_standings
    >>> from tiebreak.engine.model import Kind, Player, Tournament
    >>> t = Tournament.build([Player(i, n) for i, n in enumerate(["A1", "A2", "B1", "B2"], 1)], 1, name="Cup")
    >>> t.set_game(1, 1, 3, Kind.WIN); t.set_game(1, 4, 2, Kind.DRAW)
    >>> s = compute_team_standings(build(t, [Team(1, "A", [1, 2]), Team(2, "B", [3, 4])]), "MP,GP", lots=False)
    >>> page = to_html(s, "en", datetime.date(2025, 1, 2))
    >>> "counter(pages)" in page and "printed 2025-01-02" in page and "@top-left{content:" + chr(34) + "Cup" in page
    True
    """
    m, w = s.tt.matches, TEAM_WORDS
    title = m.name or m.source or "Standings"
    shown = s.keys
    named = [key_heading(x, s.tt.primary, lang) for x in s.tiebreaks]  # the primary score as the table heads it
    heads = [word("rank", lang), word("number", lang), w.text("team", lang),
             *(key_heading(x, s.tt.primary, lang) for x in shown)]
    rows = [[r.place, str(r.start_no), r.name, *r.values] for r in of_ranking(s, keys=shown).rows]
    event = "; ".join([word("after_round", lang, k=s.after_round, n=m.rounds), word(s.system, lang),
                       w.text("boards", lang, n=s.tt.boards), w.text("primary", lang, score=primary_name(s.tt.primary, lang)),
                       f"{word('rules', lang)} {s.rules.name}", f"{word('legend', lang)}: {', '.join(named)}"])
    first = standings_sheet(s, lang, title, event, team_legend(s.specs, lang, s.tt.primary), heads, rows)
    return document(title, lang, [first, _crosstable(s, lang)], printed, _STYLE)


def _crosstable(s: TeamStandings, lang: str) -> Sheet:
    """Every team's matches in the order of the standings, with rank and the match and game points of the rounds."""
    w = TEAM_WORDS
    sizes = place_sizes(s.rows)
    rounds = [str(k + 1) for k in range(s.after_round)]
    heads = [word("rank", lang), word("number", lang), w.text("team", lang), *rounds, w.text("mp", lang),
             w.text("gp", lang)]
    rows, texts = [], []
    for r in s.rows:
        played = match_rounds(s, r.number)
        mp = format_number(sum((x.match_points for x in played), Fraction(0)))
        gp = format_number(sum((x.game_points for x in played), Fraction(0)))
        place = shared_place(r.rank, sizes[r.rank])
        rows.append({"cells": [{"text": place, "cls": "rank"}, {"text": str(r.number)}, {"text": r.name, "cls": "name"},
                               *(_match_cell(mr, lang) for mr in played), {"text": mp, "cls": "pts"}, {"text": gp}]})
        texts.append([place, str(r.number), r.name, *["0" * _MATCH_WIDTH] * len(played), mp, gp])
    last = len(heads) - 2
    table = {"id": "crosstable", "caption": w.text("matches", lang), "sticky": False, "rows": rows,
             "heads": [{"text": h, "cls": {0: "rank", 2: "name", last: "pts"}.get(j, "")} for j, h in enumerate(heads)]}
    return {**sheet(column_widths(heads, texts)), "table": table}
