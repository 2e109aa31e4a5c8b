"""The viewers of a live server: one queue of updates per Server-Sent Event stream, and the caps on how many streams
are open (``serve --max-streams``, ``--max-streams-per-client``).

A stream is counted in the same step that checks the caps (no ``await`` between them, so streams that connect at
once cannot all pass a check made before any of them was counted).  When the server is full, a newcomer does not
simply wait: the oldest stream of the address that holds the most streams yields its place (it is ended; its
browser reconnects later), as long as that address holds at least two streams more than the newcomer's.  So an
attacker with many addresses can fill the server only to an even share, never lock every later viewer out.

>>> viewers = Subscribers(max_streams=3, per_client=2)
>>> a1, a2, b1 = viewers.open("a"), viewers.open("a"), viewers.open("b")
>>> viewers.open("a")
Traceback (most recent call last):
...
tiebreak.live.subscribers.Refused: this address has 2 live streams open, as many as one address may; close one first
>>> c1 = viewers.open("c")      # full: "a" holds two more than "c", its oldest stream yields
>>> a1.ended, viewers.count(), viewers.of("a"), viewers.of("c")
(True, 3, 1, 1)
>>> viewers.open("d")           # nobody holds two more than "d": the server is full for it
Traceback (most recent call last):
...
tiebreak.live.subscribers.Refused: this server has 3 live streams open, as many as it takes; try again in 5 seconds
>>> for s in (a1, a2, b1, c1): s.close()
>>> viewers.count()
0
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterable

from ..app.declared import OPTIONS
from .settings import Update

#: Server-Sent Event streams one process holds at most, and one client address at most (``serve --max-streams``,
#: ``--max-streams-per-client``): beyond them a stream is refused (503 with ``Retry-After``; 429)
MAX_STREAMS, MAX_STREAMS_PER_CLIENT = (int(str(OPTIONS[k].default)) for k in ("max_streams", "max_streams_per_client"))
#: the seconds a refused stream is asked to wait before it tries again (``Retry-After``)
RETRY_AFTER = 5
#: updates one stream may have waiting; a stream too slow to take them loses the oldest
QUEUE = 64


class Refused(Exception):
    """A stream the caps refuse: ``status`` 503 (the server is full) or 429 (the address has its share)."""

    def __init__(self, status: int, text: str) -> None:
        super().__init__(text)
        self.status = status


class Subscription:
    """One open stream: its queue of updates (None in it: the stream ends) and whom it belongs to."""

    def __init__(self, owner: Subscribers, client: str, order: int) -> None:
        self.owner, self.client, self.order = owner, client, order
        self.queue: asyncio.Queue[Update | None] = asyncio.Queue(maxsize=QUEUE)
        self.ended = False
        self.streaming = False  # a stream has taken it (and gives it back when it ends)

    def put(self, item: Update | None) -> None:
        if self.queue.full():
            self.queue.get_nowait()
        self.queue.put_nowait(item)

    def end(self) -> None:
        """End the stream (its place is freed at once; the stream says goodbye when it next looks)."""
        if not self.ended:
            self.ended = True
            self.put(None)
        self.close()

    def close(self) -> None:
        """Free the stream's place (again: nothing)."""
        self.owner._remove(self)


class Subscribers:
    """Every open stream of one server, counted per address, with the caps."""

    def __init__(self, max_streams: int = MAX_STREAMS, per_client: int = MAX_STREAMS_PER_CLIENT) -> None:
        self.max_streams, self.per_client = max_streams, per_client
        self._open: dict[str, dict[int, Subscription]] = {}  # address -> its streams by order of opening
        self._count = 0
        self._order = itertools.count()

    def count(self) -> int:
        return self._count

    def of(self, client: str) -> int:
        return len(self._open.get(client, ()))

    def open(self, client: str) -> Subscription:
        """A new stream of ``client``, counted at once; :class:`Refused` when the caps do not allow it."""
        mine = self.of(client)
        if mine >= self.per_client:
            raise Refused(429, f"this address has {self.per_client} live streams open, as many as one address may; "
                               "close one first")
        if self._count >= self.max_streams and not self._make_room(mine):
            raise Refused(503, f"this server has {self.max_streams} live streams open, as many as it takes; try again "
                               f"in {RETRY_AFTER} seconds")
        sub = Subscription(self, client, next(self._order))
        self._open.setdefault(client, {})[sub.order] = sub
        self._count += 1
        return sub

    def _make_room(self, newcomer_holds: int) -> bool:
        """End the oldest stream of the busiest address when it holds at least two more than the newcomer."""
        if not self._open:
            return False
        busiest = max(self._open.values(), key=len)
        if len(busiest) < newcomer_holds + 2:
            return False
        busiest[min(busiest)].end()
        return True

    def _remove(self, sub: Subscription) -> None:
        streams = self._open.get(sub.client)
        if streams is not None and streams.pop(sub.order, None) is not None:
            self._count -= 1
            if not streams:
                del self._open[sub.client]

    def all(self) -> Iterable[Subscription]:
        return [s for streams in self._open.values() for s in streams.values()]

    def tell(self, updates: list[Update]) -> None:
        """Queue every update for every stream."""
        for sub in self.all():
            for u in updates:
                sub.put(u)

    def end_all(self) -> None:
        """Tell every stream that the server stops."""
        for sub in self.all():
            sub.put(None)
