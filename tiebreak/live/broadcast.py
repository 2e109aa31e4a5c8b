"""A broadcast followed live: a PGN file that grows move by move, its games' positions beside the standings.

The standings are read by the same reader as ``tiebreak standings`` (:mod:`tiebreak.formats.pgn`: a game whose
result is ``*`` is a game in play), from the file up to its last complete game: a relay that is writing the file
leaves a last game half-written (a cut tag line, moves without their result token), and that game is read on the
next change of the file, not taken for an error.  Each game's moves are replayed by python-chess (PyPI ``chess``,
GPL-3.0-or-later; our MIT code may use it, and whoever redistributes the two together does so under the GPL):
the live document's member ``games`` has, for each game in file order, its round and board, the players' start
numbers, the result, the position after the last move (FEN), the moves (SAN), the last move (from and to squares)
and the clocks when the PGN has ``[%clk]`` comments.  A game's text that did not change is not replayed again.

>>> pgn = ('[Round "1.1"]\\n[White "A"]\\n[Black "B"]\\n[Result "*"]\\n\\n1. e4 { [%clk 1:30:00] } e5 '
...        '{ [%clk 1:29:58] } *\\n\\n[Round "1.2"]\\n[White "C"]\\n[Black "D"]\\n[Result "1-0"]\\n\\n1. d4 d5 2. c')
>>> text = complete(pgn)                # the second game is half-written: read up to the first
>>> text.count("[Round")
1
>>> g = Broadcast().games(text)[0]
>>> g["moves"], g["last"], g["clock"], g["fen"].split()[0]
(['e4', 'e5'], ['e7', 'e5'], {'white': '1:30:00', 'black': '1:29:58'}, 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR')
"""

from __future__ import annotations

import io
import re
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..app.live import rank_players
from ..engine.model import Kind
from ..engine.ranking import shown_places
from ..formats.text import decode

if TYPE_CHECKING:
    from ..engine.model import Tournament
    from .pending import AsItStands
    from .settings import Settings

#: the most games replayed in one file, and the most moves kept of one game (bounded work per input)
MAX_GAMES = 5000
MAX_PLIES = 1200

_TAG_LINE = re.compile(r'^\s*\[\s*[A-Za-z0-9_]+\s+"(?:[^"\\]|\\.)*"\s*\]\s*$')
_RESULT_END = re.compile(r"(?:1-0|0-1|1/2-1/2|\*)\s*$")
_ROUND = re.compile(r"([0-9]+)(?:\.([0-9]+))?")


def split(text: str) -> list[tuple[list[str], list[str]]]:
    """The file's games, each as its tag lines and its move text lines.

    >>> split('[White "A"]\\n[Black "B"]\\n\\n1. e4 *\\n[White "C"]\\n[Black "D"]\\n[White "E"]\\n')
    [(['[White "A"]', '[Black "B"]'], ['1. e4 *']), (['[White "C"]', '[Black "D"]'], []), (['[White "E"]'], [])]
    """
    out: list[tuple[list[str], list[str]]] = []
    names: set[str] = set()  # the tag names of the current game: a repeated one starts the next (tags alone)
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("["):
            name = stripped[1:].split(maxsplit=1)[0] if len(stripped) > 1 else ""
            if not out or out[-1][1] or name in names or name == "Event":
                out.append(([], []))
                names = set()
            names.add(name)
            out[-1][0].append(stripped)
        elif out:
            out[-1][1].append(stripped)
    return out


def complete(text: str) -> str:
    """``text`` up to the end of its last complete game: a last line without its line end is dropped unless it ends
    a game, and a last game whose moves have no result token yet (or whose tag is cut) is dropped.

    >>> complete('[White "A"]\\n[Black "B"]\\n[Result "1-0"]\\n\\n1. e4 1-0\\n[White "C"]\\n[Bla')
    '[White "A"]\\n[Black "B"]\\n[Result "1-0"]\\n\\n1. e4 1-0\\n'
    >>> complete('[White "A"]\\n[Result "1-0"]\\n')    # a file of tags alone is complete at each tag line
    '[White "A"]\\n[Result "1-0"]\\n'
    """
    if not text.endswith("\n") and not _RESULT_END.search(text):
        text = text[:text.rfind("\n") + 1]
    lines = text.splitlines(keepends=True)
    # the start of the last game (its first tag line) and whether it has move text
    start, moves = 0, False
    for k, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("["):
            if moves or k == 0:
                start, moves = k, False
        elif stripped:
            moves = True
    last = lines[start:]
    tags = [ln.strip() for ln in last if ln.strip().startswith("[")]
    if any(not _TAG_LINE.match(t) for t in tags):
        return "".join(lines[:start])
    body = "".join(ln for ln in last if ln.strip() and not ln.strip().startswith("["))
    earlier = any(ln.strip() and not ln.strip().startswith("[") for ln in lines[:start])
    if (moves or earlier) and not _RESULT_END.search(body):  # a file with moves: a game without its moves is cut
        return "".join(lines[:start])
    return text


