"""Team events (issue 3): matches derived from board games, MP/GP, team tie-breaks (C.07 Arts 11-13)."""

from __future__ import annotations

import csv
from fractions import Fraction as F
from pathlib import Path

import pytest
from sources import CORPUS

from tiebreak import Kind, Player, Tournament
from tiebreak.engine.team import Team, build, compute_team_standings
from tiebreak.formats import trf

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS


def example_t():
    """Spec §3 Example T: 4 teams, 2 boards, single round robin; board 1 White for the first-named team."""
    names = ["A1", "A2", "B1", "B2", "C1", "C2", "D1", "D2"]
    t = Tournament.build([Player(i, n) for i, n in enumerate(names, 1)], 3, type_text="Team round robin")
    A1, A2, B1, B2, C1, C2, D1, D2 = range(1, 9)
    games = {1: [(A1, B1, W), (B2, A2, D), (C1, D1, W), (D2, C2, D)],
             2: [(A1, C1, L), (C2, A2, L), (B1, D1, W), (D2, B2, D)],
             3: [(A1, D1, D), (D2, A2, D), (B1, C1, L), (C2, B2, W)]}
    for r, gs in games.items():
        for white, black, k in gs:
            t.set_game(r, white, black, k)
    teams = [Team(i + 1, name, [2 * i + 1, 2 * i + 2]) for i, name in enumerate("ABCD")]
    return build(t, teams)


def test_example_t_reference_values():
    s = compute_team_standings(example_t(), "MP,GP,MPVGP,EMMSB,EMGSB,EGMSB,EGGSB,EMGSB/C1,BC,SSSC,BH:MP", lots=False)
    col = lambda code: [s.value(n, code) for n in (1, 2, 3, 4)]  # noqa: E731
    assert col("MP") == [4, 2, 5, 1] and col("GP") == [F(7, 2), 2, F(9, 2), 2]
    assert col("MPVGP") == [F(7, 2), 2, F(9, 2), 2]
    assert col("EMMSB") == [10, 2, 10, 4]
    assert col("EMGSB") == [9, F(7, 2), F(19, 2), F(15, 2)]
    assert col("EGMSB") == [F(21, 2), 4, F(23, 2), F(7, 2)]
    assert col("EGGSB") == [F(19, 2), F(19, 4), F(21, 2), F(27, 4)]
    assert col("EMGSB/C1") == [8, 2, 8, F(13, 2)]
    assert col("BC") == [F(11, 2), 3, 6, F(7, 2)]
    assert col("SSSC") == [F(617, 100), F(533, 100), F(683, 100), F(567, 100)]
    assert col("BH:MP") == [8, 10, 7, 11]
    assert [r.number for r in s.rows] == [3, 1, 2, 4]


def test_extended_direct_encounter_cycle():
    """Spec §4.23: three teams tied on MP beat each other in a cycle (X–Y 2½–1½, Y–Z 3–1, Z–X 3–1): MP among them
    2, 2, 2; GP among them X 3.5, Y 4.5, Z 4.0 → Y, Z, X."""
    t = Tournament.build([Player(i, str(i)) for i in range(1, 13)], 3, type_text="Team round robin")
    X, Y, Z = [1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]

    def match(r, a, b, results):
        for pa, pb, k in zip(a, b, results):
            t.set_game(r, pa, pb, k)

    match(1, X, Y, [W, W, L, D])  # 2½–1½
    match(2, Y, Z, [W, W, W, L])  # 3–1
    match(3, Z, X, [W, W, W, L])  # 3–1
    tt = build(t, [Team(1, "X", X), Team(2, "Y", Y), Team(3, "Z", Z)])
    s = compute_team_standings(tt, "MP,EDE", lots=False, system="round robin")
    assert [s.value(n, "MP") for n in (1, 2, 3)] == [2, 2, 2]
    assert [r.number for r in s.rows] == [2, 3, 1]


FRIENDSHIP = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"


