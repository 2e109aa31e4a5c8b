"""The commands on tournament files: standings (one file, several, to a file), explain, check, convert."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .. import service
from ..engine.errors import InputWarning, Place, SpecifierError, TiebreakError
from ..formats import readers
from ..formats.files import OutputError, check_target, write_output
from ..render.i18n import MESSAGE_WORDS, message, problem


def _warn(w: InputWarning, args: argparse.Namespace) -> None:
    print(f"{MESSAGE_WORDS.text('warning', args.lang)}: {problem(w, args.lang)}", file=sys.stderr)


def _inputs(args: argparse.Namespace) -> list[str]:
    """Every file the command reads, which no output may write over."""
    files = args.file if isinstance(args.file, list) else [args.file]
    extra = [getattr(args, "team_ranking", None), *(getattr(args, "published", None) or [])]
    return [*files, *(x for x in extra if x and x not in ("federation", "fed", "club", "records"))]


def _emit(args: argparse.Namespace, text: str | bytes) -> None:
    """The output to ``-o FILE`` (written safely: never over an input, an existing file only with --force), else to
    standard output."""
    if args.output:
        target = write_output(args.output, text, _inputs(args), args.force)
        print(message(f"wrote {target}", args.lang), file=sys.stderr)
    elif isinstance(text, bytes):
        sys.stdout.flush()
        sys.stdout.buffer.write(text)
    else:
        sys.stdout.write(text)


def _standings(args: argparse.Namespace) -> int:
    if args.format is None:  # from the name given with -o (standings.pdf), else text
        suffix = Path(args.output).suffix.lower().lstrip(".") if args.output else ""
        args.format = {"txt": "text", "htm": "html"}.get(suffix, suffix if suffix in service.EXTENSIONS else "text")
    if args.output and (len(args.file) > 1 or args.out):
        raise SpecifierError("-o FILE takes one input file; give --out DIR for several")
    if len(args.file) == 1 and not args.out:
        if args.format in service.BINARY_FORMATS and not args.output and sys.stdout.isatty():
            raise OutputError("binary output is not written to a terminal; give -o FILE or redirect it to a file",
                              Place("<standard output>"))
        warnings: list[InputWarning] = []
        text, notes, _ = service.render_standings(args, args.file[0], warnings)
        for w in warnings:
            _warn(w, args)
        _emit(args, text)
        if args.format not in ("json", "html", "pdf"):  # those carry the notes (the seed of a draw among them)
            for note in notes:
                print(f"{MESSAGE_WORDS.text('note', args.lang)}: {message(note, args.lang)}", file=sys.stderr)
        return 0
    return _batch(args)


def _batch(args: argparse.Namespace) -> int:
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
        target = out / f"{name}.{service.EXTENSIONS[args.format]}"
        try:
            check_target(target, _inputs(args), args.force)  # before the work: a refused target costs nothing
            text, _, _ = service.render_standings(args, path, warnings)
            write_output(target, text, _inputs(args), args.force)
        except TiebreakError as e:
            failed.append((path, problem(e, args.lang)))
            print(f"[{n}/{total}] {path}: FAILED", file=sys.stderr)
            continue
        print(f"[{n}/{total}] {path} -> {target}" + (f" ({len(warnings)} warnings)" if warnings else ""),
              file=sys.stderr)
        if warnings:
            warned.append((path, warnings))
    print(f"{total - len(failed)} of {total} files done", file=sys.stderr)
    for _, warnings in warned:  # every warning of every file (each names its file), after the summary line
        for w in warnings:
            _warn(w, args)
    for _, why in failed:  # the reason names the file
        print(f"failed: {why}", file=sys.stderr)
    return 1 if failed else 0


def _explain(args: argparse.Namespace) -> int:
    warnings: list[InputWarning] = []
    numbers = args.pair or ([args.player] if args.player else [])
    result = service.explain(args, args.file, numbers, warnings)
    for w in warnings:
        _warn(w, args)
    sys.stdout.write(result["text"])
    return 0


def _check(args: argparse.Namespace) -> int:
    """Exit status 0 when every file's published standings are right under the announced rules, 1 otherwise."""
    from ..render import check as render

    if args.published and len(args.published) != len(args.file):
        raise SpecifierError("give --published once for every FILE, in the same order, or not at all")
    reports = []
    for k, path in enumerate(args.file):
        warnings: list[InputWarning] = []
        reports.append(service.check_published(args, path, args.published[k] if args.published else None, warnings))
        for w in warnings:
            _warn(w, args)
    if args.format == "json":
        _emit(args, render.to_json(reports))
    elif args.format == "html":
        _emit(args, render.to_html(reports, args.lang))
    else:
        _emit(args, "\n".join(render.to_text(r, args.lang) for r in reports))
    return 0 if all(r.agree for r in reports) else 1


def _convert(args: argparse.Namespace) -> int:
    warnings: list[InputWarning] = []
    t = readers.convert(args.source, args.target, warnings, force=args.force)
    for w in warnings:
        _warn(w, args)
    print(message(f"wrote {args.target}: {len(t.players)} players, {t.rounds} rounds", args.lang), file=sys.stderr)
    return 0


def _final_standings(args: argparse.Namespace):
    warnings: list[InputWarning] = []
    s = service.final_standings(args, args.file, warnings)
    for w in warnings:
        _warn(w, args)
    return s


