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
from ..engine.model import Tournament
from ..render import ratings as render
from ..render.i18n import problem
from .load import event_date, load, named
from .options import RatingsOptions


def ratings(o: RatingsOptions, path: str, warnings: list[InputWarning]) -> Report:
    """The report of the file at ``path`` under ``o``; the warnings of reading it name the file as the user knows
    it."""
    return _ratings(o, path, warnings)[0]


def _ratings(o: RatingsOptions, path: str, warnings: list[InputWarning]) -> tuple[Report, Tournament]:
    """The report and the tournament it is of (whose date dates the page)."""
    if o.k is not None and not 1 <= o.k <= 100:
        raise InputError(Message("K factor {} is out of range (1-100)", str(o.k)[:24]), Place(field="K"))
    t = load(o, path, warnings)
    named(o, path, warnings)
    return report(t, o.system, o.k, o.after_round), t


def render_ratings(o: RatingsOptions, path: str, fmt: str, warnings: list[InputWarning],
                   warnings_shown: bool = False) -> str:
    """The report of the file at ``path`` in ``fmt`` (text, csv, json, html: the page dated by the file, as every
    download); ``warnings_shown``: the page lists the reader's warnings among its heading lines (the API's, which
    has no standard error to tell them on)."""
    r, t = _ratings(o, path, warnings)
    if fmt == "html":
        shown = [problem(w, o.lang) for w in warnings] if warnings_shown else None
        return render.to_html(r, o.lang, shown, printed=event_date(t))
    return render.RENDERERS[fmt](r, o.lang)
