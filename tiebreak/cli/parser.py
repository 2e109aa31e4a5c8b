"""The argument parser of every command (``tiebreak --help``; docs/reference/command-line.md is checked against it)."""

from __future__ import annotations

import argparse
from typing import Any, NoReturn

from ..app.declared import FILE_COMMANDS, Option, for_command
from ..app.options import EXTENSIONS
from ..engine.conventions import PROGRAMS, program_name
from .options import Bounded, Parser, whole_number
from .site import add_site_parser

__all__ = ["FILE_COMMANDS", "add_declared", "build_parser"]
PRIZES_HELP = ("CSV lines place,N,amount or category,EXPR,amount (EXPR as --category: rating<1600, rated players "
               "only; unrated; sex=w&birth>=2010; a category's lines are its 1st, 2nd... prize; empty amount: a cup)")


def add_declared(parser: Parser, command: str) -> None:
    """The options of ``command`` that :mod:`tiebreak.app.declared` declares, as its entries say: spelling, type
    with its bounds, choices, default and help."""
    for o in for_command(command):
        parser.add_argument(*o.flags, dest=o.dest, help=o.help_of(command), **_argument(o, command))


def _argument(o: Option, command: str) -> dict[str, Any]:
    """argparse's keywords for one declared option."""
    if o.kind is bool:
        return {"action": "store_true"}
    given: dict[str, Any] = {"default": o.default, "metavar": o.metavar}
    if o.many:
        given["action"] = "append"
    if o.choices:
        given["choices"] = [*o.choices, *o.more_choices.get(command, ())]
    if o.kind in (int, float):
        given["type"] = Bounded(o.kind is int, o.low, o.high, none=o.none)
    return given


class _Skipped(Parser):
    """The parser of a command that is not run: takes its arguments and builds nothing."""

    def __init__(self) -> None:  # no ArgumentParser.__init__: none of its work is wanted
        pass

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



def _program(text: str) -> str:
    """A publishing program as typed (``swissmanager``, ``VEGA``) by its name (argparse then checks the choice)."""
    return program_name(text) or text


def build_parser(lang: str = "en", only: str | None = None) -> Parser:
    """The parser of every command; its errors are in ``lang`` (:func:`.options.language_asked` finds it).  With
    ``only`` (a command), only that command's options are built (for any other word, the whole parser, so its
    messages are the same)."""
    p = (Parser if only is None else _Partial)(prog="tiebreak", description="Exact chess tournament standings by "
                                                                           "tie-break rules.")
    p.lang = lang
    sub = _Only(p.add_subparsers(dest="command", required=True, parser_class=Parser), only)
    _standings(sub)
    _explain(sub)
    _check(sub)
    _convert_berger_varma(sub)
    _ratings(sub)
    _playoffs_prizes(sub)
    _series(sub)
    _odds(sub)
    _site_presets(sub)
    _serve(sub)
    _listing(sub)
    for name, command in sub.choices.items():  # errors and warnings in the user's language, whatever the command
        add_declared(command, name)
        command.lang = lang
        if not any("--lang" in a.option_strings for a in command._actions):
            command.add_argument("--lang", default="en", choices=["en", "ru", "uk"],
                                 help="language of messages (errors, warnings)")
    if only is not None and only not in sub.choices:
        return build_parser(lang)
    return p


def _standings(sub: _Only) -> None:
    """``standings``: the players' (or teams') standings of one file or several."""
    s = sub.add_parser("standings", help="rank the players of a tournament file")
    s.add_argument("file", nargs="+", help="TRF (TRF-16, TRF-2026, Krause .tab), Chess-JSON, Chess-Results XML, "
                   "PGN, CSV or XLSX; several with --out")
    s.add_argument("--out", help="directory for one output file per input (batch)")
    s.add_argument("-o", "--output", metavar="FILE", help="write the output to FILE (its name gives the format when "
                   "--format is not given: .pdf, .html, .csv, .json, .trf, .txt)")
    s.add_argument("--force", action="store_true", help="replace existing output files (never an input)")
    s.add_argument("--format", "-f", choices=list(EXTENSIONS),
                   help="trf / chess-json: the tournament written back with the computed ranks and the list "
                        "(TRF record 212; Chess-JSON rankOrder and tieBreakScore); pdf: the HTML page printed "
                        "by Chromium (A4)")
    s.add_argument("--lang", default="en", choices=["en", "ru", "uk"], help="language of the text output")
    s.set_defaults(run="files._standings")


def _explain(sub: _Only) -> None:
    """``explain``: how each value of one participant was made, or what separated two."""
    e = sub.add_parser("explain", help="show how each value of a player was made, or what separated two players")
    e.add_argument("file")
    e.add_argument("--player", type=whole_number)
    e.add_argument("--players", type=whole_number, nargs=2, dest="pair")
    e.set_defaults(run="files._explain")


