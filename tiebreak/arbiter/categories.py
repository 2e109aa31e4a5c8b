"""Categories: sub-groups of the players (age, sex, rating band, federation, title, unrated), written as the
expressions prize lists use, and the standings inside each one, as Chess-Results and Swiss-Manager publish them.

An expression is one or more conditions joined by ``&``: ``birth>=2010``, ``sex=w``, ``rating<1600``,
``rating>=1400&rating<1600``, ``fed=AUS``, ``title=WGM``, ``unrated``. Texts compare case-insensitively; ``birth`` is
the birth year.  A rating condition holds for rated players only: ``rating<1600`` is the players rated under 1600,
never the unrated (an unrated player is not known to be under 1600); ``unrated`` names those, as a category of its
own (prize lists give the two separately).

>>> from tiebreak import compute_standings
>>> from tiebreak.formats import trf
>>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1,BH,SB", lots=False)
>>> c = category_standings(s, parse_category("rating<1000"))
>>> [(r.rank, r.overall, r.start_no) for r in c.rows[:3]]
[(1, 13, 26), (2, 19, 28), (3, 23, 29)]
"""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from ..engine.errors import SpecifierError
from ..engine.messages import Message
from ..engine.model import Player
from ..engine.ranking import place_sizes
from ..engine.standings import Row, Standings

#: field name in an expression -> what it compares
FIELDS = {"rating": "rating", "elo": "rating", "sex": "sex", "fed": "federation", "federation": "federation",
          "birth": "birth", "born": "birth", "title": "title"}
_CONDITION = re.compile(r"^\s*([A-Za-z]+)\s*(<=|>=|!=|<|>|=)\s*([^<>=!&]{1,40})\s*$")
_OPS: dict[str, Callable[[Any, Any], bool]] = {"<": operator.lt, ">": operator.gt, "<=": operator.le, ">=": operator.ge,
                                               "=": operator.eq, "!=": operator.ne}
MAX_CONDITIONS = 8


@dataclass(frozen=True)
class Category:
    """A named predicate on players; ``text`` is the expression it was read from."""

    text: str
    test: Callable[[Player], bool]

    def __call__(self, player: Player) -> bool:
        return self.test(player)


def _condition(text: str, whole: str) -> Callable[[Player], bool]:
    if text.strip().lower() == "unrated":
        return lambda p: not p.rating
    m = _CONDITION.match(text)
    if not m:
        raise SpecifierError(Message("category {} not understood (e.g. rating<1600, sex=w, birth>=2010, unrated)",
                                     repr(whole)), "category")
    name, op, value = m.group(1).lower(), m.group(2), m.group(3).strip()
    what = FIELDS.get(name)
    if what is None:
        raise SpecifierError(Message("category field {} not known; fields: {}",
                                     repr(name), ', '.join(sorted(set(FIELDS)))), "category")
    compare = _OPS[op]
    if what in ("rating", "birth"):
        if not (value.isascii() and value.isdigit() and len(value) <= 4):
            raise SpecifierError(Message("category {}: {} is not a number of at most 4 digits",
                                         repr(whole), repr(value)), "category")
        target = int(value)
        if what == "rating":  # rated players only (the module's documentation)
            return lambda p: bool(p.rating) and compare(p.rating, target)
        return lambda p: _birth_year(p) is not None and compare(_birth_year(p), target)
    target_text = value.casefold()
    return lambda p: compare((getattr(p, what) or "").strip().casefold(), target_text)


def _birth_year(p: Player) -> int | None:
    text = (p.birth_date or "").strip()
    return int(text[:4]) if len(text) >= 4 and text[:4].isascii() and text[:4].isdigit() else None


def parse_category(text: str) -> Category:
    """The category of an expression (see the module's documentation).

    >>> from tiebreak import Player
    >>> parse_category("birth>=2010 & sex=w")(Player(1, "A", sex="w", birth_date="2011/05/01"))
    True
    """
    parts = text.split("&")
    if not text.strip() or len(parts) > MAX_CONDITIONS:
        raise SpecifierError(Message("category {} not understood (e.g. rating<1600, sex=w, birth>=2010, unrated)",
                                     repr(text[:60])), "category")
    tests = [_condition(part, text) for part in parts]
    return Category(text.strip(), lambda p: all(t(p) for t in tests))


@dataclass(frozen=True)
class CategoryRow:
    rank: int  # inside the category (shared where the overall rank is shared)
    overall: int
    row: Row
    #: a lot placed it against another player of the category (tied with them on the whole list)
    drawn: bool = False

    @property
    def start_no(self) -> int:
        return self.row.start_no


@dataclass(frozen=True)
class CategoryStandings:
    category: Category
    rows: list[CategoryRow]
    #: overall rank -> how many share it in the whole standings (an overall place is written ``22-26`` as there)
    overall_sizes: dict[int, int] = field(default_factory=dict)
    #: the start numbers whose overall place the play-off decided (written ``1‡`` as in the standings)
    decided: frozenset[int] = frozenset()


def category_standings(s: Standings, category: Category) -> CategoryStandings:
    """The players of ``category`` in the order of the standings ``s``: their rank inside the category (players
    sharing an overall rank share it here too) and their overall rank."""
    t = s.tournament
    rows: list[CategoryRow] = []
    for r in s.rows:
        if category(t.players[r.index]):
            same = rows and rows[-1].overall == r.rank
            rows.append(CategoryRow(rows[-1].rank if same else len(rows) + 1, r.rank, r))
    drawn = {k for j in range(1, len(rows)) if _drawn_between(rows[j - 1].row, rows[j].row) for k in (j - 1, j)}
    return CategoryStandings(category, [replace(r, drawn=True) if k in drawn else r for k, r in enumerate(rows)],
                             place_sizes(s.rows), frozenset(s.decided))


def _drawn_between(a: Row, b: Row) -> bool:
    """Whether the lot ordered ``a`` and ``b`` (both placed by it, equal on every value of the list: one tie group,
    whose members stand next to each other in a category as in the standings)."""
    return a.lot is not None and b.lot is not None and a.values == b.values
