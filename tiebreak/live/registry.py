"""The live events of one server by name (``serve --watch PATH``): each made the first time its name is asked for,
at most :data:`MAX_EVENTS`, with the server's settings (a copy each: the arbiter changes one event's), history and
bounds; which of them are published, and which hold a version back.

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "open.trf").write_text("001    1      Alpha, A".ljust(91) + "\\n")
>>> events = Events(folder, Settings(), None)
>>> e = events.made("open.trf")
>>> events.shown(None) is None, e.update().version, events.shown(None) is e, list(events)
(True, 1, True, ['open.trf'])
"""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from .event import LiveEvent
from .guard import MAX_FILE_BYTES
from .settings import HOLD_SECONDS, Settings

if TYPE_CHECKING:
    from ..engine.model import Player
    from .history import History

log = logging.getLogger("tiebreak.live")
#: at most this many events in one watched folder
MAX_EVENTS = 200


class Events(dict[str, LiveEvent]):
    """Every event of the watched folder ``root`` read so far, by name; each read with a copy of ``settings``, kept in
    ``history``, held ``hold`` seconds, read up to ``limit`` bytes (a broadcast's PGN with the player list
    ``players``)."""

    def __init__(self, root: Path, settings: Settings, history: History | None, hold: float = HOLD_SECONDS,
                 limit: int = MAX_FILE_BYTES, players: tuple[str, list[Player]] | None = None) -> None:
        super().__init__()
        self.root, self.settings, self.history = root, settings, history
        self.hold, self.limit, self.players = hold, limit, players

    def made(self, name: str) -> LiveEvent | None:
        """The event ``name``, made the first time (None past :data:`MAX_EVENTS`: not watched, said in the log)."""
        event = self.get(name)
        if event is None:
            if len(self) >= MAX_EVENTS:
                log.warning("more than %d event files; %s is not watched", MAX_EVENTS, name)
                return None
            event = self[name] = LiveEvent(name, self.root / name, replace(self.settings), self.history,
                                           root=self.root, hold=self.hold, limit=self.limit, players=self.players)
        return event

    def published(self) -> list[LiveEvent]:
        """The events shown: published by the arbiter, with a version."""
        return [e for e in self.values() if e.settings.published and e.version]

    def shown(self, name: str | None) -> LiveEvent | None:
        """A published event by name; without a name the first one."""
        if name is None:
            shown = self.published()
            return shown[0] if shown else None
        e = self.get(name)
        return e if e is not None and e.settings.published and e.version else None

    def held(self) -> list[str]:
        """The events with a version held back, to be read again (a held file is published, or the public page
        told, once it has stayed the same for ``hold`` seconds)."""
        return [name for name, e in self.items() if e.held is not None]
