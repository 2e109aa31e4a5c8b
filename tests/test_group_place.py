"""A Type A tie-break's number (DE, EDE) is the place among the tied players or teams, 0 when they are not separated
(C.07 6.2, reported like the reference checker): the explanation says the place beside the score among them, and the
legend of every face says what the number is."""

from fractions import Fraction

import pytest
from sources import CORPUS, needs

from tiebreak.cli import main

ROUND_ROBIN = CORPUS / "hobsons-bay-vega" / "2025hobsonsbaywesternmajor" / "tournament.trf"
SWISS_TEAM = CORPUS / "swiss-chess-swt" / "SwissTeam.SWT"
POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0)}


def _scores_among(group: set[int]) -> dict[int, Fraction]:
    """Each player's score in the games among ``group``, read from the file's 001 records by hand (columns 92 on,
    ten a round: opponent, colour, result), not by the program's reader."""
    out = dict.fromkeys(group, Fraction(0))
    for line in ROUND_ROBIN.read_text(encoding="utf-8").splitlines():
        if line.startswith("001") and int(line[4:8]) in group:
            me = int(line[4:8])
            for k in range(91, len(line), 10):
                opponent, result = line[k:k + 4].strip(), line[k + 7:k + 8]
                if opponent.isdigit() and int(opponent) in group:
                    out[me] += POINTS[result]
    return out


@needs(ROUND_ROBIN)
def test_de_is_the_place_among_the_tied_said_beside_the_score(capsys):
    # 2.5 points: nos. 1 and 2, no. 1 beat no. 2: no. 2 is 2nd among them with 0; 3 points: nos. 3, 5 and 6 scored
    # 1 each against the other two: not separated
    assert _scores_among({1, 2}) == {1: 1, 2: 0}
    assert _scores_among({3, 5, 6}) == {3: 1, 5: 1, 6: 1}
    assert main(["explain", str(ROUND_ROBIN), "--player", "2"]) == 0
    assert "DE = 2 " in (out := capsys.readouterr().out)
    assert "place among them: 2, score among them: 0" in out
    assert main(["explain", str(ROUND_ROBIN), "--player", "6", "--lang", "uk"]) == 0
    assert "місце серед них: 0 (не розділені), очки між ними: 1" in capsys.readouterr().out


@needs(ROUND_ROBIN)
@pytest.mark.parametrize("lang, line", [
    ("en", "DE         Direct encounter (C.07 6): place among the tied (0: not separated)"),
    ("ru", "DE         Личная встреча (C.07 6): место среди равных (0: не разделены)"),
    ("uk", "DE         Особиста зустріч (C.07 6): місце серед рівних (0: не розділені)")])
def test_the_legend_says_what_des_number_is(lang, line, capsys):
    assert main(["standings", str(ROUND_ROBIN), "--lang", lang]) == 0
    assert line in capsys.readouterr().out


@needs(SWISS_TEAM)
def test_a_teams_ede_not_separated_is_said_so(capsys):
    assert main(["explain", str(SWISS_TEAM), "--player", "1"]) == 0
    out = capsys.readouterr().out
    assert "EDE = 0 " in out and "place among them: 0 (not separated)" in out and "place among them: -" not in out
    assert main(["standings", str(SWISS_TEAM), "--lang", "ru"]) == 0
    assert ": место среди равных (0: не разделены)" in capsys.readouterr().out


@needs(ROUND_ROBIN)
@pytest.mark.parametrize("lang, said", [
    ("en", "computed among the players still tied at this point (Type A); place among them: 2, score among them: 0"),
    ("ru", "вычисляется среди участников, всё ещё равных на этом шаге (тип A); место среди них: 2, очки между ними: 0"),
    ("uk", "обчислюється серед учасників, які ще рівні на цьому кроці (тип A); місце серед них: 2, очки між ними: 0")])
def test_the_card_says_what_de_rests_on_in_explains_words(lang, said, tmp_path, capsys):
    # no. 2 lost to no. 1, the other player on 2.5 points (counted by hand above): 2nd among them with 0; the
    # website's card (and so the live screen's) says it in the words of explain and of the page's panel
    assert _scores_among({1, 2}) == {1: 1, 2: 0}
    assert main(["explain", str(ROUND_ROBIN), "--player", "2", "--lang", lang]) == 0
    assert said in capsys.readouterr().out
    assert main(["site", str(ROUND_ROBIN), "-o", str(tmp_path / "site")]) == 0
    assert said in (tmp_path / "site" / lang / "player-2.html").read_text(encoding="utf-8")


@needs(SWISS_TEAM)
@pytest.mark.parametrize("lang, said", [
    ("en", "computed among the teams still tied at this point (Type A); place among them: 0 (not separated)"),
    ("ru", "вычисляется среди команд, ещё равных на этом шаге (тип A); место среди них: 0 (не разделены)")])
def test_a_teams_card_says_what_its_ede_rests_on(lang, said, tmp_path, capsys):
    assert main(["explain", str(SWISS_TEAM), "--player", "1", "--lang", lang]) == 0
    assert said in capsys.readouterr().out
    assert main(["site", str(SWISS_TEAM), "-o", str(tmp_path / "site")]) == 0
    assert said in (tmp_path / "site" / lang / "team-1.html").read_text(encoding="utf-8")
