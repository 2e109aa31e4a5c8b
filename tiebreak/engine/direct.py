"""DE — Direct encounter (C.07 Art. 6, Type A): computed inside each group of participants still tied.

* 6.1: the points each member scored against the other members; unplayed games are left out unless
  the regulations include them (``DE/P``) or the pairings were pre-determined (Art. 15.2).
* 6.1.2: when two members met more than once, the addend is the average of those games.
* 6.2: when everyone met everyone, the DE scores decide all places; equal sub-groups are processed again
  on their own, until nothing more separates.
* 6.3: otherwise a member takes the first place only when no outcome of the games not played among the
  group could catch it; then the second place in the same way, and so on; Art. 6 is applied again to the
  members left.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from .passes import Column, Context


@dataclass
class DirectEncounter:
    """Outcome of Art. 6 on one tied group: ordered tiers and the DE score of each member in the first pass."""

    tiers: list[list[int]]
    scores: dict[int, Fraction] = field(default_factory=dict)
    unmet: dict[int, int] = field(default_factory=dict)


def counted_games(ctx: Context, played: bool) -> np.ndarray:
    """Games that count for Art. 6 (6.1.1 and 15.2)."""
    if ctx.rr or played or ctx.rules.swiss_forfeits_in_direct_encounter:
        return ctx.has_opp
    return ctx.otb


class _Pairs:
    """Average points of each member against each other member it met (6.1.2)."""

    def __init__(self, ctx: Context, members: list[int], games: np.ndarray) -> None:
        inside = np.zeros(ctx.n, bool)
        inside[members] = True
        rows = np.array(members)
        sub_opp = ctx.opp0[rows]
        mask = games[rows] & inside[sub_opp]
        totals: dict[tuple[int, int], list[int]] = {}
        for a, r in zip(*np.nonzero(mask)):
            i, j = int(rows[a]), int(sub_opp[a, r])
            t = totals.setdefault((i, j), [0, 0])
            t[0] += int(ctx.pts[i, r])
            t[1] += 1
        self.avg = {pair: Fraction(s, c * ctx.scale) for pair, (s, c) in totals.items()}

    def scores(self, members: list[int]) -> tuple[dict[int, Fraction], dict[int, int]]:
        group = set(members)
        score = {m: Fraction(0) for m in members}
        met = {m: 0 for m in members}
        for (i, j), v in self.avg.items():
            if i in group and j in group:
                score[i] += v
                met[i] += 1
        return score, {m: len(members) - 1 - met[m] for m in members}


def direct_encounter(ctx: Context, members: list[int], played: bool = False) -> DirectEncounter:
    """Order one tied group by Art. 6.  Returns tiers best first (a tier = members still tied)."""
    pairs = _Pairs(ctx, members, counted_games(ctx, played))
    if not pairs.avg:
        return DirectEncounter([list(members)])
    win = Fraction(ctx.W, ctx.scale)
    scores, unmet = pairs.scores(members)
    if not ctx.rules.direct_encounter_partial and any(unmet.values()):
        return DirectEncounter([list(members)], scores, unmet)  # Arbiters' Manual 13.5: only if all met
    return DirectEncounter(_order(pairs, list(members), win), scores, unmet)


def _order(pairs: _Pairs, members: list[int], win: Fraction) -> list[list[int]]:
    if len(members) < 2:
        return [members]
    score, unmet = pairs.scores(members)
    if all(u == 0 for u in unmet.values()):  # 6.2
        levels = sorted(set(score.values()), reverse=True)
        if len(levels) == 1:
            return [members]
        out: list[list[int]] = []
        for level in levels:
            tier = [m for m in members if score[m] == level]
            out += _order(pairs, tier, win) if len(tier) > 1 else [tier]
        return out
    placed: list[list[int]] = []  # 6.3
    rest = list(members)
    while len(rest) > 1:
        best = max(score[m] for m in rest)
        leaders = [m for m in rest if score[m] == best]
        if len(leaders) > 1:
            break
        leader = leaders[0]
        if all(best > score[m] + win * unmet[m] for m in rest if m != leader):
            placed.append([leader])
            rest.remove(leader)
        else:
            break
    if not placed:
        return [members]
    return placed + _order(pairs, rest, win)


def points_in_point_group(ctx: Context, played: bool = False) -> Column:
    """The value Swiss-Manager's older direct-encounter setting prints (the rule set's ``direct_encounter_value``
    ``points``): in a point group (the players of one score) where everyone met everyone, the points each scored
    against the others (0.5 for two tied players who drew); 0 elsewhere.  The games that count for Art. 6 only; the
    order stays Art. 6's.

    >>> from tiebreak.engine.conventions import CONVENTIONS
    >>> from tiebreak.formats import crosstable
    >>> t = crosstable.loads("No,Name,R1,R2\\n1,A,2w=,3b1\\n2,B,1b=,4w1\\n3,C,4w1,1w0\\n4,D,3b0,2b0\\n")
    >>> [str(v) for v in points_in_point_group(Context(t, CONVENTIONS["swiss-manager-2009"].rules, 2, False)).texts()]
    ['0.5', '0.5', '0', '0']
    """
    games = counted_games(ctx, played)
    same = games & (ctx.score[ctx.opp0] == ctx.score[:, None])
    points = np.where(same, ctx.pts, 0).sum(axis=1)
    group_of = np.unique(ctx.score, return_inverse=True)[1].ravel()  # each player's point group
    size = np.bincount(group_of)
    met = np.array([len(set(ctx.opp0[i][same[i]].tolist())) for i in range(ctx.n)], np.int64)
    whole = met == size[group_of] - 1  # each met every other player of its point group
    everyone = np.ones(len(size), bool)
    np.logical_and.at(everyone, group_of, whole)
    return Column(np.where(everyone[group_of] & (size[group_of] > 1), points, 0), ctx.scale)


def groups_with_encounters(ctx: Context, group: np.ndarray, played: bool) -> list[list[int]]:
    """The tied groups (``group`` numbers, see :mod:`tiebreak.engine.ranking`) in which some members met: only those
    can be separated by Art. 6, so large events never loop over the others."""
    games = counted_games(ctx, played)
    inside = games & (group[ctx.opp0] == group[:, None])
    wanted = np.zeros(int(group.max(initial=0)) + 1, bool)  # group numbers are dense (np.unique would load numpy.ma)
    wanted[group[inside.any(axis=1)]] = True
    members = np.nonzero(wanted[group])[0]
    if not len(members):
        return []
    members = members[np.argsort(group[members], kind="stable")]
    g = group[members]
    bounds = np.nonzero(np.diff(g))[0] + 1
    return [chunk.tolist() for chunk in np.split(members, bounds) if len(chunk) > 1]


def result_between(ctx: Context, members: list[int], played: bool = False) -> DirectEncounter:
    """US-RBT — Result between tied players (USCF 34E5): with two players the winner of their game; with more, the
    games among them ranked by plus/minus (wins − losses), not by percentage.  Unplayed games are left out."""
    games = counted_games(ctx, played)
    inside = np.zeros(ctx.n, bool)
    inside[members] = True
    plus = {m: 0 for m in members}
    for m in members:
        row = games[m] & inside[ctx.opp0[m]] & ctx.has_opp[m]
        plus[m] = int(((ctx.pts[m] > ctx.D) & row).sum() - ((ctx.pts[m] < ctx.D) & row).sum())
    levels = sorted(set(plus.values()), reverse=True)
    tiers = [[m for m in members if plus[m] == v] for v in levels]
    return DirectEncounter(tiers, {m: Fraction(v) for m, v in plus.items()})
