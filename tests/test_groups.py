"""Category standings and team rankings inside an individual event (issue 16, items 4 and 5).

Expected figures: Vega's published standings of the 2025 Hobsons Bay Cup (tests/data/check) for a category, and a
school event built here whose Team Cumulative (USCF, seed 002) is computed by hand below.
"""

from __future__ import annotations

import csv
import json
import re
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tiebreak import compute_standings
from tiebreak.arbiter.categories import category_standings, parse_category
from tiebreak.arbiter.clubs import club_ranking
from tiebreak.cli import main
from tiebreak.engine.errors import SpecifierError
from tiebreak.formats import crosstable, trf

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
PUBLISHED = Path(__file__).parent / "data" / "check" / "hobsons-bay-cup-2025.published.csv"


def test_category_rank_inside_and_overall_follow_the_published_standings():
    # ratings below 900 in the file: start numbers 25-29 (857, 838, 801, 653, 648); 30-32 are unrated, a category of
    # their own (a rating band holds rated players only: an unrated player is not known to be under 900)
    t = trf.load(EXAMPLE)
    assert {p.start_no for p in t.players if p.rating and p.rating < 900} == set(range(25, 30))
    assert {p.start_no for p in t.players if not p.rating} == {30, 31, 32}
    with open(PUBLISHED, encoding="utf-8") as f:
        published = [(int(r["pos"]), int(r["startno"])) for r in csv.DictReader(f)]
    expected = [(k + 1, pos, sno) for k, (pos, sno) in enumerate(x for x in published if 25 <= x[1] <= 29)]
    s = compute_standings(t, "PTS,BH,BH/C1,SB", rules="fide-2024", lots=False)  # Vega's list and rules
    c = category_standings(s, parse_category("rating<900"))
    assert [(r.rank, r.start_no) for r in c.rows] == [(k, sno) for k, _, sno in expected]
    unrated = [sno for _, sno in published if sno >= 30]
    assert [r.start_no for r in category_standings(s, parse_category("unrated")).rows] == unrated
    # overall: the published place lies in our place, which no. 26 shares with no. 12 (equal on the whole list;
    # Vega put no. 12 first)
    shared = {r.rank: sum(x.rank == r.rank for x in s.rows) for r in s.rows}
    assert all(r.overall <= pos <= r.overall + shared[r.overall] - 1 for r, (_, pos, _) in zip(c.rows, expected))
    assert [r.overall for r in c.rows][:2] == [13, 19] and shared[13] == 2


@pytest.mark.parametrize("text", ["rating<abc", "rating<=>1600", "colour=w", "", "rating<99999", "a=b&" * 9])
def test_bad_category_expressions_are_refused(text):
    with pytest.raises(SpecifierError):
        parse_category(text)


def test_category_conditions():
    from tiebreak import Player

    girl = Player(1, "A", rating=None, sex="w", federation="AUS", birth_date="2011/05/01")
    assert parse_category("birth>=2010 & sex=W")(girl) and parse_category("unrated")(girl)
    assert not parse_category("rating>=1")(girl) and parse_category("fed=aus")(girl)
    assert not parse_category("birth<2011")(Player(2, "B"))  # no birth date: outside every birth category


# A school event: schools A (start numbers 1-5) and B (6-10), three rounds, A_i against B_i, B_i+1, B_i+2.
#   A1: W L L -> running 1 1 1     A2: L W W -> 0 1 2     A3: W W L -> 1 2 2
#   A4: L W W -> 0 1 2             A5: W W L -> 1 2 2
# Team Cumulative (seed 002: "the sum of the cumulative (running) scores for each team member as the team is defined
# for each round"), best four:
#   after round 1: 1 + 1 + 1 + 0 = 3;  after round 2: 2 + 2 + 1 + 1 = 6;  after round 3: 2 + 2 + 2 + 2 = 8  -> TC 17
# Cumulative of the four counted at the end (A2-A5; A1 has 1 point): (0+1+2) + (1+2+2) + (0+1+2) + (1+2+2) = 16
# School B (mirror results): B1 0 0 0, B2 1 2 3, B3 0 0 1, B4 1 1 1, B5 0 0 1
#   TC: after 1: 1 + 1 + 0 + 0 = 2; after 2: 2 + 1 + 0 + 0 = 3; after 3: 3 + 1 + 1 + 1 = 6 -> 11;  points 3+1+1+1 = 6
A_RESULTS = {1: "100", 2: "011", 3: "110", 4: "011", 5: "110"}


def school_event() -> str:
    rows = {n: [] for n in range(1, 11)}
    for r in range(3):
        for i in range(1, 6):
            b = 5 + (i - 1 + r) % 5 + 1
            a_wins = A_RESULTS[i][r] == "1"
            rows[i].append(f"{b}{'wb'[r % 2]}{1 if a_wins else 0}")
            rows[b].append(f"{i}{'bw'[r % 2]}{0 if a_wins else 1}")
    lines = ["No,Name,Fed,R1,R2,R3"] + [f"{n},{'AB'[n > 5]}{(n - 1) % 5 + 1},{'AB'[n > 5]}SCH,{','.join(rows[n])}"
                                        for n in range(1, 11)]
    return "\n".join(lines) + "\n"


