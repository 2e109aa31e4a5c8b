"""Swiss-Manager / Chess-Results numbered tie-breaks, translated to our specifiers.

Swiss-Manager (and the Chess-Results upload format, ``tb1no``...``tb5no``) numbers its tie-breaks; the numbers and
descriptions are in ``../shared/peers/swiss-manager-tiebreak-codes.tsv`` (from Sharly Chess's copy of the Chess-Results
table).  In a list, ``SM84`` is Swiss-Manager's tie-break 84; parameters follow a colon as Swiss-Manager shows them,
``SM84:0,0,1`` (type, discarded strongest, discarded weakest results) = ``BH/C1``; ``SM87:0,40`` (type, limit in %) =
``KS/L40``.  Numbers whose meaning depends on settings we cannot see, or that no C.07 or family tie-break matches, are
refused with the reason.

>>> translate("SM1,SM84:0,0,1,SM81,SM85")
'PTS,BH/C1,DE,SB'
"""

from __future__ import annotations

import re

from ..engine.errors import SpecifierError
from ..engine.messages import Message

#: Swiss-Manager number -> (our specifier, Swiss-Manager's short name); numbers with no faithful translation are in
#: UNTRANSLATABLE instead, with the reason.
SWISS_MANAGER: dict[int, tuple[str, str]] = {
    1: ("PTS", "Pts."), 2: ("BH", "BH."), 3: ("BH/C1", "BH1."), 4: ("BH/M1", "BHm."), 10: ("ARO", "rtgØ"),
    11: ("DE", "Res."), 12: ("WIN", "vict"), 13: ("MP", "MP"), 14: ("EDE", "Res."), 15: ("GP", "BT"),
    20: ("ARO/C1", "ratØ"), 21: ("TPR", "ratP"), 36: ("ARO", "RtgØ"), 37: ("BH", "BH."), 45: ("KS", "Koya"),
    52: ("SB", "SB"), 53: ("BPG", "mBl"), 55: ("APRO", "ARPO"), 60: ("TPR", "Rp"), 68: ("WIN", "vict"),
    77: ("AOB", "AOB"), 78: ("BC", "BC"), 79: ("REP", "REP"), 80: ("ARO", "ARO"), 81: ("DE", "DE"),
    83: ("EDE", "EDE"), 84: ("BH", "BH"), 85: ("SB", "SB"), 86: ("PS", "PS"), 87: ("KS", "KS"), 88: ("TPR", "TPR"),
    89: ("TBR", "TBR"), 90: ("BBE", "BBE"), 91: ("SSSC", "SSSC"), 92: ("US-KASH", "Kas"),
}
#: numbers we know but cannot translate faithfully, with the reason shown to the user
UNTRANSLATABLE: dict[int, str] = {
    5: "a manual input after tie-break matches", 6: "a manual input after tie-break matches",
    8: "Swiss-Manager's own 'Fide Tie-Break' of the old regulations; give the list it stands for",
    9: "Swiss-Manager's own 'Fide Tie-Break (fine)'; give the list it stands for",
    26: "a value imported from another program", 27: "a value imported from another program",
    32: "a value imported from another program",
    82: "ESB: choose EMMSB, EMGSB, EGMSB or EGGSB (C.07 13.2), which Swiss-Manager keeps in its parameters",
}
#: Swiss-Manager number -> the description Chess-Results shows in the legend under its standings ("Tie Break1: ...")
DESCRIPTIONS: dict[int, str] = {
    1: 'points (game-points)', 2: 'Buchholz Tie-Breaks (all Results)', 3: 'Buchholz Tie-Breaks (without one result)',
    4: 'Buchholz Tie-Breaks (without two results=middle Tie-Breaks)', 10: 'rating average of the opponents',
    11: 'Direct Encounter (The results of the players in the same point group)',
    12: 'The greater number of victories', 13: 'Matchpoints (2 for wins, 1 for Draws, 0 for Losses)',
    14: 'The results of the teams in then same point group according to Matchpoints',
    15: 'Board Tie-Breaks of the whole tournament', 20: 'rating average of the opponents (without one result)',
    21: 'Performance', 36: 'rating average of the opponents (variabel with parameters)',
    37: 'Buchholz Tie-Breaks (variabel with parameter)', 45: 'Koya Tie-Break',
    52: 'Sonneborn-Berger-Tie-Break variable', 53: 'Most black', 55: 'Average Recursive Ratingperformance',
    60: 'Performance (variable with parameter)', 68: 'The greater number of victories (variable)',
    77: "Average of Opponents' Buchholz (AOB)", 78: 'Board Count (BC)', 79: 'Rounds Elected to Play',
    80: 'Average Rating of Opponents (ARO)', 81: 'Direct Encounter (DE)',
    83: 'Extended Direct Encounter for teams (EDE)', 84: 'Buchholz Tie-Break Variable (2023)',
    85: 'Sonneborn Berger Tie-Break Variable (2023)', 86: 'FIDE Tiebreak (Progressive Score)',
    87: 'Koya System (KS)', 88: 'Performance Tie-Breaks (TPR, APRO, PTP, APPO)', 89: 'Top Board Results TBR',
    90: 'Bottom Board Elimination (BBE)', 91: 'Scores and Schedule Strength Combination (SSSC)', 92: 'Kashdan',
}
#: numbers whose parameters are (type, discarded strongest, discarded weakest): the C.07 Cut (lowest) and Median
_CUT_PARAMETERS = {80, 84, 85}
_TOKEN = re.compile(r"^SM([0-9]{1,4})(?::((?:[0-9]{1,4}[,\s]*){0,20}))?$", re.I)


