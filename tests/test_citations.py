"""The Russian practice's citation (issue 33): the rule that every unplayed game counts as a draw for the coefficients is
the note «К вопросу о расчете коэффициентов при пропуске тура и неявке соперника» of seed 004, the Russian compilation
(its first pages are an unrelated article on the «форточка», which made the citation look wrong); every face cites that
note by its subject in the reader's language, never the bare "(seed 004)" a reader cannot look up."""

from __future__ import annotations

import pytest
from sources import SEEDS, needs

from tiebreak.cli import main

NOTE = "К вопросу о расчете коэффициентов при пропуске тура и неявке соперника"
CITED = {"en": "Russian practice, the note on a missed round and an absent opponent: unplayed games as draws",
         "ru": f"российская практика, примечание «{NOTE}»: несыгранные партии как ничьи",
         "uk": "російська практика, примітка «До питання про розрахунок коефіцієнтів при пропуску туру та неявці "
               "суперника»: незіграні партії як нічиї"}


@needs(SEEDS)
def test_the_note_is_in_seed_004_and_says_what_the_rule_set_does():
    text = next(SEEDS.glob("004_*.txt")).read_text(encoding="utf-8")
    after = text[text.index("Усеченный коэффициент Бухгольца"):]
    note = after[after.index(NOTE):][:600]
    assert "условно считаются ничейными" in note  # every unplayed game is a draw
    assert "вничью с самим собой" in note  # a bye or a missed round: a draw with oneself


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_legend_and_explain_cite_the_note(capsys, lang):
    args = ["examples/hobsons-bay-cup-2025.trf", "--rules", "ru", "--tiebreaks", "PTS,BH,SB", "--lang", lang]
    assert main(["standings", *args]) == 0
    legend = capsys.readouterr().out
    assert main(["explain", *args, "--players", "7", "9"]) == 0
    explained = capsys.readouterr().out
    for text in (legend, explained):
        assert CITED[lang] in text
        assert "004" not in text
