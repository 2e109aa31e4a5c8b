"""The rating report (`tiebreak ratings`, ``POST /api/ratings``, the page's "Rating change") as text, CSV, JSON and
HTML (the templates' ``ratings_page.html``, the page and table of every download): the rows of
:func:`tiebreak.arbiter.rating_report.report` and the rounding rule of the system with its article.

>>> from tiebreak import Kind, Player, Tournament
>>> t = Tournament.build([Player(1, "A", 2000), Player(2, "B", 2100)], 1)
>>> t.set_game(1, 1, 2, Kind.DRAW)
>>> from tiebreak.arbiter.rating_report import report
>>> print(to_csv(report(t, "fide")), end="")
start_no,name,rating,k,games,score,expected,change,rounded,performance
1,A,2000,20,1,0.5,0.36,2.8,3,2100
2,B,2100,20,1,0.5,0.64,-2.8,-3,2000
"""

from __future__ import annotations

import datetime
import io
from dataclasses import asdict
from fractions import Fraction
from typing import Any, Callable

from ..arbiter.rating_report import Report
from ..engine.model import format_number
from ..formats.text import SafeCsvWriter
from .output import dumps_exact
from .templating import environment
from .words import RATINGS_WORDS


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, Fraction):
        return format_number(value)
    return str(value)


def to_json_obj(r: Report, lang: str = "en") -> dict[str, Any]:
    """The JSON answer: ``change`` exact, ``rounded`` by the system's rule (``rule``, ``article``)."""
    return {"system": r.system, "after_round": r.rounds, "rule": RATINGS_WORDS.text(f"rule_{r.system}", lang),
            "article": RATINGS_WORDS.text(f"article_{r.system}", lang),
            "players": [{c: v for c, v in asdict(row).items() if c in r.columns()} for row in r.rows]}


def to_json(r: Report, lang: str = "en") -> str:
    return dumps_exact(to_json_obj(r, lang))


def to_csv(r: Report) -> str:
    out = io.StringIO()
    writer = SafeCsvWriter(out, lineterminator="\n")  # a name like =HYPERLINK(…) is never a formula
    writer.writerow(r.columns())
    for row in r.rows:
        values = asdict(row)
        writer.writerow([_cell(values[c]) for c in r.columns()])
    return out.getvalue()


def _header(r: Report, lang: str) -> list[str]:
    return [f"{RATINGS_WORDS.text(r.system, lang)}, {RATINGS_WORDS.text('after_round', lang, k=r.rounds)}",
            f"{RATINGS_WORDS.text(f'rule_{r.system}', lang)} ({RATINGS_WORDS.text(f'article_{r.system}', lang)})",
            RATINGS_WORDS.text("games_note", lang)]


def to_text(r: Report, lang: str = "en") -> str:
    """A fixed-width table."""
    widths = {"start_no": 4, "name": 30, "rating": 5, "k": 3, "games": 4, "score": 5, "expected": 6, "change": 7,
              "rounded": 7, "performance": 5}
    cols = r.columns()
    widths = {c: max(widths[c], len(RATINGS_WORDS.text(c, lang))) for c in cols}
    lines = _header(r, lang) + [""]
    lines.append(" ".join(f"{RATINGS_WORDS.text(c, lang):{'<' if c == 'name' else '>'}{widths[c]}}" for c in cols).rstrip())
    for row in r.rows:
        values = asdict(row)
        values["name"] = row.name[:30]
        lines.append(" ".join(f"{_cell(values[c]):{'<' if c == 'name' else '>'}{widths[c]}}" for c in cols).rstrip())
    return "\n".join(lines) + "\n"


def view(r: Report, lang: str = "en", warnings: list[str] | None = None) -> dict[str, Any]:
    """What the HTML report shows, as data for ``ratings_page.html``: the title, the heading lines (and the reader's
    ``warnings``), the table (the name in the column that stays in view on a phone)."""
    cols = r.columns()
    heads = [{"text": RATINGS_WORDS.text(c, lang), "cls": "name" if c == "name" else ""} for c in cols]
    rows = [{"cells": [{"text": _cell(v), "cls": "name" if c == "name" else ""} for c, v in asdict(row).items()
                       if c in cols]} for row in r.rows]
    title = r.name or RATINGS_WORDS.text("title", lang)
    return {"title": title, "header": _header(r, lang) + (warnings or []),
            "t": {"id": "ratings", "caption": RATINGS_WORDS.text("title", lang), "heads": heads, "rows": rows,
                  "sticky": False}}


def to_html(r: Report, lang: str = "en", warnings: list[str] | None = None, printed: datetime.date | None = None) -> str:
    """A standalone page (``ratings_page.html``, a download as the standings are: no script, names escaped);
    ``printed``: the date its page box says (the event's own, as the standings')."""
    from .html import print_style  # noqa: PLC0415  start-up: the page's renderer only for a page (+14 ms)

    v = view(r, lang, warnings)
    return environment().get_template("ratings_page.html").render(
        lang=lang, style=print_style(v["title"], lang, printed), **v) + "\n"


def _csv(r: Report, lang: str = "en") -> str:
    return to_csv(r)  # the CSV's header is the JSON's member names, in every language


#: the outputs of ``tiebreak ratings --format``
RENDERERS: dict[str, Callable[[Report, str], str]] = {"text": to_text, "csv": _csv, "json": to_json, "html": to_html}
