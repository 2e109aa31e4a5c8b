"""Every word in the reader's language (issue 16): commands run with --lang ru and --lang uk print no English words
outside codes (tie-break codes, rule-set and preset names, file fields) and names from the file."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tiebreak.cli import main
from tiebreak.engine.messages import Message
from tiebreak.engine.presets import PRESETS
from tiebreak.engine.registry import CATALOGUE
from tiebreak.render.i18n import message

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "hobsons-bay-cup-2025.trf"
#: lower-case Latin words that are codes or names, not English prose: rule-set families, the seed label of our
#: sources, the rating systems of `tiebreak ratings`
CODES = {"fide", "legacy", "uscf", "sevilla", "vega", "harkness"}


def english(text: str) -> list[str]:
    """Lower-case Latin words of three letters or more that are not codes (names and codes are capitalised or
    upper case in our outputs)."""
    text = re.sub(r"'[^'\n]*'", "", text)  # words quoted from the file (record 092 'swiss FIDE Dutch') stay as they are
    return [w for w in re.findall(r"(?<![\w./+-])[a-z]{3,}(?![\w/-])", text) if w not in CODES]


def test_english_finds_prose_and_spares_codes():
    assert english("Бухгольц (C.07 8.1); fide-2024 BH/C1 PTS --seed 4") == []
    assert english("по выбранному набору; by the rule set") == ["the", "rule", "set"]


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_data_texts_are_translated(lang):
    untranslated = [p.source for p in PRESETS.values() if message(p.source, lang) == p.source]
    untranslated += sorted({d.unplayed for d in CATALOGUE.values() if message(d.unplayed, lang) == d.unplayed})
    assert not untranslated


@pytest.mark.parametrize("lang", ["ru", "uk"])
@pytest.mark.parametrize("argv", [["list"], ["presets"], ["berger", "5"], ["ratings", str(EXAMPLE)],
                                  ["standings", str(EXAMPLE), "--seed", "1"]],
                         ids=["list", "presets", "berger", "ratings", "standings"])
def test_command_prints_no_english(argv, lang, capsys):
    assert main([*argv, "--lang", lang]) == 0
    out = capsys.readouterr()
    if argv[0] == "presets":  # the first column is the preset's name, a code
        text = "\n".join(line for line in out.out.splitlines() if line.startswith(" "))
    elif argv[0] == "list":  # the source column cites a document by its name ("seed 004 (cumulative)"), as codes do
        text = "\n".join(line[:24] + line[56:] for line in out.out.splitlines())
    else:
        text = out.out
    assert english(text) == [], text[:2000]


@pytest.mark.parametrize("lang", ["ru", "uk"])
@pytest.mark.parametrize("argv", [["--player", "9"], ["--players", "7", "9"]], ids=["player", "pair"])
def test_explanations_print_no_english(argv, lang, capsys):
    assert main(["explain", str(EXAMPLE), *argv, "--lang", lang, "--no-lots"]) == 0
    out = capsys.readouterr().out
    assert english(out) == [], out[:1500]


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_playoffs_prizes_and_varma_print_no_english(lang, tmp_path, capsys):
    """Play-offs of two and of five tied players (points alone), places with no tie, prizes shared and by the Hort
    system with a category prize, and a Varma draw with a federation conflict-free order."""
    places = ",".join(map(str, range(1, 33)))
    assert main(["playoffs", str(EXAMPLE), "--tiebreaks", "PTS", "--no-lots", "--places", places, "--lang", lang]) == 0
    assert main(["playoffs", str(EXAMPLE), "--seed", "1", "--places", "3", "--lang", lang]) == 0
    prizes = tmp_path / "prizes.csv"
    prizes.write_text("place,1,300\nplace,2,200\nplace,3,100\nrating<1200,1,50\n", encoding="utf-8")
    for method in ("shared", "hort"):
        assert main(["prizes", str(EXAMPLE), "--prizes", str(prizes), "--method", method, "--lang", lang]) == 0
    players = tmp_path / "players.txt"
    players.write_text("".join(f"Player{k}, {('AUS', 'NZL', 'IND', 'CHN')[k % 4]}\n" for k in range(12)),
                       encoding="utf-8")
    assert main(["varma", str(players), "--seed", "3", "--lang", lang]) == 0
    out = capsys.readouterr().out
    # the sample covers each kind of line: a mini-match, a cut to four, no tie, shared prizes, the Varma order
    assert out.count("\n") > 60 and "rating<1200" in out
    assert english(out.replace("rating<1200", "")) == [], out[:3000]


@pytest.mark.parametrize("lang", ["ru", "uk"])
@pytest.mark.parametrize("argv", [["odds", str(EXAMPLE), "--after-round", "6", "--simulations", "2000", "--seed", "1"],
                                  ["check", str(EXAMPLE)]], ids=["odds", "check"])
def test_odds_and_check_print_no_english(argv, lang, capsys):
    main([*argv, "--lang", lang])
    out = capsys.readouterr().out
    assert out and english(out) == [], out[:1500]


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_convert_says_what_it_wrote_in_the_language(lang, tmp_path, capsys):
    assert main(["convert", str(EXAMPLE), str(tmp_path / "x.json"), "--lang", lang]) == 0
    err = capsys.readouterr().err.replace(str(tmp_path), "")
    assert err.strip() and english(err) == [], err


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_convert_to_a_crosstable_names_what_it_leaves_out_in_the_language(lang, tmp_path, capsys):
    """The example's event name, dates, type, team-free header records (TRF 012, 042/052, 092...) cannot go into a
    crosstable: the warning names each of them in the reader's language."""
    assert main(["convert", str(EXAMPLE), str(tmp_path / "x.csv"), "--lang", lang]) == 0
    err = capsys.readouterr().err.replace(str(tmp_path), "")
    assert {"ru": "название турнира", "uk": "назва турніру"}[lang] in err
    assert english(err) == [], err


