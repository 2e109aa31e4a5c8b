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

from .errors import SpecifierError

#: Swiss-Manager number -> (our specifier, Swiss-Manager's short name); None = no faithful translation (the reason).
SWISS_MANAGER: dict[int, tuple[str | None, str]] = {
    1: ("PTS", "Pts."), 2: ("BH", "BH."), 3: ("BH/C1", "BH1."), 4: ("BH/M1", "BHm."), 10: ("ARO", "rtgØ"),
    11: ("DE", "Res."), 12: ("WIN", "vict"), 13: ("MP", "MP"), 14: ("EDE", "Res."), 15: ("GP", "BT"),
    20: ("ARO/C1", "ratØ"), 21: ("TPR", "ratP"), 36: ("ARO", "RtgØ"), 37: ("BH", "BH."), 45: ("KS", "Koya"),
    52: ("SB", "SB"), 53: ("BPG", "mBl"), 55: ("APRO", "ARPO"), 60: ("TPR", "Rp"), 68: ("WIN", "vict"),
    77: ("AOB", "AOB"), 78: ("BC", "BC"), 79: ("REP", "REP"), 80: ("ARO", "ARO"), 81: ("DE", "DE"),
    83: ("EDE", "EDE"), 84: ("BH", "BH"), 85: ("SB", "SB"), 86: ("PS", "PS"), 87: ("KS", "KS"), 88: ("TPR", "TPR"),
    89: ("TBR", "TBR"), 90: ("BBE", "BBE"), 91: ("SSSC", "SSSC"), 92: ("US-KASH", "Kas"),
}
#: numbers we know but cannot translate faithfully, with the reason shown to the user
UNTRANSLATABLE = {
    5: "a manual input after tie-break matches", 6: "a manual input after tie-break matches",
    8: "Swiss-Manager's own 'Fide Tie-Break' of the old regulations; give the list it stands for",
    9: "Swiss-Manager's own 'Fide Tie-Break (fine)'; give the list it stands for",
    26: "a value imported from another program", 27: "a value imported from another program",
    32: "a value imported from another program",
    82: "ESB: choose EMMSB, EMGSB, EGMSB or EGGSB (C.07 13.2), which Swiss-Manager keeps in its parameters",
}
#: numbers whose parameters are (type, discarded strongest, discarded weakest): the C.07 Cut (lowest) and Median
_CUT_PARAMETERS = {80, 84, 85}
_TOKEN = re.compile(r"^SM(\d+)(?::([\d,\s]*))?$", re.I)


def from_swiss_manager(number: int, parameters: list[int] | None = None) -> str:
    """Our specifier for Swiss-Manager tie-break ``number`` (with its parameters as Swiss-Manager lists them)."""
    if number in UNTRANSLATABLE:
        raise SpecifierError(f"Swiss-Manager tie-break {number} cannot be translated: {UNTRANSLATABLE[number]}")
    if number not in SWISS_MANAGER:
        raise SpecifierError(f"Swiss-Manager tie-break {number} has no equivalent here (see "
                             "'tiebreak list --swiss-manager')")
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
            raise SpecifierError(f"Swiss-Manager tie-break {number} discards {strongest} strongest and {weakest} "
                                 "weakest results: C.07 has Cut (weakest) and Median (both alike) only")
    elif number == 87 and len(p) >= 2 and p[1]:
        spec = f"KS/L{p[1]}"
    return spec


def translate(text: str) -> str:
    """A list in which ``SM<n>[:params]`` items are replaced by our specifiers; other items are kept as they are."""
    out = []
    for item in _split(text):
        m = _TOKEN.match(item)
        if m:
            params = [int(x) for x in re.split(r"[,\s]+", m.group(2) or "") if x]
            out.append(from_swiss_manager(int(m.group(1)), params))
        else:
            out.append(item)
    return ",".join(out)


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
