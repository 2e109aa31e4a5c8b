"""Chess-JSON writer: a tournament as the FIDE TEC JSON document the reference checker reads (see
:mod:`tiebreak.formats.chessjson` for the format and how each kind of round is written)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path
from typing import TypedDict, Unpack

import numpy as np

from ..engine import team
from ..engine.model import BLACK, MIRROR, Kind, Player, ScoreSystem, Tournament
from ..engine.team_matches import Team, TeamTournament
from ..version import __version__
from .chessjson_doc import (
    BlackResult,
    Competitor,
    Document,
    Game,
    Info,
    Match,
    Number,
    Other,
    Profile,
    Ranked,
    RatingList,
    TeamCompetitor,
    TeamPlayer,
    TournamentDoc,
)
from .files import write_output

FORMAT_VERSION = "1.0"

#: kind -> (letter for the player, played, rated); the opponent's letter follows from MIRROR.
_LETTERS = {
    Kind.WIN: ("W", True, True), Kind.DRAW: ("D", True, True), Kind.LOSS: ("L", True, True),
    Kind.WIN_SHORT: ("W", True, False), Kind.DRAW_SHORT: ("D", True, False), Kind.LOSS_SHORT: ("L", True, False),
    Kind.UNKNOWN: ("A", True, False), Kind.FORFEIT_WIN: ("W", False, False), Kind.FORFEIT_LOSS: ("Z", False, False),
    Kind.DOUBLE_FORFEIT: ("Z", False, False), Kind.PAB: ("P", True, False), Kind.FPB: ("W", False, False),
    Kind.HPB: ("D", False, False), Kind.ZPB: ("Z", False, False),
}


class DocumentOptions(TypedDict, total=False):
    """The computed standings :func:`to_dict` (and so :func:`dumps`, :func:`dump`) can add to the document."""

    ranks: dict[int, int] | None
    tiebreaks: dict[int, list[Fraction | None]] | None
    origin: str
    team_ranks: dict[int, int] | None
    team_tiebreaks: dict[int, list[Fraction | None]] | None


def _number(x: Fraction) -> Number:
    """A JSON number whose text is the exact decimal value (``1.0``, ``0.5``, ``0.1`` ...), else ``"p/q"``.  Points are
    always written with a decimal point: the reference checker keeps whole numbers as integers and prints them so."""
    f = float(x)
    return f if Fraction(repr(f)) == x else f"{x.numerator}/{x.denominator}"


def _score_system(s: ScoreSystem) -> dict[str, Number]:
    kinds = {"W": Kind.WIN, "D": Kind.DRAW, "L": Kind.LOSS, "F": Kind.FPB, "H": Kind.HPB, "Z": Kind.ZPB,
             "P": Kind.PAB, "A": Kind.UNKNOWN, "U": Kind.ABSENT}
    return {letter: _number(s.points(kind)) for letter, kind in kinds.items()}


def _split_name(name: str) -> tuple[str, str]:
    last, sep, first = name.partition(",")
    return (last.strip(), first.strip()) if sep else (name.strip(), "")


def _games(t: Tournament, board_of: dict[tuple[int, int], int] | None = None
           ) -> tuple[list[Game], dict[tuple[int, int], int]]:
    """One record per game (from White's side) or bye; returns them and the game id of each (row, round)."""
    games: list[Game] = []
    ids: dict[tuple[int, int], int] = {}
    for r in range(t.rounds):
        for i, p in enumerate(t.players):
            k = Kind(int(t.kind[i, r]))
            o = int(t.opponent[i, r])
            if k is Kind.ABSENT or (i, r) in ids:
                continue
            letter, played, rated = _LETTERS[k]
            if o < 0:
                g: Game = {"id": len(games) + 1, "round": r + 1, "white": p.start_no, "black": 0, "played": played,
                     "rated": rated, "wResult": letter}
                ids[(i, r)] = g["id"]
            else:
                white, black = (o, i) if int(t.colour[i, r]) == BLACK else (i, o)
                wk, bk = Kind(int(t.kind[white, r])), Kind(int(t.kind[black, r]))
                if int(t.opponent[o, r]) != i:  # a game only one side lists (the readers warn): that side's result
                    own = Kind(int(t.kind[i, r]))
                    wk, bk = (own, MIRROR[own]) if white == i else (MIRROR[own], own)
                g = {"id": len(games) + 1, "round": r + 1, "white": t.players[white].start_no,
                     "black": t.players[black].start_no, "played": played, "rated": rated,
                     "wResult": _LETTERS[wk][0], "bResult": _LETTERS[bk][0]}
                if int(t.colour[i, r]) == 0:
                    g["colours"] = False  # no colours known (e.g. a forfeit written as '-' in TRF)
                ids[(i, r)] = ids[(o, r)] = g["id"]
            if board_of:
                g["board"] = board_of.get((i, r), 0)
            games.append(g)
        # paired and not yet played: no result (the reader keeps it pending)
        games += [{"id": len(games) + n + 1, "round": r + 1, "white": w, "black": b}
                  for n, (_, w, b) in enumerate(x for x in t.pending if x[0] == r + 1)]
    return games, ids


def to_dict(t: Tournament, ranks: dict[int, int] | None = None, tiebreaks: dict[int, list[Fraction | None]] | None = None,
            origin: str = "", team_ranks: dict[int, int] | None = None,
            team_tiebreaks: dict[int, list[Fraction | None]] | None = None) -> Document:
    """The Chess-JSON document of ``t``.  ``ranks`` and ``tiebreaks`` (start number -> rank / values in the order of
    ``t.declared_tiebreaks``) add computed standings, as the TRF writer adds ranks; ``team_ranks`` and
    ``team_tiebreaks`` (team number -> ...) do the same for the team competitors of a team event."""
    teams = team.read_teams(t)
    board_of = _boards(t, teams) if teams else None
    national = any(p.national_rating for p in t.players)
    rating_lists: list[RatingList] = [{"listName": "FIDE"}]
    if national:
        rating_lists.append({"listName": "National"})
    profiles = [_profile(p, national) for p in t.players]
    games, game_id = _games(t, board_of)
    competitors: list[TeamCompetitor | Competitor]
    if teams:
        tt = team.build(t, teams)
        team_size, match_points = tt.boards, _score_system(tt.match_points) | _team_bye_game_points(tt)
        competitors = _team_competitors(t, tt, ranks, tiebreaks, team_ranks, team_tiebreaks)
        matches = _matches(t, tt, game_id, start=len(games))
    else:
        team_size, match_points, matches = 0, {}, []
        competitors = list(_competitors(t, ranks, tiebreaks))
    tournament: TournamentDoc = {
        "tournamentNo": 1, "name": t.name, "tournamentType": t.type_text,
        "tournamentInfo": _info(t), "ratingList": "FIDE", "numRounds": t.planned_rounds or t.rounds,
        "currentRound": t.rounds_with_results, "teamTournament": bool(teams), "teamSize": team_size,
        "rankOrder": list(t.declared_tiebreaks),
        "scoreSystem": {"game": _score_system(t.score_system), "match": match_points},
        "gameList": games, "matchList": matches, "competitors": competitors, "other": {"tiebreak": _other(t)},
    }
    return {
        "filetype": "Event", "version": FORMAT_VERSION, "origin": origin or f"tiebreak {__version__}",
        "published": "", "status": {"code": 0, "error": []},
        "event": {"name": t.name, "eventName": t.name, "eventInfo": _info(t), "ratingLists": rating_lists,
                  "profiles": profiles,
                  "teams": [{"id": tm.number, "teamName": tm.name, "federation": tm.nickname, "players": tm.members}
                            for tm in teams],
                  "tournaments": [tournament]},
    }


def _competitors(t: Tournament, ranks: dict[int, int] | None,
                 tiebreaks: dict[int, list[Fraction | None]] | None) -> list[Competitor]:
    """A competitor record per player (``ranks`` and ``tiebreaks``: the computed standings, by start number)."""
    def competitor(p: Player) -> Competitor:
        return {"cid": p.start_no, "profileId": p.start_no, "present": True,
                "gamePoints": _number(t.points(p.start_no)),
                "rating": p.rating or None,  # null = unrated (the reference reads a 0 as a rating)
                **_ranked((ranks or {}).get(p.start_no, p.declared_rank), (tiebreaks or {}).get(p.start_no))}

    return [competitor(p) for p in t.players]


def _team_competitors(t: Tournament, tt: TeamTournament, ranks: dict[int, int] | None,
                      tiebreaks: dict[int, list[Fraction | None]] | None, team_ranks: dict[int, int] | None,
                      team_tiebreaks: dict[int, list[Fraction | None]] | None) -> list[TeamCompetitor | Competitor]:
    """A team competitor per team, its members by board; the players in no team (reserves never fielded,
    withdrawn) as plain competitors, so nothing is lost."""
    players = dict(zip((p.start_no for p in t.players), _competitors(t, ranks, tiebreaks)))
    competitors: list[TeamCompetitor | Competitor] = [
        _team_competitor(tt, ti, [{**players[s], "order": b + 1, "teamId": tm.number}
                                  for b, s in enumerate(tm.members) if s in players],
                         team_ranks, team_tiebreaks)
        for ti, tm in enumerate(tt.teams)]
    in_team = {s for tm in tt.teams for s in tm.members}
    competitors += [c for s, c in players.items() if s not in in_team]
    return competitors


def _other(t: Tournament) -> Other:
    """The tie-break extension: what Chess-JSON has no field for (TRF type code, rating method, planned rounds, the
    list's scope, the records kept for the writer, comments, a forfeit win's points)."""
    other: Other = {"typeCode": t.type_code, "ratingMethod": t.rating_method, "plannedRounds": t.planned_rounds,
                    "rankOrderComplete": t.declared_tiebreaks_complete,
                    "records": list(t.extra.get("lines", [])), "comments": list(t.extra.get("comments", []))}
    if t.score_system.forfeit_win is not None and t.score_system.forfeit_win != t.score_system.win:
        other["forfeitWin"] = _number(t.score_system.forfeit_win)
    return other


def _profile(p: Player, national: bool) -> Profile:
    """The person record of a player (``national``: the event has national ratings, written second)."""
    last, first = _split_name(p.name)
    prof: Profile = {"id": p.start_no, "lastName": last, "firstName": first, "fideName": p.name,
                     "sex": p.sex or "u", "federation": p.federation}
    if p.fide_id.isascii() and p.fide_id.isdigit() and len(p.fide_id) <= 12 and str(int(p.fide_id)) == p.fide_id \
            and int(p.fide_id):
        prof["fideId"] = int(p.fide_id)
    elif p.fide_id:
        prof["localId"] = p.fide_id  # kept as written: '0', leading zeros, letters
    if p.title:
        prof["fideTitle"] = p.title
    if p.birth_date.strip():
        prof["birth"] = p.birth_date.strip()
    if p.club.strip():
        prof["club"] = p.club.strip()
    if p.rating or p.national_rating:
        prof["rating"] = [p.rating or 0] + ([p.national_rating or 0] if national else [])
    return prof


def _team_competitor(tt: TeamTournament, ti: int, cplayers: list[TeamPlayer], team_ranks: dict[int, int] | None,
                     team_tiebreaks: dict[int, list[Fraction | None]] | None) -> TeamCompetitor:
    """Team ``ti`` of ``tt`` as a competitor, with its players and (when given) its rank and tie-break values."""
    tm = tt.teams[ti]
    return {"cid": tm.number, "teamId": tm.number, "present": True, "matchPoints": _number(tt.matches.points(tm.number)),
            "gamePoints": _number(Fraction(int(tt.gp[ti].sum()), tt.gp_scale)),
            **_ranked((team_ranks or {}).get(tm.number), (team_tiebreaks or {}).get(tm.number)), "cplayers": cplayers}


def _ranked(rank: int | None, values: list[Fraction | None] | None) -> Ranked:
    """The rank (when there is one) and the tie-break values (when given) of a competitor."""
    out: Ranked = {}
    if rank:
        out["rank"] = rank
    if values is not None:
        out["tieBreakScore"] = [None if v is None else _number(v) for v in values]
    return out


def _team_bye_game_points(tt: TeamTournament) -> dict[str, Number]:
    """Game points of team byes, in the reference's notation (``W*`` = a win on every board); a pairing-allocated bye
    that the event awarded is written as its number."""
    out: dict[str, Number] = {"FG": "W*", "HG": "D*", "ZG": "Z*", "PG": "P*"}
    pab = np.argwhere(tt.matches.kind == Kind.PAB)
    if len(pab):
        out["PG"] = _number(Fraction(int(tt.gp[tuple(pab[0])]), tt.gp_scale))
    return out


def _boards(t: Tournament, teams: list[Team]) -> dict[tuple[int, int], int]:
    """(row, round index) -> board: the place among the team's members who have a game or bye that round (the team
    engine counts boards the same way)."""
    out: dict[tuple[int, int], int] = {}
    for tm in teams:
        rows = [t.row(s) for s in tm.members if s in t._row_of]
        for r in range(t.rounds):
            for b, i in enumerate(i for i in rows if int(t.kind[i, r]) != Kind.ABSENT):
                out[(i, r)] = b + 1
    return out


def _info(t: Tournament) -> Info:
    info: Info = {"fullName": t.name}
    if t.start_date:
        info["startDate"] = t.start_date.isoformat()
    if t.end_date:
        info["endDate"] = t.end_date.isoformat()
    return info


def _matches(t: Tournament, tt: TeamTournament, game_id: dict[tuple[int, int], int], start: int) -> list[Match]:
    m = tt.matches
    rows_of = [[t.row(s) for s in tm.members if s in t._row_of] for tm in tt.teams]
    out: list[Match] = []
    for r in range(m.rounds):
        for ti in range(len(tt.teams)):
            k, o = Kind(int(m.kind[ti, r])), int(m.opponent[ti, r])
            if k is Kind.ABSENT or (o >= 0 and (int(m.colour[ti, r]) == BLACK or (int(m.colour[ti, r]) == 0 and o < ti))):
                continue
            letter, played, _ = _LETTERS[k]
            black: BlackResult = {"bResult": _LETTERS[Kind(int(m.kind[o, r]))][0]} if o >= 0 else {}
            out.append({"id": start + len(out) + 1, "round": r + 1, "white": tt.teams[ti].number,
                        "black": tt.teams[o].number if o >= 0 else 0, "played": played, "wResult": letter, **black,
                        # the board records of the match (for a team bye: the members' byes); the reference needs the key
                        "games": sorted({game_id[(i, r)] for i in rows_of[ti] if (i, r) in game_id
                                         and (int(t.opponent[i, r]) >= 0) == (o >= 0)})})
    return out


def dumps(t: Tournament, **kw: Unpack[DocumentOptions]) -> str:
    """Chess-JSON text of ``t`` (see :func:`to_dict` for the keywords)."""
    return json.dumps(to_dict(t, **kw), ensure_ascii=False, indent=1) + "\n"


def dump(t: Tournament, path: str | Path, inputs: Iterable[str | Path] = (), force: bool = True,
         **kw: Unpack[DocumentOptions]) -> None:
    """Write the Chess-JSON to ``path`` safely (:func:`~tiebreak.formats.files.write_output`)."""
    write_output(path, dumps(t, **kw), inputs, force)


