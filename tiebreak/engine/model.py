"""The tournament model: participants, one entry per participant per round, and the score system.

The model is deliberately array-shaped: a tournament of N players and R rounds holds three N x R
tables (opponent, entry kind, colour).  Readers fill them, the engine computes whole-tournament passes
over them, and :meth:`Tournament.entry` gives a friendly per-round view for everything else.

>>> from tiebreak.engine.model import Kind
>>> Kind.FORFEIT_WIN.trf_code, Kind.PAB.trf_code
('+', 'U')
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field, replace
from enum import IntEnum
from fractions import Fraction
from math import lcm
from typing import Any

import numpy as np

NO_OPPONENT = -1


class Kind(IntEnum):
    """What happened to one participant in one round (C.07 Art. 15-16 vocabulary).

    The TRF result code is given for each kind; see ``../shared/spec/trf.md`` §2.
    """

    WIN = 0  #: ``1`` won over the board
    DRAW = 1  #: ``=`` drew over the board
    LOSS = 2  #: ``0`` lost over the board
    WIN_SHORT = 3  #: ``W`` won, game lasted less than one move (unrated, still over the board)
    DRAW_SHORT = 4  #: ``D`` drew, less than one move
    LOSS_SHORT = 5  #: ``L`` lost, less than one move
    UNKNOWN = 6  #: ``X``/``?``/PGN ``*`` paired, result not known yet: a pending game, worth nothing by default
    FORFEIT_WIN = 7  #: ``+`` won by forfeit (Art. 16.2.2)
    FORFEIT_LOSS = 8  #: ``-`` lost by forfeit (Art. 16.2.4)
    DOUBLE_FORFEIT = 9  #: ``-`` on both sides: neither player appeared
    PAB = 10  #: ``U`` pairing-allocated bye (Art. 16.2.1)
    FPB = 11  #: ``F`` full-point bye (Art. 16.2.1)
    HPB = 12  #: ``H`` half-point bye, requested (Art. 16.2.3/16.2.5)
    ZPB = 13  #: ``Z`` zero-point bye, requested or known absence (Art. 16.2.3/16.2.5)
    ABSENT = 14  #: blank entry: not paired, withdrawn, round-robin rest round; scores as a zero-point bye

    @property
    def trf_code(self) -> str:
        return _TRF_LETTER[self]

    @property
    def over_the_board(self) -> bool:
        """Played at the board (REF and this engine count games of less than one move and unknown results)."""
        return self <= Kind.UNKNOWN


_TRF_LETTER = {
    Kind.WIN: "1", Kind.DRAW: "=", Kind.LOSS: "0", Kind.WIN_SHORT: "W", Kind.DRAW_SHORT: "D",
    Kind.LOSS_SHORT: "L", Kind.UNKNOWN: "X", Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-",
    Kind.DOUBLE_FORFEIT: "-", Kind.PAB: "U", Kind.FPB: "F", Kind.HPB: "H", Kind.ZPB: "Z", Kind.ABSENT: " ",
}

#: The result seen from the other side of the board (for consistency checks and builders).
MIRROR = {
    Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.DRAW: Kind.DRAW,
    Kind.WIN_SHORT: Kind.LOSS_SHORT, Kind.LOSS_SHORT: Kind.WIN_SHORT, Kind.DRAW_SHORT: Kind.DRAW_SHORT,
    Kind.UNKNOWN: Kind.UNKNOWN, Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS: Kind.FORFEIT_WIN,
    Kind.DOUBLE_FORFEIT: Kind.DOUBLE_FORFEIT,
}

WHITE, BLACK, NO_COLOUR = 1, -1, 0


@dataclass(frozen=True)
class ScoreSystem:
    """Points awarded per kind of round (TRF-2026 record 162, JaVaFo ``XXS``).

    Defaults are 1-½-0 with a pairing-allocated bye worth a win and an unknown result (a pending game: TRF ``X``/``?``,
    PGN ``*``) worth nothing until its result is known, unless the file gives it a value (TRF-2026 162 ``X``).
    ``forfeit_win`` and the byes follow ``win``/``draw``/``absence`` unless set on their own (``XXS``).
    """

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    absence: Fraction = Fraction(0)
    pab: Fraction | None = None
    unknown: Fraction | None = None
    forfeit_win: Fraction | None = None
    full_bye: Fraction | None = None
    half_bye: Fraction | None = None
    zero_bye: Fraction | None = None

    def points(self, kind: Kind) -> Fraction:
        """Points awarded for one round of this kind."""
        k = kind
        if k in (Kind.WIN, Kind.WIN_SHORT):
            return self.win
        if k in (Kind.DRAW, Kind.DRAW_SHORT):
            return self.draw
        if k in (Kind.LOSS, Kind.LOSS_SHORT):
            return self.loss
        if k is Kind.UNKNOWN:
            return Fraction(0) if self.unknown is None else self.unknown
        if k is Kind.FORFEIT_WIN:
            return self.win if self.forfeit_win is None else self.forfeit_win
        if k is Kind.PAB:
            return self.win if self.pab is None else self.pab
        if k is Kind.FPB:
            return self.win if self.full_bye is None else self.full_bye
        if k is Kind.HPB:
            return self.draw if self.half_bye is None else self.half_bye
        if k is Kind.ZPB:
            return self.absence if self.zero_bye is None else self.zero_bye
        return self.absence  # forfeit loss, double forfeit, absent

    def table(self) -> list[Fraction]:
        """Points per kind, indexed by ``Kind`` value."""
        return [self.points(k) for k in Kind]

    @property
    def scale(self) -> int:
        """Smallest integer that makes every award a whole number of units (exact integer arithmetic)."""
        return lcm(2, *(p.denominator for p in self.table()))

    @property
    def is_default(self) -> bool:
        return self == ScoreSystem()

    def describe(self) -> str:
        def f(x: Fraction) -> str:
            return format_number(x)
        return f"win {f(self.win)}, draw {f(self.draw)}, loss {f(self.loss)}, PAB {f(self.points(Kind.PAB))}"


def format_number(x: Fraction | None, places: int | None = None) -> str:
    """Exact decimal text of a value: ``Fraction(7, 2)`` → ``'3.5'``; with ``places`` rounded half up (a value
    without an exact decimal: 6 places).

    >>> [format_number(Fraction(v, d)) for v, d in [(7, 2), (-1, 2), (-7, 2), (3, 8), (-41, 20), (2, 3), (-2, 3)]]
    ['3.5', '-0.5', '-3.5', '0.375', '-2.05', '0.666667', '-0.666667']
    """
    if x is None:
        return ""
    if places is not None:
        q = round_half_up(x * 10**places)
        sign = "-" if q < 0 else ""
        q = abs(q)
        if places == 0:
            return f"{sign}{q}"
        return f"{sign}{q // 10**places}.{q % 10**places:0{places}d}"
    if x.denominator == 1:
        return str(x.numerator)
    if _decimal_places(x.denominator) is not None:  # exact, in integer arithmetic (a Fraction's rounding: 20 µs)
        return decimal_texts([x.numerator], x.denominator)[0]
    return format_number(x, 6)


def _decimal_places(den: int) -> int | None:
    """The places a fraction with denominator ``den`` (> 0) needs in decimal, None when it has no exact decimal.

    >>> _decimal_places(40), _decimal_places(1), _decimal_places(3)
    (3, 0, None)
    """
    d, twos, fives = den, 0, 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    return max(twos, fives) if d == 1 else None


def decimal_texts(numerators: list[int], den: int) -> list[str]:
    """``format_number(Fraction(v, den))`` of every ``v``, in integer arithmetic when ``den`` divides a power of ten
    (no Fraction made: the writers call this for every distinct value of a column).

    >>> decimal_texts([3, 4, -1, 0, 7541, 7540], 100) == [format_number(Fraction(v, 100)) for v in [3, 4, -1, 0, 7541, 7540]]
    True
    >>> decimal_texts([7, 8], 2), decimal_texts([1, 2], 3)
    (['3.5', '4'], ['0.333333', '0.666667'])
    """
    places = _decimal_places(den)
    if places is None:
        return [format_number(Fraction(v, den)) for v in numerators]
    if places == 0:
        return [str(v) for v in numerators]
    scale = 10**places // den
    tails = {0: ""}  # the decimals of each remainder, written once (a column of halves has two: half the time)
    texts = []
    for v in numerators:
        whole, part = divmod(-v if v < 0 else v, den)
        tail = tails.get(part)
        if tail is None:
            tail = tails[part] = f".{part * scale:0{places}d}".rstrip("0")
        texts.append(f"-{whole}{tail}" if v < 0 else f"{whole}{tail}")
    return texts


def round_half_up(x: Fraction) -> int:
    """Round to the nearest integer, halves away from zero (FIDE: '.5 rounded up')."""
    if x >= 0:
        return int((x + Fraction(1, 2)).__floor__())
    return -int((-x + Fraction(1, 2)).__floor__())


@dataclass  # not frozen=True, though nothing changes one: a frozen __init__ sets each field through
class Player:  # object.__setattr__, 5.9 µs a player instead of 1.8 (+41 ms of the 9,999-player benchmark's 0.29 s)
    """One participant (TRF record 001, or another reader's equivalent).  Never changed once read (a new one is made
    instead: ``dataclasses.replace``): a file read again shares the players of its unchanged lines with the last read
    (:mod:`tiebreak.formats.trf_reread`)."""

    start_no: int
    name: str = ""
    rating: int | None = None
    sex: str = ""
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    declared_points: Fraction | None = None
    declared_rank: int | None = None
    source_line: int | None = None
    national_rating: int | None = None  # TRF-2026 National Rating Support record
    club: str = ""  # where the file has one (Chess-Results XML, crosstable, Chess-JSON profile)
    #: the national federation's id of the player, where the file has one (TRF-2026 NRS record, Swiss-Manager's
    #: national id, Swiss-Chess's PKZ, the French federation's licence number in Papi and Sharly Chess): the series
    #: match players by it after the FIDE id
    national_id: str = ""

    def rating_for(self, method: str = "FIDE") -> int | None:
        """The rating used for tie-breaks under a TRF-2026 record-172 method (trf.md §3)."""
        fide, national = self.rating, self.national_rating
        if method == "NRO":
            return national
        if method == "FIDON":
            return fide or national
        if method == "NIDOF":
            return national or fide
        if method in ("HBFN", "LBFN"):
            known = [r for r in (fide, national) if r]
            return (max if method == "HBFN" else min)(known) if known else None
        return fide


@dataclass(frozen=True)
class Entry:
    """One participant's round: kind, scheduled opponent (start number or None), colour."""

    round: int
    kind: Kind
    opponent: int | None
    colour: int

    @property
    def colour_letter(self) -> str:
        return {WHITE: "w", BLACK: "b"}.get(self.colour, "-")


