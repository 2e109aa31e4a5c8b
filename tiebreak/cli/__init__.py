"""The ``tiebreak`` command line: ``main`` runs one command; the parser is in :mod:`.parser`, the commands on
tournament files in :mod:`.files` and :mod:`.check`, the arbiter's tools in :mod:`.tools`
(docs/reference/command-line.md lists them all)."""

from __future__ import annotations

import gc
import sys

from ..app.declared import check_needed, for_command
from ..engine.errors import InputError, Place, SpecifierError, TiebreakError
from ..engine.messages import Message, os_reason
from ..render.i18n import problem
from ..render.words import MESSAGE_WORDS
from .options import Parsed, command_of, language_asked
from .parser import build_parser

__all__ = ["build_parser", "lang_after_command", "main"]


def lang_after_command(argv: list[str]) -> list[str]:
    """``--lang X`` (or ``--lang=X``) given before the command moved after it, where every command takes it: the
    language may be given anywhere on the line.

    >>> lang_after_command(["--lang", "ru", "standings", "a.trf"]), lang_after_command(["--lang=uk", "list"])
    (['standings', '--lang', 'ru', 'a.trf'], ['list', '--lang=uk'])
    """
    head: list[str] = []
    k = 0
    while k < len(argv) and argv[k].startswith("--lang"):
        take = 1 if "=" in argv[k] else 2
        head += argv[k:k + take]
        k += take
    if not head or k >= len(argv):
        return argv
    return [argv[k], *head, *argv[k + 1:]]


def option_named(e: TiebreakError, command: str, lang: str) -> str:
    """The error as the command line says it: an option's error (a :class:`SpecifierError` naming its field) led by
    the option as it is typed here (``--tiebreaks: unknown tie-break 'FOO'; ...``; the API names its field, the page
    its label), unless the message names it already.

    >>> option_named(SpecifierError("unknown tie-break 'FOO'", field="tiebreaks"), "standings", "en")
    "--tiebreaks: unknown tie-break 'FOO'"
    >>> option_named(SpecifierError("--compat reference applies to FIDE", field="compat"), "standings", "en")
    '--compat reference applies to FIDE'
    """
    said = problem(e, lang)
    field = e.field if isinstance(e, SpecifierError) else ""
    option = next((o for o in for_command(command) if o.dest == field and o.flags), None) if field else None
    if option is None or any(f in said for f in option.flags_of(command)):
        return said
    return f"{option.flags[0]}: {said}"


def main(argv: list[str] | None = None) -> int:
    """Run one command (``argv`` without the program name; default: the process's arguments); the exit status."""
    if argv is None:  # run as the program: the objects of the modules live as long as the process, so the garbage
        gc.freeze()  # collector need not go through them again (a full pass over them is 15 ms of a large event)
    argv = lang_after_command(sys.argv[1:] if argv is None else argv)
    command = argv[0] if argv and not argv[0].startswith("-") else None
    args = build_parser(language_asked(argv), command).parse_args(argv, namespace=Parsed())
    try:
        check_needed(args.command, vars(args), lambda o: o.flags[0])  # an option given without the one it needs
        return command_of(args.run)(args)
    except TiebreakError as e:
        print(f"tiebreak: {MESSAGE_WORDS.text('error', args.lang)}: {option_named(e, args.command, args.lang)}",
              file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:  # Ctrl-C (or SIGTERM, where a command turns it into one): stopped, no traceback; the
        print(file=sys.stderr)  # files are written whole or not at all (tiebreak.formats.files, site.build.publish)
        return 130
    except OSError as e:  # a file that cannot be written (a read error is an InputError of the reader)
        err = InputError(Message("cannot write the file: {}", os_reason(e)), Place(str(e.filename or "")))
        print(f"tiebreak: {MESSAGE_WORDS.text('error', args.lang)}: {problem(err, args.lang)}", file=sys.stderr)
        return 2

