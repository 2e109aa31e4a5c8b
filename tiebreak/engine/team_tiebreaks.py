"""Team tie-breaks of C.07 Arts 12-13 (seed 001) and the Arbiters' Manual 13.9.3, 13.10, 13.12, 13.13.3 (seed 000),
computed on the match grid of :mod:`tiebreak.engine.team_matches` (``BH:MP``, ``SB:GP``, ``PS:MP`` ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from . import fide
from .direct import DirectEncounter, direct_encounter
from .errors import SpecifierError
from .families import cumulative
from .messages import Message
from .passes import Column, Context, Points, apply_cuts, round_half_up_div
from .rules import RULE_SETS, RuleSet
from .specifier import TieBreakSpec, parse_modifiers
from .team_matches import TeamTournament


class TeamContext:
    """The two score views of a team event over the evaluated rounds: match points and game points."""

    def __init__(self, tt: TeamTournament, rules: RuleSet, rounds: int, round_robin: bool) -> None:
        self.tt = tt
        self.k = rounds
        self.mp = Context(tt.matches, rules, rounds, round_robin)
        s = tt.gp_scale
        win = int(tt.games.score_system.win * s) * tt.boards
        draw = int(tt.games.score_system.draw * s) * tt.boards
        self.gp = Context(tt.matches, rules, rounds, round_robin, points=Points(tt.gp, s, win, draw))

    def of(self, which: str) -> Context:
        return self.mp if which == "MP" else self.gp


#: a team tie-break computed for every team at once
TeamCompute = Callable[[TeamContext, TieBreakSpec], Column]
#: a Type A team tie-break: the tiers of a tied group ``(context, members, played)``
TeamGroup = Callable[[TeamContext, list[int], bool], DirectEncounter]


def _score(spec: TieBreakSpec, tt: TeamTournament, default: str | None = None) -> str:
    return spec.score or default or tt.primary


def _primary(tc: TeamContext, spec: TieBreakSpec) -> Column:
    """MP / GP / PTS — match points or game points, whichever the regulations make primary (Art. 11)."""
    ctx = tc.of(_score(spec, tc.tt))
    return fide.points(ctx, spec)


def _secondary(tc: TeamContext, spec: TieBreakSpec) -> Column:
    """MPvGP — the other score: GP when the primary score is MP, and MP when it is GP (Art. 13.1; AM 13.10, 13.12)."""
    return fide.points(tc.of(tc.tt.secondary), spec)


def _individual(fn: Callable[[Context, TieBreakSpec], Column]) -> TeamCompute:
    def compute(tc: TeamContext, spec: TieBreakSpec) -> Column:
        return fn(tc.of(_score(spec, tc.tt)), spec)
    compute.__doc__ = f"{fn.__doc__}  On match points (``:MP``) or game points (``:GP``); Art. 16 with 'points' = MP and GP."
    return compute


def extended_sonneborn_berger(tc: TeamContext, spec: TieBreakSpec, x: str | None = None, y: str | None = None) -> Column:
    """ESB — Extended Sonneborn-Berger (Art. 13.2): Σ over matches of the opponent's total X × the Y obtained against
    it (EMMSB X=MP Y=MP, EMGSB MP×GP, EGMSB GP×MP, EGGSB GP×GP; AM 13.13.3 variants A-D).  Cut-1 (Art. 14.1.2)
    leaves out the opponent with the lowest X, among equals the lowest contribution; Art. 16 applies in Swiss events."""
    score = spec.score or tc.tt.primary
    if score in ("MP", "GP"):  # SB:MP = EMMSB, SB:GP = EGGSB (catalogue; the reference checker's list)
        score = score[0] * 2
    x, y = x or score[0] + "P", y or score[1] + "P"
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


def _esb(x: str, y: str) -> TeamCompute:
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


def _lexicographic(values: dict[int, tuple[int, ...]]) -> list[list[int]]:
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


def primary_direct_encounter(tc: TeamContext, members: list[int], played: bool = False) -> DirectEncounter:
    """DE — Direct encounter (Art. 6) on the primary score."""
    return direct_encounter(tc.of(tc.tt.primary), members, played)


@dataclass(frozen=True)
class TeamTieBreak:
    """A team tie-break of the catalogue: its code, name and article."""

    code: str
    name: str
    article: str
    compute: TeamCompute | None = None
    group: TeamGroup | None = None
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
    TeamTieBreak("EMGSB", "Opponent's MP × GP obtained (AM 13.13.3 B)", "C.07 13.2.2",
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
                 group=primary_direct_encounter),
]}
def team_cumulative(tc: TeamContext, spec: TieBreakSpec) -> Column:
    """US-TCUM — Team cumulative (seed 002, USCF team scoring in individual events): the sum of the Cumulative
    (34E3) scores of the team's top four individual scorers."""
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


