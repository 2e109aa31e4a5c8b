"""Doctests that read ``../shared`` (the sources beside the repository) skip on a clone without it; tests/sources.py
does the same for the test modules."""

import os
from pathlib import Path

import pytest
from _pytest.doctest import DoctestItem

SHARED = Path(__file__).resolve().parent.parent / "shared"
#: Alembic's environment runs only inside a migration (tiebreak.live.schema), never on import
collect_ignore = ["tiebreak/live/migrations/env.py"]


def pytest_collection_modifyitems(config, items):
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
