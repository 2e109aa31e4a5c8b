"""Rank a batch of outcomes: for every outcome and player, how many players finish strictly ahead and how many
share the player's place after the whole list (they share those places equally: the lot, C.07 4.2).

Two rankers give the same answer (tests/test_odds.py compares them with ``compute_standings`` outcome by outcome):

* :class:`EngineRanker` writes each outcome into the tournament and calls ``compute_standings``: any list, any
  event, about a millisecond per outcome.
* :class:`RoundRobinRanker` works on arrays of outcomes x players for round robins whose known games were all
  played over the board and whose list is made of ``PTS DE WIN WON BPG BWG SB KS`` (no modifiers).  What an
  outcome does not change (the known games) is summed once; each pending game adds its result to its two players.
  The list becomes one integer key per player (smaller = better), built tie-break by tie-break; DE (Art. 6.2, every
  pair met) is applied inside each group of equal keys and again inside the sub-groups it leaves, until nothing
  more separates.
"""

from __future__ import annotations

import dataclasses
from math import lcm

import numpy as np

from ...engine.fide import koya_max_score
from ...engine.model import BLACK, Kind
from ...engine.passes import Context
from ...engine.rules import RuleSet
from ...engine.specifier import TieBreakSpec
from ...engine.standings import compute_standings
from .models import KINDS
from .pending import Future

FAST_CODES = {"PTS", "DE", "WIN", "WON", "BPG", "BWG", "SB", "KS"}
_KEY_LIMIT = 1 << 40  # compress the key to ranks before it could overflow int64
CHUNK = 4096  # outcomes ranked at once (measured: 2-3 times faster per outcome than 32,768)


