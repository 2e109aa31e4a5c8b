"""A deliberately slow and greedy computation for the worker tests (it must be importable by the worker process)."""

from __future__ import annotations

import os
import time
from pathlib import Path


def hog(megabytes: int, pid_file: str) -> str:
    """Hold ``megabytes`` of memory (written, so really resident) and never finish."""
    block = b"\x01" * (megabytes * 2**20)
    Path(pid_file).write_text(str(os.getpid()))
    time.sleep(600)
    return str(len(block))


def held(pid_file: str, release_file: str) -> str:
    """Write this process's id, then wait until ``release_file`` exists (the test says when: a wait on a condition,
    not on the clock; bounded by the pool's time limit) and answer ``"released"``."""
    Path(pid_file).write_text(str(os.getpid()))
    while not Path(release_file).exists():
        time.sleep(0.02)
    return "released"
