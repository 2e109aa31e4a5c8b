"""Every option of every command, declared once: its type, default, bounds or choices, whether it is required, help
text (English here, Russian and Ukrainian in the message catalogues), an example, and the faces that take it.  The
command line's parser (:func:`tiebreak.cli.parser.build_parser`: every argument of every command), the API's form
models (:mod:`tiebreak.web.fields`) and the page's form (``index.html``) are made from these entries; the
application layer's dataclasses (:mod:`.options`) read the defaults from here.

One entry per option: first the options of one command (or of a few commands' outputs), by command, in the order
their help lists them; then the options that several commands share (the list, the rules, how a file is read, …),
by key; ``--lang`` last.  A command's help lists its options in this order.  A new option is one entry
(tests/test_declared.py checks that every face takes it with the same default and bounds, or says why not, and that
nothing a face takes is written anywhere else).

>>> OPTIONS["seed"].flags, OPTIONS["seed"].low, OPTIONS["team_best"].default
(('--seed',), 0, 4)
>>> [o.key for o in for_command("ratings")]
['output', 'force', 'file', 'ratings_format', 'after_round', 'event', 'k', 'points_from', 'rating_system', 'lang']
>>> OPTIONS["rating_system"].dest, OPTIONS["rating_system"].flags
('system', ('--system',))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..arbiter import choices as tools
from ..arbiter.choices import POINTS_FROM
from ..engine.conventions import CONVENTIONS, PROGRAMS, program_name
from ..engine.errors import SpecifierError
from ..engine.messages import Message
from ..engine.numbers import MAX_SEED, MAX_UNRATED_RATING
from ..engine.rules import CHECK_RULES, COMPAT_CHOICES, CUMULATIVE_HALF_BYE, DEFAULT_RULES, RULE_CHOICES
from ..formats.text import MAX_ROUNDS
from ..render.i18n import LANGUAGES

#: ``--system``: the kind of event, overriding the detection (the words a user types -> the engine's name)
SYSTEMS = {"swiss": "swiss", "rr": "round robin", "round-robin": "round robin"}
#: the page's choice of ``system``: each kind of event once, by the first word the command line takes for it
SYSTEM_WORDS = {kind: next(w for w, k in SYSTEMS.items() if k == kind) for kind in dict.fromkeys(SYSTEMS.values())}
#: start numbers: far above any real event, far below what is slow to read
MAX_START_NO = 999_999
#: the largest Berger table the API builds (a double round-robin of 100 players is 198 rounds, ~0.3 MB of JSON)
MAX_BERGER_PLAYERS = 100
#: the events of one series in one request of the API
MAX_SERIES_EVENTS = 50
#: the longest tie-break list a server's face takes, in characters: the engine's most, 50 tie-breaks, with a comma
#: and modifiers each (``ARO/U1000/C1/P,`` is 15 characters); a real list is a few dozen: ``PTS,BH/C1,BH,SB``
MAX_LIST_TEXT = 1_000
#: output format -> file extension (``standings --format``)
EXTENSIONS = {"text": "txt", "json": "json", "csv": "csv", "trf": "trf", "html": "html", "chess-json": "json",
              "pdf": "pdf", "xlsx": "xlsx"}
#: the web page's own answer (the API's ``format``, never a download): the parts of the page the standings fill, as
#: HTML in the reader's language (:mod:`tiebreak.render.page_standings`)
PAGE_FORMAT = "page"
#: every command, in the order ``tiebreak --help`` lists them
COMMANDS = ("standings", "explain", "check", "convert", "berger", "varma", "ratings", "playoffs", "prizes", "series",
            "odds", "site", "presets", "serve", "list")
#: the commands whose standings are made by the list options (the list, rules, lots, …)
RANKING = ("standings", "explain", "check", "playoffs", "prizes", "odds", "site")
#: the commands that read a tournament file through the one loader (tiebreak.app.load), each with --event and
#: --points-from
FILE_COMMANDS = ("standings", "explain", "check", "convert", "ratings", "playoffs", "prizes", "series", "odds", "site",
                 "serve")
__all__ = ["COMMANDS", "EXTENSIONS", "FILE_COMMANDS", "MAX_BERGER_PLAYERS", "MAX_LIST_TEXT", "MAX_SERIES_EVENTS",
           "MAX_START_NO", "OPTIONS", "PAGE_FORMAT", "POINTS_FROM", "SYSTEMS", "SYSTEM_WORDS",
           "Option", "check_needed", "for_command", "for_form"]
#: the API's forms: ``standings`` is also the base of the explain, check, playoffs, prizes and series forms
STANDINGS_FORM, ODDS_FORM, RATINGS_FORM = ("standings",), ("odds",), ("ratings",)
#: the faces an option may be on besides the command line
FACES = ("api", "page")


@dataclass(frozen=True)
class Option:
    """One option of one or more commands.

    ``kind`` is the type of one value (``bool``: a flag without a value); ``many``: repeatable, a list of values.
    ``low``/``high`` bound a number, ``choices`` list a word's values (``offered``: the words the API and the page
    offer where the command line also takes a file's name).  ``commands`` take it on the command line, ``forms``
    are the API's forms that have it, ``page``: the page's form has it (an input named ``dest``).  A face that does
    not take it says why in ``not_on``.
    """

    key: str
    kind: type
    help: str
    default: object = None
    low: float | None = None
    high: float | None = None
    #: ``high`` itself is refused: a value is below it (``--draw-rate``: the elo model has no draw rate 1)
    below: bool = False
    choices: tuple[str, ...] = ()
    offered: tuple[str, ...] = ()
    many: bool = False
    #: the word ``none`` is a value too (no limit: ``--budget none``)
    none: bool = False
    commands: tuple[str, ...] = ()
    forms: tuple[str, ...] = ()
    page: bool = False
    not_on: Mapping[str, str] = field(default_factory=dict)
    #: the field's name everywhere (the dataclass, the form field, the page's input); the key when not given
    name: str = ""
    #: the command line's spellings (default: ``--`` and the name with dashes)
    flag: tuple[str, ...] = ()
    #: a spelling a command still takes from before, beside :attr:`flags`, documented in the command line's reference
    #: (``--players`` of standings, check and odds, where explain, playoffs and prizes said ``--individual``: one
    #: option since, ``--individual`` everywhere, as explain's ``--players`` names the pair of players; serve's
    #: ``--players FILE``, a broadcast's player list, is ``--player-list``)
    old_flags: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    metavar: str | None = None
    #: a command that says more than the one help text (its help replaces it there)
    help_for: Mapping[str, str] = field(default_factory=dict)
    #: a command (or a form) that takes more choices (``check --rules`` takes the reference checker's and programs'
    #: too)
    more_choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: an argument without a flag (a file, a number of players); ``nargs`` as argparse counts the values
    positional: bool = False
    nargs: int | str | None = None
    #: the command refuses to run without it
    required: bool = False
    #: what the API's documentation shows as a value to try
    example: object = None
    #: the API's own upper bound (bounded work per request; the command line, run on the user's own machine, has
    #: ``high``)
    server_high: float | None = None
    #: a text's longest value on the server's faces (each value of a repeated option; the API's forms, the live
    #: server's arbiter settings): bounded work per request, where the command line reads what its user typed
    longest: int | None = None
    #: a repeated option's most values on the API
    most: int | None = None
    #: the command line's reading of a word before its choice is checked (``--publisher swissmanager``)
    read: Callable[[str], str] | None = None
    #: a command on which the option does something only with another (the key of that option, and why): given
    #: without it, it is refused (:func:`check_needed`), never silently dropped
    needs: Mapping[str, tuple[str, Message]] = field(default_factory=dict)

    @property
    def dest(self) -> str:
        return self.name or self.key

    @property
    def flags(self) -> tuple[str, ...]:
        """The command line's spellings (none for a positional argument)."""
        if self.positional:
            return ()
        return self.flag or ("--" + self.dest.replace("_", "-"),)

    def flags_of(self, command: str) -> tuple[str, ...]:
        """The spellings ``command`` takes: :attr:`flags` and the old ones it still takes."""
        return (*self.flags, *self.old_flags.get(command, ()))

    def help_of(self, command: str) -> str:
        return self.help_for.get(command, self.help)

    def default_said(self) -> Message | None:
        """The default as every help says it after the help text (the command line's ``--help`` in the user's
        language; the API's schema has it as ``default``, the page as the value its field shows): written here once,
        never in a help text.  A number's bounds beside it; None for a flag or an option without a default.

        >>> OPTIONS["hold"].default_said(), OPTIONS["compat"].default_said(), OPTIONS["seed"].default_said()
        ('default: 5; from 0 to 3600', 'default: text', None)
        >>> OPTIONS["draw_rate"].default_said()  # a bound not taken itself is said, default or not
        'at least 0 and below 1'
        """
        if self.below:
            return Message("at least {} and below {}", _plain(self.low), _plain(self.high))
        if self.default is None or self.kind is bool or self.positional:
            return None
        if self.kind in (int, float) and self.low is not None and self.high is not None:
            return Message("default: {}; from {} to {}", _plain(self.default), _plain(self.low), _plain(self.high))
        return Message("default: {}", _plain(self.default))


