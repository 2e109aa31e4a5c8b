"""`tiebreak serve` on loopback under hostile load (issue 24): a real uvicorn server in a subprocess, started from
a folder that holds a folder named ``tiebreak`` (the checkout's parent folder), and clients on different loopback
addresses (127.0.0.2, 127.0.0.3: Linux routes the whole 127.0.0.0/8 to loopback).

Every load here is bounded in count and time."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from waits import until

pytest.importorskip("uvicorn")
import httpx  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = "hobsons-bay-cup-2025.trf"
#: a request that runs until the time limit (a million simulated outcomes of the last four rounds)
FLOOD = {"example": EXAMPLE, "after_round": "3", "simulations": "1000000", "seed": "1"}
#: the heavy lane's answer to a request beyond its queue
BUSY = "the server is busy; try again in a minute"
PER_CLIENT_CONNECTIONS = 40
HEADER_TIMEOUT = 5.0  # long enough to count the held connections on a loaded machine
BODY_GRACE = 2.0
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs Linux loopback addresses")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The server, started with the current folder holding a folder named ``tiebreak`` (the checkout itself), as
    when it is started from the checkout's parent folder."""
    here = tmp_path_factory.mktemp("parent")
    (here / "tiebreak").symlink_to(ROOT, target_is_directory=True)
    env = {"TIEBREAK_CONNECTIONS_PER_CLIENT": str(PER_CLIENT_CONNECTIONS), "TIEBREAK_HEADER_TIMEOUT": str(HEADER_TIMEOUT),
           "TIEBREAK_BODY_GRACE": str(BODY_GRACE)}
    with serving([], here, env, "/api/presets", tries=200, stderr=subprocess.PIPE) as url:
        yield url


@contextlib.contextmanager
def serving(args: list[str], cwd: Path, env: dict[str, str], ready: str, tries: int,
            stderr: int = subprocess.DEVNULL) -> Iterator[str]:
    """``tiebreak serve ARGS`` on a free loopback port (two workers, a 12 s time limit), its address once ``ready``
    answers 200 (asked ``tries`` times, 0.1 s apart); stopped at the end."""
    port = _free_port()
    environment = dict(os.environ, TIEBREAK_WORKERS="2", TIEBREAK_TIME_LIMIT="12", OPENBLAS_NUM_THREADS="1",
                       OMP_NUM_THREADS="1", **env)
    tiebreak = Path(sys.executable).with_name("tiebreak")
    command = [str(tiebreak)] if tiebreak.exists() else [sys.executable, "-c", "from tiebreak.cli import main; main()"]
    process = subprocess.Popen([*command, "serve", "--port", str(port), *args], cwd=cwd, env=environment,
                               stdout=subprocess.DEVNULL, stderr=stderr)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(tries):
            try:
                if httpx.get(url + ready, timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        else:
            raise AssertionError("the server did not start")
        yield url
    finally:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


def _client(address: str, timeout: float = 30) -> httpx.Client:
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=timeout)


def _standings(url: str, address: str = "127.0.0.3") -> tuple[httpx.Response, float]:
    with _client(address) as c:
        start = time.monotonic()
        r = c.post(url + "/api/standings", data={"example": EXAMPLE, "seed": "1"})
        return r, time.monotonic() - start


def test_file_endpoints_work_when_started_from_the_checkouts_parent_folder(server):
    # the worker processes import the installed package, not the folder named tiebreak in the current folder.  The
    # first heavy request starts the lane's fork server, which imports the package at the lane's lower priority: at
    # load 25 that ran past the server's 12 s limit (a 503 saying so, not this test's question), so it is asked again
    # until the lane has answered something else
    def answered() -> httpx.Response | None:
        r, _ = _standings(server)
        return None if r.status_code == 503 and "took longer than" in r.text else r

    r = until(answered, "the heavy lane to answer within the server's time limit")
    assert r.status_code == 200, r.text
    assert r.json()["standings"][0]["start_no"] == 7  # the bundled example's winner (its own 001 records)


