"""What the live server checks before it publishes a version: that the file it reads lies inside the watched folder
(at the moment it is read, links included), that it is not larger than the bound, and that the new version is whole
(nothing the last good version had disappeared without a result).

A pairing program rewrites the whole file after each result; a read that falls in the middle of the write sees a
file cut short.  Most cut files do not read at all (the reader refuses them), but a file cut a few bytes before its
end can read cleanly and lack the last game, a player or a round.  :func:`lost` names what went missing, so the
version is held back until the file is stable (:func:`doubt`; the hold: :mod:`tiebreak.live.hold`).

>>> from tiebreak.engine.model import Player, Tournament, WHITE, BLACK
>>> from tiebreak.live.pending import as_it_stands
>>> t = Tournament.build([Player(1), Player(2), Player(3), Player(4)], 1)
>>> both = as_it_stands(t, {1: [(1, 2, WHITE)], 2: [(1, 1, BLACK)], 3: [(1, 4, WHITE)], 4: [(1, 3, BLACK)]})
>>> one = as_it_stands(t, {1: [(1, 2, WHITE)], 2: [(1, 1, BLACK)], 3: [(1, 4, WHITE)]})   # no. 4's line cut
>>> lost(both, one)
'round 1: the game of player 3 is no longer in the file'
>>> lost(one, both) is None
True
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..app.declared import OPTIONS
from ..engine.errors import InputError, Place
from ..engine.messages import Count, Message, os_reason
from ..engine.model import NO_OPPONENT, Kind
from ..formats.trf_read import ONE_SIDED
from .pending import AsItStands

#: the largest watched file read (bytes; ``serve --max-file-mb``, declared once): a 9,999-player TRF of 15 rounds is
#: about 2.6 MB
MAX_FILE_BYTES = int(str(OPTIONS["max_file_mb"].default)) * 1024 * 1024


def read_inside(root: Path, path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of ``path``, checked at the moment they are read: the file (links followed) must lie inside ``root``,
    be a regular file and hold at most ``limit`` bytes.  The file is opened by its real path without following a link
    in its last part, so a link put in its place between the check and the read is refused too."""
    root = root.resolve()
    try:
        real = path.resolve(strict=True)
    except (OSError, RuntimeError):
        raise InputError("the file is not there", Place(path.name)) from None
    if not real.is_relative_to(root):
        raise InputError("the file now leads outside the watched folder; it is not read", Place(path.name))
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(real, flags)
    except OSError as e:
        raise InputError(Message("the file cannot be read: {}", os_reason(e)), Place(path.name)) from None
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise InputError("the file is not a regular file; it is not read", Place(path.name))
        data = f.read(limit + 1)
    if len(data) > limit:
        raise InputError(Message("the file is larger than {} byte; it is not read", Count(limit),
                                 plural="the file is larger than {} bytes; it is not read", count=limit), Place(path.name))
    return data


def lost(before: AsItStands, after: AsItStands) -> str | None:
    """What the last good version had that the new one lost without a result: a player, a round, a game (a pairing
    or a bye that is now a blank); None when nothing was lost.  A result taken back (the game pending again) is the
    arbiter's correction, not a cut file: a line cut inside a block leaves the other side's result, and the reader
    fills the game in from it (:data:`tiebreak.formats.trf_read.ONE_SIDED`)."""
    a, b = before.tournament, after.tournament
    gone = sorted(set(a._row_of) - set(b._row_of))
    if gone:
        return Message("{} player is no longer in the file (no. {})", len(gone), gone[0],
                       plural="{} players are no longer in the file (the first: no. {})", count=len(gone))
    if after.round < before.round or b.rounds < a.rounds:
        return Message("round {} is no longer in the file", before.round)
    rows = [b._row_of[p.start_no] for p in a.players]
    had = (a.opponent != NO_OPPONENT) | (a.kind != Kind.ABSENT)
    now = (b.opponent[rows, :a.rounds] != NO_OPPONENT) | (b.kind[rows, :a.rounds] != Kind.ABSENT)
    missing = had & ~now
    if missing.any():
        i, r = (int(x) for x in next(iter(zip(*missing.nonzero()))))
        return Message("round {}: the game of player {} is no longer in the file", r + 1, a.players[i].start_no)
    return None


def doubt(before: AsItStands, after: AsItStands, said_before: set[str], said: set[str]) -> str | None:
    """Why ``after`` is not whole beside the last good version ``before`` (``said_before``, ``said``: the reader's
    warnings of each): something ``before`` had is lost (:func:`lost`), or a game was filled in from one side, the
    other side's line cut (a cut line reading as blank rounds: a new :data:`~tiebreak.formats.trf_read.ONE_SIDED`
    warning); None: it is whole."""
    missing = lost(before, after)
    new = sorted(w for w in said - said_before if getattr(w, "template", None) == ONE_SIDED)
    if missing is not None or new:
        return missing or Message("the file reads with a new warning: {}", new[0])
    return None
