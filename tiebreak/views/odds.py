"""The chance of every place, one view for every face (``tiebreak odds`` text and HTML, ``/api/odds``, the site's odds
page, the live screen) and both kinds of event: per participant (player, or team of a team event) the places it can
still reach and the chance of each, without words.

A row holds the places from its best to the last one kept that it can reach (every place up to
:data:`~tiebreak.arbiter.odds.tally.EVERY_PLACE` participants, else the top places asked for), so a row is as long
as the places it can still reach, and ``beyond``: the chance of a place after the places kept (0 when every place is
kept).  The chances of a row add up to 1, and so do the chances of each place over the rows (when every participant
who can reach it is listed: the live document leaves out those who cannot reach the places kept).

>>> from tiebreak.engine.model import Player, Tournament, Kind
>>> from tiebreak.arbiter.odds import compute_odds
>>> t = Tournament.build([Player(i, f"P{i}") for i in (1, 2, 3)], 3, type_text="Round Robin")
>>> t.set_game(1, 2, 3, Kind.WIN)
>>> view = of_odds(compute_odds(t, "PTS,DE"))
>>> [(r.start_no, r.best, r.worst, [str(x) for x in r.chances]) for r in view.rows]
[(2, 1, 3, ['35/54', '17/54', '1/27']), (1, 1, 3, ['17/54', '10/27', '17/54']), (3, 1, 3, ['1/27', '17/54', '35/54'])]
>>> from_json(to_json(view)).rows[0].chances                # as the live document holds them: 12 decimals
[0.648148148148, 0.314814814815, 0.037037037037]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..arbiter.odds import Odds
from ..arbiter.odds.tally import Probability


@dataclass(frozen=True, slots=True)
class PlaceRow:
    """One participant: ``chances[k]`` is the chance of place ``best + k`` (up to the last place kept that it can
    reach); ``beyond`` the chance of a place after the places kept."""

    start_no: int
    name: str
    best: int
    worst: int
    chances: list[Probability]
    beyond: Probability

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


@dataclass(frozen=True)
class PlaceChances:
    """``depth``: the places kept (every place when it equals ``participants``); ``exact``: every outcome counted (the
    best and worst places are then certain, else the ones the sample showed); ``rows`` by the chance of first place,
    then the expected place (the order of every face)."""

    team: bool
    participants: int
    depth: int
    exact: bool
    rows: list[PlaceRow]


def _row(start_no: int, name: str, places: list[Probability], best: int, worst: int) -> PlaceRow:
    depth = len(places)
    last = min(worst, depth)
    chances = places[best - 1:last] if best <= depth else []
    zero: Probability = Fraction(0) if places and isinstance(places[0], Fraction) else 0.0
    beyond = max(zero, 1 - sum(chances, zero)) if worst > depth else zero
    return PlaceRow(start_no, name, best, worst, list(chances), beyond)


def order(odds: Odds) -> list[int]:
    """The participants' indices by the chance of first place, then the expected place."""
    n = len(odds.places)
    expected = odds.expected or [sum(float(p) * k for k, p in enumerate(odds.places[i])) for i in range(n)]
    return sorted(range(n), key=lambda i: (-float(odds.places[i][0]), round(expected[i], 9)))


def of_odds(odds: Odds) -> PlaceChances:
    """The view of :func:`tiebreak.arbiter.odds.compute_odds` (or ``compute_team_odds``): exact fractions when every
    outcome of the equal model was counted."""
    rows = [_row(odds.participants[i].start_no, odds.participants[i].name, odds.places[i], odds.best[i],
                 odds.worst[i]) for i in order(odds)]
    depth = odds.depth or len(odds.participants)
    return PlaceChances(odds.team, len(odds.participants), depth, odds.method == "exact", rows)


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
    """The view again from :func:`to_json` (what the live screen renders from the ``/api/live`` document)."""
    rows = [PlaceRow(int(r["start_no"]), str(r["name"]), int(r["best"]), int(r["worst"]),
                     [float(x) for x in r["places"]], float(r.get("beyond") or 0)) for r in data["rows"]]
    return PlaceChances(bool(data.get("team")), int(data["participants"]), int(data["depth"]), bool(data["exact"]),
                        rows)