def test_friendship_cup_published_values():
    """Official results (heltour test comments): MP, GP, EGGSB, BH:MP per team and the final order.

    The file's results and its points column disagree on one board of round 6 (Α.Σ.ΗΡΟΔΟΤΟΣ–Σ.A.ΧΕΡΣΟΝΗΣΟΥ): player
    122 has a forfeit win ('+', no opponent) but 0 in the points column, player 41 no entry but 1.  We compute from the
    results and warn; the official standings follow the points column.  With that one board given as the points
    column says, every published value is reproduced (including rank 15's EGGSB 308.25, where heltour has 304.25)."""
    warnings = []
    tt = build(trf.load(FRIENDSHIP, warnings))
    assert tt.boards == 6 and len(tt.teams) == 15
    assert any("player 41: points column says 1 but the results add up to 0" in str(w) for w in warnings)
    assert any("player 122: points column says 0 but the results add up to 1" in str(w) for w in warnings)
    expected = list(csv.DictReader(open(FRIENDSHIP.with_name("friendship-cup-2024.expected.csv"), encoding="utf-8")))

    def differences():
        s = compute_team_standings(tt, "MP,GP,EGGSB,BH:MP", lots=False)
        by_name = {r.name: r for r in s.rows}
        bad = []
        for e in expected:
            r = by_name[e["team"]]
            assert r.rank == int(e["rank"])
            for code, col in (("MP", "match_points"), ("GP", "game_points"), ("EGGSB", "EGGSB"), ("BH:MP", "BH:MP")):
                if r.values[code] != F(e[col]):
                    bad.append((e["team"], code))
        return bad

    assert {team for team, code in differences() if code == "GP"} == {"Α.Σ.ΗΡΟΔΟΤΟΣ", "Σ.A.ΧΕΡΣΟΝΗΣΟΥ"}
    row = {t.name: i for i, t in enumerate(tt.teams)}
    tt.gp[row["Α.Σ.ΗΡΟΔΟΤΟΣ"], 5] += tt.gp_scale  # the board as the points column has it
    tt.gp[row["Σ.A.ΧΕΡΣΟΝΗΣΟΥ"], 5] -= tt.gp_scale
    assert differences() == []


def test_crete_reads_with_warnings():
    warnings = []
    tt = build(trf.load(CORPUS / "heltour-crete-team" / "crete-interclub-championship-2025.trf", warnings))
    s = compute_team_standings(tt, lots=False)
    assert len(s.rows) == len(tt.teams) == 8 and any("points column" in str(w) for w in warnings)


def test_irish_league_reads_and_ranks():
    """The 12-team Armstrong Cup 2010-11 (Krause format, 013 records): a round robin of 11 rounds on 8 boards."""
    tt = build(trf.load(CORPUS / "icu-ireland-krause" / "armstrong_2011.tab"))
    s = compute_team_standings(tt, "MP,GP,EDEBT,BH:MP,EMGSB/C1,SSSC/K2", lots=False)
    assert (len(tt.teams), tt.boards, s.system, s.after_round) == (12, 8, "round robin", 11)
    assert sum(r.values["MP"] for r in s.rows) == 2 * 66  # 66 matches, 2 match points each (no byes)
    assert s.rows[0].name == "Kilkenny"


def test_knock_out_tie_breaks_example_t():
    """Art. 12.2 on Example T: B and D both have 2 GP; on board 1 B scored 1 (R2 win), D ½ (R3 draw): B is ahead."""
    s = compute_team_standings(example_t(), "GP,TBR", lots=False)
    assert [r.number for r in s.rows] == [3, 1, 2, 4]
    assert [r.rank for r in s.rows] == [1, 2, 3, 4]


GENERATED = Path(__file__).parent / "data" / "generated-team"


