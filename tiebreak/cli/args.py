"""Typed views of the parsed command line: what each command reads from argparse's namespace, with its type.

Every option is declared once, in :mod:`tiebreak.app.declared` (its type, bounds, choices, default and help), and
the parser is made from there, so the namespace holds every value a command reads.  These views only give each
value its static type: mypy --strict checks ``args.players`` against them, which a table of declarations made at
run time cannot give.  So they hold no defaults (tests/test_declared.py checks that each field is a declared option
of its command).  The options the application layer reads (the list, rules, seed, how the file is read, …) go to it
as the options of :mod:`tiebreak.app.options`, read with the same :func:`view`; the views here hold what the command
line itself uses (files, ``-o``, ``--force``, the arbiter's tools' own options).

>>> ns = argparse.Namespace(players=6, double=True, format="text", lang="uk", output=None, force=False, command="berger")
>>> view(Berger, ns)
Berger(lang='uk', output=None, force=False, players=6, double=True, format='text')
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    View = TypeVar("View", bound=DataclassInstance)

# Each view is read once per run and never compared: ``eq=False`` makes no ``__eq__`` nor ``__hash__``, and each has a
# docstring (else dataclass reads its signature to write one): start-up, a quarter of each class's 0.5 ms (measured).

#: values of ``--team-ranking`` that name a field of the file, not a file
TEAM_FIELDS = ("federation", "fed", "club", "records")


def view(cls: type[View], ns: argparse.Namespace) -> View:
    """The fields of the dataclass ``cls`` read from the parsed command line (a field the command has no option for
    keeps its default: the application layer's options, :mod:`tiebreak.app.options`, serve several commands)."""
    return cls(**{f.name: getattr(ns, f.name) for f in fields(cls) if hasattr(ns, f.name)})


@dataclass(frozen=True, kw_only=True, eq=False)
class Command:
    """What every command has: the language of its messages (``--lang``)."""

    lang: str


@dataclass(frozen=True, kw_only=True, eq=False)
class Output(Command):
    """A command that writes its output to ``-o FILE`` (by the rules of :class:`Written`) or to standard output."""

    output: str | None
    force: bool

    def written(self, *inputs: str) -> Written:
        """Its output as :class:`Written` of the files ``inputs`` it reads (none of which it may write over)."""
        return Written(file=list(inputs), output=self.output, force=self.force, lang=self.lang)


@dataclass(frozen=True, kw_only=True, eq=False)
class Written(Command):
    """A command that writes its output to ``-o FILE`` or to standard output, and reads ``file`` (and the files its
    options name), which no output may write over."""

    file: list[str]
    output: str | None
    force: bool

    def inputs(self) -> list[str]:
        """Every file the command reads.

        >>> from tiebreak.cli import build_parser
        >>> read = lambda cls, *line: view(cls, build_parser().parse_args(line))
        >>> read(Standings, "standings", "a.trf", "--team-ranking", "clubs.csv").inputs()
        ['a.trf', 'clubs.csv']
        >>> read(Check, "check", "a.trf", "--published", "p.csv").inputs()
        ['a.trf', 'p.csv']
        """
        return [*self.file, *self.option_files()]

    def option_files(self) -> list[str]:
        return []


@dataclass(frozen=True, kw_only=True, eq=False)
class Standings(Written):
    """``tiebreak standings``: the output's folder and format, the team ranking, the play-off file."""

    out: str | None  # --out DIR: one output file per input
    format: str | None  # None: from the name given with -o, else text
    team_ranking: str | None  # a field of the file (federation, records) or a CSV file of teams
    playoff: str | None  # a play-off results file

    def option_files(self) -> list[str]:
        teams = [self.team_ranking] if self.team_ranking and self.team_ranking not in TEAM_FIELDS else []
        return teams + ([self.playoff] if self.playoff else [])


@dataclass(frozen=True, kw_only=True, eq=False)
class Check(Written):
    """``tiebreak check``: the published standings to compare with (a file each, a folder or a manifest)."""

    format: str
    published: list[str] | None  # the published standings, one file per FILE
    published_dir: str | None  # a folder's events: their published standings by name
    manifest: str | None  # a CSV of events: file, published
    jobs: int | None  # events checked at once
    outside: bool  # a folder's or manifest's events may lie outside it (links, ../ paths)

    def option_files(self) -> list[str]:
        return [*(self.published or []), *([self.manifest] if self.manifest else [])]


@dataclass(frozen=True, kw_only=True, eq=False)
class Explain(Output):
    """``tiebreak explain``: the file, and the player or the two players to explain."""

    file: str
    player: int | None
    pair: list[int] | None  # --players N M
    playoff: str | None  # a play-off results file


@dataclass(frozen=True, kw_only=True, eq=False)
class Convert(Command):
    """``tiebreak convert``: the file read and the file written."""

    source: str
    target: str
    force: bool


@dataclass(frozen=True, kw_only=True, eq=False)
class Berger(Output):
    """``tiebreak berger``: the round robin's size and whether it is double."""

    players: int
    double: bool
    format: str


@dataclass(frozen=True, kw_only=True, eq=False)
class Varma(Output):
    """``tiebreak varma``: the players' file and the lot of the Varma tables."""

    players_file: str
    seed: int
    variant: str
    format: str


@dataclass(frozen=True, kw_only=True, eq=False)
class Ratings(Output):
    """``tiebreak ratings``: the file, the rating system and its factor."""

    file: str
    system: str
    k: int | None
    after_round: int | None
    format: str | None  # text, csv, json, html; default: from the name given with -o, else text


@dataclass(frozen=True, kw_only=True, eq=False)
class Playoffs(Output):
    """``tiebreak playoffs``: the file and the places played off."""

    file: str
    places: str  # 1 or 1,2,3
    after: int
    format: str


@dataclass(frozen=True, kw_only=True, eq=False)
class Prizes(Output):
    """``tiebreak prizes``: the file, the prize list and the way prizes are shared."""

    file: str
    prizes: str  # the CSV of the prize list
    method: str
    format: str
    playoff: str | None  # a play-off results file


@dataclass(frozen=True, kw_only=True, eq=False)
class Series(Output):
    """``tiebreak series``: the events of the series and how their points are counted."""

    file: list[str]  # the events of the series
    points: str  # place:25,18,15... or score
    best: int | None  # the best K events of each player counted
    series_tiebreaks: str
    format: str


@dataclass(frozen=True, kw_only=True, eq=False)
class Odds(Output):
    """``tiebreak odds``: the file (its options are the application layer's)."""

    file: str


@dataclass(frozen=True, kw_only=True, eq=False)
class Listing(Command):
    """``tiebreak list``: which programs' names to list."""

    swiss_manager: bool
    from_chess_results: str | None


@dataclass(frozen=True, kw_only=True, eq=False)
class Serve(Command):
    """``tiebreak serve``: the server's address, what it watches and its bounds."""

    host: str
    port: int
    watch: str | None
    site: str | None
    token: str | None
    database: str | None
    tiebreaks: str | None
    preset: str | None
    rules: str
    compat: str
    unrated_rating: int | None
    system: str | None
    cumulative_half_bye: str | None
    event: int | None  # which tournament of a watched file that holds several
    points_from: str  # the points of the round results or of the points column's reading
    no_lots: bool  # the ties left shared (the arbiter's choice), else drawn by lot with the seed
    seed: int | None
    playoff: str | None  # with --watch FILE: a play-off results file beside it, watched too
    hold: float
    max_file_mb: int
    keep_versions: int
    max_streams: int
    max_streams_per_client: int
    poll_seconds: float  # a broadcast's address (--watch https://…): the least time between two requests
    player_list: str | None  # a broadcast's player list (TRF, any file read, or a CSV): --player-list, old --players
    downloads: str  # with --site: as ``site`` (the standings to download, the games, the look)
    games: str | None
    logo: str | None
    accent: str | None


@dataclass(frozen=True, kw_only=True, eq=False)
class Site(Command):
    """``tiebreak site``: the event files, the site's folder, whether to follow the files."""

    file: list[str]
    output: str
    watch: bool
    logo: str | None  # the organiser's logo and colour (tiebreak.site.look)
    accent: str | None
    series: str | None  # the series points of the events given (place:25,18,15... or score)
    series_best: int | None
    series_tiebreaks: str
    downloads: str  # the standings as files to download, or "none"
    games: str | None  # a PGN file of the event's games

