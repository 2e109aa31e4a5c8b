"""The first worksheet of an Office Open XML workbook (``.xlsx``) as rows of text, and rows written back as one.

Only what a crosstable needs: cell text and numbers of the first sheet, shared and inline strings; no formulas are
evaluated (the cached value a spreadsheet program stored is read), no styles.  Standard library only.  Reading is
guarded against hostile files: a size limit on every part counted while it is unpacked, the sheet read as a stream
with a bound on its cells, no DTDs anywhere (defusedxml), a clear error for anything that is not a workbook.

>>> import io
>>> buf = io.BytesIO()
>>> write_rows(buf, [["No", "Name", "R1"], [1, "Ann", "2w1"]])
>>> read_rows(buf.getvalue())
[['No', 'Name', 'R1'], ['1', 'Ann', '2w1']]
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from collections.abc import Iterable, Iterator, Sequence
from html import escape  # XML text and attribute escaping (&, <, >, quotes); lighter than xml.sax
from pathlib import Path
from typing import IO, Literal
from xml.etree import ElementTree as ET

from defusedxml import DefusedXmlException
from defusedxml import ElementTree as SafeET

from ..engine.messages import Count, Message

MAX_PART_BYTES = 64 * 1024 * 1024
#: cells of the table made from the sheet (rows x columns), and cell elements in the sheet (empty ones count)
MAX_CELLS = 2_000_000
MAX_CELL_ELEMENTS = 2_000_000
_NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
       "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
       "rel": "http://schemas.openxmlformats.org/package/2006/relationships"}
#: what the standard zip module raises on a damaged or unsupported archive
_ZIP_ERRORS = (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError, OSError, ValueError)
_CELL_REF = re.compile(r"^([A-Z]{1,3})([0-9]{1,7})$")
_C, _ROW, _SI, _T = (f"{{{_NS['m']}}}{tag}" for tag in ("c", "row", "si", "t"))


class XlsxError(ValueError):
    """The bytes are not a workbook this reader can use; the message says why."""


def _too_many_cells() -> Message:
    """A sheet of more cells than are read (counted before the sheet is parsed, and while it is), worded with the bound
    in force when it is raised."""
    return Message("the sheet has more than {} cell", Count(MAX_CELL_ELEMENTS),
                   plural="the sheet has more than {} cells", count=MAX_CELL_ELEMENTS)


def _bytes(z: zipfile.ZipFile, name: str) -> bytes | None:
    """The unpacked bytes of a part, counted while they are unpacked (a zip entry may lie about its size)."""
    try:
        info = z.getinfo(name)
    except KeyError:
        return None
    chunks, total = [], 0
    try:
        with z.open(info) as f:
            while chunk := f.read(1 << 20):
                total += len(chunk)
                if total > MAX_PART_BYTES:
                    raise XlsxError(Message("part {} is larger than {} MB", name, MAX_PART_BYTES // 2**20))
                chunks.append(chunk)
    except XlsxError:
        raise
    except _ZIP_ERRORS as e:
        raise XlsxError(Message("part {} cannot be unpacked ({})", name, e)) from None
    return b"".join(chunks)


def _parse(data: bytes, name: str,
           events: tuple[Literal["start", "end"], ...] = ("end",)) -> Iterator[tuple[str, ET.Element]]:
    """Elements of a part as they are parsed (with ``start``/``end`` events each item is the event and its element);
    defusedxml refuses a DTD anywhere (no entity can expand)."""
    try:
        yield from SafeET.iterparse(io.BytesIO(data), events, forbid_dtd=True)
    except DefusedXmlException:
        raise XlsxError(Message("part {} declares a DTD, which a workbook never does", name)) from None
    except ET.ParseError as e:
        raise XlsxError(Message("part {} is not well-formed XML ({})", name, e)) from None
    except (LookupError, ValueError) as e:  # an encoding the parser cannot read ("x-bogus", "utf-32", "rot13")
        raise XlsxError(Message("part {} declares an encoding that cannot be read ({})", name, e)) from None


def _part(z: zipfile.ZipFile, name: str) -> ET.Element | None:
    """A small part (workbook, relationships) as a tree."""
    data = _bytes(z, name)
    if data is None:
        return None
    root = None
    for _, element in _parse(data, name):
        root = element
    return root


def _column_index(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n - 1


def _sheet(z: zipfile.ZipFile, title: str | None = None) -> str | None:
    """The part of the first worksheet, or of the one called ``title`` (None when the workbook has none so called)."""
    book = _part(z, "xl/workbook.xml")
    rels = _part(z, "xl/_rels/workbook.xml.rels")
    if book is None:
        raise XlsxError("no xl/workbook.xml: not an .xlsx workbook")
    sheets = book.findall("m:sheets/m:sheet", _NS)
    if not sheets:
        raise XlsxError("the workbook has no worksheet")
    found = [x for x in sheets if title is None or x.get("name") == title]
    if not found:
        return None
    rid = found[0].get(f"{{{_NS['r']}}}id")
    for rel in (rels if rels is not None else []):
        if rel.get("Id") == rid:
            target = rel.get("Target", "")
            return target.lstrip("/") if target.startswith("/") else "xl/" + target
    return f"xl/worksheets/sheet{sheets.index(found[0]) + 1}.xml"


def read_rows(data: bytes, title: str | None = None) -> list[list[str]]:
    """The cells of the first worksheet (or of the one called ``title``: none when there is no such sheet) as text,
    row by row (empty cells as ``""``).  The sheet is read as a stream
    and at most :data:`MAX_CELL_ELEMENTS` cell elements (empty ones too) and :data:`MAX_CELLS` cells of the
    resulting table are accepted."""
    try:
        z = zipfile.ZipFile(io.BytesIO(data))
    except _ZIP_ERRORS as e:
        raise XlsxError(Message("not an .xlsx workbook ({})", e)) from None
    with z:
        shared = _shared_strings(_bytes(z, "xl/sharedStrings.xml"))
        found = _sheet(z, title)
        if found is None:
            return []
        name = found
        sheet = _bytes(z, name)
    if sheet is None:
        raise XlsxError("the first worksheet is missing")
    # a quick count on the bytes refuses a sheet of millions of empty cells before any is parsed; the count while
    # parsing below also catches cells written with a namespace prefix
    if sum(sheet.count(tag) for tag in (b"<c ", b"<c/", b"<c>")) > MAX_CELL_ELEMENTS:
        raise XlsxError(_too_many_cells())
    rows: dict[int, dict[int, str]] = {}
    seen = r_pos = 0
    for event, element in _parse(sheet, name, ("start", "end")):
        if element.tag == _C and event == "start":
            seen += 1
            if seen > MAX_CELL_ELEMENTS:
                raise XlsxError(_too_many_cells())
        elif element.tag == _ROW and event == "end":
            r_attr = element.get("r") or ""
            r = int(r_attr) - 1 if r_attr.isascii() and r_attr.isdigit() and len(r_attr) <= 7 else r_pos
            r_pos = r + 1
            if r >= 1_048_576:
                raise XlsxError(Message("row {} is outside a worksheet", r + 1))
            cells = _row_texts(element, shared)
            if cells:
                rows.setdefault(r, {}).update(cells)
            element.clear()  # the row is read: drop it so the tree does not grow with the sheet
    width = max((max(c) + 1 for c in rows.values() if c), default=0)
    if (max(rows, default=0) + 1) * width > MAX_CELLS:
        raise XlsxError(Message("the sheet spans more than {} cell", Count(MAX_CELLS),
                                plural="the sheet spans more than {} cells", count=MAX_CELLS))
    return [[rows.get(r, {}).get(c, "") for c in range(width)] for r in range(max(rows, default=-1) + 1)]


def _row_texts(row: ET.Element, shared: list[str]) -> dict[int, str]:
    """Column index -> text of a row element's cells that are not empty."""
    texts: dict[int, str] = {}
    for c_pos, cell in enumerate(row.iterfind("m:c", _NS)):
        m = _CELL_REF.match(cell.get("r", ""))
        c = _column_index(m.group(1)) if m else c_pos
        if c >= 16384:
            raise XlsxError(Message("cell {} is outside a worksheet", cell.get('r', '?')))
        text = _cell_text(cell, shared)
        if text:
            texts[c] = text
    return texts


