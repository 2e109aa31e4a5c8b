"""A team event's rounds on the website, match by match and board by board, from the players' games of the round:
the games played with their results, the games paired and not yet played ("not yet played", so a spectator finds
a team's next match before the round is over), and the boards a team left empty (the file gives the other team's
player a point without an opponent, ``0000 - +``: a forfeit win against "no player fielded")."""

from __future__ import annotations

from dataclasses import dataclass
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
#: a point without an opponent while the team plays a match: the board the other team left empty
EMPTY_BOARD = (Kind.FPB, Kind.PAB, Kind.FORFEIT_WIN)


@dataclass(frozen=True)
class Board:
    """One board of a match, from the first team's side: its player and the other team's (None: no player
    fielded), the result (None: not yet played) and the first team's player's colour (0 unknown)."""

    own: int | None
    other: int | None
    kind: Kind | None
    colour: int


def _boards(e: TeamEvent, k: int, number: int) -> list[tuple[int, int | None, Kind | None, int]]:
    """The boards of team ``number`` in round ``k`` in the order of its list: (player, opponent or None for an empty
    board, own result or None while pending, colour)."""
    t = e.tournament
    games = [(w, b) for kk, w, b in t.pending if kk == k]
    pending = {w: (b, WHITE) for w, b in games} | {b: (w, BLACK) for w, b in games}
    members = next(tm.members for tm in e.current.tt.teams if tm.number == number)
    out: list[tuple[int, int | None, Kind | None, int]] = []
    for sno in members:
        if sno in pending:
            out.append((sno, pending[sno][0], None, pending[sno][1]))
        elif k <= t.rounds:
            entry = t.entry(sno, k)
            if entry.opponent is not None:
                out.append((sno, entry.opponent, entry.kind, entry.colour))
            elif entry.kind in EMPTY_BOARD:
                out.append((sno, None, Kind.FORFEIT_WIN, 0))
    return out


def matches_of_round(e: TeamEvent, k: int) -> list[tuple[int, int, list[Board]]]:
    """Every match of round ``k``: (first team, second team, boards).  The first team has White on its first board
    (the team of the lower list position when the colours are unknown); the boards are numbered in the order of
    the first team's list, a board the first team left empty where the second team's list puts it."""
    team_of = e.team_of()
    numbers = [tm.number for tm in e.current.tt.teams]
    seen: set[int] = set()
    out = []
    for number in numbers:
        own = _boards(e, k, number)
        others = {team_of.get(o, (0, 0))[0] for _, o, _, _ in own if o is not None}
        if number in seen or len(others) != 1:
            continue
        other = others.pop()
        seen |= {number, other}
        first = next((c for _, o, _, c in own if o is not None), WHITE)  # the colour of its first board
        left, right = (other, number) if first == BLACK else (number, other)
        boards = [Board(s, o, kind, c) for s, o, kind, c in _boards(e, k, left)]
        for n, (s, o, _, _) in enumerate(_boards(e, k, right)):
            if o is None:  # the first team left this board empty
                boards.insert(min(n, len(boards)), Board(None, s, Kind.FORFEIT_LOSS, 0))
        out.append((left, right, boards))
    return out


def round_page(e: TeamEvent, lang: str, k: int) -> dict[str, Any]:
    """Round ``k``: each match board by board (results from the first team's side, its player's colour), the game
    points of the boards played so far in the heading; the teams without a match."""
    from .cells import _head, colour_word, player_link, site_words
    from .games import game_link

    s = site_words(lang)
    names = {tm.number: tm.name for tm in e.current.tt.teams}
    table = e.current.tt.games.score_system.table()
    tables = []
    playing: set[int] = set()
    # the matches in the order the live screen shows them: the better-placed team's first (by the standings before
    # the round; team numbers in round 1)
    place = {r.number: r.rank for r in e.after[k - 2].rows} if 2 <= k <= len(e.after) + 1 else {}
    ordered = sorted(matches_of_round(e, k), key=lambda m: min(place.get(m[0], m[0]), place.get(m[1], m[1])))
    for left, right, boards in ordered:
        playing |= {left, right}
        rows, gp, played = [], [Fraction(0), Fraction(0)], False
        for n, b in enumerate(boards, 1):
            if b.kind is None:
                result = s["pending"]
            else:
                result = SCORE[b.kind] + (f" ({kind_name(b.kind.name, lang)})" if b.kind in FORFEITS else "")
                played = True
                gp[0] += table[int(b.kind)]
                gp[1] += table[int(FLIP.get(b.kind, b.kind))]
            no_player = {"text": s["no_player"], "cls": "left"}
            rows.append({"cells": [{"text": str(n)}, player_link(e.ind, b.own) if b.own else no_player,
                                   {"text": result, "cls": "res", **game_link(e.ind, k, b.own, b.other, s)},
                                   player_link(e.ind, b.other) if b.other else no_player,
                                   {"text": colour_word(lang, b.colour)}]})
        score = f" {format_number(gp[0])} – {format_number(gp[1])} " if played else " – "
        heading = f"{names[left]}{score}{names[right]}"
        tables.append({"id": f"match-{left}", "caption": heading, "sticky": False, "rows": rows,
                       "heads": [_head(s["board"]), _head(names[left], "name"), _head(s["result"], "res"),
                                 _head(names[right], "name"), _head(s["colour"])]})
    byes = [name for number, name in names.items() if number not in playing]
    pager = [(f"standings-{k}.html", s["standings_after"].format(k=k))] if k <= e.played else []
    pager += [(f"round-{k - 1}.html", s["round_n"].format(k=k - 1))] if k > 1 else []
    return {"title": s["pairings_n"].format(k=k), "tables": tables, "pager": pager,
            "legend": [f"{s['bye']}: {', '.join(byes)}"] if byes else []}
