"""Swiss-Manager's own tournament files (``.TUNX``, ``.TURX``, ``.TUTX``, ``.TUMX``, recognised by their content) as a
tournament: the records of :mod:`.swissmanager_file` in our model.

* Start number = the player's place in the file (Swiss-Manager's starting rank, which its games name); the name is
  "last name, first name"; the title is kept when it is a FIDE title (GM IM FM CM WGM WIM WFM WCM), a national one
  (NM, CNM, MK ...) is not; the rating is the FIDE rating, the national rating beside it.
* The event: its name, first and last days and kind; the city (text 10, else the place, text 5), federation, chief
  arbiter, deputies (text 35, one per ``;``), time control and the days of the rounds are kept as the TRF header
  records 022, 032, 102, 112, 122 and 132 (``convert`` writes them); the chess-results tournament number and the FIDE
  event number as ``extra["chess_results"]`` / ``extra["fide_event"]`` and a comment of the TRF.
* Every round's records: played games (1-3), forfeits either way (4, 5), double forfeits (6), both players lost
  (10: two losses, as the file scores it), games with no result yet (0: ``Tournament.pending``; they count nothing
  until played); byes: ``FFFF`` is the pairing-allocated bye (9, or 0 while its round is in play), ``FFFE`` a player
  not paired with 1 (a full-point bye), 2 (a half-point bye) or 3 (no point: a zero-point bye, as Swiss-Manager's TRF
  export writes ``0000 - -``), 0 nothing yet (a blank).  A team's board whose other side is empty (0) is, for the player
  present, a full-point bye when won (the team has the board point) and a zero-point bye when lost.
* Teams: TRF-16 013 records (the team's name, its players by board); the matches are built from the board games.
* The tie-break list of the configuration through :mod:`.swissmanager` (points first; a team event: the match or game
  points it starts with); parameters read: byte 0, the weakest results cut (Buchholz, Sonneborn-Berger, the
  opponents' rating), and byte 2, the Koya limit in % or a team tie-break's type; any other parameter byte, and a
  number with no equivalent, is named in a warning, never guessed.

>>> _birth(19670000), _birth(20110523), _birth(0)
('1967/00/00', '2011/05/23', '')
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ..engine.errors import InputError, InputWarning, Place, SpecifierError
from ..engine.messages import Message
from ..engine.model import Kind, Player, Tournament
from ..engine.numbers import MAX_RATING
from ..engine.registry import parse as parse_specifier
from ..engine.team_matches import has_teams
from ..engine.team_tiebreaks import parse_team
from .files import read_input
from .swissmanager import from_swiss_manager
from .swissmanager_file import BYE, CONFIGURATION_PART, KINDS, NOT_PAIRED, SmFile, SmGame, SmPlayer, parse
from .text import check_size, one_line

FIDE_TITLES = {"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"}
#: a game's result code -> White's kind (Black's is its mirror); 10: both lost, set apart
_GAMES = {1: Kind.WIN, 2: Kind.DRAW, 3: Kind.LOSS, 4: Kind.FORFEIT_WIN, 5: Kind.FORFEIT_LOSS, 6: Kind.DOUBLE_FORFEIT}
#: a bye's result code -> the kind, for Black FFFF (the pairing-allocated bye) and FFFE (not paired)
_BYES = {BYE: {9: Kind.PAB, 0: Kind.PAB, 1: Kind.PAB},
         NOT_PAIRED: {1: Kind.FPB, 2: Kind.HPB, 3: Kind.ZPB, 4: Kind.FPB, 5: Kind.ZPB, 0: Kind.ABSENT}}
#: a board whose other side is empty (a team event), by the result seen from the present player: won, a full-point
#: bye (the team has the board point; TRF and Chess-Results write a win without an opponent so), lost, a zero-point bye
_EMPTY_BOARD = {1: Kind.FPB, 4: Kind.FPB, 3: Kind.ZPB, 5: Kind.ZPB, 6: Kind.ZPB}
#: the tie-breaks whose byte 0 is the number of weakest results cut, and the cuts read (the older variable Buchholz
#: and Sonneborn-Berger, 37 and 52, keep flags there: 0 or 1 only); they are read as 84, 85 (C.07's BH and SB)
_CUTS = {84: 3, 85: 3, 80: 3, 82: 3, 37: 1, 52: 1}
_OLDER = {37: 84, 52: 85}
#: Swiss-Manager's ESB types (its parameter 1, byte 2)
_ESB = {0: "EMMSB", 1: "EMGSB", 2: "EGMSB", 3: "EGGSB"}
#: text numbers of the header: name, city, place, time control, federation, chief arbiter, deputies
NAME, PLACE, CITY, TIME_CONTROL, FEDERATION, CHIEF, DEPUTIES = 0, 5, 10, 14, 20, 21, 35


def load(path: str | Path, warnings: list[InputWarning] | None = None) -> Tournament:
    warnings = warnings if warnings is not None else []
    return build(parse(read_input(path), str(path)), str(path), warnings)


def build(f: SmFile, source: str, warnings: list[InputWarning]) -> Tournament:
    """The tournament of the records."""
    players = [_player(no, p) for no, p in enumerate(f.players, 1)]
    check_size(len(players), len(f.rounds), Place(source, field="rounds"))
    text = [one_line(x).strip() for x in f.texts]
    t = Tournament.build(players, len(f.rounds), name=text[NAME], source=source, type_text=KINDS[f.kind][0],
                         start_date=_day(f.first_day), end_date=_day(f.last_day))
    t.extra["lines"] = _header_records(f, text) + (_team_lines(f, source, warnings) if f.team_event else [])
    if f.team_event and f.boards:
        t.extra["boards"] = f.boards  # the boards of a match as the arbiter set them (the team engine's when no game says)
    t.extra["comments"] = [f"### Swiss-Manager file{', chess-results tournament ' + str(f.number) if f.number else ''}"
                           f"{', FIDE event ' + str(f.fide_event) if f.fide_event else ''}"]
    t.extra["publisher"] = "Swiss-Manager"  # ``check``: the program whose figures the file holds
    if f.number:
        t.extra["chess_results"] = f.number
    if f.fide_event:
        t.extra["fide_event"] = f.fide_event
    pending: list[tuple[int, int, int]] = []
    for r, rnd in enumerate(f.rounds, 1):
        seen: set[int] = set()
        for g in rnd.games:
            game = _game(t, g, r, len(players), seen, source, warnings)
            if game is not None:
                pending.append(game)
    t.pending = pending
    t.declared_tiebreaks = tiebreak_list(f, source, warnings, has_teams(t))
    return t


def _player(no: int, p: SmPlayer) -> Player:
    last, first = (one_line(x).strip() for x in p.texts[:2])
    title = one_line(p.texts[4]).strip().upper()
    return Player(start_no=no, name=f"{last}, {first}" if first else last,
                  rating=p.rating if 0 < p.rating <= MAX_RATING else None,
                  national_rating=p.national_rating if 0 < p.national_rating <= MAX_RATING else None,
                  title=title if title in FIDE_TITLES else "", federation=one_line(p.texts[10]).strip()[:3],
                  fide_id=str(p.fide_id) if p.fide_id else "", birth_date=_birth(p.birth),
                  sex="w" if p.sex == 1 else "m", club=one_line(p.texts[9]).strip()[:200],
                  national_id=one_line(p.texts[5]).strip(" ,;")[:20])


def _game(t: Tournament, g: SmGame, r: int, n: int, seen: set[int], source: str,
          warnings: list[InputWarning]) -> tuple[int, int, int] | None:
    """One record into the grid (a game with no result yet is returned, for ``pending``)."""
    where = Place(source, field=Message("byte {} ({})", g.offset, Message("round {}'s games", r)))
    white, black, code = g.white, g.black, g.result
    for no in (white, black):
        if 0 < no <= n and no in seen:
            raise InputError(Message("player {} is paired twice in round {}", no, r), where)
        if no not in (0, BYE, NOT_PAIRED) and not 0 < no <= n:
            raise InputError(Message("player {} is not in the file (1-{})", no, n), where)
    seen.update(x for x in (white, black) if 0 < x <= n)
    if white in (BYE, NOT_PAIRED) or (white == 0 and black in (0, BYE, NOT_PAIRED)):
        if white or black or code:
            raise InputError(Message("a record without a player (White {}, Black {}, result {})", white, black, code), where)
        return None  # an empty board slot (a team round robin's fixed boards)
    if black in (BYE, NOT_PAIRED):
        _bye(t, r, white, black, code, where, warnings)
        return None
    if white == 0 or black == 0:
        _one_side(t, r, white, black, code, where, warnings)
        return None
    return _played(t, r, white, black, code, where, warnings)


def _bye(t: Tournament, r: int, player: int, bye: int, code: int, where: Place, warnings: list[InputWarning]) -> None:
    """A player's bye (``bye``: Swiss-Manager's bye or not-paired number) of result ``code``."""
    kind = _BYES[bye].get(code)
    if kind is None:
        warnings.append(InputWarning(Message("result {} of player {}'s bye ({}) is not known; read as not paired",
                                             code, player, format(bye, '04X')), where))
    elif kind is not Kind.ABSENT:
        t.set_bye(r, player, kind)


def _one_side(t: Tournament, r: int, white: int, black: int, code: int, where: Place,
              warnings: list[InputWarning]) -> None:
    """A team's board with one side empty (``white`` or ``black`` is 0): the present player's result alone."""
    present, seen_from_white = (black, False) if white == 0 else (white, True)
    kind = _EMPTY_BOARD.get(code if seen_from_white else {1: 3, 3: 1, 4: 5, 5: 4}.get(code, code))
    if kind is None and code:
        warnings.append(InputWarning(Message("result {} on a board without an opponent is not known; player {} read "
                                             "as not paired",
                                             code, present), where))
    elif kind is not None:
        t.set_bye(r, present, kind)


def _played(t: Tournament, r: int, white: int, black: int, code: int, where: Place,
            warnings: list[InputWarning]) -> tuple[int, int, int] | None:
    """A game between two players; returned when it has no result yet (or one this reader does not know)."""
    if code == 0:
        return (r, white, black)
    if code == 10:  # both lost (0-0): a loss on each side, the game played
        t.set_game(r, white, black, Kind.LOSS)
        t.kind[t.row(black), r - 1] = Kind.LOSS
        return None
    kind = _GAMES.get(code)
    if kind is None:
        warnings.append(InputWarning(Message("result {} of the game {}-{} is not known; read as not played yet",
                                             code, white, black),
                                     where))
        return (r, white, black)
    t.set_game(r, white, black, kind)
    return None


def tiebreak_list(f: SmFile, source: str, warnings: list[InputWarning], team: bool) -> list[str]:
    """Our list for the configured tie-breaks, points first (a team event: the match or game points the list starts
    with, else match points); a number with no equivalent, or a parameter byte this reader does not understand, is
    named in a warning (the number is then left out, or read without that byte), and so is a tie-break that does not
    fit the event as it is ranked (``team``: its teams, else its players: a team file without players yet)."""
    check = parse_team if team else parse_specifier
    out: list[str] = [] if team else ["PTS"]
    for k, (number, raw, at) in enumerate(f.tiebreaks, 1):
        where = Place(source, field=Message("byte {} ({})", at, CONFIGURATION_PART))  # the message names the tie-break
        unread = [i for i, b in enumerate(raw) if b and not _reads(number, i, b, team)]
        if unread:
            shown = " ".join(f"{i}:{raw[i]}" for i in unread)
            warnings.append(InputWarning(Message("tie-break {} (Swiss-Manager's {}): parameter bytes {} are not "
                                                 "understood and not used; check the tie-break list",
                                                 k, number, shown), where))
        try:
            code = _specifier(number, raw, team)
            check(code)
        except SpecifierError as e:
            warnings.append(InputWarning(Message("tie-break {} left out: {}", k, e), where))
            continue
        if code not in out:
            out.append(code)
    return out if out[:1] in (["PTS"], ["MP"], ["GP"]) else ["MP", *out]


def _reads(number: int, byte: int, value: int, team_event: bool) -> bool:
    """Whether this reader understands parameter byte ``byte`` (of value ``value``) of tie-break ``number``."""
    if byte == 0:
        return value <= _CUTS.get(number, -1)
    return byte == 2 and (number == 87 or (team_event and number in (82, 84)))


def _specifier(number: int, raw: bytes, team_event: bool) -> str:
    """Our specifier for Swiss-Manager's ``number`` with the parameter bytes we read."""
    if team_event and number == 1:
        return "GP"  # in a team event Swiss-Manager's "points" are the game points
    cut = raw[0] if _reads(number, 0, raw[0], team_event) else 0
    if number == 87:
        return from_swiss_manager(87, [0, raw[2]])
    if number == 82 and team_event and raw[2] in _ESB:
        return _ESB[raw[2]] + (f"/C{cut}" if cut else "")
    base = _OLDER.get(number, number)
    if base in (80, 84, 85):
        spec = from_swiss_manager(base, [0, 0, cut])
        return spec.replace("BH", "BH:MP", 1) if team_event and base == 84 and raw[2] == 1 else spec
    return from_swiss_manager(number)


