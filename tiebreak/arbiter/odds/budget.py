"""One time budget for all the odds work of a request: enumeration, simulation, tallies (issues 24 and 29).

The budget starts when the request does (reading the file included).  Exact enumeration is chosen only when the
first batch says that every outcome fits in what is left; a simulation draws outcomes until it has as many as asked or
the budget is spent, and reports how many it has with their margin.  ``None`` seconds: no limit (``--budget none``).

>>> b = Budget(None)
>>> b.over(), b.left() > 1e9
(False, True)
>>> Budget(0).over()
True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ...engine.errors import InputError, Place
from ...engine.messages import Message

#: the most seconds and simulations a request may ask for (the command line's ``--budget`` and ``--simulations``, the
#: API's fixed budget and its ``simulations`` field); ``--budget none`` lifts the time limit on the command line only
MAX_BUDGET, MAX_SIMULATIONS = 20.0, 1_000_000
#: the seconds a request has when it asks for none (``odds --budget``; the API always gives :data:`MAX_BUDGET`)
DEFAULT_BUDGET = MAX_BUDGET

#: what the ranking keeps of the budget for the work after it (the answer), as a share and at least this long, and
#: per participant (the answer's rows: about 50 microseconds each, measured with 9,999 players)
RESERVE_SHARE, RESERVE_SECONDS, RESERVE_PER_ROW = 0.05, 0.1, 50e-6

#: called after each batch: outcomes ranked so far, outcomes planned (None: until the budget), seconds spent
Progress = Callable[[int, int | None, float], None]


@dataclass
class Budget:
    """Seconds allowed from ``start`` (``None``: unlimited)."""

    seconds: float | None
    start: float = field(default_factory=time.perf_counter)
    progress: Progress | None = None
    #: seconds kept for the answer after the ranking (set by the odds from the number of participants)
    after: float = 0.0
    #: asked between batches: whether the work is no longer wanted (the live odds of a replaced version)
    stop: Callable[[], bool] | None = None

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def left(self) -> float:
        """Seconds left before the budget is spent (a very large number without a limit)."""
        if self.seconds is None:
            return float("inf")
        return self.seconds - self.elapsed()

    def over(self) -> bool:
        return self.left() <= 0

    def deadline(self) -> float | None:
        """The ``time.perf_counter()`` by which the ranking stops (a little before the end of the budget, for the
        work after it), or None."""
        if self.seconds is None:
            return None
        return self.start + self.seconds - max(RESERVE_SECONDS, RESERVE_SHARE * self.seconds) - self.after

    def report(self, done: int, planned: int | None) -> None:
        """How far the outcomes are (to ``progress``); :class:`Cancelled` when the work is no longer wanted."""
        if self.progress is not None:
            self.progress(done, planned, self.elapsed())
        if self.stop is not None and self.stop():
            raise Cancelled()


class Cancelled(Exception):
    """The work was stopped because its answer is no longer wanted (:attr:`Budget.stop`)."""


def within_limits(seconds: float | None, simulations: int | None, source: str,
                  progress: Progress | None = None) -> Budget:
    """The budget of a request (started now), its options checked against :data:`MAX_BUDGET` and
    :data:`MAX_SIMULATIONS` (an error names the file and the option)."""
    if seconds is not None and not 0 <= seconds <= MAX_BUDGET:
        raise InputError(Message("--budget {} is outside 0..{} seconds (none: no limit)",
                                 format(seconds, 'g'), format(MAX_BUDGET, 'g')),
                         Place(source, field="budget"))
    if simulations is not None and simulations > MAX_SIMULATIONS:
        raise InputError(Message("--simulations {} is more than {}", simulations, MAX_SIMULATIONS),
                         Place(source, field="simulations"))
    return Budget(seconds, progress=progress)


def as_budget(budget: Budget | float | None) -> Budget:
    """A :class:`Budget` from seconds (starting now), or the one given."""
    return budget if isinstance(budget, Budget) else Budget(budget)
