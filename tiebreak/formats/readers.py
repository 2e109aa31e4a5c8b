"""Choose the reader by the file's name: ``.xml`` Chess-Results XML, ``.pgn`` broadcast PGN, ``.csv``/``.xlsx`` a
crosstable, ``.json`` Chess-JSON, the pairing programs' own files (``.sce`` Sharly Chess, ``.swt`` Swiss-Chess,
``.papi`` Papi, ``.TUNX``/``.TURX``/``.TUTX``/``.TUMX`` Swiss-Manager), anything else TRF (TRF-16, TRF-2026, Krause).
A Swiss-Manager file is known by its content too, whatever its name.  A file that holds several tournaments (a Sharly
Chess event) is read with ``event``, the program's own number of one of them."""

from __future__ import annotations

import re
from collections.abc import Iterable
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Protocol, cast

from ..engine.errors import InputError, InputWarning, Place
from ..engine.messages import Message, Term
from ..engine.model import Tournament
from .files import check_target, head, write_output
from .swissmanager_file import is_swiss_manager
from .text import bound_header
from .trf_write import cut_fields

#: file extension -> the module that reads it (anything else is TRF); modules are imported when a file needs them,
#: so a command pays only for the format it reads
READERS = {".xml": "chessresults", ".pgn": "pgn", ".csv": "crosstable", ".xlsx": "crosstable", ".html": "crosstable",
           ".htm": "crosstable", ".json": "chessjson", ".sce": "sharly", ".swt": "swt", ".papi": "papi",
           ".tunx": "swissmanager_read", ".turx": "swissmanager_read", ".tutx": "swissmanager_read",
           ".tumx": "swissmanager_read"}
#: the readers of files with several tournaments: their ``load`` takes ``event``
MULTI_EVENT = {"sharly"}
#: every extension a file may have, as the page's file picker offers them (TRF under its three names first)
ACCEPTED = (".trf", ".txt", ".tab", *READERS)
WRITERS = {".trf": "trf", ".txt": "trf", ".tab": "trf", ".csv": "crosstable", ".xlsx": "crosstable", ".json": "chessjson"}


class _Reader(Protocol):
    def load(self, path: str | Path, warnings: list[InputWarning] | None = None) -> Tournament: ...


class _MultiReader(Protocol):
    def load(self, path: str | Path, warnings: list[InputWarning] | None = None,
             event: int | None = None) -> Tournament: ...


class _Writer(Protocol):
    def dump(self, t: Tournament, path: str | Path, inputs: Iterable[str | Path] = (), force: bool = True) -> None: ...


if TYPE_CHECKING:  # mypy checks that the modules named above are readers (and writers); never run
    from . import chessjson, chessresults, crosstable, papi, pgn, sharly, swissmanager_read, swt, trf

    _READERS: list[_Reader] = [chessresults, pgn, crosstable, chessjson, trf, swt, papi, swissmanager_read]
    _MULTI: list[_MultiReader] = [sharly]
    _WRITERS: list[_Writer] = [trf, crosstable, chessjson]


def _module(name: str) -> ModuleType:
    # imported by name, so a command imports only the format it reads
    return import_module(f"{__package__}.{name}")


def _reader(name: str) -> _Reader:
    return cast(_Reader, _module(name))  # a module of READERS, each checked in _READERS


def _writer(name: str) -> _Writer:
    return cast(_Writer, _module(name))  # a module of WRITERS, each checked in _WRITERS


def takes_event(path: str | Path) -> bool:
    """Whether the file's format holds several tournaments (its reader takes ``event``)."""
    return READERS.get(Path(path).suffix.lower(), "trf") in MULTI_EVENT


def reader_name(path: str | Path) -> str:
    """The reader of ``path``: by its name, except that a Swiss-Manager file is known by its first bytes whatever its
    name (a ``.trf`` or a file without an extension that is one is read as one)."""
    name = READERS.get(Path(path).suffix.lower(), "trf")
    if name == "trf":
        if is_swiss_manager(head(path, 4)):
            return "swissmanager_read"
    return name


