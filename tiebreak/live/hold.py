"""The arbiter's hold of one live event: a version that is not whole (:func:`~tiebreak.live.guard.doubt`), or a file
that does not read, is held back; the arbiter is told why (``GET /api/live/arbiter``), the viewers nothing.  A held
file that reads cleanly is published once its bytes have stayed the same for ``seconds`` (the arbiter really did
remove the game); a file that does not read stays held, and after ``seconds`` the public page says only that the
standings shown are not the file's latest (:data:`~tiebreak.live.settings.STALE`).

>>> now = [0.0]
>>> h = Hold(5.0, clock=lambda: now[0])
>>> h.hold("d1", "round 2 is no longer in the file", readable=True), h.long_enough("d1")
(False, False)
>>> now[0] = 5.0
>>> h.long_enough("d1"), h.state()
(True, {'reason': 'round 2 is no longer in the file', 'seconds': 5.0, 'reads': True})
>>> h.release(); h.held is None
True
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from .settings import HOLD_SECONDS

log = logging.getLogger("tiebreak.live")


class Hold:
    """The version held back of one event (None: none), and for how long a file is held (``seconds``, ``serve
    --hold``) by ``clock``."""

    def __init__(self, seconds: float = HOLD_SECONDS, name: str = "",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds, self.name = seconds, name
        #: the clock of the holds, in seconds (a test's own clock moves on without waiting)
        self.clock = clock
        #: the version held back, for the arbiter: the file's digest, since when (``clock`` seconds), why, whether it read
        self.held: dict[str, Any] | None = None

    def hold(self, digest: str | None, reason: str, readable: bool) -> bool:
        """Hold the file ``digest`` back (the arbiter is told ``reason``; ``readable``: it reads, and will be published
        once it has stayed the same for :attr:`seconds`); whether it has been held that long."""
        now = self.clock()
        if self.held is None or self.held["digest"] != digest:
            self.held = {"digest": digest, "since": now, "reason": reason, "readable": readable}
            log.warning("%s: version held back: %s", self.name, reason)
        self.held.update(reason=reason, readable=readable)
        return bool(now - self.held["since"] >= self.seconds)

    def long_enough(self, digest: str) -> bool:
        """Whether the held file ``digest`` (one that reads cleanly) has stayed the same for :attr:`seconds`."""
        return (self.held is not None and self.held["digest"] == digest and self.held["readable"]
                and self.clock() - self.held["since"] >= self.seconds)

    def release(self) -> None:
        """Nothing is held any more (a version published, or the file back to the last good version's bytes)."""
        self.held = None

    def state(self) -> dict[str, Any] | None:
        """What the arbiter sees of the version held back: why, for how many seconds, whether the file reads."""
        if self.held is None:
            return None
        return {"reason": self.held["reason"], "seconds": round(self.clock() - self.held["since"], 1),
                "reads": self.held["readable"]}
