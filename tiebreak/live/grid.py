"""The grid of a live version as the page shows it: the pairings of the round, what changed from one version to the
next, and the file's text (the crosstable is :mod:`tiebreak.views.crosstable`'s)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..engine.model import Kind, Tournament
from ..views.crosstable import CODE
from ..views.pairings import json_pairings
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
    (:func:`tiebreak.views.pairings.pairings`), in the live API's codes."""
    return json_pairings(round_view(t, round_no, before)) if round_no >= 1 else []


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
