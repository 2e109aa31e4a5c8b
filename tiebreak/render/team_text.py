"""Team standings as text: an aligned table in the reader's language, the legend of the team tie-breaks and the match
crosstable (per round the opposing team's number and the game points).
"""

from __future__ import annotations

from ..engine.model import Kind, format_number
from ..engine.team import TeamStandings
from ..views.matches import match_rounds
from ..views.standings import of_ranking
from .i18n import word
from .output import text_table
from .team_words import TEAM_WORDS, key_heading, primary_name, team_legend


def team_to_text(s: TeamStandings, lang: str = "en") -> str:
    """Team standings as an aligned table in ``lang``, the legend of the team tie-breaks and the match crosstable."""
    shown = s.keys
    head = [word("rank", lang), word("number", lang), TEAM_WORDS.text("team", lang),
            *(key_heading(x, s.tt.primary, lang) for x in shown)]
    body = [[r.place + ("*" if r.lot else ""), str(r.start_no), r.name, *r.values]
            for r in of_ranking(s, keys=shown).rows]
    m = s.tt.matches
    event = "; ".join([word("after_round", lang, k=s.after_round, n=m.rounds), word(s.system, lang),
                       TEAM_WORDS.text("boards", lang, n=s.tt.boards),
                       TEAM_WORDS.text("primary", lang, score=primary_name(s.tt.primary, lang)),
                       f"{word('rules', lang)} {s.rules.name}"])
    lines = [m.name or m.source, event, "", *text_table(head, body, {2})]
    if any(r.lot is not None for r in s.rows):
        lines += ["", word("lot", lang, seed=s.seed)]
    lines += ["", word("legend", lang) + ":", *("  " + x for x in team_legend(s.specs, lang, s.tt.primary)),
              "  " + word("undefined", lang)]
    lines += ["", TEAM_WORDS.text("crosstable_text", lang) + ":", _team_crosstable(s, lang)]
    return "\n".join(lines)


def _team_crosstable(s: TeamStandings, lang: str) -> str:
    """Per round the opponent's number (``+``/``-`` after it for a match won/lost by forfeit) and the game points."""
    bye = TEAM_WORDS.text("bye", lang)
    lines = []
    for r in s.rows:
        cells = []
        for mr in match_rounds(s, r.number):
            mark = {Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-", Kind.DOUBLE_FORFEIT: "-"}.get(mr.kind, "")
            head = f"{mr.opponent}{mark}" if mr.opponent is not None else bye if mr.kind is Kind.PAB else "-"
            points = format_number(mr.game_points) if mr.opponent is not None or mr.kind is Kind.PAB else ""
            cells.append(f"{head:>6}{points:>5}")
        lines.append(f"{r.number:>3} {r.name[:24]:<24} " + " ".join(cells))
    return "\n".join(lines) + "\n"
