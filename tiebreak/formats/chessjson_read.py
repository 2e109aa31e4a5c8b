"""Chess-JSON reader (see :mod:`tiebreak.formats.chessjson` for the format).  Every field is checked for its type
and every number is bounded before it is converted (:mod:`tiebreak.engine.numbers`); problems name the JSON path."""

from __future__ import annotations

import datetime as _dt
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..engine.errors import InputError, InputWarning, Place
from ..engine.messages import Message
from ..engine.model import Kind, Player, ScoreSystem, Tournament, format_number
from ..engine.numbers import NumberError, bounded_decimal, bounded_int
from .chessjson_fields import Fields, is_array, is_object, no_constant
from .chessjson_fields import text as _text
from .dates import parse_date
from .files import read_input
from .text import MAX_ROUNDS, check_size, one_line

#: the warning's identifier when a player's published points and results disagree: the loader drops it for the
#: players whose published points it reads (``--points-from column``: then those are used, not the results)
POINTS_DISAGREE = "player {}: gamePoints says {} but the results add up to {}; the results are used"

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
#: the competitors to read as players, each with its JSON path
_Entrants = list[tuple[dict[str, object], str]]
#: a team: its number, name, federation (or nickname) and members' numbers
_Team = tuple[int, str, str, list[int]]


def load(path: str | Path, warnings: list[InputWarning] | None = None) -> Tournament:
    """Read a Chess-JSON file (the first tournament of its event)."""
    return loads(read_input(path), str(path), warnings)


def loads(data: str | bytes, source: str = "", warnings: list[InputWarning] | None = None,
          tournament_no: int | None = None) -> Tournament:
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise InputError(Message("not UTF-8 text (byte {})", e.start), Place(source, field="encoding")) from None
    try:  # numbers are bounded on their text, before a Decimal or an int is made of them
        doc: object = json.loads(data, parse_float=bounded_decimal, parse_int=bounded_int, parse_constant=no_constant)
    except NumberError as e:
        raise InputError(e.args[0], Place(source, field="number")) from None
    except json.JSONDecodeError as e:
        raise InputError(Message("not valid JSON: {}", e.msg), Place(source, e.lineno, e.colno)) from None
    except RecursionError:
        raise InputError("not valid JSON: nested too deeply", Place(source)) from None
    return _Reader(source, warnings if warnings is not None else []).read(doc, tournament_no)


