"""Places from keys: the outcomes as rows of digits, and for each outcome who finishes where.

A key is one integer per player and outcome, smaller = better (:class:`~.rankers.RoundRobinRanker` builds it tie-break
by tie-break); players with equal keys share their places.
"""

from __future__ import annotations

from typing import Any

import numpy as np

KEY_LIMIT = 1 << 50  # compress the key to ranks before it could overflow int64 (once shifted by the player bits)


def digit_rows(start: int, stop: int, g: int) -> np.ndarray:
    """Outcomes ``start`` .. ``stop - 1`` of ``g`` games as rows of digits (digit ``k`` = ``o // 3**k % 3``).

    >>> digit_rows(5, 7, 3).tolist()
    [[2, 1, 0], [0, 2, 0]]
    """
    o = np.arange(start, stop, dtype=np.int64)
    return ((o[:, None] // (3 ** np.arange(g, dtype=np.int64))[None, :]) % 3).astype(np.int8)


def sorted_places(key: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each row of ``key`` (0 <= key < 2**50, smaller = better) in order of place: ``who`` (the player at each
    position), ``ahead`` (players strictly ahead of them) and ``size`` (players sharing their place).

    One sort of the keys with the player number in their low bits; the runs of equal keys then give the places.

    >>> who, ahead, size = sorted_places(np.array([[5, 3, 5, 9]]))
    >>> who.tolist(), ahead.tolist(), size.tolist()
    ([[1, 0, 2, 3]], [[0, 1, 1, 3]], [[1, 2, 2, 1]])
    """
    b, n = key.shape
    bits = max(1, (n - 1).bit_length())
    # positions x outcomes from here on: each step below is a pass over contiguous rows
    s = np.ascontiguousarray(np.sort((key << bits) | np.arange(n), axis=1).T)
    who = s & ((1 << bits) - 1)
    s >>= bits
    small: type[np.signedinteger[Any]] = np.int16 if n < 1 << 15 else np.int64
    idx = np.arange(n, dtype=small)[:, None]
    new = np.ones((n, b), bool)
    np.not_equal(s[1:], s[:-1], out=new[1:])
    end = np.ones((n, b), bool)
    end[:-1] = new[1:]
    # the first and the last position of each run of equal keys
    first = np.where(new, idx, 0).astype(small)
    np.maximum.accumulate(first, axis=0, out=first)
    last = np.where(end, idx, n).astype(small)[::-1].copy()
    np.minimum.accumulate(last, axis=0, out=last)
    size = last[::-1] - first + 1
    return who.T, first.T, size.T


def by_player(who: np.ndarray, ahead: np.ndarray, size: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows in order of place (:func:`sorted_places`) back in order of players."""
    b, n = who.shape
    flat = (who + (np.arange(b) * n)[:, None]).ravel()
    out_ahead = np.empty(b * n, np.int64)
    out_size = np.empty(b * n, np.int64)
    out_ahead[flat] = ahead.ravel()
    out_size[flat] = size.ravel()
    return out_ahead.reshape(b, n), out_size.reshape(b, n)


def rank_key(key: np.ndarray) -> np.ndarray:
    """``key`` (players x outcomes) replaced by the players ahead in each outcome (the same order, smaller
    numbers)."""
    who, ahead, _ = sorted_places(np.ascontiguousarray(key.T))
    return np.ascontiguousarray(by_player(who, ahead, ahead)[0].T)


def extend(key: np.ndarray, bound: int, values: np.ndarray, size: int) -> tuple[np.ndarray, int]:
    """``key`` refined by ``values`` (0 <= values < size): compressed to places first if it would overflow."""
    if bound * size >= KEY_LIMIT:
        key, bound = rank_key(key), key.shape[0]
    key *= size  # in place: the key is the caller's own working array
    key += values
    return key, bound * size
