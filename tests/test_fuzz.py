"""Readers never break: any input gives standings or an InputError naming the place, never another exception.

A short budget runs in CI; for a long run by hand: ``FUZZ_EXAMPLES=20000 pytest tests/test_fuzz.py``
(figures recorded in docs/fuzzing.md).
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sources import CORPUS, PEERS

from tiebreak import InputError, TiebreakError, compute_standings
from tiebreak.arbiter import prizes, varma
from tiebreak.engine import team
from tiebreak.engine.errors import SpecifierError
from tiebreak.engine.numbers import NumberError, parse_int, parse_number
from tiebreak.engine.registry import parse_list
from tiebreak.formats import chessjson, chessresults, crosstable, membership, pgn, published, trf

ROOT = Path(__file__).resolve().parents[1]
TRF_TEXT = (ROOT / "examples" / "hobsons-bay-cup-2025.trf").read_text()
PGN_TEXT = "\n".join((CORPUS / "scalachess-tiebreak" / "uzchesscup.pgn")
                     .read_text(encoding="utf-8").splitlines()[:120]) + "\n"
JSON_TEXT = chessjson.dumps(trf.load(ROOT / "tests" / "data" / "chessjson" / "kinds.trf"))
TEAM_JSON = chessjson.to_dict(trf.load(ROOT / "tests" / "data" / "generated-team" / "team-swiss-a.trf"))
CSV_TEXT = crosstable.dumps(trf.loads(TRF_TEXT))
_XML = PEERS / "chess-results-xml" / "Single_SwissSystem.xml"
XML_TEXT = _XML.read_text(encoding="utf-8") if _XML.is_file() else "<chessresults/>"
BUDGET = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "150")), deadline=None,
                  suppress_health_check=list(HealthCheck))
ALPHABET = st.sampled_from(list(" 0123456789wbWBDLXZHFU+-=?.,:/\n\r\t\x00éЖ²\u2028=@\"") +
                           ["001", "0000", "XXR ", "162 ", "013 ", "1e999999", "9" * 40, "\\ud800", "&#10;", "<!DOCTYPE x>"])


def mutate(text: str, edits) -> str:
    chars = list(text)
    for pos, action, piece in edits:
        i = pos % (len(chars) + 1)
        if action == 0:
            chars[i:i + 1] = list(piece)
        elif action == 1:
            chars[i:i] = list(piece)
        else:
            del chars[i:i + len(piece)]
    return "".join(chars)


EDITS = st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 2), ALPHABET), min_size=1, max_size=12)


def check(load, text: str) -> None:
    """``load(text)`` gives a tournament or an InputError; the tournament gives standings or a TiebreakError, and
    every writer can write it: the TRF it makes reads back with the same players, its CSV has no live formula."""
    try:
        t = load(text)
    except InputError as e:
        assert e.place is not None and str(e)
        return
    try:
        compute_standings(t, "PTS,BH/C1,SB,DE,ARO,TPR,PTP,KS,PS", lots=False, unrated_rating=1000)
    except TiebreakError:
        pass
    check_writers(t)


def check_writers(t) -> None:
    chessjson.dumps(t).encode("utf-8")
    table = crosstable.dumps(t)
    assert not [c for row in csv.reader(io.StringIO(table)) for c in row
                if c[:1] in ("=", "+", "@", "\t", "\r") or (c[:1] == "-" and c != "-" and not _is_number(c))]
    if all(0 < p.start_no <= 9999 for p in t.players):
        back = trf.loads(trf.dumps(t).encode("utf-8"), "back.trf")
        assert [p.start_no for p in back.players] == [p.start_no for p in t.players]
        assert back.rounds == t.rounds


def _is_number(text: str) -> bool:
    try:
        parse_number(text)
        return True
    except NumberError:
        return False


@BUDGET
@given(EDITS)
def test_trf_reader_survives_mutations(edits):
    check(lambda text: trf.loads(text, "fuzz.trf"), mutate(TRF_TEXT, edits))


@BUDGET
@given(st.binary(max_size=400))
def test_trf_reader_survives_bytes(data):
    check(lambda raw: trf.loads(raw, "fuzz.trf"), data)


@BUDGET
@given(EDITS)
def test_pgn_reader_survives_mutations(edits):
    check(lambda text: pgn.loads(text, "fuzz.pgn"), mutate(PGN_TEXT, edits))


@BUDGET
@given(EDITS)
def test_chess_json_reader_survives_mutations(edits):
    check(lambda text: chessjson.loads(text, "fuzz.json"), mutate(JSON_TEXT, edits))


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-3, 10**12) | st.floats() | st.text(max_size=4),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                                        max_size=3), max_leaves=8)


def _replace(doc, path: list[int], value):
    """``doc`` with the node reached by following ``path`` (indices taken modulo each container's size) replaced."""
    if not path or not isinstance(doc, (dict, list)) or not doc:
        return value
    keys = list(doc) if isinstance(doc, dict) else list(range(len(doc)))
    key = keys[path[0] % len(keys)]
    copy = dict(doc) if isinstance(doc, dict) else list(doc)
    copy[key] = _replace(doc[key], path[1:], value)
    return copy


@BUDGET
@given(st.lists(st.integers(0, 10**4), max_size=7), JSON_VALUES)
def test_chess_json_reader_survives_wrong_shapes(path, value):
    import json

    def load(text):
        t = chessjson.loads(text, "fuzz.json")
        if team.read_teams(t):
            team.compute_team_standings(team.build(t), "MP,GP,EGGSB,BC")
        return t

    check(load, json.dumps(_replace(TEAM_JSON, path, value)))


@BUDGET
@given(EDITS)
def test_chess_results_xml_reader_survives_mutations(edits):
    check(lambda text: chessresults.loads(text.encode("utf-8", "surrogatepass"), "fuzz.xml"), mutate(XML_TEXT, edits))


@BUDGET
@given(EDITS)
def test_crosstable_reader_survives_mutations(edits):
    check(lambda text: crosstable.loads(text, "fuzz.csv"), mutate(CSV_TEXT, edits))


@BUDGET
@given(st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), min_size=1, max_size=8))
def test_xlsx_reader_survives_corrupted_bytes(flips):
    import io

    from tiebreak.formats import xlsx

    buf = io.BytesIO()
    xlsx.write_rows(buf, crosstable.to_rows(trf.loads(TRF_TEXT))[:6])
    data = bytearray(buf.getvalue())
    for pos, byte in flips:
        data[pos % len(data)] = byte
    try:
        rows = xlsx.read_rows(bytes(data))
    except xlsx.XlsxError:
        return
    check(lambda r: crosstable.from_rows(r, "fuzz.xlsx"), rows)


