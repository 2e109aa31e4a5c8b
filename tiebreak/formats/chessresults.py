"""Reader of the Chess-Results XML upload format (``<chessresults>``, as Swiss-Manager and other programs send it).

The file holds the tournament (``tb1no`` ... ``tb5no``: the Swiss-Manager numbers of its tie-break list, see
:mod:`tiebreak.formats.swissmanager`), the players (with the rank and tie-break values the sending program published), each
board's pairing and result (``playerpairing``) and, in team events, the teams and their matches.

Pairings: ``blackno`` -1 is a bye given by the pairing (its ``reswhite`` the points awarded), -2 is "not paired";
``forfeit="K"`` (German *kampflos*) marks a result not played over the board.  Decimal commas (``26,5``) are read.
A team event's teams become TRF-2026 team records (310, 352), so the team engine reads them as it reads a TRF.

The values the file publishes are kept in ``t.extra["published"]`` (start number -> {specifier: value}) and
``t.extra["published_teams"]``, so they can be compared with ours (tests/test_chessresults.py does).

>>> t = load("../shared/peers/chess-results-xml/Single_RoundRobin.xml")
>>> t.declared_tiebreaks, t.player(4).name, t.extra["published"][4]    # tb1no 85, tb2no 68
(['PTS', 'SB', 'WIN'], 'Hampf,Konstantin', {'SB': Fraction(17, 1), 'WIN': Fraction(6, 1)})
"""

from __future__ import annotations

import datetime as _dt
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

from defusedxml import DefusedXmlException
from defusedxml import ElementTree as SafeET

from ..engine.errors import InputError, InputWarning, Place, SpecifierError
from ..engine.messages import Message
from ..engine.model import Kind, Player, Tournament, format_number
from ..engine.numbers import MAX_RATING, NumberError, NumberOutOfRange, parse_int, parse_number
from .files import read_input
from .swissmanager import from_swiss_manager
from .text import MAX_ROUNDS, check_size, one_line

#: the warning's identifier when a player's published points and results disagree: the loader drops it for the
#: players whose published points it reads (``--points-from column``: then those are used, not the results)
POINTS_DISAGREE = "player {}: pts says {} but the results add up to {}; the results are used"

#: Chess-Results ``type``: 0 single Swiss, 1 single round robin, 2 team round robin, 3 team Swiss
TYPES = {"0": "Swiss System", "1": "Round Robin", "2": "Team Round Robin", "3": "Team Swiss System"}
_RESULTS = {"1.0": Fraction(1), "1": Fraction(1), "0.5": Fraction(1, 2), "0.0": Fraction(0), "0": Fraction(0)}
#: (white's, black's) points -> white's kind; played over the board, or (forfeit="K") not
_PLAYED: dict[tuple[Fraction, Fraction], Kind] = {
    (Fraction(1), Fraction(0)): Kind.WIN, (Fraction(1, 2), Fraction(1, 2)): Kind.DRAW, (Fraction(0), Fraction(1)): Kind.LOSS}
_FORFEIT: dict[tuple[Fraction, Fraction], Kind] = {
    (Fraction(1), Fraction(0)): Kind.FORFEIT_WIN, (Fraction(0), Fraction(1)): Kind.FORFEIT_LOSS,
    (Fraction(0), Fraction(0)): Kind.DOUBLE_FORFEIT}
#: a bye's points (None: no result given) -> its kind, for every value of _RESULTS
_PAIRING_BYE: dict[Fraction | None, Kind] = {
    Fraction(1): Kind.PAB, Fraction(1, 2): Kind.HPB, Fraction(0): Kind.ZPB, None: Kind.PAB}
_OTHER_BYE: dict[Fraction | None, Kind] = {
    Fraction(1): Kind.FPB, Fraction(1, 2): Kind.HPB, Fraction(0): Kind.ZPB, None: Kind.ABSENT}
#: team number -> (board, player number) of each of its players
_Members = dict[int, list[tuple[int, int]]]


def load(path: str | Path, warnings: list[InputWarning] | None = None) -> Tournament:
    """Read a Chess-Results XML file."""
    return loads(read_input(path), str(path), warnings)


