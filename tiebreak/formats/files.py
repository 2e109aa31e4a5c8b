"""Reading an input file: its bytes or UTF-8 text, or an InputError that names it."""

from __future__ import annotations

from pathlib import Path

from ..engine.errors import InputError, Place


def read_input(path: str | Path) -> bytes:
    """The bytes of an input file, or an InputError naming it (every reader starts here)."""
    try:
        return Path(path).read_bytes()
    except OSError as e:
        raise InputError(f"cannot read the file: {e.strerror or e}", Place(str(path))) from None


def read_text(path: str | Path) -> str:
    """The text of a UTF-8 input file (a BOM is allowed), or an InputError naming the file and the bad byte."""
    data = read_input(path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InputError(f"the file is not UTF-8 text (byte {e.start + 1})", Place(str(path))) from None
