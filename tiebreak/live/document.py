"""The live JSON document, written fast for large events by re-using what did not change between versions.

The document is the ``/api/standings`` one (:func:`tiebreak.render.output.to_json`: its rows written by the same
writer, :func:`tiebreak.render.output.json_rows`) followed by the live members.  Each row has the player columns
``tiebreak standings`` shows by default (title, federation and rating where the file has them:
:func:`tiebreak.app.standings.shown_columns`), written again only when the players change; :meth:`DocumentWriter.texts`
keeps the text of every points value it has written (the live places' rows) and formats only new ones.

>>> from tiebreak.formats import trf
>>> from tiebreak.engine.standings import compute_standings
>>> from tiebreak.render import output
>>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1,SB", lots=False)
>>> text = DocumentWriter().write(s, {"odds": None})
>>> json.loads(text) == json.loads(output.to_json(s, columns=shown_columns(s))) | {"odds": None}
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..app.standings import shown_columns
from ..engine.errors import InputWarning
from ..engine.passes import Column
from ..engine.standings import Standings
from ..render import output
from ..render.i18n import message


class DocumentWriter:
    """Writes the documents of one event; keeps value and name texts from version to version."""

    def __init__(self) -> None:
        #: what the players' columns show of each player, and each one's columns as JSON members (:meth:`_members_of`)
        self._columns: tuple[list[tuple[int, str, str, int | None]], dict[int, str]] | None = None

    @staticmethod
    def _column_texts(column: Column, undefined: str) -> list[str]:
        """The JSON text of each value of ``column`` (``null``: undefined), as every JSON face writes it
        (:meth:`tiebreak.engine.passes.Column.texts`: each distinct value once; a cache of the texts from version to
        version measured no faster, 0.78 ms either way for eight columns of 2,000 players)."""
        return column.texts(undefined=undefined)

    def _members_of(self, s: Standings) -> dict[int, str]:
        """Each player's default player columns (title, federation, rating where the file has them) as JSON members
        (:func:`tiebreak.render.output.member_texts`); made again only when the players change."""
        shown = [(p.start_no, p.title, p.federation, p.rating) for p in s.tournament.players]  # (0.3 ms at 2,000)
        if self._columns is None or self._columns[0] != shown:
            self._columns = (shown, output.member_texts(shown_columns(s)))
        return self._columns[1]

    def standings(self, s: Standings, extras: Mapping[str, Sequence[object]] | None = None) -> OpenDocument:
        """The ``/api/standings`` document of ``s`` without its closing brace, in any language; ``extras`` are
        members added to each row: each a name and its values in the order of ``s.rows``
        (:func:`tiebreak.render.output.json_rows`)."""
        rows = output.json_rows(output.json_table(s, self._column_texts), self._members_of(s), extras)
        return OpenDocument(output.to_json_obj(s, standings=False), list(s.notes), list(s.warnings), rows)

    def write(self, s: Standings | None, live: dict[str, Any], standings: OpenDocument | None = None,
              lang: str = "en") -> str:
        """The whole document in ``lang``: the standings (``standings``: already made by :meth:`standings`, else
        made from ``s``) and ``live`` (its public warning worded in ``lang`` too)."""
        if standings is None:
            assert s is not None, "the standings, or their text"
            standings = self.standings(s)
        if lang != "en" and live.get("live", {}).get("warning"):
            live = live | {"live": live["live"] | {"warning": message(live["live"]["warning"], lang)}}
        tail = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in live.items())
        return f"{standings.text(lang)},\n{tail}\n}}\n"


@dataclass(frozen=True)
class OpenDocument:
    """A standings document without its closing brace (the live members follow it), written in any language: its
    members as ``/api/standings`` has them (``head``, in English), the rows written once (``rows``: their text in
    pieces, a row a line, :func:`tiebreak.render.output.json_rows`; None: a team document, whose rows are in
    ``head`` and written with it by :func:`tiebreak.render.output.dumps_exact`), the ``notes`` and ``warnings``
    worded in the language asked from their messages (:func:`tiebreak.render.output.worded`), never from the English
    text."""

    head: dict[str, Any]
    notes: list[str] | None
    warnings: list[InputWarning]
    rows: list[str] | None = None

    def text(self, lang: str = "en") -> str:
        """The document's text in ``lang``, without its closing brace."""
        head = self.head | output.worded(self.notes, self.warnings, lang) if lang != "en" else self.head
        if self.rows is None:
            text = output.dumps_exact(head)
            return text[:text.rindex("}")].rstrip()
        members = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in head.items() if k != "standings"]
        rows = self.rows
        members.insert(list(head).index("standings"),
                       "".join(['  "standings": [\n    ', *rows, "\n  ]"]) if rows else '  "standings": []')
        return "{\n" + ",\n".join(members)