def loads(data: str | bytes, source: str = "", warnings: list[InputWarning] | None = None) -> Tournament:
    try:  # defusedxml refuses any DTD, whatever the encoding (real uploads have none), so no entity expands
        root = SafeET.fromstring(data, forbid_dtd=True)
    except DefusedXmlException:
        raise InputError("a DOCTYPE or ENTITY declaration is not allowed in a Chess-Results file",
                         Place(source, field="DOCTYPE")) from None
    except ET.ParseError as e:
        line, column = e.position
        raise InputError(Message("not valid XML: {}", str(e).split(':')[0]), Place(source, line, column + 1)) from None
    except (LookupError, ValueError) as e:  # an encoding the parser cannot read ("x-bogus", "utf-32", "rot13")
        raise InputError(Message("the XML declares an encoding that cannot be read ({})", e), Place(source, field="encoding")
                         ) from None
    if root.tag != "chessresults":
        raise InputError(Message("not a Chess-Results file: the root element is <{}>, not <chessresults>", root.tag),
                         Place(source, field="chessresults"))
    return _Reader(source, warnings if warnings is not None else []).read(root)


def _number(text: str, place: Place) -> Fraction | None:
    """``26,5`` / ``7.50`` / ``''`` -> Fraction or None (Chess-Results writes decimal commas in published values);
    a number too large for any real value is an error."""
    text = (text or "").strip()
    if not text:
        return None
    try:
        return parse_number(text)
    except NumberOutOfRange as e:
        raise InputError(e.args[0], place) from None
    except NumberError:
        return None


