"""Pending games: paired, colours given, no result yet, and the standings "as it stands" around them.

The readers drop a TRF round that has an opponent and a colour but a blank result (a finished event has none; the
reader reads it as an absence).  During an event that block is the game being played, so the live module finds those
blocks in the text itself, without changing how the readers read finished events.  Results the readers know as
unknown (TRF ``X``/``?``, PGN ``*``) count as pending too.

In the standings "as it stands" a pending game is a paired game that has given nobody points yet: recorded as
``Kind.UNKNOWN`` (worth nothing by default, as on every face: ``Tournament.with_pending_paired``), so the opponent is
still counted by the opponent-based tie-breaks (Buchholz counts the pairing, as live pages do), and the points are
those of finished games.

>>> line = "001    1      Alpha, A".ljust(91) + "   2 w 1     3 b  "     # round 1 won, round 2 being played
>>> trf_pending_blocks(line)
[(2, 3, -1)]
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from ..engine.model import BLACK, NO_OPPONENT, WHITE, Kind, Tournament
from ..views.pairings import current_round

#: 1-based column of the round-1 block of a TRF 001 record, and the width of a block
_FIRST, _STRIDE = 92, 10


def trf_pending_blocks(line: str) -> list[tuple[int, int, int]]:
    """The pending blocks of one TRF 001 line: (round, opponent start number, colour of this player)."""
    out = []
    rounds = line[_FIRST - 1:]
    for r in range(0, len(rounds), _STRIDE):
        block = rounds[r:r + _STRIDE].rstrip()
        if len(block) >= 6 and block[:4].strip().isdigit() and int(block[:4]) > 0 and block[5] in "wbWB" \
                and (len(block) < 8 or block[7] == " "):
            out.append((r // _STRIDE + 1, int(block[:4]), WHITE if block[5] in "wW" else BLACK))
    return out


def trf_pending(lines: list[str], known: dict[str, list[tuple[int, int, int]]] | None = None
                ) -> dict[int, list[tuple[int, int, int]]]:
    """start number -> pending blocks, for every 001 line of a TRF text that has one.  ``known`` (line -> its blocks,
    from the previous version) spares the lines that did not change; it is left holding this text's lines."""
    out = {}
    before = dict(known) if known is not None else {}
    if known is not None:
        known.clear()
    for line in lines:
        if line.startswith("001") and len(line) > _FIRST and line[4:8].strip().isdigit():
            blocks = before.get(line)
            if blocks is None:
                blocks = trf_pending_blocks(line)
            if known is not None:
                known[line] = blocks
            if blocks:
                out[int(line[4:8])] = blocks
    return out


def blocks_of(pending: list[tuple[int, int, int]]) -> dict[int, list[tuple[int, int, int]]]:
    """The pending blocks of games given as (round, white, black), as the readers keep them in
    ``Tournament.pending`` (Chess-JSON games without results).

    >>> blocks_of([(3, 1, 2)])
    {1: [(3, 2, 1)], 2: [(3, 1, -1)]}
    """
    out: dict[int, list[tuple[int, int, int]]] = {}
    for rnd, white, black in pending:
        out.setdefault(white, []).append((rnd, black, WHITE))
        out.setdefault(black, []).append((rnd, white, BLACK))
    return out


@dataclass
class AsItStands:
    """The tournament with pending games marked, and what the page lists about them."""

    tournament: Tournament
    #: (round, white start number, black start number) of every pending game, by round then board order of the file
    pending: list[tuple[int, int, int]]
    #: the round being played (:func:`tiebreak.views.pairings.current_round`, the website's; 0 before the first)
    round: int


