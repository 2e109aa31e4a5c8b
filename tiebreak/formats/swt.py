"""Swiss-Chess tournament files (``.swt``, version 8: the German federation's pairing program), individual and team.

Our own reader of the layout the open-source swtparser projects document (their ``structure/`` tables: offsets,
field numbers and value tables; no code of theirs is used).  The file is fixed records, little-endian:

* the header (13,384 bytes): field 1 the planned rounds (offset 1), 3 the rounds paired (5), 4 the players (7),
  31 the system (596: 0 Swiss, 1 round robin), 35 a team event (606, 0xFF), 80 the teams (1332), 81 the scoring (1336:
  0 win 1 draw ½, 1 win 3 draw 1), 65 the event's name (790-829); 43 the first fine tie-break of an
  individual event (621: 3 Buchholz, 4 progressive, 5 Sonneborn-Berger, 6 median Buchholz, 7 sum of Buchholz,
  8 the opponents' average rating, 9 the rating performance), 21 the second (572, the same codes), 30 the number
  of wins as the last tie-break (593) and 5 the results a Buchholz cuts (9): the file's tie-break list;
* when rounds are paired: one 19-byte pairing record per player and planned round (players in file order), then one
  per team and round; each: 4000 colour (byte 8: 1 White, 3 Black, 2/4 a bye), 4001 opponent (9-10: the player's id),
  4002 result (11: low two bits 1 = 0, 2 = ½, 3 = 1; 0 none yet), 4004 table (13), 4005 status (15: 0x02/0x22 won or
  lost by forfeit, 0x03/0x33 not played, 0x01/0x11 adjourned), 4006 board (18);
* one 655-byte record per player: 2000 name (0-31), 2002 title (66-68), 2003 FIDE rating (70-73), 2004 national
  rating (75-78), 2006 federation (105-107), 2008 birth date (128-137), 2013 sex (184), 2016 team (201), 2017 board
  (203), 2020 the player's id (217), 2030 points × 2 (292), 2033 FIDE id (324-335), 2034 the PKZ (the German
  federation's person id, 337-348);
* in a team event one 655-byte record per team: 1000 name (0-31), 1019 the team's number (219), which the
  players' field 2016 names.

Texts are Windows-1252.  Errors name the byte offset and the field.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from ..engine.errors import InputError, InputWarning, Place
from ..engine.messages import Count, Message
from ..engine.model import BLACK, WHITE, Kind, Player, ScoreSystem, Tournament, format_number
from .files import read_input
from .text import MAX_PLAYERS, MAX_ROUNDS, check_size, one_line

HEADER = 13_384
PAIRING, PLAYER, TEAM = 19, 655, 655
MAX_BYTES = 64 * 2**20
MAX_TEAMS = 10_000
_POINTS = {1: Fraction(0), 2: Fraction(1, 2), 3: Fraction(1)}


@dataclass(slots=True)  # a million of them in the largest file accepted: no dict each
class SwtPairing:
    """One player's round as the file holds it (field numbers of the structure tables)."""

    colour: int  # 4000: raw byte
    opponent: int  # 4001: the opponent's id (2020)
    result: int  # 4002: raw byte
    table: int  # 4004
    status: int  # 4005: raw byte
    board: int  # 4006


@dataclass(slots=True)
class SwtPlayer:
    name: str  # 2000
    team_name: str  # 2001
    title: str  # 2002
    fide_rating: str  # 2003
    national_rating: str  # 2004
    federation: str  # 2006
    birth: str  # 2008
    sex: str  # 2013
    team: int  # 2016
    board: int  # 2017
    id: int  # 2020
    points2: int  # 2030: points × 2
    fide_id: str  # 2033
    national_id: str  # 2034: the PKZ, the German federation's person id
    pairings: list[SwtPairing] = field(default_factory=list)


@dataclass
class SwtFile:
    rounds: int  # 1
    paired: int  # 3
    system: int  # 31
    team_event: bool  # 35
    boards: int  # 34
    scoring: int  # 81
    name: str  # 65
    start: str  # 70
    players: list[SwtPlayer]
    teams: list[tuple[int, str]]  # (1019 number, 1000 name)
    #: the individual fine tie-breaks 1 and 2 (fields 43 and 21, value table 84) and the results cut (field 5)
    fine: tuple[int, int, int] = (0, 0, 0)
    #: field 30: the number of wins as the last tie-break
    wins_last: bool = False


