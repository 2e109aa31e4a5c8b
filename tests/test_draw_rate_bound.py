"""``--draw-rate`` was declared from 0 to 1 while the elo model refuses 1 (Davidson's draw factor 2D/(1 - D) has no
value there): the command line and the API took 1 and then the model refused it with its own words.  The declaration
now says the true bound, at least 0 and below 1 (issue 33), and every face that takes the option refuses 1 with it:
the command line (its ``--help`` says it), the API (its OpenAPI document's ``exclusiveMaximum``, its 400).  The page
has no such field (``not_on``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tiebreak.cli import main

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "hobsons-bay-cup-2025.trf"
#: the bound as the model states it (a draw rate of 1 makes 2D/(1 - D) a division by zero), in each language
SAID = {"en": "'1' must be at least 0 and below 1",
        "ru": "'1' должно быть не меньше 0 и меньше 1",
        "uk": "'1' має бути не менше 0 і менше 1"}

#: the help's words after the option's own
HELP = {"en": "(at least 0 and below 1)", "ru": "(не меньше 0 и меньше 1)", "uk": "(не менше 0 і менше 1)"}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_the_command_line_refuses_a_draw_rate_of_1_as_declared(capsys, lang):
    with pytest.raises(SystemExit) as stop:
        main(["odds", str(EXAMPLE), "--model", "elo", "--draw-rate", "1", "--lang", lang])
    assert stop.value.code == 2
    assert f"--draw-rate: {SAID[lang]}" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["odds", "--help", "--lang", lang])
    assert HELP[lang] in " ".join(capsys.readouterr().out.split())  # the help says the bound


def test_a_draw_rate_just_below_1_is_taken(capsys):
    assert main(["odds", str(EXAMPLE), "--model", "elo", "--draw-rate", "0.999", "--after-round", "6",
                 "--simulations", "100", "--seed", "1", "--format", "json"]) == 0
    assert "draw rate 0.999, White +35 rating points" in capsys.readouterr().out  # the model's note: taken


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_api_refuses_it_with_the_same_bound(lang):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.web.app import create_app

    client = TestClient(create_app())
    field = client.get("/openapi.json").json()
    schemas = field["components"]["schemas"]
    bounds = [s["properties"]["draw_rate"] for s in schemas.values() if "draw_rate" in s.get("properties", {})]
    assert bounds and all({"minimum": 0, "exclusiveMaximum": 1}.items() <= _number(b).items() for b in bounds)
    answer = client.post("/api/odds", data={"model": "elo", "draw_rate": "1", "lang": lang},
                         files={"file": (EXAMPLE.name, EXAMPLE.read_bytes())})
    assert answer.status_code == 400
    words = {"en": "the field draw_rate must be a number at least 0 and below 1, not '1'",
             "ru": "поле draw_rate должно быть числом не меньше 0 и меньше 1, а не '1'"}
    assert answer.json()["error"] == words[lang] and answer.json()["field"] == "draw_rate"


def _number(schema: dict) -> dict:
    """The number's schema of an optional field (``anyOf`` a number and null)."""
    return next((s for s in schema.get("anyOf", []) if s.get("type") == "number"), schema)
