"""Check published standings: which published ranks and values differ from ours under the announced rules, the
rounds that explain each difference, and which rule set (or named choice) the organiser's program really followed.

Every candidate rule set ranks the event with the published list (ties left shared, no lots); a published rank
agrees when it lies inside our shared place, a published value when it rounds to ours at the precision it was
printed with (:class:`~tiebreak.formats.published.PublishedValue`).

>>> from tiebreak.formats import published, trf
>>> t = trf.load("examples/hobsons-bay-cup-2025.trf")
>>> p = published.loads("pos,startno,Pts,BH/C1\\n1,7,6,30\\n2,9,6,28.5\\n")
>>> r = check(t, p, rules="fide-2024")
>>> r.agree, r.best_rules[0], [(a.rules, a.values_agree, a.values) for a in r.rules][:2]
(True, 'fide-2024', [('fide-2024', 2, 2), ('fide-2024+reference', 2, 2)])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from ..engine.conventions import CONVENTIONS, convention_of, convention_rules
from ..engine.errors import InputError, Place
from ..engine.messages import Message
from ..engine.model import Tournament, format_number
from ..engine.ranking import Ranking, shared_place
from ..engine.ranking import places as ranked_places
from ..engine.registry import parse_list
from ..engine.rules import AS_GIVEN, DEFAULT_RULES, RULE_SETS, RuleSet, choose_rules
from ..engine.standings import Standings, compute_standings
from ..formats.published import Published, PublishedRow, PublishedValue
from . import points_column
from .choices import DEFAULT_POINTS_FROM, POINTS_FROM


def candidates(codes: list[str] | None = None) -> dict[str, RuleSet]:
    """Every rule set a published table is compared with: each edition, and the two FIDE editions with the reference
    checker's choices (``+reference``, as :func:`~tiebreak.engine.rules.choose_rules` reads that name), and the
    programs' conventions that differ from them on the columns compared (``codes``: their tie-breaks' codes)."""
    out: dict[str, RuleSet] = {}
    for name, rules in RULE_SETS.items():
        out[name] = rules
        if rules.family == "fide":
            reference = choose_rules(f"{name}+reference", None)[0]
            out[reference.name] = reference
    return out | convention_rules(codes)


def announced_rules(rules: str, start_date: Any) -> tuple[RuleSet, str]:
    """The announced rule set: ``auto`` by the date, one of ours, or a program's convention (``sevilla``)."""
    conv = CONVENTIONS.get(rules)
    if conv is not None:
        return conv.rules, f"rules {conv.rules.name}: {conv.program}'s convention (as asked)"
    return choose_rules(rules, start_date)


def verdict(differences: list[Any], order: list["Agreement"], publisher: str = "") -> tuple[str, str, str]:
    """(``right``, ``convention``, ``rules``, ``undefined`` or ``none``; the rule set; the program): right under the
    announced rules; else reproduced by the publishing program's convention, or by a rule set (every published value
    and rank; the program is then the publisher, never another program that reads the rules alike); ``undefined``
    when the only values that differ are ones the rules leave undefined and no rule set gives (a convention no one
    has established); else by none (the rule set named is the nearest)."""
    if not differences:
        return "right", "", ""
    complete = [a.rules for a in order if a.complete and a.values + a.ranks]
    if not complete:
        values = [d for d in differences if d.what not in ("rank", "points")]
        if values and all(d.undefined for d in values):
            return "undefined", "", publisher
        return "none", order[0].rules if order else "", publisher
    own = [name for name in complete if convention_of(name, publisher) is not None] if publisher else []
    if own:  # the publishing program's own reading
        return "convention", own[0], publisher
    ours = [name for name in complete if convention_rules().get(name) is None]
    if ours:  # a rule set of ours: named as such, never by another program's name for the same numbers
        return "rules", ours[0], publisher
    conv = convention_of(complete[0])  # only a program's own convention gives these figures
    if conv is not None and not publisher:
        return "convention", complete[0], conv.program
    return "rules", complete[0], publisher


#: the averages a program may print as 0 where the rules leave them undefined (no game over the board, Art. 10)
AVERAGES = ("ARO", "TPR", "PTP", "APRO", "APPO", "AOB")


def value_agrees(pv: PublishedValue, ours: Fraction | None, spec: str) -> bool:
    """Whether a published value agrees with ours: it rounds to ours, or it is a 0 printed where the average is
    undefined (a display convention, not a difference)."""
    return pv.agrees(ours) or display_zero(pv, ours, spec)


def display_zero(pv: PublishedValue, ours: Fraction | None, spec: str) -> bool:
    """A published 0 for an average the rules leave undefined (no game over the board)."""
    return ours is None and pv.value == 0 and spec.split("/")[0] in AVERAGES


