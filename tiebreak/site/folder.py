"""The site's folder is the site's alone: what its own files say (the page names kept in ``version.json``) never names
a place outside it, and a link inside it is never followed for writing, reading back or removing.

A page's name is a short relative path of plain names (:func:`page_name`); every folder on the way to a page is a real
folder inside the site (:func:`inside`: a link there is refused with a clear error, never followed), and a page is
read back only when it is a regular file of bounded size (:func:`read_page`).  Pages are written by a
:class:`Publication`: each through a temporary file renamed over the old one, then ``version.json``; a first build
goes into a hidden folder beside ``DIR`` renamed to ``DIR`` at the end, and removed on any failure.

>>> page_name("en/player-7.html"), page_name("open/ru/index.html"), page_name("assets/site.css")
(True, True, True)
>>> page_name("../victim.txt"), page_name("/etc/passwd"), page_name("en/../../x"), page_name("en\\\\x"), page_name("")
(False, False, False, False, False)
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from ..engine.errors import InputError, Place
from ..engine.messages import Message, os_reason

if TYPE_CHECKING:
    from .spares import Spares

#: one part of a page's name: what the site writes (event folders are slugs, languages, page names)
_PART = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,120}")
#: at most ``event/lang/page``
_DEPTH = 3
#: ``version.json`` of a 10,000-player site is about 2 MB: a larger one is not ours
VERSION_LIMIT = 64 * 2**20


def page_name(rel: str) -> bool:
    """Whether ``rel`` is a name the site may write: relative, plain parts (no ``..``, no hidden part), shallow."""
    parts = rel.split("/")
    return 0 < len(parts) <= _DEPTH and all(_PART.fullmatch(p) and ".." not in p for p in parts)


def refuse_link(out: Path) -> None:
    """An output folder that is a link is refused plainly (its pages would be written wherever it points)."""
    if out.is_symlink():
        raise InputError("the output folder is a link; give the folder it points to, or a new folder", Place(str(out)))


def inside(root: Path, rel_folder: str, make: bool = True) -> Path:
    """The folder ``rel_folder`` of the site ``root`` (made when missing and ``make``), every step a real folder:
    a link or a file on the way is an error naming it, never followed."""
    here = root
    for part in [p for p in rel_folder.split("/") if p not in ("", ".")]:
        here = here / part
        try:
            st = os.lstat(here)
        except FileNotFoundError:
            if not make:
                return here
            try:
                os.mkdir(here)
            except FileExistsError:  # made meanwhile: checked below
                pass
            st = os.lstat(here)
        if stat.S_ISLNK(st.st_mode):
            raise InputError("a link inside the site's folder; the site writes only into folders of its own: "
                             "remove the link and build again", Place(str(here)))
        if not stat.S_ISDIR(st.st_mode):
            raise InputError("not a folder; the site needs this name for its pages: remove it and build again",
                             Place(str(here)))
    return here


def read_page(root: Path, rel: str, limit: int) -> bytes | None:
    """The bytes of the site's file ``rel`` when it is a regular file of at most ``limit`` bytes inside the site
    (no link followed on the way); else None."""
    if not page_name(rel):
        return None
    try:
        folder = inside(root, str(Path(rel).parent), make=False)
        fd = os.open(folder / Path(rel).name, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except (OSError, InputError):
        return None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode) or st.st_size > limit:
            return None
        data = f.read(limit + 1)
    return data if len(data) <= limit else None


def remove_page(root: Path, rel: str) -> None:
    """Remove the site's page ``rel`` (a link is removed itself, never what it points to), then the folders it
    leaves empty; a name that is not the site's, or a link on the way, is left alone."""
    if not page_name(rel):
        return
    try:
        folder = inside(root, str(Path(rel).parent), make=False)
        os.unlink(folder / Path(rel).name)
    except (OSError, InputError):
        return
    for parent in (root / rel).parents:  # an event's folders left empty go too
        if parent == root or not parent.is_relative_to(root):
            break
        try:
            parent.rmdir()
        except OSError:  # not empty
            break


