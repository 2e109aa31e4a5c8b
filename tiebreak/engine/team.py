"""Team competitions: ranking the teams (C.07 Art. 4.2 as for individuals) and the match crosstable.

The matches are built in :mod:`tiebreak.engine.team_matches`, the team tie-breaks live in
:mod:`tiebreak.engine.team_tiebreaks`; their public names are importable from here as well.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import ClassVar

from .articles import team_article
from .errors import InputWarning
from .messages import Message, Term, TieBreakList
from .model import Tournament
from .numbers import check_seed
from .passes import Column
from .ranking import PlayedOff, Step, apply_list, column_keys, column_of, finish, tied_groups
from .registry import parse_list
from .rules import DEFAULT_RULES, EDITIONS, RuleSet, choose_rules
from .specifier import TieBreakSpec
from .standings import Contribution, before_first_round, detect_system, round_contributions, tournament_seed
from .team_matches import DEFAULT_MATCH_POINTS, Team, TeamTournament, build, read_teams
from .team_tiebreaks import (
    TEAM_CATALOGUE,
    TEAM_MODIFIERS,
    TeamContext,
    TeamTieBreak,
    board_count,
    bottom_board_elimination,
    extended_direct_encounter,
    extended_sonneborn_berger,
    parse_team,
    sssc,
    team_cumulative,
    top_board_result,
)

__all__ = [
    "DEFAULT_MATCH_POINTS", "TEAM_CATALOGUE", "TEAM_MODIFIERS", "Team", "TeamContext", "TeamRow", "TeamStandings",
    "TeamTieBreak", "TeamTournament", "board_count", "bottom_board_elimination", "build", "compute_team_standings",
    "extended_direct_encounter", "extended_sonneborn_berger", "parse_team", "read_teams", "sssc",
    "team_cumulative", "top_board_result",
]


@dataclass
class TeamRow:
    """A team's row of the team standings: its rank, number, name and values."""

    rank: int
    index: int
    number: int
    name: str
    values: dict[str, Fraction | None]
    lot: int | None = None

    @property
    def start_no(self) -> int:
        """The team number (the arbiter's tools address teams and players alike by ``start_no``)."""
        return self.number

    @property
    def points(self) -> Fraction | None:
        """The primary score (the first value of the list)."""
        return next(iter(self.values.values()), None)


@dataclass
class TeamStandings:
    """The standings of the teams of a team event (the one ranking interface, as the players' standings)."""

    ranks_teams: ClassVar[bool] = True
    tt: TeamTournament
    rules: RuleSet
    system: str
    after_round: int
    specs: list[TieBreakSpec]
    columns: list[Column]
    rows: list[TeamRow]
    seed: int | None
    notes: list[str]
    warnings: list[InputWarning]
    #: the teams a play-off placed: number -> place (Arbiters' Manual 13.2; :mod:`tiebreak.arbiter.playoff_results`)
    decided: dict[int, int] = field(default_factory=dict)
    #: number -> how the play-off placed the team: the places played for and the standings' note
    played_off: dict[int, PlayedOff] = field(default_factory=dict)
    #: no list was given and the file names none: the list is the Arbiters' Manual's default (a note says which)
    default_list: bool = False

    @property
    def primary(self) -> str:
        """The primary score's code: the event's match or game points, ``MP`` or ``GP`` (C.07 Art. 13)."""
        return self.tt.primary

    @property
    def tiebreaks(self) -> list[str]:
        return [s.text for s in self.specs]

    @property
    def keys(self) -> list[str]:
        """The columns' keys in ``TeamRow.values`` (a repeated specifier numbered: ``BH:MP (2)``)."""
        return column_keys(self.tiebreaks)

    def value(self, number: int, spec: str) -> Fraction | None:
        return self.row(number).values[spec]

    def row(self, number: int) -> TeamRow:
        """The row of team ``number``."""
        return next(r for r in self.rows if r.number == number)

    @property
    def tournament(self) -> Tournament:
        """The match grid (one participant per team, ``start_no`` = team number), as the arbiter's tools read it."""
        return self.tt.matches

    def column(self, spec: str) -> Column:
        """The column of a specifier or column key (``BH:MP (2)``: the second of the list)."""
        return self.columns[self.keys.index(spec) if spec in self.keys else self.tiebreaks.index(spec)]

    def contributions(self, number: int, spec: str) -> list[Contribution]:
        """What each match added to a value of team ``number`` (empty for values that are not sums over rounds)."""
        return round_contributions(self.tt.matches, self.column(spec), self.tt.matches.row(number), self.rules, True)

    def article(self, key: str) -> str:
        """The article of a column's team tie-break under the rules in force (C.07 Arts 11-13; the Arbiters' Manual
        under ``fide-2009``: :func:`~tiebreak.engine.articles.team_article`)."""
        spec = self.specs[self.keys.index(key)]
        return team_article(spec, self.rules, TEAM_CATALOGUE[spec.code].article)

    def is_group(self, key: str) -> bool:
        """Whether a column's team tie-break is computed among the still-tied teams only (Type A)."""
        return TEAM_CATALOGUE[self.specs[self.keys.index(key)].code].group is not None


