"""Heavy requests run in worker processes that are killed at the time limit (issue 14, finding 3).

Each heavy request gets a fresh process from a fork server (started once, with the engine already imported, so a
process costs a few milliseconds).  At most ``slots`` run at once (default: the machine's cores); at most ``queue``
more wait for a slot, and a request beyond that is refused at once with 503.  A request still running at the time
limit (60 s by default, waiting included) is answered 503 and its process group is killed, the Chromium of a PDF
print with it, so the work really stops and its memory goes back to the system.

The function run must be importable by name (a module-level function) and its arguments and answer picklable;
an :class:`~tiebreak.web.errors.ApiError` or a library error raised there arrives as the same error here.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import traceback
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext, ForkServerProcess
from typing import Callable, Literal, TypeVar, TypeVarTuple, Unpack, cast

import anyio

from ..engine.errors import TiebreakError
from .errors import ApiError, from_tiebreak_error

#: modules the fork server imports once, so that each worker starts with them loaded
PRELOAD = ["tiebreak.service", "tiebreak.web.jobs", "tiebreak.formats.trf", "tiebreak.render.output", "numpy"]

Answer = TypeVar("Answer")
Args = TypeVarTuple("Args")
#: what a worker sends back: its answer, a refusal, or the traceback of a bug
Outcome = tuple[Literal["ok"], object] | tuple[Literal["error"], ApiError] | tuple[Literal["bug"], str]


def _context() -> ForkServerContext:
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(PRELOAD)
    return ctx


def _child(conn: Connection, tmp: str | None, fn: Callable[[Unpack[Args]], object], args: tuple[Unpack[Args]]) -> None:
    """Body of a worker process: its own process group (killed whole), temporary files inside the request's folder
    (removed by the server even when this process is killed), the answer or the error sent back."""
    os.setpgrp()
    if tmp:
        import tempfile

        tempfile.tempdir = tmp
    try:
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


class WorkerPool:
    """Runs functions in killable processes, ``slots`` at once, ``queue`` waiting."""

    def __init__(self, slots: int | None = None, queue: int = 64, time_limit: float = 60) -> None:
        self.slots = slots or os.cpu_count() or 1
        self.queue, self.time_limit = queue, time_limit
        self._limiter: anyio.CapacityLimiter | None = None
        self._waiting = 0
        #: process ids of the workers running now (the tests look at them)
        self.running: set[int] = set()

    async def run(self, fn: Callable[[Unpack[Args]], Answer], *args: Unpack[Args], tmp: str | None = None) -> Answer:
        """``fn(*args)`` in a worker process; 503 when the queue is full or the time limit is reached."""
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(self.slots)
        if self._limiter.available_tokens == 0 and self._waiting >= self.queue:
            raise ApiError(503, "the server is busy; try again in a minute")
        try:
            with anyio.fail_after(self.time_limit):
                self._waiting += 1
                try:
                    await self._limiter.acquire()
                finally:
                    self._waiting -= 1
                try:
                    return await self._in_process(fn, args, tmp)
                finally:
                    self._limiter.release()
        except TimeoutError:
            raise ApiError(503, f"the computation took longer than {self.time_limit:g} s") from None

    async def _in_process(self, fn: Callable[[Unpack[Args]], Answer], args: tuple[Unpack[Args]],
                          tmp: str | None) -> Answer:
        ctx = _context()
        receiving, sending = ctx.Pipe(duplex=False)
        process = ctx.Process(target=_child, args=(sending, tmp, fn, args), daemon=True)
        await anyio.to_thread.run_sync(process.start)
        sending.close()
        pid = process.pid
        assert pid is not None  # start() gave it
        self.running.add(pid)
        try:
            await anyio.wait_readable(receiving)
            try:
                outcome: Outcome = await anyio.to_thread.run_sync(receiving.recv, abandon_on_cancel=True)
            except EOFError:  # the process died without answering (killed by the system: out of memory)
                raise ApiError(503, "the computation was stopped: it needed more than the server gives it") from None
        finally:
            _kill(process)
            receiving.close()
            with anyio.CancelScope(shield=True):  # even after the time limit: gone before the 503 is sent
                await anyio.to_thread.run_sync(process.join, 10)
            process.close()
            self.running.discard(pid)
        kind, value = outcome
        if kind == "ok":
            return cast(Answer, value)  # what fn(*args) returned in the worker, unpickled
        if isinstance(value, ApiError):
            raise value
        raise RuntimeError(f"worker failed:\n{value}")


def _kill(process: ForkServerProcess) -> None:
    """Kill the worker and everything it started (its process group: a PDF print's Chromium too)."""
    try:
        if process.pid is not None:
            os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if process.is_alive():
        process.kill()
