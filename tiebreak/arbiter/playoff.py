"""Play-off planner (FIDE Arbiters' Manual 13.2; C.07 Art. 3): who plays off which places, in which format, and the
final order once the play-off results are known.

13.2.11 sample formats: 2 players — a two-game mini-match, then sudden death with colours drawn again; 3 — a round
robin, and if still all equal the next tie-break eliminates the last, then as for 2; 4 — knock-out of two-game
matches, pairs drawn by lot; 5 or more — the next tie-break of the list keeps the top four.  13.2.8: the play-off
starts at least 30 minutes after the last regular game of the players concerned, 10 minutes between stages.
13.2.10: colours by lot.  13.2.6: two players still equal after the places are decided (e.g. the losers of the
semi-finals of a knock-out) share the prizes of their places equally.

>>> from tiebreak import compute_standings, trf
>>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
>>> [(g.places, g.players, g.format) for g in plan_playoffs(s, places=[1])]
[((1, 2), [7, 9], 'mini-match')]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine.messages import Message, Term
from ..engine.ranking import name_and_number, place_sizes, shared_place
from ..engine.standings import Standings

if TYPE_CHECKING:  # a team event's standings work as well (its teams play off)
    from ..engine.team import TeamStandings

#: a play-off's format by the number of players tied (13.2: five or more are cut to four first), a word of the
#: catalogue
FORMATS = {2: Term("mini-match"), 3: Term("round robin"), 4: Term("knock-out"), 5: Term("cut to four, then knock-out")}


@dataclass
class PlayoffGroup:
    places: tuple[int, int]  # first and last place at stake
    players: list[int]  # start numbers, in standings order
    format: str
    stages: list[str] = field(default_factory=list)
    eliminated: list[int] = field(default_factory=list)  # 5+: left out by the next tie-break
    shared: list[str] = field(default_factory=list)
    names: dict[int, str] = field(default_factory=dict)  # start number -> name, of everyone in the group

    def who(self, numbers: list[int]) -> str:
        """``numbers`` as the standings name them, ``Name (No)``, joined by a semicolon (a name has its comma)."""
        return "; ".join(name_and_number(self.names.get(n, ""), n) for n in numbers)


def _tied_groups(s: Standings | TeamStandings, after: int) -> list[list[int]]:
    """Players equal on points and on the first ``after`` tie-breaks of the list, in standings order."""
    keys = s.keys[:after + 1]
    groups: list[list[int]] = []
    previous = None
    for r in s.rows:
        key = tuple(r.values[k] for k in keys)
        if key == previous:
            groups[-1].append(r.start_no)
        else:
            groups.append([r.start_no])
        previous = key
    return groups


def plan_playoffs(s: Standings | TeamStandings, places: list[int] | int = 1, after: int = 0,
                  time_control: str = Term("3 minutes + 2 seconds per move from move 1")) -> list[PlayoffGroup]:
    """The play-offs for the ``places`` the regulations play off (13.2.4 recommends the title only), among players
    still equal after the first ``after`` tie-breaks of the list (C.07 3.1.2)."""
    wanted = {places} if isinstance(places, int) else set(places)
    team = not isinstance(s, Standings)  # a team event's standings: its teams play off
    out = []
    position = 1
    for group in _tied_groups(s, after):
        span = (position, position + len(group) - 1)
        position += len(group)
        if len(group) < 2 or not any(span[0] <= p <= span[1] for p in wanted):
            continue
        g = PlayoffGroup(span, list(group), FORMATS[min(len(group), 5)],
                         names={n: s.row(n).name for n in group})
        start = ("start at least 30 minutes after the last regular match of these teams (13.2.8)" if team else
                 "start at least 30 minutes after the last regular game of these players (13.2.8)")
        if len(group) == 2:
            g.stages = [start, Message("two games, {}, colours drawn (13.2.10)", time_control),
                        "if equal: colours drawn again, sudden death; colours alternate after each odd game"]
        elif len(group) == 3:
            g.stages = [start, Message("round robin, {}, colours drawn", time_control),
                        "if all three are equal again: the next tie-break eliminates the last, then as for two teams"
                        if team else
                        "if all three are equal again: the next tie-break eliminates the last, then as for two players",
                        "at least 10 minutes between stages (13.2.8)"]
        else:
            if len(group) > 4:
                g.stages += _cut_to_four(s, g, after)
            g.stages += [start, Message("knock-out: semi-finals of two games, {}, pairs drawn by lot", time_control),
                         "final of two games; at least 10 minutes between stages (13.2.8)"]
            g.shared.append(Message("the two semi-final losers share the prizes of places {} and {} equally (13.2.6)",
                                    span[0] + 2, span[0] + 3))
        out.append(g)
    return out


def _places(s: Standings | TeamStandings, numbers: list[int]) -> str:
    """The places of ``numbers`` in the standings, in order: ``16-19`` when each has its own place and they follow
    one another, else each one's place (``16, 17-18, 17-18, 19`` where places are shared)."""
    sizes = place_sizes(s.rows)
    ranks = [s.row(n).rank for n in numbers]
    if all(sizes[r] == 1 for r in ranks) and ranks == list(range(ranks[0], ranks[0] + len(ranks))):
        return str(ranks[0]) if len(ranks) == 1 else f"{ranks[0]}-{ranks[-1]}"
    return ", ".join(shared_place(r, sizes[r]) for r in ranks)