class _Reader:
    def __init__(self, source: str, warnings: list[InputWarning]) -> None:
        self.source, self.warnings = source, warnings
        self.byes: dict[int, int] = {}  # round -> team with the pairing-allocated bye (team_byes fills it)
        self.bye_points: Fraction | None = None

    def fail(self, message: str, element: str) -> InputError:
        return InputError(message, Place(self.source, field=element))

    def integer(self, e: ET.Element, key: str, where: str, default: int | None = None) -> int:
        text = (e.get(key) or "").strip()
        if not text:
            if default is None:
                raise self.fail(Message("the attribute {} is missing", repr(key)), where)
            return default
        try:
            return parse_int(text, -10**7, 10**7)
        except NumberError as e:
            raise self.fail(Message("attribute {}: {}", key, e), f"{where}@{key}") from None

    def rating(self, e: ET.Element, key: str, where: str) -> int | None:
        value = self.integer(e, key, where, 0)
        if not 0 <= value <= MAX_RATING:
            raise self.fail(Message("rating {} is out of range (0-{})", value, MAX_RATING), f"{where}@{key}")
        return value or None

    def read(self, root: ET.Element) -> Tournament:
        info = root.find("tournamentdata/tournament")
        if info is None:
            raise self.fail("the file has no <tournamentdata><tournament>", "tournamentdata")
        kind = info.get("type", "0").strip()
        team_event = kind in ("2", "3")
        players, teams_of = self.players(root, team_event)
        pairings = root.findall("playerpairings/playerpairing")
        rounds = max([self.integer(info, "rounds", "tournament", 0)]
                     + [self.integer(e, "round", f"playerpairing[{j}]") for j, e in enumerate(pairings, 1)])
        if not 0 <= rounds <= MAX_ROUNDS:
            raise self.fail(Message("number of rounds {} is out of range (0-{})", rounds, MAX_ROUNDS), "tournament@rounds")
        check_size(len(players), rounds, Place(self.source, field="tournament@rounds"))
        tiebreaks, code_of = self.tiebreak_list(info, team_event)
        t = Tournament.build(
            sorted(players, key=lambda p: p.start_no), rounds,
            start_date=self.date(info, "from"), end_date=self.date(info, "to"),
            planned_rounds=self.integer(info, "rounds", "tournament", 0) or None, type_text=TYPES.get(kind, ""),
            name=one_line(info.get("name") or "").strip(),
            declared_tiebreaks=tiebreaks, source=self.source)
        for j, e in enumerate(pairings, 1):
            self.pairing(t, e, f"playerpairing[{j}]")
        if team_event:
            self.team_byes(t, root, info, teams_of)
        self.check_points(t)
        if team_event:  # the players' tb values of a team event are board statistics, not the team list's
            t.extra["lines"] = self.team_records(t, root, info, teams_of)
            t.extra["published_teams"] = {self.integer(e, "no", f"team[{j}]"): self.published(e, code_of)
                                          for j, e in enumerate(root.findall("teams/team"), 1)}
        else:
            t.extra["published"] = {self.integer(e, "no", "player"): self.published(e, code_of)
                                    for e in root.findall("players/player")}
        return t

    def players(self, root: ET.Element, team_event: bool) -> tuple[list[Player], _Members]:
        """The players, in the file's order, each number used once; in a team event, each team's members by
        board."""
        players: list[Player] = []
        teams_of: _Members = {}
        for j, e in enumerate(root.findall("players/player"), 1):
            where = f"player[{j}]"
            no = self.integer(e, "no", where)
            if not 0 < no <= 10**7:
                raise self.fail(Message("player number {} is out of range", no), f"{where}@no")
            players.append(self.player(e, no, where))
            if team_event and self.integer(e, "teamno", where, 0):
                teams_of.setdefault(self.integer(e, "teamno", where), []).append(
                    (self.integer(e, "board", where, 0), no))
        if not players:
            raise self.fail("the file has no players", "players")
        numbers = [p.start_no for p in players]
        if len(set(numbers)) != len(numbers):
            dup = next(n for n in numbers if numbers.count(n) > 1)
            raise self.fail(Message("player number {} is used twice", dup), "players")
        return players, teams_of

    def player(self, e: ET.Element, no: int, where: str) -> Player:
        """The player of element ``e`` (number ``no``)."""
        def text(key: str) -> str:
            return one_line(e.get(key) or "").strip()

        name = ", ".join(x for x in (text("lastname"), text("firstname")) if x)
        fide = self.rating(e, "rtgfide", where) or self.rating(e, "rtg", where)
        return Player(no, name, fide, text("sex").lower()[:1].replace("f", "w"), text("title"),
                      text("fed"), text("fideid"), text("dob"),
                      _number(e.get("pts", ""), Place(self.source, field=f"{where}@pts")),
                      self.integer(e, "rank", where, 0) or None,
                      national_rating=self.rating(e, "rtgnat", where), club=text("club"))

    def check_points(self, t: Tournament) -> None:
        """A warning for each player whose published points the results do not give."""
        for p in t.players:
            got = t.points(p.start_no)
            if p.declared_points is not None and got != p.declared_points:
                self.warnings.append(InputWarning(
                    Message("player {}: pts says {} but the results add up to {}; the results are used",
                            p.start_no, format_number(p.declared_points), format_number(got)), Place(self.source, field="pts")))

    def published(self, e: ET.Element, code_of: dict[int, str]) -> dict[str, Fraction]:
        """The tie-break values element ``e`` was published with, by specifier (``code_of``: the specifier of each
        ``tb<k>`` attribute)."""
        values = {code_of[k]: _number(e.get(f"tb{k}", ""), Place(self.source, field=f"tb{k}")) for k in code_of}
        return {c: v for c, v in values.items() if v is not None}

    def tiebreak_list(self, info: ET.Element, team_event: bool) -> tuple[list[str], dict[int, str]]:
        """Our list for ``tb1no`` ... ``tb5no`` (numbers we cannot translate are left out, with a warning), and
        which specifier each ``tb<k>`` column holds."""
        out = ["MP"] if team_event else ["PTS"]
        code_of: dict[int, str] = {}
        for k in range(1, 6):
            number = self.integer(info, f"tb{k}no", "tournament", 0)
            if not number:
                continue
            detail = [int(x) for x in (info.get(f"tb{k}_detail") or "").replace(";", ",").split(",")
                      if x.strip().isascii() and x.strip().isdigit() and len(x.strip()) <= 4]
            try:
                code = from_swiss_manager(number, detail)
            except SpecifierError as e:
                self.warnings.append(InputWarning(Message("tie-break {} left out: {}", k, e), Place(self.source,
                                                                                        field=f"tournament@tb{k}no")))
                continue
            if team_event and number == 1:
                code = "GP"  # in a team event Swiss-Manager's "points" are the game points (board points)
            code_of[k] = code
            if code not in out:
                out.append(code)
        return out, code_of

    def date(self, info: ET.Element, key: str) -> _dt.date | None:
        text = (info.get(key) or "").strip()
        if not text:
            return None
        try:
            return _dt.date(int(text[:4]), int(text[4:6]), int(text[6:8]))
        except ValueError:
            self.warnings.append(InputWarning(Message("date {} not understood (expected YYYYMMDD)", repr(text)),
                                              Place(self.source, field=f"tournament@{key}")))
            return None

    def pairing(self, t: Tournament, e: ET.Element, where: str) -> None:
        rnd = self.integer(e, "round", where)
        white, black = self.integer(e, "whiteno", where), self.integer(e, "blackno", where, 0)
        if not 1 <= rnd <= t.rounds:
            raise self.fail(Message("round {} is out of range", rnd), f"{where}@round")
        if white <= 0:
            raise self.fail(Message("round {}: whiteno {} is not a player number", rnd, white), f"{where}@whiteno")
        if white == black:
            raise self.fail(Message("round {}: player {} is paired with himself", rnd, white), f"{where}@blackno")
        for no, key in ((white, "whiteno"), (black, "blackno")):
            if no > 0 and no not in t._row_of:
                raise self.fail(Message("round {}: {} is not a player of this tournament", rnd, no), f"{where}@{key}")
            if no > 0 and int(t.kind[t.row(no), rnd - 1]) != Kind.ABSENT:
                raise self.fail(Message("round {}: player {} has two pairings", rnd, no), f"{where}@{key}")
        wres, bres = (e.get("reswhite") or "").strip(), (e.get("resblack") or "").strip()
        w, b = _RESULTS.get(wres), _RESULTS.get(bres)
        if (wres and w is None) or (bres and b is None):
            raise self.fail(Message("round {}: result {}/{} not understood", rnd, repr(wres), repr(bres)), f"{where}@reswhite")
        if black <= 0:  # -1: a bye from the pairing; -2 (or 0): not paired, or a bye the player asked for
            t.set_bye(rnd, white, (_PAIRING_BYE if black == -1 else _OTHER_BYE)[w])
            return
        if w is None and b is None:  # Chess-Results counts such a board 0-0 (its published team points show it)
            t.set_game(rnd, white, black, Kind.DOUBLE_FORFEIT)
            self.warnings.append(InputWarning(Message("round {}: game {}-{} has no result; read as not played (0-0), as "
                                                      "Chess-Results counts it",
                                                      rnd, white, black), Place(self.source, field=where)))
            return
        table = _FORFEIT if (e.get("forfeit") or "").strip() else _PLAYED
        kind = table.get((w if w is not None else Fraction(0), b if b is not None else Fraction(0)))
        if kind is None:
            raise self.fail(Message("round {}: results {}/{} of game {}-{} do not fit together",
                                    rnd, wres, bres, white, black),
                            f"{where}@reswhite")
        t.set_game(rnd, white, black, kind)

    def team_byes(self, t: Tournament, root: ET.Element, info: ET.Element, teams_of: _Members) -> None:
        """A team's pairing-allocated bye (``no2="-1"``) gives its first ``playerperteam`` players without a game
        that round a bye of their own, as the published player points count it."""
        size = self.integer(info, "playerperteam", "tournament", 0) or None
        for j, e in enumerate(root.findall("teampairings/teampairing"), 1):
            if self.integer(e, "no2", f"teampairing[{j}]", 0) != -1:
                continue
            rnd, team = self.integer(e, "round", f"teampairing[{j}]"), self.integer(e, "no1", f"teampairing[{j}]")
            if not 1 <= rnd <= t.rounds:
                raise self.fail(Message("round {} is out of range", rnd), f"teampairing[{j}]@round")
            self.byes[rnd] = team
            self.bye_points = _number(e.get("res1", ""), Place(self.source, field=f"teampairing[{j}]@res1"))
            free = [no for _, no in sorted(teams_of.get(team, [])) if int(t.kind[t.row(no), rnd - 1]) == Kind.ABSENT]
            for no in free[:size]:
                t.set_bye(rnd, no, Kind.PAB)

    def team_records(self, t: Tournament, root: ET.Element, info: ET.Element, teams_of: _Members) -> list[str]:
        """TRF-2026 records 310 (team and its players by board), 352 (board colours) and 320 (team byes) for the
        team engine."""
        lines: list[str] = []
        for j, e in enumerate(root.findall("teams/team"), 1):
            number = self.integer(e, "no", f"team[{j}]")
            if not 0 < number <= 999:
                raise self.fail(Message("team number {} is out of range (1-999)", number), f"team[{j}]@no")
            members = [no for _, no in sorted(teams_of.get(number, []))]
            if any(not 0 < m <= 9999 for m in members):
                raise self.fail(Message("team {}: player numbers of team events run from 1 to 9999", number), f"team[{j}]")
            name = one_line(e.get("teamname") or "").strip()
            lines.append(f"310 {number:3d} {name[:32]:<32} {'':5}".ljust(72) + "".join(f" {m:4d}" for m in members))
        size = self.integer(info, "playerperteam", "tournament", 0)
        if 0 < size <= 100:
            lines.append("352 " + "WB" * (size // 2) + "W" * (size % 2))
        if self.byes:
            cells = "".join(f"{self.byes.get(r, 0):3d} " for r in range(1, max(self.byes) + 1))
            # Chess-Results scores a team bye as a won match (its published match points show it) with the game
            # points of its pairing
            gp = format_number(self.bye_points, 1) if self.bye_points is not None else ""
            lines.append(f"320 {'2.0':>4} {gp:>4} {cells}".rstrip())
        return lines
