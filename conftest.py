"""Doctests that read ``../shared`` (the sources beside the repository) skip on a clone without it; tests/sources.py
does the same for the test modules."""

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
