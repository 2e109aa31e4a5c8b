"""The budget of a request's odds, counted in outcomes, never in seconds (issues 24, 29 and 33).

The work is bounded by the count of outcomes: every outcome when there are no more than a simulation would draw,
else that many drawn (:func:`planned_simulations`, or ``--simulations`` up to :data:`MAX_SIMULATIONS`); ``--exact``
is refused past a count of the participants (:func:`~.run.exact_limit`).  No clock stops the work, so the same file
gives the same numbers on every machine under any load.  What watches the work: ``progress`` (the command line's
line on a terminal) and ``stop`` (the live odds of a replaced version: the work is no longer wanted).  A server
protects itself by its own time limit, which ends the request in an error, never in another answer
(:mod:`tiebreak.web.workers`).

>>> b = Budget()
>>> b.report(10, 100)
>>> Budget(stop=lambda: True).report(10, 100)
Traceback (most recent call last):
...
tiebreak.arbiter.odds.budget.Cancelled
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ...engine.errors import InputError, Place
from ...engine.messages import Message
from ..simulations import (
    DEFAULT_SIMULATIONS,
    ENGINE_FIXED,
    ENGINE_SIMULATIONS,
    ENGINE_WORK,
    LEAST_SIMULATIONS,
    MAX_SIMULATIONS,
)

#: called after each batch: outcomes ranked so far, outcomes planned, seconds spent (shown, never used to decide)
Progress = Callable[[int, int | None, float], None]


def planned_simulations(arrays: bool, players: int) -> int:
    """The outcomes drawn when none are asked for: :data:`DEFAULT_SIMULATIONS` for the array ranker, else as many
    as :data:`ENGINE_WORK` allows (the engine's work grows with the players it ranks: a team event's board players).

    >>> [planned_simulations(False, n) for n in (32, 80, 129, 400, 2000)], planned_simulations(True, 14)
    ([1847, 1214, 899, 369, 100], 100000)
    """
    if arrays:
        return DEFAULT_SIMULATIONS
    return min(ENGINE_SIMULATIONS, max(LEAST_SIMULATIONS, ENGINE_WORK // (ENGINE_FIXED + players)))


@dataclass
class Budget:
    """Who watches one request's odds: ``progress`` is told how far the outcomes are, ``stop`` is asked between
    batches whether the work is still wanted."""

    progress: Progress | None = None
    #: asked between batches: whether the work is no longer wanted (the live odds of a replaced version)
    stop: Callable[[], bool] | None = None
    start: float = field(default_factory=time.perf_counter)

    def report(self, done: int, planned: int | None) -> None:
        """How far the outcomes are (to ``progress``); :class:`Cancelled` when the work is no longer wanted."""
        if self.progress is not None:
            self.progress(done, planned, time.perf_counter() - self.start)
        if self.stop is not None and self.stop():
            raise Cancelled()


class Cancelled(Exception):
    """The work was stopped because its answer is no longer wanted (:attr:`Budget.stop`)."""


def within_limits(simulations: int | None, source: str, progress: Progress | None = None) -> Budget:
    """The budget of a request, its ``--simulations`` checked against :data:`MAX_SIMULATIONS` (an error names the
    file and the option)."""
    if simulations is not None and simulations > MAX_SIMULATIONS:
        raise InputError(Message("--simulations {} is more than {}", simulations, MAX_SIMULATIONS),
                         Place(source, field="simulations"))
    return Budget(progress=progress)
