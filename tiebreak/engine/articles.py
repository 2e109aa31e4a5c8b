"""The article of the rule set in force, for explanations: a tie-break's article (C.07, or the Arbiters' Manual 13.x
under ``fide-2009``, USCF 34, the Russian text) and the words behind each round's contribution.

>>> from .rules import RULE_SETS
>>> article("BH", RULE_SETS["fide-2009"]), article("BH", RULE_SETS["fide-2024"])
("Arbiters' Manual 13.4.1", 'C.07 8.1')
>>> article("SB", RULE_SETS["ru"])
'C.07 9.1; Russian practice, the note on a missed round and an absent opponent: unplayed games as draws'
>>> article("BH/C1/P", RULE_SETS["fide-2009"]), article("ARO/U1000", RULE_SETS["fide-2009"])
("Arbiters' Manual 13.4.4", "Arbiters' Manual 13.3.1")
>>> source_text(1, RULE_SETS["fide-2009"], "game")
"game (opponent's score, the opponent's unplayed rounds as draws; Arbiters' Manual 13.14.2)"
>>> source_text(1, RULE_SETS["fide-2009"], "match", team=True)  # a team's round is a match
"match (opponent's score, the opponent's unplayed rounds as draws; Arbiters' Manual 13.14.2)"
"""

from __future__ import annotations

from .messages import Message
from .registry import CATALOGUE, parse
from .rules import RuleSet
from .specifier import TieBreakSpec

#: Arbiters' Manual Art. 13 (seeds 000/003) for the codes the 2009 rules share with C.07
ARBITERS_MANUAL = {
    "BH": "13.4.1", "BH/M1": "13.4.2", "BH/M2": "13.4.3", "BH/C1": "13.4.4", "BH/C2": "13.4.5", "ARO": "13.3.1",
    "ARO/C1": "13.3.2", "DE": "13.5", "KS": "13.6.1", "BWG": "13.7", "BPG": "13.8", "WIN": "13.11.4", "SB": "13.9.1",
    "L-SBH": "13.13.2 (2.5)", "EMMSB": "13.13.3 (3.2)", "EMGSB": "13.13.3 (3.3)", "EGMSB": "13.13.3 (3.4)",
    "EGGSB": "13.13.3 (3.5)", "MPVGP": "13.10/13.12",
}
#: the Arbiters' Manual Art. 13 of a team event's tie-breaks (seeds 000/003: 13.10 and 13.12 the team's own results,
#: 13.13.3 Sonneborn-Berger for teams, A-D (the team SB of 13.9.3 is its B, EMGSB); Buchholz, Koya and wins by their
#: general articles, as players')
ARBITERS_MANUAL_TEAMS = {
    "MP": "13.12.1", "GP": "13.12.2", "MPVGP": "13.10, 13.12", "DE": "13.12.3", "SB": "13.13.3",
    "ESB": "13.13.3", "EMMSB": "13.13.3 (3.2)", "EMGSB": "13.13.3 (3.3)", "EGMSB": "13.13.3 (3.4)",
    "EGGSB": "13.13.3 (3.5)", "BH": "13.4.1", "BH/M1": "13.4.2", "BH/M2": "13.4.3", "BH/C1": "13.4.4",
    "BH/C2": "13.4.5", "KS": "13.6.1", "WIN": "13.11.4",
}
#: what a rule set of another family reads otherwise, cited after the C.07 article (messages: worded in the reader's
#: language)
_FAMILY_NOTE = {
    "uscf": Message("USCF 34E1: opponents' unplayed games ½, own unplayed games an opponent with 0"),
    # seed 004, its note «К вопросу о расчете коэффициентов при пропуске тура и неявке соперника» (after the truncated
    # Buchholz; the seed's first pages are an unrelated article): cited by the note's subject, as a reader can find it
    "ru": Message("Russian practice, the note on a missed round and an absent opponent: unplayed games as draws"),
    "sevilla": Message("Sevilla's convention: unplayed rounds as draws, own ones with oneself at one's adjusted score"),
}


