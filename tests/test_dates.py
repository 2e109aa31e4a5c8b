"""Two-digit-year dates (TRF-16's older YY.MM.DD / YY/MM/DD form, written by old Krause files)."""

from __future__ import annotations

import datetime as dt
import json

from sources import CORPUS, needs

from tiebreak.cli import main
from tiebreak.engine.errors import InputWarning
from tiebreak.formats.trf import loads

ARMSTRONG = CORPUS / "icu-ireland-krause" / "armstrong_2011.tab"

# a hand-written two-player TRF: start 10.09.13 (13 September 2010), end 11/03/13 (13 March 2011)
TWO_PLAYERS = """012 Old club league
042 10.09.13
052 11/03/13
001    1      Alpha,A                           2000                             1.0    1     2 w 1
001    2      Beta,B                            1900                             0.0    2     1 b 0
"""


def test_hand_written_trf_two_digit_years() -> None:
    warnings: list[InputWarning] = []
    t = loads(TWO_PLAYERS, "old.trf", warnings)
    assert (t.start_date, t.end_date) == (dt.date(2010, 9, 13), dt.date(2011, 3, 13))
    dated = [w for w in warnings if "two-digit year" in w.message]
    assert [(w.place.file, w.place.line, w.place.column, w.place.field) for w in dated if w.place] == [
        ("old.trf", 2, 5, "start date"), ("old.trf", 3, 5, "end date")]
    assert dated[0].message == "date '10.09.13' has a two-digit year; read as YY.MM.DD: 2010-09-13"


def test_impossible_two_digit_date_is_still_refused() -> None:
    warnings: list[InputWarning] = []
    t = loads(TWO_PLAYERS.replace("10.09.13", "10.13.09"), "old.trf", warnings)  # month 13: no reading works
    assert t.start_date is None
    assert any("'10.13.09' not understood" in w.message for w in warnings)


@needs(ARMSTRONG)
def test_armstrong_cup_2011_is_ranked_under_the_rules_of_its_time(capsys) -> None:
    # the Leinster Armstrong Cup 2010-11 started on 13 September 2010: before the C.07 Tie-Break Regulations took
    # effect (1 September 2023), so the Arbiters' Manual rules of its time (fide-2009), not C.07
    assert main(["standings", str(ARMSTRONG), "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["tournament"]["rules"] == "fide-2009"
    assert "line 4, column 5 (start date): date '10.09.13' has a two-digit year; read as YY.MM.DD: 2010-09-13" in err