class _Bytes:
    def __init__(self, data: bytes, source: str) -> None:
        self.data, self.source = data, source

    def place(self, offset: int, field: int) -> Place:
        """``field``: the number Swiss-Chess's own description of the file gives the field."""
        return Place(self.source, field=Message("byte {} (field {})", offset, field))

    def u8(self, offset: int, field: int) -> int:
        if offset >= len(self.data):
            raise InputError(Message("the file ends at byte {}", len(self.data)), self.place(offset, field))
        return self.data[offset]

    def u16(self, offset: int, field: int) -> int:
        return self.u8(offset, field) | self.u8(offset + 1, field) << 8

    def text(self, start: int, end: int, field: int) -> str:
        if end >= len(self.data):
            raise InputError(Message("the file ends at byte {}", len(self.data)), self.place(start, field))
        raw = self.data[start:end + 1].split(b"\x00", 1)[0]
        return one_line(raw.decode("cp1252", errors="replace")).strip()

    def count(self, offset: int, field: int, high: int) -> int:
        n = self.u16(offset, field)
        if n > high:
            raise InputError(Message("{} is out of range (0-{})", n, high), self.place(offset, field))
        return n


def parse(data: bytes, source: str) -> SwtFile:
    """The records of an SWT file, field by field."""
    b = _Bytes(data, source)
    if len(data) > MAX_BYTES:
        raise InputError(Message("file of {} byte (at most {})", Count(len(data)), Count(MAX_BYTES),
                                 plural="file of {} bytes (at most {})", count=len(data)), Place(source))
    if len(data) < HEADER:
        raise InputError(Message("not a Swiss-Chess file: {} byte, less than its header of {}",
                                 Count(len(data)), Count(HEADER), plural="not a Swiss-Chess file: {} bytes, less than "
                                 "its header of {}", count=len(data)),
                         Place(source))
    rounds = b.count(1, 1, MAX_ROUNDS)
    paired = b.count(5, 3, MAX_ROUNDS)
    n = b.count(7, 4, MAX_PLAYERS)
    team_event = b.u8(606, 35) == 0xFF
    teams = b.count(1332, 80, MAX_TEAMS) if team_event else 0
    pairing_bytes = (n + teams) * rounds * PAIRING if paired else 0
    players_at = HEADER + pairing_bytes
    need = players_at + n * PLAYER + teams * TEAM
    if need > len(data):
        raise InputError(Message("{} players and {} teams in {} rounds need {} bytes; the file has {}",
                                 n, teams, rounds, Count(need), Count(len(data))), b.place(7, 4))
    check_size(n, rounds if paired else 0, b.place(1, 1))  # before a record is read
    players = []
    for k in range(n):
        at = players_at + k * PLAYER
        players.append(SwtPlayer(
            name=b.text(at, at + 31, 2000), team_name=b.text(at + 33, at + 64, 2001),
            title=b.text(at + 66, at + 68, 2002), fide_rating=b.text(at + 70, at + 73, 2003),
            national_rating=b.text(at + 75, at + 78, 2004), federation=b.text(at + 105, at + 107, 2006),
            birth=b.text(at + 128, at + 137, 2008), sex=b.text(at + 184, at + 184, 2013),
            team=b.u16(at + 201, 2016), board=b.u16(at + 203, 2017),
            id=b.u16(at + 217, 2020), points2=b.u16(at + 292, 2030),
            fide_id=b.text(at + 324, at + 335, 2033),
            national_id=b.text(at + 337, at + 348, 2034)))
        if paired:
            for r in range(rounds):
                p = HEADER + (k * rounds + r) * PAIRING
                players[-1].pairings.append(SwtPairing(
                    b.u8(p + 8, 4000), b.u16(p + 9, 4001),
                    b.u8(p + 11, 4002), b.u16(p + 13, 4004),
                    b.u8(p + 15, 4005), b.u8(p + 18, 4006)))
    team_list = []
    for k in range(teams):
        at = players_at + n * PLAYER + k * TEAM
        team_list.append((b.u16(at + 219, 1019), b.text(at, at + 31, 1000)))
    return SwtFile(rounds, paired, b.u8(596, 31), team_event, b.u16(604, 34),
                   b.u8(1336, 81), b.text(790, 829, 65),
                   b.text(1055, 1074, 70), players, team_list,
                   (b.u8(621, 43), b.u8(572, 21), b.u8(9, 5)),
                   b.u8(593, 30) != 0)


def load(path: str | Path, warnings: list[InputWarning] | None = None) -> Tournament:
    warnings = warnings if warnings is not None else []
    return build(parse(read_input(path), str(path)), str(path), warnings)


