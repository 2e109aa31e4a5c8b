"""Chess-JSON: the FIDE TEC JSON tournament format, as the reference checker (TieBreakServer) reads and writes it.

One file holds an ``event`` with ``profiles`` (people), ``teams`` and ``tournaments``; a tournament holds its
``competitors`` (players, or teams with ``cplayers``), the board games in ``gameList`` and, for team events, the matches
in ``matchList``.  A game is ``{"round", "white", "black", "wResult", "bResult", "played", "rated"}`` with competitor
numbers (``black`` 0 = a bye) and result letters ``W D L`` (``A`` unknown, ``Z`` zero, ``P`` pairing-allocated bye).

How each kind of round is written (the reference's own TRF conversion uses the same letters, so both programs read
the other's files the same way):

=====================  ======================================================
kind                   game record
=====================  ======================================================
played ``1 = 0``       ``W/D/L``, played, rated
less than one move     ``W/D/L``, played, not rated
unknown ``X``          ``A/A``, played, not rated
forfeit ``+ -``        ``W/Z``, not played; double forfeit ``Z/Z``
lost by both ``0 0``    ``L/L``, played (not a double forfeit)
PAB ``U``              ``black: 0``, ``P``, played, not rated
byes ``F H Z``         ``black: 0``, ``W``/``D``/``Z``, not played
absent (blank)         no record
=====================  ======================================================

Numbers are written as JSON numbers (the reference parses them as decimals); a value with no finite decimal form is
written as a fraction string (``"1/3"``), which this reader accepts.  What a TRF file holds beyond the format (record
lines it does not model, ``###`` comments, the TRF type code, the rating method) travels in the tournament's
``other.tiebreak`` object, so TRF → JSON → TRF gives back the same file.

>>> from tiebreak.engine.model import Kind, Player, Tournament
>>> t = Tournament.build([Player(1, "Ann"), Player(2, "Bob")], 1)
>>> t.set_game(1, 1, 2, Kind.WIN)
>>> loads(dumps(t)).entry(2, 1).kind.name
'LOSS'
"""

from __future__ import annotations

import datetime as _dt
import json
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path

import numpy as np

from ..engine.errors import InputError, InputWarning, Place
from ..engine.model import BLACK, Kind, Player, ScoreSystem, Tournament, format_number
from .files import read_input

FORMAT_VERSION = "1.0"

#: kind -> (letter for the player, played, rated); the opponent's letter follows from MIRROR.
_LETTERS = {
    Kind.WIN: ("W", True, True), Kind.DRAW: ("D", True, True), Kind.LOSS: ("L", True, True),
    Kind.WIN_SHORT: ("W", True, False), Kind.DRAW_SHORT: ("D", True, False), Kind.LOSS_SHORT: ("L", True, False),
    Kind.UNKNOWN: ("A", True, False), Kind.FORFEIT_WIN: ("W", False, False), Kind.FORFEIT_LOSS: ("Z", False, False),
    Kind.DOUBLE_FORFEIT: ("Z", False, False), Kind.PAB: ("P", True, False), Kind.FPB: ("W", False, False),
    Kind.HPB: ("D", False, False), Kind.ZPB: ("Z", False, False),
}
_BYE_OF_LETTER = {"P": Kind.PAB, "W": Kind.FPB, "F": Kind.FPB, "D": Kind.HPB, "H": Kind.HPB, "Z": Kind.ZPB,
                  "L": Kind.ZPB, "U": Kind.ZPB}
#: ``L/L`` played: a game lost by both sides (e.g. both defaulted after play), not a double forfeit
_PLAYED = {("W", "L"): Kind.WIN, ("D", "D"): Kind.DRAW, ("L", "W"): Kind.LOSS, ("A", "A"): Kind.UNKNOWN,
           ("L", "L"): Kind.LOSS}
_SHORT = {Kind.WIN: Kind.WIN_SHORT, Kind.DRAW: Kind.DRAW_SHORT, Kind.LOSS: Kind.LOSS_SHORT, Kind.UNKNOWN: Kind.UNKNOWN}
_UNPLAYED = {("W", "Z"): Kind.FORFEIT_WIN, ("W", "L"): Kind.FORFEIT_WIN, ("Z", "W"): Kind.FORFEIT_LOSS,
             ("L", "W"): Kind.FORFEIT_LOSS, ("Z", "Z"): Kind.DOUBLE_FORFEIT, ("L", "L"): Kind.DOUBLE_FORFEIT,
             ("Z", "L"): Kind.DOUBLE_FORFEIT, ("L", "Z"): Kind.DOUBLE_FORFEIT}
