"""The events of one live server (``tiebreak serve --watch PATH``): :class:`LiveHub` reads the event files that the
watched folder names (:mod:`.folder`) into its events (:mod:`.registry`), follows them with ``watchfiles`` and tells
the subscribers (:mod:`.subscribers`, the Server-Sent Event streams) of every new version; the arbiter's token
(:mod:`.token`), the leadership on a shared database (:mod:`.leader`) and the versions another server kept
(:mod:`.shared`) are objects of their own that the hub holds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from watchfiles import Change, awatch

from ..engine.errors import InputError, Place
from ..engine.messages import Message
from .event import HOLD_SECONDS, LiveEvent, Settings, Update
from .folder import WatchedFolder
from .guard import MAX_FILE_BYTES
from .history import KEEP, History
from .leader import Lead, Leadership, NotLeading
from .registry import Events
from .remote import UNREACHABLE
from .shared import Follower, Listener
from .subscribers import MAX_STREAMS, MAX_STREAMS_PER_CLIENT, Subscribers
from .token import ArbiterToken

if TYPE_CHECKING:
    from ..engine.model import Player
    from .remote import RemotePgn

log = logging.getLogger("tiebreak.live")
DATABASE_NAME = "tiebreak-live.sqlite"


class LiveSite(Protocol):
    """What the hub asks of the website kept beside it (``serve --site DIR``: :class:`tiebreak.site.live.LiveSite`,
    which the command gives it; the live standings name no module of the site): every version published is
    submitted, and it is closed when the server stops."""

    def submit(self, events: list[LiveEvent]) -> None: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class Bounds:
    """A live server's bounds (``serve --hold``, ``--max-file-mb``, ``--keep-versions``, ``--max-streams``,
    ``--max-streams-per-client``): how long a file that lost a game is held, the largest file read, the versions kept
    in the history, the open event streams in all and from one address."""

    hold: float = HOLD_SECONDS
    file_bytes: int = MAX_FILE_BYTES
    keep: int = KEEP
    streams: int = MAX_STREAMS
    streams_per_client: int = MAX_STREAMS_PER_CLIENT


class LiveHub:
    """Every live event of one server and the history store, made of objects of their own: the events
    (:class:`~tiebreak.live.registry.Events`), the watched folder (:class:`~tiebreak.live.folder.WatchedFolder`), the
    viewers (:class:`~tiebreak.live.subscribers.Subscribers`), the arbiter's token
    (:class:`~tiebreak.live.token.ArbiterToken`), the lead (:class:`~tiebreak.live.leader.Lead`) and, on a shared
    database, the listener and the follower (:mod:`.shared`).

    ``target`` is a file (one event) or a folder (every event file in it).  ``database`` is an SQLAlchemy URL; by
    default an SQLite file beside the watched files; ``"none"`` keeps no history."""

    def __init__(self, target: str | Path, database: str | None = None, token: str | None = None,
                 settings: Settings | None = None, bounds: Bounds | None = None, site: LiveSite | None = None,
                 remote: RemotePgn | None = None, players: tuple[str, list[Player]] | None = None) -> None:
        #: ``serve --watch https://…``: the broadcast's address, polled into the file watched (:mod:`.remote`)
        self.remote = remote
        target = Path(target).resolve()
        if not target.exists():
            raise InputError(Message("nothing to watch at {}", target), Place(str(target)))
        self.token = ArbiterToken(token)
        if database is None:
            database = f"sqlite:///{(target if target.is_dir() else target.parent) / DATABASE_NAME}"
        bounds = bounds or Bounds()
        self.history = None if database == "none" else History(database, bounds.keep)
        self.settings = settings or Settings()
        self.hold = bounds.hold
        root = target if target.is_dir() else target.parent
        #: the events read so far, by name (``players``: ``--players FILE``, a broadcast's player list for every PGN)
        self.events = Events(root, self.settings, self.history, bounds.hold, bounds.file_bytes, players)
        #: which files are events
        self.folder = WatchedFolder(root, None if target.is_dir() else target.name, self.events, self.settings.playoff,
                                    bounds.file_bytes)
        #: the open event streams and their caps
        self.viewers = Subscribers(bounds.streams, bounds.streams_per_client)
        self.stopping = asyncio.Event()  # set when the server stops: the watcher and the event streams end
        #: ``serve --site DIR``: the static site kept of every version published (:mod:`tiebreak.site.live`)
        self.site = site
        # the single updater: every re-read (the watcher's, the held files', the arbiter's) runs in this one thread,
        # one at a time, so at most one recomputation of a bounded file (``limit``) competes with the requests
        self._updater = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tiebreak-live-update")
        # several servers on one PostgreSQL database: the one whose term is alive leads (tiebreak.live.leader), every
        # one listens and the others serve its versions (tiebreak.live.shared)
        self.listener: Listener | None = None
        self.follower: Follower | None = None
        if self.history is not None and self.history.shared:
            lease = Leadership(self.history.engine, target.name)
            self.history.fence = lease.fence
            self.listener = Listener(database)
            self.follower = Follower(self.history, self.folder.only, self.events.made)
            self.lead = Lead(lease)
        else:
            self.lead = Lead()
        if self.leading:
            self.scan()
        else:
            assert self.follower is not None, "a follower shares a history"
            self.follower.follow_all()

    @property
    def leading(self) -> bool:
        """Whether this server leads (always, alone on its history): it watches the files and takes the arbiter's
        changes."""
        return self.lead.leading

    # ---- events
    def scan(self) -> list[Update]:
        """Read every event file of the watched folder that changed; the updates to tell."""
        return [u for name in self.folder.names() if (u := self.update(name)) is not None]

    def update(self, name: str, force: bool = False) -> Update | None:
        event = self.events.made(name)
        if event is None or not self.lead.leading or self.lead.lost:
            return None
        try:
            return event.update(force=force)
        except NotLeading:  # another server took over: this one publishes nothing more, and follows
            self.lead.lost = True
            return None
        except Exception as e:  # a bug must not stop the watching of the other events; the arbiter is told
            log.exception("live update of %s failed", name)
            return event.failed(e)

    async def updated(self, name: str, force: bool = False) -> Update | None:
        """:meth:`update` in the hub's single updater thread (one re-read at a time, never on the event loop)."""
        u: Update | None = await self._run(self.update, name, force)
        return u

    # ---- telling
    def tell(self, updates: list[Update]) -> None:
        """Queue every update for every viewer (a viewer too slow to take 64 loses the oldest); the site (``--site``)
        makes the pages of the versions in its own thread."""
        if self.site is not None and self.leading and updates:
            self.site.submit([self.events[u.event] for u in updates if u.event in self.events])
        self.viewers.tell(updates)

    async def recheck(self, stop: asyncio.Event) -> None:
        """Read the held files again every half ``hold`` (at most every second) until ``stop`` is set."""
        pause = min(1.0, max(0.05, self.hold / 2))
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), pause)
            for name in self.events.held():
                u = await self.updated(name)
                if u is not None:
                    self.tell([u])

    # ---- several servers on one database: what the listener heard, and what the lead's loop asks
    # (:class:`~tiebreak.live.leader.Led`: follow, took_lead and watch_files)
    def heard(self, news: dict[str, Any]) -> list[Update]:
        """(A follower) a version another server kept (:meth:`.Follower.heard`); the leader has nothing to hear."""
        if self.leading or self.follower is None:
            return []
        return self.follower.heard(news)

    async def follow(self, stepped_down: bool) -> None:
        """Serve the database's last versions (in the single updater) and tell them."""
        assert self.follower is not None, "a follower shares a history"
        self.tell(await self._run(self.follower.follow_all, stepped_down))

    async def took_lead(self) -> None:
        """(This server leads now) read the files again and tell; the site makes the pages of every version since."""
        self.tell(await self._run(self.scan))
        if self.site is not None:  # the pages of every version read since
            self.site.submit(list(self.events.values()))

    async def _run(self, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` in the hub's single updater (one re-read or restore at a time, never on the event loop)."""
        return await asyncio.get_running_loop().run_in_executor(self._updater, fn, *args)

    async def watch(self, stop: asyncio.Event | None = None) -> None:
        """Follow the files until ``stop`` is set: every change is read in a worker thread, then told.  On a shared
        database, listen to the other servers too, and lead while this server's term lasts."""
        stop = stop or asyncio.Event()
        tasks = [asyncio.create_task(self.recheck(stop))]
        if self.remote is not None:
            tasks.append(asyncio.create_task(self.poll(stop)))
        if self.site is not None and self.leading:  # the pages of the versions read at the start
            self.site.submit(list(self.events.values()))
        try:
            if self.lead.lease is not None and self.listener is not None:
                loop = asyncio.get_running_loop()

                def heard(news: dict[str, Any]) -> None:  # in the listener's thread
                    asyncio.run_coroutine_threadsafe(self._heard(news), loop)

                self.listener.listen(heard)
                await self.lead.keep(stop, self)
            elif not stop.is_set():
                await self.watch_files(stop, stop)
        finally:
            stop.set()
            await asyncio.gather(*tasks)

    async def poll(self, stop: asyncio.Event) -> None:
        """(A broadcast's address) ask it whenever its time comes until ``stop``: a new body is read at once (the
        watcher sees it too, as the same bytes); while the address cannot be read the page says so."""
        remote = self.remote
        assert remote is not None
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), max(0.02, remote.due()))
            if stop.is_set():
                return
            if not self.leading:  # a follower serves the leader's versions: the relay is asked by one server only
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), remote.interval)
                continue
            changed = await asyncio.to_thread(remote.poll)
            event = self.events.get(remote.path.name)
            if event is None:
                continue
            updates = []
            if changed and (u := await self.updated(event.name)) is not None:
                updates.append(u)
            if remote.status is not None and event.warning != UNREACHABLE:
                updates.append(await self._run(event.warn, UNREACHABLE))
            elif remote.status is None and event.warning == UNREACHABLE:
                updates.append(await self._run(event.warn, None))
            self.tell([u for u in updates if u is not None])

    async def _heard(self, news: dict[str, Any]) -> None:
        # in the single updater too: a version heard is restored (its document parsed) in order, off the event loop
        self.tell(await self._run(self.heard, news))

    async def watch_files(self, stop: asyncio.Event, term: asyncio.Event) -> None:
        """Watch the files until ``stop`` or the end of this server's ``term`` as leader."""
        def wanted(change: Change, path: str) -> bool:
            return self.folder.wanted(path)

        ended = asyncio.Event()

        async def relay(e: asyncio.Event) -> None:
            await e.wait()
            ended.set()

        ends = [asyncio.create_task(relay(e)) for e in (stop, term)]
        try:
            await self._changes(wanted, ended)
        finally:
            for t in ends:
                t.cancel()

    async def _changes(self, wanted: Any, ended: asyncio.Event) -> None:
        """Read the events each batch of changes concerns, and tell them, until ``ended``."""
        folder = self.folder
        async for changes in awatch(folder.root, watch_filter=wanted, stop_event=ended, recursive=folder.only is None,
                                    step=50):
            names = folder.changed_names([p for _, p in changes])
            updates = []
            for name in names:
                if ended.is_set() or not self.leading:
                    return
                u = await self.updated(name)
                if u is not None:
                    updates.append(u)
            self.tell(updates)

    def close(self) -> None:
        if self.remote is not None:
            self.remote.close()
        if self.site is not None:
            self.site.close()
        if self.listener is not None:
            self.listener.close()
        self.lead.close()
        if self.history is not None:
            self.history.close()
