"""The games still to be played: what `tiebreak odds` enumerates.

A game is *pending* when it is paired but has no result: a TRF pairing with a blank result, a Chess-JSON game
without results (both kept by the readers in ``Tournament.pending``; one whose result the grid holds by now is
not), an unknown result (TRF ``X``/``?``, PGN ``*``), and every game of a round after ``--after-round``.  In a round
robin the rounds the file does not hold yet come from the Berger tables (Arbiters' Manual 13.16) by pairing number; a
Swiss event can only be looked at up to its last paired round, since later pairings depend on results not known yet.

>>> from tiebreak.engine.model import Player, Tournament, Kind
>>> t = Tournament.build([Player(i) for i in (1, 2, 3, 4)], 3, type_text="Round Robin")
>>> t.set_game(1, 1, 4, Kind.WIN); t.set_game(1, 2, 3, Kind.DRAW)
>>> f = find_future(t)
>>> f.final_round, [(g.round, g.white_no, g.black_no) for g in f.games]
(3, [(2, 1, 2), (2, 4, 3), (3, 2, 4), (3, 3, 1)])
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import numpy as np

from ...engine.errors import InputError, Place
from ...engine.messages import Message, Term
from ...engine.model import BLACK, NO_OPPONENT, WHITE, Kind, Tournament
from ...engine.standings import detect_system
from ..berger import schedule


@dataclass(frozen=True)
class Game:
    """One pending game: round, White's and Black's row in the tournament and their start numbers."""

    round: int
    white: int
    black: int
    white_no: int
    black_no: int

    @property
    def label(self) -> str:
        return f"{self.white_no}-{self.black_no}"


@dataclass
class Future:
    """The tournament grown to its final round with every pending game paired and its result left open.

    ``base`` holds the known results; in the cells of ``games`` its kind is a placeholder (a draw) that the
    outcomes overwrite.  ``played_rounds`` is the last round whose results are known."""

    base: Tournament
    games: list[Game]
    final_round: int
    played_rounds: int
    system: str
    notes: list[str] = field(default_factory=list)
    #: the rounds of the event (planned, in the file, or paired): a Swiss event may be looked at up to an earlier
    #: round than it ends with
    event_rounds: int = 0


def _grow(t: Tournament, rounds: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    n, have = len(t.players), t.rounds
    opp = np.full((n, max(rounds, have)), NO_OPPONENT, np.int32)
    kind = np.full(opp.shape, Kind.ABSENT, np.int8)
    colour = np.zeros(opp.shape, np.int8)
    opp[:, :have], kind[:, :have], colour[:, :have] = t.opponent, t.kind, t.colour
    return opp[:, :rounds], kind[:, :rounds], colour[:, :rounds]


def find_future(t: Tournament, after_round: int | None = None, system: str | None = None) -> Future:
    """Collect the pending games of ``t`` (see the module text) and the tournament that holds them."""
    notes: list[str] = []
    if system is None:
        system, why = detect_system(t)
        notes.append(Message("{} ({})", Term(system), why))
    played = _played_rounds(t, after_round)
    final = _final_round(t, system, notes)
    opp, kind, colour = _grow(t, final)
    pend = np.zeros(opp.shape, bool)
    pend[:, played:] = opp[:, played:] >= 0
    pend |= (opp >= 0) & (kind == Kind.UNKNOWN)
    row = {p.start_no: i for i, p in enumerate(t.players)}
    for r, w, b in t.pending:
        i, j = row[w], row[b]
        if r <= t.rounds and (t.kind[i, r - 1] not in (Kind.ABSENT, Kind.UNKNOWN) or t.opponent[i, r - 1] not in (
                NO_OPPONENT, j)):
            continue  # its result is in the grid: played since the list was made (a live re-read keeps the list)
        opp[i, r - 1], opp[j, r - 1], colour[i, r - 1], colour[j, r - 1] = j, i, WHITE, BLACK
        pend[i, r - 1] = pend[j, r - 1] = True
    if system == "round robin":
        _pair_by_berger(t, row, range(played, final), (opp, colour, pend), notes)
    kind[pend] = Kind.DRAW
    games = []
    for i, r in zip(*np.nonzero(pend & (colour != BLACK))):
        j = int(opp[i, r])
        if colour[i, r] == WHITE or i < j:
            games.append(Game(int(r) + 1, int(i), j, t.players[i].start_no, t.players[j].start_no))
    games.sort(key=lambda g: (g.round, g.white_no))
    base = dataclasses.replace(t, opponent=opp, kind=kind, colour=colour, planned_rounds=final, pending=[])
    return Future(base, games, final, played, system, notes, max(t.planned_rounds or 0, t.rounds, final))


def _played_rounds(t: Tournament, after_round: int | None) -> int:
    """The last round whose results are known: ``after_round``, by default the last round with a result."""
    known = (t.opponent >= 0) & (t.kind != Kind.UNKNOWN)
    rounds_known = np.nonzero(known.any(axis=0))[0]
    played = int(rounds_known[-1]) + 1 if len(rounds_known) else 0
    if after_round is not None:
        if not 0 <= after_round <= t.rounds:
            raise InputError(Message("--after-round {} is outside 0..{}", after_round, t.rounds),
                             Place(t.source, field="after round"))
        played = after_round
    return played


def _final_round(t: Tournament, system: str, notes: list[str]) -> int:
    """The round the future runs to: a round robin's last (planned, in the file, or paired), a Swiss event's last
    paired round (said in the notes when rounds are planned after it)."""
    paired_rounds = [r for r in range(t.rounds) if (t.opponent[:, r] >= 0).any()] + [r - 1 for r, _, _ in t.pending]
    last_paired = max(paired_rounds, default=-1) + 1
    if system == "round robin":
        return max(t.planned_rounds or 0, t.rounds, last_paired)
    if (t.planned_rounds or t.rounds) > last_paired:
        notes.append(Message("Swiss event: looked at up to round {}, its last paired round; later pairings depend "
                             "on results not known yet",
                             last_paired))
    return last_paired


def _pair_by_berger(t: Tournament, row: dict[int, int], rounds: range,
                    grid: tuple[np.ndarray, np.ndarray, np.ndarray], notes: list[str]) -> None:
    """A round robin's ``rounds`` that nobody is paired in yet, paired from the Berger tables by pairing number
    into ``grid`` (opponents, colours, pending), said in the notes."""
    opp, colour, pend = grid
    empty = [r for r in rounds if not (opp[:, r] >= 0).any()]
    if not empty:
        return
    n = len(t.players)
    numbers = sorted(row)
    if numbers != list(range(1, n + 1)):
        raise InputError(Message("round robin rounds missing from the file: the Berger tables need pairing "
                                 "numbers 1..{}",
                                 n), Place(t.source, field="start numbers"))
    berger = schedule(n, double=rounds.stop > n - 1 + n % 2)
    for r in empty:
        for w, b in berger[r % len(berger)].pairings:
            i, j = row[w], row[b]
            opp[i, r], opp[j, r], colour[i, r], colour[j, r] = j, i, WHITE, BLACK
            pend[i, r] = pend[j, r] = True
    listed = ", ".join(str(r + 1) for r in empty)
    notes.append(Message("rounds {} paired from the Berger tables (Arbiters' Manual 13.16) by pairing number",
                         listed))
