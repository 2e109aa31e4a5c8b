"""Chess-JSON (FIDE TEC JSON) reading and writing.

Oracles: the TRF files of the corpus (a TRF -> JSON -> TRF round trip must give the same text back), and files written
by the reference checker's own converter (TieBreakServer ``convert.py``, trf2json 1.03) from TRFs we hold, in
``tests/data/chessjson/*.ref.json``: our writer must use the reference's letters for every kind of round, and our
reader must read the reference's files to the same standings as the TRF they came from.  That the reference reads the
JSON we write was checked by hand (ORACLE.md: 90 corpus and generated TRFs and 2 team events, identical output).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from sources import CORPUS

from tiebreak.engine import team
from tiebreak.engine.errors import InputError
from tiebreak.engine.model import Kind
from tiebreak.engine.standings import compute_standings
from tiebreak.formats import chessjson, trf

DATA = Path(__file__).parent / "data"
CORPUS_TRF = sorted(CORPUS.rglob("*.trf")) + sorted((DATA / "generated").glob("*.trf"))


@pytest.mark.parametrize("path", CORPUS_TRF, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_trf_json_trf_round_trip_gives_the_same_file(path):
    t = trf.load(path, [])
    warnings = []
    back = chessjson.loads(chessjson.dumps(t), "x.json", warnings)
    assert trf.dumps(back) == trf.dumps(t)
    assert back.score_system == t.score_system
    assert not [w for w in warnings if "gamePoints" not in str(w)]


def _game_tuples(doc):
    games = doc["event"]["tournaments"][0]["gameList"]
    return sorted((g["round"], g["white"], g["black"], g["played"], g["rated"], g["wResult"], g.get("bResult"))
                  for g in games)


def test_every_kind_is_written_with_the_reference_converters_letters():
    # kinds.trf: PAB, full/half/zero-point byes, a game of less than one move, an unknown result, a forfeit and a
    # double forfeit; kinds.ref.json is what the reference converter made of it
    t = trf.load(DATA / "chessjson" / "kinds.trf")
    ours = json.loads(chessjson.dumps(t))
    ref = json.loads((DATA / "chessjson" / "kinds.ref.json").read_text(encoding="utf-8"))
    assert _game_tuples(ours) == _game_tuples(ref)


def test_every_kind_survives_the_round_trip():
    t = trf.load(DATA / "chessjson" / "kinds.trf")
    back = chessjson.loads(chessjson.dumps(t))
    assert (back.kind == t.kind).all() and (back.opponent == t.opponent).all() and (back.colour == t.colour).all()
    assert {Kind(int(k)) for k in back.kind.flat} >= {Kind.PAB, Kind.FPB, Kind.HPB, Kind.ZPB, Kind.WIN_SHORT,
                                                       Kind.UNKNOWN, Kind.FORFEIT_WIN, Kind.DOUBLE_FORFEIT}


def test_reads_the_reference_converters_file_to_the_same_standings():
    tbs = "PTS,BH/C1,BH,SB,DE,WIN,BPG,ARO,PS,FB,TPR"
    source = trf.load(DATA / ".." / ".." / "examples" / "hobsons-bay-cup-2025.trf")
    warnings = []
    t = chessjson.load(DATA / "chessjson" / "hobsons-bay-cup-2025.ref.json", warnings)
    # the reference converter writes the TRF date 2025/06/10 as '2010-06-2025'; we say so and cannot use it
    assert t.start_date is None and any("2010-06-2025" in str(w) for w in warnings)
    a = compute_standings(source, tbs, rules="fide-2024")
    b = compute_standings(t, tbs, rules="fide-2024")
    assert [(r.start_no, r.rank, r.values) for r in a.rows] == [(r.start_no, r.rank, r.values) for r in b.rows]
    assert [p.name for p in t.players] == [p.name for p in source.players]


def test_reads_the_reference_converters_team_file_to_the_same_team_standings():
    tbs = "MP,GP,EGGSB,BH:MP,BC,TBR,SSSC"
    a = team.compute_team_standings(team.build(trf.load(DATA / "generated-team" / "team-swiss-a.trf")), tbs)
    b = team.compute_team_standings(team.build(chessjson.load(DATA / "chessjson" / "team-swiss-a.ref.json")), tbs)
    assert [(r.number, r.rank, r.values) for r in a.rows] == [(r.number, r.rank, r.values) for r in b.rows]
    # and a hand check against the reference checker's table for this file (team-swiss-a.ref.tsv: team 1 has
    # 5 match points and a board count of 28.5)
    row = next(r for r in b.rows if r.number == 1)
    assert row.values["MP"] == 5 and row.values["BC"] == Fraction(57, 2)


def test_team_event_round_trip_keeps_teams_and_standings():
    path = DATA / "generated-team" / "team-swiss-b.trf"
    t = trf.load(path)
    doc = json.loads(chessjson.dumps(t))
    tour = doc["event"]["tournaments"][0]
    assert tour["teamTournament"] and tour["teamSize"] == 6 and len(doc["event"]["teams"]) == 12
    assert all(m["games"] for m in tour["matchList"] if m["black"])
    tbs = "MP,GP,EGGSB,BC,TBR,BBE,EDE"
    a = team.compute_team_standings(team.build(t), tbs)
    b = team.compute_team_standings(team.build(chessjson.loads(json.dumps(doc))), tbs)
    assert [(r.number, r.rank, r.values) for r in a.rows] == [(r.number, r.rank, r.values) for r in b.rows]


def test_computed_standings_are_written_as_rank_and_tie_break_scores(tmp_path):
    from tiebreak.cli import main

    out = tmp_path / "out.json"
    src = Path(__file__).parents[1] / "examples" / "hobsons-bay-cup-2025.trf"
    assert main(["standings", str(src), "-t", "PTS,BH/C1,SB", "-f", "chess-json", "--out", str(tmp_path)]) == 0
    out = tmp_path / "hobsons-bay-cup-2025.json"
    doc = json.loads(out.read_text(encoding="utf-8"))
    tour = doc["event"]["tournaments"][0]
    assert tour["rankOrder"] == ["PTS", "BH/C1", "SB"]
    # published by Vega for this event (corpus hobsons-bay-vega, 2025hobsonsbaycup): player 7 first with 6 points
    first = next(c for c in tour["competitors"] if c["rank"] == 1)
    assert first["cid"] == 7 and first["tieBreakScore"][0] == 6.0


def test_exact_values_without_a_decimal_form_are_fractions():
    assert chessjson._number(Fraction(1, 3)) == "1/3"
    assert chessjson._number(Fraction(5, 2)) == 2.5 and chessjson._number(Fraction(2)) == 2.0
    assert chessjson._number(Fraction(1, 10)) == 0.1


@pytest.mark.parametrize("text, where, message", [
    ('{"event": {"tournaments": [', "line 1", "not valid JSON"),
    ('[1, 2]', "(event)", "Chess-JSON"),
    ('{"event": {}}', "event.tournaments", "missing"),
    ('{"event": {"tournaments": [{"competitors": [{"cid": "7"}]}]}}', "competitors[0].cid", "whole number"),
    ('{"event": {"tournaments": [{"competitors": [{"cid": 1}, {"cid": 1}]}]}}', "competitors[1].cid", "twice"),
    ('{"event": {"tournaments": [{"competitors": [{"cid": 1}], "gameList": [{"round": 1, "white": 1, "black": 2,'
     ' "wResult": "W"}]}]}}', "gameList[0].black", "not a competitor"),
    ('{"event": {"tournaments": [{"competitors": [{"cid": 1}, {"cid": 2}], "gameList": [{"round": 1, "white": 1,'
     ' "black": 2, "wResult": "Q", "bResult": "W"}]}]}}', "gameList[0].wResult", "not understood"),
    ('{"event": {"tournaments": [{"competitors": [{"cid": 1}], "gameList": [{"round": 1, "white": 1, "black": 0,'
     ' "wResult": "P"}, {"round": 1, "white": 1, "black": 0, "wResult": "D"}]}]}}', "gameList[1]", "two games"),
    ('{"event": {"tournaments": [{"competitors": [{"cid": 1}], "gameList": [{"round": 100000, "white": 1}]}]}}',
     "gameList[0].round", "out of range"),
    ('{"event": {"tournaments": [{"competitors": [{"cid": 1, "gamePoints": true}]}]}}', "gamePoints", "number"),
    ('{"event": {"tournaments": [{"competitors": [{"cid": 1}], "scoreSystem": {"game": {"W": "x"}}}]}}',
     "scoreSystem.game.W", "not a number"),
])
def test_bad_files_give_an_error_naming_the_place(text, where, message):
    with pytest.raises(InputError) as e:
        chessjson.loads(text, "bad.json")
    assert "bad.json" in str(e.value) and where in str(e.value) and message in str(e.value)


def test_points_that_disagree_with_the_results_are_reported():
    doc = ('{"event": {"tournaments": [{"competitors": [{"cid": 1, "gamePoints": 2}, {"cid": 2, "gamePoints": 0}],'
           ' "gameList": [{"round": 1, "white": 1, "black": 2, "wResult": "W", "bResult": "L"}]}]}}')
    warnings = []
    t = chessjson.loads(doc, "p.json", warnings)
    assert t.points(1) == 1 and t.player(1).declared_points == 2
    assert len(warnings) == 1 and "competitors[0].gamePoints" in str(warnings[0])


# --- issue 13.5: a played game lost by both sides -----------------------------------------------------------------
LOST_BY_BOTH = """012 Lost by both
042 2025/01/10
092 Swiss
XXR 2
001    1      P1                                                                 0.5          2 w 0     3 b =
001    2      P2                                                                 1.0          1 b 0     4 w 1
001    3      P3                                                                 1.5          4 w 1     1 w =
001    4      P4                                                                 0.0          3 b 0     2 b 0
"""


def test_a_game_lost_by_both_sides_survives_the_round_trip_as_played():
    """Round 1: 1-2 played and lost by both ('0' on both lines, e.g. both defaulted after play).  Scores: P1 0 + ½ = ½,
    P2 0 + 1 = 1, P3 1 + ½ = 1½, P4 0.  BH (C.07 8.1, 2024 rules; every round played, so no Art. 16 dummy):
    P1 = P2 1 + P3 1½ = 2½; P2 = P1 ½ + P4 0 = ½.  Read as a double forfeit instead, round 1 would be unplayed and
    scored against a dummy with the player's own score (16.4): P1 ½ + 1½ = 2, P2 1 + 0 = 1."""
    warnings = []
    t = trf.loads(LOST_BY_BOTH, "lost.trf", warnings)
    assert not warnings  # the two sides agree: both lost
    back_warnings = []
    back = chessjson.loads(chessjson.dumps(t), "lost.json", back_warnings)
    assert not back_warnings
    assert Kind(int(back.kind[0, 0])) is Kind.LOSS and Kind(int(back.kind[1, 0])) is Kind.LOSS
    assert trf.dumps(trf.loads(trf.dumps(back))) == trf.dumps(t)
    for tournament in (t, back):
        s = compute_standings(tournament, "PTS,BH", rules="fide-2024", lots=False)
        assert [s.value(n, "BH") for n in (1, 2, 3, 4)][:2] == [Fraction(5, 2), Fraction(1, 2)]


@pytest.mark.parametrize("path", sorted(CORPUS.rglob("*.trf")), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_trf_json_trf_keeps_the_standings_of_every_real_event(path):
    """TRF -> Chess-JSON -> TRF gives the same standings (ranks and every value of a broad list)."""
    t = trf.load(path, [])
    back = trf.loads(trf.dumps(chessjson.loads(chessjson.dumps(t), "x.json", [])), "x.trf", [])
    codes = "PTS,BH/C1,BH,SB,DE,WIN,PS,AOB,ARO"
    a, b = compute_standings(t, codes, lots=False), compute_standings(back, codes, lots=False)
    assert [(r.start_no, r.rank, r.values) for r in a.rows] == [(r.start_no, r.rank, r.values) for r in b.rows]
