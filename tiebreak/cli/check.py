"""The ``check`` command: the published standings of one file, several, or a folder of events checked under the
announced rules (a module of its own: the check's report renderers, Jinja's among them, and the published readers
are loaded for this command alone, not for ``tiebreak standings``: 40-60 ms of its start-up, ``-X importtime``)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..app.check import answer as check_answer
from ..app.options import Options
from ..arbiter.check import Report
from ..engine.errors import InputWarning, SpecifierError
from ..formats.files import check_target
from ..render import check as render
from ..render.i18n import message
from ..render.words import MESSAGE_WORDS
from .args import Check, view
from .files import emit, warn


def _check(ns: argparse.Namespace) -> int:
    """Exit status 0 when every file's published standings are right under the announced rules, 1 otherwise."""
    args = view(Check, ns)
    if args.manifest or args.published_dir or any(Path(f).is_dir() for f in args.file):
        return _check_folder(ns, args)
    if not args.file:
        raise SpecifierError("give the tournament FILE (or a folder of events, or --manifest)")
    if args.published and len(args.published) != len(args.file):
        raise SpecifierError("give --published once for every FILE, in the same order, or not at all")
    reports: list[Report] = []
    answers: list[dict[str, Any]] = []
    for k, path in enumerate(args.file):
        warnings: list[InputWarning] = []
        report, answer = check_answer(view(Options, ns), path, args.published[k] if args.published else None, warnings)
        reports.append(report)
        answers.append(answer)
        for w in warnings:
            warn(w, args.lang)
    if args.format == "json":  # the API's answer (one event), or {"events": [...]}
        emit(args, json.dumps(answers[0] if len(answers) == 1 else {"schema": 1, "events": answers},
                               ensure_ascii=False, indent=1) + "\n")
    else:
        _emit_reports(args, reports, [])
    return 0 if all(r.agree for r in reports) else 1


def _emit_reports(args: Check, reports: list[Report], failed: list[tuple[str, str]]) -> None:
    if args.format == "json":
        emit(args, render.to_json(reports, args.lang))
    elif args.format == "html":
        emit(args, render.to_html(reports, args.lang, failed))
    elif args.format == "csv":
        emit(args, render.to_csv(reports, failed, args.lang))
    else:
        text = "\n".join(render.to_text(r, args.lang) for r in reports)
        emit(args, text + "".join(f"{path}: {message(e, args.lang)}\n" for path, e in failed))


def _check_folder(ns: argparse.Namespace, args: Check) -> int:
    """A folder of events (or a manifest): every event checked in parallel, one summary."""
    from . import batch  # noqa: PLC0415  start-up: its process pool only for a folder of events (+42 ms)

    if args.published:
        raise SpecifierError("--published names one file's standings; a folder's are found with --published-dir")
    events: list[tuple[str, str | None]] = []
    if args.manifest:
        events += batch.events_of_manifest(Path(args.manifest), args.outside)
    for f in args.file:
        if Path(f).is_dir():
            events += batch.events_of(Path(f), Path(args.published_dir) if args.published_dir else None, args.outside)
        else:
            events.append((f, batch._published_for(Path(f), Path(args.published_dir), args.outside)
                           if args.published_dir else None))
    if not events:
        raise SpecifierError("no events to check: give a folder, files or --manifest")
    if args.output:
        check_target(args.output, [*args.inputs(), *(e for e, _ in events), *(p for _, p in events if p)], args.force)
    reports: list[Report] = []
    failed: list[tuple[str, str]] = []
    for path, report, warnings, error in batch.run(view(Options, ns), events, args.jobs):
        for w in warnings:
            print(f"{MESSAGE_WORDS.text('warning', args.lang)}: {w}", file=sys.stderr)
        if report is None:
            failed.append((path, error))
        else:
            reports.append(report)
    _emit_reports(args, reports, failed)
    return 0 if reports and not failed and all(r.agree for r in reports) else 1
