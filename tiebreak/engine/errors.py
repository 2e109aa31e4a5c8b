"""Errors and warnings that point at the place in the user's input they are about."""

from __future__ import annotations

from dataclasses import dataclass

from .messages import Message, replaced

__all__ = ["InputError", "InputWarning", "Message", "Place", "SpecifierError", "TiebreakError", "replaced"]


@dataclass(frozen=True)
class Place:
    """Where in an input something is: file, 1-based line and column, and the field's name."""

    file: str = ""
    line: int | None = None
    column: int | None = None
    field: str = ""

    def __str__(self) -> str:
        # English; the faces localise with tiebreak.render.i18n.place_text (the engine imports nothing outside it)
        parts = [self.file or "<input>"]
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.column is not None:
            parts.append(f"column {self.column}")
        where = ", ".join(parts)
        return f"{where} ({self.field})" if self.field else where


class TiebreakError(Exception):
    """Base class of every error this package raises on purpose."""


class InputError(TiebreakError):
    """The input cannot be used as it is; ``place`` says where."""

    def __init__(self, message: str, place: Place | None = None) -> None:
        self.message = message
        self.place = place or Place()
        super().__init__(f"{self.place}: {message}")


class SpecifierError(TiebreakError):
    """A tie-break specifier (``BH/C1``) or another option that is not understood; ``field`` names the option when
    it is known (``tiebreaks``, ``preset``: the API's field names), else it is empty."""

    def __init__(self, message: str, field: str = "") -> None:
        self.message, self.field = message, field
        super().__init__(message)


@dataclass(frozen=True)
class InputWarning:
    """A problem in the input that did not stop the computation (shown to the user, never swallowed)."""

    message: str
    place: Place | None = None

    def __str__(self) -> str:
        return f"{self.place}: {self.message}" if self.place else self.message
