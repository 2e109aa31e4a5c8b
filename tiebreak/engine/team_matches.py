"""Team events, the match layer: teams with ordered boards and the matches built from their board games (match and
game points, forfeited matches of record 330, team byes of record 320), C.07 Arts 11-12 (seed 001).

The individual model is kept as it is (every board game is an entry of the individual grid); a second grid with one
participant per team and one entry per match is derived from it, so every individual tie-break works on match
points (MP) or game points (GP) through the same engine.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from .errors import InputWarning, Place
from .messages import Message
from .model import NO_OPPONENT, Kind, Player, ScoreSystem, Tournament
from .standings import detect_system

#: Team score system (TRF-2026 record 362): match won 2, drawn 1, lost 0.
DEFAULT_MATCH_POINTS = ScoreSystem(win=Fraction(2), draw=Fraction(1), loss=Fraction(0), pab=Fraction(1))


@dataclass
class Team:
    """A team: its number, name and members in board order."""

    number: int
    name: str
    members: list[int]  # start numbers, board order
    nickname: str = ""
    source_line: int | None = None


@dataclass
class TeamTournament:
    """Teams, the individual board games, and the derived match grid (``matches``: participants = teams)."""

    games: Tournament
    teams: list[Team]
    boards: int
    matches: Tournament
    gp: np.ndarray  # (teams, rounds) game points of each match, in units of ``gp_scale``
    board_gp: np.ndarray  # (teams, rounds, boards) game points per board (Art. 12: a PAB scores a win on every board)
    gp_scale: int
    match_points: ScoreSystem
    primary: str = "MP"
    warnings: list[InputWarning] = field(default_factory=list)

    @property
    def secondary(self) -> str:
        return "GP" if self.primary == "MP" else "MP"


def has_teams(t: Tournament) -> bool:
    """Whether the file has team records (TRF 310/013) naming teams: a team event.

    >>> has_teams(Tournament.build([], 1))
    False
    """
    return any(x[:3] in ("013", "310") for x in t.extra.get("lines", ())) and bool(read_teams(t))


def read_teams(t: Tournament) -> list[Team]:
    """Teams from TRF-2026 records 310 (number 5-7, name 9-40, nickname 42-46, players from 74, stride 5) or, when
    there are none, TRF-16 records 013 (name 5-36, players from 37, stride 5; numbered in file order)."""
    lines = t.extra.get("lines", [])
    teams = []
    for x in lines:
        if x[:3] == "310":
            members = [int(x[c:c + 4]) for c in range(73, len(x), 5) if _digits(x[c:c + 4])]
            teams.append(Team(int(x[4:7]), x[8:40].strip(), members, x[41:46].strip()))
    if teams:
        return teams
    for x in lines:
        if x[:3] == "013":
            members = [int(x[c:c + 4]) for c in range(36, len(x), 5) if _digits(x[c:c + 4])]
            teams.append(Team(len(teams) + 1, x[4:36].strip(), members))
    return teams


def unplayed_match_kind(gp: int, opponent_gp: int) -> Kind:
    """The kind of a team match in which no board was played at the board (every board forfeited or unplayed): an
    unplayed round of C.07 Art. 15.1 ("did not play ... a match in a team tournament"), scored as a win or loss
    without play (16.2.2, 16.2.4) exactly as a TRF-2026 record 330 ``+-``/``-+``/``--`` declares it.  Equal nonzero
    game points (each side forfeited some boards) stay a drawn match, as the FIDE reference checker counts it.

    >>> unplayed_match_kind(4, 0).name, unplayed_match_kind(0, 4).name, unplayed_match_kind(0, 0).name
    ('FORFEIT_WIN', 'FORFEIT_LOSS', 'DOUBLE_FORFEIT')
    """
    if gp > opponent_gp:
        return Kind.FORFEIT_WIN
    if gp < opponent_gp:
        return Kind.FORFEIT_LOSS
    return Kind.DRAW if gp else Kind.DOUBLE_FORFEIT


def _record(lines: list[str], code: str) -> list[str]:
    return [x for x in lines if x[:3] == code]


@dataclass
class _Grid:
    """The match grid being built: per team and round the opponent team, the match's kind and colour, the game points
    (in units of the score system's scale), per board too, and whether a board was played at the board."""

    opponent: np.ndarray
    kind: np.ndarray
    colour: np.ndarray
    gp: np.ndarray
    board_gp: np.ndarray
    match_played: np.ndarray

    @classmethod
    def empty(cls, nteams: int, rounds: int, boards: int) -> _Grid:
        shape = (nteams, rounds)
        return cls(np.full(shape, NO_OPPONENT, np.int32), np.full(shape, int(Kind.ABSENT), np.int8),
                   np.zeros(shape, np.int8), np.zeros(shape, np.int64), np.zeros((*shape, max(boards, 1)), np.int64),
                   np.zeros(shape, bool))


def build(t: Tournament, teams: list[Team] | None = None, primary: str | None = None,
          system: str | None = None, infer_byes: bool = True) -> TeamTournament:
    """Derive the matches of a team event from its board games (individual TRF records).

    A team without a match in a round gets the pairing-allocated bye when record 320 says so, or, in a Swiss event,
    when it is the only team left out of an odd number (``infer_byes``; the reference checker gives a bye only from
    record 320); a round robin's rest round scores nothing.
    """
    t = t.with_pending_paired()  # a board being played is a pending game, as on every face
    teams = teams or read_teams(t)
    warnings: list[InputWarning] = []
    lines = t.extra.get("lines", [])
    team_of = _team_of(t, teams, warnings)
    mp = _match_points(lines)
    present = (t.kind != Kind.ABSENT) & (team_of[:, None] >= 0)
    boards = _boards(t, lines, team_of, present, len(teams))
    scale = t.score_system.scale
    win_units = int(t.score_system.win * scale)
    grid = _grid_of_boards(t, teams, team_of, present, boards, warnings)
    _match_kinds(grid)
    number_row = {team.number: ti for ti, team in enumerate(teams)}
    _forfeited_matches(grid, lines, number_row, t.rounds, win_units * boards, t.source, warnings)
    _record_byes(grid, lines, number_row, win_units, t.source, warnings)
    mp, pab_gp, pab_rounds = _declared_byes(lines, mp, Fraction(boards) * t.score_system.draw, number_row, t.source,
                                            warnings)
    if system is None:
        probe = Tournament([Player(team.number, team.name) for team in teams], grid.opponent, grid.kind, grid.colour,
                           type_text=t.type_text, type_code=t.type_code, from_records=t.from_records)
        system = detect_system(probe)[0]
    swiss_byes = infer_byes and len(teams) % 2 == 1 and system == "swiss"
    _team_byes(grid, pab_rounds, swiss_byes, int(pab_gp * scale), win_units)
    _pending_matches(t, team_of, grid.kind, grid.opponent)
    players = [Player(team.number, team.name, federation=team.nickname) for team in teams]
    matches = Tournament(players, grid.opponent, grid.kind, grid.colour, name=t.name, start_date=t.start_date,
                         end_date=t.end_date, planned_rounds=t.planned_rounds, type_text=t.type_text,
                         type_code=t.type_code, score_system=mp, source=t.source, from_records=t.from_records)
    return TeamTournament(t, teams, boards, matches, grid.gp, grid.board_gp, scale, mp,
                          primary or primary_score(t.type_code), warnings)


def _pending_matches(t: Tournament, team_of: np.ndarray, kind: np.ndarray, opponent: np.ndarray) -> None:
    """A match with a board still being played (``Kind.UNKNOWN``) is pending: no match points yet (its finished
    boards count in the game points), as the live screen and every face show it."""
    player, rnd = np.nonzero((t.kind == Kind.UNKNOWN) & (t.opponent >= 0) & (team_of[:, None] >= 0))
    if len(player):
        playing = np.zeros(kind.shape, bool)
        playing[team_of[player], rnd] = True
        kind[playing & (opponent >= 0)] = Kind.UNKNOWN


def primary_score(type_code: str) -> str:
    """The primary score a TRF-2026 type code names: ``GP`` (game points) or ``MP`` (match points, the default).

    >>> primary_score("FIDE_TEAM_GP"), primary_score("FIDE_TEAM_MP_GP"), primary_score("")
    ('GP', 'MP', 'MP')
    """
    code = type_code.upper()
    gp_first = "_GP" in code and "_GP_MP" not in code and "_MP_GP" not in code
    return "GP" if gp_first or code.endswith("TEAM_GP") or "_GP_MP" in code else "MP"


def _team_of(t: Tournament, teams: list[Team], warnings: list[InputWarning]) -> np.ndarray:
    """The team of every player (-1: none); a member without a 001 record is a warning."""
    team_of = np.full(len(t.players), -1, np.int64)
    for ti, team in enumerate(teams):
        for sno in team.members:
            if sno not in t._row_of:
                warnings.append(InputWarning(Message("team {} lists player {}, who has no 001 record",
                                                     repr(team.name), sno),
                                             Place(t.source, field="team members")))
                continue
            team_of[t.row(sno)] = ti
    return team_of


def _match_points(lines: list[str]) -> ScoreSystem:
    """The match points of record 362 (``TW 2 TD 1 TL 0``), else :data:`DEFAULT_MATCH_POINTS`."""
    mp = DEFAULT_MATCH_POINTS
    for x in _record(lines, "362"):
        values = {k: Fraction(v) for k, v in re.findall(r"T([WDL])\s*(\d+(?:\.\d+)?)", x[4:])}
        mp = ScoreSystem(win=values.get("W", mp.win), draw=values.get("D", mp.draw), loss=values.get("L", mp.loss),
                         pab=values.get("D", mp.draw))
    return mp


def _boards(t: Tournament, lines: list[str], team_of: np.ndarray, present: np.ndarray, nteams: int) -> int:
    """The boards of a match: record 352's colours per board, else the boards the pairing program's file declares
    (``extra["boards"]``: Swiss-Manager's, Swiss-Chess's), else the most players of one team in one round (0 when
    nobody played: the faces then say no number)."""
    declared = _record(lines, "352")
    if declared and (boards := max(len(x[4:].strip()) for x in declared)):
        return boards
    listed = np.bincount(team_of[team_of >= 0], minlength=nteams).max(initial=0)
    if isinstance(given := t.extra.get("boards"), int) and 0 < given <= listed:  # never more than a team lists
        return given
    per_round = [np.bincount(team_of[present[:, r]], minlength=nteams).max(initial=0) for r in range(t.rounds)]
    return int(max(per_round, default=0))


def _grid_of_boards(t: Tournament, teams: list[Team], team_of: np.ndarray, present: np.ndarray, boards: int,
                    warnings: list[InputWarning]) -> _Grid:
    """Each team's match of each round from its board games: the opponent team (the most frequent when the boards
    met several), the colour of the first board, the game points in all and per board."""
    grid = _Grid.empty(len(teams), t.rounds, boards)
    pts = np.array([int(p * t.score_system.scale) for p in t.score_system.table()], np.int64)[t.kind]
    over_the_board = (t.kind <= Kind.UNKNOWN) & (t.opponent >= 0)  # a game played at the board (not forfeited)
    for ti, team in enumerate(teams):
        rows = [t.row(s) for s in team.members if s in t._row_of]
        for r in range(t.rounds):
            playing = [i for i in rows if present[i, r]]
            if not playing:
                continue
            opp_teams = Counter(int(team_of[t.opponent[i, r]]) for i in playing if t.opponent[i, r] >= 0)
            opp_teams.pop(-1, None)
            if len(opp_teams) > 1:
                warnings.append(InputWarning(Message("round {}: team {} played boards against several teams {}; the "
                                                     "most frequent is used",
                                                     r + 1, repr(team.name), sorted(teams[o].name for o in opp_teams)),
                                             Place(t.source, field="team matches")))
            grid.gp[ti, r] = pts[playing, r].sum()
            grid.match_played[ti, r] = over_the_board[playing, r].any()
            for board, i in enumerate(playing[:boards]):
                grid.board_gp[ti, r, board] = pts[i, r]
            if len(playing) > boards:
                warnings.append(InputWarning(Message("round {}: team {} has {} board, more than {}",
                                                     r + 1, repr(team.name), len(playing), boards,
                                                     plural="round {}: team {} has {} boards, more than {}",
                                                     count=len(playing)),
                                             Place(t.source, field="team boards")))
            if opp_teams:
                grid.opponent[ti, r] = opp_teams.most_common(1)[0][0]
                grid.colour[ti, r] = t.colour[playing[0], r]
    return grid


def _match_kinds(grid: _Grid) -> None:
    """Match results from game points; a match with no board played at the board is a forfeited match (C.07 15.1),
    as record 330 would declare it."""
    nteams, rounds = grid.opponent.shape
    for ti in range(nteams):
        for r in range(rounds):
            o = grid.opponent[ti, r]
            if o < 0:
                continue
            gp, other = int(grid.gp[ti, r]), int(grid.gp[o, r])
            if grid.match_played[ti, r] or grid.match_played[o, r]:
                grid.kind[ti, r] = Kind.WIN if gp > other else Kind.DRAW if gp == other else Kind.LOSS
            else:
                grid.kind[ti, r] = unplayed_match_kind(gp, other)


#: record 330's result codes: the kinds of the white and the black team
_FORFEITS = {"+-": (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS), "-+": (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN),
             "--": (Kind.DOUBLE_FORFEIT, Kind.DOUBLE_FORFEIT)}


def _forfeited_matches(grid: _Grid, lines: list[str], number_row: dict[int, int], rounds: int, won_gp: int, src: str,
                       warnings: list[InputWarning]) -> None:
    """The forfeited matches of record 330: the winner scores ``won_gp`` (a win on every board), the loser none."""
    for x in _record(lines, "330"):
        code, rnd, white, black = x[4:6], x[7:10].strip(), x[11:14].strip(), x[15:18].strip()
        if not (_digits(rnd) and _digits(white) and _digits(black)):
            warnings.append(InputWarning(Message("record 330 not understood: {}", repr(x)), Place(src, field="330")))
            continue
        r, a, b = int(rnd) - 1, number_row.get(int(white)), number_row.get(int(black))
        kinds = _FORFEITS.get(code)
        if a is None or b is None or r >= rounds or kinds is None:
            continue
        ka, kb = kinds
        grid.opponent[a, r], grid.opponent[b, r], grid.kind[a, r], grid.kind[b, r] = b, a, ka, kb
        for side, k in ((a, ka), (b, kb)):
            grid.gp[side, r] = won_gp if k is Kind.FORFEIT_WIN else 0


#: record 240's bye types (TRF-2026; a blank type is a zero-point bye): the team's kind of round and the share of a
#: won board each of its boards scores (a full-point bye a won match, a half-point bye a drawn one)
_BYES = {"F": (Kind.FPB, Fraction(1)), "H": (Kind.HPB, Fraction(1, 2)), "Z": (Kind.ZPB, Fraction(0))}


def _record_byes(grid: _Grid, lines: list[str], number_row: dict[int, int], win_units: int, src: str,
                 warnings: list[InputWarning]) -> None:
    """The byes of record 240 (type at column 5, round at 7-9, team numbers from column 11, five columns apart) of the
    teams without a match that round: match points by the kind, game points as that share of every board."""
    for x in _record(lines, "240"):
        code, rnd = x[4:5].strip() or "Z", x[6:9].strip()
        if code not in _BYES or not _digits(rnd):
            warnings.append(InputWarning(Message("record 240 not understood: {}", repr(x)), Place(src, field="240")))
            continue
        kind, share = _BYES[code]
        r = int(rnd) - 1
        if not 0 <= r < grid.kind.shape[1]:  # round 0 or past the last: no round of the event
            continue
        for c in range(10, len(x), 5):
            ti = number_row.get(int(x[c:c + 4])) if _digits(x[c:c + 4]) else None
            if ti is None or grid.opponent[ti, r] >= 0:  # a team with a match keeps it
                continue
            grid.kind[ti, r] = kind
            grid.board_gp[ti, r, :] = int(win_units * share)
            grid.gp[ti, r] = int(grid.board_gp[ti, r, :].sum())


def _declared_byes(lines: list[str], mp: ScoreSystem, pab_gp: Fraction, number_row: dict[int, int], src: str,
                   warnings: list[InputWarning]) -> tuple[ScoreSystem, Fraction, dict[int, set[int]]]:
    """Record 320: the match and game points of a pairing-allocated bye, and the teams that had one in each round."""
    pab_rounds: dict[int, set[int]] = {}
    for x in _record(lines, "320"):
        try:
            mp = ScoreSystem(win=mp.win, draw=mp.draw, loss=mp.loss, pab=Fraction(x[4:8].strip() or mp.draw))
            pab_gp = Fraction(x[9:13].strip() or pab_gp)
        except ValueError:
            warnings.append(InputWarning(Message("record 320 not understood: {}", repr(x)), Place(src, field="320")))
        for r, c in enumerate(range(14, len(x), 4)):
            if _digits(x[c:c + 3]) and int(x[c:c + 3]) in number_row:
                pab_rounds.setdefault(r, set()).add(number_row[int(x[c:c + 3])])
    return mp, pab_gp, pab_rounds


def _team_byes(grid: _Grid, declared: dict[int, set[int]], swiss_byes: bool, pab_gp: int, win_units: int) -> None:
    """The byes of each round that has a match: those record 320 declares, else (``swiss_byes``) the one team left
    out of an odd number; a bye scores ``pab_gp`` game points and a win on every board (Art. 12: for BC, TBR,
    BBE)."""
    nteams, rounds = grid.kind.shape
    for r in range(rounds):
        if not (grid.kind[:, r] != Kind.ABSENT).any():
            continue
        idle = [ti for ti in range(nteams) if grid.kind[ti, r] == Kind.ABSENT]
        for ti in declared.get(r, set(idle) if swiss_byes and len(idle) == 1 else set()):
            grid.kind[ti, r] = Kind.PAB
            grid.gp[ti, r] = pab_gp
            grid.board_gp[ti, r, :] = win_units


def _digits(field: str) -> bool:
    """A TRF number field: ASCII digits only (``²`` passes ``str.isdigit()`` but is no number)."""
    field = field.strip()
    return field.isascii() and field.isdigit()


def players_event(t: Tournament) -> Tournament:
    """``t`` as the event of its players: a team event's own list (Chess-Results ``MP,GP,BH``, TRF 212 of a team
    file) is the teams', so its players are ranked by the list asked for, else the default for players.

    >>> t = Tournament.build([Player(1), Player(2)], 1)
    >>> t.declared_tiebreaks = ["MP", "GP"]
    >>> players_event(t) is t  # no team records: the list is the players'
    True
    """
    if not t.declared_tiebreaks or not any(x[:3] in ("013", "310") for x in t.extra.get("lines", ())) \
            or not read_teams(t):
        return t
    players = copy.copy(t)
    players.declared_tiebreaks = []
    return players