def from_swiss_manager(number: int, parameters: list[int] | None = None) -> str:
    """Our specifier for Swiss-Manager tie-break ``number`` (with its parameters as Swiss-Manager lists them)."""
    if number in UNTRANSLATABLE:
        raise SpecifierError(Message("Swiss-Manager tie-break {} cannot be translated: {}",
                                     number, UNTRANSLATABLE[number]))
    if number not in SWISS_MANAGER:
        raise SpecifierError(Message("Swiss-Manager tie-break {} has no equivalent here (see 'tiebreak list "
                                     "--swiss-manager')",
                                     number))
    spec = SWISS_MANAGER[number][0]
    p = parameters or []
    if number in _CUT_PARAMETERS and len(p) >= 3 and (p[1] or p[2]):
        base = spec.split("/")[0]
        strongest, weakest = p[1], p[2]
        if strongest == weakest:
            spec = f"{base}/M{weakest}"
        elif strongest == 0:
            spec = f"{base}/C{weakest}"
        else:
            raise SpecifierError(Message("Swiss-Manager tie-break {} discards {} strongest and {} weakest results: C.07 "
                                         "has Cut (weakest) and Median (both alike) only",
                                         number, strongest, weakest))
    elif number == 87 and len(p) >= 2 and p[1]:
        spec = f"KS/L{p[1]}"
    return spec


def translate(text: str) -> str:
    """A list in which ``SM<n>[:params]`` items are replaced by our specifiers; other items are kept as they are."""
    out: list[str] = []
    for item in _split(text):
        m = _TOKEN.match(item)
        if m:
            params = [int(x) for x in re.split(r"[,\s]+", m.group(2) or "") if x]
            out.append(from_swiss_manager(int(m.group(1)), params))
        else:
            out.append(item)
    return ",".join(out)


def _key(name: str) -> str:
    """A legend line or column name as compared: without a ``Tie Break1:``/``TB1:`` prefix, case or final dots."""
    name = re.sub(r"^\s*(?:tie[\s-]*break\s*\d+|tb\s*\d+)\s*[:.]?\s*", "", name.strip(), flags=re.I)
    return " ".join(name.split()).casefold().rstrip(".").strip()


def from_chess_results(name: str) -> str:
    """Our specifier for a Chess-Results tie-break as its standings show it: the legend's description
    (``Tie Break1: Buchholz Tie-Breaks (variabel with parameter)``) or a column's short name (``BH1.``, ``mBl``).

    A short name that stands for tie-breaks with different meanings (``Res.`` is 11, Direct Encounter, and 14, the
    teams' result in their point group) is refused with the candidates; the legend's description always decides.

    >>> from_chess_results("Tie Break1: Direct Encounter (DE)"), from_chess_results("BH1.")
    ('DE', 'BH/C1')
    """
    key = _key(name)
    for number, text in DESCRIPTIONS.items():
        if _key(text) == key:
            return from_swiss_manager(number)
    candidates = {n: spec for n, (spec, short) in SWISS_MANAGER.items() if _key(short) == key}
    meanings = set(candidates.values())
    if len(meanings) == 1:
        return meanings.pop()
    if meanings:
        options = ", ".join(f"SM{n} {DESCRIPTIONS[n]!r} = {spec}" for n, spec in sorted(candidates.items()))
        raise SpecifierError(Message("Chess-Results column {} stands for several tie-breaks ({}); give the description "
                                     "from the legend or the SM number",
                                     repr(name.strip()), options))
    raise SpecifierError(Message("Chess-Results tie-break {} not known (see 'tiebreak list --swiss-manager')",
                                 repr(name.strip())))


def from_chess_results_legend(text: str, notes: list[str] | None = None) -> str:
    """Our list for a Chess-Results legend (one tie-break per line, as under its standings), points first.  Every
    line is kept, a tie-break given twice too (``BH1.`` and ``BH.`` are BH/C1 and BH; two lines that read alike both
    stay); ``notes`` receives what the reader should know: a line whose parameters the legend does not show, and a
    tie-break that appears twice.

    >>> notes = []
    >>> from_chess_results_legend("Tie Break1: Buchholz Tie-Breaks (variabel with parameter)\\nTB2: BH.\\nTB3: SB", notes)
    'PTS,BH,BH,SB'
    >>> len(notes)
    2
    """
    notes = notes if notes is not None else []
    lines = [line.strip() for line in text.splitlines() if _key(line)]
    specs = ["PTS"]
    first: dict[str, int] = {}  # specifier -> the legend line that gave it first
    for n, line in enumerate(lines, 1):
        spec = from_chess_results(line)
        if spec == "PTS" and specs == ["PTS"]:
            continue  # the points, already first
        if "variab" in _key(line):
            notes.append(Message("{}: the legend does not show Swiss-Manager's parameters (results cut, limits); read "
                                 "as {}: add the modifiers the event used (e.g. {}/C1) or give the SM number with its "
                                 "parameters",
                                 repr(line), spec, spec.split('/')[0]))
        if spec in first:
            notes.append(Message("{} is given twice (lines {} and {}): both are kept; if they differ by their "
                                 "parameters, write them with their modifiers (e.g. BH/C1,BH)",
                                 spec, first[spec], n))
        first.setdefault(spec, n)
        specs.append(spec)
    return ",".join(specs)


def _split(text: str) -> list[str]:
    """Items of a list; parameters after ``SMn:`` may themselves hold commas (``SM84:0,1,0,SM85``)."""
    items: list[str] = []
    for piece in (x.strip() for x in text.split(",")):
        if not piece:
            continue
        if items and piece.isdigit() and _TOKEN.match(items[-1]) and ":" in items[-1]:
            items[-1] += "," + piece
        else:
            items.append(piece)
    return items
