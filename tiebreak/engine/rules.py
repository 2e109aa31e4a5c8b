"""Rule sets: which edition of the FIDE Tie-Break Regulations (C.07) decides the details.

A rule set is data.  Every place where the two editions differ, or where the texts leave a choice,
is a named field here with its article; the engine reads the fields and never asks for a rule set by name.

>>> RULE_SETS["fide-2026"].dummy_caps, RULE_SETS["fide-2024"].dummy_caps
(True, False)
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, replace
from typing import Any

from .errors import SpecifierError
from .messages import Message, Term

#: C.07 as revised in February 2026 applies from this date (spec §1.5).
FIDE_2026_EFFECTIVE = _dt.date(2026, 3, 1)
#: The FIDE Tie-Break Regulations C.07 took effect on this date: FIDE's news "Revised Tie-break Regulations come to
#: force on September 1, 2023" (the FIDE Council ratified them, an enhanced version of the text approved at the 44th
#: Congress and retracted in July 2023; the re-issue "effective from April 1, 2024" changed no definition).  Before
#: it the Arbiters' Manual Art. 13 (seeds 000/003, virtual opponent 13.14.2) was in force.
FIDE_2023_EFFECTIVE = _dt.date(2023, 9, 1)
#: Why ``auto`` chose a rule set: the regulations in force on the day (one sentence per period, worded by the catalogue).
IN_FORCE = {
    "fide-2009": Term("before 1 September 2023 the Arbiters' Manual Art. 13 (virtual opponent, 13.14.2) was in force"),
    "fide-2024": Term("the FIDE Tie-Break Regulations C.07 were in force from 1 September 2023 (re-issued 1 April "
                      "2024)"),
    "fide-2026": Term("the revised C.07 is in force from 1 March 2026"),
}


@dataclass(frozen=True)
class RuleSet:
    """How unplayed rounds and forfeits are treated.  Field docs cite the article they implement."""

    name: str
    title: str
    #: What stands for the opponent in a participant's *own* unplayed rounds (Swiss events):
    #: ``dummy`` C.07 Art. 16.4 (the player's own score; capped in 2026); ``virtual`` Arbiters' Manual 13.14.2
    #: (Svon = score before the round + (1 - points of the round) + ½ per later round); ``zero`` USCF 34E1 (an
    #: opponent with 0 points); ``own`` Russian practice (seed 004): a forfeit is a game with the *scheduled*
    #: opponent (its adjusted score), a bye or a missed round a game with oneself (the player's own score);
    #: ``adjusted`` Sevilla's convention (:mod:`tiebreak.engine.conventions`): every own unplayed round a draw with
    #: oneself at one's adjusted score (one's unplayed rounds counted as draws).
    own_unplayed: str = "dummy"
    #: How a participant's unplayed rounds count when it is somebody's *opponent*: ``art16`` C.07 Art. 16.3
    #: (their points, category 16.2.5 as a draw); ``draw`` every unplayed round counts a draw (Arbiters' Manual
    #: 13.14.2 b, USCF 34E1, Russian practice).
    opponent_unplayed: str = "art16"
    #: C.07 Art. 16.5: the cut exception for voluntarily unplayed rounds.
    cut_exception: bool = True
    #: C.07 Art. 6.3: in Swiss events DE may place a leader before every pair has met (Arbiters' Manual 13.5: only
    #: when all tied players met each other).
    direct_encounter_partial: bool = True
    #: Arbiters' Manual 13.14.1: a player who played fewer games than this ranks below, on ARO, everybody who
    #: played more (None: no such rule).
    aro_min_games: int | None = None
    #: Art. 16.4.1/16.4.2 (2026): the dummy opponent's score is capped by the scheduled opponent's adjusted
    #: score (forfeits) or by draw points x rounds (other unplayed rounds).  2024: the player's own score.
    dummy_caps: bool = False
    #: Art. 15.2 in events with pre-determined pairings (round robins): forfeits count as games for the
    #: rating-based tie-breaks of Art. 10.  2024 text: all forfeits are regular games; 2026: never for Art. 10.
    rr_forfeits_in_rating_tiebreaks: bool = True
    #: Art. 15.2 (round robins): forfeit *wins* count as won games for Type B (WON, BWG, BPG).
    rr_forfeit_wins_in_type_b: bool = True
    #: Art. 15.2 (round robins): forfeit *losses* count as games for Type B (BPG, REP).  2026: they stay unplayed.
    rr_forfeit_losses_in_type_b: bool = True
    #: Art. 6.1.1: forfeits are left out of the direct encounter in Swiss events unless the regulations
    #: include them (``DE/P``).
    swiss_forfeits_in_direct_encounter: bool = False
    #: Art. 16.5 (2023 "the lowest contribution of such unplayed rounds"; 2026 Cut-1 exception): the voluntarily
    #: unplayed round put up for the cut is the one with the lowest contribution (True, the text) or, as the
    #: reference checker does, the one whose dummy opponent has the lowest score (False).  Matters for SB only.
    vur_cut_by_contribution: bool = True
    #: Seed 004 (Russian practice): every unplayed game counts as a *draw* for the coefficients, so the
    #: Sonneborn-Berger / Berger coefficient takes half the score of whoever stands for the opponent.  False: the
    #: points awarded in the round (C.07 Art. 16.4 "the result corresponding to the points awarded").
    unplayed_result_is_draw: bool = False
    #: Cumulative (US-CUM, RU-CUM): deduct ½ for a half-point bye as well as 1 for an unplayed win or full-point bye.
    #: Seed 002 (USCF 34E3, 4th ed.) deducts only "each unplayed win or one-point bye" (False, ``uscf``); seed 004
    #: (Russian) also "½ point for each unplayed draw" (True, ``ru``).  Spec A38; the named choice
    #: ``cumulative_half_bye`` (``deduct``/``keep``) overrides it.
    cumulative_deducts_half_byes: bool = False
    #: The 2022 regulations of the World Rapid & Blitz Championships (spec §1.5, A25; ``/V0``): a cut on the rating
    #: tie-breaks (ARO/C1) takes the player's unplayed rounds first, the lowest ratings only for what is left.  C.07:
    #: only the opponents met over the board are cut from (False).
    rating_cut_unplayed_first: bool = False
    #: Art. 16.5 names the half- and zero-point requested byes as voluntarily unplayed rounds (16.1.1); Swiss-Manager
    #: also puts a requested full-point bye up for the cut (True; :mod:`tiebreak.engine.conventions`).
    cut_exception_full_bye: bool = False
    #: What the DE column shows: ``place`` the place Art. 6 gives inside the tied group (0: not separated); ``points``
    #: Swiss-Manager's older setting 11 ("the results of the players in the same point group"): the points each player
    #: scored against the players of its point group (:mod:`tiebreak.engine.conventions`).  The order is Art. 6's either way.
    direct_encounter_value: str = "place"
    family: str = "fide"


RULE_SETS: dict[str, RuleSet] = {
    "fide-2024": RuleSet(
        name="fide-2024",
        title="FIDE Tie-Break Regulations C.07 (2023, re-issued 2024)",
        dummy_caps=False,
        # K1 (docs/known-differences.md): the 2023 text of Art. 15.2 makes no exception, but forfeits are left out of
        # the rating tie-breaks, as the 2026 revision wrote into Art. 15.2 and as the reference checker does
        rr_forfeits_in_rating_tiebreaks=False,
        rr_forfeit_wins_in_type_b=True,
        rr_forfeit_losses_in_type_b=True,
        # Art. 15.2: in round robins awarded results are regular games (not for the rating tie-breaks of Art. 10, as
        # in 2026); Art. 16.4: dummy = own score
    ),
    "fide-2026": RuleSet(
        name="fide-2026",
        title="FIDE Play-Off and Tie-Break Regulations C.07 (effective 1 March 2026)",
        dummy_caps=True,
        rr_forfeits_in_rating_tiebreaks=False,
        rr_forfeit_wins_in_type_b=True,
        rr_forfeit_losses_in_type_b=False,
        # Art. 15.2 exceptions for Art. 7 and Art. 10; Art. 16.4.1/16.4.2 dummy caps
    ),
    "fide-2009": RuleSet(
        name="fide-2009",
        title="FIDE Arbiters' Manual Art. 13 (2009 virtual opponent, 13.14.2)",
        own_unplayed="virtual", opponent_unplayed="draw", cut_exception=False, direct_encounter_partial=False,
        aro_min_games=3, family="legacy",
        # 13.14.2: virtual opponent for own unplayed rounds; opponents' unplayed games count as draws
    ),
    "uscf": RuleSet(
        name="uscf",
        title="US Chess Official Rules, Rule 34 (34E1 unplayed games)",
        own_unplayed="zero", opponent_unplayed="draw", cut_exception=False, direct_encounter_partial=False,
        family="uscf",
        # 34E1: opponents' unplayed games count ½; the player's own unplayed games count as opponents with 0
    ),
    "ru": RuleSet(
        name="ru",
        title="Russian practice: all unplayed games count as draws",
        own_unplayed="own", opponent_unplayed="draw", cut_exception=False, direct_encounter_partial=False,
        unplayed_result_is_draw=True, cumulative_deducts_half_byes=True, family="ru",
        # a forfeit is a draw with the scheduled opponent, a bye or a missed round a draw with oneself
    ),
}
LEGACY_ALIASES = {"legacy": "fide-2009"}
#: The editions a ``/V`` modifier forces on one tie-break (spec §1.5): the rule sets, and ``fide-2022`` (``/V0``, the
#: 2022 World Rapid & Blitz reading of cuts on the rating tie-breaks; otherwise the 2023/2024 text).
EDITIONS: dict[str, RuleSet] = RULE_SETS | {"fide-2022": replace(  # /V0: a cut on ARO takes the unplayed rounds first
    RULE_SETS["fide-2024"], name="fide-2022", rating_cut_unplayed_first=True,
    title="FIDE World Rapid & Blitz regulations 2022: unplayed rounds cut first from the rating tie-breaks")}

#: the rule set when none is named (``--rules``' default): the FIDE edition in force on the event's start date
DEFAULT_RULES = "auto"
RULE_CHOICES = (DEFAULT_RULES, *RULE_SETS, *LEGACY_ALIASES)
#: the rule sets with the FIDE reference checker's choices, which ``check`` also accepts as the announced rules
CHECK_RULES = ("fide-2024+reference", "fide-2026+reference")

#: The FIDE reference checker's answers where C.07 leaves a choice or where it reads the text otherwise
#: (docs/known-differences.md K1-K3); ``compat="reference"`` (``--compat reference``) switches them on.
REFERENCE_CHOICES: dict[str, Any] = dict(
    rr_forfeits_in_rating_tiebreaks=False,  # K1 (our default too)
    rr_forfeit_wins_in_type_b=False,  # K2: never counts forfeits for Type B in round robins
    rr_forfeit_losses_in_type_b=False,  # K2
    vur_cut_by_contribution=False,  # K3: cuts the voluntarily unplayed round whose dummy scored least
)
#: Named answers to the places where the texts and the reference checker part (``--compat``): the choices a
#: ``<rules>+<compat>`` rule-set name applies to a FIDE edition.  ``letter`` reads the 2023 Art. 15.2 to the letter
#: (round-robin forfeits count for the rating tie-breaks; K1), which the 2026 text itself excludes.
COMPAT: dict[str, dict[str, Any]] = {
    "text": {},
    "reference": REFERENCE_CHOICES,
    "letter": {"rr_forfeits_in_rating_tiebreaks": True},
}
COMPAT_CHOICES = tuple(COMPAT)


def with_compat(name: str, compat: str = "text") -> str:
    """The rule-set name that :func:`choose_rules` reads for ``name`` under ``compat``: ``reference`` adds the
    reference checker's choices (``fide-2024+reference``; ``auto+reference`` picks the edition by date first).

    >>> with_compat("auto", "reference"), with_compat("fide-2026"), with_compat("fide-2024+reference", "reference")
    ('auto+reference', 'fide-2026', 'fide-2024+reference')
    """
    if compat not in COMPAT:
        raise SpecifierError(Message("unknown compatibility {}; choose from {}", repr(compat), ', '.join(COMPAT)))
    return name if compat == "text" or name.endswith("+" + compat) else f"{name}+{compat}"


#: The named choice for a half-point bye in the cumulative score (``None``: each rule set's default).
CUMULATIVE_HALF_BYE = ("deduct", "keep")


def with_choices(rules: RuleSet, cumulative_half_bye: str | None = None) -> RuleSet:
    """``rules`` with the user's named choices applied (``None`` keeps the rule set's default).

    >>> with_choices(RULE_SETS["uscf"], "deduct").cumulative_deducts_half_byes
    True
    >>> RULE_SETS["uscf"].cumulative_deducts_half_byes, RULE_SETS["ru"].cumulative_deducts_half_byes
    (False, True)
    """
    if cumulative_half_bye is None:
        return rules
    if cumulative_half_bye not in CUMULATIVE_HALF_BYE:
        raise ValueError(f"cumulative half-point bye must be 'deduct' or 'keep', not {cumulative_half_bye!r}")
    return replace(rules, cumulative_deducts_half_byes=cumulative_half_bye == "deduct")


#: the note of a rule set given as one (not chosen by name or by date): a ranking under each candidate rule set says
#: it; the check leaves it out by this identifier (written again as a literal where it is said: the catalogue's test
#: reads identifiers as literals)
AS_GIVEN = "rules {} (as given)"


def choose_rules(name: "str | RuleSet", start_date: _dt.date | None) -> tuple[RuleSet, str]:
    """The rule set for ``name`` (``auto``: by the tournament's start date, as the FIDE reference checker does; a
    file without one: the newest edition, never the clock's date, so the answer is the same on any day).

    Returns the rule set and a sentence saying why it was chosen.

    >>> choose_rules("auto", _dt.date(2025, 6, 1))[0].name, choose_rules("auto", None)[0].name
    ('fide-2024', 'fide-2026')
    >>> choose_rules("auto", _dt.date(2018, 5, 1))[1]
    "rules fide-2009 chosen by start date 2018-05-01; before 1 September 2023 the Arbiters' Manual Art. 13 (virtual \
opponent, 13.14.2) was in force"
    >>> r, why = choose_rules("auto+reference", _dt.date(2025, 6, 1))
    >>> r.name, r.rr_forfeit_wins_in_type_b
    ('fide-2024+reference', False)
    """
    if isinstance(name, RuleSet):
        return name, Message("rules {} (as given)", name.name)
    base_name, _, compat = name.rpartition("+")
    if base_name and compat in COMPAT:  # an edition with named choices: fide-2024+reference, auto+letter
        base, why = choose_rules(base_name, start_date)
        if base.family != "fide" and base_name == DEFAULT_RULES:  # an event before C.07: the choices have nothing to read
            return base, why
        if base.family != "fide":
            raise SpecifierError(Message("--compat {} applies to the FIDE editions (fide-2024, fide-2026), not to {}",
                                         compat, base.name))
        choices = COMPAT[compat] if compat != "letter" or base.name == "fide-2024" else {}
        return replace(base, name=f"{base.name}+{compat}", **choices), Message("{}; choices of --compat {}", why, compat)
    if name != DEFAULT_RULES:
        name = LEGACY_ALIASES.get(name, name)
        if name not in RULE_SETS:
            raise KeyError(name)
        return RULE_SETS[name], Message("rules {} (as asked)", name)
    if start_date is None:
        return RULE_SETS["fide-2026"], Message("rules {}, the newest edition (the file has no start date); {}",
                                               "fide-2026", IN_FORCE["fide-2026"])
    day = start_date
    edition = "fide-2026" if day >= FIDE_2026_EFFECTIVE else "fide-2024" if day >= FIDE_2023_EFFECTIVE else "fide-2009"
    return RULE_SETS[edition], Message("rules {} chosen by start date {}; {}", edition, day.isoformat(),
                                       IN_FORCE[edition])
