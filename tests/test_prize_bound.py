"""The prize allocation's bounded passes (issue 33) give what its definition gives: each player takes the best prize
he is eligible for, one player moving at a time from the place prizes to a category (the first in the standings of the
first category that pays someone more), every prize list worked out again in full after each move, until no one gains.

``definition`` below is that sentence as the allocation read it before it was bounded (the whole field weighed for
every candidate on every pass, no pass cut short); random prize lists on the bundled event (32 players, points ties
of up to 7, three tie-break lists, one of them not beginning with points so that tied players are not neighbours) must
give the same awards and the same unpaid prizes, by every method, one prize per player or not.  The shares themselves
are held by the hand computations of tests/test_prize_best.py and tests/test_playoff_prizes.py.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tiebreak import compute_standings, trf
from tiebreak.arbiter import prizes
from tiebreak.arbiter.prizes import Allocation, Prize, allocate, parse_prizes

EVENT = trf.load("examples/hobsons-bay-cup-2025.trf")
STANDINGS = {tiebreaks: compute_standings(EVENT, tiebreaks, lots=False) for tiebreaks in ("PTS", "PTS,BH/C1", "BH,PTS")}


def definition(s, prize_list: list[Prize], method: str, one_per_player: bool) -> Allocation:
    order = prizes._Order(s)
    everyone = order.players
    place_prizes = [p for p in prize_list if not p.category]
    categories: dict[str, list[Prize]] = {}
    for p in prize_list:
        if p.category:
            categories.setdefault(p.category, []).append(p)
    moved: set[int] = set()
    while True:
        paid: list[Prize] = []
        awards = prizes._award(order, place_prizes, [n for n in everyone if n not in moved], method, paid)
        placed = {a.start_no: [b.amount for b in awards if b.start_no == a.start_no] for a in awards}
        gainer = None
        for group in categories.values():
            test = group[0].eligible or (lambda player: True)
            eligible = [n for n in everyone if test(s.tournament.player(n))]
            rewarded = {a.start_no for a in awards} if one_per_player else set()
            players = [n for n in eligible if n not in rewarded]
            for n in (eligible if one_per_player and gainer is None else []):
                if n not in placed or None in placed[n]:
                    continue
                race = [m for m in everyone if m == n or m in players]
                offer = [a.amount for a in prizes._award(order, group, race, method) if a.start_no == n]
                if offer and offer[0] is not None and offer[0] > sum(placed[n], Fraction(0)):
                    gainer = n
                    break
            awards += prizes._award(order, group, players, method, paid)
        if gainer is None:
            return Allocation(awards, [p for p in prize_list if all(p is not q for q in paid)])
        moved.add(gainer)


AMOUNTS = st.sampled_from(["", "0", "1", "5", "12.5", "40", "100", "300"])
CATEGORIES = st.sampled_from(["rating<1400", "rating<1700", "rating>=1800", "unrated", "rating<2100"])
LINE = st.one_of(st.builds("place,{},{}".format, st.integers(1, 34), AMOUNTS),
                 st.builds("category,{},{}".format, CATEGORIES, AMOUNTS))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(lines=st.lists(LINE, max_size=24), tiebreaks=st.sampled_from(sorted(STANDINGS)),
       method=st.sampled_from(prizes.METHODS), one_per_player=st.booleans())
def test_the_bounded_allocation_gives_what_its_definition_gives(lines, tiebreaks, method, one_per_player):
    s, prize_list = STANDINGS[tiebreaks], parse_prizes("\n".join(lines))
    got, expected = allocate(s, prize_list, method, one_per_player), definition(s, prize_list, method, one_per_player)
    assert got.awards == expected.awards
    assert [p.name for p in got.unpaid] == [p.name for p in expected.unpaid]


def test_a_player_whose_category_pays_more_leaves_the_place_race():
    # By hand, from the bundled file (PTS,BH/C1): nos. 7 (rated 1534) and 9 (1518) share 6 points in places 1-2, no. 3
    # (1763) is third alone on 5½.  Places 1 and 2 pay 100 and 20: 60 each for nos. 7 and 9.  The best player rated
    # under 1530 gets 80: no. 9 is that player (no. 7 is not eligible), 80 > 60, so he takes it and leaves the place
    # race; no. 7 is first alone (100) and no. 3 closes up to place 2 (20).
    s = STANDINGS["PTS,BH/C1"]
    assert [(r.start_no, r.points) for r in s.rows[:3]] == [(7, 6), (9, 6), (3, Fraction(11, 2))]
    assert [EVENT.player(n).rating for n in (7, 9, 3)] == [1534, 1518, 1763]
    places = "place,1,100\nplace,2,20"
    assert [(a.start_no, a.amount) for a in allocate(s, parse_prizes(places), "shared").awards] == [(7, 60), (9, 60)]
    got = allocate(s, parse_prizes(places + "\ncategory,rating<1530,80"), "shared")
    assert [(a.start_no, a.amount) for a in got.awards] == [(7, 100), (3, 20), (9, 80)]
