"""Dates as tournament files write them (TRF records 042/052, Chess-JSON, PGN tags)."""

from __future__ import annotations

import datetime as _dt
import re

_MONTHS = {m: i for i, m in enumerate(
    "jan feb mar apr may jun jul aug sep oct nov dec".split(), 1)}


def parse_date(text: str) -> _dt.date | None:
    """Dates as real TRF files write them.

    >>> [str(parse_date(s)) for s in ("2025/06/10", "10/06/2025", "10. 06. 2025", "Jun 10, 2025", "1749513600")]
    ['2025-06-10', '2025-06-10', '2025-06-10', '2025-06-10', '2025-06-10']
    """
    text = text.strip()
    try:
        if re.fullmatch(r"\d{9,11}(\.\d*)?", text):  # a Unix time stamp (some converters write these)
            return _dt.datetime.fromtimestamp(float(text), _dt.timezone.utc).date()
        m = re.fullmatch(r"(\d{4})\s*[/\-.]\s*(\d{1,2})\s*[/\-.]\s*(\d{1,2})", text)
        if m:
            y, mo, d = map(int, m.groups())
            return _dt.date(y, mo, d)
        m = re.fullmatch(r"(\d{1,2})\s*[/\-.]\s*(\d{1,2})\s*[/\-.]\s*(\d{4})", text)
        if m:
            d, mo, y = map(int, m.groups())
            return _dt.date(y, mo, d)
        m = re.fullmatch(r"([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})", text)
        if m and m.group(1).lower() in _MONTHS:
            return _dt.date(int(m.group(3)), _MONTHS[m.group(1).lower()], int(m.group(2)))
    except (ValueError, OverflowError, OSError):
        return None
    return None


#: two-digit years below this are 20YY, the others 19YY (Python's ``%y`` rule; no rated chess file is from before 1969)
TWO_DIGIT_PIVOT = 69


def parse_two_digit_year(text: str) -> _dt.date | None:
    """A date in TRF-16's older form with a two-digit year first, ``YY.MM.DD`` or ``YY/MM/DD`` (old Krause files write
    ``10.09.13`` for 13 September 2010); ``None`` unless that reading gives a real date.  The reader warns when it
    uses this reading, since ``10.09.13`` could also be meant as a day first.

    >>> [str(parse_two_digit_year(s)) for s in ("10.09.13", "11/03/13", "99.12.31", "10.13.09", "2010.09.13")]
    ['2010-09-13', '2011-03-13', '1999-12-31', 'None', 'None']
    """
    m = re.fullmatch(r"(\d{2})\s*([/.\-])\s*(\d{1,2})\s*\2\s*(\d{1,2})", text.strip())
    if not m:
        return None
    yy, mo, d = int(m.group(1)), int(m.group(3)), int(m.group(4))
    try:
        return _dt.date(2000 + yy if yy < TWO_DIGIT_PIVOT else 1900 + yy, mo, d)
    except ValueError:
        return None
