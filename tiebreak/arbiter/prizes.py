"""Prizes on final standings: cash shared among players tied on points (USCF, seed 002; Arbiters' Manual 13.2.6), the
Hort system (half of each prize by place, half shared), or indivisible prizes by the tie-break order.

A prize list has place prizes (1st, 2nd …) and category prizes (best players of a rating band, an age or sex, by a
predicate on the player).  Each player receives at most one prize: place prizes are given first, then category
prizes among the players without one (the usual rule in prize lists; ``one_per_player=False`` lifts it).

>>> from tiebreak import compute_standings, trf
>>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
>>> [(a.start_no, str(a.amount)) for a in distribute(s, [Prize("1st", Fraction(300), place=1),
...                                                    Prize("2nd", Fraction(100), place=2)])]
[(7, '200'), (9, '200')]
"""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from ..engine.errors import InputError, Place
from ..engine.model import Player
from ..engine.numbers import NumberError, parse_int, parse_number
from ..engine.standings import Standings
from ..formats.files import read_text
from ..formats.text import csv_rows

if TYPE_CHECKING:  # the words are loaded only when prizes are named; a team event's standings work as well
    from ..engine.team import TeamStandings
    from ..render.i18n import Table

METHODS = ("shared", "hort", "tiebreak")


@dataclass(frozen=True)
class Prize:
    name: str
    amount: Fraction | None  # None: indivisible (a title, a cup)
    place: int | None = None  # place prize: the place; category prize: the place inside the category
    category: str = ""
    eligible: Callable[[Player], bool] | None = None  # for category prizes


@dataclass(frozen=True)
class Award:
    start_no: int
    prize: str
    amount: Fraction | None
    #: a shared prize: the prizes shared added up, and what is left of them once every share is rounded down to
    #: the cent (as arbiters pay: never more than the fund; the rest is named, not lost)
    pool: Fraction | None = None
    left: Fraction | None = None


CENT = Fraction(1, 100)


def _cents(x: Fraction) -> Fraction:
    """``x`` rounded down to the cent (116.666… is 116.66)."""
    return Fraction(x // CENT) * CENT


def _blocks(s: Standings | TeamStandings, players: list[int]) -> list[list[int]]:
    """The given players in standings order, grouped by equal points (players a play-off placed: by equal place,
    Arbiters' Manual 13.2.5-6)."""
    blocks: list[list[int]] = []
    last = None
    for r in s.rows:
        if r.start_no not in players:
            continue
        key = (r.points, s.decided.get(r.start_no))
        if key == last:
            blocks[-1].append(r.start_no)
        else:
            blocks.append([r.start_no])
        last = key
    return blocks


def _words() -> Table:
    """The words of prize names (context ``prize:<key>`` in the catalogues)."""
    from ..render.i18n import Table

    return Table("prize", {"place": "{n}. place", "category": "{category} {n}.", "shared": "shared", "hort": "hort"})


def _award(s: Standings | TeamStandings, prizes: list[Prize], players: list[int], method: str, lang: str = "en") -> list[Award]:
    """The prizes by place among ``players`` (in standings order): each block of players tied on points holds the
    places it covers and shares the prizes of those places (a list holding only a prize for place 5 pays place 5)."""
    by_place: dict[int, list[Prize]] = {}
    for p in prizes:
        by_place.setdefault(p.place or 1, []).append(p)
    awards: list[Award] = []
    first = 1
    for block in _blocks(s, players):
        places = range(first, first + len(block))
        first += len(block)
        taken = [p for place in places for p in by_place.get(place, [])]
        if not taken:
            continue
        amounts = [p.amount for p in taken if p.amount is not None]
        if method == "tiebreak" or len(amounts) < len(taken) or len(block) == 1:
            for sno, place in zip(block, places):  # by the tie-break order: the player in place N takes its prizes
                awards += [Award(sno, p.name, p.amount) for p in by_place.get(place, [])]
            continue
        pool = sum(amounts, Fraction(0))
        names = " + ".join(p.name for p in taken)
        shares = []
        for k in range(len(block)):
            if method == "shared":
                shares.append(_cents(pool / len(block)))
            else:  # hort: half by place, half shared equally
                own = amounts[k] if k < len(amounts) else Fraction(0)
                shares.append(_cents(own / 2 + pool / 2 / len(block)))
        left = pool - sum(shares, Fraction(0))
        for sno, share in zip(block, shares):
            if share:
                awards.append(Award(sno, f"{names} ({_words().text(method, lang)})", share, pool, left))
    return awards


def distribute(s: Standings | TeamStandings, prizes: list[Prize], method: str = "shared", one_per_player: bool = True,
               lang: str = "en") -> list[Award]:
    """Awards for the place prizes, then for each category's prizes (prize names of shared prizes in ``lang``)."""
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}")
    everyone = [r.start_no for r in s.rows]
    awards = _award(s, [p for p in prizes if not p.category], everyone, method, lang)
    categories: dict[str, list[Prize]] = {}
    for p in prizes:
        if p.category:
            categories.setdefault(p.category, []).append(p)
    for _name, group in categories.items():
        rewarded = {a.start_no for a in awards} if one_per_player else set()
        test = group[0].eligible or (lambda player: True)
        players = [n for n in everyone if n not in rewarded and test(s.tournament.player(n))]
        awards += _award(s, group, players, method, lang)
    return awards


