"""A series of one database's tournaments: ``tiebreak series FILE:N FILE:M`` takes tournament N, then M, of a file
that holds several (a Sharly Chess festival's events), where one ``--event`` for every file could not."""

import json
import sqlite3

from sources import CORPUS, needs

from tiebreak.cli import main

FESTIVAL = CORPUS / "sharly-chess" / "sce" / "Festival2025-3_2_0-m055.sce"


@needs(FESTIVAL)
def test_a_series_of_a_festivals_events(capsys):
    with sqlite3.connect(f"file:{FESTIVAL}?mode=ro", uri=True) as db:  # the database's own names, not the reader's
        names = dict(db.execute("select id, name from tournament"))
    assert main(["series", f"{FESTIVAL}:4", f"{FESTIVAL}:3", "--points", "score", "-f", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [e.endswith(names[k]) for e, k in zip(doc["events"], (4, 3))] == [True, True]
    for row in doc["standings"]:  # by score: the total is the sum of the two events' scores
        assert row["total"] == sum(e["score"] for e in row["events"] if e)
    assert main(["series", f"{FESTIVAL}:99", "--points", "score"]) == 2  # no tournament 99: an error, not ignored
    assert "99" in capsys.readouterr().err


#: the field's errors in each language, written here by hand
COUNT = {"en": "events gives 1 tournament numbers for 2 files: one for each file, in their order (nothing for a file "
               "that holds one tournament)",
         "ru": "в events 1 номеров турниров для 2 файлов: нужен один для каждого файла, в их порядке (ничего для файла "
               "с одним турниром)",
         "uk": "в events 1 номерів турнірів для 2 файлів: потрібен один для кожного файлу, у їхньому порядку (нічого "
               "для файлу з одним турніром)"}
BAD = {"en": "events: 'x' is not a tournament number (a whole number from 1)",
       "ru": "events: 'x' — не номер турнира (целое число от 1)",
       "uk": "events: 'x' — не номер турніру (ціле число від 1)"}


@needs(FESTIVAL)
def test_the_api_takes_the_tournament_of_each_uploaded_file_as_the_command_line_takes_file_n(capsys):
    """``/api/series`` had no choice of tournament per file (its ``event`` names one for every file): its field
    ``events`` (the page's too) gives each uploaded file's, in their order, as ``series FILE:N`` does; the answer is
    the command line's, number for number; a count or a number that does not fit is an error naming the field."""
    from fastapi.testclient import TestClient

    from tiebreak.web.app import create_app

    assert main(["series", f"{FESTIVAL}:4", f"{FESTIVAL}:3", "--points", "score", "-f", "json"]) == 0
    command = json.loads(capsys.readouterr().out)
    upload = [("files", ("festival.sce", FESTIVAL.read_bytes())), ("files", ("festival.sce", FESTIVAL.read_bytes()))]
    with TestClient(create_app(workers=1)) as client:
        r = client.post("/api/series", data={"points": "score", "events": "4, 3"}, files=upload)
        assert r.status_code == 200, r.text
        assert r.json()["standings"] == command["standings"]
        assert [e.split(" ", 1)[-1] for e in r.json()["events"]] == [e.split(" ", 1)[-1] for e in command["events"]]
        for lang in ("en", "ru", "uk"):
            for events, said in (("4", COUNT), ("4,x", BAD)):
                r = client.post("/api/series", data={"points": "score", "events": events, "lang": lang}, files=upload)
                assert r.status_code == 400 and r.json()["field"] == "events", r.text
                assert r.json()["error"] == said[lang]
        page = client.get("/").text
    assert 'data-option="series_events"' in page and 'id="series-events"' in page
