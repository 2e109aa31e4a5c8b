"""The same question on every face gives the same words and numbers (issue 33, a new user's review: items 9, 11-13
and 15): one mark of a place the play-off decided, one word for a bye read from a result, one notation of a match's
score, one word for a game without a result on the live server's faces, one decimal separator per language.  Every
expected text is written here by hand, in English, Russian and Ukrainian."""

from __future__ import annotations

import re

import pytest
from built import printed
from sources import ROOT

from tiebreak.cli import main

pytest.importorskip("jinja2")

EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
TEAM = ROOT / "tests" / "data" / "team" / "example-t.trf"


@pytest.mark.parametrize(("lang", "half_up", "tenths"), [
    ("en", ".5 up", "the percentage to one decimal, rounded half up"),
    ("ru", "0.5 — в большую сторону", "процент до десятых, округление 0.5 в большую сторону"),
    ("uk", "0.5 — у більшу сторону", "відсоток до десятих, округлення 0.5 у більшу сторону"),
], ids=["en", "ru", "uk"])
def test_the_rating_reports_rules_write_a_half_with_the_decimal_point_of_its_table(capsys, lang, half_up, tenths):
    """The rating report's line of rules wrote «0,5 — в большую сторону» above a table of 0.83, 23.4 (and every
    face writes points with a point in every language: 4.5, «64.8 %»)."""
    fide = printed(capsys, "ratings", str(EXAMPLE), "--lang", lang)
    assert half_up in fide and "0,5" not in fide
    harkness = printed(capsys, "ratings", str(EXAMPLE), "--system", "harkness", "--lang", lang)
    assert tenths in harkness.replace("\n", " ") and "0,5" not in harkness


@pytest.fixture(scope="module")
def client():
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.web import create_app

    return TestClient(create_app())


@pytest.mark.parametrize(("lang", "gp"), [("en", "GP"), ("ru", "ИО"), ("uk", "ІО")])
def test_a_matchs_score_is_written_in_one_notation_on_every_face(capsys, client, tmp_path, lang, gp):
    """Team A beat B 1.5-0.5 in round 1 of the bundled team example: the explanation of a team on the command line
    and on the page wrote "1.5 : 0.5", the website's card and round page, the live screen and /api/live
    "1.5 – 0.5" (the notation of most faces: an en dash between spaces)."""
    text = printed(capsys, "explain", str(TEAM), "--player", "1", "--lang", lang)
    assert f"{gp} 1.5 – 0.5" in text and " : " not in text
    upload = {"file": (TEAM.name, TEAM.read_bytes())}
    panel = client.post("/api/explain", data={"player": "1", "format": "html", "lang": lang}, files=upload)
    assert panel.status_code == 200, panel.text
    assert ">1.5 – 0.5<" in panel.text and "1.5 : 0.5" not in panel.text
    printed(capsys, "site", str(TEAM), "-o", str(tmp_path / "site"), "--lang", lang)
    card = (tmp_path / "site" / lang / "team-1.html").read_text()
    assert ">1.5 – 0.5<" in card


def _in_play(path):
    """The bundled example with its round-7 game 3 v 7 paired and its result blank (3 had White: "7 w 1")."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    for k, line in enumerate(lines):
        if line.startswith("001") and line[4:8].strip() in ("3", "7"):
            lines[k] = line.rstrip()[:-1].rstrip() + "  "
    path.parent.mkdir(exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


#: a game paired without a result: being played, on the live server's faces; not played yet, on a file's website
PLAYING = {"en": "playing", "ru": "играется", "uk": "грається"}
NOT_PLAYED = {"en": "not yet played", "ru": "ещё не сыграна", "uk": "ще не зіграна"}


def test_a_game_without_a_result_is_said_one_way_on_the_live_servers_faces(tmp_path, capsys):
    """3 v 7 of round 7 paired, no result yet: the live screen's pairings said "playing" («играется»), the website the
    same server keeps (``serve --watch --site``) "not yet played" («ещё не сыграна») on its round page and card at
    the same moment.  The live server's faces now say "playing" alike; a website made from a file (``tiebreak
    site``), which cannot know whether the game has begun, keeps "not yet played"."""
    import json

    from tiebreak.live.watch import LiveHub
    from tiebreak.render.live_tables import live_parts
    from tiebreak.site.live import LiveSite

    path = _in_play(tmp_path / "hall" / "hb.trf")
    printed(capsys, "site", str(path), "-o", str(tmp_path / "static"))
    site = LiveSite(tmp_path / "site", watched=path)
    hub = LiveHub(path, database="none", site=site)
    try:
        events = list(hub.events.values())
        site.apply(events)
        doc = json.loads(events[0].text)
        for lang in ("en", "ru", "uk"):
            assert f">{PLAYING[lang]}<" in live_parts(doc, [], lang)["pairings"]
            for page in ("round-7.html", "player-3.html", "player-7.html"):
                live = (tmp_path / "site" / lang / page).read_text(encoding="utf-8")
                assert f">{PLAYING[lang]}<" in live and NOT_PLAYED[lang] not in live, (lang, page)
                static = (tmp_path / "static" / lang / page).read_text(encoding="utf-8")
                assert f">{NOT_PLAYED[lang]}<" in static and f">{PLAYING[lang]}<" not in static, (lang, page)
    finally:
        hub.close()


#: a game result without an opponent, read as the bye it amounts to: six '+' (grouped) and one '='
BYES = {"en": ("round 1: result '+' without an opponent, read as full-point bye (6 such warnings: lines 2, 3, 4, 5, 6, …)",
               "round 1: result '=' without an opponent, read as half-point bye"),
        "ru": ("тур 1: результат '+' без соперника, прочитан как бай в очко (6 таких предупреждений: строки 2, 3, 4, 5, 6, …)",
               "тур 1: результат '=' без соперника, прочитан как бай в пол-очка"),
        "uk": ("тур 1: результат '+' без суперника, прочитано як бай в очко (6 таких попереджень: рядки 2, 3, 4, 5, 6, …)",
               "тур 1: результат '=' без суперника, прочитано як бай в пів очка")}


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_bye_read_from_a_result_is_named_in_words_as_the_legend_names_it(tmp_path, capsys, client, lang):
    """A TRF result without an opponent ("0000 - +") was warned "read as FPB" («прочитан как FPB») where the
    crosstable's legend and the cards say "full-point bye" («бай в очко»); six alike are still said once with their
    count, on the command line and in the API's answer."""
    import json

    rows = [f"001 {n:>4}      Player {n}".ljust(91) + f"0000 - {'=' if n == 7 else '+'}" for n in range(1, 8)]
    path = tmp_path / "byes.trf"
    path.write_text("\n".join(["012 Byes", *rows]) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["standings", str(path), "--lang", lang]) == 0
    err = capsys.readouterr().err
    assert [line.split("): ", 1)[1] for line in err.splitlines() if "0000" not in line and "): " in line] == \
        list(BYES[lang])
    upload = {"file": (path.name, path.read_bytes())}
    answer = client.post("/api/standings", data={"format": "json", "lang": lang}, files=upload)
    assert answer.status_code == 200, answer.text
    doc = answer.json()
    assert [w.split("): ", 1)[1] for w in doc["warnings"]] == list(BYES[lang])
    said = json.dumps(doc["said"]["warnings"])  # the bye by its catalogue entry, for a program to word
    assert '{"id": "full-point bye", "values": [], "context": "kind:FPB"}' in said and '"FPB"' not in said


