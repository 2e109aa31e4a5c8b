"""The one odds view (``tiebreak.views.odds.of_odds``) that every face renders: its facts worked out by hand here, and
the faces (text, JSON, the page, the live screen) saying the same numbers of it.

The small event is a round robin of three (as tests/test_odds.py has it): no. 2 beat no. 3 in round 1; 1-2 (round 2)
and 3-1 (round 3) are pending, each result 1/3 (equal model); list PTS, DE, ties after it shared.  After 1-2:

* 1-0 (1 and 2 on 1 point): 1-3 won or drawn by 1 makes 1 first alone; won by 3, all three on 1 point and DE
  circular (1 beat 2, 2 beat 3, 3 beat 1): shared, 1/3 each.  First: 1 has 2/3 + 1/9 = 7/9, 2 and 3 have 1/9.
* ½-½ (1 on ½, 2 on 1½): 1 beating 3 ties 1 and 2 on 1½ with their game drawn: shared, 1/2; else 2 alone.  First:
  1 has 1/6, 2 has 5/6, 3 none.
* 0-1 (2 on 2): 2 first alone whatever 1-3 gives.

So 2 is first with (1/9 + 5/6 + 1)/3 = 35/54, 1 with (7/9 + 1/6)/3 = 17/54, 3 with 1/27; 1 is first alone exactly when
he wins 1-2 and does not lose 1-3.
"""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

from tiebreak.arbiter.odds import compute_odds, compute_team_odds
from tiebreak.engine.model import Kind, Player, Tournament
from tiebreak.formats import trf
from tiebreak.render.odds import first_and_top, reach_cells, to_json_obj, to_text
from tiebreak.views.odds import PlaceChances, PlaceRow, of_odds

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE_T = ROOT / "tests" / "data" / "team" / "example-t.trf"


def three(**options) -> PlaceChances:
    t = Tournament.build([Player(i, f"P{i}") for i in (1, 2, 3)], 3, type_text="Round Robin")
    t.set_game(1, 2, 3, Kind.WIN)
    return of_odds(compute_odds(t, "PTS,DE", model="equal", **options), top=2)


def test_the_contenders_chances_after_each_result_of_the_next_round_by_hand():
    view = three()
    assert [(r.start_no, r.first, r.top) for r in view.rows] == [
        (2, F(35, 54), F(35, 54) + F(17, 54)), (1, F(17, 54), F(17, 54) + F(10, 27)), (3, F(1, 27), F(1, 27) + F(17, 54))]
    assert view.contenders == [2, 1, 3] and view.pending == 2 and view.playing_round == 2
    assert view.clinched == [] and view.eliminated == []
    (game,) = view.next_round()
    assert (game.round, game.label, game.contender) == (2, "1-2", True)
    chances = {x.result: (x.probability, {no: p for no, p in x.first.items() if p}) for x in game.results}
    assert chances == {"1-0": (F(1, 3), {1: F(7, 9), 2: F(1, 9), 3: F(1, 9)}),
                       "½-½": (F(1, 3), {1: F(1, 6), 2: F(5, 6)}), "0-1": (F(1, 3), {2: F(1)})}


def test_what_a_player_needs_and_a_clinched_place_by_hand():
    # round 3's game is 3-1 (no. 3 White): 1 must win 1-2 and not lose to 3
    assert sorted(three(player=1).needs.sets) == [[(2, "1-2", "1-0"), (3, "3-1", "0-1")],
                                                 [(2, "1-2", "1-0"), (3, "3-1", "½-½")]]
    won = three(fixes=["2:1-2=0-1"])  # 2 on 2 points: first alone whatever 1-3 gives; 1 and 3 at most 1
    assert won.clinched == [2] and won.eliminated == [1, 3] and won.pending == 1


def test_the_faces_say_the_views_numbers():
    """The text's row, its JSON and the live screen's cells of no. 2: 35/54 = 64.81 %, top 2 26/27 = 96.30 %."""
    view = three()
    row = next(line for line in to_text(view).splitlines() if line.startswith("   2  P2"))
    assert row.split()[3:6] == ["64.8%", "31.5%", "3.7%"] and row.split()[6] == "96.3%"
    doc = to_json_obj(view)
    assert doc["players"][0]["places_exact"] == ["35/54", "17/54", "1/27"] and doc["top"] == 2
    assert doc["games"][0]["results"]["½-½"]["first"] == {"1": round(1 / 6, 12), "2": round(5 / 6, 12)}
    assert first_and_top(view.rows[0], 2) == ("64.8%", "96.3%")


def test_a_row_beyond_the_places_kept_adds_up_to_100_percent_on_every_face():
    """A row of an event of more than 64 keeps two places here: 0.07 %, 0.07 % and 99.86 % below place 2.  Rounded
    together (largest remainders: 0.7, 0.7 and 0.6 of a tenth get the 2 tenths short of 1,000): 0.1 %, 0.1 %, 99.8 %
    on every face (rounded apart, the two places would be 0.1 % and 0.0 %)."""
    row = PlaceRow(7, "G", 1, 70, [0.0007, 0.0007], 0.9986, F(3), 0.0014)
    assert row.tenths() == [1, 1] and row.beyond_tenths() == 998
    view = PlaceChances(False, 70, 2, "simulation", [row], top=2, outcomes=1000, seed=1, margin=0.01, model="equal",
                        tiebreaks=["PTS"])
    line = next(x for x in to_text(view).splitlines() if x.startswith("   7  G"))
    assert line.split()[3:6] == ["0.1%", "0.1%", "0.2%"]
    assert reach_cells(row, 2, "en") == ["1. 0.1%", "2. 0.1%", "below place 2: 99.8%"]
    assert first_and_top(row, 2) == ("0.1%", "0.2%")


def test_a_team_events_view_counts_its_matches():
    """example-t after round 2 (tests/test_team_odds.py works its chances out by hand): 4 boards of 2 matches pending
    (A-D, C-B); the games carry their teams, and C (4/9) leads the rows."""
    view = of_odds(compute_team_odds(trf.load(EXAMPLE_T), "MP,GP", after_round=2))
    assert view.team and view.pending == 2 and len(view.games) == 4
    assert [g.teams for g in view.games] == [(1, 4), (2, 3), (3, 2), (4, 1)]
    assert [(r.name, r.points, r.first) for r in view.rows][:2] == [("C", 3, F(4, 9)), ("A", 3, F(10, 27))]
    assert json.loads(json.dumps(to_json_obj(view)))["teams"][0]["name"] == "C"
    assert "matches pending: 2" in to_text(view).splitlines()[0]
