"""Errors and warnings that point at the place in the user's input they are about."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Place:
    """Where in an input something is: file, 1-based line and column, and the field's name."""

    file: str = ""
    line: int | None = None
    column: int | None = None
    field: str = ""

    def __str__(self) -> str:
        from .i18n import place_text

        return place_text(self)


class TiebreakError(Exception):
    """Base class of every error this package raises on purpose."""


class InputError(TiebreakError):
    """The input cannot be used as it is; ``place`` says where."""

    def __init__(self, message: str, place: Place | None = None) -> None:
        self.message = message
        self.place = place or Place()
        super().__init__(f"{self.place}: {message}")


class SpecifierError(TiebreakError):
    """A tie-break specifier (``BH/C1``) that is not understood."""


def read_input(path) -> bytes:
    """The bytes of an input file, or an InputError naming it (every reader starts here)."""
    from pathlib import Path

    try:
        return Path(path).read_bytes()
    except OSError as e:
        raise InputError(f"cannot read the file: {e.strerror or e}", Place(str(path))) from None


def read_text(path) -> str:
    """The text of a UTF-8 input file (a BOM is allowed), or an InputError naming the file and the bad byte."""
    data = read_input(path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InputError(f"the file is not UTF-8 text (byte {e.start + 1})", Place(str(path))) from None


@dataclass(frozen=True)
class InputWarning:
    """A problem in the input that did not stop the computation (shown to the user, never swallowed)."""

    message: str
    place: Place | None = None

    def __str__(self) -> str:
        return f"{self.place}: {self.message}" if self.place else self.message
