"""Whole-tournament passes: the arrays every tie-break is computed from, and the result column type.

All values are integers over a per-column denominator (``Column.den``): no floats anywhere.
Points are held in *units* of ``1/scale`` of a point, ``scale`` from the score system (2 for 1-½-0).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, overload

import numpy as np

from .model import BLACK, Kind, Tournament, decimal_texts
from .rules import RuleSet

BIG = np.int64(1) << 62  # larger than any key; marks "absent" in min/max searches

#: How a round's contribution was made (kept per round for explanations).
SOURCE_GAME = 1  # the opponent's score (Art. 16.3 adjusted in Swiss events)
SOURCE_DUMMY = 2  # Art. 16.4 dummy opponent
SOURCE_CAPPED = 3  # Art. 16.4.1/16.4.2 dummy with the 2026 cap applied
SOURCE_VALUE = 4  # the round's own value (rating, running score, points)
SOURCE_VIRTUAL = 5  # Arbiters' Manual 13.14.2 virtual opponent (rules fide-2009)
SOURCE_ZERO = 6  # USCF 34E1: an opponent with 0 points
SOURCE_ONESELF = 7  # seed 004: a draw with oneself (a bye or a missed round)
SOURCE_SCHEDULED = 8  # seed 004: a draw with the scheduled opponent (a forfeit)
SOURCE_OPPONENT_BH = 9  # L-SBH: the opponent's Buchholz (Arbiters' Manual 13.13.2 item 2.5)
SOURCE_OWN_UNPLAYED = 10  # L-SBH: the player's own unplayed round, which counts 0

_VUR_KINDS = [Kind.HPB, Kind.ZPB, Kind.ABSENT, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT]
_REQUESTED_KINDS = [Kind.HPB, Kind.ZPB, Kind.ABSENT]


def _kind_table(kinds: list[Kind]) -> np.ndarray:
    """Kind code -> whether it is one of ``kinds`` (a lookup: quicker than np.isin on every call)."""
    table = np.zeros(len(Kind), bool)
    table[kinds] = True
    return table


_VUR_TABLE = _kind_table(_VUR_KINDS)
_REQUESTED_TABLE = _kind_table(_REQUESTED_KINDS)


@dataclass
class Column:
    """The values of one tie-break for every player: ``num[i] / den``, undefined where ``defined`` is False.

    ``contrib``/``valid``/``cut``/``source`` (players x rounds) keep what each round added, what was cut
    and why, so that every value can be explained; ``extra`` holds tie-break specific details.
    """

    num: np.ndarray
    den: int = 1
    defined: np.ndarray | None = None
    higher_is_better: bool = True
    contrib: np.ndarray | None = None
    contrib_den: int | None = None
    valid: np.ndarray | None = None
    cut: np.ndarray | None = None
    source: np.ndarray | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    #: players with False rank after every player with True, whatever the values (Arbiters' Manual 13.14.1)
    priority: np.ndarray | None = None

    def value(self, i: int) -> Fraction | None:
        if self.defined is not None and not self.defined[i]:
            return None
        return Fraction(int(self.num[i]), self.den)

    @overload
    def texts(self, prefix: str | None = None, undefined: None = None) -> list[str | None]: ...

    @overload
    def texts(self, prefix: str | None, undefined: str) -> list[str]: ...

    @overload
    def texts(self, prefix: str | None = None, *, undefined: str) -> list[str]: ...

    def texts(self, prefix: str | None = None, undefined: str | None = None) -> list[str] | list[str | None]:
        """Exact decimal text of every value (``undefined`` where undefined), each distinct value formatted once;
        with ``prefix`` every text starts with it (JSON members are made this way)."""
        uniq, inverse = np.unique(self.num, return_inverse=True)
        texts: list[str | None] = [*decimal_texts(uniq.tolist(), self.den), undefined]
        if prefix is not None:
            texts = [prefix + str(x) for x in texts]
        strings = np.array(texts, dtype=object)
        if self.defined is not None:
            inverse = np.where(self.defined, inverse.ravel(), len(uniq))
        result: list[str | None] = strings[inverse.ravel()].tolist()
        return result

    def sort_key(self, reverse: bool = False) -> np.ndarray:
        """Ascending key (smaller = better); undefined values sort after every defined one (spec §1.4.5)."""
        key: np.ndarray = self.num.astype(np.int64)
        if self.higher_is_better != reverse:
            key = -key
        if self.priority is not None:
            key = np.where(self.priority, key, key + (BIG >> 1))
        if self.defined is not None:
            key = np.where(self.defined, key, BIG)
        return key


def round_half_up_div(num: np.ndarray, den: np.ndarray | int) -> np.ndarray:
    """Elementwise round(num / den) with halves up, for num >= 0 and den > 0 (integer arrays)."""
    positive = np.maximum(den, 1)
    result: np.ndarray = (2 * num + positive) // (2 * positive)
    return result


@dataclass(frozen=True)
class Points:
    """Points given round by round instead of by kind (team game points): units, scale, win and draw in units."""

    units: np.ndarray
    scale: int
    win: int
    draw: int


class Context:
    """Arrays derived once from a tournament for the rounds being evaluated (1..``rounds``)."""

    def __init__(self, t: Tournament, rules: RuleSet, rounds: int, round_robin: bool,
                 kind: np.ndarray | None = None, points: "Points | None" = None) -> None:
        self.t = t
        self.rules = rules
        self.k = rounds
        self.rr = round_robin
        self.kind = (t.kind[:, :rounds] if kind is None else kind).astype(np.int64)
        self.opp = t.opponent[:, :rounds].astype(np.int64)
        self.colour = t.colour[:, :rounds]
        self.points = points
        if points is None:
            system = t.score_system
            self.scale = system.scale
            self.units = np.array([int(p * self.scale) for p in system.table()], np.int64)
            self.W = int(system.win * self.scale)
            self.D = int(system.draw * self.scale)
        else:  # points given round by round (game points of team matches)
            self.scale, self.W, self.D = points.scale, points.win, points.draw
        self.n = len(t.players)
        self.rows = np.arange(self.n)

    # --- basic masks -------------------------------------------------------------------------
    @cached_property
    def pts(self) -> np.ndarray:
        if self.points is not None:
            given: np.ndarray = self.points.units[:, :self.k]
            return given
        by_kind: np.ndarray = self.units[self.kind]
        return by_kind

    @cached_property
    def score(self) -> np.ndarray:
        total: np.ndarray = self.pts.sum(axis=1)
        return total

    @cached_property
    def has_opp(self) -> np.ndarray:
        return self.opp >= 0

    @cached_property
    def opp0(self) -> np.ndarray:
        """Opponent index with 0 where there is none (safe for fancy indexing; mask with ``has_opp``)."""
        return np.where(self.has_opp, self.opp, 0)

    @cached_property
    def otb(self) -> np.ndarray:
        over_the_board: np.ndarray = self.kind <= Kind.UNKNOWN
        return over_the_board

    @cached_property
    def forfeit(self) -> np.ndarray:
        forfeited: np.ndarray = self.has_opp & ~self.otb
        return forfeited

    @cached_property
    def forfeit_loss(self) -> np.ndarray:
        lost: np.ndarray = (self.kind == Kind.FORFEIT_LOSS) | (self.kind == Kind.DOUBLE_FORFEIT)
        return lost

    @cached_property
    def vur(self) -> np.ndarray:
        """Voluntarily unplayed rounds: requested byes, absences and forfeit losses (Art. 16.1, 16.5)."""
        return _VUR_TABLE[self.kind]

    @cached_property
    def final_bye(self) -> np.ndarray:
        """Category 16.2.5: a requested bye followed by no round that is not a VUR (spec §1.1, A5)."""
        idx = np.arange(self.k)
        last_non_vur = np.where(~self.vur, idx, -1).max(axis=1, initial=-1)
        final: np.ndarray = _REQUESTED_TABLE[self.kind] & (idx[None, :] > last_non_vur[:, None])
        return final

    @cached_property
    def adjusted(self) -> np.ndarray:
        """The score a participant counts with as somebody's opponent (Swiss events): Art. 16.3 (category 16.2.5
        as a draw), or every unplayed round as a draw (rule sets with ``opponent_unplayed == "draw"``)."""
        if self.rr:
            return self.score
        adjusted: np.ndarray
        if self.rules.opponent_unplayed == "draw":
            adjusted = self.score + np.where(self.otb, 0, self.D - self.pts).sum(axis=1)
        else:
            adjusted = self.score + ((self.D - self.pts) * self.final_bye).sum(axis=1)
        return adjusted

    @cached_property
    def virtual_opponent(self) -> np.ndarray:
        """Arbiters' Manual 13.14.2: Svon = S before the round + (W − points of the round) + D per later round."""
        before = np.cumsum(self.pts, axis=1) - self.pts
        later = (self.k - 1 - np.arange(self.k))[None, :]
        virtual: np.ndarray = before + (self.W - self.pts) + self.D * later
        return virtual

    def games(self, played: bool = False, swiss: bool = False) -> np.ndarray:
        """Rounds that count as games with an opponent for opponent-based tie-breaks (Art. 15.2, 16, /P)."""
        if (self.rr and not swiss) or played:
            return self.has_opp
        return self.otb

    # --- Art. 16.4 dummy opponent ------------------------------------------------------------
    def dummy(self, games: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Score of the opponent that stands in every unplayed round (by the rule set), and where the 2026 cap
        changed it."""
        no_cap = np.zeros_like(games)
        if self.rules.own_unplayed == "virtual":
            return self.virtual_opponent, no_cap
        if self.rules.own_unplayed == "zero":
            return np.zeros((self.n, self.k), np.int64), no_cap
        if self.rules.own_unplayed == "adjusted":  # Sevilla: a draw with oneself at one's adjusted score
            return np.broadcast_to(self.adjusted[:, None], (self.n, self.k)), no_cap
        own = np.broadcast_to(self.score[:, None], (self.n, self.k))
        if self.rules.own_unplayed == "own":  # seed 004: a forfeit is a draw with the scheduled opponent
            return np.where(self.has_opp & ~games, self.adjusted[self.opp0], own), no_cap
        if not self.rules.dummy_caps:
            return own, no_cap
        forfeit = self.has_opp & ~games
        cap = np.where(forfeit, self.adjusted[self.opp0], self.D * self.k)  # 16.4.1 / 16.4.2
        capped = cap < own
        return np.where(capped, cap, own), capped

    def opponent_scores(self, played: bool = False,
                        swiss: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Per round: the score that stands for the opponent (game: opponent's score, Swiss: adjusted; unplayed
        Swiss rounds: the dummy), where a value exists, and its source code."""
        games = self.games(played, swiss)
        if self.rr and not swiss:
            opp_score = np.where(games, self.score[self.opp0], 0)
            return opp_score, games.copy(), np.where(games, SOURCE_GAME, 0).astype(np.int8), games
        dummy, capped = self.dummy(games)
        opp_score = np.where(games, self.adjusted[self.opp0], dummy)
        unplayed: int | np.ndarray = {"virtual": SOURCE_VIRTUAL, "zero": SOURCE_ZERO}.get(self.rules.own_unplayed,
                                                                                         SOURCE_DUMMY)
        if self.rules.own_unplayed == "own":
            unplayed = np.where(self.has_opp, SOURCE_SCHEDULED, SOURCE_ONESELF)
        if self.rules.own_unplayed == "adjusted":
            unplayed = SOURCE_ONESELF
        source = np.where(games, SOURCE_GAME, np.where(capped, SOURCE_CAPPED, unplayed)).astype(np.int8)
        return opp_score, np.ones_like(games), source, games

    @cached_property
    def fore(self) -> "Context":
        """Art. 8.3: the tournament as if every paired game of the final round had been drawn."""
        kind = self.kind.copy()
        points = self.points
        last = self.k - 1
        if last >= 0:
            paired = self.has_opp[:, last]
            kind[paired, last] = Kind.DRAW
            if points is not None:
                units = points.units.copy()
                units[paired, last] = points.draw
                points = Points(units, points.scale, points.win, points.draw)
        return Context(self.t, self.rules, self.k, self.rr, kind=kind, points=points)

    # --- ratings -----------------------------------------------------------------------------
    @cached_property
    def ratings(self) -> np.ndarray:
        method = self.t.rating_method
        if method == "FIDE":  # the usual case, without a method call per player
            return np.array([p.rating or 0 for p in self.t.players], np.int64)
        return np.array([p.rating_for(method) or 0 for p in self.t.players], np.int64)

    @cached_property
    def any_unrated(self) -> bool:
        return bool((self.ratings <= 0).any())

    def rating_games(self) -> np.ndarray:
        """Games that count for Art. 10 tie-breaks: over the board, plus forfeits in round robins where the
        rule set keeps Art. 15.2 without exception."""
        if self.rr and self.rules.rr_forfeits_in_rating_tiebreaks:
            return self.has_opp
        return self.otb

    def ratings_with(self, unrated: int | None) -> tuple[np.ndarray, bool]:
        """Ratings with ``unrated`` for unrated players; False when unrated players make them unusable (Art. 10)."""
        if not self.any_unrated:
            return self.ratings, True
        if unrated is None:
            return self.ratings, False
        return np.where(self.ratings > 0, self.ratings, unrated), True

    @cached_property
    def result_hundredths(self) -> np.ndarray:
        """Rating points of each round in hundredths (1/½/0 whatever the score system; spec §1.2)."""
        table = np.zeros(len(Kind), np.int64)
        for k in (Kind.WIN, Kind.WIN_SHORT, Kind.FORFEIT_WIN):
            table[k] = 100
        for k in (Kind.DRAW, Kind.DRAW_SHORT, Kind.UNKNOWN):
            table[k] = 50
        per_round: np.ndarray = table[self.kind]
        return per_round

    @cached_property
    def black(self) -> np.ndarray:
        with_black: np.ndarray = self.colour == BLACK
        return with_black


def apply_cuts(key: np.ndarray, valid: np.ndarray, low: int, high: int,
               exception: np.ndarray | None = None, contrib: np.ndarray | None = None,
               exception_key: np.ndarray | None = None) -> np.ndarray:
    """Art. 14.1-14.4: mark the ``low`` least and then the ``high`` most significant values as cut.

    ``key`` orders the values (smaller = less significant).  With ``exception`` (a mask of voluntarily unplayed
    rounds) Art. 16.5 applies to each low cut: the lowest contribution of such a round (ordered by
    ``exception_key``, default the contribution) is cut instead of the least significant value when it is not
    lower than that value.
    """
    n, k = key.shape
    cut = np.zeros((n, k), bool)
    rows = np.arange(n)
    for step in range(low + high):
        alive = valid & ~cut
        active = alive.any(axis=1)
        if not active.any():
            break
        if step < low:
            idx = np.where(alive, key, BIG).argmin(axis=1)
            if exception is not None:
                assert contrib is not None
                order = contrib if exception_key is None else exception_key
                v = alive & exception
                vidx = np.where(v, order, BIG).argmin(axis=1)
                use = v.any(axis=1) & (contrib[rows, vidx] >= contrib[rows, idx])
                idx = np.where(use, vidx, idx)
        else:
            idx = np.where(alive, key, -BIG).argmax(axis=1)
        cut[rows[active], idx[active]] = True
    return cut
