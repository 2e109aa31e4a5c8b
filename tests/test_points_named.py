"""An individual event's points are named on every face as the standings table heads their column and its legend
names them: "Pts" in English, «Очки» in Russian and Ukrainian (docs/glossary.md: points; a team event's by its
primary score, «МО», the same way) — in ``explain`` (a player's values, what separated two players), ``/api/explain``
(its text and the page's panel), the website's and the live screen's cards; never the list's code "PTS".

Outside values: the published Vega standings of the 2025 Hobsons Bay Cup give no. 9 Wongso 6 points and no. 3
Krishnan 5.5 (so PTS is what first separates them: "6 against 5.5"); the Spanish Swiss-Manager file's no. 1 won his
first three rounds (3 points) where no. 2 won one and drew two (2 points), counted by hand from its rounds.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup
from built import printed
from sources import CORPUS, ROOT, needs

from tiebreak.cli import main

EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
ESP = CORPUS / "swiss-manager" / "esp_1385606.TUNX"
LIST = "PTS,BH/C1"
#: the points column's heading (docs/glossary.md; the standings' "Pts", «Очки»)
POINTS = {"en": "Pts", "ru": "Очки", "uk": "Очки"}
#: the points' name in the legend: the catalogue's "Points" with its article
NAMED = {"en": "Points (C.07 4.2)", "ru": "Очки (C.07 4.2)", "uk": "Очки (C.07 4.2)"}
SEPARATED = {"en": "first separated by Pts [C.07 4.2]: {} against {}",
             "ru": "впервые разделены по показателю Очки [C.07 4.2]: {} против {}",
             "uk": "уперше розділені за показником Очки [C.07 4.2]: {} проти {}"}
LANGS = ("en", "ru", "uk")


@pytest.mark.parametrize("lang", LANGS)
def test_the_standings_head_and_name_the_points_so(capsys, lang):
    text = printed(capsys, "standings", str(EXAMPLE), "-t", LIST, "--no-lots", "--lang", lang)
    assert text.splitlines()[3].split()[-2:] == [POINTS[lang], "BH/C1"]
    assert f"  {POINTS[lang]:10} {NAMED[lang]}" in text.splitlines()


@pytest.mark.parametrize("lang", LANGS)
def test_explain_names_the_points_as_the_standings(capsys, lang):
    pair = printed(capsys, "explain", str(EXAMPLE), "-t", LIST, "--no-lots", "--players", "9", "3", "--lang", lang)
    assert pair.splitlines()[1] == SEPARATED[lang].format("6", "5.5")
    one = printed(capsys, "explain", str(EXAMPLE), "-t", LIST, "--no-lots", "--player", "9", "--lang", lang)
    assert f"\n{POINTS[lang]} = 6 " in one and "PTS" not in one


@needs(ESP)
@pytest.mark.parametrize("lang", LANGS)
def test_the_swiss_manager_pair_of_the_findings(capsys, lang):
    pair = printed(capsys, "explain", str(ESP), "--players", "1", "2", "--lang", lang)
    assert pair.splitlines()[1] == SEPARATED[lang].format("3", "2")


@pytest.fixture(scope="module")
def client():
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.web import create_app
    return TestClient(create_app())


@pytest.mark.parametrize("lang", LANGS)
def test_the_api_and_the_page_name_them_so(client, lang):
    def post(**fields: str):
        data = {"tiebreaks": LIST, "no_lots": "true", "lang": lang, "player": "9", **fields}
        r = client.post("/api/explain", data=data, files={"file": (EXAMPLE.name, EXAMPLE.read_bytes())})
        assert r.status_code == 200, r.text
        return r
    assert post(player2="3").json()["text"].splitlines()[1] == SEPARATED[lang].format("6", "5.5")
    assert f"\n{POINTS[lang]} = 6 " in post().json()["text"]
    panel = BeautifulSoup(post(player2="3", format="html").text, "html.parser")
    assert panel.find(class_="verdict").get_text(strip=True) == SEPARATED[lang].format("6", "5.5")
    values = [x.get_text(strip=True) for x in BeautifulSoup(post(format="html").text, "html.parser")
              .find_all(class_="tb-value")]
    assert values[0] == f"{POINTS[lang]} = 6"


def _card_values(html: str) -> list[str]:
    return [h.get_text(" ", strip=True) for h in BeautifulSoup(html, "html.parser").find_all("h3")
            if h.find(class_="code")]


def test_the_sites_and_the_live_screens_cards_name_them_so(tmp_path):
    out = tmp_path / "site"
    assert main(["site", str(EXAMPLE), "-t", LIST, "--no-lots", "-o", str(out)]) == 0
    for lang in LANGS:
        assert _card_values((out / lang / "player-9.html").read_text(encoding="utf-8"))[0] == (
            f"{POINTS[lang]} = 6 ({NAMED[lang].replace(' (', '; ')}")
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.live.event import Settings
    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    (tmp_path / "cup.trf").write_bytes(EXAMPLE.read_bytes())
    hub = LiveHub(tmp_path / "cup.trf", database="none", settings=Settings(tiebreaks=LIST, no_lots=True))
    try:
        client = TestClient(live_app(hub))
        for lang in LANGS:
            page = client.get(f"/live/cards/cup.trf/{lang}/player-9.html")
            assert page.status_code == 200
            assert _card_values(page.text)[0] == f"{POINTS[lang]} = 6 ({NAMED[lang].replace(' (', '; ')}"
    finally:
        hub.close()
