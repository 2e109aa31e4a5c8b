"""Re-reading a TRF file that changed in a few round blocks, without reading the whole file again.

A pairing program rewrites the whole file after each result, but only the two player lines of that game differ.
:class:`TrfFile` keeps the lines and the tournament of the last read; when the new text has the same lines but for
player records whose round blocks changed, only those blocks are decoded (by the TRF reader's own decoder) and
written into copies of the grids.  Anything else (a header, a player's data, a new line) is read in full.

>>> head = "012 Club championship\\n"
>>> a = "001    1      Alpha, A".ljust(91) + "   2 w  "
>>> b = "001    2      Beta, B".ljust(91) + "   1 b  "
>>> f = TrfFile("club.trf")
>>> t, blocks, patched = f.read(head + a + "\\n" + b + "\\n", [])
>>> patched, sorted(blocks)                              # the game of round 1 is being played
(False, [1, 2])
>>> t, blocks, patched = f.read(head + a[:-1] + "1\\n" + b[:-1] + "0\\n", [])
>>> patched, blocks, str(t.points(1))                   # one result entered: two blocks decoded, 1-0
(True, {}, '1')
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..engine.errors import InputWarning
from ..engine.model import NO_OPPONENT, Tournament
from ..formats import trf
from .pending import trf_pending, trf_pending_blocks

#: the part of a 001 record before the round blocks (start number to rank; points and rank may change freely)
_PLAYER_DATA = slice(0, 80)
_ROUNDS_FROM = trf.FIRST_ROUND_COLUMN - 1


class TrfFile:
    """The last read of one TRF file: its lines, its tournament (as the reader reads it) and its pending blocks."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.lines: list[str] | None = None
        self.tournament: Tournament | None = None
        self.blocks: dict[int, list[tuple[int, int, int]]] = {}
        self.warnings: list[InputWarning] = []

    def read(self, text: str, warnings: list[InputWarning]) -> tuple[Tournament, dict, bool]:
        """The tournament of ``text``, its pending blocks and whether it was patched (True) or read in full."""
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        patched = self._patch(lines) if self.lines is not None else None
        if patched is None:
            own: list[InputWarning] = []
            t = trf.loads(text, source=self.source, warnings=own)
            self.tournament, self.warnings, self.blocks = t, own, trf_pending(lines)
        self.lines = lines
        warnings += self.warnings
        return self.tournament, self.blocks, patched is not None

    def _patch(self, lines: list[str]) -> Tournament | None:
        old, t = self.lines, self.tournament
        if len(lines) != len(old) or t is None:
            return None
        changed = [k for k, (a, b) in enumerate(zip(old, lines)) if a != b]
        if not changed:
            return t
        rows = []
        for k in changed:
            a, b = old[k], lines[k]
            if not (a.startswith("001") and b.startswith("001") and a[_PLAYER_DATA] == b[_PLAYER_DATA]):
                return None
            section = b[_ROUNDS_FROM:].rstrip()
            if len(section) > trf.ROUND_STRIDE * t.rounds:
                return None  # a round more than the grid holds
            rows.append((k + 1, section))
        reader = trf._Reader("", self.source, [], t.extra.get("encoding", "utf-8"))
        try:
            opp_no, kind, colour = reader._decode_rounds(rows, t.rounds)
        except Exception:
            return None  # let the full read report the problem with its place
        idx = [t.row(int(lines[k][4:8])) for k in changed]
        lookup = t._row_of
        if any(int(x) not in lookup for x in opp_no[opp_no > 0]):
            return None
        opponent = np.vectorize(lambda x: lookup.get(int(x), NO_OPPONENT) if x > 0 else NO_OPPONENT,
                                otypes=[np.int32])(opp_no) if opp_no.size else opp_no.astype(np.int32)
        grids = t.kind.copy(), t.opponent.copy(), t.colour.copy()
        grids[0][idx], grids[1][idx], grids[2][idx] = kind, opponent, colour
        self.tournament = replace(t, kind=grids[0], opponent=grids[1], colour=grids[2])
        blocks = dict(self.blocks)
        for k in changed:
            sno, found = int(lines[k][4:8]), trf_pending_blocks(lines[k])
            if found:
                blocks[sno] = found
            else:
                blocks.pop(sno, None)
        self.blocks = blocks
        return self.tournament
