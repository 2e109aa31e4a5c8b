"""The page's series form (issue 39): the events' files chosen together, the series points and the best K, the
table of ``tiebreak series`` shown in the page's language.  Expected figures: the hand computation of
tests/test_series.py (two Hobsons Bay blitz events, Vega's list, 10-8-6-5-4-3-2-1)."""

from __future__ import annotations

import pytest
from sources import CORPUS, needs
from test_series import APRIL, FEBRUARY, POINTS

from tests import test_web

browser, server = test_web.browser, test_web.server  # the same real server and Chromium fixtures


@needs(FEBRUARY, APRIL)
@pytest.mark.parametrize(("width", "lang", "total"), [(390, "uk", "Разом"), (1280, "en", "Total")])
def test_the_series_form_shows_the_series_table(browser, server, width, lang, total, tmp_path):
    page = browser.new_page(viewport={"width": width, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/?lang={lang}")
    page.set_input_files("#series-files", [str(FEBRUARY), str(APRIL)])
    page.fill("#series-points", POINTS)
    page.evaluate("tiebreaks = ['PTS', 'BH', 'BH/C1', 'SB']")
    page.locator("#series-button").click()
    page.wait_for_function("document.getElementById('series-text').textContent.includes('Hogg')", timeout=60_000)
    lines = page.locator("#series-text").inner_text().splitlines()
    assert total in lines[0]
    # by hand (tests/test_series.py): Hogg 8 + 10 = 18, Nguyen 6 + 8 = 14, Annapureddy Dhruthin 5 + 6 = 11
    assert [line.split()[0:1] + line.split()[-4:-2] for line in lines[2:5]] == [["1", "10", "18"], ["2", "8", "14"],
                                                                            ["3", "6", "11"]]
    page.locator("#series-tool").screenshot(path=str(tmp_path / f"series-{width}.png"))  # to look at
    assert not errors
    page.close()


FESTIVAL = CORPUS / "sharly-chess" / "sce" / "Festival2025-3_2_0-m055.sce"


@needs(FESTIVAL)
def test_the_series_form_takes_the_tournament_of_each_file(browser, server, capsys):
    """The page's series of one Sharly Chess database's tournaments 4 and 3 (its field ``events``, ``4,3``) is the
    command line's ``series FILE:4 FILE:3``, line for line."""
    from tiebreak.cli import main

    festival = FESTIVAL
    assert main(["series", f"{festival}:4", f"{festival}:3", "--points", "score", "-t", "PTS"]) == 0
    command = capsys.readouterr().out
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/?lang=en")
    page.set_input_files("#series-files", [str(festival), str(festival)])
    page.fill("#series-points", "score")
    page.fill("#series-events", "4,3")
    page.evaluate("tiebreaks = ['PTS']")
    page.locator("#series-button").click()
    page.wait_for_function("document.getElementById('series-text').textContent.length > 100", timeout=60_000)
    shown = page.locator("#series-text").inner_text().splitlines()
    assert shown[2:12] == command.splitlines()[2:12] and len(shown) > 12
    page.close()
