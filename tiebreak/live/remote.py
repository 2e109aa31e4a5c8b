"""A broadcast's PGN followed at its address (``serve --watch https://…/games.pgn``), politely.

The address is asked at most once per ``interval`` seconds (:data:`INTERVAL` by default, bounded by
:data:`LEAST_INTERVAL` and :data:`MOST_INTERVAL`), with a conditional request (``If-None-Match`` with the last
``ETag``, ``If-Modified-Since`` with the last ``Last-Modified``: an unchanged file costs the relay a ``304``), a
timeout, and a bound on the body's size; after a failure the next request waits twice as long each time (at most
:data:`MOST_BACKOFF` seconds, or the ``Retry-After`` the relay asks for).  Each new body is written, whole, to a
file of a private folder that the live hub watches like any other (:mod:`tiebreak.live.watch`); while the address
cannot be read, the live page says so (:data:`UNREACHABLE`) and keeps the last version read.

Only ``http`` and ``https`` are followed (a redirect too): another scheme reads files of the server's machine or
speaks to services that are not a broadcast's.

>>> try:
...     RemotePgn.check("ftp://example.org/games.pgn")
... except InputError as e:
...     print(e.message)
only http:// and https:// addresses are followed (a file of this machine is given by its path)
>>> RemotePgn.name_of("https://example.org/broadcast/round-5/games.pgn"), RemotePgn.name_of("http://x.org/r5")
('games.pgn', 'broadcast.pgn')
"""

from __future__ import annotations

import email.utils
import logging
import os
import re
import shutil
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..app.declared import OPTIONS
from ..engine.errors import InputError, Place
from ..engine.messages import Message
from .guard import MAX_FILE_BYTES

log = logging.getLogger("tiebreak.live")
_POLL = OPTIONS["poll_seconds"]

#: seconds between two requests of the address by default, and the bounds of ``--poll-seconds``, as declared
INTERVAL, LEAST_INTERVAL, MOST_INTERVAL = (float(str(x)) for x in (_POLL.default, _POLL.low, _POLL.high))
#: the longest wait after failures, and the seconds one request may take
MOST_BACKOFF, TIMEOUT = 60.0, 10.0
#: the public warning while the address cannot be read (the reason is logged and told to the arbiter)
UNREACHABLE = "the broadcast's address cannot be reached just now: the last version read is shown"
SCHEMES = ("http", "https")
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


class _Redirects(urllib.request.HTTPRedirectHandler):
    """Redirects followed to http and https addresses only (urllib's own would follow ``ftp:`` too)."""

    def redirect_request(self, req: Any, fp: Any, code: int, msg: str, headers: Any, newurl: str) -> Any:
        if urllib.parse.urlsplit(newurl).scheme.lower() not in SCHEMES:
            raise urllib.error.HTTPError(newurl, code, f"redirected to a scheme not followed: {newurl}", headers, fp)
        return super().redirect_request(req, fp, code, msg, headers, newurl)


