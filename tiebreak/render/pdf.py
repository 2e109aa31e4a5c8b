"""PDF of a self-contained HTML page, printed by a headless Chromium (A4; the page's own fonts, so Cyrillic names come
out as they are).  No Python dependency: the browser is found as ``$TIEBREAK_CHROMIUM``, else ``chromium``,
``chromium-browser``, ``google-chrome`` on the PATH (Debian: ``apt install chromium``).

The page holds names from an uploaded file, so the printer trusts nothing in it (issue 14, finding 9): a
Content-Security-Policy turns scripts off and lets the page load nothing (no network, no ``file://`` beyond the page itself),
every request the browser would still make goes to a proxy that is not there, and Chromium's sandbox is on where
the machine allows it (:func:`sandbox_flags`).  Chromium runs in its own process group, killed whole when the print
takes too long, and its profile lives in a temporary folder removed whatever happens.
"""

from __future__ import annotations

import datetime
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
from pathlib import Path

from ..engine.errors import TiebreakError
from ..engine.messages import Message

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
#: flags for a browser that must not reach the network or keep state (venues are offline; CI machines too)
HEADLESS_FLAGS = ["--headless", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--disable-extensions"]
#: printing an untrusted page: no request leaves the machine (an unreachable proxy for everything, loopback
#: included), no fonts from elsewhere.  (Chromium's own switch for scripts, ``--blink-settings=scriptEnabled=false``,
#: stops headless printing altogether; the content policy below turns scripts off instead.)
PRINT_FLAGS = ["--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=<-loopback>", "--disable-remote-fonts",
               "--no-pdf-header-footer"]
#: what the printed page may load: its own inline style, and images and fonts written into it; no script at all
CONTENT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:"
#: prints at once in this process (each Chromium is ~5 processes and a few hundred MB); the web app bounds its
#: worker processes' prints as well
PRINTS = threading.BoundedSemaphore(int(os.environ.get("TIEBREAK_PDF_PRINTS", "2")))


class PdfError(TiebreakError):
    """No browser to print with, or the browser failed."""


def browser() -> str:
    """Path of the Chromium to use, or a PdfError saying how to get one."""
    found = os.environ.get("TIEBREAK_CHROMIUM") or next(filter(None, map(shutil.which, BROWSERS)), None)
    if not found:
        raise PdfError("PDF output needs Chromium (Debian: apt install chromium; or set TIEBREAK_CHROMIUM)")
    return found


def _user_namespaces() -> bool:
    """Whether an unprivileged process may make user namespaces (what Chromium's sandbox needs without setuid)."""
    for path, refused in (("/proc/sys/kernel/unprivileged_userns_clone", "0"),
                          ("/proc/sys/kernel/apparmor_restrict_unprivileged_userns", "1")):
        try:
            if Path(path).read_text().strip() == refused:
                return False
        except OSError:
            pass
    try:
        return int(Path("/proc/sys/user/max_user_namespaces").read_text()) > 0
    except (OSError, ValueError):
        return False


def sandbox_flags() -> list[str]:
    """``[]`` (Chromium's sandbox on) where the machine allows it, else ``["--no-sandbox"]``: Chromium refuses its
    sandbox to root, and needs user namespaces for it.  ``TIEBREAK_CHROMIUM_SANDBOX=1``/``0`` decides instead.

    >>> sandbox_flags() in ([], ["--no-sandbox"])
    True
    """
    forced = os.environ.get("TIEBREAK_CHROMIUM_SANDBOX")
    if forced in ("0", "1"):
        return [] if forced == "1" else ["--no-sandbox"]
    if os.geteuid() == 0 or not _user_namespaces():
        return ["--no-sandbox"]
    return []


def locked_down(page: str) -> str:
    """``page`` with the content policy as the first thing in its head (a policy can only be tightened after it).

    >>> locked_down("<html><head><title>x</title>")[:40]
    '<html><head><meta http-equiv="Content-Se'
    """
    meta = f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_POLICY}">'
    head = re.search(r"<head\b[^>]*>", page, re.I)
    if head:
        return page[:head.end()] + meta + page[head.end():]
    return "<!doctype html><head>" + meta + "</head>" + page


def dated(pdf: bytes, when: datetime.datetime) -> bytes:
    """``pdf`` with its creation and modification dates set to ``when`` (Chromium writes the clock's) and the ids of
    its tagged table cells made the same in every print (:func:`numbered`): two prints of the same page, the same
    bytes.  Every replacement keeps its length, so the file's cross-reference offsets stay right (a date of another
    shape is left as it is).

    >>> when = datetime.datetime(2025, 7, 6, 10, 0, tzinfo=datetime.timezone.utc)
    >>> dated(b"<</CreationDate (D:20261126203342+00'00')>> /ID (node00000112) /ID (node00000035)", when)
    b"<</CreationDate (D:20250706100000+00'00')>> /ID (node00000001) /ID (node00000002)"
    """
    text = when.astimezone(datetime.timezone.utc).strftime("D:%Y%m%d%H%M%S+00'00'").encode()

    def fixed(m: re.Match[bytes]) -> bytes:
        return m[1] + text + b")" if len(m[2]) == len(text) else m[0]

    return re.sub(rb"(/(?:CreationDate|ModDate) \()(D:[0-9]{14}[-+Z0-9']{0,7})\)", fixed, numbered(pdf), count=2)


