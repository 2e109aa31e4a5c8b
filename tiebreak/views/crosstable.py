"""The crosstable of an individual event, one view for every face: the rows in standings order, each round's opponent
with the number the cell shows, the colour and the result kind; a round robin's square (columns in standings order).

One numbering rule: a cell shows the opponent's **place** (its rank in the standings the rows are in), and a square's
columns are the rows' places; the legend says so, in the text, the PDF, the website and the live screen alike, for
players and teams.  A team round robin is a square too: each cell the row's team's matches against the column's, their
match points and game points.

>>> from tiebreak import compute_standings, trf
>>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", seed=1)
>>> view = of_standings(s)
>>> row = view.rows[0]
>>> row.start_no, row.place, row.points, [(c.opponent, c.number, c.colour, c.kind.name) for c in row.cells[:2]]
(7, '1', '6', [(19, 12, 'b', 'WIN'), (14, 7, 'w', 'WIN')])

(The file's record of No. 7: ``19 b 1  14 w 1 ...``; Nos. 19 and 14 finish 12th and 7th.)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Container, Iterable

import numpy as np

from ..engine.model import Kind, Tournament, format_number
from ..engine.ranking import lot_marked, place_texts
from ..engine.standings import Standings
from ..engine.team import TeamStandings

#: the columns before the rounds, in the one order of every face (the text, the downloads, the site and the live
#: screen, players and teams): place, start number (left out on a phone, as the standings' number), name, points
HEAD_COLUMNS = ("rank", "number", "name", "points")
#: the live API's code of a crosstable cell's result (``*`` being played), kept for programs reading it
CODE = {Kind.WIN: "1", Kind.DRAW: "½", Kind.LOSS: "0", Kind.WIN_SHORT: "1", Kind.DRAW_SHORT: "½", Kind.LOSS_SHORT: "0",
        Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-", Kind.DOUBLE_FORFEIT: "-", Kind.PAB: "U", Kind.FPB: "F",
        Kind.HPB: "H", Kind.ZPB: "Z", Kind.ABSENT: "", Kind.UNKNOWN: "*"}
#: a code read back into its kind (the first kind of each code: ``1`` a win)
KINDS = {code: kind for kind, code in reversed(CODE.items())}
_COLOUR = {1: "w", -1: "b"}


@dataclass(frozen=True, slots=True)
class Cell:
    """One round of a row: the opponent's start number and place (``number``, what the cell shows; None without an
    opponent), the colour (``w``, ``b`` or None) and the result (``Kind.UNKNOWN``: paired, being played)."""

    opponent: int | None
    number: int | None
    colour: str | None
    kind: Kind
    #: a team match: the team's game points in it as text ("*" being played, "" without a match); None for a game
    points: str | None = None
    #: a team match: the team's match points in it as text, as ``points``; None for a game
    match_points: str | None = None


@dataclass(frozen=True, slots=True)
class Row:
    """One participant: start number, name, rank and the place as written (``5-9`` shared: the standings view's
    :attr:`~tiebreak.views.standings.StandingsRow.place`), points as text, whether a lot placed it, one cell per
    round and whether the play-off placed it; :attr:`written` is the place as every face shows it (``40*`` placed by
    lot, ``1‡`` by the play-off)."""

    start_no: int
    name: str
    rank: int
    place: str
    points: str
    lot: bool
    cells: tuple[Cell, ...]
    playoff: bool = False

    @property
    def written(self) -> str:
        """The place as every face shows it: ``5-9`` shared, ``40*`` placed by lot, ``1‡`` by the play-off (as
        :attr:`tiebreak.views.standings.StandingsRow.written`)."""
        return lot_marked(self.place, self.lot, self.playoff)


@dataclass(frozen=True)
class Crosstable:
    """Every participant's rounds in standings order; ``square``: a round robin shown as a square; ``teams``: a team
    event's matches (each cell holds the team's game points); ``seed``: the seed of the lots that placed a row (the
    legend says it beside the lot's mark); ``primary``: a team event's primary score, ``MP`` or ``GP``, its points
    column (the legend names it on every face)."""

    square: bool
    rounds: int
    rows: list[Row]
    teams: bool = False
    seed: int | None = None
    primary: str = ""

    @property
    def lots(self) -> bool:
        """Whether a lot placed some row (its place marked, :attr:`Row.written`)."""
        return any(r.lot for r in self.rows)

    @property
    def playoff(self) -> bool:
        """Whether the play-off placed some row (its place marked, :attr:`Row.written`)."""
        return any(r.playoff for r in self.rows)

    @property
    def kinds(self) -> set[Kind]:
        """The result kinds the table shows (its legend names them)."""
        return {c.kind for r in self.rows for c in r.cells}

    def grid(self, row: Row) -> list[list[Cell] | None]:
        """A square's row: per column (the participants in standings order) the rounds against that opponent in
        round order (two in a double round robin), None on the diagonal."""
        order = {r.start_no: n for n, r in enumerate(self.rows)}
        out: list[list[Cell] | None] = [[] for _ in self.rows]
        for c in row.cells:
            if c.opponent is not None and c.opponent in order:
                cell = out[order[c.opponent]]
                assert cell is not None, "nobody plays himself"
                cell.append(c)
        out[order[row.start_no]] = None
        return out

    def json_rows(self) -> list[dict[str, Any]]:
        """The rows as the live API gives them: rank, start number, name, points, ``lot`` (a lot placed it), per
        round the opponent's start number, the colour and the result's code (:data:`CODE`; a team match: the game
        points, ``mp`` the match points and ``kind`` the match's result's code: a forfeit, a bye), and ``playoff``:
        true where the play-off placed it (absent otherwise)."""
        return [{"rank": r.rank, "start_no": r.start_no, "name": r.name, "points": r.points, "lot": r.lot,
                 **({"playoff": True} if r.playoff else {}),
                 "rounds": [{"opponent": c.opponent, "colour": c.colour, "result": CODE[c.kind]} if c.points is None
                            else {"opponent": c.opponent, "colour": c.colour, "result": c.points, "mp": c.match_points,
                                  "kind": CODE[c.kind]}
                            for c in r.cells]}
                for r in self.rows]


def from_json(rows: list[dict[str, Any]], square: bool, primary: str = "") -> Crosstable:
    """The view again from the live API's rows (:meth:`Crosstable.json_rows`), as the live screen receives them (a
    team event's when its cells carry ``kind``: their ``result`` is the game points, ``mp`` the match points; its
    ``primary`` score as the live document names it)."""
    rank_of = {int(r["start_no"]): int(r["rank"]) for r in rows}
    places = place_texts(rank_of)
    teams = any("kind" in g for r in rows for g in r["rounds"])
    return Crosstable(square, max((len(r["rounds"]) for r in rows), default=0), [
        Row(int(r["start_no"]), str(r["name"]), int(r["rank"]),
            places[int(r["start_no"])], str(r["points"]), bool(r.get("lot")),
            tuple(Cell(g["opponent"], rank_of.get(int(g["opponent"])) if g["opponent"] is not None else None,
                       g["colour"], KINDS.get(str(g["kind"] if teams else g["result"]), Kind.UNKNOWN),
                       str(g["result"]) if teams else None, str(g.get("mp") or "") if teams else None)
                  for g in r["rounds"]), r.get("playoff") is True)
        for r in rows], teams, primary=primary if teams else "")


def build(t: Tournament, ranked: Iterable[tuple[int, int, str, bool]], rounds: int, square: bool = False,
          pending: Iterable[tuple[int, int, int]] = (), decided: Container[int] = (),
          seed: int | None = None) -> Crosstable:
    """The crosstable of ``t``'s first ``rounds`` rounds, rows in the order of ``ranked`` (start number, rank, points
    as text, drawn by lot); ``pending`` the games paired and not yet played that the grid does not hold (round,
    White, Black); ``decided`` the start numbers the play-off placed; ``seed`` the lots'."""
    ranked = list(ranked)
    rank_of = {sno: rank for sno, rank, _, _ in ranked}
    places = place_texts(rank_of)
    waiting = {(k, w): (b, 1) for k, w, b in pending} | {(k, b): (w, -1) for k, w, b in pending}
    sno = np.array([p.start_no for p in t.players])
    rows = []
    for start_no, rank, points, lot in ranked:
        i = t.row(start_no)
        cells = []
        for k, (o, c, kind) in enumerate(zip(t.opponent[i, :rounds].tolist(), t.colour[i, :rounds].tolist(),
                                             t.kind[i, :rounds].tolist())):
            if o >= 0:
                other = int(sno[o])
                cells.append(Cell(other, rank_of.get(other), _COLOUR.get(c), Kind(kind)))
            elif (k + 1, start_no) in waiting:  # paired, not yet played
                other, side = waiting[k + 1, start_no]
                cells.append(Cell(other, rank_of.get(other), _COLOUR[side], Kind.UNKNOWN))
            else:
                cells.append(Cell(None, None, None, Kind(kind)))
        rows.append(Row(start_no, t.players[i].name, rank, places[start_no], points, lot, tuple(cells),
                        start_no in decided))
    return Crosstable(square, rounds, rows, seed=seed)


