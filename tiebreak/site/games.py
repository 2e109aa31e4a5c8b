"""The event's games on the website (``tiebreak site --games FILE.pgn``): every game of the PGN matched to a board of
the event's pairings, by its round and its players (the ``Round`` tag's round, ``"3"`` or ``"3.1"``; the players by
their FIDE ids where the tags and the file have them, else by their names, in any order of the name's parts,
ignoring case, accents and punctuation), each opening in a board viewer (``game-R-B.html``: round R, board B) linked
from the round's page and the players' cards.  A game whose colours are the other way round from the pairing's is
matched to its board and shown as the PGN has it, with a warning and a note on its page; a game that matches no board,
or a second game of a board, is named in a warning: no game is left out without a word.

The moves are read by python-chess (the ``live`` extra); the positions after each move are written into the page as
FEN, which the viewer draws with cm-chessboard (vendored under ``tiebreak/web/static/cm-chessboard``, MIT, copied
into the site's ``assets/``).  Bounded: a PGN larger than :data:`PGN_LIMIT` or holding more than :data:`GAMES_LIMIT`
games is refused; a game python-chess cannot read is an error naming the file and the line the game starts on.
"""

from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.errors import InputError, InputWarning, Place
from ..engine.messages import Message, os_reason
from ..formats.text import name_parts
from ..views.games import diagram
from .cells import name_of, site_words

if TYPE_CHECKING:
    from .event import Event

#: the largest PGN read (a 2,000-player event's 9 rounds of games: about 9,000 games, 10-20 MB)
PGN_LIMIT = 64 * 2**20
#: the most games read from one PGN
GAMES_LIMIT = 50_000
#: the most half-moves of one game shown (a longer game is cut there, with a warning)
PLIES_LIMIT = 1_000
#: the viewer's files under the site's ``assets/`` (from the vendored cm-chessboard)
VIEWER = Path(__file__).resolve().parents[1] / "web" / "static" / "cm-chessboard"
#: the style of a position written as text (the live screen's, copied into the site's ``assets/``)
DIAGRAM_STYLE = VIEWER.parent / "diagram.css"


@dataclass
class Game:
    """One game as the viewer shows it: its players (start numbers), its result, its moves and the positions."""

    round: int
    board: int
    white: int  # who had White in the game (the PGN's), which may be the pairing's Black (``swapped``)
    black: int
    result: str
    sans: list[str] = field(default_factory=list)
    fens: list[str] = field(default_factory=list)  # the start position, then after every move
    #: the PGN gives the colours the other way round from the pairing (the game is shown as the PGN has it)
    swapped: bool = False
    #: the last move's from and to squares (marked on the diagram a page without script shows)
    last: tuple[str, ...] = ()

    @property
    def page(self) -> str:
        return f"game-{self.round}-{self.board}.html"


@dataclass
class Played:
    """One game of the PGN as read: the line it starts on, its tags, its moves and the positions."""

    line: int
    tags: dict[str, str]
    sans: list[str]
    fens: list[str]
    last: tuple[str, ...] = ()  # the last move's from and to squares


#: the PGN read last: its path, size and time, and its games (a watched site reads it once, not at every change)
_READ: dict[str, tuple[tuple[int, int], list[Played]]] = {}


def read_games(e: Event, path: str, warnings: list[InputWarning]) -> dict[int, dict[int, Game]]:
    """The games of the PGN ``path`` that match a board of ``e``: round -> board -> game (the others warned of)."""
    boards = {(k, frozenset((g.white, g.black))): g for k, rd in enumerate(e.rounds, 1) for g in rd.games}
    by_name = {name_parts(p.name): p.start_no for p in e.tournament.players}
    by_id = {p.fide_id: p.start_no for p in e.tournament.players if p.fide_id}
    out: dict[int, dict[int, Game]] = {}
    unmatched: list[str] = []
    swapped: list[str] = []
    again: list[str] = []
    for played in read_pgn(path):
        h = played.tags
        white, black = (by_id.get(h.get(f"{side}FideId", "")) or by_name.get(name_parts(h.get(side, "")))
                        for side in ("White", "Black"))
        k = _round(h.get("Round", ""))
        g = boards.get((k, frozenset((white, black)))) if k and white and black else None
        said = f"{played.line}: {h.get('White', '?')} - {h.get('Black', '?')} ({h.get('Round', '?')})"
        if k is None or g is None or white is None or black is None:
            unmatched.append(said)
            continue
        if g.board in out.get(k, {}):
            again.append(said)
            continue
        if white != g.white:
            swapped.append(said)
        out.setdefault(k, {})[g.board] = Game(k, g.board, white, black, h.get("Result", "*"), played.sans,
                                              played.fens, swapped=white != g.white, last=played.last)
    if unmatched:
        warnings.append(InputWarning(Message("{} game of the PGN matches no board of the pairings (by round and "
                                             "players): {}", len(unmatched), _listed(unmatched),
                                             plural="{} games of the PGN match no board of the pairings (by round and "
                                             "players): {}", count=len(unmatched)), Place(path)))
    if swapped:
        warnings.append(InputWarning(Message("{} game of the PGN gives the colours the other way round from the "
                                             "pairings; it is shown on its board with the PGN's colours: {}",
                                             len(swapped), _listed(swapped),
                                             plural="{} games of the PGN give the colours the other way round from the "
                                             "pairings; each is shown on its board with the PGN's colours: {}",
                                             count=len(swapped)), Place(path)))
    if again:
        warnings.append(InputWarning(Message("{} game of the PGN is a second game of a board of the pairings; the "
                                             "first is shown: {}", len(again), _listed(again),
                                             plural="{} games of the PGN are a second game of a board of the pairings; "
                                             "the first is shown: {}", count=len(again)), Place(path)))
    return out


