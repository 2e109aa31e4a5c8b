"""Heavy requests run in worker processes killed at the time limit (issue 14, finding 3): after the 503 the work has
really stopped and its memory is the system's again, other requests are answered meanwhile, and the queue is
bounded.  A deliberately slow computation (``tests/webwork.py``) is put behind an endpoint the test adds as a router,
the way every group of endpoints is added."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
import httpx  # noqa: E402
import webwork  # noqa: E402
from fastapi import APIRouter, Request  # noqa: E402
from waits import HANG_GUARD, until_async  # noqa: E402

from tiebreak.web import create_app  # noqa: E402

EXAMPLE = "hobsons-bay-cup-2025.trf"


def _app(tmp_path: Path, **kw):
    app = create_app(**kw)
    router = APIRouter()

    @router.get("/slow")
    async def slow(request: Request, n: int = 0):
        return await request.app.state.workers.run(webwork.hog, 300, str(tmp_path / f"pid{n}"),
                                                   client=request.client.host if request.client else "")

    @router.get("/held")
    async def held(request: Request, n: int = 0):
        return await request.app.state.workers.run(webwork.held, str(tmp_path / f"pid{n}"), str(tmp_path / f"go{n}"),
                                                   client=request.client.host if request.client else "")

    app.include_router(router)
    return app


@pytest.fixture(scope="module", autouse=True)
def _fork_server_started():
    """The fork server (one for the process) started before a test's 8 s limit counts: starting it imports the
    package, which took longer than that on a machine at load 26; each test's own first request still checks it
    answers."""
    async def warm():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=create_app(time_limit=HANG_GUARD)),
                                     base_url="http://t", timeout=HANG_GUARD + 30) as c:
            return await c.post("/api/standings", data={"example": EXAMPLE, "seed": "1"})

    assert asyncio.run(warm()).status_code == 200


def _in_pool(app) -> int:
    """Requests the pool holds: running, waiting for a slot, or paused for another's turn (one client's two take
    turns after a quantum, so the second may already be running and the first paused)."""
    return len(app.state.workers._jobs)


def _resident_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except FileNotFoundError:
        return None
    return None


async def _wait_for(path: Path, seconds: float = 10) -> int:
    for _ in range(int(seconds / 0.05)):
        if path.exists() and path.read_text():
            return int(path.read_text())
        await asyncio.sleep(0.05)
    raise AssertionError(f"{path} never written")


def test_a_slow_request_is_killed_its_memory_returned_and_others_answered(tmp_path):
    app = _app(tmp_path, time_limit=8, workers=2)  # 8 s: time for 300 MB and another answer on a loaded machine

    async def run():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t", timeout=30) as c:
            warm = await c.post("/api/standings", data={"example": EXAMPLE, "seed": "1"})  # starts the fork server
            assert warm.status_code == 200
            slow = asyncio.create_task(c.get("/slow"))
            pid = await _wait_for(tmp_path / "pid0")
            held = _resident_mb(pid)
            other = await c.post("/api/standings", data={"example": EXAMPLE, "seed": "1"})
            slow_running = not slow.done()  # the other request was answered while the slow one still ran
            answer = await slow
            return held, other, slow_running, answer, pid

    held, other, slow_running, answer, pid = asyncio.run(run())
    assert held is not None and held > 250  # the worker really held the 300 MB
    assert other.status_code == 200 and other.json()["standings"][0]["start_no"] == 7 and slow_running
    assert answer.status_code == 503 and answer.json()["error"] == "the computation took longer than 8 s"
    assert _resident_mb(pid) is None  # the process is gone, and its memory with it
    assert app.state.workers.running == set()


def test_the_queue_is_bounded(tmp_path):
    # the fork server started first, and work that ends only at the time limit (no 300 MB to write): on a loaded
    # machine the first request's process was not running yet when its 3 s were over
    app = _app(tmp_path, time_limit=8, workers=1, queue=1)

    async def run():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t", timeout=30) as c:
            warm = await c.post("/api/standings", data={"example": EXAMPLE, "seed": "1"})  # starts the fork server
            assert warm.status_code == 200
            running = asyncio.create_task(c.get("/held", params={"n": 1}))
            await _wait_for(tmp_path / "pid1")
            waiting = asyncio.create_task(c.get("/held", params={"n": 2}))
            await until_async(lambda: _in_pool(app) == 2, "the second request to be in the pool")
            refused = await c.post("/api/standings", data={"example": EXAMPLE, "lang": "uk"})
            at_once = not running.done() and not waiting.done()  # refused while both still held their places
            return refused, at_once, await running, await waiting

    refused, at_once, running, waiting = asyncio.run(run())
    # one running, one waiting: a third heavy request is refused at once, in the language it asked for
    assert refused.status_code == 503 and at_once and "сервер" in refused.json()["error"].lower()
    assert running.status_code == 503 and waiting.status_code == 503  # the waiting one ran out of time (waiting counts)


def _client(app, address: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app, client=(address, 1234)), base_url="http://t",
                             timeout=30)


def test_a_request_of_another_client_pauses_a_long_one_and_is_answered_at_once(tmp_path):
    """The long request runs until the test lets it finish (no time limit in the way on a loaded machine): paused
    while the other client's request is answered, then resumed, and it finishes with its own answer."""
    app = _app(tmp_path, time_limit=120, workers=1)

    async def run():
        async with _client(app, "10.0.0.1") as a, _client(app, "10.0.0.2") as b:
            warm = await b.post("/api/standings", data={"example": EXAMPLE, "seed": "1"})
            assert warm.status_code == 200
            slow = asyncio.create_task(a.get("/held", params={"n": 3}))  # holds the only worker
            await _wait_for(tmp_path / "pid3")
            pool = app.state.workers
            await until_async(lambda: any(j.state == "running" and time.monotonic() - j.resumed >= pool.quantum
                                          for j in pool._jobs), "the long request to have had its quantum")
            other = await b.post("/api/standings", data={"example": EXAMPLE, "seed": "1"})
            # one worker, and the slow one cannot finish before the test lets it: answered because it was paused
            paused = not slow.done()
            (tmp_path / "go3").touch()
            return other, paused, await slow

    other, paused, slow = asyncio.run(run())
    assert other.status_code == 200 and other.json()["standings"][0]["start_no"] == 7 and paused
    assert slow.status_code == 200 and slow.json() == "released"  # resumed after the other's answer, and finished


