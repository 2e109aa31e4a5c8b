"""The bundled examples are what examples/README.md lists (its table, written by hand with each file's source), and
nothing a run leaves behind (a live history database, `tiebreak-live.sqlite`, written beside a watched file)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_tracked_examples_are_the_ones_the_readme_lists():
    listed = set(re.findall(r"^\| `([^`]+)` \|", (ROOT / "examples" / "README.md").read_text(encoding="utf-8"), re.M))
    try:
        out = subprocess.run(["git", "ls-files", "examples"], cwd=ROOT, capture_output=True, text=True, timeout=30)
    except OSError:
        pytest.skip("git is not installed")
    if out.returncode != 0:
        pytest.skip("not a git checkout")
    tracked = {Path(p).name for p in out.stdout.split()} - {"README.md"}
    assert listed == {"hobsons-bay-cup-2025.trf"} and tracked == listed