def of_ranks(t: Tournament, ranks: dict[int, int], points: dict[int, str], rounds: int,
             drawn: frozenset[int] = frozenset(), decided: frozenset[int] = frozenset()) -> Crosstable:
    """The crosstable of the first ``rounds`` rounds of ``t`` (those the standings count, as on every face: a round
    paired and not yet begun is on the pairings) ranked by ``ranks`` (start number -> rank, as the live screen ranks;
    ``drawn`` the start numbers a lot placed, ``decided`` those the play-off placed), with the points as written
    (``points``), in rank order then by start number."""
    ranked = sorted(ranks.items(), key=lambda x: (x[1], x[0]))
    return build(t, ((sno, rank, points[sno], sno in drawn) for sno, rank in ranked), rounds, decided=decided)


def of_standings(s: Standings, rounds: int | None = None, pending: Iterable[tuple[int, int, int]] = ()) -> Crosstable:
    """The crosstable of the standings ``s`` (rounds: those of the standings), a round robin as a square."""
    points = s.score.texts()
    return build(s.tournament, ((r.start_no, r.rank, str(points[r.index]), r.lot is not None) for r in s.rows),
                 s.after_round if rounds is None else rounds, s.system == "round robin", pending, s.decided, s.seed)


def of_ranking(s: Standings | TeamStandings) -> Crosstable:
    """The crosstable of any ranking: a team event's matches (:func:`of_teams`), else the players' rounds
    (:func:`of_standings`); a round robin's as a square."""
    return of_teams(s) if isinstance(s, TeamStandings) else of_standings(s)


