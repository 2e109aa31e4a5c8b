"""Crosstables kept in spreadsheets, as CSV or ``.xlsx`` (first sheet): one row per player, one column per round.

Columns (header names are case-insensitive): ``No`` (start number; default the row order), ``Name``, optionally
``Rating``, ``Fed``, ``FIDE ID``, ``Points`` (checked, not trusted), then one column per round named ``R1``, ``Rd 1``,
``1`` …  A round cell is ``<opponent><colour><result>`` — ``12w1``, ``7b½``, ``3b=``, ``5w0``, ``9b+`` (forfeit win),
``9w-`` (forfeit loss) — or a bye: ``U``/``PAB`` (pairing-allocated), ``F``/``FPB`` (full point), ``H``/``HPB``/``½``
(half point), ``Z``/``ZPB``/``0`` (zero point), empty (absent).  ``;`` separated files (European spreadsheets) work too.

>>> t = loads("No,Name,R1,R2\\n1,Ann,2w1,3b=\\n2,Bob,1b0,U\\n3,Cy,H,1w=\\n")
>>> [str(t.points(n)) for n in (1, 2, 3)]
['3/2', '1', '1']
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from pathlib import Path

from ..engine.errors import InputError, InputWarning, Place
from ..engine.messages import Message
from ..engine.model import MIRROR, NO_OPPONENT, Kind, Player, Tournament, format_number
from ..engine.numbers import MAX_RATING, NumberError, parse_int, parse_number
from . import xlsx
from .files import read_input, write_output
from .text import MAX_ROUNDS, SafeCsvWriter, check_size, csv_rows, decode, one_line

_GAME = re.compile(r"^([0-9]{1,7})\s*([wbWB-])?\s*(1|0|=|½|0[.,]5|1/2|\+|-|W|D|L|X|\?)$")
_RESULT = {"1": Kind.WIN, "0": Kind.LOSS, "=": Kind.DRAW, "½": Kind.DRAW, "0.5": Kind.DRAW, "0,5": Kind.DRAW,
           "1/2": Kind.DRAW, "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS, "W": Kind.WIN_SHORT,
           "D": Kind.DRAW_SHORT, "L": Kind.LOSS_SHORT, "X": Kind.UNKNOWN, "?": Kind.UNKNOWN}
_BYES = {"U": Kind.PAB, "PAB": Kind.PAB, "BYE": Kind.PAB, "F": Kind.FPB, "FPB": Kind.FPB, "H": Kind.HPB,
         "HPB": Kind.HPB, "½": Kind.HPB, "Z": Kind.ZPB, "ZPB": Kind.ZPB, "0": Kind.ZPB, "": Kind.ABSENT,
         "-": Kind.ABSENT}
_ROUND = re.compile(r"^(?:r|rd|round|тур)?\s*\.?\s*([0-9]{1,7})$", re.I)


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
    text, _ = decode(data, str(path), warnings)
    return loads(text, str(path), warnings)


def loads(text: str, source: str = "", warnings: list[InputWarning] | None = None) -> Tournament:
    dialect = ";" if text.split("\n", 1)[0].count(";") > text.split("\n", 1)[0].count(",") else ","
    return from_rows(csv_rows(text, source, dialect), source, warnings)


def from_rows(rows: list[list[str]], source: str = "", warnings: list[InputWarning] | None = None) -> Tournament:
    """The tournament of a crosstable given as rows of cell texts (header first); line numbers are row numbers."""
    warnings = warnings if warnings is not None else []
    if not rows or not any(c.strip() for c in rows[0]):
        raise InputError("empty file: a header row is needed", Place(source, 1))
    header = [h.strip().lower() for h in rows[0]]
    rounds: dict[int, int] = {}  # column -> round
    for c, h in enumerate(header):
        m = _ROUND.match(h)
        if m:
            rounds[c] = int(m.group(1))
    names = [c for c, h in enumerate(header) if h in ("name", "player", "имя", "игрок", "гравець", "учасник")]
    if max(rounds.values(), default=0) > MAX_ROUNDS or 0 in rounds.values():
        c = next(c for c, r in rounds.items() if not 1 <= r <= MAX_ROUNDS)
        raise InputError(Message("round {} is outside 1..{}", rounds[c], MAX_ROUNDS), Place(source, 1, c + 1, "header"))
    if not rounds:
        raise InputError("no round columns (R1, R2 ... or 1, 2 ...)", Place(source, 1, None, "header"))
    if not names:
        raise InputError("no Name column", Place(source, 1, None, "header"))

    def column(*keys: str) -> int | None:
        return next((c for c, h in enumerate(header) if h in keys), None)

    c_no, c_rating = column("no", "no.", "#", "start_no", "sno", "№"), column("rating", "elo", "rtg")
    c_fed, c_id, c_pts = column("fed", "federation"), column("fide id", "fide_id", "id"), column("points", "pts")
    c_club = column("club", "клуб")
    c_title, c_sex, c_birth = column("title", "tit"), column("sex"), column("birth", "born", "birth date")
    body = [(ln, r) for ln, r in enumerate(rows[1:], 2) if any(x.strip() for x in r)]
    check_size(len(body), max(rounds.values()), Place(source, 1, None, "header"))
    players: list[Player] = []
    cells: list[tuple[int, dict[int, tuple[int, str]]]] = []  # line, round -> (column, cell text)
    for pos, (ln, r) in enumerate(body, 1):
        def get(c: int | None, r: list[str] = r) -> str:
            return r[c].strip() if c is not None and c < len(r) else ""
        try:
            no = parse_int(get(c_no) or str(pos), 1, 10**7)
        except NumberError as e:
            raise InputError(Message("start number: {}", e), Place(source, ln, (c_no or 0) + 1, "No")) from None
        try:
            rating = parse_int(get(c_rating), 0, MAX_RATING) if get(c_rating) else None
        except NumberError as e:
            raise InputError(Message("rating: {}", e), Place(source, ln, _column_number(c_rating), "Rating")) from None
        pts = get(c_pts).replace("½", ".5")
        try:
            declared = parse_number(pts) if pts else None
        except NumberError as e:
            raise InputError(Message("points: {}", e), Place(source, ln, _column_number(c_pts), "Points")) from None
        players.append(Player(no, one_line(get(names[0])), rating or None, federation=one_line(get(c_fed)),
                              fide_id=one_line(get(c_id)), declared_points=declared, source_line=ln,
                              club=one_line(get(c_club)), title=one_line(get(c_title))[:3],
                              sex=one_line(get(c_sex))[:1].lower(), birth_date=one_line(get(c_birth))[:10]))
        cells.append((ln, {rnd: (c, get(c)) for c, rnd in rounds.items()}))
    if len({p.start_no for p in players}) != len(players):
        raise InputError("two rows have the same start number", Place(source, None, None, "No"))
    t = Tournament.build(players, max(rounds.values()), source=source)
    for (ln, row), p in zip(cells, players):
        i = t.row(p.start_no)
        for rnd, (c, text) in row.items():
            place = Place(source, ln, c + 1, f"round {rnd}")
            key = text.upper().replace(" ", "")
            if key in _BYES or text in _BYES:
                t.kind[i, rnd - 1] = _BYES.get(key, _BYES.get(text))
                continue
            m = _GAME.match(text.replace(" ", ""))
            if not m:
                raise InputError(Message("round cell {} not understood (e.g. 12w1, 7b½, 3b=, 9w+, H, U)", repr(text)), place)
            opp = int(m.group(1))
            if opp not in t._row_of:
                raise InputError(Message("opponent {} is not a player of this crosstable", opp), place)
            if opp == p.start_no:
                raise InputError(Message("round {}: player {} is paired with himself", rnd, opp), place)
            t.opponent[i, rnd - 1] = t.row(opp)
            t.colour[i, rnd - 1] = {"w": 1, "b": -1}.get((m.group(2) or "-").lower(), 0)
            t.kind[i, rnd - 1] = _RESULT[m.group(3).replace(",", ".")]
    _check(t, warnings)
    return t


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
                    Place(t.source, t.players[o].source_line, None, f"round {r + 1}")))
                continue
            if int(t.opponent[o, r]) != i or MIRROR.get(k) != back:
                if k is Kind.FORFEIT_LOSS and back is Kind.FORFEIT_LOSS:
                    t.kind[i, r] = t.kind[o, r] = Kind.DOUBLE_FORFEIT
                    continue
                warnings.append(InputWarning(
                    Message("round {}: {} and {} disagree about their game", r + 1, p.start_no, t.players[o].start_no),
                    Place(t.source, p.source_line, None, f"round {r + 1}")))
        if p.declared_points is not None and t.points(p.start_no) != p.declared_points:
            warnings.append(InputWarning(Message("player {}: points column says {} but the results add up to {}; the "
                                                 "results are used",
                                                 p.start_no, format_number(p.declared_points),
                                                 format_number(t.points(p.start_no))),
                                         Place(t.source, p.source_line, None, "Points")))


_CELL_BACK = {Kind.WIN: "1", Kind.LOSS: "0", Kind.DRAW: "=", Kind.WIN_SHORT: "W", Kind.DRAW_SHORT: "D",
              Kind.LOSS_SHORT: "L", Kind.UNKNOWN: "?", Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-",
              Kind.DOUBLE_FORFEIT: "-", Kind.PAB: "U", Kind.FPB: "F", Kind.HPB: "H", Kind.ZPB: "Z", Kind.ABSENT: ""}


#: a row of cells as written: text, or a whole number (a spreadsheet keeps it a number)
Row = list[str | int]


def to_rows(t: Tournament) -> list[Row]:
    """Header and one row per player, as :func:`from_rows` reads them."""
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
                     format_number(t.points(p.start_no)), *cells])
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


def event_rows(t: Tournament) -> list[Row]:
    """The rows of the event sheet: a name and a value each (the dates as ISO text)."""
    values: list[tuple[str, object]] = [
        ("Event", t.name), ("Start date", t.start_date.isoformat() if t.start_date else ""),
        ("End date", t.end_date.isoformat() if t.end_date else ""), ("Rounds", t.planned_rounds or ""),
        ("Type", t.type_text), ("Type code", t.type_code), ("Tie-breaks", ",".join(t.declared_tiebreaks))]
    return [[k, v if isinstance(v, int) else str(v)] for k, v in values if v not in ("", None)]


def with_event(t: Tournament, rows: list[list[str]], warnings: list[InputWarning] | None = None) -> Tournament:
    """``t`` with the event sheet's values (as :func:`event_rows` writes them; unknown rows are left alone)."""
    for line, row in enumerate(rows, 1):
        if len(row) < 2 or row[0].strip().lower() not in _EVENT or not row[1].strip():
            continue
        key, text = _EVENT[row[0].strip().lower()], one_line(row[1].strip())[:200]
        value: object = text
        if key.endswith("_date"):
            from .dates import parse_date

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
