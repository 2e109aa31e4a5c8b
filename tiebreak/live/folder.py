"""Which files of ``tiebreak serve --watch PATH`` are events: the watched folder (or the one file watched) looked at
by :class:`WatchedFolder`, which the live server (:class:`tiebreak.live.watch.LiveHub`) asks for the events to read
and for the events a batch of changed paths concerns.

A path is watched only when it lies inside the folder given, whatever symbolic links or ``..`` say:

>>> import pathlib, tempfile
>>> root = pathlib.Path(tempfile.mkdtemp())
>>> _ = (root / "open.trf").write_text("x")
>>> (root / "link.trf").symlink_to("/etc/passwd")
>>> inside(root, root / "open.trf"), inside(root, root / "link.trf"), inside(root, root / ".." / "open.trf")
('open.trf', None, None)

In a folder, only the pairing programs' files are events: a web page is not one, nor is anything in a website
written by ``tiebreak site`` (its pages, its downloads, its ``version.json``), which an organiser may keep beside the
event files; what is passed over is said (:meth:`WatchedFolder.passed_over`):

>>> (root / "site").mkdir(); _ = (root / "site" / "version.json").write_text('{"generator": "tiebreak site"}')
>>> _ = (root / "site" / "standings.trf").write_text("x"); _ = (root / "page.html").write_text("x")
>>> not_watched(root, "site/standings.trf"), not_watched(root, "page.html"), not_watched(root, "open.trf")
(('site', 'site'), ('page.html', 'page'), None)
"""

from __future__ import annotations

import logging
import os
import re
import stat
from collections.abc import Collection, Iterator
from pathlib import Path

from ..engine.errors import InputError
from ..engine.messages import Message
from ..formats.readers import recognised
from .guard import MAX_FILE_BYTES, read_inside
from .settings import SUFFIXES

log = logging.getLogger("tiebreak.live")
#: a watched folder's event files are looked for at most this deep
MAX_DEPTH = 3
#: endings read when given alone, never as events of a folder: a saved web page is no pairing program's file (and a
#: website's pages would each be read as an event)
PAGE_SUFFIXES = (".html", ".htm")
#: how a website written by ``tiebreak site`` begins its ``version.json`` (tiebreak.site.build writes it first)
SITE_MARK = re.compile(rb'\A\s*\{\s*"generator"\s*:\s*"tiebreak site"')


def not_watched(root: Path, name: str) -> tuple[str, str] | None:
    """Why the file ``name`` of the watched folder ``root`` is not an event, though its ending is one's: ``(what,
    "site")`` when it lies in a website written by ``tiebreak site`` (``what``: the site's folder), ``(name, "page")``
    for a web page; None for an event file."""
    parts = name.split("/")
    for depth in range(len(parts)):  # the watched folder itself, then each folder on the way
        folder = "/".join(parts[:depth])
        if site_folder(root / folder):
            return folder or ".", "site"
    if Path(name).suffix.lower() in PAGE_SUFFIXES:
        return name, "page"
    return None


