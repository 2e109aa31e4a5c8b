"""A check of published standings as people read it (text, one HTML page for many events: the templates'
``check_page.html``) and as programs read it (JSON): the verdict under the announced rules, each difference with the
rounds behind it, the rule sets best first.

>>> from tiebreak.arbiter.check import Agreement, Report
>>> r = Report("a.trf", "fide-2024", ["PTS", "BH"], True, [], [Agreement("fide-2024", 3, 3, 2, 2)], ["fide-2024"])
>>> print(to_text(r, "uk").splitlines()[0])
a.trf: опублікована таблиця правильна за оголошеними правилами fide-2024 (Очки, BH)
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from typing import Any

from markupsafe import Markup

from ..arbiter.check import Difference, Report
from ..engine.model import format_number
from ..formats.text import spreadsheet_safe
from .columns import key_heading, list_headings
from .i18n import count_sentence, kind_name, message
from .templating import environment
from .words import CHECK_WORDS

_w = CHECK_WORDS.text


def _num(x: object) -> object:
    return None if x is None else format_number(x) if isinstance(x, Fraction) else x


def to_json_obj(r: Report, lang: str = "en") -> dict[str, Any]:
    """The JSON of one check (issue 19's shape; ``differences`` carry the rounds behind them; the verdict's ``text``
    and the notes in ``lang``)."""
    return {
        "schema": 1, "source": r.source, "announced": r.announced, "tiebreaks": r.tiebreaks, "agree": r.agree,
        "differences": [{"start_no": d.start_no, "name": d.name, "what": d.what, "published": d.published,
                         "ours": d.ours, "article": d.article, "reproduced_by": d.reproduced_by,
                         "rounds": [{k: _num(v) for k, v in c.items()} for c in d.rounds]} for d in r.differences],
        "rules": [{"rules": a.rules, "values_agree": a.values_agree, "values": a.values, "ranks_agree": a.ranks_agree,
                   "ranks": a.ranks} for a in r.rules],
        "best_rules": r.best_rules, "notes": [message(n, lang) for n in r.notes], "unmatched": r.unmatched,
        "published": r.published,
        "verdict": {"kind": r.verdict[0], "rules": r.verdict[1] or (r.announced if r.agree else ""),
                    "program": r.verdict[2], "text": verdict_text(r, lang)},
        "publisher": r.publisher,
    }


def summary_rows(reports: list[Report], failed: list[tuple[str, str]] | None = None,
                 lang: str = "en") -> list[list[str]]:
    """One row per event: event, verdict, rule set, values right under the announced rules / compared, ranks right /
    compared; events that could not be checked with their error."""
    head = [_w(k, lang) for k in ("event", "verdict", "rule_set", "values_right", "values", "ranks_right", "ranks")]
    out = [head]
    for r in reports:
        a = next((a for a in r.rules if a.rules == r.announced), None)
        rules = r.verdict[1] or r.announced
        out.append([r.source, verdict_text(r, lang), rules, *(str(x) for x in (
            (a.values_agree, a.values, a.ranks_agree, a.ranks) if a else ("", "", "", "")))])
    out += [[path, message(error, lang), "", "", "", "", ""] for path, error in failed or []]
    return out


def to_csv(reports: list[Report], failed: list[tuple[str, str]] | None = None, lang: str = "en") -> str:
    """The summary of many checks as CSV (cells made spreadsheet-safe)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    for row in summary_rows(reports, failed, lang):
        writer.writerow([spreadsheet_safe(c) for c in row])
    return buf.getvalue()


def to_json(reports: list[Report], lang: str = "en") -> str:
    """One report as an object; several as ``{"events": [...]}`` (the words in ``lang``)."""
    obj = (to_json_obj(reports[0], lang) if len(reports) == 1
           else {"schema": 1, "events": [to_json_obj(r, lang) for r in reports]})
    return json.dumps(obj, ensure_ascii=False, indent=1) + "\n"


