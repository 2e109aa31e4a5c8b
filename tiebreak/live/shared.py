"""Several servers, one event: ``serve --watch PATH --database postgresql://…`` on N processes (or machines) that
share the history.

One server leads: it holds a PostgreSQL advisory lock (a session lock, so it is released when that server stops or
dies) and it alone watches the files and keeps the versions.  Every version kept is announced on the database with
``NOTIFY`` (in the transaction that keeps it, so nobody hears of a version before it can be read); every server
``LISTEN``s and serves the version from the database, so a viewer connected to any of them sees every version.  The
others try to take the lock every second; the first to get it leads from the last version kept.  SQLite stays the
embedded default for one process (no coordination needed).
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
import zlib
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import make_url

from .history import CHANNEL

log = logging.getLogger("tiebreak.live")


def conninfo(url: str) -> str:
    """The libpq connection string of an SQLAlchemy PostgreSQL URL (``postgresql+psycopg://`` and the like).

    >>> conninfo("postgresql+psycopg://arbiter:pw@127.0.0.1:5432/live")
    'postgresql://arbiter:pw@127.0.0.1:5432/live'
    """
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def lock_key(name: str) -> int:
    """The advisory lock of the watched file or folder ``name`` (servers on one database watching the same name lead
    one at a time): a signed 64-bit number.

    >>> lock_key("open.trf") == lock_key("open.trf") != lock_key("blitz.trf")
    True
    """
    return int.from_bytes(zlib.crc32(b"tiebreak-live").to_bytes(4, "big") + zlib.crc32(name.encode()).to_bytes(4, "big"),
                          "big", signed=True)


class Coordinator:
    """The leader's lock and the listener of one server on a PostgreSQL database."""

    def __init__(self, url: str, name: str) -> None:
        self.info, self.key = conninfo(url), lock_key(name)
        self._lock_conn: Any = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def try_lead(self) -> bool:
        """Take the leader's lock if it is free; whether this server leads (it keeps the lock until it stops)."""
        import psycopg

        try:
            if self._lock_conn is None or self._lock_conn.closed:
                self._lock_conn = psycopg.connect(self.info, autocommit=True, connect_timeout=5)
            row = self._lock_conn.execute("SELECT pg_try_advisory_lock(%s)", (self.key,)).fetchone()
            return bool(row and row[0])
        except psycopg.Error as e:
            log.warning("the leader's lock could not be asked for: %s", e)
            self._lock_conn = None
            return False

    def listen(self, heard: Callable[[dict[str, Any]], None]) -> None:
        """Call ``heard`` with every announcement on the database (in a thread of its own, until :meth:`close`)."""
        self._thread = threading.Thread(target=self._listen, args=(heard,), name="tiebreak-live-listen", daemon=True)
        self._thread.start()

    def _listen(self, heard: Callable[[dict[str, Any]], None]) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(self.info, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    heard({"what": "listening"})  # (re)connected: whatever was missed is read from the database
                    while not self._stop.is_set():
                        for n in conn.notifies(timeout=0.5):
                            with contextlib.suppress(ValueError):
                                heard(json.loads(n.payload))
            except psycopg.Error as e:
                log.warning("listening on the database failed, trying again: %s", e)
                self._stop.wait(1.0)

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(3)
        if self._lock_conn is not None:
            with contextlib.suppress(Exception):
                self._lock_conn.close()  # the lock goes with the session
