"""The TRF reader (TRF-16, TRF-2026, Krause): record by record, the round blocks of all players at once as one array;
see :mod:`tiebreak.formats.trf`."""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from math import lcm

import numpy as np

from ..engine.errors import InputError, InputWarning, Message, Place
from ..engine.model import NO_OPPONENT, Kind, Player, ScoreSystem, Tournament, format_number
from ..engine.numbers import MAX_RATING, NumberError, parse_int
from .dates import parse_date, parse_two_digit_year
from .text import FREE_TEXT, MAX_FREE_TEXT, MAX_ROUNDS, bounded, check_size, one_line, round_field, text_lines
from .trf_players import PLAYER_COLUMNS, PlayerRecords, code_grid, decimal, read_players
from .trf_reread import Line, Rounds, memory_of

FIRST_ROUND_COLUMN = PLAYER_COLUMNS + 1  # 1-based column of the round-1 opponent field (92)
ROUND_STRIDE = 10
#: the warning's identifier when a player's points column and results disagree: the loader drops it for the players
#: whose column it reads (``--points-from column``: then the column is used, not the results)
POINTS_DISAGREE = "player {}: points column says {} but the results add up to {}; the results are used"
#: the warning's identifier when a game is listed by one side only and filled in from it (the crosstable reader's
#: too): the live screen holds back a version that newly says it (a line being written), by this identifier
ONE_SIDED = ("round {}: player {} lists {} as opponent, but {}'s line is blank in that round; {}'s side is filled in "
             "from {}'s")
NAME_WIDTH = 33
_RESULT_KIND = {
    "1": Kind.WIN, "=": Kind.DRAW, "0": Kind.LOSS, "W": Kind.WIN_SHORT, "D": Kind.DRAW_SHORT,
    "L": Kind.LOSS_SHORT, "X": Kind.UNKNOWN, "?": Kind.UNKNOWN, "+": Kind.FORFEIT_WIN,
    "-": Kind.FORFEIT_LOSS, "U": Kind.PAB, "F": Kind.FPB, "H": Kind.HPB, "Z": Kind.ZPB, " ": Kind.ABSENT, "": Kind.ABSENT,
}
# A result that needs an opponent but has none, read as the bye it amounts to (with a warning).
_WITHOUT_OPPONENT = {Kind.WIN: Kind.FPB, Kind.WIN_SHORT: Kind.FPB, Kind.FORFEIT_WIN: Kind.FPB,
                     Kind.DRAW: Kind.HPB, Kind.DRAW_SHORT: Kind.HPB, Kind.UNKNOWN: Kind.HPB,
                     Kind.LOSS: Kind.ZPB, Kind.LOSS_SHORT: Kind.ZPB, Kind.FORFEIT_LOSS: Kind.ABSENT}
#: a bye named as the crosstable's legend and the cards name it (the catalogue's words of a round's kind, context
#: ``kind:FPB``: «бай в очко»), never by its C.07 abbreviation
BYE_NAMES = {Kind.FPB: Message("full-point bye", context="kind:FPB"),
             Kind.HPB: Message("half-point bye", context="kind:HPB"),
             Kind.ZPB: Message("zero-point bye", context="kind:ZPB")}
_COLOUR = {"w": 1, "W": 1, "b": -1, "B": -1, "-": 0, " ": 0, "": 0}

_SCORE_FIELDS_162 = {"W": "win", "D": "draw", "L": "loss", "A": "absence", "P": "pab", "X": "unknown"}
_XXS_FIELDS = {"WW": ("win",), "BW": ("win",), "W": ("win",), "WD": ("draw",), "BD": ("draw",), "D": ("draw",),
               "WL": ("loss",), "BL": ("loss",), "FW": ("forfeit_win",), "FL": ("absence",),
               "ZPB": ("zero_bye",), "HPB": ("half_bye",), "FPB": ("full_bye",), "PAB": ("pab",)}

# Score systems tried, in order, when a file has no 162/XXS record and the points column disagrees with 1-½-0
# (the reference checker infers the system from that column too; spec §1.2).
_CANDIDATE_SYSTEMS = [
    ScoreSystem(pab=Fraction(1, 2)),
    ScoreSystem(pab=Fraction(0)),
    ScoreSystem(win=Fraction(3), draw=Fraction(1)),
    ScoreSystem(win=Fraction(3), draw=Fraction(1), pab=Fraction(1)),
    ScoreSystem(win=Fraction(2), draw=Fraction(1)),
]


