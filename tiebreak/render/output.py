"""Standings as text (aligned table), JSON (exact decimal numbers) and CSV.

JSON numbers are written from exact fractions, never through floats: ``Fraction(963, 100)`` → ``9.63``.
"""

from __future__ import annotations

import contextlib
import io
import json
from fractions import Fraction
from json.encoder import encode_basestring as json_string  # = json.dumps(text, ensure_ascii=False), without the setup
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from ..engine.errors import InputWarning
from ..engine.messages import said
from ..engine.model import format_number
from ..engine.passes import Column as EngineColumn
from ..engine.ranking import Ranking
from ..engine.standings import Standings
from ..engine.team import TeamStandings
from ..formats.text import SafeCsvWriter, one_line
from ..views.standings import Column, StandingsTable, games_pending, of_ranking, table_notes
from .columns import primary_name, standings_headings
from .i18n import after_round, message, problem, word
from .legend import standings_legend, text_lines
from .text_table import text_table
from .words import TEAM_WORDS

if TYPE_CHECKING:  # for the annotations only: the columns are not loaded for individual events
    from ..arbiter.columns import PlayerColumns

JSON_SCHEMA_VERSION = 1


def json_schema(version: int = JSON_SCHEMA_VERSION) -> dict[str, Any]:
    """The published JSON Schema of the JSON output (``tiebreak/render/schema/standings-<version>.json``).

    >>> json_schema()["properties"]["schema"]
    {'const': 1, 'description': 'version of this shape'}
    """
    from importlib.resources import files  # noqa: PLC0415  start-up: the schema only when asked for (+3 ms)

    schema: dict[str, Any] = json.loads((files(__package__) / "schema" / f"standings-{version}.json").read_text(
        encoding="utf-8"))
    return schema


class _Number(str):
    """A JSON number written verbatim."""


def number(x: Fraction | None) -> _Number | None:
    return None if x is None else _Number(format_number(x))


#: how a value of each of these types is written (a subclass of one, an ``IntEnum``, by the checks after them)
_WRITTEN: dict[type, Callable[[Any], str]] = {
    str: json_string, int: int.__repr__, _Number: str.__str__, bool: {True: "true", False: "false"}.__getitem__,
    type(None): lambda _: "null"}
_CONTAINERS = (dict, list, tuple)


