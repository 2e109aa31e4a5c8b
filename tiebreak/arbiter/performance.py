"""Performance and rating figures: the expected score, the K factors (FIDE, Russian) and the Harkness performance;
:mod:`tiebreak.arbiter.rating_report` computes them for every player.  TPR and PTP are the tie-breaks of
:mod:`tiebreak.engine.fide`.

All figures are exact fractions; printed rounded as each system says (or to one decimal where none is stated).

>>> harkness(1850, Fraction(5, 2), 11)
1577
"""

from __future__ import annotations

from fractions import Fraction

from ..engine.model import round_half_up
from ..engine.ratings import pd

#: Seed 004, Russian rating: K by rating band (spec §9.7); below 1000 the seed gives no K (60 is used).
RU_K = [(2400, 10), (2200, 20), (2000, 25), (1800, 30), (1600, 35), (1400, 40), (1200, 50), (0, 60)]


def harkness(average_opposition: int | Fraction, score: Fraction, games: int) -> int:
    """Harkness performance (seed 004): average rating of the opposition + 10 × (percentage − 50), the percentage
    to one decimal as in the seed's example (2½/11 = 22.7 % against 1850 → 1577)."""
    percentage = Fraction(round_half_up(score * 1000 / games), 10)
    return round_half_up(Fraction(average_opposition) + 10 * (percentage - 50))


def expected(own: int, opponent: int, cap: int | None = 400) -> Fraction:
    """Expected score from the FIDE table 8.1.2; rating change uses the 400-point rule (cap), tie-breaks do not."""
    d = own - opponent
    if cap is not None:
        d = max(-cap, min(cap, d))
    return Fraction(pd(d), 100)


def fide_k(rating: int) -> int:
    """A K factor from the rating alone (Rating Regulations: 10 from 2400; 20 below).  K 40 for new players and
    juniors needs data a TRF does not hold: pass ``k`` to :func:`~tiebreak.arbiter.rating_report.rating_report`."""
    return 10 if rating >= 2400 else 20


def ru_k(rating: int) -> int:
    return next(k for floor, k in RU_K if rating >= floor)