#: score-system letters (reference) -> ScoreSystem fields
_SCORE_FIELDS = {"W": ("win",), "D": ("draw",), "L": ("loss",), "Z": ("absence", "zero_bye"), "F": ("full_bye",),
                 "H": ("half_bye",), "P": ("pab",), "A": ("unknown",)}


# ---------------------------------------------------------------------------------------------------- writing
def _number(x: Fraction) -> float | str:
    """A JSON number whose text is the exact decimal value (``1.0``, ``0.5``, ``0.1`` ...), else ``"p/q"``.  Points are
    always written with a decimal point: the reference checker keeps whole numbers as integers and prints them so."""
    f = float(x)
    return f if Fraction(repr(f)) == x else f"{x.numerator}/{x.denominator}"


def _score_system(s: ScoreSystem) -> dict:
    kinds = {"W": Kind.WIN, "D": Kind.DRAW, "L": Kind.LOSS, "F": Kind.FPB, "H": Kind.HPB, "Z": Kind.ZPB,
             "P": Kind.PAB, "A": Kind.UNKNOWN, "U": Kind.ABSENT}
    return {letter: _number(s.points(kind)) for letter, kind in kinds.items()}


def _split_name(name: str) -> tuple[str, str]:
    last, sep, first = name.partition(",")
    return (last.strip(), first.strip()) if sep else (name.strip(), "")


def _games(t: Tournament, board_of: dict[tuple[int, int], int] | None = None
           ) -> tuple[list[dict], dict[tuple[int, int], int]]:
    """One record per game (from White's side) or bye; returns them and the game id of each (row, round)."""
    games: list[dict] = []
    ids: dict[tuple[int, int], int] = {}
    for r in range(t.rounds):
        for i, p in enumerate(t.players):
            k = Kind(int(t.kind[i, r]))
            o = int(t.opponent[i, r])
            if k is Kind.ABSENT or (i, r) in ids:
                continue
            letter, played, rated = _LETTERS[k]
            if o < 0:
                g = {"id": len(games) + 1, "round": r + 1, "white": p.start_no, "black": 0, "played": played,
                     "rated": rated, "wResult": letter}
                ids[(i, r)] = g["id"]
            else:
                white, black = (o, i) if int(t.colour[i, r]) == BLACK else (i, o)
                wk, bk = Kind(int(t.kind[white, r])), Kind(int(t.kind[black, r]))
                g = {"id": len(games) + 1, "round": r + 1, "white": t.players[white].start_no,
                     "black": t.players[black].start_no, "played": played, "rated": rated,
                     "wResult": _LETTERS[wk][0], "bResult": _LETTERS[bk][0]}
                if int(t.colour[i, r]) == 0:
                    g["colours"] = False  # no colours known (e.g. a forfeit written as '-' in TRF)
                ids[(i, r)] = ids[(o, r)] = g["id"]
            if board_of:
                g["board"] = board_of.get((i, r), 0)
            games.append(g)
    return games, ids


