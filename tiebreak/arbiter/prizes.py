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
>>> [(a.start_no, str(a.amount)) for a in allocate(s, [Prize("1st", Fraction(300), place=1),
...                                                  Prize("2nd", Fraction(100), place=2)]).awards]
[(7, '200'), (9, '200')]
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Iterable, Iterator

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


class _Order:
    """The standings' order of the players and the key that groups them into blocks (equal points; players a play-off
    placed: equal place, Arbiters' Manual 13.2.5-6), read once for every pass of :func:`allocate`."""

    def __init__(self, s: Standings | TeamStandings) -> None:
        self.players = [r.start_no for r in s.rows]
        self.index = {n: i for i, n in enumerate(self.players)}
        self.key = {r.start_no: (r.points, s.decided.get(r.start_no)) for r in s.rows}

    def blocks(self, players: Iterable[int]) -> Iterator[list[int]]:
        """``players`` (in standings order) grouped by equal key, one block at a time (a caller that has paid its
        last place stops reading)."""
        block: list[int] = []
        last = None
        for n in players:
            key = self.key[n]
            if block and key != last:
                yield block
                block = []
            block.append(n)
            last = key
        if block:
            yield block


#: how tied players took a prize they share, as its name says (context ``prize:<method>`` in the catalogues)
_SHARED_HOW = {"shared": Message("shared", context="prize:shared"), "hort": Message("hort", context="prize:hort")}


def _award(order: _Order, prizes: list[Prize], players: Iterable[int], method: str,
           paid: list[Prize] | None = None) -> list[Award]:
    """The prizes by place among ``players`` (in standings order): each block of players tied on points holds the
    places it covers and shares the prizes of those places (a list holding only a prize for place 5 pays place 5);
    the prizes paid are added to ``paid``.  The players after the last place with a prize are not read."""
    paid = [] if paid is None else paid
    by_place = _by_place(prizes)
    last_place = max(by_place, default=0)
    awards: list[Award] = []
    first = 1
    for block in order.blocks(players):
        if first > last_place:
            break
        awards += _block_awards(block, first, by_place, method, paid)
        first += len(block)
    return awards


def _by_place(prizes: list[Prize]) -> dict[int, list[Prize]]:
    """The prizes of each place (a prize without a place is the first's)."""
    by_place: dict[int, list[Prize]] = {}
    for p in prizes:
        by_place.setdefault(p.place or 1, []).append(p)
    return by_place


def _block_awards(block: list[int], first: int, by_place: dict[int, list[Prize]], method: str,
                  paid: list[Prize]) -> list[Award]:
    """The awards of a block of tied players holding the places from ``first`` on: the prizes of their places shared
    (``method``), or whole by the tie-break order (a cup among them, a player alone, ``tiebreak``)."""
    places = range(first, first + len(block))
    taken = [p for place in places for p in by_place.get(place, [])]
    if not taken:
        return []
    amounts = [p.amount for p in taken if p.amount is not None]
    if method == "tiebreak" or len(amounts) < len(taken) or len(block) == 1:
        paid += taken  # by the tie-break order: the player in place N takes its prizes
        return [Award(sno, p.name, p.amount) for sno, place in zip(block, places) for p in by_place.get(place, [])]
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
    how = Message("{} ({})", names, _SHARED_HOW[method])
    return [Award(sno, how, share, pool, left) for sno, share in zip(block, shares) if share]


@dataclass(frozen=True)
class Allocation:
    """The awards of a prize list, and the prizes paid to no one (no eligible player left for them)."""

    awards: list[Award]
    unpaid: list[Prize]


