"""Play-offs (Arbiters' Manual 13.2) and prizes (13.2.6, USCF seed 002, Hort) on hand-made standings."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from tiebreak import Kind, Player, Tournament, compute_standings
from tiebreak.arbiter.playoff import apply_playoff, plan_playoffs
from tiebreak.arbiter.prizes import Prize, distribute


def tied(n_tied: int, others: int = 2):
    """``n_tied`` players on 1 point (full-point byes), then ``others`` players on 0 (zero-point byes): exact ties."""
    players = [Player(i, f"P{i}", 2000 - i) for i in range(1, n_tied + others + 1)]
    t = Tournament.build(players, 1, type_text="Swiss")
    for i in range(1, n_tied + 1):
        t.set_bye(1, i, Kind.FPB)
    for i in range(n_tied + 1, n_tied + others + 1):
        t.set_bye(1, i, Kind.ZPB)
    return compute_standings(t, "PTS,TPN", lots=False)


@pytest.mark.parametrize("n, fmt", [(2, "mini-match"), (3, "round robin"), (4, "knock-out")])
def test_formats_of_13_2_11(n, fmt):
    [g] = plan_playoffs(tied(n), places=1)
    assert (g.places, g.players, g.format) == ((1, n), list(range(1, n + 1)), fmt)
    assert any("30 minutes" in x for x in g.stages)
    if n == 2:
        assert any("sudden death" in x for x in g.stages)
    if n == 4:
        assert g.shared == ["the two semi-final losers share the prizes of places 3 and 4 equally (13.2.6)"]


def test_five_or_more_the_next_tiebreak_keeps_four():
    [g] = plan_playoffs(tied(6), places=1)
    assert g.players == [1, 2, 3, 4] and g.eliminated == [5, 6] and "TPN" in g.stages[0]


def test_only_the_places_asked_for():
    assert plan_playoffs(tied(2, others=1), places=[3]) == []  # place 3 is not shared
    [g] = plan_playoffs(tied(2), places=[3])  # the two players on 0 share places 3-4
    assert (g.places, g.players) == ((3, 4), [3, 4])


def test_apply_playoff_with_shared_semi_final_losers():
    s = tied(4)
    [g] = plan_playoffs(s, places=1)
    final = apply_playoff(s, g, [3, 1, [2, 4]])
    assert final == [[3], [1], [2, 4], [5], [6]]
    with pytest.raises(ValueError):
        apply_playoff(s, g, [1, 2, 3])


def test_cash_shared_equally_and_hort():
    """Three players tie for first: prizes 600/300/150 for places 1-3.  Shared: 350 each.  Hort: half by place
    (300/150/75 by the tie-break order) plus half of the pool shared (525 / 3 = 175): 475, 325, 250."""
    s = tied(3)
    prizes = [Prize("1st", F(600), 1), Prize("2nd", F(300), 2), Prize("3rd", F(150), 3), Prize("4th", F(60), 4)]
    shared = {a.start_no: a.amount for a in distribute(s, prizes)}
    assert shared == {1: 350, 2: 350, 3: 350, 4: 30, 5: 30}  # 4th place shared by the two players on 0
    hort = {a.start_no: a.amount for a in distribute(s, prizes[:3], method="hort")}
    assert hort == {1: 475, 2: 325, 3: 250}


def test_indivisible_prize_goes_by_tiebreak_and_categories_skip_prize_winners():
    s = tied(3)
    young = Prize("best rated under 1998", F(50), 1, "rating<1998", lambda p: (p.rating or 0) < 1998)
    awards = distribute(s, [Prize("cup", None, 1), young])
    assert [(a.start_no, a.prize) for a in awards] == [(1, "cup"), (3, "best rated under 1998")]
