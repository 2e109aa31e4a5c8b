"""One question, one answer on every face, as a new user asks it (issue 33's acceptance, eyes33's findings).

Each test asks what a user asked of two faces that answered differently, or of a face that said it against the
glossary, and checks the answer against a value from outside the code: docs/glossary.md (written here by hand), the
corpus manifest, a count made by hand on the file.
"""

from __future__ import annotations

import datetime
import os
import re
import shutil

import built
import pytest
from sources import CORPUS, ROOT, needs

from tiebreak.cli import main

EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
TEAM = ROOT / "tests" / "data" / "team" / "example-t.trf"
FRIENDSHIP = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"  # bundled in tests/data/shared
SHARLY_TWO_EVENTS = CORPUS / "sharly-chess" / "sce" / "domloup-rapide-2025-3_1_7-m054.sce"


@pytest.fixture(scope="module")
def example_site(tmp_path_factory):
    """The bundled event's site with every default (the tests only read it)."""
    return built.site(tmp_path_factory.mktemp("example") / "site", EXAMPLE)


@pytest.fixture(scope="module")
def lot_site(tmp_path_factory):
    """The bundled event's site by points alone: most places by lot."""
    return built.site(tmp_path_factory.mktemp("lot") / "site", EXAMPLE, "--tiebreaks", "PTS")


@pytest.fixture(scope="module")
def friendship(tmp_path_factory):
    """The Friendship Cup as ``cup.trf`` and its site with every default: (the file, the site)."""
    folder = tmp_path_factory.mktemp("friendship")
    (folder / "cup.trf").write_bytes(FRIENDSHIP.read_bytes())
    return folder / "cup.trf", built.site(folder / "team", folder / "cup.trf")


def _cli(capsys, *argv: str) -> str:
    capsys.readouterr()
    main(list(argv))
    out = capsys.readouterr()
    return out.out + out.err


#: docs/glossary.md, rows "Cut-n" and "Median-n": «усечение-n», «медиана-n»; «скорочення-n», «медіана-n»
MODIFIERS = {"ru": ("усечение-1", "медиана-1"), "uk": ("скорочення-1", "медіана-1")}


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_cut_and_median_are_the_glossarys_words(capsys, lang):
    out = _cli(capsys, "standings", str(EXAMPLE), "--tiebreaks", "BH/C1,BH/M1", "--lang", lang)
    cut, median = MODIFIERS[lang]
    assert "BH/C1 " in out and cut in out and median in out, out  # the legend names the modifiers
    assert "усереднений" not in out and "усечение 1" not in out


#: the check's verdict agrees with «таблица» / «таблиця» (feminine): «с нашей», «з нашою»
@pytest.mark.parametrize(("lang", "words"), [("ru", "расходится с нашей"), ("uk", "розходиться з нашою")],
                         ids=["ru", "uk"])
def test_the_check_verdict_agrees_with_its_noun(capsys, lang, words):
    out = _cli(capsys, "check", str(EXAMPLE), "--lang", lang)
    assert words in out.splitlines()[0]


@needs(SHARLY_TWO_EVENTS)
@pytest.mark.parametrize(("lang", "words"), [("ru", "турниров в файле: 2"), ("uk", "турнірів у файлі: 2"),
                                             ("en", "the file holds 2 tournaments")], ids=["ru", "uk", "en"])
def test_a_database_of_two_events_counts_them_in_every_language(capsys, lang, words):
    # docs/glossary.md, Numbers: a count that cannot take its plural form goes after a colon (not «2 турниров»)
    assert main(["standings", str(SHARLY_TWO_EVENTS), "--lang", lang]) != 0
    assert words in capsys.readouterr().err


@pytest.mark.parametrize(("lang", "words"), [("ru", "впервые разделены по "), ("uk", "уперше розділені за ")],
                         ids=["ru", "uk"])
