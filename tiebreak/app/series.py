"""A series' standings (``tiebreak series``, the API's ``/api/series``): each event's players' final standings made
into the standings of the series (:mod:`tiebreak.arbiter.series`).

>>> from tiebreak.app.options import Options
>>> t = series(Options(tiebreaks="PTS,BH/C1", no_lots=True), ["examples/hobsons-bay-cup-2025.trf"], "place:10,6", None,
...            "BEST,EVENTS", [])
>>> [(r.rank, r.name, str(r.total)) for r in t.rows[:2]]
[(1, 'Nguyen,Anh Kiet', '10'), (2, 'Wongso,Renaldo', '6')]
"""

from __future__ import annotations

import os
import re
from dataclasses import replace

from ..arbiter.series import Series
from ..arbiter.series import series as series_standings
from ..engine.errors import InputWarning, Message, SpecifierError
from .options import Options
from .standings import individual_standings


def file_event(path: str) -> tuple[str, int | None]:
    """An event of a series: ``FILE:N``, tournament ``N`` of a file that holds several (a Sharly Chess database's
    events, each its own), when ``FILE`` exists and ``FILE:N`` does not; else the file itself and no tournament named
    (``--event`` then names it, for every file).

    >>> file_event("examples/hobsons-bay-cup-2025.trf:4"), file_event("examples/hobsons-bay-cup-2025.trf")
    (('examples/hobsons-bay-cup-2025.trf', 4), ('examples/hobsons-bay-cup-2025.trf', None))
    >>> file_event("no-such-file.sce:4")
    ('no-such-file.sce:4', None)
    """
    m = re.fullmatch(r"(.+):([0-9]{1,12})", path)
    if m and os.path.isfile(m[1]) and not os.path.exists(path):
        return m[1], int(m[2])
    return path, None


def tournament_numbers(text: str | None, files: int) -> list[int | None]:
    """The API's and the page's field ``events``: the tournament of each of the ``files`` uploaded, in their order,
    separated by commas (nothing: a file that holds one tournament, or that ``event`` names), as the command line's
    ``FILE:N`` names it; an error names the field.

    >>> tournament_numbers("4,,2", 3), tournament_numbers(None, 2)
    ([4, None, 2], [None, None])
    >>> try:
    ...     tournament_numbers("4,2", 3)
    ... except SpecifierError as e:
    ...     print(e.field, "|", e.message.split(":")[0])
    events | events gives 2 tournament numbers for 3 files
    """
    if not text:
        return [None] * files
    given = [x.strip() for x in text.split(",")]
    if len(given) != files:
        raise SpecifierError(Message("events gives {} tournament numbers for {} files: one for each file, in their "
                                     "order (nothing for a file that holds one tournament)", len(given), files),
                             field="events")
    bad = next((x for x in given if x and not (x.isdigit() and len(x) <= 12 and int(x) >= 1)), None)
    if bad is not None:
        raise SpecifierError(Message("events: {} is not a tournament number (a whole number from 1)", repr(bad)),
                             field="events")
    return [int(x) if x else None for x in given]


def series(o: Options, paths: list[str], points: str, best: int | None, tiebreaks: str,
           warnings: list[InputWarning], names: list[str] | None = None, events: str | None = None) -> Series:
    """The standings of the series of the events ``paths`` (each one's players' final standings under ``o``; a path
    ``FILE:N`` tournament ``N`` of a file that holds several, :func:`file_event`; ``events``: the API's field, the
    tournament of each file, :func:`tournament_numbers`), by ``points`` (``place:25,18,15`` or ``score``), the best
    ``best`` events counted; an event that cannot be read is an error naming it (``names``: the files as the user
    knows them, an upload's name)."""
    chosen = tournament_numbers(events, len(paths))
    ranked = []
    for k, given in enumerate(paths):
        path, event = file_event(given)
        event = chosen[k] or event
        s = individual_standings(o if event is None else replace(o, event=event), path, warnings)
        ranked.append((s.tournament.name or (names[k] if names else given), s))
    return series_standings(ranked, points, best, tiebreaks)
