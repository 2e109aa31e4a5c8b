"""Reading the fields of an untrusted JSON document: each value is checked for its type before it is used, and a
problem is an :class:`~tiebreak.engine.errors.InputError` naming the file and the JSON path of the field.

A parsed document is ``object``: objects are narrowed to ``dict[str, object]`` (:func:`is_object`; JSON keys are
always text), arrays to ``list[object]`` (:func:`is_array`), and a field is read as the type it must have.

>>> f = Fields("event.json", [])
>>> doc = {"round": 3, "white": "1", "played": None}
>>> f.need(doc, "round", int, "game"), f.get(doc, "played", bool, "game", True), f.array(doc, "games", "game")
(3, True, [])
>>> f.need(doc, "white", int, "game")
Traceback (most recent call last):
tiebreak.engine.errors.InputError: event.json (game.white): expected a whole number, found str
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import NoReturn, TypeGuard, TypeVar

from ..engine.errors import InputError, InputWarning, Place
from ..engine.messages import Message
from ..engine.numbers import MAX_RATING, NumberError, exact
from .text import one_line

_T = TypeVar("_T")
_D = TypeVar("_D")


def is_object(value: object) -> TypeGuard[dict[str, object]]:
    """Whether a parsed JSON value is an object (a ``dict`` whose keys are text)."""
    return isinstance(value, dict)


def is_array(value: object) -> TypeGuard[list[object]]:
    """Whether a parsed JSON value is an array."""
    return isinstance(value, list)


class Fields:
    """Checked access to the fields of a document read from ``source``; ``warnings`` collects what does not stop the
    reading."""

    def __init__(self, source: str, warnings: list[InputWarning]) -> None:
        self.source, self.warnings = source, warnings

    def fail(self, message: str, path: str) -> InputError:
        return InputError(message, Place(self.source, field=path))

    def warn(self, message: str, path: str) -> None:
        self.warnings.append(InputWarning(message, Place(self.source, field=path)))

    def obj(self, value: object, path: str) -> dict[str, object]:
        """``value``, which must be an object."""
        if not is_object(value):
            raise self.fail("expected an object", path)
        return value

    def _field(self, obj: object, key: str, kind: type[_T], path: str) -> _T | None:
        """Field ``key`` of the object ``obj`` when it is of type ``kind``; None when it is missing or null."""
        value = self.obj(obj, path).get(key)
        if value is None:
            return None
        if isinstance(value, bool) and kind is not bool:  # True is an int to Python, not to JSON
            raise self.fail(Message("expected a number, found {}", repr(value)), f"{path}.{key}")
        if not isinstance(value, kind):
            raise self.fail(Message("expected {}, found {}", _kind_name(kind), type(value).__name__), f"{path}.{key}")
        return value

    def get(self, obj: object, key: str, kind: type[_T], path: str, default: _D) -> _T | _D:
        """Field ``key`` of type ``kind``, or ``default`` when it is missing or null."""
        value = self._field(obj, key, kind, path)
        return default if value is None else value

    def need(self, obj: object, key: str, kind: type[_T], path: str) -> _T:
        """Field ``key`` of type ``kind``, which must be there."""
        value = self._field(obj, key, kind, path)
        if value is None:
            raise self.fail(Message("the field {} is missing", repr(key)), f"{path}.{key}")
        return value

    def array(self, obj: object, key: str, path: str) -> list[object]:
        """Field ``key``, an array (empty when missing or null)."""
        return self.get(obj, key, list, path, [])

    def mapping(self, obj: object, key: str, path: str) -> dict[str, object]:
        """Field ``key``, an object (empty when missing or null)."""
        return self.get(obj, key, dict, path, {})

    def number(self, value: object, path: str) -> Fraction:
        try:
            return exact(value)
        except NumberError as e:
            raise self.fail(e.args[0], path) from None

    def rating(self, value: object, path: str) -> int | None:
        """A rating (an int from 0 to MAX_RATING; 0 and null mean unrated); anything else is an error."""
        if value is None or value == 0:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_RATING:
            raise self.fail(Message("rating {} is not a rating (0-{})", repr(str(value)[:40]), MAX_RATING), path)
        return value


def _kind_name(kind: type) -> str:
    names = {int: "a whole number", str: "a text", list: "a list", dict: "an object", bool: "true or false",
             Decimal: "a number"}
    return names.get(kind, kind.__name__)


def no_constant(name: str) -> NoReturn:
    """``parse_constant`` for ``json.loads``: ``NaN`` and ``Infinity`` are not numbers of a tournament."""
    raise NumberError(Message("{} is not a number", name))


def text(value: object) -> str:
    """A text field: a string (or a number written where a name was expected) on one line; anything else is empty.

    >>> text("Ann\\nLee "), text(1999), text(True), text(None)
    ('Ann Lee', '1999', '', '')
    """
    if isinstance(value, bool) or not isinstance(value, (str, int, Decimal)):
        return ""
    return one_line(str(value)).strip()
