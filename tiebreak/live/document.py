"""The live JSON document, written fast for large events by re-using what did not change between versions.

The document is the ``/api/standings`` one (:func:`tiebreak.render.output.to_json`, same members, same exact
decimals) followed by the live members.  Between two versions most values are the same numbers, and every name is the
same: :class:`DocumentWriter` keeps the text of every value and name it has written and formats only new ones.  Each
row has the player columns ``tiebreak standings`` shows by default (title, federation and rating where the file has
them: :func:`tiebreak.arbiter.columns.player_columns`), written again only when the players change.

>>> from tiebreak.formats import trf
>>> from tiebreak.engine.standings import compute_standings
>>> from tiebreak.render import output
>>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1,SB", lots=False)
>>> text = DocumentWriter().write(s, {"odds": None})
>>> json.loads(text) == json.loads(output.to_json(s, columns=player_columns(s, "auto"))) | {"odds": None}
True
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import numpy as np

from ..arbiter.columns import player_columns
from ..engine.model import format_number
from ..engine.ranking import place_texts
from ..engine.standings import Standings
from ..render import output


class DocumentWriter:
    """Writes the documents of one event; keeps value and name texts from version to version."""

    def __init__(self) -> None:
        self._numbers: dict[tuple[int, int], str] = {}  # (numerator, denominator) -> exact decimal text
        self._names: dict[str, str] = {}
        #: what the players' columns show of each player, and each one's columns as JSON members (:meth:`_columns_of`)
        self._columns: tuple[list[tuple[int, str, str, int | None]], list[str]] | None = None

    def texts(self, num: np.ndarray, den: int, defined: np.ndarray | None) -> list[str]:
        uniq, inverse = np.unique(num, return_inverse=True)
        known = self._numbers
        texts: list[str] = []
        for u in uniq.tolist():
            t = known.get((u, den))
            if t is None:
                t = known[(u, den)] = format_number(Fraction(u, den))
            texts.append(t)
        strings = np.array(texts + ["null"], dtype=object)
        inverse = inverse.ravel()
        if defined is not None:
            inverse = np.where(defined, inverse, len(uniq))
        result: list[str] = strings[inverse].tolist()
        return result

    def _name(self, name: str) -> str:
        t = self._names.get(name)
        if t is None:
            t = self._names[name] = json.dumps(name, ensure_ascii=False)
        return t

    def _columns_of(self, s: Standings) -> list[str]:
        """Each player's default player columns (title, federation, rating where the file has them) as JSON members,
        each text ending in ``, ``; made again only when the players change."""
        players = s.tournament.players
        shown = [(p.start_no, p.title, p.federation, p.rating) for p in players]  # (0.3 ms at 2,000 players)
        if self._columns is None or self._columns[0] != shown:
            values = player_columns(s, "auto").values
            self._columns = (shown, ["".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}, "
                                             for k, v in values[p.start_no].items()) for p in players])
        return self._columns[1]

    def standings(self, s: Standings, extras: list[str] | None = None) -> str:
        """The ``/api/standings`` document of ``s`` without its closing brace; ``extras`` are JSON members added
        to each row (in the order of ``s.rows``)."""
        head = output.to_json_obj(s, standings=False)
        points = self.texts(s.score.num, s.score.den, None)
        keys = [json.dumps(k) + ": " for k in s.keys]  # a repeated tie-break keeps its own value ("DE (2)")
        cells = [self.texts(col.num, col.den, col.defined) for col in s.columns]
        players = s.tournament.players
        place = place_texts({r.start_no: r.rank for r in s.rows})
        columns = self._columns_of(s)
        lines = []
        for k, r in enumerate(s.rows):
            i = r.index
            p = players[i]
            values = ", ".join([key + c[i] for key, c in zip(keys, cells)])
            more = ", " + extras[k] if extras else ""
            lines.append(f'    {{"rank": {r.rank}, "place": "{place[p.start_no]}", "start_no": {p.start_no}, '
                         f'"name": {self._name(p.name)}, {columns[i]}'
                         f'"points": {points[i]}, "values": {{{values}}}, "lot": {"null" if r.lot is None else r.lot}'
                         f'{more}}}')
        members = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in head.items() if k != "standings"]
        at = list(head).index("standings")
        members.insert(at, '  "standings": [\n' + ",\n".join(lines) + "\n  ]" if lines else '  "standings": []')
        return "{\n" + ",\n".join(members)

    def write(self, s: Standings | None, live: dict[str, Any], standings: str | None = None) -> str:
        """The whole document: the standings (``standings``: already written by :meth:`standings`, else made from
        ``s``) and ``live``."""
        tail = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in live.items())
        if standings is None:
            assert s is not None, "the standings, or their text"
            standings = self.standings(s)
        return f"{standings},\n{tail}\n}}\n"