def row_agrees(s: Any, sno: int, row: PublishedRow, columns: list[str]) -> bool:
    """Whether every published value of the row (points too) agrees with ``s``'s: a value is attributed to a rule set
    only when that rule set reproduces the participant's other values too."""
    mine = s.row(sno)
    if row.points is not None and not row.points.agrees(mine.points):
        return False
    for c in columns:
        pv = row.values.get(c)
        if pv is not None and not value_agrees(pv, mine.values[c], c):
            return False
    return True


@dataclass
class Agreement:
    """How many published values and ranks one rule set reproduces."""

    rules: str
    values_agree: int
    values: int
    ranks_agree: int
    ranks: int

    @property
    def score(self) -> tuple[int, int]:
        return self.values_agree, self.ranks_agree

    @property
    def complete(self) -> bool:
        return self.values_agree == self.values and self.ranks_agree == self.ranks


@dataclass
class Difference:
    """A published figure that differs from ours under the announced rules."""

    start_no: int
    name: str
    what: str  # "rank", "points" or a specifier
    published: str
    ours: str
    #: the rule sets under which the published figure is reproduced
    reproduced_by: list[str]
    #: rounds that explain it: each round where the announced rules and the first rule set that reproduces the
    #: published value count differently (or every round, when no rule set reproduces it)
    rounds: list[dict[str, Any]] = field(default_factory=list)
    article: str = ""
    #: our value is undefined under the announced rules (an average with no game over the board)
    undefined: bool = False


@dataclass
class Report:
    source: str  # the tournament file
    announced: str
    tiebreaks: list[str]
    agree: bool
    differences: list[Difference]
    rules: list[Agreement]
    best_rules: list[str]
    notes: list[str] = field(default_factory=list)
    unmatched: list[str] = field(default_factory=list)
    published: str = ""  # where the published figures came from (the file itself, or the export)
    #: :func:`verdict`: ``right``, ``convention``, ``rules``, ``undefined`` or ``none``; the rule set; the program
    verdict: tuple[str, str, str] = ("right", "", "")
    #: the program that published the standings (the file's own word or ``--publisher``; "" when unknown)
    publisher: str = ""
    #: the primary score (a team event's MP or GP: the report names its column as the standings head it; PTS for players)
    primary: str = "PTS"
    #: no list was announced (none given, none published, none in the file): the list is the default one
    default_list: bool = False


def match_rows(published: Published, names: dict[int, list[str]], by_name_first: bool = False
               ) -> tuple[dict[int, PublishedRow], list[str]]:
    """Published rows by our number (``names``: each number's names), and the rows that match nobody: by the
    published number, else by a name that only one number bears (case, spaces and punctuation aside); with
    ``by_name_first`` (a team event, whose published number is often its place) by the name, the number only for a
    row without a name or whose name matches no one.

    >>> from tiebreak.formats import published
    >>> p = published.loads("pos,startno,name,Pts\\n1,2,Beta,1\\n2,,alpha,0\\n3,9,Nobody,0\\n")
    >>> rows, unmatched = match_rows(p, {1: ["Alpha"], 2: ["Beta"]})
    >>> {number: row.line for number, row in rows.items()}, unmatched
    ({2: 2, 1: 3}, ['line 4: 9'])
    """
    by_name: dict[str, set[int]] = {}
    for own, known in names.items():
        for name in filter(None, map(name_key, known)):
            by_name.setdefault(name, set()).add(own)
    matched: dict[int, PublishedRow] = {}
    unmatched: list[str] = []
    for row in published.rows:
        number: int | None
        found = by_name.get(name_key(row.name), set()) if row.name else set()
        if row.start_no is not None and not (by_name_first and found):
            number = row.start_no if row.start_no in names else None
        else:
            number = next(iter(found)) if len(found) == 1 else None
        if number is None or number in matched:
            unmatched.append(f"line {row.line}: {row.start_no or row.name!s}")
            continue
        matched[number] = row
    return matched, unmatched


def name_key(name: str) -> str:
    """A name as the published rows are matched by it: its letters and digits, case aside."""
    return "".join(ch for ch in name.casefold() if ch.isalnum())


def _agreement(label: str, s: Any, rows: dict[int, PublishedRow], columns: list[str]) -> Agreement:
    places = ranked_places(s.rows)
    values = agree = ranks = ranks_agree = 0
    for sno, row in rows.items():
        ours = s.row(sno).values
        for spec in columns:
            pv = row.values.get(spec)
            if pv is not None:
                values += 1
                agree += value_agrees(pv, ours[spec], spec)
        if row.rank is not None:
            ranks += 1
            first, last = places[sno]
            ranks_agree += first <= row.rank <= last
    return Agreement(label, agree, values, ranks_agree, ranks)