def test_team_cumulative_of_the_school_example():
    t = crosstable.loads(school_event())
    assert [str(t.points(n)) for n in range(1, 11)] == ["1", "2", "2", "2", "2", "0", "3", "1", "1", "1"]
    s = compute_standings(t, "PTS,BH", lots=False)
    r = club_ranking(s, {n: "School A" if n <= 5 else "School B" for n in range(1, 11)}, best=4, tiebreaks=["TC", "CUM"])
    a, b = r.rows
    assert (a.rank, a.name, a.score, a.values["TC"], a.values["CUM"]) == (1, "School A", 8, 17, 16)
    assert sorted(a.counted) == [2, 3, 4, 5]
    assert (b.rank, b.name, b.score, b.values["TC"]) == (2, "School B", 6, 11)


def test_team_ranking_from_the_command_line(tmp_path, capsys):
    f = tmp_path / "school.csv"
    f.write_text(school_event(), encoding="utf-8")
    assert main(["standings", str(f), "-t", "PTS,BH", "--team-ranking", "federation", "--team-tiebreaks", "TC,CUM",
                 "-f", "json", "--no-lots"]) == 0
    doc = json.loads(capsys.readouterr().out)
    ranking = doc["team_ranking"]["standings"]
    # school B's four counted at the end are B2-B5: (1+2+3) + (0+0+1) + (1+1+1) + (0+0+1) = 11, its TC as well
    assert [(x["rank"], x["team"], x["points"], x["values"]) for x in ranking] == [
        (1, "ASCH", 8, {"TC": 17, "CUM": 16}), (2, "BSCH", 6, {"TC": 11, "CUM": 11})]
    members = tmp_path / "members.csv"
    members.write_text("start,team\n" + "".join(f"{n},{'Hill' if n % 2 else 'Dale'}\n" for n in range(1, 11)),
                       encoding="utf-8")
    assert main(["standings", str(f), "-t", "PTS", "--team-ranking", str(members), "--team-best", "5", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    # Hill = 1, 3, 5, 7, 9: 1 + 2 + 2 + 3 + 1 = 9; Dale = 2, 4, 6, 8, 10: 2 + 2 + 0 + 1 + 1 = 6
    assert "Командный зачёт (5 лучших участников)" in out  # 5 лучших участников, 2 лучших участника
    hill = next(line for line in out.splitlines() if " Hill " in line)
    assert hill.split()[:3] == ["1", "Hill", "9"]


def test_an_013_record_does_not_make_a_team_event_of_a_team_ranking(tmp_path, capsys):
    text = EXAMPLE.read_text(encoding="utf-8")
    text += "013 Odd                             " + "".join(f"{n:>4} " for n in (1, 3, 5, 7)) + "\n"
    f = tmp_path / "with-013.trf"
    f.write_text(text, encoding="utf-8")
    assert main(["standings", str(f), "-t", "PTS,BH/C1", "--team-ranking", "records", "--team-best", "2", "-f", "json",
                 "--no-lots"]) == 0
    doc = json.loads(capsys.readouterr().out, parse_float=Fraction)
    assert len(doc["standings"]) == 32  # the players, not teams
    # team Odd counts its best two of 1, 3, 5, 7: no. 7 (6 points) and no. 3 (5.5), published by Vega
    assert doc["team_ranking"]["standings"][0]["counted"] == [7, 3]
    assert doc["team_ranking"]["standings"][0]["points"] == Fraction(23, 2)


def test_category_in_csv_and_html(capsys):
    assert main(["standings", str(EXAMPLE), "-t", "PTS,BH/C1", "--category", "unrated", "-f", "csv", "--seed", "1"]) == 0
    rows = list(csv.reader(capsys.readouterr().out.splitlines()))
    assert rows[0][-1] == "rank unrated"
    assert sorted(r[-1] for r in rows[1:] if r[-1]) == ["1", "2", "3"]  # nos. 30, 31, 32 are unrated
    assert main(["standings", str(EXAMPLE), "--category", "sex=w&rating<1000", "-f", "html", "--lang", "uk"]) == 0
    page = capsys.readouterr().out
    assert "Категорія sex=w&amp;rating&lt;1000" in page


def test_player_columns_follow_the_file(capsys):
    # TRF record of no. 2: "001    2 m CM Davis,Tony J ..." -> sex m, title CM; no. 7 has federation AUS, rating 1534
    assert main(["standings", str(EXAMPLE), "-t", "PTS", "--columns", "title,sex,fed,rating", "-f", "json",
                 "--seed", "1"]) == 0
    rows = {r["start_no"]: r for r in json.loads(capsys.readouterr().out)["standings"]}
    assert (rows[2]["title"], rows[2]["sex"]) == ("CM", "m")
    assert (rows[7]["federation"], rows[7]["rating"], rows[7]["title"]) == ("AUS", 1534, None)
    assert main(["standings", str(EXAMPLE), "--columns", "rating,elo"]) == 2
    assert "column 'elo' not known" in capsys.readouterr().err


def test_club_survives_a_crosstable_round_trip(tmp_path):
    f = tmp_path / "clubs.csv"
    f.write_text("No,Name,Club,R1\n1,Ann,Riverside,2w1\n2,Bob,Hilltop,1b0\n", encoding="utf-8")
    t = crosstable.load(f)
    assert [p.club for p in t.players] == ["Riverside", "Hilltop"]
    back = tmp_path / "back.csv"
    crosstable.dump(t, back)
    assert [p.club for p in crosstable.load(back).players] == ["Riverside", "Hilltop"]


class _Tables(HTMLParser):
    """The tables of an HTML page as lists of rows of cell texts (heading row first)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


@pytest.mark.parametrize("lang, heads", [("en", ["Tit", "Fed", "Rtg", "Sex"]), ("ru", ["Зв", "Фед", "Рейт", "Пол"])])
def test_category_tables_carry_the_player_columns_of_the_main_table(capsys, lang, heads):
    """HTML and text: the category table shows the columns ``--columns`` chose, as the main table does.  The TRF
    records of nos. 1-3 (the players rated 1700 and over): 1 "Hogg,Dean 1847 AUS" m, 2 "CM Davis,Tony J 1774 AUS" m,
    3 "Krishnan,Anirudh 1763 AUS" m; Vega published them 3rd, 6th and 29th with PTS,BH,BH/C1,SB under fide-2024."""
    args = ["standings", str(EXAMPLE), "-t", "PTS,BH,BH/C1,SB", "--rules", "fide-2024", "--seed", "1",
            "--columns", "title,fed,rating,sex", "--category", "rating>=1700", "--lang", lang]
    assert main([*args, "-f", "html"]) == 0
    parser = _Tables()
    parser.feed(capsys.readouterr().out)
    main_table, category = parser.tables[0], parser.tables[1]
    # the order of every face: the title before the name, the other player columns after it, then the points
    assert [main_table[0][j] for j in (2, 4, 5, 6)] == heads and [category[0][j] for j in (3, 5, 6, 7)] == heads
    assert [row[:8] for row in category[1:]] == [
        ["1", "3", "3", "", "Krishnan,Anirudh", "AUS", "1763", "m"], ["2", "6", "2", "CM", "Davis,Tony J", "AUS", "1774", "m"],
        ["3", "29", "1", "", "Hogg,Dean", "AUS", "1847", "m"]]
    by_number = {row[1]: row for row in main_table[1:]}
    for row in category[1:]:  # the same cells as the player's row of the main table, from the number on
        assert row[2:] == by_number[row[2]][1:]
    assert main([*args, "-f", "text"]) == 0
    text = capsys.readouterr().out
    lines = text[text.index("rating>=1700"):].splitlines()
    assert lines[1].split()[3:4] + lines[1].split()[5:8] == heads
    assert lines[4].split()[:9] == ["2", "6", "2", "CM", "Davis,Tony", "J", "AUS", "1774", "m"]


@pytest.mark.parametrize("lots", [False, True])
def test_a_category_writes_its_places_as_the_standings_do(capsys, lots):
    """A category's overall place is the main table's cell for the same player (shared ``22-26`` without lots, ``15*``
    where the lot placed the player), and its place in the category is shared or marked likewise.  Hobsons Bay with
    the list PTS alone, below 1200: Veginati and Nicdao on 3.5 (tied with six others: overall 12-19), Clerk alone on
    3 in the category, Annadasu, T. Cox and Shaiek on 2.5 (with two others: overall 22-26) -> category places 1-2,
    3, 4-6 (counted by hand from the file's points and ratings); with the lot, 1* 2* 3 4* 5* 6*."""
    main(["standings", str(EXAMPLE), "-t", "PTS", "--category", "rating<1200", *([] if lots else ["--no-lots"])])
    text = capsys.readouterr().out
    table, category = text.split("Legend:")[0], text.split("Category rating<1200")[1]
    row = re.compile(r" *[0-9]+(-[0-9]+)?\*? +[0-9]")  # a table's line: its place, then a number
    place_of = {int(line.split()[1]): line.split()[0] for line in table.splitlines() if row.match(line)}
    rows = [line.split() for line in category.splitlines() if row.match(line)]
    assert all(overall == place_of[int(number)] for _, overall, number, *_ in rows)
    assert [r[0] for r in rows][:6] == (["1*", "2*", "3", "4*", "5*", "6*"] if lots else
                                         ["1-2", "1-2", "3", "4-6", "4-6", "4-6"])
    assert lots or [r[1] for r in rows][:6] == ["12-19", "12-19", "20-21", "22-26", "22-26", "22-26"]
