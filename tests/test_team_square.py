"""A team round robin's square crosstable (issue 33): team against team, rows and columns in the order of the
standings (column 3: the team placed 3rd), each cell the row's team's match points and, in brackets, its game points
in the match against the column's team (a double round robin: both matches, in round order), ``×`` on the diagonal —
the players' square, on every face that shows one: text, HTML, PDF, the website and the live screen, en/ru/uk.

Outside values: a double round robin of four clubs written here by hand (its results and their match and game
points worked out below); the Armstrong Cup 2010-11 (../shared/corpus MANIFEST, icu-ireland-krause: a league of 12
teams, 11 rounds, 8 boards; no crosstable published with it), its matches added up by this test's own reading of
the file's board games; and Chess-Results' sample upload of a team round robin (../shared/peers), whose published
team pairings give each match's game points.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sources import CORPUS, PEERS, needs

from tiebreak.cli import main

ARMSTRONG = CORPUS / "icu-ireland-krause" / "armstrong_2011.tab"
CHESS_RESULTS = PEERS / "chess-results-xml" / "Team_RoundRobin.xml"

#: four clubs of two boards meeting twice (Berger's order for four, the second cycle with the colours reversed);
#: per round the matches, the first team's results on boards 1 and 2 (``+`` a board won by forfeit)
CLUBS = {"A": (1, 2), "B": (3, 4), "C": (5, 6), "D": (7, 8)}
SCHEDULE = [
    [("A", "D", "11"), ("B", "C", "==")],
    [("D", "C", "10"), ("A", "B", "0=")],
    [("B", "D", "++"), ("C", "A", "=1")],
    [("D", "A", "=="), ("C", "B", "00")],
    [("C", "D", "11"), ("B", "A", "10")],
    [("D", "B", "0="), ("A", "C", "1=")],
]
#: by hand, match points 2/1/0 (C.07 11.1.1): MP B 1+2+2+2+1+2 = 10, A 2+0+0+1+1+2 = 6, C 1+1+2+0+2+0 = 6,
#: D 0+1+0+1+0+0 = 2; GP A 2+½+½+1+1+1½ = 6½, C 1+1+1½+0+2+½ = 6, so by MP then GP: B, A, C, D.  Each cell the
#: row's matches against the column's in round order; B-D of round 3 forfeited on both boards (B: 2+, D: 0−)
DOUBLE = {
    "Club B": ["×", "2 (1.5) 1 (1)", "1 (1) 2 (2)", "2+ (2) 2 (1.5)"],
    "Club A": ["0 (0.5) 1 (1)", "×", "0 (0.5) 2 (1.5)", "2 (2) 1 (1)"],
    "Club C": ["1 (1) 0 (0)", "2 (1.5) 0 (0.5)", "×", "1 (1) 2 (2)"],
    "Club D": ["0− (0) 0 (0.5)", "0 (0) 1 (1)", "1 (1) 0 (0)", "×"],
}
#: the legend's numbering and cell, as the players' square says it, in each language
KEY = {"en": ("column 3 is the team placed 3rd", "2 (6.5): the row's team's match points"),
       "ru": ("столбец 3 — команда на 3-м месте", "2 (6.5): матчевые очки команды строки"),
       "uk": ("стовпець 3 — команда на 3-му місці", "2 (6.5): матчеві очки команди рядка")}
_FLIP = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def double_rr(folder: Path) -> Path:
    """The four clubs' event as a TRF-16 file: 013 team records (members from column 37), 001 records with a round
    every 10 columns from column 92."""
    blocks: dict[int, list[str]] = {p: [] for members in CLUBS.values() for p in members}
    for games in SCHEDULE:
        for first, second, results in games:
            for board, r in enumerate(results):
                a, b = CLUBS[first][board], CLUBS[second][board]
                ca, cb = ("w", "b") if board % 2 == 0 else ("b", "w")
                blocks[a].append(f"{b:4d} {ca} {r}")
                blocks[b].append(f"{a:4d} {cb} {_FLIP[r]}")
    lines = ["012 Four Clubs Double Round Robin", "062 8", "082 4", "092 Team round robin"]
    lines += [f"013 {'Club ' + name:<32}" + " ".join(f"{m:4d}" for m in members) for name, members in CLUBS.items()]
    lines += [f"001 {p:4d}      {'Player ' + str(p):<33}".ljust(89) + "".join("  " + x for x in b)
              for p, b in blocks.items()]
    path = folder / "clubs.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def text_square(out: str) -> dict[str, list[str]]:
    """The text output's square: team name -> its cells (the columns after place, number, name and points are
    two spaces apart or more; a cell's matches one space apart)."""
    part = out[out.index("\n", out.rindex("--  --")) + 1:].split("\n\n")[0]
    rows = [re.split(r"\s{2,}", line.strip()) for line in part.splitlines()]
    return {r[2]: r[4:] for r in rows}