def _shared_strings(data: bytes | None) -> list[str]:
    if data is None:
        return []
    out: list[str] = []
    for _, element in _parse(data, "xl/sharedStrings.xml"):
        if element.tag == _SI:
            out.append("".join(t.text or "" for t in element.iter(_T)))
            element.clear()
            if len(out) > MAX_CELL_ELEMENTS:
                raise XlsxError(Message("more than {} shared string", Count(MAX_CELL_ELEMENTS),
                                        plural="more than {} shared strings", count=MAX_CELL_ELEMENTS))
    return out


def _cell_text(cell: ET.Element, shared: list[str]) -> str:
    kind = cell.get("t", "n")
    if kind == "inlineStr":
        return "".join(t.text or "" for t in cell.iter(_T))
    v = cell.find("m:v", _NS)
    text = v.text or "" if v is not None else ""
    if kind == "s":
        if not (text.isascii() and text.isdigit() and int(text) < len(shared)):
            raise XlsxError(Message("cell {} points at a shared string that is not there", cell.get('r', '?')))
        return shared[int(text)]
    if kind == "n" and text:
        return _number_text(text)
    return text


def _number_text(text: str) -> str:
    """``'1847.0'`` -> ``'1847'``, ``'0.5'`` stays: spreadsheets store whole numbers as floats."""
    try:
        f = float(text)
    except ValueError:
        return text
    return str(int(f)) if f.is_integer() and abs(f) < 1e15 else text


