"""``tiebreak site --watch``: the site follows its files (``watchfiles``): on a change the event is read again and
only the pages the change touches are made and written (:func:`touched`), each atomically, then ``version.json``.
A file that cannot be read leaves the site as it was (the error is printed; the next good version is published)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from ..engine.errors import InputWarning, TiebreakError
from ..engine.messages import Message
from ..engine.model import Tournament
from ..render.i18n import LANGUAGES, message, problem
from ..render.words import MESSAGE_WORDS
from .build import (
    Site,
    check_folder,
    digest,
    event_downloads,
    load,
    odds_pages,
    pages_of,
    publish,
    publish_all,
    updated_files,
    written_before,
)
from .card import rank_values
from .event import Event, card_inputs, same_players
from .folder import read_page
from .games import game_names
from .series import pages as series_pages
from .spares import Spares
from .team_event import TeamEvent

#: a card read back to have its ranks replaced is at most this large (a card is a few KB; a larger file is not ours)
PAGE_LIMIT = 16 * 2**20


def first_changed_round(a: Any, b: Any) -> int | None:
    """The first round (1-based) whose entries differ between the grids of ``a`` and ``b`` (None: none)."""
    diff = (a.kind != b.kind) | (a.opponent != b.opponent) | (a.colour != b.colour)
    rounds = np.nonzero(diff.any(axis=0))[0]
    return int(rounds[0]) + 1 if len(rounds) else None


def touched(old: Event | TeamEvent, new: Event | TeamEvent) -> list[str] | None:
    """The pages of ``new`` that may differ from ``old``'s (None: all of them): the rounds from the first changed
    one, the standings after them, the current standings, crosstable and home page, the odds, and the cards whose
    :func:`~tiebreak.site.event.fingerprint` changed."""
    a, b = old.tournament, new.tournament
    if (type(old) is not type(new) or not same_players(a, b) or a.rounds != b.rounds or old.played != new.played
            or a.name != b.name or new.ranks_teams):
        return None  # a team event is small: all of its pages
    assert isinstance(old, Event) and isinstance(new, Event)
    if old.options != new.options:  # the rules, the columns, the groups…: every page
        return None
    if old.current.tiebreaks != new.current.tiebreaks or a.pending != b.pending or old.last_round != new.last_round:
        return None
    if game_names(old) != game_names(new):  # a game of the PGN found (or lost) its board: the links of every page
        return None
    r0 = first_changed_round(a, b)
    if r0 is None:
        return []
    names = ["index.html", "standings.html", "crosstable.html", "statistics.html",
             *(["playoff.html"] if new.playoff is not None else [])]
    names += [f"round-{k}.html" for k in range(r0, new.last_round + 1)]
    names += [f"standings-{k}.html" for k in range(r0, new.played + 1)]
    (before, ranks_before), (after, ranks_after) = card_inputs(old), card_inputs(new)
    same = shape_same(old, new)
    changed = (before != after).any(axis=1) | (ranks_before != ranks_after).any(axis=1) if same else np.ones(
        len(b.players), bool)
    names += [f"player-{b.players[i].start_no}.html" for i in np.nonzero(changed)[0].tolist()]
    return names


def shape_same(old: Event, new: Event) -> bool:
    (before, ranks_before), (after, ranks_after) = card_inputs(old), card_inputs(new)
    return before.shape == after.shape and ranks_before.shape == ranks_after.shape


def ranks_only(old: Event, new: Event) -> set[str]:
    """The cards of ``new`` that differ from ``old``'s in their ranks alone (:func:`patched` writes them)."""
    if not shape_same(old, new) or not new.played:
        return set()
    (before, ranks_before), (after, ranks_after) = card_inputs(old), card_inputs(new)
    moved = ((before == after).all(axis=1) & (ranks_before != ranks_after).any(axis=1))
    return {f"player-{new.tournament.players[i].start_no}.html" for i in np.nonzero(moved)[0].tolist()}


