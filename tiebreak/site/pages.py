"""The pages of an individual event's website, in one language each, from :class:`~tiebreak.site.event.Event`: the
words come from the tables of :mod:`tiebreak.render.words` (the site's, the standings' and the explanation's),
the markup from the templates ``site_*.html`` of the one set every face uses
(:mod:`tiebreak.render.templating`).

Page names are stable (``index.html``, ``players.html``, ``round-3.html``, ``standings-3.html``, ``standings.html``,
``crosstable.html``, ``statistics.html``, ``player-12.html``, ``odds.html``), so a host or CDN can cache them and
``--watch`` rewrites only those a change touches.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from markupsafe import Markup

from ..app.load import named
from ..app.standings import shown_columns
from ..arbiter.columns import rating_notes
from ..render.columns import headings
from ..render.i18n import LANGUAGES, after_round, count_sentence, message, problem, word
from ..render.legend import site_lines, standings_legend
from ..render.pairings import Seat, round_tables
from ..render.templating import environment, rows_html
from ..render.words import LIVE_WORDS
from ..views.standings import Column, StandingsTable, of_ranking
from . import teams
from .card import card_page
from .cells import (
    _head,
    event_name,
    home,
    name_of,
    num,
    player_link,
    round_context,
    round_nav,
    site_words,
    standings_cells,
    standings_heads,
)
from .crosstable import crosstable
from .downloads import links
from .event import Event
from .games import game_link, game_names, game_page
from .playoff import page as playoff_page
from .statistics import statistics_page
from .team_event import TeamEvent

Cell = dict[str, Any]


def menu(e: Event | TeamEvent, lang: str) -> list[tuple[str, str]]:
    """The menu of every page: the pages of both kinds of event, a team event's board rankings besides."""
    s, last = site_words(lang), e.last_round
    items = [("index.html", s["home"]), ("players.html", s["starting_list"]), ("standings.html", s["standings"]),
             ("crosstable.html", s["crosstable"]), *([("boards.html", s["boards"])] if e.ranks_teams else []),
             ("statistics.html", s["statistics"])]
    if last:
        items.append((f"round-{last}.html", s["round_n"].format(k=last)))
    if e.odds is not None:
        items.append(("odds.html", s["odds"]))
    if e.playoff is not None:
        items.append(("playoff.html", s["playoff"]))
    return items


def page_names(e: Event | TeamEvent) -> list[str]:
    """Every page of the event (in each language's folder): a team event's board rankings and team cards besides."""
    team = e if isinstance(e, TeamEvent) else None
    names = ["index.html", "players.html", "standings.html", "crosstable.html", *(["boards.html"] if team else []),
             "statistics.html"]
    names += [f"round-{k}.html" for k in range(1, e.last_round + 1)]
    names += [f"standings-{k}.html" for k in range(1, e.played + 1)]
    names += [f"team-{tm.number}.html" for tm in team.current.tt.teams] if team else []
    names += [f"player-{p.start_no}.html" for p in e.tournament.players]
    if e.odds is not None:
        names.append("odds.html")
    if e.playoff is not None:
        names.append("playoff.html")
    return names + game_names(e.ind)


def render(e: Event | TeamEvent, name: str, lang: str, footer: str = "", holes: list[int] | None = None,
           logo: str = "") -> str:
    """The page ``name`` (one of :func:`page_names`) in ``lang`` (``holes``: a card's ranks as placeholders,
    :func:`tiebreak.site.card.card_page`; ``logo``: the organiser's logo's name in ``assets/``)."""
    stem = name.removesuffix(".html")
    ctx, template = _page(e, name, lang, holes)
    if stem == "standings":  # the current standings of either kind: why they are what they are
        ctx.update(notes_and_warnings(e, lang))
    ctx.update(lang=lang, languages=LANGUAGES, page=name, root="../", s=site_words(lang),
               menu=menu(e, lang),
               event_name=event_name(e.ind), footer=footer, logo=logo)
    return environment().get_template(template).render(**ctx)


#: the pages of tables that every event has (a team event's own pages, its home and rounds, are :mod:`.teams`')
_TABLE_PAGES = ("players", "odds", "playoff", "crosstable", "statistics", "standings")


