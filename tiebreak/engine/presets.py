"""Ready-made tie-break lists, selectable by name (``--preset``) and listed by ``tiebreak presets``.

A preset is data: the list, the rule set it is meant for (None: whatever ``--rules`` says) and its source.

>>> PRESETS["uscf"].tiebreaks
'PTS,US-MM,US-SOLK,US-CUM,US-COPP'
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Preset:
    """A ready-made tie-break list with its rule set and its source."""

    name: str
    tiebreaks: str
    rules: str | None
    source: str
    team: bool = False


_ALL = [
    Preset("fide-rr", "PTS,DE,WIN,SB,KS", None,
           "Arbiters' Manual 13.15: individual round robin (direct encounter, wins incl. forfeits, SB, Koya)"),
    Preset("fide-team-rr", "MP,MPVGP,EDE,EMGSB", None,
           "Arbiters' Manual 13.15.3: team round robin (the other score, direct encounter, team SB of 13.9.3)", team=True),
    Preset("fide-swiss-unrated", "PTS,BH/C1,BH,SB,DE,WIN,BWG", None,
           "Arbiters' Manual 13.15: individual Swiss where not all players are rated"),
    Preset("fide-swiss-rated", "PTS,BH/C1,BH,DE,ARO/C1,WIN,BWG,BPG,SB", None,
           "Arbiters' Manual 13.15: individual Swiss where all players are rated"),
    Preset("fide-team-swiss", "MP,MPVGP,EDE,BH/C1,BH,EMGSB", None,
           "Arbiters' Manual 13.15.5: team Swiss (the other score, direct encounter, Buchholz Cut-1, Buchholz, "
           "team SB of 13.9.3)", team=True),
    Preset("c07-swiss", "PTS,BH/C1,BH,DE,WIN,WON,BPG,SB", None,
           "our C.07 default for Swiss events (used when neither the user nor the file gives a list)"),
    Preset("c07-rr", "PTS,DE,WIN,SB,KS", None, "our C.07 default for round robins"),
    Preset("uscf", "PTS,US-MM,US-SOLK,US-CUM,US-COPP", "uscf",
           "USCF default order (Rule 34): modified median, Solkoff, cumulative, cumulative of opposition"),
    Preset("ru-rr", "PTS,RU-BERGER,DE,WIN", "ru", "Russian practice, round robin: Berger coefficient first"),
    Preset("ru-swiss", "PTS,BH,BH/C1,BH/C2,RU-BERGER", "ru",
           "Russian practice, Swiss: the truncated Buchholz sequence"),
    Preset("legacy-swiss-rated", "PTS,BH/C1,BH,DE,ARO/C1,WIN,BWG,BPG,SB", "fide-2009",
           "Arbiters' Manual 13.15 with the 2009 virtual opponent (13.14.2)"),
]
PRESETS = {p.name: p for p in _ALL}