_SCORE_VALUE = r"(-?[0-9]+(?:[.,][0-9]+)?)"
#: the round blocks of the players: (line number, text from the round-1 column on)
Rows = list[tuple[int, str]]


def _section(line: str) -> str:
    """The round blocks of a 001 record (from the round-1 column on, trailing spaces cut)."""
    return line[FIRST_ROUND_COLUMN - 1:].rstrip()


class _Header:
    """What the records other than 001 say."""

    def __init__(self) -> None:
        self.name = self.type_text = self.type_code = ""
        self.start_date: datetime.date | None = None
        self.end_date: datetime.date | None = None
        self.planned: int | None = None  # 142 / XXR
        self.score_fields: dict[str, Fraction] = {}  # 162 / XXS
        self.score_source = "default"
        self.tiebreaks: list[str] = []  # 202 / 212
        self.complete = False  # the list is a 212 record's (the whole standing)
        self.extra_lines: list[str] = []
        self.comments: list[str] = []


def _code_table(codes: dict[str, int], missing: int, lower: bool = False) -> np.ndarray:
    """A lookup table from ASCII code point to code (``missing`` for every other character)."""
    table = np.full(128, missing, np.int8)
    for ch, v in codes.items():
        if ch:
            table[ord(ch)] = v
            if lower:
                table[ord(ch.lower())] = v
    return table


_COLOUR_CODE = _code_table(_COLOUR, 99)
#: the other side's kind of a game, by the kind of one side (-1: not a game)
_MIRROR = np.full(len(Kind), -1, np.int16)
for _one, _two in [(Kind.WIN, Kind.LOSS), (Kind.LOSS, Kind.WIN), (Kind.DRAW, Kind.DRAW), (Kind.UNKNOWN, Kind.UNKNOWN),
                   (Kind.WIN_SHORT, Kind.LOSS_SHORT), (Kind.LOSS_SHORT, Kind.WIN_SHORT),
                   (Kind.DRAW_SHORT, Kind.DRAW_SHORT), (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS),
                   (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN)]:
    _MIRROR[_one] = _two
_KIND_CODE = _code_table({ch: int(k) for ch, k in _RESULT_KIND.items()}, -1, lower=True)


