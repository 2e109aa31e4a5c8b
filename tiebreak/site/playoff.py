"""The website's play-off page (``tiebreak site --playoff FILE``, Arbiters' Manual 13.2): which places each play-off
decided and how (the notes of :func:`tiebreak.arbiter.playoff_results.decision_notes`), then every stage with its
games, the players (teams in a team event) linked to their cards.  The standings pages mark the places the play-off
decided (:data:`tiebreak.engine.ranking.PLAYOFF_MARK`) with a link to this page.

The play-off follows the last round: the standings after the earlier rounds are those of the tie-breaks.  The page is
made from the event's final standings without the play-off (:func:`tiebreak.app.playoffs.playoff_played`), so it says
what ``tiebreak standings --playoff FILE`` says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..app.site import players_playoff, teams_playoff
from ..arbiter.playoff_results import KIND_NAMES, Decision, PlayoffResults
from ..render.i18n import message, word
from .cells import _head, site_words
from .team_event import TeamEvent
from .team_rounds import ranked_cell

if TYPE_CHECKING:
    from ..app.options import Options
    from .event import Event


@dataclass
class Playoff:
    """What the play-off page shows: the stages and their games, the decisions and their notes."""

    results: PlayoffResults
    decisions: list[Decision]
    notes: list[str]  # messages


def individual_playoff(o: Options, e: Event) -> Playoff | None:
    """The play-off of an individual event's players (None without ``--playoff``)."""
    played = players_playoff(o, e.path, e.tournament)
    return Playoff(*played) if played else None


def team_playoff(o: Options, t: Any) -> Playoff | None:
    """The play-off of a team event's teams (None without ``--playoff``)."""
    played = teams_playoff(o, t)
    return Playoff(*played) if played else None


def page(e: Event | TeamEvent, p: Playoff, lang: str) -> dict[str, Any]:
    """The play-off page's context (template ``site_tables.html``)."""
    s = site_words(lang)
    team = e.ranks_teams
    placed = [{"cells": [{"text": _places(d.place_of(n)), "cls": "rank"}, ranked_cell(e, n)]}
              for d in p.decisions for tier in d.tiers for n in tier]
    tables = [{"id": "decided", "caption": s["playoff_decided"], "sticky": False, "rows": placed,
               "heads": [_head(word("rank", lang), "rank"), _head(word("name", lang), "name")]}]
    for k, st in enumerate(p.results.stages, 1):
        caption = s["playoff_stage"].format(k=k, kind=message(KIND_NAMES[st.kind], lang))
        rows = [{"cells": [{"text": str(j)}, ranked_cell(e, g.white, False), {"text": _score(g.score)},
                           ranked_cell(e, g.black, False)]}
                for j, g in enumerate(st.games, 1)]
        tables.append({"id": f"stage-{k}", "caption": caption, "sticky": False, "rows": rows,
                       "heads": [_head(s["game_no"]), _head(s["white"], "name"), _head(s["result"], "res"),
                                 _head(s["black"], "name")]})
    decided = [(f"{d.places[0]}-{d.places[1]}", [message(n, lang) for n in notes_of(p, d)]) for d in p.decisions]
    return {"title": s["playoff"], "intro": s["playoff_teams_note" if team else "playoff_note"],
            "legend": [f"{s['playoff_places'].format(places=places)}: {'; '.join(notes)}" for places, notes in decided],
            "tables": tables}


def notes_of(p: Playoff, d: Decision) -> list[str]:
    """The notes of the decision ``d`` (one per tier of players, in the order of :func:`decision_notes`)."""
    start = sum(len(x.tiers) for x in p.decisions[:p.decisions.index(d)])
    return p.notes[start:start + len(d.tiers)]


def _places(span: tuple[int, int]) -> str:
    return str(span[0]) if span[0] == span[1] else f"{span[0]}-{span[1]}"


def _score(white: Any) -> str:
    return {1: "1-0", 0: "0-1"}.get(white, "½-½")