@pytest.mark.parametrize("lang", ["ru", "uk"])
@pytest.mark.parametrize("tiebreaks", ["PTS,XX", "PTS,BH/Q1"], ids=["code", "modifier"])
def test_an_unknown_tiebreak_is_refused_in_the_language(tiebreaks, lang, capsys):
    assert main(["standings", str(EXAMPLE), "-t", tiebreaks, "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert "'XX'" in err or "'Q1'" in err
    assert english(err.replace("tiebreak list", "").replace("tiebreak:", "")) == [], err  # the command is a name


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_date_the_reader_does_not_understand_is_named_in_the_language(lang, tmp_path, capsys):
    """A Krause file's day.month.year date (the Irish 2011 files write 10.09.13) is a warning naming the field."""
    text = EXAMPLE.read_text(encoding="utf-8").replace("042 10/06/2025", "042 10.09.13")
    (tmp_path / "d.trf").write_text(text, encoding="utf-8")
    assert main(["standings", str(tmp_path / "d.trf"), "--lang", lang, "--seed", "1"]) == 0
    err = capsys.readouterr().err.replace(str(tmp_path), "")
    assert {"ru": "(дата начала)", "uk": "(дата початку)"}[lang] in err
    assert english(err) == [], err


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_team_explanation_numbers_rounds_in_the_language(lang, capsys):
    """A team's rounds are Т1, Т2... as a player's are, and the match points stand in one column (the spec's
    Example T: team 1 A beat 2 B 1.5-0.5, drew 3 C and 4 D 1-1)."""
    team = Path(__file__).resolve().parent / "data" / "team" / "example-t.trf"
    assert main(["explain", str(team), "--player", "1", "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    rounds = [x for x in lines if re.match(r"  [A-ZА-Я]\d ", x)]
    assert rounds and all(x.startswith("  Т") for x in rounds), rounds
    assert "2 B" in rounds[0] and len({x.find("МО") for x in rounds[:3]}) == 1  # МО: match points, in both
    assert english("\n".join(lines)) == []


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_swiss_manager_table_is_in_the_language(lang, capsys):
    """`list --swiss-manager`: the heading and the numbers we cannot translate (SM5 a manual input, SM8 the old 'Fide
    Tie-Break', SM26 an imported value) are explained in the reader's language; the columns of numbers, Chess-Results
    short names and our specifiers are codes."""
    assert main(["list", "--swiss-manager", "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    explained = [x[24:] for x in lines[1:] if len(x) > 24]
    assert len(explained) >= 8
    assert english("\n".join([lines[0].replace("Swiss-Manager", ""), *explained])) == [], lines[:12]


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_difference_found_by_check_names_the_player_in_the_language(lang, tmp_path, capsys):
    """Vega's published standings of the example with no. 9's BH/C1 changed from 28.5 to 29.5: the difference line
    names him '№ 9', not 'no. 9'."""
    vega = Path(__file__).parent / "data" / "check" / "hobsons-bay-cup-2025.published.csv"
    altered = vega.read_text(encoding="utf-8").replace('2,9,"Wongso,Renaldo",,6.0,30.5,28.5,24.5',
                                                      '2,9,"Wongso,Renaldo",,6.0,30.5,29.5,24.5')
    (tmp_path / "vega.csv").write_text(altered, encoding="utf-8")
    assert main(["check", str(EXAMPLE), "--published", str(tmp_path / "vega.csv"), "--lang", lang]) == 1
    out = capsys.readouterr().out
    assert "  № 9 Wongso,Renaldo" in out and "no. " not in out


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_printed_page_has_no_english_words(lang, capsys):
    """The HTML standings (the PDF is this page printed): the crosstable's byes (the example has half-point, zero-point
    and pairing-allocated byes) are named in the reader's language too."""
    assert main(["standings", str(EXAMPLE), "--format", "html", "--seed", "1", "--lang", lang]) == 0
    page = capsys.readouterr().out
    text = html.unescape(re.sub(r"<[^>]+>", "\n", re.sub(r"<(style|title)>.*?</\1>", "", page, flags=re.S)))
    # the legend names the byes the crosstable shows by their letters (the example has H and Z byes)
    assert {"ru": "H = бай в пол-очка", "uk": "H = бай в пів очка"}[lang] in text
    assert english(text) == [], [x for x in text.splitlines() if english(x)][:10]


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_file_that_is_not_there_is_said_in_the_language(lang, tmp_path, capsys):
    """The operating system's reason (ENOENT, EISDIR) is part of the sentence, so it is translated too."""
    assert main(["standings", str(tmp_path / "absent.trf"), "--lang", lang]) == 2
    assert main(["standings", str(tmp_path), "--lang", lang]) == 2
    err = capsys.readouterr().err.replace(str(tmp_path), "")
    assert english(err.replace("tiebreak:", "")) == [], err


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_batch_reports_its_progress_in_the_language(lang, tmp_path, capsys):
    """Several files with --out: the progress lines, the summary and the failures in the reader's language."""
    broken = tmp_path / "broken.json"
    broken.write_text('{"a":', encoding="utf-8")
    assert main(["standings", str(EXAMPLE), str(broken), "--out", str(tmp_path / "out"), "--format", "csv",
                 "--seed", "1", "--lang", lang]) == 1
    err = capsys.readouterr().err.replace(str(tmp_path), "").replace(str(EXAMPLE), "")
    assert {"ru": "обработано файлов: 1 из 2", "uk": "оброблено файлів: 1 з 2"}[lang] in err
    # the JSON parser's own words ("Expecting value") are quoted from it, as a file's are
    assert english(err.replace("tiebreak:", "").replace("Expecting value", "")) == [], err


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_serve_says_where_to_look_in_the_language(lang):
    """The lines `tiebreak serve` prints before it serves (the command itself runs until stopped)."""
    url = "http://127.0.0.1:8123/"  # the address bound (tiebreak.web.app.bound_address)
    for line in (Message("tiebreak: open {} in a browser (Ctrl-C stops)", url),
                 Message("tiebreak: live standings of {} event file at {}live", 2, url,
                         plural="tiebreak: live standings of {} event files at {}live", count=2)):
        text = message(line, lang)
        assert "127.0.0.1:8123" in text and english(re.sub(r"tiebreak:|http://\S+", "", text)) == [], text


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
@pytest.mark.parametrize("tiebreaks", ["PTS,BH/Q1", "PTS,MPVGP"], ids=["modifier", "team code"])
def test_the_catalogue_command_is_quoted_as_a_command_to_type(tiebreaks, lang, capsys):
    """Two errors ended in a bare "(tiebreak list)", English words in a Russian or Ukrainian sentence: it is the
    command that lists the codes and modifiers, so it is quoted as one, as the Swiss-Manager errors quote
    'tiebreak list --swiss-manager': "(see 'tiebreak list')", «(см. 'tiebreak list')», «(див. 'tiebreak list')»."""
    assert main(["standings", str(EXAMPLE), "-t", tiebreaks, "--lang", lang]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith({"en": "(see 'tiebreak list')", "ru": "(см. 'tiebreak list')",
                         "uk": "(див. 'tiebreak list')"}[lang]), err
