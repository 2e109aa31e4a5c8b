"""The rating report (``tiebreak ratings``, the API's ``/api/ratings``): the rating change (FIDE, Russian) or the
performance (Harkness, USCF) of every player after any round; in a team event the players of every board.

>>> r = ratings(RatingsOptions(system="fide"), "examples/hobsons-bay-cup-2025.trf", [])
>>> r.system, len(r.rows)
('fide', 32)
"""

from __future__ import annotations

from ..arbiter.rating_report import Report, report
from ..engine.errors import InputError, InputWarning, Place
from ..engine.messages import Message
from .load import load, named
from .options import RatingsOptions


def ratings(o: RatingsOptions, path: str, warnings: list[InputWarning]) -> Report:
    """The report of the file at ``path`` under ``o``; the warnings of reading it name the file as the user knows
    it."""
    if o.k is not None and not 1 <= o.k <= 100:
        raise InputError(Message("K factor {} is out of range (1-100)", str(o.k)[:24]), Place(field="K"))
    t = load(o, path, warnings)
    named(o, path, warnings)
    return report(t, o.system, o.k, o.after_round)
