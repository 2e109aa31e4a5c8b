"""Requests that compute run in worker processes that are killed at the time limit (issue 14, finding 3), shared
fairly between clients (issue 24), in two lanes (issue 34): a pool for light requests (standings, explanations,
prizes...) and one for heavy ones (odds, checks against published standings), whose processes run at a lower
priority (``nice``), so a flood of heavy requests from however many addresses never delays a light one.

Each heavy request gets a fresh process from a fork server (started once, with the engine already imported, so a
process costs a few milliseconds).  At most ``slots`` run at once (default: the machine's cores); at most ``queue``
more wait, and a request beyond that is refused at once with 503, unless one client (an IP address) has more than
its share: then its newest waiting request is refused (429) and the new one takes its place.  A request still running at the time
limit (60 s by default, waiting included) is answered 503 and its process group is killed, the Chromium of a PDF
print with it, so the work really stops and its memory goes back to the system.  No worker outlives the server,
however the server ends (:func:`end_with_parent`).

Each pool bounds the work of one address (``per_client`` requests running or waiting; one more is refused at once
with 429) and the work waiting in all (``queue``).

Fairness: a free slot goes to the waiting request whose client runs the fewest requests, then to the one that has
run the least (a new request before one that was paused).  When every slot is taken, a request that has run at least
``quantum`` seconds is paused (``SIGSTOP`` to its process group) for a waiting one that is owed the slot more: one of
a client that holds fewer slots, or a newer one of the same share, so a quick request is answered at once while
long ones run; at most ``slots`` requests are paused at once (their memory is held, so it stays bounded; half of
them for turns between requests of equal share, the rest kept for clients that hold fewer slots), and a paused one
goes on (``SIGCONT``) when a slot frees.  A request paused still counts towards its time limit.

The function run must be importable by name (a module-level function) and its arguments and answer picklable;
an :class:`~tiebreak.web.errors.ApiError` or a library error raised there arrives as the same error here.
"""

from __future__ import annotations

import ctypes
import logging
import multiprocessing
import multiprocessing.forkserver
import os
import pickle
import signal
import sys
import tempfile
import threading
import time
import traceback
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext, ForkServerProcess
from typing import Callable, Literal, TypeVar, TypeVarTuple, Unpack, cast

import anyio

from ..engine.errors import TiebreakError
from ..engine.messages import Message
from .errors import ApiError, from_tiebreak_error

log = logging.getLogger("tiebreak.web")
#: modules the fork server imports once, so that each worker starts with them loaded
PRELOAD = ["tiebreak.app.standings", "tiebreak.web.jobs", "tiebreak.formats.trf", "tiebreak.render.output", "numpy"]

Answer = TypeVar("Answer")
Args = TypeVarTuple("Args")
#: what a worker sends back: its answer, a refusal, or the traceback of a bug
Outcome = (tuple[Literal["ok"], object] | tuple[Literal["error"], ApiError] | tuple[Literal["bug"], str]
           | tuple[Literal["start"], tuple[str, str]])
#: what a worker process runs first, with only the standard library loaded: the package and the work are imported
#: here, so a worker that cannot import them says why (its short reason for the answer, the whole one for the log)
#: instead of ending without an answer
_BOOT = """
try:
    import pickle
    from tiebreak.web.workers import _child, end_with_parent
    end_with_parent(parent)
    tmp, fn, args, nice = pickle.loads(payload)
except BaseException as e:
    short = type(e).__name__ + (" " + repr(e.name) if isinstance(e, ImportError) and e.name else "")
    conn.send(("start", (short, f"{type(e).__name__}: {e}")))
    conn.close()
else:
    _child(conn, tmp, fn, args, nice)
"""
_STARTING = threading.Lock()
#: Linux's ``prctl`` option asking the kernel for a signal when this process's parent ends
PR_SET_PDEATHSIG = 1


def _context() -> ForkServerContext:
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(PRELOAD)
    return ctx


