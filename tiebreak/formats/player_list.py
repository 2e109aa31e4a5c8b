"""A broadcast's players from a list of their own (``serve --watch games.pgn --player-list FILE``).

A broadcast's PGN names its players as the relay typed them, often without ratings, titles or federations, and its
start numbers are made up (by rating, then name).  The event's player list, a TRF or any file tiebreak reads, or a
simple CSV of one player a line (name, rating, title, federation, FIDE id; a header line naming those columns may
give them in any order), gives them: each player of the games is matched to the list by FIDE id when both have one,
else by name (the same words whatever their order, case, commas or dots: ``Sindarov, Javokhir`` is
``Javokhir Sindarov``), and takes the list's start number, name, rating, title, federation and FIDE id.  A player of
the games whom the list does not have keeps the games' data, numbered after the list, and is named in a warning.

>>> listed = read_csv("Name,Rating,Title,Federation,FIDE id\\nSindarov, Javokhir,2721,GM,UZB,14205483\\n"
...                   "\\"Gukesh, D\\",2777,GM,IND,46616543\\n", "players.csv")
Traceback (most recent call last):
...
tiebreak.engine.errors.InputError: players.csv, line 2: a line has 6 fields: quote a name that has a comma ("Sindarov, Javokhir")
>>> listed = read_csv('Name,Rating,Title,Federation,FIDE id\\n"Sindarov, Javokhir",2721,GM,UZB,14205483\\n'
...                   '"Gukesh, D",2777,GM,IND,46616543\\n', "players.csv")
>>> [(p.start_no, p.name, p.rating, p.title, p.federation, p.fide_id) for p in listed]
[(1, 'Gukesh, D', 2777, 'GM', 'IND', '46616543'), (2, 'Sindarov, Javokhir', 2721, 'GM', 'UZB', '14205483')]
>>> name_parts("Sindarov, Javokhir") == name_parts("javokhir  SINDAROV")
True
"""

from __future__ import annotations

import csv
import io
from dataclasses import replace

import numpy as np

from ..engine.errors import InputError, InputWarning, Place
from ..engine.messages import Message
from ..engine.model import NO_OPPONENT, Player, Tournament
from ..engine.numbers import MAX_RATING
from .text import name_parts, one_line

#: the most players a list may have (bounded work per input)
MAX_LISTED = 20_000
#: the columns of a list without a header line, in order; a header's words for each
COLUMNS = ("name", "rating", "title", "federation", "fide_id")
_HEADER = {"name": "name", "player": "name", "rating": "rating", "elo": "rating", "title": "title",
           "federation": "federation", "fed": "federation", "fide id": "fide_id", "fide_id": "fide_id",
           "fideid": "fide_id", "id": "fide_id"}


