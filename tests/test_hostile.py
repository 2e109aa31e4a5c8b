"""Issue 14: hostile inputs give a clear error or the right result.  Each test builds its minimal input by hand and
checks the outcome against what the input says (tests/test_attacks.py runs the same kind of inputs through the
command line under memory and time limits)."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from fractions import Fraction

import pytest

from tiebreak import compute_standings
from tiebreak.engine.errors import InputError, SpecifierError
from tiebreak.engine.model import Kind, Player, Tournament
from tiebreak.engine.numbers import NumberError, NumberOutOfRange, parse_int, parse_number
from tiebreak.formats import chessjson, chessresults, crosstable, readers, trf, xlsx
from tiebreak.render.output import to_csv

HOSTILE_NAMES = ["Ann\n001    9      Evil", "Bob\r\nXXR 900", "Cy\u2028Dee", "=HYPERLINK(\"http://x\")", "+1+1",
                 "@SUM(1)", "-2+3", "\tTab", "\rCR"]


def _tournament(names: list[str]) -> Tournament:
    """Players 1..n; round 1: 1 beats 2, 3 draws 4, ...; an odd last player gets the pairing-allocated bye."""
    t = Tournament.build([Player(i + 1, name) for i, name in enumerate(names)], 1)
    for a in range(1, len(names), 2):
        t.set_game(1, a, a + 1, Kind.WIN if a % 4 == 1 else Kind.DRAW)
    if len(names) % 2:
        t.set_bye(1, len(names), Kind.PAB)
    return t


# ------------------------------------------------------------------------------------------- numbers (finding 1)
@pytest.mark.parametrize("text", ["1e40000000", "9" * 5000, "1e-40000000", "1" + "0" * 30, "1/" + "7" * 5000])
def test_huge_numbers_are_refused_on_their_text(text, monkeypatch):
    # refused before any exact value is made (making it would take minutes): Fraction is never called
    import tiebreak.engine.numbers as numbers

    monkeypatch.setattr(numbers, "Fraction", None)
    with pytest.raises(NumberOutOfRange):
        parse_number(text)


@pytest.mark.parametrize("text", ["²", "1²", "٣", "１", "0x10", "1_000", "nan", "inf", ""])
def test_only_ascii_digits_make_numbers(text):
    # '²' passes str.isdigit(), '٣' and '１' are digits to int(); none is a number in a chess file
    with pytest.raises(NumberError):
        parse_number(text)
    with pytest.raises(NumberError):
        parse_int(text)


def test_numbers_as_files_write_them():
    assert [parse_number(x) for x in ("26,5", "7.50", "-0.5", "1/2", "2.5e1", "0")] == \
        [Fraction(53, 2), Fraction(15, 2), Fraction(-1, 2), Fraction(1, 2), Fraction(25), 0]
    with pytest.raises(NumberError, match="divides by zero"):
        parse_number("1/0")


# ------------------------------------------------------------------------------------- record injection (finding 5)
@pytest.mark.parametrize("via", ["json", "xml", "csv"])
def test_trf_written_from_hostile_names_reads_back_the_same_players(tmp_path, via):
    names = HOSTILE_NAMES
    t = _tournament(names)
    if via == "json":
        source = tmp_path / "in.json"
        source.write_text(chessjson.dumps(t), encoding="utf-8")
    elif via == "csv":
        source = tmp_path / "in.csv"
        rows = crosstable.to_rows(t)  # the names as they are, in quoted cells (newlines inside)
        out = io.StringIO()
        csv.writer(out).writerows(rows)
        source.write_text(out.getvalue(), encoding="utf-8")
    else:
        source = tmp_path / "in.xml"
        players = "".join(f'<player no="{i + 1}" lastname="{_xml_attr(n)}"/>' for i, n in enumerate(names))
        pairings = ('<playerpairing round="1" whiteno="1" blackno="2" reswhite="1" resblack="0"/>'
                    '<playerpairing round="1" whiteno="3" blackno="4" reswhite="0.5" resblack="0.5"/>')
        source.write_text(f'<chessresults><tournamentdata><tournament type="0" rounds="1"/></tournamentdata>'
                          f'<players>{players}</players><playerpairings>{pairings}</playerpairings></chessresults>',
                          encoding="utf-8")
    target = tmp_path / "out.trf"
    readers.convert(source, target)
    back = trf.load(target)
    assert [p.start_no for p in back.players] == list(range(1, len(names) + 1))
    assert back.rounds == 1 and back.entry(1, 1).kind is Kind.WIN
    assert all("\n" not in p.name and "\r" not in p.name for p in back.players)
    assert back.player(1).name.startswith("Ann") and "Evil" in back.player(1).name  # kept, on one line


def _xml_attr(text: str) -> str:
    return "".join(f"&#{ord(c)};" if c in "\n\r\t\u2028<>&\"" else c for c in text)


# ---------------------------------------------------------------------------------- formula injection (finding 6)
def _cells(text: str) -> list[str]:
    return [c for row in csv.reader(io.StringIO(text)) for c in row]


def _live_formula(cell: str) -> bool:
    try:
        parse_number(cell)
        return False  # a number such as -2.5 is data
    except NumberError:
        return cell[:1] in ("=", "+", "-", "@", "\t", "\r")


def test_csv_outputs_hold_no_live_formula():
    t = _tournament(HOSTILE_NAMES)
    s = compute_standings(t, "PTS,SB", lots=False)
    for text in (crosstable.dumps(t), to_csv(s)):
        cells = _cells(text)
        assert not [c for c in cells if _live_formula(c)], text
        assert "'=HYPERLINK(\"http://x\")" in cells and "'@SUM(1)" in cells and "'+1+1" in cells


def test_numbers_in_csv_stay_numbers():
    t = Tournament.build([Player(1, "Ann"), Player(2, "Bob")], 1)
    t.set_game(1, 1, 2, Kind.WIN)
    t.score_system = t.score_system.__class__(loss=Fraction(-1))  # a loss costs a point
    rows = list(csv.reader(io.StringIO(crosstable.dumps(t))))
    assert rows[2][rows[0].index("Points")] == "-1"


# -------------------------------------------------------------------------------------------- XML (finding 7)
def _xml(name: str = "Ann") -> str:
    return ('<chessresults><tournamentdata><tournament type="0" rounds="1"/></tournamentdata><players>'
            f'<player no="1" lastname="{name}"/><player no="2" lastname="Bob"/></players><playerpairings>'
            '<playerpairing round="1" whiteno="1" blackno="2" reswhite="1" resblack="0"/></playerpairings></chessresults>')


def test_utf16_xml_is_read_and_its_dtd_refused():
    plain = chessresults.loads(('<?xml version="1.0" encoding="UTF-16"?>' + _xml()).encode("utf-16"))
    assert [p.name for p in plain.players] == ["Ann", "Bob"]
    hostile = '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE c [<!ENTITY x "Mallory">]>' + _xml("&x;")
    with pytest.raises(InputError, match="DOCTYPE"):
        chessresults.loads(hostile.encode("utf-16"))


def _workbook(sheet: str) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("xl/workbook.xml", '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
                   'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>'
                   '<sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>')
        z.writestr("xl/worksheets/sheet1.xml", sheet)
    return buf.getvalue()


def test_xlsx_dtd_after_4_kb_of_comments_is_refused():
    sheet = ('<!--' + "x" * 5000 + '--><!DOCTYPE w [<!ENTITY e "Mallory">]><worksheet '
             'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">'
             '<c t="inlineStr"><is><t>&e;</t></is></c></row></sheetData></worksheet>')
    with pytest.raises(xlsx.XlsxError, match="DTD"):
        xlsx.read_rows(_workbook(sheet))


@pytest.mark.parametrize("prefix", ["", "x:"])
def test_xlsx_sheet_of_empty_cells_is_refused_while_streaming(monkeypatch, prefix):
    monkeypatch.setattr(xlsx, "MAX_CELL_ELEMENTS", 1000)  # the bound, made small so the test is quick
    ns = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    sheet = (f'<x:worksheet xmlns:x="{ns}" xmlns="{ns}"><x:sheetData><x:row r="1">'
             + f"<{prefix}c/>" * 1001 + "</x:row></x:sheetData></x:worksheet>")
    with pytest.raises(xlsx.XlsxError, match="more than 1,000 cells"):
        xlsx.read_rows(_workbook(sheet))
    ann = '<x:row><x:c t="inlineStr"><x:is><x:t>Ann</x:t></x:is></x:c></x:row><x:row'
    small = sheet.replace("<x:row", ann, 1).replace(f"<{prefix}c/>" * 1001, f"<{prefix}c/>" * 10)
    assert xlsx.read_rows(_workbook(small)) == [["Ann"]]


# ------------------------------------------------------------------------------------- reader crashes (finding 4)
def test_trf_with_players_and_no_rounds_gives_zero_standings():
    t = trf.loads("012 T\n001    1      Ann\n001    2      Bob\n")
    s = compute_standings(t, "PTS,BH", lots=False)
    assert t.rounds == 0 and [r.points for r in s.rows] == [0, 0] and [r.rank for r in s.rows] == [1, 1]


def test_one_sided_pairing_is_completed_and_survives_chess_json():
    # player 1 lists a win against 2 in round 1; 2's line is blank there
    warnings: list = []
    t = trf.loads("012 T\n001    1      Ann" + " " * 74 + "   2 w 1\n001    2      Bob\n", warnings=warnings)
    assert t.entry(2, 1).kind is Kind.LOSS and t.entry(2, 1).opponent == 1
    assert any("blank in that round" in w.message for w in warnings)
    back = chessjson.loads(chessjson.dumps(t))
    assert back.entry(1, 1).kind is Kind.WIN and back.entry(2, 1).kind is Kind.LOSS


def test_chess_json_writer_survives_a_game_only_one_side_holds():
    t = Tournament.build([Player(1, "Ann"), Player(2, "Bob")], 1)
    t.opponent[0, 0], t.kind[0, 0] = 1, Kind.WIN  # built by hand: 2 has nothing that round
    doc = chessjson.to_dict(t)
    game = doc["event"]["tournaments"][0]["gameList"][0]
    assert (game["white"], game["black"], game["wResult"], game["bResult"]) == (1, 2, "W", "L")


@pytest.mark.parametrize("load, text", [
    (crosstable.loads, "No,Name,R1\n1,Ann,1w1\n2,Bob,U\n"),
    (lambda x: trf.loads(x), "012 T\n001    1      Ann" + " " * 74 + "   1 w 1\n001    2      Bob\n"),
    (chessresults.loads, _xml().replace('blackno="2"', 'blackno="1"')),
])
def test_a_player_paired_with_himself_is_refused(load, text):
    with pytest.raises(InputError, match="paired with himself"):
        load(text)


@pytest.mark.parametrize("pairing, message", [('round="0" whiteno="1" blackno="2"', "round 0 is out of range"),
                                              ('round="-2" whiteno="1" blackno="2"', "round -2 is out of range"),
                                              ('round="1" whiteno="0" blackno="-1"', "whiteno 0")])
def test_chess_results_pairings_outside_the_event(pairing, message):
    text = _xml().replace('round="1" whiteno="1" blackno="2"', pairing)
    with pytest.raises(InputError, match=message):
        chessresults.loads(text)


def _json(**change) -> str:
    doc = json.loads(chessjson.dumps(_tournament(["Ann", "Bob"])))
    tour = doc["event"]["tournaments"][0]
    for key, value in change.items():
        if key == "lastName":
            doc["event"]["profiles"][0]["lastName"] = value
            doc["event"]["profiles"][0].pop("fideName", None)
        elif key == "records":
            tour["other"]["tiebreak"]["records"] = value
        else:
            tour[key] = value
    return json.dumps(doc)


def test_chess_json_fields_of_the_wrong_type():
    with pytest.raises(InputError, match="expected a list") as e:
        chessjson.loads(_json(records=5))
    assert e.value.place.field.endswith("other.tiebreak.records")
    assert chessjson.loads(_json(lastName=5)).player(1).name == "5"
    assert chessjson.loads(_json(rankOrder=[{"name": 5}, "SB"])).declared_tiebreaks == ["5", "SB"]
    lone = chessjson.loads(_json(lastName="Ann\ud800"))
    assert lone.player(1).name == "Ann\ufffd"
    assert trf.dumps(lone).encode("utf-8")  # the writer can encode it


def test_chess_json_score_of_10_to_the_30_is_refused():
    with pytest.raises(InputError, match="out of range"):
        chessjson.loads(_json().replace('"gamePoints": 1.0', '"gamePoints": 1' + "0" * 30, 1))


# ------------------------------------------------------------------------------------- silently wrong (finding 10)
def test_cp1251_trf_is_read_as_cyrillic_with_a_warning():
    line = "001    1      " + "Иванов, Пётр".ljust(33) + " 2000\n001    2      Bob\n"
    warnings: list = []
    t = trf.loads(("012 Турнир\n" + line).encode("cp1251"), "a.trf", warnings)
    assert t.name == "Турнир" and t.player(1).name == "Иванов, Пётр"
    assert any("Windows-1251" in w.message for w in warnings)


def test_latin1_trf_stays_latin1_with_a_warning():
    warnings: list = []
    t = trf.loads("012 Café Müller\n001    1      Müller, Jürgen\n".encode("latin-1"), "a.trf", warnings)
    assert t.player(1).name == "Müller, Jürgen" and any("Latin-1" in w.message for w in warnings)


@pytest.mark.parametrize("spec", ["BH/C999", "BH/M999", "ARO/U99999999999999999999", "BH/C" + "9" * 5000])
def test_modifiers_beyond_any_event_are_refused(spec):
    with pytest.raises(SpecifierError, match="out of range"):
        compute_standings(_tournament(["A", "B"]), "PTS," + spec)


def test_cut_beyond_the_rounds_is_refused_and_cut_1_of_one_round_allowed():
    t = _tournament(["A", "B"])
    with pytest.raises(SpecifierError, match="the event has 1 round;"):
        compute_standings(t, "PTS,BH/C2")
    assert compute_standings(t, "PTS,BH/C1", lots=False).rows[0].start_no == 1


@pytest.mark.parametrize("kw", [{"seed": -1}, {"seed": 2**64}, {"unrated_rating": 10**18}, {"unrated_rating": -5}])
def test_seed_and_unrated_rating_are_bounded(kw):
    with pytest.raises(InputError, match="out of range"):
        compute_standings(_tournament(["A", "B"]), "PTS,ARO", **kw)


def test_twenty_thousand_tie_breaks_are_refused():
    with pytest.raises(SpecifierError, match="at most 50"):
        compute_standings(_tournament(["A", "B"]), ",".join(["BH"] * 20000))


def test_size_bounds_refuse_announced_rounds():
    with pytest.raises(InputError, match="out of range"):
        trf.loads("012 T\nXXR 1000\n001    1      Ann\n")
    with pytest.raises(InputError, match="larger than this program accepts"):
        trf.loads("012 T\nXXR 250\n" + "".join(f"001 {i:4d}      P{i}\n" for i in range(1, 501)))