def _ensure_fork_server() -> None:
    """Start the fork server (once; again if it died) with the package imported from its install.

    Python starts it with ``python -c``, which puts the current folder first on its path: started from the folder
    that holds a checkout named ``tiebreak``, the checkout would be imported as an empty namespace package and every
    worker would fail.  ``PYTHONSAFEPATH`` (Python 3.11) leaves the current folder out, for the fork server only."""
    with _STARTING:
        old = os.environ.get("PYTHONSAFEPATH")
        os.environ["PYTHONSAFEPATH"] = "1"
        try:
            multiprocessing.forkserver.ensure_running()
        finally:
            if old is None:
                del os.environ["PYTHONSAFEPATH"]
            else:
                os.environ["PYTHONSAFEPATH"] = old


def _fork_server_pid() -> int | None:
    """The process id of the fork server running now (None where Python does not say: then a worker does not check
    that its parent is still there when it starts)."""
    pid = getattr(getattr(multiprocessing.forkserver, "_forkserver", None), "_forkserver_pid", None)
    return pid if isinstance(pid, int) else None


def end_with_parent(parent: int | None) -> None:
    """Make this worker end when its parent, the fork server (``parent``: its process id, taken before the fork),
    ends; the fork server ends when the server ends in any way, SIGKILL or a crash included (its pipe from the server
    closes), so no worker outlives the server, not even one paused.  On Linux the kernel kills it (SIGKILL, which
    ends a stopped process too); elsewhere a thread looks every second whether its parent has changed.  A worker
    whose parent ended before it asked ends at once.

    Python gives each process of a fork server the write end of that pipe (so that the fork server lives as long as
    a process that may ask it for more): a worker closes it at once, or a worker still computing, or paused, would
    keep the fork server, and so itself, alive after the server."""
    server = getattr(multiprocessing.forkserver, "_forkserver", None)
    alive = getattr(server, "_forkserver_alive_fd", None)
    if isinstance(alive, int):  # a worker never starts processes through the fork server
        os.close(alive)
        server._forkserver_alive_fd = None  # type: ignore[union-attr]
    if not _killed_with_parent():
        threading.Thread(target=_end_when_orphaned, args=(parent or os.getppid(),), daemon=True).start()
    if parent is not None and os.getppid() != parent:
        os._exit(1)


