"""Several servers, one event: ``serve --watch PATH --database postgresql://…`` on N processes (or machines) that
share the history.

One server leads (:mod:`tiebreak.live.leader`: a lease in the database, every write fenced by its term): it alone
watches the files and keeps the versions.  Every version kept is announced on the database with ``NOTIFY`` (in the
transaction that keeps it, so nobody hears of a version before it can be read); every server ``LISTEN``s
(:class:`Listener`) and serves the version from the database once it has checked it
(:meth:`tiebreak.live.history.History.last`, :class:`Follower`), so a viewer connected to any of them sees every
version.  SQLite stays the embedded default for one process (no coordination needed).
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy.engine import make_url

from .history import CHANNEL, History
from .settings import Update

if TYPE_CHECKING:
    from .event import LiveEvent

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


class Follower:
    """(A server that follows) the versions the leader kept, served here: each event of ``history`` (only the one
    named ``only``, when one file is watched) is the server's event that ``event`` gives (made the first time),
    restored from its last good version."""

    def __init__(self, history: History, only: str | None, event: Callable[[str], LiveEvent | None]) -> None:
        self.history, self.only, self.event = history, only, event

    def follow_all(self, stepped_down: bool = False) -> list[Update]:
        """Serve every event of the database's last good versions; the updates to tell (an event whose version served
        changed: newer, or another server's version of the same number).  ``stepped_down``: this server led until
        now, so whatever it computed that the database does not hold is dropped, even a higher version its refused
        writes left in memory."""
        updates = []
        for name in self.history.events():
            if self.only is None or name == self.only:
                u = self.restore(name, None, stepped_down)
                if u is not None:
                    updates.append(u)
        return updates

    def restore(self, name: str, version: int | None, older: bool = False) -> Update | None:
        """Serve the last good version of ``name`` kept (or ``version``) when it is not the one served (``older``:
        even when the one served has a higher number); its update."""
        e = self.event(name)
        last = self.history.last(name, version) if e is not None else None
        if e is None or last is None or (last["version"] < e.version and not older) or (
                last["version"] == e.version and last["digest"] == e.digest and last["time"] == e.time):
            return None
        try:
            e.restore(last)
        except (KeyError, TypeError, ValueError) as err:  # checked when read: a bug, told, never a stuck follower
            log.warning("version %s of %s could not be served: %s", last["version"], name, err)
            return None
        changes = [dict(c) for c in self.history.changes(name, last["version"])]
        return Update(name, e.version, e.time, last["round"], e.warning, e.document["live"].get("moved", 0)
                      if e.document else 0, changes)

    def heard(self, news: dict[str, Any]) -> list[Update]:
        """A version another server kept (``what``: version, document: its odds came, warning; listening: the
        listener (re)connected, whatever was missed is read); the updates to tell this server's viewers."""
        if news.get("what") == "listening":
            return self.follow_all()
        name, version = news.get("event"), news.get("version")
        if not isinstance(name, str) or not isinstance(version, int) or (self.only is not None and name != self.only):
            return []
        e = self.event(name)
        if e is None:
            return []
        if news.get("what") == "warning":
            if version != e.version:
                return []
            u = e.warn(news.get("warning") if isinstance(news.get("warning"), str) else None, tell=False)
            return [u] if u is not None else []
        if news.get("what") == "document" and version == e.version:  # its odds came: the same version, served anew
            e.digest = ""
        u = self.restore(name, version)
        return [u] if u is not None else []
