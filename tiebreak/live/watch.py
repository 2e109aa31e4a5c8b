"""The watched files of ``tiebreak serve --watch PATH``: which files are events, following them with ``watchfiles``,
and telling the subscribers (the Server-Sent Event streams) of every new version.

A path is watched only when it lies inside the folder given, whatever symbolic links or ``..`` say:

>>> import pathlib, tempfile
>>> root = pathlib.Path(tempfile.mkdtemp())
>>> _ = (root / "open.trf").write_text("x")
>>> (root / "link.trf").symlink_to("/etc/passwd")
>>> inside(root, root / "open.trf"), inside(root, root / "link.trf"), inside(root, root / ".." / "open.trf")
('open.trf', None, None)

In a folder, only the pairing programs' files are events: a web page is not one, nor is anything in a website
written by ``tiebreak site`` (its pages, its downloads, its ``version.json``), which an organiser may keep beside the
event files; what is passed over is said (:meth:`LiveHub.passed_over`):

>>> (root / "site").mkdir(); _ = (root / "site" / "version.json").write_text('{"generator": "tiebreak site"}')
>>> _ = (root / "site" / "standings.trf").write_text("x"); _ = (root / "page.html").write_text("x")
>>> not_watched(root, "site/standings.trf"), not_watched(root, "page.html"), not_watched(root, "open.trf")
(('site', 'site'), ('page.html', 'page'), None)
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import os
import re
import stat
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from watchfiles import Change, awatch

from ..engine.errors import InputError, Place
from ..engine.messages import Message
from ..formats.readers import recognised
from .event import HOLD_SECONDS, SUFFIXES, LiveEvent, Settings, Update
from .guard import MAX_FILE_BYTES, read_inside
from .history import KEEP, History
from .leader import BEAT_SECONDS, Leadership, NotLeading
from .remote import UNREACHABLE
from .shared import Listener
from .subscribers import MAX_STREAMS, MAX_STREAMS_PER_CLIENT, Subscribers

if TYPE_CHECKING:
    from ..engine.model import Player
    from .remote import RemotePgn

log = logging.getLogger("tiebreak.live")
#: at most this many events in one watched folder, looked for at most this deep
MAX_EVENTS, MAX_DEPTH = 200, 3
DATABASE_NAME = "tiebreak-live.sqlite"


class LiveSite(Protocol):
    """What the hub asks of the website kept beside it (``serve --site DIR``: :class:`tiebreak.site.live.LiveSite`,
    which the command gives it; the live standings name no module of the site): every version published is
    submitted, and it is closed when the server stops."""

    def submit(self, events: list[LiveEvent]) -> None: ...

    def close(self) -> None: ...


#: endings read when given alone, never as events of a folder: a saved web page is no pairing program's file (and a
#: website's pages would each be read as an event)
PAGE_SUFFIXES = (".html", ".htm")
#: how a website written by ``tiebreak site`` begins its ``version.json`` (tiebreak.site.build writes it first)
SITE_MARK = re.compile(rb'\A\s*\{\s*"generator"\s*:\s*"tiebreak site"')


def not_watched(root: Path, name: str) -> tuple[str, str] | None:
    """Why the file ``name`` of the watched folder ``root`` is not an event, though its ending is one's: ``(what,
    "site")`` when it lies in a website written by ``tiebreak site`` (``what``: the site's folder), ``(name, "page")``
    for a web page; None for an event file."""
    parts = name.split("/")
    for depth in range(len(parts)):  # the watched folder itself, then each folder on the way
        folder = "/".join(parts[:depth])
        if _site_folder(root / folder):
            return folder or ".", "site"
    if Path(name).suffix.lower() in PAGE_SUFFIXES:
        return name, "page"
    return None


def _site_folder(folder: Path) -> bool:
    """Whether ``folder`` holds a website written by ``tiebreak site`` (its ``version.json`` says so)."""
    try:
        fd = os.open(folder / "version.json", os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return False
    with os.fdopen(fd, "rb") as f:
        return stat.S_ISREG(os.fstat(f.fileno()).st_mode) and SITE_MARK.match(f.read(256)) is not None


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
    """Every live event of one server and the history store; its viewers (:mod:`.subscribers`) and, on a shared
    database, its leadership (:mod:`.leader`) are objects of their own.

    ``target`` is a file (one event) or a folder (every event file in it).  ``database`` is an SQLAlchemy URL; by
    default an SQLite file beside the watched files; ``"none"`` keeps no history."""

    def __init__(self, target: str | Path, database: str | None = None, token: str | None = None,
                 settings: Settings | None = None, hold: float = HOLD_SECONDS, limit: int = MAX_FILE_BYTES, keep: int = KEEP,
                 max_streams: int = MAX_STREAMS, max_streams_per_client: int = MAX_STREAMS_PER_CLIENT,
                 site: LiveSite | None = None, remote: RemotePgn | None = None,
                 players: tuple[str, list[Player]] | None = None) -> None:
        #: ``--players FILE``: a broadcast's player list (its name and players), for every PGN watched
        self.players = players
        #: ``serve --watch https://…``: the broadcast's address, polled into the file watched (:mod:`.remote`)
        self.remote = remote
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
        #: what of a watched folder is not an event though its ending is one's: name -> "site" or "page"
        self.skipped: dict[str, str] = {}
        #: the open event streams and their caps
        self.viewers = Subscribers(max_streams, max_streams_per_client)
        self.stopping = asyncio.Event()  # set when the server stops: the watcher and the event streams end
        #: ``serve --site DIR``: the static site kept of every version published (:mod:`tiebreak.site.live`)
        self.site = site
        # the single updater: every re-read (the watcher's, the held files', the arbiter's) runs in this one thread,
        # one at a time, so at most one recomputation of a bounded file (``limit``) competes with the requests
        self._updater = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tiebreak-live-update")
        # several servers on one PostgreSQL database: the one whose term is alive leads (tiebreak.live.leader), every
        # one listens (tiebreak.live.shared)
        self.leadership: Leadership | None = None
        self.listener: Listener | None = None
        self.leading = True
        self._lost = False  # set by a write refused (in the updater thread): the leadership task steps down
        if self.history is not None and self.history.shared:
            self.leadership = Leadership(self.history.engine, target.name)
            self.history.fence = self.leadership.fence
            self.listener = Listener(database)
            self.leading = self.leadership.try_lead()
        if self.leading:
            self.scan()
        else:
            self.follow_all()

    # ---- events
    def name_of(self, path: str | Path) -> str | None:
        name = inside(self.root, Path(path))
        if name is None or (self.only is not None and name != self.only):
            return None
        if self.only is None and (why := not_watched(self.root, name)) is not None:
            self._pass_over(*why)
            return None
        if self.only is None and name not in self.events and not self._recognised(name):
            return None
        return name

    def _recognised(self, name: str) -> bool:
        """Whether the file ``name`` of the watched folder is in the format its ending names
        (:func:`tiebreak.formats.readers.recognised`): one that is not (an arbiter's ``notes.txt``) is passed over and
        said, and watched once it is one; an empty one is passed over silently (a file being written).  A file that
        is an event once stays one: when it no longer reads, its version is held back with the reason.  A file that
        cannot be read here is left to its event, which says why."""
        try:
            data = read_inside(self.root, self.root / name, self.limit)
        except InputError:
            return True
        if recognised(name, data):
            if self.skipped.get(name) == "other":
                del self.skipped[name]
            return True
        if data:
            self._pass_over(name, "other")
        return False

    def _pass_over(self, what: str, why: str) -> None:
        """Keep (and log, the first time) what of the folder is not watched, and why."""
        if what not in self.skipped:
            self.skipped[what] = why
            log.info("not watched: %s (%s)", what, {"site": "a website written by tiebreak site",
                                                    "page": "a web page, not a pairing program's file"}.get(
                why, "not a tournament file in the format its ending names"))

    def passed_over(self) -> list[Message]:
        """What of the watched folder looks like an event and is not one, in words: each website written by
        ``tiebreak site`` in it, its web pages, and its files not in the format their ending names (at most a few
        named)."""
        sites = sorted(w for w, why in self.skipped.items() if why == "site")
        pages = sorted(w for w, why in self.skipped.items() if why == "page")
        said = [Message("{} is a website written by tiebreak site: its pages and downloads are not events, and are "
                        "not watched", s) for s in sites]
        if pages:
            shown = ", ".join(pages[:5]) + (" …" if len(pages) > 5 else "")
            said.append(Message("{} web page(s) not watched ({}): a web page is not a pairing program's file; to "
                                "follow one, give it alone to --watch", len(pages), shown))
        others = sorted(w for w, why in self.skipped.items() if why == "other")
        if others:
            shown = ", ".join(others[:5]) + (" …" if len(others) > 5 else "")
            said.append(Message("{} file(s) not watched ({}): not a tournament file in the format their ending names "
                                "(a TRF has 012 and 001 lines, a Chess-JSON file its tournaments); each is watched "
                                "once it is one", len(others), shown))
        return said

    def changed_names(self, paths: list[str]) -> list[str]:
        """The events a batch of changed paths concerns: the event files among them, and every event when the
        play-off results file (``serve --playoff``) is among them."""
        names = {n for p in paths if (n := self.name_of(p) or self.known(p)) is not None}
        if any(self.is_playoff(p) for p in paths):
            names |= {self.only} if self.only else set(self.events)
        return sorted(names)

    def known(self, path: str | Path) -> str | None:
        """The event watched at ``path`` (by its name, whatever is there now): a watched file removed or replaced is
        read again and said (held back, naming the file), never silently kept."""
        rel = os.path.relpath(os.path.normpath(os.path.join(self.root, path)), self.root)
        name = Path(rel).as_posix()
        return name if name in self.events else None

    def is_playoff(self, path: str | Path) -> bool:
        """Whether ``path`` is the play-off results file of the watched event (``serve --playoff``)."""
        name = self.settings.playoff
        return bool(name) and os.path.normpath(os.path.join(self.root, path)) == os.path.join(self.root, str(name))

    def scan(self) -> list[Update]:
        """Find the event files and read every one that changed; the updates to tell."""
        candidates = [self.root / self.only] if self.only else self._files()
        updates = []
        for path in candidates:
            name = self.name_of(path)
            if name is None:
                continue
            u = self.update(name)
            if u is not None:
                updates.append(u)
        return updates

    def _files(self) -> list[Path]:
        """The files of the watched folder, at most :data:`MAX_DEPTH` deep, neither hidden nor inside a website
        written by ``tiebreak site`` (which is not walked: its thousands of pages are not events)."""
        found = []
        for here, folders, files in os.walk(self.root):
            rel = Path(here).relative_to(self.root)
            if _site_folder(Path(here)):
                self._pass_over(rel.as_posix(), "site")
                folders[:] = []
                continue
            folders[:] = sorted(f for f in folders if not f.startswith(".") and len(rel.parts) + 1 < MAX_DEPTH)
            found += [Path(here) / f for f in sorted(files) if not f.startswith(".")]
        return found

    def _event(self, name: str) -> LiveEvent | None:
        event = self.events.get(name)
        if event is None:
            if len(self.events) >= MAX_EVENTS:
                log.warning("more than %d event files; %s is not watched", MAX_EVENTS, name)
                return None
            event = self.events[name] = LiveEvent(name, self.root / name, _copy(self.settings), self.history,
                                                  root=self.root, hold=self.hold, limit=self.limit,
                                                  players=self.players)
        return event

    def update(self, name: str, force: bool = False) -> Update | None:
        event = self._event(name)
        if event is None or not self.leading or self._lost:
            return None
        try:
            return event.update(force=force)
        except NotLeading:  # another server took over: this one publishes nothing more, and follows
            self._lost = True
            return None
        except Exception as e:  # a bug must not stop the watching of the other events; the arbiter is told
            log.exception("live update of %s failed", name)
            with event._lock:
                return event._hold(event.held["digest"] if event.held else None,
                                   f"the standings could not be computed: {e}", readable=False)

    async def updated(self, name: str, force: bool = False) -> Update | None:
        """:meth:`update` in the hub's single updater thread (one re-read at a time, never on the event loop)."""
        u: Update | None = await self._run(self.update, name, force)
        return u

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

    # ---- telling
    def tell(self, updates: list[Update]) -> None:
        """Queue every update for every viewer (a viewer too slow to take 64 loses the oldest); the site (``--site``)
        makes the pages of the versions in its own thread."""
        if self.site is not None and self.leading and updates:
            self.site.submit([self.events[u.event] for u in updates if u.event in self.events])
        self.viewers.tell(updates)

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
    def follow_all(self, stepped_down: bool = False) -> list[Update]:
        """(A follower) serve every event of the database's last good versions; the updates to tell (an event whose
        version served changed: newer, or another server's version of the same number).  ``stepped_down``: this
        server led until now, so whatever it computed that the database does not hold is dropped, even a higher
        version its refused writes left in memory."""
        assert self.history is not None, "a follower shares a history"
        updates = []
        for name in self.history.events():
            if self.only is None or name == self.only:
                u = self._restore(name, None, stepped_down)
                if u is not None:
                    updates.append(u)
        return updates

    def _restore(self, name: str, version: int | None, older: bool = False) -> Update | None:
        """Serve the last good version of ``name`` kept (or ``version``) when it is not the one served (``older``:
        even when the one served has a higher number); its update."""
        assert self.history is not None
        e = self._event(name)
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
        """(A follower) a version another server kept (``what``: version, document: its odds came, warning;
        listening: the listener (re)connected, whatever was missed is read); the updates to tell this server's
        viewers."""
        if self.leading or self.history is None:
            return []
        if news.get("what") == "listening":
            return self.follow_all()
        name, version = news.get("event"), news.get("version")
        if not isinstance(name, str) or not isinstance(version, int) or (self.only is not None and name != self.only):
            return []
        e = self._event(name)
        if e is None:
            return []
        if news.get("what") == "warning":
            if version != e.version:
                return []
            u = e.warn(news.get("warning") if isinstance(news.get("warning"), str) else None, tell=False)
            return [u] if u is not None else []
        if news.get("what") == "document" and version == e.version:  # its odds came: the same version, served anew
            e.digest = ""
        u = self._restore(name, version)
        return [u] if u is not None else []

    async def _run(self, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` in the hub's single updater (one re-read or restore at a time, never on the event loop)."""
        return await asyncio.get_running_loop().run_in_executor(self._updater, fn, *args)

    async def _lead(self, stop: asyncio.Event) -> None:
        """(A shared database) keep or seek the lead every second until ``stop``: the leader renews its term and
        watches the files; a leader whose term is over stops watching at once and follows; a follower whose leader
        is gone takes the lead from the last version kept."""
        assert self.leadership is not None
        term: asyncio.Event | None = None
        following: asyncio.Task[None] | None = None
        while not stop.is_set():
            if self.leading:
                if following is None:
                    term = asyncio.Event()
                    following = asyncio.create_task(self._follow(stop, term))
                kept = await asyncio.to_thread(self.leadership.renew)
                if kept is False or self._lost:
                    self.leading, self._lost = False, False
                    assert term is not None
                    term.set()
                    with contextlib.suppress(Exception):
                        await following
                    following = None
                    # the new leader's versions, told to this one's viewers
                    self.tell(await self._run(self.follow_all, True))
            elif await asyncio.to_thread(self.leadership.try_lead):
                self.tell(await self._run(self.follow_all))  # from the last version kept
                self.leading = True
                self.tell(await self._run(self.scan))
                if self.site is not None:  # the pages of every version read since
                    self.site.submit(list(self.events.values()))
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), BEAT_SECONDS)
        if following is not None:
            with contextlib.suppress(Exception):
                await following

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
            if self.leadership is not None and self.listener is not None:
                loop = asyncio.get_running_loop()

                def heard(news: dict[str, Any]) -> None:  # in the listener's thread
                    asyncio.run_coroutine_threadsafe(self._heard(news), loop)

                self.listener.listen(heard)
                await self._lead(stop)
            elif not stop.is_set():
                await self._follow(stop, stop)
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

    async def _follow(self, stop: asyncio.Event, term: asyncio.Event) -> None:
        """Watch the files until ``stop`` or the end of this server's ``term`` as leader."""
        def wanted(change: Change, path: str) -> bool:
            return (self.name_of(path) is not None or self.known(path) is not None or self.is_playoff(path)
                    or Path(path).is_dir())

        ended = asyncio.Event()

        async def relay(e: asyncio.Event) -> None:
            await e.wait()
            ended.set()

        ends = [asyncio.create_task(relay(e)) for e in (stop, term)]
        try:
            await self._watch_files(wanted, ended)
        finally:
            for t in ends:
                t.cancel()

    async def _watch_files(self, wanted: Any, ended: asyncio.Event) -> None:
        async for changes in awatch(self.root, watch_filter=wanted, stop_event=ended, recursive=self.only is None,
                                    step=50):
            names = self.changed_names([p for _, p in changes])
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
        if self.leadership is not None:
            self.leadership.resign()
        if self.history is not None:
            self.history.close()


def _copy(settings: Settings) -> Settings:
    return replace(settings)
