"""``tiebreak serve`` says the address it is bound to (issue 33): with ``--port 0`` the system chooses a free port,
and the line "open http://127.0.0.1:0/" named one that no browser can open.  The address printed is read from the
server's standard error and opened by hand here; an address that cannot be had is said before anything starts."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
import urllib.request

import pytest
from sources import ROOT
from waits import until

pytest.importorskip("uvicorn")

EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"


def _started(*args: str) -> tuple[subprocess.Popen[str], list[str]]:
    """``tiebreak serve ARGS`` in a session of its own, and the lines of its standard error read so far (read up
    to the line that says where to open it)."""
    server = subprocess.Popen([sys.executable, "-m", "tiebreak.cli", "serve", *args], start_new_session=True,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    assert server.stderr is not None
    lines: list[str] = []
    for line in server.stderr:  # the address is said before the server starts
        lines.append(line)
        if "Ctrl-C" in line:
            break
    return server, lines


def _stopped(server: subprocess.Popen[str]) -> None:
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=60)


@pytest.mark.parametrize(("lang", "opened", "live"), [("en", "open {} in a browser", "event file at {}live"),
                                                      ("ru", "откройте {} в браузере", "— {}live"),
                                                      ("uk", "відкрийте {} у браузері", "— {}live")])
def test_serve_on_port_0_says_the_port_the_system_chose(lang, opened, live):
    server, lines = _started("--port", "0", "--watch", str(EXAMPLE), "--database", "none", "--lang", lang)
    try:
        said = "".join(lines)
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", said)
        assert found is not None, said
        port = int(found.group(1))
        assert port != 0 and ":0/" not in said
        url = f"http://127.0.0.1:{port}/"
        assert opened.format(url) in said and live.format(url) in said  # both lines, in the user's language

        def answers() -> bool:
            try:
                with urllib.request.urlopen(url + "api/presets", timeout=2) as r:
                    return bool(r.status == 200)
            except OSError:
                return False

        until(answers, "the server to answer at the address it said")
    finally:
        _stopped(server)


@pytest.mark.parametrize("watched", [[], ["--watch", str(EXAMPLE), "--database", "none"]])
def test_an_address_in_use_is_said_before_the_server_starts(watched):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "tiebreak.cli", "serve", "--port", str(port), "--lang", "ru",
                               *watched], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert f"не удаётся принимать соединения по адресу http://127.0.0.1:{port}/" in done.stderr
    assert "Traceback" not in done.stderr and "откройте" not in done.stderr
