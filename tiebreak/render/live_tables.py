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
from urllib.parse import urlencode

from markupsafe import Markup, escape

from ..engine.model import Kind
from ..engine.ranking import place_texts
from ..views import crosstable
from ..views.odds import from_json
from . import crosstable as cross_words
from .i18n import message, plural_form
from .odds import reach_cells, reach_range
from .results import API_CELLS, API_RESULTS, bye_text, colour_letter, game_result, legend
from .team_words import primary_name
from .templating import cell_html, environment
from .words import LIVE_COUNTS, LIVE_WORDS, WORDS

Cell = dict[str, Any]
#: the parts of the live screen, in the order the fragment gives them (each one element with its ``id``)
PARTS = ("state", "stamp", "warning", "standings", "pairings", "odds", "history", "crosstable")


@lru_cache(maxsize=8)
def _words(lang: str) -> dict[str, str]:
    """The words of the page (:data:`~tiebreak.render.words.WORDS`, then the live page's own)."""
    return {k: table.text(k, lang) for table in (WORDS, LIVE_WORDS) for k in table}


def _count(key: str, n: int, lang: str, **values: object) -> str:
    one, many = LIVE_COUNTS[key]
    return plural_form(f"live:{key}", one, many, n, lang).format(n=n, **values)


def _head(text: str, cls: str = "") -> Cell:
    return {"text": text, "cls": cls}


def _ranks(rows: list[dict[str, Any]]) -> dict[int, str]:
    """Start number -> the place as the site writes it (``5-9`` for a place five share: no lots live)."""
    return place_texts({int(r["start_no"]): int(r["rank"]) for r in rows})


def _text(value: Any) -> str:
    return "-" if value is None else str(value)


def _link(r: dict[str, Any], history: str | None) -> Cell:
    """A name cell (a row heading): with ``history`` (the page's query) a link to the page with that player's
    history; ``data-v`` the start number (the page's script shows the history in place)."""
    cell = {"text": r["name"], "cls": "name", "head": True, "data": str(r["start_no"])}
    if history is not None:
        cell["href"] = f"?{history}&player={r['start_no']}#history-section"
    return cell


def standings_rows(doc: dict[str, Any], arrows: str, w: dict[str, str], history: str | None = None) -> list[Cell]:
    codes = [c for c in doc["tiebreaks"] if c != "PTS"]
    places = _ranks(doc["standings"])
    rows = []
    for r in doc["standings"]:
        state = ("●", "playing") if r.get("playing") else ("✓", "settled") if r.get("settled") else ("~", "provisional")
        move = r.get("since_round") if arrows == "round" else r.get("moved")
        move = int(move or 0)
        arrow = {"text": f"▲{move}" if move > 0 else f"▼{-move}" if move < 0 else "",
                 "cls": "up" if move > 0 else "down" if move < 0 else ""}
        rank: Cell = {"text": places[int(r["start_no"])], "cls": "rank"}
        if r.get("playoff"):  # a place the play-off decided (Arbiters' Manual 13.2)
            rank |= {"sub": w["playoff_mark"], "title": w["playoff"]}
        rows.append({"cells": [rank,
                               _link(r, history), {"text": str(r["points"]), "cls": "pts"},
                               {"text": state[0], "cls": "state " + state[1]}, arrow,
                               *({"text": _text(r["values"].get(c)), "cls": "tb"} for c in codes)]})
    return rows


def pairings_rows(doc: dict[str, Any], lang: str, w: dict[str, str]) -> tuple[list[Cell], list[Cell]]:
    """The games (board order) and the byes of the round."""
    names = {int(r["start_no"]): str(r["name"]) for r in doc["standings"]}

    def who(n: int) -> Cell:
        return {"text": names.get(int(n), f"#{n}"), "cls": "name"}

    games, byes = [], []
    for g in doc["pairings"]:
        if g.get("board") is None:
            kind = API_CELLS.get(str(g.get("kind")), Kind.PAB)
            text = bye_text(kind, lang) + (f" ({g['gp']})" if g.get("gp") is not None else "")
            byes.append({"cells": [who(g["start_no"]), {"text": text, "cls": "result"}]})
            continue
        if "white_gp" in g:  # a team match: the game points so far, and the boards still being played
            result = (f"{g['white_gp']}–{g['black_gp']} " + w["boards_playing"].format(n=g["pending"])
                      if g.get("pending") else str(g.get("result") or ""))
        elif g.get("pending"):
            result = w["pending"]
        else:
            code = g.get("result")
            result = game_result(API_RESULTS[code], lang) if code in API_RESULTS else str(code or "")
        games.append({"cls": "pending" if g.get("pending") else "",
                      "cells": [{"text": str(g["board"])}, who(g["white"]), {"text": result, "cls": "result"},
                                who(g["black"])]})
    return games, byes


