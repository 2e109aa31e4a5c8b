"""An old TRF's title codes (``g``, ``m``…: before 2006, which the FIDE reference checker maps too, ../shared/spec/
trf.md, the 001 record's columns 11-13) are read as the titles they stand for, GM and IM, on every face."""

import pytest
from sources import CORPUS, needs

from tiebreak.app.load import load
from tiebreak.app.options import Loading
from tiebreak.cli import main

KARL = CORPUS / "sharly-chess" / "trf" / "example_trf16.trf"  # 9. Karl-Mala-Gedenkturnier, 2005


def _written(start_no: int) -> str:
    """The title as the file writes it in the player's 001 record (read by hand, columns 11-13)."""
    line = next(x for x in KARL.read_text(encoding="latin-1").splitlines()
                if x.startswith("001") and int(x[4:8]) == start_no)
    return line[10:13].strip()


@needs(KARL)
@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_old_title_codes_are_shown_as_titles(lang, capsys):
    assert (_written(1), _written(2)) == ("g", "m")  # a grandmaster and an international master, as of 2005
    t = load(Loading(), str(KARL), [])
    assert (t.player(1).title, t.player(2).title) == ("GM", "IM")
    assert main(["standings", str(KARL), "--lang", lang, "-f", "csv"]) == 0
    rows = {line.split(",")[1]: line for line in capsys.readouterr().out.splitlines()[1:]}
    assert ",GM," in rows["1"] and ",IM," in rows["2"]
