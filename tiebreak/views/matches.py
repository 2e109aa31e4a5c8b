"""The matches of a team event as views for every face, without words: a team's matches (the explanation, the text
and PDF crosstables, the website's team page: per round the opposing team, what happened, the match points and game
points scored and conceded, :func:`match_rounds`) and a round's matches board by board (the website's round pages,
:func:`round_matches`).

>>> from tiebreak.engine.team import Team, build, compute_team_standings
>>> from tiebreak.engine.model import Kind, Player, Tournament
>>> t = Tournament.build([Player(i, n) for i, n in enumerate(["A1", "A2", "B1", "B2"], 1)], 1)
>>> t.set_game(1, 1, 3, Kind.WIN); t.set_game(1, 4, 2, Kind.DRAW)
>>> s = compute_team_standings(build(t, [Team(1, "A", [1, 2]), Team(2, "B", [3, 4])]), "MP,GP", lots=False)
>>> mr = match_rounds(s, 1)[0]
>>> mr.opponent, str(mr.match_points), str(mr.game_points), str(mr.opponent_game_points)
(2, '2', '3/2', '1/2')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..engine.model import BLACK, WHITE, Kind, Tournament
from ..engine.team import TeamStandings, TeamTournament


@dataclass(frozen=True)
class MatchRound:
    """One round of a team: the opposing team (number and name, None for a bye or no match), what happened, the match
    points and the game points scored, and the opponent's game points."""

    round: int
    kind: Kind
    opponent: int | None
    opponent_name: str
    match_points: Fraction
    game_points: Fraction
    opponent_game_points: Fraction | None


def match_rounds(s: TeamStandings, number: int) -> list[MatchRound]:
    """The rounds of team ``number`` up to the evaluated round."""
    tt, m = s.tt, s.tt.matches
    i = m.row(number)
    system = m.score_system
    out = []
    for r in range(s.after_round):
        kind, o = Kind(int(m.kind[i, r])), int(m.opponent[i, r])
        gp = Fraction(int(tt.gp[i, r]), tt.gp_scale)
        ogp = Fraction(int(tt.gp[o, r]), tt.gp_scale) if o >= 0 else None
        out.append(MatchRound(r + 1, kind, tt.teams[o].number if o >= 0 else None, tt.teams[o].name if o >= 0 else "",
                              system.points(kind), gp, ogp))
    return out


@dataclass(frozen=True)
class Board:
    """One board of a match, from the first team's side: its player and the other team's (None: no player
    fielded), the first team's result (None: not yet played) and its player's colour (0 unknown)."""

    own: int | None
    other: int | None
    kind: Kind | None
    colour: int


@dataclass(frozen=True)
class Match:
    """One match of a round: the teams (the first has White on its first board), its boards in the first team's
    order, the game points of the boards played (None: none played yet) and the match points (None until every
    board has a result)."""

    first: int
    second: int
    boards: list[Board]
    game_points: tuple[Fraction, Fraction] | None
    match_points: tuple[Fraction, Fraction] | None


#: a result seen from the other side
FLIP = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.WIN_SHORT: Kind.LOSS_SHORT, Kind.LOSS_SHORT: Kind.WIN_SHORT,
        Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS: Kind.FORFEIT_WIN}
#: a point without an opponent while the team plays a match: the board the other team left empty
EMPTY_BOARD = (Kind.FPB, Kind.PAB, Kind.FORFEIT_WIN)


def team_boards(tt: TeamTournament, t: Tournament, k: int, number: int) -> list[tuple[int, int | None, Kind | None, int]]:
    """The boards of team ``number`` in round ``k`` in the order of its list (``t``: the players' event, with its
    pending games): (player, opponent or None for an empty board, own result or None while pending, colour).  A
    board the other team left empty is a player's point without an opponent while the team has a match (the file's
    ``0000 - +``): a forfeit win."""
    return _RoundColumn(t, k).boards(tt, number)


