"""Explanations (``tiebreak explain``, the API's ``/api/explain``): how each value of a participant was made, or
what separated two.

>>> from tiebreak.app.options import Options
>>> e = explain(Options(tiebreaks="PTS,BH/C1", seed=1), "examples/hobsons-bay-cup-2025.trf", [7, 9], [])
>>> e["team"], e["players"], e["seed"]
(False, [7, 9], 1)
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from ..engine.errors import InputWarning, Message, SpecifierError
from ..engine.standings import Standings
from ..engine.team import TeamStandings
from ..render import explain as words
from .options import Options
from .standings import final_standings, is_team


class Explanation(TypedDict):
    """What :func:`explain` answers (the JSON of ``tiebreak explain``): ``seed`` is the seed of the lots the order was
    drawn with (the same request with it gives the same order); ``name`` and ``matches`` are of one team."""

    team: bool
    players: list[int]
    text: str
    details: dict[str, Any]
    seed: int | None
    name: NotRequired[str]
    matches: NotRequired[list[dict[str, Any]]]


def explained(o: Options, path: str, numbers: list[int], warnings: list[InputWarning]) -> Standings | TeamStandings:
    """The final standings of ``path`` once ``numbers`` are known to be one or two of its participants (the page's
    panel and :func:`explain` word them)."""
    s = final_standings(o, path, warnings)
    known = {r.start_no for r in s.rows}
    for k, n in enumerate(numbers):
        if n not in known:  # the field at fault: the second of two is the API's player2
            raise SpecifierError(Message("no team with number {} in {}" if is_team(s) else
                                         "no player with start number {} in {}", n, path),
                                 field="player2" if k else "player")
    if len(numbers) not in (1, 2):
        raise SpecifierError("give --player N, or --players N M")
    return s


def explain(o: Options, path: str, numbers: list[int], warnings: list[InputWarning]) -> Explanation:
    """The explanation of one participant (``numbers`` = [N]) or of what separated two: in a team event N is a team
    number (unless ``o.players``).  ``{"team", "players", "text", "details", "seed"}``, and for one team
    ``"name"`` and ``"matches"``."""
    s = explained(o, path, numbers, warnings)
    if len(numbers) == 2:
        a, b = numbers
        return {"team": is_team(s), "players": numbers, "text": words.explain_pair(s, a, b, o.lang),
                "details": words.pair_details(s, a, b), "seed": s.seed}
    n = numbers[0]
    text, details = words.explain(s, n, o.lang), words.details(s, n)
    if isinstance(s, TeamStandings):  # a team's name and matches beside them
        return {"team": True, "players": numbers, "name": s.row(n).name, "text": text,
                "matches": words.matches(s, n), "details": details, "seed": s.seed}
    return {"team": False, "players": numbers, "text": text, "details": details, "seed": s.seed}