def _page(e: Event | TeamEvent, name: str, lang: str, holes: list[int] | None) -> tuple[dict[str, Any], str]:
    """The context of page ``name`` and its template."""
    stem = name.removesuffix(".html")
    kind, _, arg = stem.partition("-")
    if kind == "player":
        return player_card(e, lang, int(arg), holes), "site_card.html"
    if kind == "game":
        k, _, b = arg.partition("-")
        return game_page(e.ind, e.ind.games[int(k)][int(b)], lang), "site_game.html"
    if (stem in _TABLE_PAGES or kind == "standings") and (stem != "playoff" or e.playoff is not None):
        return _tables_page(e, stem, arg, lang), "site_tables.html"
    if isinstance(e, TeamEvent):
        return teams.context(e, name, lang)
    if stem == "index":
        return home(e, lang), "site_home.html"
    if kind == "round":
        return round_page(e, lang, int(arg)), "site_tables.html"
    raise KeyError(name)


def _tables_page(e: Event | TeamEvent, stem: str, arg: str, lang: str) -> dict[str, Any]:
    """The context of one of :data:`_TABLE_PAGES` (``arg``: the round of ``standings-N``)."""
    if stem == "players":
        return starting_list(e.ind, lang)
    if stem == "odds":  # the players' odds, or the teams' in a team event
        return {"title": site_words(lang)["odds"], "intro": site_words(lang)["odds_note"], "tables": [],
                "html_sections": e.odds.get(lang, "") if e.odds else ""}
    if stem == "playoff":
        assert e.playoff is not None, "a play-off page only where a play-off was played"
        return playoff_page(e, e.playoff, lang)
    if stem == "crosstable":
        return crosstable(e, lang)
    if stem == "statistics":  # the players' games, in a team event too
        return statistics_page(e.ind, lang)
    if stem == "standings":
        return standings(e, lang, e.played, groups=True)
    return standings(e, lang, int(arg))


def notes_and_warnings(e: Event | TeamEvent, lang: str) -> dict[str, list[str]]:
    """What the current standings page says under its table, as the web page says it beside its standings and the
    command line under its own: the notes (the rules and the list chosen and why, the games pending, the event type
    as the file gives it) and every warning of reading the file (a result read otherwise than written, a points
    column that disagrees with the results), the file named by its name alone (never a folder of the arbiter's
    machine).  A lot's note says how many it placed and its seed (the legend marks their places)."""
    ind = e.ind
    told = e.current.notes if isinstance(e, TeamEvent) else [*e.current.notes,
                                                              *rating_notes(e.current, e.options.unrated_rating)]
    notes = [message(n, lang) for n in told]
    said = [*ind.warnings, *(w for w in e.current.warnings if w not in ind.warnings)]
    o = replace(ind.options, name=ind.options.name or Path(ind.path).name)
    warnings = [problem(w, lang) for w in named(o, ind.path, said)]
    return {"notes": notes, "warnings": list(dict.fromkeys(warnings))}


def player_card(e: Event | TeamEvent, lang: str, start_no: int, holes: list[int] | None = None) -> dict[str, Any]:
    """A player's card (:func:`tiebreak.site.card.card_page`), in a team event with the player's team linked to its
    card: the site's page ``player-N.html`` and the live screen's (:mod:`tiebreak.web.live_card`)."""
    ctx = card_page(e.ind, lang, start_no, holes)
    if isinstance(e, TeamEvent):
        ctx["facts"][1:1] = teams.team_fact(e, start_no, lang)
    return ctx


def starting_list(e: Event, lang: str) -> dict[str, Any]:
    s, t = site_words(lang), e.tournament
    pc = e.player_columns
    heads = [_head(word("number", lang)), _head(word("name", lang), "name"),
             *(_head(h) for h in headings(pc.names, lang))]
    rows = [{"cells": [{"text": str(p.start_no)}, player_link(e, p.start_no, True),
                       *({"text": c} for c in pc.cells[p.start_no])]} for p in t.players]
    return {"title": s["starting_list"], "intro": count_sentence("site:players_n", len(t.players), lang),
            "tables": [{"id": "players", "caption": s["starting_list"], "heads": heads, "rows": rows,
                        "sticky": False}]}


