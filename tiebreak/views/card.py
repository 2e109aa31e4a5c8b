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

A team's card (:func:`team_card_view`): its place and values, its matches round by round (a match paired and not yet
played marked pending) and its players' games and scores:

>>> from tiebreak.engine.team import Team, build, compute_team_standings
>>> from tiebreak.engine.model import Player
>>> t = Tournament.build([Player(i, n) for i, n in enumerate(["A1", "A2", "B1", "B2"], 1)], 1)
>>> t.set_game(1, 1, 3, Kind.WIN); t.set_game(1, 4, 2, Kind.DRAW)
>>> s = compute_team_standings(build(t, [Team(1, "A", [1, 2]), Team(2, "B", [3, 4])]), "MP,GP", lots=False)
>>> v = team_card_view(s, 1, [], 1)
>>> v.place, v.matches[0].opponent, [(m.start_no, m.games, str(m.score)) for m in v.members]   # A1 won, A2 drew
('1', 2, [(1, 1, '1'), (2, 1, '1/2')])
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from ..arbiter.rating_report import RatingRow
from ..engine.model import BLACK, WHITE, Kind, Tournament
from ..engine.ranking import shown_places
from ..engine.team import TeamStandings
from .matches import Match, MatchRound, match_rounds
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


@dataclass(frozen=True)
class TeamMember:
    """One player of a team's card: the games played and the score up to the last round played."""

    start_no: int
    games: int
    score: Fraction


@dataclass(frozen=True)
class TeamCardView:
    """A team's card: its place as the standings write it (``3-5`` shared, ``2*`` placed by lot, ``1‡`` by the
    play-off), its values (the
    list's keys), its matches one a round (:class:`~tiebreak.views.matches.MatchRound`; a match paired and not yet
    played: ``pending`` holds the opponent's number) and its players in the order of its list."""

    number: int
    name: str
    place: str
    values: dict[str, Fraction | None]
    matches: list[MatchRound | PendingMatch]
    members: list[TeamMember]
    #: whether its place was drawn by lot, and whether a play-off decided it (the marks' lines of the legend)
    drawn: bool = False
    played_off: bool = False


@dataclass(frozen=True)
class PendingMatch:
    """A match of a team's card paired and not yet played (every board without a result): the round and the
    opponent."""

    round: int
    opponent: int


def team_card_view(st: TeamStandings, number: int, rounds: list[list[Match]], played: int) -> TeamCardView:
    """The card of team ``number`` in the standings ``st``: ``rounds`` the matches of every round paired (round 1
    first: :func:`tiebreak.views.matches.round_matches`), ``played`` the rounds played (the players' games and scores
    count up to it)."""
    tm = next(x for x in st.tt.teams if x.number == number)
    matches: list[MatchRound | PendingMatch] = list(match_rounds(st, number))
    for k, ms in enumerate(rounds, 1):
        other = next((m.second if m.first == number else m.first for m in ms if number in (m.first, m.second)
                      and m.boards and all(b.kind is None for b in m.boards)), None)
        if other is None:
            continue
        if k <= len(matches):  # one a round
            matches[k - 1] = PendingMatch(k, other)
        else:
            matches.append(PendingMatch(k, other))
    g, row = st.tt.games, st.row(number)
    table = g.score_system.table()
    members = []
    for sno in tm.members:
        i = g.row(sno)
        members.append(TeamMember(sno, int((g.opponent[i, :played] >= 0).sum()),
                                  sum((table[int(x)] for x in g.kind[i, :played]), Fraction(0))))
    return TeamCardView(number, tm.name, shown_places(st)[number], dict(row.values), matches, members,
                        row.lot is not None, number in st.decided)
