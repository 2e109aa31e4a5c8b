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

from dataclasses import dataclass
from fractions import Fraction

from ..engine.ranking import Ranking, name_and_number
from ..engine.standings import Contribution

#: the columns of a value's rounds, in the one order of every face
COLUMNS = ("round", "result", "opponent", "contribution", "how_counted")


@dataclass(frozen=True)
class RoundRow:
    """One round of a value: the result's kind (a team's: the match's), the opponent (start or team number, None:
    no opponent) and its name, what the round added, whether a modifier cut it, how it was counted (the engine's
    message, English)."""

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


def value_rounds(s: Ranking, number: int, key: str, contributions: list[Contribution] | None = None) -> ValueRounds:
    """The rounds that made ``key``'s value of player (or team) ``number`` (``contributions``: the ranking's
    ``contributions(number, key)`` when already found, as a card's explanations have them)."""
    found = s.contributions(number, key) if contributions is None else contributions
    rows = [RoundRow(c.round, c.kind, c.opponent, s.row(c.opponent).name if c.opponent else "", c.value, c.cut,
                     c.source) for c in found]
    if not rows:
        return ValueRounds([], "", COLUMNS, None)
    ways = {r.source for r in rows}
    sentence = next(iter(ways)) if len(ways) == 1 else ""
    kept = sum((r.value for r in rows if not r.cut and r.value is not None), Fraction(0))
    value = s.value(number, key)
    return ValueRounds(rows, sentence, COLUMNS[:-1] if sentence else COLUMNS,
                       kept if value is not None and kept != value else None, s.ranks_teams)
