"""The web app: one FastAPI application made of routers, one per concern.  The OpenAPI document at ``/openapi.json``
is generated from the routers' typed fields and answers, so it cannot drift from the code.

To add a group of endpoints, write a module with an ``APIRouter`` and add it to :data:`ROUTERS`
(docs/reference/web-api.md says how).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import socket
import sys
from contextlib import AbstractAsyncContextManager
from multiprocessing import forkserver
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import anyio
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from ..engine.errors import InputError, Place
from ..engine.messages import Message, os_reason
from ..version import __version__
from . import api_odds, api_ratings, api_standings, api_tools, api_words, errors, pages
from .uploads import BodyLimit, remove_stale_uploads
from .workers import WorkerPool

if TYPE_CHECKING:  # the live face is imported only when it is on
    from ..live.watch import LiveHub

HERE = Path(__file__).parent
MAX_UPLOAD_BYTES = 20 * 1024 * 1024
TIME_LIMIT_SECONDS = 60
#: the priority of the heavy lane's worker processes (``nice``): the light lane's run first on a busy machine
HEAVY_NICE = 10
#: Chromium prints at once (each is ~5 processes and a few hundred MB)
PDF_PRINTS = 2
#: the routers of the app, in the order of the OpenAPI document
ROUTERS = [api_standings.router, api_tools.router, api_words.router, api_odds.router, api_ratings.router,
           pages.router]


def create_app(max_upload: int = MAX_UPLOAD_BYTES, time_limit: float = TIME_LIMIT_SECONDS, workers: int | None = None,
               queue: int = 64, pdf_prints: int = PDF_PRINTS, live: LiveHub | None = None) -> FastAPI:
    """The app; ``live`` (a :class:`~tiebreak.live.watch.LiveHub`) adds the live face (:mod:`tiebreak.web.live`).
    ``time_limit``: seconds a request that computes may take (waiting included) before it is answered 503 and
    its worker process killed; ``workers``: such requests at once in each lane, light and heavy (default: the
    machine's cores; :mod:`tiebreak.web.workers`); ``queue``: requests that may wait in each lane (more are refused
    with 503 at once); ``pdf_prints``: Chromium prints at once."""
    app = FastAPI(title="tiebreak", version=__version__,
                  description="Exact chess tournament standings by tie-break rules (FIDE C.07 2024/2026, Arbiters' "
                              "Manual Art. 13, USCF, Russian practice). The JSON shapes are those of the command "
                              "line; errors are {error, file, line, column, field, place} (null where unknown), in the "
                              "language of the form field lang, else of ?lang=, else English.",
                  docs_url=None, redoc_url=None, lifespan=_live_lifespan(live))
    errors.install(app)
    remove_stale_uploads()  # the folders of a server killed before it could remove them
    for router in ROUTERS:
        app.include_router(router)
    if live is not None:
        from .live import install as install_live  # noqa: PLC0415  start-up: live events only: SQLAlchemy, Alembic (+866 ms)

        install_live(app, live)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    app.add_middleware(BodyLimit, limit=max_upload)
    app.state.max_upload, app.state.time_limit = max_upload, time_limit
    app.state.workers = WorkerPool(workers, queue, time_limit)  # the light lane
    app.state.heavy = WorkerPool(workers, queue, time_limit, nice=HEAVY_NICE)  # odds, checks: never before the light
    app.state.pdf_prints = anyio.Semaphore(max(1, pdf_prints))
    return app


def _live_lifespan(live: LiveHub | None) -> Callable[[FastAPI], AbstractAsyncContextManager[None]] | None:
    if live is None:
        return None
    from .live import lifespan  # noqa: PLC0415  (as above)

    return lambda app: lifespan(live)


def listening(host: str, port: int) -> socket.socket:
    """A socket bound to ``host`` and ``port`` (``tiebreak serve``'s, their defaults declared in
    :mod:`tiebreak.app.declared`), before the server starts: the address it is bound to is then known and said
    (``--port 0``: the port the system chose, :func:`address`), and an address that cannot be had is said before
    anything starts (``InputError``)."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds: a restart reuses the port at once
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        raise InputError(Message("cannot listen on {}: {}", address(host, port), os_reason(e)),
                         Place("", field="port")) from None
    sock.set_inheritable(True)
    return sock


def address(host: str, port: int) -> str:
    """The address a browser opens for ``host`` and ``port`` (an IPv6 address in brackets).

    >>> address("127.0.0.1", 8000), address("::1", 8080)
    ('http://127.0.0.1:8000/', 'http://[::1]:8080/')
    """
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def bound_address(sock: socket.socket) -> str:
    """The address ``sock`` is bound to (:func:`address`): the port the system chose for port 0."""
    host, port = sock.getsockname()[:2]
    return address(str(host), int(port))


def serve(sock: socket.socket, live: LiveHub | None = None) -> None:
    """Serve on the bound socket ``sock`` (:func:`listening`) until SIGTERM or SIGINT (Ctrl-C), with the connection
    limits of :mod:`tiebreak.web.connections`, then stop every process the server started (workers, the live odds'
    process, the fork server, the resource tracker) before returning."""
    import uvicorn  # noqa: PLC0415  start-up: a server only, never the workers or a test client (+32 ms)

    from .connections import GuardedH11Protocol  # noqa: PLC0415  (as above: uvicorn's h11, +38 ms)

    workers = int(os.environ.get("TIEBREAK_WORKERS", "0")) or None
    time_limit = float(os.environ.get("TIEBREAK_TIME_LIMIT", TIME_LIMIT_SECONDS))
    # uvicorn shuts down gracefully on SIGTERM, then raises the signal again: by default that ends the process at
    # once, leaving its children behind (Ctrl-C raises KeyboardInterrupt instead, and the process ends normally).
    # Here the second SIGTERM ends the process normally too, after its children.
    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        # event streams stay open: give them 2 s to end when the server stops
        config = uvicorn.Config(create_app(time_limit=time_limit, workers=workers, live=live), log_level="info",
                                timeout_graceful_shutdown=2, http=GuardedH11Protocol)
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: stopped (as uvicorn.run stops)
            uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
        signal.signal(signal.SIGTERM, previous)
        odds = sys.modules.get("tiebreak.live.odds")  # the live odds' process pool, shut down before its process ends
        if odds is not None:
            odds.stop_worker()
        stop_children()


def _terminated(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def stop_children(wait: float = 5) -> None:
    """End the processes this one started through :mod:`multiprocessing`: its processes (terminated, then killed
    if they linger) and the fork server.  The resource tracker ends by itself once this process has ended (it
    still has semaphores to unlink at exit) and every process holding its pipe is gone."""
    children = multiprocessing.active_children()
    for child in children:
        child.terminate()
    for child in children:
        child.join(wait)
        if child.is_alive():
            child.kill()
            child.join(wait)
    stop = getattr(getattr(forkserver, "_forkserver", None), "_stop", None)
    if callable(stop):  # CPython's own way of ending it (its tests use it); absent elsewhere: it ends at exit
        with contextlib.suppress(OSError, ChildProcessError):
            stop()
