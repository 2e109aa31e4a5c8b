"""The live screen's tables as HTML, from the one set of templates (``live_tables.html``, whose tables are the
``table`` macro of ``site_table.html`` and whose rows are :func:`~tiebreak.render.templating.rows_html`): the
standings as they stand (rank, name, points first, as on every phone; then the ✓/~/● mark and the arrow), the
round's pairings in board order with the results in words (byes and forfeits named, never the file's codes), the
odds, and the crosstable (a round robin's square table), its cells in the words and symbols of the event's website
(:mod:`tiebreak.render.results`).

They are made from what the live API serves (the ``/api/live`` document and the ``/api/live/crosstable`` rows), so
a server that follows another on a shared database shows the same tables.  The parts are made once per version,
language and view by :mod:`tiebreak.web.live_tables` (never per viewer).

>>> doc = {"tournament": {"name": "Open", "system": "swiss"}, "tiebreaks": ["PTS", "BH"],
...        "standings": [{"rank": 1, "start_no": 2, "name": "Beta", "points": "1", "values": {"BH": "0"},
...                       "settled": True, "playing": False, "moved": 1, "since_round": None}],
...        "live": {"event": "open.trf", "version": 3, "time": "2026-01-01T10:00:00.000Z", "round": 1, "pending": 0,
...                 "settled": 1, "team_event": False, "view": "players", "warning": None},
...        "pairings": [{"board": 1, "white": 2, "black": 1, "result": "+-", "pending": False}],
...        "odds": None}
>>> parts = live_parts(doc, [], "en")
>>> "+ – (forfeit win)" in parts["pairings"], "▲1" in parts["standings"], list(parts)[:3]
(True, True, ['state', 'stamp', 'warning'])
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any
from urllib.parse import quote

from markupsafe import Markup, escape

from ..engine.model import Kind
from ..views import crosstable, games
from ..views.games import GameCard
from ..views.odds import PlaceChances, from_json
from ..views.standings import Column, StandingsTable, legend_of_document, of_document
from . import crosstable as cross_words
from .columns import primary_name, standings_headings
from .i18n import count_sentence, message
from .legend import legend_lines, site_lines
from .odds import first_and_top, method_text, odds_headings, reach_cells, reach_range
from .pairings import Seat, round_from_json, round_tables
from .results import API_CELLS, bye_text, match_cells
from .templating import cell_html, environment
from .words import LIVE_WORDS, WORDS

Cell = dict[str, Any]
#: the parts of the live screen, in the order the fragment gives them (each one element with its ``id``)
PARTS = ("state", "stamp", "warning", "standings", "games", "pairings", "odds", "history", "crosstable", "notes")
#: the parts of the embeddable live view (``/embed``), which its script swaps in the same way
EMBED_PARTS = ("title", "stamp", "follow", "top")


@lru_cache(maxsize=8)
def _words(lang: str, teams: bool = False) -> dict[str, str]:
    """The words of the page (:data:`~tiebreak.render.words.WORDS`, then the live page's own); ``teams``: the teams'
    view of a team event, whose history and cards are the teams'."""
    w = {k: table.text(k, lang) for table in (WORDS, LIVE_WORDS) for k in table}
    if teams:
        w |= {"history": w["team_history"], "history_hint": w["team_history_hint"]}
    return w


def _count(key: str, n: int, lang: str, **values: object) -> str:
    """A count of the live screen in the form and with the thousands of ``lang``: ``8,198`` / ``8\u202f198``."""
    return count_sentence(f"live:{key}", n, lang, **values)


def _head(text: str, cls: str = "") -> Cell:
    return {"text": text, "cls": cls}


def card_address(event: str, lang: str, page: str) -> str:
    """The address of a card on the live screen (``page``: ``player-N.html`` or ``team-N.html``;
    :mod:`tiebreak.web.live_card`).

    >>> card_address("open 2026/a.trf", "ru", "player-7.html")
    '/live/cards/open%202026/a.trf/ru/player-7.html'
    """
    return f"/live/cards/{quote(event)}/{lang}/{page}"


def _link(r: dict[str, Any], card: str | None) -> Cell:
    """A name cell (a row heading): with ``card`` (the cards' address, ending in ``player-`` or ``team-``) a link to
    the card; ``data-v`` the start number (the page's script shows the history in place when the row is tapped
    elsewhere)."""
    cell = {"text": r["name"], "cls": "name", "head": True, "data": str(r["start_no"])}
    if card is not None:
        cell["href"] = f"{card}{r['start_no']}.html"
    return cell


def standings_rows(doc: dict[str, Any], view: StandingsTable, arrows: str, w: dict[str, str],
                   card: str | None = None) -> list[Cell]:
    """The rows of the standings (``view``: the document's table), the columns in the one order of every face
    (:func:`tiebreak.views.standings.column_order`), then the live screen's own: the ✓/~/● mark and the arrow."""
    rows = []
    for r, row in zip(doc["standings"], view.rows):
        state = ("●", "playing") if r.get("playing") else ("✓", "settled") if r.get("settled") else ("~", "provisional")
        move = r.get("since_round") if arrows == "round" else r.get("moved")
        move = int(move or 0)
        arrow = {"text": f"▲{move}" if move > 0 else f"▼{-move}" if move < 0 else "",
                 "cls": "up" if move > 0 else "down" if move < 0 else ""}
        rank: Cell = {"text": row.written, "cls": "rank"}  # the place as every face shows it (40*: by lot, 1‡: play-off)
        if r.get("playoff"):  # a place the play-off decided (Arbiters' Manual 13.2), as the legend says
            rank |= {"title": w["playoff"]}
        cells = [rank if c.kind == "rank" else _link(r, card) if c.kind == "name" else
                 {"text": text, "cls": _CLASSES[c.kind]} for c, text in zip(view.columns, view.cells(row))]
        rows.append({"cells": [*cells, {"text": state[0], "cls": "state " + state[1]}, arrow]})
    return rows


#: the class of each kind of the standings' columns on the live screen (``pts`` and ``rank`` stick on a phone, where
#: the identity columns ``id`` are left out: live.css)
_CLASSES = {"rank": "rank", "name": "name", "points": "pts", "value": "tb", "number": "id", "player": "id"}


def pairings_rows(doc: dict[str, Any], lang: str, w: dict[str, str],
                  card: str | None = None) -> tuple[list[Cell], list[Cell], list[Cell], list[Cell], list[str]]:
    """The round's boards and byes: a player event's as the event's website's round page shows them
    (:func:`tiebreak.render.pairings.round_tables`: numbers, titles, ratings, points before the round; each name
    linked to the card, ``card``), a team event's matches with their game points so far; and the legend of the
    abbreviated headings, the round page's (a team event's matches have none there either)."""
    if doc["live"].get("view") != "teams":
        rows = {int(r["start_no"]): r for r in doc["standings"]}
        points = {int(g[side]): str(g.get(f"{side}_points") or "") for g in doc["pairings"]
                  if g.get("board") is not None for side in ("white", "black")}
        points |= {int(g["start_no"]): str(g.get("points") or "") for g in doc["pairings"] if g.get("board") is None}

        def seat(n: int) -> Seat:
            r = rows.get(n, {})
            return Seat(str(r.get("name") or f"#{n}"), str(r.get("title") or ""), int(r["rating"]) if r.get("rating")
                        else None, points.get(n, ""), f"{card}{n}.html" if card is not None and r else None)

        return round_tables(round_from_json(int(doc["live"]["round"]), doc["pairings"]), seat, lang,
                            pending=w["pending"])
    names = {int(r["start_no"]): str(r["name"]) for r in doc["standings"]}

    def who(n: int) -> Cell:
        return {"text": names.get(int(n), f"#{n}"), "cls": "name", **({"href": f"{card}{n}.html"} if card else {})}

    games: list[Cell] = []
    for g in doc["pairings"]:
        if g.get("board") is None:  # a team without a match: a row of the matches' table, as the site's round page
            kind = API_CELLS.get(str(g.get("kind")), Kind.PAB)  # has it (no table, its points, what it got)
            games.append({"cells": [{"text": ""}, who(g["start_no"]), {"text": str(g.get("mp") or 0), "cls": "result"},
                                    {"text": str(g.get("gp") or 0), "cls": "result"},
                                    {"text": bye_text(kind, lang), "cls": "left"}]})
            continue
        playing = w["boards_playing"].format(n=g["pending"]) if g.get("pending") else ""
        mp = (str(g["white_mp"]), str(g["black_mp"])) if g.get("white_mp") is not None else None
        cells = match_cells(mp, (str(g["white_gp"]), str(g["black_gp"])), "", playing)
        games.append({"cls": "pending" if g.get("pending") else "",
                      "cells": [{"text": str(g["board"])}, who(g["white"]), *({"text": x, "cls": "result"} for x in cells),
                                who(g["black"])]})
    # a team match's number is its table's, and its cells the match points and game points, as the site's round
    # page heads them (a board is one game of a match)
    heads = [_head(w["table_short"]), _head(w["team"], "name side"), _head(primary_name("MP", lang)),
             _head(primary_name("GP", lang)), _head(w["team"], "name side")]
    return heads, games, [], [], []


def grid_rows(rows: list[dict[str, Any]], square: bool, lang: str,
              card: str | None = None, primary: str = "") -> tuple[list[Cell], list[Cell], list[str]]:
    """The heads of the rounds (or of the square's columns), the rows, in standings order, and the legend: the
    crosstable view read back from the live API's rows, in words as on the website (:mod:`tiebreak.render.crosstable`:
    the legend names the symbols this table shows and a team event's ``primary`` score, as the website's and the
    downloads' do)."""
    view = crosstable.from_json(rows, square, primary)
    out = []
    for r, row in zip(rows, view.rows):
        cells = cross_words.head_cells(row, _link(r, card))  # views.crosstable.HEAD_COLUMNS
        # the website's words: a square's results per column (a team's match points and game points), a Swiss
        # round's opponent (a team's match: the opposing team's place, game points)
        texts = cross_words.row_texts(view, row, lang)
        columns = view.grid(row) if square else [[c] for c in row.cells]
        cells += [{"text": text, "cls": "self" if at is None else
                   "pending" if any(c.kind is Kind.UNKNOWN for c in at) else ""} for text, at in zip(texts, columns)]
        out.append({"cells": cells})
    heads = [_head(str(k)) for k in range(1, (len(rows) if square else view.rounds) + 1)]
    return heads, out, cross_words.legend(view, lang, live=True)  # a game without a result: being played


def odds_rows(view: PlaceChances, lang: str) -> Markup:
    """The odds table's rows (:mod:`tiebreak.views.odds`, read from the document): the name, the chances of first
    place and of the top places, then every place the participant can still reach, folded (``<details>``, one per
    row, its ``id`` kept by the page's script across versions): the range as its summary, each place with its chance
    inside, as text (a screen reader reads it as it is written)."""
    out = []
    for row in view.rows:
        cells = reach_cells(row, view.depth, lang)
        first, top = first_and_top(row, view.top, lang)
        out.append(Markup('<tr>{}<td>{}</td><td>{}</td><td class="reach"><details id="odds-{}"><summary>{}</summary>'
                          '<ul>{}</ul></details></td></tr>').format(
            Markup(cell_html({"text": row.name or str(row.start_no), "cls": "name", "head": True})),
            first, top, row.start_no, reach_range(row), Markup("").join(Markup("<li>{}</li>").format(c) for c in cells)))
    return Markup("\n").join(out)


def stamp_html(live: dict[str, Any], w: dict[str, str]) -> Markup:
    """The round and the version with its moment (``<time>`` in UTC, which the page's script writes in the reader's
    time): the live screen's and the embed's."""
    time = str(live.get("time") or "")
    stamp = escape(w["version"].format(v=live["version"], time="\x00")).replace(
        "\x00", Markup('<time datetime="{}">{}</time>').format(time, time[11:19]))
    return Markup(w["live_round"].format(k=escape(live["round"]))) + " · " + stamp


def games_part(doc: dict[str, Any], w: dict[str, str], card: str) -> Markup:
    """A broadcast's games of the round in play (:mod:`tiebreak.views.games`), one card each in the order of the
    pairings' boards: the board, the two players (each name linked to the card, ``card``), their clocks and the
    result, the box the broadcast's script draws the position in (its FEN, the last move's squares and the board's
    name for a screen reader), "if the game ended now" in a spectator's words (each result's places as the standings
    write them: ``2*`` by lot, ``1-2`` shared under ``serve --no-lots``, and who would lead) and the moves, folded.
    Empty for an event that is no broadcast (its document has no ``games``).

    >>> doc = {"live": {"round": 1}, "standings": [{"start_no": 1, "name": "Ann"}, {"start_no": 2, "name": "Bob"}],
    ...        "games": [{"round": 1, "board": 1, "white": "Ann", "black": "Bob", "white_no": 1, "black_no": 2,
    ...                   "result": "*", "fen": "8/8/8/8/8/8/8/8 w - - 0 1", "moves": ["e4"], "last": ["e2", "e4"]}],
    ...        "if_ended": [{"round": 1, "white": 1, "black": 2, "results": [{"result": "1/2-1/2", "white_place": 1,
    ...                      "black_place": 1, "white_place_text": "1-2", "black_place_text": "1-2", "leaders": [1, 2]}]}]}
    >>> print(games_part(doc, _words("en"), "/c/player-").split('<li>')[1].split("</li>")[0])
    If drawn: Ann: place 1-2, Bob: place 1-2 · sharing the lead: Ann, Bob
    """
    if "games" not in doc:
        return Markup("")
    names = {int(r["start_no"]): str(r["name"]) for r in doc["standings"]}

    def name(no: int | None) -> str:
        return names.get(int(no), f"#{no}") if no is not None else ""

    def said(c: GameCard) -> list[str]:
        out = []
        for r in c.if_ended:
            winner = c.white.start_no if r.result == "1-0" else c.black.start_no if r.result == "0-1" else None
            what = w["if_drawn"] if winner is None else w["if_wins"].format(name=name(winner))
            places = [w["place_of"].format(name=name(no), n=n)
                      for no, n in ((c.white.start_no, r.white_place), (c.black.start_no, r.black_place))]
            lead = (w["leaders"] if len(r.leaders) > 1 else w["leader"]).format(
                names=", ".join(name(n) for n in r.leaders))
            out.append(f"{what[:1].upper()}{what[1:]}: {', '.join(places)} · {lead}")
        return out

    cards = [{"card": c, "said": said(c), "title": f"{c.white.name} – {c.black.name}"} for c in games.of_document(doc)]
    return Markup(environment().get_template("live_games.html").render(w=w, cards=cards, card=card)).strip()


def embed_parts(doc: dict[str, Any], lang: str, top: int = 10, followed: int | None = None,
                mode: str = "top") -> dict[str, Markup]:
    """The embeddable live view's parts (:data:`EMBED_PARTS`, ``/embed``) in ``lang`` from the ``/api/live``
    document: the event's name, the round and version, the line of the player ``followed`` (their place and points,
    their game in play or played, its last move) and the standings' rows that ``mode`` shows (``top``: the first
    ``top`` and the player followed, ``standings``: every row, ``player``: theirs), each place and points as the live
    screen's standings write them (a place the lot decided ``3*``, a shared one under ``serve --no-lots`` ``3-4``),
    each name a link to the card in a new tab."""
    live = doc["live"]
    teams = live.get("view") == "teams"
    w = _words(lang, teams)
    card = card_address(str(live.get("event", "")), lang, "team-" if teams else "player-")
    view = of_document(doc)
    team = (doc["tiebreaks"][0], doc["tournament"].get("primary") or "MP") if doc["tournament"].get("teams") else None
    rows = [{"place": row.written, "name": row.name, "points": row.points,  # the place as every face shows it
             "href": f"{card}{row.start_no}.html", "followed": row.start_no == followed}
            for k, row in enumerate(view.rows)
            if row.start_no == followed or mode == "standings" or (mode == "top" and k < top)]
    module = environment().get_template("embed_parts.html").make_module({
        "w": w, "event_title": doc["tournament"].get("name") or live.get("event", ""), "stamp_html": stamp_html(live, w),
        "version": live["version"], "name_head": w["team"] if teams else w["name"],
        "points_head": standings_headings([Column("points")], lang, team)[0], "rows": rows,
        "followed": next((r for r in rows if r["followed"]), None), "follow_text": _follow_text(doc, followed, w)})
    return {part: Markup(getattr(module, part)).strip() for part in EMBED_PARTS}


def _follow_text(doc: dict[str, Any], followed: int | None, w: dict[str, str]) -> str:
    """The followed player's game: in play (the round, their colour, the opponent) or played this round (a
    broadcast's: the two names and the result), then its last move."""
    if followed is None:
        return ""
    names = {int(r["start_no"]): str(r["name"]) for r in doc["standings"]}
    at = doc["live"]["round"]
    pending = next((p for p in doc.get("pending") or [] if followed in (p["white"], p["black"])), None)
    played = next((g for g in doc.get("games") or []
                   if g["round"] == at and followed in (g.get("white_no"), g.get("black_no"))), None)
    said = []
    if pending is not None:
        white = pending["white"] == followed
        other = pending["black"] if white else pending["white"]
        said.append(f"{w['live_round'].format(k=pending['round'])}: {w['white'] if white else w['black']}, "
                    f"{names.get(other, f'#{other}')} ({w['pending']})")
    elif played is not None:
        said.append(f"{w['live_round'].format(k=played['round'])}: {played['white']} – {played['black']} "
                    f"{played['result']}")
    if played is not None and played.get("moves"):
        said.append(w["last_move"].format(m=played["moves"][-1]))
    return " · ".join(said)


def live_parts(doc: dict[str, Any], cross: list[dict[str, Any]], lang: str, arrows: str = "version",
               warning: str | None = None, history: bool = False,
               said: tuple[list[str], list[str]] = ([], [])) -> dict[str, Markup]:
    """Every part of the live screen (:data:`PARTS`) as HTML in ``lang``: ``doc`` is the ``/api/live`` document (its
    numbers as the text the API wrote them), ``cross`` the ``/api/live/crosstable`` rows, ``arrows`` ``version``
    or ``round`` (the arrows since the previous version or round), ``warning`` the public warning (English),
    ``history`` whether the server keeps the history (a row tapped shows the player's; each name links to the
    player's card, a team's in the teams' view: :func:`card_address`), ``said`` the version's notes and the warnings
    of reading its file in ``lang`` (the website's standings say the same under theirs)."""
    live = doc["live"]
    teams = live.get("view") == "teams"
    w = _words(lang, teams)
    square = doc["tournament"].get("system") == "round robin"  # the teams' view of a team round robin too
    history_hidden = not history or (bool(live.get("team_event")) and not teams)
    card = card_address(str(live.get("event", "")), lang, "team-" if teams else "player-")
    pair_heads, games, bye_heads, byes, pair_legend = pairings_rows(doc, lang, w, card)
    primary = str(doc["tournament"].get("primary") or "MP") if doc["tournament"].get("teams") else ""
    cross_heads, cross_rows, cross_legend = grid_rows(cross, square, lang, card, primary)
    name_head = w["team"] if teams else w["name"]
    view = of_document(doc)
    team = (doc["tiebreaks"][0], doc["tournament"].get("primary") or "MP") if doc["tournament"].get("teams") else None
    points_head = standings_headings([Column("points")], lang, team)[0]
    heads = [*(_head(h, _CLASSES[c.kind]) for c, h in zip(view.columns, standings_headings(view.columns, lang, team))),
             _head("✓"), _head("▲▼")]
    counts = [("matches_pending", int(live.get("matches_pending") or 0) if teams else 0),
              ("games_pending", int(live["pending"])), ("places_settled", int(live["settled"]))]
    summary = ", ".join(_count(key, n, lang) for key, n in counts if n)  # a count of none left out (a finished event)
    odds = doc.get("odds") if not (live.get("team_event") and not teams) else None
    chances = from_json({**odds, "rows": odds["players"]}) if odds else None  # the one odds view, as the document has it
    note = method_text(chances, lang) if chances else ""
    module = environment().get_template("live_tables.html").make_module({
        "w": w, "lang": lang, "live": live, "arrows": arrows, "teams": teams, "square": square,
        "event": live.get("event", ""), "title": doc["tournament"].get("name") or live.get("event", ""),
        "stamp_html": stamp_html(live, w),
        "warning_text": message(warning, lang) if warning else "", "summary": summary,
        "standings_heads": heads, "standings_rows": standings_rows(doc, view, arrows, w, card),
        "standings_legend": site_lines(legend_lines(legend_of_document(doc, view), lang)),  # every face's legend
        "pair_heads": pair_heads, "games": games, "byes": byes, "bye_heads": bye_heads, "pair_legend": pair_legend,
        "odds": odds, "odds_note": note, "odds_rows": odds_rows(chances, lang) if chances else "",
        "odds_heads": [_head(h, c) for h, c in zip(odds_headings(chances, lang), ("name", "", "", "reach"))],
        "odds_wait": bool(live["pending"]) and not odds and not (live.get("team_event") and not teams),
        "cross_heads": [_head(w["rank"], "rank"), _head(w["number"], "id"), _head(name_head, "name"),
                        _head(points_head, "pts"), *cross_heads],
        "cross_rows": cross_rows,
        "cross_legend": cross_legend,  # the website's and the downloads' legend: what this table shows
        "history_hidden": history_hidden,
        "about_notes": said[0], "about_warnings": said[1],
    })
    own = {"games": games_part(doc, w, card)}  # a broadcast's cards: a template of their own
    return {part: own[part] if part in own else Markup(getattr(module, part)).strip() for part in PARTS}


def history_part(versions: list[dict[str, Any]], lang: str, name: str, team: bool = False) -> Markup:
    """The history section of one player (``team``: of a team): the place (as the live table wrote it: ``7-8``,
    ``7*``) and points in the last 30 versions, newest first (the time in UTC; ``data-v`` the moment, which the
    page's script writes in the reader's time)."""
    w = _words(lang, team)
    heads = [_head("#"), _head(w["round"]), _head(w["rank"]), _head(w["points"]), _head("⏱", "name")]
    rows = [{"cells": [{"text": str(v["version"])}, {"text": str(v["round"])},
                       {"text": v.get("place") or str(v["rank"])},  # as the table wrote it (kept before 0004: the rank)
                       {"text": str(v["points"])},
                       {"text": str(v["time"])[11:19], "cls": "name", "data": str(v["time"])}]}
            for v in reversed(versions[-30:])]
    return Markup(environment().get_template("live_history.html").render(w=w, name=name, heads=heads,
                                                                         rows=rows)).strip()
