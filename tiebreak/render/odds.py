"""`tiebreak odds` as text, JSON and HTML: the chance of every place, the scenario table and what a player needs.
The HTML is the templates' (``odds_page.html``, ``odds_body.html``: the page of every download and the table
macro of every face); the website's odds page uses the same body (:func:`odds_section`).

JSON numbers are probabilities (floats, rounded to 12 decimals: no ``1.0000000000000004``); exact ones are also given
as fraction strings (``"35/54"``).  What is certain (clinched first place, no longer able to finish first) is decided
from the best and worst places over every outcome, never from a float, and said in every format.  The answer's size
follows what is asked: the places kept (:mod:`tiebreak.arbiter.odds.tally`), and first place by result for the games
of the participants who can still finish first.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, TextIO

from ..arbiter.odds import Odds
from ..arbiter.odds.models import RESULT_TEXT
from ..arbiter.odds.run import NEEDS_MAX_GAMES
from ..engine.errors import InputWarning
from ..engine.model import format_number
from ..views.odds import PlaceChances, PlaceRow, of_odds, order
from .columns import key_heading, list_headings
from .i18n import grouped, message, model_name, percent, plural
from .output import worded
from .templating import environment
from .words import ODDS_COUNTS, ODDS_WORDS, SITE_WORDS, WORDS

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


def row_tenths(row: list[Fraction] | list[float] | list[Fraction | float]) -> list[int | None]:
    """One participant's chances of each place kept in tenths of a percent, as the tables show them: they add up to
    the row's total as rounded (largest remainders: 33.3 % + 33.3 % + 33.4 %, never 100.1 %); None where the place
    cannot happen, 0 where it can but rarely.

    >>> row_tenths([Fraction(1, 3)] * 3), row_tenths([0.9999, 0.0001, 0])
    ([334, 333, 333], [1000, 0, None])
    """
    scaled = [1000 * x for x in row]
    units = [int(x) for x in scaled]  # floor (chances are never negative)
    short = round(sum(scaled)) - sum(units)
    for k in sorted(range(len(row)), key=lambda k: (-(scaled[k] - units[k]), k))[:max(short, 0)]:
        units[k] += 1
    return [u if x else None for x, u in zip(row, units)]


def row_percents(row: list[Fraction] | list[float] | list[Fraction | float], lang: str = "en") -> list[str]:
    """One participant's chances of each place kept, as the tables show them (:func:`row_tenths` in words): ``·``
    where the place cannot happen, ``0.0%`` where it can but rarely.

    >>> row_percents([Fraction(1, 3)] * 3)
    ['33.4%', '33.3%', '33.3%']
    >>> row_percents([Fraction(1), Fraction(0)], "ru")
    ['100\u202f%', '·']
    """
    return [tenths_text(u, lang) for u in row_tenths(row)]


def tenths_text(units: int | None, lang: str = "en") -> str:
    """Tenths of a percent in words (:func:`~tiebreak.render.i18n.percent`): ``64.8%``, ``100%``; ``·`` for None."""
    if units is None:
        return "·"
    return percent("100" if units == 1000 else f"{units / 10:.1f}", lang)


def _top_units(odds: Odds, i: int, top: int, units: list[int | None]) -> int | None:
    """The top ``top`` places' chance in tenths: the sum of its cells as shown when they are all kept (the row adds
    up), else the chance kept apart, rounded."""
    if top > len(units):
        p = top_chance(odds, i, top)
        return round(1000 * p) if p else None
    return _sum_units(units[:top])


def _sum_units(units: list[int | None]) -> int | None:
    """Cells as the tables show them, added up (None when none has a chance)."""
    kept = [u for u in units if u is not None]
    return sum(kept) if kept else None


def first_and_top(row: PlaceRow, top: int, lang: str = "en") -> tuple[str, str]:
    """The chance of first place and of the top ``top`` places as every table shows them: the row's chances rounded
    together (:func:`row_tenths`), the top places' the sum of their cells as shown (the live screen's numbers are
    the site's and the command's).

    >>> first_and_top(PlaceRow(2, "B", 1, 3, [Fraction(35, 54), Fraction(17, 54), Fraction(1, 27)], Fraction(0)), 2)
    ('64.8%', '96.3%')
    """
    units = row_tenths([*([0] * (row.best - 1)), *row.chances, row.beyond])[:-1]
    return tenths_text(units[0] if units else None, lang), tenths_text(_sum_units(units[:top]), lang)


def reach_cells(row: PlaceRow, depth: int, lang: str) -> list[str]:
    """The places a participant can still reach with their chances as the tables show them (rounded together: they
    add up to the row's 100 %), then the chance of a place after the places kept; a place of no chance is left out.

    >>> reach_cells(PlaceRow(4, "D", 2, 12, [Fraction(1, 3), Fraction(0), Fraction(1, 3)], Fraction(1, 3)), 4, "en")
    ['2. 33.4%', '4. 33.3%', 'below place 4: 33.3%']
    """
    texts = row_percents([*row.chances, row.beyond], lang)
    cells = [f"{ODDS_WORDS['place'][lang].format(n=row.best + k)} {x}" for k, x in enumerate(texts[:-1]) if row.chances[k]]
    if row.beyond:
        cells.append(f"{ODDS_WORDS['beyond'][lang].format(k=depth)}: {texts[-1]}")
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


def odds_headings(odds: dict[str, Any] | None, lang: str) -> list[str]:
    """The live screen's odds table headed as every other face heads the odds (the odds view's words): the name or
    team, first place, the top places, the places reached (``odds`` the live document's member).

    >>> odds_headings({"team": True, "method": "exact", "top": 3}, "ru")
    ['Команда', '1.', 'первые 3', 'лучшее-худшее']
    """
    exact = odds is not None and odds.get("method") == "exact"
    return [WORDS["team" if odds and odds.get("team") else "name"][lang], ODDS_WORDS["place"][lang].format(n=1),
            ODDS_WORDS["top"][lang].format(k=odds["top"] if odds else 3), ODDS_WORDS["range" if exact else "range_seen"][lang]]


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


def range_word(odds: Odds, lang: str) -> str:
    """The best and worst places' heading: certain after every outcome, else only what the sample showed."""
    return ODDS_WORDS["range" if odds.method == "exact" else "range_seen"][lang]


def next_round_games(odds: Odds) -> list[int]:
    """Indices of the pending games of the first round that has any, in which a contender (a participant who can
    still finish first) plays: the others change first place only through tie-breaks."""
    games = odds.future.games
    if not games:
        return []
    first = min(g.round for g in games)
    playing = contender_games(odds)
    return [k for k, g in enumerate(games) if g.round == first and k in playing]


def contender_games(odds: Odds) -> set[int]:
    """The pending games a contender plays (in a team event: a board of a contending team)."""
    able = {odds.participants[i].start_no for i in range(len(odds.places)) if odds.places[i][0] > 0}
    team_of = odds.team_of
    side = team_of.get if odds.team else (lambda no: no)
    return {k for k, g in enumerate(odds.future.games) if side(g.white_no) in able or side(g.black_no) in able}


def top_chance(odds: Odds, i: int, top: int) -> Fraction | float:
    """Participant ``i``'s chance of the top ``top`` places (kept apart when beyond the places kept)."""
    if odds.top is not None and top > len(odds.places[i]):
        return odds.top[i]
    return sum(odds.places[i][:top], Fraction(0) if odds.places[i] and isinstance(odds.places[i][0], Fraction) else 0.0)


def clinched(odds: Odds) -> list[int]:
    """The start numbers (team numbers) sure of first place alone: first in every outcome (exact enumeration)."""
    n = len(odds.participants)
    return [odds.participants[i].start_no for i in range(n) if odds.method == "exact" and odds.worst[i] == 1]


def eliminated(odds: Odds) -> list[int]:
    """Those who can no longer finish first, not even sharing it (exact enumeration: best place after 1)."""
    n = len(odds.participants)
    return sorted(odds.participants[i].start_no for i in range(n) if odds.method == "exact" and odds.best[i] > 1)


def to_json_obj(odds: Odds, top: int = 3) -> dict[str, Any]:
    """The JSON answer: ``players`` (or ``teams`` in a team event, by team number) with their chances (the notes are
    added by :func:`to_json`, worded)."""
    exact = odds.method == "exact" and odds.places and isinstance(odds.places[0][0], Fraction)
    team_of = odds.team_of
    rows = []
    for i in order(odds):
        p = odds.participants[i]
        row = {"start_no": p.start_no, "name": p.name, "points": _points_value(p.points),
               "places": [_number(x) for x in odds.places[i]],
               "top": _number(top_chance(odds, i, top)), "best": odds.best[i], "worst": odds.worst[i]}
        if exact:
            row["places_exact"] = [str(x) for x in odds.places[i]]
        rows.append(row)
    games = []
    playing = contender_games(odds)
    for k, g in enumerate(odds.future.games):
        results: dict[str, dict[str, Any]] = {}
        contender = k in playing
        for r in range(3):
            first = odds.first_by_result[k][r]
            results[RESULT_TEXT[r]] = {"probability": _number(odds.result_probability[k][r])}
            if contender:  # the other games change first place only through tie-breaks: left out (size)
                results[RESULT_TEXT[r]]["first"] = None if first is None else {
                    str(odds.participants[i].start_no): _number(x) for i, x in sorted(first.items()) if x}
        games.append({"round": g.round, "white": g.white_no, "black": g.black_no, "results": results})
        if odds.team:
            games[-1]["teams"] = [team_of.get(g.white_no), team_of.get(g.black_no)]
    out: dict[str, Any] = {"schema": 1, "method": odds.method, "outcomes": odds.outcomes, "model": odds.model,
           "tiebreaks": [s.text for s in odds.specs], "played_rounds": odds.future.played_rounds,
           "final_round": odds.future.final_round, "ranker": odds.ranker, "seed": odds.seed,
           "margin95": odds.margin, "top": top, "places_listed": odds.depth or len(odds.participants),
           "team": odds.team, "teams" if odds.team else "players": rows,
           "games": games,
           "fixed": [{"round": g.round, "white": g.white_no, "black": g.black_no, "result": RESULT_TEXT[d]}
                     for g, d in odds.fixed_games],
           "clinched": clinched(odds), "eliminated": eliminated(odds)}
    sets = odds.needs
    if odds.player is not None:
        out["needs"] = {"start_no": odds.participants[odds.player].start_no,
                        "sets": None if sets is None else [_named_set(odds, s) for s in sets]}
    return out


def _points_value(x: Fraction) -> float | int:
    return int(x) if x.denominator == 1 else float(x)


def _named_set(odds: Odds, s: dict[int, int]) -> dict[str, str]:
    return {f"{odds.future.games[k].round}:{odds.future.games[k].label}": RESULT_TEXT[d] for k, d in sorted(s.items())}


def to_json(odds: Odds, top: int = 3, lang: str = "en", warnings: Sequence[InputWarning] = ()) -> str:
    """The odds as JSON: their notes and the ``warnings`` of reading the file worded in ``lang`` and as messages
    (:func:`tiebreak.render.output.worded`)."""
    obj = to_json_obj(odds, top) | worded(odds.notes, warnings, lang)
    return json.dumps(obj, ensure_ascii=False, indent=1) + "\n"


def method_text(method: str, outcomes: int, seed: int | None, margin: float | None, lang: str = "en") -> str:
    """How the chances were made, in the same words on every face (the command's text and HTML, the site's odds page,
    the live screen): every outcome counted, or how many were drawn with which seed.

    >>> method_text("exact", 81, None, None)
    'exact: all 81 outcomes'
    >>> method_text("simulation", 1847, 816560, 0.0227, "uk").split(", ")[:2]
    ['моделювання: 1\u202f847 наслідків', 'номер жеребу 816560']
    """
    if method == "exact":
        return (ODDS_WORDS["exact_one"][lang] if outcomes == 1 else  # not "all 1 outcome"
                plural("odds:exact", *ODDS_COUNTS["exact"], outcomes, lang))
    return plural("odds:simulation", *ODDS_COUNTS["simulation"], outcomes, lang, seed=seed,
                  margin=percent(f"{100 * (margin or 0):.2f}", lang))


def pending_count(odds: Odds) -> int:
    """The pending games, or in a team event the pending matches (the count the standings and the live screen give:
    a match of several boards is one).

    >>> from tiebreak.engine.model import Player, Tournament
    >>> from tiebreak.arbiter.odds import compute_odds
    >>> pending_count(compute_odds(Tournament.build([Player(i, f"P{i}") for i in (1, 2, 3)], 3,
    ...                                             type_text="Round Robin"), "PTS"))
    3
    """
    if not odds.team:
        return len(odds.future.games)
    team_of = odds.team_of
    return len({(g.round, *sorted((team_of.get(g.white_no, 0), team_of.get(g.black_no, 0))))
                for g in odds.future.games})


def participant_heads(odds: Odds, lang: str) -> tuple[str, str]:
    """The name and points columns' headings: a team event's are the team and its primary score (``МО``), as its
    standings head them (:func:`~tiebreak.render.columns.key_heading`)."""
    if odds.team:
        return WORDS["team"][lang], key_heading("PTS", odds.primary, lang)
    return WORDS["name"][lang], WORDS["points"][lang]


def list_text(odds: Odds, lang: str) -> str:
    """The tie-break list as the standings' legend gives it: a team event's primary score by its name (``МО``)."""
    codes = [s.text for s in odds.specs]
    return ", ".join(list_headings(codes, odds.primary, lang) if odds.team else codes)


def _header(odds: Odds, lang: str) -> list[str]:
    f = odds.future
    w = {k: ODDS_WORDS[k][lang] for k in ODDS_WORDS}
    how = method_text(odds.method, odds.outcomes, odds.seed, odds.margin, lang)
    playing = min((g.round for g in f.games), default=f.played_rounds + 1)
    final = f.event_rounds or f.final_round  # "of 9" as the standings say, though a Swiss event is looked at to 6
    pending = grouped(pending_count(odds), lang)  # a team event's: its matches pending, not its boards
    if playing <= f.played_rounds:  # games of a round with results already in: that round is being played
        playing_title = w["title_playing_matches" if odds.team else "title_playing"]
        title = playing_title.format(round=playing, final=final, games=pending)
    else:
        title = w["title_matches" if odds.team else "title"].format(played=f.played_rounds, final=final, games=pending)
    return [title + "; " + how, f"{w['tiebreaks']}: {list_text(odds, lang)}; {w['model']}: {model_name(odds.model, lang)}"]


def to_text(odds: Odds, lang: str = "en", top: int = 3) -> str:
    w = {k: ODDS_WORDS[k][lang] for k in ODDS_WORDS}
    shown = min(len(odds.places[0]) if odds.places else 0, max(top, 6))
    lines = _header(odds, lang) + [""]
    number, (name, pts) = WORDS["number"][lang], participant_heads(odds, lang)
    head = f"{number:>4}  {name:24} {pts:>5} " + "".join(f"{w['place'].format(n=k + 1):>7}" for k in range(shown))
    lines.append(head + f" {w['top'].format(k=top):>7} {range_word(odds, lang):>10}")
    for i in order(odds):
        p = odds.participants[i]
        units = row_tenths(odds.places[i])
        cells = "".join(f"{tenths_text(u, lang):>7}" for u in units[:shown])
        lines.append(f"{p.start_no:>4}  {p.name[:24]:24} {format_number(p.points):>5} {cells} "
                     f"{tenths_text(_top_units(odds, i, top, units), lang):>7} {_aligned_range(odds, i)}")
    if (view := of_odds(odds)).depth > shown:  # places beyond the table's columns: each participant's own line
        lines += [""] + every_place_lines(view, lang)
    verdict = _verdict(odds, lang)
    lines += ([""] + verdict if verdict else []) + [""] + _scenario_text(odds, lang)
    if odds.player is not None:
        lines += [""] + _needs_text(odds, lang)
    lines += [""] + [message(x, lang) for x in odds.notes]
    return "\n".join(lines).rstrip() + "\n"


def _aligned_range(odds: Odds, i: int) -> str:
    """:func:`place_range` in the text table's column, aligned on its dash."""
    best, worst = odds.best[i], odds.worst[i]
    return f"{best:>4}-{worst:<5}" if best != worst else f"{best:>4}{'':6}"


def _verdict(odds: Odds, lang: str) -> list[str]:
    """The clinched and no-longer-able-to-finish-first lines (exact enumeration only)."""
    w = {k: ODDS_WORDS[k][lang] for k in ODDS_WORDS}
    sure, out = clinched(odds), eliminated(odds)
    return ([w["clinched"].format(players=", ".join(map(str, sure)))] if sure else []) + (
        [w["eliminated"].format(players=", ".join(map(str, out)))] if out else [])


def _contenders(odds: Odds) -> list[int]:
    return [i for i in order(odds) if odds.places[i][0] > 0]


def _scenario_text(odds: Odds, lang: str) -> list[str]:
    games = next_round_games(odds)
    if not games:
        return []
    w = {k: ODDS_WORDS[k][lang] for k in ODDS_WORDS}
    who = _contenders(odds)[:SCENARIO_COLUMNS]
    lines = [w["scenarios"].format(round=odds.future.games[games[0]].round),
             f"{w['game']:>12} {'':5} {w['chance']:>7} " + "".join(f"{odds.participants[i].start_no:>7}" for i in who)]
    for k in games[:SCENARIO_GAMES]:
        g = odds.future.games[k]
        for r in range(3):
            first = odds.first_by_result[k][r]
            cells = "".join(f"{'-' if first is None else _percent(first.get(i, 0), lang):>7}" for i in who)
            lines.append(f"{g.label if r == 0 else '':>12} {RESULT_TEXT[r]:5} "
                         f"{_percent(odds.result_probability[k][r], lang):>7} {cells}")
    if len(games) > SCENARIO_GAMES:
        lines.append("  " + w["more_games"].format(n=grouped(len(games) - SCENARIO_GAMES, lang)))
    return lines


def _needs_text(odds: Odds, lang: str) -> list[str]:
    w = {k: ODDS_WORDS[k][lang] for k in ODDS_WORDS}
    assert odds.player is not None, "asked only when a player was chosen"
    player = odds.participants[odds.player].start_no
    sets = odds.needs
    if sets is None:
        return [w["needs_exact_only"].format(games=NEEDS_MAX_GAMES)]
    if not sets:
        return [w["needs_none"].format(player=player)]
    if sets == [{}]:
        return [w["needs_sure"].format(player=player)]
    lines = [w["needs"].format(player=player)]
    for s in sets[:TEXT_SETS]:
        lines.append("  " + ", ".join(f"r{odds.future.games[k].round} {odds.future.games[k].label} {RESULT_TEXT[d]}"
                                      for k, d in sorted(s.items())))
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


def odds_view(odds: Odds, lang: str = "en", top: int = 3) -> dict[str, Any]:
    """What the odds pages show, as data for the ``odds_body`` macro (``odds_body.html``): the heading lines, the
    table of chances (number, name and points first: they stay in view on a phone), the verdict, the text report's
    scenario table and what a player needs, the notes."""
    w = {k: ODDS_WORDS[k][lang] for k in ODDS_WORDS}
    shown = min(len(odds.places[0]) if odds.places else 0, max(top, 6))
    who, pts = participant_heads(odds, lang)
    heads = [{"text": WORDS["number"][lang], "cls": "rank"}, {"text": who, "cls": "name"}, {"text": pts, "cls": "pts"},
             *({"text": w["place"].format(n=k + 1)} for k in range(shown)),
             {"text": w["top"].format(k=top)}, {"text": range_word(odds, lang)}]
    rows, bars = [], []
    for i in order(odds):
        p = odds.participants[i]
        units = row_tenths(odds.places[i])
        top_units = _top_units(odds, i, top, units)
        top_text = tenths_text(top_units, lang)
        rows.append({"cells": [{"text": str(p.start_no), "cls": "rank"}, {"text": p.name, "cls": "name"},
                               {"text": format_number(p.points), "cls": "pts"},
                               *({"text": tenths_text(u, lang)} for u in units[:shown]),
                               {"text": top_text},
                               {"text": place_range(odds.best[i], odds.worst[i])}]})
        if units and units[0] is not None:  # a contender: drawn as the table says it (the same rounded numbers)
            bars.append({"name": p.name, "first_text": tenths_text(units[0], lang), "top_text": top_text,
                         "first": _width(units[0]), "top": _width(top_units)})

    view = of_odds(odds)
    every = {"id": "odds-places", "caption": w["every_place"], "sticky": True,
             "heads": heads[:2] + [{"text": range_word(odds, lang)}, {"text": w["reach"], "cls": "reach"}],
             "rows": [{"cells": [{"text": str(r.start_no), "cls": "rank"}, {"text": r.name, "cls": "name"},
                                 {"text": reach_range(r)},
                                 {"text": " · ".join(reach_cells(r, view.depth, lang)), "cls": "reach"}]}
                      for r in view.rows]} if view.depth > shown else None
    return {"header": _header(odds, lang), "verdict": _verdict(odds, lang), "every": every,
            "bars": bars[:BARS], "bars_caption": w["bars"].format(k=top), "first_word": w["place"].format(n=1),
            "top_word": w["top"].format(k=top),
            "bars_more": w["bars_more"].format(n=grouped(len(bars) - BARS, lang)) if len(bars) > BARS else "",
            "table": {"id": "odds", "caption": SITE_WORDS.text("odds", lang), "heads": heads, "rows": rows,
                      "sticky": True},
            "scenarios": "\n".join(_scenario_text(odds, lang)),
            "needs": "\n".join(_needs_text(odds, lang)) if odds.player is not None else "",
            "notes": [message(x, lang) for x in odds.notes]}


def odds_section(odds: Odds, lang: str = "en", top: int = 3) -> str:
    """The odds without a page around them (the website's odds page puts them in its own, headed by the odds' one
    heading: the table's caption, the same words, is for screen readers only)."""
    view = odds_view(odds, lang, top)
    view["table"]["caption_hidden"] = True
    return str(environment().get_template("odds_body.html").module.odds_body(view))  # type: ignore[attr-defined]


def to_html(odds: Odds, lang: str = "en", top: int = 3, printed: datetime.date | None = None) -> str:
    """A standalone page (``odds_page.html``, a download as the standings are: no script, every name escaped);
    ``printed``: the date its page box says it was printed (the file's, as the standings')."""
    from .html import print_style  # noqa: PLC0415  start-up: the page's renderer only for a page (+14 ms)

    title = odds.future.base.name or "tiebreak odds"
    return environment().get_template("odds_page.html").render(
        lang=lang, title=title, style=print_style(title, lang, printed, style=_STYLE), o=odds_view(odds, lang, top)) + "\n"
