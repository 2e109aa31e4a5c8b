"""Crosstables kept in spreadsheets, as CSV or ``.xlsx`` (first sheet): one row per player, one column per round.

Columns (header names are case-insensitive): ``No`` (start number; default the row order), ``Name``, optionally
``Rating``, ``Fed``, ``FIDE ID``, ``Points`` (checked, not trusted), then one column per round named ``R1``, ``Rd 1``,
``1`` …  A round cell is ``<opponent><colour><result>`` — ``12w1``, ``7b½``, ``3b=``, ``5w0``, ``9b+`` (forfeit win),
``9w-`` (forfeit loss), ``12w*`` (paired, not yet played: as every face's crosstable writes it; ``?`` and ``X``
read too) — or a bye: ``U``/``PAB`` (pairing-allocated), ``F``/``FPB`` (full point), ``H``/``HPB``/``½``
(half point), ``Z``/``ZPB``/``0`` (zero point), empty (absent).  ``;`` separated files (European spreadsheets) work too.

>>> t = loads("No,Name,R1,R2\\n1,Ann,2w1,3b=\\n2,Bob,1b0,U\\n3,Cy,H,1w=\\n")
>>> [str(t.points(n)) for n in (1, 2, 3)]
['3/2', '1', '1']
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ..engine.errors import InputError, InputWarning, Place
from ..engine.messages import Message
from ..engine.model import MIRROR, NO_OPPONENT, Kind, Player, Tournament, format_number
from ..engine.numbers import MAX_RATING, NumberError, parse_int, parse_number
from . import exports, headings, html_tables, xlsx
from .dates import parse_date
from .files import read_input, write_output
from .text import MAX_FREE_TEXT, MAX_ROUNDS, SafeCsvWriter, check_size, csv_rows, decode, one_line, round_field

_GAME = re.compile(r"^([0-9]{1,7})\s*([wbsnWBSNбчБЧ-])?\s*(1|0|=|½|0[.,]5|1/2|\+|-|W|D|L|X|\?|\*)$")
_RESULT = {"1": Kind.WIN, "0": Kind.LOSS, "=": Kind.DRAW, "½": Kind.DRAW, "0.5": Kind.DRAW, "0,5": Kind.DRAW,
           "1/2": Kind.DRAW, "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS, "W": Kind.WIN_SHORT,
           "D": Kind.DRAW_SHORT, "L": Kind.LOSS_SHORT, "X": Kind.UNKNOWN, "?": Kind.UNKNOWN, "*": Kind.UNKNOWN}
_BYES = {"U": Kind.PAB, "PAB": Kind.PAB, "BYE": Kind.PAB, "F": Kind.FPB, "FPB": Kind.FPB, "H": Kind.HPB,
         "HPB": Kind.HPB, "½": Kind.HPB, "Z": Kind.ZPB, "ZPB": Kind.ZPB, "0": Kind.ZPB, "": Kind.ABSENT,
         "-": Kind.ABSENT}
_ROUND = exports.ROUND
#: chess-results.com's cells for a round without an opponent: ``-1`` a bye of a full point (read as the pairing-allocated
#: bye, the one a crosstable shows most), ``-½`` a half-point bye, ``-0`` a round not paired
_EXPORT_BYES = {"-1": Kind.PAB, "-½": Kind.HPB, "-0.5": Kind.HPB, "-0,5": Kind.HPB, "-0": Kind.ZPB, "-+": Kind.PAB}
#: the colour letters when the export's language is not known: w/b (en), w/s (de), n for black (es, fr), б/ч (ru, uk);
#: ``b`` is black as in English unless the table writes ``n`` for black and never ``w`` (:func:`_colours`)
_COLOURS = {"w": 1, "b": -1, "s": -1, "n": -1, "б": 1, "ч": -1}


def _colours(table: exports.Table, cells: Iterable[str]) -> dict[str, int]:
    """The colour letters of the table's round cells: those of the export's language (chess-results' Spanish and
    French ``b`` is White, blancas/blancs, and ``n`` Black), else, a table that writes ``n`` and no ``w``, b/n; else
    :data:`_COLOURS`.

    >>> t = exports.Table(["Nº", "Nombre", "1.Ronda"], [])
    >>> _colours(t, [])["b"], _colours(exports.Table(["No", "Name", "R1"], []), ["2n1", "1b0"])["b"]
    (1, 1)
    >>> _colours(exports.Table(["No", "Name", "R1"], []), ["2w1", "1b0"])["b"]
    -1
    """
    lang = exports.language(table.header, table.title)
    if lang is not None:
        return exports.COLOUR_LETTERS[lang]
    letters = {m.group(2).lower() for text in cells if (m := _GAME.match(text.replace(" ", ""))) and m.group(2)}
    return exports.COLOUR_LETTERS["es"] if "n" in letters and "w" not in letters else _COLOURS


def load(path: str | Path, warnings: list[InputWarning] | None = None) -> Tournament:
    path = Path(path)
    data = read_input(path)
    if path.suffix.lower() == ".xlsx":
        try:
            rows = xlsx.read_rows(data)
            event = xlsx.read_rows(data, EVENT_SHEET)
        except xlsx.XlsxError as e:
            raise InputError(e.args[0], Place(str(path))) from None
        return with_event(from_rows(rows, str(path), warnings), event, warnings)
    if path.suffix.lower() in (".html", ".htm"):  # a saved page of a crosstable (chess-results)
        return from_rows(_rows(path), str(path), warnings)
    text, _ = decode(data, str(path), warnings)
    return loads(text, str(path), warnings)


def is_export(path: str | Path) -> bool:
    """Whether ``path`` is a program's crosstable export (chess-results: round columns and its credit or its numbered
    tie-break columns): an event ``check`` reads with its own published figures.  A file that cannot be read is
    none."""
    try:
        rows = _rows(Path(path))
    except (InputError, OSError):
        return False
    table = exports.locate(rows)
    return (any(_ROUND.match(h.strip()) for h in table.header)
            and (table.publisher == "Swiss-Manager" or any(exports.positional(h) for h in table.header)))


def _rows(path: Path) -> list[list[str]]:
    """The rows of a CSV, XLSX or HTML file, as :func:`from_rows` reads them."""
    data = read_input(path)
    suffix = path.suffix.lower()
    if suffix == ".xlsx":
        try:
            return xlsx.read_rows(data)
        except xlsx.XlsxError as e:
            raise InputError(e.args[0], Place(str(path))) from None
    if suffix in (".html", ".htm"):
        return html_tables.rows_of(data, str(path))  # the words around the table: title lines, credits
    text, _ = decode(data, str(path), [])
    return csv_rows(text, str(path))


def loads(text: str, source: str = "", warnings: list[InputWarning] | None = None) -> Tournament:
    return from_rows(csv_rows(text, source), source, warnings)


def from_rows(rows: list[list[str]], source: str = "", warnings: list[InputWarning] | None = None) -> Tournament:
    """The tournament of a crosstable given as rows of cell texts (header first); line numbers are row numbers."""
    warnings = warnings if warnings is not None else []
    if not rows or not any(c.strip() for r in rows[:50] for c in r):
        raise InputError("empty file: a header row is needed", Place(source, 1))
    table = exports.locate(rows)  # an export's title lines and footer (chess-results) are left aside
    columns = _columns(table, source)
    check_size(len(table.body), max(columns.rounds.values()), Place(source, table.header_line, None, "header"))
    players: list[Player] = []
    cells: list[_Cells] = []
    for pos, (ln, r) in enumerate(table.body, 1):
        players.append(_player(columns, r, pos, ln, source))
        cells.append((ln, {rnd: (c, _cell(r, c)) for c, rnd in columns.rounds.items()}))
    if len({p.start_no for p in players}) != len(players):
        raise InputError("two rows have the same start number", Place(source, None, None, "No"))
    square = _is_square(cells, players)
    t = Tournament.build(players, (len(players) - 1) | 1 if square else max(columns.rounds.values()), source=source)
    if table.publisher or any(exports.positional(h) for h in table.header):  # a program's export: its own figures
        t.extra["export_rows"] = rows
        t.extra["publisher"] = table.publisher
    _with_details(t, exports.details(table.title))
    if square:
        _read_square(t, cells, players, warnings)
    else:
        _read_rounds(t, cells, _colours(table, (text for _, row in cells for _, text in row.values())))
    _check(t, warnings)
    return t


#: a player's round cells: its line, and round -> (column, cell text)
_Cells = tuple[int, dict[int, tuple[int, str]]]


@dataclass
class _Columns:
    """Which column holds what (0-based; None: no such column): the rounds' (column -> round) and the players'
    fields."""

    rounds: dict[int, int]
    name: int
    no: int | None
    rating: int | None
    fed: int | None
    fide_id: int | None
    points: int | None
    club: int | None
    title: int | None
    sex: int | None
    birth: int | None


def _columns(table: exports.Table, source: str) -> _Columns:
    """The columns of the table's header: a round column for each round in 1..MAX_ROUNDS, a name column needed."""
    header = [h.strip().lower() for h in table.header]
    rounds: dict[int, int] = {}  # column -> round
    for c, h in enumerate(header):
        m = _ROUND.match(h)
        if m:
            rounds[c] = int(m.group(1) or m.group(2))
    names = [c for c, h in enumerate(header) if h in ("name", "player", "имя", "игрок", "гравець", "учасник")
             or headings.role(h) == "name"][:1]
    if max(rounds.values(), default=0) > MAX_ROUNDS or 0 in rounds.values():
        c = next(c for c, r in rounds.items() if not 1 <= r <= MAX_ROUNDS)
        raise InputError(Message("round {} is outside 1..{}", rounds[c], MAX_ROUNDS), Place(source, table.header_line, c + 1,
                                                                                  "header"))
    if not rounds:
        raise InputError("no round columns (R1, R2 ... or 1, 2 ...)", Place(source, table.header_line, None, "header"))
    if not names:
        raise InputError("no Name column", Place(source, table.header_line, None, "header"))

    def column(*keys: str, role: str = "") -> int | None:
        found = next((c for c, h in enumerate(header) if h in keys), None)
        return found if found is not None or not role else next(
            (c for c, h in enumerate(header) if c not in rounds and headings.role(h) == role), None)

    return _Columns(rounds, names[0], column("no", "no.", "#", "start_no", "sno", "№", role="start_no"),
                    column("rating", "elo", "rtg"), column("fed", "federation"), column("fide id", "fide_id", "id"),
                    column("points", "pts", role="points"), column("club", "клуб"), column("title", "tit"),
                    column("sex"), column("birth", "born", "birth date"))