class _Reader(Fields):
    def read(self, doc: object, tournament_no: int | None) -> Tournament:
        event, tour, path = self._tournament(doc, tournament_no)
        profiles = self._profiles(event)
        other = self.obj(self.mapping(tour, "other", path).get("tiebreak", {}), f"{path}.other.tiebreak")
        entrants, teams, team_published = self._competitors(event, tour, path)
        players = [self._player(c, p, profiles) for c, p in entrants]
        self._check_numbers(players, entrants, path)
        games: list[dict[str, object]] = []
        max_round = 0
        for j, g in enumerate(self.array(tour, "gameList", path)):
            games.append(self.obj(g, f"{path}.gameList[{j}]"))
            max_round = max(max_round, self.round(games[-1], f"{path}.gameList[{j}]"))
        planned = self._planned_rounds(tour, other, path)
        check_size(len(players), max(max_round, planned or 0), Place(self.source, field=f"{path}.gameList"))
        t = self._build(event, tour, other, path, players, max(max_round, planned or 0), planned)
        for j, g in enumerate(games):
            self._game(t, g, f"{path}.gameList[{j}]")
        if teams and not any(x[:3] in ("310", "013") for x in t.extra["lines"]):
            t.extra["lines"] += self._team_records(t, tour, teams, path)
        if team_published:
            t.extra["team_published"] = team_published
        self._check_points(t, entrants)
        published = self._published(t, entrants)
        if published:
            t.extra["published"] = published
        return t

    def _tournament(self, doc: object, tournament_no: int | None) -> tuple[dict[str, object], dict[str, object], str]:
        """The event, the tournament read (``tournament_no``, else the first) and its JSON path."""
        event = doc.get("event", doc) if is_object(doc) else None
        if not is_object(event):
            raise self.fail("expected a Chess-JSON object with an 'event'", "event")
        tournaments: list[object] = self.need(event, "tournaments", list, "event")
        if not tournaments:
            raise self.fail("the event holds no tournament", "event.tournaments")
        index = 0
        if tournament_no is not None:
            numbers = [x.get("tournamentNo") if is_object(x) else None for x in tournaments]
            if tournament_no not in numbers:
                raise self.fail(Message("no tournament number {} (there are {})", tournament_no, numbers), "event.tournaments")
            index = numbers.index(tournament_no)
        path = f"event.tournaments[{index}]"
        return event, self.obj(tournaments[index], path), path

    def _profiles(self, event: dict[str, object]) -> dict[int, dict[str, object]]:
        """The event's person records, by id."""
        profiles: dict[int, dict[str, object]] = {}
        for j, prof in enumerate(self.array(event, "profiles", "event")):
            prof = self.obj(prof, f"event.profiles[{j}]")
            profiles[self.need(prof, "id", int, f"event.profiles[{j}]")] = prof
        return profiles

    def _competitors(self, event: dict[str, object], tour: dict[str, object],
                     path: str) -> tuple[_Entrants, list[_Team], dict[int, dict[str, Any]]]:
        """The competitors to read as players (a team's members, in start-number order in a team event), the teams
        and the figures each team was published with (rank, matchPoints, gamePoints)."""
        competitors = self.array(tour, "competitors", path)
        team_event = bool(self.get(tour, "teamTournament", bool, path, False))
        entrants: _Entrants = []
        teams: list[_Team] = []
        team_published: dict[int, dict[str, Any]] = {}
        for j, c in enumerate(competitors):
            cpath = f"{path}.competitors[{j}]"
            c = self.obj(c, cpath)
            cplayers: list[object] | None = self.get(c, "cplayers", list, cpath, None)
            if team_event or cplayers is not None:
                teams.append(self._team(event, c, cpath, cplayers or [], entrants))
                figures = self._team_figures(c, cpath)
                if "rank" in figures:  # figures a program published with its standings
                    team_published[teams[-1][0]] = figures
            else:
                entrants.append((c, cpath))
        if teams:  # players in start-number order, as a TRF file lists them
            entrants.sort(key=lambda e: _whole(e[0], "cid"))
        return entrants, teams, team_published

    def _team(self, event: dict[str, object], c: dict[str, object], cpath: str, cplayers: list[object],
              entrants: _Entrants) -> _Team:
        """A team competitor: its number, name, federation and members (added to ``entrants``, by board)."""
        number = self.need(c, "cid", int, cpath)
        members: list[int] = []
        for b, cp in enumerate(sorted(cplayers, key=lambda cp: _whole(cp, "order"))):
            cp = self.obj(cp, f"{cpath}.cplayers[{b}]")
            members.append(self.need(cp, "cid", int, f"{cpath}.cplayers[{b}]"))
            entrants.append((cp, f"{cpath}.cplayers[{b}]"))
        name, federation = self._team_info(event, c, cpath)
        return number, name, federation, members

    def _team_figures(self, c: dict[str, object], cpath: str) -> dict[str, Any]:
        """A team competitor's published match and game points and rank (a rank out of bounds left out)."""
        figures: dict[str, Any] = {code: self.number(c[key], f"{cpath}.{key}")
                                   for code, key in (("MP", "matchPoints"), ("GP", "gamePoints")) if key in c}
        rank = c.get("rank")
        if isinstance(rank, int) and not isinstance(rank, bool) and 0 < rank <= 10**7:
            figures["rank"] = rank
        return figures

    def _check_numbers(self, players: list[Player], entrants: _Entrants, path: str) -> None:
        """Each competitor number used once and in range; at least one competitor."""
        seen: dict[int, str] = {}
        for p, (_, cpath) in zip(players, entrants):
            if p.start_no in seen:
                raise self.fail(Message("competitor number {} is used twice (first at {})",
                                        p.start_no, seen[p.start_no]),
                                f"{cpath}.cid")
            if not 0 < p.start_no <= 10**7:
                raise self.fail(Message("competitor number {} is out of range", p.start_no), f"{cpath}.cid")
            seen[p.start_no] = cpath
        if not players:
            raise self.fail("the tournament has no competitors", f"{path}.competitors")

    def _planned_rounds(self, tour: dict[str, object], other: dict[str, object], path: str) -> int | None:
        """The number of rounds planned: ``plannedRounds`` of the tie-break extension, else ``numRounds``."""
        planned = self.get(other if "plannedRounds" in other else tour,
                           "plannedRounds" if "plannedRounds" in other else "numRounds", int, path, None)
        if planned is not None and not 0 <= planned <= MAX_ROUNDS:
            raise self.fail(Message("number of rounds {} is out of range (0-{})", planned, MAX_ROUNDS), f"{path}.numRounds")
        return planned

    def _build(self, event: dict[str, object], tour: dict[str, object], other: dict[str, object], path: str,
               players: list[Player], rounds: int, planned: int | None) -> Tournament:
        """The tournament of ``players`` without its games: what the event, the tournament and the tie-break
        extension say of it (name, dates, type, tie-break list, records kept for the writer, score system)."""
        info = {**self.mapping(event, "eventInfo", "event"), **self.mapping(tour, "tournamentInfo", path)}
        name = _text(self.get(tour, "name", str, path, "")) or _text(info.get("fullName") or event.get("eventName")
                                                                     or event.get("name"))
        rank_order = [_text(x.get("name") if is_object(x) else x) for x in self.array(tour, "rankOrder", path)]
        t = Tournament.build(
            players, rounds, name=name, start_date=self.date(info, "startDate", path),
            end_date=self.date(info, "endDate", path), planned_rounds=planned,
            type_text=_text(self.get(tour, "tournamentType", str, path, "")),
            type_code=_text(other.get("typeCode")), declared_tiebreaks=[x for x in rank_order if x],
            declared_tiebreaks_complete=bool(other.get("rankOrderComplete", False)), source=self.source,
            extra={key: [one_line(x) for x in self.array(other, key, f"{path}.other.tiebreak") if isinstance(x, str)]
                   for key in ("records", "comments")})
        t.extra["lines"] = t.extra.pop("records")
        t.rating_method = _text(other.get("ratingMethod")) or "FIDE"
        t.score_system = self._score_system(tour, path, other)
        return t

    def _published(self, t: Tournament, entrants: _Entrants) -> dict[int, dict[str, Fraction]]:
        """The ``tieBreakScore`` values a program published, by start number and specifier of ``rankOrder``
        (kept for ``tiebreak check``; the standings are always computed anew)."""
        out: dict[int, dict[str, Fraction]] = {}
        for p, (c, cpath) in zip(t.players, entrants):
            scores = c.get("tieBreakScore")
            if not is_array(scores):
                continue
            values: dict[str, Fraction] = {}
            for k, (spec, v) in enumerate(zip(t.declared_tiebreaks, scores)):
                if v is not None and not isinstance(v, (dict, list)):
                    values[spec] = self.number(v, f"{cpath}.tieBreakScore[{k}]")
            out[p.start_no] = values
        return out

    def date(self, info: dict[str, object], key: str, path: str) -> _dt.date | None:
        text = info.get(key)
        if not isinstance(text, str) or not text.strip():
            return None
        day = parse_date(text.strip())
        if day is None:
            self.warn(Message("date {} not understood (expected YYYY-MM-DD); the rule set cannot be chosen by it",
                              repr(text)),
                      f"{path}.tournamentInfo.{key}")
        return day

    def _team_info(self, event: dict[str, object], c: dict[str, object], cpath: str) -> tuple[str, str]:
        tid = c.get("teamId")
        for j, tm in enumerate(self.array(event, "teams", "event")):
            if is_object(tm) and tm.get("id") == tid:
                return (_text(self.get(tm, "teamName", str, f"event.teams[{j}]", "")),
                        _text(self.get(tm, "federation", str, f"event.teams[{j}]", "")))
        return _text(c.get("teamName") or c.get("name")) or f"Team {c.get('cid')}", ""

    def _player(self, c: dict[str, object], cpath: str, profiles: dict[int, dict[str, object]]) -> Player:
        cid = self.need(c, "cid", int, cpath)
        pid = self.get(c, "profileId", int, cpath, None)
        prof = profiles.get(pid, {}) if pid is not None else {}
        if pid is not None and pid not in profiles:
            self.warn(Message("profile {} is not in the event's profiles; the player has no name", pid), f"{cpath}.profileId")
        name = _text(prof.get("fideName")) or ", ".join(
            x for x in (_text(prof.get("lastName")), _text(prof.get("firstName"))) if x)
        ppath = f"event.profiles[{pid}]"
        listed = prof.get("rating")
        ratings = listed if is_array(listed) else []
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

    def _score_system(self, tour: dict[str, object], path: str, other: dict[str, object]) -> ScoreSystem:
        given = self.mapping(tour, "scoreSystem", path).get("game")
        game = given if is_object(given) else None
        if not game:
            return ScoreSystem()
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
        return ScoreSystem(**main, **own)

    def round(self, record: object, rpath: str) -> int:
        rnd = self.need(record, "round", int, rpath)
        if not 1 <= rnd <= MAX_ROUNDS:
            raise self.fail(Message("round {} is out of range (1-{})", rnd, MAX_ROUNDS), f"{rpath}.round")
        return rnd

    def _game(self, t: Tournament, g: dict[str, object], gpath: str) -> None:
        rnd = self.round(g, gpath)  # checked already, while the number of rounds was found
        white = self.need(g, "white", int, gpath)
        black = self.get(g, "black", int, gpath, 0)
        wres = self.get(g, "wResult", str, gpath, "").upper()
        bres = self.get(g, "bResult", str, gpath, "").upper()
        played = self.get(g, "played", bool, gpath, True)
        rated = self.get(g, "rated", bool, gpath, True)
        for sno, side in ((white, "white"), (black, "black")):
            if sno and sno not in t._row_of:
                raise self.fail(Message("round {}: {} is not a competitor of this tournament", rnd, sno), f"{gpath}.{side}")
        if not black or not white:
            sno, letter = (white, wres) if white else (black, bres)
            kind = _BYE_OF_LETTER.get(letter)
            if kind is None:
                raise self.fail(Message("round {}: bye result {} not understood (W, D, Z or P)", rnd, repr(letter)),
                                f"{gpath}.wResult")
            self._clash(t, sno, rnd, gpath)
            t.set_bye(rnd, sno, kind)
            return
        if white == black:
            raise self.fail(Message("round {}: player {} is paired with themself", rnd, white), f"{gpath}.black")
        if not wres and not bres and "played" not in g:  # paired, not played yet (kept for `tiebreak odds`)
            self._clash(t, white, rnd, gpath)
            self._clash(t, black, rnd, gpath)
            t.pending.append((rnd, white, black))
            return
        kind, bres = self._kind(wres, bres, played, rated, (rnd, white, black), gpath)
        self._clash(t, white, rnd, gpath)
        self._clash(t, black, rnd, gpath)
        t.set_game(rnd, white, black, kind)
        if played and (wres, bres) == ("L", "L"):
            t.kind[t.row(black), rnd - 1] = kind  # lost by both: not mirrored
        if g.get("colours") is False:
            t.colour[t.row(white), rnd - 1] = t.colour[t.row(black), rnd - 1] = 0

    def _kind(self, wres: str, bres: str, played: bool, rated: bool, game: tuple[int, int, int],
              gpath: str) -> tuple[Kind, str]:
        """The kind of ``game`` (round, white, black) by its results (``bres``: the black side's, as given or as it
        follows from white's), ``played`` and ``rated``; a game marked played with the results of one not played (or
        the reverse) is read as its results say, with a warning."""
        rnd, white, black = game
        if not bres:
            bres = {"W": "L", "L": "W", "D": "D", "A": "A", "Z": "W" if not played else "L"}.get(wres, "")
        kind = (_PLAYED if played else _UNPLAYED).get((wres, bres))
        if kind is None:
            alt = (_UNPLAYED if played else _PLAYED).get((wres, bres))
            if alt is None:
                raise self.fail(Message("round {}: results {}/{} of game {}-{} not understood",
                                        rnd, repr(wres), repr(bres), white, black),
                                f"{gpath}.wResult")
            self.warn(Message("round {}: game {}-{} marked {} with results {}/{}; read as {}",
                              rnd, white, black, 'played' if played else 'not played', wres, bres,
                              'not played' if played else 'played'),
                      f"{gpath}.played")
            kind = alt
        elif played and not rated:
            kind = _SHORT[kind]
        return kind, bres

    def _clash(self, t: Tournament, sno: int, rnd: int, gpath: str) -> None:
        if int(t.kind[t.row(sno), rnd - 1]) != Kind.ABSENT:
            raise self.fail(Message("round {}: player {} has two games or byes", rnd, sno), gpath)

    def _team_records(self, t: Tournament, tour: dict[str, object], teams: list[_Team],
                      path: str) -> list[str]:
        """TRF-2026 team records equivalent to the file's teams and matches (310, 362, 330, 320), for the team
        engine, which reads those."""
        lines: list[str] = []
        for number, name, nickname, members in teams:
            if not 0 < number <= 999 or any(not 0 < m <= 9999 for m in members):
                raise self.fail(Message("team {}: team numbers run from 1 to 999 and player numbers from 1 to 9999",
                                        number),
                                f"{path}.competitors")
            head = f"310 {number:3d} {name[:32]:<32} {nickname[:5]:<5}".ljust(72)
            lines.append(head + "".join(f" {m:4d}" for m in members))
        given = self.mapping(tour, "scoreSystem", path).get("match")  # an object: _score_system checked it
        match = given if is_object(given) else {}
        mp = {k: self.number(v, f"{path}.scoreSystem.match.{k}") for k, v in match.items()
              if k in ("W", "D", "L", "P") and not (isinstance(v, str) and v.rstrip("*") in match)}
        if any(k in mp for k in "WDL"):
            lines.append("362 " + "   ".join(f"T{k} {format_number(mp[k], 1)}" for k in "WDL" if k in mp))
        size = tour.get("teamSize")
        if isinstance(size, int) and 0 < size <= 100:
            lines.append("352 " + "WB" * (size // 2) + "W" * (size % 2))
        byes: dict[int, list[int]] = {}
        for j, m in enumerate(self.array(tour, "matchList", path)):
            mpath = f"{path}.matchList[{j}]"
            m = self.obj(m, mpath)
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

    def _check_points(self, t: Tournament, entrants: _Entrants) -> None:
        for p, (_, cpath) in zip(t.players, entrants):
            if p.declared_points is not None:
                got = t.points(p.start_no)
                if got != p.declared_points:
                    self.warn(Message("player {}: gamePoints says {} but the results add up to {}; the results are used",
                                      p.start_no, format_number(p.declared_points), format_number(got)), f"{cpath}.gamePoints")


_FIELD_KIND = {"win": Kind.WIN, "draw": Kind.DRAW, "loss": Kind.LOSS, "absence": Kind.ABSENT, "zero_bye": Kind.ZPB,
               "full_bye": Kind.FPB, "half_bye": Kind.HPB, "pab": Kind.PAB, "unknown": Kind.UNKNOWN,
               "forfeit_win": Kind.FORFEIT_WIN}


def _whole(obj: object, key: str) -> int:
    """An object's whole-number field (what to sort by), 0 when it has none."""
    value = obj.get(key) if is_object(obj) else None
    return value if isinstance(value, int) else 0