def _declare(*options: Option) -> dict[str, Option]:
    declared = {o.key: o for o in options}
    assert len(declared) == len(options), "one entry per option"
    for command in COMMANDS:  # one option per name and per flag on each command
        given = [o for o in options if command in o.commands]
        assert len({o.dest for o in given}) == len(given), command
        assert len({f for o in given for f in o.flags_of(command)}) == sum(len(o.flags_of(command)) for o in given), \
            command
    return declared


def _program(text: str) -> str:
    """A publishing program as typed (``swissmanager``, ``VEGA``) by its name (the choice is then checked)."""
    return program_name(text) or text


_NO_FILE = "the API and the page read no file by path on the server: its text is the field playoff_results"
#: why a command's own option is not on the API or the page
_UPLOADED = {"api": "the API's forms upload the file (field file, or example)", "page": "the page uploads the file"}
#: the commands besides ``standings`` that write their output to ``-o FILE`` (else to standard output), by the same
#: rules: never over an input, an existing file only with ``--force``, never half-written (tiebreak.formats.files)
WRITTEN = ("check", "ratings", "odds", "prizes", "playoffs", "explain", "series", "berger", "varma")
_WRITTEN = {"api": "the API answers with the output; it writes no file on the server",
            "page": "the page downloads the output"}
_ANSWERED = {"api": "each endpoint has its own field format (the API answers JSON by default)",
             "page": "the page asks for what it shows and offers each format as a download"}
_PICKED = "the page explains the player clicked and compares the one chosen beside"
_FOLDERS = {"api": "the API checks one uploaded file at a time", "page": "the page checks the file it shows"}
_CONVERTED = {"api": "the page and the API offer the formats as downloads of the standings",
              "page": "the standings' downloads"}
