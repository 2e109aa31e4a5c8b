"""Chess-JSON reader (see :mod:`tiebreak.formats.chessjson` for the format).  Every field is checked for its type
and every number is bounded before it is converted (:mod:`tiebreak.engine.numbers`); problems name the JSON path."""

from __future__ import annotations

import datetime as _dt
import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from ..engine.errors import InputError, InputWarning, Place
from ..engine.model import Kind, Player, ScoreSystem, Tournament, format_number
from ..engine.numbers import MAX_RATING, NumberError, bounded_decimal, bounded_int, exact
from .files import read_input
from .text import MAX_ROUNDS, check_size, one_line

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
    try:  # numbers are bounded on their text, before a Decimal or an int is made of them
        doc = json.loads(data, parse_float=bounded_decimal, parse_int=bounded_int, parse_constant=_no_constant)
    except NumberError as e:
        raise InputError(str(e), Place(source, field="number")) from None
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
            return exact(value)
        except NumberError as e:
            raise self.fail(str(e), path) from None

    def rating(self, value, path: str) -> int | None:
        """A rating (an int from 0 to MAX_RATING; 0 and null mean unrated); anything else is an error."""
        if value is None or value == 0:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_RATING:
            raise self.fail(f"rating {str(value)[:40]!r} is not a rating (0-{MAX_RATING})", path)
        return value

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
            max_round = max(max_round, self.round(g, f"{path}.gameList[{j}]"))
        planned = self.get(other if "plannedRounds" in other else tour,
                           "plannedRounds" if "plannedRounds" in other else "numRounds", int, path, None)
        if planned is not None and not 0 <= planned <= MAX_ROUNDS:
            raise self.fail(f"number of rounds {planned} is out of range (0-{MAX_ROUNDS})", f"{path}.numRounds")
        check_size(len(players), max(max_round, planned or 0), Place(self.source, field=f"{path}.gameList"))
        info = {**self.get(event, "eventInfo", dict, "event", {}), **self.get(tour, "tournamentInfo", dict, path, {})}
        name = _text(self.get(tour, "name", str, path, "")) or _text(info.get("fullName") or event.get("eventName")
                                                                     or event.get("name"))
        rank_order = [_text(x.get("name") if isinstance(x, dict) else x)
                      for x in self.get(tour, "rankOrder", list, path, [])]
        t = Tournament.build(
            players, max(max_round, planned or 0), name=name, start_date=self.date(info, "startDate", path),
            end_date=self.date(info, "endDate", path), planned_rounds=planned,
            type_text=_text(self.get(tour, "tournamentType", str, path, "")),
            type_code=_text(other.get("typeCode")), declared_tiebreaks=[x for x in rank_order if x],
            declared_tiebreaks_complete=bool(other.get("rankOrderComplete", False)), source=self.source,
            extra={key: [one_line(x) for x in self.get(other, key, list, f"{path}.other.tiebreak", [])
                         if isinstance(x, str)] for key in ("records", "comments")})
        t.extra["lines"] = t.extra.pop("records")
        t.rating_method = _text(other.get("ratingMethod")) or "FIDE"
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
        from .dates import parse_date

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
                return (_text(self.get(tm, "teamName", str, f"event.teams[{j}]", "")),
                        _text(self.get(tm, "federation", str, f"event.teams[{j}]", "")))
        return _text(c.get("teamName") or c.get("name")) or f"Team {c.get('cid')}", ""

    def _player(self, c: dict, cpath: str, profiles: dict) -> Player:
        cid = self.get(c, "cid", int, cpath, required=True)
        pid = self.get(c, "profileId", int, cpath, None)
        prof = profiles.get(pid, {}) if pid is not None else {}
        if pid is not None and pid not in profiles:
            self.warn(f"profile {pid} is not in the event's profiles; the player has no name", f"{cpath}.profileId")
        name = _text(prof.get("fideName")) or ", ".join(
            x for x in (_text(prof.get("lastName")), _text(prof.get("firstName"))) if x)
        ppath = f"event.profiles[{pid}]"
        ratings = prof.get("rating") if isinstance(prof.get("rating"), list) else []
        rating = self.rating(c.get("rating"), f"{cpath}.rating")
        if rating is None and ratings:
            rating = self.rating(ratings[0], f"{ppath}.rating[0]")
        national = self.rating(ratings[1], f"{ppath}.rating[1]") if len(ratings) > 1 else None
        fide_id = _text(prof.get("fideId") or prof.get("localId"))  # fideId 0 = none
        sex = _text(prof.get("sex"))
        points = c.get("gamePoints") if c.get("cplayers") is None else None
        rank = c.get("rank")
        return Player(cid, name, rating, "" if sex.lower() == "u" else sex, _text(prof.get("fideTitle")),
                      _text(prof.get("federation")), fide_id, _text(prof.get("birth") or prof.get("yearBirth")),
                      None if points is None else self.number(points, f"{cpath}.gamePoints"),
                      rank if isinstance(rank, int) and not isinstance(rank, bool) and 0 < rank <= 10**7 else None,
                      national_rating=national, club=_text(prof.get("club")))

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

    def round(self, record, rpath: str) -> int:
        rnd = self.get(record, "round", int, rpath, required=True)
        if not 1 <= rnd <= MAX_ROUNDS:
            raise self.fail(f"round {rnd} is out of range (1-{MAX_ROUNDS})", f"{rpath}.round")
        return rnd

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
        if isinstance(size, int) and 0 < size <= 100:
            lines.append("352 " + "WB" * (size // 2) + "W" * (size % 2))
        byes: dict[int, list[int]] = {}
        for j, m in enumerate(self.get(tour, "matchList", list, path, [])):
            mpath = f"{path}.matchList[{j}]"
            rnd = self.round(m, mpath)
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




def _no_constant(name: str):
    raise NumberError(f"{name} is not a number")


def _text(value) -> str:
    """A text field: a string (or a number written where a name was expected) on one line; anything else is empty."""
    if isinstance(value, bool) or not isinstance(value, (str, int, Decimal)):
        return ""
    return one_line(str(value)).strip()
