"""A team event's round in play on the website: the matches of a round paired and not all played, board by board
from the players' pairings (played boards with their results, the others "not yet played"), so a spectator finds
the next match of a team before the round is over (the team standings stop at the last round with results)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..engine.model import BLACK, WHITE, Kind, format_number
from ..render.i18n import kind_name
from .event import FORFEITS, SCORE

if TYPE_CHECKING:
    from .teams import TeamEvent

#: a result seen from the other side
FLIP = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.WIN_SHORT: Kind.LOSS_SHORT, Kind.LOSS_SHORT: Kind.WIN_SHORT,
        Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS: Kind.FORFEIT_WIN}


def round_in_play(e: TeamEvent, lang: str, k: int) -> dict[str, Any]:
    """Round ``k`` (paired, games pending): each match with its boards in the order of the first team's list (the
    team with White on its first board), the game points of the boards played so far in the heading."""
    from .cells import _head, colour_word, player_link, site_words

    s = site_words(lang)
    team_of = e.team_of()
    names = {tm.number: tm.name for tm in e.current.tt.teams}
    table = e.current.tt.games.score_system.table()
    matches: dict[frozenset[int], list[Any]] = {}
    for g in e.ind.rounds[k - 1].games:
        a, b = team_of.get(g.white, (0, 0)), team_of.get(g.black, (0, 0))
        matches.setdefault(frozenset((a[0], b[0])), []).append((a, b, g))
    tables = []
    for games in sorted(matches.values(), key=lambda x: min(min(a[1], b[1]) for a, b, _ in x)):
        first = min(games, key=lambda x: min(x[0][1], x[1][1]))
        left = first[0][0] if first[0][1] <= first[1][1] else first[1][0]
        right = next((t for a, b, _ in games for t in (a[0], b[0]) if t != left), 0)
        rows, gp, played = [], [Fraction(0), Fraction(0)], False
        ordered = sorted(games, key=lambda x: x[0][1] if x[0][0] == left else x[1][1])
        for board, (a, _, g) in enumerate(ordered, 1):
            own, other, colour = (g.white, g.black, WHITE) if a[0] == left else (g.black, g.white, BLACK)
            kind = g.kind if colour == WHITE else FLIP.get(g.kind, g.kind)
            if g.pending or kind == Kind.UNKNOWN:
                result = s["pending"]
            else:
                result = SCORE[kind] + (f" ({kind_name(kind.name, lang)})" if kind in FORFEITS else "")
                played = True
                gp[0] += table[int(kind)]
                gp[1] += table[int(FLIP.get(kind, kind))]
            rows.append({"cells": [{"text": str(board)}, player_link(e.ind, own), {"text": result, "cls": "res"},
                                   player_link(e.ind, other), {"text": colour_word(lang, colour)}]})
        score = f" {format_number(gp[0])} – {format_number(gp[1])} " if played else " – "
        heading = f"{names.get(left, '')}{score}{names.get(right, '')}"
        tables.append({"id": f"match-{left}", "caption": heading, "sticky": False, "rows": rows,
                       "heads": [_head(s["board"]), _head(names.get(left, ""), "name"), _head(s["result"], "res"),
                                 _head(names.get(right, ""), "name"), _head(s["colour"])]})
    playing = {team_of.get(sno, (0, 0))[0] for g in e.ind.rounds[k - 1].games for sno in (g.white, g.black)}
    byes = [tm.name for tm in e.current.tt.teams if tm.number not in playing]
    pager = [(f"round-{k - 1}.html", s["round_n"].format(k=k - 1))] if k > 1 else []
    return {"title": s["pairings_n"].format(k=k), "tables": tables, "pager": pager,
            "legend": [f"{s['bye']}: {', '.join(byes)}"] if byes else []}
