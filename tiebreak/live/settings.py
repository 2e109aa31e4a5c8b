"""What the arbiter may set for a live event, and what the viewers are told of a new version."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..app.declared import OPTIONS
from ..formats import readers

#: seconds a version is held back before a file that reads cleanly is published anyway (or a file that does not
#: read makes the public page say that the standings shown are not the file's latest)
HOLD_SECONDS = float(str(OPTIONS["hold"].default))  # `serve --hold`, declared once
#: the public warning while a version is held back longer than that (the reason is the arbiter's, never public)
STALE = "the file has changed but does not read cleanly yet: the last good version is shown"
#: the file endings a live event can be read from
SUFFIXES = (".trf", ".txt", ".tab", *readers.READERS)
#: the formats whose readers open the file themselves (a database), not the bytes the watcher read
PATH_READERS = (".sce", ".papi")


@dataclass
class Settings:
    """How an event is read and ranked: the ``standings`` options that ``serve`` takes (:data:`tiebreak.app.live.RANKING`,
    each declared once), set by ``serve``'s options and changed by the arbiter only (those of
    :data:`tiebreak.app.live.ARBITERS`)."""

    tiebreaks: str | None = None
    preset: str | None = None
    rules: str = str(OPTIONS["rules"].default)  # the defaults of `tiebreak serve`, declared once (tiebreak.app.declared)
    compat: str = str(OPTIONS["compat"].default)
    unrated_rating: int | None = None
    #: a key of :data:`tiebreak.app.declared.SYSTEMS` (``swiss``, ``rr``): overrides the detection
    system: str | None = None
    #: a half-point bye in US-CUM/RU-CUM: ``deduct`` or ``keep`` (None: the rule set's own)
    cumulative_half_bye: str | None = None
    #: ties left after the list shared (``serve --no-lots``, the arbiter's choice); by default drawn by lot with
    #: ``seed`` (None: the event's own, the lot every other face draws)
    no_lots: bool = False
    seed: int | None = None
    #: whether the event is on the public list
    published: bool = True
    #: which tournament of a file that holds several (a Sharly Chess event: Sharly's number; ``serve --event``)
    event: int | None = None
    #: the points of the round ``results`` or of the points ``column``'s reading (``serve --points-from``)
    points_from: str = str(OPTIONS["points_from"].default)
    #: the play-off results file (``serve --playoff``, a path inside the watched folder, watched too): once the last
    #: round is played the tied players are placed by its games (:mod:`tiebreak.arbiter.playoff_results`)
    playoff: str | None = None


def sse(kind: str, data: object, retry: int | None = None) -> bytes:
    """One Server-Sent Event as it goes on the wire.

    >>> sse("hello", [], retry=2000)
    b'retry: 2000\\nevent: hello\\ndata: []\\n\\n'
    """
    head = f"retry: {retry}\n" if retry is not None else ""
    return f"{head}event: {kind}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode()


@dataclass
class Update:
    """What the subscribers are told about a new version (the Server-Sent Event's data)."""

    event: str
    version: int
    time: str
    round: int
    warning: str | None
    moved: int
    changes: list[dict[str, Any]] = field(default_factory=list)
    _wire: bytes | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {"event": self.event, "version": self.version, "time": self.time, "round": self.round,
                "warning": self.warning, "moved": self.moved, "changes": self.changes[:50]}

    def wire(self) -> bytes:
        """The Server-Sent Event as it goes on the wire (``event: update``, ``id: EVENT:VERSION``), encoded once for
        every stream."""
        if self._wire is None:
            key = f"{self.event}:{self.version}".replace("\r", " ").replace("\n", " ")
            self._wire = (f"event: update\nid: {key}\ndata: {json.dumps(self.to_json(), ensure_ascii=False)}\n\n"
                          .encode())
        return self._wire
