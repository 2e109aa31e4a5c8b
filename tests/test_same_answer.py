"""The same question on every face gives the same words and numbers (issue 33, a new user's review: items 9, 11-13
and 15): one mark of a place the play-off decided, one word for a bye read from a result, one notation of a match's
score, one word for a game without a result on the live server's faces, one decimal separator per language.  Every
expected text is written here by hand, in English, Russian and Ukrainian."""

from __future__ import annotations

import pytest
from sources import ROOT

from tiebreak.cli import main

pytest.importorskip("jinja2")

EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
TEAM = ROOT / "tests" / "data" / "team" / "example-t.trf"


def _out(capsys, *argv: str) -> str:
    capsys.readouterr()
    assert main(list(argv)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(("lang", "half_up", "tenths"), [
    ("en", ".5 up", "the percentage to one decimal, rounded half up"),
    ("ru", "0.5 — в большую сторону", "процент до десятых, округление 0.5 в большую сторону"),
    ("uk", "0.5 — у більшу сторону", "відсоток до десятих, округлення 0.5 у більшу сторону"),
], ids=["en", "ru", "uk"])
def test_the_rating_reports_rules_write_a_half_with_the_decimal_point_of_its_table(capsys, lang, half_up, tenths):
    """The rating report's line of rules wrote «0,5 — в большую сторону» above a table of 0.83, 23.4 (and every
    face writes points with a point in every language: 4.5, «64.8 %»)."""
    fide = _out(capsys, "ratings", str(EXAMPLE), "--lang", lang)
    assert half_up in fide and "0,5" not in fide
    harkness = _out(capsys, "ratings", str(EXAMPLE), "--system", "harkness", "--lang", lang)
    assert tenths in harkness.replace("\n", " ") and "0,5" not in harkness


@pytest.fixture(scope="module")
def client():
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.web import create_app

    return TestClient(create_app())


@pytest.mark.parametrize(("lang", "gp"), [("en", "GP"), ("ru", "ИО"), ("uk", "ІО")])
def test_a_matchs_score_is_written_in_one_notation_on_every_face(capsys, client, tmp_path, lang, gp):
    """Team A beat B 1.5-0.5 in round 1 of the bundled team example: the explanation of a team on the command line
    and on the page wrote "1.5 : 0.5", the website's card and round page, the live screen and /api/live
    "1.5 – 0.5" (the notation of most faces: an en dash between spaces)."""
    text = _out(capsys, "explain", str(TEAM), "--player", "1", "--lang", lang)
    assert f"{gp} 1.5 – 0.5" in text and " : " not in text
    upload = {"file": (TEAM.name, TEAM.read_bytes())}
    panel = client.post("/api/explain", data={"player": "1", "format": "html", "lang": lang}, files=upload)
    assert panel.status_code == 200, panel.text
    assert ">1.5 – 0.5<" in panel.text and "1.5 : 0.5" not in panel.text
    _out(capsys, "site", str(TEAM), "-o", str(tmp_path / "site"), "--lang", lang)
    card = (tmp_path / "site" / lang / "team-1.html").read_text()
    assert ">1.5 – 0.5<" in card
