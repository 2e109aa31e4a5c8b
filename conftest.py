"""Doctests that read ``../shared`` (the sources beside the repository) skip on a clone without it; tests/sources.py
does the same for the test modules."""

import os
from pathlib import Path

import pytest
from _pytest.doctest import DoctestItem

SHARED = Path(__file__).resolve().parent.parent / "shared"
#: Alembic's environment runs only inside a migration (tiebreak.live.schema), never on import
collect_ignore = ["tiebreak/live/migrations/env.py"]


#: The slowest test files, slowest first: seconds of their tests, summed, in a whole run on a bare clone on two cores
#: at load 15-23 (2026-11-27, the run's slowest tests), and, for the files of few long tests that run missed or that
#: changed since (servers, browsers, watchers: test_live_server_limits, test_serve_stop, test_site_folder,
#: test_live_tables, test_live_broadcast...), their tests' durations summed in runs of a few files on a bare clone at
#: load 20-30 (2026-11-27, second morning).  pytest-xdist hands out whole files (``--dist loadfile``) in the order
#: collected; its own order (``--loadscope-reorder``: most tests first) put these files of few long tests last, and
#: the other workers waited at the end for the one still running them.  So these go first, longest first, and the
#: rest follow by their number of tests.  A file missing here only runs later; a wrong figure only costs time.
SLOWEST_FILES = {
    "tests/test_site_watch.py": 140, "tests/test_site_real_browser.py": 133, "tests/test_site_real.py": 98,
    "tests/test_api_fuzz.py": 88, "tests/test_live_server_limits.py": 85, "tests/test_site_browser.py": 80,
    "tests/test_site.py": 74, "tests/test_event_lot.py": 73, "tests/test_site_folder.py": 72,
    "tests/test_series_site.py": 69, "tests/test_live_tables.py": 66, "tests/test_live_broadcast.py": 65,
    "tests/test_odds_places.py": 65, "tests/test_server_limits.py": 60, "tests/test_site_card_browser.py": 57,
    "tests/test_faces.py": 54, "tests/test_site_playoff.py": 45, "tests/test_page.py": 42,
    "tests/test_site_downloads.py": 41, "tests/test_site_games.py": 40, "tests/test_attacks.py": 40,
    "tests/test_serve_stop.py": 40, "tests/test_odds.py": 35, "tests/test_types.py": 34, "tests/test_live.py": 33,
    "tests/test_site_live.py": 32, "tests/test_docs.py": 30, "tests/test_live_remote.py": 30, "tests/test_phone.py": 30,
    "tests/test_live_history.py": 29, "tests/test_web_workers.py": 28, "tests/test_live_teams.py": 28,
    "tests/test_page_teams_playoffs.py": 26, "tests/test_live_leadership.py": 25, "tests/test_swissmanager_live.py": 25,
    "tests/test_odds_faces.py": 24, "tests/test_hostile_files.py": 22,
}


def _slowest_files_first(items: list[pytest.Item]) -> None:
    """Reorder ``items`` in place: the files of ``SLOWEST_FILES`` first (slowest first), then the others by their
    number of tests (most first); a file's tests keep their order.  The same order in every worker (xdist checks)."""
    files = [item.nodeid.split("::", 1)[0] for item in items]
    count: dict[str, int] = {}
    for f in files:
        count[f] = count.get(f, 0) + 1
    order = sorted(range(len(items)), key=lambda i: (-SLOWEST_FILES.get(files[i], 0), -count[files[i]], files[i], i))
    items[:] = [items[i] for i in order]


def pytest_collection_modifyitems(config, items):
    _slowest_files_first(items)
    if SHARED.is_dir():
        return
    for item in items:
        if isinstance(item, DoctestItem) and any("../shared/" in ex.source for ex in item.dtest.examples):
            item.add_marker(pytest.mark.skip(reason="the example reads ../shared, which is not beside the repository"))


def pytest_xdist_auto_num_workers(config):
    """``-n auto`` (the README's command): two workers a core.  A third of the suite's time is waiting (servers,
    browsers, databases and programs started by the tests; measured: 8 min of processor time in 7 min on two cores),
    so a second worker per core fills it: 6 min 47 s with two workers on two cores, 5 min 48 s with four."""
    return 2 * (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)
