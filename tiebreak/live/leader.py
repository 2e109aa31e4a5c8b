"""Who leads among the servers that share one PostgreSQL history (``serve --watch PATH --database postgresql://…``).

Leadership is a lease kept in the database, not a lock on a connection: a row of ``live_leaders`` per term (the
watched name, an epoch counted up from 1, the server holding it, when it last said it is alive).  The leader says
so every second (:meth:`Leadership.renew`); a term not renewed for :data:`LEASE_SECONDS` is over, and the first
follower to ask starts the next one (epoch + 1).  Every write of the leader is fenced by its term
(:meth:`Leadership.fence`, in the same transaction as the write): the term must be the newest and alive, else the
write is refused (:class:`NotLeading`) and the server follows again.  So:

* a database restarted, or the leader's session ended: the lease is in the database, not in the session; the leader
  renews it when the database is back, or another server has taken over and the old one's next write is refused;
* a leader that hangs (stopped, partitioned) stops renewing: it is replaced within :data:`LEASE_SECONDS` and a
  second, and when it wakes up its writes are refused before it can publish anything;
* two servers never publish the same version: takeovers are ordered by the row lock of the newest term.

:class:`Lead` is whether this server leads now and the loop that keeps or seeks the lead (:meth:`Lead.keep`); it asks
the server it leads (:class:`Led`, :class:`tiebreak.live.watch.LiveHub`) only to watch its files, to serve the
database's versions and to read its files again.  A server alone on its history leads for good.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import uuid
from typing import Protocol

from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import DBAPIError, IntegrityError

log = logging.getLogger("tiebreak.live")
#: seconds a leader's term lasts without being renewed (it renews every second)
LEASE_SECONDS = 5.0
#: how often the leader renews its term and a follower asks for the lead
BEAT_SECONDS = 1.0

_NEWEST = ("SELECT epoch, writer, beat > clock_timestamp() - make_interval(secs => :lease) AS alive FROM live_leaders "
           "WHERE name = :name ORDER BY epoch DESC LIMIT 1")


class NotLeading(Exception):
    """A write of a server whose term is over: refused, the server follows again."""


class Leadership:
    """One server's side of the lease on the watched ``name`` (a file or folder name)."""

    def __init__(self, engine: Engine, name: str, lease: float = LEASE_SECONDS) -> None:
        self.engine, self.name, self.lease = engine, name, lease
        #: this server, as written beside every version it keeps (unique: a new one at every start)
        self.writer = f"{socket.gethostname()[:40]}:{os.getpid()}:{uuid.uuid4().hex[:12]}"
        self.epoch: int | None = None

    def _args(self) -> dict[str, object]:
        return {"name": self.name, "lease": self.lease, "writer": self.writer, "epoch": self.epoch}

    def try_lead(self) -> bool:
        """Start a new term when there is none alive; whether this server leads now."""
        try:
            with self.engine.begin() as db:
                newest = db.execute(text(_NEWEST + " FOR UPDATE"), self._args()).first()
                if newest is not None and newest.alive:
                    return bool(newest.writer == self.writer and newest.epoch == self.epoch)
                epoch = (newest.epoch if newest is not None else 0) + 1
                db.execute(text("INSERT INTO live_leaders (name, epoch, writer, beat) "
                                "VALUES (:name, :epoch, :writer, clock_timestamp())"),
                           {"name": self.name, "epoch": epoch, "writer": self.writer})
        except IntegrityError:  # another server started the same term first
            return False
        except DBAPIError as e:
            log.warning("the lead could not be asked for: %s", _first_line(e))
            return False
        self.epoch = epoch
        log.warning("this server leads (term %d of %s)", epoch, self.name)
        return True

    def renew(self) -> bool | None:
        """(The leader) say it is alive: True when its term goes on, False when it is over (another server has
        taken over), None when the database could not be asked (the term ends by itself if that lasts)."""
        if self.epoch is None:
            return False
        try:
            with self.engine.begin() as db:
                done = db.execute(text(
                    "UPDATE live_leaders SET beat = clock_timestamp() WHERE name = :name AND epoch = :epoch "
                    "AND writer = :writer AND NOT EXISTS (SELECT 1 FROM live_leaders l WHERE l.name = :name "
                    "AND l.epoch > :epoch)"), self._args()).rowcount
        except DBAPIError as e:
            log.warning("the leader's term could not be renewed: %s", _first_line(e))
            return None
        if not done:
            log.warning("this server's term %d is over: another server leads; this one follows", self.epoch)
            self.epoch = None
        return bool(done)

    def fence(self, db: Connection) -> tuple[int, str]:
        """(In the transaction of a write) the term to write the version under; :class:`NotLeading` when this
        server's term is not the newest or not alive (the write is refused with the transaction)."""
        newest = db.execute(text(_NEWEST + " FOR SHARE"), self._args()).first()
        if (self.epoch is None or newest is None or not newest.alive or newest.epoch != self.epoch
                or newest.writer != self.writer):
            self.epoch = None
            raise NotLeading(f"this server no longer leads {self.name}")
        return self.epoch, self.writer

    def resign(self) -> None:
        """(A leader that stops) end its term at once, so another server takes over without waiting for the lease."""
        if self.epoch is None:
            return
        try:
            with self.engine.begin() as db:
                db.execute(text("UPDATE live_leaders SET beat = '-infinity' WHERE name = :name AND epoch = :epoch "
                                "AND writer = :writer"), self._args())
        except DBAPIError:
            pass
        self.epoch = None


