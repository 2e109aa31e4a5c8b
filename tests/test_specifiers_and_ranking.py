"""Tie-break specifiers (the reference checker's vocabulary) and the Art. 4.2 ranking procedure."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction as F

import pytest

from tiebreak import Kind, Player, SpecifierError, Tournament, compute_standings, parse, parse_list


@pytest.mark.parametrize("text, canonical", [
    ("BH/C1", "BH/C1"), ("bh#c1", "BH/C1"), ("SB/C1", "SB/C1"), ("KS/L-1", "KS/L-1"), ("ks/l+2", "KS/L+2"),
    ("KS/L40", "KS/L40"), ("ARO/U1000/C1", "ARO/C1/U1000"), ("DE/P", "DE/P"), ("BH/M2", "BH/M2"), ("GE", "REP"),
    ("SNO", "TPN"), ("TPN/R", "TPN/R"), ("SB/C1/V2024", "SB/C1/V2024"), ("AOB/F", "AOB/F"),
])
def test_specifiers(text, canonical):
    assert parse(text).text == canonical


def test_limit_units():
    assert parse("KS/L-1").limit == F(-1, 2) and parse("KS/L+2").limit == 1 and parse("KS/L-0.5").limit == F(-1, 2)
    assert parse("KS/L40").limit_percent == 40


@pytest.mark.parametrize("text, message", [
    ("XX", "unknown tie-break 'XX'"), ("BH/Z9", "unknown modifier 'Z9'"), ("WIN/C1", "not allowed with WIN"),
    ("BH/C1/M1", "either Cut or Median"), ("BH:MP", "team events"), ("SB/V1999", "V1999"),
])
def test_bad_specifiers(text, message):
    with pytest.raises(SpecifierError, match=message):
        parse(text)


def test_lists_accept_commas_and_spaces():
    assert [s.text for s in parse_list("PTS BH/C1, SB;DE")] == ["PTS", "BH/C1", "SB", "DE"]


def _four_players() -> Tournament:
    """1 and 2 beat 3 and 4 in round 1, draw each other in round 2; 3 and 4 draw.  Ratings 1500, 1600, 0, 1700."""
    t = Tournament.build([Player(1, "A", 1500), Player(2, "B", 1600), Player(3, "C"), Player(4, "D", 1700)], 2,
                         type_text="Swiss", start_date=dt.date(2026, 4, 1))
    t.set_game(1, 1, 3, Kind.WIN); t.set_game(1, 2, 4, Kind.WIN)  # noqa: E702
    t.set_game(2, 1, 2, Kind.DRAW); t.set_game(2, 3, 4, Kind.DRAW)  # noqa: E702
    return t


def test_tpn_ascending_and_reverse():
    t = _four_players()
    assert [r.start_no for r in compute_standings(t, "PTS,TPN", lots=False).rows] == [1, 2, 3, 4]
    assert [r.start_no for r in compute_standings(t, "PTS,TPN/R", lots=False).rows] == [2, 1, 4, 3]


def test_rating_order_and_undefined_last():
    t = _four_players()
    # Art. 10: rating tie-breaks are not used while unrated players have no rating: undefined for everybody
    s = compute_standings(t, "PTS,RTNG", lots=False)
    assert [s.value(n, "RTNG") for n in (1, 2, 3, 4)] == [None] * 4
    assert [(r.start_no, r.rank) for r in s.rows] == [(1, 1), (2, 1), (3, 3), (4, 3)]
    s = compute_standings(t, "PTS,RTNG", unrated_rating=1800, lots=False)
    assert [r.start_no for r in s.rows] == [2, 1, 3, 4]


def test_undefined_values_rank_last():
    # spec §1.4.5: 3 has no over-the-board game, so its ARO is undefined and it ranks after 4 (ARO 1600)
    t = Tournament.build([Player(n, str(n), 2000 - 100 * n) for n in (1, 2, 3, 4)], 1, type_text="Swiss")
    t.set_game(1, 1, 2, Kind.WIN); t.set_game(1, 3, 4, Kind.FORFEIT_WIN)  # noqa: E702
    s = compute_standings(t, "PTS,ARO", lots=False)
    assert s.value(3, "ARO") is None and s.value(1, "ARO") == 1800
    assert [r.start_no for r in s.rows] == [1, 3, 2, 4]  # 1 (ARO 1800) before 3 (none); 2 (1900) before 4 (none)


def test_unbroken_ties_share_a_rank_and_lots_break_them():
    t = _four_players()
    s = compute_standings(t, "PTS,BH", lots=False)
    assert [(r.start_no, r.rank) for r in s.rows] == [(1, 1), (2, 1), (3, 3), (4, 3)]
    s = compute_standings(t, "PTS,BH", seed=1)
    assert sorted(r.rank for r in s.rows) == [1, 2, 3, 4] and all(r.lot for r in s.rows)
    assert any("seed 1" in n for n in s.notes)


def test_type_a_is_recomputed_inside_each_group_and_may_repeat():
    # with DE listed twice, the second pass works inside the groups the tie-breaks before it left
    t = _four_players()
    s = compute_standings(t, "PTS,DE,BH,DE", lots=False)
    assert s.tiebreaks == ["PTS", "DE", "BH", "DE"]
    assert [(r.start_no, r.rank) for r in s.rows] == [(1, 1), (2, 1), (3, 3), (4, 3)]  # all draws between them


def test_direct_encounter_explains_every_tied_group():
    """Two score groups each separated by DE (C.07 6): A-B drew (1.5 each after round 2) and G-H drew (0.5 each).
    By hand, each of the four scores ½ among the players tied with them; the explanation of every one says so (it
    said '-' for the first group when the second group's scores replaced it)."""
    from tiebreak.render.explain import details

    t = Tournament.build([Player(i, n) for i, n in enumerate("ABCDEFGH", 1)], 2, name="Two groups")
    for r, w, b, k in [(1, 1, 2, Kind.DRAW), (1, 3, 4, Kind.WIN), (1, 5, 6, Kind.WIN), (1, 7, 8, Kind.DRAW),
                       (2, 1, 5, Kind.WIN), (2, 2, 6, Kind.WIN), (2, 3, 7, Kind.WIN), (2, 4, 8, Kind.WIN)]:
        t.set_game(r, w, b, k)
    s = compute_standings(t, "DE", lots=False)
    assert [s.value(n, "PTS") for n in (1, 2, 7, 8)] == [F(3, 2), F(3, 2), F(1, 2), F(1, 2)]
    assert {n: details(s, n)["DE"]["group_score"] for n in (1, 2, 7, 8)} == {n: F(1, 2) for n in (1, 2, 7, 8)}
