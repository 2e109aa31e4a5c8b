"""The page's explanation panel of a team (issue 16 gap): per round the opposing team, match points and game points,
then how each team tie-break was reached, as the panel does for players; the team PDF printed like the individual
one; the page's play-off lines in the reader's language.

Expected figures: the FIDE reference checker's values of the generated event team-swiss-a-forfeits
(tests/data/generated-team/*.ref.tsv, tests/data/ORACLE.md) and the official standings of the Friendship Cup 2024
(../shared corpus, heltour-crete-team/friendship-cup-2024.expected.csv); per-round figures added up by hand below.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from sources import CORPUS

from tests import test_web
from tests.test_web import _wait_ready

browser, server = test_web.browser, test_web.server  # the same real server and Chromium fixtures

DATA = Path(__file__).parent / "data"
FORFEITS = DATA / "generated-team" / "team-swiss-a-forfeits-330.trf"
REFERENCE = DATA / "generated-team" / "team-swiss-a-forfeits.ref.tsv"
CRETE = CORPUS / "heltour-crete-team"  # bundled in tests/data/shared
FRIENDSHIP = CRETE / "friendship-cup-2024.trf"


def _open_team(browser, server, path: Path, width: int, lang: str, tiebreaks: list[str]):
    page = browser.new_page(viewport={"width": width, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/?lang={lang}")
    page.set_input_files("#file", str(path))
    _wait_ready(page, 1)
    if width < 640:  # on a phone the settings fold away once a file is loaded (tests/test_phone.py): open them
        page.locator("#settings-fold > summary").click()
    page.evaluate(f"tiebreaks = {tiebreaks!r}; compute()")
    _wait_ready(page, 2)
    return page, errors


def _explain(page, number: int) -> None:
    page.locator(f'#standings tbody tr[data-start-no="{number}"]').click()
    page.wait_for_function(f"document.body.dataset.explained === '{number}'", timeout=30_000)


def _rows(page, selector: str) -> list[list[str]]:
    return [r.split("\t") for r in page.locator(f"{selector} tbody tr").all_inner_texts()]


def test_team_panel_shows_each_match_and_how_each_value_was_reached(browser, server, tmp_path):
    """Team 6 of the generated event (4 boards): R1 drew team 4 2-2, R2 beat team 9 2½-1½, R3 won by forfeit against
    team 5 (4-0 on the boards, 2 match points), R4 lost a double forfeit against team 8 (0-0, no match point), R5 beat
    team 1 2½-1½.  By hand: MP 1+2+2+0+2 = 7, GP 2+2½+4+0+2½ = 11; the reference checker: MP 7, MPVGP 11, BH:MP 30,
    BC 29.  Buchholz gives each forfeited round a dummy opponent with the team's own 7 MP (C.07 16.4)."""
    page, errors = _open_team(browser, server, FORFEITS, 1280, "en", ["MP", "MPVGP", "BH:MP", "BC", "EDE"])
    _explain(page, 6)
    matches = page.locator("#explain-body section.matches")
    assert matches.locator("h4").inner_text() == "Matches"
    assert _rows(page, "#explain-body section.matches") == [
        ["1", "1", "2 – 2", "Team 4 (4)"], ["2", "2", "2.5 – 1.5", "Team 9 (9)"],
        ["3", "2", "4 – 0", "Team 5 (5) — forfeit win"], ["4", "0", "0 – 0", "Team 8 (8) — double forfeit"],
        ["5", "2", "2.5 – 1.5", "Team 1 (1)"]]
    reference = dict(zip(*(line.split("\t") for line in REFERENCE.read_text().splitlines()
                           if line.startswith(("StartNo", "6\t")))))
    values = {s: page.locator(f'#explain-body section[data-spec="{s}"] .tb-value').inner_text()
              for s in ("MP", "MPVGP", "BH:MP", "BC")}
    assert values == {"MP": "MP = 7", "MPVGP": f"MPVGP = {float(reference['MPVGP']):g}",
                      "BH:MP": f"BH:MP = {float(reference['BH:MP']):g}", "BC": f"BC = {float(reference['BC']):g}"}
    bh = _rows(page, '#explain-body section[data-spec="BH:MP"]')
    # round, result, opponent, contribution: the dummy opponent has the team's own MP
    assert [(r[0], r[3]) for r in bh][2:4] == [("3", "7"), ("4", "7")]
    # BC rests on the game points of each board, which add up to the GP of the matches (11)
    boards = page.locator('#explain-body section[data-spec="BC"] p.note').inner_text()
    # the text's and the card's words (explain33g: the panel's own capitalised sentences gone)
    assert boards.startswith("game points by board: ")
    assert sum(float(x) for x in boards.removeprefix("game points by board: ").rstrip(".").split(", ")) == 11
    ede = page.locator('#explain-body section[data-spec="EDE"] p.note').inner_text()
    assert ede.startswith("computed among the teams still tied at this point (Type A); place among them:")
    assert "15 players" not in page.locator("#event").inner_text() and "9 teams" in page.locator("#event").inner_text()
    page.screenshot(path=str(tmp_path / "team-1280.png"), full_page=True)
    assert not errors
    page.close()


@pytest.mark.parametrize("lang, heads", [("ru", ["Тур", "МО", "ИО", "Команда-соперник"]),
                                         ("uk", ["Тур", "МО", "ІО", "Команда-суперник"])])
