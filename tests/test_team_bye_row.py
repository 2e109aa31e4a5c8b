"""A team's bye is one row of one layout on the live screen and on the website's round page: no table number, the
team, its match points and game points, what it got (eyes33f: the live screen wrote «бай за жеребкуванням (3)» where
the round page wrote «1 | 3 | бай за жеребкуванням»)."""

import shutil

import pytest
from bs4 import BeautifulSoup
from sources import CORPUS, needs

from tiebreak.cli import main

CUP = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"  # a team Swiss: team 6 has the bye of round 7


def _bye_rows(html: str, word: str) -> list[list[str]]:
    soup = BeautifulSoup(html, "lxml")
    rows = ([c.get_text(" ", strip=True) for c in tr.find_all(["td", "th"])] for tr in soup.find_all("tr"))
    return [cells for cells in rows if any(c.startswith(word) for c in cells[1:])]


@needs(CUP)
@pytest.mark.parametrize("lang, word", [("en", "pairing-allocated bye"), ("uk", "бай за жеребкуванням")])
def test_a_team_bye_is_the_same_row_live_and_on_the_site(tmp_path, capsys, lang, word):
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient

    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    assert main(["standings", str(CUP)]) == 0  # the crosstable (another face) gives the bye's game points: "bye: 3"
    row = next(line for line in capsys.readouterr().out.splitlines() if "ΛΕΩΝ ΚΑΝΤΙΑ 1" in line and "bye: " in line)
    gp = row.split("bye: ")[1].split()[0]
    assert main(["site", str(CUP), "-o", str(tmp_path / "site")]) == 0
    site = _bye_rows((tmp_path / "site" / lang / "round-7.html").read_text(encoding="utf-8"), word)
    (tmp_path / "watch").mkdir()
    shutil.copyfile(CUP, tmp_path / "watch" / "cup.trf")
    client = TestClient(live_app(LiveHub(tmp_path / "watch", database="none")))
    assert client.get("/api/live").json()["live"]["round"] == 7
    live = _bye_rows(client.get("/live/tables", params={"lang": lang}).text, word)
    assert site == live and len(site) == 1
    assert site[0][0] == "" and "ΛΕΩΝ ΚΑΝΤΙΑ 1" in site[0][1] and site[0][3] == gp and site[0][4] == word
