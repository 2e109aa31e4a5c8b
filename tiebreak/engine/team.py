"""Team competitions: teams with ordered boards, matches built from the board games, match and game points, and the
team tie-breaks of C.07 Arts 11-13 (seed 001) and the Arbiters' Manual 13.9.3, 13.10, 13.12, 13.13.3 (seed 000).

The individual model is kept as it is (every board game is an entry of the individual grid); a second grid with one
participant per team and one entry per match is derived from it, so every individual tie-break works on match
points (MP) or game points (GP) through the same engine (``BH:MP``, ``SB:GP``, ``PS:MP`` ...).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from . import fide
from .direct import DirectEncounter, direct_encounter
from .errors import InputWarning, Place, SpecifierError
from .model import NO_OPPONENT, Kind, Player, ScoreSystem, Tournament, format_number
from .passes import Column, Context, Points, apply_cuts, round_half_up_div
from .ranking import apply_list, column_keys, finish, tied_groups
from .rules import RULE_SETS, choose_rules
from .specifier import TieBreakSpec

#: Team score system (TRF-2026 record 362): match won 2, drawn 1, lost 0.
DEFAULT_MATCH_POINTS = ScoreSystem(win=Fraction(2), draw=Fraction(1), loss=Fraction(0), pab=Fraction(1))


@dataclass
class Team:
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


def read_teams(t: Tournament) -> list[Team]:
    """Teams from TRF-2026 records 310 (number 5-7, name 9-40, nickname 42-46, players from 74, stride 5) or, when
    there are none, TRF-16 records 013 (name 5-36, players from 37, stride 5; numbered in file order)."""
    lines = t.extra.get("lines", [])
    teams = []
    for x in lines:
        if x[:3] == "310":
            members = [int(x[c:c + 4]) for c in range(73, len(x), 5) if x[c:c + 4].strip().isdigit()]
            teams.append(Team(int(x[4:7]), x[8:40].strip(), members, x[41:46].strip()))
    if teams:
        return teams
    for x in lines:
        if x[:3] == "013":
            members = [int(x[c:c + 4]) for c in range(36, len(x), 5) if x[c:c + 4].strip().isdigit()]
            teams.append(Team(len(teams) + 1, x[4:36].strip(), members))
    return teams


def _record(lines: list[str], code: str) -> list[str]:
    return [x for x in lines if x[:3] == code]


def build(t: Tournament, teams: list[Team] | None = None, primary: str | None = None,
          system: str | None = None, infer_byes: bool = True) -> TeamTournament:
    """Derive the matches of a team event from its board games (individual TRF records).

    A team without a match in a round gets the pairing-allocated bye when record 320 says so, or, in a Swiss event,
    when it is the only team left out of an odd number (``infer_byes``; the reference checker gives a bye only from
    record 320); a round robin's rest round scores nothing.
    """
    teams = teams or read_teams(t)
    warnings: list[InputWarning] = []
    src = t.source
    lines = t.extra.get("lines", [])
    team_of = np.full(len(t.players), -1, np.int64)
    for ti, team in enumerate(teams):
        for sno in team.members:
            if sno not in t._row_of:
                warnings.append(InputWarning(f"team {team.name!r} lists player {sno}, who has no 001 record",
                                             Place(src, field="team members")))
                continue
            team_of[t.row(sno)] = ti
    nteams, rounds = len(teams), t.rounds
    # record 362: match points; 352: colours per board (its length = boards)
    mp = DEFAULT_MATCH_POINTS
    for x in _record(lines, "362"):
        import re
        values = {k: Fraction(v) for k, v in re.findall(r"T([WDL])\s*(\d+(?:\.\d+)?)", x[4:])}
        mp = ScoreSystem(win=values.get("W", mp.win), draw=values.get("D", mp.draw), loss=values.get("L", mp.loss),
                         pab=values.get("D", mp.draw))
    present = (t.kind != Kind.ABSENT) & (team_of[:, None] >= 0)
    boards = max(len(x[4:].strip()) for x in _record(lines, "352")) if _record(lines, "352") else 0
    if not boards:
        per_round = [np.bincount(team_of[present[:, r]], minlength=nteams).max(initial=0) for r in range(rounds)]
        boards = int(max(per_round, default=0))
    scale = t.score_system.scale
    pts = np.array([int(p * scale) for p in t.score_system.table()], np.int64)[t.kind]
    opponent = np.full((nteams, rounds), NO_OPPONENT, np.int32)
    kind = np.full((nteams, rounds), int(Kind.ABSENT), np.int8)
    colour = np.zeros((nteams, rounds), np.int8)
    gp = np.zeros((nteams, rounds), np.int64)
    board_gp = np.zeros((nteams, rounds, max(boards, 1)), np.int64)
    win_units = int(t.score_system.win * scale)
    for ti, team in enumerate(teams):
        rows = [t.row(s) for s in team.members if s in t._row_of]
        for r in range(rounds):
            playing = [i for i in rows if present[i, r]]
            if not playing:
                continue
            opp_teams = Counter(int(team_of[t.opponent[i, r]]) for i in playing if t.opponent[i, r] >= 0)
            opp_teams.pop(-1, None)
            if len(opp_teams) > 1:
                warnings.append(InputWarning(f"round {r + 1}: team {team.name!r} played boards against several teams "
                                             f"{sorted(teams[o].name for o in opp_teams)}; the most frequent is used",
                                             Place(src, field="team matches")))
            gp[ti, r] = pts[playing, r].sum()
            for b, i in enumerate(playing[:boards]):
                board_gp[ti, r, b] = pts[i, r]
            if len(playing) > boards:
                warnings.append(InputWarning(f"round {r + 1}: team {team.name!r} has {len(playing)} boards, more than "
                                             f"{boards}", Place(src, field="team boards")))
            if opp_teams:
                opponent[ti, r] = opp_teams.most_common(1)[0][0]
                colour[ti, r] = t.colour[playing[0], r]
    # match results from game points; 330 forfeited matches; team byes (320, else the one team left out)
    for ti in range(nteams):
        for r in range(rounds):
            o = opponent[ti, r]
            if o >= 0:
                kind[ti, r] = Kind.WIN if gp[ti, r] > gp[o, r] else Kind.DRAW if gp[ti, r] == gp[o, r] else Kind.LOSS
    number_row = {team.number: ti for ti, team in enumerate(teams)}
    for x in _record(lines, "330"):
        code, rnd, white, black = x[4:6], x[7:10].strip(), x[11:14].strip(), x[15:18].strip()
        if not (rnd.isdigit() and white.isdigit() and black.isdigit()):
            warnings.append(InputWarning(f"record 330 not understood: {x!r}", Place(src, field="330")))
            continue
        r, a, b = int(rnd) - 1, number_row.get(int(white)), number_row.get(int(black))
        if a is None or b is None or r >= rounds:
            continue
        ka, kb = {"+-": (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS), "-+": (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN),
                  "--": (Kind.DOUBLE_FORFEIT, Kind.DOUBLE_FORFEIT)}.get(code, (None, None))
        if ka is None:
            continue
        opponent[a, r], opponent[b, r], kind[a, r], kind[b, r] = b, a, ka, kb
        for side, k in ((a, ka), (b, kb)):
            gp[side, r] = win_units * boards if k is Kind.FORFEIT_WIN else 0
    pab_gp = Fraction(boards) * t.score_system.draw
    pab_rounds: dict[int, set[int]] = {}
    for x in _record(lines, "320"):
        try:
            mp = ScoreSystem(win=mp.win, draw=mp.draw, loss=mp.loss, pab=Fraction(x[4:8].strip() or mp.draw))
            pab_gp = Fraction(x[9:13].strip() or pab_gp)
        except ValueError:
            warnings.append(InputWarning(f"record 320 not understood: {x!r}", Place(src, field="320")))
        for r, c in enumerate(range(14, len(x), 4)):
            if x[c:c + 3].strip().isdigit() and int(x[c:c + 3]) in number_row:
                pab_rounds.setdefault(r, set()).add(number_row[int(x[c:c + 3])])
    if system is None:
        from .standings import detect_system

        probe = Tournament([Player(team.number, team.name) for team in teams], opponent, kind, colour,
                           type_text=t.type_text, type_code=t.type_code)
        system = detect_system(probe)[0]
    for r in range(rounds):
        idle = [ti for ti in range(nteams) if kind[ti, r] == Kind.ABSENT]
        if not (kind[:, r] != Kind.ABSENT).any():
            continue
        swiss_bye = set(idle) if infer_byes and len(idle) == 1 and nteams % 2 and system == "swiss" else set()
        byes = pab_rounds.get(r, swiss_bye)
        for ti in byes:
            kind[ti, r] = Kind.PAB
            gp[ti, r] = int(pab_gp * scale)
            board_gp[ti, r, :] = win_units  # Art. 12: a PAB scores a win on every board for BC, TBR, BBE
    players = [Player(team.number, team.name, federation=team.nickname) for team in teams]
    matches = Tournament(players, opponent, kind, colour, name=t.name, start_date=t.start_date, end_date=t.end_date,
                         planned_rounds=t.planned_rounds, type_text=t.type_text, type_code=t.type_code,
                         score_system=mp, source=t.source)
    code = t.type_code.upper()
    primary = primary or ("GP" if "_GP" in code and "_GP_MP" not in code and "_MP_GP" not in code
                          or code.endswith("TEAM_GP") or "_GP_MP" in code else "MP")
    return TeamTournament(t, teams, boards, matches, gp, board_gp, scale, mp, primary, warnings)


# ----------------------------------------------------------------------------------------------------------------
class TeamContext:
    """The two score views of a team event over the evaluated rounds: match points and game points."""

    def __init__(self, tt: TeamTournament, rules, rounds: int, round_robin: bool) -> None:
        self.tt = tt
        self.k = rounds
        self.mp = Context(tt.matches, rules, rounds, round_robin)
        s = tt.gp_scale
        win = int(tt.games.score_system.win * s) * tt.boards
        draw = int(tt.games.score_system.draw * s) * tt.boards
        self.gp = Context(tt.matches, rules, rounds, round_robin, points=Points(tt.gp, s, win, draw))

    def of(self, which: str) -> Context:
        return self.mp if which == "MP" else self.gp


def _score(spec: TieBreakSpec, tt: TeamTournament, default: str | None = None) -> str:
    return spec.score or default or tt.primary


def _primary(tc: TeamContext, spec: TieBreakSpec) -> Column:
    """MP / GP / PTS — match points or game points, whichever the regulations make primary (Art. 11)."""
    ctx = tc.of(_score(spec, tc.tt))
    return fide.points(ctx, spec)


def _secondary(tc: TeamContext, spec: TieBreakSpec) -> Column:
    """MPvGP — the other score: GP when the primary score is MP, and MP when it is GP (Art. 13.1; AM 13.10, 13.12)."""
    return fide.points(tc.of(tc.tt.secondary), spec)


def _individual(fn):
    def compute(tc: TeamContext, spec: TieBreakSpec) -> Column:
        return fn(tc.of(_score(spec, tc.tt)), spec)
    compute.__doc__ = f"{fn.__doc__}  On match points (``:MP``) or game points (``:GP``); Art. 16 with 'points' = MP and GP."
    return compute


def extended_sonneborn_berger(tc: TeamContext, spec: TieBreakSpec, x: str | None = None, y: str | None = None) -> Column:
    """ESB — Extended Sonneborn-Berger (Art. 13.2): Σ over matches of the opponent's total X × the Y obtained against
    it (EMMSB X=MP Y=MP, EMGSB MP×GP, EGMSB GP×MP, EGGSB GP×GP; AM 13.13.3 variants A-D).  Cut-1 (Art. 14.1.2)
    leaves out the opponent with the lowest X, among equals the lowest contribution; Art. 16 applies in Swiss events."""
    x = x or (spec.score[0] + "P" if spec.score and len(spec.score) == 2 and spec.score[1] in "MG" else tc.tt.primary)
    y = y or (spec.score[1] + "P" if spec.score and len(spec.score) == 2 and spec.score[1] in "MG" else tc.tt.primary)
    cx, cy = tc.of(x), tc.of(y)
    opp_score, valid, source, games = cx.opponent_scores(spec.played, spec.swiss)
    contrib = opp_score * cy.pts
    key = opp_score * (np.int64(1) << 31) + contrib
    exception = None if (cx.rr and not spec.swiss) or not cx.rules.cut_exception else cx.vur & ~games
    cut = apply_cuts(key, valid, spec.cut + spec.median, spec.median, exception, contrib)
    keep = valid & ~cut
    den = cx.scale * cy.scale
    return Column(np.where(keep, contrib, 0).sum(axis=1), den, contrib=contrib, contrib_den=den, valid=valid, cut=cut,
                  source=source)


def _esb(x: str, y: str):
    def compute(tc: TeamContext, spec: TieBreakSpec) -> Column:
        return extended_sonneborn_berger(tc, spec, x, y)
    compute.__doc__ = f"E{x[0]}{y[0]}SB — opponent's {x} × {y} obtained (Art. 13.2; see extended_sonneborn_berger)."
    return compute


def board_count(tc: TeamContext, spec: TieBreakSpec) -> Column:
    """BC — Board count (Art. 12.1): Σ over boards of board number × game points scored on that board; lower is
    better.  Usable only when the tied teams have the same GP."""
    totals = tc.tt.board_gp[:, :tc.k, :].sum(axis=1)
    weights = np.arange(1, totals.shape[1] + 1)
    return Column((totals * weights).sum(axis=1), tc.tt.gp_scale, higher_is_better=False)


def sssc(tc: TeamContext, spec: TieBreakSpec) -> Column:
    """SSSC — Score and strength combination (Art. 13.4): secondary score + BH(primary) / F, F = ⌊maximum primary score
    of the tournament / maximum secondary score of one match⌋ (or ``/K<n>``), FB before the last round (``/F``);
    to 0.01, half up."""
    p, s = tc.of(tc.tt.primary), tc.of(tc.tt.secondary)
    bh = (fide.fore_buchholz if spec.fore else fide.buchholz)(p, TieBreakSpec("BH"))
    factor = spec.factor or max(1, (p.W * tc.k * s.scale) // (s.W * p.scale))
    num = round_half_up_div(100 * (s.score * p.scale * factor + bh.num * s.scale),
                            np.full(len(s.score), s.scale * p.scale * factor))
    col = Column(num, 100)
    col.extra["factor"] = factor
    return col


# --- Type A inside tied groups ------------------------------------------------------------------------------------
def extended_direct_encounter(tc: TeamContext, members: list[int], played: bool = False) -> DirectEncounter:
    """EDE — Extended direct encounter (Art. 13.3): Art. 6 on the primary score, then on the secondary score for the
    teams still equal; every newly formed sub-group starts again with the primary score (13.3.3)."""
    p, s = tc.of(tc.tt.primary), tc.of(tc.tt.secondary)

    def order(group: list[int], use_primary: bool) -> list[list[int]]:
        tiers = direct_encounter(p if use_primary else s, group, played).tiers
        if len(tiers) == 1:
            if use_primary:
                return order(group, False)
            return [group]
        out: list[list[int]] = []
        for tier in tiers:
            out += order(tier, True) if len(tier) > 1 else [tier]
        return out

    return DirectEncounter(order(list(members), True))


def _lexicographic(values: dict[int, tuple]) -> list[list[int]]:
    levels = sorted(set(values.values()), reverse=True)
    return [[m for m in values if values[m] == v] for v in levels]


def top_board_result(tc: TeamContext, members: list[int], played: bool = False) -> DirectEncounter:
    """TBR — Top board result (Art. 12.2): game points on board 1 over all matches; if equal, board 2, and so on."""
    totals = tc.tt.board_gp[:, :tc.k, :].sum(axis=1)
    return DirectEncounter(_lexicographic({m: tuple(totals[m].tolist()) for m in members}))


def bottom_board_elimination(tc: TeamContext, members: list[int], played: bool = False) -> DirectEncounter:
    """BBE — Bottom board elimination (Art. 12.3): total game points without the last board; if equal, without the
    last two boards; and so on."""
    totals = tc.tt.board_gp[:, :tc.k, :].sum(axis=1)
    keys = {m: tuple(int(totals[m, :b].sum()) for b in range(totals.shape[1] - 1, 0, -1)) for m in members}
    return DirectEncounter(_lexicographic(keys))


@dataclass(frozen=True)
class TeamTieBreak:
    code: str
    name: str
    article: str
    compute: object = None
    group: object = None
    higher_is_better: bool = True


TEAM_CATALOGUE = {d.code: d for d in [
    TeamTieBreak("PTS", "Primary score", "C.07 11", _primary),
    TeamTieBreak("MP", "Match points", "C.07 11.1.1", lambda tc, s: _primary(tc, TieBreakSpec("PTS", score="MP"))),
    TeamTieBreak("GP", "Game points", "C.07 11.1.2", lambda tc, s: _primary(tc, TieBreakSpec("PTS", score="GP"))),
    TeamTieBreak("MPVGP", "Match points or game points (the secondary score)", "C.07 13.1", _secondary),
    TeamTieBreak("BH", "Buchholz", "C.07 8.1, 16", _individual(fide.buchholz)),
    TeamTieBreak("FB", "Fore Buchholz", "C.07 8.3", _individual(fide.fore_buchholz)),
    TeamTieBreak("AOB", "Average of opponents' Buchholz", "C.07 8.2", _individual(fide.opponents_buchholz)),
    TeamTieBreak("PS", "Progressive scores", "C.07 7.5", _individual(fide.progressive)),
    TeamTieBreak("WIN", "Number of wins", "C.07 7.1", _individual(fide.wins)),
    TeamTieBreak("STD", "Standard points", "C.07 7.7", _individual(fide.standard_points)),
    TeamTieBreak("KS", "Koya system", "C.07 9.2", _individual(fide.koya)),
    TeamTieBreak("SB", "Sonneborn-Berger (SB:MP = EMMSB, SB:GP = EGGSB)", "C.07 13.2", extended_sonneborn_berger),
    TeamTieBreak("ESB", "Extended Sonneborn-Berger", "C.07 13.2", extended_sonneborn_berger),
    TeamTieBreak("EMMSB", "Opponent's MP × MP obtained (AM 13.13.3 A)", "C.07 13.2.1", _esb("MP", "MP")),
    TeamTieBreak("EMGSB", "Opponent's MP × GP obtained (AM 13.13.3 B; Olympiad SB with Cut-1)", "C.07 13.2.2",
                 _esb("MP", "GP")),
    TeamTieBreak("EGMSB", "Opponent's GP × MP obtained (AM 13.13.3 C)", "C.07 13.2.3", _esb("GP", "MP")),
    TeamTieBreak("EGGSB", "Opponent's GP × GP obtained (AM 13.13.3 D)", "C.07 13.2.4", _esb("GP", "GP")),
    TeamTieBreak("SSSC", "Score and strength combination", "C.07 13.4", sssc),
    TeamTieBreak("BC", "Board count (lower is better)", "C.07 12.1", board_count, higher_is_better=False),
    TeamTieBreak("TBR", "Top board result", "C.07 12.2", group=top_board_result, higher_is_better=False),
    TeamTieBreak("BBE", "Bottom board elimination", "C.07 12.3", group=bottom_board_elimination, higher_is_better=False),
    TeamTieBreak("EDE", "Extended direct encounter", "C.07 13.3", group=extended_direct_encounter,
                 higher_is_better=False),
    TeamTieBreak("DE", "Direct encounter on the primary score", "C.07 6, 13.3", higher_is_better=False,
                 group=lambda tc, members, played=False: direct_encounter(tc.of(tc.tt.primary), members, played)),
]}
def team_cumulative(tc: TeamContext, spec: TieBreakSpec) -> Column:
    """US-TCUM — Team cumulative (seed 002, USCF team scoring in individual events): the sum of the Cumulative
    (34E3) scores of the team's top four individual scorers."""
    from .families import cumulative

    games = tc.tt.games
    ctx = Context(games, RULE_SETS["uscf"], tc.k, tc.mp.rr)
    cum = cumulative(ctx, TieBreakSpec("US-CUM")).num
    score = ctx.score
    num = np.zeros(len(tc.tt.teams), np.int64)
    for ti, team in enumerate(tc.tt.teams):
        rows = [games.row(s) for s in team.members if s in games._row_of]
        top = sorted(rows, key=lambda i: (-score[i], -cum[i]))[:4]
        num[ti] = cum[top].sum() if top else 0
    return Column(num, ctx.scale)


