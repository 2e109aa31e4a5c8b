"""The page's steps and file label (issue 40): the steps are numbered 1, 2, 3 with no gap (before a file is loaded
the event's summary, numbered 2, was hidden: the page said 1, then 3; the summary is now marked i, not a step), and
the file label names every kind of file the picker accepts (the README's list: Sharly Chess .sce, Swiss-Chess .swt,
Papi)."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
import test_web  # noqa: E402
from test_web import EXAMPLE, _wait_ready  # noqa: E402

browser, server = test_web.browser, test_web.server  # the same real server and Chromium fixtures



def steps(page) -> list[str]:
    """The numbers of the steps shown (the event's summary is what the file holds, not a step: marked i)."""
    return page.locator("main h2 .step").evaluate_all(
        "els => els.filter(e => e.offsetParent !== null).map(e => e.textContent)")


def test_the_steps_count_the_sections_shown(browser, server):
    page = browser.new_page()
    page.goto(f"{server}/?lang=uk")
    assert steps(page) == ["1", "2"]  # the file, the list
    page.select_option("#example", EXAMPLE.name)
    _wait_ready(page, 1)
    assert steps(page) == ["1", "i", "2", "3"]
    page.close()


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_file_label_names_every_kind_the_picker_accepts(browser, server, lang):
    page = browser.new_page()
    page.goto(f"{server}/?lang={lang}")
    accept = page.locator("#file").get_attribute("accept").split(",")
    label = page.locator(".file-pick > [data-w=file]").inner_text()
    page.close()
    assert {".sce", ".swt", ".papi", ".xlsx", ".pgn", ".trf"} <= set(accept)
    for ext, name in ((".tunx", "Swiss-Manager"), (".sce", "Sharly Chess"), (".swt", "Swiss-Chess"), (".papi", "Papi"),
                      (".xml", "Chess-Results"),
                      (".json", "Chess-JSON"), (".pgn", "PGN"), (".csv", "CSV"), (".xlsx", "XLSX"), (".trf", "TRF")):
        assert ext in accept and name in label, (lang, ext)
