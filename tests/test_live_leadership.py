"""Leadership of several servers on one PostgreSQL history after routine maintenance and failures (issue 34,
finding 15): the database restarted (``pg_ctl restart -m fast``), every session terminated, the leader hung
(``SIGSTOP``) then woken.  After each, every viewer of every server gets the later versions, the history holds each
version once, in order, and a woken leader whose term is over publishes nothing (its writes are fenced).

These tests restart their own throwaway cluster (tests/pg.py), so they skip without Debian's PostgreSQL binaries.
Waits are generous bounds on conditions, never timings asserted.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

import pytest

pytest.importorskip("sqlalchemy")
pytest.importorskip("alembic")
pytest.importorskip("psycopg")
httpx = pytest.importorskip("httpx")

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))
TOKEN = "maintenance-token"


@pytest.fixture(scope="module")
def cluster():
    """One throwaway cluster for the module (each test makes its own database on it; a restart or the sessions
    terminated by one test leave it serving the next)."""
    import pg

    if pg.binaries() is None:
        pytest.skip("no PostgreSQL server binaries (Debian: apt-get install postgresql): the test restarts its own")
    folder = Path(tempfile.mkdtemp(prefix="tiebreak-pg-lead-"))
    url = pg.start(folder)
    yield folder, url
    pg.stop(folder)
    shutil.rmtree(folder, ignore_errors=True)


def _wait(condition, limit: float = 60.0) -> bool:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if condition():
                return True
        time.sleep(0.1)
    return False


def _served(base: str) -> tuple[int, str]:
    live = httpx.get(base + "/api/live", timeout=10).json()["live"]
    return live["version"], live["digest"]


def _leads(base: str) -> bool:
    return httpx.get(base + "/api/live/arbiter", headers={"authorization": f"Bearer {TOKEN}"}, timeout=10).status_code == 200


def test_every_viewer_gets_every_later_version_after_restart_terminated_sessions_and_a_hung_leader(cluster, tmp_path):
    import pg
    import psycopg
    from live import _SERVERS, live_servers
    from test_live_history import _flip, _Stream

    from tiebreak.live.history import History

    folder, server_url = cluster
    url = pg.fresh_database(server_url)
    path = tmp_path / "open.trf"
    text = EXAMPLE.read_text()
    path.write_text(text)
    version = 1
    with live_servers(path, 2, "--database", url, "--hold", "1", "--token", TOKEN) as ports:
        bases = [f"http://127.0.0.1:{p}" for p in ports]
        assert _wait(lambda: all(_served(b)[0] == 1 for b in bases))
        streams = [_Stream(b, limit=600) for b in bases]
        for s in streams:
            s.start()
            assert s.ready.wait(20)

        def publish(viewers: list[_Stream]) -> None:
            nonlocal text, version
            text = _flip(text, version)
            version += 1
            path.write_text(text)
            for s in viewers:
                assert s.version(version, 60) is not None, f"a viewer did not get version {version}"

        publish(streams)
        pg.restart(folder)  # routine maintenance: every session ends, the lease stays in the database
        publish(streams)
        publish(streams)
        with psycopg.connect(server_url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True) as conn:
            conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() "
                         "AND backend_type = 'client backend'")
        publish(streams)
        assert _wait(lambda: sum(_leads(b) for b in bases) == 1)
        leader = 0 if _leads(bases[0]) else 1
        hung = _SERVERS[ports[leader]]
        os.killpg(hung.pid, signal.SIGSTOP)  # the leader hangs: the other takes over within seconds of its lease
        try:
            publish([streams[1 - leader]])
        finally:
            os.killpg(hung.pid, signal.SIGCONT)
        assert _wait(lambda: _leads(bases[1 - leader]) and not _leads(bases[leader])), "the woken leader still leads"
        publish(streams)  # the woken server follows: its viewers get the new leader's versions
        assert _wait(lambda: _served(bases[0]) == _served(bases[1]))
    store = History(url)
    with store.engine.connect() as db:
        rows = db.exec_driver_sql("SELECT version, epoch, writer FROM live_versions WHERE event = 'open.trf' "
                                  "ORDER BY id").all()
    store.close()
    assert [r[0] for r in rows] == list(range(1, version + 1)), "each version once, in order"
    assert len({r[1] for r in rows}) >= 2, "the hung leader was replaced by a new term"


def test_a_foreign_row_in_the_shared_history_is_refused_and_the_followers_go_on_with_the_leader(cluster, tmp_path,
                                                                                               caplog):
    """Rows no leader wrote (a higher version with a broken document; a sound document under an unknown writer),
    announced by NOTIFY: the follower refuses them with a log line, keeps serving the leader's version, and takes
    the leader's next version; a follower (re)connecting reads the leader's latest, not the foreign rows."""
    import json
    import zlib

    import pg
    from test_live_history import _flip

    from tiebreak.live.watch import LiveHub

    _, server_url = cluster
    url = pg.fresh_database(server_url)
    path = tmp_path / "open.trf"
    text = EXAMPLE.read_text()
    path.write_text(text)
    leader = LiveHub(path, database=url)
    follower = LiveHub(path, database=url)
    try:
        assert leader.leading and not follower.leading
        assert follower.events["open.trf"].version == 1
        sound = json.loads(leader.events["open.trf"].text)
        sound["live"]["version"] = 60
        assert leader.history is not None and leader.lead.lease is not None
        with leader.history.engine.begin() as db:
            for version, document, writer, epoch in [
                    (50, b"{broken", leader.lead.lease.writer, leader.lead.lease.epoch),
                    (60, json.dumps(sound).encode(), "intruder", 1)]:
                db.exec_driver_sql(
                    "INSERT INTO live_versions (event, version, time, round, digest, document, document_z, epoch, "
                    "writer) VALUES ('open.trf', %(v)s, 't', 9, 'x', '', %(d)s, %(e)s, %(w)s)",
                    {"v": version, "d": zlib.compress(document), "e": epoch, "w": writer})
                db.exec_driver_sql("SELECT pg_notify('tiebreak_live', %(p)s)",
                                   {"p": json.dumps({"event": "open.trf", "version": version, "what": "version"})})
        for version in (50, 60):
            assert follower.heard({"event": "open.trf", "version": version, "what": "version"}) == []
        assert follower.events["open.trf"].version == 1
        assert "version 50 of open.trf in the history is not served: its document" in caplog.text
        assert "version 60 of open.trf in the history is not served: no leader wrote it" in caplog.text
        assert follower.heard({"what": "listening"}) == []  # reconnected: the latest good version is still 1
        path.write_text(_flip(text, 1))
        assert leader.lead.lease.renew()  # (no watch runs here to renew the term every second)
        published = leader.update("open.trf")
        assert published is not None and published.version == 2
        [told] = follower.heard({"event": "open.trf", "version": 2, "what": "version"})
        assert told.version == 2 and follower.events["open.trf"].text == leader.events["open.trf"].text
    finally:
        leader.close()
        follower.close()


def test_a_leader_whose_term_is_over_can_no_longer_write(cluster):
    """Two servers' leaderships on one database (a lease of 1 s): the second cannot lead while the first renews;
    once the first stops renewing, the second starts the next term, and every write of the first is refused in its
    own transaction (nothing kept) while the second's is kept."""
    import pg

    from tiebreak.live.history import History
    from tiebreak.live.leader import Leadership, NotLeading

    _, server_url = cluster
    store = History(pg.fresh_database(server_url))
    first, second = Leadership(store.engine, "open.trf", lease=1.0), Leadership(store.engine, "open.trf", lease=1.0)
    try:
        assert first.try_lead() and first.epoch == 1
        assert not second.try_lead()
        assert first.renew() is True
        assert _wait(second.try_lead, 30), "the second never took over"
        assert second.epoch == 2 and first.renew() is False
        first.epoch = 1  # as if the first had not noticed yet: its write is still refused
        doc = '{"live": {"event": "open.trf", "version": 1}, "standings": []}'
        store.fence = first.fence
        with pytest.raises(NotLeading):
            store.record("open.trf", 1, "t", 1, "d", doc, [], [])
        assert store.last("open.trf") is None
        store.fence = second.fence
        store.record("open.trf", 1, "t", 1, "d", doc, [], [])
        assert store.last("open.trf")["writer"] == second.writer
    finally:
        store.close()
