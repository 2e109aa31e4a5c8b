"""The cells of the site's tables and the words of one language (shared by the pages of individual and team
events)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from ..engine.model import WHITE, format_number
from ..render.columns import primary_name, standings_headings
from ..render.i18n import legend_name, message, word
from ..render.pairings import with_narrow as with_narrow
from ..render.words import SITE_WORDS
from ..views.standings import Column, StandingsRow, StandingsTable, legend_entries
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


def titled_link(e: Event, sno: int | None) -> Cell:
    """A player's name linked to the card, the title (FIDE's abbreviation, as chess-results shows it) before it."""
    cell = player_link(e, sno)
    if sno is not None and e.tournament.player(sno).title:
        cell["text"] = f"{e.tournament.player(sno).title} {cell['text']}"
    return cell


def rating_text(e: Event, sno: int | None) -> str:
    """A player's rating as the file gives it ('' unrated)."""
    rating = e.tournament.player(sno).rating if sno is not None else None
    return str(rating) if rating else ""


def round_nav(last: int, k: int | None, stem: str = "round") -> list[tuple[str, str, bool]]:
    """The round selector: rounds 1 to ``last`` (link, number, whether it is round ``k``), to the round pages or
    (``stem`` "standings") to the standings after each round."""
    return [(f"{stem}-{n}.html", str(n), n == k) for n in range(1, last + 1)]


def round_context(lang: str, k: int, played: int, last: int, tables: list[dict[str, Any]],
                  legend: list[str]) -> dict[str, Any]:
    """Round ``k``'s page of either kind of event around its ``tables`` (a player event's boards, a team event's
    matches) and their ``legend``: the title, the link to the standings after the round once it is played
    (``played``), the round selector up to the ``last`` round paired."""
    s = site_words(lang)
    pager = [(f"standings-{k}.html", s["standings_after"].format(k=k))] if k <= played else []
    return {"title": s["pairings_n"].format(k=k), "pager": pager, "tables": tables, "legend": legend,
            "round_nav": round_nav(last, k)}


def colour_word(lang: str, colour: int) -> str:
    s = site_words(lang)
    return s["white"] if colour == WHITE else s["black"] if colour else ""


def event_name(e: Event) -> str:
    return e.tournament.name or Path(e.path).stem


#: the TRF header records a spectator reads on the home page (the readers of other formats keep theirs under the same
#: codes): record -> site word
DETAILS = (("022", "city"), ("032", "federation"), ("102", "chief_arbiter"), ("112", "deputy_arbiters"),
           ("122", "time_control"))


def event_details(t: Any) -> dict[str, str]:
    """The event's header records as the file gives them (TRF 022 city, 032 federation, 102 chief arbiter, 112
    deputies, 122 time control): code -> text, the first of each, empty ones left out.

    >>> from tiebreak import trf
    >>> event_details(trf.load("examples/hobsons-bay-cup-2025.trf"))["022"]
    'Hobsons Bay'
    """
    out = {code: str(t.extra[code]).strip() for code, _ in DETAILS if str(t.extra.get(code) or "").strip()}
    for line in t.extra.get("lines", ()):
        code = line[:3]
        if any(code == c for c, _ in DETAILS) and code not in out and line[4:].strip():
            out[code] = line[4:].strip()
    return out


def home(e: Event, lang: str) -> dict[str, Any]:
    """The home page: the event's details from the file, its tie-breaks with their articles, the rounds; no note
    meant for the arbiter (how the event type was told, the lots' seed): the lot in a spectator's words."""
    t, s, cur = e.tournament, site_words(lang), e.current
    dates = " – ".join(d.isoformat() for d in (t.start_date, t.end_date) if d)
    facts = [(s["event_name"], event_name(e))]
    details = event_details(t)
    facts += [(s[key], details[code]) for code, key in DETAILS[:2] if code in details]
    if dates:
        facts.append((s["dates"], dates))
    facts += [(s[key], details[code]) for code, key in DETAILS[2:] if code in details]
    facts += [(s["system"], word(cur.system, lang))]
    if t.type_text.strip():
        facts.append((s["pairing_system"], t.type_text.strip()))
    if t.extra.get("publisher"):
        facts.append((s["written_by"], str(t.extra["publisher"])))
    facts += [(s["rules"], cur.rules.name), (s["players"], str(len(t.players))),
              (s["rounds"], s["rounds_played"].format(k=e.played, n=t.rounds))]
    legend = tiebreak_legend(cur.specs, lang, rules=cur.rules)
    lot = [s["lot_words"]] if any(r.lot for r in cur.rows) else []
    notes = [*lot, *(message(n, lang) for n in e.player_columns.notes)]  # the columns' notes: no lot among them
    return {"title": event_name(e), "facts": facts, "legend": legend, "rounds": range(1, e.last_round + 1),
            "played": e.played, "notes": notes}


