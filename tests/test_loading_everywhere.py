"""The options of reading a file (``--event``, ``--points-from``; the API's ``event`` and ``points_from``) work on
every command, endpoint and site build: every face reads through the one loader (tiebreak.app.load).

The Friendship Cup 2024 (bundled) publishes a points column that reads two round-6 records otherwise than its
results (docs/reference/command-line.md): no. 41 Girvalaki has 0 points of her results and 1 of the column, no. 122
Grammenos the other way round."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sources import CORPUS, needs

from tiebreak.cli import main
from tiebreak.cli.parser import FILE_COMMANDS, build_parser

FRIENDSHIP = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"
FESTIVAL = CORPUS / "sharly-chess" / "sce" / "Festival2025-3_2_0-m055.sce"
COLUMN_WARNING = "points from the points column's reading"


@pytest.mark.parametrize("command", FILE_COMMANDS)
def test_every_command_that_reads_a_file_takes_event_and_points_from(command):
    files = {"convert": ["a.trf", "b.json"], "site": ["a.trf", "-o", "out"], "serve": [],
             "prizes": ["a.trf", "--prizes", "p.csv"], "series": ["a.trf", "b.trf", "--points", "score"]}.get(command, ["a.trf"])
    ns = build_parser().parse_args([command, *files, "--event", "4", "--points-from", "column"])
    assert (ns.event, ns.points_from) == (4, "column")


@pytest.mark.parametrize("argv", [["explain", "--player", "41", "--individual"], ["playoffs", "--individual"],
                                  ["ratings"], ["odds", "--players", "--after-round", "6", "--simulations", "100"],
                                  ["series", "--points", "score"]])
def test_points_from_column_on_every_command(argv, capsys):
    assert main([argv[0], str(FRIENDSHIP), *argv[1:], "--points-from", "column"]) == 0
    assert COLUMN_WARNING in capsys.readouterr().err


def test_points_from_column_in_the_odds(capsys):
    points = {}
    for reading in ("results", "column"):
        assert main(["odds", str(FRIENDSHIP), "--players", "--after-round", "6", "--simulations", "100", "--seed", "1",
                     "-f", "json", "--points-from", reading]) == 0
        doc = json.loads(capsys.readouterr().out)
        points[reading] = {p["start_no"]: p["points"] for p in doc["players"] if p["start_no"] in (41, 122)}
    # after round 6, in which the two records differ: one point moved from no. 122 to no. 41
    assert points["column"][41] == points["results"][41] + 1 and points["column"][122] == points["results"][122] - 1


def test_points_from_column_on_the_site(tmp_path, capsys):
    for reading in ("results", "column"):
        assert main(["site", str(FRIENDSHIP), "-o", str(tmp_path / reading), "--points-from", reading,
                     "--seed", "1"]) == 0
    assert COLUMN_WARNING in capsys.readouterr().err
    # round 6's game points of the two teams whose board the column reads otherwise (a point moves between them)
    for page in ("standings.html", "player-41.html", "player-122.html"):
        results, column = ((tmp_path / r / "en" / page).read_text(encoding="utf-8") for r in ("results", "column"))
        assert results != column, page


def test_points_from_column_in_the_api():
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.web import create_app

    client = TestClient(create_app())
    data = FRIENDSHIP.read_bytes()
    for endpoint, fields in (("/api/ratings", {}), ("/api/odds", {"players": "true", "after_round": "6",
                                                                   "simulations": "100"})):
        r = client.post(endpoint, data={**fields, "points_from": "column"}, files={"file": ("cup.trf", data)})
        assert r.status_code == 200, r.text
        assert endpoint != "/api/ratings" or any(COLUMN_WARNING in w for w in r.json()["warnings"])


@needs(FESTIVAL)
def test_the_site_of_one_tournament_of_a_sharly_database(tmp_path, capsys):
    # without --event the command lists the tournaments, naming the option; with it, the site is built
    assert main(["site", str(FESTIVAL), "-o", str(tmp_path / "all")]) == 2
    assert "--event N" in capsys.readouterr().err
    assert main(["site", str(FESTIVAL), "--event", "4", "-o", str(tmp_path / "site")]) == 0
    home = (tmp_path / "site" / "en" / "index.html").read_text(encoding="utf-8")
    assert re.search(r"Classique -2400 Elo FIDE", home)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_points_from_column_says_the_column_is_used_not_the_results(capsys, lang):
    """With --points-from column the reader's "points column says 1 but the results add up to 0; the results are
    used" of nos. 41 and 122 is not said any more (the column is used): only the loader's warning naming the two
    records read otherwise; reading the results, both stay.  On the command line and in the JSON alike."""
    told = {}
    for reading in ("results", "column"):
        assert main(["standings", str(FRIENDSHIP), "--points-from", reading, "-f", "json", "--lang", lang]) == 0
        doc = json.loads(capsys.readouterr().out)
        told[reading] = [w["message"]["id"] for w in doc["said"]["warnings"] if "message" in w]
    disagree = "player {}: points column says {} but the results add up to {}; the results are used"
    assert told["results"].count(disagree) == 2 and disagree not in told["column"]
    assert len(told["column"]) == len(told["results"]) - 1  # two said no more, the column's reading said once
    assert main(["explain", str(FRIENDSHIP), "--player", "41", "--individual", "--points-from", "column"]) == 0
    err = capsys.readouterr().err
    assert COLUMN_WARNING in err and "the results are used" not in err


def test_the_loaders_identifiers_are_the_readers_messages():
    from tiebreak.formats import chessjson_read, chessresults, trf_read
    from tiebreak.render.catalogue import catalogue

    for reader in (trf_read, chessjson_read, chessresults):  # each a message of the catalogue, as the reader says it
        assert (None, reader.POINTS_DISAGREE) in catalogue("ru"), reader.__name__
        source = Path(str(reader.__file__)).read_text(encoding="utf-8")
        assert source.count(f'"{reader.POINTS_DISAGREE}"') == 2, reader.__name__  # the name, and the warning said
