"""Error and warning messages in Russian and Ukrainian (issue 6: "every heading, tie-break name, note and error
message").  The catalogue must hold every message the package can raise: the test reads the sources for them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tiebreak.cli import main
from tiebreak.render.i18n import message, messages, problem

MESSAGES = messages()

PACKAGE = Path(__file__).resolve().parents[1] / "tiebreak"
#: calls whose first text argument is a message the user reads
RAISERS = {"InputError", "OutputError", "SpecifierError", "TiebreakError", "InputWarning", "ApiError", "fail", "warn", "PdfError",
           "XlsxError", "append"}


def _template(node) -> str | None:
    """The message of a string or f-string literal with ``{}`` for each inserted value."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value.replace("{", "{{").replace("}", "}}") if isinstance(v, ast.Constant) else "{}"
                       for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):  # "text: " + ", ".join(codes): a value
        a, b = _template(node.left), _template(node.right)
        return None if a is None and b is None else (a if a is not None else "{}") + (b if b is not None else "{}")
    return None


def _source_messages() -> dict[str, str]:
    found: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if name not in RAISERS:
                continue
            if name == "append" and not (isinstance(f.value, ast.Name) and f.value.id == "notes"):
                continue  # notes.append(...): the notes under the standings are read too
            arg = node.args[1] if name == "ApiError" and len(node.args) > 1 else node.args[0]
            text = _template(arg)
            if text is not None:
                found.setdefault(text, f"{path.name}:{node.lineno}")
    return found


def test_every_message_of_the_package_is_in_the_catalogue():
    known = {en for en, _, _ in MESSAGES}
    missing = {text: where for text, where in _source_messages().items() if text not in known}
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
    same = [en for en, ru, uk in MESSAGES if ru == uk]
    assert len(same) <= 3, same


def test_a_message_is_translated_with_its_values():
    # hand-written translations of two messages of the TRF reader, values kept as they came
    assert message("round 4: player 12 has two games or byes", "ru").startswith("тур 4: ")
    assert "12" in message("round 4: player 12 has two games or byes", "uk")
    assert message("no player records (001) found: is this a TRF file?", "en") == \
        "no player records (001) found: is this a TRF file?"
    assert message("a message nobody wrote", "ru") == "a message nobody wrote"


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
    assert any(n.startswith("примечание: правила fide-2024 выбраны по: дата начала 2025-06-10; ") for n in notes)
    # words of the file itself (record 092, quoted) stay as they are
    assert not any(re.search(r"\b(rules|chosen|players|tied|record|swiss)\b", re.sub(r"'[^']*'", "", x))
                   for x in notes), notes


def test_problem_keeps_the_place_and_localises_the_words():
    from tiebreak.engine.errors import InputError, Place

    e = InputError("round 2 is out of range", Place("a.xml", field="playerpairing[1]@round"))
    assert problem(e, "en") == str(e)
    assert problem(e, "uk").startswith("a.xml (playerpairing[1]@round): ")
