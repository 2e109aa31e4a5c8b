"""A team event's players instead of its teams: one option, ``--individual`` on every command that ranks a team event
(standings, explain, check, playoffs, prizes, odds; the API's field ``players``), its old spelling ``--players`` kept
where it was documented (standings, check, odds), while ``explain --players N M`` still names two players."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tiebreak.cli import main

EXAMPLE_T = Path(__file__).parent / "data" / "team" / "example-t.trf"


def _out(capsys, *argv: str) -> str:
    assert main([*argv]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("command", [["standings"], ["odds", "--simulations", "100", "--seed", "1"]])
def test_the_old_spelling_is_the_same_option(capsys, command):
    name, *rest = command
    asked = [name, str(EXAMPLE_T), "-t", "PTS,BH", *rest]
    individual = _out(capsys, *asked, "--individual")
    assert individual == _out(capsys, *asked, "--players")
    assert individual != _out(capsys, *asked)  # the teams


def test_check_takes_both_spellings(capsys):
    """The example publishes nothing to check: both spellings reach the same refusal, about the players' file."""
    said = []
    for flag in ("--individual", "--players"):
        assert main(["check", str(EXAMPLE_T), flag]) == 2
        said.append(capsys.readouterr().err)
    assert said[0] == said[1] and "the file publishes no ranks or tie-break values" in said[0]


def test_every_command_of_a_team_event_takes_it(capsys, tmp_path):
    prizes = tmp_path / "prizes.csv"
    prizes.write_text("place,1,100\n")
    standings = json.loads(_out(capsys, "standings", str(EXAMPLE_T), "-t", "PTS,BH", "--individual", "-f", "json"))
    first = standings["standings"][0]
    prize = json.loads(_out(capsys, "prizes", str(EXAMPLE_T), "-t", "PTS,BH", "--prizes", str(prizes), "--individual",
                            "-f", "json"))
    assert prize["awards"][0]["start_no"] == first["start_no"]  # the first player, not the first team
    explained = _out(capsys, "explain", str(EXAMPLE_T), "-t", "PTS,BH", "--player", str(first["start_no"]),
                     "--individual")
    assert explained.startswith(f"{first['name']} (no. {first['start_no']}): rank 1")
    _out(capsys, "playoffs", str(EXAMPLE_T), "-t", "PTS,BH", "--individual")


def test_explain_keeps_players_for_the_pair(capsys):
    pair = _out(capsys, "explain", str(EXAMPLE_T), "-t", "PTS,BH", "--players", "1", "2", "--individual")
    assert pair.strip()
    with pytest.raises(SystemExit):
        main(["prizes", str(EXAMPLE_T), "--prizes", "p.csv", "--players"])  # never documented there: one spelling
    assert "unrecognized arguments: --players" in capsys.readouterr().err


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "in a team event, the players instead of the teams"),
    ("ru", "в командном турнире — участники вместо команд"),
])
def test_the_help_names_both_spellings(capsys, lang, said):
    with pytest.raises(SystemExit):
        main(["standings", "--help", "--lang", lang])
    text = " ".join(capsys.readouterr().out.split())
    assert f"--individual, --players {said}" in text


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "with --watch of a broadcast's PGN: the event's player list"),
    ("ru", "с --watch PGN трансляции: список участников турнира"),
    ("uk", "з --watch PGN трансляції: список учасників турніру"),
])
def test_serve_names_a_broadcasts_player_list_for_what_it_is(capsys, lang, said):
    """``serve --players FILE`` was a third meaning of ``--players`` (a pair of players on explain, the team event's
    players elsewhere): ``--player-list FILE`` now, the old spelling kept on serve and named beside it."""
    with pytest.raises(SystemExit):
        main(["serve", "--help", "--lang", lang])
    text = " ".join(capsys.readouterr().out.split())
    assert f"--player-list FILE, --players FILE {said}" in text
    assert "[--player-list FILE]" in text
