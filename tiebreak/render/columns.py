"""The headings of the player columns (:mod:`tiebreak.arbiter.columns` computes the columns themselves).

>>> headings(["title", "fed", "rating"], "en")
['Tit', 'Fed', 'Rtg']
"""

from __future__ import annotations

from .i18n import Table

HEADINGS = Table("column", {
    'title': 'Tit',
    'fed': 'Fed',
    'rating': 'Rtg',
    'club': 'Club',
    'sex': 'Sex',
    'birth': 'Born',
    'perf': 'Perf',
    'change': '+/-',
})


def headings(names: list[str], lang: str = "en") -> list[str]:
    """The headings of the player columns ``names`` in ``lang``."""
    return [HEADINGS.text(n, lang) for n in names]
