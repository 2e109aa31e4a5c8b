"""The standings of the website as files to download: PDF (one per language: its words are the reader's),
spreadsheet (XLSX) and TRF, written by the writers of ``tiebreak standings`` (:mod:`tiebreak.app.standings`: the same
tables, the category standings and the team ranking ``--category`` and ``--team-ranking`` ask for, a team event's
teams), so a download says what ``tiebreak standings --format pdf|xlsx|trf`` says of the same file.

Each is the same bytes in every build of the same file: the PDF is dated by the file's time (Chromium writes the
clock's), the workbook's parts carry a fixed time.  The PDF needs Chromium (:mod:`tiebreak.render.pdf`); it is asked
for by ``tiebreak site --downloads pdf,xlsx,trf`` (the command line's default: xlsx and trf).

Names: ``downloads/standings.xlsx`` and ``downloads/standings.trf`` beside the language folders (the same in every
language), ``LANG/standings.pdf`` in each language's folder.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from ..app.standings import standings_writers
from ..render.i18n import LANGUAGES
from .event import Event

if TYPE_CHECKING:
    from .event import Event
    from .team_event import TeamEvent

#: the downloads a site may have, in the order the standings page lists them
KINDS = ("pdf", "xlsx", "trf")
#: where each is, from the event's folder ({lang}: the language's folder)
NAMES = {"pdf": "{lang}/standings.pdf", "xlsx": "downloads/standings.xlsx", "trf": "downloads/standings.trf"}


def downloads(e: Event | TeamEvent, kinds: tuple[str, ...], prefix: str = "") -> dict[str, bytes]:
    """The files ``kinds`` (of :data:`KINDS`) of the event ``e``'s current standings: site path -> bytes."""
    out: dict[str, bytes] = {}
    for kind in (k for k in KINDS if k in kinds):
        for lang in LANGUAGES if kind == "pdf" else ("en",):
            if isinstance(e, Event):
                o = replace(e.options, lang=lang, format=kind)
                writers = standings_writers(e.tournament, _copy(e.current), o)  # dated by the event's date
            else:
                o = replace(e.ind.options, lang=lang, format=kind)
                writers = standings_writers(e.source, _copy(e.current), o)
            data = writers[kind]()
            out[prefix + NAMES[kind].format(lang=lang)] = data.encode() if isinstance(data, str) else data
    return out


def links(kinds: tuple[str, ...], lang: str) -> list[tuple[str, str]]:
    """The standings page's links to the downloads (from a page of the language ``lang``): (href, format's name).

    >>> links(("xlsx", "pdf"), "ru")
    [('standings.pdf', 'PDF'), ('../downloads/standings.xlsx', 'XLSX')]
    """
    return [(NAMES[k].format(lang=lang).removeprefix(f"{lang}/") if k == "pdf" else "../" + NAMES[k], k.upper())
            for k in KINDS if k in kinds]


S = TypeVar("S")


def _copy(s: S) -> S:
    """The standings as they are, with notes of their own (the writers add their notes to the standings they write;
    the pages' standings keep theirs)."""
    out = copy.copy(s)
    out.notes = list(s.notes)  # type: ignore[attr-defined]
    return out
