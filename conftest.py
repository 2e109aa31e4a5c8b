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
#: at load 15-23 (2026-11-27: the run's slowest tests; tests/test_attacks.py and tests/test_live_remote.py as they are
#: since, with fewer programs started).  pytest-xdist hands out whole files (``--dist loadfile``) in the order
#: collected; its own order (``--loadscope-reorder``: most tests first) put these files of few long tests (browsers,
#: servers, watchers) last, and the other workers waited at the end for the one still running them.  So these go
#: first, and the rest follow by their number of tests.  A file missing here only runs later; a wrong figure only
#: costs time.
SLOWEST_FILES = {
    "tests/test_site_watch.py": 173, "tests/test_site_real_browser.py": 133, "tests/test_site_real.py": 98,
    "tests/test_api_fuzz.py": 88, "tests/test_site_browser.py": 80, "tests/test_site.py": 74,
    "tests/test_event_lot.py": 73, "tests/test_series_site.py": 69, "tests/test_odds_places.py": 65,
    "tests/test_site_card_browser.py": 57, "tests/test_server_limits.py": 47, "tests/test_attacks.py": 40,
    "tests/test_odds.py": 35, "tests/test_types.py": 34, "tests/test_docs.py": 30, "tests/test_live_remote.py": 30,
    "tests/test_live_history.py": 29, "tests/test_live_leadership.py": 25, "tests/test_odds_faces.py": 24,
    "tests/test_hostile_files.py": 22,
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
