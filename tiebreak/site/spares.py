"""Empty files made ahead of time for the next pages of a watched site (``tiebreak site --watch``, ``serve --watch
--site``).

A page is published by writing a new file and renaming it over the old one; making a new file is most of that
time on some file systems (ext4 without a journal, as on small virtual machines, looks for a free inode past every
one freed in the last minute).  While the watcher waits for the next change it makes empty files in a folder of its
own beside the site (``.DIR.spare-XXXX``: on the same file system, never published, removed when the watcher
stops), and the next pages are written into them and renamed into place.  A file is used once: it was never a
page, so no reader has it open.  Without a usable folder (the parent not writable, another file system) the pages
are written as before, beside themselves.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from pathlib import Path


class Spares:
    def __init__(self, out: Path) -> None:
        self.folder: Path | None = None
        self.files: list[str] = []
        self.largest = 0  # the most pages one publication wrote: what to have ready next time
        self._lock = threading.Lock()
        self._pause = threading.Event()
        self._thread: threading.Thread | None = None
        _remove_left(out)
        try:
            folder = Path(tempfile.mkdtemp(prefix=f".{out.name}.spare-", dir=out.parent))
        except OSError:
            return
        if folder.stat().st_dev != (out if out.exists() else out.parent).stat().st_dev:  # no rename between file systems
            folder.rmdir()
            return
        self.folder = folder

    def take(self) -> str | None:
        """An empty file of the folder (None: none ready); it is the caller's from now on."""
        with self._lock:
            return self.files.pop() if self.files else None

    def pause(self) -> None:
        """Stop making files (a publication is due: it has the processor)."""
        self._pause.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def refill(self, written: int, limit: int) -> None:
        """Make files in a thread (until :meth:`pause`) until twice as many are ready as the most pages one change
        wrote (``written`` now), at least 1,000 and at most ``limit`` (the pages of the site)."""
        self.largest = max(self.largest, written)
        target = min(max(2 * self.largest, 1000), limit)
        if self.folder is None or len(self.files) >= target:
            return
        self.pause()
        self._pause.clear()
        self._thread = threading.Thread(target=self._make, args=(self.folder, target), daemon=True,
                                        name="tiebreak-site-spares")
        self._thread.start()

    def _make(self, folder: Path, target: int) -> None:
        while not self._pause.is_set() and len(self.files) < target:
            try:
                fd, name = tempfile.mkstemp(prefix="s-", dir=folder)
            except OSError:
                return
            os.close(fd)
            with self._lock:
                self.files.append(name)

    def close(self) -> None:
        """Stop and remove the folder."""
        self.pause()
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
        self.files = []


def _remove_left(out: Path) -> None:
    """Remove the spare folders a watcher that was killed left beside ``out`` (only empty files in them: nothing
    else is ever put there; a folder still in use by another watcher only costs it the files made ahead)."""
    for folder in out.parent.glob(f".{out.name}.spare-*"):
        try:
            if folder.is_dir() and not folder.is_symlink() and all(
                    f.is_file() and not f.is_symlink() and f.stat().st_size == 0 for f in folder.iterdir()):
                shutil.rmtree(folder)
        except OSError:
            continue