def _cell(row: list[str], c: int | None) -> str:
    """The text of column ``c`` of ``row``, stripped ("" when the row is shorter or there is no such column)."""
    return row[c].strip() if c is not None and c < len(row) else ""


def _player(columns: _Columns, r: list[str], pos: int, ln: int, source: str) -> Player:
    """The player of row ``r`` (the ``pos``-th of the table, on line ``ln``): start number (default ``pos``), rating
    and points checked, the other fields cut to one line."""
    try:
        no = parse_int(_cell(r, columns.no) or str(pos), 1, 10**7)
    except NumberError as e:
        raise InputError(Message("start number: {}", e), Place(source, ln, (columns.no or 0) + 1, "No")) from None
    rating_text = _cell(r, columns.rating)
    try:
        rating = parse_int(rating_text, 0, MAX_RATING) if rating_text else None
    except NumberError as e:
        raise InputError(Message("rating: {}", e), Place(source, ln, _column_number(columns.rating), "Rating")) from None
    pts = _cell(r, columns.points).replace("½", ".5").replace(",", ".")
    pts = "0" + pts if pts.startswith(".") else pts
    try:
        declared = parse_number(pts) if pts else None
    except NumberError as e:
        raise InputError(Message("points: {}", e), Place(source, ln, _column_number(columns.points), "Points")) from None
    return Player(no, one_line(_cell(r, columns.name)), rating or None, federation=one_line(_cell(r, columns.fed)),
                  fide_id=one_line(_cell(r, columns.fide_id)), declared_points=declared, source_line=ln,
                  club=one_line(_cell(r, columns.club)), title=one_line(_cell(r, columns.title))[:3],
                  sex=one_line(_cell(r, columns.sex))[:1].lower(), birth_date=one_line(_cell(r, columns.birth))[:10])


