"""A player's card on the website: the games (opponent with rating and a link to their card, colour, result named in
words for forfeits and byes, running score and rank after each round), performance and FIDE rating change
(:mod:`tiebreak.arbiter.rating_report`), and every tie-break's record as ``tiebreak explain`` gives it
(:func:`tiebreak.render.explain.details`)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..engine.model import BLACK, WHITE, Kind, format_number
from ..engine.registry import CATALOGUE
from ..render.explain import WORDS as EXPLAIN
from ..render.i18n import kind_name as _kind_name
from ..render.i18n import tiebreak_name
from .cells import _head, colour_word, num, player_link, said, site_words
from .event import CELL, Event
from .games import game_link

#: a placeholder of the ``n``-th rank of a card (characters of Unicode's private use area, which no escaping changes)
HOLE = "\ue000{}\ue001"


@lru_cache(maxsize=None)
def kind_name(kind: str, lang: str) -> str:
    return _kind_name(kind, lang)


def rank_values(e: Event, start_no: int) -> list[int]:
    """The ranks a card shows, in the order :func:`card_page` puts them into its placeholders: the current rank,
    then the rank after each round played (none before a round is played)."""
    if not e.played:
        return []
    return [e.places[-1][start_no][0], *(e.places[k][start_no][0] for k in range(e.played))]


def card_page(e: Event, lang: str, start_no: int, holes: list[int] | None = None) -> dict[str, Any]:
    """The card's page (``holes``: a list, to which the ranks are added while the page gets placeholders instead,
    :data:`HOLE`, so that where the template put them is known; the ranks of :func:`rank_values`)."""
    s = site_words(lang)
    t = e.tournament
    p = t.player(start_no)
    c = e.card(start_no)
    rank, points = e.places[-1][start_no] if e.played else (0, Fraction(0))

    def shown(value: int) -> str:
        if holes is None or not e.played:
            return str(value)
        holes.append(value)
        return HOLE.format(len(holes) - 1)

    facts = [(s["number"], str(start_no))]
    if e.played:  # no rank before the first round (it said 0)
        facts.append((s["rank_after"], shown(rank)))
    facts.append((s["score_after"], num(points)))
    if p.rating:
        facts.append((s["rating"], str(p.rating)))
    for key, value in (("player_title", p.title), ("federation", p.federation), ("club", p.club)):
        if value.strip():
            facts.append((s[key], value.strip()))
    if c.performance is not None:
        facts.append((s["performance"], str(c.performance)))
    if c.change is not None:
        facts.append((s["rating_change"], format_number(c.change, 1)))
    # the result right after the opponent: on a phone it is in view without scrolling (the rating last)
    heads = [_head(s["round_n"].format(k="").strip() or "#"), _head(s["opponent"], "name"), _head(s["result"], "left"),
             _head(s["colour"]), _head(s["score_after"]), _head(s["rank_after"]), _head(s["rating"])]
    rows = []
    #: the games paired and not yet played (the next opponent, "who does my son play next")
    pending = {k: (b if w == start_no else w, WHITE if w == start_no else BLACK)
               for k, w, b in t.pending if start_no in (w, b)}
    for r in c.rows:
        if r.opponent is None and r.round in pending:
            rows.append(_pending_row(e, lang, r.round, *pending[r.round], num(r.points), str(r.rank)))
            continue
        if r.opponent is not None:
            o = t.player(r.opponent)
            opp = player_link(e, r.opponent)
            rating = str(o.rating) if o.rating else ""
        else:
            opp, rating = {"text": kind_name(r.kind.name, lang) if r.kind != Kind.ABSENT else s["not_paired"],
                           "cls": "left"}, ""
        result = CELL[r.kind]
        if r.kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT) or r.opponent is None:
            result = f"{result} ({kind_name(r.kind.name, lang)})" if result else kind_name(r.kind.name, lang)
        link = game_link(e, r.round, start_no, r.opponent, s)
        rows.append({"cells": [{"text": str(r.round), "head": True}, opp, {"text": result, "cls": "left", **link},
                               {"text": colour_word(lang, r.colour)}, {"text": num(r.points), "data": "score"},
                               {"text": shown(r.rank), "data": "rank"}, {"text": rating}]})
    rows += [_pending_row(e, lang, k, *pending[k], "", "") for k in sorted(pending) if k > len(c.rows)]
    tables = [{"id": "games", "caption": s["games"], "heads": heads, "rows": rows, "sticky": False}]
    return {"title": p.name or f"#{start_no}", "facts": facts, "tables": tables,
            "explanations": explanations(e, lang, start_no)}


def _pending_row(e: Event, lang: str, k: int, opponent: int, colour: int, score: str, rank: str) -> dict[str, Any]:
    """A game of round ``k`` paired and not yet played: the opponent, the colour, "not yet played"."""
    o = e.tournament.player(opponent)
    return {"cls": "pending", "cells": [
        {"text": str(k), "head": True}, player_link(e, opponent), {"text": site_words(lang)["pending"], "cls": "left"},
        {"text": colour_word(lang, colour)}, {"text": score, "data": "score"},
        {"text": rank, "data": "rank"}, {"text": str(o.rating) if o.rating else ""}]}


def explanations(e: Event, lang: str, start_no: int) -> list[dict[str, Any]]:
    """Each value of the current standings with the rounds that made it (the records of ``tiebreak explain``)."""
    s = site_words(lang)
    out = []
    for n, (key, code, value, article, group, rounds, kept, cut) in enumerate(records(e, start_no), 1):
        d = CATALOGUE[code]
        x: dict[str, Any] = {"key": key, "value": value, "article": article, "name": tiebreak_name(d, lang)}
        if rounds is None:
            x["note"] = s["group_note"].format(score=group)
        elif rounds:
            heads = [_head(s["round_n"].format(k="").strip()), _head(s["result"], "left"), _head(s["opponent"], "name"),
                     _head(s["contribution"]), _head(s["how_counted"], "name")]
            rows = []
            for k, kind, opponent, points, cut_here, source in rounds:
                cls = "cut" if cut_here else ""
                rows.append({"cls": cls, "cells": [
                    {"text": k, "head": True}, {"text": kind_name(kind, lang), "cls": "left"},
                    opponent or {"text": EXPLAIN.text("no_opponent", lang)},
                    {"text": points + (" " + EXPLAIN.text("cut", lang) if cut_here else ""), "cls": cls},
                    {"text": said(source, lang), "cls": "left"}]})
            x["table"] = {"id": f"tb{n}", "caption": key, "heads": heads, "rows": rows}
            if cut:
                x["note"] = s["cut_legend"]
            if kept is not None:
                x["note"] = EXPLAIN.text("kept", lang, sum=kept).strip()
        out.append(x)
    return out


def records(e: Event, start_no: int) -> list[tuple[Any, ...]]:
    """What :func:`explanations` shows of each value, without words (made once for the three languages): key, code,
    value, article, score among the tied players, the rounds (number, kind, opponent's link, contribution, whether
    cut, how counted; None for a Type A value), the sum kept when the value is derived from it, whether a round
    was cut."""
    made = e.records
    if start_no in made:
        return made[start_no]
    keys = e.current.keys
    out: list[tuple[Any, ...]] = []
    for key, info in e.card(start_no).details.items():
        code = e.current.specs[keys.index(key)].code
        if "rounds" not in info:
            out.append((key, code, num(info["value"]), info["article"], num(info.get("group_score")), None, None,
                        False))
            continue
        rounds = [(str(c["round"]), c["kind"], player_link(e, c["opponent"]) if c["opponent"] else None,
                   num(c["value"]), bool(c["cut"]), c["source"]) for c in info["rounds"]]
        kept = sum((c["value"] for c in info["rounds"] if not c["cut"]), Fraction(0))
        derived = num(kept) if info["value"] is not None and kept != info["value"] else None
        out.append((key, code, num(info["value"]), info["article"], None, rounds, derived,
                    any(c["cut"] for c in info["rounds"])))
    made[start_no] = out
    return out
