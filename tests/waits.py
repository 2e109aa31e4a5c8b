"""Waiting on a condition in a test, never on the clock: the test goes on as soon as what it waits for is there,
however loaded the machine.  The bound is a hang guard (a test that would otherwise wait for ever fails, saying what
it waited for), never a timing the test asserts: timings are benchmarks (``benchmarks/``).  Test helpers, not part of
the package."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

#: seconds before a wait gives up: far over what anything here takes on a 2-core machine at load 30
HANG_GUARD = 120.0


def until(condition: Callable[[], T], what: str, limit: float = HANG_GUARD, every: float = 0.05) -> T:
    """The first true value of ``condition()``, asked every ``every`` seconds; an AssertionError naming ``what`` when
    none came within ``limit`` seconds.

    >>> until(lambda: 3, "three")
    3
    >>> until(lambda: 0, "a zero to become true", limit=0.01)
    Traceback (most recent call last):
    AssertionError: waited 0.01 s for a zero to become true
    """
    deadline = time.monotonic() + limit
    while not (value := _asked(condition, what, deadline, limit)):
        time.sleep(every)
    return value


async def until_async(condition: Callable[[], T], what: str, limit: float = HANG_GUARD, every: float = 0.05) -> T:
    """:func:`until` inside an event loop: the loop runs the other tasks (the requests a test waits on) between the
    questions.

    >>> asyncio.run(until_async(lambda: 3, "three"))
    3
    """
    deadline = time.monotonic() + limit
    while not (value := _asked(condition, what, deadline, limit)):
        await asyncio.sleep(every)
    return value


def _asked(condition: Callable[[], T], what: str, deadline: float, limit: float) -> T:
    """``condition()``'s answer; an AssertionError naming ``what`` when it is still false past ``deadline``."""
    value = condition()
    if not value and time.monotonic() > deadline:
        raise AssertionError(f"waited {limit:g} s for {what}")
    return value


def followed(monkeypatch: Any) -> threading.Event:
    """An event set once a watcher started later in this process (watchfiles, as ``site --watch`` and ``serve
    --watch`` use it) follows its folders: a change written from then on is seen, one written before may not be (the
    watcher says nowhere when it has started, and under load it starts seconds after its thread)."""
    import watchfiles.main  # noqa: PLC0415  an extra's dependency ([live]): the tests that call this skip without it

    ready = threading.Event()
    made = watchfiles.main.RustNotify  # it follows the folders from its making on

    def watcher(*args: Any) -> Any:
        notify = made(*args)
        ready.set()
        return notify

    monkeypatch.setattr(watchfiles.main, "RustNotify", watcher)
    return ready
