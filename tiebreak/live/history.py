"""Every published version of every live event, kept in a database (SQLAlchemy Core: SQLite by default, a file
beside the watched files; PostgreSQL or any other database by its URL).

Three tables: ``live_versions`` (one row per version: event, version number, time, round, the file's digest, the
warning shown and the whole JSON document), ``live_places`` (every player's rank, points and whether the place was
settled in that version, and how far they moved since the previous version) and ``live_changes`` (what changed in
the file: a result entered or corrected, a pairing published).

>>> store = History("sqlite://")                     # in memory
>>> store.record("open", 1, "2026-11-23T10:00:00Z", 1, "d1", None, "{}", [(1, 1, "1", True, 0), (2, 2, "0", True, 0)], [])
>>> store.record("open", 2, "2026-11-23T10:05:00Z", 2, "d2", None, "{}", [(2, 1, "1", True, 1), (1, 2, "1", False, -1)],
...              [(2, 1, "result", None, "0")])
>>> [(h["version"], h["rank"]) for h in store.player("open", 1)]
[(1, 1), (2, 2)]
>>> store.last("open")["version"], store.changes("open", 2)[0]["what"]
(2, 'result')
"""

from __future__ import annotations

import threading

from sqlalchemy import Boolean, Column, ForeignKey, Integer, MetaData, String, Table, Text, create_engine, func, insert, select

_META = MetaData()
VERSIONS = Table(
    "live_versions", _META,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("event", String(300), nullable=False, index=True),
    Column("version", Integer, nullable=False),
    Column("time", String(40), nullable=False),
    Column("round", Integer, nullable=False),
    Column("digest", String(80), nullable=False),
    Column("warning", Text),
    Column("document", Text, nullable=False),
)
PLACES = Table(
    "live_places", _META,
    Column("version_id", Integer, ForeignKey("live_versions.id"), nullable=False, index=True),
    Column("event", String(300), nullable=False),
    Column("start_no", Integer, nullable=False),
    Column("rank", Integer, nullable=False),
    Column("points", String(40), nullable=False),
    Column("settled", Boolean, nullable=False),
    Column("moved", Integer, nullable=False),  # places gained since the previous version (negative: lost)
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


class History:
    """The store; safe to call from several threads (one writer at a time)."""

    def __init__(self, url: str) -> None:
        self.url = url
        kw = {"connect_args": {"check_same_thread": False}} if url.startswith("sqlite") else {}
        if url in ("sqlite://", "sqlite:///:memory:"):
            from sqlalchemy.pool import StaticPool

            kw["poolclass"] = StaticPool  # one in-memory database shared by every thread
        self.engine = create_engine(url, **kw)
        _META.create_all(self.engine)
        self._lock = threading.Lock()

    def record(self, event: str, version: int, time: str, round_no: int, digest: str, warning: str | None,
               document: str, places: list[tuple], changes: list[tuple]) -> None:
        """Keep one version: ``places`` are (start_no, rank, points text, settled, moved), ``changes`` (round,
        start_no, what, before, after)."""
        with self._lock, self.engine.begin() as db:
            vid = db.execute(insert(VERSIONS).values(
                event=event, version=version, time=time, round=round_no, digest=digest, warning=warning,
                document=document)).inserted_primary_key[0]
            if places:
                db.execute(insert(PLACES), [{"version_id": vid, "event": event, "start_no": p[0], "rank": p[1],
                                             "points": p[2], "settled": p[3], "moved": p[4]} for p in places])
            if changes:
                db.execute(insert(CHANGES), [{"version_id": vid, "round": c[0], "start_no": c[1], "what": c[2],
                                              "before": c[3], "after": c[4]} for c in changes])

    def last(self, event: str) -> dict | None:
        """The newest version kept for ``event`` (its number, digest and document), or None."""
        with self.engine.connect() as db:
            row = db.execute(select(VERSIONS).where(VERSIONS.c.event == event)
                             .order_by(VERSIONS.c.version.desc()).limit(1)).mappings().first()
        return dict(row) if row else None

    def player(self, event: str, start_no: int) -> list[dict]:
        """A player's rank and points in every version, oldest first."""
        q = (select(VERSIONS.c.version, VERSIONS.c.time, VERSIONS.c.round, PLACES.c.rank, PLACES.c.points,
                    PLACES.c.settled, PLACES.c.moved)
             .join(PLACES, PLACES.c.version_id == VERSIONS.c.id)
             .where(VERSIONS.c.event == event, PLACES.c.start_no == start_no).order_by(VERSIONS.c.version))
        with self.engine.connect() as db:
            return [dict(r) for r in db.execute(q).mappings()]

    def rounds(self, event: str) -> list[dict]:
        """The last version of each round: the standings after that round as they were published."""
        last = (select(VERSIONS.c.round, func.max(VERSIONS.c.version).label("version"))
                .where(VERSIONS.c.event == event).group_by(VERSIONS.c.round).subquery())
        q = (select(VERSIONS.c.round, VERSIONS.c.version, VERSIONS.c.time)
             .join(last, (last.c.round == VERSIONS.c.round) & (last.c.version == VERSIONS.c.version))
             .where(VERSIONS.c.event == event).order_by(VERSIONS.c.round))
        with self.engine.connect() as db:
            return [dict(r) for r in db.execute(q).mappings()]

    def changes(self, event: str, version: int) -> list[dict]:
        """What changed in the file for that version."""
        q = (select(CHANGES.c.round, CHANGES.c.start_no, CHANGES.c.what, CHANGES.c.before, CHANGES.c.after)
             .join(VERSIONS, CHANGES.c.version_id == VERSIONS.c.id)
             .where(VERSIONS.c.event == event, VERSIONS.c.version == version))
        with self.engine.connect() as db:
            return [dict(r) for r in db.execute(q).mappings()]

    def close(self) -> None:
        self.engine.dispose()
