"""Outcome models: the probability of each result of a pending game, and the results fixed by the user.

A result is a digit: 0 White wins, 1 draw, 2 Black wins.

* ``equal``: each result ⅓ (exact fractions; every outcome of the remaining games is equally likely).
* ``elo``: Davidson's model of paired comparisons with ties (R. R. Davidson, "On extending the Bradley-Terry model
  to accommodate ties in paired comparison experiments", Journal of the American Statistical Association 65 (1970)
  317-328) with Elo strengths ``γ = 10^(R/400)``: for White's strength ``γw`` (rating raised by the first-move
  advantage) and Black's ``γb``, ``P(win) = γw / S``, ``P(draw) = ν·√(γw·γb) / S``, ``P(loss) = γb / S`` with
  ``S = γw + γb + ν·√(γw·γb)``.  Without draws (``ν = 0``) this is the Elo expected score; ``ν = 2D / (1 − D)``
  makes ``D`` the draw probability of two players of equal strength.  ``D`` (``--draw-rate``) defaults to the share
  of draws among the event's games played over the board (⅓ when it has fewer than 10); the first-move advantage
  (``--white-advantage``) defaults to :data:`~tiebreak.arbiter.choices.WHITE_ADVANTAGE` rating points, the
  Elo-formula equivalent of White's 55 % score in master practice (about 54-56 % in the large game databases).
  Unrated players get ``--unrated-rating`` or else the average rating of the rated ones.

>>> p = davidson(np.array([1800.0]), np.array([1800.0]), draw_rate=0.4, white_advantage=0)
>>> [round(float(x), 3) for x in p[0]]
[0.3, 0.4, 0.3]
>>> parse_fix("12-7=1-0"), parse_fix("13:7-12=1/2")
((None, 12, 7, 0), (13, 7, 12, 1))
"""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np

from ...engine.errors import InputError, Place
from ...engine.messages import Message
from ...engine.model import Kind
from ...engine.numbers import NumberError, parse_int
from ..choices import DEFAULT_MODEL, DRAW_RATE_BELOW, LEAST_DRAW_RATE, MODELS, MOST_WHITE_ADVANTAGE, WHITE_ADVANTAGE
from .pending import Future, Game

WHITE_WINS, DRAW, BLACK_WINS = 0, 1, 2
#: Kinds of White and Black for each result digit.
KINDS = ((Kind.WIN, Kind.LOSS), (Kind.DRAW, Kind.DRAW), (Kind.LOSS, Kind.WIN))
RESULT_TEXT = ("1-0", "½-½", "0-1")

_RESULTS = {"1-0": 0, "0-1": 2, "1/2": 1, "½": 1, "=": 1, "1/2-1/2": 1, "½-½": 1, "0.5-0.5": 1, "draw": 1}
_FIX = re.compile(r"^\s*(?:([0-9]+)\s*:)?\s*([0-9]+)\s*-\s*([0-9]+)\s*=\s*(\S+)\s*$")


def parse_fix(text: str) -> tuple[int | None, int, int, int]:
    """``[ROUND:]WHITE-BLACK=RESULT`` (start numbers; result ``1-0``, ``0-1`` or ``1/2``) → (round, white, black,
    digit)."""
    m = _FIX.match(text)
    if not m or m.group(4).lower() not in _RESULTS:
        raise InputError(Message("--fix {}: expected WHITE-BLACK=RESULT, e.g. 12-7=1-0 (results 1-0, 0-1, 1/2)",
                                 repr(text)),
                         Place("", field="fix"))
    try:  # bounded: a 5,000-digit start number is refused, not handed to int()
        rnd = parse_int(m.group(1)) if m.group(1) else None
        white, black = parse_int(m.group(2)), parse_int(m.group(3))
    except NumberError as e:
        raise InputError(e.args[0], Place("", field="fix")) from None
    return rnd, white, black, _RESULTS[m.group(4).lower()]


def apply_fixes(future: Future, fixes: list[str]) -> list[tuple[Game, int]]:
    """Fix the results of some pending games ("what if"): their kinds are written into ``future.base`` and they
    leave ``future.games``.  Returns the games fixed with their result digits."""
    fixed: dict[int, int] = {}
    for text in fixes:
        rnd, white, black, digit = parse_fix(text)
        for k, g in enumerate(future.games):
            if k in fixed or (rnd is not None and g.round != rnd):
                continue
            if (g.white_no, g.black_no) == (white, black):
                fixed[k] = digit
                break
            if (g.white_no, g.black_no) == (black, white):
                fixed[k] = 2 - digit
                break
        else:
            raise InputError(Message("--fix {}: no pending game {}-{}", repr(text), white, black), Place("", field="fix"))
    for k, digit in fixed.items():
        g = future.games[k]
        r = g.round - 1
        future.base.kind[g.white, r], future.base.kind[g.black, r] = KINDS[digit]
    done = [(future.games[k], digit) for k, digit in sorted(fixed.items())]
    future.games = [g for k, g in enumerate(future.games) if k not in fixed]
    return done


