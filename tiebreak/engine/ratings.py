"""FIDE rating tables (Rating Regulations 8.1.1 p→dp and 8.1.2 D→PD) as exact integer tables.

Values are in hundredths: ``dp`` in rating points, ``pd`` in hundredths of a point.
Spec §6: the tables are used on the full scale for tie-breaks (no 400-point rule).

>>> dp(88), dp(12), dp(100)
(336, -336, 800)
>>> pd(302), pd(-302), pd(736)
(85, 15, 100)
"""

from __future__ import annotations

import numpy as np

# dp for p = 1.00, 0.99, ..., 0.50 (table 8.1.1)
_DP_HIGH = [800, 677, 589, 538, 501, 470, 444, 422, 401, 383,
            366, 351, 336, 322, 309, 296, 284, 273, 262, 251,
            240, 230, 220, 211, 202, 193, 184, 175, 166, 158,
            149, 141, 133, 125, 117, 110, 102, 95, 87, 80,
            72, 65, 57, 50, 43, 36, 29, 21, 14, 7, 0]

#: DP_TABLE[p] for p = 0..100 hundredths
DP_TABLE = np.zeros(101, np.int64)
for _i, _v in enumerate(_DP_HIGH):
    DP_TABLE[100 - _i] = _v
    DP_TABLE[_i] = -_v

# upper bounds of the rating-difference ranges for H = .50, .51, ... .99 (table 8.1.2); above 735: 1.00
_PD_UPPER = [3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
             170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
             391, 411, 432, 456, 484, 517, 559, 619, 735]

PD_OFFSET = 800
#: PD_TABLE[d + 800] for d = -800..800, hundredths of a point expected by the player who is d points higher
PD_TABLE = np.zeros(2 * PD_OFFSET + 1, np.int64)
_h = 50
_prev = -1
for _upper in _PD_UPPER:
    for _d in range(_prev + 1, _upper + 1):
        PD_TABLE[PD_OFFSET + _d] = _h
        PD_TABLE[PD_OFFSET - _d] = 100 - _h
    _prev, _h = _upper, _h + 1
for _d in range(736, PD_OFFSET + 1):
    PD_TABLE[PD_OFFSET + _d] = 100
    PD_TABLE[PD_OFFSET - _d] = 0


def dp(p_hundredths: int) -> int:
    """Rating difference for a fractional score ``p`` given in hundredths (0..100)."""
    return int(DP_TABLE[p_hundredths])


def pd(difference: int) -> int:
    """Expected score in hundredths for a player ``difference`` rating points above the opponent."""
    return int(PD_TABLE[PD_OFFSET + max(-PD_OFFSET, min(PD_OFFSET, difference))])


def pd_array(difference: np.ndarray) -> np.ndarray:
    expected: np.ndarray = PD_TABLE[np.clip(difference, -PD_OFFSET, PD_OFFSET) + PD_OFFSET]
    return expected
