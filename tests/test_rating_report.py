"""The rating report on every face (`tiebreak ratings`, ``POST /api/ratings``): hand computations from the FIDE
tables written out below, the Russian K table (Russian rating regulations, seed 004), and a team event's board
players read from the file by hand."""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

import pytest

from tiebreak import Kind, Player, Tournament
from tiebreak.arbiter.rating_report import rating_report
from tiebreak.cli import main
from tiebreak.formats import trf

DATA = Path(__file__).parent / "data"
TEAM = DATA / "generated-team" / "team-swiss-a-forfeits-330.trf"


def _three_games() -> Tournament:
    """Player 1 (2000) beats 2 (2100) in round 1, draws with 3 (1900) in round 2 and with 4 (2000) in round 3:
    2 of 3.  Each opponent plays only that game."""
    t = Tournament.build([Player(1, "A", 2000), Player(2, "B", 2100), Player(3, "C", 1900), Player(4, "D", 2000)], 3)
    t.set_game(1, 1, 2, Kind.WIN)
    t.set_game(2, 3, 1, Kind.DRAW)
    t.set_game(3, 1, 4, Kind.DRAW)
    return t


def test_fide_change_by_hand():
    """FIDE table 8.1(b): D = 100 lies in 99-106, so PD = .64 for the higher player and .36 for the lower; D = 0 lies
    in 0-3, PD = .50.  Player 1: ΣPD = .36 (vs 2100) + .64 (vs 1900) + .50 (vs 2000) = 1.50; ΣΔR = 2 − 1.50 = .50;
    K 20 (below 2400) → +10, rounded +10.  Performance (C.07 10.2): ARO (2100 + 1900 + 2000) / 3 = 2000, p = 2/3 →
    .67, table 8.1(a) dp(.67) = 125 → 2125.  Player 2 lost to a player 100 below: 20 × (0 − .64) = −12.8 → −13;
    player 3 drew with a player 100 above: 20 × (.5 − .36) = 2.8 → 3."""
    rows = {r.start_no: r for r in rating_report(_three_games(), "fide")}
    one = rows[1]
    assert (one.k, one.games, one.score, one.expected, one.change, one.rounded, one.performance) == \
        (20, 3, 2, F(3, 2), 10, 10, 2125)
    assert (rows[2].change, rows[2].rounded) == (F(-64, 5), -13)
    assert (rows[3].change, rows[3].rounded) == (F(14, 5), 3)


def test_russian_change_by_hand():
    """The Russian K table: 2000-2199 → K 25, 1800-1999 → K 30, 2000-2199 → 25 for the 2100 player too.  With the
    same PD as above: player 1 25 × .50 = 12.5 → 13 (.5 up); player 3 30 × .14 = 4.2 → 4; player 2
    25 × (−.64) = −16."""
    rows = {r.start_no: r for r in rating_report(_three_games(), "ru")}
    assert (rows[1].k, rows[1].change, rows[1].rounded) == (25, F(25, 2), 13)
    assert (rows[3].k, rows[3].change, rows[3].rounded) == (30, F(21, 5), 4)
    assert (rows[2].k, rows[2].change, rows[2].rounded) == (25, -16, -16)


def test_after_round_and_a_given_k():
    """After round 1 player 1 has beaten the 2100 player only: K 40 × (1 − .36) = 25.6 → 26; player 3 has no game
    yet: no change, no performance."""
    rows = {r.start_no: r for r in rating_report(_three_games(), "fide", k=40, rounds=1)}
    assert (rows[1].games, rows[1].change, rows[1].rounded) == (1, F(128, 5), 26)
    assert (rows[3].games, rows[3].change, rows[3].rounded, rows[3].performance) == (0, 0, 0, None)


def test_team_event_board_players():
    """The generated team event: board 3 of team 1 (2367) lost to 1999 in round 4 (D 368: 358-374 → PD .90) and to
    1502 in round 5 (D 865, counted as 400: 392-411 → .92): 20 × (0 − 1.82) = −36.4 → −36.  Board 1 (1637): beat 2238
    (−601 → −400: .08), forfeit in round 2 (not rated), drew 1960 (D −323: 316-328 → .13), drew 1714 (D −77: 77-83 →
    .39), beat 2285 (.08): ΣPD .68, 20 × (3 − .68) = 46.4 → 46."""
    rows = {r.start_no: r for r in rating_report(trf.load(TEAM), "fide")}
    assert (rows[3].games, rows[3].expected, rows[3].change, rows[3].rounded) == (2, F(182, 100), F(-182, 5), -36)
    assert (rows[1].games, rows[1].expected, rows[1].change, rows[1].rounded) == (4, F(68, 100), F(232, 5), 46)