@pytest.mark.parametrize("name, reference", [
    ("team-swiss-a", "team-swiss-a"), ("team-swiss-b", "team-swiss-b"),
    # issue 20: matches forfeited on every board, written as board results only and with record 330 as well
    ("team-swiss-a-forfeits-boards", "team-swiss-a-forfeits"), ("team-swiss-a-forfeits-330", "team-swiss-a-forfeits"),
    ("team-swiss-b-forfeits-boards", "team-swiss-b-forfeits"), ("team-swiss-b-forfeits-330", "team-swiss-b-forfeits"),
])
def test_generated_team_events_agree_with_the_reference_checker(name, reference):
    """Generated team Swiss events (tests/data/ORACLE.md).  The checker gives a team bye only from record 320,
    so the comparison reads the files as it does (``infer_byes=False``); team-swiss-a has such byes.  The
    ``-forfeits`` variants (written by ``forfeited.py``) forfeit some matches on every board (a forfeit win, a forfeit
    loss, a double forfeit; 2024 rules in ``a``, 2026 in ``b``): the checker gives the same values for both ways of
    writing them, and so must we."""
    from decimal import Decimal

    tt = build(trf.load(GENERATED / f"{name}.trf"), infer_byes=False)
    lines = (GENERATED / f"{reference}.ref.tsv").read_text().splitlines()
    codes = lines[0].split("\t")[2:]
    s = compute_team_standings(tt, ",".join(codes), lots=False)
    bad = []
    for line in lines[1:]:
        cells = line.split("\t")
        row = next(r for r in s.rows if r.number == int(cells[0]))
        for code, text in zip(codes, cells[2:]):
            got = row.values[s.primary if code == "PTS" else code]  # the checker's PTS: the primary score, MP here
            places = len(text.split(".")[1]) if "." in text else 0
            if got is None or round(Decimal(got.numerator) / Decimal(got.denominator), places) != Decimal(text):
                bad.append((cells[0], code, text, got))
    assert not bad, bad[:5]
    # with the default, the team left out of an odd number gets a bye worth a drawn match (as in the Friendship Cup)
    if name == "team-swiss-a":
        assert compute_team_standings(build(trf.load(GENERATED / f"{name}.trf")), "MP", lots=False).value(2, "MP") == 3


def test_us_amateur_team_system():
    """USCF (seed 002 / spec §8): per match, the opposing team's final match score × the game points scored against
    it; Example T, team A: B (2 MP) × 1½ + C (5) × 1 + D (1) × 1 = 9 (= EMGSB without cut)."""
    s = compute_team_standings(example_t(), "MP,US-AMTEAM,US-TCUM", lots=False)
    assert [s.value(n, "US-AMTEAM") for n in (1, 2, 3, 4)] == [9, F(7, 2), F(19, 2), F(15, 2)]
    # team cumulative: A1 1, 1, 1.5 = 3.5 and A2 .5, 1.5, 2 = 4 (no unplayed rounds to deduct) → 7.5
    assert s.value(1, "US-TCUM") == F(15, 2)


# --- issue 20: a match forfeited on every board is an unplayed round (C.07 15.1) ---------------------------------
D_ = Kind.DRAW


def small_team_swiss(with_330: bool):
    """Five teams of two boards, three Swiss rounds (team byes inferred: the one team left out of an odd number).

    R1  A–B 2–0 (both boards won)        C–D forfeited on both boards (C wins)   E bye
    R2  A–C 1–1 (both drawn)             B–E ½–1½ (draw, E wins)                 D bye
    R3  A–E ½–1½ (draw, E wins)          B–D 1–1 (B wins board 1, D board 2)     C bye

    ``with_330``: the forfeited match is left off the boards and declared by a TRF-2026 record 330 instead."""
    FW = Kind.FORFEIT_WIN
    t = Tournament.build([Player(i, str(i)) for i in range(1, 11)], 3, type_text="Team Swiss")
    A, B, C, D, E = [1, 2], [3, 4], [5, 6], [7, 8], [9, 10]

    def match(r, a, b, results):
        for pa, pb, k in zip(a, b, results):
            t.set_game(r, pa, pb, k)

    match(1, A, B, [W, W])
    if with_330:
        t.extra["lines"] = ["330 +-   1   3   4"]
    else:
        match(1, C, D, [FW, FW])
    match(2, A, C, [D_, D_])
    match(2, B, E, [D_, L])
    match(3, A, E, [D_, L])
    match(3, B, D, [W, L])
    return build(t, [Team(i + 1, name, members) for i, (name, members) in enumerate(zip("ABCDE", (A, B, C, D, E)))])


