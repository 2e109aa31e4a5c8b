"""Text read from and written to files: decoding with a guess at the encoding, one-line fields, spreadsheet-safe
cells, and the size bounds every reader keeps to.

A text field written to a line-based format (a TRF record, a CSV cell) must stay one field: a newline in a name would
otherwise add records (issue 14, "record injection").  :func:`one_line` replaces control characters and line
separators by a space and a lone surrogate (which no encoder writes) by U+FFFD; it drops the controls of
bidirectional text (embeddings, overrides, isolates and marks: U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C),
so a right-to-left override in a name never turns the rest of a text line or a CSV row around (issue 34; the HTML
isolates a name with ``<bdi>`` instead, :mod:`tiebreak.render.templating`).  A CSV cell that starts like a
formula (``=``, ``+``, ``-``, ``@``, tab, carriage return) is prefixed with ``'`` as OWASP recommends, so a spreadsheet
shows it as text; numbers (``-1``, ``+0.5``) are left alone.  CSV cells are put on one line too.

>>> one_line("Ann\\n001    9 Evil"), spreadsheet_safe("=HYPERLINK(1)"), spreadsheet_safe("-0.5")
('Ann 001    9 Evil', "'=HYPERLINK(1)", '-0.5')
>>> one_line("Ann\\u202e1 0\\u2066x\\u2069")
'Ann1 0x'
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TextIO

from ..engine.errors import InputError, InputWarning, Place
from ..engine.messages import Count, Message, counted

if TYPE_CHECKING:
    from ..engine.model import Tournament

#: a reader refuses a tournament larger than this (a bound on what a small file can make us build)
MAX_ROUNDS = 250
MAX_PLAYERS = 100_000
#: players x rounds: a 3,000-player open of 13 rounds is 39,000; the engine keeps several arrays of this size
MAX_GRID = 1_500_000
#: players x rounds x rounds: per-round passes (progressive scores, running standings) grow with it
MAX_GRID_ROUNDS = 25_000_000
#: characters kept of a header's free text (the event's name, type, city, federation, arbiters, time control): a
#: title, never a page; the rest is left out with a warning naming the file (the line, where the format has lines) and
#: the field
MAX_FREE_TEXT = 200
#: the header's free texts, by the TRF record that holds them (the readers of other formats write theirs as these
#: records, or as ``extra[record]``), and the field a warning names
FREE_TEXT = {"012": "event name", "022": "city", "032": "federation", "092": "event type", "102": "chief arbiter",
             "112": "deputy arbiters", "122": "time control"}

def round_field(number: int, part: str = "") -> Message:
    """The name of a round's field in a file (a place's ``field``), as a message the renderers word: ``part`` is
    "opponent", "result", "colour" or none (the round's whole entry).

    >>> round_field(7), round_field(7, "result").template
    ('round 7', 'round {} result')
    """
    if part == "opponent":
        return Message("round {} opponent", number)
    if part == "result":
        return Message("round {} result", number)
    if part == "colour":
        return Message("round {} colour", number)
    return Message("round {}", number)


#: compiled on first use (half a millisecond); a run of bidirectional controls is dropped at once
_CONTROL = r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]|[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]+"
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?[0-9]+(?:[.,][0-9]+)?", re.ASCII)


def name_parts(name: str) -> tuple[str, ...]:
    """A name as it is compared with another program's spelling of it: its parts sorted, without case, accents or
    punctuation (a pairing file's "Nguyen,Anh Kiet" is a broadcast's "Anh Kiet NGUYEN").

    >>> name_parts("Nguyen,Anh Kiet") == name_parts("Anh Kiet NGUYEN") == name_parts("Nguyễn, Anh-Kiet")
    True
    """
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return tuple(sorted(re.findall(r"\w+", plain.casefold().replace("_", " "))))


def one_line(text: str) -> str:
    """``text`` as one line: control characters and line separators become spaces, lone surrogates U+FFFD, the
    controls of bidirectional text nothing."""
    return re.sub(_CONTROL, _replacement, text)


def _replacement(m: re.Match[str]) -> str:
    c = m.group()
    return "\ufffd" if "\ud800" <= c <= "\udfff" else "" if c[0] in _BIDI else " "


def spreadsheet_safe(value: object) -> object:
    """A CSV cell that no spreadsheet runs as a formula (OWASP "CSV injection"); other values are returned as they are."""
    if not isinstance(value, str):
        return value
    formula = value.startswith(_FORMULA_START) and not _NUMBER.fullmatch(value) and value != "-"
    value = one_line(value)  # a cell on one line: control characters and line breaks become spaces
    return "'" + value if formula else value


class SafeCsvWriter:
    """A ``csv.writer`` whose text cells go through :func:`spreadsheet_safe` (every CSV output uses it).

    >>> import io
    >>> out = io.StringIO()
    >>> SafeCsvWriter(out, lineterminator="\\n").writerow([1, "@SUM(1)", "-2.5", "Ann"])
    >>> out.getvalue()
    "1,'@SUM(1),-2.5,Ann\\n"
    """

    def __init__(self, out: TextIO, **kw: Any) -> None:
        self._writer = csv.writer(out, **kw)

    def writerow(self, row: Iterable[object]) -> None:
        self._writer.writerow([spreadsheet_safe(v) for v in row])

    def writerows(self, rows: Iterable[Iterable[object]]) -> None:
        for row in rows:
            self.writerow(row)


#: the lines a CSV's separator is guessed from: enough for an export's title lines and the table's first rows
SEPARATOR_LINES = 64


def separator(text: str) -> str:
    """The separator of CSV ``text``: of comma, semicolon and tab, the one on the most of its first lines (an
    export's title lines come first and may hold any of them, however long they are), then the most frequent there
    (a name "Surname, First" in a semicolon table); a comma when there is none.

    >>> separator("Open 2025, Round 9, Final\\nNo;Name;Pts\\n1;Doe, Ann;5\\n2;Roe, Bo;4\\n"), separator("a\\tb\\n1\\t2\\n")
    (';', '\\t')
    >>> separator("x\\n")
    ','
    """
    lines = text.split("\n", SEPARATOR_LINES)[:SEPARATOR_LINES]
    return max(",;\t", key=lambda c: (sum(c in line for line in lines), sum(line.count(c) for line in lines)))


def csv_rows(text: str, source: str, delimiter: str | None = None) -> list[list[str]]:
    """The rows of CSV text (``delimiter``: the :func:`separator` of the text unless given), or an InputError with
    the line the csv module stopped at (a stray carriage return, a field over its size limit).

    >>> csv_rows('a,"b\\nc"\\n1,2\\n', "x.csv")
    [['a', 'b\\nc'], ['1', '2']]
    """
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter or separator(text))
    try:
        return list(reader)
    except csv.Error as e:
        raise InputError(Message("not a readable CSV table: {}", e), Place(source, reader.line_num)) from None


def check_size(players: int, rounds: int, place: Place) -> None:
    """Refuse a tournament that would be larger than any real one (and take gigabytes to compute).

    >>> check_size(3000, 13, Place("a.trf"))
    >>> check_size(4000, 1000, Place("a.trf"))
    Traceback (most recent call last):
    ...
    tiebreak.engine.errors.InputError: a.trf: 1000 rounds: more than 250
    """
    if rounds > MAX_ROUNDS:
        raise InputError(Message("{} round: more than {}", rounds, MAX_ROUNDS, plural="{} rounds: more than {}",
                                 count=rounds), place)
    if players > MAX_PLAYERS:
        raise InputError(Message("{} player: more than {}", players, MAX_PLAYERS, plural="{} players: more than {}",
                                 count=players), place)
    if players * rounds > MAX_GRID or players * rounds * rounds > MAX_GRID_ROUNDS:
        raise InputError(Message("{} and {}: larger than this program accepts (players x rounds at most {}, and x "
                                 "rounds again at most {})", counted("player", players), counted("round", rounds),
                                 Count(MAX_GRID), Count(MAX_GRID_ROUNDS)), place)


def text_lines(text: str) -> list[str]:
    """The lines of ``text`` whatever ends them (CR LF, CR or LF); a text without CR is split at once (replacing
    nothing in a 2,000-player file still costs a millisecond).

    >>> text_lines("a\\r\\nb\\rc\\nd"), text_lines("a\\nb\\n")
    (['a', 'b', 'c', 'd'], ['a', 'b', ''])
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def decode(data: bytes, source: str, warnings: list[InputWarning] | None) -> tuple[str, str]:
    """Text and encoding of a file: UTF-8 (with or without BOM, or UTF-16 with a BOM); otherwise Windows-1251 when
    the bytes look like Cyrillic words, else Latin-1, with a warning that says which was assumed.

    >>> decode("Иванов".encode("cp1251"), "a.trf", [])
    ('Иванов', 'cp1251')
    >>> decode("Müller".encode("latin-1"), "a.trf", [])
    ('Müller', 'latin-1')
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16"), "utf-16"
        except UnicodeDecodeError as e:
            raise InputError(Message("not UTF-16 text (byte {})", e.start + 1), Place(source, field="encoding")) from None
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    encoding = "cp1251" if _looks_cyrillic(data) else "latin-1"
    if warnings is not None:
        name = "Windows-1251 (Cyrillic)" if encoding == "cp1251" else "Latin-1 (Western European)"
        warnings.append(InputWarning(Message("the file is not UTF-8; read as {}: check the names", name),
                                     Place(source, field="encoding")))
    return data.decode(encoding, "replace"), encoding


def _looks_cyrillic(data: bytes) -> bool:
    """Cyrillic words in Windows-1251 are runs of bytes 0xC0-0xFF; Latin-1 names have such a byte here and there."""
    high = [i for i, b in enumerate(data) if b >= 0xC0]
    if not high:
        return False
    in_runs = sum(1 for i in high if (i > 0 and data[i - 1] >= 0xC0) or (i + 1 < len(data) and data[i + 1] >= 0xC0))
    return in_runs >= 0.6 * len(high)


def bounded(text: str, place: Place, warnings: list[InputWarning] | None) -> str:
    """A header's free text cut to :data:`MAX_FREE_TEXT` characters, with a warning at ``place`` when it was longer:
    the one bound and the one message of every reader.

    >>> said: list[InputWarning] = []
    >>> len(bounded("x" * 9600, Place("a.pgn", field="event name"), said)), str(said[0])
    (200, 'a.pgn (event name): 9600 characters of text; only the first 200 are kept')
    """
    if len(text) <= MAX_FREE_TEXT:
        return text
    if warnings is not None:
        warnings.append(InputWarning(Message("{} character of text; only the first {} are kept", len(text),
                                             MAX_FREE_TEXT, plural="{} characters of text; only the first {} are kept",
                                             count=len(text)), place))
    return text[:MAX_FREE_TEXT]


def bound_header(t: Tournament, warnings: list[InputWarning] | None) -> None:
    """Every free text of ``t``'s header (its name and type, the records of :data:`FREE_TEXT` in ``extra``) bounded
    by :func:`bounded`, whichever reader read it: run on every tournament read (:func:`tiebreak.formats.readers.load`).

    >>> from tiebreak import Player, Tournament
    >>> t = Tournament.build([Player(1, "A")], 1, name="Open " * 100, source="e.json")
    >>> t.extra["lines"] = ["102 " + "Arbiter " * 30]
    >>> said: list[InputWarning] = []
    >>> bound_header(t, said)
    >>> len(t.name), len(t.extra["lines"][0]), [w.place.field for w in said]
    (200, 204, ['event name', 'chief arbiter'])
    """
    t.name = bounded(t.name, Place(t.source, field=FREE_TEXT["012"]), warnings)
    t.type_text = bounded(t.type_text, Place(t.source, field=FREE_TEXT["092"]), warnings)
    for code, field in FREE_TEXT.items():
        if isinstance(t.extra.get(code), str):
            t.extra[code] = bounded(t.extra[code], Place(t.source, field=field), warnings)
    lines = t.extra.get("lines")
    if isinstance(lines, list):
        for i, line in enumerate(lines):
            if isinstance(line, str) and line[:3] in FREE_TEXT and len(line) > 4 + MAX_FREE_TEXT:
                lines[i] = line[:4] + bounded(line[4:], Place(t.source, field=FREE_TEXT[line[:3]]), warnings)
