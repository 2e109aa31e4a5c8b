"""Tie-breaks of the other rule families: FIDE Arbiters' Manual Art. 13 (legacy), USCF Rule 34, Russian practice.

Each function cites its source.  The codes carry a family prefix (``US-``, ``RU-``, ``L-``) so that they never
collide with C.07 codes; each is computed under its family's rule set (see :data:`tiebreak.engine.registry.CATALOGUE`).
Spec notes: ``../shared/spec/tiebreaks.md`` §7 (legacy), §8 (USCF), §9 (Russian).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from .fide import buchholz, sonneborn_berger
from .model import Kind
from .passes import SOURCE_OPPONENT_BH, SOURCE_OWN_UNPLAYED, SOURCE_VALUE, Column, Context, apply_cuts, round_half_up_div
from .specifier import TieBreakSpec


def _values(mask: np.ndarray) -> np.ndarray:
    return np.full(mask.shape, SOURCE_VALUE, np.int8)


def _opponent_sum(ctx: Context, low: np.ndarray, high: np.ndarray) -> Column:
    """Sum of opponents' scores (34E1 adjustments come from the USCF rule set) with per-player cut counts."""
    opp_score, valid, source, _ = ctx.opponent_scores()
    cut = np.zeros_like(valid)
    for lo, hi in sorted(set(zip(low.tolist(), high.tolist()))):
        rows = (low == lo) & (high == hi)
        cut[rows] = apply_cuts(opp_score[rows], valid[rows], lo, hi)
    keep = valid & ~cut
    return Column(np.where(keep, opp_score, 0).sum(axis=1), ctx.scale, contrib=opp_score, contrib_den=ctx.scale,
                  valid=valid, cut=cut, source=source)


def modified_median(ctx: Context, spec: TieBreakSpec) -> Column:
    """US-MM — Modified Median (USCF 34E1): opponents' adjusted scores (unplayed games ½; the player's own unplayed
    games as opponents with 0); a plus score drops the lowest, an even score (half the maximum) the highest and the
    lowest, a minus score the highest; with 9 or more rounds two at each end."""
    n = 2 if ctx.k >= 9 else 1
    twice = 2 * ctx.score
    half = ctx.W * ctx.k
    low = np.where(twice >= half, n, 0)
    high = np.where(twice <= half, n, 0)
    return _opponent_sum(ctx, low, high)


def median(ctx: Context, spec: TieBreakSpec) -> Column:
    """US-MED — Median or Harkness system (USCF 34E4): opponents' adjusted scores without the highest and the lowest."""
    one = np.ones(ctx.n, np.int64)
    return _opponent_sum(ctx, one, one)


def solkoff(ctx: Context, spec: TieBreakSpec) -> Column:
    """US-SOLK — Solkoff (USCF 34E2): the sum of the opponents' adjusted scores (34E1), nothing dropped."""
    zero = np.zeros(ctx.n, np.int64)
    return _opponent_sum(ctx, zero, zero)


def _cumulative(ctx: Context) -> Column:
    running = np.cumsum(ctx.pts, axis=1)
    unplayed_win = ~ctx.otb & (ctx.pts == ctx.W)
    deduct = np.where(unplayed_win, ctx.pts, 0)
    if ctx.rules.cumulative_deducts_half_byes:
        deduct += np.where(~ctx.otb & (ctx.pts == ctx.D), ctx.pts, 0)
    contrib = running
    return Column(running.sum(axis=1) - deduct.sum(axis=1), ctx.scale, contrib=contrib, contrib_den=ctx.scale,
                  valid=np.ones_like(ctx.otb), source=_values(ctx.otb), extra={"deducted": deduct})


def cumulative(ctx: Context, spec: TieBreakSpec) -> Column:
    """US-CUM / RU-CUM — Cumulative (USCF 34E3; seed 004): the sum of the running scores after each round, less the
    points of every unplayed win or full-point bye (and of half-point byes, ``cumulative_deducts_half_byes``)."""
    return _cumulative(ctx)


def cumulative_of_opposition(ctx: Context, spec: TieBreakSpec) -> Column:
    """US-COPP — Cumulative of opposition (USCF 34E9): the sum of the Cumulative scores of the opponents met."""
    cum = _cumulative(ctx).num
    vals = np.where(ctx.otb, cum[ctx.opp0], 0)
    return Column(vals.sum(axis=1), ctx.scale, contrib=vals, contrib_den=ctx.scale, valid=ctx.otb.copy(),
                  source=_values(ctx.otb))


def kashdan(ctx: Context, spec: TieBreakSpec) -> Column:
    """US-KASH — Kashdan (USCF 34E7): 4 points per win, 2 per draw, 1 per loss, 0 per unplayed game."""
    table = np.zeros(len(Kind), np.int64)
    table[[Kind.WIN, Kind.WIN_SHORT]] = 4
    table[[Kind.DRAW, Kind.DRAW_SHORT, Kind.UNKNOWN]] = 2
    table[[Kind.LOSS, Kind.LOSS_SHORT]] = 1
    w = table[ctx.kind]
    return Column(w.sum(axis=1), 1, contrib=w, valid=np.ones_like(ctx.otb), source=_values(ctx.otb))