def _ede_then(*knockouts):
    """EDE followed, for teams still equal on both scores, by knock-out tie-breaks (Art. 13.3.2)."""
    def group(tc: TeamContext, members: list[int], played: bool = False) -> DirectEncounter:
        tiers = extended_direct_encounter(tc, members, played).tiers
        for breaker in knockouts:
            out = []
            for tier in tiers:
                if len(tier) < 2:
                    out.append(tier)
                elif breaker == "BC":
                    bc = board_count(tc, TieBreakSpec("BC")).num
                    out += [[m for m in tier if bc[m] == v] for v in sorted({int(bc[m]) for m in tier})]
                else:
                    out += (top_board_result if breaker == "TBR" else bottom_board_elimination)(tc, tier).tiers
            tiers = out
        return DirectEncounter(tiers)
    group.__doc__ = f"EDE then {', '.join(knockouts)} for teams still equal (Art. 13.3.2; reference checker naming)."
    return group


TEAM_CATALOGUE["US-AMTEAM"] = TeamTieBreak(
    "US-AMTEAM", "US Amateur Team: opposing team's match score × game points scored against it", "USCF 34G2 (seed 002)",
    _esb("MP", "GP"))
TEAM_CATALOGUE["US-TCUM"] = TeamTieBreak("US-TCUM", "Team cumulative (top four scorers)", "seed 002 (USCF)",
                                         team_cumulative)

