"""The live screen follows a play-off (issue 39): ``serve --watch FILE --playoff PLAYOFF`` watches the play-off
results file too, and once the last round is played the live standings place the tied players by its games.

The event is the bundled Hobsons Bay Cup 2025 under ``PTS,WIN,BH/C1`` (as in docs/guide/playoffs.md): Nos. 7 and 9
finish on 6 points and 5 wins each, which the play-off's ``after 1`` makes the tie (BH/C1 alone would put No. 7
first).  Their play-off, by hand (Arbiters' Manual 13.2.11, two
players): the mini-match 7-9 1-0, 9-7 1-0 is drawn 1-1; the sudden death 9-7 ½-½, then 7-9 0-1 is won by No. 9 with
Black: No. 9 first, No. 7 second; nobody else moves.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest
from sources import CORPUS, needs

from tiebreak.cli import main
from tiebreak.live.event import LiveEvent, Settings
from tiebreak.render.live_tables import live_parts

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
LIST = "PTS,WIN,BH/C1"
CUP = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"  # bundled (tests/data/shared)
PLAYOFF = """# Nos. 7 and 9, 6 points and 5 wins each: places 1-2
after 1
stage mini-match
7 9 1-0
9 7 1-0
stage sudden-death
9 7 1/2-1/2
7 9 0-1
"""


def _ranks(event: LiveEvent) -> dict[int, int]:
    return {int(r["start_no"]): int(r["rank"]) for r in json.loads(event.text)["standings"]}


def _event(tmp_path: Path) -> tuple[LiveEvent, Path]:
    (tmp_path / "cup.trf").write_bytes(EXAMPLE.read_bytes())
    return LiveEvent("cup.trf", tmp_path / "cup.trf", Settings(tiebreaks=LIST, playoff="playoff.txt")), tmp_path


def test_the_play_off_file_places_the_tied_players_on_the_live_screen(tmp_path):
    event, folder = _event(tmp_path)
    assert event.update() is not None and event.version == 1
    before = _ranks(event)
    assert (before[7], before[9]) == (1, 2)  # no play-off yet: BH/C1 puts No. 7 first
    (folder / "playoff.txt").write_text(PLAYOFF, encoding="utf-8")
    u = event.update()  # the event file is the same; the play-off makes a new version
    assert u is not None and event.version == 2
    after = _ranks(event)
    assert (after[9], after[7]) == (1, 2)
    assert {n: r for n, r in after.items() if n not in (7, 9)} == {n: r for n, r in before.items() if n not in (7, 9)}
    doc = json.loads(event.text)
    assert {r["start_no"] for r in doc["standings"] if r.get("playoff")} == {7, 9}
    assert u.moved == 2  # Nos. 7 and 9 changed places
    # the live screen marks the places the play-off decided as every face does (1‡), in every language
    for lang, mark, words in (("en", "‡", "place decided by the play-off"),
                              ("ru", "‡", "место определено плей-офф"),
                              ("uk", "‡", "місце визначено плей-оф")):
        html = live_parts(doc, event.crosstable(), lang)["standings"]
        assert html.count(mark) == 3 and words in html  # two rows and the legend
    # the play-off file removed: the standings as the tie-breaks give them again
    (folder / "playoff.txt").unlink()
    assert event.update() is not None and _ranks(event) == before


def test_a_play_off_that_does_not_fit_is_said_and_the_standings_stay(tmp_path):
    event, folder = _event(tmp_path)
    (folder / "playoff.txt").write_text("stage mini-match\n7 3 1-0\n3 7 1-0\n", encoding="utf-8")
    event.update()
    doc = json.loads(event.text)
    assert (_ranks(event)[7], _ranks(event)[9]) == (1, 2)
    assert any(n.startswith("the play-off results are not applied: ") and "No. 3 was not tied" in n
               for n in doc["notes"])


def test_the_play_off_waits_for_the_last_round(tmp_path):
    """Round 7 still being played (two results taken out of the file): the play-off is not applied yet."""
    lines = EXAMPLE.read_text(encoding="utf-8").split("\n")
    column = 91 + 60 + 7  # round 7's result
    out = [line[:column] + " " + line[column + 1:] if line.startswith("001") and int(line[4:8]) in (2, 9) else line
           for line in lines]
    (tmp_path / "cup.trf").write_text("\n".join(out), encoding="utf-8")
    (tmp_path / "playoff.txt").write_text(PLAYOFF, encoding="utf-8")
    event = LiveEvent("cup.trf", tmp_path / "cup.trf", Settings(tiebreaks=LIST, playoff="playoff.txt"))
    event.update()
    doc = json.loads(event.text)
    assert doc["live"]["pending"] and not any(r.get("playoff") for r in doc["standings"])


def test_serve_needs_one_watched_file_and_the_play_off_beside_it(tmp_path, capsys):
    (tmp_path / "cup.trf").write_bytes(EXAMPLE.read_bytes())
    elsewhere = tmp_path / "other"
    elsewhere.mkdir()
    (elsewhere / "playoff.txt").write_text(PLAYOFF, encoding="utf-8")
    for args, words in ((["--playoff", str(elsewhere / "playoff.txt")], "--playoff needs --watch: the play-off"),
                        (["--watch", str(tmp_path), "--playoff", str(tmp_path / "p.txt")], "one play-off"),
                        (["--watch", str(tmp_path / "cup.trf"), "--playoff", str(elsewhere / "playoff.txt")],
                         "must lie beside the watched file")):
        database = ["--database", "none"] if "--watch" in args else []  # (needs --watch too)
        assert main(["serve", *database, *args]) != 0
        assert words in capsys.readouterr().err
    assert main(["serve", "--lang", "uk", "--playoff", "x.txt"]) != 0
    assert "--playoff потребує --watch: плей-оф" in capsys.readouterr().err


def test_a_live_server_follows_the_play_off_file_written_after_it_started(tmp_path):
    pytest.importorskip("watchfiles")
    httpx = pytest.importorskip("httpx")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from live import live_server

    (tmp_path / "cup.trf").write_bytes(EXAMPLE.read_bytes())
    with live_server(tmp_path / "cup.trf", "--database", "none", "--tiebreaks", LIST,
                     "--playoff", str(tmp_path / "playoff.txt")) as port:
        base = f"http://127.0.0.1:{port}"
        doc = httpx.get(base + "/api/live").json()
        first = {r["start_no"]: r["rank"] for r in doc["standings"]}
        assert (first[7], first[9]) == (1, 2)
        (tmp_path / "playoff.txt").write_text(PLAYOFF, encoding="utf-8")
        deadline = time.monotonic() + 30  # a bound on the wait, not a measure
        while time.monotonic() < deadline:
            doc = httpx.get(base + "/api/live").json()
            if doc["live"]["version"] > 1:
                break
            time.sleep(0.05)
        ranks = {r["start_no"]: r["rank"] for r in doc["standings"]}
        assert doc["live"]["version"] == 2 and (ranks[9], ranks[7]) == (1, 2)


@needs(CUP)
def test_a_team_events_play_off_places_the_tied_teams(tmp_path):
    """Friendship Cup 2024 (corpus heltour-crete-team): teams 4, 1 and 7 finish on 9 match points (places 3-5).  Their
    round robin, by hand: 4 beats 1, 1-7 drawn, 7 beats 4: 7 1½, 4 1, 1 ½ -> places 3, 4, 5; teams 3 and 10 keep
    places 1 and 2 (as tests/test_playoff_results.py computes it for `tiebreak standings --playoff`)."""
    (tmp_path / "cup.trf").write_bytes(CUP.read_bytes())
    (tmp_path / "playoff.txt").write_text("stage round-robin\n4 1 1-0\n1 7 =\n7 4 1-0\n", encoding="utf-8")
    event = LiveEvent("cup.trf", tmp_path / "cup.trf", Settings(playoff="playoff.txt"))
    event.update()
    doc = json.loads(event.text)
    assert doc["live"]["view"] == "teams"
    assert [(r["rank"], r["start_no"]) for r in doc["standings"][:5]] == [(1, 3), (2, 10), (3, 7), (4, 4), (5, 1)]
    assert {r["start_no"] for r in doc["standings"] if r.get("playoff")} == {7, 4, 1}
    html = live_parts(doc, event.crosstable(), "ru")["standings"]
    assert html.count("‡") == 4 and "место определено плей-офф" in html  # three teams and the legend


def _card_ranks(client, event: str, kind: str, numbers: tuple[int, ...]) -> dict[tuple[str, int], str]:
    """The rank each card of ``numbers`` shows at its top, in every language (``<dt>Rank</dt><dd>N</dd>``)."""
    import re

    found = {}
    for lang, word in (("en", "Rank"), ("ru", "Место"), ("uk", "Місце")):
        for n in numbers:
            page = client.get(f"/live/cards/{event}/{lang}/{kind}-{n}.html")
            assert page.status_code == 200, (lang, n)
            found[lang, n] = re.search(rf"<dt>{word}</dt><dd>([^<]*)</dd>", page.text).group(1)
    return found


def test_the_live_card_places_the_tied_players_as_the_live_standings_and_the_site_card_do(tmp_path):
    """The card (``/live/cards/…/player-N.html``) ranks No. 9 first and No. 7 second once the play-off is played, as
    the live standings and the website built with the same ``--playoff`` do; a play-off that does not fit leaves the
    card's places as the tie-breaks give them, as the live standings."""
    pytest.importorskip("fastapi")
    pytest.importorskip("jinja2")
    from fastapi.testclient import TestClient

    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    (tmp_path / "cup.trf").write_bytes(EXAMPLE.read_bytes())
    (tmp_path / "playoff.txt").write_text(PLAYOFF, encoding="utf-8")
    hub = LiveHub(tmp_path / "cup.trf", database="none", settings=Settings(tiebreaks=LIST, playoff="playoff.txt"))
    try:
        client = TestClient(live_app(hub))
        live = {r["start_no"]: r["rank"] for r in client.get("/api/live").json()["standings"]}
        assert (live[9], live[7]) == (1, 2)
        cards = _card_ranks(client, "cup.trf", "player", (9, 7, 3))
        # marked as the standings mark a place the play-off decided (1‡), as a lot's (10*)
        assert cards == {(lang, n): rank for lang in ("en", "ru", "uk") for n, rank in ((9, "1‡"), (7, "2‡"), (3, "3"))}
        (tmp_path / "playoff.txt").write_text("stage mini-match\n7 3 1-0\n3 7 1-0\n", encoding="utf-8")  # 3 not tied
        assert hub.events["cup.trf"].update() is not None
        assert _card_ranks(client, "cup.trf", "player", (9, 7))[("uk", 7)] == "1"  # BH/C1 puts No. 7 first
    finally:
        hub.close()
    (tmp_path / "playoff.txt").write_text(PLAYOFF, encoding="utf-8")
    assert main(["site", str(tmp_path / "cup.trf"), "-o", str(tmp_path / "site"), "--tiebreaks", LIST,
                 "--playoff", str(tmp_path / "playoff.txt")]) == 0
    for n, rank in ((9, "1‡"), (7, "2‡")):
        assert f"<dt>Rank</dt><dd>{rank}</dd>" in (tmp_path / "site" / "en" / f"player-{n}.html").read_text("utf-8")


@needs(CUP)
def test_a_team_events_live_card_places_the_tied_teams(tmp_path):
    """Friendship Cup 2024, the teams' round robin of the test above: the team cards say places 3‡, 4‡ and 5‡ for
    teams 7, 4 and 1, as the live standings do (the play-off's mark)."""
    pytest.importorskip("fastapi")
    pytest.importorskip("jinja2")
    from fastapi.testclient import TestClient

    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    (tmp_path / "cup.trf").write_bytes(CUP.read_bytes())
    (tmp_path / "playoff.txt").write_text("stage round-robin\n4 1 1-0\n1 7 =\n7 4 1-0\n", encoding="utf-8")
    hub = LiveHub(tmp_path / "cup.trf", database="none", settings=Settings(playoff="playoff.txt"))
    try:
        cards = _card_ranks(TestClient(live_app(hub)), "cup.trf", "team", (7, 4, 1))
        assert cards == {(lang, n): rank for lang in ("en", "ru", "uk") for n, rank in ((7, "3‡"), (4, "4‡"), (1, "5‡"))}
    finally:
        hub.close()
