"""One live event: its file, the last good version of its standings, and what changed from version to version.

:class:`LiveEvent` composes the objects that each do one thing: the file read (:class:`~tiebreak.live.source.EventFile`),
the arbiter's hold (:class:`~tiebreak.live.hold.Hold`), the places from version to version
(:class:`~tiebreak.live.placing.Placing`), the documents served (:class:`~tiebreak.live.served.Served`) and the
odds asked (:class:`~tiebreak.live.odds.EventOdds`); it numbers the versions, keeps them in the history and says
what the subscribers are told.

A version is published only when it is whole: the file's bytes changed, it reads cleanly (by the same reader as
``tiebreak standings``; a TRF's lines that did not change since the last read are not decoded again, with the same
answer: :mod:`tiebreak.formats.trf_reread`), and nothing the last good version had disappeared without a result (a
player, a round, a game: :func:`tiebreak.live.guard.lost`; nor a game the reader had to fill in from one side because
the other side's line is blank: a cut line).  Otherwise the version is *held back* (:mod:`tiebreak.live.hold`): the
page keeps the last good version, the arbiter is told why (:attr:`LiveEvent.held`, ``GET /api/live/arbiter``), and
the viewers are told nothing.  A held file that reads cleanly is published once its bytes have stayed the same for
``hold`` seconds (the arbiter really did remove the game); a file that does not read stays held, and after ``hold``
seconds the public page says only that the standings shown are not the file's latest.  The arbiter can publish a
held file at once (:meth:`LiveEvent.update` with ``force``).

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> path = folder / "open.trf"
>>> _ = path.write_text("001    1      Alpha, A".ljust(91) + "   2 w  \\n" + "001    2      Beta, B".ljust(91) + "   1 b  \\n")
>>> e = LiveEvent("open.trf", path)
>>> e.update().version, [(p["white"], p["black"]) for p in e.document["pending"]]
(1, [(1, 2)])
>>> _ = path.write_text("001    1      Alpha, A".ljust(91) + "   2 w 1\\n" + "001    2      Beta, B".ljust(91) + "   1 b 0\\n")
>>> u = e.update()     # 1-0: both places settled; no. 1 passes no. 2, whom the event's lot had placed first on 0
>>> u.version, e.ranks, [(r["start_no"], r["settled"], r["moved"]) for r in json.loads(e.text)["standings"]]
(2, {1: 1, 2: 2}, [(1, True, 1), (2, True, -1)])
>>> _ = path.write_text("001    1      Alpha, A".ljust(91) + "   2 w 1\\n")     # cut: no. 2's line not written yet
>>> e.update(), e.version, e.held["readable"], e.held["reason"][:26], e.warning     # held back, told to nobody
(None, 2, False, 'the file could not be read', None)
"""

from __future__ import annotations

import datetime as dt
import json
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.errors import InputError, InputWarning, TiebreakError
from ..engine.messages import Message
from ..engine.model import Player
from .document import OpenDocument
from .grid import changes
from .guard import MAX_FILE_BYTES, doubt
from .hold import Hold
from .odds import EventOdds
from .pending import AsItStands
from .placing import Placing
from .served import Served
from .settings import HOLD_SECONDS, STALE, SUFFIXES, Settings, Update
from .source import EventFile, digest_of
from .teams import TeamView

if TYPE_CHECKING:
    from ..engine.standings import Standings
    from .history import ChangeRow, History, PlaceRow

__all__ = ["HOLD_SECONDS", "STALE", "SUFFIXES", "LiveEvent", "Settings", "Update"]


