"""Tie-break specifiers in the FIDE TEC reference checker's vocabulary: ``BH/C1``, ``BH#C1``, ``KS/L-1``,
``ARO/U1000/C1``, ``DE/P``, ``BH/M2`` (case-insensitive), so one list string works in both programs.

>>> from tiebreak.engine.registry import parse, parse_list
>>> parse("bh#c1").text, parse("ARO/U1000/C1").text, parse("ks/l-1").limit
('BH/C1', 'ARO/C1/U1000', Fraction(-1, 2))
>>> [s.text for s in parse_list("PTS, BH/C1 sb")]
['PTS', 'BH/C1', 'SB']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from .errors import SpecifierError
from .messages import Message

#: Modifier letters and what they do (Art. 14 and the reference checker's extensions).
MODIFIERS = {
    "C": "Cut-n: leave out the n least significant values (Art. 14.1, 14.2)",
    "M": "Median-n: leave out the n least and the n most significant values (Art. 14.3, 14.4)",
    "L": "Limit: move the Koya threshold by n half points (L-1, L+2), by points (L-0.5) or set it in % (L40) (Art. 14.5)",
    "P": "treat forfeited games as played, as with pre-determined pairings (Art. 6.1.1, 15.2)",
    "F": "use Fore Buchholz instead of Buchholz (Art. 8.2)",
    "U": "rating given to unrated players, e.g. U1000 (Art. 10)",
    "R": "reverse the order (lower is better)",
    "S": "treat the event as a Swiss event for this tie-break",
    "V": "rule edition for this tie-break: V2024, V2026 or V0 (2022: unplayed rounds cut first from ARO)",
    "K": "SSSC normalising factor, e.g. K3 (Art. 13.4)",
}


@dataclass(frozen=True)
class TieBreakSpec:
    """One entry of a tie-break list: a code and its modifiers."""

    code: str
    cut: int = 0
    median: int = 0
    limit: Fraction | None = None  # Koya threshold shift in points
    limit_percent: int | None = None
    played: bool = False
    fore: bool = False
    unrated: int | None = None
    reverse: bool = False
    swiss: bool = False
    version: str | None = None
    score: str | None = None  # team events: MP or GP (MM, MG, GM, GG for ESB)
    factor: int | None = None  # SSSC normalising factor (/K)

    @property
    def text(self) -> str:
        """Canonical form (modifiers in a fixed order)."""
        s = self.code + (f":{self.score}" if self.score else "")
        if self.cut:
            s += f"/C{self.cut}"
        if self.median:
            s += f"/M{self.median}"
        if self.limit_percent is not None:
            s += f"/L{self.limit_percent}"
        elif self.limit is not None:
            steps = self.limit * 2
            s += f"/L{int(steps):+d}" if steps.denominator == 1 else f"/L{float(self.limit):+}"
        if self.played:
            s += "/P"
        if self.fore:
            s += "/F"
        if self.unrated is not None:
            s += f"/U{self.unrated}"
        if self.factor is not None:
            s += f"/K{self.factor}"
        if self.reverse:
            s += "/R"
        if self.swiss:
            s += "/S"
        if self.version:
            s += f"/V{self.version[-4:]}"
        return s

    def __str__(self) -> str:
        return self.text

    def with_unrated(self, rating: int | None) -> "TieBreakSpec":
        return self if rating is None or self.unrated is not None else replace(self, unrated=rating)


#: one modifier (upper case): the page checks what is typed with the same pattern and bounds (tiebreak.web.pages)
MODIFIER_PATTERN = r"^(C|M)([0-9]+)$|^L([+-]?[0-9]+(?:\.[0-9]+)?)$|^U([0-9]+)$|^V([0-9]+)$|^(P|F|R|S)$|^K([0-9]+)$"
_MOD_RE = re.compile(MODIFIER_PATTERN, re.ASCII)
#: a longer tie-break list is a typing error (real lists have up to about ten entries)
MAX_LIST = 50
#: bounds of the modifiers' numbers: a cut or median of more rounds than any event has, a rating beyond every rating
#: scale, a factor or limit no regulation uses, are typing errors; and a modifier of more characters than the longest
#: of them (``L-99.5``, ``U2200``) is one (a 5,000-digit number would be slow to read)
MODIFIER_BOUNDS = {"C": 250, "M": 125, "U": 9999, "K": 100, "L": 100, "V": 9999}
MODIFIER_LENGTH = 8


def parse_modifiers(raw: str, code: str, mods: list[str], allowed: str) -> dict[str, Any]:
    """Keyword arguments of :class:`TieBreakSpec` for the modifiers ``mods`` (upper case) of ``code``."""
    kw: dict[str, Any] = {}
    for mod in mods:
        m = _MOD_RE.match(mod)
        if not m:
            # the letters only: what each one means is `tiebreak list` (in the reader's language)
            raise SpecifierError(Message("unknown modifier {} in {}; modifiers: {} (see 'tiebreak list')",
                                         repr(mod[:12]), repr(raw[:40]), ', '.join(MODIFIERS)))
        letter = mod[0]
        if letter in MODIFIER_BOUNDS and (len(mod) > MODIFIER_LENGTH or abs(Fraction(mod[1:])) > MODIFIER_BOUNDS[letter]):
            raise SpecifierError(Message("modifier {} in {} is out of range ({} at most {})",
                                         repr(mod[:12]), repr(raw[:40]), letter, MODIFIER_BOUNDS.get(letter, 0)))
        if letter not in allowed:
            shown = ", ".join(sorted(set(allowed))) or "none"
            raise SpecifierError(Message("modifier {} is not allowed with {} in {} (allowed: {})",
                                         repr(mod), code, repr(raw), shown))
        kw.update(_modifier_argument(letter, m, raw))
    if kw.get("cut") and kw.get("median"):
        raise SpecifierError(Message("{}: use either Cut or Median, not both", raw))
    return kw


#: the rule edition a ``V`` modifier names, by year or by its short number
_EDITIONS = {"2024": "fide-2024", "2026": "fide-2026", "1": "fide-2024", "2": "fide-2026", "0": "fide-2022",
             "2022": "fide-2022"}
_FLAGS = {"P": "played", "F": "fore", "R": "reverse", "S": "swiss"}


def _modifier_argument(letter: str, m: re.Match[str], raw: str) -> dict[str, Any]:
    """The keyword argument of :class:`TieBreakSpec` that one modifier (matched by ``_MOD_RE``) gives."""
    if letter == "C":
        return {"cut": int(m.group(2))}
    if letter == "M":
        return {"median": int(m.group(2))}
    if letter == "L":
        v = m.group(3)
        if "." in v:
            return {"limit": Fraction(v)}
        if v[0] in "+-":
            return {"limit": Fraction(int(v), 2)}
        return {"limit_percent": int(v)}
    if letter == "U":
        return {"unrated": int(m.group(4))}
    if letter == "K":
        return {"factor": int(m.group(7))}
    if letter == "V":
        version = _EDITIONS.get(m.group(5))
        if version is None:
            raise SpecifierError(Message("{}: rule edition V{} is not known (use V0, V2024 or V2026)", raw, m.group(5)))
        return {"version": version}
    return {_FLAGS[letter]: True}
