"""Many viewers (issue 29), run by hand: ``python benchmarks/live_many.py [--clients 5000] [--servers 2]``.

``--servers`` processes of ``tiebreak serve --watch FILE --database postgresql+psycopg://…`` on one PostgreSQL
database (a throwaway cluster made by tests/pg.py, or ``TIEBREAK_POSTGRES_URL``), the bundled 32-player event
watched; ``--clients`` Server-Sent Event clients (raw asyncio sockets in this one process, spread evenly over the
servers, connected in batches of 250); then a result written into the file ``--updates`` times.  Figures: for each
update, the seconds from writing the file to each client's ``update`` event (p50, p99, max; ``inf`` when a client did
not get it within ``--limit`` seconds), the processor seconds each server and this client spent per update (1 s of
idle keep-alive included: on a loaded machine the delays grow, the processor time does not), and the memory of each
server process (resident set, from /proc) before the clients and with them connected and idle: memory per viewer.
Bounded: every wait has a time limit, every server's process group is stopped at the end whatever happens.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

from live import _BLOCK, _SERVERS, flip, live_servers, source  # noqa: E402


def cpu_s(pid: int) -> float:
    """Processor seconds (user + system) of a process, its waited-for children included."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().split("\n"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def client(port: int, received: dict[str, list[float]], hello: list[int], stop: asyncio.Event,
                 limit: float, k: int) -> None:
    # from an address of its few (benchmarks/live.py ``source``): the server's cap per address stays as it is
    reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port, local_addr=(source(k), 0)),
                                            limit)
    try:
        writer.write(b"GET /api/live/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        await writer.drain()
        buffer = b""
        while not stop.is_set():
            chunk = await asyncio.wait_for(reader.read(65536), limit)
            if not chunk:
                return
            buffer += chunk.replace(b"\r\n", b"\n")
            while b"\n\n" in buffer:
                message, buffer = buffer.split(b"\n\n", 1)
                if b"event: hello" in message:
                    hello[0] += 1
                for line in message.split(b"\n"):
                    if line.startswith(b"id: "):
                        received.setdefault(line[4:].decode(), []).append(time.perf_counter())
    finally:
        writer.close()


async def run(ports: list[int], path: Path, clients: int, updates: int, limit: float) -> dict[str, object]:
    received: dict[str, list[float]] = {}
    hello, stop = [0], asyncio.Event()
    pids = [_SERVERS[p].pid for p in ports]
    before = [rss_kb(pid) for pid in pids]
    tasks = []
    started = time.perf_counter()
    for k in range(clients):
        tasks.append(asyncio.create_task(client(ports[k % len(ports)], received, hello, stop, limit + 600, k)))
        if k % 250 == 249:  # in batches: the listen backlog is not flooded
            deadline = time.perf_counter() + limit + 30
            while hello[0] < k + 1 and time.perf_counter() < deadline:
                await asyncio.sleep(0.02)
    deadline = time.perf_counter() + limit + 30
    while hello[0] < clients and time.perf_counter() < deadline:
        await asyncio.sleep(0.05)
    connected, connect_time = hello[0], time.perf_counter() - started
    await asyncio.sleep(2)  # idle
    idle = [rss_kb(pid) for pid in pids]
    text = path.read_text()
    players = [int(x[4:8]) for x in text.split("\n") if x.startswith("001") and x[_BLOCK + 7:_BLOCK + 8] in ("1", "0")
               and x[_BLOCK:_BLOCK + 4].strip()]
    delays: list[list[float]] = []
    cpu_before, own_before = [cpu_s(pid) for pid in pids], time.process_time()
    try:
        for k in range(updates):
            seen = set(received)
            text = flip(text, players[k % len(players)], 1)
            written = time.perf_counter()
            path.write_text(text)
            deadline = written + limit
            while time.perf_counter() < deadline:
                new = [key for key in received if key not in seen]
                if new and len(received[new[0]]) >= connected:
                    break
                await asyncio.sleep(0.01)
            new = [key for key in received if key not in seen]
            got = received[new[0]] if new else []
            delays.append(sorted([t - written for t in got] + [float("inf")] * (clients - len(got))))
            await asyncio.sleep(1.0)
        cpu = [(cpu_s(pid) - b) / updates for pid, b in zip(pids, cpu_before)]
        own = (time.process_time() - own_before) / updates
    finally:
        stop.set()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    every = sorted(d for ds in delays for d in ds)
    return {"connected": connected, "connect_s": connect_time, "rss_before_kb": before, "rss_idle_kb": idle,
            "per_viewer_kb": [(i - b) / (clients / len(ports)) for b, i in zip(before, idle)],
            "p50": statistics.median(every), "p99": every[int(len(every) * 0.99) - 1], "max": every[-1],
            "per_update_p99": [d[int(len(d) * 0.99) - 1] for d in delays],
            "server_cpu_s_per_update": cpu, "client_cpu_s_per_update": own}


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--clients", type=int, default=5000)
    p.add_argument("--servers", type=int, default=2)
    p.add_argument("--updates", type=int, default=5)
    p.add_argument("--limit", type=float, default=5.0)
    a = p.parse_args()
    if not 1 <= a.clients <= 20000 or not 1 <= a.servers <= 8:  # bounded load test
        raise SystemExit("at most 20,000 clients and 8 servers")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, a.clients * 2 + 1000)), hard))
    import pg

    server = pg.Server()
    folder = Path(tempfile.mkdtemp(prefix="tiebreak-live-many-"))
    try:
        url = pg.fresh_database(server.url)
        path = folder / "open.trf"
        path.write_text((HERE.parent / "examples" / "hobsons-bay-cup-2025.trf").read_text())
        # the servers' caps per address as they are (the clients come from many addresses); the total cap raised
        with live_servers(path, a.servers, "--database", url, "--max-streams", str(a.clients), "--hold", "1") as ports:
            figures = asyncio.run(asyncio.wait_for(run(ports, path, a.clients, a.updates, a.limit), 900))
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        for key, value in figures.items():
            print(f"{key}: {value}")
    finally:
        server.close()


if __name__ == "__main__":
    main()
