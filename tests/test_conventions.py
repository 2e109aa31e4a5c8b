"""The publishing programs' conventions (tiebreak.engine.conventions) and the check's verdict on them.

Sevilla's convention (issue 26, measured on a Belgian Sevilla export): every unplayed round counts a draw, and a
player's own unplayed rounds a draw against himself at his adjusted score.  The values below are computed by hand.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

from tiebreak.arbiter.check import check
from tiebreak.engine.conventions import CONVENTIONS
from tiebreak.engine.model import Kind, Player, Tournament
from tiebreak.engine.standings import compute_standings
from tiebreak.formats import published


def event() -> Tournament:
    """Five players, three rounds.  R1: 1-2 1-0, 3-4 ½-½, 5 pairing-allocated bye.  R2: 1-3 1-0, 2-5 0-1, 4 absent.
    R3: 1-5 ½-½, 2-4 1-0, 3 pairing-allocated bye.

    Scores: 1: 2½, 2: 1, 3: 1½, 4: ½, 5: 2½.  Adjusted (every unplayed round a draw): 1: 2½, 2: 1, 3: 1 (R3 bye ½),
    4: 1 (R2 absence ½), 5: 2 (R1 bye ½)."""
    t = Tournament.build([Player(n, f"P{n}") for n in range(1, 6)], 3)
    t.set_game(1, 1, 2, Kind.WIN), t.set_game(1, 3, 4, Kind.DRAW), t.set_bye(1, 5, Kind.PAB)
    t.set_game(2, 1, 3, Kind.WIN), t.set_game(2, 5, 2, Kind.WIN), t.set_bye(2, 4, Kind.ZPB)
    t.set_game(3, 1, 5, Kind.DRAW), t.set_game(3, 2, 4, Kind.WIN), t.set_bye(3, 3, Kind.PAB)
    return t


# Buchholz by hand, Sevilla: 1: 1 + 1 + 2 = 4;  2: 2½ + 2 + 1 = 5½;  3: 1 + 2½ + himself 1 = 4½;
# 4: 1 + himself 1 + 1 = 3;  5: himself 2 + 1 + 2½ = 5½
SEVILLA_BH = {1: F(4), 2: F(11, 2), 3: F(9, 2), 4: F(3), 5: F(11, 2)}


def test_sevilla_buchholz_and_sonneborn_berger_by_hand():
    s = compute_standings(event(), "PTS,BH,SB", rules=CONVENTIONS["sevilla"].rules, lots=False, system="swiss")
    assert {r.start_no: r.values["BH"] for r in s.rows} == SEVILLA_BH
    # SB of 5: R1 a draw with himself at 2 -> 1; R2 beat 2 (adjusted 1) -> 1; R3 drew 1 (2½) -> 1¼; = 3¼
    assert s.row(5).values["SB"] == F(13, 4)
    # C.07 (2024) Art. 16.4 instead: 5's bye counts his own score 2½ -> BH 6
    assert compute_standings(event(), "PTS,BH", rules="fide-2024", lots=False, system="swiss").row(5).values["BH"] == 6


def test_check_names_the_convention_and_says_when_none_fits():
    rows = "".join(f"{n},{float(v)}\n" for n, v in SEVILLA_BH.items())
    r = check(event(), published.loads("startno,BH\n" + rows), rules="fide-2024", system="swiss")
    assert not r.agree and r.verdict == ("convention", "sevilla", "Sevilla")
    # one value no rule set gives: the verdict says none fits and names the nearest
    r = check(event(), published.loads("startno,BH\n" + rows.replace("4,3.0\n", "4,9.0\n")), rules="fide-2024",
              system="swiss")
    assert r.verdict[0] == "none" and r.verdict[1] == "sevilla"
    by = {d.start_no: d.reproduced_by for d in r.differences}
    assert by[4] == [] and by[5] == ["sevilla"]
    # player 1's 4 is every rule set's that counts his opponents' unplayed rounds as draws (3's and 5's byes)
    assert by[1] == ["fide-2009", "uscf", "ru", "sevilla"]


def test_a_value_is_attributed_only_where_the_whole_row_is_reproduced():
    # player 5's SB 3¼ is Sevilla's (by hand above) and, by coincidence, the Arbiters' Manual's too (fide-2009: the
    # R1 bye's virtual opponent 0 + (1 - 1) + ½ x 2 = 1, x 1 point = 1; beat 2 (1) 1; drew 1 (2½) 1¼; = 3¼); his
    # BH 5½ is Sevilla's alone (fide-2009: 1 + 1 + 2½ = 4½).  So the SB is attributed to Sevilla only.
    r = check(event(), published.loads("startno,BH,SB\n5,5.5,3.25\n"), rules="fide-2024", system="swiss")
    assert {d.what: d.reproduced_by for d in r.differences} == {"BH": ["sevilla"], "SB": ["sevilla"]}
    # with the Arbiters' Manual's BH beside it, the same SB is fide-2009's
    r = check(event(), published.loads("startno,BH,SB\n5,4.5,3.25\n"), rules="fide-2024", system="swiss")
    assert {d.what: d.reproduced_by for d in r.differences} == {"BH": ["fide-2009"], "SB": ["fide-2009"]}
    # fide-2009 is Vega's convention: named so only when Vega published the file; another program's file (or one
    # whose program is not known) gets the rule set's name, never Vega's
    assert r.verdict == ("rules", "fide-2009", "")
    for publisher, expected in (("Vega", ("convention", "fide-2009", "Vega")),
                                ("Swiss-Manager", ("rules", "fide-2009", "Swiss-Manager"))):
        p = replace(published.loads("startno,BH,SB\n5,4.5,3.25\n"), publisher=publisher)
        assert check(event(), p, rules="fide-2024", system="swiss").verdict == expected