@pytest.mark.parametrize("with_330", [False, True])
def test_forfeited_team_match_is_an_unplayed_round(with_330):
    """Hand computation from C.07 (seed 001 and its 2026 revision, ../shared/spec/tiebreaks.md §2).

    MP (2/1/0; a team bye is a drawn match, 1 MP): A 2+1+0 = 3, B 0+0+1 = 1, C 2+1+1 = 4, D 0+1+1 = 2, E 1+2+2 = 5.
    GP (a bye = boards × ½ = 1): A 2+1+½ = 3½, B 0+½+1 = 1½, C 2+1+1 = 4, D 0+1+1 = 2, E 1+1½+1½ = 4.
    No 16.2.5 round, so every adjusted score (16.3) is the score itself.
    C's round 1 is a win without play (16.2.2) and D's a loss without play (16.2.4): C.07 15.1, no board was played.

    BH:MP, 2024 (16.4: every own unplayed round is a dummy with the team's own score):
      A = B1 + C4 + E5 = 10; B = A3 + E5 + D2 = 10; C = dummy 4 + A3 + dummy 4 (bye) = 11;
      D = dummy 2 + dummy 2 (bye) + B1 = 5; E = dummy 5 (bye) + B1 + A3 = 9.
    BH:MP, 2026 (16.4.1 forfeit: own score capped by the scheduled opponent's adjusted score; 16.4.2 other: capped
    by D × R = 1 × 3 = 3): C = min(4, D 2) + 3 + min(4, 3) = 8; D = min(2, C 4) + min(2, 3) + 1 = 5;
      E = min(5, 3) + 1 + 3 = 7; A, B as in 2024.
    BH:GP, 2024: A = 1½ + 4 + 4 = 9½; B = 3½ + 4 + 2 = 9½; C = 4 + 3½ + 4 = 11½; D = 2 + 2 + 1½ = 5½;
      E = 4 + 1½ + 3½ = 9.
    BH:GP, 2026 (D × R = drawn match 1 GP × 3 = 3): C = min(4, 2) + 3½ + min(4, 3) = 8½; D = 2 + 2 + 1½ = 5½;
      E = min(4, 3) + 1½ + 3½ = 8.
    BH:MP/C1 (14.1, 16.5): D's forfeit loss is a voluntarily unplayed round: its contribution 2 is not lower than the
      least significant value 1 (B), so the exception cuts it: 2 + 1 = 3 (plain Cut-1 would leave 4), both years.
      A = 10 − 1 = 9; B = 10 − 2 = 8; C 2024 = 11 − 3 = 8, 2026 = 8 − 2 = 6; E 2024 = 9 − 1 = 8, 2026 = 7 − 1 = 6.
    Counted as a played 2–0 match instead, C's round 1 would be D's 2 and C's BH:MP 2024 would be 9, not 11."""
    tt = small_team_swiss(with_330)
    codes = "MP,GP,BH:MP,BH:GP,BH:MP/C1"
    expected = {
        "fide-2024": {"MP": [3, 1, 4, 2, 5], "GP": [F(7, 2), F(3, 2), 4, 2, 4], "BH:MP": [10, 10, 11, 5, 9],
                      "BH:GP": [F(19, 2), F(19, 2), F(23, 2), F(11, 2), 9], "BH:MP/C1": [9, 8, 8, 3, 8]},
        "fide-2026": {"MP": [3, 1, 4, 2, 5], "GP": [F(7, 2), F(3, 2), 4, 2, 4], "BH:MP": [10, 10, 8, 5, 7],
                      "BH:GP": [F(19, 2), F(19, 2), F(17, 2), F(11, 2), 8], "BH:MP/C1": [9, 8, 6, 3, 6]},
    }
    for rules, values in expected.items():
        s = compute_team_standings(tt, codes, rules=rules, lots=False, system="swiss")
        kinds = [Kind(int(k)).name for k in tt.matches.kind[:, 0]]
        assert kinds == ["WIN", "LOSS", "FORFEIT_WIN", "FORFEIT_LOSS", "PAB"]
        for code, column in values.items():
            assert [s.value(n, code) for n in range(1, 6)] == column, (rules, code)


