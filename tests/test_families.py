"""The other rule families (issue 4): Arbiters' Manual Art. 13 with the virtual opponent, USCF Rule 34, Russian
practice.  Expected values are the seeds' worked examples and the hand computations of spec §2.6, §7, §8, §9."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction as F

import pytest
from test_fide_examples import example_s

from tiebreak import Kind, Player, Tournament, compute_standings
from tiebreak.engine.passes import Context
from tiebreak.engine.rules import RULE_SETS

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS


def test_example_s_buchholz_of_player_3_under_each_convention():
    """Spec §2.6: BH of player 3 is 11.0 (2024), 8.5 (2026), 9.0 (virtual opponent), 5.0 (USCF Solkoff)."""
    t = example_s(dt.date(2026, 6, 1))
    got = {rules: compute_standings(t, "PTS,BH", rules=rules, lots=False).value(3, "BH")
           for rules in ("fide-2024", "fide-2026", "fide-2009", "uscf")}
    assert got == {"fide-2024": 11, "fide-2026": F(17, 2), "fide-2009": 9, "uscf": 5}


def test_example_s_legacy_values():
    """Spec §7 worked example: opponents' unplayed rounds count ½; own unplayed rounds use Svon (13.14.2)."""
    s = compute_standings(example_s(dt.date(2026, 6, 1)), "PTS,BH,BH/M1,SB,L-SBH,BPG", rules="legacy", lots=False)
    assert (s.value(1, "BH"), s.value(1, "BH/M1")) == (8, 4)
    assert s.value(7, "BH") == F(13, 2)  # Svon(R1) 1.5 + 1.5 + 1.5 + Svon(R4) 2.0
    assert s.value(3, "SB") == 6  # 1.5×1 + 2.5×½ + 3.5×½ + 1.5×1
    assert s.value(7, "L-SBH") == 18  # legacy BH(4) 8.5 + legacy BH(5) 9.5
    assert s.value(3, "BPG") == 1


def test_example_s_uscf_values():
    """Spec §8 table, column 'Example S'."""
    s = compute_standings(example_s(dt.date(2026, 6, 1)),
                          "PTS,US-MM,US-SOLK,US-CUM,US-MED,US-KASH,US-SB,US-COPP,US-OPERF,US-AVGOPP,US-BLK", lots=False)
    v = s.value
    assert (v(1, "US-MM"), v(3, "US-MM"), v(4, "US-MM")) == (F(13, 2), 5, 5)  # plus, plus, minus
    assert (v(1, "US-SOLK"), v(3, "US-SOLK"), v(4, "US-SOLK")) == (8, 5, F(17, 2))
    # 3: running scores add to 7.5; seed 002 deducts 1 for the forfeit win and nothing for the half-point bye
    assert (v(1, "US-CUM"), v(3, "US-CUM")) == (9, F(13, 2))
    assert v(1, "US-MED") == 4
    assert (v(1, "US-KASH"), v(3, "US-KASH")) == (14, 6)
    assert (v(1, "US-SB"), v(3, "US-SB")) == (7, F(13, 4))
    assert v(7, "US-COPP") == F(15, 2)
    assert v(3, "US-OPERF") == 2075  # (2266.67 + 1883.33) / 2
    assert v(3, "US-AVGOPP") == 1900 and v(5, "US-BLK") == 3


def test_cumulative_half_point_bye_is_a_named_choice():
    """Issue 13.6f, spec A38: seed 002 deducts only unplayed wins and one-point byes (player 3 of Example S:
    7.5 − 1 = 6.5), seed 004 also ½ for a half-point bye (7.5 − 1 − ½ = 6).  Each rule set keeps its own text by
    default; ``cumulative_half_bye`` chooses either for both codes."""
    t = example_s(dt.date(2026, 6, 1))
    value = lambda code, choice=None: compute_standings(  # noqa: E731
        t, f"PTS,{code}", lots=False, cumulative_half_bye=choice).value(3, code)
    assert value("US-CUM") == F(13, 2) and value("US-CUM", "deduct") == 6 and value("US-CUM", "keep") == F(13, 2)
    assert value("RU-CUM") == 6 and value("RU-CUM", "keep") == F(13, 2) and value("RU-CUM", "deduct") == 6
    with pytest.raises(ValueError):
        value("US-CUM", "half")
    assert not RULE_SETS["uscf"].cumulative_deducts_half_byes and RULE_SETS["ru"].cumulative_deducts_half_byes


def test_cumulative_examples_of_seed_004():
    """Seed 004: W, L, W, D, L → 1 + 1 + 2 + 2½ + 2½ = 9; with the draw a half-point bye → 8½."""
    t = Tournament.build([Player(i, str(i)) for i in range(1, 7)], 5, type_text="Swiss")
    t.set_game(1, 1, 2, W); t.set_game(2, 1, 3, L); t.set_game(3, 1, 4, W)  # noqa: E702
    t.set_game(4, 1, 5, D); t.set_game(5, 1, 6, L)  # noqa: E702
    assert compute_standings(t, "PTS,RU-CUM", lots=False).value(1, "RU-CUM") == 9
    t.set_bye(4, 1, Kind.HPB)
    t.set_bye(4, 5, Kind.ZPB)
    assert compute_standings(t, "PTS,RU-CUM", lots=False).value(1, "RU-CUM") == F(17, 2)


