"""The same question on every face gives the same words (issue 33, eyes33c's findings 6, 14, 17, 18, 19, 20): the
odds of a team event in the team words, a settled place one number, a team's round without a match one word, a team
match's score in the same cells on the site and the live screen, and the prizes of an event in play with the
standings' notes and warnings."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sources import CORPUS, needs

from tiebreak.cli import main

EXAMPLE_T = Path(__file__).parent / "data" / "team" / "example-t.trf"
VEGA = CORPUS / "hobsons-bay-vega" / "bobgrievesjuniorblitzcup2024open" / "tournament.trf"
IN_PLAY = CORPUS / "swiss-manager" / "abs_fem_1378181.TUNX"
IN_PLAY_PARSED = CORPUS / "swiss-manager" / "abs_fem_1378181.echecs.json"  # an independent reader's view of it
TRF26_TEAMS = CORPUS / "sharly-chess" / "trf" / "example_trf26.trf"


def _out(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(("lang", "team", "mp", "matches"), [
    ("en", "Team", "MP", "matches pending: 2"), ("ru", "Команда", "МО", "недоигранных матчей 2"),
    ("uk", "Команда", "МО", "недограних матчів 2")])
def test_a_team_events_odds_speak_of_teams_match_points_and_matches(capsys, lang, team, mp, matches):
    """Example T after round 2 of 3: 4 teams of a round robin, one round left, so 4 / 2 = 2 matches pending (their 4
    boards are the 3^4 = 81 outcomes); the odds head the teams and their match points as the glossary names them
    (docs/glossary.md: MP / МО), and the list begins with МО as the standings' legend does, not PTS."""
    text = _out(capsys, "odds", str(EXAMPLE_T), "--after-round", "2", "-t", "MP,GP", "--lang", lang)
    header, tiebreaks, _, head, *_ = text.splitlines()
    assert matches in header and "81" in header
    assert tiebreaks.split(": ", 1)[1].startswith(f"{mp}, ") and "PTS" not in tiebreaks
    assert head.split()[:3] == ["№" if lang != "en" else "No", team, mp]
    html = _out(capsys, "odds", str(EXAMPLE_T), "--after-round", "2", "-t", "MP,GP", "--lang", lang, "-f", "html")
    assert f'class="name">{team}</th>' in html and f'class="pts">{mp}</th>' in html and matches in html


@needs(VEGA)
def test_a_settled_place_is_one_number(capsys):
    """Vega's junior blitz after round 13 of 14 (each plays one more game): Parker has 12 and the next best 10.5,
    so 10.5 + 1 < 12 and he is first whatever happens; Karthick's 4.5 is above 2.5 + 1 and below 9, so place 5 is
    hers. The range column says "1" and "5", never "1-1", "5-5" (text and HTML); the JSON keeps best and worst."""
    text = _out(capsys, "odds", str(VEGA), "--after-round", "13")
    table = text.split("\n\n")[1].splitlines()[1:]  # the table of chances, under the header and its headings
    rows = {line.split()[0]: line.split()[-1] for line in table}
    assert rows["6"] == "1" and rows["4"] == "5" and rows["2"] == "2-3"
    assert not re.search(r"\b(\d+)-\1\b", text)
    html = _out(capsys, "odds", str(VEGA), "--after-round", "13", "-f", "html")
    assert not re.search(r">(\d+)-\1<", html)
    data = json.loads(_out(capsys, "odds", str(VEGA), "--after-round", "13", "-f", "json"))
    assert {p["start_no"]: (p["best"], p["worst"]) for p in data["players"]}[6] == (1, 1)


@needs(IN_PLAY, IN_PLAY_PARSED)
def test_prizes_of_an_event_in_play_say_so_on_every_face(capsys, tmp_path):
    """The Swiss-Manager file is in play: an independent reader finds results in 4 of its 7 rounds. Its prizes carry
    the standings' notes (the round they are after, the games pending, the lot's seed) and warnings: the command's
    JSON the same object as /api/prizes, the HTML under the table, the text's notes on standard error."""
    from starlette.testclient import TestClient

    from tiebreak.web import create_app

    parsed = json.loads(IN_PLAY_PARSED.read_text(encoding="utf-8"))["tournament"]
    played = sum(1 for r in parsed["completedRounds"] if r["games"])
    assert (played, parsed["totalRounds"]) == (4, 7)
    prizes = tmp_path / "prizes.csv"
    prizes.write_text("place,1,300\nplace,2,200\nplace,3,100\n", encoding="utf-8")
    line = json.loads(_out(capsys, "prizes", str(IN_PLAY), "--prizes", str(prizes), "-f", "json", "--lang", "ru"))
    standings = json.loads(_out(capsys, "standings", str(IN_PLAY), "-f", "json", "--lang", "ru"))
    assert sorted(line) == ["awards", "notes", "said", "seed", "warnings"]
    assert line["notes"] == standings["notes"] and line["warnings"] == standings["warnings"] and line["warnings"]
    assert line["seed"] == standings["seed"] and str(line["seed"]) in line["notes"][-1]
    assert line["notes"][0].startswith(f"результаты известны до тура {played} из 7")
    assert any(n.startswith("партий не доиграно") for n in line["notes"])
    with IN_PLAY.open("rb") as f:
        answer = TestClient(create_app()).post("/api/prizes", files={"file": (IN_PLAY.name, f)},
                                               data={"prizes": prizes.read_text(encoding="utf-8"), "lang": "ru"})
    assert answer.status_code == 200, answer.text
    api = answer.json()
    assert api["awards"] == line["awards"] and api["notes"] == line["notes"] and api["seed"] == line["seed"]
    assert [w.split(": ", 1)[1] for w in api["warnings"]] == [w.split(": ", 1)[1] for w in line["warnings"]]
    html = _out(capsys, "prizes", str(IN_PLAY), "--prizes", str(prizes), "-f", "html", "--lang", "ru")
    assert all(n.replace("'", "&#39;") in html for n in line["notes"])
    assert main(["prizes", str(IN_PLAY), "--prizes", str(prizes), "--lang", "ru"]) == 0
    err = capsys.readouterr().err
    assert f"примечание: {line['notes'][0]}" in err


@needs(TRF26_TEAMS)
def test_a_teams_round_without_a_match_is_one_word(capsys, tmp_path):
    """Team 47 of the TRF-26 example has no opponent in rounds 3, 4, 5, 13 and 14 (its 310 record), round 4 a
    half-point bye (record 240 `H 4`): `explain` and the site's team card say «нет матча» for the other four, never
    «отсутствие»."""
    explained = _out(capsys, "explain", str(TRF26_TEAMS), "--player", "47", "--lang", "ru")
    matches = [line for line in explained.splitlines() if re.match(r"\s+Т\d+\s", line)]
    assert [line.split()[0] for line in matches if "нет матча" in line] == ["Т3", "Т5", "Т13", "Т14"]
    assert "отсутствие" not in explained
    assert main(["site", str(TRF26_TEAMS), "-o", str(tmp_path / "site"), "--lang", "ru"]) == 0
    card = (tmp_path / "site" / "ru" / "team-47.html").read_text(encoding="utf-8")
    assert "отсутствие" not in card and card.count("нет матча") >= 4
