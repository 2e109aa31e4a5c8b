"""The API's one error shape and one language rule (a new user's trial): every error has the six keys, ``field``
names the form field at fault or is null, ``place`` is null unless the problem is in a file; the language is the
form's ``lang``, else the query's, else English, for answers and errors alike (413 too)."""

from __future__ import annotations

import pytest
from sources import ROOT

pytest.importorskip("fastapi")
pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from tiebreak.cli import main  # noqa: E402
from tiebreak.web import create_app  # noqa: E402

EXAMPLE = {"example": "hobsons-bay-cup-2025.trf"}
KEYS = {"error", "file", "line", "column", "field", "place"}


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(max_upload=10_000))


def test_a_bad_tiebreak_list_names_the_field(client):
    r = client.post("/api/standings", data={**EXAMPLE, "tiebreaks": "PTS,XX"})
    e = r.json()
    assert r.status_code == 400 and set(e) == KEYS
    assert (e["field"], e["file"], e["place"]) == ("tiebreaks", None, None)
    assert e["error"].startswith("unknown tie-break 'XX'")


def test_an_unknown_preset_names_the_field(client):
    e = client.post("/api/standings", data={**EXAMPLE, "preset": "nothing-like-it"}).json()
    assert e["field"] == "preset" and e["error"].startswith("unknown preset 'nothing-like-it'")


@pytest.mark.parametrize("content", [b"", b"001 x\x00\xff"])
def test_a_broken_file_has_no_field_and_its_place_in_english(client, content):
    e = client.post("/api/standings", files={"file": ("broken.trf", content)}).json()
    assert set(e) == KEYS and e["field"] is None and e["file"] == "broken.trf" and e["place"] == "broken.trf"


def test_the_language_is_the_form_field_else_the_query_else_english(client):
    bad = {**EXAMPLE, "tiebreaks": "PTS,XX"}
    english = client.post("/api/standings", data=bad).json()["error"]
    russian = client.post("/api/standings?lang=ru", data=bad).json()["error"]
    ukrainian = client.post("/api/standings?lang=ru", data={**bad, "lang": "uk"}).json()["error"]
    assert english.startswith("unknown tie-break")
    assert russian.startswith("неизвестный дополнительный показатель 'XX'")
    assert ukrainian.startswith("невідомий додатковий показник 'XX'")
    # an unknown language in the form is a bad field, refused in the query's language
    e = client.post("/api/standings?lang=ru", data={**bad, "lang": "fr"}).json()
    assert e["field"] == "lang" and e["error"] == "поле lang должно быть одним из значений en, ru, uk, а не 'fr'"


def test_the_answer_itself_follows_the_query_language(client):
    text = client.post("/api/standings?lang=uk", data={**EXAMPLE, "format": "text"}).text
    assert "після 7-го туру з 7" in text.splitlines()[1]


def test_a_413_follows_the_same_rule(client):
    big = {"file": ("big.trf", b"x" * 20_000)}
    e = client.post("/api/standings?lang=uk", files=big).json()
    assert set(e) == KEYS and e["error"].startswith("файл завеликий") and e["field"] is None
    assert client.post("/api/standings", files=big).json()["error"].startswith("upload too large")


def test_a_cut_longer_than_the_event_names_the_tiebreaks_field(client):
    """The example has 7 rounds (its 092/record and the README's standings): BH/C9 cuts more rounds than it has, a
    fault of the tie-break list (docs/reference/web-api.md: `field` is `tiebreaks` for a bad tie-break list)."""
    e = client.post("/api/standings", data={**EXAMPLE, "tiebreaks": "PTS,BH/C9"}).json()
    assert set(e) == KEYS and (e["field"], e["file"], e["place"]) == ("tiebreaks", None, None)
    assert e["error"].startswith("BH/C9: the event has 7 rounds")


def test_an_unknown_start_number_names_the_player_field(client):
    """The example's start numbers run 1 to 32 (its 32 players); asking to explain number 99 is the player field's
    fault, said as the command line says it."""
    e = client.post("/api/explain", data={**EXAMPLE, "player": "99"}).json()
    assert set(e) == KEYS and e["field"] == "player"
    assert e["error"] == "no player with start number 99 in hobsons-bay-cup-2025.trf"


def test_an_unknown_second_player_names_the_field_typed_on_each_face(client, capsys):
    """No. 99 is not among the example's 32 as the second of a pair: the API's field at fault is player2 (it said
    player), the command line's option is --players, the one typed (it said --player)."""
    e = client.post("/api/explain", data={**EXAMPLE, "player": "7", "player2": "99"}).json()
    assert (e["field"], e["error"]) == ("player2", "no player with start number 99 in hobsons-bay-cup-2025.trf")
    assert main(["explain", str(ROOT / "examples" / "hobsons-bay-cup-2025.trf"), "--players", "7", "99"]) == 2
    assert "error: --players: no player with start number 99" in capsys.readouterr().err
    assert main(["explain", str(ROOT / "examples" / "hobsons-bay-cup-2025.trf"), "--player", "99"]) == 2
    assert "error: --player: no player with start number 99" in capsys.readouterr().err
