"""The note on a rating tie-break left undefined says why (issue 40): with a rating given to unrated players, the only
players left without ARO are those who played no game, and the note must not tell the arbiter to give ratings.

By hand, from the bundled example's TRF line: no. 30 Butler,Julian has a half-point bye, a forfeit loss (12 w -) and
byes: no game played, the only one of the 32; three players are unrated (rating column empty)."""

from __future__ import annotations

import json

from sources import ROOT

from tiebreak.cli import main

EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"


def notes(capsys, *more: str) -> list[str]:
    assert main(["standings", str(EXAMPLE), "-t", "PTS,ARO", "-f", "json", *more]) == 0
    return [n for n in json.loads(capsys.readouterr().out)["notes"] if "undefined" in n]


def test_with_a_rating_for_the_unrated_only_the_player_without_games_is_named(capsys):
    assert notes(capsys, "--unrated-rating", "1000") == ["ARO is undefined for 1 player who played no game (C.07 Art. 10)"]
    assert notes(capsys, "-t", "PTS,ARO/U1000") == ["ARO/U1000 is undefined for 1 player who played no game (C.07 Art. 10)"]


def test_without_one_the_note_says_how_to_give_them_a_rating(capsys):
    said = notes(capsys)
    assert said[0] == "ARO is undefined for 1 player who played no game (C.07 Art. 10)"
    assert "because 3 players are unrated" in said[1] and "unrated rating R" in said[1]


def test_explain_says_the_player_played_no_game(capsys):
    assert main(["explain", str(EXAMPLE), "--tiebreaks", "PTS,ARO", "--unrated-rating", "1000", "--player", "30"]) == 0
    out = capsys.readouterr().out
    assert "undefined: no game played" in out and "give them a rating" not in out


def test_the_notes_count_in_the_language(capsys):
    """1 участник (form one), 3 участника (form few): the counts of the Hobsons Bay Cup above, worded in Russian."""
    assert main(["standings", str(EXAMPLE), "-t", "PTS,ARO", "--lang", "ru"]) == 0
    err = capsys.readouterr().err
    assert "ARO не определён для 1 участника, не сыгравшего ни одной партии (C.07 ст. 10)" in err
    assert "так как 3 участника без рейтинга (C.07 ст. 10)" in err
