"""A team explained as a player is (issue 33: the team events as additions, not a second stack): one entry for both
kinds (`tiebreak explain`, /api/explain, the page's panel), a team's round called a match, and two teams side by side
round by round as two players are.

Example T (tests/data/team/example-t.trf: 4 teams A-D of 2 boards, a round robin), by hand from its games:
round 1: A-B 1½-½, C-D 1½-½; round 2: A-C 1-1, B-D 1½-½; round 3: A-D 1-1, C-B 2-0.  A match won is 2 match points,
drawn 1, lost 0 (C.07 11.1.1), so
  A: MP 2 + 1 + 1 = 4, GP 1½ + 1 + 1 = 3½;   B: MP 0 + 2 + 0 = 2, GP ½ + 1½ + 0 = 2;
  C: MP 2 + 1 + 2 = 5, GP 1½ + 1 + 2 = 4½;   D: MP 0 + 0 + 1 = 1, GP ½ + ½ + 1 = 2.
BH:MP of A (C.07 8.1 on match points) = MP of B, C, D = 2 + 5 + 1 = 8.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from tiebreak.cli import main
from tiebreak.engine.standings import compute_standings
from tiebreak.engine.team import build, compute_team_standings
from tiebreak.formats import trf
from tiebreak.render.explain import details, explain, explain_pair
from tiebreak.render.explain_panel import panel
from tiebreak.web.page_words import page_words

EXAMPLE_T = Path(__file__).parent / "data" / "team" / "example-t.trf"
EXAMPLE = Path(__file__).parents[1] / "examples" / "hobsons-bay-cup-2025.trf"


@pytest.fixture(scope="module")
def client():
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from tiebreak.web import create_app

    with TestClient(create_app()) as c:
        yield c


def _teams(tiebreaks: str):
    return compute_team_standings(build(trf.load(str(EXAMPLE_T))), tiebreaks, lots=False)


def _rows(text: str, first: str) -> list[list[str]]:
    """The lines of ``text`` from the one starting (after its indent) with ``first``, up to a blank line, as words."""
    lines = text.splitlines()
    at = next(i for i, x in enumerate(lines) if x.strip().startswith(first))
    out = []
    for line in lines[at:]:
        if not line.strip():
            break
        out.append(line.split())
    return out


def test_a_teams_values_are_its_matches_by_hand():
    s = _teams("MP,GP,BH:MP")
    text = explain(s, 1)
    # the matches: opposing team, match points, game points of both
    assert [x[:9] for x in _rows(text, "R1")] == [
        ["R1", "vs", "team", "2", "B", "MP", "2", "GP", "1.5"],
        ["R2", "vs", "team", "3", "C", "MP", "1", "GP", "1"],
        ["R3", "vs", "team", "4", "D", "MP", "1", "GP", "1"]]
    # each value's rounds as a player's: round, result, opposing team (name and number), contribution
    assert _rows(text, "MP = ")[1] == ["Round", "Result", "Opponent", "Contribution"]
    assert [x[:4] for x in _rows(text, "MP = ")[2:5]] == [["1", "win", "B", "(2)"], ["2", "draw", "C", "(3)"],
                                                         ["3", "draw", "D", "(4)"]]
    assert [x[4] for x in _rows(text, "MP = ")[2:5]] == ["2", "1", "1"]     # match points 2 + 1 + 1
    assert _rows(text, "MP = ")[0][:3] == ["MP", "=", "4"]
    assert [x[4] for x in _rows(text, "GP = ")[2:5]] == ["1.5", "1", "1"]   # game points 1½ + 1 + 1
    assert _rows(text, "GP = ")[0][:3] == ["GP", "=", "3.5"]
    bh = _rows(text, "BH:MP = ")
    assert bh[0][:3] == ["BH:MP", "=", "8"] and [x[4] for x in bh[2:5]] == ["2", "5", "1"]  # MP of B, C, D
    d = details(s, 1)
    assert d["BH:MP"]["value"] == 8 and [r["opponent"] for r in d["BH:MP"]["rounds"]] == [2, 3, 4]


def test_a_teams_round_is_a_match_in_every_language():
    s = _teams("MP,BH:MP")
    sources = {r["source"] for r in details(s, 1)["BH:MP"]["rounds"]}
    assert sources == {"match (opponent's score; Art. 16.3 adjusted in Swiss events)"}
    assert "game (" not in explain(s, 1)
    assert "матч (очки соперника" in explain(s, 1, "ru") and "партия" not in explain(s, 1, "ru")
    assert "матч (очки суперника" in explain(s, 1, "uk") and "партія" not in explain(s, 1, "uk")
    # a player's round is still a game
    players = compute_standings(trf.load(str(EXAMPLE_T)), "PTS,BH", lots=False)
    assert "game (opponent's score" in explain(players, 1)


def test_two_teams_side_by_side_as_two_players():
    # B and D: equal on GP (2 and 2), separated by MP (2 against 1); the rounds of MP side by side
    s = _teams("GP,MP")
    text = explain_pair(s, 2, 4)
    lines = text.splitlines()
    assert lines[0] == "team 2 B: place 3; team 4 D: place 4"
    assert lines[1] == "first separated by MP [C.07 11.1.1]: 2 against 1"
    assert lines[2].split() == ["team", "2", "team", "4"]  # each side as the head names the team
    assert lines[3].split() == ["Round", *["Result", "Opponent", "Contribution"] * 2]  # as one team's rounds
    assert [x.split() for x in lines[5:8]] == [["1", "loss", "A", "(1)", "0", "loss", "C", "(3)", "0"],  # B lost to
                                               ["2", "win", "D", "(4)", "2", "loss", "B", "(2)", "0"],   # A, D to C;
                                               ["3", "loss", "C", "(3)", "0", "draw", "A", "(1)", "1"]]  # B beat D...
    assert len(lines) == 8  # MP cuts nothing: no round marked cut
    # the same shape as two players'
    players = compute_standings(trf.load(str(EXAMPLE_T)), "PTS,BH", lots=False)
    assert explain_pair(players, 1, 2).splitlines()[3].split()[0] == "Round"


def test_two_teams_on_the_command_line_the_api_and_the_page(capsys, client):
    assert main(["explain", str(EXAMPLE_T), "--players", "2", "4", "--tiebreaks", "GP,MP", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    # GP is the primary score (listed first); MP named as the standings head its column, «МО»
    assert "впервые разделены по показателю МО [C.07 11.1.1]: 2 против 1" in out
    assert [x.split() for x in out.splitlines()[5:8]] == [["1", "поражение", "A", "(1)", "0", "поражение", "C", "(3)", "0"],
                                                          ["2", "победа", "D", "(4)", "2", "поражение", "B", "(2)", "0"],
                                                          ["3", "поражение", "C", "(3)", "0", "ничья", "A", "(1)", "1"]]
    with open(EXAMPLE_T, "rb") as f:
        r = client.post("/api/explain", data={"player": "2", "player2": "4", "tiebreaks": "GP,MP"},
                        files={"file": ("example-t.trf", f)})
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["team"] is True and doc["details"]["separated_by"] == "MP"
    assert [x.split() for x in doc["text"].splitlines()[5:8]] == [["1", "loss", "A", "(1)", "0", "loss", "C", "(3)", "0"],
                                                                  ["2", "win", "D", "(4)", "2", "loss", "B", "(2)", "0"],
                                                                  ["3", "loss", "C", "(3)", "0", "draw", "A", "(1)", "1"]]
    html = panel(_teams("GP,MP"), [2, 4], "en", page_words("en"))
    assert "first separated by MP [C.07 11.1.1]: 2 against 1" in html
    assert "A (1)" in html and "D (4)" in html  # the opposing teams of each round


def test_a_cut_round_is_marked_only_when_a_round_is_cut():
    """Cut-1 leaves out each player's least significant round (C.07 14.1): two players separated by BH/C1 each show
    one round marked cut, as one player's explanation marks it; separated by PTS, which cuts nothing, none."""
    players = compute_standings(trf.load(str(EXAMPLE)), "PTS,BH/C1", lots=False)
    rows = players.rows
    a, b = next((x.start_no, y.start_no) for x, y in zip(rows, rows[1:])
                if x.points == y.points and x.values["BH/C1"] != y.values["BH/C1"])
    lines = explain_pair(players, a, b).splitlines()
    assert "BH/C1" in lines[1]
    assert sum(line.count("(cut)") for line in lines[5:]) == 2  # one per player
    c, d = next((x.start_no, y.start_no) for x, y in zip(rows, rows[1:]) if x.points != y.points)
    assert "(cut)" not in explain_pair(players, c, d)


