"""Who can still win: exact odds and scenarios under the real tie-break list (`tiebreak odds`).

* :mod:`.pending` finds the games still to be played (and the Berger rounds of a round robin not in the file);
* :mod:`.models` gives each result its probability (``equal`` or ``elo``) and applies ``--fix``;
* :mod:`.rankers` ranks a batch of outcomes (arrays for round robins, the engine for everything else);
  :mod:`.team_ranker` ranks the teams of a team event (:func:`compute_team_odds`);
* :mod:`.run` counts every outcome or draws a number of them, chosen by the counts alone (never by the clock: the
  same numbers on every face and every machine; :mod:`.budget` watches the work), and :mod:`.tally` adds up the
  places;
* :mod:`.needs` finds the minimal sets of results that give a player first place.

>>> from tiebreak.engine.model import Player, Tournament, Kind
>>> t = Tournament.build([Player(i, f"P{i}") for i in (1, 2, 3)], 3, type_text="Round Robin")
>>> t.set_game(1, 2, 3, Kind.WIN)
>>> odds = compute_odds(t, "PTS,DE")
>>> odds.method, odds.outcomes, [str(p) for p in odds.places[1]]
('exact', 9, ['35/54', '17/54', '1/27'])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Sequence

from ...engine import team
from ...engine.errors import InputError
from ...engine.messages import Message
from ...engine.model import Tournament
from ...engine.rules import DEFAULT_RULES, RULE_SETS, RuleSet, with_choices
from ...engine.specifier import TieBreakSpec
from ...engine.standings import detect_system, resolve_list
from ..choices import DEFAULT_MODEL, WHITE_ADVANTAGE
from .budget import Budget
from .models import apply_fixes
from .participants import Participant
from .pending import Future, Game, find_future
from .run import Odds, OddsRequest, run_odds
from .team_ranker import TeamEngineRanker

__all__ = ["Budget", "Future", "Game", "Odds", "Participant", "compute_odds", "compute_team_odds", "find_future"]


@contextmanager
def _naming(t: Tournament) -> Iterator[None]:
    """An error about an option (``--fix``, ``--model``…) names the file it was given with, as every other does."""
    try:
        yield
    except InputError as e:
        if e.place.file or not t.source:
            raise
        raise InputError(e.message, dataclasses.replace(e.place, file=t.source)) from None


def compute_odds(  # noqa: PLR0913  the library's call: every option keyword-only, named, with its default
        t: Tournament, tiebreaks: str | Sequence[str | TieBreakSpec] | None = None, *,
        rules: str | RuleSet = DEFAULT_RULES, system: str | None = None, after_round: int | None = None,
        model: str = DEFAULT_MODEL,
        draw_rate: float | None = None, white_advantage: float = WHITE_ADVANTAGE, fixes: Sequence[str] = (),
        method: str = "count", simulations: int | None = None, seed: int | None = None, player: int | None = None,
        budget: Budget | None = None, unrated_rating: int | None = None, places: int | None = None,
        cumulative_half_bye: str | None = None) -> Odds:
    """The probability of every place for every player once the pending games are played.

    ``method``: ``count`` (the default of every face: every outcome when there are at most as many as a simulation
    would draw, else that many drawn with ``seed``, the event's own unless given; ``simulations``: how many, by
    default :func:`~..choices.planned_simulations`; chosen by the counts alone, never by the clock, so the same numbers in
    every run on every machine), ``exact`` (every outcome; refused past :func:`.run.exact_limit`) or ``simulation``
    (the outcomes drawn however few there are: the library's, to compare a simulation with the exact answer).  ``budget``:
    who watches the work (progress, cancellation: :class:`Budget`), never a time limit.  ``places``: the top places
    asked for (an event of more than 64 participants keeps the chances of those places only, at least 6).
    ``player``: the start number whose minimal sets of results for first place are wanted ("what X needs", exact only).
    ``rules``: a rule set's name (``auto``: by the start date) or a rule set; ``cumulative_half_bye``: ``deduct`` or
    ``keep`` a half-point bye's ½ in the cumulative score, as :func:`~tiebreak.engine.standings.compute_standings`
    takes it (each outcome is ranked as the standings are)."""
    with_choices(RULE_SETS["fide-2024"], cumulative_half_bye)  # an unknown choice stops here, before any work
    with _naming(t):
        future = find_future(t, after_round, system)
        notes: list[str] = []
        specs = resolve_list(future.base, tiebreaks, future.system, notes)
        fixed = apply_fixes(future, list(fixes))
        future.notes += notes
        options = OddsRequest(rules, model, draw_rate, white_advantage, method, simulations, seed, player, budget,
                              unrated_rating, places, cumulative_half_bye)
        return run_odds(future, specs, options, fixed)


def compute_team_odds(  # noqa: PLR0913  (as compute_odds)
        t: Tournament, tiebreaks: str | None = None, *, rules: str = DEFAULT_RULES, system: str | None = None,
        after_round: int | None = None, model: str = DEFAULT_MODEL, draw_rate: float | None = None,
        white_advantage: float = WHITE_ADVANTAGE, fixes: Sequence[str] = (), method: str = "count",
        simulations: int | None = None, seed: int | None = None, player: int | None = None,
        budget: Budget | None = None, unrated_rating: int | None = None, places: int | None = None) -> Odds:
    """The probability of every place for every TEAM of the team event ``t`` (TRF records 310/013) once its pending
    board games are played: each outcome of the board games is ranked by the team standings (match points, game
    points and the team tie-breaks of ``tiebreaks``, else of the file, else the team default).  ``player``: the
    number of the team whose minimal sets of results for first place are wanted.  Options as for :func:`compute_odds`.

    Only the board games paired in the file are pending: a round whose matches are not yet paired board by board
    is not looked at (the rounds after the last paired one are left out, with a note)."""
    with _naming(t):
        options = OddsRequest(rules, model, draw_rate, white_advantage, method, simulations, seed, player, budget,
                              unrated_rating, places)
        return _team_odds(t, tiebreaks, system, after_round, fixes, options)


def _team_odds(t: Tournament, tiebreaks: str | None, system: str | None, after_round: int | None,
               fixes: Sequence[str], options: OddsRequest) -> Odds:
    teams = team.read_teams(t)
    team_system = system or _detect(team.build(t, teams))
    # the board games are paired by the file (never from Berger tables: those number players, not teams)
    future = find_future(t, after_round, "swiss")
    future.notes = ["team event: the teams are ranked by the team standings"]
    if (t.planned_rounds or 0) > future.final_round:
        future.notes.append(Message("looked at up to round {}, the last round paired board by board",
                                    future.final_round))
    future.system = team_system
    fixed = apply_fixes(future, list(fixes))
    ranker = TeamEngineRanker(future, t, teams, tiebreaks, options.rules)
    future.notes += ranker.notes
    odds = run_odds(future, ranker.specs, options, fixed, ranker)
    odds.warnings, odds.primary = ranker.warnings, ranker.primary
    return odds


def _detect(tt: team.TeamTournament) -> str:
    return detect_system(tt.matches)[0]
