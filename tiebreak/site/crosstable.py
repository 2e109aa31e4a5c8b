"""The crosstable page of the event's website, players' and teams' alike: one renderer of the one view
(:mod:`tiebreak.views.crosstable`, in words by :mod:`tiebreak.render.crosstable`).  Its columns are place, start
number, name (linked to the card), points, then each round (a Swiss event: the opponent's place, colour and result; a
team event: the opposing team's place and the game points) or, in a round robin, each place of the square.

The rows are made once per version and language (a square has no words: the same rows in every language) and kept
as HTML on the event: a 2,000-player event's crosstable is made in three languages at once.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from ..render import crosstable as cross_words
from ..render.i18n import word
from ..render.templating import cell_html
from ..render.words import TEAM_WORDS
from .cells import _head, site_words
from .event import Event
from .team_event import TeamEvent
from .team_rounds import ranked_cell
from .teams import points_words


def crosstable(e: Event | TeamEvent, lang: str) -> dict[str, Any]:
    """The crosstable page's context: its heads (a team event's points column named as its standings head the
    primary score), its rows (:func:`crosstable_rows`) and its legend (every face's, :func:`cross_words.legend`)."""
    view = e.cross_view
    if isinstance(e, TeamEvent):
        name, (points, full) = TEAM_WORDS.text("team", lang), points_words(e, lang)
    else:
        name, points, full = word("name", lang), word("points", lang), ""
    columns = len(view.rows) if view.square else view.rounds
    heads = [_head(word("rank", lang), "rank"), _head(word("number", lang), "id"), _head(name, "name"),
             _head(points, "pts", full), *(_head(str(n)) for n in range(1, columns + 1))]  # views.crosstable.HEAD_COLUMNS
    live = e.ind.live  # a game without a result: being played on a live site
    legend = cross_words.legend(view, lang, live)  # a team event's names its points column first, as every face
    s = site_words(lang)
    return {"title": s["crosstable"], "legend": legend,
            "tables": [{"id": "crosstable", "caption": s["crosstable"], "heads": heads,
                        "rows": crosstable_rows(e, lang), "sticky": True}]}


def crosstable_rows(e: Event | TeamEvent, lang: str) -> Markup:
    """The crosstable's rows as HTML, made once per version and language ("" for a square's, the same in every
    language): per row its place, start number, name linked to the player's or the team's card and points
    (:data:`tiebreak.views.crosstable.HEAD_COLUMNS`), then its cells (an opponent's linked to its card)."""
    view, team = e.cross_view, e.ranks_teams
    key = "" if view.square else lang
    if key not in e.crosstable_rows:
        if len(e.crosstable_heads) != len(view.rows):  # each row's first cells: the same in every language
            e.crosstable_heads = ["".join(cell_html(c) for c in cross_words.head_cells(r, ranked_cell(e, r.start_no)))
                                  for r in view.rows]
        cells = cross_words.cells_html(view, lang, "team-{}.html" if team else "player-{}.html")
        e.crosstable_rows[key] = Markup("\n".join(f"<tr>{head}{row}</tr>" for head, row in zip(e.crosstable_heads, cells)))
    return e.crosstable_rows[key]
