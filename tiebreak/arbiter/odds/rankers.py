"""Rank a batch of outcomes: for every outcome and player, how many players finish strictly ahead and how many
share the player's place after the whole list (they share those places equally: the lot, C.07 4.2).

Two rankers give the same answer (tests/test_odds.py compares them with ``compute_standings`` outcome by outcome):

* :class:`~.engine_ranker.EngineRanker` writes each outcome into the tournament and calls ``compute_standings``: any
  list, any event, about a millisecond per outcome.
* :class:`RoundRobinRanker` works on arrays of outcomes x players for round robins whose known games were all
  played over the board and whose list is made of ``PTS DE WIN WON BPG BWG SB KS`` (no modifiers).  What an
  outcome does not change (the known games) is summed once; each pending game adds its result to its two players.
  The list becomes one integer key per player (smaller = better), built tie-break by tie-break; DE (Art. 6.2, every
  pair met) is applied inside each group of equal keys and again inside the sub-groups it leaves, until nothing
  more separates.  Exact enumeration goes by blocks of outcomes that differ only in their first games
  (:meth:`RoundRobinRanker.rank_block`): what those games add is computed once for every block.
"""

from __future__ import annotations

from math import lcm
from typing import Any, Callable, ClassVar

import numpy as np
from numpy.typing import NDArray

from ...engine.fide import koya_max_score
from ...engine.model import BLACK, Kind
from ...engine.passes import Context
from ...engine.rules import DEFAULT_RULES, RuleSet, choose_rules
from ...engine.specifier import TieBreakSpec
from .models import KINDS
from .pending import Future
from .places import KEY_LIMIT, by_player, digit_rows, extend, rank_key, sorted_places

FAST_CODES = {"PTS", "DE", "WIN", "WON", "BPG", "BWG", "SB", "KS"}
#: a group of pairs' rows and each side's weighted points against the other (pairs x outcomes)
PendingPoints = tuple[NDArray[Any], NDArray[Any], NDArray[Any], NDArray[Any]]
#: a group's pending games, one slot per game of a pair: game numbers, sides and weights
Slot = tuple[NDArray[Any], NDArray[Any], NDArray[Any]]