class LiveEvent:
    """One watched file and its published versions.  ``history`` (a :class:`~tiebreak.live.history.History`)
    keeps every version; without it only the last is kept."""

    def __init__(self, name: str, path: Path, settings: Settings | None = None, history: History | None = None,
                 root: Path | None = None, hold: float = HOLD_SECONDS, limit: int = MAX_FILE_BYTES,
                 players: tuple[str, list[Player]] | None = None) -> None:
        self.name, self.settings, self.history = name, settings or Settings(), history
        #: the watched file (``players``: a broadcast's player list, ``serve --player-list FILE``)
        self.file = EventFile(name, path, root, limit, players)
        self.hold = Hold(hold, name)  # the version held back, for the arbiter
        self.placing = Placing(name)  # the ranks, place states and board order from version to version
        self.served = Served()  # the documents of the version served
        self.odds = EventOdds(name)  # the odds this version wants
        self.version, self.time, self.digest = 0, "", ""
        self.data: bytes | None = None  # the bytes of the version served (read by ``serve --site``)
        self.playoff_data = b""  # the play-off results file's bytes of the version served (``serve --playoff``)
        #: the public warning (on the page's banner): only that the standings shown are not the file's latest
        self.warning: str | None = None
        self.timings: dict[str, float] = {}
        self.live: AsItStands | None = None  # the version served as it stands (None: restored, not read here)
        #: held while a version is published or read: a version is whole before it is let go
        self.lock = threading.Lock()
        last = history.last(name) if history is not None else None
        if last is not None:  # continue the numbering kept in the database; the page starts from that version
            self.restore(last)

    # ---- what the other modules read of the version served
    @property
    def path(self) -> Path:
        return self.file.path

    @property
    def document(self) -> dict[str, Any] | None:
        """The live members of the document (live, pairings, pending, odds; a broadcast's games)."""
        return self.served.document

    @property
    def text(self) -> str:
        """The document as JSON text (served as it is)."""
        return self.served.text

    @property
    def players(self) -> tuple[dict[str, Any], OpenDocument] | None:
        """A team event's players' view (``?players=1``): its live members and the players' standings."""
        return self.served.players

    @property
    def players_text(self) -> str:
        return self.served.players_text

    @property
    def ranks(self) -> dict[int, int]:
        """Start number (team number in a team event) -> rank in the last good version."""
        return self.placing.ranks

    @property
    def held(self) -> dict[str, Any] | None:
        """The version held back (:attr:`tiebreak.live.hold.Hold.held`), None when none is."""
        return self.hold.held

    def restore(self, last: dict[str, Any]) -> None:
        """Serve a version kept in the database (a restart, or a version another server published)."""
        self.version, self.digest, self.time = last["version"], last["digest"], last["time"]
        self.data = None  # another server's version: its bytes are not read here
        self.placing.restore(json.loads(last["document"], parse_float=str, parse_int=str))  # numbers as their text
        self.served.restore(last["document"])
        assert self.document is not None
        self.warning, self.live = self.document["live"].get("warning"), None

    def text_in(self, lang: str, players: bool = False) -> str | None:
        """The document of the version served in ``lang`` (:meth:`tiebreak.live.served.Served.text_in`)."""
        with self.lock:  # a version being published is whole before the lock is let go
            return self.served.text_in(lang, players)

    def update(self, data: bytes | None = None, force: bool = False) -> Update | None:
        """Read the file (or ``data``) and publish a new version if it changed and is whole; None when nothing new is
        told (a version held back is told to nobody but the arbiter)."""
        with self.lock:
            if data is None:
                try:
                    data = self.file.read_stable() if self.version else self.file.read()
                except InputError as e:
                    return self._hold(None, e.message, readable=False)
            playoff = self.file.playoff_bytes(self.settings.playoff)
            digest = digest_of(data, playoff)
            if digest == self.digest and not force and self.live is not None:
                return self._release()  # back to the last good version's bytes: nothing is held any more
            return self._publish(data, digest, force, playoff)

    def failed(self, error: Exception) -> Update | None:
        """A bug in an update: the file held back, the arbiter told (the other events are still watched)."""
        with self.lock:
            held = self.hold.held
            return self._hold(held["digest"] if held else None, f"the standings could not be computed: {error}",
                              readable=False)

    def _hold(self, digest: str | None, reason: str, readable: bool) -> Update | None:
        """Keep the last good version and hold the file back (:meth:`tiebreak.live.hold.Hold.hold`).  A file that
        does not read and has been held that long makes the public page say :data:`STALE`; the update that tells it,
        else None."""
        if not self.hold.hold(digest, reason, readable) or self.version == 0:
            return None
        return self.warn(STALE)

    def _release(self) -> Update | None:
        self.hold.release()
        return self.warn(None) if self.warning else None

    def state(self) -> dict[str, Any]:
        """What the arbiter sees: the version published, the public warning, and the version held back (why, for how
        many seconds, whether the file reads)."""
        return {"event": self.name, "version": self.version, "published": self.settings.published,
                "warning": self.warning, "held": self.hold.state()}

    def warn(self, warning: str | None, tell: bool = True) -> Update | None:
        """Keep the last good version and set the public warning (None: clear it); the subscribers hear of a change
        once."""
        if warning == self.warning:
            return None
        self.warning = warning
        self.served.set_warning(warning)
        if self.document is not None and self.history is not None and tell:
            # the other servers on the database (a follower heard it: False)
            self.history.tell(self.name, self.version, warning)
        return Update(self.name, self.version, self.time, self.document["live"]["round"] if self.document else 0,
                      warning, 0)

    def load(self, data: bytes, warnings: list[InputWarning]) -> AsItStands:
        """The version of ``data`` as it stands, read with the event's settings (:meth:`.EventFile.load`)."""
        return self.file.load(data, warnings, self.settings)

    def _publish(self, data: bytes, digest: str, force: bool, playoff: bytes = b"") -> Update | None:
        started = time.perf_counter()
        warnings: list[InputWarning] = []
        try:
            live = self.load(data, warnings)
        except TiebreakError as e:
            return self._hold(digest, Message("the file could not be read: {}", e), readable=False)
        before = self.live.tournament if self.live is not None else None
        said = {w.message for w in warnings}
        held = self._doubt(live, said, digest, force)
        if held is not None:
            return self._hold(digest, held, readable=True)
        read = time.perf_counter()
        try:
            s, view = self.placing.rank(self.settings, live, playoff, warnings)
        except TiebreakError as e:
            return self._hold(digest, Message("the standings could not be computed: {}", e), readable=False)
        ranked = time.perf_counter()
        extras, rows, moved = self.placing.places(s, live, self.settings, view is not None)
        changed: list[ChangeRow] = changes(before, live.tournament) if before is not None else []
        # restarted on the file the database ends with: the same version again, not a new one
        again = before is None and digest == self.digest and not force
        self._next_version(again)
        self.digest, self.warning, self.live, self.data, self.playoff_data = digest, None, live, data, playoff
        self.hold.release()
        self.file.said = said
        self.placing.keep(s, view)
        document, players = self._documents(s, live, digest, (extras, rows, moved), view)
        if view is not None:
            rows, moved = view.rows, view.moved
        placed = time.perf_counter()
        self.served.publish(document, view.document if view is not None else self.served.writer.standings(s, extras),
                            players)
        done = time.perf_counter()
        # re-ranked: the file read, the standings, every place's state and the pairings; then the JSON text
        self.timings = {"read": read - started, "rank": ranked - read, "places": placed - ranked,
                        "reranked": placed - started, "json": done - placed, "total": done - started}
        return None if again else self._told(live, digest, rows, moved, changed)

    def _doubt(self, live: AsItStands, said: set[str], digest: str, force: bool) -> str | None:
        """Why this reading is held back (:func:`tiebreak.live.guard.doubt`; never the first, nor one forced, nor a
        file held long enough); None: it is published."""
        if self.live is None or force or self.hold.long_enough(digest):
            return None
        return doubt(self.live, live, self.file.said, said)

    def _next_version(self, again: bool) -> None:
        """The version's number and time: the next (``again``: the version served, restarted on its file)."""
        self.version += 0 if again else 1
        if not again:
            self.time = dt.datetime.now(dt.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")

    def _documents(self, s: Standings, live: AsItStands, digest: str,
                   placed: tuple[dict[str, list[Any]], list[PlaceRow], int],
                   view: TeamView | None) -> tuple[dict[str, Any], tuple[dict[str, Any], OpenDocument] | None]:
        """The live members of the version's document, its odds put in when they are known already (else asked);
        a team event's teams' members, with its players' view beside them."""
        extras, rows, moved = placed
        document = self._live_document(live, digest, rows, moved, view is not None)
        players = None
        if view is not None:
            players = (document, self.served.writer.standings(s, extras))
            document = document | {
                "live": document["live"] | {"settled": sum(1 for p in view.rows if p[3]), "moved": view.moved,
                                            "matches_pending": view.pending, "view": "teams"},
                "pairings": view.pairings}
        if live.pending:  # a team event's odds are the teams' (tiebreak.arbiter.odds on its team list)
            known, odds = self.odds.ask(live.tournament, self.settings, self._odds_ready)
            if known:
                document["odds"] = odds
        else:
            self.odds.forget()
        return document, players

    def _live_document(self, live: AsItStands, digest: str, rows: list[PlaceRow], moved: int,
                       team: bool) -> dict[str, Any]:
        """The live members of the version's document (live, pairings, pending, odds; a broadcast's games)."""
        document: dict[str, Any] = {
            "live": {"event": self.name, "version": self.version, "time": self.time, "round": live.round,
                     "digest": digest, "warning": None, "pending": len(live.pending),
                     "settled": sum(1 for p in rows if p[3]), "moved": moved, "team_event": team, "view": "players"},
            "pairings": self.placing.pairings(live),
            "pending": [{"round": r, "white": w, "black": b} for r, w, b in live.pending],
            "odds": None,  # filled off the request path while the round has pending games (tiebreak.live.odds)
        }
        broadcast = self.file.broadcast
        return document | (broadcast.members(live, self.settings, team, document["pairings"])
                            if broadcast is not None else {})

    def _told(self, live: AsItStands, digest: str, rows: list[PlaceRow], moved: int,
              changed: list[ChangeRow]) -> Update:
        """The new version recorded in the history (when kept), and the update the subscribers are told."""
        if self.history is not None:
            self.history.record(self.name, self.version, self.time, live.round, digest, self.text, rows, changed)
        return Update(self.name, self.version, self.time, live.round, None, moved,
                      [{"round": c[0], "start_no": c[1], "what": c[2], "before": c[3], "after": c[4]} for c in changed])

    def _odds_ready(self, key: tuple[Any, ...], odds: dict[str, Any] | None) -> None:
        """The odds of ``key`` came: put into the version served when its results are still those (a move since
        made a new version of the same results: that version has them)."""
        with self.lock:
            if not self.odds.wants(key) or self.document is None or odds is None:
                return
            self.served.put_odds(odds)
            if self.history is not None:  # kept with its odds: a restart, and the other servers, show them too
                self.history.set_document(self.name, self.version, self.text)

    def crosstable(self, players: bool = False) -> list[dict[str, Any]]:
        """Every player's rounds in standings order: opponent, colour and result (``*`` being played); in a team
        event every team's matches (unless ``players``)."""
        return list(json.loads(self.crosstable_json(players))["rows"])

    def crosstable_cached(self, players: bool = False) -> bytes | None:
        """The answer of ``/api/live/crosstable`` when this version's is made already (served as bytes), else None."""
        return self.served.crosstables.get(players)

    def crosstable_json(self, players: bool = False) -> bytes:
        """The answer of ``/api/live/crosstable`` (event, version, rows): made once per version and kept."""
        with self.lock:
            version = self.version
            if (kept := self.crosstable_cached(players)) is not None:
                return kept
            if self.live is None and self.digest and self.document is not None:
                self.live = self._reread()  # a version restored, or kept by another server: its file, if it is here
            rows: list[dict[str, Any]] = []
            if self.live is not None and self.document is not None:
                rows = self.placing.rounds_in_order(self.live.tournament, players)
            body = json.dumps({"event": self.name, "version": version, "rows": rows}, ensure_ascii=False,
                              separators=(",", ":")).encode("utf-8")
            if self.live is not None:  # (no file to read it from: not kept, tried again)
                self.served.crosstables[players] = body
            return body

    def _reread(self) -> AsItStands | None:
        """The version served, read again from the file when the file still has that version's bytes."""
        try:
            again = self.file.reread(self.digest, self.settings)
        except TiebreakError:
            return None
        return again[0] if again is not None else None