def read_prizes(path: str | Path, lang: str = "en") -> list[Prize]:
    """The prize list in the CSV file ``path`` (see :func:`parse_prizes`)."""
    return parse_prizes(read_text(path), str(path), lang)


def parse_prizes(text: str, source: str = "", lang: str = "en") -> list[Prize]:
    """CSV ``kind,place_or_category,amount``: ``place,1,500``; ``rating<1600,1,100`` (category by rating);
    ``sex=w,1,80``; ``place,1,`` (indivisible).

    >>> [(p.name, p.amount) for p in parse_prizes("place,1,500\\nrating<1600,1,")]
    [('1. place', Fraction(500, 1)), ('rating<1600 1.', None)]
    >>> parse_prizes("place,2,100", lang="ru")[0].name
    '2-е место'
    """
    words = _words()
    prizes = []
    for ln, row in enumerate(csv_rows(text, source), 1):
        if not row or row[0].strip().lower() in ("kind", "") or row[0].startswith("#"):
            continue
        if len(row) < 2:
            raise InputError("expected kind,place,amount", Place(source, ln, 1, "prize"))
        try:
            place = parse_int(row[1], 1, 100_000)
        except NumberError as e:
            raise InputError(f"place: {e}", Place(source, ln, 2, "place")) from None
        kind = row[0].strip()
        amount_text = row[2].strip() if len(row) > 2 else ""
        try:
            amount = parse_number(amount_text) if amount_text else None
        except NumberError as e:
            raise InputError(f"amount: {e}", Place(source, ln, 3, "amount")) from None
        if amount is not None and amount < 0:
            raise InputError(f"amount {amount_text!r} is negative", Place(source, ln, 3, "amount"))
        if kind == "place":
            prizes.append(Prize(words.text("place", lang, n=place), amount, place))
        else:
            prizes.append(Prize(words.text("category", lang, category=kind, n=place), amount, place, kind,
                                _predicate(kind, source, ln)))
    return prizes


_CATEGORY = re.compile(r"\s*([A-Za-z]+)\s*(<=|>=|<|>|=)\s*([^<>=]*?)\s*")
#: the comparison of a category (``rating<1600``): the player's value, then the category's
_COMPARE: dict[str, Callable[[Any, Any], Any]] = {"<": operator.lt, ">": operator.gt, "<=": operator.le,
                                                  ">=": operator.ge, "=": operator.eq}


def _predicate(kind: str, path: str, ln: int) -> Callable[[Player], bool]:
    m = _CATEGORY.fullmatch(kind)
    if m is None or not m.group(3):
        raise InputError(f"category {kind!r} not understood (e.g. rating<1600, sex=w)", Place(str(path), ln, 1, "kind"))
    field, op, value = m.groups()
    attr = {"rating": "rating", "sex": "sex", "fed": "federation", "federation": "federation",
            "birth": "birth_date", "title": "title"}.get(field.lower())
    if attr is None:
        raise InputError(f"category field {field!r} not known", Place(str(path), ln, 1, "kind"))
    if attr in ("rating", "birth_date"):
        try:
            number = parse_int(value, 0, 9999)
        except NumberError as e:
            raise InputError(f"category {kind!r}: {e}", Place(str(path), ln, 1, "kind")) from None

    def test(player: Player) -> bool:
        v = getattr(player, attr)
        target: int | str
        if attr == "rating":
            v, target = (v or 0), number
        elif attr == "birth_date":
            head = (v or "")[:4]
            v, target = int(head) if head.isascii() and head.isdigit() else 0, number
        else:
            v, target = (v or "").lower(), value.lower()
        return bool(_COMPARE[op](v, target))
    return test
