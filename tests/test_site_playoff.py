"""The website's play-off page (issues 37 and 39): ``tiebreak site --playoff FILE`` places the tied players by the
play-off's games, marks the places it decided on the final standings and shows its stages, for an individual and a
team event, in en, ru and uk.

Hand computations: in the bundled Hobsons Bay Cup, Nos. 7 and 9 tie on 6 points; a mini-match 7-9 ½-½, 9-7 1-0 gives
No. 9 1½-½: first place to No. 9, second to No. 7 (Arbiters' Manual 13.2.11 case 1).  In the generated team Swiss B
(tests/data/generated-team), Teams 12 and 2 tie on 9 match points (places 3-4); a mini-match 2-12 1-0, 12-2 ½-½
gives Team 2 1½-½: third place to Team 2, fourth to Team 12."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sources import ROOT

pytest.importorskip("jinja2")

from tiebreak.cli import main  # noqa: E402

SWISS = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
TEAMS = ROOT / "tests" / "data" / "generated-team" / "team-swiss-b.trf"


def ranks(page: Path) -> list[tuple[str, str]]:
    """(the rank cell's text, the link of the row's name) of every row of the standings table."""
    html = page.read_text(encoding="utf-8")
    return re.findall(r'<td class="rank">(?:<a href="playoff.html">)?([^<]*)(?:</a>)?</td>.*?href="((?:player|team)-\d+)'
                      r'\.html"', html)


@pytest.mark.parametrize("path,games,decided,undecided", [
    (SWISS, "stage mini-match\n7 9 1/2-1/2\n9 7 1-0\n", [("1‡", "player-9"), ("2‡", "player-7")], "player-3"),
    (TEAMS, "stage mini-match\n2 12 1-0\n12 2 =\n", [("3‡", "team-2"), ("4‡", "team-12")], "team-3"),
], ids=["individual", "team"])
def test_the_playoff_places_the_tied_and_has_its_page(path, games, decided, undecided, tmp_path, capsys):
    playoff = tmp_path / "playoff.txt"
    playoff.write_text(games, encoding="utf-8")
    out = tmp_path / "site"
    assert main(["site", str(path), "-o", str(out), "--playoff", str(playoff)]) == 0
    capsys.readouterr()
    rows = ranks(out / "en" / "standings.html")
    assert [r for r in rows if r[0].endswith("‡")] == decided
    assert (undecided in dict((b, a) for a, b in rows)) and "‡" not in dict((b, a) for a, b in rows)[undecided]
    assert not [r for r in ranks(out / "en" / "standings-1.html") if "‡" in r[0]]  # the play-off follows the last round
    for lang, words in (("en", ("Play-off", "Stage 1: mini-match", "takes place")),
                        ("ru", ("Плей-офф", "Этап 1: мини-матч", "занимает место")),
                        ("uk", ("Плей-оф", "Етап 1: міні-матч", "посідає місце"))):
        page = (out / lang / "playoff.html").read_text(encoding="utf-8")
        assert all(w in page for w in words), lang
        assert 'href="playoff.html"' in (out / lang / "index.html").read_text(encoding="utf-8")  # in the menu
        assert "‡" in (out / lang / "standings.html").read_text(encoding="utf-8").split('class="legend"')[1]
    first, second = (re.sub(r"\D", "", n) for _, n in decided)
    games_of = re.findall(r'<tr><td>(\d)</td><td class="name"><a href="(?:player|team)-(\d+)\.html".*?<td>([^<]*)</td>'
                          r'<td class="name"><a href="(?:player|team)-(\d+)\.html"', (out / "en" / "playoff.html")
                          .read_text(encoding="utf-8"))
    assert {(w, b) for _, w, _, b in games_of} == {(first, second), (second, first)}
    assert sorted(r for _, _, r, _ in games_of) == ["1-0", "½-½"]


def test_without_a_playoff_there_is_no_page_and_no_mark(tmp_path):
    assert main(["site", str(SWISS), "-o", str(tmp_path / "site")]) == 0
    assert not (tmp_path / "site" / "en" / "playoff.html").exists()
    assert "‡" not in (tmp_path / "site" / "en" / "standings.html").read_text(encoding="utf-8")


def test_a_playoff_between_players_who_were_not_tied_is_refused(tmp_path, capsys):
    playoff = tmp_path / "playoff.txt"
    playoff.write_text("stage mini-match\n7 3 1-0\n3 7 1-0\n", encoding="utf-8")
    assert main(["site", str(SWISS), "-o", str(tmp_path / "site"), "--playoff", str(playoff)]) != 0
    err = capsys.readouterr().err
    assert "playoff.txt" in err and "line 1" in err and "not tied" in err
    assert not (tmp_path / "site").exists()


@pytest.fixture(scope="module")
def played_off(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled example's site with Nos. 7 and 9 played off, built once for both widths (only read)."""
    tmp_path = tmp_path_factory.mktemp("played-off")
    playoff = tmp_path / "playoff.txt"
    playoff.write_text("stage mini-match\n7 9 =\n9 7 1-0\n", encoding="utf-8")
    out = tmp_path / "site"
    assert main(["site", str(SWISS), "-o", str(out), "--playoff", str(playoff)]) == 0
    return out


@pytest.mark.parametrize("width", [390, 1280])
def test_the_playoff_page_and_the_marked_standings_in_chromium(browser, played_off, width):
    """At a phone's and a desktop's width no page scrolls sideways, and axe-core finds no serious or critical
    violation on the play-off page and on the standings with their marks and downloads."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
    out = played_off
    page = browser.new_page(viewport={"width": width, "height": 800})
    found = []
    for lang, name in (("en", "playoff.html"), ("uk", "playoff.html"), ("ru", "standings.html")):
        page.goto((out / lang / name).as_uri())
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), (lang, name)
        found += [(lang, name, v["id"]) for v in axe.run(page).response["violations"]
                  if v["impact"] in ("serious", "critical")]
    page.close()
    assert not found
