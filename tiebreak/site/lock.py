"""One watcher per site folder: ``tiebreak site --watch`` holds a lock while it runs, in a file beside the folder
(``.DIR.watch-lock``, never in it: the folder stays what a full ``tiebreak site`` writes; removed when the watcher
stops), and a second watcher of the same folder is refused instead of writing the same pages at the same time.

Where the lock cannot be taken (no advisory locks on the system, the folder's parent not writable) the watcher
runs without it, as before.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..engine.errors import InputError, Place
from ..engine.messages import Message


class WatchLock:
    def __init__(self, out: str | Path) -> None:
        self.out = Path(out)
        folder = self.out.resolve()
        self.path = folder.parent / f".{folder.name}.watch-lock"
        self.fd: int | None = None

    def take(self) -> WatchLock:
        """Hold the lock (an :class:`InputError` when another watcher holds it)."""
        try:
            import fcntl  # noqa: PLC0415  absent on Windows
        except ImportError:  # no advisory locks (Windows)
            return self
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return self
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise InputError(Message("another tiebreak is watching into {}; stop it or give another folder", self.out),
                             Place(str(self.out))) from None
        self.fd = fd
        return self

    def release(self) -> None:
        if self.fd is None:
            return
        try:
            self.path.unlink()
        except OSError:
            pass
        os.close(self.fd)
        self.fd = None
