"""Standings of a series of events (a Grand Prix, a league of weekend opens): each event's final standings give its
players series points, by place or by score; the best K events of each player count; the players are matched across
events by FIDE id, then by national id (Swiss-Manager's, Swiss-Chess's PKZ, the French licence number of Papi and
Sharly Chess, TRF-2026's national records), then by name (spaces and case aside); a name that could be two players,
or two ids of one name, is listed, never merged.

Points: ``place:25,18,15`` gives 25 for first place, 18 for second, 15 for third and nothing below (players sharing
places share those places' points equally); ``score`` gives the event score (the game points).

Series tie-breaks, in the order given (:data:`TIEBREAKS`): ``BEST`` the best single result counted, ``EVENTS`` the
number of events played, ``PLACES`` the sum of the places in the events played (the smaller the better).

>>> from tiebreak import compute_standings, trf
>>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
>>> t = series([("cup", s), ("cup again", s)], "place:10,6,4", best=1)
>>> [(r.rank, r.name, str(r.total), r.counted) for r in t.rows[:3]]
[(1, 'Nguyen,Anh Kiet', '10', [0]), (2, 'Wongso,Renaldo', '6', [0]), (3, 'Krishnan,Anirudh', '4', [0])]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from ..engine.errors import InputError, Place
from ..engine.messages import Message
from ..engine.numbers import NumberError, parse_number
from .choices import SERIES_TIEBREAKS

if TYPE_CHECKING:
    from ..engine.standings import Standings

#: the series tie-breaks: code -> what it is (higher is better; PLACES is negated)
TIEBREAKS = {"BEST": "the best single result counted", "EVENTS": "the number of events played",
             "PLACES": "the sum of the places in the events played (the smaller the better)"}


@dataclass(frozen=True)
class EventResult:
    place: tuple[int, int]  # first and last place of the player's rank in the event (shared where they differ)
    score: Fraction  # the event score (game points)
    points: Fraction  # series points
    start_no: int = 0  # the player's number in the event


@dataclass
class SeriesRow:
    rank: int
    name: str
    fide_id: str
    results: list[EventResult | None]  # one per event, None where the player did not play
    counted: list[int]  # the events counted (indexes), best first
    total: Fraction = Fraction(0)
    values: dict[str, Fraction] = field(default_factory=dict)
    national_id: str = ""


@dataclass
class Series:
    events: list[str]
    points: str
    best: int | None
    tiebreaks: list[str]
    rows: list[SeriesRow]
    ambiguities: list[str]


def parse_points(spec: str) -> list[Fraction] | None:
    """``place:25,18,15`` as the points of the places; ``score`` as None (the event score).

    >>> [str(x) for x in parse_points("place:10, 6, 4.5")], parse_points("score")
    (['10', '6', '9/2'], None)
    """
    spec = spec.strip()
    if spec.lower() == "score":
        return None
    head, _, tail = spec.partition(":")
    if head.strip().lower() != "place" or not tail.strip():
        raise InputError(Message("--points {}: give place:25,18,15... or score", repr(spec)), Place(field="points"))
    try:
        return [parse_number(x) for x in tail.split(",") if x.strip()][:10_000]
    except NumberError as e:
        raise InputError(Message("series points: {}", e), Place(field="points")) from None


def parse_tiebreaks(spec: str) -> list[str]:
    codes = [c.strip().upper() for c in spec.split(",") if c.strip()]
    for c in codes:
        if c not in TIEBREAKS:
            raise InputError(Message("series tie-break {} is not one of "
                                     "{}", repr(c), ', '.join(TIEBREAKS)), Place(field="tiebreaks"))
    return codes


def name_key(name: str) -> str:
    """A name as matched across events: case, spaces and a space after the comma aside.

    >>> name_key("Nguyen, Anh  Kiet") == name_key("nguyen,Anh Kiet")
    True
    """
    return re.sub(r"\s*,\s*", ",", " ".join(name.split())).casefold()


def _event_results(s: Standings, places: list[Fraction] | None) -> list[tuple[str, str, str, EventResult]]:
    """(name, FIDE id, national id, result) of each player of one event's standings."""
    sizes: dict[int, int] = {}
    for r in s.rows:
        sizes[r.rank] = sizes.get(r.rank, 0) + 1
    out = []
    for r in s.rows:
        span = (r.rank, r.rank + sizes[r.rank] - 1)
        if places is None:
            points = r.points
        else:  # shared places share their points equally
            points = sum((places[p - 1] for p in range(span[0], span[1] + 1) if p <= len(places)),
                         Fraction(0)) / sizes[r.rank]
        player = s.tournament.player(r.start_no)
        out.append((r.name, player.fide_id.strip(), player.national_id.strip(),
                    EventResult(span, r.points, points, r.start_no)))
    return out


def _compatible(row: SeriesRow, fide: str, national: str) -> bool:
    """Whether a player of these ids may be ``row``: no id of both differs."""
    return not (fide and row.fide_id and row.fide_id != fide) and not (
        national and row.national_id and row.national_id != national)


