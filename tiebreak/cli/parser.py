"""The argument parser of every command (``tiebreak --help``; docs/reference/command-line.md is checked against it),
made from the options' declarations (:mod:`tiebreak.app.declared`): here only each command's one-line help and the
function that runs it."""

from __future__ import annotations

import argparse
from typing import Any, NoReturn

from ..app.declared import COMMANDS, FILE_COMMANDS, Option, for_command
from .options import Bounded, Parser

__all__ = ["FILE_COMMANDS", "add_declared", "build_parser"]

def add_declared(parser: Parser, command: str) -> None:
    """The options of ``command``, as :mod:`tiebreak.app.declared` declares them: spelling, type with its bounds,
    choices, default and help."""
    for o in for_command(command):
        parser.add_argument(*(o.flags_of(command) or (o.dest,)), help=o.help_of(command) or None, **_argument(o, command))
        if (said := o.default_said()) is not None:
            parser.defaults_said[o.dest] = said


def _argument(o: Option, command: str) -> dict[str, Any]:
    """argparse's keywords for one declared option."""
    given: dict[str, Any] = {} if o.positional else {"dest": o.dest}
    if o.kind is bool:
        return {**given, "action": "store_true"}
    if not o.positional:
        given.update(default=o.default, metavar=o.metavar)
    if o.required:
        given["required"] = True
    if o.many:
        given["action"] = "append"
    if o.nargs is not None:
        given["nargs"] = o.nargs
    if o.choices:
        given["choices"] = [*o.choices, *o.more_choices.get(command, ())]
    if o.read is not None:
        given["type"] = o.read
    if o.kind in (int, float):
        given["type"] = Bounded(o.kind is int, o.low, o.high, none=o.none, below=o.below)
    return given


class _Skipped(Parser):
    """The parser of a command that is not run: takes its arguments and builds nothing."""

    def __init__(self) -> None:  # no ArgumentParser.__init__: none of its work is wanted
        self.defaults_said = {}

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        return argparse.Action([], "")

    def set_defaults(self, **kwargs: Any) -> None:
        pass


class _Only:
    """Commands of which only ``command``'s parser is built (all when None): building the thirteen parsers and
    their 140 options is a tenth of the start-up of a small ``tiebreak standings``."""

    def __init__(self, sub: argparse._SubParsersAction[Parser], command: str | None) -> None:
        self.sub, self.command, self.choices = sub, command, sub.choices

    def add_parser(self, name: str, **kwargs: Any) -> Parser:
        return self.sub.add_parser(name, **kwargs) if self.command in (None, name) else _Skipped()


class _Partial(Parser):
    """The top parser when only one command's options are built: its own errors (an unknown option) are reported
    by the whole parser, whose usage line lists every command."""

    def error(self, message_text: str) -> NoReturn:
        build_parser(self.lang).error(message_text)



def build_parser(lang: str = "en", only: str | None = None) -> Parser:
    """The parser of every command; its errors are in ``lang`` (:func:`.options.language_asked` finds it).  With
    ``only`` (a command), only that command's options are built (for any other word, the whole parser, so its
    messages are the same)."""
    p = (Parser if only is None else _Partial)(prog="tiebreak", description="Exact chess tournament standings by "
                                                                           "tie-break rules.")
    p.lang = lang
    sub = _Only(p.add_subparsers(dest="command", required=True, parser_class=Parser), only)
    for name in COMMANDS:
        help_, run = _COMMANDS[name]
        sub.add_parser(name, help=help_).set_defaults(run=run)
    for name, command in sub.choices.items():  # errors and warnings in the user's language, whatever the command
        add_declared(command, name)
        command.lang = lang
    if only is not None and only not in sub.choices:
        return build_parser(lang)
    return p


#: each command's one-line help and the function that runs it (``module.function`` of this package); its options
#: are all declared (:mod:`tiebreak.app.declared`)
_COMMANDS = {
    "standings": ("rank the players of a tournament file", "files._standings"),
    "explain": ("show how each value of a player was made, or what separated two players", "files._explain"),
    "check": ("check published standings: which values differ, why, and which rules reproduce them (exit status 1 "
              "when they differ under the announced rules)", "check._check"),
    "convert": ("convert a tournament file (TRF, Chess-JSON, Chess-Results XML, PGN, CSV or XLSX in; TRF, Chess-JSON, "
                "CSV or XLSX out, by the target's extension)", "files._convert"),
    "berger": ("Berger round-robin schedule (Arbiters' Manual 13.16)", "tools._berger"),
    "varma": ("restricted drawing of lots with Varma tables (Arbiters' Manual 13.17)", "tools._varma"),
    "ratings": ("rating change or performance of every player", "tools._ratings"),
    "playoffs": ("plan the play-offs of tied places (Arbiters' Manual 13.2)", "tools._playoffs"),
    "prizes": ("distribute a prize list on the final standings", "tools._prizes"),
    "series": ("standings of a series of events: series points by place or score, the best K events counted",
               "tools._series"),
    "odds": ("who can still win: the chance of every place once the pending games are played", "tools._odds"),
    "site": ("write the event's website into a folder: every round's pairings and standings, the crosstable, a card "
             "per player (en, ru, uk; no server needed)", "site.run_site"),
    "presets": ("list the ready-made tie-break lists", "tools._presets"),
    "serve": ("start the web page and JSON API (needs the 'web' extras)", "tools._serve"),
    "list": ("list the tie-breaks and modifiers", "tools._list"),
}