def test_team_sb_with_a_score_is_the_extended_sb_the_catalogue_names():
    """Issue 13.6b: ``SB:MP`` = EMMSB and ``SB:GP`` = EGGSB (C.07 13.2.1, 13.2.4; the catalogue and the reference
    checker's list).  Spec §4.23, Example T: EMMSB 10 / 2 / 10 / 4, EGGSB 9.5 / 4.75 / 10.5 / 6.75 (team A:
    2·1.5 + 4.5·1 + 2·1 = 9.5, opponents' GP × GP obtained).  The reference checker gives SB:GP = EGGSB and SB:MP =
    EMMSB on team-swiss-b-forfeits-boards.trf too (teams 1-4: 371.25 453 509.75 328 / 20 46 84 18)."""
    s = compute_team_standings(example_t(), "MP,SB:MP,SB:GP,SB,ESB:GG", lots=False)
    col = lambda code: [s.value(n, code) for n in (1, 2, 3, 4)]  # noqa: E731
    assert col("SB:MP") == [10, 2, 10, 4] == col("SB")  # MP primary: plain SB is EMMSB
    assert col("SB:GP") == [F(19, 2), F(19, 4), F(21, 2), F(27, 4)] == col("ESB:GG")
    b = compute_team_standings(build(trf.load(GENERATED / "team-swiss-b-forfeits-boards.trf"), infer_byes=False),
                               "MP,SB:GP,SB:MP", lots=False)
    assert [b.value(n, "SB:GP") for n in (1, 2, 3, 4)] == [F(1485, 4), 453, F(2039, 4), 328]
    assert [b.value(n, "SB:MP") for n in (1, 2, 3, 4)] == [20, 46, 84, 18]


def test_team_presets_follow_the_arbiters_manual_lists():
    """Issue 13.6c: Arbiters' Manual 13.15.3 (team round robin) and 13.15.5 (team Swiss), seeds 000/003: after the
    primary score the other score ("game points if the table is ranked by match points"), direct encounter, then
    (Swiss) Buchholz Cut-1 and Buchholz, then Sonneborn-Berger, which for teams is 13.9.3: "the sum of the products
    of the match points scored by each opposing team and the game points obtained in the match against it" (EMGSB).
    On Example T (spec §4.23) the list computes MPVGP 3.5 / 2 / 4.5 / 2 and EMGSB 9 / 3.5 / 9.5 / 7.5."""
    from tiebreak.engine.presets import PRESETS

    assert PRESETS["fide-team-rr"].tiebreaks.split(",") == ["MP", "MPVGP", "EDE", "EMGSB"]
    assert PRESETS["fide-team-swiss"].tiebreaks.split(",") == ["MP", "MPVGP", "EDE", "BH/C1", "BH", "EMGSB"]
    s = compute_team_standings(example_t(), PRESETS["fide-team-rr"].tiebreaks, lots=False)
    assert [s.value(n, "MPVGP") for n in (1, 2, 3, 4)] == [F(7, 2), 2, F(9, 2), 2]
    assert [s.value(n, "EMGSB") for n in (1, 2, 3, 4)] == [9, F(7, 2), F(19, 2), F(15, 2)]


def test_the_standings_say_when_their_list_is_the_default_one():
    """Issue 33: whether the list is the default is the standings' own fact (``default_list``), which the check
    reads, never a note's English.  The team default, written here by hand: Arbiters' Manual 13.15.5 (MP, then
    MPVGP, EDE, BH/C1, BH, with SB for its team SB)."""
    s = compute_team_standings(example_t(), None, lots=False)
    assert s.default_list and s.tiebreaks == ["MP", "MPVGP", "EDE", "BH/C1", "BH", "SB"]
    assert not compute_team_standings(example_t(), "MP,GP", lots=False).default_list
