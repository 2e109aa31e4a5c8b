"""Performance and rating figures (issue 5): the seeds' worked examples and hand computations."""

from __future__ import annotations

from fractions import Fraction as F

from tiebreak import Kind, Player, Tournament
from tiebreak.arbiter.performance import expected, harkness
from tiebreak.arbiter.rating_report import rating_report


def test_harkness_example_of_seed_004():
    """A 1600 player scores 2½ of 11 (22.7 %) against an 1850 average: 1850 + 10 × (22.7 − 50) = 1577."""
    assert harkness(1850, F(5, 2), 11) == 1577
    players = [Player(1, "P", 1600)] + [Player(i, f"O{i}", 1850) for i in range(2, 13)]
    t = Tournament.build(players, 11, type_text="Swiss")
    for r, k in enumerate([Kind.WIN, Kind.WIN, Kind.DRAW] + [Kind.LOSS] * 8, 1):
        t.set_game(r, 1, r + 1, k)
    assert rating_report(t, "harkness")[0].performance == 1577


def _spec_9_7():
    """Spec §9.7: 1500 wins against 1600 (PD .36), draws with 1450 (PD .57), loses to 1700 (PD .24)."""
    t = Tournament.build([Player(1, "P", 1500), Player(2, "A", 1600), Player(3, "B", 1450), Player(4, "C", 1700)], 3)
    t.set_game(1, 1, 2, Kind.WIN)
    t.set_game(2, 1, 3, Kind.DRAW)
    t.set_game(3, 1, 4, Kind.LOSS)
    return t


def test_russian_rating_change_example():
    """ΣΔR = .64 − .07 − .24 = .33; K 40 (1400-1599) → +13.2."""
    change = next(c for c in rating_report(_spec_9_7(), "ru") if c.start_no == 1)
    assert (change.k, change.score - change.expected, change.change) == (40, F(33, 100), F(66, 5))


def test_fide_rating_change_and_the_400_point_rule():
    change = next(c for c in rating_report(_spec_9_7(), "fide") if c.start_no == 1)
    assert (change.k, change.change) == (20, F(33, 5))  # K 20 × .33
    assert expected(2400, 1500) == F(92, 100) and expected(2400, 1500, cap=None) == F(1)


def test_uscf_performance():
    # 1500's games: 1600 + 400, 1450 + 0, 1700 − 400 → (2000 + 1450 + 1300) / 3 = 1583⅓, shown 1583
    assert rating_report(_spec_9_7(), "uscf")[0].performance == 1583
