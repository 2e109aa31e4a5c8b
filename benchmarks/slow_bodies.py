"""Slow request bodies against ``tiebreak serve`` (issue 34, finding 5), run by hand: many uploads that announce
10 MB and send a byte every two seconds, from many loopback addresses; prints the server's resident memory before,
at the peak and after the uploads are cut, how many uploads were still open after the body grace, and how long a
victim's standings took meanwhile.

    python benchmarks/slow_bodies.py [--uploads 2000] [--addresses 20]

Linux only (loopback addresses 127.0.x.y); the server is started and stopped here.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEAD = (b"POST /api/standings HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\n"
        b"Content-Length: 10485760\r\n\r\n")


def _rss_mb(pid: int) -> float:
    """Resident memory of ``pid`` and its children (the fork server's workers are not counted: none run here)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def _upload(port: int, address: str, seconds: float, still: list[int]) -> None:
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
    except OSError:
        return
    try:
        writer.write(HEAD)
        started = time.monotonic()
        while time.monotonic() - started < seconds:
            writer.write(b"x")
            await writer.drain()
            await asyncio.sleep(2)
            if reader.at_eof():
                return
        still.append(1)
    except OSError:
        return
    finally:
        writer.close()


async def _flood(port: int, uploads: int, addresses: int, seconds: float, pid: int) -> None:
    still: list[int] = []
    tasks = [asyncio.create_task(_upload(port, f"127.0.{10 + k % addresses}.{1 + k // addresses % 250}", seconds,
                                         still)) for k in range(uploads)]
    await asyncio.sleep(5)
    peak = _rss_mb(pid)
    started = time.monotonic()
    victim = await asyncio.to_thread(subprocess.run, ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}",
                                                      "-F", "example=hobsons-bay-cup-2025.trf",
                                                      f"http://127.0.0.1:{port}/api/standings"],
                                     capture_output=True, text=True)
    print(f"victim: {victim.stdout} in {time.monotonic() - started:.2f} s; memory at 5 s: {peak:.0f} MB")
    await asyncio.gather(*tasks)
    print(f"uploads still open after {seconds:.0f} s: {len(still)} of {uploads}")


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--uploads", type=int, default=2000)
    p.add_argument("--addresses", type=int, default=20)
    p.add_argument("--seconds", type=float, default=30)
    a = p.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "tiebreak.cli", "serve", "--port", str(port)], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              env=dict(os.environ, TIEBREAK_WORKERS="2"))
    try:
        time.sleep(4)
        subprocess.run(["curl", "-s", "-o", "/dev/null", "-F", "example=hobsons-bay-cup-2025.trf",
                        f"http://127.0.0.1:{port}/api/standings"], check=True)  # the modules a request needs, loaded
        print(f"memory before: {_rss_mb(server.pid):.0f} MB")
        asyncio.run(_flood(port, a.uploads, a.addresses, a.seconds, server.pid))
        for wait in (3, 10):
            time.sleep(wait)
            print(f"memory {wait} s after: {_rss_mb(server.pid):.0f} MB")
    finally:
        server.terminate()
        server.wait(15)


if __name__ == "__main__":
    main()
