"""The page's Rating change tool in headless Chromium (the real server and browser fixtures of test_web), on the
event whose figures tests/test_rating_report.py computes by hand from the FIDE tables and the Russian K table."""

from __future__ import annotations

from tests import test_web
from tests.test_rating_report import _write
from tests.test_web import _wait_ready

browser, server = test_web.browser, test_web.server


def test_rating_change_tool_in_ukrainian_on_a_phone(browser, server, tmp_path):
    """The Russian system: player 1 (2000, K 25) scored 2 of 3 against ΣPD 1.50: 25 × .50 = 12.5 → 13; ARO 2000 +
    dp(.67) 125 = 2125.  The headings are the catalogue's Ukrainian words; nothing scrolls the page sideways."""
    page = browser.new_page(viewport={"width": 390, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/?lang=uk")
    page.set_input_files("#file", str(_write(tmp_path)))
    _wait_ready(page, 1)
    page.select_option("#rating-system", "ru")
    page.click("#rating-button")
    page.wait_for_function("document.querySelectorAll('#rating-table tbody tr').length === 4", timeout=30_000)
    heads = page.locator("#rating-table thead th").all_inner_texts()
    assert heads[:3] == ["№", "Учасник", "Рейт"] and heads[-3:] == ["Зміна", "Округл", "Перф"]
    first = page.locator("#rating-table tbody tr").first.inner_text().split("\t")
    assert first == ["1", "A", "2000", "25", "3", "2", "1.5", "12.5", "13", "2125"]
    assert "Положення про російський рейтинг" in page.locator("#rating-rule").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    ticket = int(page.evaluate("document.body.dataset.ready"))
    page.select_option("#lang", "ru")  # the tool's words follow the language
    _wait_ready(page, ticket + 1)
    assert page.locator('#rating-system option[value="ru"]').inner_text() == "Изменение российского рейтинга"
    assert page.locator('span[data-r="k_factor"]').inner_text() == "K (пусто: по рейтингу)" and not errors


def test_after_round_of_the_page_and_a_given_k(browser, server, tmp_path):
    """The page's *after round* 1 and K 40: player 1 has beaten the 2100 player only, 40 × (1 − .36) = 25.6 → 26."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/")
    page.set_input_files("#file", str(_write(tmp_path)))
    _wait_ready(page, 1)
    page.select_option("#after-round", "1")
    page.fill("#rating-k", "40")
    page.click("#rating-button")
    page.wait_for_function("document.querySelectorAll('#rating-table tbody tr').length === 4", timeout=30_000)
    first = page.locator("#rating-table tbody tr").first.inner_text().split("\t")
    assert first[3:9] == ["40", "1", "1", "0.36", "25.6", "26"]
    # the heading lines of `tiebreak ratings` (its HTML report's, which the page shows)
    assert page.locator("#rating-rule").inner_text().startswith("FIDE rating change, after round 1\nΔR = K × ")
