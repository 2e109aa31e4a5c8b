"""Sharly Chess event databases (``.sce``, SQLite; schema versions 3.1-3.6): one event, several tournaments.

A tournament is chosen by Sharly's own tournament id (``event``); without it the reader lists them (an InputError
with field ``event``).  Read in one read-only transaction (:mod:`.sqlite_read`), so a database Sharly is writing is
seen before or after a result, never half-way.  Tables read: ``info`` (the event), ``tournament``,
``tournament_player`` (start number = ``pairing_number``), ``player``, ``pairing`` (one row per player and round: the
player's own result), ``board`` (who had White) and ``tie_break`` (the configured list, mapped to our specifiers by
:mod:`.sharly_tiebreaks`).

Sharly's results (``utils.enum.Result``; stored as numbers) map to our kinds: 1/11 loss, 2/12 draw, 3/13 win (11-13
are unrated games, still played), 4 forfeit loss, 5 double forfeit, 6 forfeit win, 7 zero-point bye, 8 half-point
bye, 9 pairing-allocated bye (worth the tournament's ``pab_value``), 10 full-point bye, 14 a round-robin rest round
(read as a zero-point bye, as TRF's ``0000 - -``), 15-20 penalties (the player's own side: ½ a draw, 0 a loss); 0
with a board is a game still to be played (``Tournament.pending``), without one no pairing.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..engine.errors import InputError, InputWarning, Place
from ..engine.messages import Count, Message, counted
from ..engine.model import BLACK, MIRROR, NO_OPPONENT, WHITE, Kind, Player, ScoreSystem, Tournament
from ..engine.numbers import MAX_RATING
from .sharly_tiebreaks import tiebreak_list
from .sqlite_read import Snapshot, snapshot
from .text import MAX_PLAYERS, MAX_ROUNDS, check_size, one_line

_PLAYED = {1: Kind.LOSS, 2: Kind.DRAW, 3: Kind.WIN, 11: Kind.LOSS, 12: Kind.DRAW, 13: Kind.WIN, 4: Kind.FORFEIT_LOSS,
           5: Kind.DOUBLE_FORFEIT, 6: Kind.FORFEIT_WIN, 15: Kind.LOSS, 16: Kind.DRAW, 17: Kind.LOSS, 18: Kind.LOSS,
           19: Kind.DRAW, 20: Kind.LOSS}
_BYES = {7: Kind.ZPB, 8: Kind.HPB, 9: Kind.PAB, 10: Kind.FPB, 14: Kind.ZPB, 4: Kind.ZPB, 5: Kind.ZPB, 6: Kind.FPB}
#: Sharly's result codes worth a loss, a draw and a win (pab_value names one of them)
_PAB_POINTS = {1: Fraction(0), 2: Fraction(1, 2), 3: Fraction(1)}
_TITLES = {1: "WCM", 2: "CM", 3: "WFM", 4: "FM", 5: "WIM", 6: "IM", 7: "WGM", 8: "GM"}
_SEXES = {1: "w", 2: "m", "F": "w", "M": "m"}
_T_COLUMNS = ("id", "name", "rounds", "rating", "pairing", "pab_value", "three_points_for_a_win", "start", "stop",
              "start_date", "stop_date", "location", "index")


def load(path: str | Path, warnings: list[InputWarning] | None = None, event: int | None = None) -> Tournament:
    """The tournament ``event`` (Sharly's tournament id) of the database at ``path``; the only one when the
    database holds one, else an InputError listing them."""
    warnings = warnings if warnings is not None else []
    with snapshot(path) as db:
        return _read(db, warnings, event)


def events(path: str | Path) -> list[tuple[int, str]]:
    """The tournaments of the database: (Sharly's id, name), by that number (the one ``--event`` takes; Sharly's own
    screen order, its column ``index``, can put tournament 9 after 15)."""
    with snapshot(path) as db:
        return [(tid, name) for tid, name, _ in _tournaments(db)]


def _tournaments(db: Snapshot) -> list[tuple[int, str, dict[str, Any]]]:
    db.require("tournament", ("id", "name"))
    rows = db.rows("tournament", _T_COLUMNS, limit=10_000)
    out = []
    for row in rows:
        tid = db.integer("tournament", row, "id", 1, 2**62)
        assert tid is not None
        out.append((tid, one_line(db.text("tournament", row, "name")), row))
    return sorted(out, key=lambda x: x[0])


def choose(found: list[tuple[int, str, Any]], event: int | None, source: str) -> int:
    """The tournament asked for, or the only one; else an InputError (field ``event``) listing them."""
    listing = "; ".join(f"{tid} {name}" for tid, name, _ in found)
    if event is None:
        if len(found) == 1:
            return 0
        raise InputError(Message("the file holds {} tournaments; choose one by its number (--event N, API field "
                                 "'event'): {}",
                                 len(found), listing), Place(source, field="event"))
    for k, (tid, _, _) in enumerate(found):
        if tid == event:
            return k
    raise InputError(Message("no tournament {} in the file; its tournaments: {}", event, listing or 'none'),
                     Place(source, field="event"))


def _read(db: Snapshot, warnings: list[InputWarning], event: int | None) -> Tournament:
    found = _tournaments(db)
    tid, tname, trow = found[choose(found, event, db.source)]
    info = (db.rows("info", ("name", "federation", "location", "start", "stop", "start_date", "stop_date",
                             "pab_value", "three_points_for_a_win"), limit=1) or [{"_row": 1}])[0] \
        if "info" in db.tables else {"_row": 1}
    rounds = db.integer("tournament", trow, "rounds", 0, MAX_ROUNDS, optional=True) or 0
    rating_type = db.integer("tournament", trow, "rating", 0, 99, optional=True) or 1
    players, ids = _players(db, tid, rating_type, warnings)
    db.require("pairing", ("tournament_id", "player_id", "round", "result", "board_id"))
    pairings = db.count("pairing", "WHERE tournament_id = ?", (tid,))
    last = _last_round(db, tid)
    check_size(len(players), max(rounds, last), Place(db.source, field="rounds"))
    if pairings > len(players) * max(rounds, last):  # one row per player and round: counted before one is read
        size = Message("{} and {}", counted("player", len(players)), counted("round", max(rounds, last)))
        raise InputError(Message("{} pairing row for {} (at most one per player and round)", Count(pairings), size,
                                 plural="{} pairing rows for {} (at most one per player and round)", count=pairings),
                         db.place("pairing"))
    name = one_line(db.text("info", info, "name")) if "info" in db.tables else ""
    t = Tournament.build(players, max(rounds, last), planned_rounds=rounds or None,
                         name=f"{name} - {tname}" if name and tname else name or tname,
                         start_date=_date(db, trow, info, "start"), end_date=_date(db, trow, info, "stop"),
                         type_text=one_line(db.text("tournament", trow, "pairing")), source=db.source,
                         score_system=_score_system(db, trow, info))
    t.extra["lines"] = []
    for key, value in (("022", db.text("info", info, "location")), ("032", db.text("info", info, "federation"))):
        if value.strip():
            t.extra[key] = one_line(value)  # bounded with the other headers' texts (text.bound_header)
    _fill(db, t, ids, tid, pairings, warnings)
    if "tie_break" in db.tables:
        rows = db.rows("tie_break", ("type", "options", "index"), "WHERE tournament_id = ? ORDER BY `index`, id",
                       (tid,), limit=100)
        items = [(db.text("tie_break", r, "type"), db.text("tie_break", r, "options"), db.place("tie_break", r["_row"]))
                 for r in rows]
        t.declared_tiebreaks = tiebreak_list(items, warnings)
    return t


def _players(db: Snapshot, tid: int, rating_type: int,
             warnings: list[InputWarning]) -> tuple[list[Player], dict[int, int]]:
    """The tournament's players by start number, and Sharly's player id -> start number."""
    db.require("tournament_player", ("tournament_id", "player_id", "pairing_number"))
    db.require("player", ("id", "last_name"))
    entries = db.rows("tournament_player", ("player_id", "pairing_number"), "WHERE tournament_id = ?", (tid,),
                      limit=MAX_PLAYERS)
    people = {r["id"]: r for r in db.rows(
        "player", ("id", "last_name", "first_name", "date_of_birth", "gender", "title", "ratings", "fide_id",
                   "federation", "club", "plugin_data"),
        "WHERE id IN (SELECT player_id FROM tournament_player WHERE tournament_id = ?)", (tid,), limit=MAX_PLAYERS)}
    numbered: list[tuple[int, int]] = []
    unnumbered: list[int] = []
    seen: dict[int, int] = {}
    for e in entries:
        pid = db.integer("tournament_player", e, "player_id", 0, 2**62)
        no = db.integer("tournament_player", e, "pairing_number", 1, MAX_PLAYERS, optional=True)
        assert pid is not None
        if pid not in people:
            raise InputError(Message("player {} is not in table player", pid),
                             db.place("tournament_player", e["_row"], "player_id"))
        if no is None:
            unnumbered.append(pid)
        elif no in seen:
            raise InputError(Message("pairing number {} is given to two players ({} and {})", no, seen[no], pid),
                             db.place("tournament_player", e["_row"], "pairing_number"))
        else:
            seen[no] = pid
            numbered.append((no, pid))
    top = max((no for no, _ in numbered), default=0)
    for k, pid in enumerate(sorted(unnumbered)):
        numbered.append((top + k + 1, pid))
        warnings.append(InputWarning(Message("player {} has no pairing number; given start number {}",
                                             pid, top + k + 1),
                                     db.place("tournament_player", None, "pairing_number")))
    numbered.sort()
    players = [_player(db, no, people[pid], rating_type) for no, pid in numbered]
    return players, {pid: no for no, pid in numbered}


def _player(db: Snapshot, no: int, row: dict[str, Any], rating_type: int) -> Player:
    last, first = one_line(db.text("player", row, "last_name")), one_line(db.text("player", row, "first_name"))
    gender, title = row.get("gender"), row.get("title")
    fide_id = db.integer("player", row, "fide_id", 0, 10**12, optional=True)
    return Player(start_no=no, name=f"{last},{first}" if first else last, rating=_rating(db, row, rating_type),
                  sex=_SEXES.get(gender, "") if isinstance(gender, (int, str)) else "",
                  title=_TITLES.get(title, "") if isinstance(title, int) else one_line(db.text("player", row, "title"))[:3],
                  federation=one_line(db.text("player", row, "federation"))[:3], fide_id=str(fide_id or ""),
                  birth_date=one_line(db.text("player", row, "date_of_birth"))[:10],
                  club=one_line(db.text("player", row, "club"))[:200], national_id=_licence(db, row))


def _licence(db: Snapshot, row: dict[str, Any]) -> str:
    """The French federation's licence number (``plugin_data``'s ``{"ffe": {"ffe_licence_number": "J58365"}}``, as
    Papi's ``NrFFE`` holds it), else ""; plugin data that is not JSON is left aside (it is not the event's)."""
    try:
        data = json.loads(db.text("player", row, "plugin_data") or "{}")
    except ValueError:
        return ""
    ffe = data.get("ffe") if isinstance(data, dict) else None
    number = ffe.get("ffe_licence_number") if isinstance(ffe, dict) else None
    return one_line(number).strip()[:20] if isinstance(number, str) else ""


def _rating(db: Snapshot, row: dict[str, Any], rating_type: int) -> int | None:
    """The rating of the tournament's rating type (1 standard, 2 rapid, 3 blitz): FIDE if there is one, else the
    national one (the ``ratings`` JSON: ``{"1": {"fide": 1619, "national": null, "estimated": null}, …}``)."""
    text = db.text("player", row, "ratings")
    if not text.strip():
        return None
    try:
        ratings = json.loads(text)
    except ValueError:
        raise InputError("not JSON", db.place("player", row["_row"], "ratings")) from None
    kinds = ratings.get(str(rating_type)) if isinstance(ratings, dict) else None
    if not isinstance(kinds, dict):
        return None
    for key in ("fide", "national"):
        value = kinds.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            if value > MAX_RATING:
                raise InputError(Message("rating {} is out of range (0-{})", value, MAX_RATING),
                                 db.place("player", row["_row"], "ratings"))
            return value
    return None


def _date(db: Snapshot, trow: dict[str, Any], info: dict[str, Any], which: str) -> dt.date | None:
    """The tournament's date (``start_date`` text, or ``start`` seconds in schema 3.1-3.2), else the event's."""
    for row in (trow, info):
        text, seconds = row.get(f"{which}_date"), row.get(which)
        if isinstance(text, str) and text.strip():
            try:
                return dt.date.fromisoformat(text.strip()[:10])
            except ValueError:
                raise InputError(Message("not a date: {}", repr(text[:40])),
                                 db.place("tournament" if row is trow else "info", row["_row"], f"{which}_date")) from None
        if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and 0 < seconds < 2**35:
            return dt.datetime.fromtimestamp(seconds, dt.timezone.utc).date()
    return None


def _score_system(db: Snapshot, trow: dict[str, Any], info: dict[str, Any]) -> ScoreSystem:
    pab = trow.get("pab_value") if trow.get("pab_value") is not None else info.get("pab_value")
    three = trow.get("three_points_for_a_win")
    three = three if three is not None else info.get("three_points_for_a_win")
    system = ScoreSystem(win=Fraction(3), draw=Fraction(1)) if three == 1 else ScoreSystem()
    if pab is not None:
        if pab not in _PAB_POINTS:
            raise InputError(Message("pab_value {} is not a loss, draw or win (1, 2, 3)", repr(pab)),
                             db.place("tournament", trow["_row"], "pab_value"))
        points = {1: system.loss, 2: system.draw, 3: system.win}[pab]
        if points != system.win:
            system = ScoreSystem(win=system.win, draw=system.draw, pab=points)
    return system


def _last_round(db: Snapshot, tid: int) -> int:
    """The largest round number of the tournament's pairing rows (checked at its row; every row is checked when it
    is read)."""
    found = db.conn.execute("SELECT rowid, `round` FROM pairing WHERE tournament_id = ? AND typeof(`round`) IN "
                            "('integer', 'real') ORDER BY CAST(`round` AS INTEGER) DESC LIMIT 1", (tid,)).fetchone()
    return 0 if found is None else db.integer("pairing", {"_row": found[0], "round": found[1]}, "round", 1,
                                              MAX_ROUNDS) or 0


def _games(db: Snapshot, tid: int, pairings: int) -> Iterator[dict[str, Any]]:
    """The tournament's pairing rows one at a time, each with its board's row (``b_row``, ``white``,
    ``black``; None without one): never a table held whole.  A board id given to two boards would repeat rows."""
    board = "board" in db.tables and "id" in db.columns("board")
    chosen = {"_row": "p.rowid", **{c: db.column("pairing", c, "p") for c in ("player_id", "round", "result", "board_id")},
              "b_row": "b.rowid" if board else "NULL",
              "white": db.column("board", "white_player_id", "b") if board else "NULL",
              "black": db.column("board", "black_player_id", "b") if board else "NULL"}
    join = "LEFT JOIN board AS b ON b.`id` = p.`board_id`" if board else ""
    rows = 0
    for row in db.stream("pairing", chosen, f"FROM pairing AS p {join} WHERE p.tournament_id = ?", (tid,),
                         pairings + 1):
        rows += 1
        if rows > pairings:
            raise InputError("a board id is given to two boards", db.place("board", None, "id"))
        yield row


def _fill(db: Snapshot, t: Tournament, ids: dict[int, int], tid: int, pairings: int,
          warnings: list[InputWarning]) -> None:
    pending: set[tuple[int, int, int]] = set()
    for p in _games(db, tid, pairings):
        pid = db.integer("pairing", p, "player_id", 0, 2**62)
        r = db.integer("pairing", p, "round", 1, MAX_ROUNDS)
        result = db.integer("pairing", p, "result", 0, 20)
        board = db.integer("pairing", p, "board_id", 0, 2**62, optional=True)
        assert pid is not None and r is not None and result is not None
        if pid not in ids:
            raise InputError(Message("player {} is not a player of this tournament", pid),
                             db.place("pairing", p["_row"], "player_id"))
        i = t.row(ids[pid])
        if board is not None and p["b_row"] is None:
            raise InputError(Message("board {} is not in table board", board), db.place("pairing", p["_row"], "board_id"))
        white, black = (None, None)
        if board is not None:
            side = {"_row": p["b_row"], "white_player_id": p["white"], "black_player_id": p["black"]}
            white = db.integer("board", side, "white_player_id", 0, 2**62, optional=True)
            black = db.integer("board", side, "black_player_id", 0, 2**62, optional=True)
        if board is not None and pid not in (white, black):
            raise InputError(Message("player {} is not on board {}", pid, board), db.place("pairing", p["_row"], "board_id"))
        other = black if pid == white else white
        if other is not None and other not in ids:
            raise InputError(Message("opponent {} is not a player of this tournament", other),
                             db.place("board", board, "black_player_id" if pid == white else "white_player_id"))
        if other is not None and result in _PLAYED:
            t.opponent[i, r - 1] = t.row(ids[other])
            t.colour[i, r - 1] = WHITE if pid == white else BLACK
            t.kind[i, r - 1] = _PLAYED[result]
        elif other is not None and result == 0:  # paired, not played yet
            w, b = (ids[pid], ids[other]) if pid == white else (ids[other], ids[pid])
            pending.add((r, w, b))
        elif result in _BYES:
            t.kind[i, r - 1] = _BYES[result]
        elif result != 0:
            warnings.append(InputWarning(Message("result {} without an opponent in round {}; read as not paired",
                                                 result, r),
                                         db.place("pairing", p["_row"], "result")))
    t.pending = sorted(pending)
    _check_sides(db, t, warnings)


def _check_sides(db: Snapshot, t: Tournament, warnings: list[InputWarning]) -> None:
    """A game only one side's row gives: the other side is completed from it, with a warning."""
    for i, r in zip(*(t.opponent >= 0).nonzero()):
        o = int(t.opponent[i, r])
        if int(t.opponent[o, r]) == NO_OPPONENT and Kind(int(t.kind[o, r])) is Kind.ABSENT:
            t.opponent[o, r], t.colour[o, r] = i, -int(t.colour[i, r])
            t.kind[o, r] = MIRROR[Kind(int(t.kind[i, r]))]
            warnings.append(InputWarning(Message("round {}: the game of {} and {} has a result on one side only; "
                                                 "completed from it",
                                                 r + 1, t.players[i].start_no, t.players[o].start_no),
                                         Place(db.source, field=Message("table {}", "pairing"))))
        elif int(t.opponent[o, r]) != i:
            raise InputError(Message("round {}: {} is paired with {}, who is paired with someone else",
                                     r + 1, t.players[i].start_no, t.players[o].start_no), db.place("board"))
