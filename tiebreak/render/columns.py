"""The headings of the player columns (:mod:`tiebreak.arbiter.columns` computes the columns themselves).

>>> headings(["title", "fed", "rating"], "en")
['Tit', 'Fed', 'Rtg']
"""

from __future__ import annotations

from .words import COLUMN_HEADINGS


def headings(names: list[str], lang: str = "en") -> list[str]:
    """The headings of the player columns ``names`` in ``lang``."""
    return [COLUMN_HEADINGS.text(n, lang) for n in names]
