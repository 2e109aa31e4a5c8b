"""FIDE Tournament Report File (TRF-16 and TRF-2026) reader and writer for individual events.

Columns follow ``../shared/spec/trf.md`` (1-based in the spec; 0-based slices here).  Lines are read as
text, so multi-byte names do not shift the round blocks.  Every problem names file, line, column and field.

>>> t = loads('''012 Example
... 001    1      A                                 2000                             1.0          2 w 1
... 001    2      B                                 1900                             0.0          1 b 0
... ''')
>>> [p.name for p in t.players], t.entry(1, 1).kind.name
(['A', 'B'], 'WIN')
"""


from __future__ import annotations

from pathlib import Path

from ..engine.errors import InputError, InputWarning, Place
from ..engine.model import Tournament
from .dates import parse_date
from .files import read_input
from .text import MAX_ROUNDS, decode
from .trf_read import FIRST_ROUND_COLUMN, NAME_WIDTH, ROUND_STRIDE, _Reader
from .trf_write import dump, dumps

__all__ = ["FIRST_ROUND_COLUMN", "MAX_ROUNDS", "NAME_WIDTH", "ROUND_STRIDE", "dump", "dumps", "load", "loads",
           "parse_date"]


def load(path: str | Path, warnings: list[InputWarning] | None = None) -> Tournament:
    """Read a TRF file (UTF-8; else Windows-1251 or Latin-1, guessed from the bytes, with a warning)."""
    path = Path(path)
    data = read_input(path)
    return loads(data, source=str(path), warnings=warnings)


def loads(data: str | bytes, source: str = "", warnings: list[InputWarning] | None = None) -> Tournament:
    """Parse TRF text.  Problems that do not stop the computation are appended to ``warnings``."""
    if warnings is None:
        warnings = []
    encoding = "utf-8"
    if isinstance(data, bytes):
        text, encoding = decode(data, source, warnings)
    else:
        text = data
    if "\x00" in text:
        raise InputError("this is not a text file (it contains NUL bytes)", Place(source))
    return _Reader(text, source, warnings, encoding).read()
