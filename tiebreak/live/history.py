"""Every published version of every live event, kept in a database (SQLAlchemy Core: SQLite by default, a file
beside the watched files; PostgreSQL or any other database by its URL).

Three tables: ``live_versions`` (one row per version: event, version number, time, round, the file's digest and the
whole JSON document, its warning included), ``live_places`` (every player's rank and place as written, points and
whether the place was settled in that version, and how far they moved since the previous version) and
``live_changes`` (what changed in the file: a result entered or corrected, a pairing published).

>>> import json
>>> doc = lambda v: json.dumps({"live": {"event": "open", "version": v}, "standings": []})
>>> store = History("sqlite://")                     # in memory
>>> store.record("open", 1, "2026-11-23T10:00:00Z", 1, "d1", doc(1),
...              [(1, 1, "1", True, 0, "1"), (2, 2, "0", True, 0, "2")], [])
>>> store.record("open", 2, "2026-11-23T10:05:00Z", 2, "d2", doc(2),
...              [(2, 1, "1", True, 1, "1-2"), (1, 1, "1", False, -1, "1-2")], [(2, 1, "result", None, "0")])
>>> [(h["version"], h["rank"], h["place"]) for h in store.player("open", 1)]
[(1, 1, '1'), (2, 1, '1-2')]
>>> store.last("open")["version"], store.changes("open", 2)[0]["what"]
(2, 'result')

A row the server did not write (a document that is not the JSON of its event and version) is never served:

>>> store.record("open", 3, "2026-11-23T10:06:00Z", 2, "d3", "{broken", [], [])
>>> store.last("open")["version"], store.last("open", 3)
(2, None)
"""

from __future__ import annotations

import json
import logging
import threading
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.pool import StaticPool

from ..app.declared import OPTIONS
from ..engine.errors import InputError, Place
from ..engine.messages import Message
from .schema import upgrade

log = logging.getLogger("tiebreak.live")

#: one player's place in a version: (start_no, rank, points text, settled, moved, the place as every face writes it:
#: ``7-8`` shared, ``7*`` placed by the lot)
PlaceRow = tuple[int, int, str, bool, int, str]
#: one change of the file: (round, start_no, what, before, after)
ChangeRow = tuple[int, int, str, str | None, str | None]

_META = MetaData()
VERSIONS = Table(
    "live_versions", _META,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("event", String(300), nullable=False, index=True),
    Column("version", Integer, nullable=False),
    Column("time", String(40), nullable=False),
    Column("round", Integer, nullable=False),
    Column("digest", String(80), nullable=False),
    Column("warning", Text),  # empty: the warning is in the document (a column older servers on the database write)
    Column("document", Text, nullable=False),  # empty since schema 0002: the document is in document_z
    Column("document_z", LargeBinary),  # the JSON document, zlib-compressed
    Column("epoch", Integer),  # the leader's term that wrote it (schema 0003; tiebreak.live.leader)
    Column("writer", String(80)),  # the server that wrote it
)
Index("ix_live_versions_event_version", VERSIONS.c.event, VERSIONS.c.version, unique=True)
PLACES = Table(
    "live_places", _META,
    Column("version_id", Integer, ForeignKey("live_versions.id"), nullable=False, index=True),
    Column("event", String(300), nullable=False),
    Column("start_no", Integer, nullable=False),
    Column("rank", Integer, nullable=False),
    Column("points", String(40), nullable=False),
    Column("settled", Boolean, nullable=False),
    Column("moved", Integer, nullable=False),  # places gained since the previous version (negative: lost)
    Column("place", String(20)),  # as every face writes it, 7-8 or 7* (schema 0004; NULL: kept before, the rank)
)
CHANGES = Table(
    "live_changes", _META,
    Column("version_id", Integer, ForeignKey("live_versions.id"), nullable=False, index=True),
    Column("round", Integer, nullable=False),
    Column("start_no", Integer, nullable=False),
    Column("what", String(40), nullable=False),  # result, pairing, player
    Column("before", String(40)),
    Column("after", String(40)),
)