_SITE = {"api": "the site is written into a folder of the user's machine", "page": "the site is the command's own"}
_SERVER = {"api": "the server's own settings", "page": "the server's own settings"}
_LISTED = {"api": "GET /api/catalogue", "page": "the page's list of tie-breaks"}
#: ``serve``'s options that set the live standings or the live server: nothing uses them without ``--watch``
_LIVE = {"serve": ("watch", Message("it sets the live standings of the watched files"))}
_LIVE_SERVER = {"serve": ("watch", Message("it sets how the watched files are followed and kept"))}
#: ``serve``'s options of the site it keeps
_SITE_KEPT = {"serve": ("site", Message("it shapes the site's pages"))}
#: the options of a team ranking of an individual event
_TEAM_RANKING = {c: ("team_ranking", Message("it sets the team ranking")) for c in ("standings", "site")}
_NOT_ON_PAGE_ODDS = "the page asks for the odds with the list and rules of its standings; the other odds settings " \
                    "are the command line's and the API's"

#: the options of one command only (or of a few commands' outputs), in the order its help lists them
_OWN = (
    # standings
    Option("standings_file", str, "TRF (TRF-16, TRF-2026, Krause .tab), Chess-JSON, Chess-Results XML, PGN, CSV or "
                                  "XLSX; several with --out",
           name="file", positional=True, nargs="+", commands=("standings",), not_on=_UPLOADED),
    Option("out", str, "directory for one output file per input (batch)", commands=("standings",),
           not_on=_WRITTEN),
    Option("output", str, "write the output to FILE (its name gives the format when --format is not given: .pdf, "
                          ".html, .csv, .json, .trf, .txt)",
           flag=("-o", "--output"), metavar="FILE", commands=("standings", *WRITTEN), not_on=_WRITTEN,
           help_for={"check": "write the report to FILE",
                     **{c: "write the report to FILE (never over an input)" for c in WRITTEN if c != "check"}}),
    Option("force", bool, "replace existing output files (never an input)", default=False,
           commands=("standings", "convert", *WRITTEN), not_on=_WRITTEN,
           help_for={"convert": "replace an existing target (never the source)",
                     **{c: "replace an existing FILE" for c in WRITTEN}}),
    Option("standings_format", str, "trf / chess-json: the tournament written back with the computed ranks and the "
                                    "list (TRF record 212; Chess-JSON rankOrder and tieBreakScore); pdf: the HTML page "
                                    "printed by Chromium (A4)",
           name="format", flag=("--format", "-f"), choices=tuple(EXTENSIONS), commands=("standings",),
           not_on=_ANSWERED),
    # explain
    Option("file", str, "the tournament's file, in any format that standings reads", positional=True,
           commands=("explain", "ratings", "playoffs", "prizes", "odds"),
           not_on=_UPLOADED),
    Option("explain_player", int, "start number of the player to explain", name="player", low=1, high=MAX_START_NO,
           commands=("explain",), forms=("explain",), example=7, not_on={"page": _PICKED}),
    Option("explain_pair", int, "two players' start numbers: what separated them", name="pair", flag=("--players",),
           nargs=2, low=1, high=MAX_START_NO, metavar="N",
           commands=("explain",), not_on={"api": "the API's fields player and player2", "page": _PICKED}),
    Option("explain_player2", int, "a second player: what separated the two", name="player2", low=1,
           high=MAX_START_NO, forms=("explain",),
           not_on={"cli": "the command line takes the two players at once: --players N M", "page": _PICKED}),
    # check
    Option("check_file", str, "tournament files (or a folder of events); their own ranks/values are checked unless "
                              "--published",
           name="file", positional=True, nargs="*", commands=("check",), not_on=_UPLOADED),
    Option("published", str, "the published standings (CSV/XLSX or a saved HTML page of chess-results or Vega: start "
                             "number or name, points, one column per tie-break); once per FILE",
           many=True, metavar="STANDINGS", commands=("check",),
           not_on={"api": "the API's field published is an upload or its text (tiebreak.web.api_standings)",
                   "page": "the page's check uploads the published standings as a file"}),
    Option("publisher", str, "the program that published the standings (Swiss-Manager, Vega, Swiss-Chess, Sevilla; "
                             "default: the one the file names)",
           choices=tuple(PROGRAMS), read=_program, metavar="PROGRAM", commands=("check",), forms=("check",),
           page=True),
    Option("published_dir", str, "a folder's events: their published standings in DIR, by the event's name (NAME.csv, "
                                 "NAME.published.csv, ...)",
           metavar="DIR", commands=("check",), not_on=_FOLDERS),
    Option("manifest", str, "the events to check: a CSV with columns file and published", metavar="CSV",
           commands=("check",), not_on=_FOLDERS),
    Option("jobs", int, "events checked at once (default and at most: the cores)", flag=("--jobs", "-j"),
           commands=("check",), not_on=_FOLDERS),
    Option("outside", bool, "read a folder's or a manifest's files outside it too (links and paths leading out; "
                            "default: refused)",
           default=False, commands=("check",), not_on=_FOLDERS),
    Option("check_format", str, "format of the report", name="format", flag=("--format", "-f"), default="text",
           choices=("text", "json", "html", "csv"), commands=("check",), not_on=_ANSWERED),
    # convert
    Option("source", str, "the tournament's file to read", positional=True, commands=("convert",), not_on=_CONVERTED),
    Option("target", str, "the file to write: its extension gives the format (TRF, JSON, CSV or XLSX)", positional=True,
           commands=("convert",), not_on=_CONVERTED),
    # berger
    Option("berger_players", int, "number of players", name="players", positional=True, low=2, high=9999,
           server_high=MAX_BERGER_PLAYERS, commands=("berger",), forms=("berger",), page=True, example=6),
    Option("double", bool, "double round robin (13.16.2)", default=False, commands=("berger",), forms=("berger",),
           page=True),
    # varma
    Option("players_file", str, "one player a line: Name, FED (CSV or ';')", positional=True, commands=("varma",),
           not_on={"api": "the API's field list holds the lines", "page": "the page's field holds the lines"}),
    Option("varma_list", str, "9 to 24 lines 'Name, FED'", name="list", forms=("varma",), page=True,
           not_on={"cli": "the command line reads the lines from a file: varma FILE"}),
    Option("varma_seed", int, "seed of the lots (it makes the draw repeatable)", name="seed", low=0, high=MAX_SEED, required=True,
           commands=("varma",), forms=("varma",), page=True, example=1),
    Option("variant", str, "the 11/12-player table (see docs)", default=tools.DEFAULT_VARMA_VARIANT,
           choices=tools.VARMA_VARIANTS,
           commands=("varma",), forms=("varma",),
           not_on={"page": "the page draws with the Manual's table (the default)"}),
    # ratings
    Option("ratings_format", str, "output format (default: from the name given with -o, else text)", name="format",
           flag=("--format", "-f"), choices=("text", "csv", "json", "html"), commands=("ratings",),
           not_on=_ANSWERED),
    # playoffs
    Option("after", int, "play off only after this many tie-breaks", default=0, low=0,
           commands=("playoffs",), not_on={"api": "the API's play-offs start at the first tie-break",
                                           "page": "the page's play-offs start at the first tie-break"}),
    # prizes
    Option("prizes", str, "CSV lines place,N,amount or category,EXPR,amount (EXPR as --category: rating<1600, rated "
                          "players only; unrated; sex=w&birth>=2010; a category's lines are its 1st, 2nd... prize; "
                          "empty amount: a cup)",
           required=True, commands=("prizes",), forms=("prizes",), page=True,
           example="place,1,300\nplace,2,100\nrating<1600,1,50"),
    Option("prizes_format", str, "json: the answer of the API (/api/prizes); html: a page", name="format",
           flag=("--format", "-f"), default="text", choices=("text", "json", "html"), commands=("prizes",),
           not_on=_ANSWERED),
    # series
    Option("series_file", str, "the events' files, in the order they were played; FILE:N is tournament N of a file "
                               "that holds several (a Sharly Chess database's events)", name="file", positional=True,
           nargs="+", commands=("series",), not_on=_UPLOADED),
    Option("series_events", str, "which tournament of each file, in the order of the files, separated by commas: a "
                                 "tournament number (a Sharly Chess database's), or nothing for a file that holds one",
           name="events", longest=14 * MAX_SERIES_EVENTS, forms=("series",), page=True, example="4,,2",
           not_on={"cli": "the command line names tournament N of a file as FILE:N"}),
    Option("points", str, "place:25,18,15... (points of each place) or score (the event score)", required=True,
           commands=("series",), forms=("series",), page=True,
           example="place:10,8,6,5,4,3,2,1"),  # the guide's, and the page's first value
    Option("best", int, "count each player's best K events (default: all)", low=1, server_high=MAX_SERIES_EVENTS,
           commands=("series",), forms=("series",), page=True),
    Option("tool_format", str, "", name="format", flag=("--format", "-f"), default="text", choices=("text", "json"),
           commands=("berger", "varma", "playoffs", "series"), not_on=_ANSWERED,
           help_for={"playoffs": "json: the answer of the API (/api/playoffs)"}),
    # odds
    Option("odds_format", str, "format of the odds", name="format", flag=("--format", "-f"), default="text",
           choices=("text", "json", "html"), commands=("odds",), not_on=_ANSWERED),
    # site
    Option("site_file", str, "tournament files (one site; several events get a folder each)", name="file",
           positional=True, nargs="+", commands=("site",), not_on=_SITE),
    Option("site_output", str, "the site's folder: new, empty, or a site written before (never over an input)",
           name="output", flag=("-o", "--output"), metavar="DIR", required=True, commands=("site",), not_on=_SITE),
    Option("site_watch", bool, "keep running: rewrite the pages a change of the file touches (Ctrl-C stops)",
           name="watch", default=False, commands=("site",), not_on=_SITE),
    Option("downloads", str, "the standings as files to download from the standings page: pdf (needs Chromium), xlsx, "
                             "trf, comma-separated, or none (the PDF takes seconds a language)",
           default="xlsx,trf", metavar="LIST", needs=_SITE_KEPT, commands=("site", "serve"), not_on=_SITE,
           help_for={"serve": "with --site: the standings as files to download from the site's standings page (as "
                              "'site --downloads')"}),
    Option("games", str, "the event's games: each opens in a board viewer linked from the round pages and the "
                         "players' cards (needs python-chess: the live extras)",
           metavar="FILE.pgn", needs=_SITE_KEPT, commands=("site", "serve"), not_on=_SITE,
           help_for={"serve": "with --site: the events' games (a PGN), each opening in a board viewer on the site (as "
                              "'site --games'); read again at an event's next change"}),
    Option("logo", str, "the organiser's logo on every page (PNG, JPEG or SVG without scripts, at most 512 KB; copied "
                        "into the site)",
           metavar="FILE", needs=_SITE_KEPT, commands=("site", "serve"), not_on=_SITE,
           help_for={"serve": "with --site: the organiser's logo on every page of the site (as 'site --logo')"}),
    Option("accent", str, "the organiser's colour of the header, menu and pictures (a CSS colour name or #rrggbb)",
           metavar="COLOUR", needs=_SITE_KEPT, commands=("site", "serve"), not_on=_SITE,
           help_for={"serve": "with --site: the organiser's colour of the site's header, menu and pictures (as 'site "
                              "--accent')"}),
    Option("series", str, "add the standings of the series of the events given, in the order played (as 'tiebreak "
                          "series --points'): place:25,18,15... or score",
           metavar="POINTS", commands=("site",), not_on=_SITE),
    Option("series_best", int, "with --series: each player's best K events counted", low=1, metavar="K",
           needs={"site": ("series", Message("it counts the events of the series"))}, commands=("site",), not_on=_SITE),
    Option("series_tiebreaks", str, "BEST (best single result), EVENTS (events played), PLACES (sum of places, the "
                                    "smaller the better), in order",
           default=tools.SERIES_TIEBREAKS, needs={"site": ("series", Message("it orders the series' standings"))},
           commands=("series", "site"), forms=("series",), page=True,
           example="BEST,EVENTS,PLACES", help_for={"site": "with --series: BEST, EVENTS, PLACES"}),
    # serve
    Option("host", str, "the address the server listens on (0.0.0.0: every network interface of the machine)",
           default="127.0.0.1", commands=("serve",), not_on=_SERVER),
    Option("port", int, "the port the server listens on", default=8000, low=0, high=65535, commands=("serve",),
           not_on=_SERVER),
    Option("watch", str, "live standings of a file, or of every event file in a folder, recomputed when they change "
                         "(page /live); or of a broadcast's PGN at an http(s) address, asked every --poll-seconds",
           metavar="PATH", commands=("serve",), not_on=_SERVER),
    Option("poll_seconds", float, "with --watch https://...: the least time between two requests of the address; "
                                  "each is a conditional request",
           default=1.0, low=0.5, high=600, metavar="SECONDS", needs=_LIVE_SERVER, commands=("serve",), not_on=_SERVER),
    Option("serve_players", str, "with --watch of a broadcast's PGN: the event's player list (a TRF, any file "
                                 "tiebreak reads, or a CSV of name, rating, title, federation, FIDE id) matched to the "
                                 "games' names",
           name="player_list", old_flags={"serve": ("--players",)}, metavar="FILE",
           needs={"serve": ("watch", Message("the list names the players of a watched broadcast"))},
           commands=("serve",), not_on=_SERVER),
    Option("site", str, "with --watch: keep the static site of every watched event in this folder (as 'tiebreak "
                        "site'), its pages made again for every version published",
           metavar="DIR", needs={"serve": ("watch", Message("the site is kept of the watched files"))},
           commands=("serve",), not_on=_SERVER),
    Option("token", str, "the arbiter's token: needed to change an event's list or publish a held-back file",
           needs=_LIVE_SERVER, commands=("serve",), not_on=_SERVER),
    Option("database", str, "where every live version is kept: an SQLAlchemy URL (default: tiebreak-live.sqlite "
                            "beside the watched files; none)",
           metavar="URL", needs=_LIVE_SERVER, commands=("serve",), not_on=_SERVER),
    Option("hold", float, "a version that is not whole is held back this long before it is published",
           default=5.0, low=0, high=3600, metavar="SECONDS", needs=_LIVE_SERVER, commands=("serve",), not_on=_SERVER),
    Option("max_file_mb", int, "the largest watched file read, in MB", default=16, low=1, high=1024,
           metavar="MB",
           needs=_LIVE_SERVER, commands=("serve",), not_on=_SERVER),
    Option("keep_versions", int, "versions kept per event in the history besides the last of every round",
           default=1000, low=10, high=1_000_000, metavar="N", needs=_LIVE_SERVER, commands=("serve",), not_on=_SERVER),
    Option("max_streams", int, "live streams one process holds at most; beyond them, 503 with Retry-After",
           default=5000, low=1, high=100_000, metavar="N", needs=_LIVE_SERVER, commands=("serve",), not_on=_SERVER),
    Option("max_streams_per_client", int, "live streams one client address holds at most; beyond them, 429",
           default=50, low=1, high=100_000, metavar="N", needs=_LIVE_SERVER, commands=("serve",), not_on=_SERVER),
    # list
    Option("swiss_manager", bool, "Swiss-Manager's numbered tie-breaks and ours", default=False, commands=("list",),
           not_on=_LISTED),
    Option("from_chess_results", str, "translate a Chess-Results legend or column names (one per line; - = standard "
                                      "input) into our list",
           metavar="FILE", commands=("list",), not_on=_LISTED),
)

