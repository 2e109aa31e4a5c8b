"""Swiss-Manager / Chess-Results tie-break numbers (issue 6).  Outside data: the Chess-Results numbering table
(``../shared/peers/swiss-manager-tiebreak-codes.tsv``) and the sample Chess-Results upload files beside it."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from sources import PEERS, needs

from tiebreak import SpecifierError
from tiebreak.engine.standings import compute_standings
from tiebreak.formats import trf
from tiebreak.formats.swissmanager import SWISS_MANAGER, UNTRANSLATABLE, from_swiss_manager, translate

pytestmark = needs(PEERS)


def _table() -> dict[int, dict]:
    with open(PEERS / "swiss-manager-tiebreak-codes.tsv", encoding="utf-8") as f:
        return {int(r["Number"]): r for r in csv.DictReader(f, delimiter="\t") if r["Number"].isdigit()}


def test_every_translation_names_a_number_of_the_published_table_with_its_short_name():
    table = _table()
    for n, (_spec, short) in SWISS_MANAGER.items():
        assert table[n]["Short"].rstrip(".") == short.rstrip("."), n
    assert set(UNTRANSLATABLE) <= set(table)


@pytest.mark.parametrize("number, words", [(2, "Buchholz"), (3, "without one"), (11, "Direct Encounter"),
                                           (45, "Koya"), (53, "black"), (77, "AOB"), (84, "Buchholz"),
                                           (85, "Sonneborn"), (86, "Progressive"), (89, "Top Board")])
def test_translations_follow_the_published_descriptions(number, words):
    assert words in _table()[number]["Description"]


def test_parameters_become_cut_and_median():
    # the table's own example parameters for 84 and 85: '0,0,0,P,-' (nothing discarded), '0,1,1,-' (one each side)
    assert from_swiss_manager(84, [0, 0, 0]) == "BH" and from_swiss_manager(85, [0, 1, 1]) == "SB/M1"
    assert translate("SM1,SM84:0,0,1,SM87:0,50") == "PTS,BH/C1,KS/L50"
    with pytest.raises(SpecifierError, match="ESB"):
        translate("SM82")
    with pytest.raises(SpecifierError, match="no equivalent"):
        translate("SM61")


def test_the_list_of_a_chess_results_upload_file():
    text = (PEERS / "chess-results-xml" / "Single_SwissSystem.xml").read_text(encoding="utf-8")
    numbers = [int(n) for n in re.findall(r'tb\dno="(\d+)"', text) if n != "0"]
    assert numbers == [37, 52]
    assert translate(",".join(f"SM{n}" for n in numbers)) == "BH,SB"


def test_a_swiss_manager_list_gives_the_same_standings_as_our_codes():
    t = trf.load(Path(__file__).parents[1] / "examples" / "hobsons-bay-cup-2025.trf")
    from tiebreak.app.options import Options, list_and_rules

    tiebreaks, _ = list_and_rules(Options(tiebreaks="SM1,SM84:0,0,1,SM84,SM85"), False)
    assert tiebreaks == "PTS,BH/C1,BH,SB"
    a = compute_standings(t, tiebreaks, seed=1)
    b = compute_standings(t, "PTS,BH/C1,BH,SB", seed=1)
    assert [r.start_no for r in a.rows] == [r.start_no for r in b.rows]


def test_every_legend_description_of_the_table_translates_like_its_number():
    """Chess-Results shows its list as a legend of the table's descriptions: each one gives the number's translation."""
    from tiebreak.formats.swissmanager import from_chess_results

    table = _table()
    for n, (spec, _short) in SWISS_MANAGER.items():
        assert from_chess_results(f"Tie Break1: {table[n]['Description']}") == spec, n


def test_column_names_translate_when_they_have_one_meaning():
    from tiebreak.formats.swissmanager import from_chess_results, from_chess_results_legend

    # short names of the table: BH1. is only number 3 (without one result), mBl only 53 (most black)
    assert from_chess_results("BH1.") == "BH/C1" and from_chess_results("mbl") == "BPG"
    with pytest.raises(SpecifierError, match="SM11 .* = DE, SM14 .* = EDE"):
        from_chess_results("Res.")  # 11 players' direct encounter, 14 teams' result in the point group
    with pytest.raises(SpecifierError, match="not known"):
        from_chess_results("Fide")  # 8, 9, 33: Swiss-Manager's own composite lists, not translated
    legend = "Tie Break1: Buchholz Tie-Breaks (variabel with parameter)\nTie Break2: Sonneborn-Berger-Tie-Break variable\n"
    # the list of the Single Swiss-System sample upload (tb1no 37, tb2no 52)
    assert from_chess_results_legend(legend) == "PTS,BH,SB"
