"""The conventions of the programs that publish most standings, kept as data beside our rule sets (as Sharly Chess
keeps each federation's conventions apart): for each program, the rule set that reproduces its published figures
where its reading of the rules is its own, and how that was established — or, where nobody has established it, that
it is not known.  ``tiebreak check`` names the program that published the file in its verdict ("reproduced by
Swiss-Manager's convention"), never another program that happens to read the rules alike; docs/known-differences.md
describes each with the files behind it.

>>> CONVENTIONS["sevilla"].rules.own_unplayed, convention_of("fide-2009", "Vega").program
('adjusted', 'Vega')
>>> convention_of("fide-2009", "Swiss-Manager") is None, PROGRAMS["Swiss-Chess"] is None
(True, True)
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

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
    #: the tie-breaks (codes) on which alone it differs from the rule set it is made from: without one of them in the
    #: list its figures are that rule set's, and ``check`` does not compare it apart (empty: it differs throughout)
    only_on: tuple[str, ...] = ()


_SWISS_MANAGER_READING = ("C.07 as written, except that a full-point bye given on request counts as a voluntarily "
                          "unplayed round for the cut exception of Art. 16.5 (16.1.1 names only the half- and "
                          "zero-point requested byes)")
_SWISS_MANAGER_ESTABLISHED = (
    "real Swiss-Manager events published on chess-results.com, measured in issue 36: every value reproduced once a "
    "requested full-point bye is put up for the cut, and by no rule set otherwise (the FIDE reference checker and "
    "C.07 cut the least significant value instead); the reading is checked by hand computation in "
    "tests/test_publishers.py")

CONVENTIONS: dict[str, Convention] = {
    "vega": Convention(
        "vega", "Vega", RULE_SETS["fide-2009"],
        "the Arbiters' Manual reading: a player's own unplayed rounds against the virtual opponent (13.14.2), an "
        "opponent's unplayed rounds as draws, also in events after C.07 took effect",
        "six Vega events of the Hobsons Bay Chess Club (2024; corpus hobsons-bay-vega, tests/test_check.py) are "
        "reproduced value for value and rank for rank by fide-2009 and by no C.07 edition"),
    "swiss-manager": Convention(
        "swiss-manager", "Swiss-Manager",
        replace(RULE_SETS["fide-2024"], name="swiss-manager", cut_exception_full_bye=True,
                title="Swiss-Manager: C.07 (2023/2024) with a requested full-point bye put up for the cut"),
        _SWISS_MANAGER_READING, _SWISS_MANAGER_ESTABLISHED),
    "swiss-manager-2026": Convention(
        "swiss-manager-2026", "Swiss-Manager",
        replace(RULE_SETS["fide-2026"], name="swiss-manager-2026", cut_exception_full_bye=True,
                title="Swiss-Manager: C.07 (2026) with a requested full-point bye put up for the cut"),
        _SWISS_MANAGER_READING + "; the 2026 edition otherwise",
        "the 2023/2024 reading carried to the 2026 edition (Swiss-Manager keeps its bye settings across editions); "
        "not yet measured on events after 1 March 2026"),
    "swiss-manager-2009": Convention(
        "swiss-manager-2009", "Swiss-Manager",
        replace(RULE_SETS["fide-2009"], name="swiss-manager-2009", direct_encounter_value="points",
                title="Swiss-Manager's older tie-break settings: the Arbiters' Manual (2009), the direct encounter "
                      "as the points scored in the point group"),
        "Swiss-Manager's older tie-break settings (Buchholz 37 \"variabel with parameter\", direct encounter 11 \"the "
        "results of the players in the same point group\"): the Arbiters' Manual's reading of unplayed rounds "
        "(13.14.2, as fide-2009), and a direct-encounter column that shows the points each player scored against "
        "the players of its point group (0.5 for two tied players who drew) where C.07 Art. 6 and we show the place "
        "it gives inside the tied group; the order is Art. 6's (13.5: only when all the tied players met)",
        "eight Keshmat Circuit rapid events of 2024-2025 exported from chess-results (three bundled in "
        "tests/data/check/chess-results): every Buchholz value and rank, and 631 of 631 DE values, reproduced "
        "(fide-2009 gives 626: the five others are this DE reading); tests/test_publishers.py", only_on=("DE",)),
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
#: every publishing program ``check`` knows (``--publisher``) -> its conventions, best known first; None: no
#: convention of its own has been established (Swiss-Chess: no standings it published with their values were measured)
PROGRAMS: dict[str, tuple[str, ...] | None] = {
    "Swiss-Manager": ("swiss-manager", "swiss-manager-2026", "swiss-manager-2009"),
    "Vega": ("vega",),
    "Swiss-Chess": None,
    "Sevilla": ("sevilla",),
}


def convention_rules(codes: Collection[str] | None = None) -> dict[str, RuleSet]:
    """The rule sets of the conventions that are not one of ours (``check`` compares them as candidates); with the
    list's tie-break ``codes``, only those that differ from the rule set they are made from on that list.

    >>> "swiss-manager-2009" in convention_rules(["BH", "SB"]), "swiss-manager-2009" in convention_rules(["DE", "BH"])
    (False, True)
    """
    ours = set(RULE_SETS)
    return {c.name: c.rules for c in CONVENTIONS.values() if c.rules.name not in ours
            and (codes is None or not c.only_on or any(code in c.only_on for code in codes))}


def convention_of(rules: str, publisher: str = "") -> Convention | None:
    """The convention a rule-set name stands for (``sevilla``), or that a rule set of ours reproduces (``fide-2009``
    is Vega's reading) — only the publishing program's own when ``publisher`` is known."""
    for c in CONVENTIONS.values():
        if rules in (c.name, c.rules.name) and (not publisher or c.program == publisher):
            return c
    return None


def program_name(text: str) -> str | None:
    """The program of PROGRAMS that ``text`` names, whatever its case or separators (``swiss-manager``,
    ``SwissManager``), or None.

    >>> program_name("swissmanager"), program_name("VEGA"), program_name("word")
    ('Swiss-Manager', 'Vega', None)
    """
    def key(x: str) -> str:
        return "".join(ch for ch in x.casefold() if ch.isalnum())

    return next((p for p in PROGRAMS if key(p) == key(text)), None)
