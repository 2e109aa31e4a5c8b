"""The README's test commands end with pytest's summary line (a `-q` in addopts plus `-q` on the command line made
`-qq`, which prints no "N passed" line)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("flags", [[], ["-q"]])
def test_summary_line_is_printed(tmp_path: Path, flags: list[str]) -> None:
    (tmp_path / "test_two.py").write_text("def test_a():\n    assert 1\n\n\ndef test_b():\n    assert 2\n")
    # pytest-xdist named, as its -n in addopts needs it where plugins are not loaded by themselves
    run = subprocess.run([sys.executable, "-m", "pytest", *flags, "-p", "no:cacheprovider", "-p", "xdist.plugin",
                          "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(tmp_path), str(tmp_path)],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path,
                         # the installed plugins (playwright, hypothesis...) take seconds to load and print nothing here
                         env=dict(os.environ, PYTEST_DISABLE_PLUGIN_AUTOLOAD="1"))
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip().splitlines()[-1].strip("= ").startswith("2 passed in "), run.stdout