class _RoundColumn:
    """Round ``k`` of the players' event ``t`` read once (a live screen asks for every team's boards at each
    version): each player's opponent, result and colour, and the games the file lists as pending."""

    def __init__(self, t: Tournament, k: int) -> None:
        self.t, self.k = t, k
        games = [(w, b) for kk, w, b in t.pending if kk == k]
        self.pending = {w: (b, WHITE) for w, b in games} | {b: (w, BLACK) for w, b in games}
        played = k <= t.rounds
        self.opponents, self.kinds, self.colours = ((a[:, k - 1].tolist() if played else [])
                                                    for a in (t.opponent, t.kind, t.colour))

    def boards(self, tt: TeamTournament, number: int) -> list[tuple[int, int | None, Kind | None, int]]:
        """:func:`team_boards` of team ``number``."""
        t, k, pending = self.t, self.k, self.pending
        members = next(tm.members for tm in tt.teams if tm.number == number)
        m = tt.matches
        match = k <= m.rounds and int(m.opponent[m.row(number), k - 1]) >= 0
        out: list[tuple[int, int | None, Kind | None, int]] = []
        for sno in members:
            if sno in pending:
                out.append((sno, pending[sno][0], None, pending[sno][1]))
            elif self.kinds:
                i = t.row(sno)
                o, kind = self.opponents[i], Kind(self.kinds[i])
                if o >= 0:
                    out.append((sno, t.players[o].start_no, None if kind == Kind.UNKNOWN else kind, self.colours[i]))
                elif match and kind in EMPTY_BOARD:
                    out.append((sno, None, Kind.FORFEIT_WIN, 0))
        return out


def round_matches(tt: TeamTournament, t: Tournament, k: int, place: dict[int, int] | None = None) -> list[Match]:
    """Every match of round ``k`` (``tt``: the teams and their match grid; ``t``: the players' event), the
    better-placed team's match first (``place``: team number -> place before the round; by team numbers without).
    The first team has White on its first board (the team of the lower list position when the colours are
    unknown); the boards are numbered in the order of the first team's list, a board the first team left empty
    where the second team's list puts it.

    >>> from tiebreak.engine.team import Team, build, compute_team_standings
    >>> from tiebreak.engine.model import Player
    >>> t = Tournament.build([Player(i, n) for i, n in enumerate(["A1", "A2", "B1", "B2"], 1)], 1)
    >>> t.set_game(1, 3, 1, Kind.WIN); t.set_game(1, 2, 4, Kind.DRAW)
    >>> tt = build(t, [Team(1, "A", [1, 2]), Team(2, "B", [3, 4])])
    >>> m = round_matches(tt, t, 1)[0]
    >>> m.first, m.second, [(b.own, b.other, b.kind.name) for b in m.boards]
    (2, 1, [(3, 1, 'WIN'), (4, 2, 'DRAW')])
    >>> [str(x) for x in m.game_points], [str(x) for x in m.match_points]
    (['3/2', '1/2'], ['2', '0'])

    (No. 3 has White on board 1, so team B is named first; B wins 1½–½ and takes the match's two points.)
    """
    team_of = {sno: tm.number for tm in tt.teams for sno in tm.members}
    system = tt.games.score_system
    den = system.scale  # the boards' points summed in one integer unit
    units = [int(x * den) for x in system.table()]
    flip = [int(FLIP.get(kind, kind)) for kind in Kind]  # each kind's index seen from the other side
    column = _RoundColumn(t, k)
    seen: set[int] = set()
    out = []
    for tm in tt.teams:
        number = tm.number
        if number in seen:
            continue
        own = column.boards(tt, number)
        others = {team_of.get(o, 0) for _, o, _, _ in own if o is not None}
        if len(others) != 1:
            continue
        other = others.pop()
        seen |= {number, other}
        theirs = column.boards(tt, other)
        first = next((c for _, o, _, c in own if o is not None), WHITE)  # the colour of its first board
        (left, left_boards), (right, right_boards) = ((other, theirs), (number, own)) if first == BLACK else \
            ((number, own), (other, theirs))
        boards = [Board(s, o, kind, c) for s, o, kind, c in left_boards]
        for n, (s, o, _, _) in enumerate(right_boards):
            if o is None:  # the first team left this board empty
                boards.insert(min(n, len(boards)), Board(None, s, Kind.FORFEIT_LOSS, 0))
        done = [int(b.kind) for b in boards if b.kind is not None]
        gp = (Fraction(sum(units[x] for x in done), den), Fraction(sum(units[flip[x]] for x in done), den)) \
            if done else None
        mp = _match_points(tt, k, left, right) if gp is not None and len(done) == len(boards) else None
        out.append(Match(left, right, boards, gp, mp))
    out += _without_boards(tt, k, seen)
    if place:
        out.sort(key=lambda x: min(place.get(x.first, x.first), place.get(x.second, x.second)))
    else:
        out.sort(key=lambda x: min(x.first, x.second))
    return out


