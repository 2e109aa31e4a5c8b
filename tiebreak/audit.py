"""The audit of published standings behind ``tiebreak check`` (the faces call it through
:func:`tiebreak.service.check_published`): the event read, its teams found, the published figures chosen (an export,
or the file's own), and the check of players or teams.
"""

from __future__ import annotations

from dataclasses import replace

from .arbiter import points_column
from .arbiter.check import Report, check, records_text
from .arbiter.team_check import check_teams, team_reading
from .engine.errors import InputError, InputWarning, Place
from .engine.messages import Message
from .engine.model import Tournament
from .engine.team_matches import has_teams, players_event
from .formats import published, readers


def load_event(path: str, players: bool, warnings: list[InputWarning],
               event: int | None = None) -> tuple[Tournament, bool]:
    """The event at ``path`` (``event`` chooses one of a file that holds several) and whether its teams are checked (a
    team event, unless ``players``)."""
    t = readers.load(path, warnings, event)
    teams = not players and has_teams(t)
    return (t if teams else players_event(t)), teams


def load(path: str, warnings: list[InputWarning], points_from: str | None = "results",
         event: int | None = None) -> Tournament:
    """The file at ``path`` (``event`` chooses one of a file that holds several), its points from the round results or
    (``column``) from the points column's reading, which a warning names."""
    t = readers.load(path, warnings, event)
    if (points_from or "results") == "results":
        return t
    if points_from != "column":
        raise InputError(Message("points from {}: choose results or column", repr(points_from)), Place(path, field="points_from"))
    if has_teams(t):
        from .engine.team_matches import build

        reading = team_reading(build(t), t)
    else:
        reading = points_column.read(t)
    if reading.fixes:
        warnings.append(InputWarning(Message("points from the points column's reading (round: results → column): {}",
                                             records_text(reading)), Place(path, field="points")))
    return reading.tournament


def check_event(t: Tournament, teams: bool, published_path: str | None, warnings: list[InputWarning],
                tiebreaks: str | None, rules: str, after_round: int | None, unrated_rating: int | None,
                system: str | None, points_from: str | None, publisher: str | None = None) -> Report:
    """The check of ``t`` against the export at ``published_path`` (else the figures the file publishes);
    ``publisher``: the program that published them (else the one the file names)."""
    figures = (published.load(published_path, warnings, teams, tiebreaks) if published_path else
               published.of_export(t, warnings, teams, tiebreaks) or
               (published.team_figures(t) if teams else published.from_tournament(t)))
    note = []
    if figures is None and teams and not published_path:  # no team standings in the file: its players' are checked
        t, teams = players_event(t), False
        figures = published.from_tournament(t)
        note = ["the file publishes no team standings; its players' standings are checked"]
    if figures is None:
        raise InputError("the file publishes no ranks or tie-break values; give the published standings with "
                         "--published", Place(t.source))
    figures = replace(figures, publisher=publisher or figures.publisher or t.extra.get("publisher") or "")
    if teams:
        return check_teams(t, figures, tiebreaks, rules=rules, after_round=after_round, system=system,
                           points_from=points_from or "results")
    report = check(t, figures, tiebreaks, rules=rules, after_round=after_round, unrated_rating=unrated_rating,
                   system=system, points_from=points_from or "results")
    return replace(report, notes=note + report.notes) if note else report