#: a tagged cell's id as Chromium writes it: its page's node number, eight digits
NODE_ID = re.compile(rb"\(node([0-9]{8})\)")
#: a leaf of the id tree: its first and last ids, then each id with its cell's object, sorted by id
ID_LEAF = re.compile(rb"/Limits \[(\(node[0-9]{8}\)) (\(node[0-9]{8}\))\]\n/Names \[((?:\(node[0-9]{8}\) [0-9]+ 0 R ?)*)\]")


def numbered(pdf: bytes) -> bytes:
    """``pdf`` with the ids of its tagged table cells numbered from 1 in the order the file first names them (the
    order of the document's structure), and its id tree sorted again by the new ids.  Chromium names a cell by its
    page's node counter, which differs from one print to the next, and not always in the same order (a node is
    numbered when something first asks for it): the order of first mention makes the ids depend on the page alone.
    Each id keeps its length and the tree's entries are only reordered, so every offset stays right.

    >>> numbered(b"/ID (node00000112) /Headers [(node00000112)] /ID (node00000035)")
    b'/ID (node00000001) /Headers [(node00000001)] /ID (node00000002)'
    >>> tree = numbered(b"/ID (node00000009) /ID (node00000003) /Limits [(node00000003) (node00000009)]\\n"
    ...                 b"/Names [(node00000003) 12 0 R (node00000009) 8 0 R]")
    >>> print(tree.decode())
    /ID (node00000001) /ID (node00000002) /Limits [(node00000001) (node00000002)]
    /Names [(node00000001) 8 0 R (node00000002) 12 0 R]
    """
    number: dict[bytes, bytes] = {}
    for m in NODE_ID.finditer(pdf):
        number.setdefault(m[1], b"%08d" % (len(number) + 1))
    pdf = NODE_ID.sub(lambda m: b"(node" + number[m[1]] + b")", pdf)

    def sorted_leaf(m: re.Match[bytes]) -> bytes:
        entries: list[bytes] = sorted(re.findall(rb"\(node[0-9]{8}\) [0-9]+ 0 R", m[3]))
        if not entries:
            return bytes(m[0])
        first, last = entries[0].split(b" ", 1)[0], entries[-1].split(b" ", 1)[0]
        names = b" ".join(entries) + (b" " if m[3].endswith(b" ") else b"")
        return b"/Limits [" + first + b" " + last + b"]\n/Names [" + names + b"]"

    return ID_LEAF.sub(sorted_leaf, pdf)


def html_to_pdf(page: str, timeout: float = 60, when: datetime.datetime | None = None) -> bytes:
    """Print ``page`` (HTML text) to PDF bytes (``when``: its creation date, else the clock's as Chromium writes it);
    its tagged cells' ids the same in every print (:func:`numbered`)."""
    exe = browser()
    with PRINTS, tempfile.TemporaryDirectory(prefix="tiebreak-pdf-", ignore_cleanup_errors=True) as tmp:
        src, out = Path(tmp) / "page.html", Path(tmp) / "page.pdf"
        src.write_text(locked_down(page), encoding="utf-8")
        cmd = [exe, *HEADLESS_FLAGS, *sandbox_flags(), *PRINT_FLAGS, f"--user-data-dir={tmp}/profile",
               f"--print-to-pdf={out}", src.as_uri()]
        code, stderr = _run(cmd, timeout)
        data = out.read_bytes() if out.exists() else b""
        if not data.rstrip().endswith(b"%%EOF"):  # none, or cut short by a browser that died writing it
            tail = stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["no message"]
            raise PdfError(Message("Chromium could not print the page (exit {}: {})", code, tail[0]))
        return numbered(data) if when is None else dated(data, when)


def _run(cmd: list[str], timeout: float) -> tuple[int, bytes]:
    """Run Chromium in its own process group; the whole group is killed on a timeout or any interruption."""
    process = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        _, stderr = process.communicate(timeout=timeout)
        return process.returncode, stderr
    except subprocess.TimeoutExpired:
        raise PdfError(Message("Chromium did not finish printing within {} s", format(timeout, 'g'))) from None
    finally:
        try:
            os.killpg(process.pid, signal.SIGKILL)  # the renderer and helper processes too
        except (ProcessLookupError, PermissionError):
            pass
        process.kill()
        process.wait()
