"""Conversion between formats (``tiebreak convert``): the source read by the one loader (``event``, ``points_from``),
written in the format the target's name says, never over the source."""

from __future__ import annotations

from pathlib import Path

from ..engine.errors import InputWarning
from ..engine.model import Tournament
from ..formats import readers
from .load import load
from .options import Loading


def convert(o: Loading, source: str, target: str | Path, warnings: list[InputWarning], force: bool = False) -> Tournament:
    """The tournament of ``source`` written to ``target`` (an existing file replaced only with ``force``)."""
    writer = readers.writer_of(source, target, force)  # before reading: a refused target costs nothing
    t = load(o, source, warnings)
    readers.write(t, source, target, writer, warnings, force)
    return t