#: the options that several commands share (the list, the rules, how the file is read, …), by key
_SHARED = (
    Option("after_round", int, "standings after this round", low=0, high=MAX_ROUNDS, metavar="N",
           commands=("standings", "explain", "check", "playoffs", "prizes", "odds", "ratings"),
           forms=STANDINGS_FORM + ODDS_FORM + RATINGS_FORM, page=True,
           help_for={"odds": "the odds from the standings after this round (the later rounds' games as pending)",
                     "ratings": "the rating change after this round"},
           not_on={"site": "the site shows every round", "serve": "the live standings are the event as it stands",
                   "series": "a series counts each event's final standings"}),
    Option("budget", str, "no longer used (an old command line still runs, with a warning): the odds are bounded by "
                          "the count of their outcomes, never by the time they take, so every machine gives the same "
                          "numbers",
           commands=("odds",), metavar="SEC",
           not_on={"api": "no face takes a time limit: the odds are bounded by the count of their outcomes",
                   "page": _NOT_ON_PAGE_ODDS}),
    Option("category", str, "add the standings of a category: rating<1600, birth>=2010, sex=w, fed=AUS, title=WGM, "
                            "unrated; conditions joined by & (repeat for several categories)",
           many=True, metavar="EXPR", longest=1000, most=50, commands=("standings", "site"), forms=STANDINGS_FORM,
           page=True, example="birth>=2010&sex=w"),
    Option("columns", str, "player columns: auto (title, fed, rating where the file has them), none, or a list of "
                           "title,fed,rating,club,sex,birth,perf,change",
           default=tools.DEFAULT_COLUMNS, commands=("standings", "site"), forms=STANDINGS_FORM, page=True),
    Option("compat", str, "text: our reading of C.07; reference: the FIDE reference checker's choices where "
                          "it reads the text otherwise (docs/known-differences.md K1-K3); letter: the 2023 Art. 15.2 "
                          "to the letter (round-robin forfeits count for the rating tie-breaks)",
           default="text", choices=COMPAT_CHOICES, needs=_LIVE, commands=(*RANKING, "series", "serve"),
           forms=STANDINGS_FORM + ODDS_FORM, page=True),
    Option("cumulative_half_bye", str, "cumulative score (US-CUM, RU-CUM): deduct a half-point bye's 1/2 or keep it "
                                       "(default: the rule set's: uscf keeps it, USCF 34E3; ru deducts it, Russian "
                                       "practice)",
           choices=CUMULATIVE_HALF_BYE, needs=_LIVE,
           commands=("standings", "explain", "playoffs", "prizes", "odds", "site", "series", "serve"),
           forms=STANDINGS_FORM + ODDS_FORM, page=True,
           not_on={"check": "check compares every rule set, each with its own default"}),
    Option("details", bool, "JSON: add each value's per-round record ('details')", default=False,
           commands=("standings",), forms=STANDINGS_FORM,
           not_on={"page": "the page asks for the details when it explains a value"}),
    Option("draw_rate", float, "elo model: draw probability of equal players (default: the event's share of draws)",
           low=tools.LEAST_DRAW_RATE, high=tools.DRAW_RATE_BELOW, below=True, commands=("odds",), forms=ODDS_FORM,
           not_on={"page": _NOT_ON_PAGE_ODDS}),
    Option("event", int, "which tournament of a file that holds several (a Sharly Chess event: Sharly's tournament "
                         "number); without it such a file lists them",
           low=1, high=10**12, metavar="N", needs=_LIVE, commands=FILE_COMMANDS, forms=STANDINGS_FORM + ODDS_FORM + RATINGS_FORM,
           page=True),
    Option("exact", bool, "count every outcome, even when there are more than a simulation would draw (refused past "
                          "a number of outcomes set by the participants: minutes of work)",
           default=False, commands=("odds",),
           not_on={"api": "every face chooses by the count: every outcome when there are no more than a simulation "
                          "would draw, else that simulation",
                   "page": _NOT_ON_PAGE_ODDS}),
    Option("fix", str, "fix a pending game's result, e.g. 12-7=1-0 or 13:12-7=1/2 (round 13); repeatable",
           many=True, metavar="W-B=RESULT", longest=100, most=1000, commands=("odds",), forms=ODDS_FORM,
           not_on={"page": _NOT_ON_PAGE_ODDS}, example="12-7=1-0"),
    Option("k", int, "K factor for everybody (default: from the rating)", low=1, high=100, commands=("ratings",),
           forms=RATINGS_FORM, page=True),
    Option("method", str, "how tied players share the prizes of their places: shared (added up and divided), hort "
                          "(half shared, half by the tie-break order) or tiebreak (by the tie-break order)",
           default=tools.DEFAULT_PRIZE_METHOD, choices=tools.PRIZE_METHODS, commands=("prizes",),
           forms=("prizes",), page=True),
    Option("model", str, "equal: every result 1/3; elo: Davidson's draw model on the ratings and colour",
           default=tools.DEFAULT_MODEL, choices=tools.MODELS, commands=("odds",), forms=ODDS_FORM,
           not_on={"page": _NOT_ON_PAGE_ODDS}),
    Option("no_lots", bool, "leave remaining ties unbroken (shared places)", default=False,
           needs=_LIVE, commands=("standings", "explain", "playoffs", "prizes", "site", "series", "serve"),
           forms=STANDINGS_FORM, page=True,
           help_for={"serve": "with --watch: the live standings (and the --site) leave remaining ties unbroken "
                              "(shared places; default: drawn by lot with the event's own seed, as on every face)"},
           not_on={"check": "check compares the published order, lots included",
                   "odds": "an outcome not yet played draws no lot: the odds count its ties as shared places"}),
    Option("odds_places", int, "the chance of finishing in the top K", name="places", default=3, low=1,
           high=MAX_START_NO, commands=("odds",), forms=ODDS_FORM, not_on={"page": _NOT_ON_PAGE_ODDS}),
    Option("odds_player", int, "start number (a team's number in a team event): the minimal sets of results that "
                               "make them first",
           name="player", low=1, high=MAX_START_NO, commands=("odds",), forms=ODDS_FORM,
           not_on={"page": _NOT_ON_PAGE_ODDS}),
    Option("players", bool, "in a team event, the players instead of the teams", flag=("--individual",),
           old_flags={c: ("--players",) for c in ("standings", "check", "odds")}, default=False,
           commands=("standings", "explain", "check", "playoffs", "prizes", "odds"), forms=STANDINGS_FORM + ODDS_FORM,
           help_for={"check": "in a team event, check the players' standings",
                     "explain": "in a team event, N is a player's start number (default: a team number)",
                     "odds": "in a team event, the players' odds instead of the teams'"},
           not_on={"page": "a team event's page shows the teams; the command line and the API rank the players",
                   "site": "a team event's site has its teams' standings and its players' (each a page of its own)",
                   "serve": "the live page shows a team event's teams and its players (each viewer's choice, "
                            "/api/live?players=true)",
                   "series": "a series ranks each event's players"}),
    Option("playoff", str, "a play-off results file: the tied players placed by its games (Arbiters' Manual 13.2; "
                           "see 'play-off results' in the guide)",
           metavar="FILE", needs={"serve": ("watch", Message("the play-off places the players of the watched event"))},
           commands=("standings", "explain", "prizes", "site", "serve"),
           not_on={"api": _NO_FILE, "page": _NO_FILE, "check": "check compares the published order, play-off included",
                   "playoffs": "playoffs pairs the play-off that the ties ask for; its results go to the other commands",
                   "odds": "the odds are of the games still to play; a play-off comes after the last round",
                   "series": "a series counts each event's final standings, a play-off's places given in its file"},
           help_for={"site": "the play-off's results (as 'standings --playoff'): the final standings place the tied "
                             "players by it, and the site has a play-off page",
                     "serve": "with --watch FILE: a play-off results file in the same folder, watched too: once the "
                              "last round is played the live standings place the tied players by its games (Arbiters' "
                              "Manual 13.2)"}),
    Option("playoff_places", str, "places played off, e.g. 1 or 1,2,3", name="places", default="1",
           commands=("playoffs",), forms=("playoffs",), page=True),
    Option("playoff_results", str, "play-off results: 'stage KIND' lines (mini-match, sudden-death, armageddon, "
                                   "round-robin), each followed by its games 'WHITE BLACK RESULT'; the tied players "
                                   "are placed by them (Arbiters' Manual 13.2)",
           forms=STANDINGS_FORM, page=True, not_on={"cli": "the command line reads the file: --playoff FILE"},
           example="stage mini-match\n7 9 1-0\n9 7 1/2-1/2"),
    Option("points_from", str, "results: the points of the round results; column: the points column's "
                               "reading where the file's points column and its results disagree",
           default=tools.DEFAULT_POINTS_FROM, choices=POINTS_FROM, needs=_LIVE, commands=FILE_COMMANDS,
           forms=STANDINGS_FORM + ODDS_FORM + RATINGS_FORM, page=True),
    Option("preset", str, "a ready-made list (see 'tiebreak presets'); --tiebreaks and --rules override it",
           needs=_LIVE, commands=(*RANKING, "series", "serve"), forms=STANDINGS_FORM + ODDS_FORM, page=True,
           help_for={"series": "each event's tie-break list (default: the file's)"}),
    Option("rating_system", str, "the rating system: fide or ru (the rating change), harkness or uscf (the "
                                 "performance)",
           name="system", default=tools.DEFAULT_RATING_SYSTEM, choices=tools.RATING_SYSTEMS, commands=("ratings",),
           forms=RATINGS_FORM, page=True),
    Option("rules", str, "rule set (auto: the FIDE edition by start date; fide-2009 = Arbiters' Manual Art. 13, "
                         "legacy = fide-2009; uscf; ru)",
           default=DEFAULT_RULES, choices=RULE_CHOICES, needs=_LIVE, commands=(*RANKING, "series", "serve"),
           forms=(*STANDINGS_FORM, *ODDS_FORM, "check"), page=True,
           more_choices={"check": (*CHECK_RULES, *CONVENTIONS)},
           help_for={"check": "the announced rule set (auto: the FIDE edition by start date)"}),
    Option("seed", int, "seed of the lots (default: the event's own, from its name and players: the same in every "
                        "run)",
           low=0, high=MAX_SEED, needs=_LIVE,
           commands=("standings", "explain", "playoffs", "prizes", "odds", "site", "series", "serve"),
           forms=STANDINGS_FORM + ODDS_FORM, page=True,
           help_for={"odds": "seed of the lots and of a simulation (default: the event's own: the same in every run)",
                     "serve": "with --watch: the seed of the live standings' lots (and the --site's; default: each "
                              "event's own, from its name and players)"},
           not_on={"check": "check compares the published order, lots included"}),
    Option("simulations", int, tools.SIMULATIONS_HELP, low=1, high=tools.MAX_SIMULATIONS,
           commands=("odds",), forms=ODDS_FORM, not_on={"page": _NOT_ON_PAGE_ODDS}),
    Option("system", str, "override Swiss/round-robin detection", choices=tuple(SYSTEMS), needs=_LIVE,
           commands=(*RANKING, "series", "serve"), forms=STANDINGS_FORM + ODDS_FORM, page=True),
    Option("team_best", int, "players counted per team", default=tools.TEAM_BEST, low=1, high=tools.MOST_TEAM_BEST,
           needs=_TEAM_RANKING, commands=("standings", "site"), forms=STANDINGS_FORM, page=True),
    Option("team_ranking", str, "add a team ranking of this individual event: federation, records (TRF 013/310 "
                                "teams) or a CSV file of 'start number, team' lines",
           metavar="BY", offered=("federation", "records"), commands=("standings", "site"), forms=STANDINGS_FORM,
           page=True),
    Option("team_tiebreaks", str, "team tie-breaks: TC (Team Cumulative), CUM, or codes of the individual list summed "
                                  "over the players counted",
           default=tools.TEAM_TIEBREAKS, needs=_TEAM_RANKING, commands=("standings", "site"), forms=STANDINGS_FORM,
           page=True, example="TC,CUM"),
    Option("tiebreaks", str, "ordered list, e.g. 'PTS,BH/C1,BH,SB' (default: the file's 202/212 record, else a FIDE "
                             "default)",
           flag=("--tiebreaks", "-t"), longest=MAX_LIST_TEXT, needs=_LIVE, commands=(*RANKING, "series", "serve"),
           forms=STANDINGS_FORM + ODDS_FORM, page=True, example="PTS,BH/C1,BH,SB",
           help_for={"check": "the announced list (default: the published columns)",
                     "series": "each event's tie-break list (default: the file's)",
                     "serve": "tie-break list of the live events (default: each file's own)"}),
    Option("unrated_rating", int, "rating for unrated players in rating tie-breaks", low=0, high=MAX_UNRATED_RATING,
           metavar="R", needs=_LIVE,
           commands=("standings", "explain", "check", "playoffs", "prizes", "odds", "site", "series", "serve"),
           forms=STANDINGS_FORM + ODDS_FORM, page=True,
           help_for={"odds": "rating for unrated players in rating tie-breaks and in the elo model"}),
    Option("white_advantage", float, "elo model: White's edge in rating points", default=tools.WHITE_ADVANTAGE,
           low=-tools.MOST_WHITE_ADVANTAGE, high=tools.MOST_WHITE_ADVANTAGE,
           commands=("odds",), forms=ODDS_FORM, not_on={"page": _NOT_ON_PAGE_ODDS}),
)
assert [o.key for o in _SHARED] == sorted(o.key for o in _SHARED), "the shared options by key"