def html_square(page: str) -> dict[str, list[str]]:
    """The table ``#crosstable`` of a page: team name -> its cells after place, number, name and points."""
    table = BeautifulSoup(page, "html.parser").find(id="crosstable")
    rows = [[c.get_text(" ", strip=True) for c in tr.find_all(["th", "td"])] for tr in table.tbody.find_all("tr")]
    return {r[2]: r[4:] for r in rows}


def test_a_double_team_round_robin_is_a_square_in_the_text(tmp_path, capsys):
    path = double_rr(tmp_path)
    for lang, (numbering, cell) in KEY.items():
        assert main(["standings", str(path), "--tiebreaks", "MP,GP", "--lang", lang]) == 0
        out = capsys.readouterr().out
        assert text_square(out) == DOUBLE  # no words in the cells: the same in every language
        assert list(text_square(out)) == ["Club B", "Club A", "Club C", "Club D"]
        assert numbering in out and cell in out


def test_the_html_download_prints_the_team_square(tmp_path, capsys):
    path = double_rr(tmp_path)
    assert main(["standings", str(path), "--tiebreaks", "MP,GP", "--format", "html", "--lang", "uk"]) == 0
    page = capsys.readouterr().out
    assert html_square(page) == DOUBLE
    heads = [th.get_text(strip=True) for th in BeautifulSoup(page, "html.parser").find(id="crosstable").thead("th")]
    assert heads == ["Місце", "№", "Команда", "МО", "1", "2", "3", "4"]
    assert KEY["uk"][0] in page
    # Club B's row: against A won then drawn, against C drawn then won (not shaded), against D won twice (shaded)
    first = BeautifulSoup(page, "html.parser").find(id="crosstable").tbody.tr("td")
    assert [c.get("class") for c in first[4:]] == [["self"], ["match"], ["match"], ["match", "win"]]


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler-utils (pdftotext)")
def test_the_pdf_prints_the_team_square_under_the_standings(tmp_path):
    from tiebreak.render.pdf import PdfError, browser

    try:
        browser()
    except PdfError:
        pytest.skip("no Chromium installed (Debian: apt install chromium)")
    out = tmp_path / "clubs.pdf"
    assert main(["standings", str(double_rr(tmp_path)), "--tiebreaks", "MP,GP", "--format", "pdf", "-o", str(out)]) == 0
    pages = [p for p in subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True,
                                       check=True).stdout.split("\f") if p.strip()]
    assert len(pages) == 1  # four teams: the square follows the standings on their page
    text = pages[0]
    assert text.index("Standings") < text.index("Crosstable") < text.index("column 3 is the team placed 3rd")
    line = next(x for x in text.splitlines() if "Club D" in x and "×" in x)
    assert re.sub(r"\s+", " ", line).strip().endswith("0− (0) 0 (0.5) 0 (0) 1 (1) 1 (1) 0 (0) ×")


