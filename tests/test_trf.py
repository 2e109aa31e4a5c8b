"""TRF reading and writing: columns, codes, the records that matter for tie-breaks, round trips, and clear errors."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from sources import CORPUS

from tiebreak import InputError, Kind, compute_standings
from tiebreak.formats import trf

INDIVIDUAL = sorted(p for p in CORPUS.rglob("*.trf") if "heltour" not in str(p) and "example_trf26" not in p.name)


def line(start: int, name: str, rating: int | None, points: str, *blocks: str) -> str:
    """A record 001 written by hand, column by column (trf.md §2)."""
    head = f"001 {start:4d} m    {name:<33} {rating or '':>4} AUS {'':>11} {'':10} {points:>4} {'':>4}"
    assert len(head) == 89
    return head + "  " + "  ".join(blocks)


SMALL = "\n".join([
    "012 Small test",
    "042 2026/05/01",
    "092 Individual: Swiss-System",
    "XXR 3",
    line(1, "Alpha, A", 2000, "2.5", "   2 w 1", "   3 b =", "0000 - U"),
    line(2, "Beta, B", 1900, "1.0", "   1 b 0", "0000 - H", "   3 w =") ,
    line(3, "Gamma, C", 0, "1.0", "0000 - Z", "   1 w =", "   2 b =") ,
]) + "\n"


def test_reads_fields_at_their_columns():
    warnings = []
    t = trf.loads(SMALL, "small.trf", warnings)
    assert [p.name for p in t.players] == ["Alpha, A", "Beta, B", "Gamma, C"]
    assert [p.rating for p in t.players] == [2000, 1900, None]
    assert t.start_date.isoformat() == "2026-05-01" and t.planned_rounds == 3
    assert t.entry(1, 1).kind is Kind.WIN and t.entry(1, 1).opponent == 2 and t.entry(1, 1).colour_letter == "w"
    assert t.entry(2, 2).kind is Kind.HPB and t.entry(1, 3).kind is Kind.PAB and t.entry(3, 1).kind is Kind.ZPB
    assert t.points(1) == Fraction(5, 2)
    assert warnings == []


def test_points_column_that_disagrees_is_a_warning_and_results_win():
    warnings = []
    gamma = line(3, "Gamma, C", 0, "1.0", "0000 - Z", "   1 w =", "   2 b =")
    t = trf.loads(SMALL.replace(gamma, gamma.replace(" 1.0 ", " 1.5 ")), "p.trf", warnings)
    assert [str(w) for w in warnings] == ["p.trf, line 7, column 81 (points): player 3: points column says 1.5 but "
                                          "the results add up to 1; the results are used"]
    assert t.points(3) == 1 and t.player(3).declared_points == Fraction(3, 2)


@pytest.mark.parametrize("bad, column, field", [
    (SMALL.replace("   2 w 1", "   x w 1"), 92, "round 1 opponent"),
    (SMALL.replace("   3 b =", "   3 q ="), 107, "round 2 colour"),
    (SMALL.replace("   3 b =", "   3 b 7"), 109, "round 2 result"),
    (SMALL.replace("   2 w 1", "   9 w 1"), 92, "round 1 opponent"),
    (SMALL.replace("001    2 m", "001    1 m"), 5, "starting rank"),
    (SMALL.replace("001    2 m", "001    b m"), 5, "starting rank"),
    (SMALL.replace("XXR 3", "XXR 99999999"), 5, "number of rounds"),
])
def test_errors_name_line_column_and_field(bad, column, field):
    with pytest.raises(InputError) as e:
        trf.loads(bad, "bad.trf")
    assert e.value.place.file == "bad.trf" and e.value.place.column == column and e.value.place.field == field
    assert e.value.place.line in (4, 5, 6)


def test_records_off_the_array_path_read_field_by_field():
    # the 001 records are decoded as arrays; a record the array checks cannot vouch for is read field by field,
    # with the same result: a tab before the rating is whitespace, a control character in a name a space
    beta = line(2, "Beta, B", 1900, "1.0", "   1 b 0", "0000 - H", "   3 w =")
    odd = beta.replace(" 1900 ", "\t1900 ").replace("Beta, B", "Beta,\x01B")
    t = trf.loads(SMALL.replace(beta, odd), "odd.trf")
    assert t.player(2).rating == 1900 and t.player(2).name == "Beta, B" and t.player(1).rating == 2000


def test_first_bad_record_is_reported_in_line_order():
    # a duplicate start number (line 5) comes before a bad number of rounds (line 7): line 5 is reported, as a
    # record-by-record reader would; a bad rating (line 6) after it changes nothing
    gamma = line(3, "Gamma, C", 0, "1.0", "0000 - Z", "   1 w =", "   2 b =")
    text = SMALL.replace("001    2 m", "001    1 m").replace(gamma, gamma.replace("     AUS", "  x  AUS")) + "XXR 999999\n"
    assert text != SMALL.replace("001    2 m", "001    1 m").replace(gamma, gamma)
    with pytest.raises(InputError, match="start number 1 is used twice \\(first on line 5\\)") as e:
        trf.loads(text, "bad.trf")
    assert e.value.place.line == 6 and e.value.place.column == 5


def test_a_lone_surrogate_in_a_round_is_a_clear_error():
    # text handed to loads() may hold a lone surrogate (no decoder makes one); it used to end in UnicodeEncodeError
    with pytest.raises(InputError, match="opponent") as e:
        trf.loads(SMALL.replace("   2 w 1", "  \ud8002 w 1"), "s.trf")
    assert e.value.place.field == "round 1 opponent" and e.value.place.line == 5


def test_not_a_trf_file():
    with pytest.raises(InputError, match="no player records"):
        trf.loads("hello\nworld\n", "x.txt")
    with pytest.raises(InputError, match="not a text file"):
        trf.loads(b"\x00\x01\x02", "x.bin")


def test_the_two_sides_of_a_game_must_agree():
    warnings = []
    trf.loads(SMALL.replace("   1 b 0", "   1 b 1"), "w.trf", warnings)
    assert any("disagree" in str(w) and "line 5" in str(w) for w in warnings)


def test_double_forfeit_and_latin1_names():
    text = "\n".join([
        line(1, "Müller, Jürgen", 2000, "0.0", "   2 w -"),
        line(2, "Ødegård, Åse", 1900, "0.0", "   1 b -"),
    ]) + "\n"
    t = trf.loads(text.encode("latin-1"))
    assert t.players[0].name == "Müller, Jürgen" and t.extra["encoding"] == "latin-1"
    assert t.entry(1, 1).kind is Kind.DOUBLE_FORFEIT and t.entry(2, 1).kind is Kind.DOUBLE_FORFEIT
    assert trf.loads(text.encode("utf-8")).players[1].name == "Ødegård, Åse"


def test_score_system_record_162_and_xxs():
    t = trf.loads("162  W 3.0    D 1.0    L 0.0    P 1.0\n" + SMALL)
    assert (t.score_system.win, t.score_system.draw, t.score_system.points(Kind.PAB)) == (3, 1, 1)
    t = trf.loads("XXS WW=3 BW=3 WD=1 BD=1 PAB=1\n" + SMALL)
    assert (t.score_system.win, t.score_system.draw, t.score_system.points(Kind.PAB)) == (3, 1, 1)


def test_tiebreak_records_202_and_212():
    t = trf.loads("202 BH/C1,SB\n" + SMALL)
    assert t.declared_tiebreaks == ["BH/C1", "SB"] and not t.declared_tiebreaks_complete
    s = compute_standings(t, lots=False)
    assert s.tiebreaks == ["PTS", "BH/C1", "SB"]
    t = trf.loads("212 PTS BH SB\n" + SMALL)
    assert t.declared_tiebreaks_complete and compute_standings(t, lots=False).tiebreaks == ["PTS", "BH", "SB"]


@pytest.mark.parametrize("path", INDIVIDUAL, ids=lambda p: str(p.relative_to(CORPUS)))
def test_write_then_read_gives_the_same_tournament(path):
    a = trf.load(path)
    b = trf.loads(trf.dumps(a))
    assert [(p.start_no, p.name, p.rating, p.federation, p.fide_id) for p in a.players] == \
           [(p.start_no, p.name, p.rating, p.federation, p.fide_id) for p in b.players]
    assert np.array_equal(a.kind, b.kind) and np.array_equal(a.opponent, b.opponent)
    assert np.array_equal(a.colour, b.colour)
    assert (a.score_system, a.start_date, a.type_text, a.planned_rounds) == \
           (b.score_system, b.start_date, b.type_text, b.planned_rounds)
    sa = compute_standings(a, "PTS,BH/C1,SB,DE,ARO", lots=False)
    sb = compute_standings(b, "PTS,BH/C1,SB,DE,ARO", lots=False)
    assert [(r.start_no, r.rank, r.values) for r in sa.rows] == [(r.start_no, r.rank, r.values) for r in sb.rows]


def test_national_ratings_record_172():
    # TRF-2026 §3: 172 names the federation whose NRS records follow and how FIDE and national ratings combine
    text = ("172 AUS HBFN\n" + SMALL + "AUS    3      Gamma, C                          1650\n"
            "AUS    2      Beta, B                           2050\n")
    t = trf.loads(text)
    assert (t.rating_method, t.player(3).national_rating) == ("HBFN", 1650)
    # the national id in columns 58-68 (trf.md §3), where the record has one
    with_id = trf.loads(text.replace("Gamma, C                          1650",
                                     "Gamma, C                          1650 AUS 3141592"))
    assert (with_id.player(3).national_id, with_id.player(2).national_id) == ("3141592", "")
    s = compute_standings(t, "PTS,ARO", lots=False)
    # 1 met 2 (higher of 1900 / 2050 = 2050) and 3 (1650: no FIDE rating): (2050 + 1650) / 2
    assert s.value(1, "ARO") == 1850
    t = trf.loads(text.replace("HBFN", "FIDE "))
    assert compute_standings(t, "PTS,ARO", lots=False).value(1, "ARO") is None  # 3 is unrated for FIDE


def test_a_column_ruler_is_not_the_event_name(tmp_path):
    """The Irish Krause files (corpus icu-ireland-krause) carry a ruler line under the field legend,
    '0123456789012345...': it starts with 012 but is no record 012 (the fourth column of a record is blank), so
    the event keeps its name and a round trip through Chess-JSON writes the name back."""
    from tiebreak.formats import readers

    example = Path(__file__).resolve().parents[1] / "examples" / "hobsons-bay-cup-2025.trf"
    text = example.read_text(encoding="utf-8")
    ruler = "DDD SSSS sTTT NNNN\n" + "0123456789" * 10 + "\n"
    head, rest = text.split("\n001", 1)
    (tmp_path / "ruled.trf").write_text(head + "\n" + ruler + "001" + rest, encoding="utf-8")
    assert trf.load(tmp_path / "ruled.trf").name == "2025 Hobsons Bay Cup"
    readers.convert(tmp_path / "ruled.trf", tmp_path / "ruled.json")
    readers.convert(tmp_path / "ruled.json", tmp_path / "back.trf")
    assert (tmp_path / "back.trf").read_text(encoding="utf-8").startswith("012 2025 Hobsons Bay Cup\n")
