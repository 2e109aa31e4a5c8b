"""The file one live event watches: its bytes read inside the watched folder within the size bound
(:func:`~tiebreak.live.guard.read_inside`), the play-off results file beside it (``serve --playoff``), the digest of a
version, and the tournament the bytes hold as it stands (read by the same reader as ``tiebreak standings``; a TRF's
lines that did not change since the last read are not decoded again: :mod:`tiebreak.formats.trf_reread`).

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "open.trf").write_text("001    1      Alpha, A".ljust(91) + "   2 w  \\n"
...                                      + "001    2      Beta, B".ljust(91) + "   1 b  \\n")
>>> f = EventFile("open.trf", folder / "open.trf")
>>> data = f.read()
>>> f.load(data, [], Settings()).pending, digest_of(data) == digest_of(data, b"1 2 1-0")
([(1, 1, 2)], False)
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from pathlib import Path

from ..app.live import read
from ..engine.errors import InputError, InputWarning
from ..engine.model import Player, Tournament
from ..formats import readers
from ..formats.files import reading
from ..formats.player_list import with_players
from ..formats.text import decode, text_lines
from ..formats.trf_reread import Memory, remembering
from .broadcast import Broadcast
from .guard import MAX_FILE_BYTES, read_inside
from .pending import AsItStands, as_it_stands, blocks_of, trf_pending
from .settings import PATH_READERS, Settings

log = logging.getLogger("tiebreak.live")


def digest_of(data: bytes, playoff: bytes = b"") -> str:
    """A version's digest: the file's bytes, and the play-off's when there is one (a play-off played makes a new
    version of the same file)."""
    h = hashlib.blake2b(data, digest_size=16)
    if playoff:
        h.update(b"\0play-off\0" + playoff)
    return h.hexdigest()


class EventFile:
    """The watched file ``path`` of the event ``name`` (every read stays inside ``root``, at most ``limit`` bytes); a
    broadcast's PGN (:class:`~tiebreak.live.broadcast.Broadcast`) with its player list ``listed`` when it has one."""

    def __init__(self, name: str, path: Path, root: Path | None = None, limit: int = MAX_FILE_BYTES,
                 listed: tuple[str, list[Player]] | None = None) -> None:
        self.name, self.path, self.limit = name, Path(path), limit
        self.root = Path(root) if root is not None else self.path.parent  # every read must stay inside it
        #: a broadcast's player list (``serve --player-list FILE``): its name and players, matched to the games' names
        self.listed = listed
        self.broadcast = Broadcast.of(self.path)  # a PGN's games (broadcast.py)
        #: the reader's warnings already said (those of the last good version): the player list's others are logged once
        self.said: set[str] = set()
        self._memory = Memory(name)  # the last read of a TRF file (tiebreak.formats.trf_reread)
        self._lines: dict[str, list[tuple[int, int, int]]] = {}  # each 001 line of the last read -> its pending blocks
        self._reading = threading.Lock()  # one read at a time keeps those two memories whole

    def read(self) -> bytes:
        """The file's bytes, read inside the watched folder and within the size bound (:func:`guard.read_inside`)."""
        return read_inside(self.root, self.path, self.limit)

    def read_stable(self, settle: float = 0.05, tries: int = 20) -> bytes:
        """The file's bytes once two reads ``settle`` seconds apart agree (a writer still at work changes them)."""
        data = self.read()
        for _ in range(tries):
            time.sleep(settle)
            again = self.read()
            if again == data:
                return data
            data = again
        return data

    def playoff_bytes(self, playoff: str | None) -> bytes:
        """The play-off results file's bytes (``playoff``: its name in the watched folder, ``serve --playoff``), read
        inside the folder within the size bound; empty without one, or while it is not written yet."""
        if not playoff:
            return b""
        try:
            return read_inside(self.root, self.root / playoff, self.limit)
        except InputError:  # not there (yet), or not a file of the folder: no play-off
            return b""

    def tournament(self, data: bytes, warnings: list[InputWarning], settings: Settings) -> Tournament:
        """The tournament of ``data`` read by the one loader with the event's ``settings``
        (:func:`tiebreak.app.live.read`, as ``tiebreak standings`` reads it), the whole file."""
        if self.path.suffix.lower() in PATH_READERS:
            # a pairing program's database is read from its path, in one read transaction (never half a write)
            return read(settings, str(self.path), warnings, shown=self.name)
        with reading(self.name, data if self.broadcast is None else self.broadcast.complete(data, self.name)), \
                remembering(self._memory):  # a TRF: the lines that did not change are not decoded again
            # named by the event's name: no server path in a warning
            t = read(settings, self.name, warnings, str(self.path))
        if self.listed is not None and self.broadcast is not None:
            t = self._with_listed(t, warnings)
        return t

    def _with_listed(self, t: Tournament, warnings: list[InputWarning]) -> Tournament:
        """The broadcast's players taken from the player list; the players it does not have told in the log once."""
        assert self.listed is not None
        said = len(warnings)
        t = with_players(t, self.listed[1], self.listed[0], warnings)
        for w in warnings[said:]:
            if w.message not in self.said:
                log.warning("%s: %s", self.name, w.message)
        return t

    def load(self, data: bytes, warnings: list[InputWarning], settings: Settings) -> AsItStands:
        """The version of ``data`` as it stands (:meth:`tournament` and its games in play)."""
        with self._reading:
            t = self.tournament(data, warnings, settings)
            if readers.keeps_pending(self.path, data):
                blocks = blocks_of(getattr(t, "pending", []))  # Chess-JSON keeps its games without results in t.pending
            else:
                lines = text_lines(decode(data, self.name, [])[0])
                blocks = trf_pending(lines, self._lines)  # the lines that did not change are not looked at again
            return as_it_stands(t, blocks)

    def reread(self, digest: str, settings: Settings) -> tuple[AsItStands, bytes] | None:
        """The version ``digest`` read again from the file, with its play-off's bytes, when the file still has that
        version's bytes (a version restored from the database); None when it has others."""
        data, playoff = self.read(), self.playoff_bytes(settings.playoff)
        if digest_of(data, playoff) != digest:
            return None
        return self.load(data, [], settings), playoff
