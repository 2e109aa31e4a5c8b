"""A real PostgreSQL server for the tests of the live history on PostgreSQL (issue 29).

``TIEBREAK_POSTGRES_URL`` names a server to use (``.ci/run`` starts one and sets it); else a throwaway cluster is made
with Debian's PostgreSQL binaries (``initdb``, ``pg_ctl``; as the ``postgres`` user when run as root) on a free
loopback port, and stopped at the end.  Without either the tests skip with the reason, unless
``TIEBREAK_REQUIRE_POSTGRES`` is set (CI), when they fail.

Run as a program it starts a cluster and prints its URL (``python tests/pg.py start DIR``; ``stop DIR``).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path


def binaries() -> Path | None:
    """The folder of Debian's PostgreSQL server binaries (the newest installed), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    pg_ctl = shutil.which("pg_ctl")
    return Path(pg_ctl).parent if pg_ctl else None


def _as_owner(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    return ["runuser", "-u", "postgres", "--", *cmd]  # initdb refuses root


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(folder: Path) -> str:
    """A new cluster in ``folder`` (which must not exist yet or be empty), started; its URL."""
    bin_dir = binaries()
    if bin_dir is None:
        raise RuntimeError("no PostgreSQL server binaries (Debian: apt-get install postgresql)")
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    data = folder / "data"
    subprocess.run(_as_owner([str(bin_dir / "initdb"), "-D", str(data), "-U", "tiebreak", "--auth=trust", "-E", "UTF8",
                              "--no-sync"]), check=True, capture_output=True, timeout=120)
    port = _free_port()
    options = f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={folder} -c fsync=off"
    subprocess.run(_as_owner([str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"),
                              "-w", "-t", "60", "start"]), check=True, capture_output=True, timeout=90)
    return f"postgresql+psycopg://tiebreak@127.0.0.1:{port}/postgres"


def stop(folder: Path) -> None:
    bin_dir = binaries()
    if bin_dir is not None and (folder / "data").is_dir():
        subprocess.run(_as_owner([str(bin_dir / "pg_ctl"), "-D", str(folder / "data"), "-m", "fast", "-w", "stop"]),
                       capture_output=True, timeout=60)


def restart(folder: Path) -> None:
    """Restart the cluster in ``folder`` as routine maintenance does (``pg_ctl restart -m fast``: every session ended)."""
    bin_dir = binaries()
    assert bin_dir is not None, "a cluster was started, so the binaries are there"
    subprocess.run(_as_owner([str(bin_dir / "pg_ctl"), "-D", str(folder / "data"), "-l", str(folder / "log"), "-m",
                              "fast", "-w", "-t", "60", "restart"]), check=True, capture_output=True, timeout=90)


def fresh_database(url: str) -> str:
    """A new, empty database on the server of ``url`` (each test its own); its URL."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    plain = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return url.rsplit("/", 1)[0] + "/" + name


class Server:
    """The server the tests use: the one named by ``TIEBREAK_POSTGRES_URL`` or a throwaway cluster."""

    def __init__(self) -> None:
        self.folder: Path | None = None
        given = os.environ.get("TIEBREAK_POSTGRES_URL")
        if given:
            self.url = given
            return
        self.folder = Path(tempfile.mkdtemp(prefix="tiebreak-pg-"))
        self.url = start(self.folder)

    def close(self) -> None:
        if self.folder is not None:
            stop(self.folder)
            shutil.rmtree(self.folder, ignore_errors=True)


if __name__ == "__main__":
    verb, where = sys.argv[1], Path(sys.argv[2])
    if verb == "start":
        print(start(where))
    else:
        stop(where)
        time.sleep(0.1)