def standings_rows(e: Event, k: int) -> tuple[StandingsTable, Markup]:
    """The standings table after round ``k`` and its rows (language-free: cached per version)."""
    cache = e.standings_rows
    if k in cache:
        return cache[k]
    st = e.after[k - 1] if e.played else e.current
    view = of_ranking(st, shown_columns(st, e.options))
    rows = [{"cells": standings_cells(view, r, player_link(e, r.start_no))} for r in view.rows]
    cache[k] = (view, rows_html(rows))  # the same rows in every language
    return cache[k]


def standings_table(e: Event, lang: str, k: int) -> tuple[Any, list[Cell], Markup, list[Column]]:
    """The players' part of a standings page (:func:`standings`) after round ``k``: the standings, the headings,
    the rows and the columns."""
    view, rows = standings_rows(e, k)
    st = e.after[k - 1] if e.played else e.current
    return st, standings_heads(view, lang), rows, view.columns


def standings(e: Event | TeamEvent, lang: str, k: int, groups: bool = False) -> dict[str, Any]:
    """The standings after round ``k`` (``groups``: the current standings, ``standings.html``, with the downloads
    and an individual event's groups) of either kind of event: the table and its legend are the players' or the
    teams' (:func:`standings_table`, :func:`tiebreak.site.teams.standings_table`), the rest is one page."""
    s = site_words(lang)
    st, heads, rows, columns = teams.standings_table(e, lang, k) if isinstance(e, TeamEvent) else \
        standings_table(e, lang, k)
    ind = e.ind
    title = s["standings_after"].format(k=k) if not groups else s["standings"]
    intro = after_round(k, e.tournament.rounds, lang)
    playoff = e.playoff is not None and any(r.start_no in st.decided for r in st.rows)
    pager = []
    if not groups:
        pager = [(f"round-{k}.html", s["pairings_n"].format(k=k))]
        if k > 1:
            pager.append((f"standings-{k - 1}.html", s["standings_after"].format(k=k - 1)))
        if k < e.played:
            pager.append((f"standings-{k + 1}.html", s["standings_after"].format(k=k + 1)))
    return {"title": title, "intro": intro, "pager": pager, "legend": site_lines(standings_legend(st, columns, lang, playoff)),
            "round_nav": [] if groups else round_nav(e.played, k, "standings"),
            "downloads": links(ind.downloads, lang) if groups else [],
            "tables": [{"id": "standings", "caption": title, "heads": heads, "rows": rows, "sticky": True}],
            "html_sections": ind.groups_html(lang) if groups and not e.ranks_teams else ""}


def round_page(e: Event, lang: str, k: int) -> dict[str, Any]:
    """Round ``k`` as chess-results shows it (:func:`tiebreak.render.pairings.round_tables`, the live screen's
    too): each board in order with both players' start numbers, titles, ratings and points before the round (the
    standings after round ``k - 1``, as ``tiebreak standings --after-round`` gives them) and the result (forfeits and
    byes in words); the round selector."""
    s = site_words(lang)
    before = points_before(e, k)

    def seat(sno: int) -> Seat:
        p = e.tournament.player(sno)
        return Seat(name_of(e, sno), p.title.strip(), p.rating or None, num(before.get(sno)), f"player-{sno}.html")

    heads, rows, bye_heads, byes, legend = round_tables(e.rounds[k - 1], seat, lang,
                                                        lambda g: game_link(e, k, g.white, g.black, s),
                                                        pending=LIVE_WORDS.text("pending", lang) if e.live else None)
    tables = [{"id": "pairings", "caption": s["pairings_n"].format(k=k), "heads": heads, "rows": rows,
               "sticky": False}]
    if byes:
        tables.append({"id": "byes", "caption": s["bye"], "heads": bye_heads, "rows": byes, "sticky": False})
    return round_context(lang, k, e.played, e.last_round, tables, legend)


def points_before(e: Event, k: int) -> dict[int, Fraction]:
    """Every player's points before round ``k``: after round ``k - 1`` (the last played when later), 0 in round 1."""
    r = min(k - 1, e.played)
    if r < 1:
        return {p.start_no: Fraction(0) for p in e.tournament.players}
    return {sno: points for sno, (_, points) in e.places[r - 1].items()}
