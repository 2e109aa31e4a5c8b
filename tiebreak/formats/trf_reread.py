"""A TRF file read again after a change: the lines that did not change are not decoded again.

A pairing program rewrites the whole file after each result, and two player lines differ; the live standings read
the file again each time.  Three steps of the reader (:mod:`tiebreak.formats.trf_read`) look at one line at a time:
which lines are player records, the players' fields (:func:`~tiebreak.formats.trf_players.read_players`) and the
round blocks.  A :class:`Memory` keeps each of those steps' input and output from the last read of the file; when the
new input differs from it in a few lines at the same places, the step works out only those lines and puts them in
place of the old ones.  Everything that looks across lines runs in full every time: the header records, a start
number used twice, the two sides of each game, the score system, the national ratings.  A step is done in full
whenever the shortcut cannot vouch for its answer: a line added or removed, a line that is a player record in one
version and not in the other, the number of rounds changed, many lines changed, a changed line the step finds in
error or warns about, or a last read that warned (so the warnings, their order and the first error are always the
full read's).  Every list and array handed out is a new one (the reader and its callers may change them); the
players of unchanged lines are the very players of the last read (a :class:`~tiebreak.engine.model.Player` is never
changed once read: the live screen then finds the same players at once).

The memory is used by the reader of the file it was made for, inside :func:`remembering` (the live standings: one
memory per watched file).  ``tests/test_trf_reread.py`` checks that a read with the memory gives the tournament and
the warnings of a read without it, for every TRF of the corpus and random edits of them.

>>> from tiebreak.formats import trf
>>> def line(no, opponent, colour, result):
...     return f"001 {no:4}      Player {no}".ljust(91) + f"{opponent:4} {colour} {result}"
>>> games = [line(2 * k + 1, 2 * k + 2, "w", "1") + "\\n" + line(2 * k + 2, 2 * k + 1, "b", "0") for k in range(4)]
>>> text = "012 Club\\n" + "\\n".join(games) + "\\n"
>>> memory = Memory("club.trf")
>>> with remembering(memory):
...     first = trf.loads(text, "club.trf")
...     again = trf.loads(text.replace("   2 w 1", "   2 w 0").replace("   1 b 0", "   1 b 1"), "club.trf")
>>> str(again.points(1)), str(again.points(2)), memory.patched     # two lines changed: two lines decoded
('0', '1', {'lines': 2, 'players': 0, 'rounds': 2})
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from itertools import compress
from operator import is_not, ne

import numpy as np

from ..engine.errors import InputError, InputWarning
from ..engine.model import Player
from .trf_players import PLAYER_COLUMNS, PlayerRecords, read_players

#: (line number, text) of one line of the file
Line = tuple[int, str]
#: the round blocks of the players, the answer of ``_Reader._decode_rounds``: the opponents' start numbers, the
#: kinds and the colours (players x rounds), the pending games (round, row, opponent's start number) and its warnings
Rounds = tuple[np.ndarray, np.ndarray, np.ndarray, list[tuple[int, int, int]], list[InputWarning]]

_MEMORY: ContextVar[Memory | None] = ContextVar("trf_memory", default=None)


@contextlib.contextmanager
def remembering(memory: Memory) -> Iterator[None]:
    """While in this block, the TRF reader of ``memory.source`` uses ``memory`` (and leaves it holding this read); one
    thread at a time."""
    with memory.lock:
        token = _MEMORY.set(memory)
        try:
            yield
        finally:
            _MEMORY.reset(token)


def memory_of(source: str) -> Memory | None:
    """The memory the reader of ``source`` uses now, if any."""
    memory = _MEMORY.get()
    return memory if memory is not None and memory.source == source else None


def _is_record(line: str) -> bool:
    return line[:3] == "001" and line[3:4] in ("", " ")


def _other(old: list[Line], new: list[Line]) -> Iterator[int]:
    """The places where ``new`` holds another object than ``old`` (as long; found without a Python loop: the lines a
    step passes on unchanged are the very same objects)."""
    return compress(range(len(new)), map(is_not, old, new))


def _few(changed: list[int], n: int) -> bool:
    """Whether ``changed`` lines of ``n`` are few enough to be worth working out one by one."""
    return len(changed) * 4 <= n


class Memory:
    """The last read of one TRF file (``source``: the name its reader is given): each line-by-line step's input and
    output.  ``patched`` counts, for the last read, the lines each step worked out alone (None: done in full)."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.lock = threading.Lock()
        self.patched: dict[str, int | None] = {}
        self._lines: list[str] = []
        self._records: list[Line] = []
        self._others: list[Line] = []
        self._place: list[tuple[bool, int]] = []  # each line: (a record?, its index in records or others)
        self._player_rows: list[Line] = []  # the records read_players last read without an error
        self._players: list[Player] = []
        self._declared = np.zeros(0)
        self._starts = np.zeros(0, np.int64)
        self._section_rows: list[Line] = []  # the records whose round sections were cut last
        self._sections: list[Line] = []
        self._round_rows: list[Line] = []  # the sections decoded last without a warning or an error
        self._rounds: Rounds | None = None

    def split(self, lines: list[str]) -> tuple[list[Line], list[Line]]:
        """The player records (001) and the other lines, each as (line number, text) in file order."""
        old = self._lines
        changed = list(compress(range(len(lines)), map(ne, old, lines))) if len(old) == len(lines) else None
        if changed is not None and _few(changed, len(lines)) and all(
                _is_record(old[k]) == _is_record(lines[k]) for k in changed):
            records, others = list(self._records), list(self._others)
            for k in changed:
                record, at = self._place[k]
                (records if record else others)[at] = (k + 1, lines[k])
            self.patched["lines"] = len(changed)
        else:
            numbered = list(enumerate(lines, 1))
            records = [(ln, line) for ln, line in numbered if _is_record(line)]
            others = [(ln, line) for ln, line in numbered if not _is_record(line)]
            place: list[tuple[bool, int]] = [(False, 0)] * len(lines)
            for at, (ln, _) in enumerate(records):
                place[ln - 1] = (True, at)
            for at, (ln, _) in enumerate(others):
                place[ln - 1] = (False, at)
            self._place = place
            self.patched["lines"] = None
        self._lines, self._records, self._others = lines, records, others
        return list(records), list(others)

    def players(self, records: list[Line]) -> PlayerRecords:
        """:func:`read_players` of ``records``: only the records whose player columns (1-91) or line number changed
        are read, when those read without an error and no start number is then used twice; else all are read.  The
        players of the unchanged records are those of the last read (a player is never changed once read)."""
        old = self._player_rows
        changed = [i for i in _other(old, records) if old[i][0] != records[i][0]
                   or old[i][1][:PLAYER_COLUMNS] != records[i][1][:PLAYER_COLUMNS]
                   ] if len(old) == len(records) and old else None
        if changed is not None and _few(changed, len(records)):
            found = read_players([records[i] for i in changed], self.source) if changed else None
            if found is None or found.error is None:
                players, declared, starts = list(self._players), self._declared.copy(), self._starts.copy()
                for j, i in enumerate(changed):
                    assert found is not None
                    players[i], declared[i], starts[i] = found.players[j], found.declared[j], found.players[j].start_no
                # a start number used twice (only a changed one can be: the last read had none): the full read names it
                if (starts[changed] == self._starts[changed]).all() or len(set(starts.tolist())) == len(starts):
                    self._keep_players(records, players, declared, starts)
                    self.patched["players"] = len(changed)
                    return PlayerRecords(list(players), declared.copy(), None, 0)
        found = read_players(records, self.source)
        self.patched["players"] = None
        if found.error is None:
            self._keep_players(records, list(found.players), found.declared.copy(),
                               np.array([p.start_no for p in found.players], np.int64))
        else:
            self._player_rows = []
        return found

    def _keep_players(self, records: list[Line], players: list[Player], declared: np.ndarray,
                      starts: np.ndarray) -> None:
        self._player_rows, self._players, self._declared, self._starts = list(records), players, declared, starts

    def sections(self, records: list[Line], cut: Callable[[str], str]) -> list[Line]:
        """(line number, ``cut(text)``) of every record: the round blocks of each player (``cut`` again only for a
        record that is not the very one of the last read)."""
        old, before = self._section_rows, self._sections
        if len(old) == len(records):
            rows = list(before)
            for i in _other(old, records):
                rows[i] = (records[i][0], cut(records[i][1]))
        else:
            rows = [(ln, cut(line)) for ln, line in records]
        self._section_rows, self._sections = list(records), rows
        return list(rows)

    def rounds(self, rows: list[Line], rounds: int, decode: Callable[[list[Line], int], Rounds]) -> Rounds:
        """``decode(rows, rounds)``: only the rows that changed are decoded, when the last read's were decoded for as
        many rounds without a warning and the changed ones decode without an error or a warning; else all are."""
        old, last = self._round_rows, self._rounds
        changed = [i for i in _other(old, rows) if old[i] != rows[i]
                   ] if last is not None and len(old) == len(rows) and last[1].shape[1] == rounds else None
        if last is not None and changed is not None and _few(changed, len(rows)):
            try:
                part = decode([rows[i] for i in changed], rounds) if changed else None
            except InputError:  # the full decoding below raises the first error of the file
                part = None
                changed = None
            if changed is not None and (part is None or not part[4]):
                opp_no, kind, colour = last[0].copy(), last[1].copy(), last[2].copy()
                pending = last[3]
                if part is not None:
                    opp_no[changed], kind[changed], colour[changed] = part[0], part[1], part[2]
                    gone = set(changed)
                    pending = sorted([x for x in pending if x[1] not in gone]
                                     + [(r, changed[i], o) for r, i, o in part[3]], key=lambda x: (x[1], x[0]))
                self._keep_rounds(rows, (opp_no, kind, colour, pending, []))
                self.patched["rounds"] = len(changed)
                return opp_no.copy(), kind.copy(), colour.copy(), list(pending), []
        self.patched["rounds"] = None
        self._round_rows, self._rounds = [], None  # kept again only if the full decoding neither raises nor warns
        full = decode(rows, rounds)
        if not full[4]:
            self._keep_rounds(rows, (full[0].copy(), full[1].copy(), full[2].copy(), list(full[3]), []))
        return full

    def _keep_rounds(self, rows: list[Line], decoded: Rounds) -> None:
        self._round_rows, self._rounds = list(rows), decoded
