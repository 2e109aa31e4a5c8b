"""The cells of the site's tables and the words of one language (shared by the pages of individual and team
events)."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..engine.model import WHITE, format_number
from ..engine.registry import CATALOGUE
from ..render.i18n import message, tiebreak_name, word
from ..render.site_words import SITE_WORDS
from .event import Event

#: the engine's note of a lot (tiebreak.engine.standings), told to spectators in their words instead
LOT_NOTE = re.compile(r"still tied after the list: drawn by lot with seed")

Cell = dict[str, Any]


@lru_cache(maxsize=None)
def site_words(lang: str) -> dict[str, str]:
    return {k: SITE_WORDS.text(k, lang) for k in SITE_WORDS}


def num(x: Any) -> str:
    return "-" if x is None else format_number(x)


def name_of(e: Event, sno: int | None) -> str:
    if sno is None:
        return ""
    return e.tournament.player(sno).name or f"#{sno}"


def _head(text: str, cls: str = "", abbr: str = "") -> Cell:
    return {"text": text, "cls": cls, "abbr": abbr}


def player_link(e: Event, sno: int | None, head: bool = False) -> Cell:
    if sno is None:
        return {"text": ""}
    return {"text": name_of(e, sno), "href": f"player-{sno}.html", "cls": "name", "head": head}


def colour_word(lang: str, colour: int) -> str:
    s = site_words(lang)
    return s["white"] if colour == WHITE else s["black"] if colour else ""


def event_name(e: Event) -> str:
    return e.tournament.name or Path(e.path).stem


def home(e: Event, lang: str) -> dict[str, Any]:
    t, s, cur = e.tournament, site_words(lang), e.current
    dates = " – ".join(d.isoformat() for d in (t.start_date, t.end_date) if d)
    facts = [(s["event_name"], event_name(e))]
    if dates:
        facts.append((s["dates"], dates))
    facts += [(s["system"], word(cur.system, lang)), (s["rules"], cur.rules.name),
              (s["players"], str(len(t.players))), (s["rounds"], s["rounds_played"].format(k=e.played, n=t.rounds))]
    legend = []
    for spec in cur.specs:
        d = CATALOGUE.get(spec.code)
        if d is None:
            continue
        name = tiebreak_name(d, lang)
        if spec.cut:
            name += ", " + word("cut", lang, n=spec.cut)
        if spec.median:
            name += ", " + word("median", lang, n=spec.median)
        legend.append((spec.text, name, d.article))
    # the lot in a spectator's words, once, and only when it placed someone (the engine's note is the arbiter's)
    lot = [s["seed"].format(seed=e.seed)] if any(r.lot for r in cur.rows) else []
    notes = [*lot, *(message(n, lang) for n in [*cur.notes, *e.player_columns.notes] if not LOT_NOTE.search(n))]
    return {"title": event_name(e), "facts": facts, "legend": legend, "rounds": range(1, e.last_round + 1),
            "played": e.played, "notes": notes}


@lru_cache(maxsize=4096)
def said(text: str, lang: str) -> str:
    """An English message in ``lang`` (:func:`tiebreak.render.i18n.message`, remembered: a card repeats them)."""
    return message(text, lang)


#: beside a place the play-off decided, on the standings pages (explained by their legend; :mod:`.playoff`)
MARK = "‡"


def mark(place: str, start_no: int, decided: dict[int, int]) -> str:
    """A standings row's place, marked where the play-off decided it.

    >>> mark("1", 9, {9: 1, 7: 2}), mark("3", 3, {9: 1, 7: 2})
    ('1‡', '3')
    """
    return place + MARK if start_no in decided else place
