"""A field over its bound is said in the reader's language with what was counted: a repeated field's values (51
categories, at most 50 — never "too long"), a text's characters."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

from tiebreak.web.app import create_app  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "hobsons-bay-cup-2025.trf"


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app())


@pytest.mark.parametrize("lang, said", [("en", "the field category is given 51 values; at most 50"),
                                        ("ru", "в поле category значений: 51; не больше 50"),
                                        ("uk", "у полі category значень: 51; не більше 50")])
def test_51_categories_are_counted_as_values(client, lang, said):
    r = client.post("/api/standings", data={"category": ["rating<1600"] * 51, "lang": lang},
                    files={"file": ("a.trf", EXAMPLE.read_bytes())})
    assert r.status_code == 400 and r.json()["error"] == said and r.json()["field"] == "category"


@pytest.mark.parametrize("lang, said", [("en", "the field text is too long (2,001 characters; at most 2,000)"),
                                        ("ru", "поле text слишком длинное (символов: 2\u202f001; не больше 2\u202f000)"),
                                        ("uk", "поле text задовге (символів: 2\u202f001; не більше 2\u202f000)")])
def test_a_text_over_its_bound_is_counted_in_characters(client, lang, said):
    """/api/translate takes notes of at most 2,000 characters (docs/reference/web-api.md); the count grouped as the
    language groups thousands (a narrow no-break space in Russian and Ukrainian)."""
    r = client.post("/api/translate", data={"text": ["x" * 2001], "lang": lang})
    assert r.status_code == 400 and r.json()["error"] == said and r.json()["field"] == "text"
