"""`tiebreak odds` of a team event: the teams ranked by the team standings (match points, game points, the team
tie-breaks) over the outcomes of the pending board games.

The small event is Example T of the spec (tests/data/team/example-t.trf: 4 teams A-D, 2 boards, round robin) seen
after round 2: round 3 (A-D on boards 1-7 and 8-2, C-B on boards 3-5 and 6-4) is pending.  After round 2 (A-B 1½-½,
C-D 1½-½; A-C 1-1, B-D 1½-½): A MP 3 GP 2½, C MP 3 GP 2½, B MP 2 GP 2, D MP 0 GP 1.  Match won 2, drawn 1, lost 0.
"""

from __future__ import annotations

import csv
import itertools
import json
import re
from fractions import Fraction as F
from pathlib import Path

import pytest
from sources import CORPUS, needs

from tiebreak.arbiter.odds import compute_team_odds
from tiebreak.cli import main
from tiebreak.formats import trf

EXAMPLE_T = Path(__file__).parent / "data" / "team" / "example-t.trf"
FRIENDSHIP = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"
OFFICIAL = "MPTS,GPTS,EGGSB,BH:MP,EMGSB/C1,BC,SSSC,EDE"  # the list the published standings follow


def odds_json(capsys, *args: str) -> dict:
    assert main(["odds", *args, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_first_place_of_example_t_by_hand(capsys):
    """a, c: the game points of A (against D) and of C (against B) in round 3, each the sum of two boards that give
    1, ½ or 0 with chance ⅓: P(2) = 1/9, P(1½) = 2/9, P(1) = 3/9, P(½) = 2/9, P(0) = 1/9.  B (2 MP) reaches 4 MP
    only if C loses (c < 1), D (0 MP) never catches anyone.  List MP, GP: equal teams share the place.

    * B first: A loses too (a < 1; B alone, 1/3 · 1/3 = 1/9), or A draws (a = 1: A 4 MP GP 3½) and B beats C
      2-0 (B GP 4, alone: 1/3 · 1/9 = 1/27) or 1½-½ (B GP 3½ = A's: shared, 1/3 · 2/9 · 1/2 = 1/27): 5/27.
    * A first: A and C both win (shared by GP symmetry: 1/9 · 1/2), A wins and C does not (2/9), both draw (A, C
      4 MP GP 3½: 1/9 · 1/2), A draws while B beats C 1½-½ (shared with B: 1/27): 1/18 + 2/9 + 1/18 + 1/27 = 10/27.
    * C first: both win (1/18), C wins and A draws (1/9) or loses (1/9), both draw (1/18), C draws while A loses
      (C 4 MP, A and B 3: 1/9): 4/9.
    """
    d = odds_json(capsys, str(EXAMPLE_T), "--after-round", "2", "-t", "MP,GP")
    assert d["team"] is True and d["method"] == "exact" and d["outcomes"] == 3 ** 4
    first = {r["name"]: F(r["places_exact"][0]) for r in d["teams"]}
    assert first == {"A": F(10, 27), "B": F(5, 27), "C": F(4, 9), "D": 0}
    assert {r["name"]: r["points"] for r in d["teams"]} == {"A": 3, "B": 2, "C": 3, "D": 0}
    assert [(g["white"], g["black"], g["teams"]) for g in d["games"]] == [
        (1, 7, [1, 4]), (3, 5, [2, 3]), (6, 4, [3, 2]), (8, 2, [4, 1])]


def example_t_counts() -> dict[str, list[F]]:
    """Every place of every team over the 81 outcomes of round 3, counted with the match and game points alone."""
    wins = {2: 2, 1: 1, 0: 0}  # match points by the sign of the game-point difference
    counts = {team: [F(0)] * 4 for team in "ABCD"}
    for boards in itertools.product((F(1), F(1, 2), F(0)), repeat=4):
        a, c = boards[0] + boards[1], boards[2] + boards[3]  # A's points against D, C's against B
        mp = {"A": 3 + wins[1 + (a > 1) - (a < 1)], "C": 3 + wins[1 + (c > 1) - (c < 1)],
              "B": 2 + wins[1 + (c < 1) - (c > 1)], "D": wins[1 + (a < 1) - (a > 1)]}
        gp = {"A": F(5, 2) + a, "C": F(5, 2) + c, "B": 4 - c, "D": 3 - a}
        for team in "ABCD":
            ahead = sum((mp[x], gp[x]) > (mp[team], gp[team]) for x in "ABCD")
            size = sum((mp[x], gp[x]) == (mp[team], gp[team]) for x in "ABCD")
            for place in range(ahead, ahead + size):
                counts[team][place] += F(1, size * 81)
    return counts


def test_every_place_of_example_t_against_a_count_of_the_outcomes():
    """Every place of every team against the 81 outcomes counted here with the match and game points alone."""
    counts = example_t_counts()
    odds = compute_team_odds(trf.load(EXAMPLE_T), "MP,GP", after_round=2)
    assert odds.team and [p.name for p in odds.participants] == ["A", "B", "C", "D"]
    assert {p.name: line for p, line in zip(odds.participants, odds.places)} == counts


def test_what_a_team_needs_and_the_fixed_results(capsys):
    """C wins both boards against B (3-5 0-1, 6-4 1-0: 5 MP, GP 4½) and A loses its first board (1-7 0-1: A at most
    a drawn match, 4 MP): C first alone whatever board 8-2 gives; freeing any of the three loses it (A could win
    2-0 and tie C at 5 MP GP 4½, or C only draw and tie A at 4 MP GP 3½)."""
    d = odds_json(capsys, str(EXAMPLE_T), "--after-round", "2", "-t", "MP,GP", "--player", "3")
    assert d["needs"]["start_no"] == 3 and {"3:1-7": "0-1", "3:3-5": "0-1", "3:6-4": "1-0"} in d["needs"]["sets"]
    assert all(len(s) >= 3 for s in d["needs"]["sets"])
    d = odds_json(capsys, str(EXAMPLE_T), "--after-round", "2", "-t", "MP,GP", "--fix", "1-7=0-1")
    assert d["outcomes"] == 27 and d["fixed"] == [{"round": 3, "white": 1, "black": 7, "result": "0-1"}]
    a = next(r for r in d["teams"] if r["name"] == "A")
    # A (a <= 1) can be first only with a drawn match (8-2 0-1: 1/3), at 4 MP GP 3½, and C not winning: C draws
    # (C 4 MP GP 3½: shared, 1/3 · 1/2) or B wins 1½-½ (B 4 MP GP 3½: shared, 2/9 · 1/2); B winning 2-0 is B's
    assert F(a["places_exact"][0]) == F(1, 3) * (F(1, 3) + F(2, 9)) / 2 == F(5, 54)


def test_the_odds_page_shows_each_teams_number_name_and_points(capsys):
    """The HTML page (and the website's odds page, the same template): number, name and the match points after round
    2 (A 3, C 3, B 2, D 0; above) in the three columns that stay in view on a phone, then the chances."""
    from html.parser import HTMLParser

    class Cells(HTMLParser):
        rows: list[list[tuple[str, str]]] = []
        cls = ""

        def handle_starttag(self, tag, attrs):
            if tag == "tr":
                self.rows.append([])
            elif tag in ("td", "th"):
                self.cls = dict(attrs).get("class") or ""
                self.rows[-1].append((self.cls, ""))

        def handle_data(self, data):
            if self.rows and self.rows[-1]:
                cls, text = self.rows[-1][-1]
                self.rows[-1][-1] = (cls, text + data)

    assert main(["odds", str(EXAMPLE_T), "--after-round", "2", "-t", "MP,GP", "--format", "html"]) == 0
    parser = Cells()
    parser.feed(capsys.readouterr().out)
    head, *rows = parser.rows
    # the points are the teams' match points, headed as their standings head them (MP), not a player's "Pts"
    assert head[:4] == [("rank", "No"), ("name", "Team"), ("pts", "MP"), ("", "1.")]
    assert {r[1][1]: r[2][1] for r in rows} == {"A": "3", "B": "2", "C": "3", "D": "0"}
    assert {r[1][1]: r[3][1] for r in rows} == {"A": "37.0%", "B": "18.5%", "C": "44.4%", "D": "·"}  # 10/27, 5/27, 4/9


def test_the_players_odds_stay_available(capsys):
    d = odds_json(capsys, str(EXAMPLE_T), "--after-round", "2", "--players")
    assert d["team"] is False and sorted(r["start_no"] for r in d["players"]) == list(range(1, 9))


def test_a_team_number_is_asked_for(capsys):
    assert main(["odds", str(EXAMPLE_T), "--after-round", "2", "--player", "9"]) != 0
    assert "--player 9 is not a team number of this event" in capsys.readouterr().err


@needs(FRIENDSHIP)
def test_friendship_cup_when_nothing_is_pending_is_the_published_standings(capsys):
    """After the last round every team has its published place (official standings, the corpus CSV) for sure."""
    published = {r["team"]: int(r["rank"])
                 for r in csv.DictReader(open(FRIENDSHIP.with_name("friendship-cup-2024.expected.csv"), encoding="utf-8"))}
    d = odds_json(capsys, str(FRIENDSHIP), "-t", OFFICIAL)
    assert d["method"] == "exact" and d["outcomes"] == 1 and not d["games"]
    assert {r["name"]: r["places"].index(1) + 1 for r in d["teams"]} == published
    assert all(r["best"] == r["worst"] for r in d["teams"])


@needs(FRIENDSHIP)
def test_friendship_cup_before_the_last_round(capsys):
    """After round 6 the leaders have 9 MP and a match gives at most 2: a team with less than 7 MP cannot finish
    first, whatever round 7 brings; the seed repeats the simulation; the chances of first place add up to 1."""
    args = (str(FRIENDSHIP), "--after-round", "6", "--simulations", "40", "--seed", "5")
    d = odds_json(capsys, *args)
    assert d["method"] == "simulation" and d["seed"] == 5 and d["outcomes"] == 40 and len(d["teams"]) == 15
    assert max(r["points"] for r in d["teams"]) == 9
    assert all(r["places"][0] == 0 and r["best"] > 1 for r in d["teams"] if r["points"] < 7)
    assert abs(sum(r["places"][0] for r in d["teams"]) - 1) < 1e-9
    assert odds_json(capsys, *args) == d


def test_api_odds_of_a_team_event():
    """The page's odds tool sends the team list of the team standings: the answer ranks the teams (as above)."""
    pytest.importorskip("fastapi")
    from starlette.testclient import TestClient

    from tiebreak.web.app import create_app

    client = TestClient(create_app())
    upload = {"file": ("example-t.trf", EXAMPLE_T.read_bytes())}
    r = client.post("/api/odds", files=upload, data={"tiebreaks": "MP,GP", "after_round": "2", "player": "3"})
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["team"] and {t["name"]: t["places_exact"][0] for t in doc["teams"]} == {
        "A": "10/27", "B": "5/27", "C": "4/9", "D": "0"}
    assert doc["needs"]["start_no"] == 3
    r = client.post("/api/odds", files=upload, data={"after_round": "2", "players": "true"})
    assert r.status_code == 200 and len(r.json()["players"]) == 8
    r = client.post("/api/odds", files=upload, data={"after_round": "2", "player": "9", "lang": "uk"})
    assert r.status_code == 400 and r.json()["field"] == "player"
    r = client.post("/api/odds", files=upload, data={"after_round": "2", "format": "text", "lang": "ru"})
    assert r.status_code == 200 and "командный турнир" in r.text


def test_live_odds_of_a_team_event(tmp_path):
    """The live page's odds of Example T with round 3 paired and not yet played (blank TRF results): the teams'
    (D, at 0 MP, can reach 2 at most while A and C have 3 already: no chance of first place)."""
    from tiebreak.live.odds import live_odds

    lines = [re.sub(r"( +\d+ [wb]) [10=]$", r"\1  ", x) if x.startswith("001") else x
             for x in EXAMPLE_T.read_text().splitlines()]
    path = tmp_path / "live.trf"
    path.write_text("\n".join(lines) + "\n")
    t = trf.load(path)
    assert len(t.pending) == 4
    doc = live_odds(t, None, seed=1)
    assert doc["team"] is True and doc["method"] == "exact" and doc["outcomes"] == 81 and doc["games"] == 4
    first = {p["name"]: p["first"] for p in doc["players"]}
    assert first["D"] == 0 and all(first[x] > 0 for x in "ABC") and sum(first.values()) == pytest.approx(1)


@needs(FRIENDSHIP)
def test_each_outcome_ranks_as_the_team_standings_of_the_whole_file():
    """The team ranker writes an outcome into the arrays it changes (issue 40: the whole rebuild per outcome made the
    Friendship Cup's odds after round 6 take 12.5 s); each outcome must rank the teams as the team standings of the
    file with those results written in do (the matches rebuilt from every board)."""
    import dataclasses

    import numpy as np

    from tiebreak.arbiter.odds.models import KINDS
    from tiebreak.arbiter.odds.pending import find_future
    from tiebreak.arbiter.odds.team_ranker import TeamEngineRanker
    from tiebreak.engine import team

    t = trf.load(FRIENDSHIP)
    teams = team.read_teams(t)
    future = find_future(t, 6, "swiss")
    future.system = "swiss"
    ranker = TeamEngineRanker(future, t, teams, None, "auto")
    assert ranker._boards is not None and len(future.games) == 40
    digits = np.random.default_rng(40).integers(0, 3, (25, len(future.games))).astype(np.int8)
    ahead, _ = ranker.rank(digits)
    for row, got in zip(digits, ahead):
        kind = future.base.kind.copy()
        for g, d in zip(future.games, row):
            kind[g.white, g.round - 1], kind[g.black, g.round - 1] = KINDS[d]
        whole = team.build(dataclasses.replace(future.base, kind=kind), teams, system="swiss")
        s = team.compute_team_standings(whole, after_round=7, lots=False, system="swiss")
        assert {x.number: x.rank - 1 for x in s.rows} == {tm.number: int(a) for tm, a in zip(teams, got)}
