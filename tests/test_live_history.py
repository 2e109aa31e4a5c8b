"""The live history (issues 24 and 29): its schema versioned with Alembic migrations, a database of the first schema
opened after the upgrade with its versions kept (SQLite and PostgreSQL alike), the history kept within its size, and
several servers on one PostgreSQL database.

The PostgreSQL tests use a real server (tests/pg.py: ``TIEBREAK_POSTGRES_URL``, which ``.ci/run`` sets, or a
throwaway cluster made with Debian's binaries); without one they skip, unless ``TIEBREAK_REQUIRE_POSTGRES`` is set.
The first schema's tables are frozen in ``tests/data/live/history-v1-*.sql`` (the DDL the server used before
migrations existed, as SQLAlchemy wrote it for each database).
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from pathlib import Path

import pytest

sqlalchemy = pytest.importorskip("sqlalchemy")
pytest.importorskip("alembic")
httpx = pytest.importorskip("httpx")

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "live"
EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))


@pytest.fixture(scope="module")
def postgres():
    try:
        import pg
        import psycopg  # noqa: F401

        server = pg.Server()
    except Exception as e:  # no driver, no binaries, or the server did not start
        if os.environ.get("TIEBREAK_REQUIRE_POSTGRES"):
            pytest.fail(f"no PostgreSQL server for the tests: {e}")
        pytest.skip(f"no PostgreSQL server (Debian: apt-get install postgresql; or set TIEBREAK_POSTGRES_URL): {e}")
    yield server
    server.close()


def _database(kind: str, tmp_path: Path, request) -> str:
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'history.sqlite'}"
    import pg

    return pg.fresh_database(request.getfixturevalue("postgres").url)


def _first_schema(url: str) -> None:
    """A database as the first schema made it: the frozen DDL, then two versions of one event written as the server
    wrote them then (the document as text in ``document``)."""
    engine = sqlalchemy.create_engine(url)
    dialect = engine.dialect.name
    ddl = "\n".join(x for x in (DATA / f"history-v1-{dialect}.sql").read_text().split("\n") if not x.startswith("--"))
    with engine.begin() as db:
        for statement in ddl.split(";"):
            if statement.strip():
                db.exec_driver_sql(statement)
        for version, (first, second) in enumerate([((1, "1"), (2, "0")), ((2, "1.5"), (1, "1"))], 1):
            doc = {"standings": [{"rank": 1, "start_no": first[0], "points": first[1]},
                                 {"rank": 2, "start_no": second[0], "points": second[1]}],
                   "live": {"event": "open.trf", "version": version, "round": version, "warning": None}}
            vid = db.exec_driver_sql(
                "INSERT INTO live_versions (event, version, time, round, digest, warning, document) VALUES "
                f"('open.trf', {version}, '2026-11-2{version}T10:00:00Z', {version}, 'd{version}', NULL, "
                f"'{json.dumps(doc)}')" + (" RETURNING id" if dialect == "postgresql" else ""))
            key = vid.scalar() if dialect == "postgresql" else vid.lastrowid
            for rank, (sno, pts) in enumerate((first, second), 1):
                db.exec_driver_sql(f"INSERT INTO live_places VALUES ({key}, 'open.trf', {sno}, {rank}, '{pts}', "
                                   f"{'true' if dialect == 'postgresql' else 1}, 0)")
    engine.dispose()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_history_of_the_first_schema_opens_after_the_upgrade_with_its_versions(kind, tmp_path, request):
    from tiebreak.live.history import History

    url = _database(kind, tmp_path, request)
    _first_schema(url)
    store = History(url)
    assert store.revision == "0004"
    last = store.last("open.trf")
    assert last["version"] == 2 and json.loads(last["document"])["standings"][0] == {"rank": 1, "start_no": 2,
                                                                                      "points": "1.5"}
    assert [(h["version"], h["rank"], h["points"]) for h in store.player("open.trf", 1)] == [(1, 1, "1"), (2, 2, "1")]
    assert [h["place"] for h in store.player("open.trf", 1)] == [None, None]  # kept before 0004: the rank alone
    assert [r["version"] for r in store.rounds("open.trf")] == [1, 2]
    # the upgraded store keeps new versions beside the old ones, and refuses a version number twice (schema 0002)
    third = json.dumps({"standings": [], "live": {"event": "open.trf", "version": 3}})
    if store.shared:  # a shared history keeps only what a leader's term writes (tiebreak.live.leader)
        from tiebreak.live.leader import Leadership

        lead = Leadership(store.engine, "open.trf")
        assert lead.try_lead()
        store.fence = lead.fence
    store.record("open.trf", 3, "2026-11-25T10:00:00Z", 3, "d3", third, [(1, 1, "2", True, 1, "1")], [])
    assert store.last("open.trf")["document"] == third
    with pytest.raises(sqlalchemy.exc.IntegrityError):
        store.record("open.trf", 3, "2026-11-25T10:00:00Z", 3, "d3", third, [], [])
    store.close()
    assert History(url).revision == "0004"  # opened again: nothing to do


def test_the_history_is_kept_within_its_size(tmp_path):
    """keep=10: 60 versions over 6 rounds (10 each) keep at most 10 + a tenth of 10 newest versions, and the last
    version of every round -- counted by hand: rounds 1-5 end at versions 10, 20, 30, 40, 50."""
    from tiebreak.live.history import History

    store = History(f"sqlite:///{tmp_path / 'h.sqlite'}", keep=10)
    for v in range(1, 61):
        store.record("open", v, "t", (v - 1) // 10 + 1, f"d{v}", "{}" * 500, [(1, 1, "1", True, 0, "1")],
                     [(1, 1, "result", None, "1")])
    kept = [h["version"] for h in store.player("open", 1)]
    assert {10, 20, 30, 40, 50} <= set(kept) and kept[-10:] == list(range(51, 61))
    assert len(kept) <= 5 + 11
    assert [r["version"] for r in store.rounds("open")] == [10, 20, 30, 40, 50, 60]
    with store.engine.connect() as db:  # the places and changes of the versions pruned went with them
        n = db.exec_driver_sql("SELECT count(*) FROM live_changes").scalar()
    assert n == len(kept)


class _Stream(threading.Thread):
    """The ``update`` events of one server's stream, each with the time it came (bounded by ``limit``)."""

    def __init__(self, base: str, limit: float = 60.0) -> None:
        super().__init__(daemon=True)
        self.base, self.limit, self.updates, self.ready = base, limit, [], threading.Event()
        self.arrived = threading.Condition()  # told of each update as it comes (a waiter wakes then, not every 10 ms)

    def run(self) -> None:
        try:
            with httpx.stream("GET", self.base + "/api/live/events", timeout=self.limit) as r:
                kind, started = None, time.monotonic()
                for line in r.iter_lines():
                    if line.startswith("event: "):
                        kind = line[7:]
                        self.ready.set()
                    elif line.startswith("data: ") and kind == "update":
                        with self.arrived:
                            self.updates.append((time.monotonic(), json.loads(line[6:])))
                            self.arrived.notify_all()
                    if time.monotonic() - started > self.limit:
                        return
        except httpx.HTTPError:
            pass
        finally:
            self.ready.set()

    def version(self, v: int, limit: float) -> float | None:
        """When version ``v`` came (monotonic seconds), waiting at most ``limit`` seconds."""
        def came() -> float | None:
            return next((at for at, u in self.updates if u["version"] == v), None)

        with self.arrived:
            self.arrived.wait_for(lambda: came() is not None, limit)
            return came()


