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
