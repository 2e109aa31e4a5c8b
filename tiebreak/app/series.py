"""A series' standings (``tiebreak series``, the API's ``/api/series``): each event's players' final standings made
into the standings of the series (:mod:`tiebreak.arbiter.series`).

>>> from tiebreak.app.options import Options
>>> t = series(Options(tiebreaks="PTS,BH/C1", no_lots=True), ["examples/hobsons-bay-cup-2025.trf"], "place:10,6", None,
...            "BEST,EVENTS", [])
>>> [(r.rank, r.name, str(r.total)) for r in t.rows[:2]]
[(1, 'Nguyen,Anh Kiet', '10'), (2, 'Wongso,Renaldo', '6')]
"""

from __future__ import annotations

from ..arbiter.series import Series
from ..arbiter.series import series as series_standings
from ..engine.errors import InputWarning
from .options import Options
from .standings import individual_standings


def series(o: Options, paths: list[str], points: str, best: int | None, tiebreaks: str,
           warnings: list[InputWarning], names: list[str] | None = None) -> Series:
    """The standings of the series of the events ``paths`` (each one's players' final standings under ``o``), by
    ``points`` (``place:25,18,15`` or ``score``), the best ``best`` events counted; an event that cannot be read is
    an error naming it (``names``: the files as the user knows them, an upload's name)."""
    events = []
    for k, path in enumerate(paths):
        s = individual_standings(o, path, warnings)
        events.append((s.tournament.name or (names[k] if names else path), s))
    return series_standings(events, points, best, tiebreaks)
