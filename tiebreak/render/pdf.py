"""PDF of a self-contained HTML page, printed by a headless Chromium (A4; the page's own fonts, so Cyrillic names come
out as they are).  No Python dependency: the browser is found as ``$TIEBREAK_CHROMIUM``, else ``chromium``,
``chromium-browser``, ``google-chrome`` on the PATH (Debian: ``apt install chromium``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..engine.errors import TiebreakError

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
#: flags for a browser that must not reach the network or keep state (venues are offline; CI machines too)
HEADLESS_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


class PdfError(TiebreakError):
    """No browser to print with, or the browser failed."""


def browser() -> str:
    """Path of the Chromium to use, or a PdfError saying how to get one."""
    found = os.environ.get("TIEBREAK_CHROMIUM") or next(filter(None, map(shutil.which, BROWSERS)), None)
    if not found:
        raise PdfError("PDF output needs Chromium (Debian: apt install chromium; or set TIEBREAK_CHROMIUM)")
    return found


def html_to_pdf(page: str, timeout: float = 60) -> bytes:
    """Print ``page`` (HTML text) to PDF bytes."""
    exe = browser()
    with tempfile.TemporaryDirectory(prefix="tiebreak-pdf-") as tmp:
        src, out = Path(tmp) / "page.html", Path(tmp) / "page.pdf"
        src.write_text(page, encoding="utf-8")
        cmd = [exe, *HEADLESS_FLAGS, f"--user-data-dir={tmp}/profile", "--no-pdf-header-footer",
               f"--print-to-pdf={out}", src.as_uri()]
        try:
            done = subprocess.run(cmd, capture_output=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise PdfError(f"Chromium did not finish printing within {timeout:g} s") from None
        if not out.exists() or out.stat().st_size == 0:
            tail = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["no message"]
            raise PdfError(f"Chromium could not print the page (exit {done.returncode}: {tail[0]})")
        return out.read_bytes()
