"""Places as the standings show them: a place that several players share is written as the span they hold.

>>> shared_place(5, 1), shared_place(5, 5)
('5', '5-9')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .standings import Standings
    from .team import TeamStandings


def place_sizes(s: Standings | TeamStandings) -> dict[int, int]:
    """Rank -> how many players share it (more than one only where lots were not drawn)."""
    sizes: dict[int, int] = {}
    for r in s.rows:
        sizes[r.rank] = sizes.get(r.rank, 0) + 1
    return sizes


def shared_place(rank: int, size: int) -> str:
    """``'5'``, or ``'5-9'`` for a place five players share."""
    return str(rank) if size == 1 else f"{rank}-{rank + size - 1}"