def most_blacks(ctx: Context, spec: TieBreakSpec) -> Column:
    """US-BLK — Most blacks (USCF 34E6): games played with Black; unplayed games do not count."""
    w = (ctx.black & ctx.otb).astype(np.int64)
    return Column(w.sum(axis=1), 1, contrib=w, valid=ctx.otb.copy(), source=_values(ctx.otb))


def uscf_sonneborn_berger(ctx: Context, spec: TieBreakSpec) -> Column:
    """US-SB — Sonneborn-Berger (USCF 34E8): final scores of the opponents defeated plus half the final scores of the
    opponents drawn; nothing for losses or unplayed games."""
    opp = np.where(ctx.otb, ctx.score[ctx.opp0], 0)
    contrib = opp * np.where(ctx.otb, ctx.pts, 0)
    den = ctx.scale * ctx.scale
    return Column(contrib.sum(axis=1), den, contrib=contrib, contrib_den=den, valid=ctx.otb.copy(), source=_values(ctx.otb))


def average_opposition(ctx: Context, spec: TieBreakSpec) -> Column:
    """US-AVGOPP — Average rating of the opposition (USCF 34E11), to 0.01 half up (no rounding rule is given)."""
    ratings, usable = ctx.ratings_with(spec.unrated)
    vals = np.where(ctx.otb, ratings[ctx.opp0], 0)
    count = ctx.otb.sum(axis=1)
    return Column(round_half_up_div(100 * vals.sum(axis=1), count), 100, defined=(count > 0) & usable,
                  contrib=vals, valid=ctx.otb.copy(), source=_values(ctx.otb))


def opposition_performance(ctx: Context, spec: TieBreakSpec) -> Column:
    """US-OPERF — Opposition's performance (USCF 34E10): the average of the opponents' performance ratings, each
    opponent credited with its opponent's rating +400 for a win, −400 for a loss, ±0 for a draw, averaged over its
    games *without* its games against the player being ranked; to 0.01, half up."""
    ratings, usable = ctx.ratings_with(spec.unrated)
    result = np.where(ctx.pts > ctx.D, 400, np.where(ctx.pts < ctx.D, -400, 0))
    perf = np.where(ctx.otb, ratings[ctx.opp0] + result, 0)
    total, count = perf.sum(axis=1), ctx.otb.sum(axis=1)
    num = np.zeros(ctx.n, np.int64)
    defined = np.zeros(ctx.n, bool)
    for p in range(ctx.n):
        opps = ctx.opp[p][ctx.otb[p]].tolist()
        values = []
        for o in set(opps):
            met = ctx.otb[o] & (ctx.opp[o] == p)
            n = int(count[o] - met.sum())
            if n > 0:
                values += [Fraction(int(total[o] - perf[o][met].sum()), n)] * opps.count(o)
        if values and usable:
            avg = sum(values, Fraction(0)) / len(values)
            num[p] = (200 * avg.numerator + avg.denominator) // (2 * avg.denominator)
            defined[p] = True
    return Column(num, 100, defined=defined)


def dvoretsky(ctx: Context, spec: TieBreakSpec) -> Column:
    """RU-DVOR — Dvoretsky's simplified Berger coefficient (seed 004, since 1985): the scores of the opponents beaten
    minus the scores of the opponents lost to (unplayed games are draws and add nothing)."""
    opp_score, _, _, games = ctx.opponent_scores()
    sign = np.where(ctx.pts > ctx.D, 1, np.where(ctx.pts < ctx.D, -1, 0)) * games
    contrib = sign * opp_score
    return Column(contrib.sum(axis=1), ctx.scale, contrib=contrib, contrib_den=ctx.scale, valid=games.copy(),
                  source=_values(games))


def sonneborn_original(ctx: Context, spec: TieBreakSpec) -> Column:
    """RU-SONN — Sonneborn's proposal of 1886 (seed 004): the Berger coefficient plus the square of the player's own
    score (orders tied players exactly like SB)."""
    sb = sonneborn_berger(ctx, TieBreakSpec("SB"))
    sb.num = sb.num + ctx.score * ctx.score
    return sb


def buchholz_sum(ctx: Context, spec: TieBreakSpec) -> Column:
    """L-SBH — Sum of Buchholz (Arbiters' Manual 13.13.2 item 2.5): the sum of the opponents' Buchholz scores (each
    Buchholz computed with the virtual opponent); opponents met over the board only, so the player's own unplayed
    rounds count 0 (spec A36)."""
    bh = buchholz(ctx, TieBreakSpec("BH"))
    vals = np.where(ctx.otb, bh.num[ctx.opp0], 0)
    # every round is listed: the opponent's Buchholz, or 0 for the player's own unplayed round (the rounds that set
    # the sum apart from the C.07 readings)
    source = np.where(ctx.otb, SOURCE_OPPONENT_BH, SOURCE_OWN_UNPLAYED).astype(np.int8)
    return Column(vals.sum(axis=1), ctx.scale, contrib=vals, contrib_den=ctx.scale, valid=np.ones_like(ctx.otb),
                  source=source)
