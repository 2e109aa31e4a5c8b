"""The ranker for any event and list: every outcome written into the tournament and ranked by ``compute_standings``
(the reference the array ranker of :mod:`.rankers` is tested against)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import ClassVar

import numpy as np

from ...engine.model import Tournament
from ...engine.rules import RuleSet
from ...engine.specifier import TieBreakSpec
from ...engine.standings import compute_standings
from .models import KINDS
from .pending import Future


def rank_outcomes(future: Future, digits: np.ndarray, n: int, ranks: Callable[[Tournament], np.ndarray],
                  by_digits: Callable[[np.ndarray], np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Each outcome (row of result digits) written into a copy of ``future.base`` and ranked by ``ranks`` (the rank of
    each of the ``n`` participants, 1 = first, equal ranks shared): the participants ahead and sharing the place.
    Every row is ranked: the work is bounded by the count of rows, never by the clock.  ``by_digits``: the ranks made
    from the outcome's digits themselves (a ranker that writes only what the outcome changes)."""
    kind = future.base.kind.copy()
    t = dataclasses.replace(future.base, kind=kind)
    ahead = np.empty((len(digits), n), np.int64)
    size = np.empty((len(digits), n), np.int64)
    w = np.array([g.white for g in future.games], np.int64)
    b = np.array([g.black for g in future.games], np.int64)
    r = np.array([g.round - 1 for g in future.games], np.int64)
    kinds = np.array(KINDS, np.int8)
    for o, row in enumerate(digits):
        if by_digits is None:
            kind[w, r] = kinds[row, 0]
            kind[b, r] = kinds[row, 1]
        rank = ranks(t) if by_digits is None else by_digits(row)
        ahead[o] = rank - 1
        size[o] = np.bincount(rank)[rank]
    return ahead, size


class EngineRanker:
    """Every outcome through ``compute_standings`` (the reference the fast ranker is tested against)."""

    #: ``--exact``'s bound (outcomes x players), the engine ranking outcome by outcome (about a millisecond for 32
    #: players): 3**11 outcomes at 16 players, 3**10 at 32 (a minute or two)
    exact_work: ClassVar[int] = 3**11 * 16

    def __init__(self, future: Future, specs: list[TieBreakSpec], rules: "str | RuleSet",
                 unrated_rating: int | None = None, cumulative_half_bye: str | None = None) -> None:
        self.future, self.specs, self.rules, self.unrated = future, specs, rules, unrated_rating
        self.cumulative_half_bye = cumulative_half_bye
        self.n = len(future.base.players)

    def _ranks(self, t: Tournament) -> np.ndarray:
        f = self.future
        s = compute_standings(t, self.specs, rules=self.rules, after_round=f.final_round, lots=False,
                              system=f.system, unrated_rating=self.unrated,
                              cumulative_half_bye=self.cumulative_half_bye)
        rank = np.empty(self.n, np.int64)
        for x in s.rows:
            rank[x.index] = x.rank
        return rank

    def rank(self, digits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return rank_outcomes(self.future, digits, self.n, self._ranks)
