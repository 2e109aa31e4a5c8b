"""One live event: its file, the last good version of its standings, and what changed from version to version.

A version is published only when it is whole: the file's bytes changed, it reads cleanly (by the same reader as
``tiebreak standings``; a TRF's lines that did not change since the last read are not decoded again, with the same
answer: :mod:`tiebreak.formats.trf_reread`), and nothing the last good version had disappeared without a result (a
player, a round, a game: :func:`tiebreak.live.guard.lost`; nor a game the reader had to fill in from one side because
the other side's line is blank: a cut line).  Otherwise the version is *held back*: the page keeps the last good
version, the arbiter is told why (:attr:`LiveEvent.held`, ``GET /api/live/arbiter``), and the viewers are told
nothing.  A held file that reads cleanly is published once its bytes have stayed the same for ``hold`` seconds (the
arbiter really did remove the game); a file that does not read stays held, and after ``hold`` seconds the public page
says only that the standings shown are not the file's latest.  The arbiter can publish a held file at once
(:meth:`LiveEvent.update` with ``force``).

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
import hashlib
import json
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..app.live import PreviousRound, rank_players, rank_version, ranked_by, read
from ..engine.errors import InputError, InputWarning, TiebreakError
from ..engine.messages import Message
from ..engine.model import Kind, Player, Tournament
from ..engine.ranking import lot_marked, written_places
from ..formats import readers
from ..formats.files import reading
from ..formats.player_list import with_players
from ..formats.text import decode, text_lines
from ..formats.trf_read import ONE_SIDED
from ..formats.trf_reread import Memory, remembering
from ..views import crosstable as cross_view
from .broadcast import Broadcast
from .document import DocumentWriter, OpenDocument
from .grid import Boards, changes
from .guard import MAX_FILE_BYTES, lost, read_inside
from .odds import results_key, worker
from .pending import AsItStands, as_it_stands, blocks_of, place_states, trf_pending
from .settings import HOLD_SECONDS, PATH_READERS, STALE, SUFFIXES, Settings, Update
from .teams import LiveTeams, TeamView

if TYPE_CHECKING:
    from ..engine.standings import Standings
    from ..engine.team import TeamStandings
    from .history import ChangeRow, History, PlaceRow

__all__ = ["HOLD_SECONDS", "STALE", "SUFFIXES", "LiveEvent", "Settings", "Update"]
log = logging.getLogger("tiebreak.live")


def _ranks_of(s: Standings) -> dict[int, int]:
    """Start number -> rank in ``s``."""
    return {r.start_no: r.rank for r in s.rows}


def _counted(s: Standings) -> tuple[int, frozenset[int], frozenset[int]]:
    """The rounds ``s`` counts (the crosstable's columns, as on the website and in the downloads), the start
    numbers a lot placed and those the play-off placed (their places marked, as on every face)."""
    return s.after_round, frozenset(r.start_no for r in s.rows if r.lot is not None), frozenset(s.decided)


class LiveEvent:
    """One watched file and its published versions.  ``history`` (a :class:`~tiebreak.live.history.History`)
    keeps every version; without it only the last is kept."""

    def __init__(self, name: str, path: Path, settings: Settings | None = None, history: History | None = None,
                 root: Path | None = None, hold: float = HOLD_SECONDS, limit: int = MAX_FILE_BYTES,
                 players: tuple[str, list[Player]] | None = None) -> None:
        self.name, self.path, self.settings, self.history = name, Path(path), settings or Settings(), history
        #: a broadcast's player list (``serve --player-list FILE``): its name and players, matched to the games' names
        self.listed = players
        self.root = Path(root) if root is not None else self.path.parent  # every read must stay inside it
        self.hold, self.limit, self.broadcast = hold, limit, Broadcast.of(self.path)  # a PGN's games (broadcast.py)
        self.version, self.time, self.digest = 0, "", ""
        self.data: bytes | None = None  # the bytes of the version served (read by ``serve --site``)
        self.playoff_data = b""  # the play-off results file's bytes of the version served (``serve --playoff``)
        self.document: dict[str, Any] | None = None  # the live members of the document (live, pairings, pending, odds)
        self.ranks: dict[int, int] = {}  # start number (team number in a team event) -> rank in the last good version
        # a team event: its teams, and its players' view (``?players=1``: the document, its standings text, ranks)
        self.teams: LiveTeams | None = None
        self._team_standings: TeamStandings | None = None
        self.players: tuple[dict[str, Any], OpenDocument] | None = None
        self.players_text = ""
        self._player_ranks: dict[int, int] = {}
        self._standings: OpenDocument | None = None  # the standings of the version made here (not restored)
        self._points: dict[int, str] = {}
        #: the players' standings: rounds, lots drawn, places the play-off decided
        self._counted: tuple[int, frozenset[int], frozenset[int]] = (0, frozenset(), frozenset())
        self._writer = DocumentWriter()
        self.text = ""  # the document as JSON text (served as it is)
        #: the public warning (on the page's banner): only that the standings shown are not the file's latest
        self.warning: str | None = None
        #: a version held back, for the arbiter: the file's digest, since when (monotonic seconds), why, whether it read
        self.held: dict[str, Any] | None = None
        self._reader_warnings: set[str] = set()  # the reader's warnings of the last good version
        self._lines: dict[str, list[tuple[int, int, int]]] = {}  # each 001 line of the last read -> its pending blocks
        self._memory = Memory(name)  # the last read of a TRF file (tiebreak.formats.trf_reread)
        self.timings: dict[str, float] = {}
        self._live: AsItStands | None = None  # the last good AsItStands
        self._previous_round: PreviousRound[Standings] = PreviousRound()  # the standings before the round in play
        self._crosstable: dict[bool, tuple[int, bytes]] = {}  # players? -> (version, the answer's bytes)
        self._odds_key: tuple[Any, ...] | None = None  # the results and settings of the odds this version wants
        self._boards = Boards()  # the round's board order, kept while its pairs and the standings before it stay
        self._lock = threading.Lock()
        #: the clock of the holds, in seconds (a test's own clock moves on without waiting)
        self.clock: Callable[[], float] = time.monotonic
        #: (language, players' view) -> (the English text it was written beside, the text in that language)
        self._worded: dict[tuple[str, bool], tuple[str, str]] = {}
        last = history.last(name) if history is not None else None
        if last is not None:  # continue the numbering kept in the database; the page starts from that version
            self.restore(last)

    def restore(self, last: dict[str, Any]) -> None:
        """Serve a version kept in the database (a restart, or a version another server published)."""
        self.version, self.digest, self.time = last["version"], last["digest"], last["time"]
        self.data = None  # another server's version: its bytes are not read here
        doc = json.loads(last["document"], parse_float=str, parse_int=str)  # numbers kept as the text they were
        self.text, self.ranks = last["document"], {int(r["start_no"]): int(r["rank"]) for r in doc["standings"]}
        self._points = {int(r["start_no"]): r["points"] for r in doc["standings"]}
        self._counted = (int(doc["tournament"]["after_round"]), frozenset(  # a team event's players: ranked again
            int(r["start_no"]) for r in doc["standings"] if r.get("lot") not in (None, "null")), frozenset(
            int(r["start_no"]) for r in doc["standings"] if r.get("playoff") in (True, "true")))
        doc = json.loads(last["document"])
        self.document = {k: doc[k] for k in ("live", "pairings", "pending", "odds", "games", "if_ended") if k in doc}
        self.warning, self._live, self._standings = doc["live"].get("warning"), None, None

    def text_in(self, lang: str, players: bool = False) -> str | None:
        """The document of the version served in ``lang`` (``players``: a team event's players' view): written from
        the version's standings and live members, its notes, warnings and public warning worded in ``lang`` from
        their messages, once per version and language; None for a version restored from the database (its English
        text alone is kept)."""
        with self._lock:  # a version being published is whole before the lock is let go
            view = self.players if players and self.players is not None else None
            english = self.players_text if view is not None else self.text
            if lang == "en":
                return english
            document, standings = view if view is not None else (self.document, self._standings)
            if document is None or standings is None:
                return None
            made = self._worded.get((lang, view is not None))
            if made is None or made[0] is not english:
                made = self._worded[lang, view is not None] = (english, self._writer.write(None, document, standings,
                                                                                         lang))
            return made[1]

    def read(self) -> bytes:
        """The file's bytes, read inside the watched folder and within the size bound (:func:`guard.read_inside`)."""
        return read_inside(self.root, self.path, self.limit)

    def read_stable(self, settle: float = 0.05, tries: int = 20) -> bytes:
        """The file's bytes once two reads ``settle`` seconds apart agree (a writer still at work changes them)."""
        data = self.read()
        for _ in range(tries):
            time.sleep(settle)
            again = self.read()
            if again == data:
                return data
            data = again
        return data

    def update(self, data: bytes | None = None, force: bool = False) -> Update | None:
        """Read the file (or ``data``) and publish a new version if it changed and is whole; None when nothing new is
        told (a version held back is told to nobody but the arbiter)."""
        with self._lock:
            if data is None:
                try:
                    data = self.read_stable() if self.version else self.read()
                except InputError as e:
                    return self._hold(None, e.message, readable=False)
            playoff = self.playoff_bytes()
            digest = self._digest(data, playoff)
            if digest == self.digest and not force and self._live is not None:
                return self._release()  # back to the last good version's bytes: nothing is held any more
            return self._publish(data, digest, force, playoff)

    def playoff_bytes(self) -> bytes:
        """The play-off results file's bytes (``serve --playoff``), read inside the watched folder within the size
        bound; empty without one, or while it is not written yet."""
        if not self.settings.playoff:
            return b""
        try:
            return read_inside(self.root, self.root / self.settings.playoff, self.limit)
        except InputError:  # not there (yet), or not a file of the folder: no play-off
            return b""

    @staticmethod
    def _digest(data: bytes, playoff: bytes = b"") -> str:
        """The version's digest: the file's bytes, and the play-off's when there is one (a play-off played makes a
        new version of the same file)."""
        h = hashlib.blake2b(data, digest_size=16)
        if playoff:
            h.update(b"\0play-off\0" + playoff)
        return h.hexdigest()

    def _hold(self, digest: str | None, reason: str, readable: bool) -> Update | None:
        """Keep the last good version; the arbiter is told ``reason`` (``digest``: the file held; ``readable``: it
        reads, and will be published once it has stayed the same for ``hold`` seconds).  A file that does not read and
        has been held that long makes the public page say :data:`STALE`; the update that tells it, else None."""
        now = self.clock()
        if self.held is None or self.held["digest"] != digest:
            self.held = {"digest": digest, "since": now, "reason": reason, "readable": readable}
            log.warning("%s: version held back: %s", self.name, reason)
        self.held.update(reason=reason, readable=readable)
        if now - self.held["since"] < self.hold or self.version == 0:
            return None
        return self.warn(STALE)

    def state(self) -> dict[str, Any]:
        """What the arbiter sees: the version published, the public warning, and the version held back (why, for how
        many seconds, whether the file reads)."""
        held = None if self.held is None else {
            "reason": self.held["reason"], "seconds": round(self.clock() - self.held["since"], 1),
            "reads": self.held["readable"]}
        return {"event": self.name, "version": self.version, "published": self.settings.published,
                "warning": self.warning, "held": held}

    def held_long_enough(self, digest: str) -> bool:
        """Whether the held file ``digest`` (one that reads cleanly) has stayed the same for ``hold`` seconds."""
        return (self.held is not None and self.held["digest"] == digest and self.held["readable"]
                and self.clock() - self.held["since"] >= self.hold)

    def _release(self) -> Update | None:
        self.held = None
        return self.warn(None) if self.warning else None

    def warn(self, warning: str | None, tell: bool = True) -> Update | None:
        """Keep the last good version and set the public warning (None: clear it); the subscribers hear of a change
        once."""
        if warning == self.warning:
            return None
        self.warning = warning
        if self.document is not None:
            self.document["live"]["warning"] = warning
            if self._standings is not None:
                self.text = self._writer.write(None, self.document, self._standings)
            elif self.text:  # a version restored from the database: its text, with the warning set
                doc = json.loads(self.text)
                doc["live"]["warning"] = warning
                self.text = json.dumps(doc, ensure_ascii=False, indent=1)
            if self.history is not None and tell:  # the other servers on the database (a follower heard it: False)
                self.history.tell(self.name, self.version, warning)
        if self.players is not None:
            self.players[0]["live"]["warning"] = warning
            self.players_text = self._writer.write(None, *self.players)
        return Update(self.name, self.version, self.time, self.document["live"]["round"] if self.document else 0,
                      warning, 0)

    def tournament(self, data: bytes, warnings: list[InputWarning]) -> Tournament:
        """The tournament of ``data`` read by the one loader with the event's settings (:func:`tiebreak.app.live.read`,
        as ``tiebreak standings`` reads it), the whole file."""
        if self.path.suffix.lower() in PATH_READERS:
            # a pairing program's database is read from its path, in one read transaction (never half a write)
            return read(self.settings, str(self.path), warnings, shown=self.name)
        with reading(self.name, data if self.broadcast is None else self.broadcast.complete(data, self.name)), \
                remembering(self._memory):  # a TRF: the lines that did not change are not decoded again
            # named by the event's name: no server path in a warning
            t = read(self.settings, self.name, warnings, str(self.path))
        if self.listed is not None and self.broadcast is not None:
            t = self._with_listed(t, warnings)
        return t

    def _with_listed(self, t: Tournament, warnings: list[InputWarning]) -> Tournament:
        """The broadcast's players taken from the player list; the players it does not have told in the log once."""
        assert self.listed is not None
        said = len(warnings)
        t = with_players(t, self.listed[1], self.listed[0], warnings)
        for w in warnings[said:]:
            if w.message not in self._reader_warnings:
                log.warning("%s: %s", self.name, w.message)
        return t

    def load(self, data: bytes, warnings: list[InputWarning]) -> AsItStands:
        """The version of ``data`` as it stands (:meth:`tournament` and its games in play)."""
        t = self.tournament(data, warnings)
        if readers.keeps_pending(self.path, data):
            blocks = blocks_of(getattr(t, "pending", []))  # Chess-JSON keeps its games without results in t.pending
        else:
            lines = text_lines(decode(data, self.name, [])[0])
            blocks = trf_pending(lines, self._lines)  # the lines that did not change are not looked at again
        return as_it_stands(t, blocks)

    def _publish(self, data: bytes, digest: str, force: bool, playoff: bytes = b"") -> Update | None:
        started = time.perf_counter()
        warnings: list[InputWarning] = []
        try:
            live = self.load(data, warnings)
        except TiebreakError as e:
            return self._hold(digest, Message("the file could not be read: {}", e), readable=False)
        before = self._live.tournament if self._live is not None else None
        said = {w.message for w in warnings}
        doubt = self._doubt(live, said, digest, force)
        if doubt is not None:
            return self._hold(digest, doubt, readable=True)
        read = time.perf_counter()
        try:
            s, view = self._rank(live, playoff, warnings)
        except TiebreakError as e:
            return self._hold(digest, Message("the standings could not be computed: {}", e), readable=False)
        team = view is not None
        ranked = time.perf_counter()
        extras, rows, moved = self._places(s, live, self._player_ranks if team else self.ranks)
        changed: list[ChangeRow] = changes(before, live.tournament) if before is not None else []
        # restarted on the file the database ends with: the same version again, not a new one
        again = before is None and digest == self.digest and not force
        self._next_version(again)
        self.digest, self.warning, self._live, self.held, self._reader_warnings = digest, None, live, None, said
        self.data, self.playoff_data, self._counted = data, playoff, _counted(s)
        self.document = self._live_document(live, digest, rows, moved, team)
        if view is not None:
            rows, moved = self._teams_view(s, view, extras)
        else:
            self.ranks, self.players, self.players_text, self._team_standings = _ranks_of(s), None, "", None
        if live.pending:  # a team event's odds are the teams' (tiebreak.arbiter.odds on its team list)
            self._ask_odds(live)
        else:
            self._odds_key = None
        placed = time.perf_counter()
        if not team:
            self._standings = self._writer.standings(s, extras)  # the /api/standings document, still open
        self.text = self._writer.write(None, self.document, self._standings)
        done = time.perf_counter()
        # re-ranked: the file read, the standings, every place's state and the pairings; then the JSON text
        self.timings = {"read": read - started, "rank": ranked - read, "places": placed - ranked,
                        "reranked": placed - started, "json": done - placed, "total": done - started}
        return None if again else self._told(live, digest, rows, moved, changed)

    def _doubt(self, live: AsItStands, said: set[str], digest: str, force: bool) -> str | None:
        """Why this reading is held back (something the last good version had is lost, or a game was filled in from
        one side: the other side's line is cut, a cut line reading as blank rounds); None: it is published."""
        if self._live is None or force or self.held_long_enough(digest):
            return None
        missing = lost(self._live, live)
        new = sorted(w for w in said - self._reader_warnings if getattr(w, "template", None) == ONE_SIDED)
        if missing is not None or new:
            return missing or Message("the file reads with a new warning: {}", new[0])
        return None

    def _next_version(self, again: bool) -> None:
        """The version's number and time: the next (``again``: the version served, restarted on its file)."""
        self.version += 0 if again else 1
        if not again:
            self.time = dt.datetime.now(dt.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")

    def _live_document(self, live: AsItStands, digest: str, rows: list[PlaceRow], moved: int,
                       team: bool) -> dict[str, Any]:
        """The live members of the version's document (live, pairings, pending, odds; a broadcast's games)."""
        document: dict[str, Any] = {
            "live": {"event": self.name, "version": self.version, "time": self.time, "round": live.round,
                     "digest": digest, "warning": None, "pending": len(live.pending),
                     "settled": sum(1 for p in rows if p[3]), "moved": moved, "team_event": team, "view": "players"},
            "pairings": self._boards.pairings(live.tournament, live.round, self._previous_round.standings),
            "pending": [{"round": r, "white": w, "black": b} for r, w, b in live.pending],
            "odds": None,  # filled off the request path while the round has pending games (tiebreak.live.odds)
        }
        return document | (self.broadcast.members(live, self.settings, team, document["pairings"])
                            if self.broadcast is not None else {})

    def _teams_view(self, s: Standings, view: TeamView, extras: dict[str, list[Any]]) -> tuple[list[PlaceRow], int]:
        """A team event's version: the teams ranked in the document, the players' view kept beside them
        (``?players=1``); the teams' rows the history keeps, and how many teams moved."""
        assert self.document is not None  # this version's, made just before
        self._player_ranks, self._team_standings = _ranks_of(s), view.standings
        self.players = (self.document, self._writer.standings(s, extras))
        self.players_text = self._writer.write(None, *self.players)
        self.document = self.document | {
            "live": self.document["live"] | {"settled": sum(1 for p in view.rows if p[3]), "moved": view.moved,
                                             "matches_pending": view.pending, "view": "teams"},
            "pairings": view.pairings}
        self.ranks = {r[0]: r[1] for r in view.rows}
        self._standings = view.document
        return view.rows, view.moved

    def _told(self, live: AsItStands, digest: str, rows: list[PlaceRow], moved: int,
              changed: list[ChangeRow]) -> Update:
        """The new version recorded in the history (when kept), and the update the subscribers are told."""
        if self.history is not None:
            self.history.record(self.name, self.version, self.time, live.round, digest, self.text, rows, changed)
        return Update(self.name, self.version, self.time, live.round, None, moved,
                      [{"round": c[0], "start_no": c[1], "what": c[2], "before": c[3], "after": c[4]} for c in changed])

    def _rank(self, live: AsItStands, playoff: bytes,
              warnings: list[InputWarning]) -> tuple[Standings, TeamView | None]:
        """The standings of this version (:func:`tiebreak.app.live.rank_version`: the players'; a team event's teams
        ranked beside them, with their place states): (the players' standings, the teams' view of a team event)."""
        st = self.settings
        v = rank_version(st, live.tournament, len(live.pending), playoff, warnings, st.playoff or "play-off", self.name)
        if v.teams is None or v.boards_pending is None:
            return v.players, None
        self.teams = self.teams or LiveTeams(self.ranks)  # restarted: the arrows from the kept ranks
        return v.players, self.teams.rank(live, v.teams, v.boards_pending, *v.team_list, (not st.no_lots, st.seed))

    def _ask_odds(self, live: AsItStands) -> None:
        """The odds of this version: known already (the same results and settings: a broadcast's move is no new
        job), or asked of the odds worker, which puts them into this version's document when they come
        (:mod:`tiebreak.live.odds`)."""
        st = self.settings
        key = (results_key(live.tournament), *ranked_by(st))
        known, odds = worker().known(self.name, key)
        if known:
            assert self.document is not None  # this version's document, made just before
            self.document["odds"] = odds
            return
        if key == self._odds_key:  # asked for the version before (a move since): its answer comes to this one
            return
        self._odds_key = key
        worker().submit(self.name, key, live.tournament, st, lambda: self._odds_key == key,
                        lambda odds: self._odds_ready(key, odds))

    def _odds_ready(self, key: tuple[Any, ...], odds: dict[str, Any] | None) -> None:
        """The odds of ``key`` came: put into the version served when its results are still those (a move since
        made a new version of the same results: that version has them)."""
        with self._lock:
            if self._odds_key != key or self.document is None or odds is None:
                return
            self.document["odds"] = odds
            self.text = self._writer.write(None, self.document, self._standings)
            if self.history is not None:  # kept with its odds: a restart, and the other servers, show them too
                self.history.set_document(self.name, self.version, self.text)

    def _reread(self) -> AsItStands | None:
        """The version served, read again from the file when the file still has that version's bytes."""
        try:
            data = self.read()
            if self._digest(data, self.playoff_bytes()) == self.digest:
                return self.load(data, [])
        except TiebreakError:
            pass
        return None

    def _places(self, s: Standings, live: AsItStands,
                old: dict[int, int]) -> tuple[dict[str, list[Any]], list[PlaceRow], int]:
        """Each row's place state in standings order, the members the document adds to its rows (``settled``,
        ``playing``, ``moved``: places gained since the previous version, ``since_round``: since the previous round;
        the ``playoff`` mark is the standings row's), the rows the history keeps, and how many players moved."""
        t = live.tournament
        points, den = s.score.num, s.score.den
        gain = (t.kind == Kind.UNKNOWN).sum(axis=1) * int(t.score_system.win * den)
        texts = self._writer.texts(s.score.num, s.score.den, None)
        order = [r.index for r in s.rows]
        numbers = [t.players[i].start_no for i in order]
        ranks = [r.rank for r in s.rows]
        st = place_states(points, gain, order, numbers, ranks, old, self._round_ranks(live, s))
        points_ = [texts[i] for i in order]
        extras: dict[str, list[Any]] = {"settled": st.settled, "playing": st.playing, "moved": st.moved,
                                        "since_round": st.since_round}
        written = [lot_marked(place, r.lot is not None, r.start_no in s.decided)  # as every face: 7-8, 7*, 1‡
                   for place, r in zip(written_places(ranks), s.rows)]
        rows = list(zip(numbers, ranks, points_, st.settled, st.moved, written))
        self._points = dict(zip(numbers, points_))
        return extras, rows, sum(1 for m in st.moved if m)

    def _round_ranks(self, live: AsItStands, s: Standings) -> dict[int, int]:
        """Ranks after the previous round (the arrows since it began; its boards), remade when an earlier round changed."""
        t = s.tournament  # a team event: its players, ranked by the players' list
        prev = self._previous_round.after(live.round - 1, (t.kind, t.opponent), self.settings,
                                          lambda k: rank_players(self.settings, t, k, s.system))
        return {} if prev is None else {r.start_no: r.rank for r in prev.rows}

    def crosstable(self, players: bool = False) -> list[dict[str, Any]]:
        """Every player's rounds in standings order: opponent, colour and result (``*`` being played); in a team
        event every team's matches (unless ``players``)."""
        return list(json.loads(self.crosstable_json(players))["rows"])

    def crosstable_cached(self, players: bool = False) -> bytes | None:
        """The answer of ``/api/live/crosstable`` when this version's is made already (served as bytes), else None."""
        kept = self._crosstable.get(players)
        return kept[1] if kept is not None and kept[0] == self.version else None

    def crosstable_json(self, players: bool = False) -> bytes:
        """The answer of ``/api/live/crosstable`` (event, version, rows): made once per version and kept."""
        with self._lock:
            version = self.version
            if (kept := self.crosstable_cached(players)) is not None:
                return kept
            if self._live is None and self.digest and self.document is not None:
                self._live = self._reread()  # a version restored, or kept by another server: its file, if it is here
            rows: list[dict[str, Any]] = []
            if self._live is not None and self.document is not None:
                if self._team_standings is not None and not players:
                    ts = self._team_standings
                    rows = cross_view.of_teams(ts).json_rows()  # the rounds the standings count
                else:
                    ranks = self.ranks if self._team_standings is None else self._player_ranks
                    rows = cross_view.of_ranks(self._live.tournament, ranks, self._points, *self._counted).json_rows()
            body = json.dumps({"event": self.name, "version": version, "rows": rows}, ensure_ascii=False,
                              separators=(",", ":")).encode("utf-8")
            if self._live is not None:  # (no file to read it from: not kept, tried again)
                self._crosstable[players] = (version, body)
            return body
