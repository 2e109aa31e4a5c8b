"""``mypy --strict`` is clean over the modules listed in pyproject.toml [tool.mypy] (a list that grows to the whole
package, issue 15)."""

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
    done = subprocess.run([mypy, "--no-incremental"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "Success" in done.stdout
