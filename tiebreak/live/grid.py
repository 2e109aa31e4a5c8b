"""The grid of a live version as the page shows it: the pairings of the round, what changed from one version to the
next, and the file's text (the crosstable is :mod:`tiebreak.views.crosstable`'s)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..engine.model import Kind, Tournament
from ..views.crosstable import CODE
from ..views.pairings import Round, json_pairings, points_before, results, same_pairs
from ..views.pairings import pairings as round_view

if TYPE_CHECKING:
    from ..engine.standings import Standings
    from .history import ChangeRow

def decode(data: bytes) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def pairings(t: Tournament, round_no: int, before: Standings | None) -> list[dict[str, Any]]:
    """The games of the round in board order, then its byes and the players not paired, as the website lists them
    (:func:`tiebreak.views.pairings.pairings`), in the live API's codes, with the points before the round."""
    return json_pairings(round_view(t, round_no, before), points_before(before)) if round_no >= 1 else []


class Boards:
    """The round's pairings of one live event, version after version: the board order (the largest cost of a
    re-rank at 2,000 players) is kept while the round pairs the same players with the same colours and the standings
    before the round are the same object (remade only when an earlier round changed); a new result then only changes
    the results of the boards kept.

    >>> from tiebreak import trf
    >>> t = trf.load("examples/hobsons-bay-cup-2025.trf")
    >>> boards = Boards()
    >>> first = boards.pairings(t, 1, None)
    >>> boards.kept is not None and boards.pairings(t, 1, None) == first == pairings(t, 1, None)
    True
    """

    def __init__(self) -> None:
        #: the standings before the round, the round's view and the tournament it was made of
        self.kept: tuple[Standings | None, Round, Tournament] | None = None
        #: the points before the round (:func:`~tiebreak.views.pairings.points_before`) of the standings kept
        self.points: tuple[Standings | None, dict[int, str]] = (None, {})

    def pairings(self, t: Tournament, round_no: int, before: Standings | None) -> list[dict[str, Any]]:
        """As :func:`pairings`, the board order kept when it cannot have changed."""
        if round_no < 1:
            self.kept = None
            return []
        kept = self.kept
        if (kept is not None and kept[0] is before and kept[1].number == round_no and kept[2].rounds == t.rounds
                and same_pairs(kept[2], t, round_no)):
            rd = results(kept[1], t)
        else:
            rd = round_view(t, round_no, before)
        self.kept = (before, rd, t)
        if self.points[0] is not before or before is None:
            self.points = (before, points_before(before))
        return json_pairings(rd, self.points[1])


def changes(before: Tournament, after: Tournament) -> list[ChangeRow]:
    """(round, start number, what, before, after) for every entry of the grid that changed (at most 1,000)."""
    if len(before.players) != len(after.players) or before.rounds != after.rounds:
        return [(0, 0, "players", str(len(before.players)), str(len(after.players)))]
    diff = np.argwhere((before.kind != after.kind) | (before.opponent != after.opponent))[:1000]
    out: list[ChangeRow] = []
    for i, r in diff.tolist():
        a, b = Kind(int(before.kind[i, r])), Kind(int(after.kind[i, r]))
        what = "pairing" if before.opponent[i, r] != after.opponent[i, r] else "result"
        out.append((r + 1, after.players[i].start_no, what, CODE[a] or None, CODE[b] or None))
    return out
