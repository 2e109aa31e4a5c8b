"""Enumerate (or simulate) the outcomes of the pending games and add up the places they give.

Every outcome of the ``g`` pending games is a row of ``g`` digits (0 White wins, 1 draw, 2 Black wins); outcome
number ``o`` has digit ``k`` = ``o // 3**k % 3``.  What they add up to is kept by :class:`~.tally.Tally` (exact
fractions for the equal model's enumeration, floating point otherwise).

One rule on every face (the command line, the API, the web page, the site and the live screen), chosen by the counts
alone, never by the clock or the machine's load, so the same file gives the same numbers everywhere and in every run
(method ``count``): every outcome is counted when there are at most as many as a simulation would draw
(:func:`~..choices.planned_simulations`: a number of the ranker and of the players, or ``--simulations``), else that
many are drawn with the seed (the event's own unless one is given).  ``--exact`` (method ``exact``) counts every outcome and
is refused when there are more than :func:`exact_limit` for the participants.  No time limit stops the work: the count
bounds it (a server's own time limit ends a request in an error, never in another answer).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future as Pending
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TypeAlias, TypeVar

import numpy as np
from numpy.typing import NDArray
from threadpoolctl import threadpool_limits

from ...engine.errors import InputError, InputWarning, Place
from ...engine.messages import Message
from ...engine.rules import DEFAULT_RULES, RuleSet
from ...engine.specifier import TieBreakSpec
from ...engine.standings import tournament_seed
from ...engine.team_matches import read_teams
from ..choices import DEFAULT_MODEL, WHITE_ADVANTAGE, planned_simulations
from .budget import Budget
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
MAX_EXACT_GAMES = 30  # 3**30 outcomes: beyond any bound (and 3**40 overflows the outcome numbers)
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
    #: a team event's primary score (``MP``, or ``GP`` when the event says so): the list's ``PTS`` is headed by it
    primary: str = "PTS"

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


def tally(future: Future, ranker: Ranker, probs: NDArray[np.float64], exact_model: bool, counting: OddsRequest,
          player: int | None, depth: int) -> tuple[str, int, Tally]:
    """Every outcome, or a simulation, chosen by the counts (module text): (method, outcomes, their tally).
    ``counting``: its method, simulations, seed, budget and places asked for (the seed and budget given);
    ``player``: the row whose minimal sets are wanted."""
    method, seed, top = counting.method, counting.seed, counting.places or 0
    budget = counting.budget or Budget()
    # the ranker's matrix products are small: BLAS threads only spin (measured: 3 times the CPU time per block);
    # the two threads below keep both cores busy instead
    with threadpool_limits(1, user_api="blas"):
        g = len(future.games)
        count = counting.simulations or planned_simulations(isinstance(ranker, RoundRobinRanker),
                                                            len(future.base.players))
        if method == "exact":
            _refuse_past_limit(future, ranker)
        elif method not in ("count", "simulation"):
            raise ValueError(f"method {method!r}: count, exact or simulation")
        elif method == "simulation" or 3 ** g > count:
            return _simulate(future, ranker, probs, count, seed, budget, depth, top)
        return "exact", 3 ** g, _enumerate(future, ranker, probs, exact_model, player, budget, depth, top)


def _ranked(ranker: Ranker) -> Callable[[Digits], Batch]:
    """The ranker as a function of a batch of digits: digits, who, ahead, size."""
    every = np.arange(ranker.n)[None, :]

    def ranked(d: Digits) -> Batch:
        if not isinstance(ranker, RoundRobinRanker):
            ahead, size = ranker.rank(d)
            return d, np.broadcast_to(every, ahead.shape), ahead, size
        return (d, *ranker.rank_sorted(d))
    return ranked


def exact_limit(ranker: Ranker) -> int:
    """The most outcomes ``--exact`` counts for this ranker (its ``exact_work``: outcomes x participants, a bound by
    the counts alone, a few minutes of work at most): by the number of participants alone.

    >>> from types import SimpleNamespace
    >>> exact_limit(SimpleNamespace(n=32, exact_work=EngineRanker.exact_work)) == 3**11 * 16 // 32
    True
    """
    return max(1, ranker.exact_work // max(1, ranker.n))


def _refuse_past_limit(future: Future, ranker: Ranker) -> None:
    """``--exact`` with more outcomes than :func:`exact_limit` (or than :data:`MAX_EXACT_GAMES` games give): an
    error naming the counts, never a slower or another answer."""
    g, n = len(future.games), ranker.n
    if g > MAX_EXACT_GAMES:
        raise InputError(Message("--exact: {} pending game has 3^{} outcomes, too many to enumerate; leave "
                                 "out --exact for a simulation", g, g,
                                 plural="--exact: {} pending games have 3^{} outcomes, too many to enumerate; leave "
                                 "out --exact for a simulation", count=g), Place(future.base.source, field="exact"))
    if 3 ** g > (limit := exact_limit(ranker)):
        raise InputError(Message("--exact: {} outcome, more than the {} counted for {} participants; leave out "
                                 "--exact for a simulation", 3 ** g, limit, n,
                                 plural="--exact: {} outcomes, more than the {} counted for {} participants; leave out "
                                 "--exact for a simulation", count=3 ** g), Place(future.base.source, field="exact"))


def _enumerate(future: Future, ranker: Ranker, probs: NDArray[np.float64], exact_model: bool, player: int | None,
               budget: Budget, depth: int, top: int) -> Tally:
    """Every outcome, tallied (the minimal sets of ``player`` kept when there are few enough games)."""
    g = len(future.games)
    total = 3 ** g
    weights_of: Callable[[Digits], NDArray[np.float64]] | None = (
        None if exact_model else (lambda d: probs[np.arange(g)[None, :], d].prod(axis=1)))
    if isinstance(ranker, RoundRobinRanker):  # blocks of 3**low outcomes that share the other games' digits
        low = min(g, BLOCK_DIGITS)
        step = 3 ** low

        def work(start: int) -> Batch:
            return ranker.rank_block(start // step, low)
    else:
        step, ranked = ENGINE_BATCH, _ranked(ranker)

        def work(start: int) -> Batch:
            return ranked(digit_rows(start, min(total, start + step), g))
    acc = Tally(ranker.n, g, depth, exact_model, weighted=not exact_model, top=top)
    chosen = player if g <= NEEDS_MAX_GAMES else None
    done = 0
    for d, who, a, s in in_order(work, range(0, total, step)):
        acc.add(d, who, a, s, weights_of(d) if weights_of else None, chosen)
        done += len(d)
        budget.report(done, total)
    return acc


def _simulate(future: Future, ranker: Ranker, probs: NDArray[np.float64], count: int, seed: int | None,
              budget: Budget, depth: int, top: int) -> tuple[str, int, Tally]:
    """``count`` outcomes drawn from the model with ``seed``, tallied in floating point."""
    g = len(future.games)
    batch = BATCH if isinstance(ranker, RoundRobinRanker) else ENGINE_BATCH
    rng = np.random.default_rng(seed)
    cum = np.cumsum(probs, axis=1)
    acc = Tally(ranker.n, g, depth, exact=False, top=top)  # each outcome counts 1: counted, then floating point

    def draw(size: int) -> Digits:  # drawn in order from one generator: the seed repeats the run
        u = rng.random((size, g))
        return ((u >= cum[None, :, 0]).astype(np.int8) + (u >= cum[None, :, 1])).astype(np.int8)
    done = 0
    draws = (draw(min(batch, count - start)) for start in range(0, count, batch))
    for d, who, a, s in in_order(_ranked(ranker), draws):
        acc.add(d, who, a, s, None, None)
        done += len(d)
        budget.report(done, count)
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
        finally:  # left early (the work no longer wanted): the batches not started are not ranked
            for pending in ahead:
                pending.cancel()


def make_ranker(future: Future, specs: list[TieBreakSpec], o: OddsRequest, notes: list[str]) -> tuple[Ranker, str]:
    """The array ranker where it applies, else the engine (with a note saying why)."""
    why = fast_ranker_reason(future, specs)
    if why is None:
        return RoundRobinRanker(future, specs, o.rules), "arrays"  # (its codes have no cumulative score)
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
    return EngineRanker(future, specs, o.rules, o.unrated_rating, o.cumulative_half_bye), "engine"


@dataclass(frozen=True)
class OddsRequest:
    """How the odds are asked for, each as :func:`tiebreak.arbiter.odds.compute_odds`' keyword of the same name: the
    rules ranking each outcome, the model of a game's result, how the outcomes are counted (``method``,
    ``simulations``, ``seed``, ``budget``), the player whose needs are wanted, the top places asked for and the
    cumulative score's half-point bye."""

    rules: str | RuleSet = DEFAULT_RULES
    model: str = DEFAULT_MODEL
    draw_rate: float | None = None
    white_advantage: float = WHITE_ADVANTAGE
    method: str = "count"
    simulations: int | None = None
    seed: int | None = None
    player: int | None = None
    budget: Budget | None = None
    unrated_rating: int | None = None
    places: int | None = None
    cumulative_half_bye: str | None = None


