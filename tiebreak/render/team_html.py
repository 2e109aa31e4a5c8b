"""A self-contained HTML page of team standings: the table with the team tie-breaks, their legend with articles, and
the match crosstable (per round the opposing team, match points and game points; then the totals).  Printed to PDF
as it is, with the header, page numbers and fitted tables of the individual page (:mod:`tiebreak.render.html`): the
same templates (``print_page.html``, the ``sheet`` and ``table`` macros), the match cells as cells with a title and a
second line (:func:`tiebreak.render.templating.cell_html`).

No script, no external asset, no internal notes; every text from the tournament file is escaped.
"""

from __future__ import annotations

import datetime

from ..engine.team import TeamStandings
from .html import TEAM_CROSSTABLE_STYLE, document, standings_sheet, team_matches_sheet, team_standings_table
from .i18n import word
from .team_words import key_heading, primary_name, team_legend
from .words import TEAM_WORDS


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
    named = [key_heading(x, s.tt.primary, lang) for x in s.tiebreaks]  # the primary score as the table heads it
    heads, rows, columns = team_standings_table(s, lang)
    event = "; ".join([word("after_round", lang, k=s.after_round, n=m.rounds), word(s.system, lang),
                       w.text("boards", lang, n=s.tt.boards), w.text("primary", lang, score=primary_name(s.tt.primary, lang)),
                       f"{word('rules', lang)} {s.rules.name}", f"{word('legend', lang)}: {', '.join(named)}"])
    first = standings_sheet(s, lang, title, event, team_legend(s.specs, lang, s.tt.primary), heads, rows,
                            columns)
    return document(title, lang, [first, team_matches_sheet(s, lang)], printed,
                    TEAM_CROSSTABLE_STYLE)