def test_a_full_queue_makes_room_for_another_client(tmp_path):
    app = _app(tmp_path, time_limit=8, workers=1, queue=1)

    async def run():
        async with _client(app, "10.0.0.1") as a, _client(app, "10.0.0.2") as b:
            warm = await b.post("/api/standings", data={"example": EXAMPLE, "seed": "1"})  # starts the fork server
            assert warm.status_code == 200
            running = asyncio.create_task(a.get("/slow", params={"n": 4}))
            await _wait_for(tmp_path / "pid4")
            waiting = asyncio.create_task(a.get("/slow", params={"n": 5}))
            await until_async(lambda: _in_pool(app) == 2, "the second request to be in the pool")
            newcomer = asyncio.create_task(b.post("/api/standings", data={"example": EXAMPLE, "seed": "1"}))
            return await waiting, await newcomer, await running

    waiting, newcomer, running = asyncio.run(run())
    # one of the flooding client's requests (the one not running: waiting, or paused for the other) gave its place
    # (429) and the other ran until the time limit (503); the other client's was answered
    assert sorted([waiting.status_code, running.status_code]) == [429, 503]
    assert min([waiting, running], key=lambda r: r.status_code).json()["error"].startswith("too many requests at once")
    assert newcomer.status_code == 200


def test_a_worker_that_cannot_start_says_why(tmp_path, caplog):
    import shutil
    import sys

    from tiebreak.web.errors import ApiError
    from tiebreak.web.workers import WorkerPool

    folder = tmp_path / "gone"  # a module the server has imported, and that is gone when a worker needs it
    folder.mkdir()
    (folder / "gone_work.py").write_text("def work():\n    return 1\n")
    sys.path.insert(0, str(folder))
    try:
        import gone_work
    finally:
        sys.path.remove(str(folder))
    shutil.rmtree(folder)
    with pytest.raises(ApiError) as e:
        asyncio.run(WorkerPool(1, time_limit=30).run(gone_work.work))
    # the one error shape's 500, naming the cause, and the whole reason in the log
    assert e.value.status == 500
    assert e.value.message == "the server could not start a worker process: ModuleNotFoundError 'gone_work'"
    assert "No module named 'gone_work'" in caplog.text