def _cell_place(t: Tournament, ln: int, c: int, rnd: int) -> Place:
    """Where the round ``rnd`` cell of line ``ln``, column ``c`` (from 0) is."""
    return Place(t.source, ln, c + 1, round_field(rnd))


def _read_rounds(t: Tournament, cells: list[_Cells], colours: dict[str, int]) -> None:
    """The round cells of a Swiss crosstable (``colours``: the colour letters of the table's language)."""
    for (ln, row), p in zip(cells, t.players):
        i = t.row(p.start_no)
        for rnd, (c, text) in row.items():  # (a cell's place made for an error alone: 110,000 cells at 9,999 players)
            key = text.upper().replace(" ", "")
            if key in _BYES or text in _BYES:
                t.kind[i, rnd - 1] = _BYES.get(key, _BYES.get(text))
                continue
            if key in _EXPORT_BYES:
                t.kind[i, rnd - 1] = _EXPORT_BYES[key]
                continue
            m = _GAME.match(text.replace(" ", ""))
            if not m:
                raise InputError(Message("round cell {} not understood (e.g. 12w1, 7b½, 3b=, 9w+, H, U)", repr(text)),
                                 _cell_place(t, ln, c, rnd))
            opp = int(m.group(1))
            if opp not in t._row_of:
                raise InputError(Message("opponent {} is not a player of this crosstable", opp), _cell_place(t, ln, c, rnd))
            if opp == p.start_no:
                raise InputError(Message("round {}: player {} is paired with himself", rnd, opp), _cell_place(t, ln, c, rnd))
            t.opponent[i, rnd - 1] = t.row(opp)
            t.colour[i, rnd - 1] = colours.get((m.group(2) or "-").lower(), 0)
            t.kind[i, rnd - 1] = _RESULT[m.group(3).replace(",", ".")]