#: a TRF's record of the tournament's name, of a player or of a team, at the start of a line (a byte-order mark
#: before the first): a ``.txt`` without one is no TRF
_TRF_RECORD = re.compile(rb"^(?:\xef\xbb\xbf|\xff\xfe|\xfe\xff)?(?:001|012|013)[ \t]", re.M)


def recognised(path: str | Path, data: bytes) -> bool:
    """Whether ``data``, the bytes of ``path``, are the format its name says, as far as a text file tells it from
    the notes an arbiter keeps beside the event files: a TRF (``.trf``, ``.txt``, ``.tab``) has a record line
    (``012``, ``001``, ``013``; UTF-16 too), a Chess-JSON file its ``"tournaments"``; a Swiss-Manager file is known by
    its first bytes, the other formats by their ending.  An empty file is no format yet.

    >>> recognised("open.txt", b"012 Open\\n001    1      Alpha"), recognised("notes.txt", b"Round 3 starts at 10:00")
    (True, False)
    >>> recognised("event.json", b'{"event": {"tournaments": []}}'), recognised("notes.json", b'{"prizes": [100]}')
    (True, False)
    >>> recognised("games.pgn", b"")
    True
    """
    kind = READERS.get(Path(path).suffix.lower(), "trf")
    if kind == "chessjson":
        return b'"tournaments"' in data
    if kind != "trf" or is_swiss_manager(data[:4]):
        return True
    return _TRF_RECORD.search(data.replace(b"\x00", b"")) is not None


def keeps_pending(path: str | Path, head: bytes) -> bool:
    """Whether the reader of ``path`` (whose first bytes are ``head``) keeps the games in play in
    ``Tournament.pending``: every reader but TRF's, whose live reading finds them in the lines.

    >>> swiss_manager = bytes.fromhex("93ff8944")
    >>> keeps_pending("a.trf", b"012 Open"), keeps_pending("a.json", b"{"), keeps_pending("a.trf", swiss_manager)
    (False, True, True)
    """
    return Path(path).suffix.lower() in READERS or is_swiss_manager(head)


def load(path: str | Path, warnings: list[InputWarning] | None = None, event: int | None = None) -> Tournament:
    """The tournament of ``path`` (``event``: which one, in a file that holds several)."""
    name = reader_name(path)
    if name in MULTI_EVENT:
        t = cast(_MultiReader, _module(name)).load(path, warnings, event)
    else:
        warnings = warnings if warnings is not None else []
        if event is not None:  # the page's field may stay filled when another file is chosen: said, not refused
            warnings.append(InputWarning(Message("this file holds one tournament; --event {} (API field 'event') is "
                                                 "for a Sharly Chess database, and is ignored",
                                                 event), Place(str(path), field="event")))
        t = _reader(name).load(path, warnings)
    t.from_records = name == "trf"  # the notes name a TRF record only where there is one
    bound_header(t, warnings)  # every reader's long name or arbiter cut as the TRF reader cuts it, with a warning
    return t


def convert(source: str | Path, target: str | Path, warnings: list[InputWarning] | None = None,
            force: bool = False, event: int | None = None) -> Tournament:
    """Read ``source`` in its format and write ``target`` in the format its name says (TRF, Chess-JSON, crosstable CSV
    or XLSX).  The target is never the source, and an existing file is replaced only with ``force``; it is written to
    a temporary file renamed into place (:func:`~tiebreak.formats.files.write_output`).  (``tiebreak convert`` reads
    the source through :func:`tiebreak.app.load.load`, with :func:`writer_of` and :func:`write` around it.)"""
    writer = writer_of(source, target, force)  # before reading: a refused target costs nothing
    t = load(source, warnings, event)
    write(t, source, target, writer, warnings, force)
    return t


