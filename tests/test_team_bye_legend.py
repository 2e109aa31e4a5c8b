"""A team crosstable's bye cells ("bye: 3") are explained by its legend, as an individual one's byes are, on every
face that shows the crosstable (the text, the downloads, the website and the live screen share its legend)."""

import re

import pytest
from sources import CORPUS, needs

from tiebreak.cli import main

CUP = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"  # a team Swiss with pairing-allocated byes


@needs(CUP)
@pytest.mark.parametrize("lang, bye, line", [
    ("en", "bye", "bye: 3 = pairing-allocated bye (GP 3)"),
    ("ru", "бай", "бай: 3 = бай по жеребьёвке (ИО 3)"),
    ("uk", "бай", "бай: 3 = бай за жеребкуванням (ІО 3)")])
def test_the_team_crosstables_legend_explains_a_bye(lang, bye, line, capsys):
    assert main(["standings", str(CUP), "--lang", lang]) == 0
    out = capsys.readouterr().out
    # the legend under the crosstable starts with its points column's name (tests/test_team_crosstable_legend.py)
    table, _, legend = out.partition("\n\n" + {"en": "MP = ", "ru": "МО = ", "uk": "МО = "}[lang])
    assert re.search(rf"\s{bye}: \d", table)  # the crosstable shows a bye
    assert line in legend.splitlines()