def tiebreak_legend(specs: list[Any], lang: str, team: bool = False, primary: str | None = None,
                    rules: Any = None) -> list[tuple[str, str, str]]:
    """Each tie-break of the list: (its abbreviation as the standings head it, its name with the modifiers in words,
    its article); ``team``: a team event's list (the team catalogue's names and articles, C.07 Arts 11-13), whose
    primary score (``PTS`` or its own code) is named as the standings' column heads it with ``primary`` (``MP``:
    ``МО``, match points, C.07 11.1.1); a code no catalogue has by itself; ``rules``: the rule set whose article
    each tie-break cites, worded in ``lang`` (the Arbiters' Manual under ``fide-2009``, as the standings' legend and
    ``explain`` cite it).

    >>> from tiebreak.engine.registry import parse
    >>> from tiebreak.engine.team_tiebreaks import parse_team
    >>> tiebreak_legend([parse("BH/C1")], "en")
    [('BH/C1', 'Buchholz, Cut-1', 'C.07 8.1')]
    >>> tiebreak_legend([parse_team("PTS"), parse_team("BH:MP/C1")], "ru", True, "MP")[0]
    ('МО', 'Матчевые очки', 'C.07 11.1.1')
    """
    return [(primary_name(e.code, lang) if e.glossary else e.spec.text, legend_name(e, lang) or e.code,
             message(e.article, lang)) for e in legend_entries(specs, team, primary or "", rules)]


#: the class of a standings table's column on the site: rank, name and points stick on a phone, where the identity
#: columns (``id``: number, title, federation, rating...; each player's card has them) are left out (``site.css``)
_CLASSES = {"rank": "rank", "name": "name", "points": "pts", "number": "id", "player": "id"}


def standings_heads(view: StandingsTable, lang: str, team: tuple[str, str] | None = None,
                    points_title: str = "") -> list[Cell]:
    """The headings of a standings page's table (:func:`tiebreak.render.columns.standings_headings`, the columns in
    the one order of every face); ``points_title``: the points column's full name (a team event's primary score)."""
    return [_head(h, _CLASSES.get(c.kind, ""), points_title if c.kind == "points" else "")
            for c, h in zip(view.columns, standings_headings(view.columns, lang, team))]


def standings_cells(view: StandingsTable, r: StandingsRow, name: Cell, points_key: str = "PTS") -> list[Cell]:
    """The cells of a standings row on the site: the place (marked where a lot or the play-off decided it, linked to
    the play-off), ``name`` (the player's or the team's cell), the points (``data``: ``points_key``), the values
    (``data``: each key), in the one order of the columns."""
    def cell(c: Column, text: str) -> Cell:
        if c.kind == "rank":
            return {"text": r.written, "cls": "rank", **({"href": "playoff.html"} if r.playoff else {})}
        if c.kind == "name":
            return {**name, "head": True}
        if c.kind == "points":
            return {"text": text, "cls": "pts", "data": points_key}
        return {"text": text, "data": c.key} if c.kind == "value" else {"text": text, "cls": _CLASSES[c.kind]}

    return [cell(c, text) for c, text in zip(view.columns, view.cells(r))]


@lru_cache(maxsize=4096)
def said(text: str, lang: str) -> str:
    """An English message in ``lang`` (:func:`tiebreak.render.i18n.message`, remembered: a card repeats them)."""
    return message(text, lang)
