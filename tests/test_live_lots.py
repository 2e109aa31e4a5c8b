"""The same question on every face gives the same places (issue 33): the live screen draws the ties left after the
list by the event's own lot, as ``tiebreak standings``, the API, the page and the website do, marks those places
``*``, and its crosstable numbers each opponent by that place and shows the rounds the standings count, as the
website's and the downloads' crosstables do; the CSV says which places a lot decided.

The events: a finished school Swiss of 124 players where 16 are placed by lot (Sharly Chess, converted to TRF), and
a Swiss-Manager Swiss in play (after round 4 of 7, round 5 paired, its games not begun; 8 players placed by lot)."""

from __future__ import annotations

import csv
import io
import json
import shutil

import pytest
from sources import CORPUS, needs

pytest.importorskip("jinja2")
pytest.importorskip("watchfiles")
pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402
from test_site import Tables  # noqa: E402

from tiebreak.cli import main  # noqa: E402
from tiebreak.live.watch import LiveHub  # noqa: E402
from tiebreak.web.live import live_app  # noqa: E402

SCHOOL = CORPUS / "sharly-chess" / "sce-converted" / "championnat_scolaire_35_college_2026__t1-college-35-2026.trf"
IN_PLAY = CORPUS / "swiss-manager" / "abs_fem_1378181.TUNX"


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def _table(html: str, name: str) -> list[list[str]]:
    parser = Tables()
    parser.feed(html)
    return [[c["text"] for c in row] for row in parser.tables[name]]


@needs(SCHOOL, IN_PLAY)
@pytest.mark.parametrize("source, lots", [(SCHOOL, 16), (IN_PLAY, 8)])
def test_live_places_are_the_command_lines_lot_and_all(tmp_path, capsys, source, lots):
    shutil.copy(source, tmp_path / source.name)
    cli = json.loads(_cli(capsys, "standings", str(source), "--format", "json"))
    hub = LiveHub(tmp_path, database="none")
    try:
        client = TestClient(live_app(hub))
        live = client.get("/api/live").json()
        page = client.get("/live").text
    finally:
        hub.close()
    key = [(r["start_no"], r["rank"], r["place"], r["lot"], r["points"], r["values"]) for r in cli["standings"]]
    assert [(r["start_no"], r["rank"], r["place"], r["lot"], r["points"], r["values"]) for r in live["standings"]] == key
    assert live["seed"] == cli["seed"] and sum(1 for r in cli["standings"] if r["lot"] is not None) == lots
    text = _cli(capsys, "standings", str(source))  # the text's places, «40*» where the lot placed the player
    rows = [line.split() for line in text.splitlines()]
    written = {r[1]: r[0] for r in rows if len(r) > 1 and r[0].rstrip("*").isdigit() and r[1].isdigit()}
    shown = {row[1]: row[0] for row in _table(page, "standings")[1:]}
    assert shown == written and sum(1 for p in shown.values() if p.endswith("*")) == lots
    legend = page.split('id="standings-legend"', 1)[1].split("</ul>", 1)[0]  # the legend's line, as the text's
    assert f"place decided by lot (seed {cli['seed']})</li>" in legend


@needs(SCHOOL)
def test_the_school_swiss_two_players_tied_on_everything_are_40_and_41_everywhere(tmp_path, capsys):
    """THIELIN (117) and ARANDA-PHAM (13) are tied on every tie-break: the lot places them 40th and 41st on every
    face; the live screen shared «40-41» before."""
    shutil.copy(SCHOOL, tmp_path / "a.trf")
    hub = LiveHub(tmp_path, database="none")
    try:
        client = TestClient(live_app(hub))
        rows = {r[1]: r[0] for r in _table(client.get("/live").text, "standings")[1:]}
        card = client.get("/live/cards/a.trf/en/player-117.html").text
    finally:
        hub.close()
    assert (rows["117"], rows["13"]) == ("40*", "41*")
    assert "<dt>Place</dt><dd>40*</dd>" in card
    places = [r[4] for r in _table(card, "games")[1:]]  # the place after each round, as --after-round N writes it
    for k, place in enumerate(places, 1):
        line = next(x for x in _cli(capsys, "standings", str(SCHOOL), "--after-round", str(k)).splitlines()
                    if x.split()[1:2] == ["117"])
        assert place == line.split()[0], k
    assert places == ["4*", "3*", "20*", "49*", "40*"]
    # the CSV says it too: a column lot, the JSON's lot (1 and 2 of the tied pair)
    rows = list(csv.DictReader(io.StringIO(_cli(capsys, "standings", str(SCHOOL), "--format", "csv"))))
    drawn = {r["start_no"]: (r["rank"], r["lot"]) for r in rows}
    assert (drawn["117"], drawn["13"]) == (("40", "1"), ("41", "2")) and sum(1 for r in rows if r["lot"]) == 16


@needs(IN_PLAY)
def test_the_crosstable_of_an_event_in_play_is_the_websites(tmp_path, capsys):
    """After round 4 of 7 with round 5 paired: the live crosstable stops at round 4, as the website's does (the
    games of round 5 are on its pairings), and numbers every opponent by the place the standings give (No. 4
    Murilo met three different players whom the shared places called "10")."""
    site = tmp_path / "site"
    assert main(["site", str(IN_PLAY), "-o", str(site), "--lang", "ru"]) == 0
    capsys.readouterr()
    watched = tmp_path / "live"
    watched.mkdir()
    shutil.copy(IN_PLAY, watched / IN_PLAY.name)
    hub = LiveHub(watched, database="none")
    try:
        client = TestClient(live_app(hub))
        live = _table(client.get("/live/tables", params={"lang": "ru"}).text, "crosstable")
        pairings = _table(client.get("/live/tables", params={"lang": "ru"}).text, "pairings")
    finally:
        hub.close()
    web = _table((site / "ru" / "crosstable.html").read_text(encoding="utf-8"), "crosstable")
    assert live == web and live[0][4:] == ["1", "2", "3", "4"]
    murilo = next(r for r in live if r[1] == "4")
    # `tiebreak explain --player 4`: Nos. 18, 11, 7 and 12, whom the text's standings place 11*, 10*, 3 and 12*
    assert murilo[4:] == ["11б1", "10ч1", "3б0", "12ч1"]
    assert sum(1 for row in live[1:] if row[0].endswith("*")) == 8
    assert any(row[2] == "Murilo, De Andrade Stocco" for row in pairings[1:])  # round 5: on the pairings
