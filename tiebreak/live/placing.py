"""One live event's places from version to version: each version ranked (:func:`tiebreak.app.live.rank_version`: the
players', a team event's teams beside them, :mod:`tiebreak.live.teams`), each row's place state (settled, playing,
moved since the version before and since the round began: :func:`~tiebreak.live.pending.place_states`), the round's
pairings in the board order kept (:class:`~tiebreak.live.grid.Boards`), and the crosstable of the version served."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..app.live import PreviousRound, rank_players, rank_version
from ..engine.errors import InputWarning
from ..engine.model import Kind, Tournament
from ..engine.ranking import lot_marked, written_places
from ..views import crosstable as cross_view
from .grid import Boards
from .pending import AsItStands, place_states
from .settings import Settings
from .teams import LiveTeams, TeamView

if TYPE_CHECKING:
    from ..engine.standings import Standings
    from ..engine.team import TeamStandings
    from .history import PlaceRow


def _ranks_of(s: Standings) -> dict[int, int]:
    """Start number -> rank in ``s``."""
    return {r.start_no: r.rank for r in s.rows}


def _counted(s: Standings) -> tuple[int, frozenset[int], frozenset[int]]:
    """The rounds ``s`` counts (the crosstable's columns, as on the website and in the downloads), the start
    numbers a lot placed and those the play-off placed (their places marked, as on every face)."""
    return s.after_round, frozenset(r.start_no for r in s.rows if r.lot is not None), frozenset(s.decided)


class Placing:
    """The places of the event ``name``: the ranks of the last good version (the arrows of the next), the standings
    after the round before the one in play, the round's board order and a team event's teams kept from version to
    version; and what the crosstable of the version served needs (its points texts, rounds counted, lots and
    play-off places)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.ranks: dict[int, int] = {}  # start number (team number in a team event) -> rank in the last good version
        self.teams: LiveTeams | None = None  # a team event: its teams
        self._player_ranks: dict[int, int] = {}  # a team event: its players' ranks (``?players=1``)
        self._team_standings: TeamStandings | None = None
        self._points: dict[int, str] = {}
        #: the players' standings: rounds, lots drawn, places the play-off decided
        self._counted: tuple[int, frozenset[int], frozenset[int]] = (0, frozenset(), frozenset())
        self._previous_round: PreviousRound[Standings] = PreviousRound()  # the standings before the round in play
        self._boards = Boards()  # the round's board order, kept while its pairs and the standings before it stay

    def restore(self, doc: dict[str, Any]) -> None:
        """The ranks, points and counts of a version kept in the database (``doc``: its document, numbers as text)."""
        self.ranks = {int(r["start_no"]): int(r["rank"]) for r in doc["standings"]}
        self._points = {int(r["start_no"]): r["points"] for r in doc["standings"]}
        self._counted = (int(doc["tournament"]["after_round"]), frozenset(  # a team event's players: ranked again
            int(r["start_no"]) for r in doc["standings"] if r.get("lot") not in (None, "null")), frozenset(
            int(r["start_no"]) for r in doc["standings"] if r.get("playoff") in (True, "true")))

    def rank(self, st: Settings, live: AsItStands, playoff: bytes,
             warnings: list[InputWarning]) -> tuple[Standings, TeamView | None]:
        """The standings of this version (:func:`tiebreak.app.live.rank_version`: the players'; a team event's teams
        ranked beside them, with their place states): (the players' standings, the teams' view of a team event)."""
        v = rank_version(st, live.tournament, len(live.pending), playoff, warnings, st.playoff or "play-off", self.name)
        if v.teams is None or v.boards_pending is None:
            return v.players, None
        self.teams = self.teams or LiveTeams(self.ranks)  # restarted: the arrows from the kept ranks
        return v.players, self.teams.rank(live, v.teams, v.boards_pending, *v.team_list, (not st.no_lots, st.seed))

    def places(self, s: Standings, live: AsItStands, st: Settings,
               team: bool) -> tuple[dict[str, list[Any]], list[PlaceRow], int]:
        """Each row's place state in standings order, the members the document adds to its rows (``settled``,
        ``playing``, ``moved``: places gained since the previous version, ``since_round``: since the previous round;
        the ``playoff`` mark is the standings row's), the rows the history keeps, and how many players moved
        (``team``: the players of a team event, moved since its players' version before)."""
        t = live.tournament
        points, den = s.score.num, s.score.den
        gain = (t.kind == Kind.UNKNOWN).sum(axis=1) * int(t.score_system.win * den)
        texts = s.score.texts(undefined="null")  # every score is defined
        order = [r.index for r in s.rows]
        numbers = [t.players[i].start_no for i in order]
        ranks = [r.rank for r in s.rows]
        old = self._player_ranks if team else self.ranks
        state = place_states(points, gain, order, numbers, ranks, old, self._round_ranks(live, s, st))
        points_ = [texts[i] for i in order]
        extras: dict[str, list[Any]] = {"settled": state.settled, "playing": state.playing, "moved": state.moved,
                                        "since_round": state.since_round}
        written = [lot_marked(place, r.lot is not None, r.start_no in s.decided)  # as every face: 7-8, 7*, 1‡
                   for place, r in zip(written_places(ranks), s.rows)]
        rows = list(zip(numbers, ranks, points_, state.settled, state.moved, written))
        self._points = dict(zip(numbers, points_))
        return extras, rows, sum(1 for m in state.moved if m)

    def _round_ranks(self, live: AsItStands, s: Standings, st: Settings) -> dict[int, int]:
        """Ranks after the previous round (the arrows since it began; its boards), remade when an earlier round changed."""
        t = s.tournament  # a team event: its players, ranked by the players' list
        prev = self._previous_round.after(live.round - 1, (t.kind, t.opponent), st,
                                          lambda k: rank_players(st, t, k, s.system))
        return {} if prev is None else {r.start_no: r.rank for r in prev.rows}

    def pairings(self, live: AsItStands) -> list[dict[str, Any]]:
        """The round in play's pairings, in the board order kept (:meth:`tiebreak.live.grid.Boards.pairings`)."""
        return self._boards.pairings(live.tournament, live.round, self._previous_round.standings)

    def keep(self, s: Standings, view: TeamView | None) -> None:
        """The version ``s`` published (``view``: a team event's teams): its ranks are the last good version's."""
        self._counted = _counted(s)
        if view is None:
            self.ranks, self._team_standings = _ranks_of(s), None
        else:
            self._player_ranks, self._team_standings = _ranks_of(s), view.standings
            self.ranks = {r[0]: r[1] for r in view.rows}

    def rounds_in_order(self, t: Tournament, players: bool) -> list[dict[str, Any]]:
        """Every player's rounds of ``t`` (the version served) in standings order: opponent, colour and result
        (``*`` being played); in a team event every team's matches (unless ``players``)."""
        if self._team_standings is not None and not players:
            return cross_view.of_teams(self._team_standings).json_rows()  # the rounds the standings count
        ranks = self.ranks if self._team_standings is None else self._player_ranks
        return cross_view.of_ranks(t, ranks, self._points, *self._counted).json_rows()
