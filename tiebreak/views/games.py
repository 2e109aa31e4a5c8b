"""A broadcast's games of the round in play, one card each, as the live screen shows them beside the standings (the
live document's ``games``, made by :mod:`tiebreak.live.broadcast`): in the order of the pairings' boards, each with
its board, the two players (name, start number, clock), the result, the position (FEN) and the last move's squares
the board is drawn from, the moves two plies a line, and what each result of a game in play would make of the
standings (the document's ``if_ended``).  Without language: :mod:`tiebreak.render.live_tables` words it.

>>> doc = {"live": {"round": 1}, "if_ended": None, "games": [
...     {"round": 1, "board": 2, "white": "A", "black": "B", "white_no": 3, "black_no": 4, "result": "1-0",
...      "fen": "8/8/8/8/8/8/8/8 w - - 0 1", "moves": ["e4", "e5", "Nf3"], "last": ["g1", "f3"], "clock": None},
...     {"round": 1, "board": 1, "white": "C", "black": "D", "white_no": 1, "black_no": 2, "result": "*",
...      "fen": "8/8/8/8/8/8/8/8 w - - 0 1", "moves": [], "last": None, "clock": {"white": "1:30:00"}}]}
>>> [(c.key, c.board, c.white.clock, c.last_move, c.lines) for c in of_document(doc)]
[('1.1', 1, '1:30:00', '', ()), ('1.2', 2, '', 'Nf3', ('e4 e5', 'Nf3'))]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Side:
    """A player of a game: the name as the relay wrote it, the start number (None: a player the event does not
    have, no card to link to), the clock after the last move (``""``: the PGN gives none)."""

    name: str
    start_no: int | None
    clock: str


@dataclass(frozen=True)
class IfEnded:
    """One result of a game in play (``1-0``, ``1/2-1/2``, ``0-1``), the two players' places as the standings
    would write them (``2*`` by lot, ``1-2`` shared) and the start numbers of who would lead."""

    result: str
    white_place: str
    black_place: str
    leaders: tuple[int, ...]


@dataclass(frozen=True)
class GameCard:
    """One game of the round in play.  ``key``: round.board (round.White's number for a game on no board), which
    names the card from version to version; ``squares``: the last move's from and to squares; ``lines``: the moves,
    White's and Black's of each move on one line; ``if_ended``: each result's standings (a game in play only, while
    the live document has them)."""

    key: str
    board: int | None
    white: Side
    black: Side
    result: str
    fen: str
    squares: tuple[str, ...]
    last_move: str
    plies: int
    lines: tuple[str, ...]
    if_ended: tuple[IfEnded, ...]

    @property
    def playing(self) -> bool:
        return self.result == "*"

    @property
    def diagram(self) -> tuple[Square, ...]:
        """The position square by square (:func:`diagram`), as a page without script shows it."""
        return diagram(self.fen, self.squares)


@dataclass(frozen=True, slots=True)
class Square:
    """A square of a position's diagram: its name (``e4``), the piece on it as FEN writes it (``N`` White's knight,
    ``p`` Black's pawn; ``""`` empty), whether it is dark and whether the last move went from or to it."""

    name: str
    piece: str
    dark: bool
    last: bool


#: the pieces FEN writes on a rank (a digit is that many empty squares)
_PIECES = frozenset("KQRBNPkqrbnp")


def diagram(fen: str, last: tuple[str, ...] = ()) -> tuple[Square, ...]:
    """The 64 squares of the position ``fen`` as White sees the board, rank 8 first, each with its piece (the board a
    page shows without script: the live screen draws it with a script); ``last``: the last move's squares.  Empty
    when the placement is not eight ranks of eight squares.

    >>> squares = diagram("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", ("e2", "e4"))
    >>> "".join(s.piece or "." for s in squares[32:40]), [s.name for s in squares if s.last]
    ('....P...', ['e4', 'e2'])
    >>> squares[56].name, squares[56].dark, squares[63].dark, diagram("8/8 w - - 0 1")
    ('a1', True, False, ())
    """
    ranks = fen.split(" ", 1)[0].split("/")
    pieces: list[str] = []
    for rank in ranks if len(ranks) == 8 else ():
        row = [p for c in rank[:9] for p in ([""] * int(c) if c in "12345678" else [c] if c in _PIECES else ["?"])]
        if len(row) != 8 or "?" in row:
            return ()
        pieces += row
    if len(pieces) != 64:
        return ()
    names = [f"{'abcdefgh'[k % 8]}{8 - k // 8}" for k in range(64)]
    return tuple(Square(n, p, (k % 8 + 8 - k // 8) % 2 == 1, n in last) for k, (n, p) in enumerate(zip(names, pieces)))


def of_document(doc: dict[str, Any]) -> list[GameCard]:
    """The cards of the live document's games of the round in play (``live.round``), in the order of their boards
    (a game on no board first, as the pairings table has none)."""
    at = doc["live"]["round"]
    games = sorted((g for g in doc.get("games") or [] if g["round"] == at), key=lambda g: g.get("board") or 0)
    scenarios = {(s["round"], s["white"], s["black"]): s["results"] for s in doc.get("if_ended") or []}
    return [_card(g, scenarios) for g in games]


def _card(g: dict[str, Any], scenarios: dict[tuple[Any, ...], list[dict[str, Any]]]) -> GameCard:
    moves = [str(m) for m in g.get("moves") or []]
    clock = g.get("clock") or {}
    sides = [Side(str(g[side]), g.get(f"{side}_no"), str(clock.get(side) or "")) for side in ("white", "black")]
    results = scenarios.get((g["round"], g.get("white_no"), g.get("black_no")), []) if g["result"] == "*" else []
    return GameCard(
        key=f"{g['round']}.{g.get('board') or g.get('white_no')}", board=g.get("board"), white=sides[0],
        black=sides[1], result=str(g["result"]), fen=str(g["fen"]), squares=tuple(g.get("last") or ()),
        last_move=moves[-1] if moves else "", plies=len(moves),
        lines=tuple(" ".join(moves[k:k + 2]) for k in range(0, len(moves), 2)),
        if_ended=tuple(IfEnded(r["result"], str(r.get("white_place_text") or r["white_place"]),
                               str(r.get("black_place_text") or r["black_place"]), tuple(r["leaders"]))
                       for r in results))