def to_dict(t: Tournament, ranks: dict[int, int] | None = None, tiebreaks: dict[int, list[Fraction | None]] | None = None,
            origin: str = "", team_ranks: dict[int, int] | None = None,
            team_tiebreaks: dict[int, list[Fraction | None]] | None = None) -> dict:
    """The Chess-JSON document of ``t``.  ``ranks`` and ``tiebreaks`` (start number -> rank / values in the order of
    ``t.declared_tiebreaks``) add computed standings, as the TRF writer adds ranks; ``team_ranks`` and
    ``team_tiebreaks`` (team number -> ...) do the same for the team competitors of a team event."""
    from .. import __version__
    from ..engine import team

    teams = team.read_teams(t)
    board_of = _boards(t, teams) if teams else None
    national = any(p.national_rating for p in t.players)
    rating_lists = [{"listName": "FIDE"}] + ([{"listName": "National"}] if national else [])
    profiles = []
    for p in t.players:
        last, first = _split_name(p.name)
        prof: dict = {"id": p.start_no, "lastName": last, "firstName": first, "fideName": p.name,
                      "sex": p.sex or "u", "federation": p.federation}
        if p.fide_id.isdigit() and str(int(p.fide_id)) == p.fide_id and int(p.fide_id):
            prof["fideId"] = int(p.fide_id)
        elif p.fide_id:
            prof["localId"] = p.fide_id  # kept as written: '0', leading zeros, letters
        if p.title:
            prof["fideTitle"] = p.title
        if p.birth_date.strip():
            prof["birth"] = p.birth_date.strip()
        if p.club.strip():
            prof["club"] = p.club.strip()
        if p.rating or p.national_rating:
            prof["rating"] = [p.rating or 0] + ([p.national_rating or 0] if national else [])
        profiles.append(prof)
    points = {p.start_no: t.points(p.start_no) for p in t.players}

    def competitor(p: Player) -> dict:
        c: dict = {"cid": p.start_no, "profileId": p.start_no, "present": True, "gamePoints": _number(points[p.start_no]),
                   "rating": p.rating or None}  # null = unrated (the reference reads a 0 as a rating)
        rank = (ranks or {}).get(p.start_no, p.declared_rank)
        if rank:
            c["rank"] = rank
        if tiebreaks and p.start_no in tiebreaks:
            c["tieBreakScore"] = [None if v is None else _number(v) for v in tiebreaks[p.start_no]]
        return c

    games, game_id = _games(t, board_of)
    tournament: dict = {
        "tournamentNo": 1, "name": t.name, "tournamentType": t.type_text,
        "tournamentInfo": _info(t), "ratingList": "FIDE", "numRounds": t.planned_rounds or t.rounds,
        "currentRound": t.rounds_with_results, "teamTournament": bool(teams), "teamSize": 0,
        "rankOrder": list(t.declared_tiebreaks), "scoreSystem": {"game": _score_system(t.score_system), "match": {}},
        "gameList": games, "matchList": [],
    }
    other: dict = {"typeCode": t.type_code, "ratingMethod": t.rating_method, "plannedRounds": t.planned_rounds,
                   "rankOrderComplete": t.declared_tiebreaks_complete,
                   "records": list(t.extra.get("lines", [])), "comments": list(t.extra.get("comments", []))}
    if t.score_system.forfeit_win is not None and t.score_system.forfeit_win != t.score_system.win:
        other["forfeitWin"] = _number(t.score_system.forfeit_win)
    if teams:
        tt = team.build(t, teams)
        by_number = {p.start_no: p for p in t.players}
        tournament["teamSize"] = tt.boards
        tournament["scoreSystem"]["match"] = _score_system(tt.match_points) | _team_bye_game_points(tt)
        tournament["competitors"] = [
            {"cid": tm.number, "teamId": tm.number, "present": True,
             "matchPoints": _number(tt.matches.points(tm.number)),
             "gamePoints": _number(Fraction(int(tt.gp[ti].sum()), tt.gp_scale)),
             **({"rank": team_ranks[tm.number]} if team_ranks and tm.number in team_ranks else {}),
             **({"tieBreakScore": [None if v is None else _number(v) for v in team_tiebreaks[tm.number]]}
                if team_tiebreaks and tm.number in team_tiebreaks else {}),
             "cplayers": [dict(competitor(by_number[s]), order=b + 1, teamId=tm.number)
                          for b, s in enumerate(tm.members) if s in by_number]}
            for ti, tm in enumerate(tt.teams)]
        # players in no team (reserves never fielded, withdrawn) stay as plain competitors so nothing is lost
        in_team = {s for tm in tt.teams for s in tm.members}
        tournament["competitors"] += [competitor(p) for p in t.players if p.start_no not in in_team]
        tournament["matchList"] = _matches(t, tt, game_id, start=len(games))
    else:
        tournament["competitors"] = [competitor(p) for p in t.players]
    tournament["other"] = {"tiebreak": other}
    return {
        "filetype": "Event", "version": FORMAT_VERSION, "origin": origin or f"tiebreak {__version__}",
        "published": "", "status": {"code": 0, "error": []},
        "event": {"name": t.name, "eventName": t.name, "eventInfo": _info(t), "ratingLists": rating_lists,
                  "profiles": profiles,
                  "teams": [{"id": tm.number, "teamName": tm.name, "federation": tm.nickname, "players": tm.members}
                            for tm in teams],
                  "tournaments": [tournament]},
    }