def _check(sub: _Only) -> None:
    """``check``: published standings checked, one file, several or a folder."""
    ch = sub.add_parser("check", help="check published standings: which values differ, why, and which rules "
                        "reproduce them (exit status 1 when they differ under the announced rules)")
    ch.add_argument("file", nargs="*", help="tournament files (or a folder of events); their own ranks/values are "
                                            "checked unless --published")
    ch.add_argument("--published", action="append", metavar="STANDINGS",
                    help="the published standings (CSV/XLSX or a saved HTML page of chess-results or Vega: start number "
                         "or name, points, one column per tie-break); once per FILE")
    ch.add_argument("--publisher", type=_program, choices=list(PROGRAMS), metavar="PROGRAM",
                    help="the program that published the standings (Swiss-Manager, Vega, Swiss-Chess, Sevilla; "
                         "default: the one the file names)")
    ch.add_argument("--published-dir", metavar="DIR", help="a folder's events: their published standings in DIR, by the "
                                                           "event's name (NAME.csv, NAME.published.csv, ...)")
    ch.add_argument("--manifest", metavar="CSV", help="the events to check: a CSV with columns file and published")
    ch.add_argument("--jobs", "-j", type=whole_number, help="events checked at once (default and at most: the cores)")
    ch.add_argument("--outside", action="store_true", help="read a folder's or a manifest's files outside it too "
                                                           "(links and paths leading out; default: refused)")
    ch.add_argument("--format", "-f", default="text", choices=["text", "json", "html", "csv"])
    ch.add_argument("-o", "--output", metavar="FILE", help="write the report to FILE")
    ch.add_argument("--force", action="store_true", help="replace an existing FILE")
    ch.add_argument("--lang", default="en", choices=["en", "ru", "uk"])
    ch.set_defaults(run="files._check")


def _convert_berger_varma(sub: _Only) -> None:
    """``convert``, ``berger`` and ``varma``."""
    c = sub.add_parser("convert", help="convert a tournament file (TRF, Chess-JSON, Chess-Results XML, PGN, CSV or "
                       "XLSX in; TRF, Chess-JSON, CSV or XLSX out, by the target's extension)")
    c.add_argument("source")
    c.add_argument("target")
    c.add_argument("--force", action="store_true", help="replace an existing target (never the source)")
    c.set_defaults(run="files._convert")
    b = sub.add_parser("berger", help="Berger round-robin schedule (Arbiters' Manual 13.16)")
    b.add_argument("players", type=whole_number)
    b.add_argument("--double", action="store_true", help="double round robin (13.16.2)")
    b.add_argument("--format", "-f", default="text", choices=["text", "json"])
    b.set_defaults(run="tools._berger")
    v = sub.add_parser("varma", help="restricted drawing of lots with Varma tables (Arbiters' Manual 13.17)")
    v.add_argument("players_file", help="one player a line: Name, FED (CSV or ';')")
    v.add_argument("--seed", type=whole_number, required=True)
    v.add_argument("--variant", default="s000", choices=["s000", "fide"], help="the 11/12-player table (see docs)")
    v.add_argument("--format", "-f", default="text", choices=["text", "json"])
    v.set_defaults(run="tools._varma")


def _ratings(sub: _Only) -> None:
    """``ratings``: the rating report."""
    rt = sub.add_parser("ratings", help="rating change or performance of every player")
    rt.add_argument("file")
    rt.add_argument("--format", "-f", choices=["text", "csv", "json", "html"],
                    help="output format (default: from the name given with -o, else text)")
    rt.add_argument("-o", "--output", metavar="FILE", help="write the report to FILE (never over an input)")
    rt.add_argument("--force", action="store_true", help="replace an existing FILE")
    rt.set_defaults(run="tools._ratings")


def _playoffs_prizes(sub: _Only) -> None:
    """``playoffs`` and ``prizes``: the arbiter's tools on the final standings."""
    for name, run_, help_ in (("playoffs", "tools._playoffs", "plan the play-offs of tied places (Arbiters' Manual 13.2)"),
                              ("prizes", "tools._prizes", "distribute a prize list on the final standings")):
        q = sub.add_parser(name, help=help_)
        q.add_argument("file")
        if name == "playoffs":
            q.add_argument("--after", type=whole_number, default=0, help="play off only after this many tie-breaks")
        else:
            q.add_argument("--prizes", required=True, help=PRIZES_HELP)
        q.add_argument("--format", "-f", default="text", choices=["text", "json"] + ["html"] * (name == "prizes"),
                       help="json: the answer of the API (/api/prizes); html: a page" if name == "prizes"
                       else "json: the answer of the API (/api/playoffs)")
        q.set_defaults(run=run_)