def _seed_004_round_robin() -> Tournament:
    """The Berger-coefficient crosstable of seed 004 (spec §9.1): Ivanov 5, Petrov 4½, Sidorov 4, Kuznetsov 4,
    Smirnov 2½, Vasiliev 1, Nikolaev 0 — the games not stated in the seed are the only ones that give those totals."""
    names = ["Ivanov", "Petrov", "Sidorov", "Kuznetsov", "Smirnov", "Vasiliev", "Nikolaev"]
    results = {  # (row, column) -> row's result
        (1, 2): D, (1, 3): D, (1, 4): W, (1, 5): W, (1, 6): W, (1, 7): W,
        (2, 3): D, (2, 4): D, (2, 5): W, (2, 6): W, (2, 7): W,
        (3, 4): D, (3, 5): D, (3, 6): W, (3, 7): W,
        (4, 5): W, (4, 6): W, (4, 7): W,
        (5, 6): W, (5, 7): W,
        (6, 7): W,
    }
    t = Tournament.build([Player(i, n) for i, n in enumerate(names, 1)], 7, type_text="Round robin")
    busy: dict[int, set[int]] = {}
    for (a, b), k in results.items():  # any round in which neither plays yet
        r = next(r for r in range(1, 8) if a not in busy.get(r, set()) and b not in busy.get(r, set()))
        busy.setdefault(r, set()).update((a, b))
        t.set_game(r, a, b, k)
    return t


def test_berger_coefficient_dvoretsky_and_sonneborn():
    s = compute_standings(_seed_004_round_robin(), "PTS,RU-BERGER,RU-DVOR,RU-SONN", lots=False)
    assert [s.value(n, "PTS") for n in range(1, 8)] == [5, F(9, 2), 4, 4, F(5, 2), 1, 0]
    assert (s.value(3, "RU-BERGER"), s.value(4, "RU-BERGER")) == (9, F(31, 4))  # Sidorov 9, Kuznetsov 7.75
    assert (s.value(3, "RU-DVOR"), s.value(4, "RU-DVOR")) == (1, F(-3, 2))  # +1 and -1.5
    assert (s.value(3, "RU-SONN"), s.value(4, "RU-SONN")) == (25, F(95, 4))  # 9 + 16, 7.75 + 16
    assert [r.start_no for r in s.rows][2:4] == [3, 4]  # Sidorov third


@pytest.mark.parametrize("absent_round, before, points, end", [
    (3, [W, D], Kind.ZPB, F(11, 2)),  # 9 rounds, absent in round 3 with 1.5 → 5.5 at the end
])
def test_virtual_opponent_examples_of_13_14_2(absent_round, before, points, end):
    players = [Player(i, str(i)) for i in range(1, 11)]
    t = Tournament.build(players, 9, type_text="Swiss")
    for r, k in enumerate(before, 1):
        t.set_game(r, 1, r + 1, k)
    t.set_bye(absent_round, 1, points)
    ctx = Context(t, RULE_SETS["fide-2009"], 9, False)
    assert F(int(ctx.virtual_opponent[0, absent_round - 1]), ctx.scale) == end
    ctx = Context(t, RULE_SETS["fide-2009"], 3, False)  # after round 3: 1.5 + 1 = 2.5
    assert F(int(ctx.virtual_opponent[0, 2]), ctx.scale) == F(5, 2)


@pytest.mark.parametrize("kind, end", [(Kind.FPB, 5), (Kind.FORFEIT_WIN, 5), (Kind.FORFEIT_LOSS, 6)])
def test_virtual_opponent_eleven_rounds_table(kind, end):
    """13.14.2 table: 11 rounds, round 5, player on 2 points: bye → 5, +/− → 5, −/+ → 6."""
    t = Tournament.build([Player(i, str(i)) for i in range(1, 13)], 11, type_text="Swiss")
    for r in range(1, 5):
        t.set_game(r, 1, r + 1, D)
    if kind is Kind.FPB:
        t.set_bye(5, 1, kind)
    else:
        t.set_game(5, 1, 12, kind)
    ctx = Context(t, RULE_SETS["fide-2009"], 11, False)
    assert F(int(ctx.virtual_opponent[0, 4]), ctx.scale) == end


def test_legacy_direct_encounter_needs_all_to_have_met():
    """Arbiters' Manual 13.5: direct encounter only when all tied players met (no C.07 6.3)."""
    from test_fide_examples import _three_way_swiss
    s = compute_standings(_three_way_swiss(), "PTS,DE", rules="fide-2009", lots=False)
    assert [s.value(n, "DE") for n in (1, 2, 3)] == [0, 0, 0]


