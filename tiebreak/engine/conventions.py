"""The conventions of the programs that publish most standings, kept as data beside our rule sets (as Sharly Chess
keeps each federation's conventions apart): which rule set reproduces a program's published figures where its reading
of the rules is its own, and how that was established.  ``tiebreak check`` names them in its verdict ("reproduced by
Sevilla's convention"); docs/known-differences.md describes each with the files behind it.

>>> CONVENTIONS["sevilla"].rules.own_unplayed, convention_of("fide-2009").program
('adjusted', 'Swiss-Chess/Vega')
"""

from __future__ import annotations

from dataclasses import dataclass

from .rules import RULE_SETS, RuleSet


@dataclass(frozen=True)
class Convention:
    """A publishing program's reading: its name (a rule-set name ``check`` accepts), the program, the rule set that
    reproduces it, what it does, and how it was established."""

    name: str
    program: str
    rules: RuleSet
    reading: str
    established: str


CONVENTIONS: dict[str, Convention] = {
    "vega": Convention(
        "vega", "Swiss-Chess/Vega", RULE_SETS["fide-2009"],
        "the Arbiters' Manual reading: a player's own unplayed rounds against the virtual opponent (13.14.2), an "
        "opponent's unplayed rounds as draws, also in events after C.07 took effect",
        "six Vega events of the Hobsons Bay Chess Club (2024; corpus hobsons-bay-vega, tests/test_check.py) are "
        "reproduced value for value and rank for rank by fide-2009 and by no C.07 edition"),
    "sevilla": Convention(
        "sevilla", "Sevilla",
        RuleSet(name="sevilla", title="Sevilla: every unplayed round a draw; one's own a draw with oneself at one's "
                                      "adjusted score",
                own_unplayed="adjusted", opponent_unplayed="draw", cut_exception=False,
                direct_encounter_partial=False, unplayed_result_is_draw=True, family="sevilla"),
        "every unplayed round counts a draw; a player's own unplayed rounds a draw against himself at his adjusted "
        "score (his score with his unplayed rounds counted as draws)",
        "a Belgian Sevilla export of 2025 measured in issue 26 (not in the corpus); the reading is checked by hand "
        "computation in tests/test_conventions.py"),
}


def convention_rules() -> dict[str, RuleSet]:
    """The rule sets of the conventions that are not one of ours (``check`` compares them as candidates)."""
    ours = set(RULE_SETS)
    return {c.name: c.rules for c in CONVENTIONS.values() if c.rules.name not in ours}


def convention_of(rules: str) -> Convention | None:
    """The convention a rule-set name stands for (``sevilla``), or that a rule set of ours reproduces (``fide-2009``
    is Swiss-Chess/Vega's reading)."""
    for c in CONVENTIONS.values():
        if rules in (c.name, c.rules.name):
            return c
    return None
