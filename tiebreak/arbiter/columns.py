"""The player columns arbiters publish beside the standings, as data: title, federation, rating, club, sex, birth year,
and on request the tournament performance and the FIDE rating change (computed here, never by a renderer; their
headings are :data:`tiebreak.render.words.COLUMN_HEADINGS`).

By default (``auto``) the title, federation and rating columns are shown when the file has them for some player;
``--columns`` chooses others (``none`` for none).

>>> from tiebreak import compute_standings
>>> from tiebreak.formats import trf
>>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", seed=1)
>>> pc = player_columns(s, "auto")
>>> pc.names, pc.cells[7]
(['title', 'fed', 'rating'], ['', 'AUS', '1534'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

import numpy as np

from ..engine.errors import SpecifierError
from ..engine.messages import Message
from ..engine.model import Kind, Player, format_number
from ..engine.registry import CATALOGUE
from ..engine.standings import Standings, compute_standings
from .choices import DEFAULT_COLUMNS
from .rating_report import rating_report

#: column -> (player attribute or computed value, shown by ``auto`` when present)
COLUMNS = {"title": True, "fed": True, "rating": True, "club": False, "sex": False, "birth": False, "perf": False,
           "change": False}
#: the JSON member of each column
JSON_KEYS = {"title": "title", "fed": "federation", "rating": "rating", "club": "club", "sex": "sex", "birth": "birth",
             "perf": "performance", "change": "rating_change"}


def _birth_year(p: Player) -> str:
    text = (p.birth_date or "").strip()
    return text[:4] if text[:4].isascii() and text[:4].isdigit() else ""


_FIELD = {"title": lambda p: p.title.strip(), "fed": lambda p: p.federation.strip(),
          "rating": lambda p: str(p.rating) if p.rating else "", "club": lambda p: getattr(p, "club", "").strip(),
          "sex": lambda p: p.sex.strip(), "birth": _birth_year}


@dataclass
class PlayerColumns:
    """The chosen player columns: their names, each player's texts, and the values for JSON."""

    names: list[str]
    cells: dict[int, list[str]]  # start number -> one text per column ("" where the file has nothing)
    #: the values for JSON column by column (numbers as numbers, None where the file has nothing): JSON member ->
    #: one value per player, in the order of ``numbers``
    members: dict[str, list[object]]
    numbers: list[int]
    #: why a computed column is blank for some players (the performance without a rating for the unrated)
    notes: list[str] = field(default_factory=list)

    @cached_property
    def values(self) -> dict[int, dict[str, object]]:
        """Start number -> the player's values for JSON."""
        if not self.members:
            return {sno: {} for sno in self.numbers}
        keys = list(self.members)
        return {sno: dict(zip(keys, row)) for sno, row in zip(self.numbers, zip(*self.members.values()))}



def parse_columns(text: str | None) -> list[str] | None:
    """``title,fed,rating`` as a list; ``auto`` (or None) as None; ``none`` as []."""
    if text is None or text.strip().lower() == DEFAULT_COLUMNS:
        return None
    names = [x.strip().lower() for x in text.split(",") if x.strip()]
    if names == ["none"]:
        return []
    for n in names:
        if n not in COLUMNS:
            raise SpecifierError(Message("column {} not known; columns: {}, auto, none", repr(n), ', '.join(COLUMNS)))
    return list(dict.fromkeys(names))


def player_columns(s: Standings, text: str | None = DEFAULT_COLUMNS, unrated_rating: int | None = None) -> PlayerColumns:
    """The chosen columns for every player of the standings ``s``; the performance counts an unrated opponent at
    ``unrated_rating`` (as the rating tie-breaks do), and without it a note (in ``notes``) says why it is blank."""
    t = s.tournament
    names = parse_columns(text)
    if names is None:
        names = [n for n, shown in COLUMNS.items() if shown and any(_FIELD[n](p) for p in t.players)]
    computed: dict[str, dict[int, str]] = {}
    notes: list[str] = []
    raw: dict[str, dict[int, Fraction | None]] = {}
    if "perf" in names:
        perf = compute_standings(t, "PTS,TPR", rules=s.rules, after_round=s.after_round, lots=False, system=s.system,
                                 unrated_rating=unrated_rating)
        raw["perf"] = {r.start_no: r.values["TPR"] for r in perf.rows}
        blank, unrated = sum(v is None for v in raw["perf"].values()), sum(not p.rating for p in t.players)
        if blank and unrated and unrated_rating is None:
            notes.append(Message("the performance column is blank for {} player because {} (C.07 Art. 10); give the "
                                 "unrated players a rating (unrated rating R)", blank, _unrated(unrated),
                                 plural="the performance column is blank for {} players because {} (C.07 Art. 10); "
                                 "give the unrated players a rating (unrated rating R)", count=blank))
        computed["perf"] = {k: format_number(v) for k, v in raw["perf"].items()}
    if "change" in names:
        raw["change"] = {c.start_no: c.change for c in rating_report(t, "fide", rounds=s.after_round)
                         if c.change is not None}
        computed["change"] = {k: format_number(v, 1) for k, v in raw["change"].items()}
    players = t.players
    numbers = [p.start_no for p in players]
    texts: list[list[str]] = []  # column by column: one text per player
    members: list[list[object]] = []  # the same for JSON: numbers as numbers, None where the file has nothing
    for n in names:
        if n in computed:
            texts.append([computed[n].get(sno, "") for sno in numbers])
            members.append([raw[n].get(sno) for sno in numbers])
        else:
            texts.append(list(map(_FIELD[n], players)))
            members.append([p.rating or None for p in players] if n == "rating" else [x or None for x in texts[-1]])
    cells = dict(zip(numbers, map(list, zip(*texts)))) if names else {sno: [] for sno in numbers}
    return PlayerColumns(names, cells, {JSON_KEYS[n]: m for n, m in zip(names, members)}, numbers, notes)


def rating_notes(s: Standings, unrated_rating: int | None = None) -> list[str]:
    """A note for every rating tie-break left undefined: for the players who played no game (C.07 Art. 10: no
    opponent's rating to count), and, when no rating was given to unrated players (``unrated_rating`` or the
    specifier's own /U), for the others, saying how to give them one."""
    unrated = sum(1 for p in s.tournament.players if not p.rating)
    kinds = s.tournament.kind[:, :s.after_round]
    played = (kinds <= Kind.LOSS_SHORT).any(axis=1) if kinds.size else np.zeros(len(s.tournament.players), bool)
    notes: list[str] = []
    for spec, col in zip(s.specs, s.columns):
        if "U" not in CATALOGUE[spec.code].modifiers or col.defined is None or col.defined.all():
            continue
        undefined = ~col.defined
        idle = int((undefined & ~played).sum())
        if idle:
            notes.append(Message("{} is undefined for {} player who played no game (C.07 Art. 10)", spec.text, idle,
                                 plural="{} is undefined for {} players who played no game (C.07 Art. 10)", count=idle))
        rest = int((undefined & played).sum())
        if rest and unrated and unrated_rating is None and spec.unrated is None:
            notes.append(Message("{} is undefined for {} player because {} (C.07 Art. 10); give them a rating "
                                 "(unrated rating R, or {}/U<R>)", spec.text, rest, _unrated(unrated), spec.code,
                                 plural="{} is undefined for {} players because {} (C.07 Art. 10); give them a rating "
                                 "(unrated rating R, or {}/U<R>)", count=rest))
    return notes


def _unrated(n: int) -> Message:
    """How many players are unrated, in a note that says why a value is undefined (the count chooses the form)."""
    return Message("{} player is unrated", n, plural="{} players are unrated", count=n)
