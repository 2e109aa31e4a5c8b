"""The individual tie-breaks of the FIDE Tie-Break Regulations C.07 (2023/2024 and 2026 editions).

Each function takes the evaluation :class:`~tiebreak.engine.passes.Context` and a
:class:`~tiebreak.engine.specifier.TieBreakSpec` and returns a :class:`~tiebreak.engine.passes.Column` for every player
at once.  Direct encounter (Type A) is computed inside tied groups by :mod:`tiebreak.engine.direct`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Hashable, TypeVar, cast

import numpy as np

from .model import Kind
from .passes import SOURCE_VALUE, Column, Context, apply_cuts, round_half_up_div
from .ratings import DP_TABLE, pd_array
from .specifier import TieBreakSpec

_T = TypeVar("_T")


def _cached(ctx: Context, key: Hashable, make: Callable[[], _T]) -> _T:
    cache: dict[Hashable, Any] = ctx.__dict__.setdefault("_tb_cache", {})
    if key not in cache:
        cache[key] = make()
    return cast(_T, cache[key])


def points(ctx: Context, spec: TieBreakSpec) -> Column:
    """PTS — the score: points of every round under the score system, byes and forfeits included (Art. 4.2)."""
    return Column(ctx.score, ctx.scale, contrib=ctx.pts, contrib_den=ctx.scale, valid=np.ones_like(ctx.otb),
                  source=np.full(ctx.pts.shape, SOURCE_VALUE, np.int8))


def _count(ctx: Context, mask: np.ndarray, den: int = 1, weights: np.ndarray | None = None) -> Column:
    w: np.ndarray = mask.astype(np.int64) if weights is None else np.where(mask, weights, 0)
    return Column(w.sum(axis=1), den, contrib=w, contrib_den=den, valid=mask.copy(),
                  source=np.full(mask.shape, SOURCE_VALUE, np.int8))


def _type_b_games(ctx: Context) -> np.ndarray:
    """Games for Type B counts: over the board; in round robins forfeits per Art. 15.2 of the rule set."""
    games = ctx.otb.copy()
    if ctx.rr:
        if ctx.rules.rr_forfeit_wins_in_type_b:
            games |= ctx.kind == Kind.FORFEIT_WIN
        if ctx.rules.rr_forfeit_losses_in_type_b:
            games |= ctx.has_opp & ctx.forfeit_loss
    return games


def wins(ctx: Context, spec: TieBreakSpec) -> Column:
    """WIN — rounds in which the participant obtained, with or without playing, the points of a win (Art. 7.1)."""
    return _count(ctx, ctx.pts == ctx.W)


def _won(ctx: Context) -> np.ndarray:
    won: np.ndarray = (ctx.kind == Kind.WIN) | (ctx.kind == Kind.WIN_SHORT)
    if ctx.rr and ctx.rules.rr_forfeit_wins_in_type_b:
        won |= ctx.kind == Kind.FORFEIT_WIN
    return won


def games_won(ctx: Context, spec: TieBreakSpec) -> Column:
    """WON — games won over the board (Art. 7.2); forfeit wins only in round robins under Art. 15.2."""
    return _count(ctx, _won(ctx))


def black_games(ctx: Context, spec: TieBreakSpec) -> Column:
    """BPG — games played with Black (Art. 7.3); unplayed rounds never count (Art. 15.2 aside)."""
    return _count(ctx, ctx.black & _type_b_games(ctx))


def black_wins(ctx: Context, spec: TieBreakSpec) -> Column:
    """BWG — games won with Black (Art. 7.4)."""
    return _count(ctx, ctx.black & _won(ctx))


def progressive(ctx: Context, spec: TieBreakSpec) -> Column:
    """PS — sum of the running scores after each round (Art. 7.5); Cut-n leaves out the first n (Art. 14.1 c)."""
    running = np.cumsum(ctx.pts, axis=1)
    valid = np.ones_like(ctx.otb)
    cut = np.zeros_like(valid)
    cut[:, :min(spec.cut, ctx.k)] = True
    return Column(np.where(cut, 0, running).sum(axis=1), ctx.scale, contrib=running, contrib_den=ctx.scale,
                  valid=valid, cut=cut, source=np.full(valid.shape, SOURCE_VALUE, np.int8))


def rounds_elected(ctx: Context, spec: TieBreakSpec) -> Column:
    """REP (2023: GE) — rounds minus half- and zero-point byes, absences and forfeit losses (Art. 7.6)."""
    elected = ~ctx.vur
    if ctx.rr and ctx.rules.rr_forfeit_losses_in_type_b:
        elected |= ctx.has_opp & ctx.forfeit_loss
    return _count(ctx, elected)


def standard_points(ctx: Context, spec: TieBreakSpec) -> Column:
    """STD — 1 for a round scored above a draw, ½ for a draw's points, 0 otherwise (Art. 7.7, 2026).

    The round's points are compared with the draw value, so a double forfeit counts 0 (spec A21).
    """
    halves = np.where(ctx.pts > ctx.D, 2, np.where(ctx.pts == ctx.D, 1, 0))
    return _count(ctx, np.ones_like(ctx.otb), den=2, weights=halves)


def pairing_number(ctx: Context, spec: TieBreakSpec) -> Column:
    """TPN — tournament pairing number, lowest first (Art. 7.8, 2026)."""
    return Column(np.array([p.start_no for p in ctx.t.players], np.int64), higher_is_better=False)


def _buchholz_parts(ctx: Context, spec: TieBreakSpec) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    opp_score, valid, source, games = ctx.opponent_scores(spec.played, spec.swiss)
    return opp_score, valid, source, games


def _exception_mask(ctx: Context, spec: TieBreakSpec, games: np.ndarray) -> np.ndarray | None:
    """Art. 16.5 applies in Swiss events to voluntarily unplayed rounds (not to rounds counted as games)."""
    if (ctx.rr and not spec.swiss) or not ctx.rules.cut_exception:
        return None
    exception: np.ndarray = ctx.vur & ~games
    if ctx.rules.cut_exception_full_bye:  # Swiss-Manager's convention: a requested full-point bye too
        exception = exception | (ctx.kind == Kind.FPB)
    return exception


def _buchholz_on(ctx: Context, spec: TieBreakSpec) -> Column:
    opp_score, valid, source, games = _buchholz_parts(ctx, spec)
    low, high = spec.cut + spec.median, spec.median
    cut = apply_cuts(opp_score, valid, low, high, _exception_mask(ctx, spec, games), opp_score)
    keep = valid & ~cut
    return Column(np.where(keep, opp_score, 0).sum(axis=1), ctx.scale, contrib=opp_score, contrib_den=ctx.scale,
                  valid=valid, cut=cut, source=source)


def buchholz(ctx: Context, spec: TieBreakSpec) -> Column:
    """BH — sum of the opponents' scores (Art. 8.1); Swiss: adjusted scores and dummies (Art. 16.3, 16.4),
    Cut/Median with the Art. 16.5 exception."""
    return _buchholz_on(ctx, spec)


def fore_buchholz(ctx: Context, spec: TieBreakSpec) -> Column:
    """FB — Buchholz as if every paired game of the final round had been drawn (Art. 8.3)."""
    return _buchholz_on(ctx.fore, spec)


def opponents_buchholz(ctx: Context, spec: TieBreakSpec) -> Column:
    """AOB — average of the Buchholz (``/F``: Fore Buchholz) of the opponents met over the board (Art. 8.2),
    to 0.01, half up (as the reference checker)."""
    plain = TieBreakSpec("FB" if spec.fore else "BH", played=spec.played, swiss=spec.swiss)
    bh = _cached(ctx, ("bh", plain), lambda: (fore_buchholz if spec.fore else buchholz)(ctx, plain))
    games = ctx.otb if not spec.played else ctx.has_opp
    vals = np.where(games, bh.num[ctx.opp0], 0)
    count = games.sum(axis=1)
    num = round_half_up_div(100 * vals.sum(axis=1), ctx.scale * count)
    return Column(num, 100, defined=count > 0, contrib=vals, contrib_den=ctx.scale, valid=games,
                  source=np.full(games.shape, SOURCE_VALUE, np.int8))


def sonneborn_berger(ctx: Context, spec: TieBreakSpec) -> Column:
    """SB — Σ opponent's score × points scored against that opponent (Art. 9.1); Swiss: adjusted scores and
    dummy × points of the unplayed round (Art. 16.3, 16.4).  Cut-1 leaves out the opponent with the lowest
    score, among equals the lowest contribution (Art. 14.1 d), with the Art. 16.5 exception."""
    opp_score, valid, source, games = _buchholz_parts(ctx, spec)
    # seed 004: every unplayed game is a draw for the coefficients (half the opponent's score)
    result = np.where(ctx.otb, ctx.pts, ctx.D) if ctx.rules.unplayed_result_is_draw else ctx.pts
    contrib = opp_score * result
    key = opp_score * (np.int64(1) << 31) + contrib
    cut = apply_cuts(key, valid, spec.cut + spec.median, spec.median, _exception_mask(ctx, spec, games), contrib,
                     None if ctx.rules.vur_cut_by_contribution else key)
    keep = valid & ~cut
    den = ctx.scale * ctx.scale
    return Column(np.where(keep, contrib, 0).sum(axis=1), den, contrib=contrib, contrib_den=den, valid=valid,
                  cut=cut, source=source, extra={"opponent_scores": opp_score})


def koya_max_score(ctx: Context) -> int:
    """Maximum possible score (units) for Koya: W × rounds in Swiss events; in round robins W × the games a
    participant can play (one bye per cycle when the number is odd; minus participants never paired) (spec A14)."""
    if not ctx.rr:
        return ctx.W * ctx.k
    never = int((~ctx.has_opp.any(axis=1)).sum())
    n_even = ctx.n + (ctx.n % 2)
    cycles = max(1, round(ctx.k / max(1, n_even - 1)))
    byes = cycles if ctx.n % 2 else 0
    return ctx.W * max(0, ctx.k - byes - never * cycles)


def koya(ctx: Context, spec: TieBreakSpec) -> Column:
    """KS — points scored against the participants with at least 50 % of the maximum possible score
    (Art. 9.2); Limit moves the threshold by half points (Art. 14.5)."""
    top = koya_max_score(ctx)
    if spec.limit_percent is not None:
        threshold = Fraction(top * spec.limit_percent, 100)
    else:
        threshold = Fraction(top, 2) + (spec.limit or 0) * ctx.scale
    qualifies = ctx.score * threshold.denominator >= threshold.numerator
    mask = ctx.has_opp & qualifies[ctx.opp0]
    col = _count(ctx, mask, den=ctx.scale, weights=ctx.pts)
    col.extra["threshold"] = threshold / ctx.scale
    return col


def _rating_values(ctx: Context, spec: TieBreakSpec) -> tuple[np.ndarray, np.ndarray, bool]:
    ratings, usable = ctx.ratings_with(spec.unrated)
    games = ctx.rating_games()
    opp_rating = np.where(games, ratings[ctx.opp0], 0)
    return opp_rating, games, usable


def _rating_cuts(ctx: Context, opp_rating: np.ndarray, games: np.ndarray, low: int, high: int) -> np.ndarray:
    """The cut rounds of a rating tie-break: the lowest ``low`` and highest ``high`` ratings met (Art. 14); under
    ``rating_cut_unplayed_first`` (``/V0``) each unplayed round takes one of the cuts first, the low ones, then the
    high ones."""
    if not (low or high) or not ctx.rules.rating_cut_unplayed_first:
        return apply_cuts(opp_rating, games, low, high)
    unplayed = ctx.k - games.sum(axis=1)
    lows = np.maximum(low - unplayed, 0)
    highs = np.maximum(high - np.maximum(unplayed - low, 0), 0)
    cut = np.zeros_like(games)
    for lo, hi in set(zip(lows.tolist(), highs.tolist())):
        rows = (lows == lo) & (highs == hi)
        cut[rows] = apply_cuts(opp_rating[rows], games[rows], lo, hi)
    return cut


def average_rating(ctx: Context, spec: TieBreakSpec) -> Column:
    """ARO — average rating of the opponents met over the board, rounded, .5 up (Art. 10.1); Cut/Median drop
    the lowest/highest ratings (no Art. 16.5 exception).  Undefined while unrated players have no rating."""
    opp_rating, games, usable = _rating_values(ctx, spec)
    cut = _rating_cuts(ctx, opp_rating, games, spec.cut + spec.median, spec.median)
    keep = games & ~cut
    count = keep.sum(axis=1)
    num = round_half_up_div(np.where(keep, opp_rating, 0).sum(axis=1), count)
    defined = (count > 0) & usable
    col = Column(num, 1, defined=defined, contrib=opp_rating, valid=games, cut=cut,
                 source=np.full(games.shape, SOURCE_VALUE, np.int8))
    if ctx.rules.aro_min_games:  # 13.14.1: few games rank below every player with more
        col.priority = games.sum(axis=1) >= ctx.rules.aro_min_games
    return col


def performance(ctx: Context, spec: TieBreakSpec) -> Column:
    """TPR — tournament performance rating (Art. 10.2); computed once per evaluation, APRO reuses it."""
    return _cached(ctx, ("TPR", spec.unrated), lambda: _performance(ctx, spec))


def perfect_performance(ctx: Context, spec: TieBreakSpec) -> Column:
    """PTP — perfect tournament performance (Art. 10.3); computed once per evaluation, APPO reuses it."""
    return _cached(ctx, ("PTP", spec.unrated), lambda: _perfect_performance(ctx, spec))


def _performance(ctx: Context, spec: TieBreakSpec) -> Column:
    """TPR — ARO + dp(p), p the fraction of rating points scored over the board rounded to 0.01, half up,
    dp from the FIDE table with dp(1) = 800, dp(0) = -800 (Art. 10.2; spec A10)."""
    aro = average_rating(ctx, TieBreakSpec("ARO", unrated=spec.unrated))
    games = ctx.rating_games()
    n = games.sum(axis=1)
    scored = np.where(games, ctx.result_hundredths, 0).sum(axis=1)
    p = round_half_up_div(scored, n)
    num = aro.num + DP_TABLE[np.clip(p, 0, 100)]
    assert aro.defined is not None  # ARO always says where it is defined
    col = Column(num, 1, defined=aro.defined.copy(), contrib=aro.contrib, valid=games,
                 source=aro.source, extra={"aro": aro.num, "p_hundredths": p})
    return col


def _perfect_performance(ctx: Context, spec: TieBreakSpec) -> Column:
    """PTP — the lowest rating whose expected score against the opponents met over the board (FIDE table,
    full scale) reaches the score; a zero score gives the lowest rating − 800 (Art. 10.3)."""
    opp_rating, games, usable = _rating_values(ctx, spec)
    n = games.sum(axis=1)
    target = np.where(games, ctx.result_hundredths, 0).sum(axis=1)
    lo = np.where(games, opp_rating, BIG_RATING).min(axis=1, initial=BIG_RATING) - 800
    hi = np.where(games, opp_rating, -BIG_RATING).max(axis=1, initial=-BIG_RATING) + 800
    has = n > 0
    lo = np.where(has, lo, 0)
    hi = np.where(has, hi, 0)
    # invariant: expected(hi) >= target; find the lowest such rating by bisection on all players at once
    while True:
        open_ = lo < hi
        if not open_.any():
            break
        mid = (lo + hi) // 2
        expected = np.where(games, pd_array(mid[:, None] - opp_rating), 0).sum(axis=1)
        ok = expected >= target
        hi = np.where(open_ & ok, mid, hi)
        lo = np.where(open_ & ~ok, mid + 1, lo)
    return Column(hi, 1, defined=has & usable, contrib=opp_rating, valid=games,
                  source=np.full(games.shape, SOURCE_VALUE, np.int8))


BIG_RATING = 10**6


def _opponents_average(ctx: Context, spec: TieBreakSpec, inner: Column) -> Column:
    games = ctx.rating_games()
    assert inner.defined is not None  # TPR and PTP always say where they are defined
    ok = games & inner.defined[ctx.opp0]
    vals = np.where(ok, inner.num[ctx.opp0], 0)
    count = ok.sum(axis=1)
    total = vals.sum(axis=1)
    # ratings can be negative only in degenerate cases; round half up on the absolute value
    num = np.sign(total) * round_half_up_div(np.abs(total), count)
    return Column(num, 1, defined=count > 0, contrib=vals, valid=ok, source=np.full(ok.shape, SOURCE_VALUE, np.int8))


def opponents_performance(ctx: Context, spec: TieBreakSpec) -> Column:
    """APRO — average TPR of the opponents met over the board, rounded .5 up (Art. 10.4); opponents without a
    TPR are left out."""
    inner = performance(ctx, TieBreakSpec("TPR", unrated=spec.unrated))
    return _opponents_average(ctx, spec, inner)


def opponents_perfect_performance(ctx: Context, spec: TieBreakSpec) -> Column:
    """APPO — average PTP of the opponents met over the board, rounded .5 up (Art. 10.5)."""
    inner = perfect_performance(ctx, TieBreakSpec("PTP", unrated=spec.unrated))
    return _opponents_average(ctx, spec, inner)


def rating(ctx: Context, spec: TieBreakSpec) -> Column:
    """RTNG — the participant's own rating, highest first (Art. 10.6, 2026)."""
    ratings, usable = ctx.ratings_with(spec.unrated)
    return Column(ratings.copy(), 1, defined=(ratings > 0) & usable)
