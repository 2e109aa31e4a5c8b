"""The attack corpus of issue 14: small hostile inputs, each run through the command line by tests/test_attacks.py
(in a subprocess with a memory limit and a time limit), which asserts a clear error or a result, never a traceback.

Run by hand: ``python tests/attacks.py`` prints every attack's exit status, time, peak memory and first error line.
Each attack is ``Attack(name, files, argv, expect)``: ``files`` maps a file name to its bytes, ``argv`` is the
command line after ``tiebreak`` (``{d}`` is the folder holding the files), ``expect`` is ``"error"`` (exit 2 with a
``tiebreak: error`` line), ``"ok"`` (exit 0) or ``"clean"`` (either, never a traceback).
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Attack:
    name: str
    #: the files, or what makes them when the attack runs (the 300 MB ones: made at collection, they cost every
    #: test process seconds, for the one test that runs them)
    files: dict[str, bytes] | Callable[[], dict[str, bytes]]
    argv: list[str]
    expect: str = "error"
    finding: int = 0
    check: dict = field(default_factory=dict)  # optional: {"stdout_has": ..., "stdout_lacks": ...}

    def contents(self) -> dict[str, bytes]:
        """The files, made now if they are made on demand."""
        return self.files() if callable(self.files) else self.files


def _trf_line(no: int, name: str, points: str = "", rounds: str = "", rating: str = "") -> str:
    line = f"001 {no:4d}      {name[:33]:<33} {rating:>4}                             {points:>4}"
    return (line.ljust(89) + "  " + rounds).rstrip()


TRF_2 = "012 Two\n" + _trf_line(1, "Ann", "1.0", "   2 w 1") + "\n" + _trf_line(2, "Bob", "0.0", "   1 b 0") + "\n"
CSV_2 = "No,Name,Points,R1\n1,Ann,1,2w1\n2,Bob,0,1b0\n"


def _json_doc(gamepoints="1.0", last_name="Ann", records=None, rank_order=None, games=None) -> bytes:
    doc = {"filetype": "Event", "version": "1.0", "event": {
        "profiles": [{"id": 1, "lastName": last_name, "firstName": ""}, {"id": 2, "lastName": "Bob", "firstName": ""}],
        "tournaments": [{"tournamentNo": 1, "name": "T", "numRounds": 1, "rankOrder": rank_order or ["PTS"],
                         "competitors": [{"cid": 1, "profileId": 1, "gamePoints": "@G@"},
                                         {"cid": 2, "profileId": 2, "gamePoints": 0}],
                         "gameList": games if games is not None else [
                             {"round": 1, "white": 1, "black": 2, "wResult": "W", "bResult": "L", "played": True}],
                         "other": {"tiebreak": {"records": records if records is not None else []}}}]}}
    return json.dumps(doc).replace('"@G@"', gamepoints).encode()


def _xml(pts="1", tb1="", pairing='round="1" whiteno="1" blackno="2" reswhite="1" resblack="0"', prolog="",
         name="Ann") -> bytes:
    return (f'{prolog}<chessresults><tournamentdata><tournament type="0" name="T" rounds="1" tb1no="37"/>'
            f'</tournamentdata><players><player no="1" lastname="{name}" pts="{pts}" tb1="{tb1}"/>'
            f'<player no="2" lastname="Bob" pts="0"/></players>'
            f'<playerpairings><playerpairing {pairing}/></playerpairings></chessresults>').encode()


def _xlsx(sheet_xml: str, lie_size: int | None = None, extra: dict[str, str] | None = None) -> bytes:
    ns = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    parts = {"xl/workbook.xml": f'<workbook xmlns="{ns}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/'
                                '2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
             "xl/worksheets/sheet1.xml": sheet_xml, **(extra or {})}
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in parts.items():
            z.writestr(name, text)
    data = buf.getvalue()
    if lie_size is not None:  # the central directory and the local header claim a small size for the sheet
        data = _lie_about_size(data, "xl/worksheets/sheet1.xml", lie_size)
    return data


def _lie_about_size(data: bytes, name: str, size: int) -> bytes:
    raw = bytearray(data)
    encoded = name.encode()
    # (signature, offset of the name length, offset of the name, offset of the uncompressed size): the central
    # directory entry, then the local header
    for signature, length_at, name_at, size_at in ((b"PK\x01\x02", 28, 46, 24), (b"PK\x03\x04", 26, 30, 22)):
        pos = 0
        while (pos := raw.find(signature, pos)) >= 0:
            n = int.from_bytes(raw[pos + length_at:pos + length_at + 2], "little")
            if raw[pos + name_at:pos + name_at + n] == encoded:
                raw[pos + size_at:pos + size_at + 4] = size.to_bytes(4, "little")
            pos += 4
    return bytes(raw)


def _sheet(rows: list[list[str]]) -> str:
    ns = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    body = "".join(f'<row r="{r + 1}">' + "".join(f'<c t="inlineStr"><is><t>{v}</t></is></c>' for v in row) + "</row>"
                   for r, row in enumerate(rows))
    return f'<worksheet xmlns="{ns}"><sheetData>{body}</sheetData></worksheet>'


def _many_rounds_trf(rounds: int, players: int) -> bytes:
    lines = [f"012 Long\nXXR {rounds}"]
    for i in range(1, players + 1):
        lines.append(_trf_line(i, f"P{i}"))
    return ("\n".join(lines) + "\n").encode()


def attacks() -> list[Attack]:
    huge = "1e40000000"
    digits = "9" * 5000
    A = Attack
    out = [
        # 1. one number that takes minutes to read exactly
        A("csv points 1e40000000", {"a.csv": f"No,Name,Points,R1\n1,Ann,{huge},2w1\n2,Bob,0,1b0\n".encode()},
          ["standings", "{d}/a.csv"], finding=1),
        A("xlsx points 1e40000000", {"a.xlsx": _xlsx(_sheet([["No", "Name", "Points", "R1"], ["1", "Ann", huge, "2w1"],
                                                             ["2", "Bob", "0", "1b0"]]))},
          ["standings", "{d}/a.xlsx"], finding=1),
        A("chess-json gamePoints 1e40000000", {"a.json": _json_doc(huge)}, ["standings", "{d}/a.json"], finding=1),
        A("chess-json gamePoints text 1e40000000", {"a.json": _json_doc(f'"{huge}"')}, ["standings", "{d}/a.json"],
          finding=1),
        A("chess-json 5000-digit integer", {"a.json": _json_doc(digits)}, ["standings", "{d}/a.json"], finding=4),
        A("chess-json score 10^30", {"a.json": _json_doc(str(10**30))}, ["standings", "{d}/a.json"], finding=4),
        A("xml pts 1e40000000", {"a.xml": _xml(pts=huge)}, ["standings", "{d}/a.xml"], finding=1),
        A("xml tb value 1e40000000", {"a.xml": _xml(tb1=huge)}, ["check", "{d}/a.xml"], expect="clean", finding=1),
        A("prize amount 1e40000000", {"a.trf": TRF_2.encode(), "p.csv": f"place,1,{huge}\n".encode()},
          ["prizes", "{d}/a.trf", "--prizes", "{d}/p.csv"], finding=1),
        A("trf 162 with 5000 digits", {"a.trf": ("162  W" + digits + "\n" + TRF_2).encode()},
          ["standings", "{d}/a.trf"], finding=4),
        # 2. memory amplification
        A("xlsx entry lying about its size", lambda: {"a.xlsx": _xlsx(_sheet([["No", "Name", "R1"]]) + " " * (300 * 2**20),
                                                                       lie_size=1000)},
          ["standings", "{d}/a.xlsx"], finding=2),
        A("xlsx part of 300 MB", lambda: {"a.xlsx": _xlsx(_sheet([["No", "Name", "R1"]]) + " " * (300 * 2**20))},
          ["standings", "{d}/a.xlsx"], finding=2),
        A("xlsx sheet of empty cells", lambda: {"a.xlsx": _xlsx(_sheet([["No", "Name", "R1"]]).replace(
            "</sheetData>", '<row r="2">' + "<c/>" * 3_000_000 + "</row></sheetData>"))},
          ["standings", "{d}/a.xlsx"], finding=2),
        A("20000 tie-breaks", {"a.trf": TRF_2.encode()}, ["standings", "{d}/a.trf", "-t", ",".join(["BH"] * 20000)],
          finding=2),
        A("trf announcing 1000 rounds", {"a.trf": _many_rounds_trf(1000, 4000)}, ["standings", "{d}/a.trf"],
          expect="clean", finding=2),
        A("csv with 1000 round columns", {"a.csv": ("No,Name," + ",".join(f"R{r}" for r in range(1, 1001)) + "\n"
                                                    + "".join(f"{i},P{i}" + ",U" * 1000 + "\n" for i in range(1, 80))
                                                    ).encode()},
          ["standings", "{d}/a.csv"], expect="clean", finding=2),
        A("csv at the size bound: 250 rounds, 400 players", {"a.csv": ("No,Name," + ",".join(f"R{r}" for r in range(1, 251))
                                                                 + "\n" + "".join(f"{i},P{i}" + ",U" * 250 + "\n"
                                                                                  for i in range(1, 401))).encode()},
          ["standings", "{d}/a.csv"], expect="ok", finding=2),
        A("trf over the size bound: 250 rounds, 500 players", {"a.trf": _many_rounds_trf(250, 500)},
          ["standings", "{d}/a.trf"], finding=2),
        # 4. tracebacks
        A("huge modifier ARO/U", {"a.trf": TRF_2.encode()}, ["standings", "{d}/a.trf", "-t", "PTS,ARO/U99999999999999999999"],
          finding=4),
        A("huge modifier BH/C digits", {"a.trf": TRF_2.encode()}, ["standings", "{d}/a.trf", "-t", "PTS,BH/C" + digits],
          finding=4),
        A("prize rating<abc", {"a.trf": TRF_2.encode(), "p.csv": b"rating<abc,1,100\n"},
          ["prizes", "{d}/a.trf", "--prizes", "{d}/p.csv"], finding=4),
        A("prize 1/0", {"a.trf": TRF_2.encode(), "p.csv": b"place,1,1/0\n"},
          ["prizes", "{d}/a.trf", "--prizes", "{d}/p.csv"], finding=4),
        A("prize rating<=>1600", {"a.trf": TRF_2.encode(), "p.csv": b"rating<=>1600,1,100\n"},
          ["prizes", "{d}/a.trf", "--prizes", "{d}/p.csv"], finding=4),
        A("prize place superscript", {"a.trf": TRF_2.encode(), "p.csv": "place,²,100\n".encode()},
          ["prizes", "{d}/a.trf", "--prizes", "{d}/p.csv"], finding=4),
        A("trf players, no rounds yet", {"a.trf": ("012 T\nXXR 7\n" + _trf_line(1, "Ann") + "\n" + _trf_line(2, "Bob")
                                                    + "\n").encode()},
          ["standings", "{d}/a.trf"], expect="ok", finding=4),
        A("trf players, no rounds, json", {"a.trf": ("012 T\n" + _trf_line(1, "Ann") + "\n" + _trf_line(2, "Bob")
                                                      + "\n").encode()},
          ["standings", "{d}/a.trf", "-f", "json"], expect="ok", finding=4),
        A("one-sided pairing to chess-json", {"a.trf": ("012 T\n" + _trf_line(1, "Ann", "1.0", "   2 w 1") + "\n"
                                                         + _trf_line(2, "Bob", "0.0") + "\n").encode()},
          ["standings", "{d}/a.trf", "-f", "chess-json"], expect="ok", finding=4),
        A("one-sided pairing convert", {"a.trf": ("012 T\n" + _trf_line(1, "Ann", "1.0", "   2 w 1") + "\n"
                                                   + _trf_line(2, "Bob", "0.0") + "\n").encode()},
          ["convert", "{d}/a.trf", "{d}/out.json"], expect="ok", finding=4),
        A("crosstable player paired with himself", {"a.csv": b"No,Name,R1\n1,Ann,1w1\n2,Bob,U\n"},
          ["standings", "{d}/a.csv"], finding=4),
        A("trf player paired with himself", {"a.trf": ("012 T\n" + _trf_line(1, "Ann", "", "   1 w 1") + "\n"
                                                        + _trf_line(2, "Bob") + "\n").encode()},
          ["standings", "{d}/a.trf"], finding=4),
        A("superscript in trf start number", {"a.trf": TRF_2.replace("001    1", "001    ²").encode()},
          ["standings", "{d}/a.trf"], finding=4),
        A("superscript in trf rating", {"a.trf": ("012 T\n" + _trf_line(1, "Ann", "1.0", "   2 w 1", rating="²")
                                                   + "\n" + _trf_line(2, "Bob", "0.0", "   1 b 0") + "\n").encode()},
          ["standings", "{d}/a.trf"], finding=4),
        A("superscript in trf rank", {"a.trf": (TRF_2.splitlines()[0] + "\n" + TRF_2.splitlines()[1][:85] + "   ²"
                                                + TRF_2.splitlines()[1][89:] + "\n" + TRF_2.splitlines()[2] + "\n"
                                                ).encode()},
          ["standings", "{d}/a.trf"], expect="clean", finding=4),
        A("superscript in csv number", {"a.csv": "No,Name,R1\n²,Ann,2w1\n2,Bob,1b0\n".encode()},
          ["standings", "{d}/a.csv"], finding=4),
        A("superscript in csv rating", {"a.csv": "No,Name,Rating,R1\n1,Ann,²,2w1\n2,Bob,,1b0\n".encode()},
          ["standings", "{d}/a.csv"], finding=4),
        A("superscript in csv round cell", {"a.csv": "No,Name,R1\n1,Ann,²w1\n2,Bob,1b0\n".encode()},
          ["standings", "{d}/a.csv"], finding=4),
        A("superscript in pgn elo", {"a.pgn": '[Round "1"]\n[White "A"]\n[Black "B"]\n[WhiteElo "²"]\n[Result "1-0"]\n'
                                              .encode()}, ["standings", "{d}/a.pgn"], expect="clean", finding=4),
        A("superscript in pgn round", {"a.pgn": '[Round "²"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n'.encode()},
          ["standings", "{d}/a.pgn"], finding=4),
        A("5000-digit pgn round", {"a.pgn": f'[Round "{digits}"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n'.encode()},
          ["standings", "{d}/a.pgn"], finding=4),
        A("superscript in xml number", {"a.xml": _xml(pairing='round="1" whiteno="²" blackno="2" reswhite="1" '
                                                              'resblack="0"')}, ["standings", "{d}/a.xml"], finding=4),
        A("5000-digit xml number", {"a.xml": _xml(pairing=f'round="{digits}" whiteno="1" blackno="2" reswhite="1"')},
          ["standings", "{d}/a.xml"], finding=4),
        A("csv 5000-digit start number", {"a.csv": f"No,Name,R1\n{digits},Ann,U\n2,Bob,U\n".encode()},
          ["standings", "{d}/a.csv"], finding=4),
        A("csv points 1/0", {"a.csv": b"No,Name,Points,R1\n1,Ann,1/0,2w1\n2,Bob,0,1b0\n"},
          ["standings", "{d}/a.csv"], finding=4),
        A("xml pairing round 0", {"a.xml": _xml(pairing='round="0" whiteno="1" blackno="2" reswhite="1" resblack="0"')},
          ["standings", "{d}/a.xml"], finding=4),
        A("xml pairing round -3", {"a.xml": _xml(pairing='round="-3" whiteno="1" blackno="2" reswhite="1"')},
          ["standings", "{d}/a.xml"], finding=4),
        A("xml pairing whiteno 0", {"a.xml": _xml(pairing='round="1" whiteno="0" blackno="-1" reswhite="1"')},
          ["standings", "{d}/a.xml"], finding=4),
        A("chess-json records: 5", {"a.json": _json_doc(records=5)}, ["standings", "{d}/a.json"], expect="clean",
          finding=4),
        A("chess-json numeric lastName", {"a.json": _json_doc(last_name=5)}, ["standings", "{d}/a.json"],
          expect="clean", finding=4),
        A("chess-json rankOrder name 5", {"a.json": _json_doc(rank_order=[{"name": 5}])}, ["standings", "{d}/a.json"],
          expect="clean", finding=4),
        A("chess-json game round text", {"a.json": _json_doc(games=[{"round": "1", "white": 1, "black": 2}])},
          ["standings", "{d}/a.json"], finding=4),
        A("chess-json lone surrogate", {"a.json": _json_doc(last_name="\ud800")}, ["standings", "{d}/a.json"],
          expect="clean", finding=4),
        A("chess-json lone surrogate to trf", {"a.json": _json_doc(last_name="\ud800")},
          ["convert", "{d}/a.json", "{d}/out.trf"], expect="clean", finding=4),
        A("chess-json lone surrogate to csv", {"a.json": _json_doc(last_name="\ud800")},
          ["standings", "{d}/a.json", "-f", "csv"], expect="clean", finding=4),
        A("seed -1", {"a.trf": TRF_2.encode()}, ["standings", "{d}/a.trf", "--seed", "-1"], finding=4),
        A("seed 5000 digits", {"a.trf": TRF_2.encode()}, ["standings", "{d}/a.trf", "--seed", digits], finding=4),
        # a missing folder is made (formats.files.write_output); a folder that is a file cannot be
        A("unwritable convert target", {"a.trf": TRF_2.encode()}, ["convert", "{d}/a.trf", "{d}/a.trf/dir/out.json"],
          finding=4),
        A("unwritable --out", {"a.trf": TRF_2.encode(), "f": b""}, ["standings", "{d}/a.trf", "--out", "{d}/f/x"],
          expect="clean", finding=4),
        # 7. XML guard bypass
        A("utf-16 xml with an entity", {"a.xml": ('<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE c [<!ENTITY x "X">]>'
                                                  + _xml(name="&x;").decode()).encode("utf-16")},
          ["standings", "{d}/a.xml"], finding=7),
        A("xlsx DTD after 4 KB of comments", {"a.xlsx": _xlsx("<!--" + "c" * 5000 + '--><!DOCTYPE w [<!ENTITY x "Y">]>'
                                                              + _sheet([["No", "Name", "R1"], ["1", "&x;", "U"]]))},
          ["standings", "{d}/a.xlsx"], finding=7),
        # 10. silently wrong
        A("unrated rating 1e18", {"a.trf": TRF_2.encode()},
          ["standings", "{d}/a.trf", "--unrated-rating", "1000000000000000000"], finding=10),
        A("BH/C999", {"a.trf": TRF_2.encode()}, ["standings", "{d}/a.trf", "-t", "PTS,BH/C999"], finding=10),
        A("BH/M999", {"a.trf": TRF_2.encode()}, ["standings", "{d}/a.trf", "-t", "PTS,BH/M999"], finding=10),
        A("varma short list", {"v.csv": "Ann, AUS\nAnn, AUS\nBob, NZL\nCy, FIJ\n".encode()},
          ["varma", "{d}/v.csv", "--seed", "1"], finding=10),
        A("varma seed -1", {"v.csv": "".join(f"P{i}, F{i}\n" for i in range(10)).encode()},
          ["varma", "{d}/v.csv", "--seed", "-1"], finding=4),
        A("BH/C5 on a one-round event", {"a.trf": TRF_2.encode()}, ["standings", "{d}/a.trf", "-t", "PTS,BH/C5"],
          finding=10),
        A("varma duplicate names refused", {"v.csv": "".join(f"P{i % 9}, F{i}\n" for i in range(10)).encode()},
          ["varma", "{d}/v.csv", "--seed", "1"], finding=10),
        A("berger players 5000 digits", {}, ["berger", digits], finding=4),
        A("ratings K -5", {"a.trf": TRF_2.encode()}, ["ratings", "{d}/a.trf", "--k", "-5"], finding=4),
        A("playoffs place superscript", {"a.trf": TRF_2.encode()}, ["playoffs", "{d}/a.trf", "--places", "²"], finding=4),
        A("playoffs after -3", {"a.trf": TRF_2.encode()}, ["playoffs", "{d}/a.trf", "--after", "-3"], finding=4),
        # the pairing programs' files (issue 27)
        A("swt header claims 65535 players", {"a.swt": _swt(players=65535, rounds=250)}, ["standings", "{d}/a.swt"]),
        A("swt shorter than its header", {"a.swt": b"\xff" * 100}, ["standings", "{d}/a.swt"]),
        A("sce not a database", {"a.sce": b"SQLite format 3\x00" + b"\x00" * 200}, ["standings", "{d}/a.sce"]),
        A("sce with no tables", {"a.sce": _sqlite([])}, ["standings", "{d}/a.sce"]),
        A("sce tournament id as text", {"a.sce": _sqlite(["CREATE TABLE tournament (id, name)",
                                                           "INSERT INTO tournament VALUES ('x', 'T')"])},
          ["standings", "{d}/a.sce"]),
        A("sce 30,000 tournaments listed", {"a.sce": _sqlite(["CREATE TABLE tournament (id INTEGER, name)",
                                                              "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 "
                                                              "FROM n WHERE i < 30000) INSERT INTO tournament "
                                                              "SELECT i, 'T' || i FROM n"])},
          ["standings", "{d}/a.sce"]),
        A("papi not an access file", {"a.papi": b"Standard Jet DB" + b"\x00" * 300}, ["standings", "{d}/a.papi"]),
        # Swiss-Manager (issue 35): counts larger than the file, a file cut short, one named as a TRF
        A("tunx claims 65535 players", {"a.TUNX": _tunx(players=65535)}, ["standings", "{d}/a.TUNX"]),
        A("tunx claims 65535 games a round", {"a.TUNX": _tunx(games=65535)}, ["standings", "{d}/a.TUNX"]),
        A("tunx text of 65535 units", {"a.TUNX": _tunx(text=65535)}, ["standings", "{d}/a.TUNX"]),
        A("tunx cut short", {"a.trf": _tunx()[:-40]}, ["standings", "{d}/a.trf"]),
    ]
    return out + round_two() + round_three_server()


def _tunx(players: int = 0, games: int = 0, text: int = 0) -> bytes:
    """A small Swiss-Manager file (tests/smfile.py) with a count set to ``players``, a round's ``games`` or the first
    player's name's length ``text``, whatever the file holds."""
    import struct

    from smfile import make

    data = bytearray(make(0, [{"last": "Ann"}, {"last": "Bob"}], [[(1, 2, 1)]]))
    config = data.index(b"\x95\xff\x89\x44")
    rounds, people = struct.unpack_from("<II", data, len(data) - 32)
    if players:
        struct.pack_into("<H", data, config + 23, players)
    if games:
        struct.pack_into("<H", data, rounds + 4 + 12 + 15 * 2 + 6, games)  # after the texts "10:00" and 15 empty ones
    if text:
        struct.pack_into("<H", data, people + 4, text)
    return bytes(data)


#: a game both players won: the TRF reader takes each side's line, Chess-JSON refuses it
TRF_BOTH_WON = "012 T\n" + _trf_line(1, "Ann", "1.0", "   2 w 1") + "\n" + _trf_line(2, "Bob", "1.0", "   1 b 1") + "\n"


def encoding_files() -> dict[str, dict[str, bytes]]:
    """Files whose XML declares an encoding the parser cannot read (issue 24, finding 5), by attack name."""
    rows = _sheet([["No", "Name", "R1"], ["1", "Ann", "U"], ["2", "Bob", "U"]])
    return {
        "xml unknown encoding declaration": {"a.xml": _xml(prolog='<?xml version="1.0" encoding="x-bogus"?>')},
        "xml utf-32 encoding declaration": {"a.xml": _xml(prolog='<?xml version="1.0" encoding="utf-32"?>')},
        "xml rot13 encoding declaration": {"a.xml": _xml(prolog='<?xml version="1.0" encoding="rot13"?>')},
        "xlsx sheet unknown encoding": {"a.xlsx": _xlsx('<?xml version="1.0" encoding="x-bogus"?>' + rows)},
        "xlsx workbook utf-7 encoding": {"a.xlsx": _xlsx(rows, extra={
            "xl/workbook.xml": '<?xml version="1.0" encoding="utf-7"?><workbook/>'})},
        "xlsx shared strings idna encoding": {"a.xlsx": _xlsx(rows, extra={
            "xl/sharedStrings.xml": '<?xml version="1.0" encoding="idna"?><sst/>'})},
    }


def round_two() -> list[Attack]:
    """The attacks of the second review (issue 24) that the command line can run."""
    out = []
    for name, files in encoding_files().items():
        path = "{d}/" + next(iter(files))
        out.append(Attack(name, files, ["standings", path], finding=5))
        out.append(Attack(name + ", check", files, ["check", path], expect="clean", finding=5))
    out += [
        Attack("published standings xlsx unknown encoding", {"a.trf": TRF_2.encode(), "p.xlsx": _xlsx(
            '<?xml version="1.0" encoding="x-bogus"?>' + _sheet([["Rk", "SNo", "Name", "Pts"], ["1", "1", "Ann", "1"]]))},
            ["check", "{d}/a.trf", "--published", "{d}/p.xlsx"], finding=5),
        Attack("convert a game both players won to chess-json", {"a.trf": TRF_BOTH_WON.encode()},
               ["convert", "{d}/a.trf", "{d}/out.json"], finding=9),
        Attack("convert a game both players won to trf", {"a.trf": TRF_BOTH_WON.encode()},
               ["convert", "{d}/a.trf", "{d}/out.trf"], expect="clean", finding=9),
    ]
    return out


def round_three_server() -> list[Attack]:
    """The attacks of the third review (issue 34) on ``serve``: a broken history database beside the watched file
    gets a one-line error naming the problem and how to start afresh, never a traceback (finding 9)."""
    serve = ["serve", "--watch", "{d}/open.trf", "--port", "0"]
    histories = {
        "history not a database": b"this is not a database\n" * 50,
        "history table made by hand without document": _sqlite(
            ["CREATE TABLE live_versions (id INTEGER PRIMARY KEY, event TEXT, version INTEGER)"]),
        "history at an unknown migration revision": _sqlite(
            ["CREATE TABLE tiebreak_live_version (version_num VARCHAR(32) NOT NULL PRIMARY KEY)",
             "INSERT INTO tiebreak_live_version VALUES ('9999')"]),
    }
    return [Attack(name, {"open.trf": TRF_2.encode(), "tiebreak-live.sqlite": data}, serve,
                   check={"stderr_has": "tiebreak-live.sqlite away to start a new history"}, finding=9)
            for name, data in histories.items()]


#: the arbiter's token of the live attacks' server
LIVE_TOKEN = "arbiter-token-of-the-attacks"


def live_attacks() -> list[tuple[str, str, str, dict, int]]:
    """The live endpoints' attacks (issue 24): (name, method, path, the request's parts for ``httpx``, the status
    expected), against a server watching ``open.trf`` with the token :data:`LIVE_TOKEN`.  Each is answered at once
    with a clean error in the API's one shape."""
    long = "x" * 60_000  # a long query value (the server's request line takes about 64 KB)
    arbiter = {"authorization": f"Bearer {LIVE_TOKEN}"}
    as_json = arbiter | {"content-type": "application/json"}
    out: list[tuple[str, str, str, dict, int]] = []
    for path in ("/api/live", "/api/live/crosstable", "/api/live/history", "/api/live/events"):
        out += [(f"{path} very long event", "GET", path, {"params": {"event": long}}, 400),
                (f"{path} unknown event", "GET", path, {"params": {"event": "../../etc/passwd"}}, 404)]
    out += [
        ("live very long lang", "GET", "/api/live", {"params": {"lang": long}}, 400),
        ("history player of 400 digits", "GET", "/api/live/history", {"params": {"player": "9" * 400}}, 400),
        ("history player -1", "GET", "/api/live/history", {"params": {"player": "-1"}}, 400),
        ("history player not a number", "GET", "/api/live/history", {"params": {"player": "1e9"}}, 400),
        ("settings body not JSON", "POST", "/api/live/settings", {"content": b"not json", "headers": as_json}, 400),
        ("settings body a JSON list", "POST", "/api/live/settings", {"json": [], "headers": arbiter}, 400),
        ("settings body nested 100,000 deep", "POST", "/api/live/settings",
         {"content": b"[" * 100_000 + b"]" * 100_000, "headers": as_json}, 400),
        ("settings body not UTF-8", "POST", "/api/live/settings", {"content": b"\xff\xfe" * 1000, "headers": as_json},
         400),
        ("settings tie-break list of 300 KB", "POST", "/api/live/settings",
         {"json": {"event": "open.trf", "tiebreaks": "BH," * 100_000}, "headers": arbiter}, 400),
        ("settings rules very long", "POST", "/api/live/settings",
         {"json": {"event": "open.trf", "rules": long}, "headers": arbiter}, 400),
        ("settings published not a boolean", "POST", "/api/live/settings",
         {"json": {"event": "open.trf", "published": long}, "headers": arbiter}, 400),
        ("settings unknown event", "POST", "/api/live/settings", {"json": {"event": "nope.trf"}, "headers": arbiter},
         404),
        ("republish very long event", "POST", "/api/live/republish", {"json": {"event": long}, "headers": arbiter}, 400),
        ("republish unknown event", "POST", "/api/live/republish", {"json": {"event": "nope.trf"}, "headers": arbiter},
         404),
        ("republish a token of 60 KB", "POST", "/api/live/republish",
         {"json": {"event": "open.trf"}, "headers": {"authorization": "Bearer " + long}}, 401),
        ("republish 3 MB of JSON objects", "POST", "/api/live/republish",
         {"content": b'{"event": "x"}' * 200_000, "headers": as_json}, 400),
        ("arbiter very long lang", "GET", "/api/live/arbiter", {"params": {"lang": long}, "headers": arbiter}, 400),
    ]
    return out


def _swt(players: int, rounds: int) -> bytes:
    """A Swiss-Chess header that claims ``players`` and ``rounds`` (16-bit little-endian at offsets 7 and 1)."""
    data = bytearray(13_384)
    data[1:3], data[5:7], data[7:9] = rounds.to_bytes(2, "little"), rounds.to_bytes(2, "little"), \
        players.to_bytes(2, "little")
    return bytes(data)


def _sqlite(statements: list[str]) -> bytes:
    """An SQLite database made by ``statements`` (its bytes)."""
    import sqlite3
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "a.sqlite"
        with sqlite3.connect(path) as c:
            c.execute("CREATE TABLE metadata (version)")
            for sql in statements:
                c.execute(sql)
        c.close()
        return path.read_bytes()


if __name__ == "__main__":  # pragma: no cover - a hand run
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from test_attacks import run_attack

    for a in attacks():
        r = run_attack(a)
        first = (r.stderr.strip().splitlines() or [""])[-1][:110]
        print(f"{r.returncode:>3} {r.seconds:6.2f}s {r.peak_mb:7.0f} MB  {a.name:40} {first}")