def read_csv(text: str, source: str) -> list[Player]:
    """The players of a simple CSV list (``,``, ``;`` or tab between fields), numbered by rating (highest first), then
    name, as the broadcast's reader numbers them."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines:
        raise InputError("the player list is empty", Place(source))
    dialect = ";" if lines[0].count(";") > lines[0].count(",") else "\t" if "\t" in lines[0] else ","
    rows = list(csv.reader(io.StringIO("\n".join(lines)), delimiter=dialect))
    head = [_HEADER.get(" ".join(c.strip().casefold().replace("_", " ").split())) for c in rows[0]]
    if "name" in head:
        columns, rows, first = head, rows[1:], 2
    else:
        columns, first = list(COLUMNS), 1
    if len(rows) > MAX_LISTED:
        raise InputError(Message("the player list has more than {} player", MAX_LISTED,
                                 plural="the player list has more than {} players", count=MAX_LISTED), Place(source))
    people = []
    for k, row in enumerate(rows, first):
        if len(row) > len(columns):
            raise InputError(Message("a line has {} field: quote a name that has a comma ({})", len(row),
                                     f'"{row[0]},{row[1]}"', plural="a line has {} fields: quote a name that has a "
                                     "comma ({})", count=len(row)), Place(source, k))
        got = {c: one_line(v).strip() for c, v in zip(columns, row) if c is not None}
        if not got.get("name"):
            raise InputError("a player without a name", Place(source, k, None, "name"))
        rating_text = got.get("rating", "")
        rating = int(rating_text) if rating_text.isascii() and rating_text.isdigit() and len(rating_text) <= 4 else None
        if rating_text and (rating is None or not 0 < rating <= MAX_RATING):
            raise InputError(Message("rating {} is not a rating", repr(rating_text[:20])), Place(source, k, None, "rating"))
        people.append(Player(0, got["name"], rating, title=got.get("title", "")[:3],
                             federation=got.get("federation", "")[:3], fide_id=got.get("fide_id", "")))
    people.sort(key=lambda p: (-(p.rating or 0), p.name))
    return [replace(p, start_no=k) for k, p in enumerate(people, 1)]


def with_players(t: Tournament, listed: list[Player], source: str, warnings: list[InputWarning]) -> Tournament:
    """``t`` (read from a broadcast) with its players taken from ``listed``: matched by FIDE id, else by name; each
    takes the list's start number and data; the unmatched keep their own, numbered after the list, and are named
    in a warning.  The rows are in the new start numbers' order.

    >>> from tiebreak.engine.model import Kind
    >>> t = Tournament.build([Player(1, "Gukesh D"), Player(2, "Nobody"), Player(3, "Javokhir Sindarov")], 1)
    >>> t.set_game(1, 1, 3, Kind.WIN)
    >>> listed = [Player(7, "Sindarov, Javokhir", 2721, federation="UZB"), Player(9, "Gukesh, D", 2777)]
    >>> warnings = []
    >>> u = with_players(t, listed, "players.csv", warnings)
    >>> [(p.start_no, p.name, p.rating) for p in u.players]
    [(7, 'Sindarov, Javokhir', 2721), (9, 'Gukesh, D', 2777), (10, 'Nobody', None)]
    >>> str(u.points(9)), str(u.points(7)), u.players[u.opponent[u.row(9), 0]].start_no
    ('1', '0', 7)
    >>> print(warnings[0].message)
    1 player of the games is not in the player list players.csv: Nobody
    """
    by_id = {p.fide_id: p for p in listed if p.fide_id}
    by_name: dict[tuple[str, ...], Player] = {}
    for p in listed:
        by_name.setdefault(name_parts(p.name), p)
    taken: set[int] = set()
    after = max((p.start_no for p in listed), default=0)
    players, missing = [], []
    for p in t.players:
        match = by_id.get(p.fide_id) if p.fide_id else None
        match = match or by_name.get(name_parts(p.name))
        if match is not None and match.start_no not in taken:
            taken.add(match.start_no)
            players.append(replace(match, name=match.name or p.name, rating=match.rating or p.rating,
                                   title=match.title or p.title, federation=match.federation or p.federation,
                                   fide_id=match.fide_id or p.fide_id))
        else:
            after += 1
            missing.append(p.name or p.fide_id)
            players.append(replace(p, start_no=after))
    if missing:
        warnings.append(InputWarning(Message("{} player of the games is not in the player list {}: {}", len(missing),
                                             source, ", ".join(missing[:20]), plural="{} players of the games are not "
                                             "in the player list {}: {}", count=len(missing)),
                                     Place(source)))
    order = sorted(range(len(players)), key=lambda i: players[i].start_no)
    new_row = np.empty(len(order), np.int64)
    new_row[order] = np.arange(len(order))
    opponent = t.opponent[order]
    opponent = np.where(opponent == NO_OPPONENT, NO_OPPONENT, new_row[np.maximum(opponent, 0)]).astype(t.opponent.dtype)
    return replace(t, players=[players[i] for i in order], opponent=opponent, kind=t.kind[order].copy(),
                   colour=t.colour[order].copy())
