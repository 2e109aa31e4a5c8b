"""Reading an input file (its bytes or UTF-8 text, or an InputError that names it) and writing an output safely (never
over an input, never half-written)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import BinaryIO

from ..engine.errors import InputError, Place
from ..engine.messages import Message, os_reason

#: bytes already read (and checked) for one path: the live server reads a watched file once, inside the watched
#: folder, then gives those very bytes to the same reader as ``tiebreak standings`` (:func:`reading`)
_GIVEN: ContextVar[tuple[str, bytes] | None] = ContextVar("given_input", default=None)


@contextlib.contextmanager
def reading(path: str | Path, data: bytes) -> Iterator[None]:
    """While in this block, :func:`read_input` of ``path`` answers ``data`` instead of reading the file.

    >>> with reading("open.trf", b"012 Club"):
    ...     read_input("open.trf")
    b'012 Club'
    """
    token = _GIVEN.set((str(path), data))
    try:
        yield
    finally:
        _GIVEN.reset(token)


def read_input(path: str | Path) -> bytes:
    """The bytes of an input file, or an InputError naming it (every reader starts here)."""
    given = _GIVEN.get()
    if given is not None and given[0] == str(path):
        return given[1]
    try:
        return Path(path).read_bytes()
    except OSError as e:
        raise InputError(Message("cannot read the file: {}", os_reason(e)), Place(str(path))) from None


def head(path: str | Path, n: int) -> bytes:
    """The first ``n`` bytes of an input file (those given by :func:`reading` when they are), or ``b""`` when it cannot
    be read (the reader then says why)."""
    given = _GIVEN.get()
    if given is not None and given[0] == str(path):
        return given[1][:n]
    try:
        with open(path, "rb") as f:
            return f.read(n)
    except OSError:
        return b""


def read_text(path: str | Path) -> str:
    """The text of a UTF-8 input file (a BOM is allowed), or an InputError naming the file and the bad byte."""
    data = read_input(path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InputError(Message("the file is not UTF-8 text (byte {})", e.start + 1), Place(str(path))) from None


class OutputError(InputError):
    """An output that must not be written: over an input, over an existing file without ``--force``, or binary to a
    terminal; ``place`` names the target."""


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether two names are one file: the same resolved path, or the same file reached another way (a hard or
    symbolic link, a bind mount: ``os.path.samefile``).

    >>> same_file("README.md", "./docs/../README.md"), same_file("README.md", "pyproject.toml")
    (True, False)
    """
    if Path(a).resolve() == Path(b).resolve():
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist (yet): not the same file
        return False


def check_target(target: str | Path, inputs: Iterable[str | Path] = (), force: bool = False) -> Path:
    """``target`` as a Path when it may be written: never one of ``inputs``, and an existing file only with ``force``."""
    path = Path(target)
    for source in inputs:
        if same_file(path, source):
            raise OutputError(Message("the output would write over the input {}; choose another name", source), Place(str(path)))
    if path.is_dir():
        raise OutputError("the output is a folder; give a file name", Place(str(path)))
    if path.exists() and not force:
        raise OutputError("the file exists; give --force to replace it", Place(str(path)))
    return path


def write_output(target: str | Path, data: str | bytes | Callable[[BinaryIO], None],
                 inputs: Iterable[str | Path] = (), force: bool = False) -> Path:
    """Write ``data`` (text as UTF-8, bytes, or a function writing to a binary file) to ``target`` without ever
    leaving a half-written file: it goes to a temporary file in the target's folder, which is renamed into place
    (atomic on one file system) only when complete.  A target that is one of ``inputs`` is refused; an existing one
    is replaced only with ``force``.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> write_output(folder / "a.txt", "first").read_text()
    'first'
    >>> write_output(folder / "a.txt", "second")
    Traceback (most recent call last):
    tiebreak.formats.files.OutputError: ...a.txt: the file exists; give --force to replace it
    >>> write_output(folder / "b.txt", "x", inputs=[folder / "b.txt"])
    Traceback (most recent call last):
    tiebreak.formats.files.OutputError: ...b.txt: the output would write over the input ...b.txt; choose another name
    >>> sorted(p.name for p in folder.iterdir())   # no temporary file left behind
    ['a.txt']
    """
    import tempfile  # noqa: PLC0415  start-up: `import tiebreak` without shutil, random, compressors (+3 ms)

    path = check_target(target, inputs, force)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=folder)
    except OSError as e:
        raise OutputError(Message("cannot write the file: {}", os_reason(e)), Place(str(path))) from None
    try:
        with os.fdopen(fd, "wb") as f:
            if callable(data):
                data(f)
            else:
                f.write(data.encode("utf-8") if isinstance(data, str) else data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes it private; the output gets the usual permissions
        os.replace(tmp, path)
    except OSError as e:
        _remove(tmp)
        raise OutputError(Message("cannot write the file: {}", os_reason(e)), Place(str(path))) from None
    except BaseException:
        _remove(tmp)
        raise
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