def _dump(obj: object, indent: str = "", step: str = "  ") -> str:
    write = _WRITTEN.get(type(obj))  # a value's type looked up once (the document's head has some fifty values)
    if write is not None:
        return write(obj)
    if isinstance(obj, dict):
        if not obj:
            return "{}"
        inner = indent + step
        items = [f"{inner}{_key(k)}: {_dump(v, inner, step)}" for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(obj, (list, tuple)):
        if not obj:
            return "[]"
        if not any(isinstance(v, _CONTAINERS) for v in obj):
            return "[" + ", ".join(map(_dump, obj)) + "]"
        inner = indent + step
        return "[\n" + ",\n".join(inner + _dump(v, inner, step) for v in obj) + "\n" + indent + "]"
    for kind, write in _WRITTEN.items():  # a subclass: an IntEnum as json.dumps writes it, its int
        if isinstance(obj, kind):
            return write(obj)
    raise TypeError(type(obj))


def _key(key: object) -> str:
    """A member's name as ``json.dumps(key, ensure_ascii=False)`` writes it (a text without the encoder's setup:
    a tenth of the time, and the standings document's head has some forty names)."""
    return json_string(key) if isinstance(key, str) else json.dumps(key, ensure_ascii=False)


def worded(notes: Sequence[str] | None, warnings: Sequence[InputWarning], lang: str = "en") -> dict[str, Any]:
    """The notes and warnings of a JSON answer: ``notes`` and ``warnings`` worded in ``lang`` as the text output shows
    them (a warning with its place), ``said`` the same as messages (identifiers and values) for a program to word;
    an answer that has no notes (``notes`` None) has no ``notes`` member.

    >>> from tiebreak.engine.errors import InputWarning, Message, Place
    >>> bye = Message("full-point bye", context="kind:FPB")
    >>> w = InputWarning(Message("round {}: result {} without an opponent, read as {}", 7, "'+'", bye),
    ...                  Place("a.trf", 27, 159, Message("round {} result", 7)))
    >>> d = worded([Message("player {}", 3)], [w], "ru")
    >>> d["notes"], d["warnings"][0].split(": ", 1)[0]
    (['участник 3'], 'a.trf, строка 27, столбец 159 (тур 7, результат)')
    >>> d["warnings"][0].split(": ", 1)[1]
    "тур 7: результат '+' без соперника, прочитан как бай в очко"
    >>> d["said"]["warnings"][0]["place"]["field"]
    {'id': 'round {} result', 'values': ['7']}
    """
    texts = {"notes": [message(n, lang) for n in notes]} if notes is not None else {}
    return texts | {"warnings": [problem(w, lang) for w in warnings], "said": said(notes or (), warnings)}


def to_json_obj(s: Standings | TeamStandings, standings: bool = True, columns: PlayerColumns | None = None,
                lang: str = "en") -> dict[str, Any]:
    """The JSON document as data; ``columns`` (:class:`~tiebreak.arbiter.columns.PlayerColumns`) adds the player
    members chosen (``title``, ``federation``, ``rating``...) to every row.  Team standings have the same shape
    (``start_no`` is the team number, ``points`` the primary score) and add the event's ``teams``, ``primary`` and
    ``boards`` and each row's ``team``."""
    t = s.tournament  # a team event's: its match grid
    tournament: dict[str, Any] = {"name": t.name, "rounds": t.rounds, "after_round": s.after_round,
                                  "rules": s.rules.name, "system": s.system}
    members = member_values(columns)
    if isinstance(s, TeamStandings):  # what a team event adds: its primary score and boards (null: neither declared
        # by the file nor played), and each row's team named again, as "team"
        tournament |= {"teams": True, "primary": s.primary, "boards": s.tt.boards or None}
        members = {r.number: {"team": r.name} for r in s.rows}
    obj: dict[str, Any] = {
        "schema": JSON_SCHEMA_VERSION,
        "tournament": tournament,
        "tiebreaks": s.tiebreaks,
        "seed": s.seed,
        "standings": [],
        **worded(s.notes, s.warnings, lang),
    }
    if standings:
        obj["standings"] = json_data(json_table(s), members)
    return obj


def json_table(s: Ranking, texts: Callable[[EngineColumn, str], list[str]] | None = None) -> StandingsTable:
    """The standings table of ``s`` as the JSON writes it: every column of the list among the values (the points'
    too), ``null`` for an undefined value; the player columns are written from their values (:func:`member_texts`),
    not from the table's texts; ``texts``: what writes a column's values (the live document's keeps them)."""
    return of_ranking(s, keys=list(s.keys), undefined="null", texts=texts)


#: the rows :func:`json_rows` writes into one text at a time (the list of their parts stays in the processor's cache)
ROWS_A_PIECE = 256


def json_rows(table: StandingsTable, members: dict[int, str] | None = None,
              extras: Mapping[str, Sequence[object]] | None = None) -> list[str]:
    """The JSON text of the rows of ``table`` (:func:`json_table`) in pieces to be joined: each row on one line, the
    lines joined by ``,`` and a new line indented as a row of the document is (``    ``); the one writer of a
    standings row for every output (the command line's and the API's JSON, the live document), whose callers join
    the pieces once into their document.  ``members``: start number -> the members written after the name, each
    ending in ``, `` (the player columns, :func:`member_texts`; a team's ``team``); ``extras``: members added at the
    end of each row, each a name and its values in the order of the rows (the live places), each distinct value
    written once.  The table is read column by column: each column's
    texts and the texts between them are put side by side in one list (a row's *k*-th part at every *stride*-th item)
    and joined, :data:`ROWS_A_PIECE` rows at a time (at 10,000 rows half the time of filling a format per row).

    >>> from tiebreak import compute_standings, trf
    >>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
    >>> lines = "".join(json_rows(json_table(s), {7: '"rating": 1500, '})).splitlines()
    >>> print(lines[0])  # doctest: +NORMALIZE_WHITESPACE
    {"rank": 1, "place": "1", "start_no": 7, "name": "Nguyen,Anh Kiet", "rating": 1500, "points": 6,
     "values": {"PTS": 6, "BH/C1": 30}, "lot": null},
    >>> n = len(s.rows)
    >>> extras = {"settled": [True] * n, "moved": [1] + [0] * (n - 1)}
    >>> [r.split('"lot": ')[1] for r in "".join(json_rows(json_table(s), extras=extras)).splitlines()[:2]]
    ['null, "settled": true, "moved": 1},', 'null, "settled": true, "moved": 0},']
    """
    rows = len(table.rank)
    if not rows:
        return []
    ranks = table.place if len(set(table.rank)) == rows else list(map(str, table.rank))  # no place shared: the same
    parts: list[str | Sequence[str]] = [
        '{"rank": ', ranks, ', "place": "', table.place, '", "start_no": ', list(map(str, table.start_no)),
        ', "name": ', list(map(json_string, table.name)), ", "]
    if members:
        parts.append([members.get(n, "") for n in table.start_no])
    parts += ['"points": ', table.points, ', "values": {']
    for i, (key, values) in enumerate(zip(table.keys, table.values)):  # "DE (2)": a repeated one
        parts += [", " * (i > 0) + json.dumps(key) + ": ", values]
    parts += ['}, "lot": ', ["null" if d is None else str(d) for d in table.drawn]]
    if table.decided:  # a place the play-off decided (the faces' 1‡): "playoff": true on its row, as the lot's drawn
        parts.append([', "playoff": true' if n in table.decided else "" for n in table.start_no])
    if extras:  # one text a row: the members side by side
        parts.append(list(map("".join, zip(*(_member_column(k, v) for k, v in extras.items())))))
    parts.append("}")
    between: list[str] = [""]  # the texts before, between and after the columns of a row
    columns: list[Sequence[str]] = []
    for part in parts:
        if isinstance(part, str):
            between[-1] += part
        else:
            columns.append(part)
            between.append("")
    return _side_by_side(columns, between, ",\n    ", rows)


def _side_by_side(columns: list[Sequence[str]], between: list[str], separator: str, rows: int) -> list[str]:
    """The rows' texts (``between[0]``, the first column's text, ``between[1]``... ``between[-1]``), the rows joined
    by ``separator``, in pieces of :data:`ROWS_A_PIECE` rows."""
    stride = 2 * len(columns)  # a row's parts: the text before its first column (after the row before it), a column...
    start = between[-1] + separator + between[0]
    pieces = []
    for first in range(0, rows, ROWS_A_PIECE):
        last = min(rows, first + ROWS_A_PIECE)
        out = [start] * (stride * (last - first))
        for i, column in enumerate(columns):
            out[2 * i + 1::stride] = column[first:last]
            if i:
                out[2 * i::stride] = [between[i]] * (last - first)
        pieces.append("".join(out))
    pieces[0] = between[0] + pieces[0][len(start):]
    pieces.append(between[-1])
    return pieces


def _member_column(key: str, values: Sequence[object]) -> list[str]:
    """The member ``key`` of each row as JSON text (``, "key": value``), each distinct value written once (the
    values of one member are of one kind: ``True`` and ``1`` are one key)."""
    name = ", " + json.dumps(key) + ": "
    written = {v: name + json.dumps(v) for v in set(values)}
    return list(map(written.__getitem__, values))


def json_data(table: StandingsTable, members: dict[int, dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The rows of ``table`` (:func:`json_table`) as data, as :func:`json_rows` writes them read back (JSON's
    ``json.loads``: a number an ``int``, a decimal kept exact as a verbatim number, ``null`` None); ``members``:
    start number -> the members put after the name (the player columns, :func:`member_values`; a team's ``team``).
    Read from the same columns as :func:`json_rows` (``tests/test_json_rows.py`` holds the two equal).

    >>> from tiebreak import compute_standings, trf
    >>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
    >>> json_data(json_table(s), {9: {"rating": 1500}})[1]  # doctest: +NORMALIZE_WHITESPACE
    {'rank': 2, 'place': '2', 'start_no': 9, 'name': 'Wongso,Renaldo', 'rating': 1500, 'points': 6,
     'values': {'PTS': 6, 'BH/C1': '28.5'}, 'lot': None}
    """
    keys = table.keys
    values = [dict(zip(keys, v)) for v in zip(*map(_read_back, table.values))] if keys else [{} for _ in table.rank]
    columns = zip(table.rank, table.place, table.start_no, table.name, _read_back(table.points), values, table.drawn)
    if members:
        rows = [{"rank": rank, "place": place, "start_no": n, "name": name, **members.get(n, {}), "points": points,
                 "values": v, "lot": drawn} for rank, place, n, name, points, v, drawn in columns]
    else:
        rows = [{"rank": rank, "place": place, "start_no": n, "name": name, "points": points, "values": v, "lot": drawn}
                for rank, place, n, name, points, v, drawn in columns]
    for row in rows if table.decided else ():  # a place the play-off decided, as json_rows writes it
        if row["start_no"] in table.decided:
            row["playoff"] = True
    return rows


def _read_back(texts: list[str]) -> list[Any]:
    """A column of JSON number texts (``null`` too) as ``json.loads`` reads them, each distinct text read once."""
    read = {t: _read_number(t) for t in set(texts)}
    return list(map(read.__getitem__, texts))


def _read_number(text: str) -> Any:
    """A JSON number text as ``json.loads`` reads it, a decimal kept exact (written again verbatim)."""
    return None if text == "null" else _Number(text) if "." in text else int(text)


def member_values(columns: PlayerColumns | None) -> dict[int, dict[str, Any]]:
    """Start number -> the chosen player members of the player as data, as :func:`member_texts` writes them read
    back (``{"title": "GM", "rating": 2500}``: a fraction an ``int`` or a verbatim decimal, a text, an ``int`` or
    None as it is)."""
    if columns is None or not columns.members:
        return {}
    read = [[_read_number(format_number(v)) if isinstance(v, Fraction) else v for v in values]
            for values in columns.members.values()]
    return dict(zip(columns.numbers, (dict(zip(columns.members, row)) for row in zip(*read))))


def member_texts(columns: PlayerColumns | None) -> dict[int, str]:
    """Start number -> the chosen player members of the player as JSON text (``"title": "GM", "rating": 2500, ``),
    column by column, each distinct value written once."""
    if columns is None or not columns.members:
        return {}
    written = [_member_texts(key, values) for key, values in columns.members.items()]
    return dict(zip(columns.numbers, map("".join, zip(*written))))


def _numbers(obj: Any) -> Any:
    """Fractions in nested data as exact JSON numbers (the data is JSON-shaped: of any shape)."""
    if isinstance(obj, Fraction):
        return number(obj)
    if isinstance(obj, dict):
        return {k: _numbers(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_numbers(v) for v in obj]
    return obj


def dumps_exact(obj: object) -> str:
    """JSON text of nested data whose Fractions are written as exact decimal numbers."""
    return _dump(_numbers(obj)) + "\n"


def loads_exact(text: str) -> Any:
    """The data of a JSON text with every number kept as written (:func:`dumps_exact` writes it so again).

    >>> print(dumps_exact(loads_exact('{"a": [1.50, 2], "b": "x"}')).strip())
    {
      "a": [1.50, 2],
      "b": "x"
    }
    """
    return json.loads(text, parse_float=_Number, parse_int=_Number)


def _member_texts(key: str, values: list[object]) -> list[str]:
    """``"key": value, `` for each value (JSON text), each distinct value written once (a column of one type and None:
    equal values of two types are written apart, ``1`` and ``true``; an unhashable value, a list, each time)."""
    prefix = f"{json.dumps(key)}: "
    if len(set(map(type, values)) - {type(None)}) <= 1:
        with contextlib.suppress(TypeError, KeyError):  # TypeError: unhashable; KeyError: a value unequal to itself
            written = {v: f"{prefix}{_dump(_numbers(v))}, " for v in dict.fromkeys(values)}
            return list(map(written.__getitem__, values))
    return [f"{prefix}{_dump(_numbers(v))}, " for v in values]


def to_json(s: Standings | TeamStandings, details: bool = False, extra: dict[str, Any] | None = None,
            columns: PlayerColumns | None = None, lang: str = "en") -> str:
    """The CLI's JSON document; one standings row per line (large events stay fast to write and to diff).
    With ``details`` every row carries the per-round record of each value (:func:`tiebreak.render.explain.details`),
    a team's its matches too (:func:`tiebreak.render.explain.matches`); ``extra`` adds members after the standings
    (category standings, team rankings)."""
    if details:
        return _detailed(s, extra, columns, lang)
    if isinstance(s, TeamStandings):
        return dumps_exact(to_json_obj(s, lang=lang) | _numbers(extra or {}))
    head = _dump(to_json_obj(s, standings=False, lang=lang) | _numbers(extra or {}))
    before, after = head.split('"standings": []', 1)
    rows = json_rows(json_table(s), member_texts(columns))
    if not rows:
        return f'{before}"standings": []{after}\n'
    return "".join([before, '"standings": [\n    ', *rows, "\n  ]", after, "\n"])  # one text made, not four copies


def _detailed(s: Standings | TeamStandings, extra: dict[str, Any] | None, columns: PlayerColumns | None,
              lang: str) -> str:
    """:func:`to_json` with ``details``: every row with its per-round records (a team's with its matches too)."""
    from .explain import details, matches  # noqa: PLC0415  start-up: the explanations' views for --details alone (+4 ms)

    if isinstance(s, TeamStandings):
        obj = to_json_obj(s, lang=lang) | _numbers(extra or {})
        for row in obj["standings"]:
            row["matches"] = matches(s, row["start_no"])
            row["details"] = details(s, row["start_no"])
        return dumps_exact(obj)
    obj = to_json_obj(s, columns=columns, lang=lang) | _numbers(extra or {})
    for row in obj["standings"]:
        row["details"] = _numbers(details(s, row["start_no"]))
    return _dump(obj) + "\n"


#: the CSV's heading of each column of the standings table (language-free, as the JSON's members: a player
#: column by its name, a column of the list by its key)
CSV_NAMES = {"rank": "rank", "number": "start_no", "name": "name", "points": "points"}


def csv_table(view: StandingsTable, extra_columns: tuple[list[str], dict[int, list[str]]] | None = None,
              pending: dict[int, int] | None = None) -> str:
    """The standings table ``view`` as CSV, its columns in the one order
    (:func:`~tiebreak.views.standings.column_order`), headed by language-free names, the ``rank`` a number for programs
    (a shared place's first); after them the ``place`` as the JSON's member writes it (``23-24`` where two share it; its
    marks are the columns below: a column added at the right, so a program that reads the columns by position reads them
    as before); where a lot placed some rows, a column ``lot`` after them (the lot drawn in the tied group, as the
    JSON's ``lot``: the text's ``*``); where the play-off decided some places, a column ``playoff`` (``1`` on their
    rows, as the JSON's ``"playoff": true``: the text's ``‡``); where games are pending (the note "games pending: N" of
    the text and the JSON), a column ``pending``: each row's games paired and not yet played (``pending``,
    :func:`~tiebreak.views.standings.games_pending`; the crosstable's ``*``); ``extra_columns`` (headings, start number
    -> cells) are added at the right."""
    out = io.StringIO()
    w = SafeCsvWriter(out, lineterminator="\n")
    extra_head, extra_cells = extra_columns or ([], {})
    columns = view.columns
    lots = ["lot"] if view.lots else []
    playoff = ["playoff"] if view.decided else []
    waiting = ["pending"] if pending else []
    w.writerow([*(c.key if c.kind in ("player", "value") else CSV_NAMES[c.kind] for c in columns), "place", *lots,
                *playoff, *waiting, *extra_head])
    blank = [""] * len(extra_head)
    at = columns.index(Column("rank"))
    for r in view.rows:
        cells = view.cells(r)
        cells[at] = str(r.rank)  # the rank as a number (a place shared by ties is its first)
        cells.append(r.place)  # the place as written: 23-24 where two share it
        drawn = [str(r.drawn) if r.drawn is not None else ""] if lots else []
        decided = ["1" if r.playoff else ""] if playoff else []
        games = [str(pending.get(r.start_no, 0))] if pending else []
        w.writerow([*cells, *drawn, *decided, *games, *extra_cells.get(r.start_no, blank)])
    return out.getvalue()


def to_csv(s: Ranking, extra_columns: tuple[list[str], dict[int, list[str]]] | None = None,
           columns: PlayerColumns | None = None) -> str:
    """One row per player or team: the player ``columns`` and every column of the list (PTS too; a team's primary
    score is its points) in the one order, ``extra_columns`` (headings, start number -> cells) at the right."""
    return csv_table(of_ranking(s, columns, s.keys, undefined=""), extra_columns, games_pending(s))


#: the columns of a text table that are flush left (the other ones are flush right)
TEXT_LEFT = ("name", "title", "fed", "club", "sex")


def standings_text(view: StandingsTable, head: list[str]) -> list[str]:
    """The standings table ``view`` as aligned text under the headings ``head``: a place that ties share written on
    each of their rows (``11-12`` twice, as the view, the HTML, the page and the JSON have it, and chess-results
    prints it), a place a lot decided marked ``*``."""
    columns = view.columns
    body = [view.cells(r) for r in view.rows]
    return text_table(head, body, {j for j, c in enumerate(columns) if c.key in TEXT_LEFT or c.kind == "name"})


def to_text(s: Standings | TeamStandings, lang: str = "en", columns: PlayerColumns | None = None) -> str:
    """The standings as text in ``lang``: the event, the notes a reader of the table needs (the rounds known, the
    games pending: :func:`~tiebreak.views.standings.table_notes`), the aligned table, the legend and the
    crosstable (a round robin's square, players' or teams'; a team Swiss's matches, per round the opposing team's
    place and the game points, as on the website).  A team event's cover line adds the boards and the primary
    score, which heads its points column («МО»)."""
    team = s if isinstance(s, TeamStandings) else None
    t = s.tournament
    view = of_ranking(s, columns)
    event = [after_round(s.after_round, t.rounds, lang), word(s.system, lang)]
    if team:
        event += [TEAM_WORDS.text("boards", lang, n=team.tt.boards)] if team.tt.boards else []  # none declared nor played
        event.append(TEAM_WORDS.text("primary", lang, score=primary_name(s.primary, lang)))
    heads = standings_headings(view.columns, lang, (s.keys[0], s.primary) if s.ranks_teams else None)
    lines = [one_line(t.name or t.source), "; ".join([*event, f"{word('rules', lang)} {s.rules.name}"]),
             *(message(n, lang) for n in table_notes(s.notes)), "", *standings_text(view, heads)]
    lines += ["", word("legend_title", lang) + ":", *text_lines(standings_legend(s, view.columns, lang))]
    return "\n".join(lines) + "\n" + crosstable_section(s, lang)


def crosstable_section(s: Standings | TeamStandings, lang: str = "en") -> str:
    """What the text standings end with: the crosstable's heading and a round robin's square (players' or teams')
    or a team Swiss's matches (nothing for a Swiss event of players)."""
    if isinstance(s, Standings) and s.system != "round robin":
        return ""
    # start-up: the crosstable's view and words (markupsafe with them) only for a round robin or a team event, not
    # for the text standings of a Swiss (+4 ms measured, -X importtime)
    from ..views.crosstable import of_teams  # noqa: PLC0415
    from . import crosstable as cross_words  # noqa: PLC0415
    from .square import square_section  # noqa: PLC0415

    if isinstance(s, TeamStandings) and s.system != "round robin":
        table = cross_words.text(of_teams(s), lang, primary_name(s.primary, lang))
        return f"\n{word('crosstable', lang)}:\n{table}\n"
    return square_section(s, lang)
