"""Where the tests find the project's sources (the corpus, the peers' files, the seeds): ``../shared`` beside the
clone when it is there (CI has it), else the MIT-licensed part bundled in ``tests/data/shared`` (tests/data/README.md).

A test that needs a file the bundle lacks is marked with :func:`needs`; it skips with the reason on a bare clone, and
fails instead when ``TIEBREAK_REQUIRE_SHARED=1`` (set by ``.ci/run``: CI must run every test).  Test helpers, not part
of the package.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: the sources beside the repository (the whole corpus, the seeds, the peers' files)
BESIDE = ROOT.parent / "shared"
#: the licence-compatible part of them that travels with the repository
BUNDLED = ROOT / "tests" / "data" / "shared"
SHARED = BESIDE if BESIDE.is_dir() else BUNDLED
CORPUS = SHARED / "corpus"
PEERS = SHARED / "peers"
SEEDS = SHARED / "seeds"
REQUIRED = os.environ.get("TIEBREAK_REQUIRE_SHARED") == "1"

if REQUIRED and not BESIDE.is_dir():  # pragma: no cover - only CI sets it
    raise RuntimeError(f"TIEBREAK_REQUIRE_SHARED=1 but {BESIDE} is missing")


def needs(*paths: Path) -> pytest.MarkDecorator:
    """Skip (with the missing path as the reason) unless every one of ``paths`` exists; where every test must run
    (``TIEBREAK_REQUIRE_SHARED=1``), a missing file fails the test instead, whether or not ``../shared`` is there.

    >>> needs(ROOT / "README.md").args[0]
    False
    """
    missing = [p for p in paths if not p.exists()]
    where = ", ".join(str(p.relative_to(SHARED)) if p.is_relative_to(SHARED) else str(p) for p in missing)
    if missing and REQUIRED:  # tests/conftest.py fails a test so marked
        return pytest.mark.missing_source(f"TIEBREAK_REQUIRE_SHARED=1, and {where} is missing")
    return pytest.mark.skipif(bool(missing), reason=f"needs ../shared: {where} is not bundled in tests/data/shared")


def cases(values: list[Any], source: Path) -> list[Any]:
    """The cases of a parametrized test read from ``source``: when ``source`` is missing, one case marked with
    :func:`needs` (skipped with the reason, failed where every test must run); when it is there, the values, which may
    not be empty (``empty_parameter_set_mark = fail_at_collect`` in pyproject.toml: no case is a failure)."""
    return values if source.exists() else [pytest.param(None, marks=needs(source), id=f"missing-{source.name}")]


def glob_or_empty(folder: Path, pattern: str) -> list[Path]:
    """The sorted files of ``folder`` matching ``pattern``, none when the folder is absent."""
    return sorted(folder.glob(pattern)) if folder.is_dir() else []
