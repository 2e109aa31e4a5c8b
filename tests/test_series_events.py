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
