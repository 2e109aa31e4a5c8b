"""The rating report: one row per player (in a team event, every board player) with the rating, K, the rated games,
score, expected score, exact rating change, the change rounded as its system says, and the performance — the
figures of :mod:`tiebreak.arbiter.performance` computed for the whole grid at once (numpy), after any round.

Rated games are games played over the board (1, ½, 0) between two rated players; forfeits, byes and games shorter
than one move are not rated.  Every value is exact; only the ``rounded`` change and the performance are rounded, by
the rule of its system (:data:`tiebreak.render.words.RATINGS_WORDS` words them, with the
article).

>>> from tiebreak import Kind, Player, Tournament
>>> t = Tournament.build([Player(1, "A", 2000), Player(2, "B", 2100)], 1)
>>> t.set_game(1, 1, 2, Kind.WIN)
>>> row = rating_report(t, "fide")[0]
>>> row.k, row.expected, row.change, row.rounded, row.performance    # PD(-100) = .36; 20 × .64
(20, Fraction(9, 25), Fraction(64, 5), 13, 2900)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..engine.model import Kind, Tournament, round_half_up
from ..engine.ratings import DP_TABLE, pd_array
from .choices import DEFAULT_RATING_SYSTEM as DEFAULT_SYSTEM
from .performance import fide_k, harkness, ru_k


@dataclass(frozen=True)
class RatingRow:
    """One player's row; ``rating``, ``k``, ``expected``, ``change`` and ``rounded`` are None for an unrated player
    and in a system without a rating change, ``performance`` without a rated game."""

    start_no: int
    name: str
    rating: int | None
    k: int | None
    games: int
    score: Fraction
    expected: Fraction | None
    change: Fraction | None
    rounded: int | None
    performance: int | None
    #: the change of each round counted (FIDE, Russian): K × (result − expected) of a rated game, whose sum is
    #: ``change``; None for a round without a rated game (a bye, a forfeit, an unrated opponent)
    per_game: tuple[Fraction | None, ...] = ()


def round_change(change: Fraction) -> int:
    """A rating change to a whole number, .5 toward the higher rating (whether the change is up or down).

    >>> round_change(Fraction(25, 2)), round_change(Fraction(-25, 2)), round_change(Fraction(-127, 10))
    (13, -12, -13)
    """
    return (change + Fraction(1, 2)).__floor__()


def rating_report(t: Tournament, system: str = DEFAULT_SYSTEM, k: int | None = None,
                  rounds: int | None = None) -> list[RatingRow]:
    """The rows of every player of ``t`` after ``rounds`` rounds (default: all) under ``system``
    (:data:`~.choices.RATING_SYSTEMS`); ``k`` the K factor of everybody (default: from the rating,
    :func:`~tiebreak.arbiter.performance.fide_k`, :func:`~tiebreak.arbiter.performance.ru_k`)."""
    last = t.rounds if rounds is None else min(rounds, t.rounds)
    ratings = np.array([p.rating or 0 for p in t.players], np.int64)
    kind, opponent = t.kind[:, :last], t.opponent[:, :last]
    opp_rating = np.where(opponent >= 0, ratings[np.clip(opponent, 0, None)] if len(ratings) else 0, 0)
    halves = np.select([kind == Kind.WIN, kind == Kind.DRAW], [2, 1], 0)
    over_board = np.isin(kind, (Kind.WIN, Kind.DRAW, Kind.LOSS)) & (opponent >= 0) & (opp_rating > 0)
    games = over_board.sum(axis=1)
    score_halves = np.where(over_board, halves, 0).sum(axis=1)
    opp_sum = np.where(over_board, opp_rating, 0).sum(axis=1)
    capped = np.clip(ratings[:, None] - opp_rating, -400, 400)  # the 400-point rule (rating change only)
    game_expected = np.where(over_board, pd_array(capped), 0)  # hundredths, per game
    expected_hundredths = game_expected.sum(axis=1)
    game_hundredths = np.where(over_board, 50 * halves - game_expected, 0)  # (result - expected) x 100, per game
    wins_minus_losses = np.where(over_board, halves - 1, 0).sum(axis=1)  # USCF: +400 a win, -400 a loss
    rows = []
    for i, p in enumerate(t.players):
        n, score = int(games[i]), Fraction(int(score_halves[i]), 2)
        kk = exp = change = rounded = None
        performance = None
        per_game: tuple[Fraction | None, ...] = ()
        if system in ("fide", "ru") and p.rating:  # a rated player without a rated game: no change (0)
            kk = k or (fide_k if system == "fide" else ru_k)(p.rating)
            exp = Fraction(int(expected_hundredths[i]), 100)
            change = kk * (score - exp)
            rounded = round_change(change)
            per_game = tuple(Fraction(kk * int(x), 100) if rated else None
                             for x, rated in zip(game_hundredths[i], over_board[i]))
        if n:
            average = Fraction(int(opp_sum[i]), n)
            if system == "harkness":
                performance = harkness(average, score, n)
            elif system == "uscf":
                performance = round_half_up(average + Fraction(400 * int(wins_minus_losses[i]), n))
            else:  # C.07 10.2: ARO (rounded .5 up) + dp(p), p to 0.01 half up
                p_hundredths = round_half_up(score * 100 / n)
                performance = round_half_up(average) + int(DP_TABLE[p_hundredths])
        rows.append(RatingRow(p.start_no, p.name, p.rating or None, kk, n, score, exp, change, rounded, performance,
                              per_game))
    return rows


#: every column of a report, in order
COLUMNS = ("start_no", "name", "rating", "k", "games", "score", "expected", "change", "rounded", "performance")


class Report:
    """The rows and what they are: the system, the rounds counted, the event's name."""

    def __init__(self, rows: list[RatingRow], system: str, rounds: int, name: str = "") -> None:
        self.rows, self.system, self.rounds, self.name = rows, system, rounds, name

    def columns(self) -> tuple[str, ...]:
        """The columns of the system: the performance systems have no K, expected score or change."""
        if self.system in ("fide", "ru"):
            return COLUMNS
        return tuple(c for c in COLUMNS if c not in ("k", "expected", "change", "rounded"))


def report(t: Tournament, system: str = DEFAULT_SYSTEM, k: int | None = None, after_round: int | None = None) -> Report:
    """The report of ``t`` after ``after_round`` rounds (default: the last round with a result, as the standings)."""
    rounds = t.rounds_with_results if after_round is None else min(after_round, t.rounds)
    return Report(rating_report(t, system, k, rounds), system, rounds, t.name)
