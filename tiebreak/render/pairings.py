"""A round's pairings in words, one table for the event's website (its round pages, :mod:`tiebreak.site.pages`) and
the live screen (:mod:`tiebreak.render.live_tables`), as chess-results shows a round: each board with both players'
start numbers, titles, names, ratings and points before the round, and the result (forfeits in words, a game being
played said so); then the byes and the players not paired.  Made from the language-free view
:class:`tiebreak.views.pairings.Round` (the live screen reads it back from its API: :func:`round_from_json`).

>>> from tiebreak.engine.model import Kind
>>> from tiebreak.views.pairings import Game, Round
>>> rd = Round(3, [Game(1, 7, 3, Kind.FORFEIT_WIN, False)], [(12, Kind.HPB)])
>>> seats = {7: Seat("Nguyen,Anh Kiet", "", 1534, "5"), 3: Seat("Krishnan,Anirudh", "CM", 1763, "4.5"),
...          12: Seat("Nowak,Ruben", "", 1467, "2")}
>>> heads, rows, _, byes, _ = round_tables(rd, seats.__getitem__, "en")
>>> [c["text"] for c in rows[0]["cells"]]
['1', '7', 'Nguyen,Anh Kiet', '1534', '5', '+ – (forfeit win)', '4.5', 'CM Krishnan,Anirudh', '1763', '3']
>>> [c["text"] for c in byes[0]["cells"]]
['12', 'Nowak,Ruben', '1467', '2', 'half-point bye']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.model import Kind
from ..views.pairings import Game, Round
from .columns import headings
from .i18n import word
from .results import API_CELLS, API_RESULTS, bye_text, game_result
from .words import SITE_WORDS

Cell = dict[str, Any]


@dataclass(frozen=True)
class Seat:
    """What a board shows of a player: the name (``href``: a link to the card), FIDE title, rating, and the points
    before the round as written."""

    name: str
    title: str = ""
    rating: int | None = None
    points: str = ""
    href: str | None = None


def with_narrow(cell: Cell, *parts: str) -> Cell:
    """A name cell that also says ``parts`` (the number, the rating) on a line of its own on a phone, where their
    columns (class ``wide``) are hidden: both players of a board stay in view at 390 px."""
    text = " · ".join(p for p in parts if p)
    return {**cell, "sub": text, "sub_cls": "narrow"} if text else cell


def _head(text: str, cls: str = "", abbr: str = "") -> Cell:
    return {"text": text, "cls": cls, "abbr": abbr}


def round_tables(rd: Round, seat: Callable[[int], Seat], lang: str,
                 link: Callable[[Game], dict[str, str]] | None = None, pending: str | None = None,
                 ) -> tuple[list[Cell], list[Cell], list[Cell], list[Cell], list[str]]:
    """Round ``rd`` in ``lang``: the boards' headings and rows, the byes' headings and rows, and the legend of the
    short headings; ``seat`` says who a start number is, ``link`` a played game's link (the site's game pages),
    ``pending`` what a game without a result says (the site's *not yet played*; the live screen's *playing*)."""
    s = {k: SITE_WORDS.text(k, lang) for k in ("board_short", "board", "number", "white", "black", "rating",
                                                "points_before", "result", "pending", "not_paired")}
    rtg, no, pts = headings(["rating"], lang)[0], word("number", lang), word("points", lang)
    heads = [_head(s["board_short"], "", s["board"]), _head(no, "wide", s["number"]), _head(s["white"], "name"),
             _head(rtg, "wide", s["rating"]), _head(pts, "wide", s["points_before"]), _head(s["result"], "res"),
             _head(pts, "wide", s["points_before"]), _head(s["black"], "name"), _head(rtg, "wide", s["rating"]),
             _head(no, "wide", s["number"])]

    def player(sno: int) -> list[Cell]:
        """Number, name, rating and points before the round: on a phone the name's cell says them all."""
        p = seat(sno)
        rating = str(p.rating) if p.rating else ""
        name = {"text": f"{p.title} {p.name}" if p.title else p.name, "cls": "name",
                **({"href": p.href} if p.href else {})}
        return [{"text": str(sno), "cls": "wide"},
                with_narrow(name, f"{no}\u00a0{sno}", rating, f"{pts}\u00a0{p.points}" if p.points else ""),
                {"text": rating, "cls": "wide"}, {"text": p.points, "cls": "wide"}]

    rows = []
    for g in rd.games:
        result = (pending or s["pending"]) if g.pending else game_result(g.kind, lang)
        (w_no, w_name, w_rating, w_pts), (b_no, b_name, b_rating, b_pts) = player(g.white), player(g.black)
        rows.append({"cls": "pending" if g.pending else "", "cells": [
            {"text": str(g.board)}, w_no, w_name, w_rating, w_pts,
            {"text": result, "cls": "res", **(link(g) if link is not None and not g.pending else {})},
            b_pts, b_name, b_rating, b_no]})
    byes = [{"cells": [*player(sno), {"text": bye_text(kind, lang), "cls": "left"}]} for sno, kind in rd.byes]
    bye_heads = [_head(no, "wide", s["number"]), _head(word("name", lang), "name"), _head(rtg, "wide", s["rating"]),
                 _head(pts, "wide", s["points_before"]), _head(s["result"], "left")]
    legend = [f"{s['board_short']} = {s['board']}", f"{no} = {s['number']}", f"{rtg} = {s['rating']}",
              f"{pts} = {s['points_before']}"]
    return heads, rows, bye_heads, byes, legend


def round_from_json(number: int, games: list[dict[str, Any]]) -> Round:
    """Round ``number`` again from the live API's pairings (:func:`tiebreak.views.pairings.json_pairings`).

    >>> rd = round_from_json(2, [{"board": 1, "white": 3, "black": 1, "result": None, "pending": True},
    ...                    {"start_no": 2, "kind": "H", "board": None}])
    >>> rd.games[0].pending, rd.byes
    (True, [(2, <Kind.HPB: 12>)])
    """
    return Round(number, [Game(int(g["board"]), int(g["white"]), int(g["black"]),
                               API_RESULTS.get(str(g.get("result")), Kind.UNKNOWN), bool(g.get("pending")))
                          for g in games if g.get("board") is not None],
                 [(int(g["start_no"]), API_CELLS.get(str(g.get("kind")), Kind.ABSENT)) for g in games
                  if g.get("board") is None])
