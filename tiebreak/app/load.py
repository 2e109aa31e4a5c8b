"""The one loader: every command, endpoint, site build and live watch reads its file here, so the options of reading
(:class:`~tiebreak.app.options.Loading`: ``event``, ``points_from``, ``name``) work on all of them alike.

>>> from tiebreak.app.options import Options
>>> warnings = []
>>> t = load(Options(event=3), "examples/hobsons-bay-cup-2025.trf", warnings)   # one tournament: the number is said
>>> len(t.players), "holds one tournament" in str(warnings[0])
(32, True)
"""

from __future__ import annotations

import datetime
from dataclasses import replace

from ..arbiter import points_column
from ..arbiter.choices import DEFAULT_POINTS_FROM
from ..engine.errors import InputError, InputWarning, Message, Place, grouped, replaced
from ..engine.model import Player, Tournament
from ..engine.team_matches import build, has_teams
from ..formats import readers
from ..formats.files import read_text
from ..formats.player_list import read_csv
from .options import POINTS_FROM, Loading


def load(o: Loading, path: str, warnings: list[InputWarning]) -> Tournament:
    """The tournament of the file at ``path``: ``o.event`` chooses one of a file that holds several, ``o.points_from``
    takes the points from the round results or (``column``) from the points column's reading, which a warning
    names.  The file's warnings are :func:`~tiebreak.engine.errors.grouped`: one repeated many times (Sharly's TRF-26
    team file has 98 "result '+' without an opponent") is said once with its count, on every face."""
    before = len(warnings)  # (the list may hold other files' warnings: a series)
    t = _read(o, path, warnings, before)
    warnings[before:] = grouped(warnings[before:])
    return t


def _read(o: Loading, path: str, warnings: list[InputWarning], before: int) -> Tournament:
    t = readers.load(path, warnings, o.event)
    points_from = o.points_from or DEFAULT_POINTS_FROM
    if points_from == DEFAULT_POINTS_FROM:
        return t
    if points_from not in POINTS_FROM:
        raise InputError(Message("points from {}: choose results or column", repr(points_from)),
                         Place(path, field="points_from"))
    # start-up: the check and the published readers it needs only for --points-from column (+10 ms, -X importtime)
    from ..arbiter.check import records_text  # noqa: PLC0415
    from ..arbiter.team_check import team_reading  # noqa: PLC0415

    reading = team_reading(build(t), t) if has_teams(t) else points_column.read(t)
    if reading.fixes:  # the reader's "…; the results are used" is no longer so for the players read otherwise
        read = {f.start_no for f in reading.fixes}
        warnings[before:] = [w for w in warnings[before:] if not _overruled(w, read)]
        warnings.append(InputWarning(Message("points from the points column's reading (round: results → column): {}",
                                             records_text(reading)), Place(path, field="points")))
    return reading.tournament


def _overruled(w: InputWarning, read: set[int]) -> bool:
    """Whether ``w`` is a reader's "points column says …; the results are used" of a player in ``read`` (by its
    identifier and its first value, the start number)."""
    # start-up: the readers' identifiers, for --points-from column alone (two readers not otherwise loaded: +20 ms)
    from ..formats import chessjson_read, chessresults, trf_read  # noqa: PLC0415

    disagree = {trf_read.POINTS_DISAGREE, chessjson_read.POINTS_DISAGREE, chessresults.POINTS_DISAGREE}
    text = w.message
    return isinstance(text, Message) and text.template in disagree and bool(text.args) and text.args[0] in read


def named(o: Loading, path: str, warnings: list[InputWarning]) -> list[InputWarning]:
    """``warnings`` (changed in place) naming the file as the user knows it (``o.name``) instead of ``path``."""
    if o.name:
        name = o.name

        def renamed(w: InputWarning) -> InputWarning:
            return InputWarning(replaced(w.message, path, name), w.place and replace(
                w.place, file=w.place.file.replace(path, name)), tuple(map(renamed, w.occurrences)))

        warnings[:] = map(renamed, warnings)
    return warnings


def player_list(path: str, warnings: list[InputWarning]) -> list[Player]:
    """The players of a broadcast's player list (``serve --watch games.pgn --player-list FILE``): a simple CSV of one
    player a line (:mod:`tiebreak.formats.player_list`), else the players of any file tiebreak reads, by their start
    numbers."""
    if path.lower().endswith(".csv"):
        return read_csv(read_text(path), path)
    return list(readers.load(path, warnings, None).players)


def event_date(t: Tournament) -> datetime.date | None:
    """The event's own date, which every download of it is dated by (the standings' page and PDF, the odds',
    ratings' and prizes' pages, the website's downloads): its last day, else its first, as the file gives them; None
    when the file gives none (no date is printed).  Never the clock's nor the file's time (a copy made today would
    print today), so the same file prints the same bytes anywhere, any day.

    >>> from tiebreak.engine.model import Player
    >>> t = Tournament.build([Player(1)], 1, start_date=datetime.date(2025, 4, 29))
    >>> event_date(t), event_date(replace(t, end_date=datetime.date(2025, 5, 27))), event_date(Tournament.build([], 1))
    (datetime.date(2025, 4, 29), datetime.date(2025, 5, 27), None)
    """
    return t.end_date or t.start_date
