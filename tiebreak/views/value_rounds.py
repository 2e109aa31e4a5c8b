"""The rounds behind one value of a player or a team, one view without words for every face that explains a value:
``tiebreak explain``'s text, the web page's panel, the site's card and the live screen's card (a team's rounds are
its matches).  One column order (:data:`COLUMNS`: the round, the result, the opponent named with the number, the
contribution, how it was counted) and one rule for the sentence that says how a round was counted: said once under
the table when every round was counted the same way, a column of its own when they differ.

No. 2 of the bundled Hobson's Bay cup beat no. 16, Matijas, in round 1 (``16 w 1`` in the file); every round of the
points is the round's own value:

>>> from tiebreak import compute_standings, trf
>>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
>>> v = value_rounds(s, 2, "PTS")
>>> r = v.rows[0]
>>> (r.round, r.kind, opponent_label(r.opponent_name, r.opponent), str(r.value), v.sentence, v.columns[-1])
(1, 'WIN', 'Matijas,Dejan (16)', '1', "the round's own value", 'contribution')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

from ..engine.ranking import Ranking, name_and_number

#: the columns of a value's rounds, in the one order of every face
COLUMNS = ("round", "result", "opponent", "contribution", "how_counted")


class RoundRow(NamedTuple):
    """One round of a value: the result's kind (a team's: the match's), the opponent (start or team number, None:
    no opponent) and its name, what the round added, whether a modifier cut it, how it was counted (the engine's
    message, English).  A named tuple, not a frozen dataclass: a site's cards make one for each round of each value
    of each player (126,000 in the benchmark's build), and a frozen dataclass sets each field through
    ``object.__setattr__``."""

    round: int
    kind: str
    opponent: int | None
    opponent_name: str
    value: Fraction | None
    cut: bool
    source: str


@dataclass(frozen=True)
class ValueRounds:
    """The rounds of one value: ``sentence`` the one way every round was counted (said once under the table; ''
    when the rounds differ, then each row says its own in the ``how_counted`` column), ``columns`` the columns shown
    (:data:`COLUMNS`, without ``how_counted`` when the sentence is shared), ``kept`` the sum of the rounds kept when
    the value is derived from it (an average), else None."""

    rows: list[RoundRow]
    sentence: str
    columns: tuple[str, ...]
    kept: Fraction | None
    #: a team's rounds (a round without a match is worded as the team's matches word it: "no match")
    team: bool = False

    @property
    def cut(self) -> bool:
        return any(r.cut for r in self.rows)


def opponent_label(name: str, number: int | None) -> str:
    """An opponent as every face names one in a value's rounds: the name and the number (``Bodke,Aryan (41)``; ''
    without an opponent, which each face words)."""
    return name_and_number(name, number) if number is not None else ""


def value_rounds(s: Ranking, number: int, key: str) -> ValueRounds:
    """The rounds that made ``key``'s value of player (or team) ``number``."""
    found = s.contributions(number, key)
    return _of_rows(s, number, key, [RoundRow(c.round, c.kind, c.opponent, s.row(c.opponent).name if c.opponent
                                              else "", c.value, c.cut, c.source) for c in found])


def detailed_rounds(s: Ranking, number: int, key: str, rounds: Iterable[Mapping[str, Any]]) -> ValueRounds:
    """:func:`value_rounds` from the rounds of ``key`` as :func:`tiebreak.render.explain.details` gives them (its
    ``rounds``: the contributions as dicts, as a site's card has them), without making the contributions again."""
    return _of_rows(s, number, key, [RoundRow(c["round"], c["kind"], c["opponent"], s.row(c["opponent"]).name
                                              if c["opponent"] else "", c["value"], c["cut"], c["source"])
                                     for c in rounds])


def _of_rows(s: Ranking, number: int, key: str, rows: list[RoundRow]) -> ValueRounds:
    """The rounds of ``key``'s value of ``number`` from its rows: the one way they were counted, the sum kept."""
    if not rows:
        return ValueRounds([], "", COLUMNS, None)
    ways = {r.source for r in rows}
    sentence = next(iter(ways)) if len(ways) == 1 else ""
    kept = sum((r.value for r in rows if not r.cut and r.value is not None), Fraction(0))
    value = s.value(number, key)
    return ValueRounds(rows, sentence, COLUMNS[:-1] if sentence else COLUMNS,
                       kept if value is not None and kept != value else None, s.ranks_teams)
