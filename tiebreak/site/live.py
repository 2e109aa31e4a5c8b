"""``tiebreak serve --watch PATH --site DIR``: the live server keeps the static site of its events in ``DIR``.

Every version the live server publishes (:class:`tiebreak.live.watch.LiveHub` tells :meth:`LiveSite.submit`) is
made into the site's pages in a thread of its own, off the server's event loop: the pages of that version's bytes
(the same bytes the live page shows, never a version held back), only those the change touches
(:func:`tiebreak.site.watch.update`), each written atomically and closed by ``version.json``, as ``tiebreak site
--watch`` writes them.  Versions that come while the pages of the last are being made are taken together: the site
follows with the newest.  An event added to the folder, or taken off the public list by the arbiter, makes the
site's list of events again.  The tie-break list and rules are each event's live settings.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..app.live import options_of, ranked_by
from ..app.options import Options
from ..engine.errors import InputError, InputWarning, Place, TiebreakError
from ..engine.messages import Message
from ..render.i18n import problem
from .build import Site, check_folder, load, open_site, publish_all
from .look import Look
from .spares import Spares
from .watch import update

if TYPE_CHECKING:
    from ..live.event import LiveEvent

log = logging.getLogger("tiebreak.live")


class LiveSite:
    """The site of a live server's published events in ``out`` (``options``: how the pages are shown: columns,
    categories, team ranking, the play-off; the tie-breaks and rules come from each event's live settings;
    ``downloads``, ``games``, ``look``: as ``tiebreak site --downloads/--games/--logo/--accent``)."""

    def __init__(self, out: str | Path, options: Options | None = None, watched: str | Path | None = None,
                 downloads: tuple[str, ...] = (), games: str | None = None, look: Look | None = None) -> None:
        self.out = Path(out)
        self.options = options or Options()
        #: as ``tiebreak site``'s: the standings to download, a PGN of the games, the organiser's logo and colour
        self.downloads, self.games, self.look = downloads, games, look or Look()
        if watched is not None:  # checked before the server starts: a wrong folder is said at once
            check_folder(self.out, [str(watched)])
            if Path(watched).is_dir() and self.out.resolve().is_relative_to(Path(watched).resolve()):
                raise InputError(Message("the site folder {} is inside the watched folder {}; give a folder outside it",
                                         out, watched), Place(str(out)))
        else:
            check_folder(self.out, [])
        self.site: Site | None = None
        self._built: dict[str, tuple[Any, ...]] = {}  # event name -> what its pages were made from
        self._due: dict[str, LiveEvent] = {}
        self._known: dict[str, LiveEvent] = {}  # every event told so far (published or not)
        self._wake = threading.Condition()
        self._stop = False
        self._busy = False
        self._thread: threading.Thread | None = None
        #: the site's version after each publication, and the last error (for the tests and the arbiter's log)
        self.version = 0
        self.error: str | None = None

    def submit(self, events: list[LiveEvent]) -> None:
        """Make the pages of these events' versions (in the site's thread; returns at once)."""
        with self._wake:
            if self._stop:
                return
            for e in events:
                self._due[e.name] = e
                self._known[e.name] = e
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="tiebreak-site", daemon=True)
                self._thread.start()
            self._wake.notify()

    def idle(self) -> bool:
        """Whether every version told has been made into pages."""
        with self._wake:
            return not self._due and not self._busy

    def close(self, wait: float = 10.0) -> None:
        """Stop after the pages being made (at most ``wait`` seconds)."""
        with self._wake:
            self._stop = True
            self._wake.notify()
        if self._thread is not None:
            self._thread.join(wait)
        if self.site is not None and self.site.spares is not None and not self._busy:
            self.site.spares.close()

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._due and not self._stop:
                    self._wake.wait()
                if self._stop:
                    return
                due, self._due, self._busy = self._due, {}, True
            try:
                self.apply(list(due.values()))
            except Exception as e:  # a bug must not stop the site for the versions to come; the log says it
                self.error = str(e)
                log.exception("the site in %s could not be written", self.out)
            finally:
                with self._wake:
                    self._busy = False

    def apply(self, events: list[LiveEvent]) -> None:
        """Write the pages of ``events``' versions (and of the site's list of events when it changed)."""
        with self._wake:
            self._known.update({e.name: e for e in events})
            known = sorted(self._known.values(), key=lambda e: e.name)
        versions = {}
        for e in events:
            with e.lock:  # one version: its bytes and its settings together
                data, key, settings = e.data, (e.digest, *_settings_key(e)), replace(e.settings)
            if data is not None and self._built.get(e.name) != key:
                versions[e.name] = (e, data, settings, key)
        made = self.site.events if self.site is not None else {}
        paths = [str(e.path) for e in known if e.settings.published and (e.data is not None or str(e.path) in made)]
        if not paths:
            return
        if self.site is None or paths != self.site.paths:
            self._rebuild(known, paths, versions)
            return
        for name, (e, data, settings, key) in versions.items():
            if str(e.path) not in self.site.events:
                continue
            written = self._load(self.site, e, data, settings, key, incremental=True)
            if written is not None:
                log.info("site: %d files of %s written into %s", len(written), name, self.out)
        self.version = self.site.version

    def _load(self, site: Site, e: LiveEvent, data: bytes, settings: Any, key: tuple[Any, ...],
              incremental: bool = False) -> list[str] | None:
        """Read one version into ``site`` (``incremental``: and publish the pages it touches; the pages written);
        None when it does not read (the site keeps the pages of the version before)."""
        warnings: list[InputWarning] = []
        path = str(e.path)
        site.options = options_of(settings, self.options)  # ranked as the live standings rank it
        try:
            t = e.file.tournament(data, warnings, settings)
            if incremental:
                written = update(site, path, warnings, t)
            else:
                load(site, path, warnings, t=t)
                written = []
        except TiebreakError as err:
            self.error = f"{e.name}: {problem(err, 'en')}"
            log.warning("site: the pages of %s were not written: %s", e.name, self.error)
            return None
        self._built[e.name], self.error = key, None
        return written

    def _rebuild(self, known: list[LiveEvent], paths: list[str], versions: dict[str, tuple[Any, ...]]) -> None:
        """Every page again: the site's list of events changed (its folders are named after it)."""
        old = self.site
        if old is None:
            site = open_site(self.options, paths, self.out, downloads=self.downloads)
            site.games, site.look, site.live = self.games, self.look, True
        else:
            site = replace(old, paths=paths, events=dict(old.events))
        for e in known:
            path = str(e.path)
            if path not in paths or (path in site.events and e.name not in versions):
                continue
            with e.lock:
                data, key, settings = e.data, (e.digest, *_settings_key(e)), replace(e.settings)
            if data is not None:
                self._load(site, e, data, settings, key)
        site.paths = [p for p in paths if p in site.events]
        site.events = {p: site.events[p] for p in site.paths}
        if not site.paths:
            return
        publish_all(site)
        if site.spares is None:  # empty files made ahead of time for the pages of the next versions
            site.spares = Spares(self.out)
            site.spares.refill(0, len(site.digests))
        self.site, self.version = site, site.version
        log.info("site: %d event(s) written into %s", len(site.events), self.out)


def _settings_key(e: LiveEvent) -> tuple[Any, ...]:
    return *ranked_by(e.settings), e.settings.published
