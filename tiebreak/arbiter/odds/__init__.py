"""Who can still win: exact odds and scenarios under the real tie-break list (`tiebreak odds`).

* :mod:`.pending` finds the games still to be played (and the Berger rounds of a round robin not in the file);
* :mod:`.models` gives each result its probability (``equal`` or ``elo``) and applies ``--fix``;
* :mod:`.rankers` ranks a batch of outcomes (arrays for round robins, the engine for everything else);
* :mod:`.run` enumerates every outcome or simulates, and adds up the places;
* :mod:`.needs` finds the minimal sets of results that give a player first place.

>>> from tiebreak.engine.model import Player, Tournament, Kind
>>> t = Tournament.build([Player(i, f"P{i}") for i in (1, 2, 3)], 3, type_text="Round Robin")
>>> t.set_game(1, 2, 3, Kind.WIN)
>>> odds = compute_odds(t, "PTS,DE")
>>> odds.method, odds.outcomes, [str(p) for p in odds.places[1]]
('exact', 9, ['35/54', '17/54', '1/27'])
"""

from __future__ import annotations

from ...engine.model import Tournament
from ...engine.standings import _resolve_list
from .models import apply_fixes
from .pending import Future, Game, find_future
from .run import Odds, run_odds

__all__ = ["Future", "Game", "Odds", "compute_odds", "find_future"]


def compute_odds(t: Tournament, tiebreaks=None, *, rules: str = "auto", system: str | None = None,
                 after_round: int | None = None, model: str = "equal", draw_rate: float | None = None,
                 white_advantage: float = 35, fixes: list[str] = (), method: str = "auto",
                 simulations: int | None = None, seed: int | None = None, player: int | None = None,
                 budget: float = 30.0, unrated_rating: int | None = None) -> Odds:
    """The probability of every place for every player once the pending games are played.

    ``method``: ``exact`` (every outcome), ``simulation`` (``simulations`` outcomes drawn with ``seed``) or
    ``auto`` (exact when the first batch says all outcomes take at most ``budget`` seconds).  ``player``: the start
    number whose minimal sets of results for first place are wanted ("what X needs", exact only)."""
    future = find_future(t, after_round, system)
    notes: list[str] = []
    specs = _resolve_list(future.base, tiebreaks, future.system, notes)
    fixed = apply_fixes(future, list(fixes))
    future.notes += notes
    return run_odds(future, specs, rules=rules, model=model, draw_rate=draw_rate, white_advantage=white_advantage,
                    method=method, simulations=simulations, seed=seed, player=player, budget=budget,
                    unrated_rating=unrated_rating, fixed=fixed)