def _rating(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and 0 < int(text) <= 9999 else None


def build(f: SwtFile, source: str, warnings: list[InputWarning]) -> Tournament:
    """The tournament of the records: start number = the player's id (field 2020)."""
    ids = _ids(f, source)
    players = sorted((_player(p) for p in f.players), key=lambda x: x.start_no)
    rounds = f.rounds if f.paired else 0
    check_size(len(players), rounds, Place(source, field="rounds"))
    score = ScoreSystem(win=Fraction(3), draw=Fraction(1)) if f.scoring == 1 else ScoreSystem()
    t = Tournament.build(players, rounds, name=f.name, score_system=score, source=source,
                         type_text={0: "Swiss System", 1: "Round Robin"}.get(f.system, ""),
                         start_date=_date(f.start))
    t.extra["lines"] = _team_lines(f) if f.team_event else []
    if f.team_event and f.boards:
        t.extra["boards"] = f.boards  # the boards of a match as the arbiter set them (the team engine's when no game says)
    t.extra["publisher"] = "Swiss-Chess"  # ``check``: the program whose figures the file holds
    if not f.team_event:
        t.declared_tiebreaks = _tiebreaks(f, source, warnings)
    t.pending = _read_pairings(t, f, ids, source, warnings)
    for q in t.players:
        if f.scoring == 0 and q.declared_points is not None and q.declared_points != t.points(q.start_no):
            warnings.append(InputWarning(Message("player {}: the points in the file are {}, the results give {}",
                                                 q.start_no, format_number(q.declared_points),
                                                 format_number(t.points(q.start_no))),
                                         Place(source, field=Message("field {}", 2030))))
    t.planned_rounds = f.rounds or None
    return t


def _ids(f: SwtFile, source: str) -> dict[int, int]:
    """Each player's id (field 2020) -> its record's place; an id given twice or zero is an error."""
    ids = {}
    for k, p in enumerate(f.players):
        if p.id in ids or p.id == 0:
            raise InputError(Message("player id {} is given twice or is zero", p.id),
                             Place(source, field=Message("player {} (field {})", k + 1, 2020)))
        ids[p.id] = k
    return ids


def _player(p: SwtPlayer) -> Player:
    """The player of a player record."""
    return Player(start_no=p.id, name=p.name, rating=_rating(p.fide_rating),
                  national_rating=_rating(p.national_rating), title=p.title[:3], federation=p.federation[:3],
                  sex={"m": "m", "M": "m", "w": "w", "W": "w", "f": "w", "F": "w"}.get(p.sex, ""),
                  fide_id=p.fide_id if p.fide_id.isdigit() else "", birth_date=p.birth.strip()[:10],
                  club=p.team_name, declared_points=Fraction(p.points2, 2),
                  national_id=p.national_id.strip())


def _read_pairings(t: Tournament, f: SwtFile, ids: dict[int, int], source: str,
                   warnings: list[InputWarning]) -> list[tuple[int, int, int]]:
    """The players' pairings of the rounds paired, in ``t``'s grid (both sides of each game must name each other;
    both lost by forfeit: a double forfeit); the games paired and not played yet (round, White, Black)."""
    pending: set[tuple[int, int, int]] = set()
    for p in f.players:
        i = t.row(p.id)
        for r, g in enumerate(p.pairings[:f.paired]):
            kind, opponent = _entry(g, ids, p, r, source, warnings)
            if opponent is not None and kind is None:
                w, b = (p.id, opponent) if g.colour == 1 else (opponent, p.id)
                pending.add((r + 1, w, b))
            elif opponent is not None and kind is not None:
                t.opponent[i, r] = t.row(opponent)
                t.colour[i, r] = WHITE if g.colour == 1 else BLACK
                t.kind[i, r] = kind
            elif kind is not None:
                t.kind[i, r] = kind
    for i, r in zip(*(t.opponent >= 0).nonzero()):  # a double forfeit: both sides lost by forfeit
        o = int(t.opponent[i, r])
        if int(t.opponent[o, r]) != i:
            raise InputError(Message("round {}: {} is paired with {}, who is not paired with them",
                                     r + 1, t.players[i].start_no, t.players[o].start_no),
                             Place(source, field=Message("round {} (field {})", r + 1, 4001)))
        if t.kind[i, r] == Kind.FORFEIT_LOSS and t.kind[o, r] == Kind.FORFEIT_LOSS:
            t.kind[i, r] = t.kind[o, r] = Kind.DOUBLE_FORFEIT
    return sorted(pending)


def _entry(g: SwtPairing, ids: dict[int, int], p: SwtPlayer, r: int, source: str,
           warnings: list[InputWarning]) -> tuple[Kind | None, int | None]:
    """The kind of one round and the opponent's id (None, None: not paired; None, id: a game not played yet)."""
    points = g.result & 3
    where = Place(source, field=Message("player {}, round {} (field {})", p.id, r + 1, 4001))
    if g.colour in (2, 4) or (g.colour in (1, 3) and g.opponent not in ids):  # a bye ("spielfrei")
        return ({0: None, 1: Kind.ZPB, 2: Kind.HPB, 3: Kind.PAB}[points], None)
    if g.colour not in (1, 3):
        if g.colour != 0:
            warnings.append(InputWarning(Message("colour byte {} unknown; read as not paired",
                                                 format(g.colour, '#04x')), where))
        return None, None
    if g.opponent == p.id:
        raise InputError(Message("player {} is paired with himself", p.id), where)
    if g.status in (0x03, 0x33):  # not played (a player not fielded)
        return None, None
    if g.status in (0x02, 0x22):  # won or lost by forfeit
        return {0: None, 1: Kind.FORFEIT_LOSS, 2: Kind.DRAW_SHORT, 3: Kind.FORFEIT_WIN}[points], g.opponent
    if g.status in (0x01, 0x11):  # adjourned
        return Kind.UNKNOWN, g.opponent
    return {0: None, 1: Kind.LOSS, 2: Kind.DRAW, 3: Kind.WIN}[points], g.opponent


#: value table 84 (the raw byte): Buchholz, Summenwertung (progressive), Sonneborn-Berger, Mittlere Buchholz (median),
#: Buchholzsumme (sum of Buchholz: the Arbiters' Manual's, 13.13.2), the opponents' average rating, the rating
#: performance
_FINE = {0x03: "BH", 0x04: "PS", 0x05: "SB", 0x06: "BH/M", 0x07: "L-SBH", 0x08: "ARO", 0x09: "TPR"}
#: the codes of value table 84 that have no tie-break of ours for players, by Swiss-Chess's own names (said in a
#: warning): a team event's scores, a rating difference, and scoring systems that are not tie-breaks
_UNMAPPED = {0x01: "Mannschaftspunkte", 0x02: "Brettpunkte", 0x0A: "Rating-Differenz", 0x0C: "Drei-Punkte-Wertung",
             0x0D: "Drei-Punkte-Farbwertung", 0x10: "Berliner Wertung", 0x13: "Schmuljan-Wertung"}


def _tiebreaks(f: SwtFile, source: str, warnings: list[InputWarning]) -> list[str]:
    """The individual event's tie-breaks as our specifiers: fine tie-break 1 (field 43) and 2 (field 21), the
    Buchholz ones with field 5's cuts (the first's values, field 2031, are ours exactly in the test file), then the
    number of wins when field 30 asks for it last.  A code we cannot map is left out with a warning naming it and
    why (the standings then say which players the shorter list leaves to the lot)."""
    cuts = min(f.fine[2], 9)
    out = []
    for k, (raw, number) in enumerate(zip(f.fine[:2], (43, 21)), 1):
        if raw == 0:
            continue
        code = _FINE.get(raw)
        if code is None:
            name = _UNMAPPED.get(raw, "?")
            warnings.append(InputWarning(Message("Swiss-Chess tie-break {} (field {}) is code {} ({}): no tie-break of "
                                                 "C.07, the Arbiters' Manual or USCF ranks players by it; left out of "
                                                 "the list",
                                                 k, number, format(raw, '#04x'), name),
                                         Place(source, field=Message("field {}", number))))
            continue
        if code == "BH" and cuts:
            code = f"BH/C{cuts}"
        elif code == "BH/M":
            code = f"BH/M{cuts or 1}"
        if code not in out:
            out.append(code)
    if f.wins_last and "WIN" not in out:
        out.append("WIN")
    return out


def _team_lines(f: SwtFile) -> list[str]:
    """TRF-16 013 records of the teams: name, then the members by board."""
    lines = []
    for tid, name in f.teams:
        members = sorted((p.board, p.id) for p in f.players if p.team == tid)
        if members:
            lines.append(f"013 {name[:32]:<32}" + " ".join(f"{no:4d}" for _, no in members))
    return lines


def _date(text: str) -> dt.date | None:
    for fmt in ("%d.%m.%Y", "%Y-%m-%d", "%d/%m/%Y"):
        try:
            return dt.datetime.strptime(text.strip(), fmt).date()
        except ValueError:
            continue
    return None