class Led(Protocol):
    """What the lead's loop (:meth:`Lead.keep`) asks of the server it leads."""

    async def watch_files(self, stop: asyncio.Event, term: asyncio.Event) -> None:
        """(The leader) watch the files until ``stop`` or the end of its ``term``."""

    async def follow(self, stepped_down: bool) -> None:
        """Serve the database's last versions and tell them (``stepped_down``: this server led until now)."""

    async def took_lead(self) -> None:
        """(The new leader) read the files again and tell what changed since the last version kept."""


class Lead:
    """Whether this server leads now, and the loop that keeps or seeks the lead (``lease``: its side of the lease on a
    shared database; None: the server is alone on its history and leads for good)."""

    def __init__(self, lease: Leadership | None = None) -> None:
        self.lease = lease
        self.leading = lease is None or lease.try_lead()
        #: set by a write refused (in the updater thread, :class:`NotLeading`): the loop steps down
        self.lost = False

    async def keep(self, stop: asyncio.Event, led: Led) -> None:
        """(A shared database) keep or seek the lead every second until ``stop``: the leader renews its term and
        watches the files; a leader whose term is over stops watching at once and follows; a follower whose leader
        is gone takes the lead from the last version kept."""
        assert self.lease is not None
        term: asyncio.Event | None = None
        following: asyncio.Task[None] | None = None
        while not stop.is_set():
            if self.leading:
                if following is None:
                    term = asyncio.Event()
                    following = asyncio.create_task(led.watch_files(stop, term))
                kept = await asyncio.to_thread(self.lease.renew)
                if kept is False or self.lost:
                    self.leading, self.lost = False, False
                    assert term is not None
                    term.set()
                    with contextlib.suppress(Exception):
                        await following
                    following = None
                    await led.follow(True)  # the new leader's versions, told to this one's viewers
            elif await asyncio.to_thread(self.lease.try_lead):
                await led.follow(False)  # from the last version kept
                self.leading = True
                await led.took_lead()
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), BEAT_SECONDS)
        if following is not None:
            with contextlib.suppress(Exception):
                await following

    def close(self) -> None:
        """(A leader that stops) end its term at once."""
        if self.lease is not None:
            self.lease.resign()


def _first_line(e: Exception) -> str:
    return str(getattr(e, "orig", None) or e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
