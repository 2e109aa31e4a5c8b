"""Benchmarks of the live standings (issue 18), run by hand: ``python benchmarks/live.py``.

1. Re-rank: a generated 2,000-player x 9-round Swiss as TRF; one result changed at a time (two player lines, as a
   pairing program rewrites the file) and the live event updated from the bytes; median and worst of 60 changes,
   split into reading (the changed lines only), ranking, the place states and pairings (together: re-ranked), and
   writing the JSON document; ``cpu`` is the processor time of the whole update.  Goal: re-ranked < 20 ms.
2. Load: ``tiebreak serve --watch FILE`` started on 127.0.0.1 (random port), 200 Server-Sent Event clients
   connected, a result written into the file 5 times; the time from writing the file to each client's event.
   Goal: every client within 1 s.  The clients connect from 127.0.0.2, 127.0.0.3, ... (40 each, under the
   server's cap of 50 streams per address, which stays).  Bounded: at most 200 clients, every wait has a time
   limit, the server is stopped at the end whatever happens.
3. A team event (``--team FILE``, by default the Friendship Cup of ``../shared/corpus``, 15 teams, 129 players):
   one board result of the last round changed at a time; the same figures, the ranking of the teams (and of the
   players, kept as the second view) included in ``rank``.

``load_test`` is also run with 10 clients by tests/test_live.py.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

#: round 1, board of players 1 and 2: the block written by ``flip`` (TRF columns 92-101)
_BLOCK = 91


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def flip(text: str, start_no: int, round_no: int) -> str:
    """``text`` with the result of ``start_no``'s game in ``round_no`` turned round (1 <-> 0, = -> 1), on both lines."""
    lines = text.split("\n")
    by_no = {int(x[4:8]): k for k, x in enumerate(lines) if x.startswith("001")}
    at = _BLOCK + 10 * (round_no - 1)
    k = by_no[start_no]
    block = lines[k][at:at + 10]
    opponent, result = int(block[:4]), block[7]
    new = {"1": "0", "0": "1", "=": "1"}[result]
    lines[k] = lines[k][:at + 7] + new + lines[k][at + 8:]
    j = by_no[opponent]
    lines[j] = lines[j][:at + 7] + {"1": "0", "0": "1"}[new] + lines[j][at + 8:]
    return "\n".join(lines)


def rerank(players: int = 2000, rounds: int = 9, changes: int = 60, cpu: bool = False) -> dict:
    """Best, median and worst of each part of ``changes`` updates, in ms; ``cpu``: each part in processor time of
    the updating thread instead of the wall clock (what the other jobs of a loaded machine cannot inflate much)."""
    from swiss import generate

    from tiebreak.formats import trf
    from tiebreak.live import event as live_event
    from tiebreak.live.event import LiveEvent

    if cpu:  # the event times its parts with time.perf_counter: given the thread's processor time instead
        clock = type(time)("time_of_the_thread")
        clock.__dict__.update(time.__dict__)
        clock.perf_counter = time.thread_time
        live_event.time = clock

    folder = Path(tempfile.mkdtemp(prefix="tiebreak-live-bench-"))
    try:
        path = folder / "event.trf"
        trf.dump(generate(players, rounds, seed=3), path)
        text = path.read_text()
        event = LiveEvent("event.trf", path)
        event.update(text.encode())
        lines = {int(x[4:8]): x for x in text.split("\n") if x.startswith("001")}
        games = [n for n, x in sorted(lines.items()) if x[_BLOCK + 10 * (rounds - 1) + 7:][:1] in ("1", "0", "=")
                 and x[_BLOCK + 10 * (rounds - 1):][:4].strip()]
        timings = []
        for n in games[:changes]:
            changed = flip(text, n, rounds)
            cpu = time.process_time()
            event.update(changed.encode())
            timings.append(dict(event.timings, cpu=time.process_time() - cpu))  # cpu: the whole update
            text = changed
        return {key: (min(t[key] for t in timings) * 1000, statistics.median(t[key] for t in timings) * 1000,
                      max(t[key] for t in timings) * 1000)
                for key in ("read", "rank", "places", "reranked", "json", "total", "cpu")}
    finally:
        live_event.time = time
        shutil.rmtree(folder, ignore_errors=True)