def _heavy_workers() -> set[int]:
    """Worker processes of the heavy lane running now (descendants of this test at the heavy lane's priority)."""
    from tiebreak.web.app import HEAVY_NICE

    # the lane lowers its workers' priority by HEAVY_NICE from the server's (this test's, under `nice -n 5` too)
    heavy_nice = min(os.nice(0) + HEAVY_NICE, 19)

    parents, nices = {}, {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(stat.parent.name)
        parents[pid], nices[pid] = int(fields[1]), int(fields[16])

    def ours(pid: int) -> bool:
        while pid > 1:
            pid = parents.get(pid, 0)
            if pid == os.getpid():
                return True
        return False

    return {pid for pid, nice in nices.items() if nice == heavy_nice and ours(pid)}


@pytest.mark.parametrize("addresses", [1, 70])
def test_a_light_request_is_answered_while_the_heavy_lane_is_full(server, addresses):
    """The odds of a million simulations from one address (4 requests) or from 70 addresses (one each): the heavy
    lane is full (both its workers run, the rest wait) and a newcomer's standings are answered meanwhile: while the
    two processes that filled the lane still run, before any of the flood's answers but the refusals of a full queue;
    the flood is answered too (each ran to its end or until the time limit, whichever a machine's speed gives, or was
    refused).

    Every client is made before the flood starts (an HTTP client costs 25 ms of processor time, its TLS settings):
    made in the flood's threads, 70 of them held the test's process, and so the newcomer's request, for seconds on a
    loaded machine, until the flood's time limit had passed."""
    answers: list[str] = []
    count = max(4, addresses)
    clients = [_client(f"127.0.1.{k % 250 + 1}" if addresses > 1 else "127.0.0.2", timeout=60) for k in range(count)]
    newcomer = _client("127.0.0.3")

    def flood(c: httpx.Client) -> None:
        try:
            doc = c.post(server + "/api/odds", data=FLOOD).json()
            answers.append("odds" if "players" in doc else doc["error"])
        except Exception as e:
            answers.append(repr(e))

    threads = [threading.Thread(target=flood, args=(c,)) for c in clients]
    try:
        for t in threads:
            t.start()
        lane = until(lambda: len(pids := _heavy_workers()) >= 2 and pids, "the flood to fill the heavy lane")
        r = newcomer.post(server + "/api/standings", data={"example": EXAMPLE, "seed": "1"})
        assert r.status_code == 200 and r.json()["standings"][0]["start_no"] == 7
        # the lane's two still running and none of the flood answered but those refused at once (a full queue)
        assert lane <= _heavy_workers() and set(answers) <= {BUSY}, "the light request waited for the flood"
        for t in threads:
            t.join(90)
    finally:
        for c in [*clients, newcomer]:
            c.close()
    # each answered: it ran to its end (a fast machine), or ran or waited until the time limit, or was refused at
    # once when the lane's queue was full
    assert len(answers) == count
    assert set(answers) <= {"odds", "the computation took longer than 12 s", BUSY}, answers


def test_one_client_cannot_hold_every_connection_and_half_sent_headers_time_out(server):
    port = int(server.rsplit(":", 1)[1])
    sockets = []
    for _ in range(PER_CLIENT_CONNECTIONS + 60):  # bounded: a hundred connections
        s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=("127.0.0.2", 0))
        s.sendall(b"POST /api/standings HTTP/1.1\r\nHost: x\r\nX-Slow: ")  # never finished
        sockets.append(s)
    try:
        # the ones over the cap closed at once: counted as soon as they are, before another client's request (which
        # took longer than the header time at load 35), and while the header time keeps the others open
        open_now = until(lambda: len(held := [s for s in sockets if _still_open(s)]) <= PER_CLIENT_CONNECTIONS and held,
                         "the connections over the cap to be closed")
        assert len(open_now) == PER_CLIENT_CONNECTIONS
        r, _ = _standings(server)  # another client is answered meanwhile
        assert r.status_code == 200
        until(lambda: not [s for s in sockets if _still_open(s)], "the rest to be closed after the header time")
    finally:
        for s in sockets:
            s.close()


