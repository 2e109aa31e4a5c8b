"""The shape of the Chess-JSON document this program writes (:mod:`tiebreak.formats.chessjson_write`), as TypedDicts:
the keys and value types of each object, in the order they are written.  The reader does not trust a file to have
this shape and checks every field itself (:mod:`tiebreak.formats.chessjson_fields`).

Numbers are written as JSON numbers when their decimal form is exact and as ``"p/q"`` text otherwise (:data:`Number`).

>>> from tiebreak.engine.model import Kind, Player, Tournament
>>> from tiebreak.formats.chessjson import to_dict
>>> t = Tournament.build([Player(1, "Ann"), Player(2, "Bob")], 1)
>>> t.set_game(1, 1, 2, Kind.DRAW)
>>> doc: Document = to_dict(t)
>>> game: Game = doc["event"]["tournaments"][0]["gameList"][0]
>>> game
{'id': 1, 'round': 1, 'white': 1, 'black': 2, 'played': True, 'rated': True, 'wResult': 'D', 'bResult': 'D'}
"""

from __future__ import annotations

from typing import NotRequired, Required, TypedDict

#: an exact number: a JSON number (float) when its decimal text is exact, else the text ``"p/q"``
Number = float | str


class Info(TypedDict):
    fullName: str
    startDate: NotRequired[str]  # ISO dates
    endDate: NotRequired[str]


class RatingList(TypedDict):
    listName: str


class Profile(TypedDict):
    """A person: the event's ``profiles`` hold one per player, ``id`` = the start number."""

    id: int
    lastName: str
    firstName: str
    fideName: str
    sex: str
    federation: str
    fideId: NotRequired[int]
    localId: NotRequired[str]  # an id that is not a FIDE id, as written ('0', leading zeros, letters)
    fideTitle: NotRequired[str]
    birth: NotRequired[str]
    club: NotRequired[str]
    rating: NotRequired[list[int]]  # FIDE, then national when the event has national ratings; 0 = unrated


class TeamEntry(TypedDict):
    """A team in the event's ``teams``: its players' start numbers in board order."""

    id: int
    teamName: str
    federation: str
    players: list[int]


class Ranked(TypedDict, total=False):
    """A competitor's standing, when known: its rank and its values in the order of the tournament's ``rankOrder``
    (null: no value)."""

    rank: int
    tieBreakScore: list[Number | None]


class Competitor(Ranked):
    """A player among a tournament's competitors (``cid`` and ``profileId`` are the start number)."""

    cid: Required[int]
    profileId: Required[int]
    present: Required[bool]
    gamePoints: Required[Number]
    rating: Required[int | None]  # null = unrated (the reference checker reads a 0 as a rating)


class TeamPlayer(Competitor):
    """A player as one of a team's ``cplayers``."""

    order: Required[int]  # board, from 1
    teamId: Required[int]


class TeamCompetitor(Ranked):
    cid: Required[int]
    teamId: Required[int]
    present: Required[bool]
    matchPoints: Required[Number]
    gamePoints: Required[Number]
    cplayers: Required[list[TeamPlayer]]


class Game(TypedDict):
    """A board game from White's side, or a bye (``black`` 0, no ``bResult``), or a game paired and not yet played (no
    ``played``, ``rated`` nor results); see :mod:`tiebreak.formats.chessjson`."""

    id: int
    round: int
    white: int
    black: int
    played: NotRequired[bool]
    rated: NotRequired[bool]
    wResult: NotRequired[str]
    bResult: NotRequired[str]
    colours: NotRequired[bool]  # written only as false: no colours known
    board: NotRequired[int]  # team events: the board within the match


class BlackResult(TypedDict, total=False):
    bResult: str  # not in a team bye


class Match(BlackResult):
    """A team match (``black`` 0: a team bye) with the ``id`` of its board games."""

    id: Required[int]
    round: Required[int]
    white: Required[int]
    black: Required[int]
    played: Required[bool]
    wResult: Required[str]
    games: Required[list[int]]


class ScoreSystemDoc(TypedDict):
    """Points by result letter (``W D L F H Z P A U``) for games and, in team events, for matches; a team bye's game
    points are ``FG HG ZG PG`` (``"W*"``: a win on every board)."""

    game: dict[str, Number]
    match: dict[str, Number]


class Other(TypedDict):
    """What a TRF file holds beyond the format, in ``other.tiebreak`` (so TRF -> JSON -> TRF gives back the file)."""

    typeCode: str
    ratingMethod: str
    plannedRounds: int | None
    rankOrderComplete: bool
    records: list[str]  # TRF record lines not modelled otherwise
    comments: list[str]  # ### comment lines
    forfeitWin: NotRequired[Number]


class OtherDoc(TypedDict):
    tiebreak: Other


class TournamentDoc(TypedDict):
    tournamentNo: int
    name: str
    tournamentType: str
    tournamentInfo: Info
    ratingList: str
    numRounds: int
    currentRound: int
    teamTournament: bool
    teamSize: int
    rankOrder: list[str]
    scoreSystem: ScoreSystemDoc
    gameList: list[Game]
    matchList: list[Match]
    competitors: list[TeamCompetitor | Competitor]
    other: OtherDoc


class Event(TypedDict):
    name: str
    eventName: str
    eventInfo: Info
    ratingLists: list[RatingList]
    profiles: list[Profile]
    teams: list[TeamEntry]
    tournaments: list[TournamentDoc]


class Status(TypedDict):
    code: int
    error: list[str]


class Document(TypedDict):
    """A whole Chess-JSON file: one event."""

    filetype: str
    version: str
    origin: str
    published: str
    status: Status
    event: Event