#: the PostgreSQL channel on which a server tells the others of every version (LISTEN/NOTIFY)
CHANNEL = "tiebreak_live"
#: versions kept per event besides the last of every round (older ones pruned); pruned in steps of a tenth of it
KEEP = int(str(OPTIONS["keep_versions"].default))  # `serve --keep-versions`, declared once
#: the writer of the versions of a server that shares its history with nobody (SQLite)
LOCAL = "local"
#: the columns the store reads and writes, per table (a table made by hand without them is refused plainly)
COLUMNS = {t.name: {c.name for c in t.columns} for t in (VERSIONS, PLACES, CHANGES)}
#: a version's term: called in the transaction that keeps it, (epoch, writer), or NotLeading (tiebreak.live.leader)
Fence = Callable[[Connection], tuple[int, str]]


class History:
    """The store; safe to call from several threads (one writer at a time)."""

    def __init__(self, url: str, keep: int = KEEP) -> None:
        self.url, self.keep = url, keep
        kw: dict[str, Any] = {"connect_args": {"check_same_thread": False}} if url.startswith("sqlite") else {}
        if url in ("sqlite://", "sqlite:///:memory:"):
            kw["poolclass"] = StaticPool  # one in-memory database shared by every thread
        self.engine = create_engine(url, pool_pre_ping=True, **kw)  # a database restarted: connections made anew
        self.shared = self.engine.dialect.name == "postgresql"  # several servers on one database: told by NOTIFY
        self.revision = _opened(url, self.engine)
        self._lock = threading.Lock()
        #: the leader's fence of every write (set by the hub on a shared database); None: written as ``local``
        self.fence: Fence | None = None
        self._rejected: set[int] = set()  # rows refused (told in the log once each)
        self._terms: set[tuple[int, str]] = set()  # leaders' terms known to have existed

    def record(self, event: str, version: int, time: str, round_no: int, digest: str, document: str,
               places: list[PlaceRow], changes: list[ChangeRow]) -> None:
        """Keep one version: ``places`` are :data:`PlaceRow`, ``changes`` (round,
        start_no, what, before, after)."""
        with self._lock, self.engine.begin() as db:
            epoch, writer = self.fence(db) if self.fence is not None else (0, LOCAL)
            self._drop(db, event, version)  # a row no leader wrote, where this version goes (a good one was restored)
            key = db.execute(insert(VERSIONS).values(
                event=event, version=version, time=time, round=round_no, digest=digest,
                document="", document_z=zlib.compress(document.encode("utf-8"), 6), epoch=epoch,
                writer=writer)).inserted_primary_key
            assert key is not None, "an insert into a table with a primary key has one"
            vid = key[0]
            if places:
                db.execute(insert(PLACES), [{"version_id": vid, "event": event, "start_no": p[0], "rank": p[1],
                                             "points": p[2], "settled": p[3], "moved": p[4], "place": p[5]}
                                            for p in places])
            if changes:
                db.execute(insert(CHANGES), [{"version_id": vid, "round": c[0], "start_no": c[1], "what": c[2],
                                              "before": c[3], "after": c[4]} for c in changes])
            self._prune(db, event)
            self._notify(db, {"event": event, "version": version, "what": "version"})

    def set_document(self, event: str, version: int, document: str) -> None:
        """Replace the document of a version kept (its odds came after it was published)."""
        with self._lock, self.engine.begin() as db:
            if self.fence is not None:
                self.fence(db)
            db.execute(update(VERSIONS).where(VERSIONS.c.event == event, VERSIONS.c.version == version)
                       .values(document_z=zlib.compress(document.encode("utf-8"), 6)))
            self._notify(db, {"event": event, "version": version, "what": "document"})

    def tell(self, event: str, version: int, warning: str | None) -> None:
        """Tell the other servers on the database of a public warning that changed (no version kept for it)."""
        if self.shared:
            with self.engine.begin() as db:
                self._notify(db, {"event": event, "version": version, "what": "warning", "warning": warning})

    def _notify(self, db: Connection, payload: dict[str, Any]) -> None:
        if self.shared:  # delivered when the transaction commits, to every server listening on the database
            db.execute(text("SELECT pg_notify(:channel, :payload)"),
                       {"channel": CHANNEL, "payload": json.dumps(payload)[:7900]})

    def _drop(self, db: Connection, event: str, version: int) -> None:
        """Remove a row that is not served (see :meth:`last`) from where version ``version`` of ``event`` goes; a
        good row stays, and the insert after this refuses the number twice."""
        rows = db.execute(select(VERSIONS).where(VERSIONS.c.event == event, VERSIONS.c.version == version)).mappings()
        ids = [row["id"] for row in rows if self._problem(db, dict(row)) is not None]
        if ids:
            log.warning("version %d of %s in the history was not served: it is replaced", version, event)
            db.execute(delete(PLACES).where(PLACES.c.version_id.in_(ids)))
            db.execute(delete(CHANGES).where(CHANGES.c.version_id.in_(ids)))
            db.execute(delete(VERSIONS).where(VERSIONS.c.id.in_(ids)))

    def _prune(self, db: Connection, event: str) -> None:
        """Keep the history of ``event`` within its size: the newest ``keep`` versions and the last version of every
        round (the standings after that round as they were published); older versions go with their places and
        changes, a tenth of ``keep`` at a time."""
        count = db.execute(select(func.count()).select_from(VERSIONS).where(VERSIONS.c.event == event)).scalar_one()
        if count <= self.keep + max(1, self.keep // 10):
            return
        newest = (select(VERSIONS.c.id).where(VERSIONS.c.event == event)
                  .order_by(VERSIONS.c.version.desc()).limit(self.keep))
        rounds = (select(func.max(VERSIONS.c.id)).where(VERSIONS.c.event == event).group_by(VERSIONS.c.round))
        kept = set(db.execute(newest).scalars()) | set(db.execute(rounds).scalars())
        gone = [i for i in db.execute(select(VERSIONS.c.id).where(VERSIONS.c.event == event)).scalars()
                if i not in kept]
        for start in range(0, len(gone), 500):
            ids = gone[start:start + 500]
            db.execute(delete(PLACES).where(PLACES.c.version_id.in_(ids)))
            db.execute(delete(CHANGES).where(CHANGES.c.version_id.in_(ids)))
            db.execute(delete(VERSIONS).where(VERSIONS.c.id.in_(ids)))

    def last(self, event: str, version: int | None = None) -> dict[str, Any] | None:
        """The newest good version kept for ``event`` (or version ``version`` when it is good): its number, time,
        round, digest, warning and document; None when there is none.  A row is good when its document is the JSON
        of that event and version and, on a shared database, a leader's term wrote it; another is passed over, and
        told in the log once."""
        q = select(VERSIONS.c.id).where(VERSIONS.c.event == event)
        q = q.where(VERSIONS.c.version == version) if version is not None else q
        with self.engine.connect() as db:  # the newest first, one document at a time
            for vid in list(db.execute(q.order_by(VERSIONS.c.version.desc()).limit(50)).scalars()):
                row = db.execute(select(VERSIONS).where(VERSIONS.c.id == vid)).mappings().first()
                if row is None:  # pruned meanwhile
                    continue
                out = dict(row)
                problem = self._problem(db, out)
                if problem is None:
                    return out
                if out["id"] not in self._rejected:
                    self._rejected.add(out["id"])
                    log.warning("version %s of %s in the history is not served: %s", out["version"], event, problem)
        return None

    def _problem(self, db: Connection, row: dict[str, Any]) -> str | None:
        """Why a row read from the database cannot be served (None: it can); ``row["document"]`` is made its text."""
        if self.shared and (row.get("epoch"), row.get("writer")) not in self._terms:
            term = db.execute(text("SELECT 1 FROM live_leaders WHERE epoch = :e AND writer = :w"),
                              {"e": row.get("epoch"), "w": row.get("writer")}).first()
            if term is None:
                return f"no leader wrote it (writer {str(row.get('writer'))[:80]!r}, term {row.get('epoch')})"
            self._terms.add((row["epoch"], row["writer"]))
        packed = row.pop("document_z")
        try:
            if packed is not None:
                row["document"] = zlib.decompress(packed).decode("utf-8")
            doc = json.loads(row["document"])
        except (zlib.error, UnicodeDecodeError, ValueError) as e:
            return f"its document is not compressed JSON ({type(e).__name__})"
        live = doc.get("live") if isinstance(doc, dict) else None
        if not isinstance(live, dict) or live.get("event") != row["event"] or live.get("version") != row["version"]:
            return "its document is not that of this event and version"
        standings = doc.get("standings")
        if not isinstance(standings, list) or not all(
                isinstance(r, dict) and isinstance(r.get("start_no"), int) and isinstance(r.get("rank"), int)
                and isinstance(r.get("points"), str | int | float) for r in standings):
            return "its standings are not a list of places"
        if not isinstance(live.get("round", 0), int) or not isinstance(live.get("warning"), str | None):
            return "its round or warning is not what a server writes"
        return None

    def events(self) -> list[str]:
        """Every event with a version kept."""
        with self.engine.connect() as db:
            return list(db.execute(select(VERSIONS.c.event).distinct().order_by(VERSIONS.c.event)).scalars())

    def player(self, event: str, start_no: int) -> list[dict[str, Any]]:
        """A player's place (``place``: as the live table wrote it; None in a version kept before schema 0004, whose
        ``rank`` alone is known) and points in every version, oldest first."""
        q = (select(VERSIONS.c.version, VERSIONS.c.time, VERSIONS.c.round, PLACES.c.rank, PLACES.c.place,
                    PLACES.c.points, PLACES.c.settled, PLACES.c.moved)
             .join(PLACES, PLACES.c.version_id == VERSIONS.c.id)
             .where(VERSIONS.c.event == event, PLACES.c.start_no == start_no).order_by(VERSIONS.c.version))
        with self.engine.connect() as db:
            return [dict(r) for r in db.execute(q).mappings()]

    def rounds(self, event: str) -> list[dict[str, Any]]:
        """The last version of each round: the standings after that round as they were published."""
        last = (select(VERSIONS.c.round, func.max(VERSIONS.c.version).label("version"))
                .where(VERSIONS.c.event == event).group_by(VERSIONS.c.round).subquery())
        q = (select(VERSIONS.c.round, VERSIONS.c.version, VERSIONS.c.time)
             .join(last, (last.c.round == VERSIONS.c.round) & (last.c.version == VERSIONS.c.version))
             .where(VERSIONS.c.event == event).order_by(VERSIONS.c.round))
        with self.engine.connect() as db:
            return [dict(r) for r in db.execute(q).mappings()]

    def changes(self, event: str, version: int) -> list[dict[str, Any]]:
        """What changed in the file for that version."""
        q = (select(CHANGES.c.round, CHANGES.c.start_no, CHANGES.c.what, CHANGES.c.before, CHANGES.c.after)
             .join(VERSIONS, CHANGES.c.version_id == VERSIONS.c.id)
             .where(VERSIONS.c.event == event, VERSIONS.c.version == version))
        with self.engine.connect() as db:
            return [dict(r) for r in db.execute(q).mappings()]

    def close(self) -> None:
        self.engine.dispose()


def _opened(url: str, engine: Any) -> str:
    """Bring the database to the newest schema and check its tables; an :class:`InputError` naming the problem and
    how to start afresh when it is not a history this program can keep (not a database, an unknown revision,
    tables made by hand)."""
    try:
        revision = upgrade(engine)
        found = inspect(engine)
        problem = next((f"table {table} has no column {', '.join(sorted(missing))}" for table, columns in COLUMNS.items()
                        if (missing := columns - {c["name"] for c in found.get_columns(table)})), None)
    except Exception as e:  # SQLAlchemy's errors, alembic's CommandError for a revision it does not know
        lines = str(getattr(e, "orig", None) or e).strip().splitlines()
        problem, revision = lines[0] if lines else type(e).__name__, ""
    if problem is None:
        return revision
    engine.dispose()
    if url.startswith("sqlite:///"):
        where = url[len("sqlite:///"):]
        raise InputError(Message("the live history {} is not usable: {}; move {} away to start a new history (or give "
                                 "--database none to keep none)",
                                 where, problem, Path(where).name), Place(where, field="database"))
    where = make_url(url).render_as_string()  # the password hidden
    raise InputError(Message("the live history {} is not usable: {}; give a new database (or --database none to keep "
                             "none)",
                             where, problem), Place(where, field="database"))
