"""The PDF printer prints an untrusted page safely (issue 14, finding 9): no script runs, nothing is fetched from
the network or from other files, and a print that is killed leaves no process and no temporary folder behind.
What is asserted comes from outside the printer: the text poppler reads from the PDF, the requests a local server
received, the processes the system still has."""

from __future__ import annotations

import http.server
import os
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest

from tiebreak.render import pdf


def _needs_chromium():
    try:
        pdf.browser()
    except pdf.PdfError:
        if os.environ.get("TIEBREAK_REQUIRE_BROWSER"):
            pytest.fail("no Chromium")
        pytest.skip("no Chromium installed (Debian: apt install chromium)")
    if not shutil.which("pdftotext"):
        pytest.skip("needs poppler-utils (pdftotext)")


def _text(data: bytes, tmp_path: Path) -> str:
    (tmp_path / "out.pdf").write_bytes(data)
    return subprocess.run(["pdftotext", str(tmp_path / "out.pdf"), "-"], capture_output=True, text=True,
                          check=True).stdout


@pytest.fixture
def counting_server():
    """A server on 127.0.0.1 that counts the requests it gets (the printer must send none)."""
    hits: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the standard library's name)
            hits.append(self.path)
            self.send_response(200)
            self.send_header("content-type", "text/plain")
            self.end_headers()
            self.wfile.write(b"FETCHED-FROM-NETWORK")

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", hits
    server.shutdown()
    thread.join(5)


def test_scripts_do_not_run_and_nothing_is_fetched(tmp_path, counting_server):
    _needs_chromium()
    url, hits = counting_server
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET-FROM-DISK")
    page = (f"<!doctype html><html><head><title>t</title><link rel=stylesheet href='{url}/style.css'></head><body>"
            "<p>STATIC-TEXT</p><script>document.write('SCRIPT-RAN')</script>"
            f"<img src='{url}/image.png'><iframe src='{url}/frame'></iframe>"
            f"<iframe src='{secret.as_uri()}'></iframe><object data='{secret.as_uri()}'></object></body></html>")
    text = _text(pdf.html_to_pdf(page, timeout=60), tmp_path)
    assert "STATIC-TEXT" in text
    assert "SCRIPT-RAN" not in text and "FETCHED-FROM-NETWORK" not in text and "SECRET-FROM-DISK" not in text
    assert hits == []


def test_a_killed_print_leaves_no_process_and_no_folder(tmp_path, monkeypatch):
    """A 'browser' that starts a helper and hangs: at the time limit both are gone, and so is the profile folder."""
    pids = tmp_path / "pids"
    fake = tmp_path / "fake-chromium"
    fake.write_text(f"#!/bin/sh\nsleep 120 &\necho $$ $! > {pids}\nwait\n")
    fake.chmod(0o755)
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setenv("TIEBREAK_CHROMIUM", str(fake))
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    with pytest.raises(pdf.PdfError, match="within 1 s"):
        pdf.html_to_pdf("<p>x</p>", timeout=1)
    assert list(scratch.iterdir()) == []
    for pid in map(int, pids.read_text().split()):
        for _ in range(50):  # a killed process is reaped by its parent (or init) a moment later
            try:
                state = Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0]
            except FileNotFoundError:
                break
            if state == "Z":
                break
            time.sleep(0.05)
        else:
            pytest.fail(f"process {pid} still runs")


@pytest.mark.parametrize("root, namespaces, forced, flags", [
    (True, True, None, ["--no-sandbox"]),     # Chromium refuses its sandbox to root
    (False, False, None, ["--no-sandbox"]),   # no user namespaces: no sandbox possible
    (False, True, None, []),                  # the sandbox where the machine allows it
    (True, True, "1", []), (False, True, "0", ["--no-sandbox"]),
])
def test_the_sandbox_is_used_where_the_machine_allows_it(monkeypatch, root, namespaces, forced, flags):
    monkeypatch.setattr(os, "geteuid", lambda: 0 if root else 1000)
    monkeypatch.setattr(pdf, "_user_namespaces", lambda: namespaces)
    if forced is None:
        monkeypatch.delenv("TIEBREAK_CHROMIUM_SANDBOX", raising=False)
    else:
        monkeypatch.setenv("TIEBREAK_CHROMIUM_SANDBOX", forced)
    assert pdf.sandbox_flags() == flags
