"""The site's folder is the site's alone: what its own files say (the page names kept in ``version.json``) never names
a place outside it, and a link inside it is never followed for writing, reading back or removing.

A page's name is a short relative path of plain names (:func:`page_name`); every folder on the way to a page is a real
folder inside the site (:func:`inside`: a link there is refused with a clear error, never followed), and a page is
read back only when it is a regular file of bounded size (:func:`read_page`).

>>> page_name("en/player-7.html"), page_name("open/ru/index.html"), page_name("assets/site.css")
(True, True, True)
>>> page_name("../victim.txt"), page_name("/etc/passwd"), page_name("en/../../x"), page_name("en\\\\x"), page_name("")
(False, False, False, False, False)
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from ..engine.errors import InputError, Place

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