#: a square crosstable's cell: the result against the player of the column (``*``: the diagonal)
_SQUARE = {"1": Kind.WIN, "0": Kind.LOSS, "½": Kind.DRAW, "=": Kind.DRAW, "0.5": Kind.DRAW, "0,5": Kind.DRAW,
           "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS}


def _is_square(cells: list[_Cells], players: list[Player]) -> bool:
    """A round robin's square crosstable (chess-results' "Starting rank crosstable" of a round robin): one column
    per player, ``*`` on the diagonal."""
    return (len(players) > 1 and all(len(row) == len(players) for _, row in cells)
            and all(row.get(p.start_no, (0, ""))[1] == "*" for (_, row), p in zip(cells, players)))


def _read_square(t: Tournament, cells: list[_Cells], players: list[Player],
                 warnings: list[InputWarning]) -> None:
    """The games of a square crosstable, placed in rounds by the round-robin schedule (the circle of the Berger
    tables): the table does not say in which round or with which colour each game was played."""
    n = len(players)
    order = [p.start_no for p in players] + ([0] if n % 2 else [])  # 0: the free place of an odd number
    schedule: dict[tuple[int, int], int] = {}
    circle = order[:]
    for r in range(len(order) - 1):
        for k in range(len(order) // 2):
            a, b = circle[k], circle[-1 - k]
            schedule[(a, b)] = schedule[(b, a)] = r
        circle = [circle[0], circle[-1], *circle[1:-1]]
    for (ln, row), p in zip(cells, players):
        i = t.row(p.start_no)
        for opp, (c, text) in row.items():
            key = text.replace(" ", "")
            if opp == p.start_no or not key:
                continue
            if key not in _SQUARE:
                raise InputError(Message("cell {} not understood (1, 0, ½, +, -)", repr(text[:20])),
                                 Place(t.source, ln, c + 1, Message("player {}", opp)))
            if opp not in t._row_of:
                raise InputError(Message("column {} is not a player of this crosstable", opp), Place(t.source, ln, c + 1))
            r = schedule[(p.start_no, opp)]
            t.opponent[i, r], t.kind[i, r] = t.row(opp), _SQUARE[key]
    warnings.append(InputWarning("a square crosstable does not say in which round each game was played nor with "
                                 "which colour: the games are placed in rounds by the round-robin schedule, colours "
                                 "unknown (tie-breaks on colours or on the order of rounds cannot be checked)",
                                 Place(t.source)))


def _with_details(t: Tournament, found: dict[str, object]) -> None:
    """``t`` with what an export's title lines say (the start date chooses the rule set by date)."""
    for key, field in (("name", "name"), ("start_date", "start_date"), ("end_date", "end_date"),
                       ("type", "type_text")):
        if key in found:
            setattr(t, field, found[key])
    rounds = found.get("rounds")
    if isinstance(rounds, int) and t.rounds <= rounds <= MAX_ROUNDS:
        t.planned_rounds = rounds


def _column_number(c: int | None) -> int | None:
    """The 1-based column number of a 0-based column index (None: no such column)."""
    return None if c is None else c + 1


def _check(t: Tournament, warnings: list[InputWarning]) -> None:
    for i, p in enumerate(t.players):
        for r in range(t.rounds):
            o = int(t.opponent[i, r])
            if o == NO_OPPONENT:
                continue
            k, back = Kind(int(t.kind[i, r])), Kind(int(t.kind[o, r]))
            if int(t.opponent[o, r]) == NO_OPPONENT and back is Kind.ABSENT and k in MIRROR:
                # the other row is blank that round: its side is filled in from this one
                t.opponent[o, r], t.kind[o, r], t.colour[o, r] = i, MIRROR[k], -int(t.colour[i, r])
                warnings.append(InputWarning(
                    Message("round {}: player {} lists {} as opponent, but {}'s line is blank in that round; {}'s side "
                            "is filled in from {}'s",
                            r + 1, p.start_no, t.players[o].start_no, t.players[o].start_no, t.players[o].start_no, p.start_no),
                    Place(t.source, t.players[o].source_line, None, round_field(r + 1))))
                continue
            if int(t.opponent[o, r]) != i or MIRROR.get(k) != back:
                if k is Kind.FORFEIT_LOSS and back is Kind.FORFEIT_LOSS:
                    t.kind[i, r] = t.kind[o, r] = Kind.DOUBLE_FORFEIT
                    continue
                warnings.append(InputWarning(
                    Message("round {}: {} and {} disagree about their game", r + 1, p.start_no, t.players[o].start_no),
                    Place(t.source, p.source_line, None, round_field(r + 1))))
        if p.declared_points is not None and t.points(p.start_no) != p.declared_points:
            warnings.append(InputWarning(Message("player {}: points column says {} but the results add up to {}; the "
                                                 "results are used",
                                                 p.start_no, format_number(p.declared_points),
                                                 format_number(t.points(p.start_no))),
                                         Place(t.source, p.source_line, None, "Points")))


_CELL_BACK = {Kind.WIN: "1", Kind.LOSS: "0", Kind.DRAW: "=", Kind.WIN_SHORT: "W", Kind.DRAW_SHORT: "D",
              Kind.LOSS_SHORT: "L", Kind.UNKNOWN: "*", Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-",
              Kind.DOUBLE_FORFEIT: "-", Kind.PAB: "U", Kind.FPB: "F", Kind.HPB: "H", Kind.ZPB: "Z", Kind.ABSENT: ""}


#: a row of cells as written: text, or a number (a spreadsheet keeps it a number: points sum and sort)
Row = list[str | int | float]


def _points_cell(x: Fraction) -> str | int | float:
    """Points as a number cell: whole, or a binary fraction (1.5, 2.25) that a float holds exactly; else text."""
    if x.denominator == 1:
        return int(x)
    return float(x) if Fraction(float(x)) == x else format_number(x)


def to_rows(t: Tournament) -> list[Row]:
    """Header and one row per player, as :func:`from_rows` reads them; a game paired and not yet played (the grid's
    or the file's pending pairings) is ``12w*``, as the crosstable of every face writes it."""
    t = t.with_pending_paired()
    club = ["Club"] if any(p.club for p in t.players) else []
    # the player fields a file has beyond those (a title, a sex, a birth date: categories and columns use them)
    more = [(h, f) for h, f in (("Title", "title"), ("Sex", "sex"), ("Birth", "birth_date"))
            if any(getattr(p, f) for p in t.players)]
    rows: list[Row] = [["No", "Name", "Rating", "Fed", *club, *(h for h, _ in more), "FIDE ID", "Points",
                        *(f"R{r + 1}" for r in range(t.rounds))]]
    for i, p in enumerate(t.players):
        cells: list[str] = []
        for r in range(t.rounds):
            k, o = Kind(int(t.kind[i, r])), int(t.opponent[i, r])
            colour = {1: "w", -1: "b"}.get(int(t.colour[i, r]), "-")
            cells.append(f"{t.players[o].start_no}{colour}{_CELL_BACK[k]}" if o >= 0 else _CELL_BACK[k])
        rows.append([p.start_no, p.name, p.rating or "", p.federation, *([p.club] if club else []),
                     *(getattr(p, f) or "" for _, f in more), p.fide_id,
                     _points_cell(t.points(p.start_no)), *cells])
    return rows


def dumps(t: Tournament) -> str:
    """CSV text of the crosstable; a cell that a spreadsheet would run as a formula is written as text."""
    out = io.StringIO()
    SafeCsvWriter(out, lineterminator="\n").writerows(to_rows(t))
    return out.getvalue()


#: the workbook's second sheet: what the crosstable has no column for and the standings depend on (the start date
#: chooses the C.07 edition, the type Swiss or round robin, the file's list the default list)
EVENT_SHEET = "Event"
_EVENT = {"event": "name", "start date": "start_date", "end date": "end_date", "rounds": "planned_rounds",
          "type": "type_text", "type code": "type_code", "tie-breaks": "declared_tiebreaks"}
#: the TRF header records the model does not hold, kept on the event sheet as they were read (a row "City (TRF 022)",
#: the record's text): read back into the records a TRF written from the workbook gives again
RECORD_NAMES = {"022": "City", "032": "Federation", "062": "Players", "072": "Rated players", "082": "Team players",
                "102": "Chief arbiter", "112": "Deputy arbiters", "122": "Time control", "132": "Round dates"}
MAX_RECORD = 4000  # characters of a kept record (a 132 line of round dates is about 10 a round)
_RECORD_ROW = re.compile(r".*\(TRF ([0-9A-Z]{3})\)\s*")
#: records the event sheet holds in rows of their own (the name, the dates, the type, the list, the rounds)
_MODELLED = {"012", "042", "052", "092", "192", "XXR", "202", "212"}


def event_rows(t: Tournament) -> list[Row]:
    """The rows of the event sheet: a name and a value each (the dates as ISO text)."""
    values: list[tuple[str, object]] = [
        ("Event", t.name), ("Start date", t.start_date.isoformat() if t.start_date else ""),
        ("End date", t.end_date.isoformat() if t.end_date else ""), ("Rounds", t.planned_rounds or ""),
        ("Type", t.type_text), ("Type code", t.type_code), ("Tie-breaks", ",".join(t.declared_tiebreaks))]
    rows: list[Row] = [[k, v if isinstance(v, int) else str(v)] for k, v in values if v not in ("", None)]
    for line in t.extra.get("lines", []):
        code = line[:3]
        if code not in _MODELLED and code not in ("013", "310") and line[3:].strip():
            rows.append([f"{RECORD_NAMES.get(code, 'Record')} (TRF {code})", line[4:]])
    return rows


def with_event(t: Tournament, rows: list[list[str]], warnings: list[InputWarning] | None = None) -> Tournament:
    """``t`` with the event sheet's values (as :func:`event_rows` writes them; unknown rows are left alone)."""
    for line, row in enumerate(rows, 1):
        record = _RECORD_ROW.fullmatch(row[0]) if len(row) >= 2 and row[1].strip() else None
        if record is not None:  # a TRF header record kept as it was read (its columns' spaces too)
            t.extra.setdefault("lines", []).append(f"{record.group(1)} {one_line(row[1])[:MAX_RECORD]}")
            continue
        if len(row) < 2 or row[0].strip().lower() not in _EVENT or not row[1].strip():
            continue
        key, text = _EVENT[row[0].strip().lower()], one_line(row[1].strip())
        if key not in ("name", "type_text"):  # a date, a number, a list: read from its start; the texts are bounded
            text = text[:MAX_FREE_TEXT]          # with the other readers' (text.bound_header), with a warning
        value: object = text
        if key.endswith("_date"):
            value = parse_date(text)
        elif key == "planned_rounds":
            value = int(text) if text.isascii() and text.isdigit() and int(text) <= MAX_ROUNDS else None
        elif key == "declared_tiebreaks":
            value = [x.strip() for x in text.split(",") if x.strip()]
        if value is None:
            if warnings is not None:
                warnings.append(InputWarning(Message("{} {} not understood; left out", row[0].strip(), repr(text)),
                                             Place(t.source, line, 2, EVENT_SHEET)))
            continue
        setattr(t, key, value)
    return t


def dump(t: Tournament, path: str | Path, inputs: Iterable[str | Path] = (), force: bool = True) -> None:
    """Write a CSV crosstable, or an ``.xlsx`` workbook when the name ends so (with the event sheet), safely
    (:func:`~tiebreak.formats.files.write_output`)."""
    if Path(path).suffix.lower() == ".xlsx":
        rows, event = to_rows(t), event_rows(t)
        write_output(path, lambda f: xlsx.write_rows(f, rows, more=[(EVENT_SHEET, event)] if event else []),
                     inputs, force)
    else:
        write_output(path, dumps(t), inputs, force)
