"""Who plays for which club or school in an individual event: a CSV file of ``start number, team`` (or
``name, team``) lines, for team rankings inside individual events (:mod:`tiebreak.arbiter.clubs`).

>>> loads("1,Riverside\\n2, Hilltop\\n", {1: "Ann", 2: "Bob"})
{1: 'Riverside', 2: 'Hilltop'}
"""

from __future__ import annotations

from pathlib import Path

from ..engine.errors import InputError, Place
from ..engine.messages import Count, Message
from .files import read_text
from .text import csv_rows

MAX_LINES = 100_000


def loads(text: str, names: dict[int, str], source: str = "<teams>") -> dict[int, str]:
    """Start number -> team; a first cell that is not a number is looked up among ``names`` (start number -> name)."""
    by_name = {" ".join(n.casefold().split()): sno for sno, n in names.items()}
    out: dict[int, str] = {}
    for ln, row in enumerate(csv_rows(text, source), 1):
        if ln > MAX_LINES:
            raise InputError(Message("a team list holds at most {} line", Count(MAX_LINES),
                                     plural="a team list holds at most {} lines", count=MAX_LINES), Place(source, ln))
        if not row or not row[0].strip() or row[0].lstrip().startswith("#"):
            continue
        if len(row) < 2 or not row[1].strip():
            raise InputError("expected: start number or name, team", Place(source, ln, 1, "team"))
        who, team = row[0].strip(), row[1].strip()
        found = int(who) if who.isascii() and who.isdigit() and len(who) <= 6 else \
            by_name.get(" ".join(who.casefold().split()))
        if found is None:
            if ln == 1:
                continue  # a heading
            raise InputError(Message("no player named {}", repr(who[:60])), Place(source, ln, 1, "player"))
        sno = found
        if sno not in names:
            raise InputError(Message("no player with start number {}", sno), Place(source, ln, 1, "player"))
        out[sno] = team
    return out


def load(path: str | Path, names: dict[int, str]) -> dict[int, str]:
    return loads(read_text(path), names, str(path))