def places(key: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Players strictly ahead and the size of each player's tie, per row of ``key`` (smaller = better).

    >>> ahead, size = places(np.array([[5, 3, 5, 9]]))
    >>> ahead.tolist(), size.tolist()
    ([[1, 0, 1, 3]], [[2, 1, 2, 1]])
    """
    b, n = key.shape
    order = np.argsort(key, axis=1, kind="stable")
    flat = (order + (np.arange(b) * n)[:, None]).ravel()  # flat positions in sorted order (faster than *_along_axis)
    s = key.ravel()[flat].reshape(b, n)
    idx = np.arange(n)
    new = np.ones((b, n), bool)
    new[:, 1:] = s[:, 1:] != s[:, :-1]
    end = np.ones((b, n), bool)
    end[:, :-1] = new[:, 1:]
    first = np.maximum.accumulate(np.where(new, idx, 0), axis=1)
    last = np.minimum.accumulate(np.where(end, idx, n)[:, ::-1], axis=1)[:, ::-1]
    ahead = np.empty(b * n, np.int64)
    size = np.empty(b * n, np.int64)
    ahead[flat] = first.ravel()
    size[flat] = (last - first + 1).ravel()
    ahead, size = ahead.reshape(b, n), size.reshape(b, n)
    return ahead, size


class EngineRanker:
    """Every outcome through ``compute_standings`` (the reference the fast ranker is tested against)."""

    def __init__(self, future: Future, specs: list[TieBreakSpec], rules: "str | RuleSet",
                 unrated_rating: int | None = None) -> None:
        self.future, self.specs, self.rules, self.unrated = future, specs, rules, unrated_rating

    def rank(self, digits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        f = self.future
        base = f.base
        kind = base.kind.copy()
        t = dataclasses.replace(base, kind=kind)
        n = len(base.players)
        ahead = np.empty((len(digits), n), np.int64)
        size = np.empty((len(digits), n), np.int64)
        w = np.array([g.white for g in f.games], np.int64)
        b = np.array([g.black for g in f.games], np.int64)
        r = np.array([g.round - 1 for g in f.games], np.int64)
        kinds = np.array(KINDS, np.int8)
        for o, row in enumerate(digits):
            kind[w, r] = kinds[row, 0]
            kind[b, r] = kinds[row, 1]
            s = compute_standings(t, self.specs, rules=self.rules, after_round=f.final_round, lots=False,
                                  system=f.system, unrated_rating=self.unrated)
            rank = np.empty(n, np.int64)
            for x in s.rows:
                rank[x.index] = x.rank
            ahead[o] = rank - 1
            size[o] = np.bincount(rank)[rank]
        return ahead, size


def fast_ranker_reason(future: Future, specs: list[TieBreakSpec]) -> str | None:
    """Why the array ranker cannot take this event and list (None: it can): ``swiss``, ``list``, ``unplayed`` or
    ``unmet``."""
    if future.system != "round robin":
        return "swiss"
    if any(s.code not in FAST_CODES or s.text != s.code for s in specs):
        return "list"
    t = future.base
    kind, opp = t.kind, t.opponent
    allowed = np.isin(kind, [Kind.WIN, Kind.DRAW, Kind.LOSS]) | ((kind == Kind.ABSENT) & (opp < 0))
    if not allowed.all():
        return "unplayed"
    if any(s.code == "DE" for s in specs):
        n = len(t.players)
        met = np.zeros((n, n), bool)
        rows = np.nonzero(opp >= 0)
        met[rows[0], opp[rows]] = True
        if not (met | np.eye(n, dtype=bool)).all():
            return "unmet"
    return None


class RoundRobinRanker:
    """The array ranker (module text)."""

    def __init__(self, future: Future, specs: list[TieBreakSpec], rules: "str | RuleSet" = "fide-2024") -> None:
        t = future.base
        self.specs = specs
        ctx = Context(t, _ruleset(rules), future.final_round, True)
        n = self.n = ctx.n
        pending = np.zeros((n, ctx.k), bool)
        for g in future.games:
            pending[g.white, g.round - 1] = pending[g.black, g.round - 1] = True
        fixed = ctx.has_opp & ~pending
        pts = np.where(pending, 0, ctx.pts)
        self.W, self.units = ctx.W, np.array([[ctx.units[a], ctx.units[b]] for a, b in KINDS], np.int64)
        self.rounds = ctx.k
        self.points0 = pts.sum(axis=1)
        i, r = np.nonzero(fixed)
        j = ctx.opp[i, r]
        self.m0 = np.zeros((n, n), np.int64)  # points of i against j in the known games
        np.add.at(self.m0, (i, j), ctx.pts[i, r])
        meetings = np.zeros((n, n), np.int64)
        i, r = np.nonzero(ctx.has_opp)
        np.add.at(meetings, (i, ctx.opp[i, r]), 1)
        # DE (6.1.2) averages the games of a pair that met more than once: weight each pair by lcm / meetings
        self.lcm = lcm(*(int(x) for x in np.unique(meetings[meetings > 0])))
        self.weight = np.where(meetings > 0, self.lcm // np.maximum(meetings, 1), 0)
        self.wins0 = (fixed & (pts == ctx.W)).sum(axis=1)
        self.black_wins0 = (fixed & (pts == ctx.W) & (ctx.colour == BLACK)).sum(axis=1)
        self.black_games = (ctx.has_opp & (ctx.colour == BLACK)).sum(axis=1)
        self.koya_half = koya_max_score(ctx)  # KS: score * 2 >= this
        self.gw = np.array([g.white for g in future.games], np.int64)
        self.gb = np.array([g.black for g in future.games], np.int64)
        # DE: the known games of each pair, weighted; the pending games by pair (slot -1: none pending)
        self.weighted = self.m0 * self.weight
        self.pair_slot = np.full((n, n), -1, np.int64)
        for w, bl in zip(self.gw.tolist(), self.gb.tolist()):
            if self.pair_slot[w, bl] < 0:
                self.pair_slot[w, bl] = self.pair_slot[bl, w] = int(self.pair_slot.max()) + 1
        self.pairs = int(self.pair_slot.max()) + 1

    def rank(self, digits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if len(digits) > CHUNK:  # the arrays of a few thousand outcomes stay in the CPU cache: twice as fast
            parts = [self._rank(digits[k:k + CHUNK]) for k in range(0, len(digits), CHUNK)]
            return np.concatenate([a for a, _ in parts]), np.concatenate([s for _, s in parts])
        return self._rank(digits)

    def _rank(self, digits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        # players x outcomes inside (each pending game updates two contiguous rows); outcomes x players for ranking
        b, n = len(digits), self.n
        d = np.ascontiguousarray(digits.T)
        pw, pb = self.units[d, 0], self.units[d, 1]  # games x B: units of White and Black
        score = self._add_games(self.points0, pw, pb)
        key = np.zeros((b, n), np.int64)
        bound = 1  # every key is below this
        for spec in self.specs:
            if spec.code == "DE":
                key, bound = self._direct_encounter(key, bound, pw, pb)
                continue
            values, top = self._column(spec.code, score, pw, pb, d)
            key, bound = _extend(key, bound, top - values.T, top + 1, n)
        return places(key)

    def _add_games(self, known: np.ndarray, white: np.ndarray, black: np.ndarray) -> np.ndarray:
        """``known`` (per player) plus each pending game's ``white``/``black`` rows (games x B): players x B."""
        out = np.repeat(known[:, None], white.shape[1], axis=1)
        for k in range(len(self.gw)):
            out[self.gw[k]] += white[k]
            out[self.gb[k]] += black[k]
        return out

    def _pairs_against(self, values: np.ndarray, pw: np.ndarray, pb: np.ndarray) -> np.ndarray:
        """Σ over each player's games of (points scored) x ``values`` of the opponent (players x B).  The known
        games are one matrix product, in float64 because BLAS does that fast: the sums are integers far below 2**53,
        so they are exact."""
        out = np.rint(self.m0.astype(np.float64) @ values).astype(np.int64)
        for k in range(len(self.gw)):
            w, bl = self.gw[k], self.gb[k]
            out[w] += pw[k] * values[bl]
            out[bl] += pb[k] * values[w]
        return out

    def _column(self, code: str, score, pw, pb, d) -> tuple[np.ndarray, int]:
        """A tie-break's values (players x B) and their upper bound."""
        W, rounds = self.W, self.rounds
        if code == "PTS":
            return score, W * rounds
        if code in ("WIN", "WON", "BWG"):
            black_only = code == "BWG"
            white_won = np.zeros_like(d) if black_only else d == 0
            return self._add_games(self.black_wins0 if black_only else self.wins0, white_won, d == 2), rounds
        if code == "BPG":
            return np.repeat(self.black_games[:, None], score.shape[1], axis=1), rounds
        if code == "SB":
            return self._pairs_against(score, pw, pb), (W * rounds) ** 2
        # KS: points against the players with at least half the maximum score
        qualifies = (2 * score >= self.koya_half).astype(np.int64)
        return self._pairs_against(qualifies, pw, pb), W * rounds

    def _direct_encounter(self, key: np.ndarray, bound: int, pw: np.ndarray, pb: np.ndarray) -> tuple[np.ndarray, int]:
        """Art. 6.2 inside every group of equal keys, again inside the sub-groups it leaves, until nothing splits.

        Only the pairs of players still tied are looked at (a few per outcome): they are found once by sorting the
        keys (a group is a run of equal keys), and a split only removes pairs."""
        b, n = key.shape
        order = np.argsort(key, axis=1, kind="stable")
        s = np.take_along_axis(key, order, axis=1)
        # distance of each sorted position from the start of its run of equal keys: a position at distance >= d
        # pairs with the one d places before it; only positions inside a run are looked at
        idx = np.arange(n)
        new = np.ones((b, n), bool)
        new[:, 1:] = s[:, 1:] != s[:, :-1]
        dist = (idx - np.maximum.accumulate(np.where(new, idx, 0), axis=1)).ravel()
        inside = np.flatnonzero(dist)
        if not len(inside):
            return key, bound
        far = dist[inside]
        flat_order = order.ravel()
        found = []
        for d in range(1, int(far.max()) + 1):
            at = inside[far >= d]
            found.append((at // n, flat_order[at - d], flat_order[at]))
        row, i, j = (np.concatenate(x) for x in zip(*found))
        # each side's weighted points in the pair's games: the known ones, plus the pending ones of this outcome
        slot = _at(self.pair_slot, i * n + j)
        lower, higher = self._pending_pairs(pw, pb)
        has = slot >= 0
        at = np.maximum(slot, 0)
        cell = at * b + row
        lo, hi = np.where(has, _at(lower, cell), 0), np.where(has, _at(higher, cell), 0)
        first_is_lower = i < j
        pi = _at(self.weighted, i * n + j) + np.where(first_is_lower, lo, hi)
        pj = _at(self.weighted, j * n + i) + np.where(first_is_lower, hi, lo)
        top = int(self.W * self.lcm * n)
        mark = np.zeros(b, bool)
        mark[row] = True
        active = np.nonzero(mark)[0]  # outcomes still being split; ``local`` numbers them 0..
        local = (np.cumsum(mark) - 1)[row]
        while len(row):
            m = len(active)
            # bincount adds in float64: sums of small integers, exact
            de = (np.bincount(local * n + i, pi, m * n) + np.bincount(local * n + j, pj, m * n)).astype(np.int64)
            de = de.reshape(m, n)
            if bound * (top + 1) >= _KEY_LIMIT:
                key, bound = places(key)[0], n
            if m == b:
                key = key * (top + 1) + (top - de)
            else:
                key[active] = key[active] * (top + 1) + (top - de)  # each outcome's keys share one scale
            bound *= top + 1
            keep = _at(de, local * n + i) == _at(de, local * n + j)
            if keep.all():
                break
            split = np.zeros(m, bool)
            split[local[~keep]] = True
            kept = np.nonzero(keep & split[local])[0]
            row, i, j, pi, pj = row[kept], i[kept], j[kept], pi[kept], pj[kept]
            local = (np.cumsum(split) - 1)[local[kept]]
            active = active[split]
        return key, bound

    def _pending_pairs(self, pw: np.ndarray, pb: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Weighted points of the lower and the higher row of each pending pair (pairs x B)."""
        lower = np.zeros((max(self.pairs, 1), pw.shape[1]), np.int64)  # one empty slot when nothing is pending
        higher = np.zeros_like(lower)
        for g in range(len(self.gw)):
            w, bl = self.gw[g], self.gb[g]
            q, wt = self.pair_slot[w, bl], self.weight[w, bl]
            (lower if w < bl else higher)[q] += pw[g] * wt
            (higher if w < bl else lower)[q] += pb[g] * wt
        return lower, higher


def _at(array: np.ndarray, flat: np.ndarray) -> np.ndarray:
    """``array`` at flat (C-order) positions: np.take on the raveled array, much faster than 2-D fancy indexing."""
    return np.take(array.ravel(), flat)


def _extend(key: np.ndarray, bound: int, values: np.ndarray, size: int, n: int) -> tuple[np.ndarray, int]:
    """``key`` refined by ``values`` (0 <= values < size): compressed to places first if it would overflow."""
    if bound * size >= _KEY_LIMIT:
        key, bound = places(key)[0], n
    return key * size + values, bound * size


def _ruleset(rules: "str | RuleSet") -> RuleSet:
    from ...engine.rules import RULE_SETS
    if isinstance(rules, RuleSet):
        return rules
    return RULE_SETS.get(rules, RULE_SETS["fide-2024"])
