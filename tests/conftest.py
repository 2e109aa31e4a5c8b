"""What several test files share: one headless Chromium per test module (the pages, the live screen and the site
are looked at in a real browser; CI installs it and sets TIEBREAK_REQUIRE_BROWSER, so there a missing browser fails
instead of skipping)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tiebreak.render.pdf import HEADLESS_FLAGS, PdfError
from tiebreak.render.pdf import browser as find_chromium


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "missing_source(reason): a source the test needs is missing where every test "
                                       "must run (tests/sources.py needs); the test fails")


def pytest_runtest_setup(item: pytest.Item) -> None:
    for mark in item.iter_markers("missing_source"):
        pytest.fail(mark.args[0])


#: Chromium's flags for the tests (playwright runs it headless itself)
FLAGS = [f for f in HEADLESS_FLAGS if f != "--headless"]


def chromium_path() -> str | None:
    """The Chromium the tests use, or None (skipped; failed where TIEBREAK_REQUIRE_BROWSER is set)."""
    try:
        return find_chromium()
    except PdfError:
        if os.environ.get("TIEBREAK_REQUIRE_BROWSER"):
            pytest.fail("no Chromium installed (Debian: apt install chromium)")
        return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    path = chromium_path()
    if not path:
        pytest.skip("no Chromium installed (Debian: apt install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=FLAGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def chromium(browser: Any) -> Any:
    return browser


@pytest.fixture(autouse=True)
def _every_message_is_translated():
    """A message shown in Russian or Ukrainian without a translation (so in English) fails the test that showed it."""
    from tiebreak.render import explain
    from tiebreak.render.i18n import UNTRANSLATED

    UNTRANSLATED.clear()
    for worded in (explain._kind, explain._said_text, explain._round_headings):  # worded once a process: each test
        worded.cache_clear()  # words its own again, so an untranslated one is noted in the test that shows it
    yield
    missing = sorted(UNTRANSLATED, key=str)
    UNTRANSLATED.clear()
    assert not missing, f"messages shown in English for want of a translation: {missing}"
