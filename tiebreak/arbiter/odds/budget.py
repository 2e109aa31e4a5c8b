"""The budget of a request's odds, counted in outcomes, never in seconds (issues 24, 29 and 33).

The work is bounded by the count of outcomes: every outcome when there are no more than a simulation would draw,
else that many drawn (:func:`~tiebreak.arbiter.choices.planned_simulations`, or ``--simulations`` up to
:data:`MAX_SIMULATIONS`); ``--exact`` is refused past a count of the participants (:func:`~.run.exact_limit`).  No
clock stops the work, so the same file gives the same numbers on every machine under any load.  What watches the
work: ``progress`` (the command line's line on a terminal) and ``stop`` (the live odds of a replaced version: the work
is no longer wanted).  A server protects itself by its own time limit, which ends the request in an error, never in
another answer (:mod:`tiebreak.web.workers`).

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
from ..choices import MAX_SIMULATIONS

#: called after each batch: outcomes ranked so far, outcomes planned, seconds spent (shown, never used to decide)
Progress = Callable[[int, int | None, float], None]


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