#: threads writing the files of one publication: what the kernel does for each new file (most of the time of
#: writing a page) runs on every core, and beside the making of the next pages
WRITERS = min(4, max(2, os.cpu_count() or 1))


class Publication:
    """One publication into the site's folder ``out``: :meth:`write` pages (as often as needed), :meth:`remove`
    pages, :meth:`finish` with ``version.json``.  A new or empty ``out`` is written whole into a hidden folder beside
    it, renamed to ``out`` by :meth:`finish`; whatever fails, that folder does not stay behind, and a system error is
    an :class:`InputError` naming the file."""

    def __init__(self, out: Path, spares: Spares | None = None) -> None:
        refuse_link(out)
        self.out, self.spares = out, spares
        self.first = not out.is_dir() or not any(out.iterdir())  # a new or empty folder: it appears whole at once
        self.target = out
        if self.first:
            try:
                out.parent.mkdir(parents=True, exist_ok=True)
                self.target = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
            except OSError as e:
                raise InputError(Message("cannot write the site: {}", os_reason(e)), Place(str(out))) from None

    def __enter__(self) -> Publication:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self.first and self.target.exists():
            shutil.rmtree(self.target, ignore_errors=True)
        if isinstance(error, OSError):
            raise InputError(Message("cannot write the site: {}", os_reason(error)),
                             Place(str(error.filename or self.out))) from None

    def write(self, files: dict[str, bytes]) -> None:
        """The pages ``files`` (site path -> bytes) written, each through a temporary file (in threads when there
        are many) renamed into place."""
        temps: list[tuple[str, Path]] = []  # every temporary file made (by any writer), to be renamed or removed
        if self.spares is not None:
            self.spares.pause()  # the writers have the processor
        try:
            items = sorted(files.items())  # by folder: a writer works in a folder or two
            for folder in sorted({str(Path(rel).parent) for rel in files}):
                inside(self.target, folder)
            if len(items) < 64:
                self._write(items, temps)
            else:
                size = -(-len(items) // WRITERS)
                with ThreadPoolExecutor(WRITERS, thread_name_prefix="tiebreak-site-write") as pool:
                    for done in [pool.submit(self._write, items[k:k + size], temps)
                                 for k in range(0, len(items), size)]:
                        done.result()
            for tmp, dest in temps:
                os.replace(tmp, dest)
        except BaseException:
            for tmp, _ in temps:
                Path(tmp).unlink(missing_ok=True)
            raise

    def _write(self, items: list[tuple[str, bytes]], temps: list[tuple[str, Path]]) -> None:
        """Write each page's bytes to a temporary file (one of the spares, else a new one beside the page), readable
        by all as the pages are served; each file is put in ``temps`` as soon as it is the page's."""
        for rel, data in items:
            dest = self.target / rel
            tmp, fd = self.spares.take() if self.spares is not None else None, -1
            if tmp is not None:
                try:
                    fd = os.open(tmp, os.O_WRONLY | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0))
                except OSError:  # the folder of spares is gone: a file beside the page
                    fd = -1
            if fd < 0:
                fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=dest.parent)
            assert tmp is not None
            temps.append((tmp, dest))
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                _readable(f.fileno(), tmp)

    def remove(self, rel: str) -> None:
        remove_page(self.target, rel)

    def finish(self, version: str) -> None:
        """Write ``version.json`` (its text), then put a first build in place."""
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=self.target)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(version)
            _readable(f.fileno(), tmp)
        os.replace(tmp, self.target / "version.json")
        if self.first:
            if self.out.exists():  # an empty folder given
                self.out.rmdir()
            os.chmod(self.target, 0o755)
            os.replace(self.target, self.out)


def _readable(fd: int, path: str) -> None:
    """Readable by all, as the pages are served (by the open file where the system can)."""
    if hasattr(os, "fchmod"):
        os.fchmod(fd, 0o644)
    else:  # pragma: no cover - Windows before Python 3.13
        os.chmod(path, 0o644)