def _killed_with_parent() -> bool:
    """Ask Linux to SIGKILL this process when its parent ends; False where that cannot be asked."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return False
    return bool(prctl(PR_SET_PDEATHSIG, ctypes.c_ulong(signal.SIGKILL), ctypes.c_ulong(0), ctypes.c_ulong(0),
                      ctypes.c_ulong(0)) == 0)


def _end_when_orphaned(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1)
    os._exit(1)


def _child(conn: Connection, tmp: str | None, fn: Callable[[Unpack[Args]], object], args: tuple[Unpack[Args]],
           nice: int = 0) -> None:
    """Body of a worker process: its own process group (killed whole), temporary files inside the request's folder
    (removed by the server even when this process is killed), the answer or the error sent back."""
    os.setpgrp()
    if tmp:
        tempfile.tempdir = tmp
    try:
        if nice:
            os.nice(nice)  # a heavy lane's worker: the light lane's run first on a busy machine
        answer: Outcome = ("ok", fn(*args))
    except ApiError as e:
        answer = ("error", e)
    except TiebreakError as e:
        answer = ("error", from_tiebreak_error(e))
    except MemoryError:
        answer = ("error", ApiError(503, "the computation needs more memory than the server gives it"))
    except BaseException:  # a bug: the server logs it and answers a JSON 500
        answer = ("bug", traceback.format_exc())
    try:
        conn.send(answer)
    finally:
        conn.close()


@dataclass(eq=False)
class _Job:
    """One request in the pool: waiting for a slot, running, or paused."""

    client: str
    arrival: float
    pausable: bool
    go: anyio.Event = field(default_factory=anyio.Event)
    state: Literal["waiting", "running", "paused"] = "waiting"
    pid: int | None = None
    scope: anyio.CancelScope = field(default_factory=anyio.CancelScope)  # cancelled to give its place away
    resumed: float = 0.0  # when it last started running
    attained: float = 0.0  # seconds it ran before that


class WorkerPool:
    """Runs functions in killable processes, ``slots`` at once, ``queue`` waiting, at most ``per_client`` of one
    client, shared fairly between clients; ``nice``: the priority of its processes (0: normal; a heavy lane's: 10)."""

    def __init__(self, slots: int | None = None, queue: int = 64, time_limit: float = 60, quantum: float = 0.5,
                 per_client: int | None = None, nice: int = 0) -> None:
        self.slots = slots or os.cpu_count() or 1
        self.queue, self.time_limit, self.quantum, self.nice = queue, time_limit, quantum, nice
        self.per_client = per_client or max(4, self.slots + queue // 8)
        self._jobs: list[_Job] = []
        #: process ids of the workers running now (the tests look at them)
        self.running: set[int] = set()

    async def run(self, fn: Callable[[Unpack[Args]], Answer], *args: Unpack[Args], tmp: str | None = None,
                  client: str = "", pausable: bool = True) -> Answer:
        """``fn(*args)`` in a worker process for ``client``; 503 when the queue is full or the time limit is
        reached, 429 when the request gave its place in a full queue to another client's.  ``pausable``: whether the work may
        be paused for another's (not a PDF print, whose browser keeps its own time)."""
        if sum(j.client == client for j in self._jobs) >= self.per_client:
            raise ApiError(429, "too many requests at once from your address; try again when your other requests are "
                                "answered")
        waiting = sum(j.state != "running" for j in self._jobs)  # a paused request waits for a slot too
        if waiting >= self.queue and self._busy() >= self.slots and not self._evict_for(client):
            raise ApiError(503, "the server is busy; try again in a minute")
        job = _Job(client, time.monotonic(), pausable)
        self._jobs.append(job)
        try:
            with anyio.fail_after(self.time_limit):
                with job.scope:  # cancelled when the request gives its place to another client's
                    while not job.go.is_set():
                        self._schedule()
                        with anyio.move_on_after(self.quantum):
                            await job.go.wait()
                    return await self._in_process(job, fn, args, tmp)
                raise ApiError(429, "too many requests at once from your address while others wait; "
                                    "try again when your other requests are answered")
        except TimeoutError:
            raise ApiError(503, Message("the computation took longer than {} s", format(self.time_limit, 'g'))) from None
        finally:
            if job in self._jobs:
                self._jobs.remove(job)
            self._schedule()

    def _evict_for(self, client: str) -> bool:
        """The queue is full: make room for ``client`` by refusing the newest waiting request of the client with
        the most requests here, when that is more than one more than ``client`` has (its share while others wait)."""
        count: dict[str, int] = {}
        for j in self._jobs:
            count[j.client] = count.get(j.client, 0) + 1
        greedy = max(count, key=lambda c: count[c], default=None)
        if greedy is None or count[greedy] <= count.get(client, 0) + 1:
            return False
        queued = [j for j in self._jobs if j.client == greedy and j.state != "running"]  # waiting or paused
        if not queued:
            return False
        victim = max(queued, key=lambda j: j.arrival)
        self._jobs.remove(victim)
        victim.scope.cancel()  # a paused one's process is killed on the way out
        return True

    def _busy(self) -> int:
        return sum(j.state == "running" for j in self._jobs)

    def _schedule(self) -> None:
        """Give free slots to the waiting and paused requests owed them most; pause a request that has had its
        quantum for one owed its slot more (see the module's description)."""
        now = time.monotonic()
        while True:
            share: dict[str, int] = {}
            for j in self._jobs:
                share[j.client] = share.get(j.client, 0) + (j.state == "running")
            ready = [j for j in self._jobs if j.state != "running"]
            if not ready:
                return
            best = min(ready, key=lambda j: (share[j.client], j.attained, j.arrival))
            if self._busy() < self.slots:
                self._start(best, now)
                continue
            held = [j for j in self._jobs if j.state == "running" and j.pausable and j.pid is not None
                    and now - j.resumed >= self.quantum]
            if not held:
                return
            worst = max(held, key=lambda j: (share[j.client], j.attained + now - j.resumed))
            owed = share[best.client] - (best.client == worst.client)
            if (owed, best.attained) >= (share[worst.client] - 1, worst.attained + now - worst.resumed):
                return
            # at most as many paused as slots (their memory is held), and half of those for turns between equals:
            # the rest is kept for a client that holds fewer slots than another
            paused = sum(j.state == "paused" for j in self._jobs)
            if best.state == "waiting" and paused >= (self.slots if owed < share[worst.client] - 1
                                                      else max(1, self.slots // 2)):
                return
            self._signal(worst, signal.SIGSTOP)
            worst.state, worst.attained = "paused", worst.attained + now - worst.resumed
            self._start(best, now)

    def _start(self, job: _Job, now: float) -> None:
        if job.state == "paused":
            self._signal(job, signal.SIGCONT)
        job.state, job.resumed = "running", now
        job.go.set()

    @staticmethod
    def _signal(job: _Job, sig: signal.Signals) -> None:
        try:
            if job.pid is not None:
                os.killpg(job.pid, sig)
        except (ProcessLookupError, PermissionError):
            pass

    async def _in_process(self, job: _Job, fn: Callable[[Unpack[Args]], Answer], args: tuple[Unpack[Args]],
                          tmp: str | None) -> Answer:
        ctx = _context()
        receiving, sending = ctx.Pipe(duplex=False)
        payload = pickle.dumps((tmp, fn, args, self.nice))  # the work by name: imported in the worker by _BOOT
        try:
            process = await anyio.to_thread.run_sync(_start_process, ctx, sending, payload)
        finally:
            sending.close()
        pid = process.pid
        assert pid is not None  # start() gave it
        job.pid = pid
        self.running.add(pid)
        try:
            while True:  # every quantum, the pool looks again at who is owed a slot
                with anyio.move_on_after(self.quantum):
                    await anyio.wait_readable(receiving)
                    break
                self._schedule()
            try:
                outcome: Outcome | None = await anyio.to_thread.run_sync(receiving.recv, abandon_on_cancel=True)
            except EOFError:  # the process died without answering: why, once it is joined
                outcome = None
        finally:
            job.pid = None  # never signalled again: the process is killed and reaped here
            _kill(process)
            receiving.close()
            with anyio.CancelScope(shield=True):  # even after the time limit: gone before the 503 is sent
                await anyio.to_thread.run_sync(process.join, 10)
            code = process.exitcode
            process.close()
            self.running.discard(pid)
        if outcome is None:
            raise _died(code)
        kind, value = outcome
        if kind == "start":
            short, full = cast(tuple[str, str], value)
            log.error("a worker process could not start: %s", full)
            raise ApiError(500, Message("the server could not start a worker process: {}", short))
        if kind == "ok":
            return cast(Answer, value)  # what fn(*args) returned in the worker, unpickled
        if isinstance(value, ApiError):
            raise value
        raise RuntimeError(f"worker failed:\n{value}")


def _start_process(ctx: ForkServerContext, conn: Connection, payload: bytes) -> ForkServerProcess:
    """Start a worker that runs ``payload`` (by :data:`_BOOT`) and answers on ``conn``; one that cannot start is a 500
    that says so (and the log has the reason)."""
    try:
        _ensure_fork_server()
        boot = {"conn": conn, "payload": payload, "parent": _fork_server_pid()}
        process = ctx.Process(target=exec, args=(_BOOT, boot), daemon=True)
        process.start()
        return process
    except Exception as e:
        log.exception("a worker process could not start")
        raise ApiError(500, Message("the server could not start a worker process: {}", type(e).__name__)) from None


def _died(code: int | None) -> ApiError:
    """Why a worker ended without an answer (``code``: its exit status): killed (out of memory), or it could not run
    at all."""
    if code == -signal.SIGKILL:  # the system's out-of-memory killer
        return ApiError(503, "the computation was stopped: it needed more than the server gives it")
    log.error("a worker process ended without an answer (exit status %s); its error is in the server's output", code)
    if code is not None and code < 0:
        return ApiError(500, Message("the worker process crashed (signal {})", -code))
    return ApiError(500, Message("the worker process could not run the computation (exit status {})", code))


def _kill(process: ForkServerProcess) -> None:
    """Kill the worker and everything it started (its process group: a PDF print's Chromium too)."""
    try:
        if process.pid is not None:
            os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if process.is_alive():
        process.kill()