class Broadcast:
    """The games of a followed PGN file, each replayed once per change of its text."""

    def __init__(self) -> None:
        self._known: dict[str, dict[str, Any]] = {}  # a game's text -> its replay
        self.text = ""  # the file's text up to its last complete game, as last read
        # the scenarios of the last results seen: a move changes the file, not the results (about 3 ms per game and
        # result at 100 players: made again only when a result, a pairing or the settings change)
        self._scenarios: tuple[bytes, list[dict[str, Any]] | None] = (b"", None)

    @classmethod
    def of(cls, path: Path) -> Broadcast | None:
        """The broadcast of a watched ``path``: a PGN file's (None for every other format)."""
        return cls() if path.suffix.lower() == ".pgn" else None

    def complete(self, data: bytes, source: str) -> bytes:
        """The file's bytes up to its last complete game (:func:`complete`), its text kept for :meth:`members`."""
        self.text = complete(decode(data, source, [])[0])
        return self.text.encode("utf-8")

    def members(self, live: AsItStands, settings: Settings, team: bool,
                pairings: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The live document's members of the version last read: ``games`` and ``if_ended`` (none in a team event).
        A game of the round in play that is one of its ``pairings`` (the live document's: its players, White and
        Black) has that pairing's ``board`` (C.04.3 A.9, the board of the pairings table and of the players' cards);
        the relay's own board is its ``relay_board``, the ``board`` of a game matched to no pairing."""
        t = live.tournament
        key = t.kind.tobytes() + t.opponent.tobytes() + t.colour.tobytes() + repr((settings, team)).encode()
        if key != self._scenarios[0]:
            self._scenarios = (key, None if team else if_ended_now(live, settings))
        boards = {} if team else {(live.round, p["white"], p["black"]): p["board"] for p in pairings or ()
                                  if p.get("board") is not None and "white" in p}
        games = [g | {"relay_board": g["board"],
                      "board": boards.get((g["round"], g["white_no"], g["black_no"]), g["board"])}
                 for g in self.games(self.text, t)]
        return {"games": games, "if_ended": self._scenarios[1]}

    def games(self, text: str, t: Tournament | None = None) -> list[dict[str, Any]]:
        """Every game of ``text`` (read by :func:`complete` first) with its position; ``t``: the tournament read from
        it, whose start numbers name the players (``white_no``, ``black_no``)."""
        number: dict[str, int] = {}
        if t is not None:
            for p in t.players:
                number.setdefault(p.fide_id or p.name, p.start_no)
        known, out = {}, []
        for tags, moves in split(text)[:MAX_GAMES]:
            key = "\n".join(tags) + "\n\n" + "\n".join(moves)
            game = self._known.get(key) or replay(key)
            known[key] = game
            out.append(game | {"white_no": number.get(game["white_id"] or game["white"]),
                               "black_no": number.get(game["black_id"] or game["black"])})
        self._known = known  # only the games of this version are kept
        return out