def site_folder(folder: Path) -> bool:
    """Whether ``folder`` holds a website written by ``tiebreak site`` (its ``version.json`` says so)."""
    try:
        fd = os.open(folder / "version.json", os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return False
    with os.fdopen(fd, "rb") as f:
        return stat.S_ISREG(os.fstat(f.fileno()).st_mode) and SITE_MARK.match(f.read(256)) is not None


def inside(root: Path, path: Path) -> str | None:
    """The name of ``path`` relative to ``root`` (``/``-separated) when it is an event file inside it, else None:
    ``..`` and links that lead outside are refused, as are hidden files and other endings."""
    root = root.resolve()
    lexical = Path(os.path.normpath(os.path.join(root, path)))
    if not lexical.is_relative_to(root) or lexical == root:
        return None
    try:
        real = lexical.resolve(strict=True)
    except OSError:
        return None
    if not real.is_relative_to(root) or not real.is_file():
        return None
    rel = lexical.relative_to(root)
    if len(rel.parts) > MAX_DEPTH or any(p.startswith(".") for p in rel.parts) or rel.suffix.lower() not in SUFFIXES:
        return None
    return rel.as_posix()


class WatchedFolder:
    """The files watched by one server: every event file of the folder ``root``, or only the file ``only`` in it.

    ``events`` are the names already read as events (the server's own collection, looked at, never changed): a
    file that is an event once stays one.  ``playoff`` is the play-off results file (``serve --playoff``), a path
    inside the folder; ``limit`` bounds what is read to recognise a file's format.
    """

    def __init__(self, root: Path, only: str | None, events: Collection[str], playoff: str | Path | None = None,
                 limit: int = MAX_FILE_BYTES) -> None:
        self.root, self.only, self.events, self.playoff, self.limit = root, only, events, playoff, limit
        #: what of the folder is not an event though its ending is one's: name -> "site", "page" or "other"
        self.skipped: dict[str, str] = {}

    def names(self) -> Iterator[str]:
        """The events of the folder now (the one file watched, or every event file of the folder, in order)."""
        for path in [self.root / self.only] if self.only else self._files():
            name = self.name_of(path)
            if name is not None:
                yield name

    def name_of(self, path: str | Path) -> str | None:
        """The event at ``path`` (its name in the folder), or None when it is none."""
        name = inside(self.root, Path(path))
        if name is None or (self.only is not None and name != self.only):
            return None
        if self.only is None and (why := not_watched(self.root, name)) is not None:
            self._pass_over(*why)
            return None
        if self.only is None and name not in self.events and not self._recognised(name):
            return None
        return name

    def wanted(self, path: str) -> bool:
        """Whether a change at ``path`` may concern an event (a folder too: it may hold new ones)."""
        return (self.name_of(path) is not None or self.known(path) is not None or self.is_playoff(path)
                or Path(path).is_dir())

    def changed_names(self, paths: list[str]) -> list[str]:
        """The events a batch of changed paths concerns: the event files among them, and every event when the
        play-off results file (``serve --playoff``) is among them."""
        names = {n for p in paths if (n := self.name_of(p) or self.known(p)) is not None}
        if any(self.is_playoff(p) for p in paths):
            names |= {self.only} if self.only else set(self.events)
        return sorted(names)

    def known(self, path: str | Path) -> str | None:
        """The event watched at ``path`` (by its name, whatever is there now): a watched file removed or replaced is
        read again and said (held back, naming the file), never silently kept."""
        rel = os.path.relpath(os.path.normpath(os.path.join(self.root, path)), self.root)
        name = Path(rel).as_posix()
        return name if name in self.events else None

    def is_playoff(self, path: str | Path) -> bool:
        """Whether ``path`` is the play-off results file of the watched event (``serve --playoff``)."""
        name = self.playoff
        return bool(name) and os.path.normpath(os.path.join(self.root, path)) == os.path.join(self.root, str(name))

    def passed_over(self) -> list[Message]:
        """What of the watched folder looks like an event and is not one, in words: each website written by
        ``tiebreak site`` in it, its web pages, and its files not in the format their ending names (at most a few
        named)."""
        sites = sorted(w for w, why in self.skipped.items() if why == "site")
        pages = sorted(w for w, why in self.skipped.items() if why == "page")
        said = [Message("{} is a website written by tiebreak site: its pages and downloads are not events, and are "
                        "not watched", s) for s in sites]
        if pages:
            shown = ", ".join(pages[:5]) + (" …" if len(pages) > 5 else "")
            said.append(Message("{} web page(s) not watched ({}): a web page is not a pairing program's file; to "
                                "follow one, give it alone to --watch", len(pages), shown))
        others = sorted(w for w, why in self.skipped.items() if why == "other")
        if others:
            shown = ", ".join(others[:5]) + (" …" if len(others) > 5 else "")
            said.append(Message("{} file not watched ({}): not a tournament file in the format its ending names (a "
                                "TRF has 012 and 001 lines, a Chess-JSON file its tournaments); it is watched once it "
                                "is one", len(others), shown,
                                plural="{} files not watched ({}): not a tournament file in the format their ending "
                                "names (a TRF has 012 and 001 lines, a Chess-JSON file its tournaments); each is "
                                "watched once it is one", count=len(others)))
        return said

    def _recognised(self, name: str) -> bool:
        """Whether the file ``name`` of the watched folder is in the format its ending names
        (:func:`tiebreak.formats.readers.recognised`): one that is not (an arbiter's ``notes.txt``) is passed over and
        said, and watched once it is one; an empty one is passed over silently (a file being written).  A file that
        is an event once stays one: when it no longer reads, its version is held back with the reason.  A file that
        cannot be read here is left to its event, which says why."""
        try:
            data = read_inside(self.root, self.root / name, self.limit)
        except InputError:
            return True
        if recognised(name, data):
            if self.skipped.get(name) == "other":
                del self.skipped[name]
            return True
        if data:
            self._pass_over(name, "other")
        return False

    def _pass_over(self, what: str, why: str) -> None:
        """Keep (and log, the first time) what of the folder is not watched, and why."""
        if what not in self.skipped:
            self.skipped[what] = why
            log.info("not watched: %s (%s)", what, {"site": "a website written by tiebreak site",
                                                    "page": "a web page, not a pairing program's file"}.get(
                why, "not a tournament file in the format its ending names"))

    def _files(self) -> list[Path]:
        """The files of the watched folder, at most :data:`MAX_DEPTH` deep, neither hidden nor inside a website
        written by ``tiebreak site`` (which is not walked: its thousands of pages are not events)."""
        found = []
        for here, folders, files in os.walk(self.root):
            rel = Path(here).relative_to(self.root)
            if site_folder(Path(here)):
                self._pass_over(rel.as_posix(), "site")
                folders[:] = []
                continue
            folders[:] = sorted(f for f in folders if not f.startswith(".") and len(rel.parts) + 1 < MAX_DEPTH)
            found += [Path(here) / f for f in sorted(files) if not f.startswith(".")]
        return found
