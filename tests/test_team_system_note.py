"""A team event's note on its system counts teams, not players (eyes33c's finding 10): the Armstrong Cup 2010-11,
a league of 12 teams meeting each other in 11 rounds (../shared/corpus MANIFEST, icu-ireland-krause), was
"round robin (12 players and 11 rounds)" beside the summary's "teams: 12"."""

from __future__ import annotations

import pytest
from sources import CORPUS, needs

from tiebreak.cli import main

ARMSTRONG = CORPUS / "icu-ireland-krause" / "armstrong_2011.tab"
#: the MANIFEST's counts (12 teams, 11 rounds), worded by hand in each language
NOTE = {"en": "round robin (12 teams and 11 rounds)", "ru": "круговая система (12 команд и 11 туров)",
        "uk": "колова система (12 команд і 11 турів)"}


@needs(ARMSTRONG)
@pytest.mark.parametrize("lang", sorted(NOTE))
def test_a_team_round_robin_counts_its_teams(capsys, lang):
    main(["standings", str(ARMSTRONG), "--lang", lang])
    said = capsys.readouterr().err
    assert NOTE[lang] in said
    assert "12 players" not in said and "12 участник" not in said and "12 учасник" not in said
