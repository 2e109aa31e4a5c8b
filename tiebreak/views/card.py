"""A player's card, one view without words for the website (and any face that shows a player's rounds): per round the
board, the colour, the opponent (number, title, rating, federation and the opponent's points now), the result's
kind, the game's rating change (the rating report's, :mod:`tiebreak.arbiter.rating_report`: FIDE K-factor rules,
never computed again here), and the player's OWN running score and place after the round; then the player's places
round by round (the card's chart).

>>> from tiebreak import compute_standings, trf
>>> from tiebreak.arbiter.rating_report import rating_report
>>> from tiebreak.views.pairings import pairings
>>> t = trf.load("examples/hobsons-bay-cup-2025.trf")
>>> after = [compute_standings(t, "PTS,BH", after_round=k, seed=1) for k in (1, 2)]
>>> places = [{r.start_no: (r.rank, s.points[r.index]) for r in s.rows} for s in after]
>>> boards = board_numbers([pairings(t, 1, None), pairings(t, 2, after[0])])
>>> v = card_view(t, 2, places, boards, rating_report(t, "fide", rounds=2)[1], 2)
>>> g = v.games[0]
>>> (g.round, g.board, g.colour, g.opponent, g.opponent_rating, g.kind.name, g.score, g.change)
(1, 1, 1, 16, 1401, 'WIN', Fraction(1, 1), Fraction(2, 1))
>>> v.places == [places[0][2][0], places[1][2][0]]
True

(No. 2, rated 1774, beat No. 16, rated 1401, with White on board 1 (``16 w 1``): 373 points more, expected 0.90 by
the FIDE table (366-374), so 20 × (1 − 0.90) = +2.)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from ..arbiter.rating_report import RatingRow
from ..engine.model import BLACK, WHITE, Kind, Tournament
from .pairings import Round


@dataclass(frozen=True)
class CardGame:
    """One round of a card (``pending``: paired, not yet played; the score and place are None for a round after the
    last one played)."""

    round: int
    board: int | None
    colour: int  # WHITE, BLACK or 0 (no game)
    kind: Kind
    opponent: int | None  # start number
    opponent_title: str = ""
    opponent_rating: int | None = None
    opponent_federation: str = ""
    opponent_points: Fraction | None = None  # the opponent's points in the current standings
    change: Fraction | None = None  # the game's rating change (None: not a rated game)
    score: Fraction | None = None  # the player's own score after the round
    place: int | None = None  # the player's own place after the round
    pending: bool = False


@dataclass(frozen=True)
class CardView:
    start_no: int
    name: str
    title: str
    rating: int | None
    federation: str
    club: str
    place: int | None  # in the current standings (None before the first round)
    points: Fraction
    performance: int | None
    change: Fraction | None
    games: list[CardGame] = field(default_factory=list)
    #: the player's place after every round played (the chart)
    places: list[int] = field(default_factory=list)
    #: the player's FIDE ID (the file's, or the event's player list's), '' without one
    fide_id: str = ""


def board_numbers(rounds: list[Round]) -> list[dict[int, int]]:
    """Per round, start number -> board (both players of a game)."""
    return [{sno: g.board for g in rd.games for sno in (g.white, g.black)} for rd in rounds]


def card_view(t: Tournament, start_no: int, places: list[dict[int, tuple[int, Fraction]]],
              boards: list[dict[int, int]], rating: RatingRow | None, played: int) -> CardView:
    """The card of ``start_no``: ``places`` the (place, points) of every player after each round played, ``boards``
    :func:`board_numbers`, ``rating`` the player's row of the rating report after ``played`` rounds."""
    p = t.player(start_no)
    now = places[played - 1] if played else {}
    per_game = rating.per_game if rating is not None else ()
    pending = {k: (b if w == start_no else w, WHITE if w == start_no else BLACK)
               for k, w, b in t.pending if start_no in (w, b)}
    for k in range(1, t.rounds + 1):  # a game the grid holds without a result (the live screen's games in play)
        entry = t.entry(start_no, k)
        if entry.kind == Kind.UNKNOWN and entry.opponent is not None:
            pending.setdefault(k, (entry.opponent, entry.colour))
    games = []
    for k in range(1, played + 1):
        entry = t.entry(start_no, k)
        board = boards[k - 1].get(start_no) if k <= len(boards) else None
        after, score = places[k - 1][start_no]
        if k in pending and (entry.opponent is None or entry.kind == Kind.UNKNOWN):  # a game in play while the
            # round has results: the score so far
            games.append(replace(_pending(t, k, *pending[k], board, now), score=score, place=after))
            continue
        games.append(_opponent(t, CardGame(k, board, entry.colour, entry.kind, entry.opponent,
                                           change=per_game[k - 1] if k <= len(per_game) else None, score=score,
                                           place=after), now))
    games += [_pending(t, k, *pending[k], boards[k - 1].get(start_no) if k <= len(boards) else None, now)
              for k in sorted(pending) if k > played]
    place, points = now[start_no] if start_no in now else (None, Fraction(0))
    return CardView(start_no, p.name, p.title.strip(), p.rating or None, p.federation.strip(), p.club.strip(), place,
                    points, rating.performance if rating else None, rating.change if rating else None, games,
                    [places[k][start_no][0] for k in range(played)], p.fide_id.strip())


def _opponent(t: Tournament, g: CardGame, now: dict[int, tuple[int, Fraction]]) -> CardGame:
    """The game ``g`` with its opponent's title, rating, federation and points now."""
    if g.opponent is None:
        return g
    o = t.player(g.opponent)
    return replace(g, opponent_title=o.title.strip(), opponent_rating=o.rating or None,
                   opponent_federation=o.federation.strip(),
                   opponent_points=now[g.opponent][1] if g.opponent in now else None)


def _pending(t: Tournament, k: int, opponent: int, colour: int, board: int | None,
             now: dict[int, tuple[int, Fraction]]) -> CardGame:
    return _opponent(t, CardGame(k, board, colour, Kind.UNKNOWN, opponent, pending=True), now)
