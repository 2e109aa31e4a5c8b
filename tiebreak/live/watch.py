"""The watched files of ``tiebreak serve --watch PATH``: which files are events, following them with ``watchfiles``,
and telling the subscribers (the Server-Sent Event streams) of every new version.

A path is watched only when it lies inside the folder given, whatever symbolic links or ``..`` say:

>>> import pathlib, tempfile
>>> root = pathlib.Path(tempfile.mkdtemp())
>>> _ = (root / "open.trf").write_text("x")
>>> (root / "link.trf").symlink_to("/etc/passwd")
>>> inside(root, root / "open.trf"), inside(root, root / "link.trf"), inside(root, root / ".." / "open.trf")
('open.trf', None, None)
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.errors import InputError, Place
from ..engine.messages import Message
from .event import HOLD_SECONDS, SUFFIXES, LiveEvent, Settings, Update
from .guard import MAX_FILE_BYTES
from .history import KEEP, History

if TYPE_CHECKING:  # watchfiles is loaded only when a watch starts
    from watchfiles import Change

    from ..site.live import LiveSite
    from .shared import Coordinator

log = logging.getLogger("tiebreak.live")
#: at most this many events in one watched folder, looked for at most this deep
MAX_EVENTS, MAX_DEPTH = 200, 3
#: Server-Sent Event streams one process holds at most, and one client address at most (``serve --max-streams``,
#: ``--max-streams-per-client``): beyond them a stream is refused (503 with ``Retry-After``; 429)
MAX_STREAMS, MAX_STREAMS_PER_CLIENT = 5000, 50
DATABASE_NAME = "tiebreak-live.sqlite"


def inside(root: Path, path: Path) -> str | None:
    """The name of ``path`` relative to ``root`` (``/``-separated) when it is an event file inside it, else None:
    ``..`` and links that lead outside are refused, as are hidden files and other endings."""
    root = root.resolve()
    lexical = Path(os.path.normpath(os.path.join(root, path)))
    if not lexical.is_relative_to(root) or lexical == root:
        return None
    try:
        real = lexical.resolve(strict=True)
    except OSError:
        return None
    if not real.is_relative_to(root) or not real.is_file():
        return None
    rel = lexical.relative_to(root)
    if len(rel.parts) > MAX_DEPTH or any(p.startswith(".") for p in rel.parts) or rel.suffix.lower() not in SUFFIXES:
        return None
    return rel.as_posix()


class LiveHub:
    """Every live event of one server, the history store and the subscribers.

    ``target`` is a file (one event) or a folder (every event file in it).  ``database`` is an SQLAlchemy URL; by
    default an SQLite file beside the watched files; ``"none"`` keeps no history."""

    def __init__(self, target: str | Path, database: str | None = None, token: str | None = None,
                 settings: Settings | None = None, hold: float = HOLD_SECONDS, limit: int = MAX_FILE_BYTES, keep: int = KEEP,
                 max_streams: int = MAX_STREAMS, max_streams_per_client: int = MAX_STREAMS_PER_CLIENT,
                 site: LiveSite | None = None) -> None:
        target = Path(target).resolve()
        if not target.exists():
            raise InputError(Message("nothing to watch at {}", target), Place(str(target)))
        self.root = target if target.is_dir() else target.parent
        self.only = None if target.is_dir() else target.name
        self.token = token or None
        if database is None:
            database = f"sqlite:///{self.root / DATABASE_NAME}"
        self.history = None if database == "none" else History(database, keep)
        self.settings = settings or Settings()
        self.hold, self.limit = hold, limit
        self.events: dict[str, LiveEvent] = {}
        self.subscribers: set[asyncio.Queue[Update | None]] = set()
        self._streams: dict[str, int] = {}  # client address -> streams open
        self.max_streams, self.max_streams_per_client = max_streams, max_streams_per_client
        self.stopping = asyncio.Event()  # set when the server stops: the watcher and the event streams end
        #: ``serve --site DIR``: the static site kept of every version published (:mod:`tiebreak.site.live`)
        self.site = site
        # the single updater: every re-read (the watcher's, the held files', the arbiter's) runs in this one thread,
        # one at a time, so at most one recomputation of a bounded file (``limit``) competes with the requests
        self._updater = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tiebreak-live-update")
        # several servers on one PostgreSQL database: the one that holds the lock leads (tiebreak.live.shared)
        self.coordinator: Coordinator | None = None
        self.leading = True
        if self.history is not None and self.history.shared:
            from .shared import Coordinator

            self.coordinator = Coordinator(database, target.name)
            self.leading = self.coordinator.try_lead()
        if self.leading:
            self.scan()
        else:
            self.follow_all()

    # ---- events
    def name_of(self, path: str | Path) -> str | None:
        name = inside(self.root, Path(path))
        if name is None or (self.only is not None and name != self.only):
            return None
        return name

    def scan(self) -> list[Update]:
        """Find the event files and read every one that changed; the updates to tell."""
        candidates = [self.root / self.only] if self.only else sorted(self.root.rglob("*"))
        updates = []
        for path in candidates:
            name = self.name_of(path)
            if name is None:
                continue
            u = self.update(name)
            if u is not None:
                updates.append(u)
        return updates

    def _event(self, name: str) -> LiveEvent | None:
        event = self.events.get(name)
        if event is None:
            if len(self.events) >= MAX_EVENTS:
                log.warning("more than %d event files; %s is not watched", MAX_EVENTS, name)
                return None
            event = self.events[name] = LiveEvent(name, self.root / name, _copy(self.settings), self.history,
                                                  root=self.root, hold=self.hold, limit=self.limit)
        return event

    def update(self, name: str, force: bool = False) -> Update | None:
        event = self._event(name)
        if event is None or not self.leading:
            return None
        try:
            return event.update(force=force)
        except Exception as e:  # a bug must not stop the watching of the other events; the arbiter is told
            log.exception("live update of %s failed", name)
            with event._lock:
                return event._hold(event.held["digest"] if event.held else None,
                                   f"the standings could not be computed: {e}", readable=False)

    async def updated(self, name: str, force: bool = False) -> Update | None:
        """:meth:`update` in the hub's single updater thread (one re-read at a time, never on the event loop)."""
        return await asyncio.get_running_loop().run_in_executor(self._updater, self.update, name, force)

    def published(self) -> list[LiveEvent]:
        return [e for e in self.events.values() if e.settings.published and e.version]

    def event(self, name: str | None) -> LiveEvent | None:
        """A published event by name; without a name the first one."""
        if name is None:
            shown = self.published()
            return shown[0] if shown else None
        e = self.events.get(name)
        return e if e is not None and e.settings.published and e.version else None

    # ---- the arbiter
    def authorised(self, given: str | None) -> bool:
        """Whether ``given`` is the arbiter's token (compared in constant time); without a token nobody is."""
        if not self.token or not given:
            return False
        return hmac.compare_digest(given.encode("utf-8"), self.token.encode("utf-8"))

    # ---- subscribers
    def subscribe(self, client: str = "?") -> asyncio.Queue[Update | None]:
        """A queue of updates for one stream of ``client`` (None in it: the server stops)."""
        q: asyncio.Queue[Update | None] = asyncio.Queue(maxsize=64)
        self.subscribers.add(q)
        self._streams[client] = self._streams.get(client, 0) + 1
        return q

    def unsubscribe(self, q: asyncio.Queue[Update | None], client: str = "?") -> None:
        if q in self.subscribers:
            self.subscribers.discard(q)
            left = self._streams.get(client, 1) - 1
            if left > 0:
                self._streams[client] = left
            else:
                self._streams.pop(client, None)

    def streams_open(self) -> int:
        return len(self.subscribers)

    def streams_of(self, client: str) -> int:
        return self._streams.get(client, 0)

    def end_streams(self) -> None:
        """Tell every stream that the server stops."""
        for q in list(self.subscribers):
            if q.full():
                q.get_nowait()
            q.put_nowait(None)

    def tell(self, updates: list[Update]) -> None:
        """Queue every update for every subscriber (a subscriber too slow to take 64 loses the oldest); the site
        (``--site``) makes the pages of the versions in its own thread."""
        if self.site is not None and self.leading and updates:
            self.site.submit([self.events[u.event] for u in updates if u.event in self.events])
        for u in updates:
            for q in list(self.subscribers):
                if q.full():
                    q.get_nowait()
                q.put_nowait(u)

    def held(self) -> list[str]:
        """The events with a version held back, to be read again (a held file is published, or the public page
        told, once it has stayed the same for ``hold`` seconds)."""
        return [name for name, e in self.events.items() if e.held is not None]

    async def recheck(self, stop: asyncio.Event) -> None:
        """Read the held files again every half ``hold`` (at most every second) until ``stop`` is set."""
        pause = min(1.0, max(0.05, self.hold / 2))
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), pause)
            for name in self.held():
                u = await self.updated(name)
                if u is not None:
                    self.tell([u])

    # ---- several servers on one database
    def follow_all(self) -> None:
        """(A follower) serve every event of the database's last versions."""
        assert self.history is not None, "a follower shares a history"
        for name in self.history.events():
            if self.only is None or name == self.only:
                e = self._event(name)
                last = self.history.last(name)
                if e is not None and last is not None and last["version"] > e.version:
                    e.restore(last)

    def heard(self, news: dict[str, Any]) -> Update | None:
        """(A follower) a version another server kept (``what``: version, document: its odds came, warning); the
        update to tell this server's viewers."""
        if self.leading or self.history is None:
            return None
        if news.get("what") == "listening":
            self.follow_all()
            return None
        name, version = news.get("event"), news.get("version")
        if not isinstance(name, str) or not isinstance(version, int) or (self.only is not None and name != self.only):
            return None
        e = self._event(name)
        if e is None:
            return None
        if news.get("what") == "warning":
            return e.warn(news.get("warning") if isinstance(news.get("warning"), str) else None, tell=False)
        last = self.history.last(name, version)
        if last is None or version < e.version:
            return None
        new = version > e.version
        e.restore(last)
        if not new:
            return None
        changes = [dict(c) for c in self.history.changes(name, version)]
        return Update(name, version, last["time"], last["round"], e.warning, e.document["live"]["moved"]
                      if e.document else 0, changes)

    async def _lead_when_free(self, stop: asyncio.Event) -> None:
        """(A follower) try to take the lead every second; once leading, watch the files from the last version."""
        assert self.coordinator is not None
        while not stop.is_set() and not self.leading:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 1.0)
            if not stop.is_set() and await asyncio.to_thread(self.coordinator.try_lead):
                await asyncio.get_running_loop().run_in_executor(self._updater, self.follow_all)  # from the last kept
                self.leading = True
                log.warning("this server now leads: it watches the files")
                self.tell(await asyncio.get_running_loop().run_in_executor(self._updater, self.scan))
                if self.site is not None:  # the pages of every version read since
                    self.site.submit(list(self.events.values()))

    async def watch(self, stop: asyncio.Event | None = None) -> None:
        """Follow the files until ``stop`` is set: every change is read in a worker thread, then told.  On a shared
        database, listen to the other servers too, and lead when the leader is gone."""
        stop = stop or asyncio.Event()
        tasks = [asyncio.create_task(self.recheck(stop))]
        if self.site is not None and self.leading:  # the pages of the versions read at the start
            self.site.submit(list(self.events.values()))
        if self.coordinator is not None:
            loop = asyncio.get_running_loop()

            def heard(news: dict[str, Any]) -> None:  # in the listener's thread
                asyncio.run_coroutine_threadsafe(self._heard(news), loop)

            self.coordinator.listen(heard)
            if not self.leading:
                await self._lead_when_free(stop)
        try:
            if self.leading and not stop.is_set():
                await self._follow(stop)
        finally:
            stop.set()
            await asyncio.gather(*tasks)

    async def _heard(self, news: dict[str, Any]) -> None:
        # in the single updater too: a version heard is restored (its document parsed) in order, off the event loop
        u = await asyncio.get_running_loop().run_in_executor(self._updater, self.heard, news)
        if u is not None:
            self.tell([u])

    async def _follow(self, stop: asyncio.Event) -> None:
        from watchfiles import awatch

        def wanted(change: Change, path: str) -> bool:
            return self.name_of(path) is not None or Path(path).is_dir()

        async for changes in awatch(self.root, watch_filter=wanted, stop_event=stop, recursive=self.only is None,
                                    step=50):
            names = sorted({n for _, p in changes if (n := self.name_of(p)) is not None})
            updates = []
            for name in names:
                u = await self.updated(name)
                if u is not None:
                    updates.append(u)
            self.tell(updates)

    def close(self) -> None:
        if self.site is not None:
            self.site.close()
        if self.coordinator is not None:
            self.coordinator.close()
        if self.history is not None:
            self.history.close()


def _copy(settings: Settings) -> Settings:
    from dataclasses import replace

    return replace(settings)