NUMBERISH = st.lists(st.sampled_from(list("0123456789+-.,eE/ ²٣") + ["9" * 30, "e99999"]), max_size=40).map("".join)


@BUDGET
@given(NUMBERISH)
def test_number_parser_is_bounded(text):
    try:
        value = parse_number(text)
        assert abs(value) <= 10**12
    except NumberError:
        pass
    try:
        assert abs(parse_int(text)) < 10**19
    except NumberError:
        pass


PRIZE_TEXT = "kind,place,amount\nplace,1,500\nplace,2,250.50\nrating<1600,1,100\nsex=w,1,\nbirth>=2010,1,1/3\n"


@BUDGET
@given(EDITS)
def test_prize_list_reader_survives_mutations(edits):
    s = compute_standings(trf.loads(TRF_TEXT), "PTS,BH/C1", lots=False)
    try:
        found = prizes.parse_prizes(mutate(PRIZE_TEXT, edits), "fuzz.csv")
    except InputError as e:
        assert e.place is not None
        return
    for method in prizes.METHODS:
        prizes.allocate(s, found, method)


VARMA_TEXT = "Name, FED\n" + "".join(f"Player {i}, {('NOR', 'UKR', 'AUS')[i % 3]}\n" for i in range(12))


@BUDGET
@given(EDITS, st.integers(-5, 2**64))
def test_varma_reader_survives_mutations(edits, seed):
    try:
        players = varma.parse_players(mutate(VARMA_TEXT, edits), "fuzz.csv")
        d = varma.draw(players, seed)
    except InputError as e:
        assert e.place is not None
        return
    assert sorted(d.numbers.values()) == sorted(set(d.numbers.values())) and len(d.numbers) == len(players)


@BUDGET
@given(st.lists(st.sampled_from(list("BHSCMUKLPRFV/#:,;+-.0123456789 ") + ["ARO", "KS", "DE", "9" * 30, "²"]),
                max_size=60).map("".join))
def test_tie_break_lists_are_parsed_or_refused(text):
    try:
        parse_list(text)
    except SpecifierError as e:
        assert str(e)


PUBLISHED_TEXT = "Rk,SNo,Name,Pts,BH-C1,SB\n1,7,Ann,6½,30.5,\"28,25\"\n2,9,Bob,6,29,27\n"


@BUDGET
@given(EDITS)
def test_published_standings_reader_survives_mutations(edits):
    try:
        published.loads(mutate(PUBLISHED_TEXT, edits), "fuzz.csv")
    except InputError as e:
        assert e.place is not None


@BUDGET
@given(EDITS)
def test_team_membership_reader_survives_mutations(edits):
    try:
        membership.loads(mutate("1,Club A\n2,Club B\nAnn,Club A\n", edits), {1: "Ann", 2: "Bob"}, "fuzz.csv")
    except InputError as e:
        assert e.place is not None