@pytest.mark.parametrize("lang, boards, factor", [
    ("en", "game points by board: 1.5, 2", "normalising factor F = 3"),
    ("ru", "игровые очки по доскам: 1.5, 2", "нормирующий множитель F = 3"),
    ("uk", "ігрові очки за дошками: 1.5, 2", "нормувальний множник F = 3")])
def test_a_teams_card_and_panel_say_the_boards_and_the_factor_as_explain_does(lang, boards, factor, tmp_path, capsys):
    # team A by hand from the file's games: board 1 (A1) 1 + 0 + ½ = 1½, board 2 (A2) ½ + 1 + ½ = 2 (BC, C.07 12.1);
    # SSSC's F = ⌊the most match points, 3 rounds × 2, over the most game points of one match, 2⌋ = 3 (C.07 13.4)
    assert (1 + 0 + Fraction(1, 2), Fraction(1, 2) + 1 + Fraction(1, 2), (3 * 2) // 2) == (Fraction(3, 2), 2, 3)
    tiebreaks = ["-t", "MP,GP,BC,SSSC"]
    assert main(["explain", str(EXAMPLE_T), "--player", "1", "--lang", lang, *tiebreaks]) == 0
    said = capsys.readouterr().out
    assert f"  {boards}\n" in said and f"  {factor}\n" in said
    assert main(["site", str(EXAMPLE_T), "-o", str(tmp_path / "site"), *tiebreaks]) == 0
    card = (tmp_path / "site" / lang / "team-1.html").read_text(encoding="utf-8")
    assert f"<p>{boards}</p>" in card and f"<p>{factor}</p>" in card
    html = panel(_teams("MP,GP,BC,SSSC"), [1], lang, page_words(lang))  # the page's panel: the same sentences
    assert f'<p class="note">{boards}</p>' in html and f'<p class="note">{factor}</p>' in html
