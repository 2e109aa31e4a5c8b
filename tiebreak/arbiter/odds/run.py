"""Enumerate (or simulate) the outcomes of the pending games and add up the places they give.

Every outcome of the ``g`` pending games is a row of ``g`` digits (0 White wins, 1 draw, 2 Black wins); outcome
number ``o`` has digit ``k`` = ``o // 3**k % 3``.  Exact enumeration goes through all ``3**g`` rows in batches when
the first batch says that fits in the time budget; otherwise ``N`` outcomes are drawn from the model (seeded).

For each outcome the ranker gives every player's ``ahead`` (players strictly ahead) and ``size`` (players sharing
the place); the player takes each of the places ``ahead + 1 … ahead + size`` with weight ``1 / size``.  Counts are
kept by ``(player, ahead, size)`` as integers, so the equal model's probabilities are exact fractions.
"""

from __future__ import annotations

import secrets
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future as Pending
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeAlias, TypeVar

import numpy as np
from numpy.typing import NDArray
from threadpoolctl import threadpool_limits

from ...engine.errors import InputError, InputWarning, Place
from ...engine.rules import RuleSet
from ...engine.specifier import TieBreakSpec
from .engine_ranker import EngineRanker
from .models import probabilities
from .participants import Participant, players_of
from .pending import Future, Game
from .places import digit_rows
from .rankers import RoundRobinRanker, fast_ranker_reason
from .team_ranker import TeamEngineRanker

#: outcomes x games: 0 White wins, 1 draw, 2 Black wins
Digits: TypeAlias = NDArray[np.int8]
#: outcomes x players (``who``: the players in place order; ``ahead``, ``size``: that player's place)
Places: TypeAlias = NDArray[np.int64]
#: integer counts (exact enumeration under the equal model) or model probabilities
Weights: TypeAlias = NDArray[np.int64] | NDArray[np.float64]
#: one batch: digits, who, ahead, size (:func:`~.places.sorted_places`, or every player in order for the engine)
Batch: TypeAlias = tuple[Digits, Places, Places, Places]
#: a probability: exact under the equal model (when every outcome is enumerated), else a float
Probability: TypeAlias = Fraction | float
Ranker: TypeAlias = RoundRobinRanker | EngineRanker | TeamEngineRanker
T = TypeVar("T")

BATCH = 1 << 15
BLOCK_DIGITS = 9  # exact enumeration: blocks of 3**9 = 19,683 outcomes (measured: faster than 3**8 and 3**10)
THREADS = 2
ENGINE_BATCH = 200
DEFAULT_SIMULATIONS = 100_000
ENGINE_SIMULATIONS = 2_000  # one by one through the engine, when nothing measured the time an outcome takes
MAX_EXACT_GAMES = 30  # 3**30 outcomes: beyond any budget (and 3**40 overflows the outcome numbers)
NEEDS_MAX_GAMES = 12  # 4**12 cubes for "what X needs"