def grid_rows(rows: list[dict[str, Any]], square: bool, lang: str,
                    history: str | None = None) -> tuple[list[Cell], list[Cell]]:
    """The heads of the rounds (or of the square's columns) and the rows, in standings order: the crosstable view
    read back from the live API's rows, in words as on the website (:mod:`tiebreak.render.crosstable`)."""
    view = crosstable.from_json(rows, square)
    out = []
    for n, (r, row) in enumerate(zip(rows, view.rows)):
        cells: list[Cell] = [{"text": row.place, "cls": "rank"}, _link(r, history), {"text": row.points, "cls": "pts"}]
        if square:
            grid = view.grid(row)
            cells += [{"text": text, "cls": "self" if j == n else "pending" if Kind.UNKNOWN in (grid[j] or ()) else ""}
                      for j, text in enumerate(cross_words.square_texts(view, row))]
        else:
            for g, c in zip(r["rounds"], row.cells):
                result = str(g["result"])
                text = (cross_words.cell_text(c, lang) if result in API_CELLS else  # a team match: its game points
                        f"{c.number if c.number is not None else ''}{colour_letter(c.colour, lang)}{result}")
                cells.append({"text": text, "cls": "pending" if result == "*" else ""})
        out.append({"cells": cells})
    return [_head(str(k)) for k in range(1, (len(rows) if square else view.rounds) + 1)], out


def odds_rows(odds: dict[str, Any], lang: str) -> Markup:
    """The odds table's rows (:mod:`tiebreak.views.odds` from the document): the name, the chances of first place
    and of the top places, then every place the participant can still reach, folded (``<details>``, one per row, its
    ``id`` kept by the page's script across versions): the range as its summary, each place with its chance inside,
    as text (a screen reader reads it as it is written)."""
    view = from_json({**odds, "rows": odds["players"]})
    out = []
    for p, row in zip(odds["players"], view.rows):
        cells = reach_cells(row, view.depth, lang)
        out.append(Markup('<tr>{}<td>{}</td><td>{}</td><td class="reach"><details id="odds-{}"><summary>{}</summary>'
                          '<ul>{}</ul></details></td></tr>').format(
            Markup(cell_html({"text": str(p.get("name") or p["start_no"]), "cls": "name", "head": True})),
            _percent(p["first"]), _percent(p["top"]), row.start_no, reach_range(row),
            Markup("").join(Markup("<li>{}</li>").format(c.replace("%", " %")) for c in cells)))
    return Markup("\n").join(out)


def _percent(p: Any) -> str:
    return f"{100 * float(p):.1f} %"


