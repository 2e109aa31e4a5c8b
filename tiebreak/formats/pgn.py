"""Broadcast PGN (a file of games, with or without move text) turned into a tournament.

Header-only files, where one tag block follows another with no move text and no result token, are split on the
tags themselves: a new game starts at ``[Event`` or when a tag repeats within the current game.  Rounds come from
the ``Round`` tag (``3`` or ``3.12``, board 12), players are identified by FIDE id (``WhiteFideId``) or by name,
ratings come from the Elo tags, start numbers are given by rating (highest first), then name.  A round in which a
player has no game is read as an absence (zero-point bye); a result ``+/-``, ``-/+`` or ``--`` is a forfeit.

>>> t = loads('[Round "1"]\\n[White "A"]\\n[Black "B"]\\n[Result "1-0"]\\n'
...           '[Round "2"]\\n[White "B"]\\n[Black "A"]\\n[Result "1/2-1/2"]\\n')
>>> [(p.name, str(t.points(p.start_no))) for p in t.players]
[('A', '3/2'), ('B', '1/2')]
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import TypedDict

from ..engine.errors import InputError, InputWarning, Place
from ..engine.messages import Message
from ..engine.model import Kind, Player, Tournament
from ..engine.numbers import MAX_RATING
from .dates import parse_date
from .files import read_input
from .text import MAX_ROUNDS, check_size, decode, one_line

_TAG = re.compile(r'^\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_RESULTS = {"1-0": Kind.WIN, "0-1": Kind.LOSS, "1/2-1/2": Kind.DRAW, "½-½": Kind.DRAW, "*": Kind.UNKNOWN,
            "+/-": Kind.FORFEIT_WIN, "+:-": Kind.FORFEIT_WIN, "-/+": Kind.FORFEIT_LOSS, "-:+": Kind.FORFEIT_LOSS,
            "--": Kind.DOUBLE_FORFEIT, "-/-": Kind.DOUBLE_FORFEIT, "0-0": Kind.DOUBLE_FORFEIT}


class _Person(TypedDict):
    """A player as the games name them: the first name and FIDE id seen, the first rating and title given."""

    name: str
    fide_id: str
    rating: int | None
    title: str


def games(text: str, source: str = "") -> list[tuple[int, dict[str, str]]]:
    """Every game's tags with the line its first tag is on."""
    out: list[tuple[int, dict[str, str]]] = []
    current: dict[str, str] = {}
    start = 0
    for ln, line in enumerate(text.splitlines(), 1):
        m = _TAG.match(line)
        if not m:
            if line.strip().startswith("["):
                raise InputError(Message("tag not understood: {}", repr(line.strip()[:60])), Place(source, ln, 1, "PGN tag"))
            continue
        name, value = m.group(1), m.group(2).replace('\\"', '"')
        if current and (name == "Event" or name in current):
            out.append((start, current))
            current = {}
        if not current:
            start = ln
        current[name] = value
    if current:
        out.append((start, current))
    return out


def load(path: str | Path, warnings: list[InputWarning] | None = None) -> Tournament:
    path = Path(path)
    data = read_input(path)
    text, _ = decode(data, str(path), warnings)
    return loads(text, str(path), warnings)


