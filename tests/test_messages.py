"""Error and warning messages in Russian and Ukrainian (issue 6: "every heading, tie-break name, note and error
message").  The catalogue must hold every message the package can raise: the test reads the sources for them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tiebreak.cli import main
from tiebreak.engine.messages import Message
from tiebreak.render.i18n import UNTRANSLATED, catalogue, message, messages, plurals, problem

MESSAGES = messages()

PACKAGE = Path(__file__).resolve().parents[1] / "tiebreak"
#: calls whose first text argument is a message the user reads
RAISERS = {"message", "NumberError", "InputError", "OutputError",
           "SpecifierError", "TiebreakError", "InputWarning", "ApiError", "fail", "warn", "PdfError",
           "XlsxError", "append"}


def _source_messages() -> dict[tuple[str | None, ...], str]:
    """Every message of the package: the identifier of each ``Message(...)`` and each plain text given to a raiser
    (a message without values)."""
    found: dict[tuple[str | None, str], str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "messages.py" and path.parent.name == "engine":
            continue  # the class itself
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if name == "Message":
                arg = node.args[0]
                if (path.parent.name, path.name) in (("cli", "options.py"), ("web", "page_words.py"),
                                                     ("render", "i18n.py")):
                    continue  # argparse's own messages, a literal each in its table; a message rebuilt from JSON; a
                    # sentence of a count of the faces' tables (words.COUNTS, tests/test_translations.py)
                texts = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]  # "a" if team else "b"
                assert all(isinstance(t, ast.Constant) for t in texts), \
                    f"{path.name}:{node.lineno}: a message's identifier is a literal"
                context = next((k.value.value for k in node.keywords if k.arg == "context"), None)
                if any(k.arg == "plural" for k in node.keywords):  # a message with a count: its plural entry
                    assert len(texts) == 1, f"{path.name}:{node.lineno}: a count's message has one identifier"
                    found.setdefault(("plural", context, texts[0].value), f"{path.name}:{node.lineno}")
                    continue
                for text in texts:
                    if re.search("[A-Za-z]", text.value):  # "{} + {}" has no words to translate
                        found.setdefault((context, text.value), f"{path.name}:{node.lineno}")
                continue
            if name not in RAISERS:
                continue
            if name == "append" and not (isinstance(f.value, ast.Name) and f.value.id == "notes"
                                         or isinstance(f.value, ast.Attribute) and f.value.attr == "notes"):
                continue  # notes.append(...): the notes under the standings are read too
            arg = node.args[1] if name == "ApiError" and len(node.args) > 1 else node.args[0]
            assert not isinstance(arg, ast.JoinedStr), \
                f"{path.name}:{node.lineno}: an f-string message: write Message(identifier, values...)"
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.setdefault((None, arg.value), f"{path.name}:{node.lineno}")
    return found


def test_every_message_of_the_package_is_in_the_catalogue():
    ru, uk = catalogue("ru"), catalogue("uk")
    plural_ru, plural_uk = plurals("ru"), plurals("uk")
    missing = {key: where for key, where in _source_messages().items()
               if (key[1:] not in plural_ru or key[1:] not in plural_uk if key[0] == "plural" and len(key) == 3
                   else key not in ru or key not in uk)}
    assert not missing, f"messages without ru/uk translation: {missing}"


@pytest.mark.parametrize("en, ru, uk", MESSAGES, ids=[m[0][:40] for m in MESSAGES])
def test_translations_keep_every_value_and_add_no_english(en, ru, uk):
    count = len(re.findall(r"(?<!\{)\{\}(?!\})", en))
    english_words = set(re.findall(r"[A-Za-z]+", en))
    for text in (ru, uk):
        assert sorted(re.findall(r"(?<!\{)\{(\d+)\}(?!\})", text)) == sorted(str(i) for i in range(count)), text
        assert re.search("[а-яіїєґА-ЯІЇЄҐ]", text) or not english_words, text
        # Latin letters only where the English has the same token (codes, commands, field names of the file)
        assert set(re.findall(r"[A-Za-z]+", text)) <= english_words, text


def test_ukrainian_is_not_russian():
    same = [ru for en, ru, uk in MESSAGES if ru == uk]
    # values and punctuation only, or words spelled alike in both: «Т» and «тур», «байт», «поле», «команда», «текст»,
    # «результат», «команд» (5 команд),
    # «не» and «в»
    alike = {"Т", "тур", "байт", "поле", "команда", "команд", "текст", "результат", "не", "в"}
    assert all(set(re.findall(r"[а-яіїєґА-ЯІЇЄҐ]+", text)) <= alike for text in same), same


def test_a_message_is_translated_with_its_values():
    # hand-written translations of two messages of the TRF reader, values kept as they came
    two_games = Message("round {}: player {} has two games or byes", 4, 12)
    assert message(two_games, "ru").startswith("тур 4: ")
    assert "12" in message(two_games, "uk")
    assert message("no player records (001) found: is this a TRF file?", "en") == \
        "no player records (001) found: is this a TRF file?"


def test_english_is_never_read_back():
    # the identifier, not the English text, finds the translation: a text that only reads like a message stays as
    # it is, and is noted as untranslated (the tests of every face fail on it)
    UNTRANSLATED.clear()
    assert message("round 4: player 12 has two games or byes", "ru") == "round 4: player 12 has two games or byes"
    assert message(Message("a message nobody wrote {}", 3), "uk") == "a message nobody wrote 3"
    assert UNTRANSLATED == {(None, "round 4: player 12 has two games or byes"), (None, "a message nobody wrote {}")}
    UNTRANSLATED.clear()


def test_command_line_errors_and_warnings_in_ukrainian(tmp_path, capsys):
    bad = tmp_path / "bad.trf"
    bad.write_text("012 x\n001    1      A  0\n001 abcd\n", encoding="utf-8")
    assert main(["standings", str(bad), "--lang", "uk"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"tiebreak: помилка: {bad}, рядок 3, стовпець 5 (стартовий номер): ")
    assert "'abcd'" in err and not re.search(r"\b(line|column|starting|rank|not|number)\b", err)


def test_warnings_and_notes_in_russian(tmp_path, capsys):
    lines = (Path(__file__).resolve().parents[1] / "examples" / "hobsons-bay-cup-2025.trf").read_text(
        encoding="utf-8").splitlines()
    i = next(k for k, x in enumerate(lines) if x.startswith("001"))
    lines[i] = lines[i][:80] + " 9.0" + lines[i][84:]  # the points column (81-84) no longer fits the results
    path = tmp_path / "event.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    main(["standings", str(path), "--lang", "ru", "-t", "PTS,BH", "--seed", "1"])
    err = capsys.readouterr().err.splitlines()
    warning = next(x for x in err if x.startswith("предупреждение: "))
    assert "строка" in warning and not re.search(r"\b(points|column|says|results|add up)\b", warning), warning
    notes = [x for x in err if x.startswith("примечание: ")]
    assert any(n.startswith("примечание: правила fide-2024 выбраны по дате начала 2025-06-10; ") for n in notes)
    # words of the file itself (record 092, quoted) stay as they are
    assert not any(re.search(r"\b(rules|chosen|players|tied|record|swiss)\b", re.sub(r"'[^']*'", "", x))
                   for x in notes), notes


def test_problem_keeps_the_place_and_localises_the_words():
    from tiebreak.engine.errors import InputError, Place

    e = InputError(Message("round {} is out of range", 2), Place("a.xml", field="playerpairing[1]@round"))
    assert problem(e, "en") == str(e)
    assert problem(e, "uk").startswith("a.xml (playerpairing[1]@round): ")


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_counts_in_sentences_are_grouped_as_the_language_groups_them(lang):
    """A count put into a sentence has its thousands grouped as the language writes them: ``8,198`` in English,
    ``8 198`` in Russian and Ukrainian (Babel's CLDR grouping; the separator there a narrow no-break space, where
    CLDR has a no-break space: both keep the number on one line), never the English comma in ru/uk, which reads as
    a decimal point.  Numbers in tables keep their ``.`` decimals in every language."""
    babel = pytest.importorskip("babel.numbers")
    from tiebreak.render.i18n import grouped
    from tiebreak.render.odds import progress_text

    def cldr(n: int) -> str:
        return babel.format_decimal(n, locale=lang).replace("\xa0", "\u202f")

    for n in (7, 999, 1000, 8198, 63000, 1234567):
        assert grouped(n, lang) == cldr(n), n
    text = progress_text(8198, 12000, 3.2, lang)
    assert cldr(8198) in text and cldr(12000) in text and bool(re.search(r"\d,\d", text)) == (lang == "en")


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_count_inside_an_error_is_grouped_as_the_language_groups_it(tmp_path, lang):
    """A reader's or a guard's error that says a count (a file's bytes at most) says it as the language writes it
    (Babel's CLDR grouping, the separator a narrow no-break space): ``65,536`` / ``65 536``; a start number or a line
    number in the same message is never grouped."""
    babel = pytest.importorskip("babel.numbers")
    from tiebreak.engine.errors import InputError
    from tiebreak.engine.messages import Count
    from tiebreak.live.guard import read_inside

    (tmp_path / "big.trf").write_bytes(b"012 Open\n" * 10_000)
    with pytest.raises(InputError) as caught:
        read_inside(tmp_path, tmp_path / "big.trf", 65_536)
    said = problem(caught.value, lang)
    assert babel.format_decimal(65_536, locale=lang).replace("\xa0", "\u202f") in said, said
    assert bool(re.search(r"\d,\d", said)) == (lang == "en")
    worded = message(Message("round {}: player {} has two games or byes", 1234, Count(1234)), lang)
    assert worded.split(":")[0].endswith(" 1234") and ("1,234" if lang == "en" else "1\u202f234") in worded
