"""The argument parser of every command (``tiebreak --help``; docs/reference/command-line.md is checked against it)."""

from __future__ import annotations

import argparse
from typing import Any, NoReturn

from ..app.options import DEFAULT_BUDGET, EXTENSIONS, HELP, POINTS_FROM, SYSTEMS
from ..engine.conventions import CONVENTIONS, PROGRAMS, program_name
from ..engine.rules import CHECK_RULES, COMPAT_CHOICES, CUMULATIVE_HALF_BYE, RULE_CHOICES
from .options import Parser, decimal_number, seconds_or_none, whole_number
from .site import add_site_parser

COMPAT_HELP, EVENT_HELP, POINTS_FROM_HELP = HELP["compat"], HELP["event"], HELP["points_from"]


#: the help of the options every ranking command shares (one text per option, whichever command shows it)
SHARED_HELP = {
    "--tiebreaks": "ordered list (default: the file's, else a FIDE default)",
    "--preset": "a ready-made list (see 'tiebreak presets'); --tiebreaks and --rules override it",
    "--after-round": "standings after this round",
    "--unrated-rating": "rating for unrated players in rating tie-breaks",
    "--seed": "seed of the lots (default: the event's own, from its name and players: the same in every run)",
}
ODDS_HELP = {
    "--after-round": "the odds from the standings after this round (the later rounds' games as pending)",
    "--unrated-rating": "rating for unrated players in rating tie-breaks and in the elo model",
    "--seed": "seed of the lots and of a simulation (default: the event's own: the same in every run)",
}
PRIZES_HELP = ("CSV lines place,N,amount or category,EXPR,amount (EXPR as --category: rating<1600, rated players "
               "only; unrated; sex=w&birth>=2010; a category's lines are its 1st, 2nd... prize; empty amount: a cup)")
PLAYOFF_HELP = ("a play-off results file: the tied players placed by its games (Arbiters' Manual 13.2; see 'play-off "
                "results' in the guide)")
#: the commands that read a tournament file, each with the options of reading it (--event, --points-from), which
#: every one of them reads through the one loader (tiebreak.app.load)
FILE_COMMANDS = ("standings", "explain", "check", "convert", "ratings", "playoffs", "prizes", "odds", "site", "serve")


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
    for name in FILE_COMMANDS:  # a file with several tournaments (a Sharly Chess event): which one
        if name in sub.choices:
            sub.choices[name].add_argument("--event", type=whole_number, metavar="N", help=EVENT_HELP)
            sub.choices[name].add_argument("--points-from", choices=POINTS_FROM, default="results",
                                           help=POINTS_FROM_HELP)
    for command in sub.choices.values():  # errors and warnings in the user's language, whatever the command
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
    s.add_argument("--tiebreaks", "-t", help="ordered list, e.g. 'PTS,BH/C1,BH,SB' (default: the file's 202/212 "
                   "record, else a FIDE default)")
    s.add_argument("--compat", default="text", choices=COMPAT_CHOICES, help=COMPAT_HELP)
    s.add_argument("--rules", default="auto", choices=RULE_CHOICES,
                   help="rule set (auto: the FIDE edition by start date; fide-2009 = Arbiters' Manual Art. 13, "
                   "legacy = fide-2009; uscf; ru)")
    s.add_argument("--preset", help=SHARED_HELP["--preset"])
    for flag in ("--after-round", "--unrated-rating", "--seed"):
        s.add_argument(flag, type=whole_number, help=SHARED_HELP[flag])
    s.add_argument("--cumulative-half-bye", choices=CUMULATIVE_HALF_BYE,
                   help="cumulative score (US-CUM, RU-CUM): deduct a half-point bye's 1/2 or keep it (default: the "
                        "rule set's: uscf keeps it, USCF 34E3; ru deducts it, Russian practice)")
    s.add_argument("--no-lots", action="store_true", help="leave remaining ties unbroken (shared ranks)")
    s.add_argument("--system", choices=list(SYSTEMS), help="override Swiss/round-robin detection")
    s.add_argument("--format", "-f", choices=list(EXTENSIONS),
                   help="trf / chess-json: the tournament written back with the computed ranks and the list "
                        "(TRF record 212; Chess-JSON rankOrder and tieBreakScore); pdf: the HTML page printed "
                        "by Chromium (A4)")
    s.add_argument("--lang", default="en", choices=["en", "ru", "uk"], help="language of the text output")
    s.add_argument("--players", action="store_true", help="in a team event, rank the individual players instead")
    s.add_argument("--details", action="store_true", help="JSON: add each value's per-round record ('details')")
    s.add_argument("--columns", default="auto",
                   help="player columns: auto (title, fed, rating where the file has them), none, or a list of "
                        "title,fed,rating,club,sex,birth,perf,change")
    s.add_argument("--category", action="append", metavar="EXPR",
                   help="add the standings of a category: rating<1600, birth>=2010, sex=w, fed=AUS, title=WGM, "
                        "unrated; conditions joined by & (repeat for several categories)")
    s.add_argument("--team-ranking", metavar="BY",
                   help="add a team ranking of this individual event: federation, records (TRF 013/310 teams) or a "
                        "CSV file of 'start number, team' lines")
    s.add_argument("--team-best", type=whole_number, default=4, help="players counted per team (default 4)")
    s.add_argument("--team-tiebreaks", help="team tie-breaks: TC (Team Cumulative), CUM, or codes of the "
                                            "individual list summed over the players counted (default TC)")
    s.add_argument("--playoff", metavar="FILE", help=PLAYOFF_HELP)
    s.set_defaults(run="files._standings")