def _team_bye_game_points(tt) -> dict:
    """Game points of team byes, in the reference's notation (``W*`` = a win on every board); a pairing-allocated bye
    that the event awarded is written as its number."""
    out: dict = {"FG": "W*", "HG": "D*", "ZG": "Z*", "PG": "P*"}
    pab = np.argwhere(tt.matches.kind == Kind.PAB)
    if len(pab):
        out["PG"] = _number(Fraction(int(tt.gp[tuple(pab[0])]), tt.gp_scale))
    return out


def _boards(t: Tournament, teams) -> dict[tuple[int, int], int]:
    """(row, round index) -> board: the place among the team's members who have a game or bye that round (the team
    engine counts boards the same way)."""
    out = {}
    for tm in teams:
        rows = [t.row(s) for s in tm.members if s in t._row_of]
        for r in range(t.rounds):
            for b, i in enumerate(i for i in rows if int(t.kind[i, r]) != Kind.ABSENT):
                out[(i, r)] = b + 1
    return out


def _info(t: Tournament) -> dict:
    info: dict = {"fullName": t.name}
    if t.start_date:
        info["startDate"] = t.start_date.isoformat()
    if t.end_date:
        info["endDate"] = t.end_date.isoformat()
    return info


def _matches(t: Tournament, tt, game_id: dict[tuple[int, int], int], start: int) -> list[dict]:
    m = tt.matches
    rows_of = [[t.row(s) for s in tm.members if s in t._row_of] for tm in tt.teams]
    out: list[dict] = []
    for r in range(m.rounds):
        for ti in range(len(tt.teams)):
            k, o = Kind(int(m.kind[ti, r])), int(m.opponent[ti, r])
            if k is Kind.ABSENT or (o >= 0 and (int(m.colour[ti, r]) == BLACK or (int(m.colour[ti, r]) == 0 and o < ti))):
                continue
            letter, played, _ = _LETTERS[k]
            rec: dict = {"id": start + len(out) + 1, "round": r + 1, "white": tt.teams[ti].number,
                         "black": tt.teams[o].number if o >= 0 else 0, "played": played, "wResult": letter}
            if o >= 0:
                rec["bResult"] = _LETTERS[Kind(int(m.kind[o, r]))][0]
            # the board records of the match (for a team bye: the members' byes); the reference needs the key
            rec["games"] = sorted({game_id[(i, r)] for i in rows_of[ti] if (i, r) in game_id
                                   and (int(t.opponent[i, r]) >= 0) == (o >= 0)})
            out.append(rec)
    return out


def dumps(t: Tournament, **kw) -> str:
    """Chess-JSON text of ``t`` (see :func:`to_dict` for the keywords)."""
    return json.dumps(to_dict(t, **kw), ensure_ascii=False, indent=1) + "\n"


def dump(t: Tournament, path: str | Path, **kw) -> None:
    Path(path).write_text(dumps(t, **kw), encoding="utf-8")


# ---------------------------------------------------------------------------------------------------- reading
def load(path: str | Path, warnings: list[InputWarning] | None = None) -> Tournament:
    """Read a Chess-JSON file (the first tournament of its event)."""
    return loads(read_input(path), str(path), warnings)


def loads(data: str | bytes, source: str = "", warnings: list[InputWarning] | None = None,
          tournament_no: int | None = None) -> Tournament:
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise InputError(f"not UTF-8 text (byte {e.start})", Place(source, field="encoding")) from None
    try:
        doc = json.loads(data, parse_float=Decimal)
    except json.JSONDecodeError as e:
        raise InputError(f"not valid JSON: {e.msg}", Place(source, e.lineno, e.colno)) from None
    except RecursionError:
        raise InputError("not valid JSON: nested too deeply", Place(source)) from None
    return _Reader(source, warnings if warnings is not None else []).read(doc, tournament_no)


