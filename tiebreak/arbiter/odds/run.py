"""Enumerate (or simulate) the outcomes of the pending games and add up the places they give.

Every outcome of the ``g`` pending games is a row of ``g`` digits (0 White wins, 1 draw, 2 Black wins); outcome
number ``o`` has digit ``k`` = ``o // 3**k % 3``.  Exact enumeration goes through all ``3**g`` rows in batches when
there are few enough for the participants (:func:`exact_limit`: by the counts alone, never by the clock); otherwise
outcomes are drawn from the model (seeded) until there are as many as asked or the budget is spent.  What they add up
to is kept by :class:`~.tally.Tally` (exact fractions for the equal model's enumeration, floating point otherwise).

Method ``count`` (the live odds) chooses by the count alone, never by the clock or the machine's load, so the same
results give the same numbers in every run: every outcome when there are at most as many as the outcomes it would
draw (:func:`planned_simulations`: a number of the ranker and of the players), else that many drawn with the seed;
the budget only guards against an overloaded machine (a simulation it stops says so in the notes).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future as Pending
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cached_property
from typing import TypeAlias, TypeVar

import numpy as np
from numpy.typing import NDArray
from threadpoolctl import threadpool_limits

from ...engine.errors import InputError, InputWarning, Place
from ...engine.messages import Message
from ...engine.rules import RuleSet
from ...engine.specifier import TieBreakSpec
from ...engine.standings import tournament_seed
from ...engine.team_matches import read_teams
from .budget import RESERVE_PER_ROW, Budget, as_budget
from .engine_ranker import EngineRanker
from .models import probabilities
from .needs import minimal_sets
from .participants import Participant, players_of
from .pending import Future, Game
from .places import digit_rows
from .rankers import RoundRobinRanker, fast_ranker_reason
from .tally import Probability, Tally, depth_for
from .team_ranker import TeamEngineRanker

#: outcomes x games: 0 White wins, 1 draw, 2 Black wins
Digits: TypeAlias = NDArray[np.int8]
#: outcomes x players (``who``: the players in place order; ``ahead``, ``size``: that player's place)
Places: TypeAlias = NDArray[np.int64]
#: one batch: digits, who, ahead, size (:func:`~.places.sorted_places`, or every player in order for the engine)
Batch: TypeAlias = tuple[Digits, Places, Places, Places]
Ranker: TypeAlias = RoundRobinRanker | EngineRanker | TeamEngineRanker
T = TypeVar("T")

BATCH = 1 << 15
BLOCK_DIGITS = 9  # exact enumeration: blocks of 3**9 = 19,683 outcomes (measured: faster than 3**8 and 3**10)
THREADS = 2
ENGINE_BATCH = 50
DEFAULT_SIMULATIONS = 100_000
ENGINE_SIMULATIONS = 2_000  # one by one through the engine: at most this many unless asked (fewer past the budget)
#: every outcome is enumerated when outcomes x participants is at most this (the arrays of a round robin; measured on
#: 2 cores at load 19: 9.5 s for 3**13 outcomes of 10 players, so 3**12 fits the live odds' 4.5 s), else simulated: a
#: choice by the counts alone, never by the clock, so every face and every run gives the same answer (the budget
#: still stops an enumeration that runs past it: a simulation then, said in a note)
EXACT_WORK = 3**12 * 10
#: the same for the engine, which ranks outcome by outcome (about a millisecond for 32 players): 3**8 outcomes at 16
#: players, 3**7 at 32
ENGINE_EXACT_WORK = 3**8 * 16
#: the same for a team event's teams, each outcome's matches rebuilt from the boards (3-10 ms for 15 teams): 3**6 at
#: 16, so one match of six boards (729 outcomes) is counted whole for up to 16 teams
TEAM_EXACT_WORK = 3**6 * 16
GRACE_SHARE, GRACE_SECONDS = 0.1, 0.2  # a simulation after an enumeration that ran past the budget
#: method ``count``: the engine's outcomes drawn are ``ENGINE_WORK // (ENGINE_FIXED + players)``, from
#: ``LEAST_SIMULATIONS`` to :data:`ENGINE_SIMULATIONS`: about a second of one core's work (measured: an outcome costs
#: about what ranking 60 players more does, 0.54 ms of CPU at 32 players, 0.89 ms at 80, 2.7 ms at 400)
ENGINE_WORK, ENGINE_FIXED, LEAST_SIMULATIONS = 170_000, 60, 100
MAX_EXACT_GAMES = 30  # 3**30 outcomes: beyond any budget (and 3**40 overflows the outcome numbers)
NEEDS_MAX_GAMES = 12  # 4**12 cubes for "what X needs"


@dataclass
class Odds:
    future: Future
    specs: list[TieBreakSpec]
    method: str
    outcomes: int
    model: str
    ranker: str
    #: participant x place: probability (Fraction when exact and the model is exact), the first ``depth`` places
    places: list[list[Probability]]
    #: game x result: P(first | result) of each contender (participant index -> probability; the others have none),
    #: None where the result cannot happen
    first_by_result: list[list[dict[int, Probability] | None]]
    result_probability: list[list[Probability]]  # game x result
    best: list[int]
    worst: list[int]
    margin: float | None  # 95 % half-width of the simulation
    seed: int | None
    fixed_games: list[tuple[Game, int]]  # (Game, result digit) fixed by --fix
    alone_first: NDArray[np.bool_] | None
    player: int | None  # the chosen participant's index in ``participants``
    notes: list[str]
    seconds: float
    #: who is ranked, in the order of ``places``: the players, or the teams of a team event
    participants: list[Participant] = field(default_factory=list)
    team: bool = False
    #: what building the team matches warned about (team events)
    warnings: list[InputWarning] = field(default_factory=list)
    #: each participant's expected place (the order of the report after the chance of first place)
    expected: list[float] = field(default_factory=list)
    #: the places whose chances are kept (every place in a small event; else the places asked for, 6 to 64)
    depth: int = 0
    #: the chance of the top K per participant when K (``places``) is beyond the places kept
    top: list[Probability] | None = None

    @cached_property
    def needs(self) -> list[dict[int, int]] | None:
        """The minimal sets of results that give the chosen participant first place alone (None when not worked
        out: no participant chosen, or no exact enumeration)."""
        if self.alone_first is None:
            return None
        return minimal_sets(self.alone_first, len(self.future.games))

    @cached_property
    def team_of(self) -> dict[int, int]:
        """A team event's board players: start number -> team number (empty for an individual event)."""
        return {no: tm.number for tm in read_teams(self.future.base) for no in tm.members} if self.team else {}


