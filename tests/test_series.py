"""Standings of a series: two blitz events of the Hobsons Bay Chess Club (February and April 2025, corpus
hobsons-bay-vega), Vega's list (BH, BH-C1, SB), series points 10-8-6-5-4-3-2-1 for places 1 to 8.  The expected
table is computed by hand below from the events' published standings (their expected.csv, Vega's pages)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction

import pytest

from tests.sources import CORPUS, needs
from tiebreak.app.options import Options
from tiebreak.app.series import series as series_of_files
from tiebreak.arbiter.series import series
from tiebreak.engine.errors import InputError

HOBSONS = CORPUS / "hobsons-bay-vega"
FEBRUARY = HOBSONS / "2025hobsonsbayfebruaryblitz" / "tournament.trf"
APRIL = HOBSONS / "2025hobsonsbayaprilblitz" / "tournament.trf"
POINTS = "place:10,8,6,5,4,3,2,1"
OPTIONS = Options(tiebreaks="PTS,BH,BH/C1,SB")

# February (published): 1 Annapureddy Rheyansh, 2 Hogg, 3 Nguyen Anh Kiet, 4 Annapureddy Dhruthin, 5 Lingineni,
# 6 Ruaya, 7 Windsor, 8 Lacson.  April: 1 Hogg, 2 Nguyen Anh Kiet, 3 Annapureddy Dhruthin, 4 Bodke, 5 Whitford,
# 6 Lacson, 7 Veginati, 8 Cox.  ("Nguyen, Anh Kiet" in February and "Nguyen,Anh Kiet" in April: one player.)
BY_HAND = [  # name, February, April, total, best, events played
    ("Hogg,Dean", 8, 10, 18, 10, 2),
    ("Nguyen, Anh Kiet", 6, 8, 14, 8, 2),
    ("Annapureddy, Dhruthin Reddy", 5, 6, 11, 6, 2),
    ("Annapureddy, Rheyansh Reddy", 10, None, 10, 10, 1),
    ("Bodke,Krishna", 0, 5, 5, 5, 2),
    ("Whitford,Matthew", 0, 4, 4, 4, 2),  # 4 and 4 as Lingineni: best 4 each, two events against one
    ("Lingineni, Khushal", 4, None, 4, 4, 1),
    ("Lacson,Joemar", 1, 3, 4, 3, 2),  # 4 as well, best single result 3
    ("Ruaya,Chris Rodson", 3, 0, 3, 3, 2),
]


@needs(FEBRUARY, APRIL)
def test_two_blitz_events_of_one_club() -> None:
    t = series_of_files(OPTIONS, [str(FEBRUARY), str(APRIL)], POINTS, None, "BEST,EVENTS", [])
    got = [(r.name, *(None if x is None else x.points for x in r.results), r.total, r.values["BEST"],
            r.values["EVENTS"]) for r in t.rows[:9]]
    assert got == BY_HAND
    assert [r.rank for r in t.rows[:9]] == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert t.events == ["2025 Hobsons Bay February Blitz", "2025 Hobsons Bay April Blitz"]
    assert not t.ambiguities


@needs(FEBRUARY, APRIL)
def test_best_one_event_counted() -> None:
    """--best 1: Hogg 10 (April), Annapureddy Rheyansh 10 (February) — equal on total, best and... events: Hogg
    played two; Nguyen 8 next."""
    t = series_of_files(OPTIONS, [str(FEBRUARY), str(APRIL)], POINTS, 1, "BEST,EVENTS", [])
    assert [(r.rank, r.name, r.total, [i + 1 for i in r.counted]) for r in t.rows[:3]] == [
        (1, "Hogg,Dean", 10, [2]), (2, "Annapureddy, Rheyansh Reddy", 10, [1]), (3, "Nguyen, Anh Kiet", 8, [2])]


@needs(FEBRUARY, APRIL)
def test_command_line_json_and_languages() -> None:
    cmd = [sys.executable, "-m", "tiebreak.cli", "series", str(FEBRUARY), str(APRIL), "--points", POINTS,
           "--tiebreaks", "PTS,BH,BH/C1,SB"]
    rows = json.loads(subprocess.run([*cmd, "--format", "json"], capture_output=True, text=True,
                                     check=True).stdout)["standings"]
    assert [(r["name"], r["total"]) for r in rows[:3]] == [("Hogg,Dean", 18), ("Nguyen, Anh Kiet", 14),
                                                          ("Annapureddy, Dhruthin Reddy", 11)]
    uk = subprocess.run([*cmd, "--lang", "uk"], capture_output=True, text=True, check=True).stdout
    assert "Разом" in uk and "Total" not in uk


def test_same_name_two_fide_ids_are_listed_not_merged() -> None:
    """The same event twice, its first player with FIDE id 111 in the first and 222 in the second: two players of
    one name, listed and counted apart; everyone else (no FIDE id in this file) matched by name."""
    from dataclasses import replace

    from tiebreak import compute_standings, trf

    t = trf.load("examples/hobsons-bay-cup-2025.trf")
    first = t.players[0]
    a, b = (compute_standings(replace(t, players=[replace(first, fide_id=x), *t.players[1:]]), "PTS,BH/C1",
                              lots=False) for x in ("111", "222"))
    table = series([("a", a), ("b", b)], "score")
    assert table.ambiguities == ["'Hogg,Dean': 2 FIDE ids (111, 222); counted apart"]
    assert len(table.rows) == len(t.players) + 1
    assert [r.fide_id for r in table.rows if r.name == "Hogg,Dean"] in (["111", "222"], ["222", "111"])
    assert sum((r.total for r in table.rows), Fraction(0)) == 2 * sum((r.points for r in a.rows), Fraction(0))


def test_points_and_tiebreaks_errors_say_what_is_wrong() -> None:
    with pytest.raises(InputError, match="give place:25,18,15... or score"):
        series([], "places:1,2")
    with pytest.raises(InputError, match="series tie-break 'WINS' is not one of BEST, EVENTS, PLACES"):
        series([], "score", tiebreaks="WINS")


@needs(FEBRUARY, APRIL)
def test_api_series() -> None:
    """/api/series: the same table from the two files uploaded; a request without points is a 400 naming the field."""
    from fastapi.testclient import TestClient

    from tiebreak.web.app import create_app

    client = TestClient(create_app())
    files = [("files", (p.name, p.read_bytes())) for p in (FEBRUARY, APRIL)]
    data = {"points": POINTS, "tiebreaks": "PTS,BH,BH/C1,SB"}
    rows = client.post("/api/series", data=data, files=files).json()["standings"]
    assert [(r["name"], r["total"]) for r in rows[:4]] == [(name, total) for name, _, _, total, _, _ in BY_HAND[:4]]
    bad = client.post("/api/series", data={"lang": "uk"}, files=files)
    assert bad.status_code == 400 and bad.json()["field"] == "points"


def test_players_matched_by_national_id_after_the_fide_id() -> None:
    """The same event twice (Hobsons Bay Cup 2025, no FIDE ids in the file): in the second, its first player is
    spelt otherwise but carries the national id she had in the first — one player, and the match is listed; two
    players of one name with two national ids are two players, listed, never merged."""
    from dataclasses import replace

    from tiebreak import compute_standings, trf

    t = trf.load("examples/hobsons-bay-cup-2025.trf")
    first, second = t.players[0], t.players[1]

    def event(*players):
        return compute_standings(replace(t, players=[*players, *t.players[2:]]), "PTS,BH/C1", lots=False)

    a = event(replace(first, national_id="3141592"), replace(second, national_id="2718"))
    b = event(replace(first, name="Hogg, D.", national_id="3141592"), replace(second, national_id="1618"))
    table = series([("a", a), ("b", b)], "score")
    assert table.ambiguities == [f"national id 3141592: {first.name!r} and 'Hogg, D.' taken as one player",
                                 f"{second.name!r}: 2 national ids (1618, 2718); counted apart"]
    # every player of the file once, but the second player twice: one row more than the file has players
    assert len(table.rows) == len(t.players) + 1
    hogg = next(r for r in table.rows if r.national_id == "3141592")
    # by hand: her score in each event, both counted (the same file twice: twice her score)
    assert hogg.total == 2 * a.row(first.start_no).points and hogg.values["EVENTS"] == 2
    assert sorted(r.national_id for r in table.rows if r.name == second.name) == ["1618", "2718"]
    # the JSON gives each player's national id
    from tiebreak.render.series import to_json_obj

    assert {r["national_id"] for r in to_json_obj(table)["standings"]} >= {"3141592", "1618", "2718"}


def test_a_national_id_under_two_fide_ids_is_two_players() -> None:
    from dataclasses import replace

    from tiebreak import compute_standings, trf

    t = trf.load("examples/hobsons-bay-cup-2025.trf")
    first = t.players[0]
    a, b = (compute_standings(replace(t, players=[replace(first, fide_id=f, national_id="42"), *t.players[1:]]),
                              "PTS", lots=False) for f in ("111", "222"))
    table = series([("a", a), ("b", b)], "score")
    assert f"national id 42: {first.name!r} and {first.name!r} have different FIDE ids; counted apart" in table.ambiguities
    assert sorted(r.fide_id for r in table.rows if r.national_id == "42") == ["111", "222"]


def test_an_event_that_cannot_be_read_is_named(tmp_path) -> None:
    bad = tmp_path / "march.trf"
    bad.write_text("not a tournament\n", encoding="utf-8")
    good = "examples/hobsons-bay-cup-2025.trf"
    with pytest.raises(InputError) as e:
        series_of_files(OPTIONS, [good, str(bad)], "score", None, "BEST", [])
    assert "march.trf" in str(e.value) and "001" in str(e.value)
    out = subprocess.run([sys.executable, "-m", "tiebreak.cli", "series", good, str(bad), "--points", "score",
                          "--lang", "ru"], capture_output=True, text=True)
    assert out.returncode != 0 and "march.trf" in out.stderr and "Traceback" not in out.stderr


@needs(FEBRUARY, APRIL)
def test_api_series_as_text_and_an_upload_that_cannot_be_read() -> None:
    """The page's form asks for the table as text in its language; an event that cannot be read is named by the
    name it was uploaded under, never the server's temporary file."""
    from fastapi.testclient import TestClient

    from tiebreak.web.app import create_app

    client = TestClient(create_app())
    files = [("files", (p.name, p.read_bytes())) for p in (FEBRUARY, APRIL)]
    data = {"points": POINTS, "tiebreaks": "PTS,BH,BH/C1,SB", "format": "text", "lang": "uk"}
    r = client.post("/api/series", data=data, files=files)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    assert "Разом" in r.text and "Hogg,Dean" in r.text.splitlines()[2]
    bad = [files[0], ("files", ("march.trf", b"not a tournament\n"))]
    r = client.post("/api/series", data={"points": POINTS}, files=bad)
    assert r.status_code == 400 and r.json()["file"] == "march.trf" and "tiebreak-series-" not in r.text
    r = client.post("/api/series", data={"points": POINTS, "format": "pdf"}, files=files)
    assert r.status_code == 400 and r.json()["field"] == "format"