def allocate(s: Standings | TeamStandings, prizes: list[Prize], method: str = DEFAULT_METHOD,
             one_per_player: bool = True) -> Allocation:
    """The awards of ``prizes``, each player taking the best prize he is eligible for: a player whose category would
    pay him more than his place award leaves the place prizes (the others share them without him) and takes the
    category's; one player moves at a time, the first in the standings of the first category that pays someone more,
    until no one gains.  The prizes no eligible player is left for are :attr:`Allocation.unpaid`.

    Bounded: a player who moves never comes back, so there are at most as many passes as players holding a place
    award; a pass pays the place prizes once and reads each category only up to its last paid place (the players
    after it cannot be paid), and weighs each candidate against those few players alone.

    >>> from tiebreak import compute_standings, trf
    >>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
    >>> a = allocate(s, [Prize("1st", Fraction(300), place=1), Prize("99th", Fraction(5), place=99)])
    >>> [(x.start_no, str(x.amount)) for x in a.awards], [p.name for p in a.unpaid]    # 32 players: no 99th
    ([(7, '150'), (9, '150')], ['99th'])
    """
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}")
    order = _Order(s)
    place_prizes = [p for p in prizes if not p.category]
    categories: dict[str, list[Prize]] = {}
    for p in prizes:
        if p.category:
            categories.setdefault(p.category, []).append(p)
    eligible = {}
    for name, group in categories.items():
        test = group[0].eligible or (lambda player: True)
        eligible[name] = [n for n in order.players if test(s.tournament.player(n))]
    moved: set[int] = set()  # players who take a category's prize rather than their place award
    while True:
        paid: list[Prize] = []
        awards = _award(order, place_prizes, (n for n in order.players if n not in moved), method, paid)
        placed: dict[int, list[Award]] = {}
        for a in awards:
            placed.setdefault(a.start_no, []).append(a)
        rewarded = set(placed) if one_per_player else set()
        for name, group in categories.items():
            players: Iterator[int] = (n for n in eligible[name] if n not in rewarded)
            if one_per_player:
                contenders = _contenders(order, group, players)
                gainer = _gainer(order, group, method, placed, eligible[name], contenders)
                if gainer is not None:  # he moves: the next pass pays everything again
                    moved.add(gainer)
                    break
                players = iter(contenders[0])
            won = _award(order, group, players, method, paid)
            awards += won
            if one_per_player:
                rewarded.update(a.start_no for a in won)
        else:
            given = {id(p) for p in paid}
            return Allocation(awards, [p for p in prizes if id(p) not in given])


def _contenders(order: _Order, group: list[Prize], players: Iterable[int]) -> tuple[list[int], int | None]:
    """The first of ``players`` (standings order), as many as the category's places and the rest of the last block
    (the only ones its prizes can reach, with or without one more player), and the next one's place in the standings
    (None: no one is left)."""
    last_place = max((p.place or 1 for p in group), default=0)
    contenders: list[int] = []
    for block in order.blocks(players):
        if len(contenders) >= last_place:
            return contenders, order.index[block[0]]
        contenders += block
    return contenders, None


def _gainer(order: _Order, group: list[Prize], method: str, placed: dict[int, list[Award]], eligible: list[int],
            contenders: tuple[list[int], int | None]) -> int | None:
    """The first player holding a place award (``placed``) and eligible for the category ``group`` whom the category,
    competed for among its ``contenders`` (its first players without a prize) and him, would pay more in cash than
    his place award."""
    first, following = contenders
    by_place = _by_place(group)
    cash = [sum((x for p in here if (x := p.amount) is not None), Fraction(0)) for here in by_place.values()]
    most = max(cash, default=Fraction(0))  # no share, Hort's or equal, exceeds the most paid for one place
    at = [order.index[c] for c in first]
    for n in eligible:
        if n not in placed:
            continue
        i = order.index[n]
        if following is not None and i > following:
            continue  # behind a player the category reaches no more: so is he
        amounts = [a.amount for a in placed[n]]
        if None in amounts:  # a cup or a title is not weighed against money
            continue
        own = sum((x for x in amounts if x is not None), Fraction(0))
        if own >= most:
            continue
        k = bisect.bisect_left(at, i)
        race = [*first[:k], n, *first[k:]]
        start, end = k, k + 1  # his block among them
        while start > 0 and order.key[race[start - 1]] == order.key[n]:
            start -= 1
        while end < len(race) and order.key[race[end]] == order.key[n]:
            end += 1
        offer = [a.amount for a in _block_awards(race[start:end], start + 1, by_place, method, []) if a.start_no == n]
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