def run_odds(future: Future, specs: list[TieBreakSpec], options: OddsRequest = OddsRequest(),
             fixed: list[tuple[Game, int]] | None = None, teams: TeamEngineRanker | None = None) -> Odds:
    """Odds of every place for the pending games of ``future`` (see :func:`tiebreak.arbiter.odds.compute_odds`);
    ``teams``: the ranker of a team event's teams (``options.player`` is then a team number)."""
    o = options
    notes = list(future.notes)
    probs, fractions, model_notes = probabilities(future, o.model, o.draw_rate, o.white_advantage, o.unrated_rating)
    notes += model_notes
    ranker: Ranker
    if teams is None:
        ranker, ranker_name = make_ranker(future, specs, o, notes)
        participants = players_of(future)
    else:
        ranker, ranker_name, participants = teams, "engine", teams.participants
    numbers = [p.start_no for p in participants]
    if o.player is not None and o.player not in numbers:
        raise InputError(Message("--player {} is not a team number of this event", o.player) if teams else
                         Message("--player {} is not a start number of this tournament", o.player),
                         Place(future.base.source, field="player"))
    if o.simulations is not None and o.simulations < 1:
        raise InputError(Message("--simulations {} must be at least 1", o.simulations),
                         Place(future.base.source, field="simulations"))
    # the event's own seed unless given, as its lots (the same simulation in every run, on every face)
    seed = tournament_seed(future.base) if o.seed is None else o.seed
    row = None if o.player is None else numbers.index(o.player)
    depth = depth_for(len(participants), o.places)
    how, count, acc = tally(future, ranker, probs, fractions is not None, replace(o, seed=seed), row, depth)
    chances = acc.places()
    margin = None
    if how == "simulation":
        worst_p = max((float(p) for line in chances for p in line), key=lambda p: p * (1 - p), default=0.0)
        margin = 1.96 * (worst_p * (1 - worst_p) / max(count, 1)) ** 0.5
    alone = np.concatenate(acc.alone_first) if acc.alone_first else None
    return Odds(future, specs, how, count, o.model, ranker_name, chances, acc.first_by_result(),
                acc.result_probability(), acc.best, acc.worst, margin, seed if how == "simulation" else None,
                fixed or [], alone, row, notes, participants, teams is not None,
                expected=acc.expected(), depth=depth, top=acc.top_chance())