CHUNK = 4096  # outcomes ranked at once (measured: 2-3 times faster per outcome than 32,768)


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

    #: ``--exact`` counts every outcome when outcomes x participants is at most this (measured on 2 cores at load 19:
    #: 9.5 s for 3**13 outcomes of 10 players), else it is refused (:func:`tiebreak.arbiter.odds.run.exact_limit`)
    exact_work: ClassVar[int] = 3**15 * 10

    def __init__(self, future: Future, specs: list[TieBreakSpec], rules: "str | RuleSet" = DEFAULT_RULES) -> None:
        self.specs = specs
        # the rule set the standings would use (``auto`` by the date the rules took effect, ``+reference`` the
        # checker's choices; an unknown name refused as they refuse it), so that the arrays and the engine read alike
        self.rules = choose_rules(rules, future.base.start_date)[0]
        ctx = Context(future.base, self.rules, future.final_round, True)
        self.n = ctx.n
        self.W, self.units = ctx.W, np.array([[ctx.units[a], ctx.units[b]] for a, b in KINDS], np.int64)
        self.rounds = ctx.k
        self.gw = np.array([g.white for g in future.games], np.int64)
        self.gb = np.array([g.black for g in future.games], np.int64)
        self._known_games(ctx, future)
        self._direct_encounter_tables()
        self.de_groups = self._pending_groups()
        self._blocks: dict[int, dict[str, Any]] = {}

    def _known_games(self, ctx: Context, future: Future) -> None:
        """What the known games give every outcome: points, the points of each pair against each other, the
        weight of each pair for DE, wins, games with Black, and the Koya line."""
        n = self.n
        pending = np.zeros((n, ctx.k), bool)
        for g in future.games:
            pending[g.white, g.round - 1] = pending[g.black, g.round - 1] = True
        fixed = ctx.has_opp & ~pending
        pts = np.where(pending, 0, ctx.pts)
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

    def _direct_encounter_tables(self) -> None:
        """DE: the known games of each pair, weighted; the pending games by pair (slot -1: none pending); the known
        points of each pair by distance d between the players' rows (pairs p, p + d), in the type DE values fit in,
        the pairs with pending games apart."""
        n = self.n
        self.weighted = self.m0 * self.weight
        self.pair_slot = np.full((n, n), -1, np.int64)
        for w, bl in zip(self.gw.tolist(), self.gb.tolist()):
            if self.pair_slot[w, bl] < 0:
                self.pair_slot[w, bl] = self.pair_slot[bl, w] = int(self.pair_slot.max()) + 1
        self.de_type: type[np.signedinteger[Any]] = np.int16 if self.W * self.lcm * n < 1 << 15 else np.int64
        known = np.where(self.pair_slot < 0, self.weighted, 0).astype(self.de_type)
        rows = np.arange(n)
        self.de_ahead = [None] + [known[rows[:-d], rows[d:]][:, None] for d in range(1, n)]
        self.de_behind = [None] + [known[rows[d:], rows[:-d]][:, None] for d in range(1, n)]

    def _pending_groups(self) -> list[tuple[NDArray[Any], NDArray[Any], list[Slot]]]:
        """The pairs with pending games, in groups where no player appears twice (a round's games, usually): each
        group's rows and its slots (the pairs' first pending game, second, ...)."""
        n = self.n
        groups: list[list[tuple[int, int, list[tuple[int, int]]]]] = []
        for p in range(n):
            for q in range(p + 1, n):
                if self.pair_slot[p, q] < 0:
                    continue
                games = [(k, 0 if self.gw[k] == p else 1) for k in range(len(self.gw))
                         if {int(self.gw[k]), int(self.gb[k])} == {p, q}]
                group = next((x for x in groups if not any({p, q} & {a, b} for a, b, _ in x)), None)
                if group is None:
                    groups.append(group := [])
                group.append((p, q, games))
        de_groups: list[tuple[NDArray[Any], NDArray[Any], list[Slot]]] = []
        for group in groups:
            most = max(len(games) for _, _, games in group)
            slots: list[Slot] = []
            for m in range(most):
                has = np.array([len(games) > m for _, _, games in group])
                numbers = np.array([games[m][0] if len(games) > m else 0 for _, _, games in group])
                sides = np.array([games_[m][1] if len(games_) > m else 0 for _, _, games_ in group])[:, None]
                weights = np.array([int(self.weight[p, q]) for p, q, _ in group])[:, None] * has[:, None]
                slots.append((numbers, sides, weights))
            de_groups.append((np.array([p for p, _, _ in group]), np.array([q for _, q, _ in group]), slots))
        return de_groups

    # -- any rows of digits -------------------------------------------------------------------------------------

    def rank(self, digits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Players ahead and tie sizes (outcomes x players) for any rows of digits."""
        return by_player(*self.rank_sorted(digits))

    def rank_sorted(self, digits: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """:func:`sorted_places` of every row of digits."""
        if len(digits) > CHUNK:  # the arrays of a few thousand outcomes stay in the CPU cache
            parts = [self.rank_sorted(digits[k:k + CHUNK]) for k in range(0, len(digits), CHUNK)]
            who, first, size = (np.concatenate(x) for x in zip(*parts))
            return who, first, size
        # players x outcomes while adding up games (each pending game updates two contiguous rows)
        d = np.ascontiguousarray(digits.T)
        pw, pb = self.units[d, 0], self.units[d, 1]  # games x B: units of White and Black
        score = self._add_games(self.points0, pw, pb)

        def column(code: str) -> tuple[np.ndarray, int]:
            return self._column(code, score, pw, pb, d)
        return sorted_places(np.ascontiguousarray(self._key(lambda: self._pending_points(digits), score, column).T))

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
        out: np.ndarray = np.rint(self.m0.astype(np.float64) @ values).astype(np.int64)
        for k in range(len(self.gw)):
            w, bl = self.gw[k], self.gb[k]
            out[w] += pw[k] * values[bl]
            out[bl] += pb[k] * values[w]
        return out

    def _column(self, code: str, score: np.ndarray, pw: np.ndarray, pb: np.ndarray,
                d: np.ndarray) -> tuple[np.ndarray, int]:
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

    # -- exact enumeration: blocks of 3**low outcomes that share the digits of the games after the low ones -----

    def rank_block(self, high: int, low: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Outcomes ``high * 3**low`` .. ``(high + 1) * 3**low - 1``: their digits and :func:`sorted_places`.

        Within a block only the ``low`` first games vary: what they add (points, wins, Sonneborn-Berger terms) is
        computed once for all blocks; the other games add constants.  Sonneborn-Berger of an outcome is
        ``M @ score`` with ``M`` the points matrix and ``score = c + L`` (``c`` the block's constant part, ``L`` the
        varying part of the low games), so ``M = A + P`` gives ``A c + A L + P c + P L``: ``P L`` is computed once,
        ``A L + P c + A c`` is one matrix product of ``[L | U | 1]`` (``U`` the low games' units) with a small
        matrix.
        Inside, the arrays are players x outcomes (a player's values contiguous)."""
        g = len(self.gw)
        c = self._block(low)
        high_digits = digit_rows(high, high + 1, g - low)[0].tolist()
        digits = np.empty((len(c["inner"]), g), np.int8)
        digits[:, :low] = c["inner"]
        digits[:, low:] = high_digits
        points, wins, black_wins, A = self._block_constants(low, high_digits)
        score = c["L"] + points[:, None]

        def column(code: str) -> tuple[np.ndarray, int]:
            return self._block_column(code, c, low, score, (points, wins, black_wins, A))
        key = self._key(lambda: self._block_pending(c, low, high_digits), score, column)
        return (digits, *sorted_places(np.ascontiguousarray(key.T)))

    def _block_constants(self, low: int,
                         high_digits: list[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """What the known games and the block's games after the ``low`` first add (the same to every outcome of the
        block): points, wins, wins with Black (per player) and the points matrix ``A``."""
        points, wins, black_wins, A = (self.points0.copy(), self.wins0.copy(), self.black_wins0.copy(),
                                       self.m0.copy())
        for k, r in zip(range(low, len(self.gw)), high_digits):
            w, bl = self.gw[k], self.gb[k]
            uw, ub = self.units[r]
            points[w] += uw
            points[bl] += ub
            A[w, bl] += uw
            A[bl, w] += ub
            if r != 1:
                wins[w if r == 0 else bl] += 1
                black_wins[bl] += r == 2
        return points, wins, black_wins, A

    def _block_column(self, code: str, c: dict[str, Any], low: int, score: np.ndarray,
                      constants: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]) -> tuple[np.ndarray, int]:
        """A tie-break's values (players x outcomes of the block) and their upper bound (:meth:`_column` of a
        block: ``c`` what the low games add, ``constants`` what the others add)."""
        points, wins, black_wins, A = constants
        W, rounds = self.W, self.rounds
        if code == "PTS":
            return score, W * rounds
        if code in ("WIN", "WON"):
            return c["wins"] + wins[:, None], rounds
        if code == "BWG":
            return c["black_wins"] + black_wins[:, None], rounds
        if code == "BPG":
            return np.broadcast_to(self.black_games[:, None], score.shape), rounds
        if code == "SB":
            return self._block_sonneborn_berger(c, low, points, A), (W * rounds) ** 2
        qualifies = (2 * score >= self.koya_half).astype(np.int64)  # KS, as in _column
        out = np.rint(A.astype(np.float64) @ qualifies).astype(np.int64)
        for k in range(low):
            out[self.gw[k]] += c["pw"][k] * qualifies[self.gb[k]]
            out[self.gb[k]] += c["pb"][k] * qualifies[self.gw[k]]
        return out, W * rounds

    def _block_sonneborn_berger(self, c: dict[str, Any], low: int, points: np.ndarray, A: np.ndarray) -> np.ndarray:
        """Sonneborn-Berger of every outcome of a block: ``P L`` (once for all blocks) plus one product of
        ``[A | the low games' opponents' points | A c]`` with ``[L | U | 1]`` (:meth:`rank_block`)."""
        n, LU = self.n, c["LU"]
        Y = np.zeros((n, len(LU)), LU.dtype)
        Y[:, :n] = A
        for k in range(low):
            Y[self.gw[k], n + 2 * k] = points[self.gb[k]]
            Y[self.gb[k], n + 2 * k + 1] = points[self.gw[k]]
        Y[:, -1] = A @ points
        sb: np.ndarray = (Y @ LU).astype(np.int64)
        sb += c["PL"]
        return sb

    def _block(self, low: int) -> dict[str, Any]:
        """What the ``low`` first games add, for every one of their ``3**low`` outcomes (players x outcomes)."""
        if low in self._blocks:
            return self._blocks[low]
        n = self.n
        inner = digit_rows(0, 3 ** low, low)
        d = np.ascontiguousarray(inner.T)
        pw, pb = self.units[d, 0], self.units[d, 1]  # low games x outcomes
        L, PL = np.zeros((n, len(inner)), np.int64), np.zeros((n, len(inner)), np.int64)
        wins, black_wins = np.zeros_like(L), np.zeros_like(L)
        for k in range(low):
            w, bl = self.gw[k], self.gb[k]
            L[w] += pw[k]
            L[bl] += pb[k]
            wins[w] += d[k] == 0
            wins[bl] += d[k] == 2
            black_wins[bl] += d[k] == 2
        for k in range(low):
            w, bl = self.gw[k], self.gb[k]
            PL[w] += pw[k] * L[bl]
            PL[bl] += pb[k] * L[w]
        # [L | U | 1] for Sonneborn-Berger (rank_block), in float32 where every sum stays an exact integer there
        exact32 = (self.W * self.rounds) ** 2 < 1 << 24
        LU = np.ones((n + 2 * low + 1, len(inner)), np.float32 if exact32 else np.float64)
        LU[:n], LU[n:n + 2 * low:2], LU[n + 1:n + 2 * low:2] = L, pw, pb
        block = {"inner": inner, "L": L, "PL": PL, "wins": wins, "black_wins": black_wins, "pw": pw, "pb": pb,
                 "LU": LU}
        self._blocks = {low: block}
        return block

    # -- the key and DE -----------------------------------------------------------------------------------------

    def _key(self, pending: Callable[[], list[PendingPoints]], score: np.ndarray,
             column: Callable[[str], tuple[np.ndarray, int]]) -> np.ndarray:
        """One integer per player and outcome, smaller = better, tie-break by tie-break (players x outcomes)."""
        key = np.zeros(score.shape, np.int64)
        bound = 1  # every key is below this
        for spec in self.specs:
            if spec.code == "DE":
                key, bound = self._direct_encounter(key, bound, pending())
                continue
            values, top = column(spec.code)
            key, bound = extend(key, bound, top - values, top + 1)
        return key

    def _direct_encounter(self, key: np.ndarray, bound: int, pending: list[PendingPoints]) -> tuple[np.ndarray, int]:
        """Art. 6.2 inside every group of equal keys, again inside the sub-groups it leaves, until nothing splits.

        Each pass adds, for every pair of players, their points against each other to both where their keys are
        equal, and counts the equal pairs.  A pass over a row whose count did not fall gives the values of the pass
        before (the groups are the same): the row is done."""
        n, b = key.shape
        top = int(self.W * self.lcm * n)
        rows, before, now = None, None, pending  # rows None: every row (also while nearly every row goes on)
        while True:
            if bound * (top + 1) >= KEY_LIMIT:
                key, bound = rank_key(key), n
            part = key if rows is None else key[:, rows]
            de, ties = self._de_values(np.ascontiguousarray(part, np.int32 if bound < 1 << 31 else np.int64), now)
            part *= top + 1
            part += top - de
            bound *= top + 1  # rows are compared only within themselves: the others keep their smaller keys
            if rows is not None:
                key[:, rows] = part
            # go on where the pass before split a group (always, after the first pass) and ties are left
            go_on = ties > 0 if before is None else (ties < before) & (ties > 0)
            if not go_on.any():
                return key, bound
            if rows is None and go_on.sum() * 4 > b * 3:  # a pass more over the other rows is harmless
                before = np.where(go_on, ties, 0)
                continue
            at = np.nonzero(go_on)[0]
            rows, before = (at if rows is None else rows[at]), ties[at]
            now = [(P, Q, vp[:, rows], vq[:, rows]) for P, Q, vp, vq in pending]

    def _block_pending(self, c: dict[str, Any], low: int, high_digits: list[int]) -> list[PendingPoints]:
        """:meth:`_pending_points` of a block: those of the low games once for all blocks (the others 1-0 there),
        then each pair whose game is not a low one moved to this block's result."""
        if "pending" not in c:
            digits = np.zeros((len(c["inner"]), len(self.gw)), np.int8)
            digits[:, :low] = c["inner"]
            c["moves"] = [[(x, int(games[x]), int(sides[x, 0]), int(weights[x, 0]))
                           for games, sides, weights in slots for x in range(len(P))
                           if weights[x, 0] and games[x] >= low] for P, _, slots in self.de_groups]
            c["pending"] = self._pending_points(digits)  # last: the other thread looks for this one
        out: list[PendingPoints] = []
        for (P, Q, vp, vq), moves in zip(c["pending"], c["moves"]):
            if moves:
                vp, vq = vp.copy(), vq.copy()
                for x, k, side, wt in moves:
                    r = high_digits[k - low]
                    vp[x] += (self.units[r, side] - self.units[0, side]) * wt
                    vq[x] += (self.units[r, 1 - side] - self.units[0, 1 - side]) * wt
            out.append((P, Q, vp, vq))
        return out

    def _pending_points(self, digits: np.ndarray) -> list[PendingPoints]:
        """For each group of pairs with pending games: the pairs' rows and each side's weighted points against the
        other in every outcome (pairs x outcomes)."""
        out: list[PendingPoints] = []
        for P, Q, slots in self.de_groups:
            vp = np.repeat(self.weighted[P, Q][:, None], len(digits), axis=1).astype(self.de_type)
            vq = np.repeat(self.weighted[Q, P][:, None], len(digits), axis=1).astype(self.de_type)
            for games, sides, weights in slots:  # the pairs' first pending game, second, ... (weight 0: none)
                r = digits[:, games].T  # pairs x outcomes
                vp += (self.units[r, sides] * weights).astype(self.de_type)
                vq += (self.units[r, 1 - sides] * weights).astype(self.de_type)
            out.append((P, Q, vp, vq))
        return out

    def _de_values(self, key: np.ndarray, pending: list[PendingPoints]) -> tuple[np.ndarray, np.ndarray]:
        """Each player's weighted points against the players with an equal key (``key``: players x outcomes), and
        the number of equal pairs per outcome.  The pairs without pending games are taken by the distance ``d``
        between their rows: one comparison of ``key[:-d]`` with ``key[d:]`` covers them all."""
        n, m = key.shape
        de = np.zeros(key.shape, self.de_type)
        ties = np.zeros(m, np.int32)
        for d in range(1, n):
            eq = key[:-d] == key[d:]
            ties += np.add.reduce(eq, axis=0, dtype=np.int32)
            de[:-d] += eq * self.de_ahead[d]
            de[d:] += eq * self.de_behind[d]
        for P, Q, vp, vq in pending:  # no player twice in a group: the fancy additions add once per row
            eq = key[P] == key[Q]
            de[P] += eq * vp
            de[Q] += eq * vq
        return de, ties