def davidson(white: np.ndarray, black: np.ndarray, draw_rate: float, white_advantage: float) -> np.ndarray:
    """Win/draw/loss probabilities (rows) of Davidson's model for the ratings given (module text)."""
    if not LEAST_DRAW_RATE <= draw_rate < DRAW_RATE_BELOW:  # (the declaration's bound: every face refuses 1 first)
        raise InputError(Message("--draw-rate {} must be at least {} and below {}", format(draw_rate, 'g'),
                                 LEAST_DRAW_RATE, DRAW_RATE_BELOW),
                         Place("", field="draw rate"))
    if not -MOST_WHITE_ADVANTAGE <= white_advantage <= MOST_WHITE_ADVANTAGE:  # far beyond: 10**(R/400) is nan
        raise InputError(Message("--white-advantage {} is outside {}..{}", format(white_advantage, 'g'),
                                 -MOST_WHITE_ADVANTAGE, MOST_WHITE_ADVANTAGE),
                         Place("", field="white advantage"))
    nu = 2 * draw_rate / (1 - draw_rate)
    gw = 10 ** ((white + white_advantage) / 400)
    gb = 10 ** (black / 400)
    tie = nu * np.sqrt(gw * gb)
    total = gw + gb + tie
    return np.stack([gw / total, tie / total, gb / total], axis=1)


def observed_draw_rate(future: Future) -> tuple[int, int]:
    """Draws and games among the known over-the-board games (each game counted once)."""
    t = future.base
    k = future.played_rounds
    kind = t.kind[:, :k]
    games = (t.opponent[:, :k] >= 0) & (kind <= Kind.LOSS_SHORT)
    for g in future.games:  # pending cells carry a placeholder
        if g.round <= k:
            games[g.white, g.round - 1] = games[g.black, g.round - 1] = False
    total = int(games.sum()) // 2
    draws = int((games & ((kind == Kind.DRAW) | (kind == Kind.DRAW_SHORT))).sum()) // 2
    return draws, total


def probabilities(future: Future, model: str = DEFAULT_MODEL, draw_rate: float | None = None,
                  white_advantage: float = WHITE_ADVANTAGE, unrated_rating: int | None = None
                  ) -> tuple[np.ndarray, list[list[Fraction]] | None, list[str]]:
    """(games x 3 probabilities, the same as fractions when the model is exact, notes)."""
    g = len(future.games)
    notes: list[str] = []
    if model == "equal":
        third = Fraction(1, 3)
        notes.append("model equal: every result 1/3")
        return np.full((g, 3), 1 / 3), [[third] * 3 for _ in range(g)], notes
    if model != "elo":
        raise InputError(Message("--model {}: expected one of {}", repr(model), ', '.join(MODELS)), Place("", field="model"))
    edge = format(white_advantage, "g")
    if draw_rate is not None:
        notes.append(Message("model elo (Davidson 1970): draw rate {}, White +{} rating points", draw_rate, edge))
    else:
        draws, total = observed_draw_rate(future)
        if total < 10:
            draw_rate = 1 / 3
            notes.append(Message("model elo (Davidson 1970): draw rate 1/3 (only {} game played), White +{} rating "
                                 "points", total, edge,
                                 plural="model elo (Davidson 1970): draw rate 1/3 (only {} games played), White +{} "
                                 "rating points", count=total))
        else:
            draw_rate = draws / total
            notes.append(Message("model elo (Davidson 1970): draw rate {}/{} (the event's games so far), White +{} "
                                 "rating points",
                                 draws, total, edge))
    rated = [p.rating for p in future.base.players if p.rating]
    if unrated_rating is None and len(rated) < len(future.base.players):
        unrated_rating = round(sum(rated) / len(rated)) if rated else 1500
        notes.append(Message("unrated players counted at {} (the average rating of the rated ones)", unrated_rating))
    ratings = np.array([p.rating or unrated_rating for p in future.base.players], float)
    w = ratings[[x.white for x in future.games]]
    b = ratings[[x.black for x in future.games]]
    return davidson(w, b, draw_rate, white_advantage), None, notes