class _Players:
    """The series' players so far, found by FIDE id, then national id, then name; what is ambiguous is said."""

    def __init__(self, events: int) -> None:
        self.events = events
        self.rows: list[SeriesRow] = []
        self.by_fide: dict[str, SeriesRow] = {}
        self.by_national: dict[str, SeriesRow] = {}
        self.by_name: dict[str, list[SeriesRow]] = {}
        self.ambiguities: list[str] = []

    def find(self, event: str, name: str, fide: str, national: str) -> SeriesRow | None:
        if fide and fide in self.by_fide:
            return self.by_fide[fide]
        row = self.by_national.get(national) if national else None
        if row is not None:
            if _compatible(row, fide, national):
                return row
            self.ambiguities.append(Message("national id {}: {} and {} have different FIDE ids; counted apart",
                                            national, repr(row.name), repr(name)))
        named = [r for r in self.by_name.get(name_key(name), []) if _compatible(r, fide, national)]
        if len(named) > 1:
            self.ambiguities.append(Message("{}: {} could be any of {} player of that name; counted apart",
                                            event, repr(name), len(named),
                                            plural="{}: {} could be any of {} players of that name; counted apart",
                                            count=len(named)))
            return None
        return named[0] if named else None

    def add(self, event: str, name: str, fide: str, national: str, seen: set[int]) -> SeriesRow:
        """The row of this event's player (a new one when none is found, or when the one found is already another
        player of the same event)."""
        row = self.find(event, name, fide, national)
        if row is not None and id(row) in seen:  # two players of one event matched to one: kept apart
            self.ambiguities.append(Message("{}: two players named {}; counted apart", event, repr(name)))
            row = None
        if row is None:
            row = SeriesRow(0, name, fide, [None] * self.events, [], national_id=national)
            self.rows.append(row)
            self.by_name.setdefault(name_key(name), []).append(row)
        elif name_key(row.name) != name_key(name):  # matched by an id under another name: said, not silent
            if fide and row.fide_id == fide:
                self.ambiguities.append(Message("FIDE id {}: {} and {} taken as one player", fide, repr(row.name),
                                                repr(name)))
            else:
                self.ambiguities.append(Message("national id {}: {} and {} taken as one player", national,
                                                repr(row.name), repr(name)))
        row.fide_id, row.national_id = row.fide_id or fide, row.national_id or national
        if fide:
            self.by_fide.setdefault(fide, row)
        if national:
            self.by_national.setdefault(national, row)
        seen.add(id(row))
        return row

    def same_names(self) -> list[str]:
        """The names that stand for players of different ids: listed, never merged."""
        out: list[str] = []
        for same in self.by_name.values():
            ids = sorted({r.fide_id for r in same if r.fide_id})
            if len(ids) > 1:
                out.append(Message("{}: {} FIDE ids ({}); counted apart", repr(same[0].name), len(ids), ', '.join(ids)))
            national = sorted({r.national_id for r in same if r.national_id and not r.fide_id})
            if len(national) > 1:
                out.append(Message("{}: {} national ids ({}); counted apart", repr(same[0].name), len(national),
                                   ', '.join(national)))
        return out


def series(events: list[tuple[str, Standings]], points: str, best: int | None = None,
           tiebreaks: str = SERIES_TIEBREAKS) -> Series:
    """The standings of the series of ``events`` (name, final standings), ``points`` per place or score, the best
    ``best`` events counted (None: all)."""
    places, codes = parse_points(points), parse_tiebreaks(tiebreaks)
    players = _Players(len(events))
    for index, (event, s) in enumerate(events):
        seen: set[int] = set()
        for name, fide, national, result in _event_results(s, places):
            players.add(event, name, fide, national, seen).results[index] = result
    rows, ambiguities = players.rows, players.ambiguities + players.same_names()
    for row in rows:
        played = [(i, x) for i, x in enumerate(row.results) if x is not None]
        ranked = sorted(played, key=lambda p: (-p[1].points, p[0]))
        row.counted = [i for i, _ in ranked[:best]] if best else [i for i, _ in ranked]
        earned = {i: x.points for i, x in played}
        row.total = sum((earned[i] for i in row.counted), Fraction(0))
        row.values = {"BEST": ranked[0][1].points if ranked else Fraction(0), "EVENTS": Fraction(len(played)),
                      "PLACES": -Fraction(sum(x.place[0] for _, x in played))}
    rows.sort(key=lambda r: (-r.total, *(-r.values[c] for c in codes), name_key(r.name)))
    for i, row in enumerate(rows):
        mine = (row.total, *(row.values[c] for c in codes))
        before = rows[i - 1] if i else None
        row.rank = before.rank if before and (before.total, *(before.values[c] for c in codes)) == mine else i + 1
    return Series([e for e, _ in events], points, best, codes, rows, list(dict.fromkeys(ambiguities)))