def _series(sub: _Only) -> None:
    """``series``: the standings of a series of events."""
    se = sub.add_parser("series", help="standings of a series of events: series points by place or score, the best "
                                       "K events counted")
    se.add_argument("file", nargs="+", help="the events' files, in the order they were played")
    se.add_argument("--points", required=True, help="place:25,18,15... (points of each place) or score (the event score)")
    se.add_argument("--best", type=whole_number, help="count each player's best K events (default: all)")
    se.add_argument("--series-tiebreaks", default="BEST,EVENTS", help="BEST (best single result), EVENTS (events "
                    "played), PLACES (sum of places, the smaller the better), in order")
    se.add_argument("--format", "-f", default="text", choices=["text", "json"])
    se.set_defaults(run="tools._series")


def _odds(sub: _Only) -> None:
    """``odds``: who can still win."""
    od = sub.add_parser("odds", help="who can still win: the chance of every place once the pending games are played")
    od.add_argument("file")
    od.add_argument("--format", "-f", default="text", choices=["text", "json", "html"])
    od.add_argument("--lang", default="en", choices=["en", "ru", "uk"])
    od.set_defaults(run="tools._odds")


def _serve(sub: _Only) -> None:
    """``serve``: the web page and API, and the live standings."""
    web = sub.add_parser("serve", help="start the web page and JSON API (needs the 'web' extras)")
    web.add_argument("--host", default="127.0.0.1")
    web.add_argument("--port", type=whole_number, default=8000)
    web.add_argument("--watch", metavar="PATH", help="live standings of a file, or of every event file in a folder, "
                                                     "recomputed when they change (page /live); or of a broadcast's "
                                                     "PGN at an http(s) address, asked every --poll-seconds")
    web.add_argument("--poll-seconds", type=float, default=1.0, metavar="SECONDS",
                     help="with --watch https://...: the least time between two requests of the address (default 1; "
                          "0.5 to 600); each is a conditional request")
    web.add_argument("--players", metavar="FILE",
                     help="with --watch of a broadcast's PGN: the event's player list (a TRF, any file tiebreak reads, "
                          "or a CSV of name, rating, title, federation, FIDE id) matched to the games' names")
    web.add_argument("--site", metavar="DIR", help="with --watch: keep the static site of every watched event in this "
                     "folder (as 'tiebreak site'), its pages made again for every version published")
    web.add_argument("--token", help="the arbiter's token: needed to change an event's list or publish a held-back file")
    web.add_argument("--database", metavar="URL", help="where every live version is kept: an SQLAlchemy URL "
                                                       "(default: tiebreak-live.sqlite beside the watched files; none)")
    web.add_argument("--hold", type=float, default=5.0, metavar="SECONDS",
                     help="a version that is not whole is held back this long before it is published (default 5)")
    web.add_argument("--max-file-mb", type=whole_number, default=16, metavar="MB",
                     help="the largest watched file read (default 16 MB)")
    web.add_argument("--keep-versions", type=whole_number, default=1000, metavar="N",
                     help="versions kept per event in the history besides the last of every round (default 1000)")
    web.add_argument("--max-streams", type=whole_number, default=5000, metavar="N",
                     help="live streams one process holds at most (beyond: 503 with Retry-After; default 5000)")
    web.add_argument("--max-streams-per-client", type=whole_number, default=50, metavar="N",
                     help="live streams one client address holds at most (beyond: 429; default 50)")
    web.set_defaults(run="tools._serve")


def _listing(sub: _Only) -> None:
    """``list``: the tie-breaks and modifiers."""
    lst = sub.add_parser("list", help="list the tie-breaks and modifiers")
    lst.add_argument("--lang", default="en", choices=["en", "ru", "uk"])
    lst.add_argument("--swiss-manager", action="store_true", help="Swiss-Manager's numbered tie-breaks and ours")
    lst.add_argument("--from-chess-results", metavar="FILE",
                     help="translate a Chess-Results legend or column names (one per line; - = standard input) "
                          "into our list")
    lst.set_defaults(run="tools._list")


def _site_presets(sub: _Only) -> None:
    """``site`` (:mod:`.site`) and ``presets``."""
    add_site_parser(sub.add_parser("site", help="write the event's website into a folder: every round's pairings and "
                                   "standings, the crosstable, a card per player (en, ru, uk; no server needed)"))
    pre = sub.add_parser("presets", help="list the ready-made tie-break lists")
    pre.set_defaults(run="tools._presets")
