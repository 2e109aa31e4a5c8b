"""Typed views of the parsed command line: what each command reads from argparse's namespace, with its type.

The options the application layer reads (the list, rules, seed, how the file is read, …) go to it as the options
of :mod:`tiebreak.app.options`, read with the same :func:`view`; the views here hold what the command line itself
uses (files, ``-o``, ``--force``, the arbiter's tools' own options).

>>> ns = argparse.Namespace(players=6, double=True, format="text", lang="uk", command="berger")
>>> view(Berger, ns)
Berger(lang='uk', players=6, double=True, format='text')
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    View = TypeVar("View", bound=DataclassInstance)

#: values of ``--team-ranking`` that name a field of the file, not a file
TEAM_FIELDS = ("federation", "fed", "club", "records")


def view(cls: type[View], ns: argparse.Namespace) -> View:
    """The fields of the dataclass ``cls`` read from the parsed command line; a field the command has no option for
    keeps its default (a field without a default must be an option of the command)."""
    return cls(**{f.name: getattr(ns, f.name) for f in fields(cls) if hasattr(ns, f.name)})


@dataclass(frozen=True, kw_only=True)
class Command:
    """What every command has: the language of its messages (``--lang``)."""

    lang: str = "en"


@dataclass(frozen=True, kw_only=True)
class Written(Command):
    """A command that writes its output to ``-o FILE`` or to standard output, and reads ``file`` (and the files its
    options name), which no output may write over."""

    file: list[str]
    output: str | None = None
    force: bool = False

    def inputs(self) -> list[str]:
        """Every file the command reads.

        >>> Standings(file=["a.trf"], team_ranking="clubs.csv").inputs(), Check(file=["a.trf"]).inputs()
        (['a.trf', 'clubs.csv'], ['a.trf'])
        """
        return [*self.file, *self.option_files()]

    def option_files(self) -> list[str]:
        return []


@dataclass(frozen=True, kw_only=True)
class Standings(Written):
    out: str | None = None  # --out DIR: one output file per input
    format: str | None = None  # None: from the name given with -o, else text
    team_ranking: str | None = None  # a field of the file (federation, records) or a CSV file of teams
    playoff: str | None = None  # a play-off results file

    def option_files(self) -> list[str]:
        teams = [self.team_ranking] if self.team_ranking and self.team_ranking not in TEAM_FIELDS else []
        return teams + ([self.playoff] if self.playoff else [])


@dataclass(frozen=True, kw_only=True)
class Check(Written):
    format: str = "text"
    published: list[str] | None = None  # the published standings, one file per FILE
    published_dir: str | None = None  # a folder's events: their published standings by name
    manifest: str | None = None  # a CSV of events: file, published
    jobs: int | None = None  # events checked at once
    outside: bool = False  # a folder's or manifest's events may lie outside it (links, ../ paths)

    def option_files(self) -> list[str]:
        return [*(self.published or []), *([self.manifest] if self.manifest else [])]


@dataclass(frozen=True, kw_only=True)
class Explain(Command):
    file: str
    player: int | None = None
    pair: list[int] | None = None  # --players N M


@dataclass(frozen=True, kw_only=True)
class Convert(Command):
    source: str
    target: str
    force: bool = False


@dataclass(frozen=True, kw_only=True)
class Berger(Command):
    players: int
    double: bool = False
    format: str = "text"


@dataclass(frozen=True, kw_only=True)
class Varma(Command):
    players_file: str
    seed: int
    variant: str = "s000"
    format: str = "text"


@dataclass(frozen=True, kw_only=True)
class Ratings(Command):
    file: str
    system: str = "fide"
    k: int | None = None
    after_round: int | None = None
    format: str | None = None  # text, csv, json, html; default: from the name given with -o, else text
    output: str | None = None
    force: bool = False


@dataclass(frozen=True, kw_only=True)
class Playoffs(Command):
    file: str
    places: str = "1"  # 1 or 1,2,3
    after: int = 0
    format: str = "text"


@dataclass(frozen=True, kw_only=True)
class Prizes(Command):
    file: str
    prizes: str  # the CSV of the prize list
    method: str = "shared"
    format: str = "text"


@dataclass(frozen=True, kw_only=True)
class Series(Command):
    file: list[str]  # the events of the series
    points: str  # place:25,18,15... or score
    best: int | None = None  # the best K events of each player counted
    series_tiebreaks: str = "BEST,EVENTS"
    format: str = "text"


@dataclass(frozen=True, kw_only=True)
class Odds(Command):
    file: str


@dataclass(frozen=True, kw_only=True)
class Listing(Command):
    swiss_manager: bool = False
    from_chess_results: str | None = None


@dataclass(frozen=True, kw_only=True)
class Serve(Command):
    host: str = "127.0.0.1"
    port: int = 8000
    watch: str | None = None
    site: str | None = None
    token: str | None = None
    database: str | None = None
    tiebreaks: str | None = None
    rules: str = "auto"
    event: int | None = None  # which tournament of a watched file that holds several
    points_from: str = "results"  # the points of the round results or of the points column's reading
    playoff: str | None = None  # with --watch FILE: a play-off results file beside it, watched too
    hold: float = 5.0
    max_file_mb: int = 16
    keep_versions: int = 1000
    max_streams: int = 5000
    max_streams_per_client: int = 50
    poll_seconds: float = 1.0  # a broadcast's address (--watch https://…): the least time between two requests
    players: str | None = None  # a broadcast's player list (TRF, any file read, or a CSV)
    downloads: str = "xlsx,trf"  # with --site: as ``site`` (the standings to download, the games, the look)
    games: str | None = None
    logo: str | None = None
    accent: str | None = None


@dataclass(frozen=True, kw_only=True)
class Site(Command):
    """``tiebreak site``: the event files, the site's folder, whether to follow the files."""

    file: list[str]
    output: str
    watch: bool = False
    logo: str | None = None  # the organiser's logo and colour (tiebreak.site.look)
    accent: str | None = None
    series: str | None = None  # the series points of the events given (place:25,18,15... or score)
    series_best: int | None = None
    series_tiebreaks: str = "BEST,EVENTS"
    downloads: str = "xlsx,trf"  # the standings as files to download, or "none"
    games: str | None = None  # a PGN file of the event's games
