"""A team event under ``fide-2009`` cites the Arbiters' Manual's articles (seed 003, Art. 13) as an individual one
does, and where the Manual has no article for a team tie-break the 2023 one is said to be such, never cited
silently: in the legend (every face words it) and in ``explain``, in en/ru/uk."""

import re

import pytest
from sources import CORPUS, SEEDS, needs

from tiebreak.cli import main

SWISS_TEAM = CORPUS / "swiss-chess-swt" / "SwissTeam.SWT"  # dated 2010: the Arbiters' Manual in force
MANUAL = next(iter(sorted(SEEDS.glob("003_*.txt"))), SEEDS / "003.txt")  # the Arbiters' Manual Art. 13 (Russian)


@needs(SWISS_TEAM, MANUAL)
def test_the_manuals_team_articles_are_cited_under_fide_2009(capsys):
    manual = MANUAL.read_text(encoding="utf-8")
    # the articles cited, as the Manual numbers them: match points of a team, the Buchholz cut-1 and plain
    assert "13.12.1 Матчевые очки в командных соревнованиях" in manual
    assert "13.4.4 Усечённый коэффициент Бухгольца 1" in manual and "13.4.1 Коэффициент Бухгольца" in manual
    assert "расширенная личная" not in manual.lower()  # no extended direct encounter in it (only 13.12.3)
    assert "13.12.3 Прямая (личная) встреча" in manual
    assert main(["standings", str(SWISS_TEAM)]) == 0
    out = capsys.readouterr().out
    assert "MP         Match points (Arbiters' Manual 13.12.1)" in out
    assert "BH/C1      Buchholz, Cut-1 (Arbiters' Manual 13.4.4)" in out
    assert "BH         Buchholz (Arbiters' Manual 13.4.1)" in out
    legend = out[out.index("Legend:"):]
    for cited in re.findall(r"\((C\.07[^)]*)\)", legend):  # a 2023 article only as such
        assert cited.endswith("2023; not in the Arbiters' Manual"), cited


@needs(SWISS_TEAM, MANUAL)
@pytest.mark.parametrize("lang, mp, ede", [
    ("en", "MP = 12   Match points [Arbiters' Manual 13.12.1]", "[C.07 13.3, 2023; not in the Arbiters' Manual]"),
    ("ru", "МО = 12   Матчевые очки [Руководство для арбитров 13.12.1]",
     "[C.07 13.3, 2023; нет в Руководстве для арбитров]"),
    ("uk", "МО = 12   Матчеві очки [Посібник для арбітрів 13.12.1]", "[C.07 13.3, 2023; немає в Посібнику для арбітрів]")])
def test_explain_cites_the_same(lang, mp, ede, capsys):
    assert main(["explain", str(SWISS_TEAM), "--player", "1", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert mp in out and ede in out
