"""The standings table, one view for every face and both kinds of event: per row the place as written (``5-9`` where
ties are left shared), whether a lot placed it (the place as every face shows it, ``40*``:
:attr:`StandingsRow.written`), the number, the name, the points, the player columns' texts and the value of each
column of the list (``-`` undefined), without words; the faces add the headings and the legend.

>>> from tiebreak import compute_standings, trf
>>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
>>> table = of_ranking(s)
>>> table.keys, [(r.place, r.start_no, r.points, r.values) for r in table.rows[:2]]
(['BH/C1'], [('1', 7, '6', ['30']), ('2', 9, '6', ['28.5'])])
>>> [c.kind + (":" + c.key if c.key else "") for c in column_order(["rating", "perf", "title", "fed"], ["BH/C1"])]
['rank', 'number', 'player:title', 'name', 'player:fed', 'player:rating', 'points', 'value:BH/C1', 'player:perf']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import repeat
from operator import itemgetter
from typing import Any, Literal, TypeVar

from ..arbiter.columns import COLUMNS, JSON_KEYS, PlayerColumns
from ..engine.articles import article
from ..engine.errors import SpecifierError
from ..engine.model import Kind
from ..engine.passes import Column as EngineColumn
from ..engine.ranking import Ranking, column_keys, lot_marked, written_places
from ..engine.registry import CATALOGUE, parse, parse_list
from ..engine.rules import RuleSet, choose_rules
from ..engine.specifier import MODIFIERS, TieBreakSpec
from ..engine.standings import Standings
from ..engine.team import TeamStandings
from ..engine.team_tiebreaks import TEAM_CATALOGUE, parse_team

#: the player columns shown between the number and the name (the title, as chess-results and Swiss-Manager print it)
BEFORE_NAME = ("title",)
#: the player columns computed from the results, shown after the tie-breaks (chess-results' performance and rating
#: change come after them too); every other player column (federation, rating, club...) comes after the name
AFTER_VALUES = ("perf", "change")

ColumnKind = Literal["rank", "number", "name", "player", "points", "value"]


@dataclass(frozen=True, slots=True)
class Column:
    """A column of the standings table: ``kind`` (``player``: a player column, ``key`` its name, ``title``,
    ``fed``...; ``value``: a column of the list, ``key`` its key, ``BH/C1``)."""

    kind: ColumnKind
    key: str = ""


def column_order(player_columns: Sequence[str], keys: Sequence[str]) -> list[Column]:
    """The columns of the standings table in the one order of every face (the module's docstring), from the player
    columns shown (in any order) and the keys of the list after the points."""
    shown = [c for c in COLUMNS if c in player_columns]  # the player columns in their one order
    return [Column("rank"), Column("number"), *(Column("player", c) for c in shown if c in BEFORE_NAME),
            Column("name"), *(Column("player", c) for c in shown if c not in BEFORE_NAME + AFTER_VALUES),
            Column("points"), *(Column("value", k) for k in keys),
            *(Column("player", c) for c in shown if c in AFTER_VALUES)]


@dataclass(slots=True)  # not frozen: a frozen dataclass sets each field through object.__setattr__ (slow at 10,000 rows)
class StandingsRow:
    """A row of the standings table (:attr:`StandingsTable.rows`)."""

    place: str
    rank: int
    lot: bool
    start_no: int
    name: str
    points: str  # the points: an individual event's, a team event's primary score (the first column of its list)
    players: list[str]  # the player columns' texts ("" where the file has nothing)
    values: list[str]  # one per key of the table
    drawn: int | None = None  # the lot drawn inside its tied group (None: no lot placed the row)
    playoff: bool = False  # the play-off decided its place (Arbiters' Manual 13.2)

    @property
    def written(self) -> str:
        """The place as every face shows it: ``5-9`` shared, ``40*`` placed by lot (:func:`lot_marked`), ``1‡``
        decided by the play-off (:data:`~tiebreak.engine.ranking.PLAYOFF_MARK`)."""
        return lot_marked(self.place, self.lot, self.playoff)


@dataclass(frozen=True)
class StandingsTable:
    """The standings table column by column, each column one list in the order of the rows (a writer that goes
    through the table column by column, the JSON's, reads them as they are; :attr:`rows` makes its rows for the faces
    that go row by row).  ``keys``: the columns of the list shown after the points (every one but the points: PTS of
    an individual event, the primary score of a team event); ``player_columns``: the names of the player columns;
    ``players``: one list per player column, its texts (``""`` where the file has nothing); ``values``: one list per
    key; ``drawn``: the lot drawn inside a tied group (None: no lot placed the row); ``decided``: the start numbers
    whose place the play-off decided."""

    keys: list[str]
    player_columns: list[str]
    seed: int | None
    place: list[str]
    rank: list[int]
    start_no: list[int]
    name: list[str]
    points: list[str]
    drawn: list[int | None]
    players: list[list[str]]
    values: list[list[str]]
    decided: frozenset[int] = frozenset()

    @property
    def lots(self) -> bool:
        """Whether a lot placed some row (the legend's footnote then gives the seed)."""
        return any(d is not None for d in self.drawn)

    @cached_property
    def rows(self) -> list[StandingsRow]:
        """The table row by row, made on first use."""
        players = zip(*self.players) if self.players else repeat(())
        values = zip(*self.values) if self.values else repeat(())
        return [StandingsRow(place, rank, drawn is not None, n, name, points, list(p), list(v), drawn, n in self.decided)
                for place, rank, n, name, points, drawn, p, v
                in zip(self.place, self.rank, self.start_no, self.name, self.points, self.drawn, players, values)]

    @cached_property
    def columns(self) -> list[Column]:
        """The table's columns, in the one order (:func:`column_order`)."""
        return column_order(self.player_columns, self.keys)

    @cached_property
    def _cell_at(self) -> list[tuple[str, int]]:
        """Where each column's text is in a row: (``player``, ``value`` or ``fixed``, its index there), found once
        for all rows."""
        where = {"player": {k: j for j, k in enumerate(self.player_columns)},
                 "value": {k: j for j, k in enumerate(self.keys)},  # (a key listed twice: its last column)
                 "rank": {"": 0}, "number": {"": 1}, "name": {"": 2}, "points": {"": 3}}
        return [(c.kind if c.kind in ("player", "value") else "fixed", where[c.kind][c.key]) for c in self.columns]

    def cells(self, row: StandingsRow) -> list[str]:
        """The texts of ``row``, one per column of :attr:`columns` (the place as every face shows it: ``5-9`` when
        shared, ``40*`` placed by lot, :attr:`StandingsRow.written`)."""
        parts = {"player": row.players, "value": row.values,
                 "fixed": (row.written, str(row.start_no), row.name, row.points)}
        return [parts[part][k] for part, k in self._cell_at]


def of_ranking(s: Ranking, columns: PlayerColumns | None = None, keys: list[str] | None = None,
               undefined: str = "-", texts: Callable[[EngineColumn, str], list[str]] | None = None) -> StandingsTable:
    """The standings table of ``s`` (players or teams) with the player ``columns``; ``keys``: the columns of the list
    shown after the points (default: every one but the points: PTS of the players, the first of a team list, the
    primary score); ``undefined``: the text of an undefined value.  Built column by column: each distinct value of
    a column written once (:meth:`~tiebreak.engine.passes.Column.texts`, or ``texts``: a writer that keeps them
    from table to table), then the texts put in the order of the rows."""
    written = texts or _texts
    ranked = s.rows
    in_order = _in_order([r.index for r in ranked])
    if isinstance(s, Standings):
        points = written(s.score, undefined)
        keys = [k for k in s.keys if k != "PTS"] if keys is None else keys
        people = in_order(s.tournament.players)  # (a row's start number and name are looked up through them)
        numbers, names = [p.start_no for p in people], [p.name for p in people]
    else:  # a team event: the first column of its list is the points
        points = written(s.column(s.keys[0]), undefined)
        keys = s.keys[1:] if keys is None else keys
        numbers, names = [r.start_no for r in ranked], [r.name for r in ranked]
    ranks = [r.rank for r in ranked]
    cells = [columns.cells[n] for n in numbers] if columns else []
    column = dict(zip(s.keys, s.columns))  # (s.column looks the key up among the keys it makes again)
    return StandingsTable(keys, columns.names if columns else [], s.seed, place=written_places(ranks), rank=ranks,
                          start_no=numbers, name=names, points=in_order(points), drawn=[r.lot for r in ranked],
                          players=[[c[j] for c in cells] for j in range(len(columns.names))] if columns else [],
                          values=[in_order(written(column[key], undefined)) for key in keys], decided=frozenset(s.decided))


def _texts(column: EngineColumn, undefined: str) -> list[str]:
    return column.texts(None, undefined)


T = TypeVar("T")


def _in_order(order: list[int]) -> Callable[[Sequence[T]], list[T]]:
    """What puts a column given in the order of the grid (the players' or the teams') in the order of ``order``."""
    if len(order) < 2:  # an itemgetter of one index gives the item, not a tuple of it
        return lambda column: [column[i] for i in order]
    take = itemgetter(*order)
    return lambda column: list(take(column))


#: the player members of a standings document (``/api/standings``, ``/api/live``) -> the player columns they are
#: (:data:`tiebreak.arbiter.columns.JSON_KEYS`)
DOCUMENT_COLUMNS = {member: name for name, member in JSON_KEYS.items()}


def of_document(doc: dict[str, Any]) -> StandingsTable:
    """The standings table of a standings document (the live screen's ``/api/live``): the player members that some
    row has, the list's columns after the points (a team event's first column is its primary score: the points),
    each value as the document writes it (``-`` undefined).

    >>> doc = {"tiebreaks": ["PTS", "BH"], "seed": None, "tournament": {}, "standings": [
    ...     {"rank": 1, "place": "1", "start_no": 2, "name": "Beta", "rating": 1800, "points": 1, "values": {"BH": 0}}]}
    >>> table = of_document(doc)
    >>> table.player_columns, table.cells(table.rows[0])
    (['rating'], ['1', '2', 'Beta', '1800', '1', '0'])
    """
    rows = doc["standings"]
    team = bool(doc["tournament"].get("teams"))
    listed = column_keys(list(doc["tiebreaks"]))  # a tie-break listed again is its own column, "DE (2)"
    keys = listed[1:] if team else [k for k in listed if k != "PTS"]
    members = [m for m in DOCUMENT_COLUMNS if any(r.get(m) for r in rows)]

    def text(value: Any) -> str:
        return "-" if value is None else str(value)

    ranks = [int(r["rank"]) for r in rows]
    return StandingsTable(keys, [DOCUMENT_COLUMNS[m] for m in members], doc.get("seed"), place=written_places(ranks),
                          rank=ranks, start_no=[int(r["start_no"]) for r in rows], name=[str(r["name"]) for r in rows],
                          points=[str(r["points"]) for r in rows], drawn=[r.get("lot") for r in rows],
                          players=[[str(r.get(m) or "") for r in rows] for m in members],
                          values=[[text(r["values"].get(k)) for r in rows] for k in keys],
                          decided=frozenset(int(r["start_no"]) for r in rows if r.get("playoff")))


#: the note of the games pending (one of :data:`TABLE_NOTES`; :func:`games_pending` says which rows they are)
PENDING_NOTE = "games pending: {} (not yet played: they count nothing until their results are known)"

#: the standings' notes that a reader of the table needs beside it, wherever it is published (the text, HTML and PDF
#: downloads print them above the table, as the page, the website and the live screen show them): which results the
#: table counts — the rounds known, the games pending (not yet played: they count nothing), before round 1 the order
#: by starting number.  Every other note is internal: how the program chose the rules, the system and the list, and
#: how many places a lot decided; those are the arbiter's (the command line's standard error, the JSON, the page),
#: and the cover line and the legend already say what a reader needs of them (the rules, the lot's seed).  The notes
#: are the engine's messages, told apart by their identifiers (:func:`tiebreak.engine.standings.compute_standings`,
#: :func:`tiebreak.engine.team.compute_team_standings`).
TABLE_NOTES = frozenset({
    "results known up to round {} of {}: standings after round {}",
    PENDING_NOTE,
    "before round 1: no game counts yet, so nobody is placed by lot; listed by starting number",
})


def table_notes(notes: Iterable[str]) -> list[str]:
    """The notes of ``notes`` (the standings' messages) that a reader of the table needs (:data:`TABLE_NOTES`), in
    their order; the faces word them (:func:`tiebreak.render.i18n.message`).

    >>> from tiebreak import compute_standings, trf
    >>> from tiebreak.engine.model import Kind, Player, Tournament
    >>> t = Tournament.build([Player(1, "Ann"), Player(2, "Bob")], 2)
    >>> t.set_game(1, 1, 2, Kind.WIN)
    >>> table_notes(compute_standings(t, "PTS").notes)
    ['results known up to round 1 of 2: standings after round 1']
    >>> table_notes(compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf")).notes)  # every round played
    []
    """
    return [n for n in notes if getattr(n, "template", None) in TABLE_NOTES]


def games_pending(s: Ranking) -> dict[int, int]:
    """Start number (a team's number) -> the games of the row paired and not yet played, where the standings' notes
    say games are pending (:data:`PENDING_NOTE`: the standings after the last round with results), else empty; a
    team's are its boards' games.  Each game is counted on both its rows: the numbers add up to twice the note's.

    >>> from tiebreak.engine.model import Kind, Player, Tournament
    >>> from tiebreak import compute_standings
    >>> t = Tournament.build([Player(1), Player(2), Player(3), Player(4)], 2, pending=[(2, 3, 1)])
    >>> t.set_game(1, 1, 2, Kind.WIN); t.set_game(1, 3, 4, Kind.DRAW); t.set_game(2, 2, 4, Kind.UNKNOWN)
    >>> games_pending(compute_standings(t, "PTS"))
    {1: 1, 2: 1, 3: 1, 4: 1}
    """
    if not any(getattr(n, "template", None) == PENDING_NOTE for n in s.notes):
        return {}
    if isinstance(s, TeamStandings):  # a team event: its boards' games, added up per team
        t, teams = s.tt.games.with_pending_paired(), s.tt.teams
    else:
        t, teams = s.tournament.with_pending_paired(), None
    counts = ((t.kind == Kind.UNKNOWN) & (t.opponent >= 0)).sum(axis=1)
    per_player = {p.start_no: int(c) for p, c in zip(t.players, counts)}
    if teams is None:
        return per_player
    return {team.number: sum(per_player.get(n, 0) for n in team.members) for team in teams}


@dataclass(frozen=True, slots=True)
class LegendEntry:
    """A column of the list in the standings' legend, without words: ``spec`` the column (its modifiers; ``spec.text``
    as an individual event's column is headed), ``code`` the code of the catalogue that names it (a team event's
    primary score, ``PTS``, by the primary's own: ``MP``), ``article`` (C.07 8.1), ``team`` (named by the team
    catalogue), ``glossary`` (a team event's match or game points, headed by the glossary's name as the standings head
    them: ``МО``, ``ИО``), ``known`` (a catalogue holds the code; else it has no name and no article), ``key`` the
    column's key where the tie-break is listed again (``DE (2)``: the same tie-break applied to those still tied
    after the columns before it, C.07 4.3; :func:`~tiebreak.engine.ranking.column_keys`), else ``""``."""

    spec: TieBreakSpec
    code: str
    article: str
    team: bool = False
    glossary: bool = False
    known: bool = True
    key: str = ""


def legend_entries(specs: Sequence[TieBreakSpec], team: bool = False, primary: str = "",
                   rules: RuleSet | None = None) -> list[LegendEntry]:
    """The legend of the list ``specs``, one entry per column, for every face (the text, the downloads, the page and
    the website word it); ``team``: a team event's list, whose ``primary`` score (``MP``, ``GP``) names its ``PTS``;
    ``rules``: the rule set whose article each tie-break cites (the Arbiters' Manual under ``fide-2009``), as
    ``explain`` and ``check`` cite it (:func:`tiebreak.engine.articles.article`).

    >>> from tiebreak.engine.registry import parse_list
    >>> [(e.spec.text, e.code, e.article) for e in legend_entries(parse_list("PTS,BH/C1"))]
    [('PTS', 'PTS', 'C.07 4.2'), ('BH/C1', 'BH', 'C.07 8.1')]
    >>> e = legend_entries(parse_list("PTS,BH"), team=True, primary="MP")[0]
    >>> e.code, e.article, e.glossary
    ('MP', 'C.07 11.1.1', True)
    >>> from tiebreak.engine.rules import RULE_SETS
    >>> [e.article for e in legend_entries(parse_list("BH/C1,WON"), rules=RULE_SETS["fide-2009"])]
    ["Arbiters' Manual 13.4.4", 'C.07 7.2']
    """
    entries = []
    for spec in specs:
        code = primary if team and primary in ("MP", "GP") and spec.code == "PTS" else spec.code
        glossary = team and code in ("MP", "GP") and spec.text in ("PTS", "MP", "GP")
        entry = (TEAM_CATALOGUE if team else CATALOGUE).get(code)
        cited = "" if entry is None else entry.article
        if entry is not None and rules is not None and not team:  # (a team's article is its catalogue's, as explain's)
            cited = article(spec.text, rules, entry.article)
        entries.append(LegendEntry(spec, code, cited, team, glossary, entry is not None))
    return entries


@dataclass(frozen=True)
class Legend:
    """What the standings' legend says, without words, in the order of the table's columns, for every face (the
    text, the HTML and PDF downloads, the web page, the website and the live screen): ``items`` each column named
    (:class:`Column`: the place, the number, the player columns, an individual event's points) or a column of the
    list by its entry (:class:`LegendEntry`: its name and article; a team event's points by its primary score's);
    then the marks the rows carry: a place a lot decided (``seed``: the lot's seed, when a lot placed a row), a place
    the play-off decided (``playoff``) and the undefined value (every table may show one)."""

    items: list[Column | LegendEntry]
    lots: bool
    seed: int | None
    playoff: bool = False
    #: each modifier the list uses besides a cut or a median (which the tie-break's name says: "Buchholz, Cut-1"),
    #: once, as its specifiers write it (``/P``, ``/U``, a team score ``:MP``), in the order of the catalogue
    modifiers: tuple[str, ...] = ()


def legend(columns: Sequence[Column], specs: Sequence[TieBreakSpec], *, seed: int | None = None, lots: bool = False,
           team: bool = False, primary: str = "", playoff: bool = False, rules: RuleSet | None = None) -> Legend:
    """The legend of a standings table of ``columns`` (:attr:`StandingsTable.columns`) whose list is ``specs``
    (``team``: a team event's, its ``primary`` score, ``MP`` or ``GP``, naming its points); ``lots``: a lot placed
    some row, with the ``seed``; ``playoff``: the play-off decided some place; ``rules``: the rule set whose articles
    the tie-breaks cite.

    >>> from tiebreak import compute_standings, trf
    >>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1")
    >>> view = legend(of_ranking(s).columns, s.specs, seed=s.seed, lots=True)
    >>> [x.kind if isinstance(x, Column) else x.code for x in view.items], view.seed
    (['rank', 'number', 'points', 'BH'], 816560)
    """
    entries = legend_entries(specs, team, primary, rules)
    keys = column_keys([e.spec.text for e in entries])  # a tie-break listed again: its column "DE (2)"
    by_key = {k: e if k == e.spec.text else replace(e, key=k) for k, e in zip(keys, entries)}
    items: list[Column | LegendEntry] = []
    for c in columns:
        if c.kind == "points" and team and entries:
            items.append(entries[0])  # a team event's points: its primary score, named and cited
        elif c.kind == "value":
            items.append(by_key.get(c.key) or LegendEntry(TieBreakSpec(c.key), c.key, "", team, known=False))
        elif c.kind != "name":
            items.append(c)
    return Legend(items, lots, seed if lots else None, playoff, modifiers_used(e.spec for e in entries))


def modifiers_used(specs: Iterable[TieBreakSpec]) -> tuple[str, ...]:
    """The modifiers of ``specs`` that the legend names one line each (:attr:`Legend.modifiers`): a team score
    (``:MP``) first, then the letters in the order of :data:`~tiebreak.engine.specifier.MODIFIERS`; a cut or median
    is part of the tie-break's name.

    >>> from tiebreak.engine.team_tiebreaks import parse_team
    >>> modifiers_used([parse_team("EMGSB/C1"), parse_team("BH:MP/P"), parse_team("EDE/P"), parse_team("BH:GP")])
    (':MP', ':GP', '/P')
    """
    specs = list(specs)
    scores = [f":{s.score}" for s in specs if s.score]
    letters = {letter for s in specs for letter, on in (("L", s.limit is not None or s.limit_percent is not None),
                                                          ("P", s.played), ("F", s.fore), ("U", s.unrated is not None),
                                                          ("K", s.factor is not None), ("R", s.reverse),
                                                          ("S", s.swiss), ("V", bool(s.version))) if on}
    return (*dict.fromkeys(scores), *(f"/{m}" for m in MODIFIERS if m in letters))


def legend_of_document(doc: dict[str, Any], table: StandingsTable) -> Legend:
    """The legend of a standings document's ``table`` (:func:`of_document`: the live screen's), its list read from
    the document's ``tiebreaks`` (a team event's by the team catalogue, its primary score from ``tournament``)."""
    team = bool(doc["tournament"].get("teams"))
    specs = parse_list(list(doc["tiebreaks"]), parse_team if team else parse)
    try:  # the rule set the document was computed under (its articles: the Arbiters' Manual under fide-2009)
        rules: RuleSet | None = choose_rules(str(doc["tournament"].get("rules") or "auto"), None)[0]
    except SpecifierError:  # a program's convention by its own name: the catalogue's articles
        rules = None
    return legend(table.columns, specs, seed=table.seed, lots=table.lots, team=team, rules=rules, playoff=bool(table.decided),
                  primary=str(doc["tournament"].get("primary") or "MP") if team else "")
