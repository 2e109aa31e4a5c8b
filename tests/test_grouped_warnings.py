"""A warning repeated many times is said once (issue 33): Sharly's TRF-26 team file has 98 round cells "0000 - +" (a
forfeit win without an opponent), each one warned "result '+' without an opponent, read as full-point bye".  Every face that shows
warnings (command line, /api/standings and the page's parts, the live document in every language) gives one line naming
the count and the first lines; the JSON's ``said.warnings`` keeps each occurrence with its place.  The count and the
lines are read here from the file itself, cell by cell, not from the reader."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from sources import CORPUS, needs

from tiebreak.cli import main
from tiebreak.engine.errors import InputWarning, Message, Place, grouped
from tiebreak.render.i18n import message

SHARLY = CORPUS / "sharly-chess" / "trf" / "example_trf26.trf"


def forfeits_without_opponent() -> list[int]:
    """The line of each "0000 - +" cell of the player records, in the file's order (a line once per such cell)."""
    lines = SHARLY.read_text(encoding="utf-8").splitlines()
    return [n for n, line in enumerate(lines, 1) if line.startswith("001") for _ in re.findall(r"0000 - \+", line)]


#: the bye a '+' without an opponent is read as, named as the crosstable's legend names it
BYE = {"en": "full-point bye", "ru": "бай в очко", "uk": "бай в очко"}
WORDS = {"en": "{n} such warnings: lines {lines}, …)",
         "ru": "{n} таких предупреждений: строки {lines}, …)",
         "uk": "{n} таких попереджень: рядки {lines}, …)"}


@needs(SHARLY)
@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_command_line_says_it_once_with_the_count_and_first_lines(capsys, lang):
    cells = forfeits_without_opponent()
    assert len(cells) == 98
    assert main(["standings", str(SHARLY), "--lang", lang]) == 0
    errors = capsys.readouterr().err.splitlines()
    said = WORDS[lang].format(n=98, lines=", ".join(map(str, cells[:5])))
    assert [line for line in errors if BYE[lang] in line] == [next(line for line in errors if said in line)]


@needs(SHARLY)
def test_the_json_keeps_every_occurrence_with_its_place(capsys):
    cells = forfeits_without_opponent()
    assert main(["standings", str(SHARLY), "-f", "json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert len(answer["warnings"]) == 1 and "98 such warnings" in answer["warnings"][0]
    grouped_warning = answer["said"]["warnings"][0]
    assert grouped_warning["message"]["plural"] == "{} ({} such warnings: lines {}{})"
    occurrences = grouped_warning["occurrences"]
    assert sorted(o["place"]["line"] for o in occurrences) == sorted(cells)
    assert {o["message"]["id"] for o in occurrences} == {"round {}: result {} without an opponent, read as {}"}
    jsonschema = pytest.importorskip("jsonschema")
    from tiebreak.render.output import json_schema

    jsonschema.Draft202012Validator(json_schema()).validate(answer)  # the published shape holds them


@needs(SHARLY)
@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_api_the_page_and_the_live_document_say_it_once(lang):
    web = pytest.importorskip("starlette.testclient")
    from tiebreak.web import create_app
    from tiebreak.web.live import restored_in

    said = WORDS[lang].format(n=98, lines=", ".join(map(str, forfeits_without_opponent()[:5])))
    client = web.TestClient(create_app())
    upload = {"file": (SHARLY.name, SHARLY.read_bytes())}
    answer = client.post("/api/standings", data={"lang": lang}, files=upload).json()
    assert [w for w in answer["warnings"] if BYE[lang] in w] == [next(w for w in answer["warnings"] if said in w)]
    assert len(answer["said"]["warnings"][0]["occurrences"]) == 98
    page = unescape(client.post("/api/standings", data={"lang": lang, "format": "page"}, files=upload).text)
    assert page.count(BYE[lang]) == 1 and said in page
    english = client.post("/api/standings", data={"lang": "en"}, files=upload).text
    # a live document kept in English (a team event's members over several lines) worded per language
    document = "{\n" + ",\n".join(f"  {json.dumps(k)}: {json.dumps(v, indent=2)}"
                                   for k, v in json.loads(english).items()) + "\n}"
    assert json.loads(restored_in(document, lang))["warnings"] == answer["warnings"]


@pytest.mark.parametrize(("n", "ru", "uk"), [(21, "21 такое предупреждение", "21 таке попередження"),
                                             (22, "22 таких предупреждения", "22 таких попередження"),
                                             (6, "6 таких предупреждений", "6 таких попереджень")])
def test_the_count_takes_its_plural_form(n, ru, uk):
    ws = [InputWarning(Message("round {}: result {} without an opponent, read as {}", 1 + k % 9, "'+'", "FPB"),
                       Place("a.trf", 10 + k)) for k in range(n)]
    once = grouped(ws)
    assert len(once) == 1 and len(once[0].occurrences) == n
    assert f"{ru}: строки 10, 11, 12, 13, 14, …)" in message(once[0].message, "ru")
    assert f"{uk}: рядки 10, 11, 12, 13, 14, …)" in message(once[0].message, "uk")
    assert grouped(ws[:5]) == ws[:5]  # five alike stay five lines


@needs(SHARLY)
@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_client_translates_the_grouped_warning_as_the_answer_has_it(lang):
    """``/api/translate`` took texts of at most 2,000 characters, while the grouped warning of ``said`` with its 98
    occurrences is about 25,000: a client sending it as the answer has it was refused.  What is translated is the
    message and its place (the occurrences are each a warning of their own): at most 2,000 characters of that, at
    most 200,000 in a request, whatever the occurrences; the words are the answer's own in that language."""
    web = pytest.importorskip("starlette.testclient")
    from tiebreak.web import create_app

    client = web.TestClient(create_app())
    upload = {"file": (SHARLY.name, SHARLY.read_bytes())}
    english = client.post("/api/standings", data={"lang": "en"}, files=upload).json()
    worded = client.post("/api/standings", data={"lang": lang}, files=upload).json()["warnings"][0]
    whole = json.dumps(english["said"]["warnings"][0], ensure_ascii=False)
    assert len(whole) > 2000 and whole.count('"place"') == 99  # the message's place and each occurrence's
    said = WORDS[lang].format(n=98, lines=", ".join(map(str, forfeits_without_opponent()[:5])))
    occurrence = json.dumps(english["said"]["warnings"][0]["occurrences"][97], ensure_ascii=False)
    r = client.post("/api/translate", data={"lang": lang, "text": [whole, occurrence]})
    assert r.status_code == 200, r.text
    assert r.json()[0] == worded and said in worded
    assert BYE[lang] in r.json()[1] and f"{forfeits_without_opponent()[97]}" in r.json()[1]
    # bounded still: the message itself at most 2,000 characters, the request at most 200,000
    long_message = json.dumps({"place": {"file": "a.trf", "line": 1, "column": 1, "field": None},
                               "message": "x" * 2001, "occurrences": []})
    assert client.post("/api/translate", data={"text": [long_message]}).json()["field"] == "text"
    many = client.post("/api/translate", data={"text": [whole] * 10})  # 10 x ~25,000 characters
    assert many.status_code == 400 and "at most 200,000" in many.json()["error"]