def _version(base: str) -> int:
    return httpx.get(base + "/api/live").json()["live"]["version"]


def _flip(text: str, k: int) -> str:
    """The result of the k-th round-1 game (in start-number order) turned round on both lines."""
    from live import _BLOCK, flip

    players = [int(x[4:8]) for x in text.split("\n") if x.startswith("001") and x[_BLOCK + 7:_BLOCK + 8] in ("1", "0")
               and x[_BLOCK:_BLOCK + 4].strip()]
    return flip(text, players[k], 1)


def test_two_servers_on_one_postgresql_database(postgres, tmp_path):
    """Two ``serve`` processes started together on a new database (no race to make the tables); a result written to
    the watched file reaches the streams of both within 1 s; the leader stopped, the other leads and nothing is lost;
    the stopped one started again serves every version."""
    import contextlib

    import pg
    from live import live_server, live_servers

    url = pg.fresh_database(postgres.url)
    path = tmp_path / "open.trf"
    text = EXAMPLE.read_text()
    path.write_text(text)
    with contextlib.ExitStack() as stack:
        ports = stack.enter_context(live_servers(path, 2, "--database", url, "--hold", "1"))
        bases = [f"http://127.0.0.1:{p}" for p in ports]
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not all(httpx.get(b + "/api/live").status_code == 200 for b in bases):
            time.sleep(0.1)
        assert [_version(b) for b in bases] == [1, 1]
        streams = [_Stream(b) for b in bases]
        for s in streams:
            s.start()
            assert s.ready.wait(10)
        text = _flip(text, 1)
        path.write_text(text)
        arrived = [s.version(2, 10) for s in streams]
        assert None not in arrived, "a server's viewers did not get version 2"
        assert [_version(b) for b in bases] == [2, 2]
        # the leader is whichever holds the lock: each is stopped in turn, the other keeps the event going
        from live import stop_server

        stop_server(ports[0])
        text = _flip(text, 2)
        path.write_text(text)
        assert streams[1].version(3, 15) is not None, "the other server did not go on"
        assert _version(bases[1]) == 3
        again = stack.enter_context(live_server(path, "--database", url, "--hold", "1"))
        base = f"http://127.0.0.1:{again}"
        assert _version(base) == 3  # started again: every version kept
        stream = _Stream(base)
        stream.start()
        assert stream.ready.wait(10)
        stop_server(ports[1])
        text = _flip(text, 3)
        path.write_text(text)
        assert stream.version(4, 15) is not None, "the server started again did not take the lead"
        from tiebreak.live.history import History

        store = History(url)
        assert [h["version"] for h in store.player("open.trf", 1)] == [1, 2, 3, 4]
        store.close()


def test_a_broken_document_in_the_history_is_passed_over_and_replaced(tmp_path, caplog):
    """A version whose document is not what a server writes (issue 34, finding 9): the server starts, says so in
    the log, serves the file and keeps its new version in that row's place."""
    from tiebreak.live.watch import LiveHub

    path = tmp_path / "open.trf"
    path.write_text(EXAMPLE.read_text())
    url = f"sqlite:///{tmp_path / 'h.sqlite'}"
    LiveHub(path, database=url).close()
    engine = sqlalchemy.create_engine(url)
    with engine.begin() as db:
        db.exec_driver_sql("UPDATE live_versions SET document_z = X'00ff'")
    engine.dispose()
    hub = LiveHub(path, database=url)
    try:
        assert hub.events["open.trf"].version == 1
        assert "version 1 of open.trf in the history is not served: its document is not compressed JSON" in caplog.text
        assert hub.history is not None and hub.history.last("open.trf") is not None
    finally:
        hub.close()
