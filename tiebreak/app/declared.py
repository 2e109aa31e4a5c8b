"""Every option that more than one face offers, declared once: its type, default, bounds or choices, help text
(English here, Russian and Ukrainian in the message catalogues) and the faces that take it.  The command line's
parser (:func:`tiebreak.cli.parser.build_parser`), the API's form models (:mod:`tiebreak.web.fields`) and the page's
form (``index.html``) are made from these entries; the application layer's dataclasses (:mod:`.options`) read the
defaults from here.

One entry per option, in the order of their keys: a new option is one entry (tests/test_declared.py checks that
every face takes it with the same default and bounds, or says why not).

>>> OPTIONS["seed"].flags, OPTIONS["seed"].low, OPTIONS["team_best"].default
(('--seed',), 0, 4)
>>> [o.key for o in for_command("ratings")]
['after_round', 'event', 'k', 'points_from', 'rating_system']
>>> OPTIONS["rating_system"].dest, OPTIONS["rating_system"].flags
('system', ('--system',))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..arbiter.clubs import MAX_BEST
from ..arbiter.odds.budget import DEFAULT_BUDGET, MAX_BUDGET, MAX_SIMULATIONS
from ..arbiter.rating_report import SYSTEMS as RATING_SYSTEMS
from ..engine.conventions import CONVENTIONS
from ..engine.numbers import MAX_SEED, MAX_UNRATED_RATING
from ..engine.rules import CHECK_RULES, COMPAT_CHOICES, CUMULATIVE_HALF_BYE, RULE_CHOICES
from ..formats.text import MAX_ROUNDS

#: ``--system``: the kind of event, overriding the detection (the words a user types -> the engine's name)
SYSTEMS = {"swiss": "swiss", "rr": "round robin", "round-robin": "round robin"}
#: ``--points-from``: the points of the round ``results`` (default) or the points ``column``'s reading
POINTS_FROM = ("results", "column")
#: start numbers: far above any real event, far below what is slow to read
MAX_START_NO = 999_999
#: the commands whose standings are made by the list options (the list, rules, lots, …)
RANKING = ("standings", "explain", "check", "playoffs", "prizes", "odds", "site")
#: the commands that read a tournament file through the one loader (tiebreak.app.load), each with --event and
#: --points-from
FILE_COMMANDS = ("standings", "explain", "check", "convert", "ratings", "playoffs", "prizes", "odds", "site", "serve")
__all__ = ["DEFAULT_BUDGET", "FILE_COMMANDS", "MAX_START_NO", "OPTIONS", "POINTS_FROM", "SYSTEMS",
           "Option", "for_command", "for_form", "on_page"]
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
    metavar: str | None = None
    #: a command that says more than the one help text (its help replaces it there)
    help_for: Mapping[str, str] = field(default_factory=dict)
    #: a command that takes more choices (``check --rules`` takes the reference checker's and programs' too)
    more_choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def dest(self) -> str:
        return self.name or self.key

    @property
    def flags(self) -> tuple[str, ...]:
        return self.flag or ("--" + self.dest.replace("_", "-"),)

    def help_of(self, command: str) -> str:
        return self.help_for.get(command, self.help)


def _declare(*options: Option) -> dict[str, Option]:
    declared = {o.key: o for o in options}
    assert list(declared) == sorted(declared) and len(declared) == len(options), "one entry per option, by key"
    return declared


_NO_FILE = "the API and the page read no file by path on the server: its text is the field playoff_results"
_NO_SITE = {"api": "the API builds no website: tiebreak site and serve --site do",
            "page": "the page builds no website: tiebreak site and serve --site do"}
_NOT_ON_PAGE_ODDS = "the page asks for the odds with the list and rules of its standings; the other odds settings " \
                    "are the command line's and the API's"

OPTIONS: dict[str, Option] = _declare(
    Option("accent", str, "the organiser's colour of the header, menu and pictures (a CSS colour name or #rrggbb)",
           metavar="COLOUR", commands=("site", "serve"), not_on=_NO_SITE,
           help_for={"serve": "with --site: the organiser's colour of the site's header, menu and pictures (as 'site "
                              "--accent')"}),
    Option("after_round", int, "standings after this round", low=0, high=MAX_ROUNDS, metavar="N",
           commands=("standings", "explain", "check", "playoffs", "prizes", "odds", "ratings"),
           forms=STANDINGS_FORM + ODDS_FORM + RATINGS_FORM, page=True,
           help_for={"odds": "the odds from the standings after this round (the later rounds' games as pending)",
                     "ratings": "the rating change after this round"},
           not_on={"site": "the site shows every round"}),
    Option("budget", float, f"seconds for all the work, at most {MAX_BUDGET:g} (default {DEFAULT_BUDGET:g}): every "
                            "outcome when they fit, else a simulation stopped at the budget; none: no time limit",
           default=DEFAULT_BUDGET, low=0, high=MAX_BUDGET, none=True, commands=("odds",), metavar="SEC",
           not_on={"api": "the server chooses by the count of outcomes, never by a clock (the same answer on every "
                          "machine); its time limit bounds a worker's time",
                   "page": _NOT_ON_PAGE_ODDS}),
    Option("category", str, "add the standings of a category: rating<1600, birth>=2010, sex=w, fed=AUS, title=WGM, "
                            "unrated; conditions joined by & (repeat for several categories)",
           many=True, metavar="EXPR", commands=("standings", "site"), forms=STANDINGS_FORM, page=True),
    Option("columns", str, "player columns: auto (title, fed, rating where the file has them), none, or a list of "
                           "title,fed,rating,club,sex,birth,perf,change",
           default="auto", commands=("standings", "site"), forms=STANDINGS_FORM, page=True),
    Option("compat", str, "text: our reading of C.07 (default); reference: the FIDE reference checker's choices where "
                          "it reads the text otherwise (docs/known-differences.md K1-K3); letter: the 2023 Art. 15.2 "
                          "to the letter (round-robin forfeits count for the rating tie-breaks)",
           default="text", choices=COMPAT_CHOICES, commands=RANKING, forms=STANDINGS_FORM + ODDS_FORM, page=True),
    Option("cumulative_half_bye", str, "cumulative score (US-CUM, RU-CUM): deduct a half-point bye's 1/2 or keep it "
                                       "(default: the rule set's: uscf keeps it, USCF 34E3; ru deducts it, Russian "
                                       "practice)",
           choices=CUMULATIVE_HALF_BYE, commands=("standings", "explain", "playoffs", "prizes", "site"),
           forms=STANDINGS_FORM, page=True,
           not_on={"check": "check compares every rule set, each with its own default"}),
    Option("details", bool, "JSON: add each value's per-round record ('details')", default=False,
           commands=("standings",), forms=STANDINGS_FORM,
           not_on={"page": "the page asks for the details when it explains a value"}),
    Option("downloads", str, "the standings as files to download from the standings page: pdf (needs Chromium), "
                             "xlsx, trf, comma-separated, or none (default: xlsx,trf; the PDF takes seconds a "
                             "language)",
           default="xlsx,trf", metavar="LIST", commands=("site", "serve"), not_on=_NO_SITE,
           help_for={"serve": "with --site: the standings as files to download from the site's standings page (as "
                              "'site --downloads')"}),
    Option("draw_rate", float, "elo model: draw probability of equal players (default: the event's share of draws)",
           low=0, high=1, commands=("odds",), forms=ODDS_FORM, not_on={"page": _NOT_ON_PAGE_ODDS}),
    Option("event", int, "which tournament of a file that holds several (a Sharly Chess event: Sharly's tournament "
                         "number); without it such a file lists them",
           low=1, high=10**12, metavar="N", commands=FILE_COMMANDS, forms=STANDINGS_FORM + ODDS_FORM + RATINGS_FORM,
           page=True),
    Option("exact", bool, "enumerate every outcome (refused when they do not fit in the budget; see --budget none)",
           default=False, commands=("odds",),
           not_on={"api": "the server chooses by the count: every outcome when there are no more than a simulation "
                          "would draw, else that simulation",
                   "page": _NOT_ON_PAGE_ODDS}),
    Option("fix", str, "fix a pending game's result, e.g. 12-7=1-0 or 13:12-7=1/2 (round 13); repeatable",
           many=True, metavar="W-B=RESULT", commands=("odds",), forms=ODDS_FORM, not_on={"page": _NOT_ON_PAGE_ODDS}),
    Option("games", str, "the event's games: each opens in a board viewer linked from the round pages and the "
                         "players' cards (needs python-chess: the live extras)",
           metavar="FILE.pgn", commands=("site", "serve"), not_on=_NO_SITE,
           help_for={"serve": "with --site: the events' games (a PGN), each opening in a board viewer on the site (as "
                              "'site --games'); read again at an event's next change"}),
    Option("k", int, "K factor for everybody (default: from the rating)", low=1, high=100, commands=("ratings",),
           forms=RATINGS_FORM, page=True),
    Option("logo", str, "the organiser's logo on every page (PNG, JPEG or SVG without scripts, at most 512 KB; "
                        "copied into the site)",
           metavar="FILE", commands=("site", "serve"), not_on=_NO_SITE,
           help_for={"serve": "with --site: the organiser's logo on every page of the site (as 'site --logo')"}),
    Option("method", str, "how tied players share the prizes of their places: shared (added up and divided), hort "
                          "(half shared, half by the tie-break order) or tiebreak (by the tie-break order)",
           default="shared", choices=("shared", "hort", "tiebreak"), commands=("prizes",), forms=("prizes",),
           page=True),
    Option("model", str, "equal: every result 1/3; elo: Davidson's draw model on the ratings and colour",
           default="equal", choices=("equal", "elo"), commands=("odds",), forms=ODDS_FORM,
           not_on={"page": _NOT_ON_PAGE_ODDS}),
    Option("no_lots", bool, "leave remaining ties unbroken (shared ranks)", default=False,
           commands=("standings", "explain", "playoffs", "prizes", "site"), forms=STANDINGS_FORM, page=True,
           not_on={"check": "check compares the published order, lots included"}),
    Option("odds_places", int, "the chance of finishing in the top K (default 3)", name="places", default=3, low=1,
           high=MAX_START_NO, commands=("odds",), forms=ODDS_FORM, not_on={"page": _NOT_ON_PAGE_ODDS}),
    Option("odds_player", int, "start number (a team's number in a team event): the minimal sets of results that "
                               "make them first",
           name="player", low=1, high=MAX_START_NO, commands=("odds",), forms=ODDS_FORM,
           not_on={"page": _NOT_ON_PAGE_ODDS}),
    Option("players", bool, "in a team event, rank the individual players instead", default=False,
           commands=("standings", "check", "odds"), forms=STANDINGS_FORM + ODDS_FORM,
           help_for={"check": "in a team event, check the players' standings",
                     "odds": "in a team event, the players' odds instead of the teams'"},
           not_on={"page": "a team event's page shows the teams; the command line and the API rank the players"}),
    Option("players_individual", bool, "in a team event, the players instead of the teams", name="players",
           flag=("--individual",), default=False, commands=("explain", "playoffs", "prizes"),
           help_for={"explain": "in a team event, N is a player's start number (default: a team number)"},
           not_on={"api": "the API's forms take the field players", "page": "as the field players"}),
    Option("playoff", str, "a play-off results file: the tied players placed by its games (Arbiters' Manual 13.2; "
                           "see 'play-off results' in the guide)",
           metavar="FILE", commands=("standings", "prizes", "site", "serve"), not_on={"api": _NO_FILE, "page": _NO_FILE},
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
           forms=STANDINGS_FORM, page=True, not_on={"cli": "the command line reads the file: --playoff FILE"}),
    Option("points_from", str, "results: the points of the round results (default); column: the points column's "
                               "reading where the file's points column and its results disagree",
           default="results", choices=POINTS_FROM, commands=FILE_COMMANDS,
           forms=STANDINGS_FORM + ODDS_FORM + RATINGS_FORM, page=True),
    Option("preset", str, "a ready-made list (see 'tiebreak presets'); --tiebreaks and --rules override it",
           commands=(*RANKING, "series"), forms=STANDINGS_FORM + ODDS_FORM, page=True,
           help_for={"series": "each event's tie-break list (default: the file's)"}),
    Option("rating_system", str, "the rating system: fide or ru (the rating change), harkness or uscf (the "
                                 "performance)",
           name="system", default="fide", choices=RATING_SYSTEMS, commands=("ratings",), forms=RATINGS_FORM,
           page=True),
    Option("rules", str, "rule set (auto: the FIDE edition by start date; fide-2009 = Arbiters' Manual Art. 13, "
                         "legacy = fide-2009; uscf; ru)",
           default="auto", choices=RULE_CHOICES, commands=(*RANKING, "series", "serve"),
           forms=STANDINGS_FORM + ODDS_FORM, page=True, more_choices={"check": (*CHECK_RULES, *CONVENTIONS)},
           help_for={"check": "the announced rule set (auto: the FIDE edition by start date)"}),
    Option("seed", int, "seed of the lots (default: the event's own, from its name and players: the same in every "
                        "run)",
           low=0, high=MAX_SEED, commands=("standings", "explain", "playoffs", "prizes", "odds", "site"),
           forms=STANDINGS_FORM + ODDS_FORM, page=True,
           help_for={"odds": "seed of the lots and of a simulation (default: the event's own: the same in every run)"},
           not_on={"check": "check compares the published order, lots included"}),
    Option("simulations", int, "simulate this many outcomes instead (at most 1000000)", low=1, high=MAX_SIMULATIONS,
           commands=("odds",), forms=ODDS_FORM, not_on={"page": _NOT_ON_PAGE_ODDS}),
    Option("system", str, "override Swiss/round-robin detection", choices=tuple(SYSTEMS),
           commands=RANKING, forms=STANDINGS_FORM + ODDS_FORM, page=True),
    Option("team_best", int, "players counted per team (default 4)", default=4, low=1, high=MAX_BEST,
           commands=("standings", "site"), forms=STANDINGS_FORM, page=True),
    Option("team_ranking", str, "add a team ranking of this individual event: federation, records (TRF 013/310 "
                                "teams) or a CSV file of 'start number, team' lines",
           metavar="BY", offered=("federation", "records"), commands=("standings", "site"), forms=STANDINGS_FORM,
           page=True),
    Option("team_tiebreaks", str, "team tie-breaks: TC (Team Cumulative), CUM, or codes of the individual list summed "
                                  "over the players counted (default TC)",
           commands=("standings", "site"), forms=STANDINGS_FORM, page=True),
    Option("tiebreaks", str, "ordered list, e.g. 'PTS,BH/C1,BH,SB' (default: the file's 202/212 record, else a FIDE "
                             "default)",
           flag=("--tiebreaks", "-t"), commands=(*RANKING, "series", "serve"), forms=STANDINGS_FORM + ODDS_FORM,
           page=True,
           help_for={"check": "the announced list (default: the published columns)",
                     "series": "each event's tie-break list (default: the file's)",
                     "serve": "tie-break list of the live events (default: each file's own)"}),
    Option("unrated_rating", int, "rating for unrated players in rating tie-breaks", low=0, high=MAX_UNRATED_RATING,
           metavar="R", commands=("standings", "explain", "check", "playoffs", "prizes", "odds", "site"),
           forms=STANDINGS_FORM + ODDS_FORM, page=True,
           help_for={"odds": "rating for unrated players in rating tie-breaks and in the elo model"}),
    Option("white_advantage", float, "elo model: White's edge in rating points", default=35, low=-1000, high=1000,
           commands=("odds",), forms=ODDS_FORM, not_on={"page": _NOT_ON_PAGE_ODDS}),
)


def for_command(command: str) -> list[Option]:
    """The declared options of a command of the command line, by key."""
    return [o for o in OPTIONS.values() if command in o.commands]


def for_form(form: str) -> list[Option]:
    """The declared options of one of the API's forms (:data:`STANDINGS_FORM`, …)."""
    return [o for o in OPTIONS.values() if form in o.forms]


def on_page() -> dict[str, Option]:
    """The options of the page's form, by their field name."""
    return {o.dest: o for o in OPTIONS.values() if o.page}


def reference_table() -> str:
    """The declared options as the command-line reference shows them (docs/reference/command-line.md): one row per
    option, its flags, commands, default, values, the API's forms and whether the page has it, and its help."""
    rows = ["| option | commands | default | values | API form | page | meaning |", "|---|---|---|---|---|---|---|"]
    for o in OPTIONS.values():
        flags = ", ".join(f"`{f}`" for f in o.flags) if o.commands else f"(field `{o.dest}`)"
        values = (" ".join(o.offered or o.choices) if o.offered or o.choices
                  else f"{_plain(o.low)}..{_plain(o.high)}" if o.kind in (int, float) else "")
        values += " or none" if o.none else ""
        default = "" if o.default is None or o.kind is bool else f"`{_plain(o.default)}`"
        cells = [flags, ", ".join(o.commands) or "—", default, values, ", ".join(o.forms) or "—",
                 "yes" if o.page else "—", o.help.replace("|", "\\|")]
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows) + "\n"


def _plain(value: object) -> str:
    """A number as a user types it (``20``, not ``20.0``)."""
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)
