"""What the outcomes add up to: the chance of each place, first place by the result of each game, best and worst
places, in memory proportional to what is asked (issues 24 and 29), never participants².

For each outcome the ranker gives every participant's ``ahead`` (participants strictly ahead) and ``size``
(participants sharing the place); the participant takes each of the places ``ahead + 1 … ahead + size`` with weight
``1 / size``.  Only the first ``depth`` places are kept (every place in an event of at most :data:`EVERY_PLACE`
participants; else the places asked for, at least :data:`SHOWN`); best, worst and expected places are kept for
everybody, and first place by the result of each game only for the participants ever first (the contenders).

* **Counted** (every outcome enumerated under the ``equal`` model, and simulations: each outcome weighs 1): integer
  counts by tie size (arrays participants × places), turned at the end into fractions (exact enumeration: a few
  thousand of them at most) or floating point (simulations).
* **Weighted** (enumeration under the ``elo`` model): each outcome's probability over the tie size is added into a
  floating-point difference array over the places (participants × (depth + 1)), summed along the places at the end.

>>> t = Tally(3, 1, 3, exact=True)
>>> who = np.array([[0, 1, 2], [0, 1, 2]]); ahead = np.array([[0, 0, 2], [0, 1, 2]])
>>> size = np.array([[2, 2, 1], [1, 1, 1]])
>>> t.add(np.array([[0], [1]], np.int8), who, ahead, size, None, None)
>>> [[str(p) for p in row] for row in t.places()]
[['3/4', '1/4', '0'], ['1/4', '3/4', '0'], ['0', '0', '1']]
>>> f = Tally(3, 1, 3, exact=False, weighted=True)
>>> f.add(np.array([[0], [1]], np.int8), who, ahead, size, None, None)
>>> [[round(float(p), 3) for p in row] for row in f.places()]
[[0.75, 0.25, 0.0], [0.25, 0.75, 0.0], [0.0, 0.0, 1.0]]
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm, prod
from typing import Any, TypeAlias

import numpy as np
from numpy.typing import NDArray

#: a probability: exact under the equal model (when every outcome is enumerated), else a float
Probability: TypeAlias = Fraction | float
#: events of at most this many participants get the chance of every place (players² is small there); a larger event
#: at most this many places (the chance of the top K beyond them is kept as one number per participant)
EVERY_PLACE = 64
#: places kept at least in a larger event (the text report's columns)
SHOWN = 6
#: counts of one batch by tie size in one array up to this many cells; beyond, one count per size present
DENSE_CELLS = 1 << 22


def depth_for(n: int, places: int | None) -> int:
    """How many places are kept for ``n`` participants when the top ``places`` are asked for.

    >>> depth_for(14, 3), depth_for(2000, 3), depth_for(2000, 10), depth_for(70, 100), depth_for(9999, 9999)
    (14, 6, 10, 64, 64)
    """
    if n <= EVERY_PLACE:
        return n
    return min(n, max(min(places or 0, EVERY_PLACE), SHOWN))


def _count(store: dict[int, NDArray[np.int64]], shape: tuple[int, ...], at: NDArray[np.int64], most: int) -> None:
    """Add the count of each flat cell of an array (tie size - 1, *``shape``) to ``store[tie size]``: ``at`` the cell
    of each count (``(size - 1) * prod(shape) + cell``), ``most`` the largest tie size."""
    if not len(at):
        return
    size = prod(shape)
    if most * size <= DENSE_CELLS:
        counts = np.bincount(at, minlength=most * size).reshape(most, size)
        for k in np.flatnonzero(counts.any(axis=1)).tolist():
            _put(store, k + 1, counts[k].reshape(shape))
        return
    sizes = at // size  # (tie size - 1 of each)
    for s in np.unique(sizes).tolist():
        _put(store, int(s) + 1, np.bincount(at[sizes == s] - s * size, minlength=size).reshape(shape))


def _put(store: dict[int, NDArray[np.int64]], s: int, counts: NDArray[np.int64]) -> None:
    if s in store:
        store[s] += counts
    else:
        store[s] = counts.astype(np.int64)


class Tally:
    """The outcomes added up (module text): ``n`` participants, ``g`` pending games, the first ``depth`` places."""

    def __init__(self, n: int, g: int, depth: int, exact: bool, weighted: bool = False, top: int = 0) -> None:
        self.n, self.g, self.depth, self.exact, self.weighted = n, g, depth, exact and not weighted, weighted
        #: the top K asked for beyond the places kept: the weight of places 1..K per participant (by tie size when
        #: counted: the places of 1..K the participant shares, summed)
        self.top = top if top > depth else 0
        self.top_by_size: dict[int, NDArray[np.int64]] = {}
        self.top_weight = np.zeros(n)
        self.total: int | float = 0.0 if weighted else 0
        self.result_weight: NDArray[Any] = np.zeros((g, 3), np.float64 if weighted else np.int64)
        self.low = np.full(n, n, np.int64)  # best place - 1
        self.high = np.zeros(n, np.int64)  # worst place
        self.place_sum = np.zeros(n)  # the weight times the middle of the places shared (the expected place)
        self.by_size: dict[int, NDArray[np.int64]] = {}  # counted: tie size -> participant x ahead (< depth)
        self.diff = np.zeros((n, depth + 1) if weighted else (0, 0))  # weighted: a difference array over the places
        self.column = np.full(n, -1, np.int64)  # participant -> column of the first-place arrays
        self.contenders: list[int] = []  # the participants ever first, by column
        self.first_by_size: dict[int, NDArray[np.int64]] = {}  # counted: tie size -> game x result x contender
        self.first = np.zeros((g, 3, 0))  # weighted: game x result x contender
        self.alone_first: list[NDArray[np.bool_]] = []  # per batch, per outcome: the chosen one first alone
        self._scratch = np.empty(0, np.int64)  # a batch's cells (:meth:`_cells`)

    def add(self, digits: NDArray[np.int8], who: NDArray[Any], ahead: NDArray[Any], size: NDArray[Any],
            weights: NDArray[np.float64] | None, player: int | None) -> None:
        """One batch: ``who``/``ahead``/``size`` per outcome and position (any order of the participants inside a
        row); ``weights`` the outcomes' probabilities (None: each counts 1); ``player``: whose being first alone is
        kept outcome by outcome (exact enumeration, for "what X needs")."""
        if player is not None:
            self.alone_first.append(((ahead == 0) & (size == 1) & (who == player)).any(axis=1))
        if weights is not None and not (keep := weights > 0).all():  # an outcome that cannot happen: left out
            digits, who, ahead, size, weights = digits[keep], who[keep], ahead[keep], size[keep], weights[keep]
        if not len(digits):
            return
        n, g, depth = self.n, self.g, self.depth
        self.total += len(digits) if weights is None else float(weights.sum())
        # flat, in the order the arrays are in memory (the array ranker's are positions x outcomes, transposed)
        flip = all(x.T.flags.c_contiguous for x in (who, ahead, size))
        p, a, s = (x.T.ravel() if flip else x.ravel() for x in (who, ahead, size))
        w = None if weights is None else (np.tile(weights, n) if flip else np.repeat(weights, n))
        if self.weighted or depth < n:  # else read from the counts at the end
            np.minimum.at(self.low, p, a)
            np.maximum.at(self.high, p, a + s)
            middle = a + (s + 1) * 0.5
            self.place_sum += np.bincount(p, middle if w is None else middle * w, minlength=n)
        cells = np.add(digits, np.arange(g)[None, :] * 3, out=self._cells(digits.shape)).ravel()  # game * 3 + digit
        self.result_weight += np.bincount(cells, None if weights is None else np.repeat(weights, g),
                                          minlength=3 * g).reshape(g, 3).astype(self.result_weight.dtype)
        if self.top:
            self._add_top(p, a, s, w)
        if depth < n:
            top = a < depth
            p, a, s, w = p[top], a[top], s[top], None if w is None else w[top]
        if not self.weighted:  # ((tie size - 1) * n + participant) * depth + ahead
            at = np.subtract(s, 1, out=self._cells(s.shape))
            at *= n
            at += p
            at *= depth
            at += a
            _count(self.by_size, (n, depth), at, int(s.max()) if len(s) else 0)
        else:
            share = (1.0 if w is None else w) / s
            p1 = p.astype(np.int64) * (depth + 1)
            cells = np.concatenate([p1 + a, p1 + np.minimum(a + s, depth)])
            self.diff += np.bincount(cells, np.concatenate([share, -share]),
                                     minlength=n * (depth + 1)).reshape(n, depth + 1)
        o, i = np.nonzero(ahead == 0)
        firsts, sizes = who[o, i].astype(np.int64), size[o, i].astype(np.int64)
        self._grow(firsts)
        c = len(self.contenders)
        cells = np.add(digits[o], np.arange(g)[None, :] * 3, out=self._cells((len(o), g)))  # (game * 3 + digit) * c
        cells *= c
        cells += self.column[firsts][:, None]  # + contender
        if not self.weighted:
            cells += ((sizes - 1) * (g * 3 * c))[:, None]
            _count(self.first_by_size, (g, 3, c), cells.ravel(), int(sizes.max()))
        else:
            share = (1.0 if weights is None else weights[o]) / sizes
            self.first += np.bincount(cells.ravel(), np.repeat(share, g), minlength=g * 3 * c).reshape(g, 3, c)

    def _cells(self, shape: tuple[int, ...]) -> NDArray[np.int64]:
        """An array of ``shape`` for a batch's cells, in the same memory from batch to batch: a new one each time (2 MB
        at 19,683 outcomes x 14 players) is memory the allocator may give back to the system after the batch and take
        again for the next, a page fault every 4 KB (measured: a tenth of the time of an exact enumeration)."""
        size = prod(shape)
        if len(self._scratch) < size:
            self._scratch = np.empty(size, np.int64)
        return self._scratch[:size].reshape(shape)

    def _add_top(self, p: NDArray[Any], a: NDArray[Any], s: NDArray[Any], w: NDArray[np.float64] | None) -> None:
        """The places of 1..K each participant shares in each outcome."""
        k = self.top
        inside = a < k
        p, a, s = p[inside].astype(np.int64), a[inside].astype(np.int64), s[inside].astype(np.int64)
        shared = np.minimum(a + s, k) - a
        if self.weighted:
            self.top_weight += np.bincount(p, shared / s * (1.0 if w is None else w[inside]), minlength=self.n)
            return
        for size in np.unique(s).tolist():
            sel = s == size
            counts = np.rint(np.bincount(p[sel], shared[sel], minlength=self.n)).astype(np.int64)
            _put(self.top_by_size, int(size), counts)

    def top_chance(self) -> list[Probability] | None:
        """The chance of the top K (:attr:`top`) per participant, when K is beyond the places kept."""
        if not self.top or not self.total:
            return None
        if self.weighted:
            return [min(1.0, float(x) / float(self.total)) for x in self.top_weight]
        common = lcm(*self.top_by_size) if self.top_by_size else 1
        num = np.zeros(self.n, object)
        for s, counts in self.top_by_size.items():
            num += counts.astype(object) * (common // s)
        if self.exact:
            return [Fraction(int(x), common * int(self.total)) for x in num]
        return [min(1.0, int(x) / common / float(self.total)) for x in num]

    def _grow(self, firsts: NDArray[np.int64]) -> None:
        """New contenders get a column of the first-place arrays."""
        new = np.unique(firsts[self.column[firsts] < 0])
        if not len(new):
            return
        self.column[new] = np.arange(len(self.contenders), len(self.contenders) + len(new))
        self.contenders += new.tolist()
        pad = ((0, 0), (0, 0), (0, len(new)))
        if self.weighted:
            self.first = np.pad(self.first, pad)
        for s, counts in self.first_by_size.items():
            self.first_by_size[s] = np.pad(counts, pad)

    # -- the answer ----------------------------------------------------------------------------------------------

    def _from_counts(self) -> None:
        """Best, worst and expected places from the exact counts when they hold every place."""
        if self.weighted or self.depth < self.n or not self.by_size:
            return
        self.low[:], self.high[:], self.place_sum[:] = self.n, 0, 0.0
        a = np.arange(self.n)
        for s, counts in self.by_size.items():
            seen = counts > 0
            self.low = np.minimum(self.low, np.where(seen, a[None, :], self.n).min(axis=1))
            self.high = np.maximum(self.high, np.where(seen, a[None, :] + s, 0).max(axis=1))
            self.place_sum += (counts * (a[None, :] + (s + 1) / 2)).sum(axis=1)

    @property
    def best(self) -> list[int]:
        """Each participant's best place (1-based) over the outcomes of positive weight."""
        self._from_counts()
        return [int(x) + 1 for x in self.low]

    @property
    def worst(self) -> list[int]:
        self._from_counts()
        return [int(x) for x in self.high]

    def expected(self) -> list[float]:
        """Each participant's expected place (the order of the report after the chance of first place)."""
        self._from_counts()
        return [float(x) for x in self.place_sum / (self.total or 1)]

    def places(self) -> list[list[Probability]]:
        """The chance of each of the first ``depth`` places for each participant: fractions when exact, else floats
        held to 0..1 (a sum of floats may stray past them by a rounding) and exactly 0 or 1 where the best and worst
        places say so."""
        n, depth, total = self.n, self.depth, self.total
        if not total:
            return [[0.0] * depth for _ in range(n)]
        if self.exact:
            common = lcm(*self.by_size) if self.by_size else 1
            num = np.zeros((n, depth), object)
            for s, window in self._windows():
                num += window.astype(object) * (common // s)
            return [[Fraction(int(x), common * int(total)) for x in row] for row in num]
        if self.weighted:
            out = np.cumsum(self.diff, axis=1)[:, :depth] / float(total)
        else:
            out = np.zeros((n, depth))
            for s, window in self._windows():
                out += window / s
            out /= float(total)
        out = np.clip(out, 0.0, 1.0)
        self._from_counts()
        places = np.arange(1, depth + 1)[None, :]
        low, high = (self.low + 1)[:, None], self.high[:, None]
        out[(places < low) | (places > high)] = 0.0
        out[(low == high) & (places == low)] = 1.0
        return out.tolist()  # type: ignore[no-any-return]

    def _windows(self) -> list[tuple[int, NDArray[np.int64]]]:
        """Per tie size ``s``: the count of outcomes in which each participant shares place ``j`` (the counts of
        ``ahead`` from ``j - s + 1`` to ``j``)."""
        out = []
        for s, counts in self.by_size.items():
            cs = np.cumsum(counts, axis=1)
            window = cs.copy()
            if s < self.depth:
                window[:, s:] -= cs[:, :-s]
            out.append((s, window))
        return out

    def first_by_result(self) -> list[list[dict[int, Probability] | None]]:
        """Game x result: each contender's chance of first place when the game has that result (participant index
        -> probability, contenders only), None where the result cannot happen."""
        out: list[list[dict[int, Probability] | None]] = []
        common = lcm(*self.first_by_size) if self.first_by_size else 1
        if self.exact:
            num = np.zeros((self.g, 3, len(self.contenders)), object)
            for s, counts in self.first_by_size.items():
                num += counts.astype(object) * (common // s)
        elif not self.weighted:
            first = np.zeros((self.g, 3, len(self.contenders)))
            for s, counts in self.first_by_size.items():
                first += counts / s
            self.first = first
        for k in range(self.g):
            line: list[dict[int, Probability] | None] = []
            for r in range(3):
                wr = self.result_weight[k, r]
                if wr <= 0:
                    line.append(None)
                elif self.exact:
                    line.append({p: Fraction(int(num[k, r, c]), common * int(wr))
                                 for c, p in enumerate(self.contenders) if num[k, r, c]})
                else:
                    line.append({p: min(1.0, float(self.first[k, r, c]) / float(wr))
                                 for c, p in enumerate(self.contenders) if self.first[k, r, c] > 0})
            out.append(line)
        return out

    def result_probability(self) -> list[list[Probability]]:
        total = self.total
        if self.exact:
            return [[Fraction(int(x), int(total)) for x in row] for row in self.result_weight]
        return [[float(x) / float(total or 1) for x in row] for row in self.result_weight]
