"""Player columns, category tables and a team ranking are features of individual events: for a team event the
page hides them and the API refuses them with a 400 naming the field, in the request's language.  The team event
is tests/data/team/example-t.trf; the individual one the bundled Hobsons Bay Cup."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from tests import test_web  # noqa: E402
from tests.test_web import _wait_ready  # noqa: E402
from tiebreak.web import create_app  # noqa: E402

browser, server = test_web.browser, test_web.server  # the same real server and Chromium fixtures
TEAM_EVENT = Path(__file__).parent / "data" / "team" / "example-t.trf"


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app())


@pytest.mark.parametrize("field, value", [("columns", "fed,rating"), ("category", "rating<900"),
                                          ("team_ranking", "federation")])
def test_the_api_refuses_individual_options_for_a_team_event(client, field, value):
    upload = {"file": (TEAM_EVENT.name, TEAM_EVENT.read_bytes())}
    r = client.post("/api/standings", data={field: value, "lang": "uk"}, files=upload)
    assert r.status_code == 400 and r.json()["field"] == field
    assert r.json()["error"] == (f"{field} — для особистих змагань, а це командне (players=true, у командному рядку "
                                 "--individual, ранжує його учасників)")
    # the same options with players=true rank the players of the team event: accepted
    if field != "team_ranking":
        assert client.post("/api/standings", data={field: value, "players": "true"}, files=upload).status_code == 200
    # and the team event itself without them
    assert client.post("/api/standings", files=upload).json()["tournament"]["teams"]


def test_the_page_hides_them_for_a_team_event_on_a_phone(browser, server, tmp_path):
    page = browser.new_page(viewport={"width": 390, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/?lang=ru")
    page.select_option("#example", "hobsons-bay-cup-2025.trf")
    _wait_ready(page, 1)
    page.locator("#settings-fold > summary").click()  # on a phone the settings fold away once a file is loaded
    assert page.locator("#individual-options").is_visible()  # an individual event offers them
    page.fill("#categories", "rating<900")
    page.select_option("#team-ranking", "federation")
    page.set_input_files("#file", str(TEAM_EVENT))
    page.wait_for_function("document.querySelector('#standings thead').textContent.includes('Команда')",
                           timeout=30_000)
    page.evaluate("document.getElementById('settings-fold').open = true")
    assert page.locator("#rules").is_visible() and not page.locator("#individual-options").is_visible()
    assert not page.locator("#columns").is_visible() and not page.locator("#team-ranking").is_visible()
    assert page.locator("#error").inner_text() == ""  # nothing the API refuses was sent
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(tmp_path / "team-event-390.png"), full_page=True)
    page.close()
    assert not errors
