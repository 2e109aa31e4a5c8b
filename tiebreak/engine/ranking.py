"""C.07 Art. 4.2: the ordered list decides; Type A tie-breaks are applied inside each still-tied group and may
appear more than once; undefined values rank last; what remains tied is drawn by lot (or left tied).

Groups are kept as a dense group number per player (0 = best): each tie-break refines it in one pass.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, ClassVar, Container, Iterable, Protocol, Sequence

import numpy as np

from .messages import Message
from .passes import Column

#: ``split(members)`` of a Type A tie-break: the tiers of a tied group (best first) and details for ``Column.extra``
Split = Callable[[list[int]], tuple[list[list[int]], dict[str, Any]]]
#: one entry of the ordered list: ``(spec, column, split, groups)``, see :func:`apply_list`
Step = tuple[object, Callable[[], Column] | None, Split | None, Callable[[np.ndarray], list[list[int]]] | None]


class _Computed(Protocol):
    """A catalogue entry (a player's or a team's tie-break) as a step needs it."""

    @property
    def higher_is_better(self) -> bool: ...

    @property
    def compute(self) -> Callable[[Any, Any], Column] | None: ...


def column_of(entry: _Computed, context: object, spec: object) -> Callable[[], Column]:
    """A step's column, computed only when the list reaches it (players' and teams' alike)."""
    def column() -> Column:
        assert entry.compute is not None, "only Type A tie-breaks have no column function"
        col = entry.compute(context, spec)
        col.higher_is_better = entry.higher_is_better
        return col

    return column


def refine(group: np.ndarray, key: np.ndarray) -> np.ndarray:
    """Split every group by ``key`` (smaller first), renumbering groups densely in rank order."""
    order = np.lexsort((key, group))
    g, k = group[order], key[order]
    change = np.empty(len(order), bool)
    if len(order):
        change[0] = False
        change[1:] = (g[1:] != g[:-1]) | (k[1:] != k[:-1])
    out: np.ndarray = np.empty_like(group)
    out[order] = np.cumsum(change)
    return out


def tied_groups(group: np.ndarray) -> list[list[int]]:
    """Members of every group with more than one player, best group first."""
    order = np.argsort(group, kind="stable")
    g = group[order]
    bounds = np.nonzero(np.diff(g))[0] + 1
    return [chunk.tolist() for chunk in np.split(order, bounds) if len(chunk) > 1]


