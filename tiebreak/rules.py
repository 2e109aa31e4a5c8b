"""Rule sets: which edition of the FIDE Tie-Break Regulations (C.07) decides the details.

A rule set is data.  Every place where the two editions differ, or where the texts leave a choice,
is a named field here with its article; the engine reads the fields and never asks for a rule set by name.

>>> RULE_SETS["fide-2026"].dummy_caps, RULE_SETS["fide-2024"].dummy_caps
(True, False)
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass

#: C.07 as revised in February 2026 applies from this date (spec §1.5).
FIDE_2026_EFFECTIVE = _dt.date(2026, 3, 1)


@dataclass(frozen=True)
class RuleSet:
    """How unplayed rounds and forfeits are treated.  Field docs cite the article they implement."""

    name: str
    title: str
    #: Art. 16.4.1/16.4.2 (2026): the dummy opponent's score is capped by the scheduled opponent's adjusted
    #: score (forfeits) or by draw points x rounds (other unplayed rounds).  2024: the player's own score.
    dummy_caps: bool
    #: Art. 15.2 in events with pre-determined pairings (round robins): forfeits count as games for the
    #: rating-based tie-breaks of Art. 10.  2024 text: all forfeits are regular games; 2026: never for Art. 10.
    rr_forfeits_in_rating_tiebreaks: bool
    #: Art. 15.2 (round robins): forfeit *wins* count as won games for Type B (WON, BWG, BPG).
    rr_forfeit_wins_in_type_b: bool
    #: Art. 15.2 (round robins): forfeit *losses* count as games for Type B (BPG, REP).  2026: they stay unplayed.
    rr_forfeit_losses_in_type_b: bool
    #: Art. 6.1.1: forfeits are left out of the direct encounter in Swiss events unless the regulations
    #: include them (``DE/P``).
    swiss_forfeits_in_direct_encounter: bool = False
    #: Art. 16.5 (2023 "the lowest contribution of such unplayed rounds"; 2026 Cut-1 exception): the voluntarily
    #: unplayed round put up for the cut is the one with the lowest contribution (True, the text) or, as the
    #: reference checker does, the one whose dummy opponent has the lowest score (False).  Matters for SB only.
    vur_cut_by_contribution: bool = True
    article_note: str = ""


RULE_SETS: dict[str, RuleSet] = {
    "fide-2024": RuleSet(
        name="fide-2024",
        title="FIDE Tie-Break Regulations C.07 (2023, re-issued 2024)",
        dummy_caps=False,
        rr_forfeits_in_rating_tiebreaks=True,
        rr_forfeit_wins_in_type_b=True,
        rr_forfeit_losses_in_type_b=True,
        article_note="Art. 15.2: in round robins awarded results are regular games; Art. 16.4: dummy = own score",
    ),
    "fide-2026": RuleSet(
        name="fide-2026",
        title="FIDE Play-Off and Tie-Break Regulations C.07 (effective 1 March 2026)",
        dummy_caps=True,
        rr_forfeits_in_rating_tiebreaks=False,
        rr_forfeit_wins_in_type_b=True,
        rr_forfeit_losses_in_type_b=False,
        article_note="Art. 15.2 exceptions for Art. 7 and Art. 10; Art. 16.4.1/16.4.2 dummy caps",
    ),
}

RULE_CHOICES = ("auto", *RULE_SETS)


def choose_rules(name: "str | RuleSet", start_date: _dt.date | None, today: _dt.date | None = None) -> tuple[RuleSet, str]:
    """The rule set for ``name`` (``auto``: by the tournament's start date, as the FIDE reference checker does).

    Returns the rule set and a sentence saying why it was chosen.

    >>> choose_rules("auto", _dt.date(2025, 6, 1))[0].name
    'fide-2024'
    """
    if isinstance(name, RuleSet):
        return name, f"rules {name.name} (as given)"
    if name != "auto":
        if name not in RULE_SETS:
            raise KeyError(name)
        return RULE_SETS[name], f"rules {name} (as asked)"
    if start_date is None:
        day = today or _dt.date.today()
        why = f"no start date in the file; today's date {day.isoformat()} decides"
    else:
        day, why = start_date, f"start date {start_date.isoformat()}"
    rules = RULE_SETS["fide-2026" if day >= FIDE_2026_EFFECTIVE else "fide-2024"]
    return rules, f"rules {rules.name} chosen by {why}"