def patched(site: Site, rel: str, values: list[int]) -> bytes | None:
    """The page ``rel`` (a card) with its ranks ``values``: the bytes last published with their ranks replaced
    (where they are is known from the placeholders of :func:`tiebreak.site.card.card_page`, ``site.holes``); None
    when the page on the disk is not the one published last.  The page is what a full build makes (the rest of a
    card does not depend on the ranks) at the cost of reading and writing it.

    Measured against making the moved cards again from their view (``benchmarks/site.py --changes 6``, 2,000
    players, 9 rounds, with this function answering None, 2026-11-27, load 8-21 on 2 cores, two runs each): the
    processor time of a change's two steps, median, is 0.88-0.95 s patched and 2.62-3.56 s made again (3 to 4 times
    as much; every page published in 2.0-2.5 s against 3.1-15.9 s, median wall clock), far over the 10 % a simpler
    path may cost, so the cards whose ranks alone moved stay patched."""
    held = site.holes.get(rel)
    if held is None or held[0] != site.digests.get(rel) or len(held[1]) != len(values):
        return None
    data = read_page(site.out, rel, PAGE_LIMIT)
    if data is None or digest(data) != held[0]:
        return None
    _, old, starts = held
    out, at, pos, moved = [], 0, 0, [0] * len(values)
    for k in sorted(range(len(starts)), key=starts.__getitem__):
        was, now = str(old[k]).encode(), str(values[k]).encode()
        if starts[k] < at or data[starts[k]:starts[k] + len(was)] != was:
            return None
        out += [data[at:starts[k]], now]
        pos += starts[k] - at
        moved[k], pos, at = pos, pos + len(now), starts[k] + len(was)
    out.append(data[at:])
    new = b"".join(out)
    site.holes[rel] = digest(new), tuple(values), tuple(moved)
    return new


def update(site: Site, path: str, warnings: list[InputWarning], t: Tournament | None = None) -> list[str]:
    """Read ``path`` again (``t``: its tournament, already read) and publish the pages its change touches; the pages
    written.  They are published in two steps, each atomic page by page and closed by ``version.json``: first the
    rounds, the standings, the crosstable and the cards of the players whose games changed (what the change is
    about), then the other cards that the change moved (their rank after a round, an opponent's score); then the
    odds when games are pending (made last: they take their budget; the menus of the pages made before already
    name the odds page, as the version before had one)."""
    if site.spares is not None:
        site.spares.pause()
    old = site.events[path]
    new = load(site, path, warnings, incremental=True, t=t)
    lost = written_before(site.out) is None  # the folder (or its version.json) was removed: the whole site again
    if lost:
        site.digests.clear()
        site.holes.clear()
    names = None if lost else touched(old, new)
    if new.tournament.pending:
        new.odds = odds_pages(new) if names is None else old.odds
    written = [] if names is None else publish_touched(site, old, new, names)
    if names is not None and new.tournament.pending:
        had = new.odds is not None
        new.odds = odds_pages(new)
        if (new.odds is not None) == had:
            written += publish(site, pages_of(site, new, ["odds.html"]))
        else:  # the odds page came or went: every menu
            names = None
    if names is None:  # every page of the event (of every event when the folder was lost)
        written += publish_all(site, None if lost else [path])
    elif site.series is not None or (names and site.downloads):
        if site.series is not None:  # the series follows its events (publish_all makes its pages itself)
            written += publish(site, series_pages(site))
        if names and site.downloads:  # the standings' downloads, once the pages are out (a PDF takes seconds)
            written += publish(site, event_downloads(site, new))
    if site.spares is not None:  # ready for the next change
        site.spares.refill(len(written), len(site.digests))
    return written


def publish_touched(site: Site, old: Event | TeamEvent, new: Event | TeamEvent, names: list[str]) -> list[str]:
    """Publish the pages ``names`` (:func:`touched`) in the two steps of :func:`update`; the pages written."""
    assert isinstance(old, Event) and isinstance(new, Event)  # touched() gives names of individual events
    a, b = old.tournament, new.tournament
    rows = np.nonzero(((a.kind != b.kind) | (a.opponent != b.opponent) | (a.colour != b.colour)).any(axis=1))[0]
    games = {f"player-{b.players[i].start_no}.html" for i in rows.tolist()}
    first = [n for n in names if not n.startswith("player-") or n in games]
    written = publish(site, {**pages_of(site, new, first), **updated_files(site)})  # the new "Last updated"
    rest = [n for n in names if n not in set(first)]
    if rest:
        written += publish(site, moved_cards(site, old, new, rest))
    return written


