"""What a player needs: the minimal sets of results of the pending games that give them first place alone (after
the whole list), whatever the other games do.

The outcomes are a ``3 x 3 x … x 3`` array of booleans (the player first alone).  Adding a fourth value "any" on
every axis (true only where all three results are) gives every partial set of results; a set is minimal when
freeing any one of its games loses the guarantee (the prime implicants of the function).

>>> wins = np.array([True, False, False, True, True, False, True, True, True])  # game 0 = index % 3
>>> [sorted(c.items()) for c in minimal_sets(wins, 2)]
[[(0, 0)], [(1, 2)], [(0, 1), (1, 1)]]
"""

from __future__ import annotations

import numpy as np

ANY = 3
LIMIT = 50


def minimal_sets(alone_first: np.ndarray, g: int, limit: int = LIMIT) -> list[dict[int, int]]:
    """Minimal sets ``{game index: result digit}``, fewest conditions first (at most ``limit``)."""
    # outcome o has digit k = o // 3**k % 3: in C order the last axis is game 0
    cube = alone_first.reshape((3,) * g) if g else alone_first.reshape(())
    for axis in range(g):
        cube = np.concatenate([cube, cube.all(axis=axis, keepdims=True)], axis=axis)
    prime = cube.copy()
    for axis in range(g):
        freed = np.take(cube, [ANY], axis=axis)
        fixed = np.ones(cube.shape[axis], bool)
        fixed[ANY] = False
        shape = [1] * g
        shape[axis] = 4
        prime &= ~(fixed.reshape(shape) & freed)
    found = np.argwhere(prime)
    sets = [{g - 1 - axis: int(v) for axis, v in enumerate(idx) if v != ANY} for idx in found]
    sets.sort(key=lambda s: (len(s), sorted(s.items())))
    return sets[:limit]
