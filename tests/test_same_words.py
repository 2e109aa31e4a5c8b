"""The same question on every face says the same words (issue 33): one glossary for the common terms.

Standings, an explanation and a check of published standings are asked of the command line, the API (the answers
the page shows and the words it labels them with) and the static site in Russian and Ukrainian.  The authority is
docs/glossary.md (after ../shared/spec/glossary.md), whose terms sit in the catalogues under the context ``term``; a
word that a table used to say otherwise (match points as «КО», players as «Игроки», «Итоговая таблица») must show on
no face.  Outside values: the glossary's words, written here by hand from docs/glossary.md.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from sources import ROOT

from tiebreak.cli import main
from tiebreak.render.i18n import GLOSSARY, catalogue

EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
PUBLISHED = ROOT / "tests" / "data" / "check" / "hobsons-bay-cup-2025.published.csv"
TEAM = ROOT / "tests" / "data" / "team" / "example-t.trf"
LANGS = ("ru", "uk")
#: match points, players and the standings as docs/glossary.md writes them
GLOSSARY_WORDS = {"ru": ("МО", "Участники", "Турнирная таблица"), "uk": ("МО", "Учасники", "Турнірна таблиця")}
# (one English, one translation, and each English in one table: tests/test_words.py)


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_has_its_terms(lang):
    terms = {en: text for (ctx, en), text in catalogue(lang).items() if ctx == GLOSSARY}
    assert terms["MP"] == "МО" and terms["Players"] == GLOSSARY_WORDS[lang][1]
    assert terms["Standings"] == GLOSSARY_WORDS[lang][2]


#: the words the faces said before the glossary for its terms (from the catalogues of main at c601fa5), where they
#: differed from it: match points in the check report, players on the live screen, the standings and the event type
#: on the page, game points on the site, the team explanation's cut and shared place, the ratings' name column
OLD_WORDS = {
    "ru": {"КО", "Игроки", "Итоговая таблица", "Очки за партии", "(отсечён)", "не разделены (место делится)",
           "Как считается", "круговой турнир", "Имя", "результат среди них"},
    "uk": {"КО", "Гравці", "Підсумкова таблиця", "Очки за партії", "(відсічено)", "не розділені (місце поділене)",
           "Як рахується", "коловий турнір", "Ім'я", "результат серед них"},
}


def _visible(page: str) -> str:
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def _cli(capsys, *argv: str) -> str:
    capsys.readouterr()
    main(list(argv))
    out = capsys.readouterr()
    return out.out + out.err


@pytest.fixture(scope="module")
def client():
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.web import create_app

    return TestClient(create_app())


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    pytest.importorskip("jinja2")
    out = tmp_path_factory.mktemp("same-words") / "site"
    assert main(["site", str(EXAMPLE), str(TEAM), "-o", str(out), "--seed", "1"]) == 0
    return out


def _api(client, path: str, file: Path, data: dict[str, str], **files: Path) -> str:
    upload = {"file": (file.name, file.read_bytes())} | {k: (p.name, p.read_bytes()) for k, p in files.items()}
    r = client.post(path, data=data, files=upload)
    assert r.status_code == 200, r.text
    return r.text


def _page_words(client, lang: str) -> str:
    words = client.get(f"/api/words?lang={lang}").json()
    del words["words"]["varma"]  # "lines Name, FED": the name in a line of the Varma file, not the column's heading
    return json.dumps(words, ensure_ascii=False)


@pytest.mark.parametrize("lang", LANGS)
def test_the_same_questions_say_the_same_words_on_every_face(lang, capsys, client, site):
    mp, players, standings = GLOSSARY_WORDS[lang]
    faces = {
        "command line": {
            "standings": _cli(capsys, "standings", str(TEAM), "--lang", lang),
            "explain": _cli(capsys, "explain", str(EXAMPLE), "--player", "7", "--lang", lang, "--seed", "1"),
            "check": _cli(capsys, "check", str(EXAMPLE), "--published", str(PUBLISHED), "--lang", lang),
        },
        "API": {
            "standings": _api(client, "/api/standings", TEAM, {"format": "text", "lang": lang}),
            "check": _api(client, "/api/check", EXAMPLE, {"lang": lang, "format": "text"}, published=PUBLISHED),
            "page words": _page_words(client, lang),
        },
        "site": {name: _visible((site / event / lang / page).read_text(encoding="utf-8"))
                 for name, event, page in (("standings", "example-t", "standings.html"),
                                           ("players", "hobsons-bay-cup-2025", "index.html"),
                                           ("card", "hobsons-bay-cup-2025", "player-7.html"))},
    }
    # match points: the same two letters in the team standings of every face
    assert all(re.search(rf"\b{mp}\b", faces[face]["standings"]) for face in ("command line", "API", "site")), mp
    assert standings in faces["site"]["standings"] and standings in faces["API"]["page words"]
    assert players in faces["site"]["players"]
    stem, not_this = players.lower()[:-1], ("игрок", "игрок") if lang == "ru" else ("гравець", "гравц")
    assert stem in faces["API"]["page words"].lower()  # "{n} участников": the page counts them with the same noun
    assert not any(w in text.lower() for answers in faces.values() for text in answers.values() for w in not_this)
    variants = OLD_WORDS[lang]
    said_otherwise = {(face, question, v) for face, answers in faces.items() for question, text in answers.items()
                      for v in variants if re.search(rf"(?<!\w){re.escape(v)}(?!\w)", text)}
    assert said_otherwise == set()


@pytest.mark.parametrize("lang", LANGS)
def test_a_team_events_home_names_the_primary_score_as_its_standings_do(lang, capsys, site):
    # the site's home page listed "PTS Primary score (C.07 11)" where the standings and the command line say
    # "МО Матчевые очки (C.07 11.1.1)"
    mp = GLOSSARY_WORDS[lang][0]
    home = _visible((site / "example-t" / lang / "index.html").read_text(encoding="utf-8"))
    legend = _cli(capsys, "standings", str(TEAM), "--lang", lang)
    first = re.search(rf"^\s+{mp}\s+(.+) \((C\.07 [\d.]+)\)$", legend, re.M)
    assert first, legend
    assert re.search(rf"{mp}\s+{re.escape(first[1])}\s+\({re.escape(first[2])}\)", home), home
    assert "PTS" not in home
