"""The chance of every place, one view for every face (``tiebreak odds`` text, JSON and HTML, ``/api/odds`` and the
page, the site's odds page, the live screen) and both kinds of event: per participant (player, or team of a team
event) its points, the places it can still reach and the chance of each, of the top places and of first place; who
has clinched first place and who can no longer reach it; the pending games with the chance of each result and
the contenders' chance of first place after it; what a chosen participant needs; all without words.

A row holds the places from its best to the last one kept that it can reach (every place up to
:data:`~tiebreak.arbiter.odds.tally.EVERY_PLACE` participants, else the top places asked for), so a row is as long
as the places it can still reach, and ``beyond``: the chance of a place after the places kept (0 when every place is
kept).  The chances of a row add up to 1, and so do the chances of each place over the rows (when every participant
who can reach it is listed: the live document leaves out those who cannot reach the places kept).  How a row is
shown to a tenth of a percent is decided here too (:meth:`PlaceRow.tenths`), once for every face.

>>> from tiebreak.engine.model import Player, Tournament, Kind
>>> from tiebreak.arbiter.odds import compute_odds
>>> t = Tournament.build([Player(i, f"P{i}") for i in (1, 2, 3)], 3, type_text="Round Robin")
>>> t.set_game(1, 2, 3, Kind.WIN)
>>> view = of_odds(compute_odds(t, "PTS,DE"), top=2)
>>> [(r.start_no, r.best, r.worst, [str(x) for x in r.chances]) for r in view.rows]
[(2, 1, 3, ['35/54', '17/54', '1/27']), (1, 1, 3, ['17/54', '10/27', '17/54']), (3, 1, 3, ['1/27', '17/54', '35/54'])]
>>> view.rows[0].top, view.rows[0].tenths(), view.rows[0].top_tenths(2)   # 35/54 + 17/54 = 26/27
(Fraction(26, 27), [648, 315, 37], 963)
>>> view.pending, view.contenders, [g.label for g in view.next_round()]
(2, [2, 1, 3], ['1-2'])
>>> from_json(to_json(view)).rows[0].chances                # as the live document holds them: 12 decimals
[0.648148148148, 0.314814814815, 0.037037037037]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..arbiter.odds import Odds
from ..arbiter.odds.models import RESULT_TEXT
from ..arbiter.odds.tally import Probability


def row_tenths(row: list[Fraction] | list[float] | list[Probability]) -> list[int | None]:
    """Chances in tenths of a percent, as every table shows them: they add up to the row's total as rounded (largest
    remainders: 33.3 % + 33.3 % + 33.4 %, never 100.1 %); None where the place cannot happen, 0 where it can but
    rarely.

    >>> row_tenths([Fraction(1, 3)] * 3), row_tenths([0.9999, 0.0001, 0])
    ([334, 333, 333], [1000, 0, None])
    """
    scaled = [1000 * x for x in row]
    units = [int(x) for x in scaled]  # floor (chances are never negative)
    short = round(sum(scaled)) - sum(units)
    for k in sorted(range(len(row)), key=lambda k: (-(scaled[k] - units[k]), k))[:max(short, 0)]:
        units[k] += 1
    return [u if x else None for x, u in zip(row, units)]


def sum_tenths(units: list[int | None]) -> int | None:
    """Cells as the tables show them, added up (None when none has a chance).

    >>> sum_tenths([648, 315, None]), sum_tenths([None, None])
    (963, None)
    """
    kept = [u for u in units if u is not None]
    return sum(kept) if kept else None


@dataclass(frozen=True, slots=True)
class PlaceRow:
    """One participant: ``chances[k]`` is the chance of place ``best + k`` (up to the last place kept that it can
    reach); ``beyond`` the chance of a place after the places kept; ``points`` the score of its known results (a
    team's primary score; None where not given: the live document); ``top`` the chance of the view's top places
    (kept apart when they go beyond the places kept; None where not given)."""

    start_no: int
    name: str
    best: int
    worst: int
    chances: list[Probability]
    beyond: Probability
    points: Fraction | None = None
    top: Probability | None = None

    def chance(self, place: int) -> Probability:
        """The chance of ``place`` (1-based; 0 outside the places reached).

        >>> PlaceRow(5, "E", 2, 3, [0.25, 0.75], 0.0).chance(3), PlaceRow(5, "E", 2, 3, [0.25, 0.75], 0.0).chance(1)
        (0.75, 0)
        """
        k = place - self.best
        return self.chances[k] if 0 <= k < len(self.chances) else 0

    @property
    def first(self) -> Probability:
        return self.chance(1)

    def places(self, depth: int) -> list[Probability]:
        """The chance of every place kept, from 1 to ``depth`` (0 where the row cannot reach it).

        >>> PlaceRow(5, "E", 2, 3, [0.25, 0.75], 0.0).places(4)
        [0.0, 0.25, 0.75, 0.0]
        """
        zero: Probability = Fraction(0) if isinstance(self.beyond, Fraction) else 0.0  # the chances' kind
        before = [zero] * (min(self.best, depth + 1) - 1)
        return before + self.chances + [zero] * (depth - len(before) - len(self.chances))

    def tenths(self) -> list[int | None]:
        """The chances of places 1 to the last one kept that the row reaches, in tenths of a percent as every face
        shows them: rounded together with ``beyond`` (:func:`row_tenths`), so that a row adds up to 100 %.

        >>> PlaceRow(4, "D", 2, 12, [Fraction(1, 3), Fraction(0), Fraction(1, 3)], Fraction(1, 3)).tenths()
        [None, 334, None, 333]
        """
        return [None] * (self.best - 1) + row_tenths([*self.chances, self.beyond])[:-1]

    def beyond_tenths(self) -> int | None:
        """``beyond`` in tenths, rounded with the row's places (None when the row stays within the places kept)."""
        return row_tenths([*self.chances, self.beyond])[-1]

    def top_tenths(self, top: int) -> int | None:
        """The chance of the top ``top`` places in tenths as every table shows it: the sum of the row's cells as
        shown, or when ``top`` goes beyond the places the row holds and it reaches further, its ``top`` rounded."""
        units = self.tenths()
        if top > len(units) and self.beyond and self.top is not None:
            return round(1000 * self.top) if self.top else None
        return sum_tenths(units[:top])


@dataclass(frozen=True, slots=True)
class ResultChances:
    """One result of a pending game (``1-0``, ``½-½``, ``0-1``): its probability and, when a contender plays the game,
    each participant's chance of first place after it (start number -> chance; None when the result cannot
    happen)."""

    result: str
    probability: Probability
    first: dict[int, Probability] | None


@dataclass(frozen=True, slots=True)
class GameChances:
    """One pending game (start numbers; ``teams``: the two team numbers of a team event's board); ``contender``: a
    participant who can still finish first plays it (the others change first place only through tie-breaks: their
    ``first`` is left out)."""

    round: int
    white: int
    black: int
    teams: tuple[int | None, int | None] | None
    contender: bool
    results: list[ResultChances]

    @property
    def label(self) -> str:
        return f"{self.white}-{self.black}"


@dataclass(frozen=True, slots=True)
class Needs:
    """What the chosen participant needs for first place alone: the minimal sets of results, each a list of (round,
    game, result) in the games' order (``[[]]``: sure already; ``[]``: impossible; None: not worked out, which needs
    every outcome counted and few enough games)."""

    start_no: int
    sets: list[list[tuple[int, str, str]]] | None


@dataclass(frozen=True)
class PlaceChances:
    """``depth``: the places kept (every place when it equals ``participants``); ``method`` ``exact`` when every
    outcome was counted (the best and worst places are then certain, else the ones the sample showed), else
    ``simulation``; ``rows`` by the chance of first place, then the expected place (the order of every face);
    ``top`` the top places whose chance each row gives.  The rest describes the event and the pending games (empty
    where a face does not have them: the live document)."""

    team: bool
    participants: int
    depth: int
    method: str
    rows: list[PlaceRow]
    top: int = 3
    #: the event's name
    event: str = ""
    outcomes: int = 0
    seed: int | None = None
    margin: float | None = None
    model: str = ""
    ranker: str = ""
    tiebreaks: list[str] = field(default_factory=list)
    #: a team event's primary score (``MP``, or ``GP``): the list's ``PTS`` is headed by it
    primary: str = "PTS"
    #: every outcome counted under the equal model: the chances are exact fractions
    fractions: bool = False
    played_rounds: int = 0
    #: the last round looked at, and the event's rounds (a Swiss event may be looked at to an earlier round)
    final_round: int = 0
    event_rounds: int = 0
    #: the first round with a pending game (a round with results already in: it is being played)
    playing_round: int = 0
    #: the pending games, or in a team event the pending matches (a match of several boards is one)
    pending: int = 0
    games: list[GameChances] = field(default_factory=list)
    #: the games ``--fix`` decided: (round, White, Black, result)
    fixed: list[tuple[int, int, int, str]] = field(default_factory=list)
    #: sure of first place alone, and no longer able to finish first (start numbers; every outcome counted only)
    clinched: list[int] = field(default_factory=list)
    eliminated: list[int] = field(default_factory=list)
    needs: Needs | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def exact(self) -> bool:
        return self.method == "exact"

    @property
    def contenders(self) -> list[int]:
        """Who can still finish first, in the rows' order (start numbers)."""
        return [r.start_no for r in self.rows if r.first]

    def next_round(self) -> list[GameChances]:
        """The pending games of the first round that has any, which a contender plays."""
        if not self.games:
            return []
        first = min(g.round for g in self.games)
        return [g for g in self.games if g.round == first and g.contender]


def order(odds: Odds) -> list[int]:
    """The participants' indices by the chance of first place, then the expected place."""
    n = len(odds.places)
    expected = odds.expected or [sum(float(p) * k for k, p in enumerate(odds.places[i])) for i in range(n)]
    return sorted(range(n), key=lambda i: (-float(odds.places[i][0]), round(expected[i], 9)))


def _zero(places: list[Probability]) -> Probability:
    return Fraction(0) if places and isinstance(places[0], Fraction) else 0.0


def _row(odds: Odds, i: int, top: int) -> PlaceRow:
    places, best, worst = odds.places[i], odds.best[i], odds.worst[i]
    depth = len(places)
    chances = places[best - 1:min(worst, depth)] if best <= depth else []
    zero = _zero(places)
    beyond = max(zero, 1 - sum(chances, zero)) if worst > depth else zero
    p = odds.participants[i]
    kept_apart = odds.top is not None and top > depth
    return PlaceRow(p.start_no, p.name, best, worst, list(chances), beyond, p.points,
                    odds.top[i] if kept_apart and odds.top is not None else sum(places[:top], zero))


def _games(odds: Odds) -> list[GameChances]:
    """The pending games with the chance of each result, and the contenders' chance of first place after it for the
    games a contender plays (in a team event: a board of a contending team)."""
    numbers = [p.start_no for p in odds.participants]
    able = {numbers[i] for i in range(len(odds.places)) if odds.places[i][0] > 0}
    team_of = odds.team_of
    games = []
    for k, g in enumerate(odds.future.games):
        teams = (team_of.get(g.white_no), team_of.get(g.black_no)) if odds.team else None
        contender = bool({*(teams or (g.white_no, g.black_no))} & able)
        results = []
        for r in range(3):
            first = odds.first_by_result[k][r] if contender else None
            results.append(ResultChances(RESULT_TEXT[r], odds.result_probability[k][r], None if first is None else
                                         {numbers[i]: x for i, x in sorted(first.items())}))
        games.append(GameChances(g.round, g.white_no, g.black_no, teams, contender, results))
    return games


def _pending(odds: Odds) -> int:
    """The pending games, or in a team event the pending matches (the count the standings and the live screen
    give)."""
    if not odds.team:
        return len(odds.future.games)
    team_of = odds.team_of
    return len({(g.round, *sorted((team_of.get(g.white_no, 0), team_of.get(g.black_no, 0))))
                for g in odds.future.games})


def _needs(odds: Odds) -> Needs | None:
    if odds.player is None:
        return None
    sets, games = odds.needs, odds.future.games
    return Needs(odds.participants[odds.player].start_no, None if sets is None else [
        [(games[k].round, games[k].label, RESULT_TEXT[d]) for k, d in sorted(s.items())] for s in sets])


def of_odds(odds: Odds, top: int = 3) -> PlaceChances:
    """The view of :func:`tiebreak.arbiter.odds.compute_odds` (or ``compute_team_odds``), with the chance of the top
    ``top`` places: exact fractions when every outcome of the equal model was counted."""
    f, n = odds.future, len(odds.participants)
    exact = odds.method == "exact"
    numbers = [p.start_no for p in odds.participants]
    return PlaceChances(
        odds.team, n, odds.depth or n, odds.method, [_row(odds, i, top) for i in order(odds)], top=top,
        event=f.base.name,
        outcomes=odds.outcomes, seed=odds.seed, margin=odds.margin, model=odds.model, ranker=odds.ranker,
        tiebreaks=[s.text for s in odds.specs], primary=odds.primary,
        fractions=exact and bool(odds.places) and isinstance(odds.places[0][0], Fraction),
        played_rounds=f.played_rounds, final_round=f.final_round, event_rounds=f.event_rounds or f.final_round,
        playing_round=min((g.round for g in f.games), default=f.played_rounds + 1), pending=_pending(odds),
        games=_games(odds), fixed=[(g.round, g.white_no, g.black_no, RESULT_TEXT[d]) for g, d in odds.fixed_games],
        clinched=[numbers[i] for i in range(n) if exact and odds.worst[i] == 1],
        eliminated=sorted(numbers[i] for i in range(n) if exact and odds.best[i] > 1),
        needs=_needs(odds), notes=list(odds.notes))


def _number(p: Probability) -> float:
    return round(float(p), 12)


def to_json(view: PlaceChances, reachable_only: bool = False) -> dict[str, Any]:
    """The view as JSON (the live document's ``odds`` member carries it): ``rows`` of ``start_no``, ``name``,
    ``best``, ``worst``, ``places`` (the chances from place ``best``) and ``beyond``; ``reachable_only`` leaves out
    the rows that cannot reach the places kept (a large event's live document stays small)."""
    rows = [{"start_no": r.start_no, "name": r.name, "best": r.best, "worst": r.worst,
             "places": [_number(x) for x in r.chances], "beyond": _number(r.beyond)}
            for r in view.rows if not reachable_only or r.chances]
    return {"team": view.team, "participants": view.participants, "depth": view.depth, "exact": view.exact,
            "rows": rows}


def from_json(data: dict[str, Any]) -> PlaceChances:
    """The view again from :func:`to_json` (what the live screen renders from the ``/api/live`` document, whose
    ``odds`` member adds the method, the count of outcomes, the seed, the margin and the top places)."""
    rows = [PlaceRow(int(r["start_no"]), str(r.get("name") or ""), int(r["best"]), int(r["worst"]),
                     [float(x) for x in r["places"]], float(r.get("beyond") or 0),
                     top=None if r.get("top") is None else float(r["top"])) for r in data["rows"]]
    method = str(data.get("method") or ("exact" if data.get("exact") else "simulation"))
    margin = data.get("margin")
    return PlaceChances(bool(data.get("team")), int(data["participants"]), int(data["depth"]), method, rows,
                        top=int(data.get("top") or 3), outcomes=int(data.get("outcomes") or 0), seed=data.get("seed"),
                        margin=None if margin is None else float(margin),
                        tiebreaks=[str(x) for x in data.get("tiebreaks") or []])
