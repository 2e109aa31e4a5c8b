"""``tiebreak serve --watch`` started as a real process for the tests that stop it with a signal."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def serve_watch(target: Path) -> tuple[subprocess.Popen[str], str]:
    """``tiebreak serve --watch TARGET`` on a free loopback port, in a session of its own (so its children can be
    found), once it answers: the process (its stderr a pipe) and its address."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "tiebreak.cli", "serve", "--port", str(port), "--watch",
                               str(target), "--database", "none"], start_new_session=True,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):  # waited for (at most about 30 s), not slept on
        try:
            urllib.request.urlopen(url + "/api/presets", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    return server, url
