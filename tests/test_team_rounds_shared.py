"""A team round's matches are one view for the website and the live screen (:func:`tiebreak.views.matches.
round_matches`), checked against the files read here by hand: the Armstrong Cup's board games (each team's match
from its players' opponents in the round) and the TRF-2026 record 330 of a match forfeited whole."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sources import CORPUS, needs

pytest.importorskip("fastapi")
pytest.importorskip("jinja2")

from fastapi.testclient import TestClient  # noqa: E402

from tiebreak.cli import main  # noqa: E402
from tiebreak.live.watch import LiveHub  # noqa: E402
from tiebreak.web.live import live_app  # noqa: E402

ARMSTRONG = CORPUS / "icu-ireland-krause" / "armstrong_2011.tab"  # bundled: 12 teams, 11 rounds
GRANDMOMMY = CORPUS / "sharly-chess" / "trf" / "example_trf26.trf"  # 50 teams, 14 rounds, records 330


def file_matches(path: Path, k: int) -> set[frozenset[int]]:
    """Round ``k``'s team matches read from the file's text: the teams are the 013 records in order (members from
    column 37), each 001 record's round-``k`` block (column 92 + 10 (k - 1)) names its player's opponent."""
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    team_of = {int(x): n for n, line in enumerate((x for x in lines if x.startswith("013")), 1) for x in line[36:].split()}
    pairs = set()
    for line in lines:
        block = line[91 + 10 * (k - 1):95 + 10 * (k - 1)].strip() if line.startswith("001") else ""
        if block.isdigit() and int(block) > 0:
            pairs.add(frozenset((team_of[int(line[4:8])], team_of[int(block)])))
    return pairs


def live_doc(tmp_path: Path, source: Path) -> dict:
    (tmp_path / source.name).write_bytes(source.read_bytes())
    return TestClient(live_app(LiveHub(tmp_path, database="none"))).get("/api/live").json()


@needs(ARMSTRONG)
def test_the_live_screen_names_each_match_of_the_round_once(tmp_path):
    # 12 teams, 6 matches in round 11 (the file: Bray-Kilkenny, Gonzaga-Elm Mount, Phibsboro-Rathmines A,
    # St Benildus-Rathmines B, Dublin University-Dun Laoghaire, Malahide-Dublin); the live list once named two of
    # them twice and left two out
    expected = file_matches(ARMSTRONG, 11)
    assert len(expected) == 6 and len(set().union(*expected)) == 12
    doc = live_doc(tmp_path, ARMSTRONG)
    assert doc["live"]["round"] == 11
    matches = [m for m in doc["pairings"] if m["board"] is not None]
    assert [m["board"] for m in matches] == [1, 2, 3, 4, 5, 6]
    assert {frozenset((m["white"], m["black"])) for m in matches} == expected
    assert not [m for m in doc["pairings"] if m["board"] is None]  # every team plays


@needs(GRANDMOMMY)
def test_a_match_forfeited_whole_is_a_match_on_every_face(tmp_path):
    # record 330 "-+  14  14  35": in round 14 team 14 (Cuba) lost by forfeit to team 35 (Australia), no board
    # played; 2 match points for a win (record 362 TW 2.0), the 4 boards' game points to Australia
    line = next(x for x in GRANDMOMMY.read_text(encoding="utf-8").splitlines() if x.startswith("330 -+  14"))
    assert line.split()[1:] == ["-+", "14", "14", "35"]
    doc = live_doc(tmp_path, GRANDMOMMY)
    match = next(m for m in doc["pairings"] if 14 in (m.get("white"), m.get("black")))
    assert (match["white"], match["black"], match["result"], match["pending"]) == (14, 35, "0 – 4", 0)
    site = tmp_path / "site"
    assert main(["site", str(GRANDMOMMY), "-o", str(site), "--downloads", "none"]) == 0
    for lang, words in (("en", "forfeit loss"), ("ru", "поражение без игры"), ("uk", "поразка без гри")):
        soup = BeautifulSoup((site / lang / "round-14.html").read_text(encoding="utf-8"), "html.parser")
        rows = [[c.get_text(strip=True) for c in tr.find_all(["td", "th"])] for tr in soup.find(id="overview").tbody("tr")]
        assert ["9", "Cuba", "0 – 2", "0 – 4", "Australia"] in rows  # a match, no longer two byes
        assert not any(r[1] in ("Cuba", "Australia") and not r[0] for r in rows)
        assert f"Cuba – Australia: {words}" in soup.get_text()
        card = BeautifulSoup((site / lang / "team-14.html").read_text(encoding="utf-8"), "html.parser")
        row14 = next(tr for tr in card.find(id="matches").tbody("tr") if tr.th.get_text() == "14")
        assert [c.get_text(strip=True) for c in row14("td")] == ["Australia", "0", "0 – 4"]  # played, not pending