def check(t: Tournament, published: Published, tiebreaks: str | None = None, *, rules: str = DEFAULT_RULES,
          after_round: int | None = None, unrated_rating: int | None = None, system: str | None = None,
          points_from: str = DEFAULT_POINTS_FROM) -> Report:
    """Compare ``published`` with our standings of ``t`` under every candidate rule set.

    ``tiebreaks``: the announced list (default: the published columns, else the file's list); ``rules``: the
    announced rule set (``auto`` by the start date, a rule set's name, or ``fide-2024+reference``...);
    ``points_from``: ``results`` (the round results) or ``column`` (the points column's reading,
    :mod:`~tiebreak.arbiter.points_column`).
    """
    reading = points_column.read(t)
    readings = {"results": t, "column": reading.tournament}
    t = readings[points_reading(points_from)]
    rows, unmatched = match_rows(published, {p.start_no: [p.name] for p in t.players})
    if not rows:
        raise InputError("no published row matches a player of the tournament (by start number or name)",
                         Place(published.source))
    if tiebreaks is None and published.columns:
        tiebreaks = ",".join(dict.fromkeys(["PTS", *published.columns]))
    specs = [s.text for s in parse_list(tiebreaks)] if tiebreaks else None

    def rank(grid: Tournament, rs: RuleSet) -> Standings:
        return compute_standings(grid, tiebreaks, rules=rs, after_round=after_round, unrated_rating=unrated_rating,
                                 lots=False, system=system)

    other = readings["results" if points_from == "column" else "column"]
    event = Ranked(t.source or published.source, t.start_date, lambda rs: rank(t, rs), lambda rs: rank(other, rs),
                   reading, points_from,
                   lambda ours, sno, spec, by: [] if spec == "rank" else _rounds(ours, by, sno, spec))
    return compare(event, published, rows, unmatched, specs, rules, published.points_published)


#: the rounds behind a differing value or rank: ``(ours, number, spec or "rank", (label, ranking) reproducing it
#: or None)``
Rounds = Callable[[Any, int, str, "tuple[str, Any] | None"], list[dict[str, Any]]]


@dataclass(frozen=True)
class Ranked:
    """An event as the check compares it, players or teams alike: ``rank(rules)`` ranks it (ties shared) under a
    candidate rule set, ``rank_other`` under the other reading of the points column (``reading``, the event read
    from ``points_from``); ``rounds`` gives the rounds (or matches) behind a differing value."""

    source: str
    start_date: Any
    rank: Callable[[RuleSet], Ranking]
    rank_other: Callable[[RuleSet], Ranking]
    reading: points_column.Reading
    points_from: str
    rounds: Rounds


def compare(event: Ranked, published: Published, rows: dict[int, PublishedRow], unmatched: list[str],
            specs: list[str] | None, rules: str, points_published: bool) -> Report:
    """The check of players and of teams alike: ``event`` ranked under each candidate rule set against
    ``published``, whose rows are ``rows`` by our number."""
    notes: list[str] = []
    columns = [c for c in published.columns if specs is None or c in specs]
    for c in published.columns:
        if c not in columns:
            notes.append(Message("published column {} is not in the announced list; not compared", c))
    chosen, why = announced_rules(rules, event.start_date)
    announced = chosen.name
    notes.append(why)
    compared = candidates([c.split("/")[0] for c in columns]) | {announced: chosen}
    standings = {label: event.rank(rs) for label, rs in compared.items()}
    ours = standings[announced]
    notes += [n for n in ours.notes if getattr(n, "template", None) != AS_GIVEN]  # the rule set: `why` says it
    agreements = [_agreement(label, s, rows, columns) for label, s in standings.items()]
    order = sorted(agreements, key=lambda a: (-a.values_agree - a.ranks_agree, a.rules != announced))
    best = [a.rules for a in order if a.score == order[0].score]
    differences = _differences(ours, announced, standings, rows, columns, points_published, event.rounds)
    if event.reading.fixes:
        mine = next(a for a in agreements if a.rules == announced)
        other = _agreement(announced, event.rank_other(chosen), rows, columns)
        notes += follows(event.reading, event.points_from, mine, other)
    notes += published.unknown + publishing_notes(ours, rows, columns, published.publisher)
    return Report(event.source, announced, ours.tiebreaks, not differences, differences, order, best, notes, unmatched,
                  published.source, verdict(differences, order, published.publisher), published.publisher,
                  ours.primary, ours.default_list)


def publishing_notes(ours: Any, rows: dict[int, PublishedRow], columns: list[str], publisher: str) -> list[str]:
    """What the check should say about how the file was published: the program, and the 0s printed for averages the
    rules leave undefined (agreeing, as a display convention)."""
    out: list[str] = [Message("published by {}", publisher)] if publisher else []
    zeros = [c for sno, row in rows.items() for c in columns
             if (pv := row.values.get(c)) is not None and display_zero(pv, ours.row(sno).values[c], c)]
    if zeros:
        out.append(f"published 0s ({len(zeros)}) for {', '.join(sorted(set(zeros)))} agree although the rules leave "
                   "these averages undefined (no game over the board): a display convention, not a difference")
    return out


