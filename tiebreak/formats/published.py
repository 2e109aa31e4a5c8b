"""Published standings, as an organiser printed them: a rank, points and tie-break values per player, each value
kept with the precision it was printed with.

They come from the tournament file itself (the TRF rank column, Chess-Results XML ranks and ``tb`` values, Chess-JSON
``rank`` and ``tieBreakScore``) or from a standings export (CSV or XLSX, one row per player) whose headings are our
specifiers (``BH/C1``), Vega's (``BH-C1``) or Chess-Results' (``BH1.``, ``Wtg1``).

>>> p = loads("pos,startno,name,Pts,BH,BH-C1,SB\\n1,7,Nguyen,6.0,33.5,30.0,23.3\\n")
>>> p.columns, p.rows[0].start_no, p.rows[0].values["SB"].text, p.rows[0].values["SB"].tolerance
(['BH', 'BH/C1', 'SB'], 7, '23.3', Fraction(1, 20))
>>> p.rows[0].values["SB"].agrees(Fraction(93, 4)), p.rows[0].values["SB"].agrees(Fraction(47, 2))
(True, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path

from ..engine.errors import InputError, InputWarning, Place, SpecifierError
from ..engine.messages import Count, Message
from ..engine.model import Tournament
from ..engine.registry import parse
from ..engine.team_tiebreaks import parse_team
from . import exports, headings, html_tables
from .files import read_input
from .swissmanager import from_chess_results, translate
from .text import csv_rows

#: the names of saved web pages
HTML_SUFFIXES = (".html", ".htm")
#: the files of published standings read (any other name is read as CSV text)
SUFFIXES = (".csv", ".xlsx", *HTML_SUFFIXES)
#: at most this many rows and columns in a published table (a federation's largest open has a few thousand players)
MAX_ROWS, MAX_COLUMNS = 20_000, 64
# a printed number: digits, one decimal separator, digits (a half as ½); bounded so no text can cost time
_NUMBER = re.compile(r"^([+-]?)([0-9]{1,9})(?:[.,]([0-9]{1,6}))?(½)?$|^([+-]?)½$")


@dataclass(frozen=True)
class PublishedValue:
    """A printed number: its exact value and the number of decimals it was printed with.

    A value printed with ``d`` decimals agrees with every value that rounds to it: within half a unit of its last
    digit, both ends included (printers round quarter points either way).
    """

    value: Fraction
    decimals: int
    text: str

    @property
    def tolerance(self) -> Fraction:
        return Fraction(1, 2 * 10**self.decimals)

    def agrees(self, ours: Fraction | None) -> bool:
        return ours is not None and abs(ours - self.value) <= self.tolerance


@dataclass
class PublishedRow:
    start_no: int | None
    name: str
    rank: int | None
    points: PublishedValue | None
    values: dict[str, PublishedValue | None]
    line: int | None = None


@dataclass
class Published:
    """The published figures: ``columns`` are our specifiers, in the order they were published."""

    source: str
    columns: list[str]
    rows: list[PublishedRow]
    #: notes on the headings not understood, each with the known headings nearest to it
    unknown: list[str] = field(default_factory=list)
    #: a team event's standings (a row is a team: its number or name)
    team: bool = False
    #: False when the points were read from the file's own points column (always its published points)
    points_published: bool = True
    #: the program the file names as its author (Swiss-Manager, Vega…; "" when it names none)
    publisher: str = ""


def parse_value(text: str, place: Place | None = None, decimals: int | None = None) -> PublishedValue | None:
    """``'23.3'``, ``'23,25'``, ``'6½'`` as a :class:`PublishedValue` (empty or ``-``: None).

    >>> parse_value("6½").value, parse_value("23,25").decimals, parse_value("-")
    (Fraction(13, 2), 2, None)
    """
    text = text.replace("\u00a0", " ").strip() if text else ""
    if text in ("", "-", "—", "–"):
        return None
    text_c = text.replace("1/2", "½") if text.endswith("1/2") and len(text) > 3 else text
    m = _NUMBER.match(text_c)
    if not m:
        raise InputError(Message("{} is not a number", repr(text[:40])), place)
    if m.group(5) is not None:  # a lone ½
        return PublishedValue(Fraction(-1 if m.group(5) == "-" else 1, 2), 1, text)
    sign, whole, frac, half = m.group(1), m.group(2), m.group(3) or "", m.group(4)
    value = Fraction(int(whole + frac), 10 ** len(frac)) + (Fraction(1, 2) if half else 0)
    shown = max(len(frac), 1 if half else 0)
    return PublishedValue(-value if sign == "-" else value, shown if decimals is None else max(shown, decimals), text)


def _exact(value: Fraction, at_least: int) -> PublishedValue:
    """A value a program stored as a number: printed with as many decimals as it needs, at least ``at_least``."""
    d = 0
    while (value * 10**d).denominator != 1 and d < 6:
        d += 1
    return PublishedValue(value, max(d, at_least), str(value))


def specifier_of(heading: str, team: bool = False) -> str | None:
    """Our specifier for a published column heading, or None when the column is not a tie-break.

    >>> specifier_of("BH/C1"), specifier_of("BH-C1"), specifier_of("Buchh"), specifier_of("Rtg")
    ('BH/C1', 'BH/C1', 'BH', None)
    >>> specifier_of("EGGSB", team=True), specifier_of("BH:MP", team=True), specifier_of("match_points", team=True)
    ('EGGSB', 'BH:MP', 'MP')
    """
    text = heading.strip()
    known = headings.tiebreak(text, team)
    if known is not None:
        return known
    candidates = [text, re.sub(r"-(?=[CMLUVK]?\d|[PFRS]\b)", "/", text)]
    for c in candidates:
        try:
            return (parse_team if team else parse)(c).text
        except SpecifierError:
            pass
    try:
        return parse(from_chess_results(text)).text
    except SpecifierError:
        return None


def from_rows(rows: list[list[str]], source: str, warnings: list[InputWarning] | None = None,
              team: bool = False, tiebreaks: str | None = None) -> Published:
    """The published standings in ``rows``, as a program exported them: title lines above the headings and a footer
    under the table are skipped (:func:`~tiebreak.formats.exports.locate`); ``team``: a team event's (a row is a
    team); ``tiebreaks``: the announced list, which gives columns named only ``TB1``…``TBn`` their meaning in order
    (else the legend under the table does)."""
    if not rows:
        raise InputError("the published standings are empty", Place(source))
    if len(rows) > MAX_ROWS + 1:
        raise InputError(Message("a published table holds at most {} row", Count(MAX_ROWS),
                                 plural="a published table holds at most {} rows", count=MAX_ROWS), Place(source))
    if max(map(len, rows)) > MAX_COLUMNS:
        raise InputError(Message("a published table holds at most {} column", MAX_COLUMNS,
                                 plural="a published table holds at most {} columns", count=MAX_COLUMNS), Place(source))
    table = exports.locate(rows, team)
    role, columns, unknown = _roles(table, tiebreaks, team)
    if "start_no" not in role.values() and "name" not in role.values():
        raise InputError("the published standings need a start-number or a name column (e.g. 'startno' or 'name')",
                         Place(source, table.header_line, field="headings"))
    out: list[PublishedRow] = []
    for n, cells in table.body:
        row = _row(cells, n, role, columns, table.header, source)
        if row.start_no is None and not row.name:
            (warnings if warnings is not None else []).append(
                InputWarning("a row without start number or name is left out", Place(source, n)))
            continue
        out.append(row)
    return Published(source, columns, out, unknown, team, publisher=table.publisher)


def _roles(table: exports.Table, tiebreaks: str | None,
           team: bool) -> tuple[dict[int, str], list[str], list[str]]:
    """What each heading of the table holds: column index -> a role (rank, start_no, name, points... the first
    column of each) or our specifier; the specifiers in the order published; notes on the headings not understood (a
    round's column, a second column of one role and a heading that is no tie-break are left aside)."""
    head = table.header
    role: dict[int, str] = {}
    columns: list[str] = []
    unknown: list[str] = []
    places = _positional_meanings(head, table.legend, tiebreaks, team, unknown)
    for i, h in enumerate(head):
        found = headings.role(h, team) if h else None
        if found is not None and found not in role.values():
            role[i] = found
            continue
        if found is None and exports.ROUND.match(h):  # a crosstable's round: its results are the event's
            continue
        unnamed = bool(h) and found is None and not headings.other(h) and exports.positional(h) is None
        spec = places.get(i) or (specifier_of(h, team) if unnamed else None)
        if spec in (None, "PTS") or spec in columns:
            if spec == "PTS" and "points" not in role.values():
                role[i] = "points"
            elif unnamed and spec is None:
                unknown.append(_unknown_heading(h, team))
            continue
        role[i] = spec
        columns.append(spec)
    return role, columns, unknown


def _unknown_heading(h: str, team: bool) -> str:
    """The note on a heading we do not know, with the known headings nearest to it."""
    near = headings.nearest(h, team)
    if near:
        return Message("published column {} is not a heading we know; not compared (nearest: {})",
                       repr(h[:40]), ", ".join(near))
    return Message("published column {} is not a heading we know; not compared", repr(h[:40]))


def _row(cells: list[str], n: int, role: dict[int, str], columns: list[str], head: list[str],
         source: str) -> PublishedRow:
    """The published figures of the row ``cells`` on line ``n`` (``role``: what each column holds)."""
    row = PublishedRow(None, "", None, None, {c: None for c in columns}, n)
    for i, what in role.items():
        text = cells[i].strip() if i < len(cells) else ""
        place = Place(source, n, i + 1, head[i])
        if what == "name":
            row.name = text
        elif what in ("rank", "start_no"):
            m = re.match(r"^([0-9]{1,6})(?:\s*[-–]\s*[0-9]{1,6})?\.?$", text)  # '5', '5.', shared '5-9'
            if text and not m:
                raise InputError(Message("{} is not a rank", repr(text[:40])) if what == "rank" else
                                 Message("{} is not a start number", repr(text[:40])), place)
            setattr(row, what, int(m.group(1)) if m else None)
        elif what == "points":
            row.points = parse_value(text, place)
        else:
            row.values[what] = parse_value(text, place)
    return row


def _positional_meanings(head: list[str], legend: dict[int, str], tiebreaks: str | None, team: bool,
                         notes: list[str]) -> dict[int, str]:
    """Column index -> our specifier for the columns named only by their place (``TB1``…): the announced list in
    order (its leading PTS left out when the table has a points column), else the legend under the table."""
    places = {i: n for i, h in enumerate(head) if (n := exports.positional(h)) is not None}
    if not places:
        return {}
    if tiebreaks:
        items = [x.strip() for x in translate(tiebreaks).split(",") if x.strip()]
        has_points = any(headings.role(h, team) == "points" for h in head)
        if has_points and items and items[0].upper() == "PTS":
            items = items[1:]
        given = {i: _spec(items[n - 1], team) for i, n in places.items() if n <= len(items)}
        notes += [Message("published column {} has no item in the announced list; not compared", repr(head[i]))
                  for i, n in places.items() if n > len(items)]
        return {i: s for i, s in given.items() if s}
    out: dict[int, str] = {}
    for i, n in places.items():
        meaning = legend.get(n)
        spec = None
        if meaning is not None:
            spec = headings.tiebreak(meaning, team) or _spec(meaning, team)
            if spec is None:
                try:
                    spec = _spec(from_chess_results(meaning), team)
                except SpecifierError:
                    spec = None
        if team and spec == "PTS":  # Swiss-Manager's "points (game-points)" in a team event: the game points
            spec = "GP"
        if spec is None and meaning:
            notes.append(Message("published column {} is named only by its place and its legend {} is not a tie-break "
                                 "we know; give its meaning in the tie-break list, in order; not compared",
                                 repr(head[i]), repr(meaning[:60])))
        elif spec is None:
            notes.append(Message("published column {} is named only by its place; give its meaning in the tie-break "
                                 "list, in order; not compared",
                                 repr(head[i])))
        else:
            out[i] = spec
    return out


def _spec(text: str, team: bool) -> str | None:
    """Our specifier for ``text`` (a specifier or a heading), or None."""
    try:
        return (parse_team if team else parse)(text).text
    except SpecifierError:
        return specifier_of(text, team)


def loads(text: str, source: str = "<published>", warnings: list[InputWarning] | None = None,
          team: bool = False, tiebreaks: str | None = None) -> Published:
    """Published standings from CSV text (comma, semicolon or tab separated)."""
    return from_rows(csv_rows(text, source), source, warnings, team, tiebreaks)


def load(path: str | Path, warnings: list[InputWarning] | None = None, team: bool = False,
         tiebreaks: str | None = None) -> Published:
    """Published standings from a CSV, XLSX or saved HTML page (chess-results.com, Vega's ``standings.html``), as
    the program exported them."""
    data = read_input(path)
    suffix = Path(path).suffix.lower()
    if suffix == ".xlsx":
        from . import xlsx  # noqa: PLC0415  start-up: every command loads this module (+10 ms)

        try:
            return from_rows(xlsx.read_rows(data), str(path), warnings, team, tiebreaks)
        except xlsx.XlsxError as e:
            raise InputError(e.args[0], Place(str(path))) from None
    if suffix in HTML_SUFFIXES or data.lstrip()[:15].lower().startswith((b"<!doctype html", b"<html")):
        return from_html(data, str(path), warnings, team, tiebreaks)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InputError(Message("the file is not UTF-8 text (byte {})", e.start + 1), Place(str(path))) from None
    return loads(text, str(path), warnings, team, tiebreaks)


def from_html(data: bytes, source: str, warnings: list[InputWarning] | None = None, team: bool = False,
              tiebreaks: str | None = None) -> Published:
    """Published standings from a saved page: its largest table, the program named by the page's text."""
    rows, before, after = html_tables.read(data, source)
    try:
        found = from_rows(html_tables.arranged(rows, before, after), source, warnings, team, tiebreaks)
    except InputError as e:
        first = " | ".join(c for c in (rows[0] if rows else []) if c)[:80]
        raise InputError(Message("the HTML page's standings table could not be read ({}); its first row: {}",
                                 e.message, repr(first)), Place(source)) from None
    return replace(found, publisher=found.publisher or exports.publisher_of(before + "\n" + after))


def of_export(t: Tournament, warnings: list[InputWarning] | None = None, team: bool = False,
              tiebreaks: str | None = None) -> Published | None:
    """The figures of a program's export read as the event itself (a chess-results crosstable: its points and
    tie-break columns), or None when the event was read from another kind of file."""
    rows = t.extra.get("export_rows")
    if not rows:
        return None
    return from_rows(rows, t.source, warnings, team, tiebreaks)


def from_tournament(t: Tournament) -> Published | None:
    """The figures the tournament file publishes itself, or None when it has none.

    Chess-Results XML: ranks and the ``tb`` values of its list; Chess-JSON: ``rank`` and ``tieBreakScore``; TRF: the
    rank column. Values a program stored as numbers are taken as printed with at least two decimals.
    """
    values: dict[int, dict[str, Fraction]] = t.extra.get("published") or {}
    ranked = [p for p in t.players if p.declared_rank]
    if not ranked and not values:
        return None
    columns = list(dict.fromkeys(c for v in values.values() for c in v if c != "PTS"))
    rows = [PublishedRow(p.start_no, p.name, p.declared_rank,
                         _exact(p.declared_points, 1) if p.declared_points is not None else None,
                         {c: (_exact(values[p.start_no][c], 2) if c in values.get(p.start_no, {}) else None)
                          for c in columns}, p.source_line)
            for p in t.players]
    return Published(t.source, columns, rows, points_published=False)


def team_figures(t: Tournament) -> Published | None:
    """The team standings a team event's file publishes itself, or None: TRF-2026 records 310 (match points 55-60,
    game points 62-67, rank 69-71) and Chess-JSON team competitors' ``rank``, ``matchPoints`` and ``gamePoints``
    (kept by the reader as ``extra["team_published"]``).

    >>> from tiebreak.engine.model import Tournament
    >>> x = Tournament.build([], 1, extra={"lines": ["310   7 Alpha                            ALP             9.0   15.5   2"]})
    >>> p = team_figures(x)
    >>> p.columns, p.rows[0].start_no, p.rows[0].rank, p.rows[0].values["GP"].value
    (['MP', 'GP'], 7, 2, Fraction(31, 2))
    """
    found: dict[int, tuple[str, int | None, dict[str, PublishedValue | None]]] = {}
    for x in t.extra.get("lines", ()):
        if x[:3] != "310" or not x[4:7].strip().isdigit():
            continue
        values: dict[str, PublishedValue | None] = {}
        for code, cells in (("MP", x[54:60]), ("GP", x[61:67])):
            try:
                values[code] = parse_value(cells)
            except InputError:
                values[code] = None
        rank = x[68:71].strip()
        found[int(x[4:7])] = (x[8:40].strip(), int(rank) if rank.isdigit() else None, values)
    for number, figures in (t.extra.get("team_published") or {}).items():
        name, rank, values = found.get(number, ("", None, {}))
        values |= {code: _exact(v, 1) for code, v in figures.items() if code in ("MP", "GP")}
        found[number] = (name, figures.get("rank") if isinstance(figures.get("rank"), int) else rank, values)
    if not any(rank is not None or any(v is not None for v in values.values()) for _, rank, values in found.values()):
        return None
    columns = [c for c in ("MP", "GP") if any(v.get(c) is not None for _, _, v in found.values())]
    rows = [PublishedRow(number, name, rank, None, {c: values.get(c) for c in columns})
            for number, (name, rank, values) in sorted(found.items())]
    return Published(t.source, columns, rows, team=True, points_published=False)
