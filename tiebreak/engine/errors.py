"""Errors and warnings that point at the place in the user's input they are about."""

from __future__ import annotations

from dataclasses import dataclass
from numbers import Number

from .messages import Message, replaced

__all__ = ["InputError", "InputWarning", "Message", "Place", "SpecifierError", "TiebreakError", "grouped", "replaced"]


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
    """A problem in the input that did not stop the computation (shown to the user, never swallowed); a warning
    :func:`grouped` from many alike holds each of them in ``occurrences`` (the first is the one shown)."""

    message: str
    place: Place | None = None
    occurrences: tuple[InputWarning, ...] = ()

    def __str__(self) -> str:
        return f"{self.place}: {self.message}" if self.place else self.message


#: a warning repeated this many times or more is shown once, with the count and the first places (its lines)
GROUPED_FROM = 6
_FIRST_PLACES = 5


def grouped(warnings: list[InputWarning]) -> list[InputWarning]:
    """``warnings`` with each warning repeated :data:`GROUPED_FROM` times or more (the same message, but for its
    numbers: a round, a line) given once, where it first came: its first message, the count and the first lines
    (``occurrences`` holds every one of them, for a face that lists details); the others as they were.

    >>> bye = Message("full-point bye", context="kind:FPB")
    >>> ws = [InputWarning(Message("round {}: result {} without an opponent, read as {}", r, "'+'", bye),
    ...                    Place("a.trf", 30 + r, 159, Message("round {} result", r))) for r in range(1, 8)]
    >>> [str(w.message) for w in grouped([InputWarning("other"), *ws])]
    ['other', "round 1: result '+' without an opponent, read as full-point bye (7 such warnings: lines 31, 32, 33, 34, 35, …)"]
    >>> len(grouped(ws)[0].occurrences), grouped(ws[:5]) == ws[:5]
    (7, True)
    """
    alike: dict[tuple[object, ...], list[InputWarning]] = {}
    for w in warnings:
        alike.setdefault(_kind(w), []).append(w)
    out: list[InputWarning] = []
    for w in warnings:
        group = alike[_kind(w)]
        if len(group) < GROUPED_FROM:
            out.append(w)
        elif w is group[0]:
            out.append(InputWarning(_said_once(group), w.place, tuple(group)))
    return out


def _kind(w: InputWarning) -> tuple[object, ...]:
    """What makes warnings alike: the message's identifier and its values but for numbers, and the file."""
    text = w.message
    if not isinstance(text, Message) or w.place is None:
        return (id(w),)  # a plain text, or a warning of no place: never grouped (nothing to say where they are)
    return (w.place.file, text.template, text.context, *(v for v in text.args if not isinstance(v, Number)))


def _said_once(group: list[InputWarning]) -> Message:
    lines = [w.place.line for w in group if w.place and w.place.line is not None][:_FIRST_PLACES]
    if len(lines) < min(len(group), _FIRST_PLACES):  # places without lines: the count alone
        return Message("{} ({} such warning)", group[0].message, len(group), plural="{} ({} such warnings)",
                       count=len(group))
    more = ", …" if len(group) > len(lines) else ""
    return Message("{} ({} such warning: lines {}{})", group[0].message, len(group),
                   ", ".join(str(int(x)) for x in lines), more,
                   plural="{} ({} such warnings: lines {}{})", count=len(group))
