"""Play-off results given back (Arbiters' Manual 13.2.5, 13.2.6, 13.2.11): the sample procedures for two, three,
four and five tied players played out by hand on the bundled Hobsons Bay Cup 2025, the final places and the shared
prizes computed by hand below.

The ties used (``--no-lots``): under PTS,WIN,BH/C1, Nos. 7 and 9 are equal on 6 points and 5 wins (places 1-2);
Nos. 2, 4, 14, 15, 16 on 4.5 points and 3 wins (places 5-9; BH/C1 28, 27, 25, 23, 22.5); Nos. 19, 11, 17 on 3.5
points and 2 wins (places 17-19; BH/C1 26, 22.5, 20.5).  Under PTS,BPG, Nos. 2, 4, 14, 16 (places 6-9)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from tests.sources import CORPUS, needs
from tiebreak.app.options import Options
from tiebreak.app.prizes import prizes as distribute_prizes
from tiebreak.app.standings import final_standings
from tiebreak.engine.errors import InputError

FILE = "examples/hobsons-bay-cup-2025.trf"


def final(tmp_path: Path, text: str, tiebreaks: str = "PTS,WIN,BH/C1",
          prizes: str = "") -> tuple[list[tuple[int, int]], dict[int, Fraction], list[str]]:
    """(rank, start number) of every row, the prize money by start number, the notes."""
    f = tmp_path / "playoff.txt"
    f.write_text(text, encoding="utf-8")
    o = Options(tiebreaks=tiebreaks, no_lots=True, playoff=str(f))
    s = final_standings(o, FILE, [])
    money: dict[int, Fraction] = {}
    if prizes:
        awards = distribute_prizes(o, FILE, prizes, "prizes", "shared", []).awards
        money = {a["start_no"]: a["amount"] for a in awards}
    return [(r.rank, r.start_no) for r in s.rows], money, s.notes


def test_two_players_mini_match_then_sudden_death(tmp_path: Path) -> None:
    """13.2.11 case 1: the two games drawn 1-1, sudden death: No. 7 wins the second game with Black."""
    rows, money, notes = final(tmp_path, "after 1\nstage mini-match\n7 9 1-0\n9 7 1-0\n"
                                         "stage sudden-death\n9 7 1/2-1/2\n7 9 0-1\n", prizes="place,1,300\nplace,2,100")
    assert rows[:3] == [(1, 9), (2, 7), (3, 3)]
    assert money == {9: 300, 7: 100}  # without the play-off they share 400: 200 each
    assert "No. 9 takes place 1 by the play-off for places 1-2 (sudden-death; Arbiters' Manual 13.2)" in notes


def test_two_players_armageddon_draw_goes_to_black(tmp_path: Path) -> None:
    rows, _, _ = final(tmp_path, "stage mini-match\n7 9 =\n9 7 =\nstage armageddon\n9 7 =\n")
    assert rows[:2] == [(1, 7), (2, 9)]


def test_three_players_round_robin(tmp_path: Path) -> None:
    """13.2.11 case 2: 11 beats 17, 17-19 and 19-11 drawn: 11 1.5, 19 1, 17 0.5 -> places 17, 18, 19 (13.2.5)."""
    rows, money, _ = final(tmp_path, "after 1\nstage round-robin\n11 17 1-0\n17 19 =\n19 11 =\n",
                           prizes="place,17,30\nplace,18,20\nplace,19,10")
    assert rows[16:19] == [(17, 11), (18, 19), (19, 17)]
    assert money == {11: 30, 19: 20, 17: 10}


def test_three_players_all_equal_next_tiebreak_then_two(tmp_path: Path) -> None:
    """All three on 1 point: the next tie-break (BH/C1) puts No. 17 (20.5) last; Nos. 19 and 11 then play as two
    players, 1-1, and the Armageddon is drawn: Black (No. 19) wins."""
    rows, _, _ = final(tmp_path, "after 1\nstage round-robin\n11 17 =\n17 19 =\n19 11 =\n"
                                 "stage mini-match\n19 11 1-0\n11 19 1-0\nstage armageddon\n11 19 =\n")
    assert rows[16:19] == [(17, 19), (18, 11), (19, 17)]


def test_three_players_two_left_equal_share(tmp_path: Path) -> None:
    """13.2.6: No. 11 wins both games (first decided), Nos. 17 and 19 draw: they share places 18-19, the prizes of
    18 and 19 shared: (20 + 10) / 2 = 15 each."""
    rows, money, notes = final(tmp_path, "after 1\nstage round-robin\n11 17 1-0\n17 19 =\n19 11 0-1\n",
                               prizes="place,17,30\nplace,18,20\nplace,19,10")
    assert rows[16:19] == [(17, 11), (18, 19), (18, 17)]
    assert money == {11: 30, 19: 15, 17: 15}
    assert "Nos. 19, 17 share places 18-19 after the play-off for places 17-19 (Arbiters' Manual 13.2.6)" in notes


def test_four_players_knock_out(tmp_path: Path) -> None:
    """13.2.11 case 3 under PTS,BPG (places 6-9): semi-finals 2-16 (1.5-0.5) and 4-14 (1-1, then 14 wins the sudden
    death); the final 14 beats 2 2-0.  The semi-final losers 4 and 16 share places 8-9 and their prizes (13.2.6):
    (30 + 20) / 2 = 25 each."""
    rows, money, _ = final(tmp_path, "after 1\nstage mini-match\n2 16 1-0\n16 2 =\nstage mini-match\n4 14 1-0\n"
                                     "14 4 1-0\nstage sudden-death\n4 14 0-1\nstage mini-match\n14 2 1-0\n2 14 0-1\n",
                           tiebreaks="PTS,BPG", prizes="place,6,60\nplace,7,40\nplace,8,30\nplace,9,20")
    assert rows[5:9] == [(6, 14), (7, 2), (8, 4), (8, 16)]
    assert money == {14: 60, 2: 40, 4: 25, 16: 25}


def test_five_players_cut_to_four(tmp_path: Path) -> None:
    """13.2.11 case 4: BH/C1 keeps 2, 4, 14, 15; No. 16 (22.5) is out and takes place 9.  Semi-finals 2-15 (15 wins
    2-0) and 4-14 (4 wins 1.5-0.5); final 15-4 1-1, sudden death: 4 wins.  A match for third: 14 beats 2."""
    rows, money, notes = final(tmp_path, "after 1\nstage mini-match\n2 15 0-1\n15 2 1-0\nstage mini-match\n"
                                         "4 14 1-0\n14 4 =\nstage mini-match\n15 4 =\n4 15 =\n"
                                         "stage sudden-death\n15 4 0-1\nstage mini-match\n14 2 1-0\n2 14 =\n",
                               prizes="place,5,50\nplace,6,40\nplace,7,30\nplace,8,20\nplace,9,10")
    assert rows[4:9] == [(5, 4), (6, 15), (7, 14), (8, 2), (9, 16)]
    assert money == {4: 50, 15: 40, 14: 30, 2: 20, 16: 10}
    assert any(n.startswith("No. 16 takes place 9: cut to four") for n in notes)


def test_the_rest_unchanged(tmp_path: Path) -> None:
    before, _, _ = final(tmp_path, "")
    after, _, _ = final(tmp_path, "after 1\nstage mini-match\n7 9 0-1\n9 7 1-0\n")
    assert after[:2] == [(1, 9), (2, 7)] and after[2:] == before[2:]
    assert before[:2] == [(1, 7), (2, 9)]  # BH/C1 30 and 28.5


@pytest.mark.parametrize(("text", "error"), [
    ("stage mini-match\n7 3 1-0\n", "No. 3 was not tied with Nos. 7, 9 (places 1-2)"),
    ("stage mini-match\n3 5 1-0\n", "No. 3 was not tied with anyone (place 3)"),
    ("after 1\nstage round-robin\n7 9 1-0\n", "a round-robin does not fit a play-off of two players"),
    ("after 1\nstage mini-match\n11 17 1-0\n17 11 1-0\n", "play a round robin (13.2.11), but the file has none"),
    ("after 1\nstage mini-match\n2 16 1-0\n", "No. 16 was cut to four by the next tie-break"),
    ("stage mini-match\n7 9 =\n9 7 =\n", "Nos. 7 and 9 are still equal after their play-off games"),
    ("stage sudden-death\n7 9 1-0\n9 7 =\n", "a game after the deciding one"),
    ("stage blitz\n", "stage 'blitz' is not a kind of stage"),
    ("stage mini-match\n7 9 2-0\n", "result '2-0' is not one of"),
])
def test_errors_say_what_is_wrong(tmp_path: Path, text: str, error: str) -> None:
    with pytest.raises(InputError) as e:
        final(tmp_path, text)
    assert error in str(e.value)


def test_command_line(tmp_path: Path, capsys) -> None:
    from tiebreak.cli import main

    f = tmp_path / "playoff.txt"
    f.write_text("stage mini-match\n7 9 0-1\n9 7 =\n", encoding="utf-8")
    assert main(["standings", FILE, "--tiebreaks", "PTS,BH/C1", "--no-lots", "--playoff", str(f), "--format",
                 "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["standings"]
    assert [(r["rank"], r["start_no"]) for r in rows[:2]] == [(1, 9), (2, 7)]
    assert main(["standings", FILE, "--no-lots", "--playoff", str(f), "--tiebreaks", "PTS,BH/C1", "--lang", "uk"]) == 0
    err = capsys.readouterr().err
    assert "плей-оф" in err and "No." not in err


def test_api_standings_and_prizes_take_the_play_off() -> None:
    """The API's field ``playoff_results`` (every form of the standings' options): No. 9 wins the mini-match 1.5-0.5
    and takes the 300 of first place alone; a play-off for a player who was not tied is a 400 naming the field."""
    from fastapi.testclient import TestClient

    from tiebreak.web.app import create_app

    client = TestClient(create_app())
    base = {"example": Path(FILE).name, "tiebreaks": "PTS,BH/C1", "no_lots": "true",
            "playoff_results": "stage mini-match\n7 9 0-1\n9 7 1/2-1/2"}
    rows = client.post("/api/standings", data={**base, "format": "json"}).json()["standings"]
    assert [(r["rank"], r["start_no"]) for r in rows[:2]] == [(1, 9), (2, 7)]
    awards = client.post("/api/prizes", data={**base, "prizes": "place,1,300\nplace,2,100"}).json()["awards"]
    assert [(a["start_no"], a["amount"]) for a in awards] == [(9, 300), (7, 100)]
    bad = client.post("/api/standings", data={**base, "playoff_results": "stage mini-match\n7 3 1-0", "lang": "uk"})
    assert bad.status_code == 400 and "№ 3" in bad.json()["error"]


TEAMS = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"


@needs(TEAMS)
def test_a_team_event_s_teams_play_off(tmp_path: Path) -> None:
    """Friendship Cup 2024 (corpus heltour-crete-team): teams 4, 1 and 7 on 9 match points (places 3-5).  Their round
    robin: 4 beats 1, 1-7 drawn, 7 beats 4: 7 1.5, 4 1, 1 0.5 -> places 3, 4, 5; teams 3 and 10 keep 1 and 2."""
    f = tmp_path / "playoff.txt"
    f.write_text("stage round-robin\n4 1 1-0\n1 7 =\n7 4 1-0\n", encoding="utf-8")
    s = final_standings(Options(no_lots=True, playoff=str(f)), str(TEAMS), [])
    assert [(r.rank, r.start_no) for r in s.rows[:5]] == [(1, 3), (2, 10), (3, 7), (4, 4), (5, 1)]


def test_standings_after_an_earlier_round_ignore_the_play_off(tmp_path: Path) -> None:
    """The play-off follows the last round: the standings after round 6 (the website's rounds, --after-round) are
    those without it."""
    f = tmp_path / "playoff.txt"
    f.write_text("stage mini-match\n7 9 0-1\n9 7 =\n", encoding="utf-8")
    with_file, without = (final_standings(Options(after_round=6, no_lots=True, playoff=x), FILE, [])
                          for x in (str(f), None))
    assert [(r.rank, r.start_no) for r in with_file.rows] == [(r.rank, r.start_no) for r in without.rows]
