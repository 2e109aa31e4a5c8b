"""The standings table, one view for every face and both kinds of event: per row the place as written (``5-9`` where
ties are left shared), whether a lot placed it, the number, the name, the points, the player columns' texts and the
value of each column of the list (``-`` undefined), without words; the faces add the headings and the legend.

>>> from tiebreak import compute_standings, trf
>>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
>>> table = of_ranking(s)
>>> table.keys, [(r.place, r.start_no, r.points, r.values) for r in table.rows[:2]]
(['BH/C1'], [('1', 7, '6', ['30']), ('2', 9, '6', ['28.5'])])
"""

from __future__ import annotations

from dataclasses import dataclass

from ..arbiter.columns import PlayerColumns
from ..engine.ranking import Ranking, place_texts
from ..engine.standings import Standings


@dataclass(frozen=True, slots=True)
class StandingsRow:
    place: str
    rank: int
    lot: bool
    start_no: int
    name: str
    points: str  # an individual event's points ("" for a team: its primary score is the first key)
    players: list[str]  # the player columns' texts ("" where the file has nothing)
    values: list[str]  # one per key of the table


@dataclass(frozen=True)
class StandingsTable:
    """``keys``: the columns of the list shown after the points (every one but the points: PTS of an individual
    event, the primary score of a team event); ``player_columns``: the names of the player columns."""

    keys: list[str]
    player_columns: list[str]
    rows: list[StandingsRow]
    seed: int | None

    @property
    def lots(self) -> bool:
        """Whether a lot placed some row (the legend's footnote then gives the seed)."""
        return any(r.lot for r in self.rows)


def of_ranking(s: Ranking, columns: PlayerColumns | None = None, keys: list[str] | None = None) -> StandingsTable:
    """The standings table of ``s`` (players or teams) with the player ``columns``; ``keys``: the columns of the list
    shown after the points (default: every one but PTS; a team event's faces show every one)."""
    keys = [k for k in s.keys if k != "PTS"] if keys is None else keys
    texts = {key: s.column(key).texts(None, "-") for key in keys}  # each distinct value written once
    points = s.score.texts() if isinstance(s, Standings) else [""] * len(s.rows)
    place = place_texts({r.start_no: r.rank for r in s.rows})
    rows = [StandingsRow(place[r.start_no], r.rank, r.lot is not None, r.start_no, r.name, str(points[r.index]),
                         columns.cells[r.start_no] if columns else [], [texts[k][r.index] for k in keys])
            for r in s.rows]
    return StandingsTable(keys, columns.names if columns else [], rows, s.seed)