def loads(text: str, source: str = "", warnings: list[InputWarning] | None = None) -> Tournament:
    warnings = warnings if warnings is not None else []
    found = games(text, source)
    if not found:
        raise InputError("no games found: is this a PGN file?", Place(source))
    people: dict[str, _Person] = {}
    parsed = [_game(ln, tags, people, source) for ln, tags in found]
    order = sorted(people, key=lambda k: (-(people[k]["rating"] or 0), people[k]["name"]))
    players = [Player(i + 1, people[k]["name"], people[k]["rating"], title=people[k]["title"][:3],
                      fide_id=people[k]["fide_id"]) for i, k in enumerate(order)]
    rounds = max(r for _, r, _, _ in parsed)
    check_size(len(players), rounds, Place(source, field="Round"))
    first = found[0][1]
    events = Counter(tags.get("Event", "") for _, tags in found)
    name = one_line(events.most_common(1)[0][0]) if events.most_common(1)[0][1] > 1 else ""
    t = Tournament.build(players, rounds, name=name, source=source,
                         start_date=parse_date(first.get("Date", first.get("UTCDate", "")).replace("?", "")),
                         type_text=one_line(first.get("EventType", "")))
    _place_games(t, parsed, people, {k: i + 1 for i, k in enumerate(order)})
    missing = int((t.kind == Kind.ABSENT).sum())
    if missing:
        warnings.append(InputWarning(Message("{} player-round has no game; read as an absence (a zero-point bye)",
                                             missing, plural="{} player-rounds have no game; read as absences "
                                             "(zero-point byes)", count=missing),
                                     Place(source, field="Round")))
    return t


#: a game as its tags give it: its line, round, the two players' keys (FIDE id or name) and White's kind
_Game = tuple[int, int, list[str], Kind]


def _game(ln: int, tags: dict[str, str], people: dict[str, _Person], source: str) -> _Game:
    """The game whose tags are ``tags`` (its first on line ``ln``); its players added to ``people`` (a rating and a
    title taken from the first game that gives them)."""
    rnd_text = tags.get("Round", "").strip()
    m = re.match(r"([0-9]+)(?:\.([0-9]+))?", rnd_text)
    if not m:
        raise InputError(Message("Round tag {} is not a round number", repr(rnd_text[:40])), Place(source, ln, None, "Round"))
    if len(m.group(1)) > 4 or int(m.group(1)) > MAX_ROUNDS or int(m.group(1)) == 0:
        raise InputError(Message("round {} is outside 1..{}", m.group(1)[:40], MAX_ROUNDS), Place(source, ln, None, "Round"))
    result = tags.get("Result", "*").strip()
    kind = _RESULTS.get(result)
    if kind is None:
        raise InputError(Message("result {} not understood", repr(result)), Place(source, ln, None, "Result"))
    sides: list[str] = []
    for colour in ("White", "Black"):
        name = one_line(tags.get(colour, "")).strip()
        fide_id = one_line(tags.get(f"{colour}FideId", "")).strip()
        if not name and not fide_id:
            raise InputError(Message("game without a {} player", colour), Place(source, ln, None, colour))
        key = fide_id or name
        p = people.setdefault(key, {"name": name, "fide_id": fide_id, "rating": None, "title": ""})
        elo = tags.get(f"{colour}Elo", "").strip()
        if elo.isascii() and elo.isdigit() and 0 < len(elo) <= 4 and 0 < int(elo) <= MAX_RATING:
            p["rating"] = p["rating"] or int(elo)
        p["title"] = p["title"] or tags.get(f"{colour}Title", "")
        sides.append(key)
    return ln, int(m.group(1)), sides, kind


def _place_games(t: Tournament, parsed: list[_Game], people: dict[str, _Person], number: dict[str, int]) -> None:
    """The games in ``t``'s grid (``number``: each player's start number), each player at most once a round."""
    seen: dict[tuple[int, str], int] = {}
    for ln, rnd, (white, black), kind in parsed:
        for key in (white, black):
            if (rnd, key) in seen:
                raise InputError(Message("{} has two games in round {} (first on line {})",
                                         people[key]['name'], rnd, seen[rnd, key]),
                                 Place(t.source, ln, None, "Round"))
            seen[rnd, key] = ln
        if kind is Kind.DOUBLE_FORFEIT:
            t.set_game(rnd, number[white], number[black], Kind.FORFEIT_LOSS)
            t.kind[t.row(number[white]), rnd - 1] = t.kind[t.row(number[black]), rnd - 1] = Kind.DOUBLE_FORFEIT
        else:
            t.set_game(rnd, number[white], number[black], kind)