def test_the_website_and_the_live_screen_show_the_team_square(tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    folder = tmp_path / "live"
    folder.mkdir()
    path = double_rr(folder)
    site = tmp_path / "site"
    # the default list of a team event (MP, MPVGP: here the game points, ...) orders them as MP,GP does
    assert main(["site", str(path), "-o", str(site), "--downloads", "none"]) == 0
    client = TestClient(live_app(LiveHub(folder, database="none")))
    for lang, (numbering, _) in KEY.items():
        page = (site / lang / "crosstable.html").read_text(encoding="utf-8")
        assert html_square(page) == DOUBLE and numbering in page
        live = client.get(f"/live?lang={lang}").text
        assert html_square(live) == DOUBLE and numbering in live
    rows = client.get("/api/live/crosstable").json()["rows"]
    club_d = next(r for r in rows if r["name"] == "Club D")
    assert [(g["opponent"], g["mp"], g["result"], g["kind"]) for g in club_d["rounds"][:3]] == [
        (1, "0", "0", "0"), (3, "1", "1", "½"), (2, "0", "0", "-")]  # A 2-0, C 1-1, B won by forfeit


def _armstrong_matches(path: Path) -> dict[tuple[str, str], Fraction]:
    """(team, opposing team) -> the team's game points in their match, read from the file: the teams are the 013
    records (names in columns 5-36, members from column 37); each 001 record's round block (column 92 + 10 (k - 1):
    opponent, colour, result) adds the player's point to his team's match of that round; a board won without an
    opponent (``0000 - +``: the other team left it empty) counts for his team's match that round too."""
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    team_of = {int(x): line[4:36].strip() for line in lines if line.startswith("013") for x in line[36:].split()}
    score = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1), "-": Fraction(0)}
    opponent: dict[tuple[str, int], str] = {}
    points: dict[tuple[str, int], Fraction] = defaultdict(Fraction)
    empty: list[tuple[str, int, Fraction]] = []
    for line in (x for x in lines if x.startswith("001")):
        me = team_of[int(line[4:8])]
        for k in range(11):
            block = line[91 + 10 * k:99 + 10 * k]
            if len(block) < 8 or block[7] not in score:
                continue
            if block[:4].strip().isdigit() and int(block[:4]) > 0:
                opponent[me, k] = team_of[int(block[:4])]
                points[me, k] += score[block[7]]
            else:
                empty.append((me, k, score[block[7]]))
    for me, k, p in empty:
        points[me, k] += p
    return {(me, opponent[me, k]): p for (me, k), p in points.items() if (me, k) in opponent}


@needs(ARMSTRONG)
def test_the_armstrong_cup_square_holds_each_match_of_the_file(capsys):
    gp = _armstrong_matches(ARMSTRONG)
    assert len(gp) == 12 * 11  # every team met every other once
    assert main(["standings", str(ARMSTRONG)]) == 0
    square = text_square(capsys.readouterr().out)
    order = list(square)
    assert len(order) == 12
    for at, (me, cells) in enumerate(square.items()):
        assert cells[at] == "×"
        for j, other in enumerate(order):
            if other != me:
                mine, theirs = gp[me, other], gp[other, me]
                mp = 2 if mine > theirs else 1 if mine == theirs else 0
                assert cells[j] == f"{mp} ({float(mine):g})", (me, other)


@needs(CHESS_RESULTS)
def test_a_chess_results_team_round_robin_has_its_published_matches(capsys):
    """The sample upload: two teams meeting twice; its team pairings publish each match's game points."""
    root = ET.parse(CHESS_RESULTS).getroot()
    names = {t.get("no"): t.get("teamname") for t in root.iter("team")}
    cells: dict[tuple[str, str], list[str]] = defaultdict(list)
    for m in sorted(root.iter("teampairing"), key=lambda m: int(m.get("round", "0"))):
        one, two = names[m.get("no1")], names[m.get("no2")]
        a, b = float(m.get("res1", "")), float(m.get("res2", ""))
        for me, other, mine, theirs in ((one, two, a, b), (two, one, b, a)):
            cells[me, other].append(f"{2 if mine > theirs else 1 if mine == theirs else 0} ({mine:g})")
    assert len(cells) == 2 and all(len(v) == 2 for v in cells.values())
    assert main(["standings", str(CHESS_RESULTS)]) == 0
    square = text_square(capsys.readouterr().out)
    order = list(square)
    assert sorted(order) == sorted(names.values())
    for me, row in square.items():
        assert row == ["×" if other == me else " ".join(cells[me, other]) for other in order]


