"""Play-offs of tied places (``tiebreak playoffs``, the API's ``/api/playoffs``; Arbiters' Manual 13.2).

>>> from tiebreak.app.options import Options
>>> answer = playoffs(Options(tiebreaks="PTS", no_lots=True), "examples/hobsons-bay-cup-2025.trf", "1", 0, [])
>>> [(g["players"], g["text"][0]) for g in answer["groups"]]    # nos. 7 and 9 tie on 6 points
[([7, 9], 'places 1-2: players Nguyen,Anh Kiet (7); Wongso,Renaldo (9) — mini-match')]
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from ..arbiter.playoff import plan_playoffs
from ..arbiter.playoff_results import Decision, PlayoffResults, apply_results, decision_notes, parse_results
from ..engine.errors import InputError, InputWarning, Place
from ..engine.messages import Message, to_json
from ..engine.numbers import NumberError, parse_int
from ..formats.files import read_text
from ..render.i18n import message
from ..render.output import worded
from ..render.tools import playoff_lines
from .options import Options
from .standings import final_standings, is_team

if TYPE_CHECKING:
    from ..engine.standings import Standings
    from ..engine.team import TeamStandings


def playoffs(o: Options, path: str, places: str, after: int, warnings: list[InputWarning]) -> dict[str, Any]:
    """The answer of ``tiebreak playoffs`` and ``/api/playoffs``: the play-off groups for the tied ``places``
    (``1,2``), played off after ``after`` tie-breaks, the seed of the lots, and the warnings of reading the file (also
    added to ``warnings``), each worded in ``o.lang`` beside ``said``, its messages, as every JSON answer has them.
    A group's ``text`` is its lines as the arbiter reads them (a heading naming the tied as the standings do, then the
    stages and the sharing), its ``said`` the same lines as messages; ``format`` the format's identifier."""
    s = final_standings(o, path, warnings)
    try:
        asked = [parse_int(x, 1, len(s.rows)) for x in places.split(",") if x.strip()]
    except NumberError as e:
        raise InputError(Message("place: {}", e), Place(field="places")) from None
    if not 0 <= after <= len(s.tiebreaks):
        raise InputError(Message("--after {} is outside 0..{}", after, len(s.tiebreaks)), Place(field="after"))
    team = is_team(s)
    groups = [{"places": list(g.places), "players": g.players, "eliminated": g.eliminated,
               "names": {str(n): name for n, name in g.names.items()}, "format": g.format, "team": team,
               "text": [message(line, o.lang) for line in lines], "said": {"text": [to_json(x) for x in lines]}}
              for g in plan_playoffs(s, asked, after) for lines in [playoff_lines(g, team)]]
    return {"groups": groups, "seed": s.seed, **worded(None, warnings, o.lang or "en")}


def playoff_played(o: Options, unplaced: Standings | TeamStandings) -> tuple[PlayoffResults, list[Decision],
                                                                            list[str]] | None:
    """The play-off results of ``o`` (``--playoff FILE``, or the text of ``o.playoff_results``) as they place the
    tied players of the final standings ``unplaced`` (made without them; left as they are): the stages and their
    games, the decisions (which places each play-off decided, and how) and their notes.  None without a play-off.

    >>> from dataclasses import replace
    >>> from tiebreak.app.standings import final_standings
    >>> o = Options(tiebreaks="PTS,BH/C1", no_lots=True, playoff_results="stage mini-match\\n7 9 =\\n9 7 1-0")
    >>> results, decisions, notes = playoff_played(o, final_standings(replace(o, playoff_results=None),
    ...                                            "examples/hobsons-bay-cup-2025.trf", []))
    >>> decisions[0].places, decisions[0].tiers, str(notes[0])
    ((1, 2), [[9], [7]], "No. 9 takes place 1 by the play-off for places 1-2 (mini-match; Arbiters' Manual 13.2)")
    """
    if o.playoff_results:
        results = parse_results(o.playoff_results, "playoff_results")
    elif o.playoff:
        results = parse_results(read_text(o.playoff), o.playoff)
    else:
        return None
    s = copy.copy(unplaced)
    s.rows = [copy.copy(r) for r in unplaced.rows]  # type: ignore[assignment]  # apply_results sets its own rows' ranks
    decisions = apply_results(s, results)
    return results, decisions, decision_notes(decisions)
