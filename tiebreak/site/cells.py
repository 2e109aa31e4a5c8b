"""The cells of the site's tables and the words of one language (shared by the pages of individual and team
events)."""

from __future__ import annotations

from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Any

from markupsafe import Markup

from ..engine.model import WHITE, format_number
from ..engine.registry import CATALOGUE
from ..render.i18n import message, word
from ..render.site_words import SITE_WORDS
from .event import Event

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
        name = d.names.get(lang, d.names["en"])
        if spec.cut:
            name += ", " + word("cut", lang, n=spec.cut)
        if spec.median:
            name += ", " + word("median", lang, n=spec.median)
        legend.append((spec.text, name, d.article))
    notes = [s["seed"].format(seed=e.seed), *(message(n, lang) for n in cur.notes)]
    return {"title": event_name(e), "facts": facts, "legend": legend, "rounds": range(1, e.last_round + 1),
            "played": e.played, "notes": notes}


@lru_cache(maxsize=65536)
def _escaped(text: str) -> str:
    return escape(text)


def _cell_html(c: Cell) -> str:
    head, cls, data, href = c.get("head"), c.get("cls"), c.get("data"), c.get("href")
    tag = "th" if head else "td"
    attrs = (' scope="row"' if head else "") + (f' class="{cls}"' if cls else "") + (
        f' data-v="{_escaped(data)}"' if data else "")
    text = _escaped(c.get("text", ""))
    inner = f'<a href="{_escaped(href)}">{text}</a>' if href else text
    return f"<{tag}{attrs}>{inner}</{tag}>"


def rows_html(rows: list[dict[str, Any]]) -> Markup:
    """The rows of a table body as HTML (every text escaped): made in Python, not in the template, because a
    standings table of 2,000 players is made for three languages at once (the rows have no words)."""
    return Markup("\n".join(("<tr class=\"" + r["cls"] + "\">" if r.get("cls") else "<tr>")
                             + "".join(_cell_html(c) for c in r["cells"]) + "</tr>" for r in rows))


@lru_cache(maxsize=4096)
def said(text: str, lang: str) -> str:
    """An English message in ``lang`` (:func:`tiebreak.render.i18n.message`, remembered: a card repeats them)."""
    return message(text, lang)