def _explain(sub: _Only) -> None:
    """``explain``: how each value of one participant was made, or what separated two."""
    e = sub.add_parser("explain", help="show how each value of a player was made, or what separated two players")
    e.add_argument("file")
    e.add_argument("--player", type=whole_number)
    e.add_argument("--players", type=whole_number, nargs=2, dest="pair")
    for flag in ("--tiebreaks", "--preset"):
        e.add_argument(flag, help=SHARED_HELP[flag])
    for flag in ("--after-round", "--unrated-rating", "--seed"):
        e.add_argument(flag, type=whole_number, help=SHARED_HELP[flag])
    e.add_argument("--compat", default="text", choices=COMPAT_CHOICES, help=COMPAT_HELP)
    e.add_argument("--rules", default="auto", choices=RULE_CHOICES)
    e.add_argument("--cumulative-half-bye", choices=CUMULATIVE_HALF_BYE)
    e.add_argument("--no-lots", action="store_true")
    e.add_argument("--system", choices=list(SYSTEMS), help="override Swiss/round-robin detection")
    e.add_argument("--individual", dest="players", action="store_true",
                   help="in a team event, N is a player's start number (default: a team number)")
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
    ch.add_argument("--tiebreaks", "-t", help="the announced list (default: the published columns)")
    ch.add_argument("--preset", help="a ready-made list (see 'tiebreak presets')")
    ch.add_argument("--compat", default="text", choices=COMPAT_CHOICES, help=COMPAT_HELP)
    ch.add_argument("--rules", default="auto", choices=[*RULE_CHOICES, *CHECK_RULES, *CONVENTIONS],
                    help="the announced rule set (auto: the FIDE edition by start date)")
    for flag in ("--after-round", "--unrated-rating"):
        ch.add_argument(flag, type=whole_number)
    ch.add_argument("--system", choices=list(SYSTEMS), help="override Swiss/round-robin detection")
    ch.add_argument("--players", action="store_true", help="in a team event, check the players' standings")
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
    rt.add_argument("--system", default="fide", choices=["fide", "ru", "harkness", "uscf"])
    rt.add_argument("--k", type=whole_number, help="K factor for everybody (default: from the rating)")
    rt.add_argument("--after-round", type=whole_number, help="the rating change after this round")
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
        for flag in ("--tiebreaks", "--preset"):
            q.add_argument(flag, help=SHARED_HELP[flag])
        for flag in ("--unrated-rating", "--seed"):
            q.add_argument(flag, type=whole_number, help=SHARED_HELP[flag])
        q.add_argument("--compat", default="text", choices=COMPAT_CHOICES, help=COMPAT_HELP)
        q.add_argument("--rules", default="auto", choices=RULE_CHOICES)
        q.add_argument("--no-lots", action="store_true")
        q.add_argument("--after-round", type=whole_number, help=SHARED_HELP["--after-round"])
        q.add_argument("--system", choices=list(SYSTEMS), help="override Swiss/round-robin detection")
        q.add_argument("--cumulative-half-bye", choices=CUMULATIVE_HALF_BYE)
        q.add_argument("--individual", dest="players", action="store_true",
                       help="in a team event, the players instead of the teams")
        if name == "playoffs":
            q.add_argument("--places", default="1", help="places played off, e.g. 1 or 1,2,3")
            q.add_argument("--after", type=whole_number, default=0, help="play off only after this many tie-breaks")
        else:
            q.add_argument("--prizes", required=True, help=PRIZES_HELP)
            q.add_argument("--method", default="shared", choices=["shared", "hort", "tiebreak"])
            q.add_argument("--playoff", metavar="FILE", help=PLAYOFF_HELP)
        q.add_argument("--format", "-f", default="text", choices=["text", "json"],
                       help="json: the answer of the API (/api/%s)" % name)
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
    for flag in ("--tiebreaks", "--preset"):
        se.add_argument(flag, help="each event's tie-break list (default: the file's)")
    se.add_argument("--rules", default="auto", choices=RULE_CHOICES)
    se.add_argument("--format", "-f", default="text", choices=["text", "json"])
    se.set_defaults(run="tools._series")