def as_it_stands(t: Tournament, blocks: dict[int, list[tuple[int, int, int]]]) -> AsItStands:
    """``t`` with the pending blocks (both sides must name each other with opposite colours, and the reader must
    have left the round empty) recorded as pending games; results already unknown in ``t`` are pending as well.

    >>> from tiebreak.engine.model import Player
    >>> t = Tournament.build([Player(1), Player(2)], 1, pending=[(1, 1, 2)])   # the reader lists it too
    >>> live = as_it_stands(t, {1: [(1, 2, WHITE)], 2: [(1, 1, BLACK)]})
    >>> live.pending, live.round, str(live.tournament.points(1)), live.tournament.entry(2, 1).opponent
    ([(1, 1, 2)], 1, '0', 1)
    >>> live.tournament.games_pending   # one game, counted once
    1
    """
    kind, opponent, colour = t.kind.copy(), t.opponent.copy(), t.colour.copy()
    row = t._row_of
    for sno, items in blocks.items():
        i = row.get(sno)
        for rnd, opp_no, col in items:
            j = row.get(opp_no)
            r = rnd - 1
            if i is None or j is None or r >= t.rounds or t.kind[i, r] != Kind.ABSENT or t.kind[j, r] != Kind.ABSENT:
                continue
            back = [b for b in blocks.get(opp_no, ()) if b[0] == rnd]
            if not back or back[0][1] != sno or back[0][2] != -col:
                continue  # one side only: the other side's record is still being written, or wrong
            opponent[i, r], colour[i, r], kind[i, r] = j, col, Kind.UNKNOWN
    white = np.argwhere((kind == Kind.UNKNOWN) & (colour == WHITE) & (opponent != NO_OPPONENT))
    order: np.ndarray | list[int] = np.lexsort((white[:, 0], white[:, 1])) if len(white) else []
    pending = [(int(white[k, 1]) + 1, t.players[int(white[k, 0])].start_no,
                t.players[int(opponent[white[k, 0], white[k, 1]])].start_no) for k in order]
    # a game now in the grid is no longer one of the reader's pending list (else it would be counted twice)
    in_grid = set(pending)
    live = replace(t, kind=kind, opponent=opponent, colour=colour, pending=[g for g in t.pending if g not in in_grid])
    return AsItStands(live, pending, current_round(live))


def settled(points: np.ndarray, gain: np.ndarray) -> np.ndarray:
    """Whether each player's place is settled for the round: no pending game can change it.

    ``points`` are the scores as they stand (integers in one unit), ``gain`` what each player can still add in the
    round (0 without a pending game).  A place is settled when the player has no pending game and no other player
    has, or can reach, the same score: every other player then stays strictly above or strictly below whatever
    happens, and tie-breaks cannot matter.  Without pending games every place is settled.

    >>> settled(np.array([4, 3, 3, 2, 0]), np.array([0, 0, 0, 1, 0]))     # 3 and 3 tied; 2 plays, can reach 3
    array([ True, False, False, False,  True])
    """
    n = len(points)
    if not gain.any():
        return np.ones(n, bool)
    order = np.sort(points)
    # how many players have each player's score, and how many pending intervals [p, p + gain] cover it
    same = np.searchsorted(order, points, "right") - np.searchsorted(order, points, "left")
    lo, hi = points[gain > 0], (points + gain)[gain > 0]
    covers = np.zeros(n + 1, np.int64)
    start = np.searchsorted(order, lo, "left")
    stop = np.searchsorted(order, hi, "right")
    np.add.at(covers, start, 1)
    np.add.at(covers, stop, -1)
    covered = np.cumsum(covers)[:n][np.searchsorted(order, points, "left")]
    result: np.ndarray = (gain == 0) & (same == 1) & (covered == 0)
    return result


@dataclass(frozen=True)
class PlaceStates:
    """The place state of each row of live standings, in standings order (players or teams alike)."""

    settled: list[bool]  # no pending game can change the place (:func:`settled`)
    playing: list[bool]  # something pending can still add to the score
    moved: list[int]  # places gained since the previous version (0 when new)
    since_round: list[int | None]  # places gained since the previous round began (None in round 1)


def place_states(points: np.ndarray, gain: np.ndarray, order: list[int], numbers: list[int], ranks: list[int],
                 old: dict[int, int], before_round: dict[int, int]) -> PlaceStates:
    """The place states of the rows ``order`` (indexes into ``points`` and ``gain``, in standings order; ``numbers``
    and ``ranks`` theirs): ``points`` the scores as they stand in one integer unit, ``gain`` what each can still
    add (a player: a win in each game being played; a team: the match points of a won match), ``old`` the ranks
    of the previous version, ``before_round`` those after the previous round.

    >>> st = place_states(np.array([3, 1, 2]), np.array([0, 1, 0]), [0, 2, 1], [7, 9, 8], [1, 2, 3], {7: 2, 9: 1}, {})
    >>> st.settled, st.playing, st.moved, st.since_round
    ([True, False, False], [False, False, True], [1, -1, 0], [None, None, None])

    (No. 9 on 1 plays and can reach no. 8's 2: neither place is settled; no. 7 went from 2nd to 1st, no. 9 from
    1st to 2nd, no. 8 is new.)
    """
    fixed = settled(np.asarray(points, np.int64), np.asarray(gain, np.int64))
    return PlaceStates(fixed[order].tolist(), (gain[order] > 0).tolist(),
                       [old[n] - k if n in old else 0 for n, k in zip(numbers, ranks)],
                       [before_round[n] - k if n in before_round else None for n, k in zip(numbers, ranks)])

