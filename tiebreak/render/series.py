"""A series' standings (:mod:`tiebreak.arbiter.series`) as text and as JSON-ready data, in English, Russian or
Ukrainian."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..arbiter.series import Series
from ..engine.model import format_number
from ..engine.ranking import written_places
from .i18n import message
from .output import worded
from .words import SERIES_WORDS

if TYPE_CHECKING:
    from ..engine.errors import InputWarning


def _cell(row_result: Any, counted: bool) -> str:
    if row_result is None:
        return "-"
    text = format_number(row_result.points)
    return text if counted else f"({text})"


def to_text(t: Series, lang: str = "en") -> str:
    """The table: rank, name, each event's series points (those not counted in brackets), the total and the
    series tie-breaks; then what the columns mean and the ambiguities of matching players."""
    w = SERIES_WORDS
    head = [w.text("rank", lang), w.text("name", lang), *(f"{i + 1}" for i in range(len(t.events))),
            w.text("total", lang), *(w.text(c.lower(), lang) for c in t.tiebreaks)]  # event 1, 2... as the site
    lines = [head]
    for r, place in zip(t.rows, written_places([r.rank for r in t.rows])):
        tbs = [format_number(-r.values[c] if c == "PLACES" else r.values[c]) for c in t.tiebreaks]
        lines.append([place, r.name, *(_cell(x, i in r.counted) for i, x in enumerate(r.results)),
                      format_number(r.total), *tbs])
    widths = [max(len(line[k]) for line in lines) for k in range(len(head))]
    out = ["  ".join(cell.ljust(widths[k]) if k == 1 else cell.rjust(widths[k]) for k, cell in enumerate(line))
           for line in lines]
    out.insert(1, "-" * len(out[0]))
    out.append("")
    out += [w.text("event", lang, n=i + 1, name=name) for i, name in enumerate(t.events)]
    points = t.points.partition(":")[2]
    out.append(w.text("points_place", lang, points=points) if points else w.text("points_score", lang))
    if t.best:
        out.append(w.text("counted", lang, best=t.best))
    out.append(w.text("tiebreaks", lang, codes=", ".join(t.tiebreaks)))
    out += [w.text(c, lang) for c in t.tiebreaks]
    out += [message(a, lang) for a in t.ambiguities]
    return "\n".join(out) + "\n"


def to_json_obj(t: Series, warnings: Sequence[InputWarning] = (), lang: str = "en") -> dict[str, Any]:
    """The series as the API and ``--format json`` give it (exact numbers as fractions' text by the caller): the
    ambiguities of matching players and the ``warnings`` of reading the events worded in ``lang``, beside ``said``,
    the same as messages (``{"ambiguities": [...], "warnings": [...]}``), as every JSON answer has its notes."""
    said = worded(t.ambiguities, warnings, lang)
    said["said"]["ambiguities"] = said["said"].pop("notes")
    return {"events": t.events, "points": t.points, "best": t.best, "tiebreaks": t.tiebreaks,
            "ambiguities": said["notes"], "warnings": said["warnings"], "said": said["said"],
            "standings": [{"rank": r.rank, "name": r.name, "fide_id": r.fide_id or None,
                           "national_id": r.national_id or None, "total": r.total,
                           "counted": [i + 1 for i in r.counted],
                           "values": {c: (-r.values[c] if c == "PLACES" else r.values[c]) for c in t.tiebreaks},
                           "events": [None if x is None else {"place": list(x.place), "score": x.score,
                                                              "points": x.points} for x in r.results]}
                          for r in t.rows]}
