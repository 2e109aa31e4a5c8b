"""``tiebreak site FILE... -o DIR [--watch]``: the event's website (:mod:`tiebreak.site`); its options are declared
with every command's (:mod:`tiebreak.app.declared`)."""

from __future__ import annotations

import argparse
import signal
import sys
from typing import TYPE_CHECKING, Any

from ..app.options import Options
from ..arbiter.series import parse_points, parse_tiebreaks
from ..engine.errors import InputWarning, SpecifierError
from ..engine.messages import Message
from ..render.i18n import message, problem
from ..render.words import MESSAGE_WORDS
from ..site.downloads import KINDS
from ..site.lock import WatchLock
from ..site.look import read_look
from ..site.series import SeriesOptions
from .args import Site, view

if TYPE_CHECKING:
    from ..site.series import SeriesOptions


def _series(args: Site) -> SeriesOptions | None:
    """``--series``: checked before anything is built (points, tie-breaks), else None."""
    if args.series is None:  # (--series-best and --series-tiebreaks without it: refused, tiebreak.app.declared)
        return None

    parse_points(args.series)
    parse_tiebreaks(args.series_tiebreaks)
    return SeriesOptions(args.series, args.series_best, args.series_tiebreaks)


def downloads_asked(text: str) -> tuple[str, ...]:
    """``--downloads``: the kinds asked for, checked (:data:`tiebreak.site.downloads.KINDS`).

    >>> downloads_asked("trf, PDF"), downloads_asked("none")
    (('trf', 'pdf'), ())
    """
    kinds = tuple(dict.fromkeys(w.strip().lower() for w in text.split(",") if w.strip()))
    if kinds == ("none",):
        return ()
    wrong = [k for k in kinds if k not in KINDS]
    if wrong:
        raise SpecifierError(Message("--downloads: {} is not one of {}", repr(wrong[0]), ", ".join([*KINDS, "none"])))
    return kinds


def _stop(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def run_site(ns: argparse.Namespace) -> int:
    try:
        from ..site.build import build_site  # noqa: PLC0415  the 'web' extras may be missing: said in words
    except ImportError as e:
        raise SpecifierError(Message("the site needs its extras: pip install 'tiebreak[web]' ({} is missing)", e.name)) from None
    args = view(Site, ns)
    if args.watch:  # following the file needs watchfiles (the live extras): said before the first build, not after
        try:
            import watchfiles  # noqa: F401, PLC0415  (the extras checked before anything is written)
        except ImportError as e:
            raise SpecifierError(Message("site --watch needs the live extras: pip install 'tiebreak[live]' ({} is "
                                         "missing)",
                                         e.name)) from None
    o = view(Options, ns)

    look = read_look(args.logo, args.accent)  # checked before anything is written
    lang = args.lang
    warnings: list[InputWarning] = []

    lock = WatchLock(args.output)
    if args.watch:  # one watcher per folder, taken before the first build writes
        lock.take()
        signal.signal(signal.SIGTERM, _stop)  # a service manager's stop is Ctrl-C's: the spare files and lock go
    code = 0
    try:
        site = build_site(o, args.file, args.output, warnings, _series(args), downloads_asked(args.downloads),
                          args.games, look)
        for w in warnings:
            print(f"{MESSAGE_WORDS.text('warning', lang)}: {problem(w, lang)}", file=sys.stderr)
        print(message(Message("wrote {} file into {}", len(site.digests), args.output, plural="wrote {} files into {}",
                              count=len(site.digests)), lang), file=sys.stderr)
        if args.watch:
            from ..site.watch import watch  # noqa: PLC0415  start-up: only for --watch (+16 ms)

            code = watch(site, lang)  # 2: stopped because its folder was no longer the site's
    finally:
        lock.release()
    return code
