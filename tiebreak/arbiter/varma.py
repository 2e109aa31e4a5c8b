"""Varma tables and the restricted drawing of lots (FIDE Arbiters' Manual 13.17; C.05 Annex 2).

Numbers of one set (A, B, C, D) never meet each other in the last three rounds of the Berger table, so players of
one federation drawing from one set avoid each other there.  Procedure (13.17.1): the federations draw in order of
decreasing size (equal sizes: alphabetical FIDE code; inside a federation: alphabetical names); the first player of a
federation picks an envelope (set) with room for the whole contingent and draws a number; team-mates draw from the
same envelope.  Here the envelope is picked at random among those with room *from which the remaining contingents
can still be placed*, so a draw that can satisfy the restriction always does; a contingent larger than every set
is spread over the fullest envelopes (reported).  Reproducible from the seed.

The two seeds disagree on the 11/12 table (spec §11.2): seed 000/003 ``B 2, 6, 7 / C 1, 8, 12`` and seed 004 (= the
current C.05 Annex 2) ``B 1, 2, 7 / C 6, 8, 12``.  In the latter 6 and 12 meet in round 11 of the 12-player Berger table,
which defeats the purpose with 12 players, so the default is ``s000``
(:data:`~tiebreak.arbiter.choices.VARMA_VARIANTS`); ``fide`` gives the annex.

>>> d = draw([("Ann", "NOR"), ("Bob", "NOR"), ("Cid", "UKR")] + [(f"P{i}", f"F{i:02d}") for i in range(7)], seed=1)
>>> len(d.numbers), d.conflicts
(10, [])
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..engine.errors import InputError, Place
from ..engine.messages import Message
from ..engine.numbers import check_seed
from .berger import schedule
from .choices import DEFAULT_VARMA_VARIANT as DEFAULT_VARIANT

TABLES: dict[int, dict[str, list[int]]] = {
    10: {"A": [3, 4, 8], "B": [5, 7, 9], "C": [1, 6], "D": [2, 10]},
    12: {"A": [4, 5, 9, 10], "B": [2, 6, 7], "C": [1, 8, 12], "D": [3, 11]},
    14: {"A": [4, 5, 6, 11, 12], "B": [1, 2, 8, 9], "C": [7, 10, 13], "D": [3, 14]},
    16: {"A": [5, 6, 7, 12, 13, 14], "B": [1, 2, 3, 9, 10], "C": [8, 11, 15], "D": [4, 16]},
    18: {"A": [5, 6, 7, 8, 14, 15, 16], "B": [1, 2, 3, 10, 11, 12], "C": [9, 13, 17], "D": [4, 18]},
    20: {"A": [6, 7, 8, 9, 15, 16, 17, 18], "B": [1, 2, 3, 11, 12, 13, 14], "C": [5, 10, 19], "D": [4, 20]},
    22: {"A": [6, 7, 8, 9, 10, 17, 18, 19, 20], "B": [1, 2, 3, 4, 12, 13, 14, 15], "C": [11, 16, 21], "D": [5, 22]},
    24: {"A": [6, 7, 8, 9, 10, 11, 19, 20, 21, 22], "B": [1, 2, 3, 4, 13, 14, 15, 16, 17], "C": [12, 18, 23],
         "D": [5, 24]},
}
FIDE_12 = {"A": [4, 5, 9, 10], "B": [1, 2, 7], "C": [6, 8, 12], "D": [3, 11]}
#: the fewest and the most players the tables hold (an odd number draws from the next even table)
MIN_PLAYERS, MAX_PLAYERS = min(TABLES) - 1, max(TABLES)


def check_count(players: int, place: Place | None = None) -> None:
    """Varma's tables hold 9 to 24 players: the one check of the list's size (``place``: the list), whichever way the
    draw is asked for (a list read by :func:`parse_players`, or :func:`draw` and :func:`table` called by a program).

    >>> check_count(8)
    Traceback (most recent call last):
    tiebreak.engine.errors.InputError: <input>: Varma tables are for 9 to 24 players, the list has 8
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InputError(Message("Varma tables are for 9 to 24 players, the list has {}", players), place)


def table(players: int, variant: str = DEFAULT_VARIANT) -> dict[str, list[int]]:
    """The sets for ``players`` (9 to 24; an odd number uses the next even table, its highest number is the bye)."""
    check_count(players)
    n = players + players % 2
    if n == 12 and variant == "fide":
        return {k: list(v) for k, v in FIDE_12.items()}
    return {k: list(v) for k, v in TABLES[n].items()}


@dataclass
class Draw:
    numbers: dict[str, int]  # player name -> pairing number
    order: list[tuple[str, str, str, int]]  # (federation, name, set, number) in drawing order
    conflicts: list[tuple[str, str, int]] = field(default_factory=list)  # same federation, meeting round (last 3)


def last_rounds_meetings(n: int) -> dict[frozenset[int], int]:
    """Pairs of numbers meeting in the last three rounds of the n-player Berger table, and the round."""
    rounds = schedule(n + n % 2)
    return {frozenset(p): r.number for r in rounds[-3:] for p in r.pairings}