#: the legend's line of a place the play-off decided, on every face (the play-off's article)
PLAYOFF_LINE = {"en": "place decided by the play-off (Arbiters' Manual 13.2)",
                "ru": "место определено плей-офф (Руководство для арбитров 13.2)",
                "uk": "місце визначено плей-оф (Посібник для арбітрів 13.2)"}


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_place_the_playoff_decided_is_marked_on_every_face_that_shows_the_standings(tmp_path, capsys, client, lang):
    """Nos. 7 and 9 of the bundled example tie on 6 points; a mini-match 7-9 ½-½, 9-7 1-0 gives No. 9 first place,
    No. 7 second (Arbiters' Manual 13.2.11 case 1).  The website marked them "1‡", "2‡" with a legend line; the
    command line's text, the HTML download and the page wrote "1", "2" without a mark or a line."""
    from html import unescape

    playoff = tmp_path / "playoff.txt"
    playoff.write_text("stage mini-match\n7 9 1/2-1/2\n9 7 1-0\n", encoding="utf-8")
    text = printed(capsys, "standings", str(EXAMPLE), "--playoff", str(playoff), "--lang", lang)
    rows = [line.split()[:2] for line in text.splitlines() if re.match(r"\s*\d+\S*\s+\d+\s", line)]
    assert rows[:3] == [["1‡", "9"], ["2‡", "7"], ["3", "3"]]
    assert re.search(rf"\n  ‡ +{re.escape(PLAYOFF_LINE[lang])}\n", text)
    html = unescape(printed(capsys, "standings", str(EXAMPLE), "--playoff", str(playoff), "--lang", lang, "-f", "html"))
    assert re.search(r'<td class="rank">1‡</td>', html) and PLAYOFF_LINE[lang] in html
    page = unescape(client.post("/api/standings", data={"format": "page", "lang": lang,
                                                        "playoff_results": playoff.read_text(encoding="utf-8")},
                                files={"file": (EXAMPLE.name, EXAMPLE.read_bytes())}).text)
    assert re.search(r'<td class="rank">1‡</td>', page) and f"‡ = {PLAYOFF_LINE[lang]}" in page
    printed(capsys, "site", str(EXAMPLE), "--playoff", str(playoff), "-o", str(tmp_path / "site"), "--lang", lang)
    site = unescape((tmp_path / "site" / lang / "standings.html").read_text(encoding="utf-8"))
    assert ">1‡<" in site and f"‡ = {PLAYOFF_LINE[lang]}" in site
    from tiebreak.render.live_tables import live_parts

    doc = {"tournament": {"name": "Open", "system": "swiss"}, "tiebreaks": ["PTS"],  # /api/live's, "playoff": true
           "standings": [{"rank": 1, "start_no": 9, "name": "Nine", "points": "6", "values": {}, "playoff": True,
                          "settled": True, "playing": False, "moved": 0, "since_round": None}],
           "live": {"event": "cup.trf", "version": 1, "time": "2026-01-01T10:00:00.000Z", "round": 7, "pending": 0,
                    "settled": 1, "team_event": False, "view": "players", "warning": None},
           "pairings": [], "odds": None}
    screen = unescape(live_parts(doc, [], lang)["standings"])
    assert re.search(r'<td class="rank"[^>]*>1‡</td>', screen) and f"‡ = {PLAYOFF_LINE[lang]}" in screen
