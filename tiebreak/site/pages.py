"""The pages of an individual event's website, in one language each, from :class:`~tiebreak.site.event.Event`: the
words come from the renderers' tables (:mod:`tiebreak.render.i18n`, :mod:`tiebreak.render.site_words`, the
explanation words), the markup from the templates ``site_*.html`` of the one set every face uses
(:mod:`tiebreak.render.templating`).

Page names are stable (``index.html``, ``players.html``, ``round-3.html``, ``standings-3.html``, ``standings.html``,
``crosstable.html``, ``player-12.html``, ``odds.html``), so a host or CDN can cache them and ``--watch`` rewrites only
those a change touches.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
from markupsafe import Markup

from ..engine.model import Kind
from ..engine.places import place_sizes, shared_place
from ..render.i18n import LANGUAGES, kind_name, word
from ..render.live_words import LIVE_WORDS
from ..render.results import colour_letter
from ..render.templating import environment, rows_html
from . import teams
from .cells import _head, event_name, home, player_link, site_words
from .event import CELL, FORFEITS, SCORE, Event
from .teams import TeamEvent

Cell = dict[str, Any]


def menu(e: Event, lang: str) -> list[tuple[str, str]]:
    s = site_words(lang)
    items = [("index.html", s["home"]), ("players.html", s["starting_list"]), ("standings.html", s["standings"]),
             ("crosstable.html", s["crosstable"])]
    if e.last_round:
        items.append((f"round-{e.last_round}.html", s["round_n"].format(k=e.last_round)))
    if e.odds is not None:
        items.append(("odds.html", s["odds"]))
    return items


def page_names(e: Event | TeamEvent) -> list[str]:
    """Every page of the event (in each language's folder)."""
    if isinstance(e, TeamEvent):
        return teams.page_names(e)
    names = ["index.html", "players.html", "standings.html", "crosstable.html"]
    names += [f"round-{k}.html" for k in range(1, e.last_round + 1)]
    names += [f"standings-{k}.html" for k in range(1, e.played + 1)]
    names += [f"player-{p.start_no}.html" for p in e.tournament.players]
    if e.odds is not None:
        names.append("odds.html")
    return names


def render(e: Event | TeamEvent, name: str, lang: str, footer: str = "", holes: list[int] | None = None) -> str:
    """The page ``name`` (one of :func:`page_names`) in ``lang`` (``holes``: a card's ranks as placeholders,
    :func:`tiebreak.site.card.card_page`)."""
    stem = name.removesuffix(".html")
    kind, _, arg = stem.partition("-")
    ctx: dict[str, Any]
    template = "site_tables.html"
    ind = e.ind if isinstance(e, TeamEvent) else e
    if stem == "players":
        ctx = starting_list(ind, lang)
    elif kind == "player":
        from .card import card_page

        ctx, template = card_page(ind, lang, int(arg), holes), "site_card.html"
        if isinstance(e, TeamEvent):  # the player's team, with a link to its card
            ctx["facts"][1:1] = teams.team_fact(e, int(arg), lang)
    elif stem == "odds":  # the players' odds, or the teams' in a team event
        ctx = {"title": site_words(lang)["odds"], "intro": site_words(lang)["odds_note"], "tables": [],
               "html_sections": e.odds.get(lang, "") if e.odds else ""}
    elif isinstance(e, TeamEvent):
        ctx, template = teams.context(e, name, lang)
    elif stem == "index":
        ctx, template = home(e, lang), "site_home.html"
    elif stem == "standings":
        ctx = standings(e, lang, e.played, groups=True)
    elif kind == "standings":
        ctx = standings(e, lang, int(arg))
    elif stem == "crosstable":
        ctx = crosstable(e, lang)
    elif kind == "round":
        ctx = round_page(e, lang, int(arg))
    else:
        raise KeyError(name)
    ctx.update(lang=lang, languages=LANGUAGES, page=name, root="../", s=site_words(lang),
               menu=teams.menu(e, site_words(lang)) if isinstance(e, TeamEvent) else menu(e, lang),
               event_name=event_name(ind), footer=footer)
    return environment().get_template(template).render(**ctx)


def starting_list(e: Event, lang: str) -> dict[str, Any]:
    s, t = site_words(lang), e.tournament
    from ..render.columns import player_columns

    pc = player_columns(e.current, e.options.columns)
    heads = [_head(word("number", lang)), _head(word("name", lang), "name"), *(_head(h) for h in pc.headings(lang))]
    rows = [{"cells": [{"text": str(p.start_no)}, player_link(e, p.start_no, True),
                       *({"text": c} for c in pc.cells[p.start_no])]} for p in t.players]
    return {"title": s["starting_list"], "intro": s["players_n"].format(n=len(t.players)),
            "tables": [{"id": "players", "caption": s["starting_list"], "heads": heads, "rows": rows,
                        "sticky": False}]}


def standings_rows(e: Event, k: int) -> tuple[list[str], str, list[str]]:
    """The value keys and the rows of the standings after round ``k`` (language-free: cached per version)."""
    cache = e.cache.setdefault("standings", {})
    if k in cache:
        return cache[k]  # type: ignore[no-any-return]
    st = e.after[k - 1] if e.played else e.current
    from ..render.columns import player_columns

    pc = player_columns(st, e.options.columns)
    shown = [x for x in st.keys if x != "PTS"]
    texts = [col.texts(None, "-") for key, col in zip(st.keys, st.columns) if key != "PTS"]
    points = st.score.texts()
    sizes = place_sizes(st)
    players = st.tournament.players
    rows = []
    for r in st.rows:
        p = players[r.index]
        rank = shared_place(r.rank, sizes[r.rank]) + ("*" if r.lot is not None else "")
        rows.append({"cells": [{"text": rank, "cls": "rank"}, player_link(e, p.start_no, True),
                               {"text": str(points[r.index]), "cls": "pts", "data": "PTS"}, {"text": str(p.start_no)},
                               *({"text": c} for c in pc.cells[p.start_no]),
                               *({"text": c[r.index], "data": key} for key, c in zip(shown, texts))]})
    cache[k] = (shown, rows_html(rows), pc.names)  # the same rows in every language
    return cache[k]  # type: ignore[no-any-return]


def standings(e: Event, lang: str, k: int, groups: bool = False) -> dict[str, Any]:
    s = site_words(lang)
    shown, rows, names = standings_rows(e, k)
    from ..render.columns import HEADINGS

    heads = [_head(word("rank", lang), "rank"), _head(word("name", lang), "name"), _head(word("points", lang), "pts"),
             _head(word("number", lang)), *(_head(HEADINGS.text(n, lang)) for n in names),
             *(_head(x) for x in shown)]
    title = s["standings_after"].format(k=k) if not groups else s["standings"]
    intro = word("after_round", lang, k=k, n=e.tournament.rounds)
    st = e.after[k - 1] if e.played else e.current
    legend = [word("lot", lang, seed=st.seed)] if any(r.lot is not None for r in st.rows) else []
    pager = []
    if not groups:
        pager = [(f"round-{k}.html", s["pairings_n"].format(k=k))]
        if k > 1:
            pager.append((f"standings-{k - 1}.html", s["standings_after"].format(k=k - 1)))
        if k < e.played:
            pager.append((f"standings-{k + 1}.html", s["standings_after"].format(k=k + 1)))
    return {"title": title, "intro": intro, "pager": pager, "legend": legend + [word("undefined", lang)],
            "tables": [{"id": "standings", "caption": title, "heads": heads, "rows": rows, "sticky": True}],
            "html_sections": e.groups_html(lang) if groups else ""}


def crosstable(e: Event, lang: str) -> dict[str, Any]:
    """Swiss: every player's rounds (opponent's rank, colour, result); round robin: the square table."""
    s = site_words(lang)
    st, t = e.current, e.tournament
    sizes = place_sizes(st)
    rank_of = {r.start_no: r.rank for r in st.rows}
    points = st.score.texts()
    square = st.system == "round robin"
    heads = [_head(word("rank", lang), "rank"), _head(word("name", lang), "name"), _head(word("points", lang), "pts")]
    rows: Any = []
    if square:
        heads += [_head(str(n)) for n in range(1, len(st.rows) + 1)]
        order = {r.start_no: n for n, r in enumerate(st.rows)}
    else:
        heads += [_head(str(k)) for k in range(1, e.played + 1)]
    pending = {(k, w): (b, "w") for k, w, b in t.pending} | {(k, b): (w, "b") for k, w, b in t.pending}
    if "crosstable" not in e.cache:  # made once, in English: the languages differ only in the colours' letters
        for r in st.rows:
            i = r.index
            p = t.players[i]
            cells: list[Cell] = [{"text": shared_place(r.rank, sizes[r.rank]), "cls": "rank"},
                                 player_link(e, p.start_no, True), {"text": str(points[i]), "cls": "pts"}]
            if square:
                grid: list[str] = [""] * len(st.rows)
                for k in range(e.played):
                    o = int(t.opponent[i, k])
                    if o >= 0:
                        j = order[t.players[o].start_no]
                        grid[j] += CELL[Kind(int(t.kind[i, k]))]
                    elif (k + 1, p.start_no) in pending:  # paired, not yet played
                        grid[order[pending[k + 1, p.start_no][0]]] += CELL[Kind.UNKNOWN]
                grid[order[p.start_no]] = "×"
                cells += [{"text": g} for g in grid]
            else:
                for k in range(e.played):
                    o, kind = int(t.opponent[i, k]), Kind(int(t.kind[i, k]))
                    colour = {1: "w", -1: "b"}.get(int(t.colour[i, k]), "")
                    if o >= 0:
                        osno = t.players[o].start_no
                        cells.append({"text": f"{rank_of[osno]}{colour}{CELL[kind]}", "href": f"player-{osno}.html"})
                    elif (k + 1, p.start_no) in pending:  # paired, not yet played
                        osno, side = pending[k + 1, p.start_no]
                        cells.append({"text": f"{rank_of[osno]}{side}{CELL[Kind.UNKNOWN]}",
                                      "href": f"player-{osno}.html"})
                    else:
                        cells.append({"text": CELL[kind] if kind != Kind.ABSENT else "–"})
            rows.append({"cells": cells})
        e.cache["crosstable"] = rows_html(rows)
    rows = e.cache["crosstable"] if square or lang == "en" else _colours_in(e, lang)
    present = {int(x) for x in np.unique(t.kind[:, :e.played])}  # the legend names what the table shows
    shown_kinds = (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT) + (
        () if square else (Kind.PAB, Kind.FPB, Kind.HPB, Kind.ZPB))
    # what a Swiss cell says (the opponent's place, not the start number): the live screen's words
    legend = ([] if square else [LIVE_WORDS.text("cells_key", lang)]) + [s["forfeit_note"]] + [
        f"{CELL[k] or '–'} = {kind_name(k.name, lang)}" for k in shown_kinds if int(k) in present]
    if any(k <= e.played for k, _ in pending):
        legend.append(f"{CELL[Kind.UNKNOWN]} = {s['pending']}")
    return {"title": s["crosstable"], "legend": legend,
            "tables": [{"id": "crosstable", "caption": s["crosstable"], "heads": heads, "rows": rows, "sticky": True}]}


#: a Swiss crosstable's result cell as the rows are made (in English): the opponent's place, then the colour
_RESULT_CELL = re.compile(r'(<td><a href="player-\d+\.html">\d+)([wb])')


def _colours_in(e: Event, lang: str) -> Markup:
    """The crosstable's rows with the colours as ``lang`` abbreviates them (``12w1`` -> ``12б1``, the glossary's
    letters, as the live screen and the download write them): the rows of 2,000 players are made once, and only
    their colour letters differ between the languages."""
    key = f"crosstable:{lang}"
    if key not in e.cache:
        letter = {"w": colour_letter("w", lang), "b": colour_letter("b", lang)}
        e.cache[key] = Markup(_RESULT_CELL.sub(lambda m: m[1] + letter[m[2]], str(e.cache["crosstable"])))
    return e.cache[key]  # type: ignore[no-any-return]


def round_page(e: Event, lang: str, k: int) -> dict[str, Any]:
    """Round ``k``: the boards in order with colours and results (forfeits and byes in words)."""
    s = site_words(lang)
    rd = e.rounds[k - 1]
    heads = [_head(s["board"]), _head(s["white"], "name"), _head(s["result"], "res"), _head(s["black"], "name")]
    rows = []
    for g in rd.games:
        if g.pending:
            result = s["pending"]
        elif g.kind in FORFEITS:
            result = f"{SCORE[g.kind]} ({kind_name(g.kind.name, lang)})"
        else:
            result = SCORE[g.kind]
        rows.append({"cells": [{"text": str(g.board)}, player_link(e, g.white), {"text": result},
                               player_link(e, g.black)]})
    byes = [{"cells": [player_link(e, sno), {"text": kind_name(kind.name, lang) if kind != Kind.ABSENT
                                             else s["not_paired"], "cls": "left"}]}
            for sno, kind in rd.byes]
    tables = [{"id": "pairings", "caption": s["pairings_n"].format(k=k), "heads": heads, "rows": rows,
               "sticky": False}]
    if byes:
        tables.append({"id": "byes", "caption": s["bye"], "heads": [_head(word("name", lang), "name"),
                                                                     _head(s["result"], "left")],
                       "rows": byes, "sticky": False})
    pager = []
    if k <= e.played:
        pager.append((f"standings-{k}.html", s["standings_after"].format(k=k)))
    if k > 1:
        pager.append((f"round-{k - 1}.html", s["round_n"].format(k=k - 1)))
    if k < e.last_round:
        pager.append((f"round-{k + 1}.html", s["round_n"].format(k=k + 1)))
    return {"title": s["pairings_n"].format(k=k), "pager": pager, "tables": tables}
