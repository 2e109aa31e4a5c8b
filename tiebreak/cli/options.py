"""Reading the command line in the user's language: an argument parser whose errors (unknown option, bad choice,
missing argument) are translated by the message catalogue, and the option types that read numbers through the
project's bounded number parsing (:mod:`tiebreak.engine.numbers`) instead of ``int``/``float``.

>>> whole_number("+7"), decimal_number("0.25")
(7, 0.25)
>>> whole_number("9" * 5000)
Traceback (most recent call last):
...
argparse.ArgumentTypeError: '9999999999999999999999999999999999999...' is out of range
>>> language_asked(["standings", "a.trf", "--lang", "uk"]), language_asked(["list", "--lang=ru"]), language_asked([])
('uk', 'ru', 'en')
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any, NoReturn

from ..engine.messages import Message
from ..engine.numbers import NumberError, parse_int, parse_number
from ..render.i18n import LANGUAGES, message
from ..render.words import MESSAGE_WORDS

_ARGUMENT = re.compile(r"argument (\S+): (.*)", re.S)
#: argparse's own messages (the library words them in English only), each as the message that says it; argparse
#: gives the text, not its identifier, so these few are recognised by their form (every other error of the command
#: line is a :class:`~tiebreak.engine.messages.Message` already).  Why not identifiers: argparse words them through
#: ``gettext.gettext``, the process's one domain in the language of the environment (``LANGUAGE``), not a language
#: per parser (``--lang``): using it means changing the process's gettext state for every library in it; saying
#: each first ourselves means re-implementing argparse's private matching (``_match_argument``,
#: ``_parse_known_args``).  So the templates are argparse's own msgids (``%s`` as ``{}``), and
#: tests/test_cli_errors.py checks them against the installed argparse: a Python that rewords one fails there, never
#: silently shows English.
_ARGPARSE = [(re.compile(re.escape(t).replace(r"\{\}", "(.+?)") + "$", re.S), t) for t in (
    "unrecognized arguments: {}", "the following arguments are required: {}", "invalid choice: {} (choose from {})",
    "expected one argument", "expected at least one argument", "expected {} arguments", "ignored explicit argument {}",
    "ambiguous option: {} could match {}",
)]
#: the last value our own types refused (argparse hands a type's error on as its text alone): its message kept by
#: that text, so the parser's error is worded by the identifier, never recognised by its English
_REFUSED: dict[str, Message] = {}


def _refused(said: object) -> argparse.ArgumentTypeError:
    """The error for argparse of a value our types refuse, its message kept for :func:`_said`."""
    _REFUSED.clear()
    if isinstance(said, Message):
        _REFUSED[str(said)] = said
    return argparse.ArgumentTypeError(str(said))


def _said(text: str) -> Message | str:
    """``text`` as the message it is: our types' refusal kept, argparse's English recognised, or ``text`` as it is."""
    if text in _REFUSED:
        return _REFUSED[text]
    for pattern, template in _ARGPARSE:
        found = pattern.match(text)
        if found:
            return Message(template, *found.groups())
    return text


def whole_number(text: str) -> int:
    """An integer option: ASCII digits with an optional sign, at most 19 digits (a 5,000-digit ``--seed`` is refused
    at once, in the user's language, instead of reaching Python's digit limit).  The option's own range is checked
    where the value is used."""
    try:
        return parse_int(text)
    except NumberError as e:
        raise _refused(e.args[0] if e.args else e) from None


def decimal_number(text: str) -> float:
    """A decimal option (``0.3``, ``35``, ``1e-3``): bounded like every number of the input (no ``nan``, ``inf`` or
    ``1e999``)."""
    try:
        return float(parse_number(text, fractions=False))
    except NumberError as e:
        raise _refused(e.args[0] if e.args else e) from None


def _bound(number: float | None) -> str:
    """A bound as the user types it (``-1000``, ``0.5``; none: unbounded)."""
    if number is None:
        return ""
    return str(int(number)) if float(number).is_integer() else str(number)


class Bounded:
    """The type of a declared number option (:mod:`tiebreak.app.declared`): a whole number (``whole``) or a decimal
    from ``low`` to ``high``, read as :func:`whole_number` and :func:`decimal_number` read it; with ``none``, the word
    ``none`` too (no limit); with ``below``, ``high`` itself is refused.

    >>> Bounded(True, 1, 100)("7"), Bounded(False, 0, 20, none=True)("none")
    (7, None)
    >>> Bounded(True, 1, 100)("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '0' is outside 1..100
    >>> Bounded(False, 0, 1, below=True)("1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '1' must be at least 0 and below 1
    """

    def __init__(self, whole: bool, low: float | None, high: float | None, none: bool = False,
                 below: bool = False) -> None:
        self.whole, self.low, self.high, self.none, self.below = whole, low, high, none, below
        self.__name__ = "whole_number" if whole else "decimal_number"  # argparse names the type in its errors

    def __call__(self, text: str) -> float | None:
        if self.none and text.strip().lower() == "none":
            return None
        value = whole_number(text) if self.whole else decimal_number(text)
        if self.below and ((self.low is not None and value < self.low) or (self.high is not None and value >= self.high)):
            raise _refused(Message("{} must be at least {} and below {}", repr(text.strip()[:40]), _bound(self.low),
                                   _bound(self.high)))
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise _refused(Message("{} is outside {}..{}", repr(text.strip()[:40]), _bound(self.low), _bound(self.high)))
        return value


def language_asked(argv: Sequence[str]) -> str:
    """The ``--lang`` of a command line before it is parsed (the last one, as the parser takes it), so that the
    parser's own errors are in that language; ``en`` when none or an unknown one is given."""
    lang = "en"
    for k, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and k + 1 < len(argv):
            lang = argv[k + 1]
        elif arg.startswith("--lang="):
            lang = arg.removeprefix("--lang=")
    return lang if lang in LANGUAGES else "en"


class Parser(argparse.ArgumentParser):
    """An argument parser that states its errors in :attr:`lang` (argparse's messages go through the message
    catalogue, like every other error of the command line)."""

    #: the language of the errors (set on the parser and on each command's parser by ``build_parser``)
    lang: str = "en"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: each option's default as its help says it (:meth:`tiebreak.app.declared.Option.default_said`), by dest
        self.defaults_said: dict[str, Message] = {}

    def error(self, message_text: str) -> NoReturn:
        """``usage: …`` and ``tiebreak standings: error: …`` as argparse writes them, in :attr:`lang`; exit status 2."""
        lang = self.lang
        usage = self._get_formatter()
        usage.add_usage(self.usage, self._actions, self._mutually_exclusive_groups,
                        prefix=f"{MESSAGE_WORDS['usage'][lang]}: ")
        sys.stderr.write(usage.format_help())
        # argparse names the option first ("argument --seed: expected one argument"): the option stays as it is
        named = _ARGUMENT.fullmatch(message_text)
        text = (f"{MESSAGE_WORDS['argument'][lang]} {named[1]}: {message(_said(named[2]), lang)}" if named
                else message(_said(message_text), lang))
        self.exit(2, f"{self.prog}: {MESSAGE_WORDS['error'][lang]}: {text}\n")


    def format_help(self) -> str:
        """The help in :attr:`lang`: argparse's own words and our help texts through the message catalogue."""
        actions = [*self._actions, *(c for a in self._actions if isinstance(a, argparse._SubParsersAction)
                                     for c in a._choices_actions)]
        saved = [(a, a.help) for a in actions]
        description = self.description
        try:
            for a in actions:
                said = self.defaults_said.get(a.dest)
                if a.help != argparse.SUPPRESS and (a.help or said):
                    helped = [message(a.help, self.lang)] if a.help else []
                    a.help = " ".join([*helped, f"({message(said, self.lang)})"] if said else helped).replace("%", "%%")
            self.description = description and message(description, self.lang)
            text = super().format_help()
        finally:
            for a, h in saved:
                a.help = h
            self.description = description
        for english in ("positional arguments:", "options:"):
            text = text.replace(f"\n{english}\n", f"\n{message(english, self.lang)}\n")
        return text.replace("usage: ", f"{MESSAGE_WORDS['usage'][self.lang]}: ", 1)


#: a command's function: it reads its options from the parsed namespace (:mod:`.args` gives the typed views)
#: the function that runs a command
Run = Callable[[argparse.Namespace], int]


class Parsed(argparse.Namespace):
    """What the namespace of every command holds, whatever the command: the function that runs it and the language
    of its messages (the other options differ by command: :mod:`.args`)."""

    #: the function that runs the command, ``module.function`` in this package (:func:`command`)
    run: str
    lang: str


def command_of(run: str) -> Run:
    """The function that runs a command (``files._standings``: :attr:`Parsed.run`).  The commands' modules are
    imported for the command given alone: each imports the use cases it runs at its top, and ``tiebreak --help``
    or a small ``tiebreak standings`` need not read the others (40 ms of the 220 ms start-up, measured)."""
    module, name = run.rsplit(".", 1)
    found: Run = getattr(import_module(f"{__package__}.{module}"), name)
    return found