def _ede_then(*knockouts: str) -> TeamGroup:
    """EDE followed, for teams still equal on both scores, by knock-out tie-breaks (Art. 13.3.2)."""
    def group(tc: TeamContext, members: list[int], played: bool = False) -> DirectEncounter:
        tiers = extended_direct_encounter(tc, members, played).tiers
        for breaker in knockouts:
            out: list[list[int]] = []
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
    "US-AMTEAM", "US Amateur Team: opposing team's match score × game points scored against it", "USCF 34G2",
    _esb("MP", "GP"))
TEAM_CATALOGUE["US-TCUM"] = TeamTieBreak("US-TCUM", "Team cumulative (top four scorers)", "USCF scholastic",
                                         team_cumulative)

for _code, _then in {"EDEC": ("BC",), "EDET": ("TBR",), "EDEB": ("BBE",), "EDEBT": ("BC", "TBR"),
                     "EDEBB": ("BC", "BBE")}.items():
    TEAM_CATALOGUE[_code] = TeamTieBreak(_code, f"Extended direct encounter, then {', '.join(_then)}", "C.07 13.3.2",
                                         group=_ede_then(*_then), higher_is_better=False)

TEAM_MODIFIERS = {"EDEC": "P", "EDET": "P", "EDEB": "P", "EDEBT": "P", "EDEBB": "P", "BH": "CMPS", "FB": "CMPS",
                  "SB": "CMPS", "ESB": "CMPS", "EMMSB": "CMPS", "EMGSB": "CMPS",
                  "EGMSB": "CMPS", "EGGSB": "CMPS", "PS": "C", "KS": "L", "AOB": "FPS", "SSSC": "FK", "EDE": "P", "DE": "P"}


#: what the score after a colon says (``BH:GP``, ``ESB:MG``): the team score a tie-break is computed on (C.07 11.1,
#: 13.2), as the standings' legend names it
TEAM_SCORES = {
    "MP": Message("on match points (C.07 11.1.1)"),
    "GP": Message("on game points (C.07 11.1.2)"),
    "MM": Message("the opponent's match points × the match points obtained (C.07 13.2.1)"),
    "MG": Message("the opponent's match points × the game points obtained (C.07 13.2.2)"),
    "GM": Message("the opponent's game points × the match points obtained (C.07 13.2.3)"),
    "GG": Message("the opponent's game points × the game points obtained (C.07 13.2.4)"),
}

#: the reference checker's own names of the two scores (its ``MPTS``/``GPTS`` set the primary score as ours do)
TEAM_ALIASES = {"MPTS": "MP", "GPTS": "GP"}


def parse_team(text: str) -> TieBreakSpec:
    """A team specifier: ``CODE[:MP|:GP|:MM|:MG|:GM|:GG][/modifiers]``; ``MPTS`` and ``GPTS`` are MP and GP.

    >>> parse_team("gpts").text, parse_team("EMGSB#C1").text
    ('GP', 'EMGSB/C1')
    """
    raw = text.strip()
    head, *mods = raw.upper().replace("#", "/").split("/")
    code, _, score = head.partition(":")
    code = TEAM_ALIASES.get(code, code)
    if code not in TEAM_CATALOGUE:
        if code == raw.upper():  # the code alone: named once
            raise SpecifierError(Message("unknown team tie-break {}; valid codes: {}", repr(code),
                                         ', '.join(TEAM_CATALOGUE)))
        raise SpecifierError(Message("unknown team tie-break {} in {}; valid codes: {}",
                                     repr(code), repr(raw), ', '.join(TEAM_CATALOGUE)))
    if score and score not in ("MP", "GP", "MM", "MG", "GM", "GG"):
        raise SpecifierError(Message("{}: score {} is not MP or GP (or MM, MG, GM, GG for ESB)", raw, repr(score)))
    if score in ("MM", "MG", "GM", "GG") and code not in ("ESB", "SB"):
        raise SpecifierError(Message("{}: two-letter scores are for ESB", raw))
    kw = parse_modifiers(raw, code, mods, TEAM_MODIFIERS.get(code, "") + "RV")
    return TieBreakSpec(code, score=score or None, **kw)
