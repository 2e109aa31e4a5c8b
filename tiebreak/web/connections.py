"""Connection limits of ``tiebreak serve`` (issue 24): uvicorn's HTTP/1.1 protocol (h11) with two guards it lacks.

* **At most** :data:`PER_CLIENT` **connections per client address** (``TIEBREAK_CONNECTIONS_PER_CLIENT``): one more
  is closed as soon as it is accepted, so one client cannot hold every socket (20,000 half-sent requests, or as many
  event streams) while others are refused.
* **At most** :data:`MAX_OPEN` **connections in all** (``TIEBREAK_MAX_CONNECTIONS``): one more is closed as soon as
  it is accepted, so that many addresses together cannot take every file descriptor of the process (the server
  would then fail its own files and database, not only the newcomers).
* **A request must arrive in time**: its headers within :data:`HEADER_SECONDS` of the connection (or of the answer
  before it on a kept-alive connection), and no pause longer than :data:`IDLE_SECONDS` while its body arrives
  (``TIEBREAK_HEADER_TIMEOUT``, ``TIEBREAK_IDLE_TIMEOUT``); a connection that stalls is closed (slowloris).
* **A body must keep coming**: after :data:`BODY_GRACE` seconds it must have brought at least :data:`MIN_BODY_RATE`
  bytes a second on average (``TIEBREAK_BODY_GRACE``, ``TIEBREAK_MIN_BODY_RATE``), else the connection is closed:
  an upload that trickles a byte every two seconds is cut after the grace, whatever size it announced, and what it
  held is freed.

uvicorn's own limits stay: headers of at most 16 KB (h11), an idle kept-alive connection closed after 5 s; the body
is bounded by the app (:class:`~tiebreak.web.uploads.BodyLimit`).
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
import logging
import os
from typing import Any

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

log = logging.getLogger("tiebreak.web")
PER_CLIENT = int(os.environ.get("TIEBREAK_CONNECTIONS_PER_CLIENT", "200"))
#: connections open at once in all (beyond 5,000 viewers' streams: their pages' own requests and the arbiter's)
MAX_OPEN = int(os.environ.get("TIEBREAK_MAX_CONNECTIONS", "12000"))
HEADER_SECONDS = float(os.environ.get("TIEBREAK_HEADER_TIMEOUT", "10"))
IDLE_SECONDS = float(os.environ.get("TIEBREAK_IDLE_TIMEOUT", "30"))
BODY_GRACE = float(os.environ.get("TIEBREAK_BODY_GRACE", "10"))
MIN_BODY_RATE = float(os.environ.get("TIEBREAK_MIN_BODY_RATE", str(16 * 1024)))


#: connections open at once past which, once most have gone, the memory they held is given back to the system
TRIM_AFTER = 500


def _trim() -> None:
    """Give the memory freed back to the system (glibc keeps freed heap pages for reuse otherwise: after thousands
    of slow uploads were cut, the server would stay at their peak)."""
    gc.collect()
    name = ctypes.util.find_library("c")
    if name:
        libc = ctypes.CDLL(name)
        if hasattr(libc, "malloc_trim"):  # glibc only
            libc.malloc_trim(0)


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a cap on connections per address and deadlines for a request to arrive."""

    #: open connections by client address, shared by every connection of the server
    open_by_client: dict[str, int] = {}
    #: addresses told about in the log since they went over the cap
    warned: set[str] = set()
    #: connections open now, and the most open at once since the memory was last given back
    open_now, peak = 0, 0
    #: whether the refusal of connections over :data:`MAX_OPEN` was told in the log since the count went under it
    full_told = False
    per_client, max_open, header_seconds, idle_seconds = PER_CLIENT, MAX_OPEN, HEADER_SECONDS, IDLE_SECONDS
    body_grace, min_body_rate = BODY_GRACE, MIN_BODY_RATE

    def __init__(self, config: Config, server_state: ServerState, app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self._address: str | None = None
        self._deadline: asyncio.TimerHandle | None = None
        self._body: tuple[float, int] | None = None  # the body arriving: since when, and how many bytes so far

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else ""
        if self.open_by_client.get(address, 0) >= self.per_client:
            if address not in self.warned:  # once per address while it is over the cap: the log cannot be flooded
                self.warned.add(address)
                log.warning("connections from %s refused: it already has %d open", address, self.per_client)
            transport.abort()
            return
        cls = GuardedH11Protocol
        if cls.open_now >= self.max_open:
            if not cls.full_told:  # once while the server is full: the log cannot be flooded
                cls.full_told = True
                log.warning("connections refused: %d are open, as many as this server takes", self.max_open)
            transport.abort()
            return
        self._address = address
        self.open_by_client[address] = self.open_by_client.get(address, 0) + 1
        cls.open_now += 1
        cls.peak = max(cls.peak, cls.open_now)
        self._arm(self.header_seconds)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._address is not None:
            left = self.open_by_client.get(self._address, 1) - 1
            if left > 0:
                self.open_by_client[self._address] = left
            else:
                self.open_by_client.pop(self._address, None)
                self.warned.discard(self._address)
            self._address = None
            cls = GuardedH11Protocol
            cls.open_now -= 1
            if cls.open_now < cls.max_open:
                cls.full_told = False
            if cls.peak >= TRIM_AFTER and cls.open_now <= cls.peak // 4:  # a flood has gone: its memory too
                cls.peak = cls.open_now
                self.loop.call_later(1.0, _trim)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._body is not None:
            self._body = (self._body[0], self._body[1] + len(data))
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._follow(fresh=True)

    def _follow(self, fresh: bool = False) -> None:
        """After data or an answer: a deadline while a request is still arriving, none once it has arrived."""
        if self.transport is None or self.transport.is_closing():
            return
        if self.conn.their_state is h11.IDLE:  # waiting for (the rest of) a request's headers
            if fresh or self._deadline is None:
                self._arm(self.header_seconds)
        elif self.conn.their_state is h11.SEND_BODY:  # the body is arriving: no long pause, and not too slowly
            if self._body is None:
                self._body = (self.loop.time(), 0)
            started, received = self._body
            due = started + self.body_grace + received / self.min_body_rate - self.loop.time()
            self._arm(max(0.0, min(self.idle_seconds, due)))
        else:
            self._body = None
            self._disarm()

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            log.info("connection from %s closed: the request did not arrive in time", self._address)
            self.transport.abort()  # nothing more to send it; its buffers are freed now, not after a goodbye