class _Reader:
    def __init__(self, text: str, source: str, warnings: list[InputWarning], encoding: str) -> None:
        self.lines = text_lines(text)
        self.source = source
        self.warnings = warnings
        self.encoding = encoding
        self._pending: list[tuple[int, int, int]] = []
        self._declared = np.zeros(0)
        self.memory = memory_of(source)  # the last read of this file, when it is read again and again (live)

    def place(self, line: int, column: int | None = None, field: str = "") -> Place:
        return Place(self.source, line, column, field)

    def warn(self, message: str, line: int | None = None, column: int | None = None, field: str = "") -> None:
        self.warnings.append(InputWarning(message, self.place(line, column, field) if line else Place(self.source)))

    def read(self) -> Tournament:
        records, others, found = self._split()
        header = self._read_header(others, found)
        if found.error is not None:
            raise found.error
        if not records:
            raise InputError("no player records (001) found: is this a TRF file?", Place(self.source))
        self._declared = found.declared
        if self.memory is not None:
            rows = self.memory.sections(records, _section)
        else:
            rows = [(ln, _section(line)) for ln, line in records]
        return self._build(found.players, rows, header)

    def _split(self) -> tuple[list[Line], list[Line], PlayerRecords]:
        """The player records (001), the other lines and the players of the records (all 001 records at once: the
        first bad one is raised in turn, by :meth:`_read_header` or :meth:`read`)."""
        memory = self.memory
        if memory is not None:  # the lines that did not change since the last read are not decoded again
            records, others = memory.split(self.lines)
            return records, others, memory.players(records)
        numbered = list(enumerate(self.lines, 1))
        records = [(ln, line) for ln, line in numbered if line[:3] == "001" and line[3:4] in ("", " ")]
        others = [(ln, line) for ln, line in numbered if line[:3] != "001" or line[3:4] not in ("", " ")]
        return records, others, read_players(records, self.source)

    def _read_header(self, others: list[Line], found: PlayerRecords) -> _Header:
        """The records other than 001, each by the reader of its kind (:data:`_RECORDS`); every line but the name
        (012) and the comments (###) is kept for the writer."""
        header = _Header()
        for ln, line in others:
            if found.error is not None and ln > found.error_line:
                raise found.error  # a bad 001 record before this line
            if not line.strip():
                continue
            if line[3:4] not in ("", " "):  # not a record: a column ruler ("0123456789...") is not record 012
                header.extra_lines.append(line)
                continue
            code = line[:3]
            if code == "###":
                header.comments.append(line)
                continue
            line = self._bounded(code, line, ln)
            record = _RECORDS.get(code)
            if record is not None:
                record(self, header, code, line[4:].rstrip() if len(line) > 4 else "", ln)
            if code != "012":
                header.extra_lines.append(line)
        return header

    def _bounded(self, code: str, line: str, ln: int) -> str:
        """A header record of free text cut to :data:`MAX_FREE_TEXT` characters, with a warning (other records as
        they are).

        >>> r = _Reader("", "t.trf", [], "utf-8")
        >>> len(r._bounded("012", "012 " + "x" * 9600, 1)), r.warnings[0].place.field
        (204, 'event name')
        """
        if code not in FREE_TEXT or len(line) <= 4 + MAX_FREE_TEXT:
            return line
        return line[:4] + bounded(line[4:], Place(self.source, ln, 5, FREE_TEXT[code]), self.warnings)

    def _event_name(self, header: _Header, code: str, value: str, ln: int) -> None:
        """Record 012: the tournament's name."""
        header.name = value.strip()

    def _date(self, header: _Header, code: str, value: str, ln: int) -> None:
        """Records 042 and 052: the start and end dates (a two-digit year read as YY.MM.DD, with a warning)."""
        d = parse_date(value)
        what = "start date" if code == "042" else "end date"
        if d is None and value.strip():
            d = parse_two_digit_year(value)
            if d is not None:
                self.warn(Message("date {} has a two-digit year; read as YY.MM.DD: {}",
                                  repr(value.strip()), d.isoformat()), ln, 5, what)
            else:
                self.warn(Message("date {} not understood (expected YYYY/MM/DD)", repr(value.strip())), ln, 5, what)
        if code == "042":
            header.start_date = d
        else:
            header.end_date = d

    def _event_type(self, header: _Header, code: str, value: str, ln: int) -> None:
        """Records 092 (the type in words) and 192 (its code)."""
        if code == "092":
            header.type_text = value.strip()
        else:
            header.type_code = value.strip()

    def _planned_rounds(self, header: _Header, code: str, value: str, ln: int) -> None:
        """Records 142 and XXR: the number of rounds planned (the largest given)."""
        try:
            header.planned = max(header.planned or 0, parse_int((value.split() or [""])[0], 0, MAX_ROUNDS))
        except NumberError as e:
            raise InputError(Message("number of rounds: {}", e), self.place(ln, 5, "number of rounds")) from None

    def _score_162(self, header: _Header, code: str, value: str, ln: int) -> None:
        """Record 162 (TRF-2026): the points of each result, by letter."""
        for letter, pts in re.findall(r"([WDLAPX])\s*" + _SCORE_VALUE, value):
            header.score_fields[_SCORE_FIELDS_162[letter]] = decimal(pts, self.place(ln, 5, "162"))
        header.score_source = "record 162"

    def _score_xxs(self, header: _Header, code: str, value: str, ln: int) -> None:
        """Record XXS (JaVaFo): the points of each result, by code; a 162 record comes first."""
        if header.score_source == "record 162":
            return
        fields = header.score_fields
        for key, pts_text in re.findall(r"([A-Z]+)\s*=\s*" + _SCORE_VALUE, value):
            pts = decimal(pts_text, self.place(ln, 5, "XXS"))
            for f in _XXS_FIELDS.get(key, ()):
                fields[f] = pts
            if key == "W":
                fields.update(forfeit_win=pts, full_bye=pts)
            elif key == "D":
                fields["half_bye"] = pts
            elif key not in _XXS_FIELDS:
                self.warn(Message("XXS code {} not known; ignored", repr(key)), ln, 5, "XXS")
        header.score_source = "record XXS"

    def _tiebreak_list(self, header: _Header, code: str, value: str, ln: int) -> None:
        """Records 202 and 212: the tie-break list (212's, for the whole standing, before any 202)."""
        if code == "212" or not header.complete:
            header.tiebreaks = [c for c in re.split(r"[,\s]+", value.strip()) if c]
            header.complete = code == "212"

    def _decoded(self, rows: list[Line], rounds: int) -> Rounds:
        """:meth:`_decode_rounds` by a reader of its own: (opponents, kinds, colours, pending games, warnings)."""
        reader = _Reader("", self.source, [], self.encoding)
        opp_no, kind, colour = reader._decode_rounds(rows, rounds)
        return opp_no, kind, colour, reader._pending, reader.warnings

    def _decode_rounds(self, rows: Rows, rounds: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """All round blocks at once: a (players, rounds, 10) array of code points, checked field by field."""
        n = len(rows)
        width = ROUND_STRIDE * rounds
        text = "".join([section.ljust(width)[:width] for _, section in rows])
        cells = code_grid(text, n, width).reshape(n, rounds, ROUND_STRIDE)
        opp_no, colour, kind = self._fields(rows, cells)
        odd = (cells[:, :, 4] != 32) | (cells[:, :, 6] != 32) | (cells[:, :, 8] != 32) | (cells[:, :, 9] != 32)
        for i, r in np.argwhere(odd)[:20]:
            block = rows[i][1][ROUND_STRIDE * r:ROUND_STRIDE * (r + 1)]
            self.warn(Message("round {}: unexpected characters in {}; is the line misaligned?", r + 1, repr(block)),
                      rows[i][0], FIRST_ROUND_COLUMN + ROUND_STRIDE * r, round_field(r + 1))
        kind = kind.astype(np.int8)
        self._byes(rows, opp_no, kind, colour, cells[:, :, 7])
        return opp_no, kind, colour

    def _fields(self, rows: Rows, cells: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The opponent, colour and result fields of the round blocks ``cells`` (players x rounds x 10 code points):
        the opponents' start numbers, the colours and the kinds, the first field that is none of them an error."""
        n, rounds = cells.shape[:2]
        opp_no = np.zeros((n, rounds), np.int64)  # the opponent field, digit by digit (a space counts as 0)
        plain = np.ones((n, rounds), bool)
        for k in range(4):
            char = cells[:, :, k]
            digit = (char >= 48) & (char <= 57)
            plain &= digit | (char == 32)
            opp_no = opp_no * 10 + np.where(digit, char.astype(np.int64) - 48, 0)
        self._fail_at(rows, ~plain, 0, "opponent", lambda b: Message("opponent {} is not a number", repr(b[0:4].strip())))
        c = cells[:, :, 5]
        colour = _COLOUR_CODE[np.where(c < 128, c, 0)]
        colour[c >= 128] = 99
        self._fail_at(rows, colour == 99, 5, "colour", lambda b: Message("colour {} is not w, b or -", repr(b[5])))
        res = cells[:, :, 7]
        kind = _KIND_CODE[np.where(res < 128, res, 0)]
        kind[(res >= 128) | (res == 0)] = -1
        self._fail_at(rows, kind < 0, 7, "result",
                      lambda b: Message("result {} is not a TRF result code (1 = 0 + - W D L H F U Z X)", repr(b[7])))
        return opp_no, colour, kind

    def _byes(self, rows: Rows, opp_no: np.ndarray, kind: np.ndarray, colour: np.ndarray, res: np.ndarray) -> None:
        """Opponents, kinds and colours made to agree, in place: a bye has no opponent, a game result without one is
        the bye it amounts to, a paired game with a blank result (``res``: the result field) is kept as pending."""
        needs = kind <= Kind.DOUBLE_FORFEIT
        has = opp_no > 0
        # a bye code with an opponent number: the opponent is ignored (warned)
        for i, r in np.argwhere(has & ~needs & (kind != Kind.ABSENT)):
            self.warn(Message("round {}: a bye ({}) with opponent {}; the opponent is ignored",
                              r + 1, Kind(int(kind[i, r])).trf_code, int(opp_no[i, r])),
                      rows[i][0], FIRST_ROUND_COLUMN + ROUND_STRIDE * r, round_field(r + 1, "opponent"))
        # a pairing with a colour and a blank result is a game still to be played (kept for `tiebreak odds`)
        self._pending = [(int(r) + 1, int(i), int(opp_no[i, r]))
                         for i, r in np.argwhere(has & (kind == Kind.ABSENT) & (colour == 1) & (res == 32))]
        opp_no[~needs] = 0
        # a game result without an opponent: read as the bye it amounts to ('0000 - -' is a round-robin rest round)
        for i, r in np.argwhere(~has & needs):
            old = Kind(int(kind[i, r]))
            new = _WITHOUT_OPPONENT[old]
            if old is not Kind.FORFEIT_LOSS:
                self.warn(Message("round {}: result {} without an opponent, read as {}", r + 1, repr(old.trf_code),
                                  BYE_NAMES[new]),
                          rows[i][0], FIRST_ROUND_COLUMN + ROUND_STRIDE * r + 7, round_field(r + 1, "result"))
            kind[i, r] = new
        colour[opp_no == 0] = 0

    def _fail_at(self, rows: Rows, bad: np.ndarray, offset: int, field: str, message: Callable[[str], str]) -> None:
        if bad.any():
            i, r = map(int, np.argwhere(bad)[0])
            block = rows[i][1][ROUND_STRIDE * r:ROUND_STRIDE * (r + 1)].ljust(ROUND_STRIDE)
            raise InputError(Message("round {}: {}", r + 1, message(block)),
                             self.place(rows[i][0], FIRST_ROUND_COLUMN + ROUND_STRIDE * r + offset,
                                        round_field(r + 1, field)))

    def _build(self, players: list[Player], rows: Rows, header: _Header) -> Tournament:
        opp_no, kind, colour = self._rounds(players, rows, header.planned)
        start_nos = np.array([p.start_no for p in players], np.int64)
        opponent = self._opponents(start_nos, rows, opp_no)
        self._check_pairs(players, rows, opponent, kind, colour)
        t = Tournament(
            players, opponent, kind, colour, name=header.name, start_date=header.start_date,
            end_date=header.end_date, planned_rounds=header.planned, type_text=header.type_text,
            type_code=header.type_code, declared_tiebreaks=header.tiebreaks,
            declared_tiebreaks_complete=header.complete, source=self.source,
            extra={"lines": header.extra_lines, "comments": header.comments, "encoding": self.encoding})
        known = set(start_nos.tolist())
        t.pending = [(r, players[i].start_no, black) for r, i, black in self._pending if black in known]
        self._score_system(t, header.score_fields)
        self._national_ratings(t)
        return t

    def _rounds(self, players: list[Player], rows: Rows, planned: int | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The round blocks of every player, as many rounds as the longest line holds (or as planned): opponents'
        start numbers, kinds and colours (players x rounds)."""
        longest = max((len(section) for _, section in rows), default=0)
        if longest > ROUND_STRIDE * MAX_ROUNDS:
            ln = max(rows, key=lambda row: len(row[1]))[0]
            raise InputError(Message("the line holds more than {} round", MAX_ROUNDS,
                                     plural="the line holds more than {} rounds", count=MAX_ROUNDS),
                             self.place(ln, FIRST_ROUND_COLUMN, "rounds"))
        rounds = max((longest + ROUND_STRIDE - 1) // ROUND_STRIDE, planned or 0)
        check_size(len(players), rounds, Place(self.source, field="rounds"))
        if self.memory is None:
            return self._decode_rounds(rows, rounds)
        opp_no, kind, colour, self._pending, warned = self.memory.rounds(rows, rounds, self._decoded)
        self.warnings += warned
        return opp_no, kind, colour

    def _opponents(self, start_nos: np.ndarray, rows: Rows, opp_no: np.ndarray) -> np.ndarray:
        """The opponents' rows of the opponents' start numbers ``opp_no`` (0: none), each one a player's (``start_nos``:
        the players', in their rows' order)."""
        lookup = np.full(int(max(start_nos.max(), opp_no.max(initial=0))) + 1, NO_OPPONENT, np.int64)
        lookup[start_nos] = np.arange(len(start_nos))
        opponent = lookup[opp_no]
        opponent[opp_no == 0] = NO_OPPONENT
        bad = (opp_no != 0) & (opponent == NO_OPPONENT)
        if bad.any():
            i, r = map(int, np.argwhere(bad)[0])
            raise InputError(Message("round {}: opponent {} is not a player of this tournament", r + 1, int(opp_no[i, r])),
                             self.place(rows[i][0], FIRST_ROUND_COLUMN + ROUND_STRIDE * r, round_field(r + 1, "opponent")))
        rows_of: np.ndarray = opponent.astype(np.int32)
        return rows_of

    def _national_ratings(self, t: Tournament) -> None:
        """Record 172 (federation code in columns 5-7, method in 9-13) and the NRS records it announces: columns as
        in 001, the link to the 001 record in 5-8, the national rating in 49-52 and the national id in 58-68 (trf.md
        §3)."""
        lines = t.extra["lines"]
        record = next((x for x in lines if x[:3] == "172"), None)
        if record is None:
            return
        fed, method = record[4:7].strip(), record[8:13].strip().upper() or "FIDE"
        if method not in ("FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER"):
            self.warn(Message("rating method {} not known; FIDE ratings are used", repr(method)), None, 9, "rating method")
            method = "FIDE"
        t.rating_method = method
        for x in lines:
            if fed and x[:3] == fed:
                link, rating = x[4:8].strip(), x[48:52].strip()
                if link.isascii() and link.isdigit() and int(link) in t._row_of:
                    i = t.row(int(link))  # a new player: the one read may be shared with the last read (trf_reread)
                    t.players[i] = replace(t.players[i], national_rating=(
                        int(rating) if rating.isascii() and rating.isdigit() and 0 < int(rating) <= MAX_RATING else None),
                        national_id=one_line(x[57:68]).strip())
                else:
                    self.warn(Message("national rating record for unknown player {}", repr(link)), None, 5, "starting rank")

    def _check_pairs(self, players: list[Player], rows: Rows, opponent: np.ndarray, kind: np.ndarray,
                     colour: np.ndarray) -> None:
        """Both sides of a game must name each other, with mirrored results and opposite colours."""
        n, rounds = opponent.shape
        own_row = np.arange(n)[:, None]
        if (opponent == own_row).any():
            i, r = map(int, np.argwhere(opponent == own_row)[0])
            raise InputError(Message("round {}: player {} is paired with himself", r + 1, players[i].start_no),
                             self.place(rows[i][0], FIRST_ROUND_COLUMN + ROUND_STRIDE * r, round_field(r + 1, "opponent")))
        self._complete_one_sided(players, rows, opponent, kind, colour, _MIRROR)
        i_idx, r_idx = np.nonzero(opponent >= 0)
        o_idx = opponent[i_idx, r_idx]
        back = opponent[o_idx, r_idx]
        # both sides '-': a double forfeit
        dbl = (kind[i_idx, r_idx] == Kind.FORFEIT_LOSS) & (back == i_idx) & (kind[o_idx, r_idx] == Kind.FORFEIT_LOSS)
        kind[i_idx[dbl], r_idx[dbl]] = Kind.DOUBLE_FORFEIT
        own = kind[i_idx, r_idx]
        other = kind[o_idx, r_idx]
        wrong_opp = back != i_idx
        # both sides '0' (or 'L'): a played game lost by both (e.g. both defaulted after play): the sides agree
        both_lost = ((own == Kind.LOSS) | (own == Kind.LOSS_SHORT)) & (other == own)
        wrong_res = ~wrong_opp & (_MIRROR[own] != other) & (own != Kind.DOUBLE_FORFEIT) & ~both_lost
        ci, co = colour[i_idx, r_idx], colour[o_idx, r_idx]
        wrong_col = ~wrong_opp & (ci != 0) & (ci == co)
        for mask, what in ((wrong_opp, "opponent"), (wrong_res, "result"), (wrong_col, "colour")):
            for j in np.nonzero(mask)[0]:
                i, r, o = int(i_idx[j]), int(r_idx[j]), int(o_idx[j])
                if what != "opponent" and i > o:
                    continue  # one warning per game
                self.warn(self._disagreement(what, players, i, r, o, int(back[j]), int(own[j]), int(other[j])),
                          rows[i][0], FIRST_ROUND_COLUMN + ROUND_STRIDE * r, round_field(r + 1, what))

    @staticmethod
    def _disagreement(what: str, players: list[Player], i: int, r: int, o: int, back: int, own: int, other: int) -> str:
        """What the two sides of a game in round ``r + 1`` disagree about (``what``: the opponent, the result or the
        colour): player row ``i`` lists row ``o``, who lists row ``back``; their kinds ``own`` and ``other``."""
        a, b = players[i].start_no, players[o].start_no
        if what == "opponent":
            back_no: int | str = players[back].start_no if back >= 0 else Message("nobody")
            return Message("round {}: player {} lists {} as opponent, but {} lists {}", r + 1, a, b, b, back_no)
        if what == "result":
            return Message("round {}: the two sides of game {}-{} disagree ({} vs {}); each side's own line is used",
                           r + 1, a, b, repr(Kind(own).trf_code), repr(Kind(other).trf_code))
        return Message("round {}: players {} and {} both have the same colour", r + 1, a, b)

    def _complete_one_sided(self, players: list[Player], rows: Rows, opponent: np.ndarray, kind: np.ndarray,
                            colour: np.ndarray, mirror: np.ndarray) -> None:
        """A game that only one side lists (the other line is blank that round) is completed from that side, mirrored,
        so every game has two sides (the writers and the engine rely on it)."""
        i_idx, r_idx = np.nonzero(opponent >= 0)
        o_idx = opponent[i_idx, r_idx]
        lonely = (opponent[o_idx, r_idx] == NO_OPPONENT) & (kind[o_idx, r_idx] == Kind.ABSENT)
        for i, r, o in zip(i_idx[lonely].tolist(), r_idx[lonely].tolist(), o_idx[lonely].tolist()):
            if opponent[o, r] != NO_OPPONENT or mirror[kind[i, r]] < 0:
                continue  # a second player listing the same opponent: left to the checks below
            opponent[o, r], kind[o, r], colour[o, r] = i, mirror[kind[i, r]], -colour[i, r]
            a, b = players[i].start_no, players[o].start_no
            self.warn(Message("round {}: player {} lists {} as opponent, but {}'s line is blank in that round; {}'s "
                              "side is filled in from {}'s", r + 1, a, b, b, b, a),
                      rows[o][0], FIRST_ROUND_COLUMN + ROUND_STRIDE * r, round_field(r + 1))

    def _score_system(self, t: Tournament, fields: dict[str, Fraction]) -> None:
        if fields:
            t.score_system = ScoreSystem(**fields)
        declared = self._declared  # the points column as floats (NaN where blank), in the players' order
        if not (declared == declared).any():
            return
        kinds = t.kind.astype(np.int64)

        def mismatches(system: ScoreSystem, first: bool = False) -> list[tuple[int, Fraction, Fraction]]:
            """Players whose points column the results under ``system`` do not give (``first``: stop at one)."""
            points = system.table()
            table = np.array([float(x) for x in points])  # only for a quick screen
            screened = np.flatnonzero(np.abs(table[kinds].sum(axis=1) - declared) > 1e-9)
            # the exact points of the players the screen keeps, in whole units of the system (integers, one pass)
            scale = lcm(2, *(x.denominator for x in points))  # system.scale
            unit_table = np.array([x.numerator * (scale // x.denominator) for x in points], np.int64)
            units = unit_table[kinds[screened]].sum(axis=1)
            out = []
            for i, exact_units in zip(screened.tolist(), units.tolist()):
                d = t.players[i].declared_points
                if d is not None and d.numerator * scale != exact_units * d.denominator:
                    out.append((i, d, Fraction(exact_units, scale)))
                    if first:  # a candidate system that misses one player is out (a live file: 7 s -> 10 ms)
                        break
            return out

        bad = mismatches(t.score_system)
        if bad and not fields:
            for system in _CANDIDATE_SYSTEMS:
                if not mismatches(system, first=True):
                    t.score_system = system
                    self.warnings.append(InputWarning(
                        Message("no score-system record (162); the points column fits {}, which is used", system.describe()),
                        Place(self.source, field="score system")))
                    return
        for i, d, exact in bad:
            p = t.players[i]
            self.warn(Message("player {}: points column says {} but the results add up to {}; the results are used",
                              p.start_no, format_number(d), format_number(exact)), p.source_line, 81, "points")


#: the reader of each header record kind (the others are kept as they are, for the writer)
_RECORDS: dict[str, Callable[[_Reader, _Header, str, str, int], None]] = {
    "012": _Reader._event_name, "042": _Reader._date, "052": _Reader._date, "092": _Reader._event_type,
    "192": _Reader._event_type, "142": _Reader._planned_rounds, "XXR": _Reader._planned_rounds,
    "162": _Reader._score_162, "XXS": _Reader._score_xxs, "202": _Reader._tiebreak_list, "212": _Reader._tiebreak_list,
}