@dataclass
class Tally:
    """What the outcomes add up to (weights: integer counts, or model probabilities as floats)."""

    n: int
    g: int
    exact: bool
    #: size - 1 x player x ahead: the weight of outcomes in which the player shares places ahead+1..ahead+size
    table: Weights
    #: size - 1 x game x result x player: the weight of first place shared by ``size`` players
    first: Weights
    result_weight: Weights  # game x result
    total: float | int = 0
    #: per batch, per outcome: the chosen player first alone (exact only)
    alone_first: list[NDArray[np.bool_]] = field(default_factory=list)

    @classmethod
    def empty(cls, n: int, g: int, exact: bool) -> "Tally":
        dtype = np.int64 if exact else float
        return cls(n, g, exact, np.zeros((1, n, n), dtype), np.zeros((1, g, 3, n), dtype), np.zeros((g, 3), dtype),
                   0 if exact else 0.0)

    def _count(self, store: Weights, cells: NDArray[np.int64], weights: NDArray[np.float64] | None,
               sizes: int) -> Weights:
        """``store`` plus the weight of each of its flat ``cells`` (grown to ``sizes`` tie sizes first)."""
        if sizes > len(store):
            store = np.concatenate([store, np.zeros((sizes - len(store), *store.shape[1:]), store.dtype)])
        counts = np.bincount(cells, weights, minlength=store.size)
        store += counts.reshape(store.shape).astype(store.dtype, copy=False)
        return store

    def add(self, digits: Digits, who: Places, ahead: Places, size: Places, weights: NDArray[np.float64] | None,
            player: int | None) -> None:
        """One batch: ``who``/``ahead``/``size`` as :func:`~.rankers.sorted_places` gives them (any order of the
        players inside a row will do)."""
        n, g = self.n, self.g
        self.total += len(digits) if weights is None else float(weights.sum())
        sizes = int(size.max())
        cells = ((size.astype(np.int64) - 1) * n + who) * n + ahead
        self.table = self._count(self.table, cells.ravel(), None if weights is None else np.repeat(weights, n), sizes)
        cells = (np.arange(g)[None, :] * 3 + digits).ravel()
        self.result_weight += np.bincount(cells, None if weights is None else np.repeat(weights, g),
                                          minlength=3 * g).reshape(g, 3).astype(self.result_weight.dtype)
        o, i = np.nonzero(ahead == 0)
        # one count over (size, game, result, player) for every game at once
        at = (size[o, i].astype(np.int64) - 1) * g
        cells = (((at[:, None] + np.arange(g)[None, :]) * 3 + digits[o]) * n + who[o, i][:, None]).ravel()
        self.first = self._count(self.first, cells, None if weights is None else np.repeat(weights[o], g),
                                 int(size[o, i].max()))
        if player is not None:
            alone = (ahead == 0) & (size == 1) & (who == player)
            self.alone_first.append(alone.any(axis=1))

    @property
    def best(self) -> NDArray[np.int64]:
        """Each player's best place - 1 over the outcomes of positive weight."""
        seen: NDArray[np.bool_] = np.any(self.table > 0, axis=0)
        return np.where(seen.any(axis=1), np.argmax(seen, axis=1), self.n)

    @property
    def worst(self) -> NDArray[np.int64]:
        """Each player's worst place - 1 over the outcomes of positive weight."""
        s, p, a = np.nonzero(self.table > 0)
        out = np.zeros(self.n, np.int64)
        np.maximum.at(out, p, a + s)
        return out

    def first_weights(self, k: int, r: int) -> list[Probability]:
        """Weight of first place for each player when game ``k`` has result ``r`` (Fractions when exact)."""
        out: list[Probability] = [Fraction(0) if self.exact else 0.0] * self.n
        for sz, counts in enumerate(self.first, 1):
            share = Fraction(1, sz) if self.exact else 1 / sz
            out = [x + int(c) * share if self.exact else x + float(c) * share for x, c in zip(out, counts[k, r])]
        return out

    def place_weights(self) -> list[list[Probability]]:
        """Weight of each place for each player (Fractions when exact): a difference array over the places."""
        n = self.n
        diff = np.zeros((n, 2 * n + 1), object if self.exact else float)
        for sz, counts in enumerate(self.table, 1):
            if not counts.any():
                continue
            share = counts.astype(object) * Fraction(1, sz) if self.exact else counts / sz
            diff[:, :n] += share
            diff[:, sz:sz + n] -= share
        weights: list[list[Probability]] = np.cumsum(diff, axis=1)[:, :n].tolist()
        return weights


@dataclass
class Odds:
    future: Future
    specs: list[TieBreakSpec]
    method: str
    outcomes: int
    model: str
    ranker: str
    places: list[list[Probability]]  # player x place: probability (Fraction when exact and the model is exact)
    #: game x result x player: P(first | result), None where the result cannot happen
    first_by_result: list[list[list[Probability] | None]]
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


def tally(future: Future, ranker: Ranker, probs: NDArray[np.float64], exact_model: bool, method: str,
          simulations: int | None,
          seed: int | None, player: int | None, budget: float, notes: list[str]) -> tuple[str, int, Tally]:
    # the ranker's matrix products are small: BLAS threads only spin (measured: 3 times the CPU time per block);
    # the two threads below keep both cores busy instead
    with threadpool_limits(1, user_api="blas"):
        return _tally(future, ranker, probs, exact_model, method, simulations, seed, player, budget, notes)


