"""Who can still win (``tiebreak odds``, the API's ``/api/odds``): the chance of every place once the pending games
are played, the teams' in a team event (unless ``o.players``), the players' otherwise."""

from __future__ import annotations

from typing import Any

from ..arbiter.odds import Odds, compute_odds, compute_team_odds
from ..arbiter.odds.budget import Progress, within_limits
from ..engine.errors import InputError, InputWarning, Message, Place
from ..engine.model import Tournament
from ..engine.team_matches import has_teams, players_event
from ..render import odds as render
from ..views.odds import of_odds
from .load import event_date, load, named
from .options import OddsOptions, Ranked, list_and_rules


def render_odds(o: OddsOptions, path: str, warnings: list[InputWarning], progress: Progress | None = None) -> str:
    """The odds of one file in ``o.format`` (text, json, html or the page's part ``page``), by the one rule of every
    face: every outcome or a seeded simulation, chosen by their count (:mod:`tiebreak.arbiter.odds.run`), never by
    the clock; ``progress`` is told how far the outcomes are (the command line's).  ``o.budget`` (an old command
    line's ``--budget``) is no longer used: said in a warning."""
    budget = within_limits(o.simulations, path, progress)
    t = load(o, path, warnings)
    if o.budget is not None:
        warnings.append(InputWarning(Message("--budget is no longer used: the odds are bounded by the count of their "
                                             "outcomes, never by the time they take, so every machine gives the same "
                                             "numbers"), Place(path, field="budget")))
    teams = not o.players and has_teams(t)
    t = t if teams else players_event(t)
    if o.places < 1:  # --player and --simulations are checked by the odds themselves
        raise InputError(Message("--places {} must be at least 1", o.places), Place(path, field="places"))
    method = "exact" if o.exact else "count"
    result = ranked_odds(o, t, teams, after_round=o.after_round, model=o.model, draw_rate=o.draw_rate,
                         white_advantage=o.white_advantage, fixes=o.fix or [], method=method,
                         simulations=o.simulations, seed=o.seed, player=o.player, budget=budget, places=o.places)
    warnings += result.warnings
    view = of_odds(result, o.places)  # the one view every format renders
    if o.format == "json":
        return render.to_json(view, o.lang, named(o, path, warnings))
    if o.format == "html":
        return render.to_html(view, o.lang, printed=event_date(t))
    if o.format == "page":  # the page's part: the same view and renderer as the download and the website
        return render.odds_section(view, o.lang)
    return render.to_text(view, o.lang)


def ranked_odds(o: Ranked, t: Tournament, teams: bool, **how: Any) -> Odds:
    """The odds of ``t`` (its teams' when ``teams``), every outcome ranked as the standings beside them are ranked
    with the same options ``o`` (every face's odds: ``tiebreak odds``, the API, the site and the live screen): the
    list, the rules, the system, the unrated players' rating and the cumulative score's half-point bye (the
    players'; the teams' standings have none); ``how``: the odds' own settings (seed, budget, places, ...)."""
    tiebreaks, rules = list_and_rules(o, teams)
    if teams:
        return compute_team_odds(t, tiebreaks, rules=rules, system=o.system_name, unrated_rating=o.unrated_rating,
                                 **how)
    return compute_odds(t, tiebreaks, rules=rules, system=o.system_name, unrated_rating=o.unrated_rating,
                        cumulative_half_bye=o.cumulative_half_bye, **how)