def _cell(ref: str, value: object) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f'<c r="{ref}"><v>{value}</v></c>'
    text = escape(str(value))
    space = ' xml:space="preserve"' if text != text.strip() else ""
    return f'<c r="{ref}" t="inlineStr"><is><t{space}>{text}</t></is></c>'


def _column_letters(c: int) -> str:
    out = ""
    c += 1
    while c:
        c, rem = divmod(c - 1, 26)
        out = chr(65 + rem) + out
    return out


def _sheet_xml(rows: Iterable[Sequence[object]]) -> str:
    body = "".join(
        f'<row r="{r + 1}">' + "".join(_cell(f"{_column_letters(c)}{r + 1}", v) for c, v in enumerate(row)
                                      if v not in ("", None)) + "</row>"
        for r, row in enumerate(rows))
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="{_NS["m"]}">'
            f'<sheetData>{body}</sheetData></worksheet>')


#: the time written on every part of a workbook (zip's earliest): never the clock's, so a workbook of the same rows has
#: the same bytes (the website's downloads, two builds of one file)
FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def write_rows(target: str | Path | IO[bytes], rows: Iterable[Sequence[object]], sheet_name: str = "Crosstable",
               more: Sequence[tuple[str, Iterable[Sequence[object]]]] = ()) -> None:
    """Write ``rows`` as the first worksheet of a new workbook (``target``: a path or a binary file object), and each
    ``(name, rows)`` of ``more`` as a further sheet."""
    sheets = [(sheet_name, rows), *more]
    numbers = range(1, len(sheets) + 1)
    parts = {
        "[Content_Types].xml":
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            + "".join(f'<Override PartName="/xl/worksheets/sheet{n}.xml" '
                      'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
                      for n in numbers) + '</Types>',
        "_rels/.rels":
            f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="{_NS["rel"]}">'
            '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
            'officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml":
            f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="{_NS["m"]}" '
            f'xmlns:r="{_NS["r"]}"><sheets>'
            + "".join(f'<sheet name="{escape(title)}" sheetId="{n}" r:id="rId{n}"/>' for n, (title, _) in
                      zip(numbers, sheets)) + '</sheets></workbook>',
        "xl/_rels/workbook.xml.rels":
            f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="{_NS["rel"]}">'
            + "".join(f'<Relationship Id="rId{n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
                      f'relationships/worksheet" Target="worksheets/sheet{n}.xml"/>' for n in numbers)
            + '</Relationships>',
        **{f"xl/worksheets/sheet{n}.xml": _sheet_xml(r) for n, (_, r) in zip(numbers, sheets)},
    }
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in parts.items():  # a fixed time on every part: the same rows, the same bytes
            z.writestr(zipfile.ZipInfo(name, date_time=FIXED_TIME), text, zipfile.ZIP_DEFLATED)
