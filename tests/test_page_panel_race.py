"""The page's explanation stays open when a player is clicked while the standings of a changed field are asked.

Found as a new user: an arbiter types another seed and clicks a player at once; the seed field's blur asks the
standings (no one selected yet), the click opens that player's panel, and the standings' answer, arriving after the
click, closed the panel it did not know of.  Outside value: the place of the player clicked as the standings table
(the same answer) shows it, in the panel's title.
"""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
import test_web  # noqa: E402
from test_page import _explained, _open  # noqa: E402
from test_web import _wait_ready  # noqa: E402

browser, server = test_web.browser, test_web.server  # the same real server and Chromium fixtures


def test_a_click_while_the_standings_are_asked_keeps_its_panel(browser, server):
    page, errors = _open(browser, server, 1280)
    ticket = int(page.evaluate("document.body.dataset.ready"))
    page.locator("#seed").fill("5")
    page.locator('#standings tbody tr[data-start-no="7"]').click()  # the seed's change is asked first
    _wait_ready(page, ticket + 1)
    _explained(page, "7")
    assert page.locator("#seed").input_value() == "5"
    assert not page.locator("#explanation").is_hidden()
    place = page.locator('#standings tbody tr[data-start-no="7"] td.rank').inner_text()
    assert page.locator("#explain-title").inner_text().startswith(f"{place}. ")
    assert page.locator("#standings tr.selected").get_attribute("data-start-no") == "7"
    assert not errors
    page.close()
