"""The event's website (``tiebreak site``, ``serve --site``): its file read by the one loader, the standings after
every round played (the players', and a team event's teams'), drawn with the event's one seed, the play-off and the
odds, computed here as every other face computes them; :mod:`tiebreak.site` only shows them.

>>> from tiebreak.app.options import Options
>>> o = Options()
>>> t = read(o, "examples/hobsons-bay-cup-2025.trf", [])
>>> seed = event_seed(o, t)
>>> after = players_after(replace(o, seed=seed), "examples/hobsons-bay-cup-2025.trf", t, [])
>>> [s.after_round for s in after], after[-1].rows[0].start_no      # published by Vega: no. 7 first
([1, 2, 3, 4, 5, 6, 7], 7)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from ..arbiter.playoff_results import Decision, PlayoffResults
from ..arbiter.rating_report import RatingRow, rating_report
from ..engine.errors import InputWarning
from ..engine.model import Kind, Tournament
from ..engine.standings import Standings, tournament_seed
from ..engine.team import TeamStandings, TeamTournament
from ..views.matches import team_boards
from ..views.odds import PlaceChances, of_odds
from .load import load
from .odds import ranked_odds
from .options import Options
from .playoffs import playoff_played
from .standings import individual_standings, ranks_teams, team_standings

__all__ = ["board_performances", "boards_options", "card_ratings", "event_odds", "event_seed", "players_after",
           "players_playoff", "ranks_teams", "read", "teams_after", "teams_playoff", "without_playoff"]

#: a play-off played: its stages and games, its decisions and their notes (:func:`tiebreak.app.playoffs.playoff_played`)
Played = tuple[PlayoffResults, list[Decision], list[str]]


def read(o: Options, path: str, warnings: list[InputWarning]) -> Tournament:
    """The event's file read by the one loader (:func:`tiebreak.app.load.load`), as ``tiebreak standings`` and the
    live standings read it."""
    return load(o, path, warnings)


def event_seed(o: Options, t: Tournament) -> int:
    """The seed of the lots of every round: the one asked for, else the event's own
    (:func:`tiebreak.engine.standings.tournament_seed`, the one ``tiebreak standings`` draws with), in
    ``version.json``."""
    return o.seed if o.seed is not None else tournament_seed(t)


def players_after(o: Options, path: str, t: Tournament, warnings: list[InputWarning],
                  previous: Sequence[Standings] = (), same_before: int = 0) -> list[Standings]:
    """The players' standings of ``t`` (a team event's: of every board) after each round played, the current ones
    last (one, after no round, before the first is played), under ``o`` (its seed the event's); ``previous``: those
    of an earlier version of the file whose players and rounds 1..``same_before`` are unchanged, whose standings
    after those rounds are taken (they depend on nothing else)."""
    current = individual_standings(replace(o, after_round=None), path, warnings, t)
    played = current.after_round
    if not played:
        return [current]
    if not previous or previous[-1].after_round != played:
        same_before = 0
    return [previous[k - 1] if k <= same_before else individual_standings(replace(o, after_round=k), path, [], t)
            for k in range(1, played)] + [current]


def teams_after(o: Options, t: Tournament, warnings: list[InputWarning]) -> list[TeamStandings]:
    """The teams' standings of ``t`` after each round played, the current ones last (``o``: the teams' options, a
    play-off's included)."""
    current = team_standings(replace(o, after_round=None), t, warnings)
    after = [team_standings(replace(o, after_round=k), t, []) for k in range(1, current.after_round)]
    return [*after, current] if current.after_round else [current]


def boards_options(o: Options) -> Options:
    """The options of a team event's players (every board's standings on its site): the list and preset given are
    the teams' (as ``tiebreak standings`` of a team file reads them), so the players keep the file's own individual
    list, as the live standings rank them; the play-off is between teams.

    >>> b = boards_options(Options(tiebreaks="MP,GP", preset="fide-team", seed=5))
    >>> b.tiebreaks, b.preset, b.seed
    (None, None, 5)
    """
    return replace(without_playoff(o), tiebreaks=None, preset=None)


def without_playoff(o: Options) -> Options:
    """The options ``o`` without the play-off (the standings the tie-breaks give)."""
    return replace(o, playoff=None, playoff_results=None)


def players_playoff(o: Options, path: str, t: Tournament) -> Played | None:
    """The play-off of the players (:func:`tiebreak.app.playoffs.playoff_played`; None without ``--playoff``)."""
    if not (o.playoff or o.playoff_results):
        return None
    return playoff_played(o, individual_standings(without_playoff(o), path, [], t))


def teams_playoff(o: Options, t: Tournament) -> Played | None:
    """The play-off of a team event's teams (None without ``--playoff``)."""
    if not (o.playoff or o.playoff_results):
        return None
    return playoff_played(o, team_standings(without_playoff(o), t, []))


def event_odds(o: Options, t: Tournament, seed: int, team: bool) -> PlaceChances:
    """Who can still win (every outcome or a seeded simulation of a fixed number of them, chosen as every face
    chooses them, :mod:`tiebreak.arbiter.odds.run`: by the counts alone, never by the clock), as the one odds view
    every face renders: the players, or in a team event the teams (``t`` the file as read, ranked by the team
    standings, as ``tiebreak odds`` on it)."""
    return of_odds(ranked_odds(o, t, team, seed=seed))


def card_ratings(t: Tournament, played: int, rows: list[int] | None = None) -> dict[int, RatingRow]:
    """The rating report's rows (FIDE, :func:`tiebreak.arbiter.rating_report.rating_report`) after ``played`` rounds
    by start number, as the players' cards show them: every player's, or only those of the players at ``rows``, from
    a grid of theirs and their opponents' (a row depends on the player's games and the opponents' ratings alone; the
    opponents' own rows are not kept)."""
    if rows is None:
        return {row.start_no: row for row in rating_report(t, "fide", rounds=played)}
    keep = sorted(set(rows) | {int(o) for i in rows for o in t.opponent[i, :played] if o >= 0})
    at = {old: new for new, old in enumerate(keep)}
    opponent = np.full((len(keep), played), -1, t.opponent.dtype)
    kind = np.full((len(keep), played), int(Kind.ABSENT), t.kind.dtype)
    for i in rows:
        opponent[at[i]] = [at[int(o)] if o >= 0 else -1 for o in t.opponent[i, :played]]
        kind[at[i]] = t.kind[i, :played]
    sub = Tournament([t.players[i] for i in keep], opponent, kind, np.zeros_like(kind))
    wanted = {t.players[i].start_no for i in rows}
    return {row.start_no: row for row in rating_report(sub, "fide") if row.start_no in wanted}


def board_performances(tt: TeamTournament, t: Tournament, played: int) -> dict[int, dict[int, int | None]]:
    """Board -> start number -> a team event's player's performance over the games played on that board, as the
    website's board rankings show it: the rating report's (:func:`tiebreak.arbiter.rating_report.rating_report`,
    FIDE: the average rating of the opponents + dp) of the grid that keeps only that board's games (None without a
    rated game); ``t``: the players' event (its boards in each team's list order,
    :func:`tiebreak.views.matches.team_boards`), ``played``: the rounds played."""
    g = tt.games
    on: dict[int, np.ndarray] = {}
    for r in range(played):
        for team in tt.teams:
            for board, (sno, opponent, _, _) in enumerate(team_boards(tt, t, r + 1, team.number), 1):
                if opponent is not None:
                    on.setdefault(board, np.zeros((len(g.players), played), bool))[g.row(sno), r] = True
    out = {}
    for board, mask in on.items():
        sub = Tournament(g.players, np.where(mask, g.opponent[:, :played], -1),
                         np.where(mask, g.kind[:, :played], int(Kind.ABSENT)), np.zeros_like(g.kind[:, :played]))
        out[board] = {row.start_no: row.performance for row in rating_report(sub, "fide")}
    return out