def tally(future: Future, ranker: Ranker, probs: NDArray[np.float64], exact_model: bool, method: str,
          simulations: int | None, seed: int | None, player: int | None, budget: Budget, notes: list[str],
          depth: int, top: int = 0) -> tuple[str, int, Tally]:
    """Every outcome, or a simulation (module text), within ``budget``: (method, outcomes, their tally)."""
    # the ranker's matrix products are small: BLAS threads only spin (measured: 3 times the CPU time per block);
    # the two threads below keep both cores busy instead
    with threadpool_limits(1, user_api="blas"):
        g = len(future.games)
        timed = method != "count"
        if method == "count":  # chosen by the count, never by the clock (module text)
            simulations = simulations or planned_simulations(isinstance(ranker, RoundRobinRanker),
                                                             len(future.base.players))
            method = "exact" if 3 ** g <= simulations else "simulation"
        if method != "simulation" and g > MAX_EXACT_GAMES:
            if method == "exact":
                raise InputError(Message("--exact: {} pending games have 3^{} outcomes, too many to enumerate; leave "
                                         "out --exact for a simulation",
                                         g, g), Place(future.base.source, field="exact"))
            notes.append(Message("{} pending games: too many outcomes to enumerate, simulated instead", g))
            method = "simulation"
        if method != "simulation":
            done, overran = _enumerate(future, ranker, probs, exact_model, method == "exact" and timed, player,
                                       budget, notes, depth, top, timed)
            if done is not None:
                return "exact", 3 ** g, done
            if overran:  # the enumeration ran past the budget (a slower machine than measured): a short simulation
                budget = Budget(max(GRACE_SECONDS, GRACE_SHARE * (budget.seconds or 0)), progress=budget.progress)
        return _simulate(future, ranker, probs, simulations, seed, budget, notes, depth, top)