def draw_lots(group: np.ndarray, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Art. 4.2: break the remaining ties by lot, reproducibly from ``seed``.

    Returns the final order and each player's lot inside its tied group (0 where the player was not tied).
    """
    n = len(group)
    if n and int(np.bincount(group).max()) == 1:  # nobody tied: no lot to draw (numpy.random, 20 ms to load, unused)
        order = np.argsort(group)
        return order, np.zeros(n, np.int64)
    draw = np.random.default_rng(seed).permutation(n)
    order = np.lexsort((draw, group))
    g = group[order]
    start = np.concatenate(([True], g[1:] != g[:-1])) if n else np.zeros(0, bool)
    first = np.maximum.accumulate(np.where(start, np.arange(n), 0))
    size = np.bincount(group)[g]
    lots = np.zeros(n, np.int64)
    lots[order] = np.where(size > 1, np.arange(n) - first + 1, 0)
    return order, lots


def shared_ranks(group: np.ndarray, order: np.ndarray) -> np.ndarray:
    """Rank of each player when ties are left unbroken: 1 + number of players in better groups."""
    counts = np.bincount(group)
    first = np.concatenate(([0], np.cumsum(counts)[:-1])) + 1
    ranks: np.ndarray = first[group]
    return ranks


def apply_list(n: int, steps: Iterable[Step]) -> tuple[np.ndarray, list[Column]]:
    """Art. 4.2 over a whole list.  Each step is ``(spec, column, split, groups)``: either ``column()`` gives the
    values of an ordinary tie-break, or (Type A) ``groups(group)`` lists the still-tied groups worth trying and
    ``split(members)`` orders one of them into tiers (best first).  Returns the final groups and the columns; a Type
    A column holds each player's place inside its tied group (0 when the group was not separated)."""
    group = np.zeros(n, np.int64)
    columns: list[Column] = []
    for spec, column, split, groups in steps:
        if split is not None:
            assert groups is not None, "a Type A step lists its tied groups"
            col = Column(np.zeros(n, np.int64), 1, higher_is_better=False)
            tier_key = np.zeros(n, np.int64)
            for members in groups(group):
                tiers, extra = split(members)
                for key, by_player in extra.items():  # each tied group adds its players (not replaces the last's)
                    col.extra.setdefault(key, {}).update(by_player)
                if len(tiers) < 2:
                    continue
                place = 1
                for pos, tier in enumerate(tiers):
                    tier_key[tier] = pos
                    col.num[tier] = place
                    place += len(tier)
            group = refine(group, tier_key)
        else:
            assert column is not None, "an ordinary step gives its column"
            col = column()
            if n and int(group.max()) + 1 < n:  # some players still tied
                group = refine(group, col.sort_key(getattr(spec, "reverse", False)))
        columns.append(col)
    return group, columns


#: the largest seed :func:`event_seed` derives (six digits, easy to read out and type)
EVENT_SEED_LIMIT = 999_999


def event_seed(name: str, participants: Iterable[tuple[int, str]]) -> int:
    """The seed of an event's lots when none is given (Art. 4.2: a lot is drawn once for the event): made from the
    event's identity -- its name and its participants' numbers and names -- never from results, the clock or the
    machine, so every build, run, round and face (command line, page, API, live screen, website) draws the same lot,
    and a player who wins a lot keeps winning it against the same opponent as results come in.  A participant added
    or renamed makes another event (another lot); ``--seed`` still decides when given.

    >>> (event_seed("Club Open", [(1, "Ann"), (2, "Bob")])
    ...  == event_seed("Club Open", [(1, "Ann"), (2, "Bob")]) != event_seed("Club Open", [(1, "Ann")]))
    True
    >>> 1 <= event_seed("", []) <= EVENT_SEED_LIMIT
    True
    """
    text = name.strip() + "".join([f"\n{number}\t{who.strip()}" for number, who in participants])  # hashed at once
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") % EVENT_SEED_LIMIT + 1


def finish(group: np.ndarray, numbers: list[int], lots: bool,
           seed: int | None) -> tuple[np.ndarray, np.ndarray, np.ndarray, int | None]:
    """Final order, ranks and lots: ties drawn by lot with ``seed`` (the event's own, :func:`event_seed`, as the
    callers pass it), or shared."""
    n = len(group)
    if lots:
        assert seed is not None, "the caller passes the event's seed (event_seed) when none is given"
        order, lot = draw_lots(group, seed)
        ranks = np.empty(n, np.int64)
        ranks[order] = np.arange(1, n + 1)
        return order, ranks, lot, seed
    order = np.lexsort((np.array(numbers), group))
    return order, shared_ranks(group, order), np.zeros(n, np.int64), None


def column_keys(tiebreaks: list[str]) -> list[str]:
    """One key per column of the list: the specifier, and for a tie-break listed again (C.07 4.3 allows it; DE, for
    one, can separate differently later in the list) the specifier with its occurrence.

    >>> column_keys(["PTS", "DE", "SB", "DE", "DE"])
    ['PTS', 'DE', 'SB', 'DE (2)', 'DE (3)']
    """
    seen: dict[str, int] = {}
    keys = []
    for text in tiebreaks:
        seen[text] = seen.get(text, 0) + 1
        keys.append(text if seen[text] == 1 else f"{text} ({seen[text]})")
    return keys


class RankedRow(Protocol):
    """One line of a ranking (a player's or a team's): its rank (shared ranks repeat without lots), its index in the
    grid, the lot that placed it (None: not drawn), and its values by column key."""

    rank: int
    index: int
    lot: int | None

    @property
    def start_no(self) -> int: ...

    @property
    def name(self) -> str: ...

    @property
    def points(self) -> Fraction | None: ...

    @property
    def values(self) -> dict[str, Fraction | None]: ...


class Ranking(Protocol):
    """What individual and team standings both are (:class:`~tiebreak.engine.standings.Standings`,
    :class:`~tiebreak.engine.team.TeamStandings`): the rows in rank order, one value per column of the list, the
    rounds behind a value, the article of each tie-break and the tie groups. The arbiter's tools, the explanations
    and every output are written once against it; a team's matches and boards are additions."""

    #: what it ranks: teams (a team event's standings) or players; the words that name a participant follow it
    ranks_teams: ClassVar[bool]
    rules: Any
    system: str
    after_round: int
    specs: list[Any]
    columns: list[Column]
    seed: int | None
    notes: list[str]
    #: no list was given and the file names none: the rule set's default list ranks them
    default_list: bool
    #: start number -> place of those a play-off placed (Arbiters' Manual 13.2; empty without one)
    decided: dict[int, int]
    #: start number -> how the play-off placed it (the places played for, the standings' note; empty without one)
    played_off: dict[int, PlayedOff]

    @property
    def rows(self) -> Sequence[RankedRow]: ...

    @property
    def tournament(self) -> Any: ...

    @property
    def primary(self) -> str:
        """The primary score's code, as the faces head its column: ``PTS`` (players), ``MP`` or ``GP`` (teams)."""
        ...

    @property
    def tiebreaks(self) -> list[str]: ...

    @property
    def keys(self) -> list[str]: ...

    def row(self, start_no: int) -> Any: ...

    def value(self, start_no: int, key: str) -> Fraction | None: ...

    def column(self, spec: str) -> Column: ...

    def contributions(self, start_no: int, spec: str) -> list[Any]: ...

    def article(self, key: str) -> str: ...

    def is_group(self, key: str) -> bool: ...


def place_sizes(rows: Iterable[RankedRow]) -> dict[int, int]:
    """Rank -> how many share it (more than one only where lots were not drawn)."""
    sizes: dict[int, int] = {}
    for r in rows:
        sizes[r.rank] = sizes.get(r.rank, 0) + 1
    return sizes


def shared_place(rank: int, size: int) -> str:
    """``'5'``, or ``'5-9'`` for a place five share: how every face writes a place.

    >>> shared_place(5, 1), shared_place(5, 5)
    ('5', '5-9')
    """
    return str(rank) if size == 1 else f"{rank}-{rank + size - 1}"


def name_and_number(name: str, number: int) -> str:
    """A player or a team as the standings name one in a sentence: the name and the start number (``Matijas,Dejan
    (16)``; the number alone for a file without names).

    >>> name_and_number("Matijas,Dejan", 16), name_and_number("", 16)
    ('Matijas,Dejan (16)', '16')
    """
    return f"{name} ({number})" if name else str(number)


def places(rows: Iterable[RankedRow]) -> dict[int, tuple[int, int]]:
    """The tie groups: start number (team number) -> (first, last) place of its group (shared ranks without lots)."""
    return tie_groups({r.start_no: r.rank for r in rows})


def tie_groups(ranks: dict[int, int]) -> dict[int, tuple[int, int]]:
    """Start number -> (first, last) place of its group, from start number -> rank.

    >>> tie_groups({7: 1, 9: 2, 3: 2, 4: 4})
    {7: (1, 1), 9: (2, 3), 3: (2, 3), 4: (4, 4)}
    """
    size: dict[int, int] = {}
    for rank in ranks.values():
        size[rank] = size.get(rank, 0) + 1
    return {no: (rank, rank + size[rank] - 1) for no, rank in ranks.items()}


#: the mark after a place that the drawing of lots decided (``40*``), on every face (the legend's footnote gives the
#: seed)
LOT_MARK = "*"
#: the mark after a place that the play-off decided (``1‡``), on every face that writes the place, whose legend names
#: it (Arbiters' Manual 13.2)
PLAYOFF_MARK = "‡"


@dataclass(frozen=True)
class PlayedOff:
    """How a play-off placed one participant (Arbiters' Manual 13.2): the places it was played for (``(1, 2)``)
    and the standings' note that says how (:func:`tiebreak.arbiter.playoff_results.decision_notes`)."""

    places: tuple[int, int]
    note: Message


def lot_marked(place: str, lot: bool, playoff: bool = False) -> str:
    """The place as every face shows it: its text (``5-9``, :func:`written_places`), marked :data:`PLAYOFF_MARK`
    where the play-off decided it, then :data:`LOT_MARK` where a lot decided it.

    >>> lot_marked("40", True), lot_marked("5-9", False), lot_marked("1", False, playoff=True)
    ('40*', '5-9', '1‡')
    """
    marked = place + PLAYOFF_MARK if playoff else place
    return marked + LOT_MARK if lot else marked


def place_texts(ranks: dict[int, int], drawn: Container[int] = (), decided: Container[int] = ()) -> dict[int, str]:
    """Start number -> the place as every face shows it (``5-9`` shared, ``40*`` where the start number is among
    ``drawn``: a lot placed it, ``1‡`` where it is among ``decided``: the play-off placed it), from start number ->
    rank.

    >>> place_texts({7: 1, 9: 2, 3: 2, 4: 4}), place_texts({7: 1, 9: 2, 3: 3}, drawn={9, 3})
    ({7: '1', 9: '2-3', 3: '2-3', 4: '4'}, {7: '1', 9: '2*', 3: '3*'})
    >>> place_texts({9: 1, 7: 2, 3: 3}, decided={9, 7})
    {9: '1‡', 7: '2‡', 3: '3'}
    """
    return {n: lot_marked(text, n in drawn, n in decided)
            for n, text in zip(ranks, written_places(list(ranks.values())))}


def shown_places(s: Ranking) -> dict[int, str]:
    """Start number (team number) -> the place of each row of the ranking ``s`` as every face shows it
    (:func:`place_texts`: ``5-9`` shared, ``40*`` placed by lot, ``1‡`` placed by the play-off)."""
    return place_texts({r.start_no: r.rank for r in s.rows}, {r.start_no for r in s.rows if r.lot is not None},
                       s.decided)


def written_places(ranks: Sequence[int]) -> list[str]:
    """The place of each rank as every face writes it (``5-9`` where five share rank 5).

    >>> written_places([1, 2, 2, 4])
    ['1', '2-3', '2-3', '4']
    """
    sizes = Counter(ranks)
    if len(sizes) == len(ranks):  # no place shared (as after lots): each place is its rank
        return list(map(str, ranks))
    written = {rank: shared_place(rank, size) for rank, size in sizes.items()}
    return [written[rank] for rank in ranks]
