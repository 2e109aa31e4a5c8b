"""`tiebreak odds` within a budget counted in outcomes (never in seconds), in memory that follows what is asked,
saying what is certain on every face (issues 24, 28, 29 and 33).  The expectations are hand computations written
here, or the options' documented bounds."""

from __future__ import annotations

import io
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from tiebreak.arbiter.odds import compute_odds
from tiebreak.cli import main
from tiebreak.engine.model import Kind, Player, Tournament
from tiebreak.formats import trf
from tiebreak.render.odds import Progress, to_html, to_json_obj, to_text
from tiebreak.views.odds import of_odds

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = str(ROOT / "examples" / "hobsons-bay-cup-2025.trf")


def clinched_round_robin() -> Tournament:
    """Three players, each meeting each: 1 beat 2 (round 1) and 3 (round 2); 2-3 (round 3) is paired and pending.
    1 has 2 points, 2 and 3 can reach 1 at most: 1 has clinched first place, 2 and 3 can no longer finish first,
    whatever the model.  2 is second when he wins (1/3) and shares 2nd-3rd with 3 after a draw (DE: their game was
    drawn; 1/3 · 1/2): 1/2, third 1/2."""
    t = Tournament.build([Player(i, f"P{i}", 2000 + 100 * i) for i in (1, 2, 3)], 3, type_text="Swiss")
    t.set_game(1, 1, 2, Kind.WIN)
    t.set_game(2, 3, 1, Kind.LOSS)
    t.pending = [(3, 2, 3)]
    return t