def verdict_text(r: Report, lang: str = "en") -> str:
    """The verdict in plain words: right under the announced rules, reproduced by a program's convention or by a rule
    set, or by none (the nearest named)."""
    kind, rules, program = r.verdict
    if kind == "right":
        return _w("verdict_right", lang, rules=r.announced)
    if kind == "convention":
        return _w("verdict_convention", lang, program=program, rules=rules)
    if kind == "rules":
        return _w("verdict_rules_by", lang, rules=rules, program=program) if program else _w("verdict_rules", lang,
                                                                                              rules=rules)
    if kind == "undefined":
        return _w("verdict_undefined_by", lang, program=program) if program else _w("verdict_undefined", lang)
    a = next((a for a in r.rules if a.rules == rules), None)
    return _w("verdict_none", lang, rules=rules, agree=a.values_agree if a else 0, values=a.values if a else 0,
              ragree=a.ranks_agree if a else 0, ranks=a.ranks if a else 0)


def _what(d: Difference, lang: str, primary: str = "") -> str:
    """What differs, in words: the rank, the points (a team event's primary score by its name, «МО», as the
    standings head it), a team event's match or game points by the standings' names (``GP``: «ИО»), or a tie-break by
    its code."""
    team = primary not in ("", "PTS")
    if team and d.what in ("points", "PTS"):
        return key_heading(primary, primary, lang)
    if d.what in ("rank", "points"):
        return _w(d.what, lang)
    return key_heading(d.what, primary, lang) if team else d.what


def _list(r: Report, lang: str) -> str:
    """The list checked as the standings head its columns and name it in their notes (``Pts`` / «Очки», a team
    event's ``MP``, ``GP`` / «МО», «ИО»; every other tie-break by its code), so one report names a score one way
    (the JSON's ``tiebreaks`` keep the codes)."""
    return ", ".join(list_headings(r.tiebreaks, r.primary or "PTS", lang))


def _round_text(c: dict[str, Any], lang: str) -> str:
    opp = f" {_w('vs', lang)} {c['opponent']}" if c.get("opponent") else ""
    if c.get("match"):  # a team's match: the game points, the match points, a board the points column reads otherwise
        column = f" [{_w('column', lang)}]" if c.get("column") else ""
        return (f"{_w('round', lang)}{c['round']} {kind_name(c['kind'], lang)}{opp}: {c['score']} "
                f"({format_number(c['ours'])} {_w('mp', lang)}){column}")
    ours = format_number(c["ours"]) + (f" {_w('cut', lang)}" if c["cut"] else "")
    text = (f"{_w('round', lang)}{c['round']} {kind_name(c['kind'], lang)}{opp}: {_w('ours', lang)} {ours} "
            f"[{message(c['source'], lang)}]")
    if "theirs" in c:
        theirs = format_number(c["theirs"]) + (f" {_w('cut', lang)}" if c["theirs_cut"] else "")
        text += f"; {c['rules']}: {theirs} [{message(c['theirs_source'], lang)}]"
    return text


def _first_line(r: Report, lang: str, tiebreaks: str) -> str:
    """The report's first line: right or wrong (how many differences, in the form their count takes), under an
    announced list or the default one (none was announced)."""
    if r.agree:
        return _w("right_default" if r.default_list else "right", lang, rules=r.announced, list=tiebreaks)
    return count_sentence("check:wrong_default" if r.default_list else "check:wrong", len(r.differences), lang,
                          rules=r.announced, list=tiebreaks)


def to_text(r: Report, lang: str = "en") -> str:
    lines = [f"{r.source}: {_first_line(r, lang, _list(r, lang))}"]
    if not r.agree:
        lines.append(f"  {verdict_text(r, lang)}")
    for d in r.differences:
        article = f" [{message(d.article, lang)}]" if d.article else ""
        by = f"{_w('reproduced', lang)} {', '.join(d.reproduced_by)}" if d.reproduced_by else _w("no_rules", lang)
        who = _w("no", lang, n=d.start_no)
        lines.append(f"  {who} {d.name} — {_what(d, lang, r.primary)}{article}: {_w('published', lang)} {d.published}, "
                     f"{_w('ours', lang)} {d.ours}; {by}")
        lines += [f"      {_round_text(c, lang)}" for c in d.rounds]
    lines.append(f"{_w('rules_best', lang)}:")
    for a in r.rules:
        mark = f"  ({_w('best', lang)})" if a.rules in r.best_rules else ""
        lines.append(f"  {a.rules:<22} {_w('values', lang)} {a.values_agree}/{a.values}   "
                     f"{_w('ranks', lang)} {a.ranks_agree}/{a.ranks}{mark}")
    if r.unmatched:
        lines.append(f"{_w('unmatched', lang)}: {'; '.join(r.unmatched)}")
    lines += [f"  {message(n, lang)}" for n in r.notes]
    return "\n".join(lines) + "\n"