def replay(pgn: str) -> dict[str, Any]:
    """One game's members of the live document, its moves replayed from its start position.

    >>> g = replay('[Round "2.3"]\\n[White "A"]\\n[Black "B"]\\n[Result "0-1"]\\n\\n1. f3 e5 2. g4 Qh4# 0-1')
    >>> g["round"], g["board"], g["result"], g["moves"][-1], g["last"], g["ply"]
    (2, 3, '0-1', 'Qh4#', ['d8', 'h4'], 4)
    """
    import chess  # noqa: PLC0415  start-up: python-chess only for a PGN broadcast (+189 ms)
    import chess.pgn  # noqa: PLC0415  (as above)

    game = chess.pgn.read_game(io.StringIO(pgn))
    headers = game.headers if game is not None else chess.pgn.Headers()
    m = _ROUND.match(headers.get("Round", "").strip())
    board = game.board() if game is not None else chess.Board()
    sans: list[str] = []
    clocks: dict[str, str] = {}
    last: list[str] | None = None
    for node in game.mainline() if game is not None else ():
        move = node.move
        if len(sans) >= MAX_PLIES or not board.is_legal(move):
            break
        side = "white" if board.turn == chess.WHITE else "black"
        sans.append(board.san(move))
        board.push(move)
        last = [chess.square_name(move.from_square), chess.square_name(move.to_square)]
        clock = node.clock()
        if clock is not None:
            clocks[side] = _clock(clock)
    return {"round": int(m.group(1)) if m else None, "board": int(m.group(2)) if m and m.group(2) else None,
            "white": headers.get("White", ""), "black": headers.get("Black", ""),
            "white_id": headers.get("WhiteFideId", ""), "black_id": headers.get("BlackFideId", ""),
            "result": headers.get("Result", "*"), "fen": board.fen(), "moves": sans, "last": last,
            "ply": len(sans), "clock": clocks or None}


def _clock(seconds: float) -> str:
    """A clock as H:MM:SS.

    >>> _clock(5400.0), _clock(59.4)
    ('1:30:00', '0:00:59')
    """
    s = int(seconds)
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"


#: the most games in play whose results are tried one by one ("if the games ended now"); beyond it none is tried
MAX_SCENARIO_GAMES = 24
#: each result tried, as the white player's kind of result and the black player's
_TRIED = (("1-0", "WIN", "LOSS"), ("1/2-1/2", "DRAW", "DRAW"), ("0-1", "LOSS", "WIN"))


def if_ended_now(live: AsItStands, settings: Settings) -> list[dict[str, Any]] | None:
    """For each game in play, what each of its results would make of the standings, the other games still in play
    (the scenarios of ``tiebreak odds --fix``, one game at a time): the two players' places (their ranks, and as the
    standings write them: ``2*`` where the event's lot decided, ``1-2`` shared under ``serve --no-lots``) and who
    would lead.
    None when more than :data:`MAX_SCENARIO_GAMES` games are in play (bounded work per version).

    >>> from tiebreak.engine.model import Player, Tournament, Kind
    >>> from tiebreak.live.pending import as_it_stands, blocks_of
    >>> from tiebreak.live.settings import Settings
    >>> t = Tournament.build([Player(i, f"P{i}") for i in (1, 2, 3, 4)], 2)
    >>> t.set_game(1, 1, 2, Kind.WIN); t.set_game(1, 3, 4, Kind.WIN)
    >>> live = as_it_stands(t, blocks_of([(2, 3, 1), (2, 2, 4)]))
    >>> games = if_ended_now(live, Settings("PTS"))         # no. 3 against no. 1, both on 1 point
    >>> top = next(g for g in games if g["white"] == 3)
    >>> [(r["result"], r["white_place"], r["black_place"], r["leaders"]) for r in top["results"]]  # drawn: the lot's
    [('1-0', 1, 2, [3]), ('1/2-1/2', 2, 1, [1]), ('0-1', 2, 1, [1])]
    >>> top["results"][1]["white_place_text"], top["results"][0]["black_place_text"]
    ('2*', '2')
    >>> shared = next(g for g in if_ended_now(live, Settings("PTS", no_lots=True)) if g["white"] == 3)["results"][1]
    >>> shared["white_place_text"], shared["black_place_text"], shared["leaders"]
    ('1-2', '1-2', [1, 3])
    """
    if not live.pending or len(live.pending) > MAX_SCENARIO_GAMES:
        return None
    t = live.tournament
    out = []
    for rnd, white, black in live.pending:
        i, j = t.row(white), t.row(black)
        results = []
        for result, w, b in _TRIED:
            kind = t.kind.copy()
            kind[i, rnd - 1], kind[j, rnd - 1] = Kind[w], Kind[b]
            s = rank_players(settings, replace(t, kind=kind))  # ranked as the live standings are
            place = {r.start_no: r.rank for r in s.rows}
            # as the standings write a place: 3* where the event's lot decided it, 1-2 shared under serve --no-lots
            written = shown_places(s)
            results.append({"result": result, "white_place": place[white], "black_place": place[black],
                            "white_place_text": written[white], "black_place_text": written[black],
                            "leaders": [r.start_no for r in s.rows if r.rank == 1]})
        out.append({"round": rnd, "white": white, "black": black, "results": results})
    return out
