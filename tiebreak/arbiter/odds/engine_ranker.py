"""The ranker for any event and list: every outcome written into the tournament and ranked by ``compute_standings``
(the reference the array ranker of :mod:`.rankers` is tested against)."""

from __future__ import annotations

import dataclasses

import numpy as np

from ...engine.rules import RuleSet
from ...engine.specifier import TieBreakSpec
from ...engine.standings import compute_standings
from .models import KINDS
from .pending import Future


class EngineRanker:
    """Every outcome through ``compute_standings`` (the reference the fast ranker is tested against)."""

    def __init__(self, future: Future, specs: list[TieBreakSpec], rules: "str | RuleSet",
                 unrated_rating: int | None = None) -> None:
        self.future, self.specs, self.rules, self.unrated = future, specs, rules, unrated_rating
        self.n = len(future.base.players)

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
