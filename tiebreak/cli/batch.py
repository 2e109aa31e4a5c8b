"""``tiebreak check`` over a folder of events (a season of uploads): the events and their published standings found
by name (``--published-dir``) or listed in a manifest CSV (``--manifest``: columns ``file`` and ``published``, paths
relative to the manifest), checked in parallel over the cores (``--jobs``, at most the cores the machine gives this
process) with a progress bar on standard error.  Only files inside the folder (or the manifest's folder, or
``--published-dir``) are read: a link or a manifest row leading out of it is an error naming it, unless the user asks
for it (``--outside``).

The bar is a dozen lines of our own: the package's one run-time dependency for it (tqdm) would be the only one of its
kind, and the bar needs no more than a count.
"""

from __future__ import annotations

import os
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..app.check import check_published
from ..app.options import Options
from ..engine.errors import InputError, InputWarning, Place, TiebreakError
from ..engine.messages import Count, Message
from ..formats.crosstable import is_export
from ..formats.text import csv_rows
from ..render.i18n import problem

if TYPE_CHECKING:
    from ..arbiter.check import Report

#: the files a folder's events are read from (the readers' formats; CSV/XLSX are published standings in a folder)
EVENT_SUFFIXES = (".trf", ".txt", ".tab", ".json", ".xml", ".pgn", ".tunx", ".turx", ".tutx", ".tumx")
#: names of published standings beside an event, tried in this order (``{stem}``: the event file's name without suffix)
PUBLISHED_NAMES = ("{stem}.published.csv", "{stem}.published.xlsx", "{stem}.published.html", "{stem}.expected.csv",
                   "{stem}.csv", "{stem}.xlsx", "{stem}.html", "published.csv", "expected.csv", "published.xlsx",
                   "standings.html")
MAX_EVENTS = 10_000
#: the files that may be a program's crosstable export, read as an event with its own published figures
EXPORT_SUFFIXES = (".csv", ".xlsx", ".html", ".htm")


def inside(path: Path, folders: list[Path], place: Place, outside: bool = False, name: str = "") -> Path:
    """``path`` when it lies inside one of ``folders`` once every link is followed (or ``outside``: the user asked to
    read anywhere); else an error naming it (as ``name``, the user wrote it) at ``place``.

    >>> inside(Path("docs/../README.md"), [Path(".")], Place("x"))
    PosixPath('docs/../README.md')
    >>> inside(Path("d/../x"), [Path("d")], Place("m", 2, 1, "file"))
    Traceback (most recent call last):
    tiebreak.engine.errors.InputError: m, line 2, column 1 (file): 'd/../x' lies outside the folder d; give --outside to read it
    """
    real = path.resolve()
    if outside or any(real.is_relative_to(f.resolve()) for f in folders):
        return path
    shown = (name or str(path))[:80]
    raise InputError(Message("{} lies outside the folder {}; give --outside to read it", repr(shown), folders[0]), place)


def _published_for(event: Path, published_dir: Path | None, outside: bool = False) -> str | None:
    folders = [published_dir] if published_dir else [event.parent]
    for folder in folders:
        for pattern in PUBLISHED_NAMES:
            if pattern.startswith("{stem}") or published_dir is None:
                candidate = folder / pattern.format(stem=event.stem)
                if candidate.is_file() and candidate != event:
                    return str(inside(candidate, [folder], Place(str(candidate)), outside))
    return None


def events_of(folder: Path, published_dir: Path | None, outside: bool = False) -> list[tuple[str, str | None]]:
    """The events of ``folder`` (its tournament files, and those one folder down) with their published standings (in
    ``published_dir`` by the event's name, else beside it; None: the file's own figures); a link out of the folder
    is an error unless ``outside``."""
    if published_dir is not None and not published_dir.is_dir():
        raise InputError("--published-dir is not a folder", Place(str(published_dir), field="published_dir"))
    files = sorted(p for p in [*folder.glob("*"), *folder.glob("*/*")] if p.is_file())
    files = [inside(p, [folder], Place(str(p)), outside) for p in files]
    found = [p for p in files if p.suffix.lower() in EVENT_SUFFIXES]
    if len(found) > MAX_EVENTS:
        raise InputError(Message("a folder holds at most {} event", Count(MAX_EVENTS),
                                 plural="a folder holds at most {} events", count=MAX_EVENTS), Place(str(folder)))
    events = [(str(p), _published_for(p, published_dir, outside)) for p in found]
    claimed = {published for _, published in events if published}
    # a program's crosstable export (chess-results) is an event of its own, its figures the published ones
    events += [(str(p), None) for p in files if p.suffix.lower() in EXPORT_SUFFIXES and str(p) not in claimed
               and is_export(p)][:MAX_EVENTS - len(events)]
    if not events:
        raise InputError(Message("no tournament files ({}) and no crosstable exports ({}) in the folder",
                                 ', '.join(EVENT_SUFFIXES), ', '.join(EXPORT_SUFFIXES)), Place(str(folder)))
    return sorted(events)


