"""The check of published standings (``tiebreak check``, the API's ``/api/check``): the event read by the one loader,
its teams found, the published figures chosen (an export, or the file's own), the players or teams checked, and the
report's JSON with the file names as the user knows them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..arbiter.check import Report, check
from ..arbiter.choices import DEFAULT_POINTS_FROM
from ..arbiter.team_check import check_teams
from ..engine.errors import InputError, InputWarning, Place
from ..engine.model import Tournament
from ..engine.team_matches import has_teams, players_event
from ..formats import published
from ..render.check import to_json_obj
from ..render.output import worded
from .load import load, named
from .options import Options, list_and_rules


def check_published(o: Options, path: str, published_path: str | None, warnings: list[InputWarning]) -> Report:
    """Check the standings a file publishes (or the export at ``published_path``) against ours: a
    :class:`~tiebreak.arbiter.check.Report` (a team event's teams unless ``o.players``).  ``o.tiebreaks``/``o.preset``
    give the announced list (default: the published columns), ``o.rules`` the announced rule set, ``o.points_from``
    the points (``results`` or the points ``column``'s reading: the file is read as published, and the check says
    which records the column reads otherwise), ``o.publisher`` the program that published the standings."""
    t = load(replace(o, points_from=DEFAULT_POINTS_FROM), path, warnings)
    teams = not o.players and has_teams(t)
    t = t if teams else players_event(t)
    tiebreaks, rules = list_and_rules(o, teams)
    report = check_event(t, teams, published_path, warnings, tiebreaks, rules, o)
    named(o, path, warnings)
    return replace(report, source=o.name or report.source) if o.name else report


def check_event(t: Tournament, teams: bool, published_path: str | None, warnings: list[InputWarning],
                tiebreaks: str | None, rules: str, o: Options) -> Report:
    """The check of ``t`` against the export at ``published_path`` (else the figures the file publishes);
    ``o.publisher``: the program that published them (else the one the file names)."""
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
    figures = replace(figures, publisher=o.publisher or figures.publisher or t.extra.get("publisher") or "")
    points_from = o.points_from or DEFAULT_POINTS_FROM
    if teams:
        return check_teams(t, figures, tiebreaks, rules=rules, after_round=o.after_round, system=o.system_name,
                           points_from=points_from)
    report = check(t, figures, tiebreaks, rules=rules, after_round=o.after_round, unrated_rating=o.unrated_rating,
                   system=o.system_name, points_from=points_from)
    return replace(report, notes=note + report.notes) if note else report


def answer(o: Options, path: str, published_path: str | None, warnings: list[InputWarning],
           published_name: str | None = None) -> tuple[Report, dict[str, Any]]:
    """Published standings checked against ours, as every face answers: the report's JSON with the file names as the
    user knows them (``o.name``, ``published_name``) and the warnings of reading the file (and the report, which the
    text and HTML are written from).  The announced list is ``o.tiebreaks``/``o.preset``, else the published
    columns."""
    report = check_published(o, path, published_path, warnings)
    obj = to_json_obj(report, o.lang or "en")
    if published_path is None:
        obj["published"] = obj["source"]
    elif published_name:
        obj["published"] = published_name
    return report, obj | worded(report.notes, warnings, o.lang or "en")
