"""Performance and rating figures: FIDE rating change, the Russian rating change of seed 004, the Harkness
performance (seed 004) and the USCF ±400 performance.  TPR and PTP are the tie-breaks of :mod:`tiebreak.engine.fide`.

All figures are exact fractions; printed rounded as each system says (or to one decimal where none is stated).

>>> harkness(1850, Fraction(5, 2), 11)
1577
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..engine.model import Kind, Tournament, round_half_up
from ..engine.ratings import pd

#: Seed 004, Russian rating: K by rating band (spec §9.7); below 1000 the seed gives no K (60 is used).
RU_K = [(2400, 10), (2200, 20), (2000, 25), (1800, 30), (1600, 35), (1400, 40), (1200, 50), (0, 60)]

_RESULT = {Kind.WIN: Fraction(1), Kind.DRAW: Fraction(1, 2), Kind.LOSS: Fraction(0)}


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
    juniors needs data a TRF does not hold: pass ``k`` to :func:`rating_changes`."""
    return 10 if rating >= 2400 else 20


def ru_k(rating: int) -> int:
    return next(k for floor, k in RU_K if rating >= floor)


@dataclass
class Change:
    start_no: int
    name: str
    rating: int
    games: int
    score: Fraction
    expected: Fraction
    k: int
    change: Fraction


def rating_changes(t: Tournament, system: str = "fide", k: int | None = None, rounds: int | None = None) -> list[Change]:
    """Rating change of every rated player over its rated games (over the board, both players rated):
    ``fide`` ΔR = K × Σ(score − PD) with the 400-point rule; ``ru`` the same form with the K table of seed 004 and,
    as the RChF table was not found (spec §12), the FIDE probabilities."""
    k_of = {"fide": fide_k, "ru": ru_k}[system]
    out = []
    last = t.rounds if rounds is None else rounds
    for i, p in enumerate(t.players):
        if not p.rating:
            continue
        score = exp = Fraction(0)
        games = 0
        for r in range(last):
            kind, o = Kind(int(t.kind[i, r])), int(t.opponent[i, r])
            opp_rating = t.players[o].rating if o >= 0 else None
            if kind not in _RESULT or not opp_rating:
                continue
            games += 1
            score += _RESULT[kind]
            exp += expected(p.rating, opp_rating)
        kk = k or k_of(p.rating)
        out.append(Change(p.start_no, p.name, p.rating, games, score, exp, kk, kk * (score - exp)))
    return out


def uscf_performance(t: Tournament, rounds: int | None = None) -> dict[int, Fraction | None]:
    """USCF performance: the average of opponent's rating + 400 for a win, − 400 for a loss, ± 0 for a draw."""
    out: dict[int, Fraction | None] = {}
    last = t.rounds if rounds is None else rounds
    for i, p in enumerate(t.players):
        values: list[Fraction] = []
        for r in range(last):
            kind, o = Kind(int(t.kind[i, r])), int(t.opponent[i, r])
            opp_rating = t.players[o].rating if o >= 0 else None
            if kind in _RESULT and opp_rating:
                values.append(opp_rating + 400 * (2 * _RESULT[kind] - 1))
        out[p.start_no] = Fraction(sum(values), len(values)) if values else None
    return out


def harkness_all(t: Tournament, rounds: int | None = None) -> dict[int, int | None]:
    last = t.rounds if rounds is None else rounds
    out: dict[int, int | None] = {}
    for i, p in enumerate(t.players):
        ratings: list[int] = []
        score = Fraction(0)
        for r in range(last):
            kind, o = Kind(int(t.kind[i, r])), int(t.opponent[i, r])
            opp_rating = t.players[o].rating if o >= 0 else None
            if kind in _RESULT and opp_rating:
                ratings.append(opp_rating)
                score += _RESULT[kind]
        out[p.start_no] = harkness(Fraction(sum(ratings), len(ratings)), score, len(ratings)) if ratings else None
    return out