def events_of_manifest(manifest: Path, outside: bool = False) -> list[tuple[str, str | None]]:
    """The events a manifest CSV lists: columns ``file`` and ``published`` (empty: the file's own figures), inside
    the manifest's folder unless ``outside``."""
    try:
        text = manifest.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(Message("the manifest cannot be read: {}", e), Place(str(manifest))) from None
    rows = csv_rows(text, str(manifest))
    if not rows:
        raise InputError("the manifest is empty", Place(str(manifest)))
    head = [h.strip().casefold() for h in rows[0]]
    if "file" not in head:
        raise InputError("the manifest needs a 'file' column (and 'published')", Place(str(manifest), 1, field="file"))
    fi, pi = head.index("file"), head.index("published") if "published" in head else None
    out: list[tuple[str, str | None]] = []
    for n, row in enumerate(rows[1:MAX_EVENTS + 1], 2):
        name = row[fi].strip() if fi < len(row) else ""
        if not name:
            continue
        pub = row[pi].strip() if pi is not None and pi < len(row) else ""
        event = inside(manifest.parent / name, [manifest.parent], Place(str(manifest), n, fi + 1, "file"), outside,
                       name)
        if not event.is_file():
            raise InputError(Message("{} is not a file", repr(name[:80])), Place(str(manifest), n, fi + 1, "file"))
        if pub:
            assert pi is not None
            inside(manifest.parent / pub, [manifest.parent], Place(str(manifest), n, pi + 1, "published"),
                   outside, pub)
        out.append((str(event), str(manifest.parent / pub) if pub else None))
    return out


def _one(o: Options, path: str, published: str | None) -> tuple[str, Report | None, list[str], str]:
    """One event's check in a worker: the report, or the error's words (an event that cannot be read is named in the
    summary, the others go on)."""
    warnings: list[InputWarning] = []
    lang = o.lang
    try:
        report = check_published(o, path, published, warnings)
        return path, report, [problem(w, lang) for w in warnings], ""
    except TiebreakError as e:
        return path, None, [problem(w, lang) for w in warnings], problem(e, lang)


class Bar:
    """A progress bar on standard error: ``checked 12/40 [#####.....]``."""

    def __init__(self, total: int, width: int = 30) -> None:
        self.total, self.width, self.done = total, width, 0

    def step(self) -> None:
        self.done += 1
        filled = self.width * self.done // max(self.total, 1)
        end = "\n" if self.done == self.total else ""
        print(f"\r{self.done}/{self.total} [{'#' * filled}{'.' * (self.width - filled)}]", end=end, file=sys.stderr,
              flush=True)


def cores() -> int:
    """The cores this process may run on (``--jobs`` is capped there: more processes only share them, each with its
    own memory)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def run(options: Options, events: list[tuple[str, str | None]], jobs: int | None) -> list[tuple[str, Any, list[str], str]]:
    """Every event checked under ``options`` (in parallel over ``jobs`` processes, default and at most
    :func:`cores`), in the order given."""
    jobs = max(1, min(jobs or cores(), cores(), len(events)))
    bar = Bar(len(events))
    results: dict[int, tuple[str, Any, list[str], str]] = {}
    if jobs == 1:
        for k, (path, published) in enumerate(events):
            results[k] = _one(options, path, published)
            bar.step()
    else:
        with ProcessPoolExecutor(jobs) as pool:
            futures = {pool.submit(_one, options, path, published): k for k, (path, published) in enumerate(events)}
            for future in as_completed(futures):
                results[futures[future]] = future.result()
                bar.step()
    return [results[k] for k in range(len(events))]