def test_what_separated_two_players_or_two_teams_is_said_alike(capsys, lang, words):
    players = _cli(capsys, "explain", str(EXAMPLE), "--players", "7", "9", "--lang", lang)
    teams = _cli(capsys, "explain", str(TEAM), "--players", "1", "2", "--lang", lang)
    assert words in players.splitlines()[1], players
    assert words in teams.splitlines()[1], teams


def test_the_live_team_view_says_the_warnings_of_reading_the_file(tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    (tmp_path / "cup.trf").write_bytes(FRIENDSHIP.read_bytes())
    client = TestClient(live_app(LiveHub(tmp_path, database="none")))
    teams, players = client.get("/api/live").json(), client.get("/api/live?players=1").json()
    # the corpus manifest: "players whose stated points do not equal the sum of their round results (... Friendship
    # Cup player 41 ...)"; the file's own line 59 says 1 where its rounds add up to 0
    said = "player 41: points column says 1 but the results add up to 0"
    assert any(said in w for w in teams["warnings"]), teams["warnings"]
    assert teams["warnings"] == players["warnings"]  # the teams' view and the players' view: one file, one reading


def _with_round_7_pending(text: str, start_nos: set[int]) -> str:
    """The TRF ``text`` with the round-7 result of each of ``start_nos`` blanked (column 159: a game being played)."""
    lines = []
    for line in text.split("\n"):
        if line.startswith("001 ") and int(line[4:8]) in start_nos:
            line = line[:158] + " " + line[159:]
        lines.append(line)
    return "\n".join(lines)


def test_the_live_note_counts_each_pending_game_once(tmp_path, capsys):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    # round 7 of the example: 3-7 and 2-9 (boards 1 and 2) still being played: two games, by hand
    event = tmp_path / "cup.trf"
    event.write_text(_with_round_7_pending(EXAMPLE.read_text(encoding="utf-8"), {2, 3, 7, 9}), encoding="utf-8")
    note = "games pending: 2 (not yet played"
    assert note in _cli(capsys, "standings", str(event))
    doc = TestClient(live_app(LiveHub(tmp_path, database="none"))).get("/api/live").json()
    assert doc["live"]["pending"] == 2
    assert any(n.startswith(note) for n in doc["notes"]), doc["notes"]


#: the legend's name of BH/C1 (the catalogue's name with the glossary's modifier, docs/glossary.md)
BH_C1 = {"en": "Buchholz, Cut-1", "ru": "Коэффициент Бухгольца, усечение-1", "uk": "Бухгольц, скорочення-1"}


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_an_explained_value_is_named_as_the_legend_names_it(capsys, lang, example_site):
    legend = _cli(capsys, "standings", str(EXAMPLE), "--lang", lang)
    assert BH_C1[lang] + " (C.07 8.1)" in legend
    # the command line's explanation of a player and of a team
    player = _cli(capsys, "explain", str(EXAMPLE), "--player", "7", "--lang", lang)
    assert f"BH/C1 = 30   {BH_C1[lang]} [C.07 8.1]" in player  # 30: the published BH/C1 of no. 7 (Vega)
    team = _cli(capsys, "explain", str(TEAM), "--player", "1", "--tiebreaks", "PTS,BH/C1", "--lang", lang)
    assert f"   {BH_C1[lang]} [C.07 8.1" in team
    # the site's card of the player
    card = (example_site / lang / "player-7.html").read_text(encoding="utf-8")
    assert f"({BH_C1[lang]}; C.07 8.1)" in card.replace("<wbr>", "")


def test_a_team_match_is_headed_by_its_table_on_the_live_screen_as_on_the_site(tmp_path, friendship):
    pytest.importorskip("fastapi")
    import re

    from fastapi.testclient import TestClient

    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    (tmp_path / "live").mkdir()
    (tmp_path / "live" / "cup.trf").write_bytes(FRIENDSHIP.read_bytes())
    page = TestClient(live_app(LiveHub(tmp_path / "live", database="none"))).get("/live?lang=ru").text
    site = (friendship[1] / "ru" / "round-7.html").read_text(encoding="utf-8")

    def first_head(html: str, marker: str) -> str:  # the first column's heading of the table after ``marker``
        return re.search(r"<th\b[^>]*>(?:<abbr[^>]*>)?([^<]*)", html[html.index(marker):]).group(1)

    # a board is one game of a match (docs/glossary.md: «доска»); the match itself is numbered by its table
    assert first_head(page, 'id="pairings"') == first_head(site, "<table") == "Ст."


def test_a_team_events_live_history_is_the_teams(tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    (tmp_path / "cup.trf").write_bytes(FRIENDSHIP.read_bytes())
    client = TestClient(live_app(LiveHub(tmp_path, database=f"sqlite:///{tmp_path / 'history.sqlite'}")))

    def section(page: str) -> str:  # the history section the server rendered
        start = page.index('<section id="history-section"')
        return page[start:page.index("</section>", start)]

    teams = section(client.get("/live?lang=ru").text)
    card = client.get("/live/cards/cup.trf/ru/team-3.html").text
    history = client.get("/live/history?event=cup.trf&player=3&lang=ru").text
    # the rows and cards of the teams' view are teams (docs/glossary.md: a player is «участник», a team «команда»)
    assert "<h2>История команды</h2>" in teams and "карточку команды" in teams
    assert "История команды" in card and "История участника" not in card
    assert "История команды: ΟΑΑΗ" in history  # team 3 is ΟΑΑΗ (the file's 013 record)


def _site_lists(page: str) -> tuple[list[str], list[str]]:
    """The notes and the warnings under the website's standings (every item, those folded too)."""
    bs4 = pytest.importorskip("bs4")
    soup = bs4.BeautifulSoup(page, "html.parser")
    notes = soup.select_one("h2#notes + ul")
    warnings = soup.select("h2#warnings ~ ul.warnings li, h2#warnings ~ details ul.warnings li")
    return ([li.get_text() for li in notes.select("li")] if notes else []), [li.get_text() for li in warnings]


#: the standings' headings of the two lists, as the web page heads them (docs/guide/site.md)
LISTS = {"en": ("Notes", "Warnings"), "ru": ("Примечания", "Предупреждения"), "uk": ("Примітки", "Попередження")}


def test_the_sites_standings_say_why_and_what_reading_the_file_said(example_site, friendship):
    """The site said neither which rules and list it applied and why (the command line, the page and the live API
    do) nor what reading the file said (the live API and the page do): its standings page now says both, in the
    reader's language, the file named by its name alone; a team event's too; the live screen says the same under
    its tables."""
    pytest.importorskip("jinja2")
    for lang, (notes_word, warnings_word) in LISTS.items():
        page = (example_site / lang / "standings.html").read_text(encoding="utf-8")
        assert f'<h2 id="notes">{notes_word}</h2>' in page, lang
        notes, warnings = _site_lists(page)
        assert warnings == [] and f'<h2 id="warnings">{warnings_word}</h2>' not in page  # a file read cleanly
        if lang == "en":  # the file's start date (TRF 042: 2025/06/10) and no list in it: FIDE's default for a Swiss
            assert notes[0].startswith("rules fide-2024 chosen by start date 2025-06-10"), notes
            assert "no tie-break list given; FIDE default for a swiss event: Pts, BH/C1, BH, DE, WIN, WON, BPG, SB" in notes
    cup, team = friendship
    for lang in LISTS:
        page = (team / lang / "standings.html").read_text(encoding="utf-8")
        notes, warnings = _site_lists(page)
        assert notes and str(cup.parent) not in page, lang  # never a folder of the arbiter's machine
        # the corpus manifest: the Friendship Cup's player 41, whose line 59 says 1 point where the rounds add up to 0
        said = {"en": "player 41: points column says 1 but the results add up to 0",
                "ru": "участник 41: в столбце очков 1, а по результатам 0",
                "uk": "учасник 41: у стовпці очок 1, а за результатами 0"}[lang]
        assert any(w.startswith("cup.trf, ") and said in w for w in warnings), (lang, warnings[:3])
        if lang == "en":
            assert ("no tie-break list given; default for a team event (Arbiters' Manual 13.15.5, team Swiss; SB in "
                    "place of its team SB of 13.9.3): MP, MPVGP, EDE, BH/C1, BH, SB") in notes
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    client = TestClient(live_app(LiveHub(cup, database="none")))
    _, warnings = _site_lists((team / "en" / "standings.html").read_text(encoding="utf-8"))
    assert warnings == client.get("/api/live").json()["warnings"]  # the live API's warnings, one for one
    for lang in LISTS:  # and the live screen's, worded in the reader's language as the site words them
        site = _site_lists((team / lang / "standings.html").read_text(encoding="utf-8"))
        assert _site_lists(client.get("/live/tables", params={"lang": lang}).text) == site, lang


def test_every_download_is_dated_by_the_event_as_the_standings_are(capsys, tmp_path):
    # eyes33b: the standings' page said the file's day while the odds', ratings' and prizes' pages said the clock's;
    # eyes33f: the file's day is a copy's day: every page says the event's last day (record 052: 05/08/2025)
    event = tmp_path / "event.trf"
    shutil.copyfile(EXAMPLE, event)
    saved = datetime.datetime(2025, 10, 20, 12, 0, tzinfo=datetime.timezone.utc).timestamp()
    os.utime(event, (saved, saved))
    prizes = tmp_path / "prizes.csv"
    prizes.write_text("place,1,100\nplace,2,50\n", encoding="utf-8")
    asked = {"standings": ["standings", str(event), "--format", "html"],
             "odds": ["odds", str(event), "--after-round", "6", "--format", "html"],
             "ratings": ["ratings", str(event), "--format", "html"],
             "prizes": ["prizes", str(event), "--prizes", str(prizes), "--format", "html"]}
    for face, argv in asked.items():
        page = _cli(capsys, *argv)
        assert '@top-right{content:"2025-08-05"' in page, face
        if face in ("standings", "prizes"):  # titled by the event's name (record 012), not the file's
            assert "<title>2025 Hobsons Bay Cup</title>" in page, face
    assert '@top-right{content:"2025-08-05"' in _cli(capsys, *asked["odds"], "--lang", "ru")


#: the opponent of a round is named under the «Соперник» / «Суперник» heading by name and number (as the page's panel
#: and the cards name it; «победа с 19» read "a win together with 19"), and the pair's verdict says «30 против 28.5»
@pytest.mark.parametrize(("lang", "vs", "opponent"), [("ru", "против", "Соперник"), ("uk", "проти", "Суперник")],
                         ids=["ru", "uk"])
def test_a_rounds_opponent_is_worded_as_the_pairs_verdict_words_it(capsys, lang, vs, opponent):
    out = _cli(capsys, "explain", str(EXAMPLE), "--player", "7", "--lang", lang)
    head, first_round = (re.split(r" {2,}", line.strip()) for line in out[out.index("\nОчки = "):].splitlines()[2:4])
    assert head[2] == opponent and first_round[2] == "Yang,Yifan (19)"  # no. 7's round 1: no. 19 (the TRF line)
    pair = _cli(capsys, "explain", str(EXAMPLE), "--players", "7", "9", "--lang", lang)
    assert f"30 {vs} 28.5" in pair  # Vega's published BH/C1 of no. 7 and no. 9


#: the lot's one line of the legend (render/words, in the catalogue): the mark "*", "place decided by lot (seed N)";
#: 816560 is the seed the example's event draws its lots with (the odds' simulation of the same file says it too:
#: tests/test_odds_faces.py)
LOT = {"en": "place decided by lot (seed 816560)", "ru": "место определено жребием (номер жребия 816560)",
       "uk": "місце визначено жеребом (номер жеребу 816560)"}


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_lot_is_said_in_one_sentence_with_its_seed_on_every_face(capsys, lot_site, lang):
    text = _cli(capsys, "standings", str(EXAMPLE), "--tiebreaks", "PTS", "--lang", lang)
    page = (lot_site / lang / "standings.html").read_text(encoding="utf-8")
    assert re.search(rf"^  \* +{re.escape(LOT[lang])}$", text, re.M), text  # the text's legend: the mark aligned
    assert f"<li>* = {LOT[lang]}</li>" in page, lang


#: docs/glossary.md: match points «МО» (ru, uk), «Матчевые очки» / «Матчеві очки»; C.07 11.1.1 (the seeds' article)
PRIMARY = {"en": "MP = Match points (C.07 11.1.1)", "ru": "МО = Матчевые очки (C.07 11.1.1)",
           "uk": "МО = Матчеві очки (C.07 11.1.1)"}


def test_the_sites_team_legend_cites_the_primary_scores_article(capsys, tmp_path):
    _cli(capsys, "site", str(TEAM), "-o", str(tmp_path / "site"))
    for lang, line in PRIMARY.items():
        assert line in (tmp_path / "site" / lang / "standings.html").read_text(encoding="utf-8"), lang


#: one name of the live table, as the live card links to it and the embed names its table, written here by hand
LIVE_TABLE = {"en": "Live standings", "ru": "Турнирная таблица в реальном времени", "uk": "Турнірна таблиця наживо"}


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_live_table_has_one_name_on_the_live_page_and_the_embed(tmp_path, lang):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    shutil.copy(EXAMPLE, tmp_path / "open.trf")
    client = TestClient(live_app(LiveHub(tmp_path, database="none")))
    tables = client.get("/live/tables", params={"event": "open.trf", "lang": lang})
    embed = client.get("/embed", params={"event": "open.trf", "lang": lang}).text
    assert f"<caption>{LIVE_TABLE[lang]}</caption>" in embed  # its heading is the event's name
    headings = re.findall(r"<h2[^>]*>([^<]*?) <small id=\"summary\">", tables.text)
    assert headings == [LIVE_TABLE[lang]], (tables.status_code, headings)


def test_a_huge_event_name_is_cut_with_a_warning_naming_its_line(capsys, tmp_path):
    """A 9,600-character record 012 (a hostile upload): the name kept is its first 200 characters, said in a warning
    naming the file, the line (1), the column (5, where TRF-16 starts a record's text) and the field."""
    name = "Very long event " * 600  # 9,600 characters, counted by hand: 16 x 600
    lines = EXAMPLE.read_text(encoding="utf-8").split("\n")
    path = tmp_path / "huge.trf"
    path.write_text("\n".join([f"012 {name}", *(x for x in lines if not x.startswith("012"))]), encoding="utf-8")
    out = _cli(capsys, "standings", str(path))
    assert f"{path}, line 1, column 5 (event name): 9600 characters of text; only the first 200 are kept" in out
    assert name[:200].rstrip() in out and name[:201] not in out


def test_a_playoffs_lines_are_worded_beside_their_messages(capsys):
    """Nos. 9 and 7 tie for first on points alone in the example (its standings, counted by hand: 6 points each);
    the answer keeps the format's identifier, words the lines in Russian (the tied named as the file's 001 records
    name them, ``Name (No)``) and gives the same lines as messages in ``said``, as the standings' notes are."""
    import json

    out = _cli(capsys, "playoffs", str(EXAMPLE), "--places", "1", "--tiebreaks", "PTS", "--format", "json",
               "--lang", "ru")
    answer = json.loads(out[out.index("{"):])
    group = answer["groups"][0]
    assert (group["players"], group["format"]) == ([9, 7], "mini-match")
    assert group["text"][0] == "места 1-2: участники Wongso,Renaldo (9); Nguyen,Anh Kiet (7) — мини-матч"
    assert group["said"]["text"][0] == {"id": "places {}-{}: players {} — {}",
                                        "values": ["1", "2", "Wongso,Renaldo (9); Nguyen,Anh Kiet (7)",
                                                   {"term": "mini-match"}]}  # a word worded later; the names kept
    assert group["said"]["text"][1].startswith("start at least 30 minutes") and len(group["text"]) == 4
    assert (answer["warnings"], answer["said"]) == ([], {"notes": [], "warnings": []})