def of_teams(s: TeamStandings, rounds: int | None = None) -> Crosstable:
    """The match crosstable of team standings ``s``: per round the opposing team (its number and place), the colour
    of board 1, the team's game points and match points (``*`` while the match is being played); a round robin as a
    square, team against team.

    >>> from tiebreak.engine.team import Team, build, compute_team_standings
    >>> from tiebreak.engine.model import Player, Tournament
    >>> t = Tournament.build([Player(i, n) for i, n in enumerate(["A1", "A2", "B1", "B2"], 1)], 2)
    >>> t.set_game(1, 1, 3, Kind.WIN); t.set_game(1, 4, 2, Kind.DRAW); t.set_game(2, 3, 1, Kind.DRAW)
    >>> t.set_game(2, 2, 4, Kind.LOSS)
    >>> s = compute_team_standings(build(t, [Team(1, "A", [1, 2]), Team(2, "B", [3, 4])]), "MP,GP",
    ...                            system="round robin", lots=False)
    >>> view = of_teams(s)
    >>> view.square, [(c.match_points, c.points) for c in view.grid(view.rows[0])[1]]  # rounds 1 and 2: won, lost
    (True, [('2', '1.5'), ('0', '0.5')])
    """
    tt, m = s.tt, s.tt.matches
    rounds = s.after_round if rounds is None else rounds
    place = place_texts({r.start_no: r.rank for r in s.rows})
    rank = {r.start_no: r.rank for r in s.rows}
    rows = []
    for r in s.rows:
        cells = []
        for k in range(rounds):
            o, kind = int(m.opponent[r.index, k]), Kind(int(m.kind[r.index, k]))
            gp = format_number(Fraction(int(tt.gp[r.index, k]), tt.gp_scale))
            mp = format_number(m.score_system.points(kind))
            other = tt.teams[o].number if o >= 0 else None
            counted = o >= 0 or kind is Kind.PAB
            cells.append(Cell(other, rank.get(other) if other is not None else None,
                              _COLOUR.get(int(m.colour[r.index, k])), kind,
                              "*" if kind is Kind.UNKNOWN else gp if counted else "",
                              "*" if kind is Kind.UNKNOWN else mp if counted else ""))
        rows.append(Row(r.start_no, r.name, r.rank, place[r.start_no], format_number(r.points or Fraction(0)),
                        r.lot is not None, tuple(cells), r.start_no in s.decided))
    return Crosstable(s.system == "round robin", rounds, rows, teams=True, seed=s.seed, primary=s.tt.primary)
