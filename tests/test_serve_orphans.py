"""However `tiebreak serve` ends (SIGKILL, SIGTERM), no worker process outlives it: neither the fork server nor a
heavy request's worker, running or paused (``SIGSTOP``) for another's turn.  Once, a test that stopped the server
during a flood of odds requests left the fork server and two workers behind: one paused for ever, one computing
55 minutes later.

The server runs with one worker per lane, so of two heavy requests from one address the first is paused for the
second after its quantum (tiebreak/web/workers.py): the test waits for one running and one paused worker, ends the
server, then waits until each of those processes is gone."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from waits import until

pytest.importorskip("uvicorn")
import httpx  # noqa: E402

#: the odds of a million simulated outcomes of the last four rounds: far longer than the test waits
ODDS = {"example": "hobsons-bay-cup-2025.trf", "after_round": "3", "simulations": "1000000", "seed": "1"}
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the process table in /proc")

#: a process as /proc shows it: (pid, its start time in clock ticks), so that a number used again is not mistaken
Process = tuple[int, int]


def _table() -> dict[int, tuple[int, str, int]]:
    """Every process: its parent, state letter and start time."""
    table = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        table[int(stat.parent.name)] = (int(fields[1]), fields[0], int(fields[19]))
    return table


def _descendants(pid: int) -> dict[Process, str]:
    """The processes under ``pid`` (children, their children...) with their state letters."""
    table = _table()
    found, parents = {}, {pid}
    while parents:
        children = {p for p, (parent, _, _) in table.items() if parent in parents}
        found.update({(p, table[p][2]): table[p][1] for p in children})
        parents = children
    return found


def _alive(process: Process) -> bool:
    """Whether the process still runs (a zombie has ended: only its exit status is left for its parent)."""
    pid, start = process
    _, state, started = _table().get(pid, (0, "Z", start))
    return started == start and state != "Z"


@contextlib.contextmanager
def _server() -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """``tiebreak serve`` on a free loopback port with one worker per lane and a long time limit, once it answers;
    killed at the end if the test has not ended it."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, TIEBREAK_WORKERS="1", TIEBREAK_TIME_LIMIT="600", OPENBLAS_NUM_THREADS="1",
               OMP_NUM_THREADS="1")
    server = subprocess.Popen([sys.executable, "-c", "from tiebreak.cli import main; main()", "serve", "--port",
                               str(port)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"

    def answers() -> bool:
        with contextlib.suppress(httpx.HTTPError):
            return httpx.get(url + "/api/presets", timeout=2).status_code == 200
        return server.poll() is not None  # ended: said below

    try:
        until(answers, "the server to answer")
        assert server.poll() is None, "the server ended at its start"
        yield server, url
    finally:
        if server.poll() is None:
            server.kill()
        server.wait()


def _one_running_one_paused(server: int) -> dict[Process, str] | None:
    """The server's processes once the fork server's two workers are there, one of them paused; else None."""
    processes = _descendants(server)
    workers = [state for (pid, _), state in processes.items() if _parent(pid) != server]
    return processes if len(workers) == 2 and "T" in workers else None


def _parent(pid: int) -> int:
    return _table().get(pid, (0, "", 0))[0]


# SIGKILL only: a server stopped by SIGTERM or SIGINT ends its workers in its own shutdown (tests/test_serve_stop.py);
# a killed server runs none, so only the workers' own watch can end them (a real server: about 20 s a case)
@pytest.mark.parametrize("stop", [signal.SIGKILL], ids=["SIGKILL"])
def test_no_worker_outlives_the_server(stop):
    answers: list[object] = []

    def odds() -> None:
        with contextlib.suppress(httpx.HTTPError), httpx.Client(timeout=600) as c:
            answers.append(c.post(url + "/api/odds", data=ODDS).status_code)

    processes: dict[Process, str] = {}
    try:
        with _server() as (server, url):
            threads = [threading.Thread(target=odds, daemon=True) for _ in range(2)]
            for t in threads:
                t.start()
            processes = until(lambda: _one_running_one_paused(server.pid),
                              "one heavy request's worker to run and the other's to be paused")
            assert not answers  # both still computing: the server is stopped in the middle of their work
            server.send_signal(stop)
            until(lambda: server.poll() is not None, "the server to end")
            until(lambda: not any(_alive(p) for p in processes), "every process the server started to end")
    finally:
        for pid, start in processes:  # whatever a failure left behind
            if _alive((pid, start)):
                os.kill(pid, signal.SIGKILL)


#: a process that forks a worker, waits until the worker has called ``end_with_parent``, says its id and start
#: time, and ends; the worker then waits for ever: paused (``kernel``), or running with the check of other systems
#: (``thread``: Linux's way left out)
ORPHAN = """
import os, signal, sys, time
from tiebreak.web import workers
if sys.argv[1] == "thread":
    workers._killed_with_parent = lambda: False
ready_r, ready_w = os.pipe()
parent = os.getpid()
pid = os.fork()
if pid == 0:
    workers.end_with_parent(parent)
    os.write(ready_w, b"x")
    if sys.argv[1] == "kernel":
        os.kill(os.getpid(), signal.SIGSTOP)
    time.sleep(600)
    os._exit(0)
os.read(ready_r, 1)
print(pid, open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[19])
"""


@pytest.mark.parametrize("way", ["kernel", "thread"])
def test_a_worker_ends_with_its_parent(way):
    out = subprocess.run([sys.executable, "-c", ORPHAN, way], capture_output=True, text=True, timeout=60, check=True)
    pid, start = map(int, out.stdout.split())
    try:
        until(lambda: not _alive((pid, start)), "the worker whose parent ended to end")
    finally:
        if _alive((pid, start)):
            os.kill(pid, signal.SIGKILL)


def test_a_worker_whose_parent_is_already_gone_ends_at_once():
    """The fork server ended between the fork and the worker's request to end with it: the worker's parent is no
    longer the fork server whose id the server gave it."""
    script = ("import os\nfrom tiebreak.web import workers\npid = os.fork()\nif pid == 0:\n"
              "    workers.end_with_parent(os.getpid())\n    os._exit(0)\nprint(os.waitpid(pid, 0)[1] >> 8)")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.split() == ["1"]