def _match_points(tt: TeamTournament, k: int, left: int, right: int) -> tuple[Fraction, Fraction] | None:
    """The match points of the two teams in round ``k`` as the match grid has them (None while either is unknown)."""
    m = tt.matches
    if k > m.rounds:
        return None
    a, b = (Kind(int(m.kind[m.row(x), k - 1])) for x in (left, right))
    if Kind.UNKNOWN in (a, b):
        return None
    return m.score_system.points(a), m.score_system.points(b)


def _without_boards(tt: TeamTournament, k: int, seen: set[int]) -> list[Match]:
    """The matches of round ``k`` that the match grid has and no board game shows (a match forfeited whole, TRF-2026
    record 330; ``seen``: the teams of the matches found by their boards): no boards, the game points and match
    points the team standings count, the team with White first (the lower list position without colours); the
    teams are added to ``seen``."""
    m = tt.matches
    out: list[Match] = []
    if k > m.rounds:
        return out
    for i, tm in enumerate(tt.teams):
        o = int(m.opponent[i, k - 1])
        if o < 0 or {tm.number, tt.teams[o].number} & seen:
            continue
        seen |= {tm.number, tt.teams[o].number}
        a, b = (o, i) if int(m.colour[i, k - 1]) == BLACK else (i, o)
        kinds = [Kind(int(m.kind[x, k - 1])) for x in (a, b)]
        gp = (Fraction(int(tt.gp[a, k - 1]), tt.gp_scale), Fraction(int(tt.gp[b, k - 1]), tt.gp_scale))
        mp = None if Kind.UNKNOWN in kinds else (m.score_system.points(kinds[0]), m.score_system.points(kinds[1]))
        out.append(Match(tt.teams[a].number, tt.teams[b].number, [], gp, mp))
    return out


@dataclass(frozen=True)
class TeamBye:
    """A team without a match in a round: what it got (a pairing-allocated bye, a forfeit, no match: ``ABSENT``),
    its match points and game points for the round (the team standings' own)."""

    team: int
    kind: Kind
    match_points: Fraction
    game_points: Fraction


def round_byes(tt: TeamTournament, k: int, playing: set[int]) -> list[TeamBye]:
    """The teams of round ``k`` not in ``playing`` (the teams of :func:`round_matches`), in the order of their
    numbers, with what the team standings count for them."""
    m = tt.matches
    out = []
    for tm in sorted(tt.teams, key=lambda x: x.number):
        if tm.number in playing or k > m.rounds:
            continue
        i = m.row(tm.number)
        kind = Kind(int(m.kind[i, k - 1]))
        out.append(TeamBye(tm.number, kind, m.score_system.points(kind) if kind != Kind.UNKNOWN else Fraction(0),
                           Fraction(int(tt.gp[i, k - 1]), tt.gp_scale)))
    return out