def _header_records(f: SmFile, text: list[str]) -> list[str]:
    """TRF header records of the event's details (city, federation, arbiters, time control, the rounds' days)."""
    lines = []
    city = text[CITY] or text[PLACE]
    for code, value in (("022", city), ("032", text[FEDERATION]), ("102", text[CHIEF])):
        if value:
            lines.append(f"{code} {value}")
    lines += [f"112 {x.strip()}" for x in text[DEPUTIES].split(";") if x.strip()]
    if text[TIME_CONTROL]:
        lines.append(f"122 {text[TIME_CONTROL]}")
    days = [_day(rnd.day) for rnd in f.rounds]
    if any(days):  # TRF 132: one date every 10 columns from column 92
        lines.append(("132" + " " * 88 + "".join((f"{d:%y/%m/%d}" if d else " " * 8) + "  " for d in days)).rstrip())
    return lines


def _team_lines(f: SmFile, source: str, warnings: list[InputWarning]) -> list[str]:
    """TRF-16 013 records of the teams: the name, then the members by board."""
    members: dict[int, list[tuple[int, int]]] = {}
    for no, p in enumerate(f.players, 1):
        if 0 < p.team <= len(f.teams):
            members.setdefault(p.team, []).append((p.board, no))
        elif p.team:
            raise InputError(Message("player {}'s team {} is not in the file (1-{})", no, p.team, len(f.teams)),
                             Place(source, field=Message("player {} (players)", no)))
    lines = []
    for k, texts in enumerate(f.teams, 1):
        name = one_line(texts[0]).strip() or f"Team {k}"
        lines.append(f"013 {name[:32]:<32}" + " ".join(f"{no:4d}" for _, no in sorted(members.get(k, []))))
    return lines


def _day(value: int) -> dt.date | None:
    try:
        return dt.date(value // 10_000, value // 100 % 100, value % 100) if value else None
    except ValueError:
        return None


def _birth(value: int) -> str:
    """``YYYY/MM/DD`` with 00 for an unknown month or day (``19670000`` is 1967/00/00); empty when not given."""
    year, month, day = value // 10_000, value // 100 % 100, value % 100
    return f"{year:04d}/{month:02d}/{day:02d}" if 1000 <= year <= 9999 and month <= 12 and day <= 31 else ""