def writer_of(source: str | Path, target: str | Path, force: bool) -> str:
    """The writer of ``target``'s format (a module of :data:`WRITERS`), once ``target`` may be written: not the
    source, an existing file only with ``force``."""
    writer = WRITERS.get(Path(target).suffix.lower())
    if writer is None:
        raise InputError(Message("cannot write {}; formats: {}",
                                 Path(target).suffix or 'files without an extension', ', '.join(WRITERS)), Place(str(target)))
    check_target(target, [source], force)
    return writer


def write(t: Tournament, source: str | Path, target: str | Path, writer: str,
          warnings: list[InputWarning] | None = None, force: bool = False) -> None:
    """``t`` (read from ``source``) written to ``target`` by ``writer`` (:func:`writer_of`), once it reads back the
    same; what the target's format cannot hold is a warning."""
    if writer == "crosstable":
        sheet = Path(target).suffix.lower() == ".xlsx"  # a workbook keeps them on its event sheet
        lost = [what for what, present in (
            ("event name", t.name and not sheet), ("dates", (t.start_date or t.end_date) and not sheet),
            ("event type", (t.type_text or t.type_code) and not sheet),
            ("score system", not t.score_system.is_default), ("tie-break list", t.declared_tiebreaks and not sheet),
            ("team records", any(x[:3] in ("013", "310") for x in t.extra.get("lines", []))),
            ("other header records", not sheet and any(x[:3] not in ("013", "310") for x in t.extra.get("lines", []))))
            if present]
        if lost and warnings is not None:
            warnings.append(InputWarning(Message("a crosstable holds players and results only; not written: {}",
                                                 Term('; '.join(lost))),  # field names
                                         Place(str(target))))
    if writer == "trf" and warnings is not None:  # TRF's fields are fixed-width: a longer value is cut, and said
        warnings.extend(cut_fields(t, str(target)))
    write_output(target, _read_back(t, writer, target), inputs=[source], force=force)


def _read_back(t: Tournament, writer: str, target: str | Path) -> bytes:
    """The bytes ``writer`` makes of ``t`` for ``target``, once they read back as the same tournament (the same
    players, rounds and results): written to a scratch file and read with the target format's own reader first, so
    a tournament that format cannot hold (a game both players won, in a format that refuses it) is an error, never
    a file the program itself refuses."""
    import tempfile  # noqa: PLC0415  start-up: only a conversion makes a scratch folder (tempfile loads random: 3-4 ms)

    suffix = Path(target).suffix.lower()
    with tempfile.TemporaryDirectory(prefix="tiebreak-convert-") as tmp:
        trial = Path(tmp) / ("converted" + suffix)
        _writer(writer).dump(t, trial, force=True)
        try:
            back = load(trial, [])
        except InputError as e:
            raise InputError(Message("not written: the converted file would not read back ({})", e.message),
                             Place(str(target), e.place.line, e.place.column, e.place.field)) from None
        lost = differences(t, back)
        if lost:
            raise InputError(Message("not written: the converted file would read back differently ({})", lost),
                             Place(str(target)))
        return trial.read_bytes()


def differences(t: Tournament, back: Tournament) -> str:
    """What a tournament read back from a written file lost: its players, rounds or results ("" when nothing); a
    game paired and not yet played is the same whether a format holds it in the grid (a crosstable's ``12w*``) or
    as a pairing of its own (TRF's round block without a result)."""
    t, back = t.with_pending_paired(), back.with_pending_paired()
    if [p.start_no for p in t.players] != [p.start_no for p in back.players]:
        return Message("the players")
    if t.rounds != back.rounds:
        return Message("{} round became {}", t.rounds, back.rounds, plural="{} rounds became {}", count=t.rounds)
    for grid in ("kind", "opponent"):
        a, b = getattr(t, grid), getattr(back, grid)
        if a.shape != b.shape or (a != b).any():
            row, col = [int(x[0]) for x in (a != b).nonzero()] if a.shape == b.shape else (0, 0)
            return Message("round {} of player {}", col + 1, t.players[row].start_no)
    return ""