_STYLE = """body{font-family:system-ui,"DejaVu Sans",sans-serif;margin:1em;color:#222;max-width:70em}
h1,h2,p,td,th{overflow-wrap:anywhere}
table{border-collapse:collapse;margin:.5em 0}
th,td{border:1px solid #bbb;padding:.25em .5em;text-align:left;vertical-align:top}
th{background:#eee}.ok{color:#075e07}.bad{color:#a00}td.n{text-align:right}
td.why{font-size:.9em}
@media (max-width:640px){
 table.cards thead{display:none}
 table.cards,table.cards tbody,table.cards tr,table.cards td{display:block;border:0}
 table.cards tr{border:1px solid #bbb;margin:.5em 0;padding:.25em}
 table.cards td{padding:.15em .25em;text-align:left}
 table.cards td[data-label]::before{content:attr(data-label) ": ";font-weight:bold}
}"""


def _file_name(path: str) -> str:
    """The last part of a path (``/a/b/cup.trf`` and ``C:\\b\\cup.trf`` give ``cup.trf``)."""
    return path.replace("\\", "/").rsplit("/", 1)[-1] or path


def view(reports: list[Report], lang: str = "en", failed: list[tuple[str, str]] | None = None) -> dict[str, Any]:
    """What the HTML page shows, as data for ``check_page.html``: a summary row per event (and per event that could
    not be checked, with its error), then each event's differences with their rounds and the rule sets."""
    summary: list[dict[str, Any]] = [
        {"name": _file_name(path), "source": path, "announced": "", "best": "",
         "verdict": {"cls": "bad", "mark": f"{_w('failed', lang)}: {message(error, lang)}", "text": ""}}
        for path, error in failed or []]
    events = []
    for k, r in enumerate(reports):
        name = _file_name(r.source)  # the name, not the folders: a phone reads it whatever their depth
        verdict = ({"cls": "ok", "mark": _w("ok", lang), "text": ""} if r.agree else
                   {"cls": "bad", "mark": count_sentence("check:differs", len(r.differences), lang),
                    "text": verdict_text(r, lang)})
        summary.append({"name": name, "source": r.source, "href": f"#e{k}", "announced": r.announced,
                        "verdict": verdict, "best": ", ".join(r.best_rules)})
        events.append({
            "id": f"e{k}", "name": name, "source": r.source,
            "line": _first_line(r, lang, _list(r, lang)),
            "verdict": verdict["text"], "best": r.best_rules,
            "labels": [_w(x, lang) for x in ("player", "what", "published", "ours", "reproduced", "why")],
            "differences": [{"start_no": d.start_no, "who": f"{d.start_no} {d.name}", "what": _what(d, lang, r.primary),
                             "published": d.published,
                             "ours": d.ours, "by": ", ".join(d.reproduced_by) or _w("no_rules", lang),
                             "rounds": [_round_text(c, lang) for c in d.rounds]} for d in r.differences],
            "rule_heads": [_w(x, lang) for x in ("rules_best", "values", "ranks")],
            "rules": [(a.rules, f"{a.values_agree}/{a.values}", f"{a.ranks_agree}/{a.ranks}") for a in r.rules],
            "notes": [message(n, lang) for n in r.notes]})
    return {"title": _w("title", lang), "summary": summary, "events": events,
            "heads": [_w(x, lang) for x in ("event", "announced", "verdict", "best")]}


def event_html(report: Report, lang: str = "en", notes: list[str] | None = None) -> str:
    """One event's check alone (``check_event.html``, a section of :func:`to_html`): the web page's check, with the
    warnings of reading the files (``notes``, worded) before the report's notes."""
    event = view([report], lang)["events"][0]
    event["notes"] = [*(notes or []), *event["notes"]]
    return environment().get_template("check_event.html").render(e=event) + "\n"


def to_html(reports: list[Report], lang: str = "en", failed: list[tuple[str, str]] | None = None) -> str:
    """One page for many checks (``check_page.html``, extending the page of every download): a summary line per
    event, then each event's differences and rule sets (and the events that could not be checked, with their
    error)."""
    return environment().get_template("check_page.html").render(
        lang=lang, style=Markup(_STYLE), **view(reports, lang, failed)) + "\n"