def _ranked(ranker: Ranker, until: float | None) -> Callable[[Digits], Batch]:
    """The ranker as a function of a batch of digits: digits, who, ahead, size (the engine stops at ``until``, the
    digits then cut to the outcomes ranked)."""
    every = np.arange(ranker.n)[None, :]

    def ranked(d: Digits) -> Batch:
        if not isinstance(ranker, RoundRobinRanker):
            ahead, size = ranker.rank(d, until)
            return d[:len(ahead)], np.broadcast_to(every, ahead.shape), ahead, size
        return (d, *ranker.rank_sorted(d))
    return ranked


def exact_limit(ranker: Ranker) -> int:
    """The most outcomes enumerated for this ranker (:data:`EXACT_WORK`, :data:`ENGINE_EXACT_WORK`,
    :data:`TEAM_EXACT_WORK`): by the number of participants alone.

    >>> from types import SimpleNamespace
    >>> exact_limit(SimpleNamespace(n=32)) == 3**8 * 16 // 32
    True
    """
    work = (EXACT_WORK if isinstance(ranker, RoundRobinRanker) else TEAM_EXACT_WORK
            if isinstance(ranker, TeamEngineRanker) else ENGINE_EXACT_WORK)
    return max(1, work // max(1, ranker.n))


def _enumerate(future: Future, ranker: Ranker, probs: NDArray[np.float64], exact_model: bool, asked: bool,
               player: int | None, budget: Budget, notes: list[str], depth: int,
               top: int, timed: bool = True) -> tuple[Tally | None, bool]:
    """Every outcome when there are few enough for the participants (:func:`exact_limit`; None: there are more, said
    in ``notes``; ``asked`` (``--exact``): refused instead, unless the budget is none; ``timed`` false, method
    ``count``: the caller chose by its own count), and whether it ran past the budget."""
    g, n = len(future.games), ranker.n
    total = 3 ** g
    weights_of: Callable[[Digits], NDArray[np.float64]] | None = (
        None if exact_model else (lambda d: probs[np.arange(g)[None, :], d].prod(axis=1)))
    until = budget.deadline()
    if isinstance(ranker, RoundRobinRanker):  # blocks of 3**low outcomes that share the other games' digits
        low = min(g, BLOCK_DIGITS)
        step = 3 ** low

        def work(start: int) -> Batch:
            return ranker.rank_block(start // step, low)
    else:
        step, ranked = ENGINE_BATCH, _ranked(ranker, until)

        def work(start: int) -> Batch:
            return ranked(digit_rows(start, min(total, start + step), g))
    limit = exact_limit(ranker)
    if timed and total > limit and not (asked and budget.seconds is None):
        if asked:
            raise InputError(Message("--exact: {} outcomes, more than the {} enumerated for {} participants: give "
                                     "--budget none to wait for them, or leave out --exact for a simulation",
                                     total, limit, n), Place(future.base.source, field="budget"))
        notes.append(Message("{} outcomes, more than the {} enumerated for {} participants: simulated instead",
                             total, limit, n))
        return None, False
    acc = Tally(n, g, depth, exact_model, weighted=not exact_model, top=top)
    chosen = player if g <= NEEDS_MAX_GAMES else None
    done = 0
    for d, who, a, s in in_order(work, range(0, total, step)):
        acc.add(d, who, a, s, weights_of(d) if weights_of else None, chosen)
        done += len(d)
        budget.report(done, total)
        if until is not None and time.perf_counter() > until:
            break
    if done == total:
        return acc, False
    if asked:
        raise InputError(Message("--exact: the {} outcomes took longer than the budget of {} s: give --budget none to "
                                 "wait for them",
                                 total, format(budget.seconds, 'g')),
                         Place(future.base.source, field="budget"))
    notes.append(Message("the {} outcomes took longer than the budget of {} s: simulated instead",
                         total, format(budget.seconds, 'g')))
    return None, True


def planned_simulations(arrays: bool, players: int) -> int:
    """The outcomes drawn when they are chosen by the count (method ``count``): :data:`DEFAULT_SIMULATIONS` for the
    array ranker, else as many as :data:`ENGINE_WORK` allows (the engine's work grows with the players it ranks: a
    team event's board players).

    >>> [planned_simulations(False, n) for n in (32, 80, 129, 400, 2000)], planned_simulations(True, 14)
    ([1847, 1214, 899, 369, 100], 100000)
    """
    if arrays:
        return DEFAULT_SIMULATIONS
    return min(ENGINE_SIMULATIONS, max(LEAST_SIMULATIONS, ENGINE_WORK // (ENGINE_FIXED + players)))


def _simulate(future: Future, ranker: Ranker, probs: NDArray[np.float64], simulations: int | None,
              seed: int | None, budget: Budget, notes: list[str], depth: int, top: int) -> tuple[str, int, Tally]:
    """Outcomes drawn from the model (seeded) until there are ``simulations`` of them (by default
    :data:`DEFAULT_SIMULATIONS`, or :data:`ENGINE_SIMULATIONS` for the engine) or the budget is spent, tallied in
    floating point."""
    g = len(future.games)
    engine = not isinstance(ranker, RoundRobinRanker)
    count = simulations or (ENGINE_SIMULATIONS if engine else DEFAULT_SIMULATIONS)
    batch = ENGINE_BATCH if engine else BATCH
    until = budget.deadline()
    ranked = _ranked(ranker, until)
    rng = np.random.default_rng(seed)
    cum = np.cumsum(probs, axis=1)
    acc = Tally(ranker.n, g, depth, exact=False, top=top)  # each outcome counts 1: counted, then floating point

    def draw(size: int) -> Digits:  # drawn in order from one generator: the seed repeats the run
        u = rng.random((size, g))
        return ((u >= cum[None, :, 0]).astype(np.int8) + (u >= cum[None, :, 1])).astype(np.int8)
    done = 0
    draws = (draw(min(batch, count - start)) for start in range(0, count, batch))
    for d, who, a, s in in_order(ranked, draws):
        acc.add(d, who, a, s, None, None)
        done += len(d)
        budget.report(done, count)
        if until is not None and time.perf_counter() > until:
            break
    if done < count:
        notes.append(Message("simulation stopped at the budget of {} s: {} outcomes",
                             format(budget.seconds, 'g'), done))
    return "simulation", done, acc


def in_order(work: Callable[[T], Batch], items: Iterable[T]) -> Iterator[Batch]:
    """``work`` of each item on :data:`THREADS` threads (numpy lets go of the GIL inside its loops: both cores stay
    busy), the results in the order of the items.  At most ``2 * THREADS`` items are taken ahead of the one waited
    for, so memory stays bounded however many batches there are (``Executor.map`` takes every item at once: a few
    billion simulated outcomes were all drawn before the first was ranked).

    >>> list(in_order(lambda x: x * x, range(5)))
    [0, 1, 4, 9, 16]
    """
    with ThreadPoolExecutor(THREADS) as pool:
        ahead: deque[Pending[Batch]] = deque()
        try:
            for item in items:
                ahead.append(pool.submit(work, item))
                if len(ahead) > 2 * THREADS:
                    yield ahead.popleft().result()
            while ahead:
                yield ahead.popleft().result()
        finally:  # left early (the budget spent): the batches not started are not ranked
            for pending in ahead:
                pending.cancel()


def make_ranker(future: Future, specs: list[TieBreakSpec], rules: str | RuleSet, unrated_rating: int | None,
                notes: list[str]) -> tuple[Ranker, str]:
    """The array ranker where it applies, else the engine (with a note saying why)."""
    why = fast_ranker_reason(future, specs)
    if why is None:
        return RoundRobinRanker(future, specs, rules), "arrays"
    if why == "swiss":
        notes.append("not a round robin: every outcome is ranked by the engine one by one")
    elif why == "list":
        codes = ", ".join(s.text for s in specs)
        notes.append(Message("tie-break list {}: every outcome is ranked by the engine one by one (the array ranker "
                             "takes PTS DE WIN WON BPG BWG SB KS without modifiers)",
                             codes))
    elif why == "unplayed":
        notes.append("rounds not played over the board: every outcome is ranked by the engine one by one")
    else:
        notes.append("some players never meet: every outcome is ranked by the engine one by one")
    return EngineRanker(future, specs, rules, unrated_rating), "engine"


def run_odds(future: Future, specs: list[TieBreakSpec], *, rules: str | RuleSet = "auto", model: str = "equal",
             draw_rate: float | None = None, white_advantage: float = 35, method: str = "auto",
             simulations: int | None = None, seed: int | None = None, player: int | None = None,
             budget: Budget | float | None = 20.0, unrated_rating: int | None = None,
             fixed: list[tuple[Game, int]] | None = None, teams: TeamEngineRanker | None = None,
             places: int | None = None) -> Odds:
    """Odds of every place for the pending games of ``future`` (see :func:`tiebreak.arbiter.odds.compute_odds`);
    ``teams``: the ranker of a team event's teams (``player`` is then a team number)."""
    clock = time.perf_counter()
    budget = as_budget(budget)
    notes = list(future.notes)
    probs, fractions, model_notes = probabilities(future, model, draw_rate, white_advantage, unrated_rating)
    notes += model_notes
    ranker: Ranker
    if teams is None:
        ranker, ranker_name = make_ranker(future, specs, rules, unrated_rating, notes)
        participants = players_of(future)
    else:
        ranker, ranker_name, participants = teams, "engine", teams.participants
    numbers = [p.start_no for p in participants]
    if player is not None and player not in numbers:
        raise InputError(Message("--player {} is not a team number of this event", player) if teams else
                         Message("--player {} is not a start number of this tournament", player),
                         Place(future.base.source, field="player"))
    if simulations is not None and simulations < 1:
        raise InputError(Message("--simulations {} must be at least 1", simulations),
                         Place(future.base.source, field="simulations"))
    if seed is None:  # the event's own, as its lots (the same simulation in every run, on every face)
        seed = tournament_seed(future.base)
    row = None if player is None else numbers.index(player)
    depth = depth_for(len(participants), places)
    budget.after = RESERVE_PER_ROW * (len(participants) + len(future.games))
    how, count, acc = tally(future, ranker, probs, fractions is not None, method, simulations, seed, row, budget,
                            notes, depth, places or 0)
    chances = acc.places()
    margin = None
    if how == "simulation":
        worst_p = max((float(p) for line in chances for p in line), key=lambda p: p * (1 - p), default=0.0)
        margin = 1.96 * (worst_p * (1 - worst_p) / max(count, 1)) ** 0.5
    alone = np.concatenate(acc.alone_first) if acc.alone_first else None
    return Odds(future, specs, how, count, model, ranker_name, chances, acc.first_by_result(),
                acc.result_probability(), acc.best, acc.worst, margin, seed if how == "simulation" else None,
                fixed or [], alone, row, notes, time.perf_counter() - clock, participants, teams is not None,
                expected=acc.expected(), depth=depth, top=acc.top_chance())