def _listed(games: list[str]) -> str:
    """The first ten games named in a warning (each: its line, players and round)."""
    return "; ".join(games[:10]) + (" …" if len(games) > 10 else "")


def read_pgn(path: str) -> list[Played]:
    """Every game of the PGN ``path`` (read again only when its size or time changed)."""
    try:
        import chess.pgn  # noqa: PLC0415  python-chess may be missing (said in words); --games only (+135 ms)
    except ImportError as error:
        raise InputError(Message("--games needs python-chess: pip install 'tiebreak[live]' ({} is missing)",
                                 error.name), Place(path)) from None
    text, stamp = _text(path)
    held = _READ.get(path)
    if held is not None and held[0] == stamp:
        return held[1]
    games: list[Played] = []
    f = io.StringIO(text)
    line, at = 1, 0
    while True:
        here = f.tell()
        line, at = line + text.count("\n", at, here), here  # the line the next game starts on
        game = chess.pgn.read_game(f)
        if game is None:
            break
        if len(games) == GAMES_LIMIT:
            raise InputError(Message("more than {} game", GAMES_LIMIT, plural="more than {} games", count=GAMES_LIMIT),
                             Place(path, line))
        if game.errors:
            raise InputError(Message("the game starting on this line cannot be read: {}", str(game.errors[0])),
                             Place(path, line))
        games.append(_moves(game, Played(line, dict(game.headers), [], [])))
    _READ.clear()
    _READ[path] = stamp, games
    return games


def _text(path: str) -> tuple[str, tuple[int, int]]:
    """The PGN's text (UTF-8, else Latin-1) and its size and time."""
    p = Path(path)
    try:
        st = p.stat()
        size = st.st_size
        if size > PGN_LIMIT:
            raise InputError(Message("the PGN is {} byte, more than the {} read", size, PGN_LIMIT,
                                     plural="the PGN is {} bytes, more than the {} read", count=size), Place(path))
        data = p.read_bytes()
    except OSError as error:
        raise InputError(Message("cannot read the PGN: {}", os_reason(error)), Place(path)) from None
    try:
        return data.decode("utf-8-sig"), (size, st.st_mtime_ns)
    except UnicodeDecodeError:
        return data.decode("latin-1"), (size, st.st_mtime_ns)


def _round(text: str) -> int | None:
    """The round of a ``Round`` tag (``3``, ``3.1``: round 3, its first board or game).

    >>> _round("3.1"), _round("7"), _round("?")
    (3, 7, None)
    """
    m = re.fullmatch(r"\s*([0-9]{1,4})(?:\.[0-9]+)*\s*", text)
    return int(m[1]) if m else None


def _moves(game: object, out: Played) -> Played:
    board = game.board()  # type: ignore[attr-defined]
    out.fens.append(board.fen())
    for move in game.mainline_moves():  # type: ignore[attr-defined]
        if len(out.sans) >= PLIES_LIMIT:
            break
        out.sans.append(board.san(move))
        board.push(move)
        out.fens.append(board.fen())
        out.last = (move.uci()[:2], move.uci()[2:4])
    return out


def viewer_assets() -> dict[str, bytes]:
    """The viewer's files under ``assets/``: cm-chessboard's modules, style sheet and pieces, and its licence; the
    style of the position a page without script shows (the live screen's ``diagram.css``)."""
    files = [p for p in sorted(VIEWER.rglob("*")) if p.is_file()]
    return {**{f"assets/cm-chessboard/{p.relative_to(VIEWER).as_posix()}": p.read_bytes() for p in files},
            "assets/diagram.css": DIAGRAM_STYLE.read_bytes()}


def game_page(e: Event, game: Game, lang: str) -> dict[str, object]:
    """The context of a game's page (template ``site_game.html``): without script the page shows the game's last
    position as the live screen shows a game's (:func:`tiebreak.views.games.diagram`, its last move marked), with
    its FEN and the move that made it, as the viewer's script does when it steps to the last move."""
    s = site_words(lang)
    data = json.dumps({"fens": game.fens, "start": s["start_position"], "position": s["position"]},
                      ensure_ascii=False).replace("</", "<\\/")
    pager = [(f"round-{game.round}.html", s["pairings_n"].format(k=game.round))]
    ply = game.sans[-1] if game.sans else s["start_position"]
    return {"title": s["game_title"].format(k=game.round, b=game.board), "game": game, "data": data,
            "white": name_of(e, game.white), "black": name_of(e, game.black), "pager": pager,
            "diagram": diagram(game.fens[-1], game.last), "ply": ply, "label": f"{s['position']}: {ply}"}


def game_names(e: Event) -> list[str]:
    """The pages of the event's games (``--games``), round by round, board by board."""
    return [g.page for k in sorted(e.games) for _, g in sorted(e.games[k].items())]


def game_link(e: Event, k: int, white: int | None, black: int | None, s: dict[str, str]) -> dict[str, str]:
    """A result cell's link to the game of round ``k`` between ``white`` and ``black`` (none without it)."""
    game = game_of(e, k, white, black) if e.games and white and black else None
    return {"href": game.page, "title": s["open_game"]} if game else {}


def game_of(e: Event, k: int, white: int | None, black: int | None) -> Game | None:
    """The game of round ``k`` between ``white`` and ``black`` (either colour), if the PGN had it."""
    games: dict[int, Game] = e.games.get(k, {})
    return next((g for g in games.values() if {g.white, g.black} == {white, black}), None)
