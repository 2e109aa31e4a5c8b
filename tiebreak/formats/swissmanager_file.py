"""Swiss-Manager's own tournament files, byte by byte: ``.TUNX`` (individual Swiss), ``.TURX`` (individual round
robin), ``.TUTX`` (team round robin), ``.TUMX`` (team Swiss); one layout, the kind in the configuration.

Our own reader of the layout the public notes of echecsjs/tunx (``README.md``) and zyf0717/chess-results-api
(``docs/swiss-manager-format.md``) describe, checked on the files of ``../shared/corpus/swiss-manager`` (no code of
theirs is used).  Integers are little-endian; a text is a 16-bit count of UTF-16 code units, then the units.  A
section starts with a marker, a tag byte then ``FF 89 44``:

* ``93`` the header: 108 bytes (the chess-results tournament number, 32-bit, at byte 32), then 132 texts: 0 the name,
  1 the subtitle, 3 the tournament director, 4 the organiser, 5 the place, 6 the arbiters, 10 the city, 14 the time
  control, 20 the federation, 21 the chief arbiter, 35 the deputy chief arbiters;
* ``95`` the configuration (offsets from its marker): 15 the kind (0 Swiss, 1 round robin, 2 team round robin,
  3 team Swiss), 21 the last round paired, 23 the players, 27 the rounds, 31 the tie-breaks and from 33 their numbers
  (16-bit, at most 9), 51 the teams, 53 the boards of a match, 75 and 79 the first and last days (YYYYMMDD), from 655
  each tie-break's 19 bytes of parameters, 1275 the FIDE event number;
* ``A3`` one record per round: 16 texts (0 the time) and 76 bytes (0 the day, 6 the board games, 8 the team matches);
* ``A5`` one record per player, in start-number order: 18 texts (0 the last name, 1 the first name, 4 the title,
  5 the national id, 9 the club, 10 the federation) and 134 bytes (30 the sex, 1 a woman; 32 the FIDE rating,
  34 the national rating, 38 the birth date YYYYMMDD with 0 for an unknown month or day, 48 the FIDE id, 52 the
  team's number, 54 the board);
* ``B3`` the board games of every round, round after round (the counts of ``A3``), 21 bytes each: White's and
  Black's start numbers (16-bit; Black ``FFFF`` a bye, ``FFFE`` not paired, 0 an empty board of a team), the result
  (0 none yet, 1 White won, 2 a draw, 3 Black won, 4 White won by forfeit, 5 Black won by forfeit, 6 a double
  forfeit, 9 the pairing-allocated bye, 10 both lost);
* ``B5`` one record per team: 5 texts (the name, the short name, the captain, the federation, the group) and 96 bytes;
* ``C3`` the team matches of every round, 15 bytes each: the two teams' numbers (the second ``FFFF`` a bye, ``FFFE``
  not paired), then their stored scores (half points);
* ``D3`` the directory, the last 36 bytes: its marker, the offsets of the sections after the configuration (zero
  when absent; the last one is the directory itself), the end marker ``E3 FF 89 44``.

Every count and offset is checked against the file's size before it is used; an error names the byte and the section.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

from ..engine.errors import InputError, Place
from ..engine.messages import Count, Message

MAGIC = b"\x93\xff\x89\x44"
END = b"\xe3\xff\x89\x44"
HEADER = 108
HEADER_TEXTS = 132
DIRECTORY = 36
MAX_BYTES = 64 * 2**20
#: the configuration's offsets (from its marker)
KIND, PAIRED, PLAYERS, ROUNDS, TIEBREAKS, TEAMS, BOARDS, FIRST_DAY, LAST_DAY = 15, 21, 23, 27, 31, 51, 53, 75, 79
TIEBREAK_PARAMETERS, PARAMETER_BYTES, MAX_TIEBREAKS, FIDE_EVENT = 655, 19, 9, 1275
CONFIGURATION = FIDE_EVENT + 4
GAME, MATCH = 21, 15
BYE, NOT_PAIRED = 0xFFFF, 0xFFFE
#: the kinds of event (configuration offset 15) and the extension Swiss-Manager gives each
KINDS = {0: ("Swiss System", ".TUNX"), 1: ("Round Robin", ".TURX"), 2: ("Team Round Robin", ".TUTX"),
         3: ("Team Swiss System", ".TUMX")}
# the file's parts, named in an error's place (worded by the faces in the reader's language)
HEADER_PART = Message("header", context="file section")
CONFIGURATION_PART = Message("configuration", context="file section")
DIRECTORY_PART = Message("directory", context="file section")
_SECTIONS = {0xA3: Message("rounds", context="file section"), 0xA5: Message("players", context="file section"),
             0xB3: Message("games", context="file section"), 0xB5: Message("teams", context="file section"),
             0xC3: Message("team matches", context="file section")}


@dataclass
class SmPlayer:
    texts: list[str]
    sex: int
    rating: int
    national_rating: int
    birth: int
    fide_id: int
    team: int
    board: int


@dataclass
class SmGame:
    white: int
    black: int
    result: int
    offset: int  #: where the record starts in the file (for the messages)


@dataclass
class SmMatch:
    first: int
    second: int
    scores: tuple[int, int]  #: half points
    offset: int


@dataclass
class SmRound:
    day: int
    time: str
    games: list[SmGame] = field(default_factory=list)
    matches: list[SmMatch] = field(default_factory=list)


@dataclass
class SmFile:
    kind: int
    number: int  #: the chess-results tournament number
    texts: list[str]
    paired: int
    first_day: int
    last_day: int
    fide_event: int
    boards: int
    #: the configured tie-breaks: (Swiss-Manager's number, its 19 parameter bytes, the byte they start at)
    tiebreaks: list[tuple[int, bytes, int]]
    players: list[SmPlayer]
    teams: list[list[str]]
    rounds: list[SmRound]

    @property
    def team_event(self) -> bool:
        return self.kind in (2, 3)


def is_swiss_manager(head: bytes) -> bool:
    """Whether the file's first bytes are Swiss-Manager's header marker.

    >>> is_swiss_manager(MAGIC + bytes(8)), is_swiss_manager(b"012 Open")
    (True, False)
    """
    return head[:4] == MAGIC


class _Reader:
    """Reading inside one section: every read checked against the section's end."""

    def __init__(self, data: bytes, source: str, start: int, end: int, section: Message) -> None:
        self.data, self.source, self.at, self.end, self.section = data, source, start, end, section

    def fail(self, message: str, what: str = "") -> InputError:
        field = Message("byte {} ({}: {})", self.at, self.section, what) if what else \
            Message("byte {} ({})", self.at, self.section)
        return InputError(message, Place(self.source, field=field))

    def take(self, n: int, what: str) -> bytes:
        if self.at + n > self.end:
            raise self.fail(Message("the section ends at byte {}", self.end), what)
        out = self.data[self.at:self.at + n]
        self.at += n
        return out

    def text(self, what: str) -> str:
        units = struct.unpack("<H", self.take(2, what))[0]
        return self.take(2 * units, what).decode("utf-16-le", errors="replace")

    def texts(self, n: int, what: str) -> list[str]:
        return [self.text(Message("{}, text {}", what, k)) for k in range(n)]

    @property
    def left(self) -> int:
        return self.end - self.at