def moved_cards(site: Site, old: Event, new: Event, names: list[str]) -> dict[str, bytes]:
    """The cards ``names`` of ``new``: those whose ranks alone moved patched (:func:`patched`), the others made."""
    files: dict[str, bytes] = {}
    made = []
    prefix, ranks = site.prefix(new.path), ranks_only(old, new)
    for name in names:
        if name in ranks:
            values = rank_values(new, int(name[7:-5]))
            pages = {rel: patched(site, rel, values) for rel in (f"{prefix}{lang}/{name}" for lang in LANGUAGES)}
            if all(data is not None for data in pages.values()):
                files.update({rel: data for rel, data in pages.items() if data is not None})
                continue
        made.append(name)
    files.update(pages_of(site, new, made))
    return files


def settled(path: str, wait: float = 0.02, limit: float = 1.0) -> None:
    """Wait until the file stops changing (its size and time the same twice, ``wait`` seconds apart; at most
    ``limit`` seconds): a program that writes the file in place is not read half-way."""
    def stamp() -> tuple[int, int] | None:
        try:
            st = Path(path).stat()
        except OSError:
            return None
        return st.st_size, st.st_mtime_ns

    end, last = time.monotonic() + limit, stamp()
    while time.monotonic() < end:
        time.sleep(wait)
        now = stamp()
        if now == last:
            return
        last = now


def watch(site: Site, lang: str = "en", stop: Any = None) -> int:
    """Follow the site's files until interrupted (or ``stop``, a threading.Event, is set): 0; or until its folder is
    no longer the site's (replaced by a link, a file, another program's folder): the error said, 2."""
    from watchfiles import watch as follow  # noqa: PLC0415  an extra's dependency ([live]): only --watch needs it

    files = {str(Path(p).resolve()): p for p in site.paths}
    folders = sorted({str(Path(p).resolve().parent) for p in site.paths})
    site.spares = spares = Spares(site.out)
    try:
        spares.refill(0, len(site.digests))
        # said once the watcher is ready: a stop from then on (Ctrl-C, SIGTERM) ends it cleanly, spare files removed
        print(message(Message("watching {} file; Ctrl-C stops", len(files), plural="watching {} files; Ctrl-C stops",
                              count=len(files)), lang), file=sys.stderr)
        names = {Path(p).name for p in files}  # only the files' own folders, only their names: the pages written
        for changes in follow(*folders, debounce=50, step=10, stop_event=stop, rust_timeout=200, recursive=False,
                              watch_filter=lambda _, p: Path(p).name in names):  # (a site inside) are not news
            for path in sorted({files[str(Path(p).resolve())] for _, p in changes if str(Path(p).resolve()) in files}):
                warnings: list[InputWarning] = []
                settled(path)
                try:  # the folder may be gone (built again whole) but never another's, nor a link
                    check_folder(site.out, site.paths)
                except TiebreakError as e:
                    print(f"tiebreak: {MESSAGE_WORDS.text('error', lang)}: {problem(e, lang)}", file=sys.stderr)
                    print(message("the watcher stops", lang), file=sys.stderr)
                    return 2
                try:
                    written = update(site, path, warnings)
                except TiebreakError as e:
                    print(f"tiebreak: {MESSAGE_WORDS.text('error', lang)}: {problem(e, lang)}", file=sys.stderr)
                    continue
                for w in warnings:
                    print(f"{MESSAGE_WORDS.text('warning', lang)}: {problem(w, lang)}", file=sys.stderr)
                print(message(Message("wrote {} file into {}", len(written), site.out, plural="wrote {} files into {}",
                                      count=len(written)), lang), file=sys.stderr)
    except KeyboardInterrupt:
        pass
    finally:
        spares.close()
        site.spares = None
    return 0