def list_primary(tt: TeamTournament, specs: list[TieBreakSpec]) -> str:
    """The primary score: the one the event type states (TRF-2026 record 192 ``..._MP_GP``, ``..._GP``), else the
    first of MP and GP in the list (C.07 Art. 13: "the first one is the primary score by default, unless stated
    otherwise"), else MP.

    >>> list_primary(TeamTournament(Tournament([], None, None, None), [], 0, None, None, None, 1, None),
    ...              [TieBreakSpec("GP"), TieBreakSpec("MP")])
    'GP'
    """
    if re.search(r"_(MP|GP)(_|$)", tt.games.type_code.upper()):
        return tt.primary
    for spec in specs:
        if spec.code in ("MP", "GP"):
            return spec.code
        if spec.code == "PTS" and spec.score in ("MP", "GP"):
            return spec.score
    return tt.primary


def compute_team_standings(tt: TeamTournament, tiebreaks: str | None = None, *, rules: str | RuleSet = DEFAULT_RULES,
                           after_round: int | None = None, seed: int | None = None, lots: bool = True,
                           system: str | None = None) -> TeamStandings:
    """Rank the teams (C.07 Art. 4.2 as for individuals)."""
    m = tt.matches
    notes: list[str] = []
    k = m.rounds_with_results if after_round is None else after_round
    pending = tt.games.games_pending
    if pending and k >= m.rounds_with_results:
        notes.append(Message("games pending: {} (not yet played: they count nothing until their results are known)",
                             pending))
    ruleset, why = choose_rules(rules, m.start_date)
    notes.append(why)
    if system is None:
        system, sys_why = detect_system(m, teams=True)
        notes.append(Message("{} ({})", Term(system), sys_why))
    specs = _team_list(tt, tiebreaks, seed, notes)
    tt = _with_primary(tt, specs, notes)
    specs = primary_named(specs, tt.primary)
    context = _TeamContexts(tt, k, system == "round robin")
    group, columns = apply_list(len(tt.teams), (_team_step(spec, context, ruleset) for spec in specs))
    lots = lots and not before_first_round(k, notes)
    if seed is None and lots:
        seed = tournament_seed(tt.games)
    order, ranks, lot, seed = finish(group, [tm.number for tm in tt.teams], lots, seed)
    drawn = int((lot > 0).sum())
    if drawn:  # as for players: the seed is told, so the draw can be repeated
        notes.append(Message("{} team still tied after the list: drawn by lot with seed {} (the same seed repeats the "
                             "draw)", drawn, seed,
                             plural="{} teams still tied after the list: drawn by lot with seed {} (the same seed "
                             "repeats the draw)", count=drawn))
    keys = column_keys([s.text for s in specs])
    rows = [TeamRow(int(ranks[i]), i, tt.teams[i].number, tt.teams[i].name,
                    {key: c.value(i) for key, c in zip(keys, columns)}, int(lot[i]) or None) for i in order.tolist()]
    return TeamStandings(tt, ruleset, system, k, specs, columns, rows, seed, notes, tt.warnings,
                         default_list=not tiebreaks and not tt.games.declared_tiebreaks)