def _u16(b: bytes, at: int) -> int:
    return int.from_bytes(b[at:at + 2], "little")


def _u32(b: bytes, at: int) -> int:
    return int.from_bytes(b[at:at + 4], "little")


def parse(data: bytes, source: str) -> SmFile:
    """The records of a Swiss-Manager file, section by section (an InputError naming the byte and the section when
    the file is not whole)."""
    if len(data) > MAX_BYTES:
        raise InputError(Message("file of {} byte (at most {})", Count(len(data)), Count(MAX_BYTES),
                                 plural="file of {} bytes (at most {})", count=len(data)), Place(source))
    if not is_swiss_manager(data):
        raise InputError("not a Swiss-Manager file: it does not start with Swiss-Manager's marker 93 FF 89 44",
                         Place(source, field=Message("byte {} ({})", 0, HEADER_PART)))
    sections = _directory(data, source)
    header = _Reader(data, source, HEADER, sections[0][1], HEADER_PART)
    number = _u32(data, 32)
    texts = header.texts(HEADER_TEXTS, Message("the event's texts"))
    if header.left < CONFIGURATION or data[header.at:header.at + 4] != b"\x95\xff\x89\x44":
        raise header.fail(Message("the configuration ({} bytes from its marker 95 FF 89 44) is not here",
                                  Count(CONFIGURATION)))
    cfg = data[header.at:sections[0][1]]
    at = header.at
    kind = _u16(cfg, KIND)
    if kind not in KINDS:
        raise InputError(Message("event kind {} is not known (0-3)", kind),
                         Place(source, field=Message("byte {} ({})", at + KIND, CONFIGURATION_PART)))
    count = _u16(cfg, TIEBREAKS)
    if count > MAX_TIEBREAKS:
        raise InputError(Message("{} tie-breaks (at most {})", count, MAX_TIEBREAKS),
                         Place(source, field=Message("byte {} ({})", at + TIEBREAKS, CONFIGURATION_PART)))
    first = at + TIEBREAK_PARAMETERS
    tiebreaks = [(_u16(cfg, TIEBREAKS + 2 + 2 * k),
                  cfg[TIEBREAK_PARAMETERS + PARAMETER_BYTES * k:TIEBREAK_PARAMETERS + PARAMETER_BYTES * (k + 1)],
                  first + PARAMETER_BYTES * k) for k in range(count)]
    team_event = kind in (2, 3)
    by_tag = {tag: (start, end) for tag, start, end in sections}
    for tag in (0xA3, 0xA5, 0xB3) + ((0xB5, 0xC3) if team_event else ()):
        if tag not in by_tag:
            raise InputError(Message("a section is missing (marker {} FF 89 44)", format(tag, '02X')),
                             Place(source, field=Message("the directory (last 36 bytes): {}", _SECTIONS[tag])))
    players = _players(data, source, by_tag[0xA5], _u16(cfg, PLAYERS), at + PLAYERS)
    teams = _teams(data, source, by_tag[0xB5], _u16(cfg, TEAMS)) if team_event else []
    rounds = _rounds(data, source, by_tag, _u16(cfg, ROUNDS), team_event)
    return SmFile(kind, number, texts, cfg[PAIRED], _u32(cfg, FIRST_DAY), _u32(cfg, LAST_DAY), _u32(cfg, FIDE_EVENT),
                  _u16(cfg, BOARDS) if team_event else 0, tiebreaks, players, teams, rounds)