def points_reading(points_from: str) -> str:
    """``points_from`` (:data:`POINTS_FROM`), refused in the user's words when it is neither."""
    if points_from not in POINTS_FROM:
        raise InputError(Message("points from {}: choose results or column", repr(points_from)), Place(field="points_from"))
    return points_from


def records_text(reading: points_column.Reading) -> Message:
    """The records the points column reads otherwise: ``41 Name (R6: 0 → 1); 122 Name (R6: 1 → 0)``."""
    out: Message | None = None
    for f in reading.fixes:
        one = Message("{} {} (R{}: {} → {})", f.start_no, f.name, f.round, format_number(f.results),
                      format_number(f.column))
        out = one if out is None else Message("{}; {}", out, one)
    return out or Message("")


def follows(reading: points_column.Reading, points_from: str, mine: Agreement, theirs: Agreement) -> list[str]:
    """The notes on a file whose points column and results disagree: which of the two the published standings follow
    (``mine``: the agreement under ``points_from``, ``theirs`` under the other reading), and the records read."""
    records = records_text(reading)
    column, results = (mine, theirs) if points_from == "column" else (theirs, mine)
    out: list[str] = []
    if column.score > results.score:
        out.append(Message("the published standings follow the points column, not the results (round: results → "
                           "column), in records {}",
                           records))
    elif results.score > column.score:
        out.append(Message("the published standings follow the results, not the points column (round: results → "
                           "column), in records {}",
                           records))
    else:
        out.append(Message("the points column and the results disagree (round: results → column) in records {}; the "
                           "published standings fit both alike",
                           records))
    if points_from == "column":
        out.append("points from the points column's reading (--points-from column)")
    if reading.unplaced:
        out.append("the points column's reading cannot place the difference of players "
                   + ", ".join(map(str, reading.unplaced)) + "; their results are kept")
    return out


def _differences(ours: Ranking, announced: str, standings: dict[str, Ranking], rows: dict[int, PublishedRow],
                 columns: list[str], points_published: bool, rounds: Rounds) -> list[Difference]:
    out: list[Difference] = []
    places = {label: ranked_places(s.rows) for label, s in standings.items()}
    for sno, row in sorted(rows.items(), key=lambda kv: places[announced][kv[0]]):
        mine = ours.row(sno)
        if points_published and row.points is not None and not row.points.agrees(mine.points):
            out.append(Difference(sno, mine.name, "points", row.points.text, format_number(mine.points), [],
                                  article="C.07 Art. 5 (points)"))
        for spec in columns:
            pv = row.values.get(spec)
            if pv is None or value_agrees(pv, mine.values[spec], spec):
                continue
            by = [label for label, s in standings.items() if value_agrees(pv, s.row(sno).values[spec], spec)
                  and row_agrees(s, sno, row, columns)]
            out.append(Difference(sno, mine.name, spec, pv.text, _show(mine.values[spec]), by,
                                  rounds(ours, sno, spec, (by[0], standings[by[0]]) if by else None),
                                  ours.article(spec), mine.values[spec] is None))
        if row.rank is not None:
            first, last = places[announced][sno]
            if not first <= row.rank <= last:
                by = [label for label, p in places.items() if p[sno][0] <= row.rank <= p[sno][1]]
                out.append(Difference(sno, mine.name, "rank", str(row.rank), shared_place(first, last - first + 1),
                                      by, rounds(ours, sno, "rank", None)))
    return out


def _show(x: Fraction | None) -> str:
    return "-" if x is None else format_number(x)


def _rounds(ours: Standings, other: tuple[str, Standings] | None, sno: int, spec: str) -> list[dict[str, Any]]:
    """The rounds behind a differing value: where ``other`` (the first rule set that reproduces the published value,
    with its label) counts differently from the announced rules; every round when there is none."""
    mine = ours.contributions(sno, spec)
    theirs = {c.round: c for c in other[1].contributions(sno, spec)} if other is not None else {}
    out = []
    for c in mine:
        o = theirs.get(c.round)
        if other is not None and o is not None and (o.value, o.cut) == (c.value, c.cut):
            continue
        entry = {"round": c.round, "kind": c.kind, "opponent": c.opponent, "ours": c.value, "cut": c.cut,
                 "source": c.source}
        if o is not None and other is not None:
            entry |= {"rules": other[0], "theirs": o.value, "theirs_cut": o.cut, "theirs_source": o.source}
        out.append(entry)
    return out
