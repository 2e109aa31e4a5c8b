"""Team standings as text: an aligned table in the reader's language, the legend of the team tie-breaks and the match
crosstable (per round the opposing team's place and the game points, as on the website).
"""

from __future__ import annotations

from ..engine.team import TeamStandings
from ..views.crosstable import of_teams
from ..views.standings import of_ranking
from . import crosstable as cross_words
from .columns import standings_headings
from .i18n import word
from .output import standings_text
from .team_words import primary_name, team_legend
from .words import TEAM_WORDS


def team_to_text(s: TeamStandings, lang: str = "en") -> str:
    """Team standings as an aligned table in ``lang``, the legend of the team tie-breaks and the match crosstable."""
    view = of_ranking(s)
    table = standings_text(view, standings_headings(view.columns, lang, (s.keys[0], s.tt.primary)))
    m = s.tt.matches
    event = "; ".join([word("after_round", lang, k=s.after_round, n=m.rounds), word(s.system, lang),
                       TEAM_WORDS.text("boards", lang, n=s.tt.boards),
                       TEAM_WORDS.text("primary", lang, score=primary_name(s.tt.primary, lang)),
                       f"{word('rules', lang)} {s.rules.name}"])
    lines = [m.name or m.source, event, "", *table]
    if any(r.lot is not None for r in s.rows):
        lines += ["", word("lot", lang, seed=s.seed)]
    lines += ["", word("legend", lang) + ":", *("  " + x for x in team_legend(s.specs, lang, s.tt.primary)),
              "  " + word("undefined", lang)]
    lines += ["", word("crosstable", lang) + ":", cross_words.text(of_teams(s), lang, primary_name(s.tt.primary, lang)), ""]
    return "\n".join(lines)
