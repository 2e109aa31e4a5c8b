"""The commands on tournament files: standings (one file, several, to a file), explain, convert (``check`` is
:mod:`.check`: its report's renderers, Jinja's among them, are not loaded for the others)."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from ..app.convert import convert
from ..app.options import BINARY_FORMATS, EXTENSIONS, Loading, Options
from ..app.standings import render_standings
from ..engine.errors import InputWarning, Place, SpecifierError, TiebreakError
from ..engine.messages import Message, counted
from ..formats.files import OutputError, check_target, write_output
from ..render.i18n import message, problem
from ..render.words import MESSAGE_WORDS
from .args import Convert, Explain, Standings, Written, view


def warn(w: InputWarning, lang: str) -> None:
    """A warning on standard error, worded in ``lang`` (every command's)."""
    print(f"{MESSAGE_WORDS.text('warning', lang)}: {problem(w, lang)}", file=sys.stderr)


def emit(args: Written, text: str | bytes) -> None:
    """Every command's output: to ``-o FILE`` (written safely: never over an input, an existing file only with
    --force), else to standard output."""
    if args.output:
        target = write_output(args.output, text, args.inputs(), args.force)
        print(message(Message("wrote {}", target), args.lang), file=sys.stderr)
    elif isinstance(text, bytes):
        sys.stdout.flush()
        sys.stdout.buffer.write(text)
    else:
        sys.stdout.write(text)


def _standings(ns: argparse.Namespace) -> int:
    args = view(Standings, ns)
    fmt = args.format
    if fmt is None:  # from the name given with -o (standings.pdf), else text
        suffix = Path(args.output).suffix.lower().lstrip(".") if args.output else ""
        if suffix and suffix not in ("txt", "htm", *EXTENSIONS):  # out.docx is not a text file
            raise SpecifierError(Message("-o {}: the name does not say the format; give --format or name it .txt, .csv, "
                                         ".json, .trf, .html or .pdf",
                                         args.output))
        fmt = {"txt": "text", "htm": "html"}.get(suffix, suffix or "text")
    request = replace(view(Options, ns), format=fmt)
    if args.output and (len(args.file) > 1 or args.out):
        raise SpecifierError("-o FILE takes one input file; give --out DIR for several")
    if len(args.file) == 1 and not args.out:
        if request.format in BINARY_FORMATS and not args.output and sys.stdout.isatty():
            raise OutputError("binary output is not written to a terminal; give -o FILE or redirect it to a file",
                              Place("<standard output>"))
        warnings: list[InputWarning] = []
        text, notes, _ = render_standings(request, args.file[0], warnings)
        for w in warnings:
            warn(w, args.lang)
        emit(args, text)
        if request.format not in ("json", "html", "pdf"):  # those carry the notes (the seed of a draw among them)
            for note in notes:
                print(f"{MESSAGE_WORDS.text('note', args.lang)}: {message(note, args.lang)}", file=sys.stderr)
        return 0
    return _batch(args, request)


def _batch(args: Standings, request: Options) -> int:
    """Many files: each one on its own (a bad file never stops the rest), a progress line each, a summary.  No output
    is written over an input (``a.trf b.trf --format trf`` in their own folder is refused file by file) or, without
    --force, over an existing file."""
    out = Path(args.out or ".")
    failed: list[tuple[str, str]] = []
    warned: list[tuple[str, list[InputWarning]]] = []
    total = len(args.file)
    stems = [Path(p).stem for p in args.file]
    for n, path in enumerate(args.file, 1):
        warnings: list[InputWarning] = []
        # every file whose name another input shares is named with its folder too, so the names say which is which
        name = Path(path).stem if stems.count(Path(path).stem) == 1 else f"{Path(path).parent.name}-{Path(path).stem}"
        target = out / f"{name}.{EXTENSIONS[request.format]}"
        try:
            check_target(target, args.inputs(), args.force)  # before the work: a refused target costs nothing
            text, _, _ = render_standings(request, path, warnings)
            write_output(target, text, args.inputs(), args.force)
        except TiebreakError as e:
            failed.append((path, problem(e, args.lang)))
            print(message(Message("[{}/{}] {}: FAILED", n, total, path), args.lang), file=sys.stderr)
            continue
        done = f"[{n}/{total}] {path} -> {target}"
        print(message(Message("{} ({} warning)", done, len(warnings), plural="{} ({} warnings)", count=len(warnings)),
                      args.lang) if warnings else done, file=sys.stderr)
        if warnings:
            warned.append((path, warnings))
    print(message(Message("{} of {} file done", total - len(failed), total, plural="{} of {} files done", count=total),
                  args.lang), file=sys.stderr)
    for _, warnings in warned:  # every warning of every file (each names its file), after the summary line
        for w in warnings:
            warn(w, args.lang)
    for _, why in failed:  # the reason names the file
        print(message(Message("failed: {}", why), args.lang), file=sys.stderr)
    return 1 if failed else 0


def _explain(ns: argparse.Namespace) -> int:
    args = view(Explain, ns)
    warnings: list[InputWarning] = []
    numbers = args.pair or ([args.player] if args.player else [])
    from ..app.explain import explain  # noqa: PLC0415  start-up: the explanations for this command alone (+4 ms)

    try:
        result = explain(view(Options, ns), args.file, numbers, warnings)
    except SpecifierError as e:  # either of the two is the one option typed here, --players (the API's two fields)
        if args.pair and e.field in ("player", "player2"):
            raise SpecifierError(e.message, field="pair") from e
        raise
    for w in warnings:
        warn(w, args.lang)
    emit(args.written(args.file, *([args.playoff] if args.playoff else [])), result["text"])
    return 0


def _convert(ns: argparse.Namespace) -> int:
    args = view(Convert, ns)
    warnings: list[InputWarning] = []
    t = convert(view(Loading, ns), args.source, args.target, warnings, force=args.force)
    for w in warnings:
        warn(w, args.lang)
    print(message(Message("wrote {}: {}, {}", args.target, counted("player", len(t.players)), counted("round", t.rounds)),
                  args.lang), file=sys.stderr)
    return 0
