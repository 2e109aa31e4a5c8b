"""A round's pairings, one view for the website and the live screen: the games in board order
(:func:`tiebreak.arbiter.boards.board_order`, by the scores before the round and the pairing numbers) with White,
Black and the result kind (``pending``: paired, not yet played — from the grid or from the file's list of pending
games), then the byes: every player without a game, the kind of bye, and the players not paired (``ABSENT``) last.

>>> from tiebreak import trf
>>> rd = pairings(trf.load("examples/hobsons-bay-cup-2025.trf"), 1, None)
>>> (rd.games[0].board, rd.games[0].white, rd.games[0].black), rd.byes[:2]
((1, 2, 16), [(1, <Kind.HPB: 12>), (4, <Kind.HPB: 12>)])

(Round 1 of the file: No. 2 has White against No. 16, ``16 w 1``; Nos. 1 and 4 a half-point bye, ``0000 - H``.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..arbiter.boards import board_order
from ..engine.model import Kind, Tournament, format_number
from ..engine.standings import Standings
from .crosstable import CODE

#: a game's result from White's side as the live API gives it (None: being played)
RESULT_CODE = {Kind.WIN: "1-0", Kind.DRAW: "½-½", Kind.LOSS: "0-1", Kind.WIN_SHORT: "1-0", Kind.DRAW_SHORT: "½-½",
               Kind.LOSS_SHORT: "0-1", Kind.FORFEIT_WIN: "+-", Kind.FORFEIT_LOSS: "-+", Kind.DOUBLE_FORFEIT: "--"}


@dataclass
class Game:
    board: int
    white: int
    black: int
    kind: Kind  # White's side
    pending: bool


@dataclass
class Round:
    number: int
    games: list[Game]
    byes: list[tuple[int, Kind]]  # start number, kind (PAB, FPB, HPB, ZPB; ABSENT = not paired)


def current_round(t: Tournament) -> int:
    """The round in play, or the last one played: the last round holding a pairing — a game (played, being played,
    or in the file's list of pending games) or a pairing-allocated bye (PAB) — and never before the last round with
    results (:attr:`~tiebreak.engine.model.Tournament.rounds_with_results`).  Byes entered ahead (a requested full-,
    half- or zero-point bye: a Sharly Chess database or a TRF-2026 file holds them for rounds not paired yet) and
    absences alone do not make a round: the website offers pages of the rounds up to it and names it the current
    round, the live screen plays it, as the standings count the rounds played.

    >>> from tiebreak.engine.model import Player
    >>> t = Tournament.build([Player(1), Player(2), Player(3)], 4, pending=[(2, 1, 2)])
    >>> t.set_game(1, 1, 2, Kind.WIN); t.set_bye(1, 3, Kind.PAB); t.set_bye(2, 3, Kind.PAB)
    >>> t.set_bye(3, 3, Kind.HPB); t.set_bye(4, 1, Kind.ZPB)   # byes entered ahead for rounds 3 and 4
    >>> current_round(t), t.rounds_with_results
    (2, 1)
    """
    paired = np.nonzero(((t.opponent >= 0) | (t.kind <= Kind.PAB)).any(axis=0))[0]
    return max(int(paired[-1]) + 1 if len(paired) else 0, *(r for r, _, _ in t.pending), t.rounds_with_results)


def same_pairs(a: Tournament, b: Tournament, k: int) -> bool:
    """Whether round ``k`` pairs the same players with the same colours in both files (the results may differ), with
    no game of it only in the list of pending games."""
    return (a.players == b.players and a.pending == b.pending and not any(r == k for r, _, _ in b.pending)
            and a.rounds == b.rounds and bool((a.opponent[:, k - 1] == b.opponent[:, k - 1]).all())
            and bool((a.colour[:, k - 1] == b.colour[:, k - 1]).all()))


def results(before: Round, t: Tournament) -> Round:
    """The round ``before`` (the boards in the same order: the pairs and the standings before the round are the same,
    :func:`same_pairs`) with the results of ``t``."""
    r = before.number - 1

    def kind(start_no: int) -> Kind:
        return Kind(int(t.kind[t.row(start_no), r]))

    games = [Game(g.board, g.white, g.black, kind(g.white), kind(g.white) == Kind.UNKNOWN) for g in before.games]
    byes = sorted(((sno, kind(sno)) for sno, _ in before.byes), key=lambda b: (b[1] == Kind.ABSENT, b[0]))
    return Round(before.number, games, byes)


def pairings(t: Tournament, k: int, before: Standings | None) -> Round:
    """Round ``k``'s games in board order (:func:`tiebreak.arbiter.boards.board_order`, by the standings
    ``before`` the round) and its byes."""
    r = k - 1
    games, byes = [], []
    for i, p in enumerate(t.players):
        o, c, kind = int(t.opponent[i, r]), int(t.colour[i, r]), Kind(int(t.kind[i, r]))
        if o < 0:
            byes.append((p.start_no, kind))
        elif c == 1 or (c == 0 and i < o):
            games.append(Game(0, p.start_no, t.players[o].start_no, kind, kind == Kind.UNKNOWN))
    for w, b, in_play in ((w, b, True) for rr, w, b in t.pending if rr == k):
        if not any(g.white == w and g.black == b for g in games):
            games.append(Game(0, w, b, Kind.UNKNOWN, in_play))
    games = [games[i] for i in board_order([(g.white, g.black) for g in games], before)]
    for n, g in enumerate(games, 1):
        g.board = n
    playing = {sno for g in games for sno in (g.white, g.black)}  # a game in play is no bye
    byes = sorted((b for b in byes if b[0] not in playing), key=lambda b: (b[1] == Kind.ABSENT, b[0]))
    return Round(k, games, byes)


def points_before(before: Standings | None) -> dict[int, str]:
    """Every player's points before the round as the standings write them (``before``: the standings after the
    previous round; none in round 1: everybody's 0)."""
    if before is None:
        return {}
    return {r.start_no: format_number(before.points[r.index]) for r in before.rows}


def json_pairings(rd: Round, points: dict[int, str] | None = None) -> list[dict[str, Any]]:
    """The round as the live API gives it: the games (board, White, Black, the result's code, whether pending, and
    both players' points before the round, ``white_points`` and ``black_points``), then the byes (start number, the
    bye's code, ``""``: not paired; ``points`` before the round); ``points`` is :func:`points_before`."""
    points = points or {}
    return [{"white": g.white, "black": g.black, "result": None if g.pending else RESULT_CODE.get(g.kind),
             "pending": g.pending, "board": g.board, "white_points": points.get(g.white, "0"),
             "black_points": points.get(g.black, "0")} for g in rd.games] + [
        {"start_no": sno, "kind": CODE[kind], "board": None, "points": points.get(sno, "0")} for sno, kind in rd.byes]
