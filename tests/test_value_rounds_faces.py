"""How a value was made reads alike on every face (issue 33): the command line's ``tiebreak explain``, the web page's
panel, the site's card and the live screen's card show a value's rounds in one column order — round, result,
opponent (name and number), contribution — and say how they were counted once under the table, in English, Russian
and Ukrainian, for a player and for a team (a team's rounds are its matches).  Also: the crosstable's start number
column on the site and the live screen, the game points headed as the glossary names them, and the live heading of a
finished event without counts of none.

The values by hand from the files:
- ``examples/hobsons-bay-cup-2025.trf``, No. 2 Davis: round 1 ``16 w 1``, a win over No. 16 Matijas,Dejan: 1 point.
- ``friendship-cup-2024.trf``, the team placed first: each round's match points are its own value (2 a match won).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sources import CORPUS, ROOT

pytest.importorskip("jinja2")
pytest.importorskip("fastapi")
pytest.importorskip("watchfiles")

from fastapi.testclient import TestClient  # noqa: E402
from test_site import Tables  # noqa: E402

from tiebreak import compute_standings, trf  # noqa: E402
from tiebreak.cli import main  # noqa: E402
from tiebreak.live.settings import Settings  # noqa: E402
from tiebreak.live.watch import LiveHub  # noqa: E402
from tiebreak.render.explain_panel import panel  # noqa: E402
from tiebreak.web.live import live_app  # noqa: E402
from tiebreak.web.page_words import page_words  # noqa: E402

EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
FRIENDSHIP = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"  # bundled in tests/data/shared
TEAM_T = ROOT / "tests" / "data" / "team" / "example-t.trf"
LANGS = ("en", "ru", "uk")
HEADS = {"en": ["Round", "Result", "Opponent", "Contribution"], "ru": ["Тур", "Результат", "Соперник", "Вклад"],
         "uk": ["Тур", "Результат", "Суперник", "Внесок"]}
WIN = {"en": "win", "ru": "победа", "uk": "перемога"}
OWN = {"en": "How counted: the round's own value", "ru": "Как учтено: собственное значение тура",
       "uk": "Як враховано: власне значення туру"}
#: No. 2's round 1 of the points, by hand from the file: a win over No. 16, one point
ROUND_1 = {lang: ["1", WIN[lang], "Matijas,Dejan (16)", "1"] for lang in LANGS}


def _text_table(out: str, key: str) -> tuple[list[list[str]], str]:
    """The rows of ``key``'s rounds in ``tiebreak explain``'s text (cells apart by two spaces or more) and the line
    under them."""
    block = out[out.index(f"\n{key} = "):].split("\n\n")[0].splitlines()[2:]
    rows = [re.split(r" {2,}", line.strip()) for line in block]
    return rows[:-1], block[-1].strip()


def _html_table(html: str, which: str) -> list[list[str]]:
    parser = Tables()
    parser.feed(html)
    return [[c["text"].strip() for c in row] for row in parser.tables[which]]


def _live(folder: Path, address: str) -> str:
    """The live server's page ``address`` of the example followed in ``folder`` (PTS,BH; ties left shared, as the
    site built with ``--no-lots`` leaves them: ``serve --no-lots``)."""
    (folder / "Open.trf").write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    hub = LiveHub(folder, database="none", settings=Settings(tiebreaks="PTS,BH", no_lots=True))
    try:
        return TestClient(live_app(hub)).get(address).text
    finally:
        hub.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    out = tmp_path_factory.mktemp("site")
    assert main(["site", str(EXAMPLE), "-o", str(out / "i"), "--tiebreaks", "PTS,BH", "--no-lots"]) == 0
    assert main(["site", str(FRIENDSHIP), "-o", str(out / "t"), "--no-lots"]) == 0
    return {f"{kind}/{lang}/{page}": (out / kind / lang / page).read_text(encoding="utf-8")
            for kind, page in (("i", "player-2.html"), ("i", "crosstable.html"), ("t", "crosstable.html"),
                               ("t", "team-1.html"), ("t", "index.html")) for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
def test_a_players_rounds_read_alike_on_every_face(lang, site, tmp_path, capsys):
    assert main(["explain", str(EXAMPLE), "--player", "2", "--tiebreaks", "PTS,BH", "--no-lots", "--lang", lang]) == 0
    points = {"en": "Pts", "ru": "Очки", "uk": "Очки"}[lang]  # the points as the standings head their column
    rows, under = _text_table(capsys.readouterr().out, points)
    assert rows[0] == HEADS[lang] and rows[1] == ROUND_1[lang] and under == OWN[lang]
    # the page's panel: the same columns, the same row, the sentence once under the table
    html = panel(compute_standings(trf.load(EXAMPLE), "PTS,BH", lots=False), [2], lang, page_words(lang))
    table = html[html.index('data-spec="PTS"'):html.index('data-spec="BH"')]
    assert _html_table("<table id='x'>" + table.split("<table", 1)[1], "x")[:2] == [HEADS[lang], ROUND_1[lang]]
    assert f'<p class="note">{OWN[lang]}</p>'.replace("'", "&#39;") in table
    # the site's card and the live screen's card (one template): the same again
    live = _live(tmp_path, f"/live/cards/Open.trf/{lang}/player-2.html")
    for card in (site[f"i/{lang}/player-2.html"], live):
        assert _html_table(card, "tb1")[:2] == [HEADS[lang], ROUND_1[lang]]
        assert f"<p>{OWN[lang]}</p>".replace("'", "&#39;") in card


@pytest.mark.parametrize("lang", LANGS)
def test_a_teams_rounds_are_its_matches_in_the_same_columns(lang, site, capsys):
    assert main(["explain", str(FRIENDSHIP), "--player", "1", "--no-lots", "--lang", lang]) == 0
    out = capsys.readouterr().out
    key = out.split("\n\n")[2].split(" = ")[0]  # the primary score, as the standings head it
    rows, under = _text_table(out, key)
    assert rows[0] == HEADS[lang] and under == OWN[lang]
    card = _html_table(site[f"t/{lang}/team-1.html"], "tb1")
    assert card[0] == HEADS[lang] and card[1:] == rows[1:]  # the card's rounds are the command line's
    for row in rows[1:]:  # each match: the opposing team named with its number, its match points
        assert re.fullmatch(r".+ \(\d+\)", row[2]) and row[3] in ("0", "1", "2")


@pytest.mark.parametrize("lang", LANGS)
def test_the_crosstable_has_the_start_number_on_every_face(lang, site, tmp_path):
    number = {"en": "No", "ru": "№", "uk": "№"}[lang]
    for page in ("i", "t"):
        rows = _html_table(site[f"{page}/{lang}/crosstable.html"], "crosstable")
        assert rows[0][:2] == [{"en": "Place", "ru": "Место", "uk": "Місце"}[lang], number]
    # No. 2 Davis is placed 2nd... whatever the place, the number is the row's start number, as in the download
    assert main(["standings", str(EXAMPLE), "--tiebreaks", "PTS,BH", "--no-lots", "-f", "html", "-o",
                 str(tmp_path / "x.html"), "--lang", lang]) == 0
    live = _html_table(_live(tmp_path, f"/live?lang={lang}"), "crosstable")
    site_rows = _html_table(site[f"i/{lang}/crosstable.html"], "crosstable")
    assert live[0][1] == number and [r[1] for r in live[1:]] == [r[1] for r in site_rows[1:]]


def test_game_points_are_headed_as_the_glossary_names_them(capsys):
    for lang, mp, gp in (("en", "MP", "GP"), ("ru", "МО", "ИО"), ("uk", "МО", "ІО")):
        assert main(["standings", str(TEAM_T), "-t", "MP,GP", "--no-lots", "--lang", lang]) == 0
        out = capsys.readouterr().out
        head = next(line for line in out.splitlines() if line.split()[-2:] == [mp, gp])
        assert head and re.search(rf"^  {gp} +\S", out, re.M)  # the legend names it so too
    assert main(["standings", str(TEAM_T), "-t", "MP,GP", "--no-lots", "-f", "json"]) == 0
    assert '"GP"' in capsys.readouterr().out  # the JSON keys stay the codes


def test_a_finished_team_event_says_no_count_of_none_live(tmp_path):
    (tmp_path / "cup.trf").write_text(FRIENDSHIP.read_text(encoding="utf-8"), encoding="utf-8")
    hub = LiveHub(tmp_path, database="none")
    try:
        client = TestClient(live_app(hub))
        for view in ("", "&players=1"):
            summary = re.search(r'<small id="summary">([^<]*)</small>', client.get(f"/live?lang=uk{view}").text)
            assert summary is not None and "0 " not in summary.group(1) and "визначено" in summary.group(1)
    finally:
        hub.close()
