"""The grid of a live version as the page shows it: the pairings of the round, what changed from one version to the
next, and the file's text (the crosstable is :mod:`tiebreak.views.crosstable`'s)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..arbiter.boards import board_order
from ..engine.model import Kind, Tournament
from ..views.crosstable import CODE

if TYPE_CHECKING:
    from ..engine.standings import Standings
    from .history import ChangeRow

#: the white player's result as the pairings show it (None: being played)
RESULTS = {Kind.WIN: "1-0", Kind.DRAW: "½-½", Kind.LOSS: "0-1", Kind.WIN_SHORT: "1-0", Kind.DRAW_SHORT: "½-½",
           Kind.LOSS_SHORT: "0-1", Kind.FORFEIT_WIN: "+-", Kind.FORFEIT_LOSS: "-+", Kind.DOUBLE_FORFEIT: "--"}
#: a bye's or a change's code (``U``, ``H``…): the live API's codes of the crosstable
CELL = CODE


def decode(data: bytes) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def pairings(t: Tournament, round_no: int, before: Standings | None) -> list[dict[str, Any]]:
    """The games of the round in board order (:func:`tiebreak.arbiter.boards.board_order`, by the standings
    ``before`` the round, as the website numbers them), then its byes."""
    if round_no < 1:
        return []
    r = round_no - 1
    opp, col, kind = t.opponent[:, r], t.colour[:, r], t.kind[:, r]
    idx = np.arange(len(opp))
    # each game once: from White, or from the lower row when the file gives no colours
    first = (opp >= 0) & ((col == 1) | ((col == 0) & (idx < opp)))
    sno = np.array([p.start_no for p in t.players])
    games = [{"white": int(sno[i]), "black": int(sno[o]), "result": RESULTS.get(Kind(k)), "pending": k == Kind.UNKNOWN}
             for i, o, k in zip(idx[first].tolist(), opp[first].tolist(), kind[first].tolist())]
    games = [games[i] for i in board_order([(g["white"], g["black"]) for g in games], before)]
    for board, g in enumerate(games, 1):
        g["board"] = board
    bye = (opp < 0) & (kind != Kind.ABSENT)
    return games + [{"start_no": int(sno[i]), "kind": CELL[Kind(k)], "board": None}
                    for i, k in zip(idx[bye].tolist(), kind[bye].tolist())]


def changes(before: Tournament, after: Tournament) -> list[ChangeRow]:
    """(round, start number, what, before, after) for every entry of the grid that changed (at most 1,000)."""
    if len(before.players) != len(after.players) or before.rounds != after.rounds:
        return [(0, 0, "players", str(len(before.players)), str(len(after.players)))]
    diff = np.argwhere((before.kind != after.kind) | (before.opponent != after.opponent))[:1000]
    out: list[ChangeRow] = []
    for i, r in diff.tolist():
        a, b = Kind(int(before.kind[i, r])), Kind(int(after.kind[i, r]))
        what = "pairing" if before.opponent[i, r] != after.opponent[i, r] else "result"
        out.append((r + 1, after.players[i].start_no, what, CELL[a] or None, CELL[b] or None))
    return out
