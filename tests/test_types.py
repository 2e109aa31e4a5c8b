"""``mypy --strict`` is clean over the modules listed in pyproject.toml [tool.mypy] (a list that grows to the whole
package, issue 15).

mypy runs in its own default, incremental mode: a first run in a clone checks every module (25 s on a loaded 2-core
machine) and leaves its cache in ``.mypy_cache`` (ignored by git; ``--no-incremental`` wrote it all the same), and a
later run checks again only the modules changed since and those that import them (under a second).  A mypy upgrade
or a changed setting in pyproject.toml makes it check everything again."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_strict_is_clean_on_the_typed_modules():
    mypy = shutil.which("mypy") or str(Path(sys.executable).with_name("mypy"))
    if not Path(mypy).exists():
        pytest.skip("mypy is not installed (pip install -e '.[test]')")
    done = subprocess.run([mypy], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "Success" in done.stdout