#: a pending game's and a pending match's words under the square, as a file's faces and the live screen say them
#: (by hand: the match «матч» masculine, the game «партия» feminine; the live screen knows the game is being played)
PENDING = {"en": ("* = not yet played", "* = not yet played", "* = playing"),
           "ru": ("* = ещё не сыгран", "* = ещё не сыграна", "* = играется"),
           "uk": ("* = ще не зіграний", "* = ще не зіграна", "* = грається")}
#: four players of a round robin (White first): rounds 1-2 played, round 3's Ann-Cid played (1-0), Bob-Dan pending
FOUR = ["012 Four", "042 2025/05/01", "092 Round robin", "XXR 3",
        "001    1      Ann".ljust(89) + "     4 w 1     2 b 0     3 w 1",
        "001    2      Bob".ljust(89) + "     3 b =     1 w 1     4 b  ",
        "001    3      Cid".ljust(89) + "     2 w =     4 b =     1 b 0",
        "001    4      Dan".ljust(89) + "     1 b 0     3 w =     2 w  "]


def _pending_match(folder: Path) -> Path:
    """Example T (tests/data/team) with round 3's A-D match not yet played (its two boards blank): C-B is played."""
    lines = []
    for x in (Path(__file__).parent / "data" / "team" / "example-t.trf").read_text(encoding="utf-8").splitlines():
        if x.startswith("001") and int(x[4:8]) in (1, 2, 7, 8):
            x = re.sub(r"( +\d+ [wb]) [10=]$", r"\1  ", x)
        lines.append(x)
    path = folder / "teams.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_pending_match_is_written_as_a_pending_game_with_the_legends_words(tmp_path, capsys):
    """One convention for a result not yet known in a square, the teams' as the players': ``*`` in the cell and
    ``* = not yet played`` in the legend (the live screen: being played), on the text, the HTML download, the website
    and the live screen, in en/ru/uk; the Russian and Ukrainian match said «ещё не сыгран» («не сыгран» before: the
    words of a match never played)."""
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    folder = tmp_path / "live"
    folder.mkdir()
    teams = _pending_match(folder)
    players = folder / "four.trf"
    players.write_text("\n".join(FOUR) + "\n", encoding="utf-8")
    client = TestClient(live_app(LiveHub(folder, database="none")))
    for path, row, column, kind in ((teams, "A", 3, 0), (players, "Bob", 3, 1)):  # A meets D (4th), Bob Dan (4th)
        site = tmp_path / f"site-{path.stem}"
        assert main(["site", str(path), "-o", str(site), "--downloads", "none"]) == 0
        for lang, said in PENDING.items():
            capsys.readouterr()
            assert main(["standings", str(path), "--lang", lang]) == 0
            text = capsys.readouterr().out
            assert text_square(text)[row][column] == "*" and said[kind] in text.splitlines(), (path.stem, lang)
            assert main(["standings", str(path), "--lang", lang, "-f", "html", "-o", str(tmp_path / "s.html"),
                         "--force"]) == 0
            for page, words in (((tmp_path / "s.html").read_text(encoding="utf-8"), said[kind]),
                                ((site / lang / "crosstable.html").read_text(encoding="utf-8"), said[kind]),
                                (client.get(f"/live?lang={lang}&event={path.name}").text, said[2])):
                assert html_square(page)[row][column] == "*", (path.stem, lang)
                assert words in BeautifulSoup(page, "html.parser").get_text("\n").splitlines(), (path.stem, lang)
