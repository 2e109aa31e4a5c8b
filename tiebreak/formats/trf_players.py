"""TRF player records (001): the fixed columns of every record decoded at once, as arrays.

The records are laid side by side in one character grid (players x 91 columns, code points); each number field is a
block of columns, checked and converted for all players in a few array operations; the text fields are sliced.  A
record the fast checks cannot vouch for (a character outside digits and spaces in a number field, a control character
anywhere, a points text that is not a number, a missing start number) goes through :func:`player_record`, the
field-by-field reading, which gives the very same result or names the line, column and field of the problem.

>>> ann = f"001 {1:4} m{'GM':>3} {'Ann':33} {2700:4} FRA {1234567:11} 1990/01/01 {'1.5':>4} {1:4}"
>>> found = read_players([(2, ann), (3, "001    2      Bob")], "a.trf")
>>> [(p.start_no, p.name, p.rating, p.title, p.federation, p.declared_points, p.declared_rank) for p in found.players]
[(1, 'Ann', 2700, 'GM', 'FRA', Fraction(3, 2), 1), (2, 'Bob', None, '', '', None, None)]
>>> print(read_players([(2, "001    1      Ann"), (5, "001    1      Bob")], "a.trf").error)
a.trf, line 5, column 5 (starting rank): start number 1 is used twice (first on line 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from ..engine.errors import InputError, Place
from ..engine.messages import Message, Term
from ..engine.model import Player
from ..engine.numbers import NumberError, parse_number
from .text import one_line

#: the columns before the round blocks (the round-1 opponent field starts at column 92)
PLAYER_COLUMNS = 91
_SPACE, _ZERO, _NINE = 32, 48, 57


def decimal(text: str, place: Place) -> Fraction:
    """A decimal number of the file (``7.5``, ``7,5``), or an InputError at ``place``."""
    try:
        return parse_number(text, fractions=False)
    except NumberError as e:
        raise InputError(e.args[0], place) from None


def code_grid(text: str, rows: int, width: int) -> np.ndarray:
    """``text`` (``rows`` lines of ``width`` characters, joined) as a rows x width array of code points: one byte a
    character when the text is ASCII, else four (a lone surrogate is kept as its code point, never an exception)."""
    if text.isascii():
        return np.frombuffer(text.encode("ascii"), np.uint8).reshape(rows, width)
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), "<u4").reshape(rows, width)


def player_record(line: str, ln: int, source: str, points: dict[str, Fraction]) -> Player:
    """One 001 record read field by field (``points``: the points texts read so far and their values)."""
    def num(a: int, b: int, field: str) -> int | None:
        s = line[a - 1:b].strip()
        if not s:
            return None
        if not (s.isascii() and s.isdigit()):
            raise InputError(Message("{} {} is not a number", Term(field), repr(s)), Place(source, ln, a, field))
        return int(s)

    start = num(5, 8, "starting rank")
    if start is None or start == 0:
        raise InputError("missing starting-rank number", Place(source, ln, 5, "starting rank"))
    rating = num(49, 52, "rating")
    pts_text = line[80:84].strip()
    declared = None
    if pts_text:
        declared = points.get(pts_text)
        if declared is None:
            declared = points[pts_text] = decimal(pts_text, Place(source, ln, 81, "points"))
    rank_text = line[85:89].strip()
    return Player(
        start_no=start, name=one_line(line[14:47]).strip(), rating=rating or None, sex=line[9:10].strip(),
        title=_title(line[10:13].strip()), federation=line[53:56].strip(), fide_id=line[57:68].strip(),
        birth_date=line[69:79].strip(), declared_points=declared,
        declared_rank=int(rank_text) if rank_text.isascii() and rank_text.isdigit() else None, source_line=ln)


#: the title codes of TRF files before 2006 (small letters, as the FIDE reference checker reads them too:
#: ../shared/spec/trf.md, the 001 record's columns 11-13), written as every face writes a title
OLD_TITLES = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM", "wc": "WCM"}


def _title(code: str) -> str:
    """A 001 record's title: an old code (``g``, ``wm``) as the title it stands for (``GM``, ``WIM``), any other as
    written.

    >>> _title("g"), _title("wm"), _title("IM"), _title("")
    ('GM', 'WIM', 'IM', '')
    """
    return OLD_TITLES.get(code, code)


class PlayerRecords:
    """The players of the 001 records in file order, up to the first record in error (``error``, raised by the
    reader when it comes to that line); ``declared``: each player's points column as a float (NaN where blank), for
    quick screening only.  (A plain class: a dataclass costs start-up time to build.)"""

    def __init__(self, players: list[Player], declared: np.ndarray, error: InputError | None, error_line: int) -> None:
        self.players, self.declared, self.error, self.error_line = players, declared, error, error_line


def _number_field(block: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A right-aligned number field of every player: its value, whether it is plainly digits amid spaces (one run of
    digits), and whether it is blank (column by column: a field is four characters wide)."""
    n, width = block.shape
    value = np.zeros(n, np.int64)
    plain = np.ones(n, bool)
    runs = np.zeros(n, np.int8)
    before = np.zeros(n, bool)  # the character before is a digit
    for k in range(width):
        char = block[:, k]
        digit = (char >= _ZERO) & (char <= _NINE)
        value = np.where(digit, value * 10 + char.astype(np.int64) - _ZERO, value)
        plain &= digit | (char == _SPACE)
        runs += digit & ~before
        before = digit
    return value, plain & (runs <= 1), runs == 0