#: ``--lang``: every command's last option (the API's and the page's language is each form's own field ``lang``)
_LANG = Option("lang", str, "language of messages (errors, warnings)", default="en", choices=LANGUAGES,
               commands=COMMANDS, not_on={"api": "every form's own field lang", "page": "the page's language"},
               help_for={c: "language of the text output" for c in ("standings", "check", "odds", "list")})
OPTIONS: dict[str, Option] = _declare(*_OWN, *_SHARED, _LANG)


def _given(o: Option, value: object) -> bool:
    """Whether a value of ``o`` was asked for: a flag set, a value other than the declared default."""
    return value is True if o.kind is bool else value not in (None, [], "", o.default)


def check_needed(command: str, values: Mapping[str, object], named: Callable[[Option], str] = lambda o: o.dest
                 ) -> None:
    """Refuse an option of ``command`` given (``values`` by dest) without the option it needs (:attr:`Option.needs`),
    naming both (``named``: the command line's flag, the API's field): an arbiter's option is applied or refused,
    never dropped.

    >>> check_needed("serve", {"seed": 7, "watch": "event.trf"})
    >>> try:
    ...     check_needed("serve", {"seed": 7, "watch": None}, lambda o: o.flags[0])
    ... except SpecifierError as e:
    ...     print(e.field, "|", e)
    seed | --seed needs --watch: it sets the live standings of the watched files
    """
    for o in for_command(command):
        if command in o.needs and _given(o, values.get(o.dest)):
            key, why = o.needs[command]
            needed = OPTIONS[key]
            if not _given(needed, values.get(needed.dest)):
                raise SpecifierError(Message("{} needs {}: {}", named(o), named(needed), why), field=o.dest)