def test_a_body_that_trickles_is_cut_after_the_grace_and_others_are_answered(server):
    """Uploads announcing 10 MB and sending a byte every half second (no pause long enough for the idle timeout):
    each is closed once the grace is over and it has brought less than the minimum rate, and a normal request is
    answered meanwhile.  (Thousands of them, with memory: benchmarks/slow_bodies.py.)"""
    port = int(server.rsplit(":", 1)[1])
    sockets = []
    for _ in range(10):
        s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=("127.0.0.4", 0))
        s.sendall(b"POST /api/standings HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\n"
                  b"Content-Length: 10485760\r\n\r\n")
        sockets.append(s)
    try:
        r, _ = _standings(server)
        assert r.status_code == 200
        deadline = time.monotonic() + 60  # a bound on the wait, not a timing asserted
        while time.monotonic() < deadline and any(_still_open(s) for s in sockets):
            for s in sockets:
                with contextlib.suppress(OSError):
                    s.sendall(b"x")
            time.sleep(0.5)
        assert not [s for s in sockets if _still_open(s)], "a trickling upload was never cut"
    finally:
        for s in sockets:
            s.close()


def _still_open(s: socket.socket) -> bool:
    s.setblocking(False)
    try:
        return s.recv(1) != b""  # data (an answer) would be odd, but the socket is open
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        s.setblocking(True)


def test_translating_hostile_texts_leaves_the_server_free(server):
    texts = [(" (" * 1000)[:2000], ("round " * 400)[:2000], ("x.trf, line 1" * 200)[:2000]] * 33
    results: list[httpx.Response] = []
    sent = threading.Event()

    def trace(event: str, info: dict) -> None:
        if event == "http11.send_request_body.complete":
            sent.set()

    def hostile() -> None:
        with _client("127.0.0.2") as c:
            results.append(c.post(server + "/api/translate", data={"lang": "uk", "text": texts},
                                  extensions={"trace": trace}))

    t = threading.Thread(target=hostile)
    t.start()
    assert sent.wait(60), "the hostile texts were never sent"
    r, _ = _standings(server)  # answered (within the client's timeout) while the hostile texts are translated
    t.join(30)
    assert r.status_code == 200
    assert results[0].status_code == 200 and len(results[0].json()) == len(texts)
    with _client("127.0.0.2") as c:  # more than the bound: refused, naming the field
        refused = c.post(server + "/api/translate", data={"lang": "uk", "text": ["x" * 2001]})
        many = c.post(server + "/api/translate", data={"lang": "uk", "text": ["x"] * 101})
    assert refused.status_code == 400 and refused.json()["field"] == "text"
    assert many.status_code == 400 and many.json()["field"] == "text"


def test_many_addresses_together_cannot_take_more_than_the_total_cap(tmp_path):
    here = tmp_path / "parent"
    here.mkdir()
    (here / "tiebreak").symlink_to(ROOT, target_is_directory=True)
    total = 30
    with serving([], here, {"TIEBREAK_MAX_CONNECTIONS": str(total)}, "/api/presets", tries=200) as url:
        port = int(url.rsplit(":", 1)[1])
        held = []
        try:
            for k in range(total):  # ten each from three addresses, each well under the per-address cap
                s = socket.create_connection(("127.0.0.1", port), timeout=5,
                                             source_address=(f"127.0.0.{4 + k % 3}", 0))
                s.sendall(b"GET /api/presets HTTP/1.1\r\nHost: x\r\nX-Slow: ")  # held open, never finished
                held.append(s)
            deadline = time.monotonic() + 60  # a hang guard
            while True:  # one more, from an address of its own: closed at once (waited for, at most 10 s)
                extra = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=("127.0.0.7", 0))
                extra.settimeout(2)  # well within the header time (10 s): a close seen is the cap's
                try:
                    closed = extra.recv(1) == b""
                except TimeoutError:
                    closed = False
                except OSError:  # reset
                    closed = True
                extra.close()
                if closed or time.monotonic() > deadline:
                    break
            assert closed
            assert all(_still_open(s) for s in held)
            for s in held[:5]:
                s.close()
            # places freed: a whole request is answered again (the count falls as the server sees them close)
            deadline = time.monotonic() + 60  # a hang guard
            while True:
                try:
                    if httpx.get(url + "/api/presets", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert time.monotonic() < deadline, "no place freed"
        finally:
            for s in held:
                s.close()