def test_result_between_tied_players_plus_minus():
    """USCF 34E5 example of spec §8: {A,B,C} tied, A–B 1–0, B–C 1–0, A–C ½–½ → A +1, B 0, C −1.
    (Byes bring all three to 2 points.)"""
    t = Tournament.build([Player(i, n) for i, n in enumerate("ABCD", 1)], 5, type_text="Swiss")
    t.set_game(1, 1, 2, W); t.set_game(2, 2, 3, W); t.set_game(3, 1, 3, D)  # noqa: E702
    for r, byes in ((4, (Kind.HPB, Kind.FPB, Kind.FPB)), (5, (Kind.ZPB, Kind.ZPB, Kind.HPB))):
        for sno, k in zip((1, 2, 3), byes):
            t.set_bye(r, sno, k)
    s = compute_standings(t, "PTS,US-RBT", after_round=5, lots=False)  # rounds 4-5 hold only byes
    assert [s.value(n, "PTS") for n in (1, 2, 3)] == [2, 2, 2]
    assert [r.start_no for r in s.rows][:3] == [1, 2, 3]
    assert [r.rank for r in s.rows][:3] == [1, 2, 3]


def test_russian_unplayed_games_are_draws_with_the_scheduled_opponent_or_oneself():
    """Seed 004 (note on byes and forfeits): every unplayed game counts as a draw for the coefficients — a forfeit a
    draw with the scheduled opponent, a bye or a missed round a draw with oneself; the Berger coefficient takes half
    the score of that opponent.

    Five players, three Swiss rounds:
      R1  1–2 1-0      3–4 forfeit (3 wins: '+'/'-')    5 pairing-allocated bye (1 point)
      R2  1–3 ½-½      2–5 0-1                          4 missed the round (no entry)
      R3  1–5 1-0      2–4 ½-½                          3 pairing-allocated bye (1 point)
    Scores: 1 = 2½, 2 = ½, 3 = 1 + ½ + 1 = 2½, 4 = 0 + 0 + ½ = ½, 5 = 1 + 1 + 0 = 2.
    As somebody's opponent every unplayed game is a draw: 3 = 2½ − ½ (forfeit win) − ½ (bye) = 1½;
    4 = ½ + ½ (forfeit loss) + ½ (missed) = 1½; 5 = 2 − ½ (bye) = 1½; 1 and 2 played every game: 2½, ½.
    Buchholz: 1 = 2 ½ + 3 1½ + 5 1½ = 3½; 2 = 1 2½ + 5 1½ + 4 1½ = 5½;
      3 = 4 (scheduled, 1½) + 1 2½ + itself 2½ = 6½; 4 = 3 (scheduled, 1½) + itself ½ + 2 ½ = 2½;
      5 = itself 2 + 2 ½ + 1 2½ = 5.
    Berger: 1 = ½·1 + 1½·½ + 1½·1 = 2¾; 2 = 0 + 0 + 1½·½ = ¾; 3 = 1½·½ + 2½·½ + 2½·½ = 3¼;
      4 = 1½·½ + ½·½ + ½·½ = 1¼; 5 = 2·½ + ½·1 + 0 = 1½."""
    t = Tournament.build([Player(i, str(i)) for i in range(1, 6)], 3, type_text="Swiss")
    t.set_game(1, 1, 2, W)
    t.set_game(1, 3, 4, Kind.FORFEIT_WIN)
    t.set_bye(1, 5, Kind.PAB)
    t.set_game(2, 1, 3, D)
    t.set_game(2, 2, 5, L)
    t.set_game(3, 1, 5, W)
    t.set_game(3, 2, 4, D)
    t.set_bye(3, 3, Kind.PAB)
    s = compute_standings(t, "PTS,BH,RU-BERGER", rules="ru", lots=False, system="swiss")
    assert [s.value(n, "PTS") for n in range(1, 6)] == [F(5, 2), F(1, 2), F(5, 2), F(1, 2), 2]
    assert [s.value(n, "BH") for n in range(1, 6)] == [F(7, 2), F(11, 2), F(13, 2), F(5, 2), 5]
    assert [s.value(n, "RU-BERGER") for n in range(1, 6)] == [F(11, 4), F(3, 4), F(13, 4), F(5, 4), F(3, 2)]


def test_explain_names_the_opponent_that_stands_in_an_unplayed_round_by_the_rule_set():
    """Issue 13.6e: under fide-2009 the unplayed round is against the Arbiters' Manual's virtual opponent (13.14.2,
    seed 000), not the C.07 Art. 16.4 dummy; the Russian rules name their draws (seed 004), USCF its zero opponent."""
    from tiebreak.render.explain import explain

    t = example_s(dt.date(2026, 6, 1))
    texts = {rules: explain(compute_standings(t, "PTS,BH", rules=rules, lots=False), 3)
             for rules in ("fide-2009", "fide-2024", "uscf", "ru")}
    assert "virtual opponent" in texts["fide-2009"] and "13.14.2" in texts["fide-2009"]
    assert "dummy" not in texts["fide-2009"] and "16.4" not in texts["fide-2009"]
    assert "dummy opponent with the player's own score (Art. 16.4)" in texts["fide-2024"]
    assert "an opponent with 0 points (USCF 34E1)" in texts["uscf"] and "dummy" not in texts["uscf"]
    assert "dummy" not in texts["ru"] and "(Russian practice)" in texts["ru"]
