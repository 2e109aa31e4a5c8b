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
