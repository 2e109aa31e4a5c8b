"""Final standings: the public entry point of the engine.

>>> from tiebreak import trf, compute_standings
>>> t = trf.load("examples/hobsons-bay-cup-2025.trf")
>>> s = compute_standings(t, "PTS,BH/C1,SB", rules="auto", lots=False)
>>> [(r.rank, r.start_no, str(r.values["BH/C1"])) for r in s.rows][:2]
[(1, 7, '30'), (2, 9, '57/2')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, ClassVar, Sequence

import numpy as np

from .articles import article, source_text
from .direct import groups_with_encounters, points_in_point_group
from .errors import InputError, InputWarning, Place, SpecifierError
from .messages import Message, Term, TieBreakList, counted
from .model import Kind, Tournament
from .numbers import check_rating, check_seed
from .passes import (
    SOURCE_CAPPED,
    SOURCE_DUMMY,
    SOURCE_GAME,
    SOURCE_ONESELF,
    SOURCE_OPPONENT_BH,
    SOURCE_OWN_UNPLAYED,
    SOURCE_SCHEDULED,
    SOURCE_VALUE,
    SOURCE_VIRTUAL,
    SOURCE_ZERO,
    Column,
    Context,
)
from .ranking import PlayedOff, Step, apply_list, column_keys, column_of, event_seed, finish
from .registry import CATALOGUE, parse_list
from .rules import DEFAULT_RULES, EDITIONS, RuleSet, choose_rules, with_choices
from .specifier import TieBreakSpec

#: Lists used when neither the user nor the file gives one (C.07 Art. 2.1 asks the regulations to; these follow
#: the recommendations of the Arbiters' Manual 13.15 in C.07 vocabulary).
DEFAULT_LISTS = {
    "swiss": "PTS,BH/C1,BH,DE,WIN,WON,BPG,SB",
    "round robin": "PTS,DE,WIN,SB,KS",
}

_RR_WORDS = re.compile(r"RR|ROBIN|BERGER|SCHEVENINGEN|SCHILLER", re.I)


def detect_system(t: Tournament, rounds: int | None = None, teams: bool = False) -> tuple[str, Message]:
    """Round robin (pre-determined pairings) or Swiss, as the FIDE reference checker decides (spec §1.3):
    record 192, then the words of record 092, then the numbers of players and rounds (``teams``: ``t`` is a team
    event's matches, so its "players" are teams, and the note counts teams).

    >>> from tiebreak.engine.model import Player
    >>> detect_system(Tournament.build([Player(n) for n in range(1, 13)], 11), teams=True)
    ('round robin', '12 teams and 11 rounds')
    """
    code = t.type_code.upper()
    if code:
        said = Message("record 192 {}", repr(t.type_code)) if t.from_records else _settings(t.type_code)
        if "SWISS" in code or "DUTCH" in code or "DUBOV" in code or "BURSTEIN" in code or code.startswith("FIDE_TEAM"):
            return "swiss", said
        if _RR_WORDS.search(code) or "KNOCKOUT" in code:
            return "round robin", said
    text = t.type_text.upper()
    said = Message("record 092 {}", repr(t.type_text)) if t.from_records else _settings(t.type_text)
    if "SWISS" in text:
        return "swiss", said
    if _RR_WORDS.search(text):
        return "round robin", said
    n, r = len(t.players), rounds if rounds is not None else t.rounds
    why = Message("{} and {}", counted("team" if teams else "player", n), counted("round", r))
    return ("round robin" if r in (n - 1, n) or (n > 2 and r in (2 * n - 2, 2 * n)) else "swiss"), why


def _settings(system: str) -> Message:
    """Where the system was read in a file that is not TRF: the program's own setting, quoted."""
    return Message("the file's pairing system {}", repr(system))


class Row:
    """One line of the standings; ``values`` maps each column key (the specifier; :func:`column_keys`) to an exact
    Fraction (None = undefined)."""

    __slots__ = ("rank", "index", "lot", "_s")

    def __init__(self, standings: "Standings", index: int, rank: int, lot: int | None) -> None:
        self._s, self.index, self.rank, self.lot = standings, index, rank, lot

    @property
    def start_no(self) -> int:
        return self._s.tournament.players[self.index].start_no

    @property
    def name(self) -> str:
        return self._s.tournament.players[self.index].name

    @property
    def points(self) -> Fraction:
        return self._s.points[self.index]

    @property
    def values(self) -> dict[str, Fraction | None]:
        return {key: col.value(self.index) for key, col in zip(self._s.keys, self._s.columns)}

    def __repr__(self) -> str:
        return f"Row(rank={self.rank}, start_no={self.start_no}, points={self.points})"


@dataclass
class Standings:
    """The ranked players of a tournament under an ordered list: rows in rank order, one column per tie-break."""

    ranks_teams: ClassVar[bool] = False
    tournament: Tournament
    rules: RuleSet
    system: str
    after_round: int
    specs: list[TieBreakSpec]
    columns: list[Column]
    rows: list[Row]
    seed: int | None
    score: Column
    notes: list[str] = field(default_factory=list)
    warnings: list[InputWarning] = field(default_factory=list)
    #: the players a play-off placed: start number -> place (Arbiters' Manual 13.2; tiebreak.arbiter.playoff_results)
    decided: dict[int, int] = field(default_factory=dict)
    #: start number -> how the play-off placed the player: the places played for and the standings' note
    played_off: dict[int, PlayedOff] = field(default_factory=dict)
    #: no list was given and the file names none: the list is the FIDE default (a note says which)
    default_list: bool = False

    @property
    def points(self) -> "_Points":
        return _Points(self.score)

    @property
    def primary(self) -> str:
        """The primary score's code: an individual event's points, ``PTS`` (a team event's is MP or GP)."""
        return "PTS"

    @property
    def tiebreaks(self) -> list[str]:
        return [s.text for s in self.specs]

    @property
    def keys(self) -> list[str]:
        """The columns' keys in ``Row.values``: the specifiers, a repeated one numbered (:func:`column_keys`)."""
        cached = self.__dict__.get("_keys")  # (specifiers list, its length, keys): found once per list (a card
        if cached is None or cached[0] is not self.specs or cached[1] != len(self.specs):  # asks 20 times)
            cached = self.__dict__["_keys"] = (self.specs, len(self.specs), tuple(column_keys(self.tiebreaks)))
        return list(cached[2])

    def row(self, start_no: int) -> Row:
        cached = self.__dict__.get("_row_index")  # (rows list, start number -> row): built once per list of rows
        if cached is None or cached[0] is not self.rows or len(cached[1]) != len(self.rows):
            cached = self.__dict__["_row_index"] = (self.rows, {r.start_no: r for r in self.rows})
        found: Row | None = cached[1].get(start_no)
        if found is None or found.start_no != start_no:
            return next(r for r in self.rows if r.start_no == start_no)
        return found

    def value(self, start_no: int, spec: str) -> Fraction | None:
        return self.row(start_no).values[spec]

    def column(self, spec: str) -> Column:
        """The column of a specifier or column key (``DE (2)``: the second DE of the list)."""
        return self.columns[self.keys.index(spec) if spec in self.keys else self.tiebreaks.index(spec)]

    def contributions(self, start_no: int, spec: str) -> list[Contribution]:
        """What each round added to a value: the engine's record behind every number (for explanations).

        Empty for tie-breaks that are not sums over rounds (DE, TPN, RTNG).
        """
        return round_contributions(self.tournament, self.column(spec), self.tournament.row(start_no), self.rules)

    def article(self, key: str) -> str:
        """The article of a column's tie-break under the rules in force (``C.07 8.1``)."""
        spec = self.specs[self.keys.index(key)]
        return article(spec.text, self.rules, CATALOGUE[spec.code].article)

    def is_group(self, key: str) -> bool:
        """Whether a column's tie-break is computed among the still-tied players only (Type A, C.07 Art. 4.2)."""
        return CATALOGUE[self.specs[self.keys.index(key)].code].group is not None


def round_contributions(t: Tournament, col: Column, i: int, rules: RuleSet, team: bool = False) -> list[Contribution]:
    """What each round added to row ``i``'s value of ``col`` in the grid ``t`` (the players', or with ``team`` the
    matches' of a team event, whose sources say a match and a team): empty for a column that is not a sum over
    rounds."""
    sources = TEAM_SOURCES if team else SOURCES
    if col.contrib is None:
        return []
    den = col.contrib_den or col.den
    out = []
    for r in range(col.contrib.shape[1]):
        if col.valid is not None and not col.valid[i, r]:
            continue
        o = int(t.opponent[i, r])
        out.append(Contribution(
            round=r + 1, kind=Kind(int(t.kind[i, r])).name, opponent=t.players[o].start_no if o >= 0 else None,
            value=Fraction(int(col.contrib[i, r]), den), cut=bool(col.cut[i, r]) if col.cut is not None else False,
            source=source_text(code := int(col.source[i, r]) if col.source is not None else 0, rules,
                               sources.get(code, ""), team)))
    return out


SOURCES = {
    SOURCE_GAME: "game (opponent's score; Art. 16.3 adjusted in Swiss events)",
    SOURCE_DUMMY: "unplayed round: dummy opponent with the player's own score (Art. 16.4)",
    SOURCE_CAPPED: "unplayed round: dummy opponent, score capped (Art. 16.4.1/16.4.2, 2026)",
    SOURCE_VALUE: "the round's own value",
    SOURCE_VIRTUAL: "unplayed round: virtual opponent with the player's score before the round, the opposite result "
                    "in it and draws in every later round (Arbiters' Manual 13.14.2, FIDE Congress 2009)",
    SOURCE_ZERO: "unplayed round: an opponent with 0 points (USCF 34E1)",
    SOURCE_ONESELF: "unplayed round: a draw with oneself (Russian practice)",
    SOURCE_SCHEDULED: "forfeit: a draw with the scheduled opponent (Russian practice)",
    SOURCE_OPPONENT_BH: "game: the opponent's Buchholz (Arbiters' Manual 13.13.2 item 2.5)",
    SOURCE_OWN_UNPLAYED: "own unplayed round: no opponent's Buchholz, counts 0 (Arbiters' Manual 13.13.2 item 2.5)",
}
#: the sources of a team's value: a team's round is a match, its score the team's (the other sources as the players')
TEAM_SOURCES = SOURCES | {
    SOURCE_GAME: "match (opponent's score; Art. 16.3 adjusted in Swiss events)",
    SOURCE_DUMMY: "unplayed round: dummy opponent with the team's own score (Art. 16.4)",
    SOURCE_VIRTUAL: "unplayed round: virtual opponent with the team's score before the round, the opposite result "
                    "in it and draws in every later round (Arbiters' Manual 13.14.2, FIDE Congress 2009)",
    SOURCE_OPPONENT_BH: "match: the opponent's Buchholz (Arbiters' Manual 13.13.2 item 2.5)",
}


@dataclass(frozen=True)
class Contribution:
    """What one round added to a value (or why it was cut): the record behind every number."""

    round: int
    kind: str
    opponent: int | None
    value: Fraction
    cut: bool
    source: str


class _Points:
    def __init__(self, col: Column) -> None:
        self.col = col

    def __getitem__(self, i: int) -> Fraction:
        return Fraction(int(self.col.num[i]), self.col.den)


def _no_list(tiebreaks: str | Sequence[str | TieBreakSpec] | None) -> bool:
    """Whether no list was given (the file's, else the default, is taken)."""
    return tiebreaks is None or (isinstance(tiebreaks, str) and not tiebreaks.strip())


def resolve_list(t: Tournament, tiebreaks: str | Sequence[str | TieBreakSpec] | None, system: str,
                 notes: list[str]) -> list[TieBreakSpec]:
    """The list the players are ranked by: ``tiebreaks``, else the file's, else the FIDE default for ``system`` (the
    choice said in ``notes``); PTS first when the list names it nowhere (the odds rank their outcomes by it too)."""
    if tiebreaks is None or _no_list(tiebreaks):  # (None named for the type checker's sake)
        if t.declared_tiebreaks:
            specs = parse_list(t.declared_tiebreaks)
            notes.append(Message("tie-breaks from the file (record {})", '212' if t.declared_tiebreaks_complete
                                 else '202') if t.from_records else Message("tie-breaks from the file's settings"))
        else:
            specs = parse_list(DEFAULT_LISTS[system])
            notes.append(Message("no tie-break list given; FIDE default for a {} event: {}",
                                 Term(system), TieBreakList(DEFAULT_LISTS[system].split(","))))
    else:
        specs = parse_list(tiebreaks) if isinstance(tiebreaks, str) \
            else [s if isinstance(s, TieBreakSpec) else parse_list(s)[0] for s in tiebreaks]
    if not any(s.code == "PTS" for s in specs):
        specs = [TieBreakSpec("PTS")] + specs
    return specs


def _check_bounds(t: Tournament, specs: list[TieBreakSpec], seed: int | None, unrated_rating: int | None) -> None:
    """Options that no event can use are refused rather than computed into values that mean nothing: a cut or median
    of more rounds than the event has (every value would be 0), a negative or huge seed or rating."""
    check_seed(seed)
    check_rating(unrated_rating)
    for spec in specs:
        if spec.cut > max(t.rounds, 1) or 2 * spec.median > max(t.rounds, 2):
            raise SpecifierError(Message("{}: the event has {} round; a cut or median of more rounds leaves no value "
                                         "(Art. 14.1-14.4)", spec.text, t.rounds,
                                         plural="{}: the event has {} rounds; a cut or median of more rounds leaves no "
                                         "value (Art. 14.1-14.4)", count=t.rounds), field="tiebreaks")


def tournament_seed(t: Tournament) -> int:
    """The event's own seed of the lots (:func:`tiebreak.engine.ranking.event_seed` of its name and players): a team
    event's is its players', so the teams' and the players' standings of one event share it.  Hashed on every call:
    a cache of the last event's seed (0.25 ms at 2,000 players on a live re-rank) would trust that no caller changes
    a player in place, which a library user may do.

    >>> from tiebreak import trf
    >>> tournament_seed(trf.load("examples/hobsons-bay-cup-2025.trf"))
    816560
    """
    return event_seed(t.name, ((p.start_no, p.name) for p in t.players))


def _direct_encounter_points(columns: list[Column], specs: list[TieBreakSpec], rules: RuleSet,
                             context: Callable[[RuleSet], Context]) -> None:
    """The DE columns as the rule set shows them (``direct_encounter_value`` ``points``: Swiss-Manager's points in
    the point group, :func:`tiebreak.engine.direct.points_in_point_group`); the order stays Art. 6's."""
    if rules.direct_encounter_value != "points":
        return
    for at, spec in enumerate(specs):
        if spec.code == "DE" and not spec.version:
            points = points_in_point_group(context(rules), spec.played)
            points.extra = columns[at].extra
            columns[at] = points


def _after_round(t: Tournament, after_round: int | None, notes: list[str]) -> int:
    """The round the standings are after: ``after_round``, by default the last round with a result (a round whose
    games are all pending is not yet played); the notes say so, and how many games are pending."""
    played_rounds = t.rounds_with_results
    if after_round is None:
        k = played_rounds
        if t.rounds > k > 0:  # before round 1 the note of before_first_round says it
            notes.append(Message("results known up to round {} of {}: standings after round {}", k, t.rounds, k))
    else:
        if not 0 <= after_round <= t.rounds:
            raise InputError(Message("--after-round {} is outside 0..{}", after_round, t.rounds),
                             Place(t.source, field="after round"))
        k = after_round
    pending = t.games_pending
    if pending and k >= played_rounds:
        notes.append(Message("games pending: {} (not yet played: they count nothing until their results are known)",
                             pending))
    return k


def before_first_round(k: int, notes: list[str]) -> bool:
    """Whether standings after round ``k`` are before the first round (no game counts yet): then nobody is placed by
    lot, all share the first place in the order of their starting numbers (the starting rank list that
    chess-results.com and Swiss-Manager publish before round 1), and ``notes`` say so.

    >>> notes = []
    >>> before_first_round(0, notes), before_first_round(1, notes), len(notes)
    (True, False, 1)
    """
    if k:
        return False
    notes.append(Message("before round 1: no game counts yet, so nobody is placed by lot; listed by starting number"))
    return True


def compute_standings(  # noqa: PLR0913  the library's one call: every option keyword-only, named, with its default
    tournament: Tournament,
    tiebreaks: str | Sequence[str | TieBreakSpec] | None = None,
    *,
    rules: "str | RuleSet" = DEFAULT_RULES,
    after_round: int | None = None,
    unrated_rating: int | None = None,
    seed: int | None = None,
    lots: bool = True,
    system: str | None = None,
    warnings: list[InputWarning] | None = None,
    cumulative_half_bye: str | None = None,
) -> Standings:
    """Rank the players of ``tournament`` by ``tiebreaks`` (a list string such as ``"PTS,BH/C1,SB"``).

    * ``rules``: ``auto`` (by start date), ``fide-2024``, ``fide-2026``, or a :class:`RuleSet` (e.g. one of those
      with some choices changed by ``dataclasses.replace``).
    * ``after_round``: standings after that round (default: the last round with results).
    * ``unrated_rating``: rating given to unrated players in rating tie-breaks (else those are undefined).
    * ``seed``/``lots``: remaining ties are drawn by lot with ``seed`` (when none is given, the event's own,
      :func:`tournament_seed`: the same lot in every run); ``lots=False`` leaves them tied with shared ranks.
    * ``system``: ``swiss`` or ``round robin`` to override the detection.
    * ``cumulative_half_bye``: ``deduct`` or ``keep`` a half-point bye's ½ in the cumulative score (US-CUM,
      RU-CUM); default: each rule set's own (``uscf`` keeps it, seed 002; ``ru`` deducts it, seed 004).
    """
    t = tournament.with_pending_paired()
    notes: list[str] = []
    k = _after_round(t, after_round, notes)
    ruleset, system = _rules_and_system(t, rules, system, cumulative_half_bye, notes)
    specs = resolve_list(t, tiebreaks, system, notes)
    _check_bounds(t, specs, seed, unrated_rating)
    # a global rating for unrated players applies to every rating tie-break that has no /U of its own
    effective = [s.with_unrated(unrated_rating) if "U" in CATALOGUE[s.code].modifiers else s for s in specs]
    context = _Contexts(t, k, system == "round robin", cumulative_half_bye)
    group, columns = apply_list(len(t.players), (_step(spec, context, ruleset) for spec in effective))
    _direct_encounter_points(columns, effective, ruleset, context)
    lots = lots and not before_first_round(k, notes)
    if seed is None and lots:
        seed = tournament_seed(t)
    order, ranks, lot, seed = finish(group, [p.start_no for p in t.players], lots, seed)
    drawn = int((lot > 0).sum())
    if drawn:
        notes.append(Message("{} player still tied after the list: drawn by lot with seed {} (the same seed repeats "
                             "the draw)", drawn, seed,
                             plural="{} players still tied after the list: drawn by lot with seed {} (the same seed "
                             "repeats the draw)", count=drawn))
    ctx = context(ruleset)
    score = Column(ctx.score, ctx.scale)
    s = Standings(t, ruleset, system, k, specs, columns, [], seed, score, notes, list(warnings or []),
                  default_list=_no_list(tiebreaks) and not t.declared_tiebreaks)
    s.rows = [Row(s, i, r, int(x) or None) for i, r, x in zip(order.tolist(), ranks[order].tolist(), lot[order].tolist())]
    return s


def _rules_and_system(t: Tournament, rules: "str | RuleSet", system: str | None, cumulative_half_bye: str | None,
                      notes: list[str]) -> tuple[RuleSet, str]:
    """The rule set in force and the system (round robin or Swiss), each with its reason in the notes."""
    ruleset, why = choose_rules(rules, t.start_date)
    notes.append(why)
    with_choices(ruleset, cumulative_half_bye)  # an unknown choice stops here, before any work
    if system is None:
        system, sys_why = detect_system(t)
        notes.append(Message("{} ({})", Term(system), sys_why))
    elif system not in DEFAULT_LISTS:
        raise ValueError(f"system must be 'swiss' or 'round robin', not {system!r}")
    return ruleset, system


class _Contexts:
    """The passes' context of one ranking under each rule set it uses (a tie-break of another edition, ``SB#2026``,
    has its own), made once per rule set."""

    def __init__(self, t: Tournament, k: int, round_robin: bool, cumulative_half_bye: str | None) -> None:
        self.t, self.k, self.round_robin, self.cumulative_half_bye = t, k, round_robin, cumulative_half_bye
        self.made: dict[str, Context] = {}

    def __call__(self, rs: RuleSet) -> Context:
        if rs.name not in self.made:
            self.made[rs.name] = Context(self.t, with_choices(rs, self.cumulative_half_bye), self.k, self.round_robin)
        return self.made[rs.name]


def _step(spec: TieBreakSpec, context: _Contexts, ruleset: RuleSet) -> Step:
    """One tie-break of the list as :func:`apply_list` takes it: its column (made when the list reaches it) or, for a
    tie-break among the tied players (Type A), how it splits a group."""
    d = CATALOGUE[spec.code]
    version = spec.version or d.rules
    ctx = context(EDITIONS[version] if version else ruleset)
    column = column_of(d, ctx, spec)
    encounter = d.group
    if encounter is None:
        return spec, column, None, None

    def split(members: list[int]) -> tuple[list[list[int]], dict[str, Any]]:
        de = encounter(ctx, members, spec.played)
        return de.tiers, {"de": {m: (de.scores.get(m), de.unmet.get(m)) for m in members}}

    def groups(group: np.ndarray) -> list[list[int]]:
        return groups_with_encounters(ctx, group, spec.played)

    return spec, column, split, groups