def swiss(n: int = 80) -> Tournament:
    """A Swiss of ``n`` players after round 1 (the first half beat the second), round 2 paired and not played."""
    t = Tournament.build([Player(i, f"P{i}") for i in range(1, n + 1)], 3, type_text="Swiss")
    for k in range(1, n // 2 + 1):
        t.set_game(1, k, k + n // 2, Kind.WIN)
    t.pending = [(2, k, n + 1 - k) for k in range(1, n // 2 + 1)]
    return t


def test_clinched_is_decided_exactly_under_the_elo_model_on_every_format():
    odds = compute_odds(clinched_round_robin(), "PTS,DE", model="elo", draw_rate=0.3)
    assert odds.method == "exact" and odds.outcomes == 3
    assert odds.places[0][0] == 1.0 and odds.places[1][0] == 0.0 and odds.places[2][0] == 0.0
    assert all(0.0 <= p <= 1.0 for row in odds.places for p in row)
    view = of_odds(odds)
    text, page, doc = to_text(view), to_html(view), to_json_obj(view)
    assert "clinched first place: 1" in text and "no longer able to finish first: 2, 3" in text
    assert "clinched first place: 1" in page and "no longer able to finish first: 2, 3" in page
    assert doc["clinched"] == [1] and doc["eliminated"] == [2, 3]
    assert doc["players"][0]["places"][0] == 1.0 and json.dumps(doc).count("1.0000000000000004") == 0


def test_the_odds_page_stands_alone_and_escapes_the_names():
    """The page is a download as the standings are: no script, nothing fetched, the file's texts escaped; the
    clinched round robin above: 1 first with 2 points, 2 and 3 on 0."""
    t = clinched_round_robin()
    t.players[1] = Player(2, "<script>alert(1)</script>", 2200)
    page = to_html(of_odds(compute_odds(t, "PTS,DE")))
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "<script" not in page and "http" not in page
    assert '<td class="rank">1</td><td class="name"><bdi>P1</bdi></td><td class="pts">2</td><td>100%</td>' in page


def test_the_title_says_a_round_is_in_play_when_some_of_its_results_are_in():
    """Round robin of 4: round 1 played, round 2 has 1-2 played (1-0) and 3-4 paired without a result: round 2 of 3
    is in play (not "after round 2"); 1 game of round 2 and the 2 of round 3 are pending."""
    t = Tournament.build([Player(i, f"P{i}") for i in (1, 2, 3, 4)], 3, type_text="Round Robin")
    t.set_game(1, 1, 4, Kind.WIN)
    t.set_game(1, 2, 3, Kind.DRAW)
    t.set_game(2, 1, 2, Kind.WIN)
    t.pending = [(2, 3, 4)]
    odds = compute_odds(t, "PTS,DE")
    assert len(odds.future.games) == 3 and odds.outcomes == 27
    assert to_text(of_odds(odds)).startswith("Odds with round 2 of 3 in play; games pending: 3")
    assert to_text(of_odds(odds), "ru").startswith("Шансы во время тура 2 из 3: недоигранных партий 3")


def test_a_large_event_keeps_the_places_asked_for_not_players_squared():
    odds = compute_odds(swiss(), "PTS,BH", simulations=200, seed=1)
    assert odds.depth == 6 and all(len(row) == 6 for row in odds.places)  # 80 players: 6 places, not 80
    assert len(compute_odds(swiss(), "PTS,BH", simulations=200, seed=1, places=10).places[0]) == 10
    small = compute_odds(clinched_round_robin(), "PTS,DE")
    assert small.depth == 3 and small.places[1] == [0, Fraction(1, 2), Fraction(1, 2)]  # every place: 3 players
    doc = to_json_obj(of_odds(odds))
    assert doc["places_listed"] == 6 and all(len(p["places"]) == 6 for p in doc["players"])
    # first place by result only for the games of a contender (those with a chance of first place)
    able = {p["start_no"] for p in doc["players"] if p["places"][0] > 0}
    for g in doc["games"]:
        assert ("first" in g["results"]["1-0"]) == bool({g["white"], g["black"]} & able)


def test_a_simulation_draws_every_outcome_asked_for_whatever_the_clock(monkeypatch):
    """No clock stops a simulation: a clock that jumps an hour at every reading changes nothing."""
    from tiebreak.arbiter.odds import budget

    first = compute_odds(swiss(), "PTS,BH", simulations=150, seed=1)
    now = [0.0]

    def later() -> float:
        now[0] += 3600.0
        return now[0]

    monkeypatch.setattr(budget.time, "perf_counter", later)  # the time module itself: every reading of the clock
    again = compute_odds(swiss(), "PTS,BH", simulations=150, seed=1)
    assert (again.method, again.outcomes) == (first.method, first.outcomes) == ("simulation", 150)
    assert again.places == first.places and again.notes == first.notes
    assert sum(row[0] for row in again.places) == pytest.approx(1)


def test_exact_is_refused_past_a_count_and_budget_is_no_longer_used(capsys, tmp_path):
    """14 games of the example ranked by the engine (3**14 = 4,782,969 outcomes, about a millisecond each: hours)
    are more than ``--exact`` counts for 32 participants, 3**11 x 16 / 32 = 88,573 (by hand): refused by the count,
    never by a clock.  An old command line's ``--budget`` runs with a warning that says why it is no longer used."""
    argv = ["odds", EXAMPLE, "--after-round", "6", "--exact"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"tiebreak: error: {EXAMPLE} (exact): --exact: 4782969 outcomes, more than the 88573 counted for 32 " \
           "participants; leave out --exact for a simulation" in err
    # a round robin of 3 after round 1, its rounds 2 and 3 from the Berger tables: 9 outcomes
    t = Tournament.build([Player(i, f"P{i}") for i in (1, 2, 3)], 3, type_text="Round Robin")
    t.set_game(1, 2, 3, Kind.WIN)
    path = tmp_path / "rr.trf"
    trf.dump(t, path)
    assert main(["odds", str(path), "--budget", "none", "--format", "json", "-t", "PTS,DE", "--lang", "uk"]) == 0
    out, err = capsys.readouterr()
    assert f"{path} (budget): --budget більше не використовується: шанси обмежені кількістю наслідків" in err
    assert main(["odds", str(path), "--exact", "--format", "json", "-t", "PTS,DE", "--lang", "uk"]) == 0
    doc = json.loads(capsys.readouterr().out)
    said = ("warnings", "said")  # the old option's warning is in the first answer's warnings too
    assert {k: v for k, v in json.loads(out).items() if k not in said} == {k: v for k, v in doc.items() if k not in said}
    assert "--budget більше не використовується" in json.loads(out)["warnings"][0]  # the same answer, and why
    assert doc["method"] == "exact" and doc["outcomes"] == 9 and doc["clinched"] == [] and doc["eliminated"] == []
    # no. 2 first with 35/54, as tests/test_odds.py works it out by hand
    assert next(p["places_exact"][0] for p in doc["players"] if p["start_no"] == 2) == "35/54"


@pytest.mark.parametrize("option, value, message", [
    ("--simulations", "1000001", "argument --simulations: '1000001' is outside 1..1000000"),
    ("--simulations", "0", "argument --simulations: '0' is outside 1..1000000"),
])
def test_the_command_lines_bounds_are_the_apis(capsys, option, value, message):
    """The bounds declared once (tiebreak.app.declared), checked as the command line is read."""
    with pytest.raises(SystemExit) as stopped:
        main(["odds", EXAMPLE, option, value])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == f"tiebreak odds: error: {message}"


def test_progress_is_shown_on_a_terminal_only_after_the_first_second():
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    progress = Progress(screen)
    progress(100, 1000, 0.5)  # within the first second: nothing
    assert screen.getvalue() == ""
    progress(200, 1000, 1.2)
    progress(300, 1000, 1.3)  # a tenth of a second later: not rewritten yet
    assert screen.getvalue() == "\rodds: 200 of 1,000 outcomes, 1 s\033[K"
    progress.clear()
    assert screen.getvalue().endswith("\r\033[K")
    pipe = io.StringIO()  # a file or a pipe: never
    quiet = Progress(pipe)
    quiet(100, None, 5.0)
    quiet.clear()
    assert pipe.getvalue() == ""


def test_the_top_k_beyond_the_places_kept_is_one_number_per_participant():
    """Every one of the places 1..K is someone's in every outcome: the chances of the top K add up to K over the
    participants (exact: a 70-player Swiss with two games of round 2 pending, 9 outcomes), and to 1 each beyond the
    number of participants; at most 64 places are kept whatever K is."""
    n = 70
    t = Tournament.build([Player(i, f"P{i}") for i in range(1, n + 1)], 2, type_text="Swiss")
    for k in range(1, n // 2 + 1):
        t.set_game(1, k, k + n // 2, Kind.WIN)
    for k in range(3, n // 2 + 1):  # round 2: all but the games of 1 and 2 played
        t.set_game(2, k, n + 1 - k, Kind.DRAW)
    t.pending = [(2, 1, n), (2, 2, n - 1)]
    odds = compute_odds(t, "PTS,BH", places=67)
    assert odds.method == "exact" and odds.outcomes == 9 and odds.depth == 64 and odds.top is not None
    assert sum(odds.top) == 67 and all(isinstance(x, Fraction) for x in odds.top)
    assert to_json_obj(of_odds(odds, 67))["players"][0]["top"] == 1.0
    sim = compute_odds(swiss(), "PTS,BH", simulations=300, seed=2, places=100)
    assert sim.depth == 64 and sim.top == [1.0] * 80
    kept = compute_odds(swiss(), "PTS,BH", simulations=300, seed=2, places=70)
    assert sum(kept.top) == pytest.approx(70)


def test_exact_or_simulated_is_chosen_by_the_counts_alone():
    """The example after round 6: 14 games pending, 3^14 = 4,782,969 outcomes for 32 players ranked by the engine,
    more than the 170,000 // (60 + 32) = 1,847 it draws (by hand): 1,847 drawn, with the event's own seed, and no
    note about time.  A 3-player round robin's 9 outcomes are enumerated."""
    odds = compute_odds(trf.load(EXAMPLE), "PTS,BH", after_round=6)
    assert (odds.method, odds.outcomes) == ("simulation", 1_847)
    assert not [x for x in odds.notes if "budget" in x or re.search(r"\d s\b", x)]  # nothing timed
    rr = Tournament.build([Player(i, f"P{i}") for i in (1, 2, 3)], 3, type_text="Round Robin")
    rr.set_game(1, 2, 3, Kind.WIN)
    odds = compute_odds(rr, "PTS,DE")
    assert (odds.method, odds.outcomes) == ("exact", 9)
