"""Standings as text (aligned table), JSON (exact decimal numbers) and CSV.

JSON numbers are written from exact fractions, never through floats: ``Fraction(963, 100)`` → ``9.63``.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

from .model import format_number
from .standings import Standings

JSON_SCHEMA_VERSION = 1


class _Number(str):
    """A JSON number written verbatim."""


def number(x: Fraction | None) -> _Number | None:
    return None if x is None else _Number(format_number(x))


def _dump(obj, indent: str = "", step: str = "  ") -> str:
    if obj is None:
        return "null"
    if isinstance(obj, _Number):
        return str(obj)
    if isinstance(obj, bool) or isinstance(obj, (int, str)):
        return json.dumps(obj, ensure_ascii=False)
    inner = indent + step
    if isinstance(obj, dict):
        if not obj:
            return "{}"
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {_dump(v, inner, step)}" for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(obj, (list, tuple)):
        if not obj:
            return "[]"
        if all(not isinstance(v, (dict, list, tuple)) for v in obj):
            return "[" + ", ".join(_dump(v) for v in obj) + "]"
        return "[\n" + ",\n".join(inner + _dump(v, inner, step) for v in obj) + "\n" + indent + "]"
    raise TypeError(type(obj))


def to_json_obj(s: Standings) -> dict:
    t = s.tournament
    return {
        "schema": JSON_SCHEMA_VERSION,
        "tournament": {"name": t.name, "rounds": t.rounds, "after_round": s.after_round, "rules": s.rules.name,
                       "system": s.system},
        "tiebreaks": s.tiebreaks,
        "seed": s.seed,
        "standings": [
            {"rank": r.rank, "start_no": r.start_no, "name": r.name, "points": number(r.points),
             "values": {k: number(v) for k, v in r.values.items()}, "lot": r.lot}
            for r in s.rows
        ],
        "notes": s.notes,
        "warnings": [str(w) for w in s.warnings],
    }


def to_json(s: Standings) -> str:
    return _dump(to_json_obj(s)) + "\n"


def _cell(x: Fraction | None) -> str:
    return "-" if x is None else format_number(x)


def to_csv(s: Standings) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["rank", "start_no", "name", "points", *s.tiebreaks])
    for r in s.rows:
        w.writerow([r.rank, r.start_no, r.name, format_number(r.points),
                    *("" if v is None else format_number(v) for v in r.values.values())])
    return out.getvalue()


def to_text(s: Standings) -> str:
    t = s.tournament
    shown = [x for x in s.tiebreaks if x != "PTS"]
    head = ["Rk", "No", "Name", "Pts", *shown]
    body = []
    prev_rank = None
    for r in s.rows:
        rank = str(r.rank) if r.rank != prev_rank else ""
        if r.lot is not None:
            rank += "*"
        prev_rank = r.rank
        body.append([rank, str(r.start_no), r.name, format_number(r.points), *(_cell(r.values[x]) for x in shown)])
    widths = [max(len(row[c]) for row in [head, *body]) for c in range(len(head))]
    left = {2}

    def fmt(row):
        return "  ".join(v.ljust(widths[c]) if c in left else v.rjust(widths[c]) for c, v in enumerate(row)).rstrip()

    title = t.name or t.source
    lines = [title, f"after round {s.after_round} of {t.rounds}; {s.system}; rules {s.rules.name}", "",
             fmt(head), fmt(["-" * w for w in widths])]
    lines += [fmt(row) for row in body]
    if any(r.lot is not None for r in s.rows):
        lines += ["", f"* place decided by lot (seed {s.seed})"]
    return "\n".join(lines) + "\n"
