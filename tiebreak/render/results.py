"""Results in words and symbols, as every published table shows them (the event's website and the live screen): a
game's result from White's side (forfeits named in words), a bye in words, a crosstable cell (the opponent's rank,
the colour in the reader's language, the result; a bye by its letter, which the legend names: never a symbol a game
uses).

The live JSON API keeps its codes for programs (``1-0``, ``+-``; byes ``U``/``F``/``H``/``Z``); :data:`API_RESULTS`
and :data:`API_CELLS` read them back into kinds, so the live screen words them as the site does.

>>> game_result(Kind.FORFEIT_WIN, "en"), game_result(Kind.DRAW, "ru"), bye_text(Kind.HPB, "uk")
('+ – (forfeit win)', '½–½', 'бай в пів очка')
>>> cross_cell(3, "b", Kind.WIN, "ru"), cross_cell(None, None, Kind.HPB, "en"), cross_cell(None, None, Kind.ABSENT, "en")
('3ч1', 'H', '–')
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.model import Kind
from ..views.crosstable import KINDS
from .i18n import kind_name, word
from .words import SITE_WORDS

#: the result of a game from White's side as the pairings show it (a forfeit has its own words)
SCORE = {Kind.WIN: "1–0", Kind.DRAW: "½–½", Kind.LOSS: "0–1", Kind.WIN_SHORT: "1–0", Kind.DRAW_SHORT: "½–½",
         Kind.LOSS_SHORT: "0–1", Kind.FORFEIT_WIN: "+ –", Kind.FORFEIT_LOSS: "– +", Kind.DOUBLE_FORFEIT: "– –",
         Kind.UNKNOWN: ""}
#: one side's result in a crosstable cell or a card: a game's score, + / − won / lost by forfeit, * being played; a bye
#: (no opponent) its TRF letter, never a symbol a game uses: U pairing-allocated, F full-point, H half-point, Z zero-point
CELL = {Kind.WIN: "1", Kind.DRAW: "½", Kind.LOSS: "0", Kind.WIN_SHORT: "1", Kind.DRAW_SHORT: "½", Kind.LOSS_SHORT: "0",
        Kind.UNKNOWN: "*", Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "−", Kind.DOUBLE_FORFEIT: "−", Kind.PAB: "U",
        Kind.FPB: "F", Kind.HPB: "H", Kind.ZPB: "Z", Kind.ABSENT: ""}
FORFEITS = (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT)
#: the kinds a crosstable's legend names (the symbols that are not plain scores)
LEGEND_KINDS = (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.PAB, Kind.FPB, Kind.HPB, Kind.ZPB)

#: the live API's result codes of a game (White's side) and of a crosstable cell, read back into kinds
API_RESULTS = {"1-0": Kind.WIN, "½-½": Kind.DRAW, "0-1": Kind.LOSS, "+-": Kind.FORFEIT_WIN, "-+": Kind.FORFEIT_LOSS,
               "--": Kind.DOUBLE_FORFEIT}
API_CELLS = KINDS


def game_result(kind: Kind, lang: str) -> str:
    """A finished game's result from White's side; a forfeit says so in words."""
    if kind in FORFEITS:
        return f"{SCORE[kind]} ({kind_name(kind.name, lang)})"
    return SCORE.get(kind, "")


def bye_text(kind: Kind, lang: str) -> str:
    """A round without an opponent in words (the kind of bye; an absence is *not paired*)."""
    if kind == Kind.ABSENT:
        return SITE_WORDS.text("not_paired", lang)
    return kind_name(kind.name, lang)


def colour_letter(colour: str | None, lang: str) -> str:
    """``w``/``b`` (the API's colour) as the reader's language abbreviates White and Black."""
    return word("white_short", lang) if colour == "w" else word("black_short", lang) if colour == "b" else ""


def cross_cell(opponent_rank: int | None, colour: str | None, kind: Kind, lang: str) -> str:
    """A Swiss crosstable's cell: the opponent's rank, the colour and the result (``3w1``); without an opponent the
    bye's symbol (named by the legend), ``–`` when not paired."""
    if opponent_rank is None:
        return CELL[kind] if kind != Kind.ABSENT else "–"
    return f"{opponent_rank}{colour_letter(colour, lang)}{CELL[kind]}"


def legend(lang: str, kinds: Iterable[Kind] = LEGEND_KINDS) -> list[str]:
    """What the crosstable's symbols mean, one line per symbol (``+ = forfeit win``; kinds that share a symbol on one
    line: ``− = forfeit loss / double forfeit``).

    >>> legend("en")[-4:]
    ['U = pairing-allocated bye', 'F = full-point bye', 'H = half-point bye', 'Z = zero-point bye']
    >>> legend("en", [Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT])
    ['− = forfeit loss / double forfeit']
    """
    names: dict[str, list[str]] = {}
    for k in kinds:
        names.setdefault(CELL[k] or "–", []).append(kind_name(k.name, lang))
    return [f"{symbol} = {' / '.join(said)}" for symbol, said in names.items()]


def match_score(ours: str, theirs: str) -> str:
    """A team match's score, its match or game points (both teams'), as every face writes it: the website's card and
    round page, the live screen, the explanation of a team on the command line and on the page.

    >>> match_score("3.5", "0.5")
    '3.5 – 0.5'
    """
    return f"{ours} – {theirs}"


def match_cells(match_points: tuple[str, str] | None, game_points: tuple[str, str] | None, pending: str,
                playing: str = "") -> tuple[str, str]:
    """A team match's match points and game points as the website's round page and the live screen show them:
    ``2 – 0`` (``–`` until every board has a result) and ``6 – 2`` (``pending`` before any board has one; the live
    screen's boards still ``playing`` after the game points so far).

    >>> match_cells(("0", "2"), ("2", "6"), "not yet played"), match_cells(None, ("1", "0"), "", "3 playing")
    (('0 – 2', '2 – 6'), ('–', '1 – 0 3 playing'))
    """
    def pair(x: tuple[str, str]) -> str:
        return match_score(*x)

    gp = (pair(game_points) + (f" {playing}" if playing else "")) if game_points is not None else pending
    return pair(match_points) if match_points is not None else "–", gp