def _write(tmp_path: Path) -> Path:
    path = tmp_path / "three.trf"
    trf.dump(_three_games(), path)
    return path


def test_cli_formats_and_output_file(tmp_path, capsys):
    path = _write(tmp_path)
    assert main(["ratings", str(path), "--format", "json", "--after-round", "3"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["article"] == "FIDE Rating Regulations 8.3" and doc["after_round"] == 3
    assert doc["players"][0] | {"name": ""} == {"start_no": 1, "name": "", "rating": 2000, "k": 20, "games": 3,
                                                "score": 2, "expected": 1.5, "change": 10, "rounded": 10,
                                                "performance": 2125}
    target = tmp_path / "out.csv"
    assert main(["ratings", str(path), "--system", "ru", "-o", str(target)]) == 0
    assert target.read_text().splitlines()[1] == "1,A,2000,25,3,2,1.5,12.5,13,2125"
    assert main(["ratings", str(path), "--system", "harkness", "--format", "html", "--lang", "ru"]) == 0
    page = capsys.readouterr().out
    assert "Перформанс по Харкнессу" in page and "<td>2167</td>" in page  # 2000 + 10 × (66.7 − 50) = 2167


def test_cli_never_writes_over_the_input(tmp_path, capsys):
    path = _write(tmp_path)
    before = path.read_bytes()
    assert main(["ratings", str(path), "-o", str(path), "--force"]) != 0
    assert path.read_bytes() == before
    assert "input" in capsys.readouterr().err


def test_api(tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.web.app import create_app

    client = TestClient(create_app(workers=1))
    files = {"file": ("three.trf", _write(tmp_path).read_bytes())}
    r = client.post("/api/ratings", files=files, data={"system": "ru", "lang": "uk"})
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["players"][0]["change"] == 12.5 and doc["players"][0]["rounded"] == 13 and doc["warnings"] == []
    assert "K" in doc["rule"] and doc["system"] == "ru"
    r = client.post("/api/ratings", files=files, data={"system": "uscf", "after_round": "1"})
    # USCF ±400: one win over 2100 after round 1 → 2500; no K or change in a performance system
    assert r.json()["players"][0] == {"start_no": 1, "name": "A", "rating": 2000, "games": 1, "score": 1,
                                      "performance": 2500}
    bad = client.post("/api/ratings", files=files, data={"k": "0"})
    assert bad.status_code == 400 and bad.json()["field"] == "k"



def test_csv_names_are_never_formulas_and_html_names_are_text():
    from tiebreak.arbiter.rating_report import report as rating_report_of
    from tiebreak.render import ratings

    t = Tournament.build([Player(1, "=HYPERLINK(1)", 2000), Player(2, "<b>x</b>", 2100)], 1)
    t.set_game(1, 1, 2, Kind.DRAW)
    report = rating_report_of(t)
    assert ratings.to_csv(report).splitlines()[1].startswith("1,'=HYPERLINK(1),")
    assert "&lt;b&gt;x&lt;/b&gt;" in ratings.to_html(report) and "<b>x" not in ratings.to_html(report)


def test_the_report_is_after_the_last_round_with_a_result_as_the_standings(tmp_path, capsys):
    """A file of 3 rounds whose round 3 has no result yet: the report says "after round 2" as the standings' "after
    round 2 of 3", not "after round 3"."""
    from tiebreak.arbiter.rating_report import report
    from tiebreak.engine.standings import compute_standings

    t = Tournament.build([Player(i, f"P{i}", 2000 - 100 * i) for i in range(1, 5)], 3)
    t.set_game(1, 1, 3, Kind.WIN)
    t.set_game(1, 2, 4, Kind.DRAW)
    t.set_game(2, 1, 2, Kind.DRAW)
    t.set_game(2, 3, 4, Kind.WIN)
    assert compute_standings(t, "PTS").after_round == 2
    assert report(t).rounds == 2
