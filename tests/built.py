"""A website built once for the tests of a module that only read it (a module-scoped fixture calls :func:`site`):
the build is what ``tiebreak site`` writes, and a message it shows untranslated fails it as it would fail a test
(tests/conftest.py's check runs around each test, after a module's fixtures are made).  Test helpers, not part of
the package."""

from __future__ import annotations

from pathlib import Path

import pytest

from tiebreak.cli import main
from tiebreak.render.i18n import UNTRANSLATED


def site(out: Path, *args: str | Path) -> Path:
    """``tiebreak site ARGS -o OUT`` run in this process (exit status 0), checked for messages shown untranslated;
    ``out``.  (No example here: a build takes a second, and the fixtures that call it are its tests.)"""
    before = set(UNTRANSLATED)
    assert main(["site", *map(str, args), "-o", str(out)]) == 0
    missing = sorted(UNTRANSLATED - before, key=str)
    assert not missing, f"messages shown in English for want of a translation: {missing}"
    return out


def printed(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """What ``tiebreak ARGV`` prints (exit status 0), run in this process; ``capsys`` is pytest's fixture."""
    capsys.readouterr()
    assert main(list(argv)) == 0
    return capsys.readouterr().out