def rerank_team(path: Path, changes: int = 30) -> dict:
    """The re-rank figures of a team event: board results of the last round flipped one at a time."""
    from tiebreak.live.event import LiveEvent

    text = path.read_text()
    event = LiveEvent(path.name, path)
    event.update(text.encode())
    assert event.players is not None, f"{path} is not a team event"
    rounds = event.document["live"]["round"] if event.document else 1
    at = _BLOCK + 10 * (rounds - 1)
    lines = {int(x[4:8]): x for x in text.split("\n") if x.startswith("001")}
    games = [n for n, x in sorted(lines.items()) if x[at + 7:at + 8] in ("1", "0") and x[at:at + 4].strip()
             and lines.get(int(x[at:at + 4]), "")[at + 7:at + 8] in ("1", "0")]
    timings = []
    for n in games[:changes]:
        changed = flip(text, n, rounds)
        cpu = time.process_time()
        event.update(changed.encode())
        timings.append(dict(event.timings, cpu=time.process_time() - cpu))
        text = changed
    return {key: (min(t[key] for t in timings) * 1000, statistics.median(t[key] for t in timings) * 1000,
                  max(t[key] for t in timings) * 1000)
            for key in ("read", "rank", "places", "reranked", "json", "total", "cpu")}


#: clients connected from one loopback address: under the server's cap per address (``--max-streams-per-client``,
#: 50 by default), which stays as it is for hostile clients; the load comes from many addresses instead
PER_ADDRESS = 40


def source(k: int) -> str:
    """The loopback address client ``k`` connects from (Linux routes all of 127.0.0.0/8 to loopback): 127.0.0.2 for
    the first :data:`PER_ADDRESS` clients, 127.0.0.3 for the next, and so on.

    >>> source(0), source(39), source(40), source(5000 - 1)
    ('127.0.0.2', '127.0.0.2', '127.0.0.3', '127.0.0.126')
    """
    a = 2 + k // PER_ADDRESS
    return f"127.{a >> 16 & 255}.{a >> 8 & 255}.{a & 255}"


