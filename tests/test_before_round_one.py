"""The standings' heading words, from outside the code (the glossary, the Arbiters' Manual's lists).

An event not started (no game played, or ``--after-round 0``): its standings are before round 1 — «перед 1-м
туром» —, never "after round 0", and nobody is placed by lot while no game counts: everyone shares the first place,
listed by starting number, as the starting rank list chess-results.com and Swiss-Manager publish before round 1.

The expected values are counted by hand on the files: the bundled example has 32 players (its 001 records) and 7
rounds (its XXR record); Swiss-Manager's Croatian file (corpus manifest) 5 players of 7 rounds, no result yet; the
Cretan team event 8 teams (its 013 records) of 4 rounds.

The list line of the HTML/PDF and the note of a default list name the primary score as the points column heads it
(Pts / «Очки», a team's MP / «МО»)."""

from __future__ import annotations

import json

import pytest
from sources import CORPUS, ROOT, needs

from tiebreak.cli import main

EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
NOT_STARTED = CORPUS / "swiss-manager" / "cro_1386036.TUNX"
TEAMS = CORPUS / "heltour-crete-team" / "crete-interclub-championship-2025.trf"
NO_LIST = CORPUS / "hobsons-bay-vega" / "2025hobsonsbayjuniorsrapidchampionship" / "tournament.trf"
BEFORE = {"en": "before round 1 of {n}", "ru": "перед 1-м туром из {n}", "uk": "перед 1-м туром з {n}"}


def _unplayed(tmp_path):
    """The bundled example with every round result taken off its 001 records (columns 92 on, TRF-16)."""
    lines = [x[:89].rstrip() if x.startswith("001") else x for x in EXAMPLE.read_text(encoding="utf-8").splitlines()]
    path = tmp_path / "unplayed.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _run(capsys, *argv: str) -> str:
    capsys.readouterr()
    assert main(list(argv)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_an_event_not_started_is_before_round_one_and_draws_no_lot(capsys, tmp_path, lang):
    text = _run(capsys, "standings", str(_unplayed(tmp_path)), "--lang", lang)
    assert BEFORE[lang].format(n=7) in text and "0-" not in text.split("\n")[1]
    rows = json.loads(_run(capsys, "standings", str(_unplayed(tmp_path)), "-f", "json"))["standings"]
    assert [r["start_no"] for r in rows] == list(range(1, 33))
    assert {(r["rank"], r["place"], r["lot"]) for r in rows} == {(1, "1-32", None)}


def test_after_round_zero_of_a_played_event_is_before_round_one(capsys):
    rows = json.loads(_run(capsys, "standings", str(EXAMPLE), "--after-round", "0", "-f", "json"))["standings"]
    assert [r["start_no"] for r in rows] == list(range(1, 33)) and {r["lot"] for r in rows} == {None}
    page = _run(capsys, "standings", str(EXAMPLE), "--after-round", "0", "-f", "html", "--lang", "ru")
    assert BEFORE["ru"].format(n=7) in page and "1*" not in page


@needs(NOT_STARTED)
def test_swiss_managers_file_before_round_one_on_the_command_line_and_the_site(capsys, tmp_path):
    text = _run(capsys, "standings", str(NOT_STARTED), "--lang", "uk")
    assert BEFORE["uk"].format(n=7) in text and "*" not in text and "1-5" in text
    assert main(["site", str(NOT_STARTED), "-o", str(tmp_path / "site")]) == 0
    page = (tmp_path / "site" / "uk" / "standings.html").read_text(encoding="utf-8")
    assert BEFORE["uk"].format(n=7) in page and page.count(">1-5<") == 5


@needs(TEAMS)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_team_event_before_its_first_match(capsys, lang):
    text = _run(capsys, "standings", str(TEAMS), "--after-round", "0", "--lang", lang)
    assert BEFORE[lang].format(n=4) in text and "*" not in text
    rows = json.loads(_run(capsys, "standings", str(TEAMS), "--after-round", "0", "-f", "json"))["standings"]
    assert [r["start_no"] for r in rows] == list(range(1, 9)) and {(r["place"], r["lot"]) for r in rows} == {("1-8", None)}


def test_the_api_says_before_round_one(tmp_path):
    web = pytest.importorskip("starlette.testclient")
    from tiebreak.web import create_app

    content = _unplayed(tmp_path).read_bytes()
    r = web.TestClient(create_app()).post("/api/standings", files={"file": ("unplayed.trf", content)},
                                          data={"format": "html", "lang": "uk"})
    assert r.status_code == 200, r.text
    assert BEFORE["uk"].format(n=7) in r.text and "1*" not in r.text


@needs(TEAMS, NO_LIST)
@pytest.mark.parametrize(("lang", "points", "mp"), [("en", "Pts", "MP"), ("ru", "Очки", "МО"), ("uk", "Очки", "МО")])
def test_the_list_line_and_the_default_note_name_the_scores_as_the_columns(capsys, lang, points, mp):
    # docs/glossary.md: the points column «Очки», a team's match points MP / «МО»; the team default is the team Swiss
    # list of the Arbiters' Manual 13.15.5 (presets: fide-team-swiss) with SB for its team SB
    page = _run(capsys, "standings", str(EXAMPLE), "--format", "html", "--lang", lang, "--tiebreaks", "PTS,BH/C1,SB")
    assert f": {points}, BH/C1, SB" in page and ": PTS," not in page
    capsys.readouterr()
    assert main(["standings", str(TEAMS), "--lang", lang]) == 0
    err = capsys.readouterr().err
    assert "13.15.5" in err and f": {mp}, MPVGP, EDE, BH/C1, BH, SB" in err, err
    team_page = _run(capsys, "standings", str(TEAMS), "--format", "html", "--lang", lang)
    assert f": {mp}, MPVGP, EDE, BH/C1, BH, SB" in team_page
    capsys.readouterr()
    assert main(["standings", str(NO_LIST), "--lang", lang]) == 0  # a file without a list: the individual default
    assert f": {points}, BH/C1, BH, DE, WIN, WON, BPG, SB" in capsys.readouterr().err


@needs(TEAMS)
def test_a_team_event_with_no_match_played_on_the_command_line_and_the_site(capsys, tmp_path):
    lines = TEAMS.read_text(encoding="utf-8").splitlines()
    unplayed = tmp_path / "teams.trf"  # every board result taken off the 001 records (columns 92 on)
    unplayed.write_text("\n".join(x[:89].rstrip() if x.startswith("001") else x for x in lines) + "\n", encoding="utf-8")
    text = _run(capsys, "standings", str(unplayed), "--lang", "ru")
    assert BEFORE["ru"].format(n=4) in text and "*" not in text and "1-8" in text
    assert main(["site", str(unplayed), "-o", str(tmp_path / "site")]) == 0
    page = (tmp_path / "site" / "uk" / "standings.html").read_text(encoding="utf-8")
    assert BEFORE["uk"].format(n=4) in page and page.count(">1-8<") == 8
