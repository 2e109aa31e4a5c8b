"""The heavy work of the API, run in a worker process (:mod:`tiebreak.web.workers`): plain functions of the
standings options (:class:`tiebreak.app.options.Options`), the path of the uploaded file and the endpoint's own fields,
answering bytes or JSON text.  Nothing here knows about HTTP; refusals are :class:`~tiebreak.web.errors.ApiError`.

>>> from tiebreak.app.options import Options
>>> text, seed = standings(Options(tiebreaks="PTS,BH/C1", seed=1), "examples/hobsons-bay-cup-2025.trf")
>>> b'"start_no": 7' in text, seed
(True, 1)
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import replace
from pathlib import Path

from ..app import check as checking
from ..app.declared import PAGE_FORMAT
from ..app.explain import explain as explanation
from ..app.explain import explained
from ..app.load import named
from ..app.options import Options
from ..app.playoffs import playoffs as play_offs
from ..app.prizes import prize_rests, said
from ..app.prizes import prizes as distributed
from ..app.series import series as series_standings
from ..app.standings import render_standings
from ..engine.errors import InputError, InputWarning
from ..engine.messages import replaced
from ..render import output
from ..render.check import event_html
from ..render.explain_panel import panel
from ..render.i18n import problem
from ..render.series import to_json_obj, to_text
from ..render.tools import playoffs_text, prizes_html
from .page_words import page_words, translate


def _bytes(body: str | bytes) -> bytes:
    return body if isinstance(body, bytes) else body.encode("utf-8")


def standings(o: Options, path: str) -> tuple[bytes, int | None]:
    """The standings in ``o.format`` (the command line's JSON, or a download), and the seed of the lots."""
    warnings: list[InputWarning] = []
    body, _notes, s = render_standings(o, path, warnings)
    return _bytes(body), s.seed


def explain(o: Options, path: str, numbers: list[int]) -> tuple[bytes, int | None]:
    """How each value of one player (in a team event: of a team) was made, or what separated two, with the warnings
    of reading the file (worded in ``o.lang`` and as messages); the seed."""
    warnings: list[InputWarning] = []
    result = explanation(o, path, numbers, warnings)
    return _bytes(output.dumps_exact(result | output.worded(None, warnings, o.lang))), result["seed"]


def explain_html(o: Options, path: str, numbers: list[int]) -> tuple[bytes, int | None]:
    """The page's explanation panel of the same (HTML in ``o.lang``: :mod:`tiebreak.render.explain_panel`); the seed."""
    s = explained(o, path, numbers, [])
    return _bytes(panel(s, numbers, o.lang, page_words(o.lang))), s.seed


def page_explained(o: Options, path: str, numbers: list[int]) -> tuple[bytes, int | None]:
    """The page's parts of the standings (``format=page``) and, from the same ranking, the explanation panel of those
    of ``numbers`` still among them, as the part ``explain-body`` (``data-players``: whom it explains; none when
    neither is); the seed."""
    body, _notes, s = render_standings(replace(o, format=PAGE_FORMAT), path, [])
    shown = {r.start_no for r in s.rows}
    kept = [n for n in numbers if n in shown]
    if not kept:
        return _bytes(body), s.seed
    part = f'<div data-part="explain-body" data-players="{",".join(map(str, kept))}">'
    return _bytes(body) + _bytes(f"{part}{panel(s, kept, o.lang, page_words(o.lang))}</div>"), s.seed


def check(o: Options, path: str, published: tuple[str, bytes] | None, name: str, fmt: str = "json") -> bytes:
    """Published standings checked against ours (``published``: file name and bytes of an export, or None; ``name``:
    the export's name as the user knows it), as ``tiebreak check --format json`` answers (the announced list is the
    request's, else the published columns: :func:`tiebreak.app.check.answer`), or with ``fmt`` "html" as the page
    shows it: the event's section of ``check --format html`` in ``o.lang``."""
    warnings: list[InputWarning] = []
    if published is None:
        report, answer = checking.answer(o, path, None, warnings)
    else:  # a folder of its own: the tournament may be a bundled example, whose folder is never written to
        with tempfile.TemporaryDirectory(prefix="tiebreak-published-") as tmp:
            target = Path(tmp) / published[0]
            target.write_bytes(published[1])
            try:
                report, answer = checking.answer(o, path, str(target), warnings, name)
            except InputError as e:  # the export by the name the user knows it by
                if e.place.file == str(target):
                    raise InputError(replaced(e.message, str(target), name), replace(e.place, file=name)) from None
                raise
            report = replace(report, notes=[replaced(n, str(target), name) for n in report.notes])
            answer["notes"] = [replaced(n, str(target), name) for n in answer["notes"]]
            answer["said"] = json.loads(json.dumps(answer["said"]).replace(json.dumps(str(target))[1:-1],
                                                                           json.dumps(name)[1:-1]))
            named(replace(o, name=name), str(target), warnings)  # the export's warnings name it as the user knows it
    if fmt == "html":  # each warning worded by its identifier and values in the page's language, never its English
        return _bytes(event_html(report, o.lang or "en", [problem(w, o.lang or "en") for w in warnings]))
    return _bytes(output.dumps_exact(answer))


def series(o: Options, paths: list[str], points: str, best: int | None, tiebreaks: str, names: list[str],
           fmt: str = "json", events: str | None = None) -> tuple[bytes, int | None]:
    """The standings of the series of the events ``paths``, known as ``names`` (:mod:`tiebreak.app.series`;
    ``events``: the tournament of each, the field ``events``), as JSON or as text in ``o.lang``; an error names the
    event by its name, never the temporary file."""
    warnings: list[InputWarning] = []
    try:
        table = series_standings(o, paths, points, best, tiebreaks, warnings, names, events)
    except InputError as e:
        for path, name in zip(paths, names):
            if path in e.message or e.place.file == path:
                raise InputError(replaced(e.message, path, name), replace(e.place, file=name)) from None
        raise
    for path, name in zip(paths, names):  # each event's warnings name it as the user knows it
        named(replace(o, name=name), path, warnings)
    if fmt == "text":
        return _bytes(to_text(table, o.lang)), None
    return _bytes(output.dumps_exact(to_json_obj(table, warnings, o.lang or "en"))), None


def playoffs(o: Options, path: str, places: str, fmt: str = "json") -> tuple[bytes, int | None]:
    """Play-off groups for the tied ``places`` (Arbiters' Manual 13.2), as JSON or (``fmt`` "text") as ``tiebreak
    playoffs`` prints them in ``o.lang``."""
    answer = play_offs(o, path, places, 0, [])
    if fmt == "text":
        return _bytes(playoffs_text(answer, places, o.lang or "en")), answer["seed"]
    return _bytes(output.dumps_exact(answer)), answer["seed"]


def prizes(o: Options, path: str, text: str, method: str, fmt: str = "json") -> tuple[bytes, int | None]:
    """The prizes of ``text`` (lines place,N,amount or category,EXPR,amount) distributed by ``method``, as JSON (the
    awards with the standings' notes and warnings) or (``fmt`` "html") as the page shows them in ``o.lang``: the table
    of ``prizes --format html``."""
    paid = distributed(o, path, text, "prizes", method, [])
    lang = o.lang or "en"
    if fmt == "html":
        return _bytes(prizes_html(paid.awards, prize_rests(paid.awards, lang), lang, said=said(paid, lang),
                                  seed=paid.seed)), paid.seed
    return _bytes(output.dumps_exact(paid.to_json_obj(lang))), paid.seed


def translate_all(texts: list[str], lang: str) -> list[str]:
    """Notes and warnings of an answer in ``lang`` (in the handler when short, else in a worker process)."""
    return [translate(t, lang) for t in texts]
