"""Uploads: the size limit on every request body (413 as soon as more than the limit arrives, whatever
Content-Length says), and the temporary folder an uploaded file lives in while a worker process reads it.

The folder is removed when the request ends, however it ends (an error, a worker killed at the time limit, the client
gone: the ``with`` of :func:`upload_folder`); a server that is itself killed (SIGKILL, a machine that stops) cannot
remove it, so the folder's name holds the server's process id and the next server removes the folders of processes
that no longer run (:func:`remove_stale_uploads`).

>>> content_disposition("Турнир \\"1\\".csv")
'attachment; filename="______ _1_.csv"; filename*=utf-8\\'\\'%D0%A2%D1%83%D1%80%D0%BD%D0%B8%D1%80%20%221%22.csv'
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import fields, is_dataclass, replace
from email.utils import encode_rfc2231
from pathlib import Path
from typing import Callable, Protocol, TypeVar, Unpack, cast

import anyio
from fastapi import Request, UploadFile
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.types import Message as ASGIMessage

from ..engine.messages import Message, replaced
from ..formats.readers import READERS
from .errors import ApiError, error_response, request_language, shown_value
from .workers import Answer, Args, WorkerPool

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: an upload's folder: ``tiebreak-upload-<the server's process id>-<random>`` in the system's temporary folder
UPLOAD_PREFIX = "tiebreak-upload-"


def upload_folder() -> tempfile.TemporaryDirectory[str]:
    """A new folder for one request's upload, named with this process's id, removed when its ``with`` ends."""
    return tempfile.TemporaryDirectory(prefix=f"{UPLOAD_PREFIX}{os.getpid()}-")


def remove_stale_uploads(where: str | None = None) -> list[str]:
    """Remove the upload folders left by servers that no longer run (killed before they could remove them): those
    whose name holds the id of a process that does not exist.  The folders removed.

    >>> import subprocess, sys, tempfile
    >>> gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    >>> root = tempfile.mkdtemp()
    >>> stale = tempfile.mkdtemp(prefix=f"{UPLOAD_PREFIX}{int(gone.stdout)}-", dir=root)
    >>> mine = tempfile.mkdtemp(prefix=f"{UPLOAD_PREFIX}{os.getpid()}-", dir=root)
    >>> remove_stale_uploads(root) == [stale], os.path.isdir(mine)
    (True, True)
    """
    root = Path(where or tempfile.gettempdir())
    removed = []
    for folder in root.glob(f"{UPLOAD_PREFIX}*-*"):
        pid = folder.name[len(UPLOAD_PREFIX):].split("-", 1)[0]
        if not pid.isdigit() or folder.is_symlink() or not folder.is_dir() or _running(int(pid)):
            continue
        shutil.rmtree(folder, ignore_errors=True)
        removed.append(str(folder))
    return removed


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # another user's process, or not a process id: not ours to judge
    return True
Options_co = TypeVar("Options_co", covariant=True)


def content_disposition(name: str) -> str:
    """The download header for ``name`` (RFC 6266): a plain ``filename`` for old clients (letters, digits and a few
    marks; the rest becomes ``_``), and the exact name
    percent-encoded in ``filename*`` (RFC 5987), so quotes, control characters and Cyrillic can neither break nor
    inject anything."""
    plain = "".join(c if c.isascii() and (c.isalnum() or c in " .,-_()[]+") else "_" for c in name)
    return f'attachment; filename="{plain}"; filename*={encode_rfc2231(name, "utf-8")}'


class BodyLimit:
    """ASGI middleware: refuse a request body over ``limit`` bytes with 413 (the body is read before the app sees
    it, so the form parser never holds more than the limit)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length", b"").decode("latin-1")
        if declared.isascii() and declared.isdigit() and len(declared) < 20 and int(declared) > self.limit:
            return await self._refuse(scope, receive, send)
        received = bytearray()  # one buffer: a body sent a byte at a time costs its bytes, not an object per byte
        while True:
            event = await receive()
            if event["type"] != "http.request":
                return
            received += event.get("body", b"")
            if len(received) > self.limit:
                return await self._refuse(scope, receive, send)
            if not event.get("more_body"):
                break
        body, given = bytes(received), False
        del received

        async def replay() -> ASGIMessage:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        lang = request_language(Request(scope))  # the form is not read (too large): the query's, else English
        e = ApiError(413, Message("upload too large: more than {} MB", self.limit // 2**20))
        await error_response(e, lang)(scope, receive, send)


def uploaded_name(filename: str) -> str:
    r"""The name the user knows an upload by: its last path part (``C:\event.trf`` gives ``event.trf``).

    >>> uploaded_name("C:\\Users\\arbiter\\Open 2025.trf"), uploaded_name("")
    ('Open 2025.trf', 'upload')
    """
    return Path(filename.replace("\\", "/")).name or "upload"


def client_of(request: Request) -> str:
    """Who sent a request, for the fair share of the workers: its address (a proxy in front would need its own
    limits)."""
    return request.client.host if request.client else ""


class UploadForm(Protocol[Options_co]):
    """A form with a tournament file (or the name of a bundled example), a language, and the options of the use case."""

    @property
    def file(self) -> UploadFile | None: ...

    @property
    def example(self) -> str | None: ...

    @property
    def lang(self) -> str | None: ...

    def options(self) -> Options_co: ...


async def run_on_upload(request: Request, form: UploadForm[Options_co],
                        fn: Callable[[Options_co, str, Unpack[Args]], Answer], *args: Unpack[Args],
                        pausable: bool = True, heavy: bool = False) -> tuple[Answer, str]:
    """``fn(options, path, *args)`` in a worker process on the uploaded file (or the chosen example); the answer
    and the file name the user knows it by.  Errors name that file, never the temporary one.  ``pausable``: see
    :meth:`~tiebreak.web.workers.WorkerPool.run`; ``heavy``: in the heavy lane (odds, checks), never in the way of
    the light requests."""
    lang = request.state.lang = request_language(request, form.lang)
    options = form.options()
    upload: UploadFile | None = form.file
    with upload_folder() as tmp:
        if upload is not None and upload.filename:
            shown = uploaded_name(upload.filename)
            suffix = Path(shown).suffix.lower()
            known = suffix in READERS or suffix in (".trf", ".txt", ".tab")
            path = Path(tmp) / ("upload" + (suffix if known else ".trf"))
            await anyio.to_thread.run_sync(path.write_bytes, await upload.read())
        elif form.example:
            path = EXAMPLES / Path(form.example).name
            if not path.is_file() or path.parent != EXAMPLES:
                raise ApiError(404, Message("no bundled example {}", shown_value(form.example)), field="example")
            shown = path.name
        else:
            raise ApiError(400, "give a tournament file (field 'file') or a bundled example (field 'example')",
                           field="file")
        if is_dataclass(options) and {"lang", "name"} <= {f.name for f in fields(options)}:
            # the answer's words in the request's language; the file by the name the user knows it by
            options = cast(Options_co, replace(options, lang=lang, name=shown))  # type: ignore[type-var]
        try:
            workers: WorkerPool = request.app.state.heavy if heavy else request.app.state.workers
            return await workers.run(fn, options, str(path), *args, tmp=tmp, client=client_of(request),
                                     pausable=pausable), shown
        except ApiError as e:
            if e.place.get("file") == str(path):
                e.place["file"] = shown
            e.message = replaced(e.message, str(path), shown)
            raise


def wants_html(request: Request) -> bool:
    """Whether the client asks for HTML before JSON (``Accept: text/html``): the page's panels and tables."""
    accept = request.headers.get("accept", "")
    return "text/html" in accept and "application/json" not in accept.split("text/html")[0]