def _packable(sizes: list[int], room: list[int]) -> bool:
    if not sizes:
        return True
    first, rest = sizes[0], sizes[1:]
    for i, free in enumerate(room):
        if free >= first:
            room[i] -= first
            ok = _packable(rest, room)
            room[i] += first
            if ok:
                return True
    return False


def draw(players: list[tuple[str, str]], seed: int, variant: str = DEFAULT_VARIANT) -> Draw:
    """Restricted drawing of lots for ``players`` given as (name, federation); names must differ (the draw gives
    each name its number)."""
    check_seed(seed)
    n = len(players)
    names = [name for name, _ in players]
    if len(set(names)) != n:
        twice = next(x for x in names if names.count(x) > 1)
        raise InputError(Message("{} is listed twice; give the players different names (add an initial)", repr(twice)),
                         Place(field="player"))
    sets = _drawable(n, variant)
    rng = random.Random(seed)
    feds: dict[str, list[str]] = {}
    for name, fed in players:
        feds.setdefault(fed, []).append(name)
    groups = sorted(feds.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    result = Draw({}, [])
    for g, (fed, names) in enumerate(groups):
        names = sorted(names)
        later = [len(v) for _, v in groups[g + 1:] if len(v) > 1]
        while names:
            room = {k: len(v) for k, v in sets.items() if v}
            fits = [k for k in sorted(room) if room[k] >= len(names)]
            good = [k for k in fits if _packable(later, [room[j] - (len(names) if j == k else 0) for j in sorted(room)])]
            choice = rng.choice(good or fits or [max(sorted(room), key=lambda k: room[k])])
            for name in names[:room[choice]]:
                number = rng.choice(sets[choice])
                sets[choice].remove(number)
                result.numbers[name] = number
                result.order.append((fed, name, choice, number))
            names = names[room[choice]:]
    result.conflicts.extend(_conflicts(feds, result.numbers, n))
    return result


def _drawable(n: int, variant: str) -> dict[str, list[int]]:
    """Varma's sets for ``n`` players, each the numbers still to draw (with an odd ``n`` the highest number is the
    bye: nobody draws it)."""
    sets = table(n, variant)
    if n % 2:
        for numbers in sets.values():
            if n + 1 in numbers:
                numbers.remove(n + 1)
    return sets


def _conflicts(feds: dict[str, list[str]], numbers: dict[str, int], n: int) -> list[tuple[str, str, int]]:
    """(a, b, round) for two players of one federation whom their numbers pair in the last rounds."""
    meets = last_rounds_meetings(n)
    found = []
    for names in feds.values():
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                r = meets.get(frozenset((numbers[a], numbers[b])))
                if r:
                    found.append((a, b, r))
    return found


def parse_players(text: str, source: str = "") -> list[tuple[str, str]]:
    """Players as lines ``Name, FED`` (a header line ``Name, FED`` and ``#`` comments are skipped); 9 to 24 of them.

    >>> parse_players("Name, FED\\n" + "\\n".join(f"P{i}, F{i % 3}" for i in range(9)))[:2]
    [('P0', 'F0'), ('P1', 'F1')]
    """
    players = []
    first_line: dict[str, int] = {}
    for ln, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = [x.strip() for x in line.replace(";", ",").split(",")]
        if len(parts) < 2 or not parts[0] or not parts[-1]:
            raise InputError("expected 'Name, FED'", Place(source, ln, 1, "player"))
        if parts[0].lower() == "name":
            continue
        name = ", ".join(parts[:-1])
        if name in first_line:
            raise InputError(Message("{} is listed twice (first on line {}); give the players different names (add an "
                                     "initial)",
                                     repr(name), first_line[name]), Place(source, ln, 1, "player"))
        first_line[name] = ln
        players.append((name, parts[-1].upper()))
    check_count(len(players), Place(source))
    return players


def to_dict(d: Draw, seed: int) -> dict[str, Any]:
    """The draw as JSON data: the seed (to repeat it), name -> number, the drawing order and any conflicts."""
    return {"seed": seed, "numbers": d.numbers,
            "order": [{"federation": f, "name": n, "set": s, "number": k} for f, n, s, k in d.order],
            "conflicts": [list(c) for c in d.conflicts]}


@dataclass(frozen=True)
class NamedRound:
    number: int
    pairings: list[tuple[str, str]]  # (White, Black) by name
    bye: str | None


def named_schedule(d: Draw, n_players: int) -> list[NamedRound]:
    """The Berger schedule of the drawn numbers, with the players' names in place of their numbers."""
    by_number = {v: k for k, v in d.numbers.items()}
    return [NamedRound(r.number, [(by_number.get(w, str(w)), by_number.get(b, str(b))) for w, b in r.pairings],
                       by_number.get(r.bye, str(r.bye)) if r.bye else None)
            for r in schedule(n_players)]