def live_parts(doc: dict[str, Any], cross: list[dict[str, Any]], lang: str, arrows: str = "version",
               warning: str | None = None, history: bool = False) -> dict[str, Markup]:
    """Every part of the live screen (:data:`PARTS`) as HTML in ``lang``: ``doc`` is the ``/api/live`` document (its
    numbers as the text the API wrote them), ``cross`` the ``/api/live/crosstable`` rows, ``arrows`` ``version``
    or ``round`` (the arrows since the previous version or round), ``warning`` the public warning (English),
    ``history`` whether the server keeps the history (each name then links to the player's)."""
    w = _words(lang)
    live = doc["live"]
    teams = live.get("view") == "teams"
    square = doc["tournament"].get("system") == "round robin" and not teams
    history_hidden = not history or (bool(live.get("team_event")) and not teams)
    query = None if history_hidden else urlencode({"event": live.get("event", ""), "lang": lang} | (
        {"arrows": arrows} if arrows == "round" else {}))
    games, byes = pairings_rows(doc, lang, w)
    cross_heads, cross_rows = grid_rows(cross, square, lang, query)
    name_head = w["team"] if teams else w["name"]
    points_head = primary_name(doc["tournament"].get("primary") or "MP", lang) if teams else w["points"]
    heads = [_head(w["rank"], "rank"), _head(name_head, "name"), _head(points_head, "pts"), _head("✓"),
             _head("▲▼"), *(_head(c, "tb") for c in doc["tiebreaks"] if c != "PTS")]
    summary = ", ".join(([_count("matches_pending", int(live.get("matches_pending") or 0), lang)] if teams else [])
                        + [_count("games_pending", int(live["pending"]), lang),
                           _count("places_settled", int(live["settled"]), lang)])
    odds = doc.get("odds") if not (live.get("team_event") and not teams) else None
    note = ""
    if odds:
        key = "odds_exact" if odds["method"] == "exact" else "odds_simulated"
        note = _count(key, int(odds["outcomes"]), lang, g=odds["games"], m=f"{100 * float(odds.get('margin') or 0):.1f}")
    time = str(live.get("time") or "")
    stamp = escape(w["version"].format(v=live["version"], time="\x00")).replace(
        "\x00", Markup('<time datetime="{}">{}</time>').format(time, time[11:19]))
    module = environment().get_template("live_tables.html").make_module({
        "w": w, "lang": lang, "live": live, "arrows": arrows, "teams": teams, "square": square,
        "event": live.get("event", ""), "title": doc["tournament"].get("name") or live.get("event", ""),
        "stamp_html": Markup(w["live_round"].format(k=escape(live["round"]))) + " · " + stamp,
        "warning_text": message(warning, lang) if warning else "", "summary": summary,
        "standings_heads": heads, "standings_rows": standings_rows(doc, arrows, w, query),
        "playoff": any(r.get("playoff") for r in doc["standings"]),
        "pair_heads": [_head(w["board"]), _head(name_head, "name side"), _head(w["result"]),
                       _head(name_head, "name side")] if teams else
                      [_head(w["board"]), _head(w["white"], "name side"), _head(w["result"]),
                       _head(w["black"], "name side")],
        "games": games, "byes": byes, "bye_heads": [_head(name_head, "name"), _head(w["result"])],
        "odds": odds, "odds_note": note, "odds_rows": odds_rows(odds, lang) if odds else "",
        "odds_heads": [_head(w["odds_team"] if odds and odds.get("team") else w["odds_player"], "name"),
                       _head(w["odds_first"]), _head(w["odds_top"].format(k=odds["top"] if odds else 3)),
                       _head(w["odds_places"], "reach")],
        "odds_wait": bool(live["pending"]) and not odds and not (live.get("team_event") and not teams),
        "cross_heads": [_head(w["rank"], "rank"), _head(name_head, "name"), _head(points_head, "pts"), *cross_heads],
        "cross_rows": cross_rows,
        "cross_legend": [w["team_cells_key" if teams else "square_key" if square else "cells_key"], *legend(lang)],
        "history_hidden": history_hidden,
    })
    return {part: Markup(getattr(module, part)).strip() for part in PARTS}


def history_part(versions: list[dict[str, Any]], lang: str, name: str) -> Markup:
    """The history section of one player (team): the place and points in the last 30 versions, newest first (the
    time in UTC; ``data-v`` the moment, which the page's script writes in the reader's time)."""
    w = _words(lang)
    heads = [_head("#"), _head(w["round"]), _head(w["rank"]), _head(w["points"]), _head("⏱", "name")]
    rows = [{"cells": [{"text": str(v["version"])}, {"text": str(v["round"])}, {"text": str(v["rank"])},
                       {"text": str(v["points"])},
                       {"text": str(v["time"])[11:19], "cls": "name", "data": str(v["time"])}]}
            for v in reversed(versions[-30:])]
    return Markup(environment().get_template("live_history.html").render(w=w, name=name, heads=heads,
                                                                         rows=rows)).strip()
