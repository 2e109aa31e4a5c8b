"""How many outcomes the odds draw (:mod:`tiebreak.arbiter.odds.budget` decides with them; the options' help and
bounds state them on every face).  A module outside the odds package: declaring every command's options
(:mod:`tiebreak.app.declared`) needs these numbers, not the odds engine, whose package loads its runners and
process pools (12-20 ms of every command's start-up, ``-X importtime``)."""

from __future__ import annotations

#: the most simulations a request may ask for (the command line's ``--simulations``, the API's field)
MAX_SIMULATIONS = 1_000_000
#: the outcomes drawn for the array ranker (a round robin of the tie-breaks it takes): 1,000,000 take about a second
DEFAULT_SIMULATIONS = 100_000
#: the engine's outcomes drawn are ``ENGINE_WORK // (ENGINE_FIXED + players)``, from ``LEAST_SIMULATIONS`` to
#: ``ENGINE_SIMULATIONS``: about a second of one core's work (measured: an outcome costs about what ranking 60 players
#: more does, 0.54 ms of CPU at 32 players, 0.89 ms at 80, 2.7 ms at 400)
ENGINE_WORK, ENGINE_FIXED, LEAST_SIMULATIONS, ENGINE_SIMULATIONS = 170_000, 60, 100, 2_000