async def _client(port: int, received: dict, ready: asyncio.Event, count: list, n: int, limit: float,
                  k: int = 0) -> None:
    reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port, local_addr=(source(k), 0)),
                                            limit)
    try:
        writer.write(b"GET /api/live/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        await writer.drain()
        buffer = b""
        while True:
            chunk = await asyncio.wait_for(reader.read(65536), limit)
            if not chunk:
                return
            buffer += chunk
            while b"\n\n" in buffer or b"\r\n\r\n" in buffer:
                sep = b"\r\n\r\n" if b"\r\n\r\n" in buffer and (b"\n\n" not in buffer or
                                                                buffer.index(b"\r\n\r\n") < buffer.index(b"\n\n")) else b"\n\n"
                message, buffer = buffer.split(sep, 1)
                if b"event: hello" in message:
                    count[0] += 1
                    if count[0] == n:
                        ready.set()
                for line in message.splitlines():
                    if line.startswith(b"id: "):
                        received.setdefault(line[4:].decode(), []).append(time.perf_counter())
    finally:
        writer.close()


async def _load(port: int, path: Path, clients: int, updates: int, limit: float) -> list[float]:
    received: dict[str, list[float]] = {}
    ready, count = asyncio.Event(), [0]
    tasks = [asyncio.create_task(_client(port, received, ready, count, clients, limit + 5, k)) for k in range(clients)]
    try:
        await asyncio.wait_for(ready.wait(), limit + 10)
        text = path.read_text()
        lines = [x for x in text.split("\n") if x.startswith("001")]
        players = [int(x[4:8]) for x in lines if x[_BLOCK + 7:_BLOCK + 8] in ("1", "0", "=") and x[_BLOCK:_BLOCK + 4].strip()]
        delays = []
        name = path.name
        for k in range(updates):
            before = set(received)
            text = flip(text, players[k % len(players)], 1)
            written = time.perf_counter()
            path.write_text(text)
            deadline = written + limit
            while time.perf_counter() < deadline:
                new = [key for key in received if key not in before and key.startswith(name + ":")]
                if new and len(received[new[0]]) >= clients:
                    break
                await asyncio.sleep(0.01)
            new = [key for key in received if key not in before and key.startswith(name + ":")]
            got = received[new[0]] if new else []
            delays += [t - written for t in got] + [float("inf")] * (clients - len(got))
            await asyncio.sleep(0.3)
        return delays
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


#: the servers started by live_server, by port
_SERVERS: dict[int, subprocess.Popen] = {}


def stop_server(port: int) -> None:
    """Stop the server started by :func:`live_server` on ``port`` now (SIGTERM to its process group, then SIGKILL)."""
    server = _SERVERS.pop(port, None)
    if server is None or server.poll() is not None:
        return
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(5)


def _start(path: Path, options: tuple[str, ...]) -> int:
    port = free_port()
    log = tempfile.TemporaryFile()
    server = subprocess.Popen([sys.executable, "-m", "tiebreak.cli", "serve", "--watch", str(path), "--port", str(port),
                               *options], cwd=HERE.parent, stdout=subprocess.DEVNULL, stderr=log,
                              start_new_session=True)
    server.log = log  # type: ignore[attr-defined]
    _SERVERS[port] = server
    return port


def _ready(port: int, limit: float = 30) -> None:
    server = _SERVERS[port]
    deadline = time.monotonic() + limit
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                server.log.seek(0)  # type: ignore[attr-defined]
                tail = server.log.read().decode("utf-8", "replace")[-2000:]  # type: ignore[attr-defined]
                raise RuntimeError(f"the live server did not start:\n{tail}") from None
            time.sleep(0.1)


@contextlib.contextmanager
def live_servers(path: Path, count: int, *options: str):
    """``count`` servers ``tiebreak serve --watch path`` started together on 127.0.0.1 at free ports, ready to answer
    (at most 30 s): yields their ports; every server's process group is stopped at the end, whatever happens."""
    ports = [_start(path, options) for _ in range(count)]
    try:
        for port in ports:
            _ready(port)
        yield ports
    finally:
        for port in ports:
            stop_server(port)


@contextlib.contextmanager
def live_server(path: Path, *options: str):
    """``tiebreak serve --watch path`` on 127.0.0.1 at a free port, ready to answer (at most 30 s): yields the port;
    the server's process group is stopped at the end, whatever happens."""
    with live_servers(path, 1, *options) as ports:
        yield ports[0]


def load_test(path: Path, clients: int = 200, updates: int = 5, limit: float = 3.0) -> list[float]:
    """Start ``tiebreak serve --watch path`` and measure, for every client and update, the seconds from writing the
    file to the client's event (``inf``: not within ``limit``).  The server is always stopped."""
    with live_server(path, "--database", "none") as port:
        return asyncio.run(asyncio.wait_for(_load(port, path, clients, updates, limit), 120))


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--players", type=int, default=2000)
    p.add_argument("--clients", type=int, default=200)
    p.add_argument("--team", type=Path,
                   default=HERE.parents[1] / "shared" / "corpus" / "heltour-crete-team" / "friendship-cup-2024.trf")
    p.add_argument("--rerank-only", action="store_true", help="only benchmark 1 (the re-rank)")
    p.add_argument("--cpu", action="store_true", help="benchmark 1's parts in processor time, not wall clock")
    a = p.parse_args()
    figures = rerank(a.players, cpu=a.cpu)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for key, (best, median, worst) in figures.items():
        print(f"re-rank {a.players} players, {key}{' (processor time)' if a.cpu else ''}: best {best:.1f} ms, "
              f"median {median:.1f} ms, worst {worst:.1f} ms")
    if a.rerank_only:
        return
    if a.team.exists():
        folder = Path(tempfile.mkdtemp(prefix="tiebreak-live-team-"))
        try:
            shutil.copy(a.team, folder / a.team.name)
            for key, (best, median, worst) in rerank_team(folder / a.team.name).items():
                print(f"re-rank team event {a.team.name}, {key}: best {best:.1f} ms, median {median:.1f} ms, "
                      f"worst {worst:.1f} ms")
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    folder = Path(tempfile.mkdtemp(prefix="tiebreak-live-load-"))
    try:
        path = folder / "event.trf"
        shutil.copy(HERE.parent / "examples" / "hobsons-bay-cup-2025.trf", path)
        delays = load_test(path, min(a.clients, 200))
        ok = [d for d in delays if d != float("inf")]
        print(f"load: {len(ok)}/{len(delays)} events received within 3 s; "
              f"median {statistics.median(ok) * 1000:.0f} ms, worst {max(ok) * 1000:.0f} ms" if ok else "load: none")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
