"""An event before its first game, on every face that says which round and how many boards: `explain` says it as
the standings do ("before round 1 of 7", every player sharing place 1-32), and a team event without games names its
boards only when the file declares them (record 352, a pairing program's own field), never "0 boards"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tiebreak.cli import main
from tiebreak.engine.team import build
from tiebreak.formats import trf

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"  # 32 players (001 records), XXR 7
TEAM = ROOT / "tests" / "data" / "team" / "example-t.trf"  # 4 teams of 2 players, 3 rounds


def _run(capsys, *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("lang, before, place", [("en", "before round 1 of 7", "place 1-32"),
                                                 ("ru", "перед 1-м туром из 7", "место 1-32"),
                                                 ("uk", "перед 1-м туром з 7", "місце 1-32")])
def test_explain_before_round_1_says_it_as_the_standings_do(capsys, lang, before, place):
    standings = _run(capsys, "standings", str(EXAMPLE), "--after-round", "0", "--lang", lang)
    explained = _run(capsys, "explain", str(EXAMPLE), "--player", "7", "--after-round", "0", "--lang", lang)
    head = explained.splitlines()[0]
    assert before in standings.splitlines()[1] and head.endswith(before) and f"{place}," in head
    assert not any(w in head for w in ("round 0", "0-го", "after round", "после", "після"))


def _no_games(tmp_path: Path, *records: str) -> Path:
    """Example T with every result taken away (the 001 records cut before their rounds), ``records`` added."""
    lines = TEAM.read_text(encoding="utf-8").splitlines()
    kept = [x[:80].rstrip() if x.startswith("001") else x for x in lines]
    path = tmp_path / "no-games.trf"
    path.write_text("\n".join([*kept[:4], *records, *kept[4:]]) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_team_event_without_games_names_no_boards(capsys, tmp_path, lang):
    path = _no_games(tmp_path)
    cover = _run(capsys, "standings", str(path), "--lang", lang).splitlines()[1]
    head = _run(capsys, "explain", str(path), "--player", "1", "--lang", lang).splitlines()[0]
    assert not any(w in cover + head for w in ("boards", "досок", "дошок"))
    assert json.loads(_run(capsys, "standings", str(path), "--format", "json"))["tournament"]["boards"] is None


@pytest.mark.parametrize("lang, boards", [("en", "2 boards"), ("ru", "досок: 2"), ("uk", "дошок: 2")])
def test_the_boards_a_file_declares_are_named_before_any_game(capsys, tmp_path, lang, boards):
    """Record 352 ``WB``: two boards, White on the first (TRF-2026)."""
    path = _no_games(tmp_path, "352 WB")
    cover = _run(capsys, "standings", str(path), "--lang", lang).splitlines()[1]
    head = _run(capsys, "explain", str(path), "--player", "1", "--lang", lang).splitlines()[0]
    assert boards in cover and head.endswith(boards)


def test_a_pairing_programs_declared_boards_count_up_to_a_teams_list(tmp_path):
    """Swiss-Manager and Swiss-Chess declare the boards of a match in their header (``extra["boards"]``, set by
    their readers); a hostile count beyond the players a team lists (two here) is not believed."""
    t = trf.load(str(_no_games(tmp_path)))
    t.extra["boards"] = 2
    assert build(t).boards == 2
    t.extra["boards"] = 60000
    assert build(t).boards == 0