@pytest.mark.parametrize("lang, said", [
    ("en", "points column says 5.5 but the results add up to 6; the results are used"),
    ("ru", "в столбце очков 5.5, а по результатам 6; используются результаты"),
    ("uk", "у стовпці очок 5.5, а за результатами 6; використано результати")])
def test_series_json_says_the_warnings_of_reading_its_events(tmp_path, capsys, lang, said) -> None:
    """The bundled event with player 7's points column changed from 6.0 to 5.5 (his seven results add up to 6, the
    published standings): the series' JSON, on the command line and from the API, says the warning in ``lang``, naming
    the file as the user knows it, and beside it the same as a message (``said``), as the standings' JSON does."""
    from pathlib import Path

    from fastapi.testclient import TestClient

    from tiebreak.cli import main
    from tiebreak.web.app import create_app

    example = Path(__file__).resolve().parents[1] / "examples" / "hobsons-bay-cup-2025.trf"
    lines = example.read_text(encoding="utf-8").split("\n")
    seven = next(i for i, x in enumerate(lines) if x.startswith("001    7 "))
    assert lines[seven][80:84] == " 6.0"
    lines[seven] = lines[seven][:80] + " 5.5" + lines[seven][84:]
    path = tmp_path / "cup.trf"
    path.write_text("\n".join(lines), encoding="utf-8")
    assert main(["series", str(path), "--points", "place:10,6", "--format", "json", "--lang", lang]) == 0
    cli = json.loads(capsys.readouterr().out)
    files = [("files", ("cup.trf", path.read_bytes()))]
    api = TestClient(create_app()).post("/api/series", data={"points": "place:10,6", "lang": lang}, files=files).json()
    for doc, name in ((cli, str(path)), (api, "cup.trf")):
        [warning] = doc["warnings"]
        assert warning.startswith(f"{name}, ") and warning.endswith(said)
        assert doc["said"]["warnings"][0]["message"]["id"] == ("player {}: points column says {} but the results add "
                                                               "up to {}; the results are used")
        assert doc["said"]["ambiguities"] == doc["ambiguities"] == []