def article(spec: str, rules: RuleSet, c07: str = "") -> str:
    """The article behind ``spec`` (a specifier: ``BH/C1``) under ``rules``; ``c07`` is the catalogue's article.  A
    message (the Arbiters' Manual and a rule set's note are worded in the reader's language), which every face cites:
    the standings' legend, ``explain``, ``check``."""
    try:
        parsed = parse(spec)
        code = parsed.code
    except Exception:  # a team code: the catalogue's article stands
        return c07
    c07 = c07 or CATALOGUE[code].article
    if rules.family == "legacy":
        # its cut or median names the article (BH/C1/P is Cut-1 Buchholz, 13.4.4), other modifiers do not
        cut = f"/C{parsed.cut}" if parsed.cut else f"/M{parsed.median}" if parsed.median else ""
        found = ARBITERS_MANUAL.get(code + cut) or ARBITERS_MANUAL.get(code)
        return Message("Arbiters' Manual {}", found) if found else c07
    note = _FAMILY_NOTE.get(rules.family)
    return Message("{}; {}", c07, note) if note and not c07.startswith(("USCF", "Russian")) else c07


#: contribution sources (tiebreak.engine.passes SOURCE_*) worded by the rule set's family
_BY_FAMILY = {
    ("legacy", 1): "game (opponent's score, the opponent's unplayed rounds as draws; Arbiters' Manual 13.14.2)",
    ("uscf", 1): "game (opponent's adjusted score, the opponent's unplayed games ½; USCF 34E1)",
    ("ru", 1): "game (opponent's score, the opponent's unplayed games as draws; Russian practice)",
    ("sevilla", 1): "game (opponent's score, the opponent's unplayed rounds as draws; Sevilla's convention)",
    ("sevilla", 7): "unplayed round: a draw with oneself at one's adjusted score (Sevilla's convention)",
}
#: the same of a team's match
_TEAM_BY_FAMILY = _BY_FAMILY | {
    ("legacy", 1): "match (opponent's score, the opponent's unplayed rounds as draws; Arbiters' Manual 13.14.2)",
    ("uscf", 1): "match (opponent's adjusted score, the opponent's unplayed matches ½; USCF 34E1)",
    ("ru", 1): "match (opponent's score, the opponent's unplayed matches as draws; Russian practice)",
    ("sevilla", 1): "match (opponent's score, the opponent's unplayed rounds as draws; Sevilla's convention)",
}


def source_text(source: int, rules: RuleSet, default: str = "", team: bool = False) -> str:
    """The words for a contribution's source under ``rules`` (``default``, the C.07 words, unless the rule set words it
    otherwise); ``team``: of a team's match."""
    return (_TEAM_BY_FAMILY if team else _BY_FAMILY).get((rules.family, source)) or default


def team_article(spec: TieBreakSpec, rules: RuleSet, c07: str) -> str:
    """The article behind a team event's ``spec`` under ``rules``; ``c07`` is the team catalogue's article.  Under
    ``fide-2009`` the Arbiters' Manual's (:data:`ARBITERS_MANUAL_TEAMS`), and where it has no article for the
    tie-break (extended direct encounter, the board tie-breaks, SSSC...) the 2023 article said as such, never cited
    silently.  A message, as :func:`article`.

    >>> from .rules import RULE_SETS
    >>> team_article(TieBreakSpec("BH", cut=1), RULE_SETS["fide-2009"], "C.07 8.1, 16")
    "Arbiters' Manual 13.4.4"
    >>> team_article(TieBreakSpec("EDE"), RULE_SETS["fide-2009"], "C.07 13.3")
    "C.07 13.3, 2023; not in the Arbiters' Manual"
    >>> team_article(TieBreakSpec("EDE"), RULE_SETS["fide-2024"], "C.07 13.3")
    'C.07 13.3'
    """
    if rules.family != "legacy" or not c07.startswith("C.07"):
        return c07
    cut = f"/C{spec.cut}" if spec.cut else f"/M{spec.median}" if spec.median else ""
    found = ARBITERS_MANUAL_TEAMS.get(spec.code + cut) or ARBITERS_MANUAL_TEAMS.get(spec.code)
    return (Message("Arbiters' Manual {}", found) if found
            else Message("{}, 2023; not in the Arbiters' Manual", c07))