def _texts(lines: list[str], a: int, b: int) -> list[str]:
    """Columns ``a+1``..``b`` of every record, stripped (a plain loop: quicker than any array strip for a small
    event, as quick for 10,000 players)."""
    return [line[a:b].strip() for line in lines]


def read_players(rows: Sequence[tuple[int, str]], source: str) -> PlayerRecords:
    """The players of the 001 records ``rows`` ((line number, text) in file order)."""
    n = len(rows)
    lines = [line for _, line in rows]
    grid = code_grid("".join([line[:PLAYER_COLUMNS].ljust(PLAYER_COLUMNS) for line in lines]), n, PLAYER_COLUMNS)
    # control characters (one_line's set: C0, DEL, C1, line separators, surrogates) are left to player_record
    odd = (grid < _SPACE) | ((grid >= 0x7F) & (grid <= 0x9F))
    if grid.dtype != np.uint8:
        odd |= (grid == 0x2028) | (grid == 0x2029) | ((grid >= 0xD800) & (grid <= 0xDFFF))
    suspect = odd.any(axis=1)
    start, plain_start, _ = _number_field(grid[:, 4:8])
    rating, plain_rating, _ = _number_field(grid[:, 48:52])
    rank, plain_rank, blank_rank = _number_field(grid[:, 85:89])
    suspect |= ~plain_start | (start == 0) | ~plain_rating | ~plain_rank
    points: dict[str, Fraction] = {}
    point_texts = _texts(lines, 80, 84)
    bad_points = set()
    for text in set(point_texts):
        if text:
            try:
                points[text] = decimal(text, Place(source))
            except InputError:
                bad_points.add(text)
    if bad_points:
        suspect |= np.array([text in bad_points for text in point_texts], bool)
    value_of = {text: float(x) for text, x in points.items()} | {"": float("nan")}
    declared = np.array([value_of.get(text, np.nan) for text in point_texts], np.float64)
    players = list(map(
        Player, start.tolist(), _texts(lines, 14, 47), [r or None for r in rating.tolist()], _texts(lines, 9, 10),
        [OLD_TITLES.get(x, x) for x in _texts(lines, 10, 13)], _texts(lines, 53, 56), _texts(lines, 57, 68),
        _texts(lines, 69, 79),
        [points.get(text) for text in point_texts], [None if b else r for r, b in zip(rank.tolist(), blank_rank.tolist())],
        [ln for ln, _ in rows]))
    error: InputError | None = None
    end = n  # the records before the first one in error
    for i in np.flatnonzero(suspect).tolist():
        ln, line = rows[i]
        try:
            p = players[i] = player_record(line, ln, source, points)
        except InputError as e:
            error, end = e, i
            break
        start[i] = p.start_no
        declared[i] = np.nan if p.declared_points is None else float(p.declared_points)
    # a start number used twice: the first record that repeats an earlier one
    order = np.argsort(start[:end], kind="stable")
    repeat = order[1:][start[:end][order[1:]] == start[:end][order[:-1]]]
    if len(repeat) and int(repeat.min()) < end:
        i = int(repeat.min())
        first = rows[int(np.argmax(start[:end] == start[i]))][0]
        error, end = InputError(Message("start number {} is used twice (first on line {})", int(start[i]), first),
                                Place(source, rows[i][0], 5, "starting rank")), i
    return PlayerRecords(players[:end], declared[:end], error, rows[end][0] if error else 0)