def _odds(sub: _Only) -> None:
    """``odds``: who can still win."""
    od = sub.add_parser("odds", help="who can still win: the chance of every place once the pending games are played")
    od.add_argument("file")
    od.add_argument("--tiebreaks", "-t", help=SHARED_HELP["--tiebreaks"])
    od.add_argument("--preset", help=SHARED_HELP["--preset"])
    for flag in ("--after-round", "--unrated-rating", "--seed"):
        od.add_argument(flag, type=whole_number, help=ODDS_HELP[flag])
    od.add_argument("--rules", default="auto", choices=RULE_CHOICES)
    od.add_argument("--compat", default="text", choices=COMPAT_CHOICES, help=COMPAT_HELP)
    od.add_argument("--system", choices=list(SYSTEMS), help="override Swiss/round-robin detection")
    od.add_argument("--model", default="equal", choices=["equal", "elo"],
                    help="equal: every result 1/3; elo: Davidson's draw model on the ratings and colour")
    od.add_argument("--draw-rate", type=decimal_number,
                    help="elo model: draw probability of equal players (default: the event's share of draws)")
    od.add_argument("--white-advantage", type=decimal_number, default=35, help="elo model: White's edge in rating points")
    od.add_argument("--fix", action="append", metavar="W-B=RESULT",
                    help="fix a pending game's result, e.g. 12-7=1-0 or 13:12-7=1/2 (round 13); repeatable")
    od.add_argument("--exact", action="store_true",
                    help="enumerate every outcome (refused when they do not fit in the budget; see --budget none)")
    od.add_argument("--simulations", type=whole_number, help="simulate this many outcomes instead (at most 1000000)")
    od.add_argument("--budget", type=seconds_or_none, default=DEFAULT_BUDGET,
                    help=f"seconds for all the work, at most 20 (default {DEFAULT_BUDGET:g}): every outcome when they "
                         "fit, else a simulation stopped at the budget; none: no time limit")
    od.add_argument("--places", type=whole_number, default=3, help="the chance of finishing in the top K (default 3)")
    od.add_argument("--player", type=whole_number,
                    help="start number (a team's number in a team event): the minimal sets of results that make them "
                    "first")
    od.add_argument("--players", action="store_true", help="in a team event, the players' odds instead of the teams'")
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
    web.add_argument("--playoff", metavar="FILE", help="with --watch FILE: a play-off results file in the same folder, "
                     "watched too: once the last round is played the live standings place the tied players by its "
                     "games (Arbiters' Manual 13.2)")
    web.add_argument("--token", help="the arbiter's token: needed to change an event's list or publish a held-back file")
    web.add_argument("--database", metavar="URL", help="where every live version is kept: an SQLAlchemy URL "
                                                       "(default: tiebreak-live.sqlite beside the watched files; none)")
    web.add_argument("--tiebreaks", help="tie-break list of the live events (default: each file's own)")
    web.add_argument("--rules", default="auto", choices=RULE_CHOICES)
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