def _directory(data: bytes, source: str) -> list[tuple[int, int, int]]:
    """The sections after the configuration: (tag, start, end), from the directory at the file's end."""
    at = len(data) - DIRECTORY
    where = Place(source, field=Message("byte {} ({})", max(at, 0), DIRECTORY_PART))
    if at < HEADER or data[at + 1:at + 4] != b"\xff\x89\x44" or data[at] != 0xD3 or data[-4:] != END:
        raise InputError("the file does not end with Swiss-Manager's directory (D3 FF 89 44 ... E3 FF 89 44): it is "
                         "cut short, or being written", where)
    offsets = [_u32(data, at + 4 + 4 * k) for k in range(7)]
    used = [x for x in offsets if x]
    if not used or used[-1] != at or any(b <= a for a, b in zip(used, used[1:])) or used[0] <= HEADER:
        raise InputError(Message("the directory's offsets {} do not lead to it in order", used), where)
    sections = []
    for start, end in zip(used, used[1:]):
        if end - start < 4 or data[start + 1:start + 4] != b"\xff\x89\x44":
            raise InputError("the directory points to no section marker",
                             Place(source, field=Message("byte {} ({})", start, DIRECTORY_PART)))
        sections.append((data[start], start, end))
    return sections


def _players(data: bytes, source: str, span: tuple[int, int], count: int, count_at: int) -> list[SmPlayer]:
    r = _Reader(data, source, span[0] + 4, span[1], _SECTIONS[0xA5])
    if count * (18 * 2 + 134) > r.left:
        raise InputError(Message("{} records do not fit in the {} bytes of the section", count, Count(r.left)),
                         Place(source, field=Message("byte {} ({}: {})", count_at, CONFIGURATION_PART, _SECTIONS[0xA5])))
    players = []
    for k in range(count):
        texts = r.texts(18, Message("player {}", k + 1))
        b = r.take(134, Message("player {}", k + 1))
        players.append(SmPlayer(texts, _u16(b, 30), _u16(b, 32), _u16(b, 34), _u32(b, 38), _u32(b, 48), _u16(b, 52),
                                _u16(b, 54)))
    if r.left:
        raise r.fail(Message("{} bytes are left after the {} records the configuration announces", r.left, count))
    return players


def _teams(data: bytes, source: str, span: tuple[int, int], count: int) -> list[list[str]]:
    r = _Reader(data, source, span[0] + 4, span[1], _SECTIONS[0xB5])
    if count * (5 * 2 + 96) > r.left:
        raise r.fail(Message("{} records do not fit in the {} bytes of the section", count, Count(r.left)))
    teams = []
    for k in range(count):
        teams.append(r.texts(5, Message("team {}", k + 1)))
        r.take(96, Message("team {}", k + 1))
    if r.left:
        raise r.fail(Message("{} bytes are left after the {} records the configuration announces", r.left, count))
    return teams


def _rounds(data: bytes, source: str, by_tag: dict[int, tuple[int, int]], count: int,
            team_event: bool) -> list[SmRound]:
    r = _Reader(data, source, by_tag[0xA3][0] + 4, by_tag[0xA3][1], _SECTIONS[0xA3])
    if count * (16 * 2 + 76) > r.left:
        raise r.fail(Message("{} records do not fit in the {} bytes of the section", count, Count(r.left)))
    games = _Reader(data, source, by_tag[0xB3][0] + 4, by_tag[0xB3][1], _SECTIONS[0xB3])
    matches = _Reader(data, source, by_tag[0xC3][0] + 4, by_tag[0xC3][1], _SECTIONS[0xC3]) if team_event else None
    rounds = []
    for k in range(count):
        texts = r.texts(16, Message("round {}", k + 1))
        b = r.take(76, Message("round {}", k + 1))
        rnd = SmRound(_u32(b, 0), texts[0])
        for _ in range(_u16(b, 6)):
            at = games.at
            g = games.take(GAME, Message("round {}'s games", k + 1))
            rnd.games.append(SmGame(_u16(g, 0), _u16(g, 2), g[4], at))
        for _ in range(_u16(b, 8) if matches is not None else 0):
            assert matches is not None
            at = matches.at
            m = matches.take(MATCH, Message("round {}'s team matches", k + 1))
            rnd.matches.append(SmMatch(_u16(m, 0), _u16(m, 2), (_u16(m, 4), _u16(m, 6)), at))
        rounds.append(rnd)
    if r.left:
        raise r.fail(Message("{} bytes are left after the {} records the configuration announces", r.left, count))
    for rest in (games, matches):
        if rest is not None and rest.left:
            raise rest.fail(Message("{} bytes are left after the records the rounds count", rest.left))
    return rounds
