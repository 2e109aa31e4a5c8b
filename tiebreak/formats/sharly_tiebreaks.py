"""Sharly Chess's configured tie-breaks (table ``tie_break``: a ``type`` and JSON ``options``) as our specifiers.

>>> tiebreak_list([("BUCHHOLZ", '{"CUTTER_WITH_MEDIAN": "CUT_1"}', None), ("DIRECT_ENCOUNTER", '{"PLAYED_MODIFIER": true}', None),
...                ("KOYA", '{"KOYA_LIMIT": -1}', None), ("SONNEBORN_BERGER", '{"CUTTER": "NO_CUT"}', None)], [])
['BH/C1', 'DE/P', 'KS/L-1', 'SB']

Sharly's own Papi tie-breaks (plugin ``ffe``: Papi's Buchholz and performance, with Papi's inaccuracies reproduced)
become the C.07 tie-break they are built on, with a warning that the figures may differ from Papi's.  A type we have no
tie-break for (the manual tie-break) is left out of the list with a warning.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from ..engine.errors import InputWarning, Place
from ..engine.messages import Message

_CODES = {"WINS": "WIN", "GAMES_WON": "WON", "GAMES_PLAYED_WITH_BLACK": "BPG", "GAMES_WON_WITH_BLACK": "BWG",
          "PROGRESSIVE_SCORES": "PS", "ROUNDS_ELECTED_TO_PLAY": "REP", "KASHDAN": "US-KASH", "BUCHHOLZ": "BH",
          "FORE_BUCHHOLZ": "FB", "AVERAGE_OF_BUCHHOLZ": "AOB", "SONNEBORN_BERGER": "SB", "KOYA": "KS",
          "AVERAGE_RATING_OPPONENTS": "ARO", "TOURNAMENT_PERFORMANCE_RATING": "TPR",
          "AVERAGE_PERFORMANCE_RATING_OPPONENTS": "APRO", "PERFECT_TOURNAMENT_PERFORMANCE": "PTP",
          "AVERAGE_PERFECT_PERFORMANCE": "APPO", "DIRECT_ENCOUNTER": "DE", "SUM_OF_BUCHHOLZ": "L-SBH"}
#: Sharly's Papi tie-breaks: the tie-break each reimplements
_PAPI = {"ffe-PAPI_PERFORMANCE": "TPR", "ffe-PAPI_BUCHHOLZ": "BH", "ffe-PAPI_KASHDAN": "US-KASH",
         "ffe-PAPI_BUCHHOLZ_SUM": "L-SBH"}
_CUTS = {"NO_CUT": "", "CUT_1": "/C1", "CUT_2": "/C2", "MEDIAN_1": "/M1", "MEDIAN_2": "/M2"}
_PAPI_BUCHHOLZ = {"STANDARD": "", "CUT": "/C1", "MEDIAN": "/M1"}


def tiebreak_list(items: Sequence[tuple[str, str, Place | None]], warnings: list[InputWarning]) -> list[str]:
    """Our specifiers for Sharly's ``(type, options JSON, place)`` rows, in order."""
    out = []
    for kind, options_text, place in items:
        spec = _specifier(kind, options_text, place, warnings)
        if spec is not None:
            out.append(spec)
    return out


def _specifier(kind: str, options_text: str, place: Place | None, warnings: list[InputWarning]) -> str | None:
    try:
        options = json.loads(options_text) if options_text.strip() else {}
    except ValueError:
        options = None
    if not isinstance(options, dict):
        warnings.append(InputWarning(Message("tie-break {}: its options are not a JSON object; read without them",
                                             repr(kind[:40])),
                                     place))
        options = {}
    code = _CODES.get(kind) or _PAPI.get(kind)
    if code is None:
        warnings.append(InputWarning(Message("tie-break {} has no equivalent here; left out of the list",
                                             repr(kind[:40])), place))
        return None
    spec = code
    cut = options.get("CUTTER_WITH_MEDIAN", options.get("CUTTER"))
    if isinstance(cut, str) and cut in _CUTS:
        spec += _CUTS[cut]
    papi_type = options.get("ffe-PAPI_BUCHHOLZ_TYPE")
    if isinstance(papi_type, str) and papi_type in _PAPI_BUCHHOLZ:
        spec += _PAPI_BUCHHOLZ[papi_type]
    limit = options.get("KOYA_LIMIT")
    if isinstance(limit, int) and not isinstance(limit, bool) and limit and abs(limit) <= 100:
        spec += f"/L{limit:+d}"
    if options.get("PLAYED_MODIFIER") is True:
        spec += "/P"
    if options.get("FORE_MODIFIER") is True:
        spec += "/F"
    if kind in _PAPI:  # named as the list and the standings' column name it (BH/C1 for Papi's cut Buchholz)
        warnings.append(InputWarning(Message("tie-break {} (Papi's computation) is computed as {} of C.07; Papi's "
                                             "figures may differ",
                                             repr(kind[:40]), spec), place))
    return spec