class RemotePgn:
    """One broadcast address, its last body kept in ``folder / name``.  :meth:`poll` asks it once (when its time
    has come); :attr:`status` is None while it answers, else why not."""

    def __init__(self, url: str, interval: float = INTERVAL, limit: int = MAX_FILE_BYTES,
                 timeout: float = TIMEOUT, folder: Path | None = None) -> None:
        self.url = self.check(url)
        if not LEAST_INTERVAL <= interval <= MOST_INTERVAL:  # NaN too
            raise InputError(Message("{} is out of range ({}-{})", interval, LEAST_INTERVAL, MOST_INTERVAL),
                             Place(field="poll-seconds"))
        self.interval, self.limit, self.timeout = interval, limit, timeout
        self._own = folder is None  # a folder of its own, removed by close()
        self.folder = Path(folder) if folder is not None else Path(tempfile.mkdtemp(prefix="tiebreak-broadcast-"))
        self.path = self.folder / self.name_of(self.url)
        self.status: str | None = None
        self.requests = 0  # how many requests were made (the tests count them)
        self._etag: str | None = None
        self._modified: str | None = None
        self._body: bytes | None = None
        self._failures = 0
        self._next = 0.0  # the clock's time of the next request allowed
        #: the clock of the requests' spacing, in seconds (a test's own clock moves on without waiting)
        self.clock: Callable[[], float] = time.monotonic
        self._opener = urllib.request.build_opener(_Redirects)

    @staticmethod
    def check(url: str) -> str:
        """``url`` when it is an http or https address with a host, else an error saying why."""
        parts = urllib.parse.urlsplit(url)
        if parts.scheme.lower() not in SCHEMES:
            raise InputError(Message("only http:// and https:// addresses are followed (a file of this machine is "
                                     "given by its path)"), Place(url))
        if not parts.hostname:
            raise InputError(Message("the address has no host"), Place(url))
        return url

    @staticmethod
    def is_address(target: str) -> bool:
        """Whether ``serve --watch TARGET`` names an address (``scheme://…``) rather than a path.

        >>> RemotePgn.is_address("https://x.org/a.pgn"), RemotePgn.is_address("file:///a.pgn"), RemotePgn.is_address("a.pgn")
        (True, True, False)
        """
        return re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://", target) is not None

    @staticmethod
    def name_of(url: str) -> str:
        """The file name the body is kept under: the address's last part when it ends in ``.pgn``."""
        last = _SAFE.sub("-", urllib.parse.unquote(urllib.parse.urlsplit(url).path.rsplit("/", 1)[-1])).strip(".-")
        return last if last.lower().endswith(".pgn") and len(last) <= 100 else "broadcast.pgn"

    def due(self) -> float:
        """Seconds until the next request may be made."""
        return max(0.0, self._next - self.clock())

    def poll(self) -> bool:
        """Ask the address once (when :meth:`due`); whether a new body was written.  A failure sets :attr:`status`
        and waits longer before the next request; it never raises."""
        if self.due() > 0:
            return False
        headers = {"User-Agent": "tiebreak live standings", "Accept": "application/x-chess-pgn, text/plain;q=0.9, "
                   "*/*;q=0.1", "Accept-Encoding": "identity"}
        if self._etag and self._body is not None:
            headers["If-None-Match"] = self._etag
        if self._modified and self._body is not None:
            headers["If-Modified-Since"] = self._modified
        self.requests += 1
        self._next = self.clock() + self.interval
        try:
            with self._opener.open(urllib.request.Request(self.url, headers=headers), timeout=self.timeout) as r:
                body = self._body_of(r)
                etag, modified = r.headers.get("ETag"), r.headers.get("Last-Modified")
        except urllib.error.HTTPError as e:
            if e.code == 304:  # not modified since the body kept
                return self._answered()
            self._failed(f"HTTP {e.code} {e.reason}", _retry_after(e.headers.get("Retry-After")))
            return False
        except (OSError, _BadBody, ValueError) as e:  # refused, timed out, a name not found, too large
            self._failed(str(getattr(e, "reason", e)) or type(e).__name__, None)
            return False
        self._etag, self._modified = etag, modified
        self._answered()
        if body == self._body:
            return False
        self._write(body)
        self._body = body
        return True

    def _body_of(self, answer: Any) -> bytes:
        """The answer's body, at most ``limit`` bytes, whole within ``timeout`` seconds (the timeout of the request
        itself bounds each wait for bytes; this bounds a relay that sends a few bytes at a time)."""
        deadline = time.monotonic() + self.timeout
        parts, size = [], 0
        while chunk := answer.read(min(64 * 1024, self.limit + 1 - size)):
            parts.append(chunk)
            size += len(chunk)
            if size > self.limit:
                raise _BadBody(f"the body is larger than {self.limit // (1024 * 1024) or self.limit} "
                                f"{'MB' if self.limit >= 1024 * 1024 else 'bytes'}")
            if time.monotonic() > deadline:
                raise _BadBody(f"the body did not come within {self.timeout:g} s")
        return b"".join(parts)

    def _answered(self) -> bool:
        self._failures = 0
        if self.status is not None:
            log.warning("%s answers again", self.url)
        self.status = None
        return False

    def _failed(self, reason: str, asked: float | None) -> None:
        """Note a failed request: the status, and the longer wait before the next one."""
        self._failures += 1
        self.status = reason
        log.warning("%s cannot be read: %s", self.url, reason)
        wait = min(MOST_BACKOFF, self.interval * 2 ** min(self._failures, 16))
        wait = max(wait, min(MOST_INTERVAL, asked)) if asked is not None else wait
        self._next = self.clock() + wait

    def _write(self, body: bytes) -> None:
        """The body written whole (a file beside it, then renamed over): the watcher never reads half of it."""
        fd, part = tempfile.mkstemp(dir=self.folder, prefix=".part-")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(body)
            os.replace(part, self.path)
        except BaseException:
            Path(part).unlink(missing_ok=True)
            raise

    def close(self) -> None:
        """Remove the folder made for the bodies (a folder given is left as it is)."""
        if self._own:
            shutil.rmtree(self.folder, ignore_errors=True)


class _BadBody(Exception):
    pass


def _retry_after(value: str | None) -> float | None:
    """The seconds of a ``Retry-After`` header (a number of seconds or a date), None when absent or unreadable.

    >>> _retry_after("120"), _retry_after(None), _retry_after("soon")
    (120.0, None, None)
    """
    if not value:
        return None
    if value.strip().isdigit():
        return float(value.strip())
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())