for _code, _then in {"EDEC": ("BC",), "EDET": ("TBR",), "EDEB": ("BBE",), "EDEBT": ("BC", "TBR"),
                     "EDEBB": ("BC", "BBE")}.items():
    TEAM_CATALOGUE[_code] = TeamTieBreak(_code, f"Extended direct encounter, then {', '.join(_then)}", "C.07 13.3.2",
                                         group=_ede_then(*_then), higher_is_better=False)

TEAM_MODIFIERS = {"EDEC": "P", "EDET": "P", "EDEB": "P", "EDEBT": "P", "EDEBB": "P", "BH": "CMPS", "FB": "CMPS",
                  "SB": "CMPS", "ESB": "CMPS", "EMMSB": "CMPS", "EMGSB": "CMPS",
                  "EGMSB": "CMPS", "EGGSB": "CMPS", "PS": "C", "KS": "L", "AOB": "FPS", "SSSC": "FK", "EDE": "P", "DE": "P"}


def parse_team(text: str) -> TieBreakSpec:
    """A team specifier: ``CODE[:MP|:GP|:MM|:MG|:GM|:GG][/modifiers]``."""
    from .specifier import parse_modifiers

    raw = text.strip()
    head, *mods = raw.upper().replace("#", "/").split("/")
    code, _, score = head.partition(":")
    if code not in TEAM_CATALOGUE:
        raise SpecifierError(f"unknown team tie-break {code!r} in {raw!r}; valid codes: " + ", ".join(TEAM_CATALOGUE))
    if score and score not in ("MP", "GP", "MM", "MG", "GM", "GG"):
        raise SpecifierError(f"{raw}: score {score!r} is not MP or GP (or MM, MG, GM, GG for ESB)")
    if score in ("MM", "MG", "GM", "GG") and code not in ("ESB", "SB"):
        raise SpecifierError(f"{raw}: two-letter scores are for ESB")
    kw = parse_modifiers(raw, code, mods, TEAM_MODIFIERS.get(code, "") + "RV")
    return TieBreakSpec(code, score=score or None, raw=raw, **kw)