class _Reader:
    def __init__(self, source: str, warnings: list[InputWarning]) -> None:
        self.source, self.warnings = source, warnings

    def fail(self, message: str, path: str) -> InputError:
        return InputError(message, Place(self.source, field=path))

    def warn(self, message: str, path: str) -> None:
        self.warnings.append(InputWarning(message, Place(self.source, field=path)))

    def get(self, obj, key: str, kind: type | tuple, path: str, default=None, required: bool = False):
        if not isinstance(obj, dict):
            raise self.fail("expected an object", path)
        value = obj.get(key, default)
        if value is None:
            if required:
                raise self.fail(f"the field {key!r} is missing", f"{path}.{key}")
            return default
        if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
            raise self.fail(f"expected a number, found {value!r}", f"{path}.{key}")
        if not isinstance(value, kind):
            raise self.fail(f"expected {_kind_name(kind)}, found {type(value).__name__}", f"{path}.{key}")
        return value

    def number(self, value, path: str) -> Fraction:
        try:
            if isinstance(value, str):
                return Fraction(value.replace(",", ".").strip())
            if isinstance(value, bool):
                raise ValueError
            return Fraction(value)
        except (ValueError, ZeroDivisionError, InvalidOperation, TypeError, OverflowError):
            raise self.fail(f"{value!r} is not a number", path) from None

    def read(self, doc, tournament_no: int | None) -> Tournament:
        event = doc.get("event", doc) if isinstance(doc, dict) else None
        if not isinstance(event, dict):
            raise self.fail("expected a Chess-JSON object with an 'event'", "event")
        tournaments = self.get(event, "tournaments", list, "event", required=True)
        if not tournaments:
            raise self.fail("the event holds no tournament", "event.tournaments")
        index = 0
        if tournament_no is not None:
            numbers = [x.get("tournamentNo") if isinstance(x, dict) else None for x in tournaments]
            if tournament_no not in numbers:
                raise self.fail(f"no tournament number {tournament_no} (there are {numbers})", "event.tournaments")
            index = numbers.index(tournament_no)
        path = f"event.tournaments[{index}]"
        tour = tournaments[index]
        if not isinstance(tour, dict):
            raise self.fail("expected an object", path)
        profiles = {}
        for j, prof in enumerate(self.get(event, "profiles", list, "event", [])):
            pid = self.get(prof, "id", int, f"event.profiles[{j}]", required=True)
            profiles[pid] = prof
        other = self.get(tour, "other", dict, path, {}).get("tiebreak", {})
        if not isinstance(other, dict):
            raise self.fail("expected an object", f"{path}.other.tiebreak")
        competitors = self.get(tour, "competitors", list, path, [])
        team_event = bool(self.get(tour, "teamTournament", bool, path, False))
        entrants: list[tuple[dict, str]] = []
        teams: list[tuple[int, str, str, list[int]]] = []
        for j, c in enumerate(competitors):
            cpath = f"{path}.competitors[{j}]"
            cplayers = self.get(c, "cplayers", list, cpath, None)
            if team_event or cplayers is not None:
                number = self.get(c, "cid", int, cpath, required=True)
                members = []
                cplayers = sorted(cplayers or [], key=lambda cp: cp.get("order", 0) if isinstance(cp, dict)
                                  and isinstance(cp.get("order"), int) else 0)
                for b, cp in enumerate(cplayers):
                    members.append(self.get(cp, "cid", int, f"{cpath}.cplayers[{b}]", required=True))
                    entrants.append((cp, f"{cpath}.cplayers[{b}]"))
                team_info = self._team_info(event, c, cpath)
                teams.append((number, team_info[0], team_info[1], members))
            else:
                entrants.append((c, cpath))
        if teams:  # players in start-number order, as a TRF file lists them
            entrants.sort(key=lambda e: e[0].get("cid") if isinstance(e[0].get("cid"), int) else 0)
        players = [self._player(c, p, profiles) for c, p in entrants]
        seen: dict[int, str] = {}
        for p, (_, cpath) in zip(players, entrants):
            if p.start_no in seen:
                raise self.fail(f"competitor number {p.start_no} is used twice (first at {seen[p.start_no]})",
                                f"{cpath}.cid")
            if not 0 < p.start_no <= 10**7:
                raise self.fail(f"competitor number {p.start_no} is out of range", f"{cpath}.cid")
            seen[p.start_no] = cpath
        if not players:
            raise self.fail("the tournament has no competitors", f"{path}.competitors")
        games = self.get(tour, "gameList", list, path, [])
        max_round = 0
        for j, g in enumerate(games):
            rnd = self.get(g, "round", int, f"{path}.gameList[{j}]", required=True)
            if not 1 <= rnd <= 1000:
                raise self.fail(f"round {rnd} is out of range (1-1000)", f"{path}.gameList[{j}].round")
            max_round = max(max_round, rnd)
        planned = self.get(other if "plannedRounds" in other else tour,
                           "plannedRounds" if "plannedRounds" in other else "numRounds", int, path, None)
        if planned is not None and not 0 <= planned <= 1000:
            raise self.fail(f"number of rounds {planned} is out of range (0-1000)", f"{path}.numRounds")
        info = {**self.get(event, "eventInfo", dict, "event", {}), **self.get(tour, "tournamentInfo", dict, path, {})}
        name = self.get(tour, "name", str, path, "") or str(info.get("fullName") or event.get("eventName")
                                                            or event.get("name") or "")
        rank_order = [x if isinstance(x, str) else x.get("name", "") if isinstance(x, dict) else str(x)
                      for x in self.get(tour, "rankOrder", list, path, [])]
        t = Tournament.build(
            players, max(max_round, planned or 0), name=name, start_date=self.date(info, "startDate", path),
            end_date=self.date(info, "endDate", path), planned_rounds=planned,
            type_text=self.get(tour, "tournamentType", str, path, ""),
            type_code=str(other.get("typeCode", "")), declared_tiebreaks=[x for x in rank_order if x],
            declared_tiebreaks_complete=bool(other.get("rankOrderComplete", False)), source=self.source,
            extra={"lines": [str(x) for x in other.get("records", []) if isinstance(x, str)],
                   "comments": [str(x) for x in other.get("comments", []) if isinstance(x, str)]})
        t.rating_method = str(other.get("ratingMethod", "FIDE"))
        t.score_system, t.score_system_source = self._score_system(tour, path, other)
        for j, g in enumerate(games):
            self._game(t, g, f"{path}.gameList[{j}]")
        if teams and not any(x[:3] in ("310", "013") for x in t.extra["lines"]):
            t.extra["lines"] += self._team_records(t, tour, teams, path)
        self._check_points(t, entrants)
        published = self._published(t, entrants)
        if published:
            t.extra["published"] = published
        return t

    def _published(self, t: Tournament, entrants) -> dict[int, dict[str, Fraction]]:
        """The ``tieBreakScore`` values a program published, by start number and specifier of ``rankOrder``
        (kept for ``tiebreak check``; the standings are always computed anew)."""
        out: dict[int, dict[str, Fraction]] = {}
        for p, (c, cpath) in zip(t.players, entrants):
            scores = c.get("tieBreakScore")
            if not isinstance(scores, list):
                continue
            values = {}
            for k, (spec, v) in enumerate(zip(t.declared_tiebreaks, scores)):
                if v is not None and not isinstance(v, (dict, list)):
                    values[spec] = self.number(v, f"{cpath}.tieBreakScore[{k}]")
            out[p.start_no] = values
        return out

    def date(self, info: dict, key: str, path: str) -> _dt.date | None:
        from .trf import parse_date

        text = info.get(key)
        if not isinstance(text, str) or not text.strip():
            return None
        day = parse_date(text.strip())
        if day is None:
            self.warn(f"date {text!r} not understood (expected YYYY-MM-DD); the rule set cannot be chosen by it",
                      f"{path}.tournamentInfo.{key}")
        return day

    def _team_info(self, event: dict, c: dict, cpath: str) -> tuple[str, str]:
        tid = c.get("teamId")
        for j, tm in enumerate(self.get(event, "teams", list, "event", [])):
            if isinstance(tm, dict) and tm.get("id") == tid:
                return (str(self.get(tm, "teamName", str, f"event.teams[{j}]", "")),
                        str(self.get(tm, "federation", str, f"event.teams[{j}]", "")))
        name = c.get("teamName") or c.get("name") or f"Team {c.get('cid')}"
        return str(name), ""

    def _player(self, c: dict, cpath: str, profiles: dict) -> Player:
        cid = self.get(c, "cid", int, cpath, required=True)
        pid = self.get(c, "profileId", int, cpath, None)
        prof = profiles.get(pid, {}) if pid is not None else {}
        if pid is not None and pid not in profiles:
            self.warn(f"profile {pid} is not in the event's profiles; the player has no name", f"{cpath}.profileId")
        name = prof.get("fideName") or ", ".join(x for x in (prof.get("lastName"), prof.get("firstName")) if x)
        ratings = prof.get("rating") if isinstance(prof.get("rating"), list) else []
        rating = c.get("rating") if isinstance(c.get("rating"), int) and not isinstance(c.get("rating"), bool) else None
        if rating is None and ratings and isinstance(ratings[0], int):
            rating = ratings[0]
        national = ratings[1] if len(ratings) > 1 and isinstance(ratings[1], int) else None
        fide_id = prof.get("fideId") or prof.get("localId") or ""  # fideId 0 = none
        sex = str(prof.get("sex") or "")
        points = c.get("gamePoints") if c.get("cplayers") is None else None
        rank = c.get("rank")
        return Player(cid, str(name), rating or None, "" if sex.lower() == "u" else sex, str(prof.get("fideTitle") or ""),
                      str(prof.get("federation") or ""), str(fide_id) if fide_id else "",
                      str(prof.get("birth") or prof.get("yearBirth") or ""),
                      None if points is None else self.number(points, f"{cpath}.gamePoints"),
                      rank if isinstance(rank, int) and not isinstance(rank, bool) and rank > 0 else None,
                      national_rating=national or None, club=str(prof.get("club") or ""))

    def _score_system(self, tour: dict, path: str, other: dict) -> tuple[ScoreSystem, str]:
        system = self.get(tour, "scoreSystem", dict, path, {})
        game = system.get("game") if isinstance(system.get("game"), dict) else None
        if not game:
            return ScoreSystem(), "default"
        spath = f"{path}.scoreSystem.game"
        values: dict[str, Fraction] = {}

        def value(letter: str, depth: int = 0) -> Fraction | None:
            v = game.get(letter)
            if v is None:
                return None
            if isinstance(v, str) and v.rstrip("*") in game and depth < 5:
                return value(v.rstrip("*"), depth + 1)
            return self.number(v, f"{spath}.{letter}")

        for letter in _SCORE_FIELDS:
            v = value(letter)
            if v is not None:
                values[letter] = v
        fields = {f: values[letter] for letter, names in _SCORE_FIELDS.items() if letter in values for f in names}
        if "forfeitWin" in other:
            fields["forfeit_win"] = self.number(other["forfeitWin"], f"{path}.other.tiebreak.forfeitWin")
        main = {f: fields.get(f, getattr(ScoreSystem(), f)) for f in ("win", "draw", "loss", "absence")}
        derived = ScoreSystem(**main)
        # an award that follows the main values is left to follow them (the TRF written later stays as it was read)
        own = {f: v for f, v in fields.items() if f not in main and v != derived.points(_FIELD_KIND[f])}
        return ScoreSystem(**main, **own), "Chess-JSON score system"

    def _game(self, t: Tournament, g: dict, gpath: str) -> None:
        rnd = g["round"]
        white = self.get(g, "white", int, gpath, required=True)
        black = self.get(g, "black", int, gpath, 0)
        wres = str(self.get(g, "wResult", str, gpath, "")).upper()
        bres = str(self.get(g, "bResult", str, gpath, "")).upper()
        played = self.get(g, "played", bool, gpath, True)
        rated = self.get(g, "rated", bool, gpath, True)
        for sno, side in ((white, "white"), (black, "black")):
            if sno and sno not in t._row_of:
                raise self.fail(f"round {rnd}: {sno} is not a competitor of this tournament", f"{gpath}.{side}")
        if not black or not white:
            sno, letter = (white, wres) if white else (black, bres)
            kind = _BYE_OF_LETTER.get(letter)
            if kind is None:
                raise self.fail(f"round {rnd}: bye result {letter!r} not understood (W, D, Z or P)", f"{gpath}.wResult")
            self._clash(t, sno, rnd, gpath)
            t.set_bye(rnd, sno, kind)
            return
        if white == black:
            raise self.fail(f"round {rnd}: player {white} is paired with themself", f"{gpath}.black")
        if not wres and not bres and "played" not in g:  # paired, not played yet (kept for `tiebreak odds`)
            self._clash(t, white, rnd, gpath)
            self._clash(t, black, rnd, gpath)
            t.pending.append((rnd, white, black))
            return
        if not bres:
            bres = {"W": "L", "L": "W", "D": "D", "A": "A", "Z": "W" if not played else "L"}.get(wres, "")
        kind = (_PLAYED if played else _UNPLAYED).get((wres, bres))
        if kind is None:
            alt = (_UNPLAYED if played else _PLAYED).get((wres, bres))
            if alt is None:
                raise self.fail(f"round {rnd}: results {wres!r}/{bres!r} of game {white}-{black} not understood",
                                f"{gpath}.wResult")
            self.warn(f"round {rnd}: game {white}-{black} marked {'played' if played else 'not played'} with "
                      f"results {wres}/{bres}; read as {'not played' if played else 'played'}", f"{gpath}.played")
            kind = alt
        elif played and not rated:
            kind = _SHORT[kind]
        self._clash(t, white, rnd, gpath)
        self._clash(t, black, rnd, gpath)
        t.set_game(rnd, white, black, kind)
        if played and (wres, bres) == ("L", "L"):
            t.kind[t.row(black), rnd - 1] = kind  # lost by both: not mirrored
        if g.get("colours") is False:
            t.colour[t.row(white), rnd - 1] = t.colour[t.row(black), rnd - 1] = 0

    def _clash(self, t: Tournament, sno: int, rnd: int, gpath: str) -> None:
        if int(t.kind[t.row(sno), rnd - 1]) != Kind.ABSENT:
            raise self.fail(f"round {rnd}: player {sno} has two games or byes", gpath)

    def _team_records(self, t: Tournament, tour: dict, teams, path: str) -> list[str]:
        """TRF-2026 team records equivalent to the file's teams and matches (310, 362, 330, 320), for the team
        engine, which reads those."""
        lines = []
        for number, name, nickname, members in teams:
            if not 0 < number <= 999 or any(not 0 < m <= 9999 for m in members):
                raise self.fail(f"team {number}: team numbers run from 1 to 999 and player numbers from 1 to 9999",
                                f"{path}.competitors")
            head = f"310 {number:3d} {name[:32]:<32} {nickname[:5]:<5}".ljust(72)
            lines.append(head + "".join(f" {m:4d}" for m in members))
        match = (tour.get("scoreSystem") or {}).get("match")
        match = match if isinstance(match, dict) else {}
        mp = {k: self.number(v, f"{path}.scoreSystem.match.{k}") for k, v in match.items()
              if k in ("W", "D", "L", "P") and not (isinstance(v, str) and v.rstrip("*") in match)}
        if any(k in mp for k in "WDL"):
            lines.append("362 " + "   ".join(f"T{k} {format_number(mp[k], 1)}" for k in "WDL" if k in mp))
        size = tour.get("teamSize")
        if isinstance(size, int) and size > 0:
            lines.append("352 " + "WB" * (size // 2) + "W" * (size % 2))
        byes: dict[int, list[int]] = {}
        for j, m in enumerate(self.get(tour, "matchList", list, path, [])):
            mpath = f"{path}.matchList[{j}]"
            rnd = self.get(m, "round", int, mpath, required=True)
            white, black = self.get(m, "white", int, mpath, 0), self.get(m, "black", int, mpath, 0)
            wres, bres = str(m.get("wResult", "")).upper(), str(m.get("bResult", "")).upper()
            if not black and white and wres == "P":
                byes.setdefault(rnd, []).append(white)
            elif white and black and m.get("played") is False:
                code = {("W", "Z"): "+-", ("W", "L"): "+-", ("Z", "W"): "-+", ("L", "W"): "-+"}.get((wres, bres), "--")
                lines.append(f"330 {code} {rnd:3d} {white:3d} {black:3d}")
        if byes:
            rounds = max(byes)
            cells = "".join(f"{(byes.get(r) or [0])[0]:3d} " for r in range(1, rounds + 1))
            pab = format_number(mp["P"], 1) if "P" in mp else ""
            lines.append(f"320 {pab:>4} {'':4} {cells}".rstrip())
        return lines

    def _check_points(self, t: Tournament, entrants) -> None:
        for p, (_, cpath) in zip(t.players, entrants):
            if p.declared_points is not None:
                got = t.points(p.start_no)
                if got != p.declared_points:
                    self.warn(f"player {p.start_no}: gamePoints says {format_number(p.declared_points)} but the results "
                              f"add up to {format_number(got)}; the results are used", f"{cpath}.gamePoints")


_FIELD_KIND = {"win": Kind.WIN, "draw": Kind.DRAW, "loss": Kind.LOSS, "absence": Kind.ABSENT, "zero_bye": Kind.ZPB,
               "full_bye": Kind.FPB, "half_bye": Kind.HPB, "pab": Kind.PAB, "unknown": Kind.UNKNOWN,
               "forfeit_win": Kind.FORFEIT_WIN}


def _kind_name(kind) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = {int: "a whole number", str: "a text", list: "a list", dict: "an object", bool: "true or false",
             Decimal: "a number"}
    return " or ".join(dict.fromkeys(names.get(k, k.__name__) for k in kinds))


