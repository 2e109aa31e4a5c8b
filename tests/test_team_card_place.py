"""A team's card on the website names its place as the standings write it (issue 33: the same answer on every face):
``2*`` where the event's lot placed the team (the card said "2"), as a player's card does.

tests/data/generated-team/team-swiss-a.trf ranked by the match points alone: teams 8 and 6 both on 7, 1 and 7 on 5,
3 and 5 on 4 — the lot (seed 4) orders each pair, so those places carry the mark."""

from __future__ import annotations

import re

from sources import ROOT

from tiebreak.cli import main

TEAM = ROOT / "tests" / "data" / "generated-team" / "team-swiss-a.trf"


def test_a_team_cards_place_is_the_standings_place(tmp_path, capsys):
    assert main(["standings", str(TEAM), "-t", "PTS", "--seed", "4"]) == 0
    table = capsys.readouterr().out
    place = {int(m.group(2)): m.group(1) for m in re.finditer(r"^ *([0-9]+(?:-[0-9]+)?\*?) +([0-9]+) ", table, re.M)}
    assert place[8] == "2*" and place[6] == "3*" and place[4] == "1"  # 8 and 6 on 7 match points: by lot
    assert main(["site", str(TEAM), "-o", str(tmp_path / "site"), "-t", "PTS", "--seed", "4"]) == 0
    for number, written in place.items():
        card = (tmp_path / "site" / "en" / f"team-{number}.html").read_text(encoding="utf-8")
        shown = re.search(r'<dl class="facts"><dt>[^<]*</dt><dd>([^<]*)</dd>', card)
        assert shown is not None and shown.group(1) == written, number