#: the teams' list when neither the user nor the file gives one: the primary score, then the team Swiss list of the
#: Arbiters' Manual 13.15.5 (the other score, MPVGP of C.07 13.1; EDE, 13.3; Buchholz Cut-1; Buchholz) with SB for its
#: team SB of 13.9.3 (EMGSB)
DEFAULT_TEAM_LIST = "PTS,MPVGP,EDE,BH/C1,BH,SB"


def _team_list(tt: TeamTournament, tiebreaks: str | None, seed: int | None, notes: list[str]) -> list[TieBreakSpec]:
    """The list the teams are ranked by: ``tiebreaks``, else the file's, else the default; a primary score first
    (PTS when the list names none)."""
    text = tiebreaks
    if not text:
        declared = tt.games.declared_tiebreaks
        text = ",".join(declared) if declared else DEFAULT_TEAM_LIST
        notes.append(Message("tie-breaks from the file") if declared else Message(
            "no tie-break list given; default for a team event (Arbiters' Manual 13.15.5, team Swiss; SB in place of "
            "its team SB of 13.9.3): {}", TieBreakList(text.split(","), tt.primary)))
    specs = parse_list(text, parse_team)
    check_seed(seed)
    if not specs or specs[0].code not in ("PTS", "MP", "GP"):
        specs = [TieBreakSpec("PTS")] + specs
    return specs


def primary_named(specs: list[TieBreakSpec], primary: str) -> list[TieBreakSpec]:
    """A team list with its primary score named by the score's own code: ``PTS`` (the default list's first item, or
    a user's) is the event's ``primary`` score, MP or GP (C.07 Art. 13), ``PTS:GP`` the game points; so the JSON's
    list and values, the CSV's headings, the notes and the legend call the column by one name, whichever way the
    list was written.

    >>> [s.text for s in primary_named([TieBreakSpec("PTS"), TieBreakSpec("BH", cut=1)], "MP")]
    ['MP', 'BH/C1']
    >>> [s.text for s in primary_named([TieBreakSpec("PTS", score="GP"), TieBreakSpec("MPVGP")], "MP")]
    ['GP', 'MPVGP']
    """
    return [replace(s, code=s.score or primary, score=None) if s.code == "PTS" else s for s in specs]


def _with_primary(tt: TeamTournament, specs: list[TieBreakSpec], notes: list[str]) -> TeamTournament:
    """``tt`` with the primary score the list gives (:func:`list_primary`), said in the notes when it changes."""
    primary = list_primary(tt, specs)
    if primary != tt.primary:
        tt = replace(tt, primary=primary)
        notes.append(Message("primary score {}: the list names {} before {} (C.07 Art. 13)",
                             primary, primary, tt.secondary))
    return tt


class _TeamContexts:
    """The team passes' context of one ranking under each rule set it uses, made once per rule set."""

    def __init__(self, tt: TeamTournament, k: int, round_robin: bool) -> None:
        self.tt, self.k, self.round_robin = tt, k, round_robin
        self.made: dict[str, TeamContext] = {}

    def __call__(self, rs: RuleSet) -> TeamContext:
        if rs.name not in self.made:
            self.made[rs.name] = TeamContext(self.tt, rs, self.k, self.round_robin)
        return self.made[rs.name]


def _team_step(spec: TieBreakSpec, context: _TeamContexts, ruleset: RuleSet) -> Step:
    """One team tie-break of the list as :func:`apply_list` takes it (its column, or how it splits a group)."""
    d = TEAM_CATALOGUE[spec.code]
    tc = context(EDITIONS[spec.version] if spec.version else ruleset)
    column = column_of(d, tc, spec)
    encounter = d.group
    if encounter is None:
        return spec, column, None, None
    return spec, None, (lambda members: (encounter(tc, members, spec.played).tiers, {})), tied_groups