def _cut_to_four(s: Standings | TeamStandings, g: PlayoffGroup, after: int) -> list[str]:
    """13.2.11 case 4: five or more are ranked by the next tie-break and all but the first four are out.  Where the
    next tie-break leaves the fourth and fifth equal, the tie-breaks after it decide, then the lots the standings
    drew; without lots the players equal at the cut stay in the group and lots must decide who plays on (C.07 4.2).
    Sets ``g.players`` and ``g.eliminated``; returns the stage lines (English, translated by the message catalogue)."""
    group, keys = g.players, s.keys
    values = [s.row(n).values for n in group]
    decider = next((k for k in range(after + 1, len(keys)) if values[3][keys[k]] != values[4][keys[k]]), None)
    lines: list[str] = []
    if decider is not None:
        kept = 4
        if decider == after + 1:
            lines.append(Message("the next tie-break ({}) keeps the top four", s.tiebreaks[decider]))
        else:
            lines.append(Message("the next tie-break ({}) leaves fourth and fifth equal; {} keeps the top four",
                                 s.tiebreaks[after + 1], s.tiebreaks[decider]))
    elif s.seed is not None:
        kept = 4
        lines.append(Message("the tie-breaks leave fourth and fifth equal; the lots drawn for the standings (seed {}) "
                             "keep the top four", s.seed))
    else:  # the players equal with the fourth on every tie-break from here on: lots not drawn yet
        cut = [keys[k] for k in range(after + 1, len(keys))]
        equal = [i for i, v in enumerate(values) if all(v[k] == values[3][k] for k in cut)]
        kept = equal[-1] + 1
        lines.append(Message("the tie-breaks leave {} equal at the cut to four; lots decide which of them play on "
                             "(C.07 4.2)", g.who([group[i] for i in equal])))
    g.players, g.eliminated = group[:kept], group[kept:]
    if len(g.eliminated) == 1:
        lines.append(Message("{} is out and takes place {}", g.who(g.eliminated), _places(s, g.eliminated)))
    elif g.eliminated:
        lines.append(Message("{} are out and take places {} in this order", g.who(g.eliminated),
                             _places(s, g.eliminated)))
    return lines


def playoff_heading(g: PlayoffGroup, team: bool) -> Message:
    """The group's heading: its places, who plays (named as the standings name them) and the format.

    >>> g = PlayoffGroup((9, 13), [4, 2, 14, 15], "cut to four, then knock-out", names={4: "Lingineni,Khushal"})
    >>> playoff_heading(g, False)
    'places 9-13: players Lingineni,Khushal (4); 2; 14; 15 — cut to four, then knock-out'
    """
    numbers = g.who(g.players)
    if team:
        return Message("places {}-{}: teams {} — {}", g.places[0], g.places[1], numbers, g.format)
    return Message("places {}-{}: players {} — {}", g.places[0], g.places[1], numbers, g.format)

