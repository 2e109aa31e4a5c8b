"""The event's statistics, without words: results by colour round by round (White's wins, draws, Black's wins over the
board, forfeits, byes), the players of each federation and of each rating band.

>>> from tiebreak import trf
>>> from tiebreak.views.pairings import pairings
>>> t = trf.load("examples/hobsons-bay-cup-2025.trf")
>>> st = statistics(t, [pairings(t, k, None) for k in range(1, 8)])
>>> r1 = st.rounds[0]
>>> (r1.white, r1.draws, r1.black, r1.forfeits, r1.byes)
(4, 1, 6, 0, 10)
>>> st.federations, st.bands[0], st.bands[-1]
([('AUS', 28), ('VIC', 3), ('INA', 1)], (1800, 1), (None, 3))

(Round 1 of the file, White's side: Nos. 2, 5, 9 and 14 win, No. 12 draws, Nos. 17, 19, 23, 27, 31 and 32 lose;
eight ``H`` and two ``Z`` byes.  One player rated 1847, three unrated.)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..engine.model import Kind, Tournament
from .pairings import Round

WHITE_WINS = (Kind.WIN, Kind.WIN_SHORT)
DRAWS = (Kind.DRAW, Kind.DRAW_SHORT)
BLACK_WINS = (Kind.LOSS, Kind.LOSS_SHORT)
FORFEITS = (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT)
BYES = (Kind.PAB, Kind.FPB, Kind.HPB, Kind.ZPB)
#: the width of a rating band
BAND = 200


@dataclass(frozen=True)
class ColourRow:
    """One round's games (``round`` None: every round): played over the board by their result from White's side,
    forfeited, and the byes (pairing-allocated, full-, half- and zero-point; not the players left unpaired)."""

    round: int | None
    white: int
    draws: int
    black: int
    forfeits: int
    byes: int

    @property
    def played(self) -> int:
        return self.white + self.draws + self.black


@dataclass(frozen=True)
class Statistics:
    rounds: list[ColourRow]
    total: ColourRow
    federations: list[tuple[str, int]]  # most players first ("" : none given)
    bands: list[tuple[int | None, int]]  # (the band's lowest rating, players), highest first; None: unrated


def statistics(t: Tournament, rounds: list[Round]) -> Statistics:
    """The statistics of ``t`` over the rounds ``rounds`` (their pairings: pending games are not counted)."""
    rows = []
    for rd in rounds:
        kinds = Counter(g.kind for g in rd.games if not g.pending)
        rows.append(ColourRow(rd.number, sum(kinds[k] for k in WHITE_WINS), sum(kinds[k] for k in DRAWS),
                              sum(kinds[k] for k in BLACK_WINS), sum(kinds[k] for k in FORFEITS),
                              sum(1 for _, kind in rd.byes if kind in BYES)))
    total = ColourRow(None, *(sum(getattr(r, f) for r in rows) for f in ("white", "draws", "black", "forfeits",
                                                                        "byes")))
    feds = Counter(p.federation.strip() for p in t.players)
    bands = Counter((p.rating // BAND * BAND) if p.rating else None for p in t.players)
    return Statistics(rows, total, sorted(feds.items(), key=lambda x: (-x[1], x[0])),
                      sorted(bands.items(), key=lambda x: 1 if x[0] is None else -x[0]))
