"""The tie-break catalogue: one entry of data per tie-break (code, name, article, type, modifiers, function).

>>> CATALOGUE["BH"].article, CATALOGUE["BH"].name
('C.07 8.1', 'Buchholz')
>>> resolve_code("GE")
'REP'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from . import families, fide
from .direct import DirectEncounter, direct_encounter, result_between
from .errors import SpecifierError
from .messages import Message
from .passes import Column, Context
from .specifier import MAX_LIST, TieBreakSpec, parse_modifiers


@dataclass(frozen=True)
class TieBreakDef:
    """One tie-break of the catalogue: its code, names, source article, type, modifiers and how it is computed."""

    code: str
    #: the English name; Russian and Ukrainian are in the catalogues (context ``tie-break``), worded by
    #: :func:`tiebreak.render.i18n.tiebreak_name`
    name: str
    article: str
    type: str  # C.07 Art. 4.3: A (among the tied), B (own), C (opponents' final), D (known before the round)
    modifiers: str  # allowed modifier letters
    compute: Callable[[Context, TieBreakSpec], Column] | None  # None for Type A (computed inside tied groups by the ranking)
    higher_is_better: bool = True
    aliases: tuple[str, ...] = ()
    note: str = ""
    group: Callable[[Context, list[int], bool], DirectEncounter] | None = None  # Type A: (context, members, played) -> tiers
    family: str = "fide"  # fide, legacy, uscf, ru
    rules: str | None = None  # the rule set a family tie-break is always computed under
    unplayed: str = "by the rule set chosen (C.07 Art. 15-16 for FIDE)"


def _d(code: str, name: str, article: str, type_: str, modifiers: str,
       compute: Callable[[Context, TieBreakSpec], Column] | None, **kw: Any) -> TieBreakDef:
    return TieBreakDef(code, name, article, type_, modifiers + "RV", compute, **kw)


_ENTRIES = [
    _d("PTS", "Points", "C.07 4.2", "B", "", fide.points),
    _d("DE", "Direct encounter", "C.07 6", "A", "P", None,
       note="value: place inside the tied group (0 = not separated), lower is better", group=direct_encounter),
    _d("WIN", "Number of wins", "C.07 7.1", "B", "", fide.wins),
    _d("WON", "Number of games won", "C.07 7.2", "B", "",
       fide.games_won),
    _d("BPG", "Games played with Black",
       "C.07 7.3", "B", "", fide.black_games),
    _d("BWG", "Games won with Black", "C.07 7.4",
       "B", "", fide.black_wins),
    _d("PS", "Progressive scores", "C.07 7.5", "B", "C",
       fide.progressive),
    _d("REP", "Rounds elected to play",
       "C.07 7.6", "B", "", fide.rounds_elected, aliases=("GE",)),
    _d("STD", "Standard points", "C.07 7.7 (2026)", "B", "",
       fide.standard_points),
    _d("TPN", "Tournament pairing number", "C.07 7.8 (2026)", "B", "",
       fide.pairing_number, higher_is_better=False, aliases=("SNO",)),
    _d("BH", "Buchholz", "C.07 8.1", "C", "CMPS", fide.buchholz),
    _d("AOB", "Average of opponents' Buchholz", "C.07 8.2", "CC", "FPS", fide.opponents_buchholz),
    _d("FB", "Fore Buchholz", "C.07 8.3", "D", "CMPS",
       fide.fore_buchholz),
    _d("SB", "Sonneborn-Berger", "C.07 9.1", "BC", "CMPS",
       fide.sonneborn_berger),
    _d("KS", "Koya system", "C.07 9.2", "BC", "L", fide.koya),
    _d("ARO", "Average rating of opponents",
       "C.07 10.1", "D", "CMU", fide.average_rating),
    _d("TPR", "Tournament performance rating",
       "C.07 10.2", "DB", "U", fide.performance),
    _d("PTP", "Perfect tournament performance",
       "C.07 10.3", "DB", "U", fide.perfect_performance),
    _d("APRO", "Average performance rating of opponents", "C.07 10.4", "DC", "U", fide.opponents_performance),
    _d("APPO", "Average perfect performance of opponents", "C.07 10.5", "DC", "U", fide.opponents_perfect_performance),
    _d("RTNG", "Rating", "C.07 10.6 (2026)", "B", "U", fide.rating),
]

_USCF = dict(family="uscf", rules="uscf",
             unplayed="34E1: an opponent's unplayed games count ½, the player's own unplayed games an opponent with 0")
_RU = dict(family="ru", rules="ru", unplayed="every unplayed game counts as a draw (Russian practice)")
_LEGACY = dict(family="legacy", rules="fide-2009",
               unplayed="13.14.2: virtual opponent for own unplayed rounds; opponents' unplayed games count as draws")
_ENTRIES += [
    _d("US-MM", "Modified median", "USCF 34E1", "C", "",
       families.modified_median, **_USCF),
    _d("US-SOLK", "Solkoff", "USCF 34E2", "C",
       "", families.solkoff, **_USCF),
    _d("US-CUM", "Cumulative", "USCF 34E3", "B", "", families.cumulative, **_USCF),
    _d("US-MED", "Median (Harkness)", "USCF 34E4", "C", "",
       families.median, **_USCF),
    _d("US-RBT", "Result between tied players",
       "USCF 34E5", "A", "", None, group=result_between, **_USCF),
    _d("US-BLK", "Most blacks", "USCF 34E6", "B", "",
       families.most_blacks, **_USCF),
    _d("US-KASH", "Kashdan", "USCF 34E7", "B", "", families.kashdan, **_USCF),
    _d("US-SB", "Sonneborn-Berger (USCF)", "USCF 34E8", "BC", "",
       families.uscf_sonneborn_berger, **_USCF),
    _d("US-COPP", "Cumulative of opposition", "USCF 34E9", "C",
       "", families.cumulative_of_opposition, **_USCF),
    _d("US-OPERF", "Opposition's performance",
       "USCF 34E10", "D", "U", families.opposition_performance, **_USCF),
    _d("US-AVGOPP", "Average rating of opposition", "USCF 34E11", "D", "U", families.average_opposition, **_USCF),
    _d("RU-BERGER", "Berger coefficient", "Russian (Berger)", "BC", "C",
       fide.sonneborn_berger, **_RU),
    _d("RU-DVOR", "Simplified Berger (Dvoretsky)",
       "Russian (Dvoretsky, 1985)", "BC", "", families.dvoretsky, **_RU),
    _d("RU-SONN", "Sonneborn's original score",
       "Russian (Sonneborn, 1886)", "BC", "", families.sonneborn_original, **_RU),
    _d("RU-CUM", "Cumulative (Russian)", "Russian (cumulative)", "B", "",
       families.cumulative, **_RU),
    _d("L-SBH", "Sum of Buchholz",
       "Arbiters' Manual 13.13.2 (2.5)", "CC", "", families.buchholz_sum,
       **(_LEGACY | {"unplayed": "the opponents' Buchholz, each with 13.14.2's virtual opponents; the player's own "
                                 "unplayed rounds count 0 (opponents met over the board only)"})),
]

CATALOGUE: dict[str, TieBreakDef] = {d.code: d for d in _ENTRIES}
_ALIASES = {a: d.code for d in _ENTRIES for a in d.aliases}


def resolve_code(name: str) -> str | None:
    """The catalogue code for a name or alias (upper case), or None."""
    name = name.upper()
    if name in CATALOGUE:
        return name
    return _ALIASES.get(name)


#: the codes of team tie-breaks that no individual event has (engine.team_tiebreaks.TEAM_CATALOGUE and its aliases;
#: a test keeps the two equal): named when they appear in a players' list
TEAM_ONLY_CODES = frozenset({"MP", "GP", "MPTS", "GPTS", "MPVGP", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "SSSC", "BC",
                             "TBR", "BBE", "EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB", "US-AMTEAM", "US-TCUM"})


def parse(text: str) -> TieBreakSpec:
    """Parse one specifier of an individual event (team events: :func:`tiebreak.engine.team.parse_team`)."""
    raw = text.strip()
    if not raw:
        raise SpecifierError("empty tie-break specifier")
    parts = re.split(r"[/#]", raw.upper())
    head = parts[0]
    if ":" in head:
        head, score = head.split(":", 1)
        if score not in ("MP", "GP", "MM", "MG", "GM", "GG"):
            raise SpecifierError(Message("{}: score {} is not MP or GP", raw, repr(score)))
        raise SpecifierError(Message("{}: ':{}' applies to team events, and this is an individual event", raw, score))
    code = resolve_code(head)
    if code is None:
        if head in TEAM_ONLY_CODES:
            raise SpecifierError(Message("{} is a team tie-break (C.07 Arts 11-13), and players are ranked here; give "
                                         "tie-breaks of individual events (see 'tiebreak list')",
                                         head))
        if len(parts) == 1 and head == raw.upper():  # the code alone: named once ('FOO', never 'FOO' in 'FOO')
            raise SpecifierError(Message("unknown tie-break {}; valid codes: {}", repr(head), ', '.join(sorted(CATALOGUE))))
        raise SpecifierError(Message("unknown tie-break {} in {}; valid codes: {}",
                                     repr(head), repr(raw), ', '.join(sorted(CATALOGUE))))
    return TieBreakSpec(code, **parse_modifiers(raw, code, parts[1:], CATALOGUE[code].modifiers))


def parse_list(text: str | list[str], parse_item: Callable[[str], TieBreakSpec] = parse) -> list[TieBreakSpec]:
    """Parse a comma- or space-separated list (TRF records 202/212 use either); ``parse_item`` reads one specifier
    (a team event's list: :func:`tiebreak.engine.team_tiebreaks.parse_team`)."""
    items = [x for x in (text if isinstance(text, list) else re.split(r"[,;\s]+", text.strip())) if x.strip()]
    if len(items) > MAX_LIST:
        raise SpecifierError(Message("the list has {} tie-break; at most {} are accepted", len(items), MAX_LIST,
                                     plural="the list has {} tie-breaks; at most {} are accepted", count=len(items)))
    return [parse_item(x) for x in items]
