"""Several servers, one event: ``serve --watch PATH --database postgresql://…`` on N processes (or machines) that
share the history.

One server leads (:mod:`tiebreak.live.leader`: a lease in the database, every write fenced by its term): it alone
watches the files and keeps the versions.  Every version kept is announced on the database with ``NOTIFY`` (in the
transaction that keeps it, so nobody hears of a version before it can be read); every server ``LISTEN``s
(:class:`Listener`) and serves the version from the database once it has checked it
(:meth:`tiebreak.live.history.History.last`), so a viewer connected to any of them sees every version.  SQLite stays
the embedded default for one process (no coordination needed).
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
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


class Listener:
    """One server's ear on a PostgreSQL database: every announcement of a version, in a thread of its own that
    reconnects (with a ``listening`` announcement, so whatever was missed is read from the database) until
    :meth:`close`."""

    def __init__(self, url: str) -> None:
        self.info = conninfo(url)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def listen(self, heard: Callable[[dict[str, Any]], None]) -> None:
        """Call ``heard`` with every announcement on the database (in a thread of its own, until :meth:`close`)."""
        self._thread = threading.Thread(target=self._listen, args=(heard,), name="tiebreak-live-listen", daemon=True)
        self._thread.start()

    def _listen(self, heard: Callable[[dict[str, Any]], None]) -> None:
        import psycopg  # noqa: PLC0415  start-up: psycopg only on a shared database (+82 ms)

        while not self._stop.is_set():
            try:
                with psycopg.connect(self.info, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    heard({"what": "listening"})  # (re)connected: whatever was missed is read from the database
                    while not self._stop.is_set():
                        for n in conn.notifies(timeout=0.5):
                            with contextlib.suppress(ValueError):
                                news = json.loads(n.payload)
                                if isinstance(news, dict):  # anything else on the channel is no news of ours
                                    heard(news)
            except psycopg.Error as e:
                log.warning("listening on the database failed, trying again: %s", e)
                self._stop.wait(1.0)

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(3)