def test_team_panel_on_a_phone_agrees_with_the_published_friendship_cup(browser, server, lang, heads):
    """ΟΑΑΗ (no. 3), first in the official standings with 11 MP, 24.5 GP and BH:MP 56: the panel's match points and
    game points add up to the published ones, and each BH:MP round is the opponent's published match points."""
    with open(CRETE / "friendship-cup-2024.expected.csv", encoding="utf-8") as f:
        published = {r["team"]: r for r in csv.DictReader(f)}
    page, errors = _open_team(browser, server, FRIENDSHIP, 390, lang, ["MP", "GP", "BH:MP"])
    _explain(page, 3)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    section = "#explain-body section.matches"
    assert page.locator(f"{section} thead th").all_inner_texts() == heads
    rows = _rows(page, section)
    assert len(rows) == 7
    assert sum(float(r[1]) for r in rows) == float(published["ΟΑΑΗ"]["match_points"]) == 11
    assert sum(float(r[2].split(" – ")[0]) for r in rows) == float(published["ΟΑΑΗ"]["game_points"]) == 24.5
    opponents = [r[3].rsplit(" (", 1)[0] for r in rows]
    bh = _rows(page, '#explain-body section[data-spec="BH:MP"]')
    assert [float(r[3]) for r in bh] == [float(published[o]["match_points"]) for o in opponents]
    assert sum(float(r[3]) for r in bh) == float(published["ΟΑΑΗ"]["BH:MP"]) == 56
    assert not errors
    page.close()


def test_team_pdf_prints_like_the_individual_one(tmp_path):
    """The team PDF has the individual print's header (event at the top left, print date at the top right), a page
    number on every page, no word past a page's right edge, the cover line and the legend; the standings of team 6
    are the reference checker's (MP 7, MPVGP 11, BH:MP 30, BC 29) and its crosstable row ends with the match points
    and game points of its five matches added by hand (7 and 11)."""
    import re
    import shutil
    import subprocess

    from tests.test_web import CHROMIUM, _skip_or_fail
    from tiebreak.cli import main

    if not CHROMIUM or not shutil.which("pdftotext"):
        _skip_or_fail("needs Chromium and poppler-utils (pdftotext)")
    out = tmp_path / "team.pdf"
    assert main(["standings", str(FORFEITS), "--tiebreaks", "MP,MPVGP,BH:MP,BC", "-f", "pdf", "--lang", "uk",
                 "-o", str(out)]) == 0
    bbox = subprocess.run(["pdftotext", "-bbox", str(out), "-"], capture_output=True, text=True, check=True).stdout
    pages = re.findall(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', bbox, re.S)
    assert len(pages) == 2
    texts, lines = [], []
    for k, (width, _, body) in enumerate(pages, 1):
        words = re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<', body)
        assert all(float(x1) <= float(width) for _, _, x1, _, _ in words), f"page {k}: a word past the right edge"
        top = [w for _, y, _, _, w in words if float(y) < 40]
        assert top[:3] == ["Team", "Swiss", "1"] and top[-1:] == ["2025-05-01"]  # the event, then its date (042)
        texts.append(" ".join(w for *_, w in words))
        assert f"Сторінка {k} з {len(pages)}" in texts[-1]
        # the words of each printed line, left to right (by the middle of their height)
        by_line: dict[float, list[tuple[float, str]]] = {}
        for x0, y0, _, y1, w in words:
            by_line.setdefault(round((float(y0) + float(y1)) / 2), []).append((float(x0), w))
        lines.append([" ".join(w for _, w in sorted(ws)) for _, ws in sorted(by_line.items())])
    standings, crosstable = texts
    assert "дошок: 4; основний показник МО; правила fide-2024" in standings
    assert "BH:MP Бухгольц (C.07 8.1, 16)" in standings
    reference = dict(zip(*(line.split("\t") for line in REFERENCE.read_text().splitlines()
                           if line.startswith(("StartNo", "6\t")))))
    row = [f"{float(reference[c]):g}" for c in ("PTS", "MPVGP", "BH:MP", "BC")]
    assert f"2 6 Team 6 {' '.join(row)}" in standings
    assert crosstable.startswith("Team Swiss 1") and "команда-суперник на 3-му місці, ігрові очки матчу" in crosstable
    [team6] = [line for line in lines[1] if line.startswith("2 6 Team 6")]
    # its match points (7, the reference's PTS) beside the name; its game points by round (": 2") add up to 11
    assert team6.split()[4] == "7" and sum(float(x) for x in re.findall(r": ([\d.]+)", team6)) == 11


def test_page_plays_off_five_tied_in_russian(browser, server):
    """The bundled event with PTS,BH: nos. 4, 2, 14, 15, 16 share places 5-9 on 4.5 points; the published BH (31.5,
    31, 27.5, 25.5, 23.5) keeps four and no. 16 takes place 9.  Each is named as the file's 001 records name them,
    with the starting number after the name, as the command line's play-off text does."""
    from tests.test_web import EXAMPLE

    page, errors = _open_team(browser, server, EXAMPLE, 390, "ru", ["PTS", "BH"])
    page.fill("#playoff-places", "5")
    page.click("#playoff-button")
    page.wait_for_function("document.querySelector('#playoff-text').textContent.length > 1", timeout=30_000)
    lines = page.locator("#playoff-text").inner_text().splitlines()
    assert lines[:3] == ["места 5-9: участники Lingineni,Khushal (4); Davis,Tony J (2); Whitford,Matthew (14); "
                         "Bodke,Krishna (15) — отбор четырёх, затем олимпийская система",
                         "  следующий дополнительный показатель (BH) оставляет четырёх лучших",
                         "  Matijas,Dejan (16) выбывает и занимает место 9"]
    # a new user saw the play-offs stay Russian under a Ukrainian page: the answer is asked again in the new language
    page.select_option("#lang", "uk")
    page.wait_for_function("document.querySelector('#playoff-text').textContent.startsWith('місця 5-9')",
                           timeout=30_000)
    assert page.locator("#playoff-text").inner_text().splitlines()[2] == "  Matijas,Dejan (16) вибуває і посідає місце 9"
    assert not errors
    page.close()
