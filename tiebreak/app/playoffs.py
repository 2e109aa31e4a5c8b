"""Play-offs of tied places (``tiebreak playoffs``, the API's ``/api/playoffs``; Arbiters' Manual 13.2).

>>> from tiebreak.app.options import Options
>>> groups, seed = playoffs(Options(tiebreaks="PTS", no_lots=True), "examples/hobsons-bay-cup-2025.trf", "1", 0, [])
>>> [g["players"] for g in groups]    # nos. 7 and 9 tie on 6 points
[[7, 9]]
"""

from __future__ import annotations

from typing import Any

from ..arbiter.playoff import plan_playoffs
from ..engine.errors import InputError, InputWarning, Place
from ..engine.messages import Message
from ..engine.numbers import NumberError, parse_int
from ..render.tools import playoff_lines
from .options import Options
from .standings import final_standings, is_team


def playoffs(o: Options, path: str, places: str, after: int,
             warnings: list[InputWarning]) -> tuple[list[dict[str, Any]], int | None]:
    """Play-off groups for the tied ``places`` (``1,2``), played off after ``after`` tie-breaks, each with its lines
    in ``o.lang``; the seed of the lots."""
    s = final_standings(o, path, warnings)
    try:
        asked = [parse_int(x, 1, len(s.rows)) for x in places.split(",") if x.strip()]
    except NumberError as e:
        raise InputError(Message("place: {}", e), Place(field="places")) from None
    if not 0 <= after <= len(s.tiebreaks):
        raise InputError(Message("--after {} is outside 0..{}", after, len(s.tiebreaks)), Place(field="after"))
    team = is_team(s)
    return [{"places": list(g.places), "players": g.players, "format": g.format, "stages": g.stages,
             "eliminated": g.eliminated, "team": team, "text": playoff_lines(g, team, o.lang)}
            for g in plan_playoffs(s, asked, after)], s.seed