def for_command(command: str) -> list[Option]:
    """The declared options of a command of the command line, by key."""
    return [o for o in OPTIONS.values() if command in o.commands]


def for_form(form: str) -> list[Option]:
    """The declared options of one of the API's forms (:data:`STANDINGS_FORM`, …)."""
    return [o for o in OPTIONS.values() if form in o.forms]


def reference_table() -> str:
    """The declared options as the command-line reference shows them (docs/reference/command-line.md): one row per
    option, its flags, commands, default, values, the API's forms and whether the page has it, and its help."""
    rows = ["| option | commands | default | values | API form | page | meaning |", "|---|---|---|---|---|---|---|"]
    for o in OPTIONS.values():
        flags = (f"`{o.dest.upper()}` (argument)" if o.positional else ", ".join(f"`{f}`" for f in o.flags)
                 if o.commands else f"(field `{o.dest}`)")
        for old in dict.fromkeys(f for fs in o.old_flags.values() for f in fs):
            flags += f" (old spelling `{old}` on {', '.join(c for c, fs in o.old_flags.items() if old in fs)})"
        values = " ".join(o.offered or o.choices) if o.offered or o.choices else _range(o) or _length(o)
        values += " or none" if o.none else ""
        default = "" if o.default is None or o.kind is bool else f"`{_plain(o.default)}`"
        cells = [flags + (" (required)" if o.required else ""), ", ".join(o.commands) or "—", default, values,
                 ", ".join(o.forms) or "—", "yes" if o.page else "—", o.help.replace("|", "\\|")]
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows) + "\n"


def _range(o: Option) -> str:
    """A number's bounds as the reference shows them (``1..``: no upper bound; the API's own bound beside)."""
    if o.kind not in (int, float) or (o.low is None and o.high is None):
        return ""
    if o.below:
        return f"at least {_plain(o.low)}, below {_plain(o.high)}"
    shown = f"{_plain(o.low) if o.low is not None else ''}..{_plain(o.high) if o.high is not None else ''}"
    return shown + (f" (API: at most {_plain(o.server_high)})" if o.server_high is not None else "")


def _length(o: Option) -> str:
    """A text's bounds on the server's faces, as the reference shows them."""
    if o.longest is None:
        return ""
    each = f"at most {o.longest} characters" + (" each" if o.many else "")
    return f"(API: {each}" + (f", at most {o.most} values)" if o.most is not None else ")")


def _plain(value: object) -> str:
    """A number as a user types it (``20``, not ``20.0``)."""
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)
