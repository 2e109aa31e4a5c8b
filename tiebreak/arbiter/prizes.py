"""Prizes on final standings: cash shared among players tied on points (USCF, seed 002; Arbiters' Manual 13.2.6), the
Hort system (half of each prize by place, half shared), or indivisible prizes by the tie-break order.

A prize list has place prizes (1st, 2nd …) and category prizes (best players of a rating band, an age or sex, by a
predicate on the player).  Each player receives at most one prize, the best he is eligible for: place prizes are
given first, then category prizes among the players without one; a player whose category would pay him more than
his place award (a small share of a shared place) takes the category's prize and leaves the place race, whose
prizes the others then share (``one_per_player=False`` lifts the rule).  A prize no eligible player is left for is
named in :attr:`Allocation.unpaid`, never lost silently.

>>> from tiebreak import compute_standings, trf
>>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
>>> [(a.start_no, str(a.amount)) for a in distribute(s, [Prize("1st", Fraction(300), place=1),
...                                                    Prize("2nd", Fraction(100), place=2)])]
[(7, '200'), (9, '200')]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Callable

from ..engine.errors import InputError, Place, SpecifierError
from ..engine.messages import Message
from ..engine.model import Player
from ..engine.numbers import NumberError, parse_int, parse_number
from ..engine.standings import Standings
from ..formats.text import csv_rows
from .categories import Category, parse_category
from .choices import DEFAULT_PRIZE_METHOD as DEFAULT_METHOD
from .choices import PRIZE_METHODS as METHODS

if TYPE_CHECKING:  # a team event's standings work as well
    from ..engine.team import TeamStandings


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
    chosen = set(players)
    for r in s.rows:
        if r.start_no not in chosen:
            continue
        key = (r.points, s.decided.get(r.start_no))
        if key == last:
            blocks[-1].append(r.start_no)
        else:
            blocks.append([r.start_no])
        last = key
    return blocks


#: how tied players took a prize they share, as its name says (context ``prize:<method>`` in the catalogues)
_SHARED_HOW = {"shared": Message("shared", context="prize:shared"), "hort": Message("hort", context="prize:hort")}


def _award(s: Standings | TeamStandings, prizes: list[Prize], players: list[int], method: str,
           paid: list[Prize] | None = None) -> list[Award]:
    """The prizes by place among ``players`` (in standings order): each block of players tied on points holds the
    places it covers and shares the prizes of those places (a list holding only a prize for place 5 pays place 5);
    the prizes paid are added to ``paid``."""
    paid = [] if paid is None else paid
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
                paid += by_place.get(place, [])
            continue
        paid += taken
        pool = sum(amounts, Fraction(0))
        names = taken[0].name
        for p in taken[1:]:
            names = Message("{} + {}", names, p.name)
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
                awards.append(Award(sno, Message("{} ({})", names, _SHARED_HOW[method]), share, pool, left))
    return awards


@dataclass(frozen=True)
class Allocation:
    """The awards of a prize list, and the prizes paid to no one (no eligible player left for them)."""

    awards: list[Award]
    unpaid: list[Prize]


def distribute(s: Standings | TeamStandings, prizes: list[Prize], method: str = DEFAULT_METHOD,
               one_per_player: bool = True) -> list[Award]:
    """Awards for the place prizes, then for each category's prizes (a prize's name is a message: the renderers word
    it); :func:`allocate` names the prizes paid to no one as well."""
    return allocate(s, prizes, method, one_per_player).awards


def allocate(s: Standings | TeamStandings, prizes: list[Prize], method: str = DEFAULT_METHOD,
             one_per_player: bool = True) -> Allocation:
    """The awards of ``prizes``, each player taking the best prize he is eligible for: a player whose category would
    pay him more than his place award leaves the place prizes (the others share them without him) and takes the
    category's; one player moves at a time, the first in the standings, until no one gains (at most one pass per
    player).  The prizes no eligible player is left for are :attr:`Allocation.unpaid`.

    >>> from tiebreak import compute_standings, trf
    >>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
    >>> a = allocate(s, [Prize("1st", Fraction(300), place=1), Prize("99th", Fraction(5), place=99)])
    >>> [(x.start_no, str(x.amount)) for x in a.awards], [p.name for p in a.unpaid]    # 32 players: no 99th
    ([(7, '150'), (9, '150')], ['99th'])
    """
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}")
    everyone = [r.start_no for r in s.rows]
    place_prizes = [p for p in prizes if not p.category]
    categories: dict[str, list[Prize]] = {}
    for p in prizes:
        if p.category:
            categories.setdefault(p.category, []).append(p)
    tests = {name: group[0].eligible or (lambda player: True) for name, group in categories.items()}
    eligible = {name: {n for n in everyone if test(s.tournament.player(n))} for name, test in tests.items()}
    moved: set[int] = set()  # players who take a category's prize rather than their place award
    while True:
        paid: list[Prize] = []
        awards = _award(s, place_prizes, [n for n in everyone if n not in moved], method, paid)
        placed: dict[int, list[Award]] = {}
        for a in awards:
            placed.setdefault(a.start_no, []).append(a)
        gainer = None
        for name, group in categories.items():
            rewarded = {a.start_no for a in awards} if one_per_player else set()
            players = [n for n in everyone if n in eligible[name] and n not in rewarded]
            if one_per_player and gainer is None:
                gainer = _gainer(s, group, method, [n for n in placed if n in eligible[name]], players, placed)
            awards += _award(s, group, players, method, paid)
        if gainer is None:
            given = {id(p) for p in paid}
            return Allocation(awards, [p for p in prizes if id(p) not in given])
        moved.add(gainer)


def _gainer(s: Standings | TeamStandings, group: list[Prize], method: str, candidates: list[int], players: list[int],
            placed: dict[int, list[Award]]) -> int | None:
    """The first of ``candidates`` (players holding a place award ``placed``, eligible for the category ``group``)
    whom the category, competed for among ``players`` and him, would pay more in cash than his place award."""
    competing = set(players)
    for n in candidates:
        amounts = [a.amount for a in placed[n]]
        if None in amounts:  # a cup or a title is not weighed against money
            continue
        own = sum((x for x in amounts if x is not None), Fraction(0))
        race = [r.start_no for r in s.rows if r.start_no == n or r.start_no in competing]
        offer = [a.amount for a in _award(s, group, race, method) if a.start_no == n]
        if offer and offer[0] is not None and offer[0] > own:
            return n
    return None


def parse_prizes(text: str, source: str = "") -> list[Prize]:
    """CSV lines ``place,N,amount`` (the prize of place N) and ``category,EXPR,amount`` (a category's prizes, its
    1st, 2nd… in the order of the lines; EXPR as ``--category`` reads it: ``rating<1600``, ``unrated``,
    ``sex=w&birth>=2010``, rated players only in a rating band); an empty amount is an indivisible prize (a cup).
    The older ``EXPR,N,amount`` (``rating<1600,1,100``) still reads.

    >>> [(p.name, p.amount) for p in parse_prizes("place,1,500\\ncategory,rating<1600,100\\ncategory,rating<1600,")]
    [('place 1', Fraction(500, 1)), ('rating<1600, place 1', Fraction(100, 1)), ('rating<1600, place 2', None)]
    >>> parse_prizes("place,2,100")[0].name.context
    'prize:place'
    """
    prizes: list[Prize] = []
    for ln, row in enumerate(csv_rows(text, source), 1):
        if not row or row[0].strip().lower() in ("kind", "") or row[0].startswith("#"):
            continue
        if len(row) < 2:
            raise InputError("expected place,N,amount or category,EXPR,amount", Place(source, ln, 1, "prize"))
        kind = row[0].strip()
        category: Category | None
        if kind.lower() == "category":
            category = _category(row[1], source, ln, 2)
            place = 1 + sum(1 for p in prizes if p.category == category.text)
        else:
            try:
                place = parse_int(row[1], 1, 100_000)
            except NumberError as e:
                raise InputError(Message("place: {} (a category's line is category,EXPR,amount)", e),
                                 Place(source, ln, 2, "place")) from None
            category = None if kind.lower() == "place" else _category(kind, source, ln, 1)
        amount_text = row[2].strip() if len(row) > 2 else ""
        try:
            amount = parse_number(amount_text) if amount_text else None
        except NumberError as e:
            raise InputError(Message("amount: {}", e), Place(source, ln, 3, "amount")) from None
        if amount is not None and amount < 0:
            raise InputError(Message("amount {} is negative", repr(amount_text)), Place(source, ln, 3, "amount"))
        if category is None:
            prizes.append(Prize(Message("place {n}", context="prize:place", n=place), amount, place))
        else:
            prizes.append(Prize(Message("{category}, place {n}", context="prize:category", category=category.text, n=place),
                                amount, place,
                                category.text, category.test))
    return prizes


def _category(text: str, source: str, ln: int, column: int) -> Category:
    """The category of a prize line, as ``--category`` reads it (an error names the line and column)."""
    try:
        return parse_category(text)
    except SpecifierError as e:
        raise InputError(e.message, Place(source, ln, column, "category")) from None
