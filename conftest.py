"""Doctests that read ``../shared`` (the sources beside the repository) skip on a clone without it; tests/sources.py
does the same for the test modules."""

from pathlib import Path

import pytest
from _pytest.doctest import DoctestItem

SHARED = Path(__file__).resolve().parent.parent / "shared"


def pytest_collection_modifyitems(config, items):
    if SHARED.is_dir():
        return
    for item in items:
        if isinstance(item, DoctestItem) and any("../shared/" in ex.source for ex in item.dtest.examples):
            item.add_marker(pytest.mark.skip(reason="the example reads ../shared, which is not beside the repository"))
