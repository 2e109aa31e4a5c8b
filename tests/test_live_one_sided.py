"""A live version whose file newly lists a game by one side only (the other player's line being written) is held
back (issue 29), recognised by the reader's warning's identifier, never by its English words (issue 33)."""

from __future__ import annotations

import pytest


def _line(no: int, name: str, points: str, rounds: str) -> str:
    return f"001 {no:4d}      {name}".ljust(80) + f"{points:>4}".ljust(11) + rounds


def test_a_game_listed_by_one_side_only_holds_the_version_back(tmp_path):
    pytest.importorskip("watchfiles")
    from tiebreak.live.event import LiveEvent

    # written by hand: Alpha beat Beta in round 1 and plays Gamma in round 2; then Beta's line loses its round 1
    whole = "\n".join([_line(1, "Alpha, A", "1.0", "   2 w 1     3 w  "), _line(2, "Beta, B", "0.0", "   1 b 0"),
                       _line(3, "Gamma, C", "0.0", "0000 - U     1 b  ")]) + "\n"
    path = tmp_path / "club.trf"
    path.write_text(whole)
    e = LiveEvent("club.trf", path)  # held back 5 s (the default): never reached here
    assert e.update().version == 1
    path.write_text(whole.replace("   1 b 0", "        "))
    assert e.update() is None and e.version == 1
    assert e.held["reason"] == ("the file reads with a new warning: round 1: player 1 lists 2 as opponent, but 2's "
                                "line is blank in that round; 2's side is filled in from 1's")
