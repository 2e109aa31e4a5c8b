"""A player's card on the website: the games (opponent with rating and a link to their card, colour, result named in
words for forfeits and byes, running score and rank after each round), performance and FIDE rating change
(:mod:`tiebreak.arbiter.rating_report`), and every tie-break's record as ``tiebreak explain`` gives it
(:func:`tiebreak.render.explain.details`)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..engine.model import BLACK, WHITE, Kind, format_number
from ..engine.registry import CATALOGUE
from ..render.columns import HEADINGS
from ..render.explain import WORDS as EXPLAIN
from ..render.i18n import kind_name
from .cells import _head, colour_word, num, player_link, said, site_words
from .event import CELL, Event


def card_page(e: Event, lang: str, start_no: int) -> dict[str, Any]:
    s = site_words(lang)
    t = e.tournament
    p = t.player(start_no)
    c = e.card(start_no)
    rank, points = e.places[-1][start_no] if e.played else (0, Fraction(0))
    facts = [(s["number"], str(start_no)), (s["rank_after"], str(rank)), (s["score_after"], num(points))]
    if p.rating:
        facts.append((s["rating"], str(p.rating)))
    for key, value in (("title", p.title), ("fed", p.federation), ("club", p.club)):
        if value.strip():
            facts.append((HEADINGS.text(key, lang), value.strip()))
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
        rows.append({"cells": [{"text": str(r.round), "head": True}, opp, {"text": result, "cls": "left"},
                               {"text": colour_word(lang, r.colour)}, {"text": num(r.points), "data": "score"},
                               {"text": str(r.rank), "data": "rank"}, {"text": rating}]})
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
    for n, (key, info) in enumerate(e.card(start_no).details.items(), 1):
        spec = e.current.specs[e.current.keys.index(key)]
        d = CATALOGUE[spec.code]
        x: dict[str, Any] = {"key": key, "value": num(info["value"]), "article": info["article"],
                             "name": d.names.get(lang, d.names["en"])}
        if "rounds" not in info:
            x["note"] = s["group_note"].format(score=num(info.get("group_score")))
        elif info["rounds"]:
            heads = [_head(s["round_n"].format(k="").strip()), _head(s["result"], "left"), _head(s["opponent"], "name"),
                     _head(s["contribution"]), _head(s["how_counted"], "name")]
            rows = []
            for c in info["rounds"]:
                cls = "cut" if c["cut"] else ""
                rows.append({"cls": "cut" if c["cut"] else "", "cells": [
                    {"text": str(c["round"]), "head": True}, {"text": kind_name(c["kind"], lang), "cls": "left"},
                    player_link(e, c["opponent"]) if c["opponent"] else {"text": EXPLAIN.text("no_opponent", lang)},
                    {"text": num(c["value"]) + (" " + EXPLAIN.text("cut", lang) if c["cut"] else ""), "cls": cls},
                    {"text": said(c["source"], lang), "cls": "left"}]})
            x["table"] = {"id": f"tb{n}", "caption": key, "heads": heads, "rows": rows}
            kept = sum((c["value"] for c in info["rounds"] if not c["cut"]), Fraction(0))
            if any(c["cut"] for c in info["rounds"]):
                x["note"] = s["cut_legend"]
            if info["value"] is not None and kept != info["value"]:
                x["note"] = EXPLAIN.text("kept", lang, sum=num(kept)).strip()
        out.append(x)
    return out