@dataclass
class Tournament:
    """An individual tournament: players and an N x R grid of round entries.

    ``opponent[i, r]`` is the row index of the scheduled opponent of ``players[i]`` in round ``r + 1``
    (``NO_OPPONENT`` = none), ``kind[i, r]`` a :class:`Kind`, ``colour[i, r]`` ``WHITE``/``BLACK``/``NO_COLOUR``.
    """

    players: list[Player]
    opponent: np.ndarray
    kind: np.ndarray
    colour: np.ndarray
    name: str = ""
    start_date: _dt.date | None = None
    end_date: _dt.date | None = None
    planned_rounds: int | None = None
    type_text: str = ""  # TRF 092
    type_code: str = ""  # TRF 192
    score_system: ScoreSystem = field(default_factory=ScoreSystem)
    declared_tiebreaks: list[str] = field(default_factory=list)
    declared_tiebreaks_complete: bool = False  # 212 (whole standing) rather than 202
    rating_method: str = "FIDE"  # TRF-2026 record 172: which rating the rating tie-breaks use
    source: str = ""
    #: whether the type (``type_text``, ``type_code``) and ``declared_tiebreaks`` were read from TRF records (092,
    #: 192, 202, 212), so the notes name the record; False: from another program's settings (Sharly, Swiss-Manager...)
    from_records: bool = True
    extra: dict[str, Any] = field(default_factory=dict)  # records kept for the writer, e.g. {"022": "City"}
    #: games paired but not yet played, ``(round, white start_no, black start_no)``: TRF pairings with a blank
    #: result, Chess-JSON games without results (they count as nothing in the standings, as games of ``Kind.UNKNOWN``
    #: do; ``tiebreak odds`` plays them)
    pending: list[tuple[int, int, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._row_of = {p.start_no: i for i, p in enumerate(self.players)}

    @property
    def rounds(self) -> int:
        """Number of rounds the grid holds (at least the planned number)."""
        return int(self.kind.shape[1])

    @property
    def rounds_with_results(self) -> int:
        """The last round in which any game (or forfeit) is recorded with its result.  Byes alone do not make a round
        played: an in-tournament file (JaVaFo) marks the byes of the round still to be paired that way; nor do games
        whose result is not known yet (``Kind.UNKNOWN``, pending): the standings are after the last round with a
        result.

        >>> t = Tournament.build([Player(1), Player(2)], 2)
        >>> t.set_game(1, 1, 2, Kind.WIN); t.set_game(2, 2, 1, Kind.UNKNOWN)
        >>> t.rounds_with_results, t.games_pending
        (1, 1)
        """
        paired = np.nonzero(((self.opponent >= 0) & (self.kind != Kind.UNKNOWN)).any(axis=0))[0]
        if len(paired):
            return int(paired[-1]) + 1
        played = np.nonzero((self.kind != Kind.ABSENT).any(axis=0))[0]
        return int(played[-1]) + 1 if len(played) else 0

    @property
    def games_pending(self) -> int:
        """The games paired whose result is not known yet: ``Kind.UNKNOWN`` games of the grid and ``pending``."""
        return int(((self.kind == Kind.UNKNOWN) & (self.opponent >= 0)).sum()) // 2 + len(self.pending)

    def with_pending_paired(self) -> "Tournament":
        """This tournament with its ``pending`` games in the grid as paired games of ``Kind.UNKNOWN`` (worth nothing
        until played; the opponent-based tie-breaks count the pairing), as the live standings hold them, so that every
        face ranks a pending game alike; itself when there is none to add.

        >>> t = Tournament.build([Player(1), Player(2)], 1, pending=[(1, 2, 1)])
        >>> u = t.with_pending_paired()
        >>> u.entry(1, 1).kind.name, u.entry(1, 1).opponent, str(u.points(2)), u.games_pending
        ('UNKNOWN', 2, '0', 1)
        """
        todo = [(r - 1, self._row_of[w], self._row_of[b]) for r, w, b in self.pending
                if r <= self.rounds and w in self._row_of and b in self._row_of]
        todo = [(r, i, j) for r, i, j in todo if self.kind[i, r] == Kind.ABSENT == self.kind[j, r]
                and self.opponent[i, r] == NO_OPPONENT == self.opponent[j, r]]
        if not todo:
            return self
        kind, opponent, colour = self.kind.copy(), self.opponent.copy(), self.colour.copy()
        for r, i, j in todo:
            opponent[i, r], opponent[j, r], colour[i, r], colour[j, r] = j, i, WHITE, BLACK
            kind[i, r] = kind[j, r] = Kind.UNKNOWN
        done = {(r + 1, self.players[i].start_no, self.players[j].start_no) for r, i, j in todo}
        return replace(self, kind=kind, opponent=opponent, colour=colour,
                       pending=[g for g in self.pending if g not in done])

    def row(self, start_no: int) -> int:
        return self._row_of[start_no]

    def player(self, start_no: int) -> Player:
        return self.players[self._row_of[start_no]]

    def entry(self, start_no: int, round_no: int) -> Entry:
        i, r = self._row_of[start_no], round_no - 1
        o = int(self.opponent[i, r])
        return Entry(round_no, Kind(int(self.kind[i, r])), None if o < 0 else self.players[o].start_no,
                     int(self.colour[i, r]))

    def entries(self, start_no: int) -> list[Entry]:
        return [self.entry(start_no, r + 1) for r in range(self.rounds)]

    def points(self, start_no: int, after_round: int | None = None) -> Fraction:
        table = self.score_system.table()
        i = self._row_of[start_no]
        k = self.rounds if after_round is None else after_round
        return sum((table[int(x)] for x in self.kind[i, :k]), Fraction(0))

    @classmethod
    def build(cls, players: list[Player], rounds: int, **kw: Any) -> "Tournament":
        """An empty grid for ``players`` and ``rounds``; fill it with :meth:`set_game` / :meth:`set_bye`."""
        n = len(players)
        kw.setdefault("planned_rounds", rounds)
        return cls(players, np.full((n, rounds), NO_OPPONENT, np.int32), np.full((n, rounds), Kind.ABSENT, np.int8),
                   np.zeros((n, rounds), np.int8), **kw)

    def set_game(self, round_no: int, white: int, black: int, white_kind: Kind) -> None:
        """Record a pairing by start numbers with White's result; Black's side is mirrored."""
        r, w, b = round_no - 1, self._row_of[white], self._row_of[black]
        self.opponent[w, r], self.opponent[b, r] = b, w
        self.colour[w, r], self.colour[b, r] = WHITE, BLACK
        self.kind[w, r], self.kind[b, r] = white_kind, MIRROR[white_kind]

    def set_bye(self, round_no: int, start_no: int, kind: Kind) -> None:
        i, r = self._row_of[start_no], round_no - 1
        self.opponent[i, r], self.colour[i, r], self.kind[i, r] = NO_OPPONENT, NO_COLOUR, kind
