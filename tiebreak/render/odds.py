"""`tiebreak odds` as text, JSON and HTML: the chance of every place, the scenario table and what a player needs.
The HTML is the templates' (``odds_page.html``, ``odds_body.html``: the page of every download and the table
macro of every face); the website's odds page uses the same body (:func:`odds_section`).

Every format words the one odds view (:func:`tiebreak.views.odds.of_odds`: the chances, what is certain, the games'
scenarios and what a player needs are decided there, never here).  JSON numbers are probabilities (floats, rounded to
12 decimals: no ``1.0000000000000004``); exact ones are also given as fraction strings (``"35/54"``).  The answer's
size follows what is asked: the places kept (:mod:`tiebreak.arbiter.odds.tally`), and first place by result for the
games of the participants who can still finish first.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, TextIO

from ..arbiter.odds.run import NEEDS_MAX_GAMES
from ..engine.errors import InputWarning
from ..engine.model import format_number
from ..views.odds import Needs, PlaceChances, PlaceRow
from .columns import key_heading, list_headings
from .i18n import count_sentence, grouped, message, model_name, percent
from .output import worded
from .templating import environment
from .words import ODDS_WORDS, SITE_WORDS, WORDS

TEXT_SETS = 12
#: the scenario table of the text and HTML reports: at most this many games and contenders' columns
SCENARIO_GAMES, SCENARIO_COLUMNS = 30, 12


def _number(p: Fraction | float) -> float:
    return round(float(p), 12)


def _percent(p: Fraction | float, lang: str = "en") -> str:
    """A chance to a tenth of a percent (:func:`~tiebreak.render.i18n.percent`), ``·`` where there is none."""
    if p == 0:
        return "·"
    if p == 1 or (isinstance(p, float) and abs(p - 1) < 1e-12):  # a sum of floats a rounding past 1
        return percent("100", lang)
    return percent(f"{100 * float(p):.1f}", lang)


class Progress:
    """How far the outcomes are, on one line of ``stream`` rewritten in place: only on a terminal (never in a file or
    a pipe, so the JSON and the text outputs stay what they are), from the first second on, four times a second."""

    AFTER, EVERY = 1.0, 0.25

    def __init__(self, stream: TextIO, lang: str = "en") -> None:
        self.stream, self.lang = stream, lang
        self.on = stream.isatty()
        self.shown: float | None = None

    def __call__(self, done: int, planned: int | None, seconds: float) -> None:
        if not self.on or seconds < self.AFTER or (self.shown is not None and seconds - self.shown < self.EVERY):
            return
        self.shown = seconds
        self.stream.write("\r" + progress_text(done, planned, seconds, self.lang) + "\033[K")
        self.stream.flush()

    def clear(self) -> None:
        if self.shown is not None:
            self.stream.write("\r\033[K")
            self.stream.flush()


def progress_text(done: int, planned: int | None, seconds: float, lang: str = "en") -> str:
    """``odds: 12,000 of 100,000 outcomes, 3 s`` (the counts grouped as the language groups them).

    >>> progress_text(12000, 100000, 3.2), progress_text(12000, None, 3.2, "uk")
    ('odds: 12,000 of 100,000 outcomes, 3 s', 'шанси: наслідків 12\u202f000, 3 с')
    """
    if planned is None:
        return ODDS_WORDS["progress_open"][lang].format(done=grouped(done, lang), seconds=f"{seconds:.0f}")
    return ODDS_WORDS["progress"][lang].format(done=grouped(done, lang), planned=grouped(planned, lang),
                                               seconds=f"{seconds:.0f}")


def tenths_text(units: int | None, lang: str = "en") -> str:
    """Tenths of a percent in words (:func:`~tiebreak.render.i18n.percent`): ``64.8%``, ``100%``; ``·`` for None."""
    if units is None:
        return "·"
    return percent("100" if units == 1000 else f"{units / 10:.1f}", lang)


def first_and_top(row: PlaceRow, top: int, lang: str = "en") -> tuple[str, str]:
    """The chance of first place and of the top ``top`` places as every table shows them (:meth:`PlaceRow.tenths`,
    :meth:`PlaceRow.top_tenths`: the live screen's numbers are the site's and the command's).

    >>> first_and_top(PlaceRow(2, "B", 1, 3, [Fraction(35, 54), Fraction(17, 54), Fraction(1, 27)], Fraction(0)), 2)
    ('64.8%', '96.3%')
    """
    units = row.tenths()
    return tenths_text(units[0] if units else None, lang), tenths_text(row.top_tenths(top), lang)


def reach_cells(row: PlaceRow, depth: int, lang: str) -> list[str]:
    """The places a participant can still reach with their chances as the tables show them (rounded together: they
    add up to the row's 100 %), then the chance of a place after the places kept; a place of no chance is left out.

    >>> reach_cells(PlaceRow(4, "D", 2, 12, [Fraction(1, 3), Fraction(0), Fraction(1, 3)], Fraction(1, 3)), 4, "en")
    ['2. 33.4%', '4. 33.3%', 'below place 4: 33.3%']
    """
    cells = [f"{ODDS_WORDS['place'][lang].format(n=k + 1)} {tenths_text(u, lang)}" for k, u in enumerate(row.tenths())
             if u is not None]
    if row.beyond:
        cells.append(f"{ODDS_WORDS['beyond'][lang].format(k=depth)}: {tenths_text(row.beyond_tenths(), lang)}")
    return cells


def reach_range(row: PlaceRow) -> str:
    """The places a participant can reach, as a range (``2-9``; after a simulation the best and worst seen).

    >>> reach_range(PlaceRow(4, "D", 2, 2, [Fraction(1)], Fraction(0))), reach_range(PlaceRow(4, "D", 2, 9, [], 0.5))
    ('2', '2-9')
    """
    return place_range(row.best, row.worst)


def place_range(best: int, worst: int) -> str:
    """The places from ``best`` to ``worst`` as every odds table writes them (``2-9``; one place alone: ``2``).

    >>> place_range(2, 9), place_range(1, 1)
    ('2-9', '1')
    """
    return str(best) if best == worst else f"{best}-{worst}"


def odds_headings(view: PlaceChances | None, lang: str) -> list[str]:
    """The live screen's odds table headed as every other face heads the odds (the odds view's words): the name or
    team, first place, the top places, the places reached.

    >>> odds_headings(PlaceChances(True, 4, 4, "exact", [], top=3), "ru")
    ['Команда', '1.', 'первые 3', 'лучшее-худшее']
    """
    return [WORDS["team" if view and view.team else "name"][lang], ODDS_WORDS["place"][lang].format(n=1),
            ODDS_WORDS["top"][lang].format(k=view.top if view else 3),
            ODDS_WORDS["range" if view is not None and view.exact else "range_seen"][lang]]


def every_place_lines(view: PlaceChances, lang: str, width: int = 100) -> list[str]:
    """The text report's section of every place each participant can still reach: number, name, then the places
    with their chances, wrapped under the name at ``width`` characters."""
    lines = [ODDS_WORDS["every_place"][lang]]
    for row in view.rows:
        line, indent = f"{row.start_no:>4}  {row.name[:24]:24}", " " * 30
        for cell in reach_cells(row, view.depth, lang):
            if len(line) > len(indent) and len(line) + 2 + len(cell) > width:
                lines.append(line)
                line = indent
            line += "  " + cell
        lines.append(line)
    return lines


def range_word(view: PlaceChances, lang: str) -> str:
    """The best and worst places' heading: certain after every outcome, else only what the sample showed."""
    return ODDS_WORDS["range" if view.exact else "range_seen"][lang]


def to_json_obj(view: PlaceChances) -> dict[str, Any]:
    """The JSON answer: ``players`` (or ``teams`` in a team event, by team number) with their chances (the notes are
    added by :func:`to_json`, worded)."""
    rows = []
    for r in view.rows:
        places = r.places(view.depth)
        row = {"start_no": r.start_no, "name": r.name, "points": _points_value(_points(r)),
               "places": [_number(x) for x in places], "top": _number(r.top or 0), "best": r.best, "worst": r.worst}
        if view.fractions:
            row["places_exact"] = [str(x) for x in places]
        rows.append(row)
    games = []
    for g in view.games:
        results: dict[str, dict[str, Any]] = {}
        for x in g.results:
            results[x.result] = {"probability": _number(x.probability)}
            if g.contender:  # the other games change first place only through tie-breaks: left out (size)
                results[x.result]["first"] = None if x.first is None else {
                    str(no): _number(p) for no, p in x.first.items() if p}
        games.append({"round": g.round, "white": g.white, "black": g.black, "results": results})
        if g.teams is not None:
            games[-1]["teams"] = list(g.teams)
    out: dict[str, Any] = {"schema": 1, "method": view.method, "outcomes": view.outcomes, "model": view.model,
           "tiebreaks": view.tiebreaks, "played_rounds": view.played_rounds,
           "final_round": view.final_round, "ranker": view.ranker, "seed": view.seed,
           "margin95": view.margin, "top": view.top, "places_listed": view.depth,
           "team": view.team, "teams" if view.team else "players": rows,
           "games": games,
           "fixed": [{"round": rnd, "white": white, "black": black, "result": result}
                     for rnd, white, black, result in view.fixed],
           "clinched": view.clinched, "eliminated": view.eliminated}
    if view.needs is not None:
        sets = view.needs.sets
        out["needs"] = {"start_no": view.needs.start_no, "sets": None if sets is None else [
            {f"{rnd}:{label}": result for rnd, label, result in s} for s in sets]}
    return out


def _points(row: PlaceRow) -> Fraction:
    return Fraction(0) if row.points is None else row.points


def _points_value(x: Fraction) -> float | int:
    return int(x) if x.denominator == 1 else float(x)


def to_json(view: PlaceChances, lang: str = "en", warnings: Sequence[InputWarning] = ()) -> str:
    """The odds as JSON: their notes and the ``warnings`` of reading the file worded in ``lang`` and as messages
    (:func:`tiebreak.render.output.worded`)."""
    obj = to_json_obj(view) | worded(view.notes, warnings, lang)
    return json.dumps(obj, ensure_ascii=False, indent=1) + "\n"


def method_text(view: PlaceChances, lang: str = "en") -> str:
    """How the chances were made, in the same words on every face (the command's text and HTML, the site's odds page,
    the live screen): every outcome counted, or how many were drawn with which seed.

    >>> method_text(PlaceChances(False, 4, 4, "exact", [], outcomes=81))
    'exact: all 81 outcomes'
    >>> method_text(PlaceChances(False, 9, 9, "simulation", [], outcomes=1847, seed=816560, margin=0.0227),
    ...             "uk").split(", ")[:2]
    ['моделювання: 1\u202f847 наслідків', 'номер жеребу 816560']
    """
    if view.exact:
        return (ODDS_WORDS["exact_one"][lang] if view.outcomes == 1 else  # not "all 1 outcome"
                count_sentence("odds:exact", view.outcomes, lang))
    return count_sentence("odds:simulation", view.outcomes, lang, seed=view.seed,
                          margin=percent(f"{100 * (view.margin or 0):.2f}", lang))


def participant_heads(view: PlaceChances, lang: str) -> tuple[str, str]:
    """The name and points columns' headings: a team event's are the team and its primary score (``МО``), as its
    standings head them (:func:`~tiebreak.render.columns.key_heading`)."""
    if view.team:
        return WORDS["team"][lang], key_heading("PTS", view.primary, lang)
    return WORDS["name"][lang], WORDS["points"][lang]


def list_text(view: PlaceChances, lang: str) -> str:
    """The tie-break list as the standings' legend gives it: the primary score by its name (``Pts``, «Очки», a team
    event's ``МО``)."""
    return ", ".join(list_headings(view.tiebreaks, view.primary, lang))


def _header(view: PlaceChances, lang: str) -> list[str]:
    w = {k: ODDS_WORDS[k][lang] for k in ODDS_WORDS}
    how = method_text(view, lang)
    pending = grouped(view.pending, lang)  # a team event's: its matches pending, not its boards
    if view.playing_round <= view.played_rounds:  # games of a round with results already in: it is being played
        playing_title = w["title_playing_matches" if view.team else "title_playing"]
        title = playing_title.format(round=view.playing_round, final=view.event_rounds, games=pending)
    else:  # "of 9" as the standings say, though a Swiss event is looked at to 6
        title = w["title_matches" if view.team else "title"].format(played=view.played_rounds,
                                                                    final=view.event_rounds, games=pending)
    return [title + "; " + how,
            f"{w['tiebreaks']}: {list_text(view, lang)}; {w['model']}: {model_name(view.model, lang)}"]


def _shown(view: PlaceChances) -> int:
    """The places the table gives a column of its own (the others: each participant's line of every place)."""
    return min(view.depth if view.rows else 0, max(view.top, 6))


def to_text(view: PlaceChances, lang: str = "en") -> str:
    w = {k: ODDS_WORDS[k][lang] for k in ODDS_WORDS}
    shown = _shown(view)
    lines = _header(view, lang) + [""]
    number, (name, pts) = WORDS["number"][lang], participant_heads(view, lang)
    head = f"{number:>4}  {name:24} {pts:>5} " + "".join(f"{w['place'].format(n=k + 1):>7}" for k in range(shown))
    lines.append(head + f" {w['top'].format(k=view.top):>7} {range_word(view, lang):>10}")
    for r in view.rows:
        cells = "".join(f"{tenths_text(u, lang):>7}" for u in _columns(r, shown))
        lines.append(f"{r.start_no:>4}  {r.name[:24]:24} {format_number(_points(r)):>5} {cells} "
                     f"{tenths_text(r.top_tenths(view.top), lang):>7} {_aligned_range(r)}")
    if view.depth > shown:  # places beyond the table's columns: each participant's own line
        lines += [""] + every_place_lines(view, lang)
    verdict = _verdict(view, lang)
    lines += ([""] + verdict if verdict else []) + [""] + _scenario_text(view, lang)
    if view.needs is not None:
        lines += [""] + _needs_text(view.needs, lang)
    lines += [""] + [message(x, lang) for x in view.notes]
    return "\n".join(lines).rstrip() + "\n"


def _columns(row: PlaceRow, shown: int) -> list[int | None]:
    """The row's first ``shown`` places in tenths (None where it cannot reach them)."""
    units = row.tenths()[:shown]
    return units + [None] * (shown - len(units))


def _aligned_range(row: PlaceRow) -> str:
    """:func:`place_range` in the text table's column, aligned on its dash."""
    return f"{row.best:>4}-{row.worst:<5}" if row.best != row.worst else f"{row.best:>4}{'':6}"


def _verdict(view: PlaceChances, lang: str) -> list[str]:
    """The clinched and no-longer-able-to-finish-first lines (exact enumeration only)."""
    w = {k: ODDS_WORDS[k][lang] for k in ODDS_WORDS}
    sure, out = view.clinched, view.eliminated
    return ([w["clinched"].format(players=", ".join(map(str, sure)))] if sure else []) + (
        [w["eliminated"].format(players=", ".join(map(str, out)))] if out else [])


def _scenario_text(view: PlaceChances, lang: str) -> list[str]:
    games = view.next_round()
    if not games:
        return []
    w = {k: ODDS_WORDS[k][lang] for k in ODDS_WORDS}
    who = view.contenders[:SCENARIO_COLUMNS]
    lines = [w["scenarios"].format(round=games[0].round),
             f"{w['game']:>12} {'':5} {w['chance']:>7} " + "".join(f"{no:>7}" for no in who)]
    for g in games[:SCENARIO_GAMES]:
        for r, x in enumerate(g.results):
            first = x.first
            cells = "".join(f"{'-' if first is None else _percent(first.get(no, 0), lang):>7}" for no in who)
            lines.append(f"{g.label if r == 0 else '':>12} {x.result:5} {_percent(x.probability, lang):>7} {cells}")
    if len(games) > SCENARIO_GAMES:
        lines.append("  " + w["more_games"].format(n=grouped(len(games) - SCENARIO_GAMES, lang)))
    return lines


def _needs_text(needs: Needs, lang: str) -> list[str]:
    w = {k: ODDS_WORDS[k][lang] for k in ODDS_WORDS}
    player, sets = needs.start_no, needs.sets
    if sets is None:
        return [w["needs_exact_only"].format(games=NEEDS_MAX_GAMES)]
    if not sets:
        return [w["needs_none"].format(player=player)]
    if sets == [[]]:
        return [w["needs_sure"].format(player=player)]
    lines = [w["needs"].format(player=player)]
    for s in sets[:TEXT_SETS]:
        lines.append("  " + ", ".join(f"r{rnd} {label} {result}" for rnd, label, result in s))
    if len(sets) > TEXT_SETS:
        lines.append("  " + w["more"].format(n=grouped(len(sets) - TEXT_SETS, lang)))
    return lines


#: what the odds page adds to the style of every download
_STYLE = "pre{overflow-x:auto;max-width:100%}"
#: the contenders drawn as bars on an odds page (the most likely to finish first; the table has them all)
BARS = 20


def _width(units: int | None) -> str:
    """A bar's width (of 100) from a chance in tenths of a percent as the table shows it (None: none)."""
    return "0" if units is None else "100" if units == 1000 else f"{units / 10:.1f}"


def odds_view(view: PlaceChances, lang: str = "en") -> dict[str, Any]:
    """What the odds pages show, as data for the ``odds_body`` macro (``odds_body.html``): the heading lines, the
    table of chances (number, name and points first: they stay in view on a phone), the verdict, the text report's
    scenario table and what a player needs, the notes."""
    w = {k: ODDS_WORDS[k][lang] for k in ODDS_WORDS}
    shown = _shown(view)
    who, pts = participant_heads(view, lang)
    heads = [{"text": WORDS["number"][lang], "cls": "rank"}, {"text": who, "cls": "name"}, {"text": pts, "cls": "pts"},
             *({"text": w["place"].format(n=k + 1)} for k in range(shown)),
             {"text": w["top"].format(k=view.top)}, {"text": range_word(view, lang)}]
    rows, bars = [], []
    for r in view.rows:
        units = _columns(r, shown)
        top_units = r.top_tenths(view.top)
        top_text = tenths_text(top_units, lang)
        rows.append({"cells": [{"text": str(r.start_no), "cls": "rank"}, {"text": r.name, "cls": "name"},
                               {"text": format_number(_points(r)), "cls": "pts"},
                               *({"text": tenths_text(u, lang)} for u in units),
                               {"text": top_text}, {"text": reach_range(r)}]})
        if units and units[0] is not None:  # a contender: drawn as the table says it (the same rounded numbers)
            bars.append({"name": r.name, "first_text": tenths_text(units[0], lang), "top_text": top_text,
                         "first": _width(units[0]), "top": _width(top_units)})
    every = {"id": "odds-places", "caption": w["every_place"], "sticky": True,
             "heads": heads[:2] + [{"text": range_word(view, lang)}, {"text": w["reach"], "cls": "reach"}],
             "rows": [{"cells": [{"text": str(r.start_no), "cls": "rank"}, {"text": r.name, "cls": "name"},
                                 {"text": reach_range(r)},
                                 {"text": " · ".join(reach_cells(r, view.depth, lang)), "cls": "reach"}]}
                      for r in view.rows]} if view.depth > shown else None
    return {"header": _header(view, lang), "verdict": _verdict(view, lang), "every": every,
            "bars": bars[:BARS], "bars_caption": w["bars"].format(k=view.top), "first_word": w["place"].format(n=1),
            "top_word": w["top"].format(k=view.top),
            "bars_more": w["bars_more"].format(n=grouped(len(bars) - BARS, lang)) if len(bars) > BARS else "",
            "table": {"id": "odds", "caption": SITE_WORDS.text("odds", lang), "heads": heads, "rows": rows,
                      "sticky": True},
            "scenarios": "\n".join(_scenario_text(view, lang)),
            "needs": "\n".join(_needs_text(view.needs, lang)) if view.needs is not None else "",
            "notes": [message(x, lang) for x in view.notes]}


def odds_section(view: PlaceChances, lang: str = "en") -> str:
    """The odds without a page around them (the website's odds page puts them in its own, headed by the odds' one
    heading: the table's caption, the same words, is for screen readers only)."""
    shown = odds_view(view, lang)
    shown["table"]["caption_hidden"] = True
    return str(environment().get_template("odds_body.html").module.odds_body(shown))  # type: ignore[attr-defined]


def to_html(view: PlaceChances, lang: str = "en", printed: datetime.date | None = None) -> str:
    """A standalone page (``odds_page.html``, a download as the standings are: no script, every name escaped);
    ``printed``: the date its page box says (the event's own, as the standings')."""
    from .html import print_style  # noqa: PLC0415  start-up: the page's renderer only for a page (+14 ms)

    title = view.event or "tiebreak odds"
    return environment().get_template("odds_page.html").render(
        lang=lang, title=title, style=print_style(title, lang, printed, style=_STYLE), o=odds_view(view, lang)) + "\n"
