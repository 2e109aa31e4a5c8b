"""Bounded reading of the numbers found in input files, specifiers and options.

Every number a user sends passes here before it becomes a ``Fraction`` or an ``int``: only ASCII digits (``²`` and
other characters that pass ``str.isdigit()`` are refused), at most :data:`MAX_DIGITS` digits, an exponent of at most
:data:`MAX_EXPONENT` and a magnitude of at most :data:`MAX_MAGNITUDE`, all checked on the text *before* converting,
so ``1e40000000`` or a 5,000-digit number is refused at once instead of being expanded (which would take minutes and
gigabytes).  Errors are :class:`NumberError` (a ``ValueError``) with a message the readers put at the file's place.

>>> parse_number("26,5"), parse_number("1/2"), parse_number("-0.25"), parse_number("1.5e2")
(Fraction(53, 2), Fraction(1, 2), Fraction(-1, 4), Fraction(150, 1))
>>> parse_number("1e40000000")
Traceback (most recent call last):
...
tiebreak.engine.numbers.NumberOutOfRange: '1e40000000' is out of range
>>> parse_int("²")
Traceback (most recent call last):
...
tiebreak.engine.numbers.NumberError: '²' is not a whole number
>>> parse_int("2600", 0, MAX_RATING), parse_int("+7")
(2600, 7)
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

from .errors import InputError, Place
from .messages import Message

MAX_DIGITS = 24
MAX_EXPONENT = 24
#: no point, score, prize or tie-break value of a real event comes near this (scores must also fit numpy's int64)
MAX_MAGNITUDE = 10**12
#: ratings: every rating system fits in four digits (TRF gives the rating four columns)
MAX_RATING = 9999
#: the rating given to unrated players (``--unrated-rating``, the API's and the page's field): far above any real
#: rating; one bound for every face
MAX_UNRATED_RATING = 4000
#: a seed for drawing lots: up to the largest whole number every JSON reader keeps exactly (the seed is printed in
#: the answer, to draw the same lots again); one bound for every face
MAX_SEED = 2**53 - 1

_DECIMAL = re.compile(r"([+-]?)([0-9]*)(?:[.,]([0-9]*))?(?:[eE]([+-]?[0-9]+))?", re.ASCII)
_RATIO = re.compile(r"([+-]?)([0-9]+)/([0-9]+)", re.ASCII)
_INT = re.compile(r"[+-]?[0-9]+", re.ASCII)


class NumberError(ValueError):
    """A number in the input that is not a number, or too large to be a real one (the message says which)."""


class NumberOutOfRange(NumberError):
    """A number too large (or too long) to be a real one."""


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


def parse_number(text: str, *, fractions: bool = True) -> Fraction:
    """The exact value of a decimal (``7.5``, ``26,5``, ``1.5e1``) or, with ``fractions``, a ratio ``p/q``."""
    text = text.strip()
    m = _DECIMAL.fullmatch(text)
    if m and (m.group(2) or m.group(3)):
        sign, whole, frac, exp = m.group(1), m.group(2), m.group(3) or "", m.group(4)
        if len(whole) + len(frac) > MAX_DIGITS or (exp is not None and len(exp.lstrip("+-")) > 4):
            raise NumberOutOfRange(Message("{} is out of range", _shown(text)))
        e = int(exp) if exp is not None else 0
        if abs(e) > MAX_EXPONENT:
            raise NumberOutOfRange(Message("{} is out of range", _shown(text)))
        value = Fraction(int(whole + frac or "0"), 10 ** len(frac)) * Fraction(10) ** e
        value = -value if sign == "-" else value
    else:
        m = _RATIO.fullmatch(text) if fractions else None
        if m is None:
            raise NumberError(Message("{} is not a number", _shown(text)))
        if len(m.group(2)) + len(m.group(3)) > MAX_DIGITS:
            raise NumberOutOfRange(Message("{} is out of range", _shown(text)))
        if int(m.group(3)) == 0:
            raise NumberError(Message("{} divides by zero", _shown(text)))
        value = Fraction(int(m.group(2)), int(m.group(3)))
        value = -value if m.group(1) == "-" else value
    if abs(value) > MAX_MAGNITUDE:
        raise NumberOutOfRange(Message("{} is out of range", _shown(text)))
    return value


def parse_int(text: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number in ``low..high`` written with ASCII digits (an optional sign), at most 19 digits."""
    text = text.strip()
    if not _INT.fullmatch(text):
        raise NumberError(Message("{} is not a whole number", _shown(text)))
    if len(text.lstrip("+-")) > 19:
        raise NumberOutOfRange(Message("{} is out of range", _shown(text)))
    value = int(text)
    if (low is not None and value < low) or (high is not None and value > high):
        raise NumberOutOfRange(Message("{} is out of range ({}-{})", value, low, high) if low is not None and high is not None
                          else Message("{} is out of range", _shown(text)))
    return value


def exact(value: object) -> Fraction:
    """A number that a parser (JSON) already made, bounded like text: int, Decimal, or the text of one.

    >>> exact(Decimal("7.5")), exact(3)
    (Fraction(15, 2), Fraction(3, 1))
    """
    if isinstance(value, bool):
        raise NumberError(Message("{} is not a number", repr(value)))
    if isinstance(value, str):
        return parse_number(value)
    if isinstance(value, int):
        if abs(value) > MAX_MAGNITUDE:
            raise NumberOutOfRange(Message("{} is out of range", _shown(str(value))))
        return Fraction(value)
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise NumberError(Message("{} is not a number", _shown(str(value))))
        return parse_number(str(value))
    raise NumberError(Message("{} is not a number", _shown(str(value))))


def bounded_decimal(text: str) -> Decimal:
    """``parse_float`` for ``json.loads``: the text is bounded before a ``Decimal`` is made of it.

    >>> bounded_decimal("0.5")
    Decimal('0.5')
    """
    parse_number(text, fractions=False)
    return Decimal(text)


def bounded_int(text: str) -> int:
    """``parse_int`` for ``json.loads``: refuses numbers with more than 19 digits before converting them."""
    if len(text.lstrip("-")) > 19:
        raise NumberOutOfRange(Message("{} is out of range", _shown(text)))
    return int(text)


def check_seed(seed: int | None) -> None:
    """A seed for drawing lots is a whole number from 0 to :data:`MAX_SEED` (2**53 - 1).

    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    tiebreak.engine.errors.InputError: <input> (seed): seed -1 is out of range (0-9007199254740991)
    """
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise InputError(Message("seed {} is out of range (0-{})", str(seed)[:24], MAX_SEED), Place(field="seed"))


def check_rating(rating: int | None) -> None:
    """The rating given to unrated players (command line, form): 0 to :data:`MAX_UNRATED_RATING`.

    >>> check_rating(4001)
    Traceback (most recent call last):
    ...
    tiebreak.engine.errors.InputError: <input> (unrated rating): unrated rating 4001 is out of range (0-4000)
    """
    if rating is not None and not 0 <= rating <= MAX_UNRATED_RATING:
        raise InputError(Message("unrated rating {} is out of range (0-{})", str(rating)[:24], MAX_UNRATED_RATING),
                         Place(field="unrated rating"))