@dataclass
class TeamRow:
    rank: int
    index: int
    number: int
    name: str
    values: dict[str, Fraction | None]
    lot: int | None = None


@dataclass
class TeamStandings:
    tt: TeamTournament
    rules: object
    system: str
    after_round: int
    specs: list[TieBreakSpec]
    columns: list[Column]
    rows: list[TeamRow]
    seed: int | None
    notes: list[str]
    warnings: list[InputWarning]

    @property
    def tiebreaks(self) -> list[str]:
        return [s.text for s in self.specs]

    @property
    def keys(self) -> list[str]:
        """The columns' keys in ``TeamRow.values`` (a repeated specifier numbered: ``BH:MP (2)``)."""
        return column_keys(self.tiebreaks)

    def value(self, number: int, spec: str) -> Fraction | None:
        return next(r for r in self.rows if r.number == number).values[spec]


def compute_team_standings(tt: TeamTournament, tiebreaks: str | None = None, *, rules="auto",
                           after_round: int | None = None, seed: int | None = None, lots: bool = True,
                           system: str | None = None) -> TeamStandings:
    """Rank the teams (C.07 Art. 4.2 as for individuals)."""
    from .standings import detect_system

    m = tt.matches
    notes: list[str] = []
    k = m.rounds_with_results if after_round is None else after_round
    ruleset, why = choose_rules(rules, m.start_date)
    notes.append(why)
    if system is None:
        system, sys_why = detect_system(m)
        notes.append(f"{system} ({sys_why})")
    text = tiebreaks
    if not text:
        declared = tt.games.declared_tiebreaks
        text = ",".join(declared) if declared else "PTS,MPVGP,EDE,BH/C1,BH,SB"
        notes.append("tie-breaks from the file" if declared else f"no tie-break list given; default {text}")
    import re
    specs = [parse_team(x) for x in re.split(r"[,;\s]+", text.strip()) if x]
    if not specs or specs[0].code not in ("PTS", "MP", "GP"):
        specs = [TieBreakSpec("PTS")] + specs
    tc_by_rules: dict[str, TeamContext] = {}

    def context(rs) -> TeamContext:
        if rs.name not in tc_by_rules:
            tc_by_rules[rs.name] = TeamContext(tt, rs, k, system == "round robin")
        return tc_by_rules[rs.name]

    def step(spec: TieBreakSpec):
        d = TEAM_CATALOGUE[spec.code]
        tc = context(RULE_SETS[spec.version] if spec.version else ruleset)

        def column() -> Column:
            col = d.compute(tc, spec)
            col.higher_is_better = d.higher_is_better
            return col

        if d.group is None:
            return spec, column, None, None
        return spec, None, (lambda members: (d.group(tc, members, spec.played).tiers, {})), tied_groups

    group, columns = apply_list(len(tt.teams), (step(spec) for spec in specs))
    order, ranks, lot, seed = finish(group, [tm.number for tm in tt.teams], lots, seed)
    drawn = int((lot > 0).sum())
    if drawn:  # as for players: the seed is told, so the draw can be repeated
        notes.append(f"{drawn} teams still tied after the list: drawn by lot with seed {seed} "
                     f"(pass --seed {seed} to repeat the draw)")
    rows = [TeamRow(int(ranks[i]), i, tt.teams[i].number, tt.teams[i].name,
                    {k: c.value(i) for k, c in zip(column_keys([s.text for s in specs]), columns)},
                    int(lot[i]) or None) for i in order.tolist()]
    return TeamStandings(tt, ruleset, system, k, specs, columns, rows, seed, notes, tt.warnings)


def crosstable(s: TeamStandings) -> str:
    """A match-level crosstable: per round the opponent's number and the game points of the match."""
    tt, m = s.tt, s.tt.matches
    lines = []
    for r in s.rows:
        cells = []
        for rnd in range(s.after_round):
            o, kd = int(m.opponent[r.index, rnd]), Kind(int(m.kind[r.index, rnd]))
            gp = format_number(Fraction(int(tt.gp[r.index, rnd]), tt.gp_scale))
            mark = "+-"[kd is Kind.FORFEIT_LOSS] if kd in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS) else " "
            cells.append(f"{tt.teams[o].number:>3}{mark}{gp:>4}"
                         if o >= 0 else f"{'bye' if kd is Kind.PAB else '  -':>3} {gp if kd is Kind.PAB else '':>4}")
        lines.append(f"{r.number:>3} {r.name[:24]:<24} " + " ".join(cells))
    return "\n".join(lines) + "\n"