def _tally(future: Future, ranker: Ranker, probs: NDArray[np.float64], exact_model: bool, method: str,
          simulations: int | None,
           seed: int | None, player: int | None, budget: float, notes: list[str]) -> tuple[str, int, Tally]:
    g = len(future.games)
    n = ranker.n  # the participants ranked: players, or the teams of a team event
    total = 3 ** g
    engine = not isinstance(ranker, RoundRobinRanker)
    batch = ENGINE_BATCH if engine else BATCH
    weights_of: Callable[[Digits], NDArray[np.float64]] | None = (
        None if exact_model else (lambda d: probs[np.arange(g)[None, :], d].prod(axis=1)))
    every = np.arange(n)[None, :]
    bounded = False

    def ranked(d: Digits) -> Batch:
        """Digits, who, ahead, size."""
        if not isinstance(ranker, RoundRobinRanker):
            ahead, size = ranker.rank(d)
            return d, np.broadcast_to(every, ahead.shape), ahead, size
        return (d, *ranker.rank_sorted(d))

    if method != "simulation" and g > MAX_EXACT_GAMES:
        notes.append(f"{g} pending games: too many outcomes to enumerate, simulated instead")
        method = "simulation"
        if simulations is None and engine:  # at most this many, fewer if they would take more than the budget
            simulations, bounded = ENGINE_SIMULATIONS, True
    if method != "simulation":
        if isinstance(ranker, RoundRobinRanker):  # blocks of 3**low outcomes that share the other games' digits
            low = min(g, BLOCK_DIGITS)
            batch = 3 ** low

            def work(start: int) -> Batch:
                return ranker.rank_block(start // batch, low)
        else:
            def work(start: int) -> Batch:
                return ranked(digit_rows(start, min(total, start + batch), g))
        clock = time.perf_counter()
        first = work(0)
        per = (time.perf_counter() - clock) / len(first[0])
        if method == "exact" or total * per <= budget:
            acc = Tally.empty(n, g, exact_model)
            chosen = player if g <= NEEDS_MAX_GAMES else None
            acc.add(*first, weights_of(first[0]) if weights_of else None, chosen)
            for d, who, a, s in in_order(work, range(len(first[0]), total, batch)):
                acc.add(d, who, a, s, weights_of(d) if weights_of else None, chosen)
            return "exact", total, acc
        if simulations is None:
            simulations = min(DEFAULT_SIMULATIONS, max(1000, int(budget / per) // 1000 * 1000))
        notes.append(f"{total} outcomes would take about {total * per:.0f} s: simulated instead")
    simulations = simulations or DEFAULT_SIMULATIONS
    rng = np.random.default_rng(seed)
    cum = np.cumsum(probs, axis=1)
    acc = Tally.empty(n, g, True)

    def draw(count: int) -> Digits:  # drawn in order from one generator: the seed repeats the run
        u = rng.random((count, g))
        return ((u >= cum[None, :, 0]).astype(np.int8) + (u >= cum[None, :, 1])).astype(np.int8)
    done = 0
    if bounded:  # a bound, not a number asked for: the first batch says how many fit in the budget
        clock = time.perf_counter()
        first = ranked(draw(min(batch, simulations)))
        per = (time.perf_counter() - clock) / len(first[0])
        acc.add(*first, None, None)
        done = len(first[0])
        simulations = max(done, min(simulations, int(budget / per)))
    draws = (draw(min(batch, simulations - start)) for start in range(done, simulations, batch))
    for d, who, a, s in in_order(ranked, draws):
        acc.add(d, who, a, s, None, None)
    return "simulation", simulations, acc


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
        for item in items:
            ahead.append(pool.submit(work, item))
            if len(ahead) > 2 * THREADS:
                yield ahead.popleft().result()
        while ahead:
            yield ahead.popleft().result()


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
        notes.append(f"tie-break list {codes}: every outcome is ranked by the engine one by one (the array ranker "
                     "takes PTS DE WIN WON BPG BWG SB KS without modifiers)")
    elif why == "unplayed":
        notes.append("rounds not played over the board: every outcome is ranked by the engine one by one")
    else:
        notes.append("some players never meet: every outcome is ranked by the engine one by one")
    return EngineRanker(future, specs, rules, unrated_rating), "engine"


def run_odds(future: Future, specs: list[TieBreakSpec], *, rules: str | RuleSet = "auto", model: str = "equal",
             draw_rate: float | None = None, white_advantage: float = 35, method: str = "auto",
             simulations: int | None = None, seed: int | None = None, player: int | None = None,
             budget: float = 30.0, unrated_rating: int | None = None,
             fixed: list[tuple[Game, int]] | None = None, teams: TeamEngineRanker | None = None) -> Odds:
    """Odds of every place for the pending games of ``future`` (see :func:`tiebreak.arbiter.odds.compute_odds`);
    ``teams``: the ranker of a team event's teams (``player`` is then a team number)."""
    clock = time.perf_counter()
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
        raise InputError(f"--player {player} is not a team number of this event" if teams else
                         f"--player {player} is not a start number of this tournament",
                         Place(future.base.source, field="player"))
    if simulations is not None and simulations < 1:
        raise InputError(f"--simulations {simulations} must be at least 1", Place(future.base.source, field="simulations"))
    if seed is None:  # chosen now, so that a simulation (asked for, or over the budget) is reported repeatable
        seed = secrets.randbelow(10**6)
    row = None if player is None else numbers.index(player)
    how, count, acc = tally(future, ranker, probs, fractions is not None, method, simulations, seed, row, budget,
                            notes)
    exact_numbers = how == "exact" and fractions is not None
    weights = acc.place_weights()
    total = acc.total
    places: list[list[Probability]] = [[(Fraction(w) / total) if exact_numbers else float(w) / float(total)
                                         for w in line] for line in weights]
    first: list[list[list[Probability] | None]] = []
    result_p: list[list[Probability]] = []
    for k in range(len(future.games)):
        line: list[list[Probability] | None] = []
        rp: list[Probability] = []
        for r in range(3):
            wr = acc.result_weight[k, r]
            rp.append(Fraction(int(wr), int(total)) if exact_numbers else float(wr) / float(total))
            if wr == 0:
                line.append(None)
            else:
                line.append([(x / int(wr)) if exact_numbers else float(x) / float(wr) for x in acc.first_weights(k, r)])
        first.append(line)
        result_p.append(rp)
    margin = None
    if how == "simulation":
        worst_p = max((float(p) for line in places for p in line), key=lambda p: p * (1 - p), default=0.0)
        margin = 1.96 * (worst_p * (1 - worst_p) / count) ** 0.5
    alone = np.concatenate(acc.alone_first) if acc.alone_first else None
    return Odds(future, specs, how, count, model, ranker_name, places, first, result_p,
                [int(x) + 1 for x in acc.best], [int(x) + 1 for x in acc.worst], margin,
                seed if how == "simulation" else None, fixed or [], alone, row, notes, time.perf_counter() - clock,
                participants, teams is not None)