BLITZ = [HOBSONS / name / "tournament.trf" for name in ("blitz12024", "blitz22024", "blitz12026")]


@needs(*BLITZ)
@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_shared_series_place_is_written_as_the_standings_write_one(tmp_path, capsys, lang):
    """Blitz 1 2024, Blitz 2 2024 and Blitz 1 2026: Enano was 3rd in the first and Menezes 3rd in the third (their
    published standings, expected.csv), neither played another: 6 series points each, best 6, one event: tied on
    everything, they share places 8-9 (seven players have more: 14, 13, 12, 10, 8, 8, 8).  The command line (and so
    the page, which shows its text) wrote "8" on both rows, the site "8" too, where every standings writes "8-9"; the
    command line headed the events "E1 E2 E3" beside its legend's "event 1: …" (the site: 1 2 3), and in Russian and
    Ukrainian counted "the best 2 events" in the form of 5."""
    from tiebreak.cli import main

    for event, name in ((BLITZ[0], "Enano,Ronald"), (BLITZ[2], "Menezes,Eric")):
        published = (event.parent / "expected.csv").read_text(encoding="utf-8").splitlines()
        assert any(line.startswith("3,") and f'"{name}"' in line for line in published)
    capsys.readouterr()
    assert main(["series", *map(str, BLITZ), "--points", POINTS, "--best", "2", "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[2:5] == ["1", "2", "3"]
    assert [line.split()[:2] for line in lines if "Enano" in line or "Menezes" in line] == [
        ["8-9", "Enano,Ronald"], ["8-9", "Menezes,Eric"]]
    # "best 2 events" with the number's own form (was «лучшие 2 турниров», «найкращі 2 турнірів»)
    assert {"en": "best 2 of each player's events", "ru": "учитываются лучшие турниры: 2",
            "uk": "враховуються найкращі турніри: 2"}[lang] in "\n".join(lines)
    assert main(["site", *map(str, BLITZ), "-o", str(tmp_path / "site"), "--series", POINTS, "--series-best", "2"]) == 0
    page = (tmp_path / "site" / "series" / lang / "index.html").read_text(encoding="utf-8")
    assert len(re.findall(r'<td class="rank">8-9</td>', page)) == 2
