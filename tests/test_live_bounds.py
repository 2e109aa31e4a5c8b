"""The live server's bounds (issue 24, items 6, 8 and 10): every read checked inside the watched folder at the moment
it is made, the watched file's size, Server-Sent Event streams per process and per client, and a clean error for a
request body that is not a JSON object."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
TOKEN = "arbiter-token-for-the-test"


def _client(hub):
    from fastapi.testclient import TestClient

    from tiebreak.web.live import live_app

    return TestClient(live_app(hub))


def _hub(folder: Path, **bounds):
    """A hub on ``folder`` without history, within ``bounds`` (:class:`tiebreak.live.watch.Bounds`' fields)."""
    from tiebreak.live.watch import Bounds, LiveHub

    return LiveHub(folder, database="none", token=TOKEN, bounds=Bounds(**bounds))


def test_a_watched_file_replaced_by_a_link_outside_is_not_read_even_by_the_arbiters_republish(tmp_path):
    folder = tmp_path / "hall"
    folder.mkdir()
    (folder / "open.trf").write_text(EXAMPLE.read_text())
    secret = tmp_path / "outside.trf"
    lines = EXAMPLE.read_text().split("\n")
    secret.write_text("\n".join(x.replace("Hogg,Dean", "Outside,Secret") for x in lines))
    hub = _hub(folder)
    client = _client(hub)
    assert client.get("/api/live").json()["live"]["version"] == 1
    (folder / "open.trf").unlink()
    (folder / "open.trf").symlink_to(secret)  # the watched file is now a link to a file outside the folder
    answer = client.post("/api/live/republish", json={"event": "open.trf"},
                         headers={"authorization": f"Bearer {TOKEN}"}).json()
    assert answer["version"] == 1 and "outside the watched folder" in answer["held"]["reason"]
    doc = client.get("/api/live").json()
    assert doc["live"]["version"] == 1 and "Outside,Secret" not in str(doc)


def test_a_watched_file_larger_than_the_bound_is_not_read(tmp_path):
    (tmp_path / "open.trf").write_text(EXAMPLE.read_text())
    hub = _hub(tmp_path, file_bytes=64 * 1024)
    e = hub.events["open.trf"]
    assert e.version == 1
    with (tmp_path / "open.trf").open("a") as f:  # 100 KB of comment lines: over the 64 KB bound
        f.write(("### " + "x" * 95 + "\n") * 1000)
    assert e.update() is None and e.version == 1
    assert "larger than 65,536 bytes" in e.held["reason"] and not e.held["readable"]


def test_streams_are_bounded_per_process_and_per_client(tmp_path):
    (tmp_path / "open.trf").write_text(EXAMPLE.read_text())
    hub = _hub(tmp_path, streams=3, streams_per_client=2)
    client = _client(hub)
    mine = [hub.viewers.open("testclient"), hub.viewers.open("testclient")]  # two streams of this client already open
    r = client.get("/api/live/events")
    assert r.status_code == 429 and r.headers["retry-after"] == "5" and "this address has 2" in r.json()["error"]
    other = hub.viewers.open("192.0.2.7")  # the server full, and nobody holds two more than this client: 503
    hub.viewers.per_client = 3
    r = client.get("/api/live/events")
    assert r.status_code == 503 and r.headers["retry-after"] == "5" and "3 live streams" in r.json()["error"]
    for place in mine + [other]:
        place.close()
    assert hub.viewers.count() == 0 and hub.viewers.of("testclient") == 0
    # a stream refused after its place was taken (a name too long, an event not watched) gives the place back
    assert client.get("/api/live/events", params={"event": "x" * 5000}).status_code == 400
    assert client.get("/api/live/events", params={"event": "nope.trf"}).status_code == 404
    assert hub.viewers.count() == 0


def test_the_arbiters_rule_set_and_list_are_bounded_as_declared(tmp_path):
    """The arbiter's settings take the rule sets that ``serve --rules`` takes and a list of at most 1,000 characters (the
    API's forms' bound): anything else is a 400 naming the field, in the request's language (a misspelt rule set was
    said in English only, by words of its own)."""
    (tmp_path / "open.trf").write_text(EXAMPLE.read_text())
    client = _client(_hub(tmp_path))
    arbiter = {"authorization": f"Bearer {TOKEN}"}
    for lang, words in (("en", "the field rules must be one of auto, fide-2024"),
                        ("uk", "поле rules має бути одним зі значень auto, fide-2024")):
        r = client.post(f"/api/live/settings?lang={lang}", json={"event": "open.trf", "rules": "fide2024"},
                        headers=arbiter)
        assert r.status_code == 400 and r.json()["field"] == "rules" and r.json()["error"].startswith(words)
    r = client.post("/api/live/settings", json={"event": "open.trf", "tiebreaks": "PTS," + "BH," * 333}, headers=arbiter)
    assert r.status_code == 400 and r.json()["field"] == "tiebreaks"  # 1,003 characters, counted by hand: 4 + 3 x 333
    r = client.post("/api/live/settings", json={"event": "open.trf", "tiebreaks": "PTS,BH", "rules": "fide-2024"},
                    headers=arbiter)
    assert r.status_code == 200 and (r.json()["tiebreaks"], r.json()["rules"]) == ("PTS,BH", "fide-2024")


@pytest.mark.parametrize("body, words", [(b"not json at all", "not valid JSON"),
                                         (b"[1, 2]", "must be a JSON object"),
                                         (b'"open.trf"', "must be a JSON object")])
def test_a_body_that_is_not_a_json_object_is_named(tmp_path, body, words):
    (tmp_path / "open.trf").write_text(EXAMPLE.read_text())
    client = _client(_hub(tmp_path))
    for path in ("/api/live/republish", "/api/live/settings"):
        r = client.post(path, content=body, headers={"authorization": f"Bearer {TOKEN}",
                                                     "content-type": "application/json"})
        assert r.status_code == 400 and words in r.json()["error"] and "None" not in r.json()["error"]


def test_a_held_version_after_the_hold(tmp_path):
    """hold=0.3 s: a file that reads but lost a game is published once it has stayed the same that long (the arbiter
    really removed it); a file that does not read stays held, and only then does the public page say that the
    standings shown are not the file's latest -- never why."""
    from tiebreak.live.event import STALE, LiveEvent

    def line(no: int, name: str, rounds: str) -> str:
        return f"001 {no:4d}      {name}".ljust(91) + rounds

    path = tmp_path / "club.trf"
    path.write_text("\n".join([line(1, "Alpha, A", "   2 w 1     3 w  "), line(2, "Beta, B", "   1 b 0"),
                               line(3, "Gamma, C", "0000 - U     1 b  ")]) + "\n")
    e = LiveEvent("club.trf", path, hold=0.3)
    now = [0.0]
    e.hold.clock = lambda: now[0]  # the hold's clock, moved on by the test: no waiting on the real one
    assert e.update().version == 1 and e.document["live"]["pending"] == 1
    removed = "\n".join([line(1, "Alpha, A", "   2 w 1"), line(2, "Beta, B", "   1 b 0"),
                         line(3, "Gamma, C", "0000 - U")]) + "\n"  # the round-2 game (all of round 2) taken out
    path.write_text(removed)
    assert e.update() is None and e.version == 1 and e.held["reason"] == "round 2 is no longer in the file"
    now[0] += 0.35
    u = e.update()
    assert u is not None and u.version == 2 and e.held is None and e.document["live"]["pending"] == 0
    path.write_text(removed.replace("   1 b 0", "   1 b Q"))  # does not read
    assert e.update() is None and e.warning is None
    now[0] += 0.35
    u = e.update()
    assert u is not None and u.warning == STALE and e.version == 2 and "could not be read" in e.held["reason"]
    assert "Q" not in json.loads(e.text)["live"]["warning"]
    path.write_text(removed)  # the last good version's bytes again: nothing held, the public warning gone
    u = e.update()
    assert u is not None and u.warning is None and e.held is None and e.version == 2


def test_the_arbiters_change_waits_for_its_recomputation_at_most_the_deadline(tmp_path, monkeypatch):
    """A republish whose recomputation takes longer than the deadline is answered 503 (the work goes on in the hub's
    single updater, and its version is published when done); another change of that event meanwhile is 409."""
    from tiebreak.live.event import LiveEvent
    from tiebreak.web import live

    (tmp_path / "open.trf").write_text(EXAMPLE.read_text())
    hub = _hub(tmp_path)
    slow = LiveEvent.update
    release = threading.Event()

    def update(self, data=None, force=False):  # a recomputation that lasts until the test releases it
        release.wait(30)
        return slow(self, data, force)

    monkeypatch.setattr(LiveEvent, "update", update)
    monkeypatch.setattr(live, "ARBITER_DEADLINE", 0.2)
    arbiter = {"authorization": f"Bearer {TOKEN}"}
    with _client(hub) as client:
        r = client.post("/api/live/republish", json={"event": "open.trf"}, headers=arbiter)
        assert r.status_code == 503 and "still being computed after 0.2 s" in r.json()["error"]
        assert not release.is_set()  # answered at the deadline, while the recomputation still ran
        again = client.post("/api/live/settings", json={"event": "open.trf", "rules": "fide-2024"}, headers=arbiter)
        assert again.status_code == 409 and again.json()["field"] == "event"
        assert client.get("/api/live").json()["live"]["version"] == 1  # served meanwhile, the last version
        release.set()
        deadline = time.monotonic() + 30  # a bound on the wait, not a measure: it ends when the version comes
        while client.get("/api/live").json()["live"]["version"] != 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert client.get("/api/live").json()["live"]["version"] == 2  # published when done


def test_the_crosstable_is_made_once_per_version(tmp_path, monkeypatch):
    from tiebreak.live import placing

    (tmp_path / "open.trf").write_text(EXAMPLE.read_text())
    hub = _hub(tmp_path)
    made = []
    build = placing.cross_view.of_ranks
    monkeypatch.setattr(placing.cross_view, "of_ranks", lambda *a: made.append(1) or build(*a))
    client = _client(hub)
    answers = [client.get("/api/live/crosstable").content for _ in range(5)]
    assert len(made) == 1 and len(set(answers)) == 1
    assert json.loads(answers[0])["rows"][0]["start_no"] == 7  # the example's winner
    hub.update("open.trf", force=True)  # a new version: made again
    assert json.loads(client.get("/api/live/crosstable").content)["version"] == 2 and len(made) == 2
