"""A team event's rounds on the website, from the language-free view of :func:`tiebreak.views.matches.round_matches`:
first the round's matches (table, teams, match points and game points), then each match board by board with the
players' ratings and a colour mark beside each name (no colour column to fall off a phone); the games paired and
not yet played ("not yet played", so a spectator finds a team's next match before the round is over), and the
boards a team left empty (the file gives the other team's player a point without an opponent, ``0000 - +``: a
forfeit win against "no player fielded")."""

from __future__ import annotations

from typing import Any

from ..engine.model import BLACK, WHITE, Kind, format_number
from ..render.columns import headings, primary_name
from ..render.i18n import kind_name
from ..render.results import bye_text, match_cells, match_score
from ..render.words import LIVE_WORDS, TEAM_WORDS
from ..views.matches import Match, round_byes, round_matches
from .cells import _head, player_link, rating_text, round_context, site_words, titled_link, with_narrow
from .event import FORFEITS, SCORE, Event
from .games import game_link
from .team_event import TeamEvent


def matches(e: TeamEvent, k: int) -> list[Match]:
    """The matches of round ``k``, the better-placed team's first (by the standings before the round; team
    numbers in round 1), as the live screen shows them."""
    if k not in e.matches_by_round:  # made once per event and round: every team's card asks for every round's
        place = {r.number: r.rank for r in e.after[k - 2].rows} if 2 <= k <= len(e.after) + 1 else None
        e.matches_by_round[k] = round_matches(e.current.tt, e.tournament, k, place)
    return list(e.matches_by_round[k])


def team_cell(e: TeamEvent, number: int | None) -> dict[str, Any]:
    """A team's name linked to its page (a head cell of the tables of a team event's site)."""
    if number is None:
        return {"text": ""}
    name = next((tm.name for tm in e.current.tt.teams if tm.number == number), str(number))
    return {"text": name, "href": f"team-{number}.html", "cls": "name"}


def ranked_cell(e: Event | TeamEvent, number: int, head: bool = True) -> dict[str, Any]:
    """A ranked participant's name linked to its card (``head``: a head cell): in a team event the team's
    (:func:`team_cell`), else the player's (the crosstable's and the play-off page's rows)."""
    if isinstance(e, TeamEvent):
        return {**team_cell(e, number), "head": True} if head else team_cell(e, number)
    return player_link(e, number, head)


def _pair(x: tuple[Any, Any] | None, empty: str) -> str:
    return match_score(format_number(x[0]), format_number(x[1])) if x is not None else empty


def _texts(x: tuple[Any, Any] | None) -> tuple[str, str] | None:
    return (format_number(x[0]), format_number(x[1])) if x is not None else None


def round_page(e: TeamEvent, lang: str, k: int) -> dict[str, Any]:
    """Round ``k``: the overview of its matches, then each match board by board (results from the first team's
    side, each player's colour marked beside the name, ratings); the teams without a match."""
    s = site_words(lang)
    names = {tm.number: tm.name for tm in e.current.tt.teams}
    mp, gp, team = primary_name("MP", lang), primary_name("GP", lang), TEAM_WORDS.text("team", lang)
    ms = matches(e, k)
    rtg = headings(["rating"], lang)[0]
    playing = {x for m in ms for x in (m.first, m.second)}
    tables = [{"id": "overview", "caption": s["match_overview"], "sticky": False,
               "rows": _overview_rows(e, s, lang, k, ms, playing),
               "heads": [_head(s["table_short"], "", s["table_no"]), _head(team, "name"),
                         _head(mp, "res", s["match_points"]), _head(gp, "res", s["game_points"]),
                         _head(team, "name")]}]
    tables += [_match_table(e, s, lang, k, n, m, names, rtg) for n, m in enumerate(ms, 1) if m.boards]
    waiting = [names[n] for n in names if n not in playing] if k > e.played else []
    legend = [f"{s['table_short']} = {s['table_no']}", f"{mp} = {s['match_points']}", f"{gp} = {s['game_points']}",
              f"{s['board_short']} = {s['board']}", f"{rtg} = {s['rating']}", s["colour_mark"]]
    return round_context(lang, k, e.played, e.last_round, tables, legend + _forfeited(e, lang, k, ms) +
                         ([f"{s['bye']}: {', '.join(waiting)}"] if waiting else []))


def _overview_rows(e: TeamEvent, s: dict[str, str], lang: str, k: int, ms: list[Match],
                   playing: set[int]) -> list[dict[str, Any]]:
    """The round's matches (table, teams, match points, game points), then the teams of a played round without a
    match (a bye, or absent); ``s``: the site's words."""
    overview = [{"cells": [{"text": str(n)}, {**team_cell(e, m.first), "head": True},
                           *({"text": x, "cls": "res"} for x in match_cells(_texts(m.match_points), _texts(m.game_points),
                                                                            _pending(e, lang, s, "match_pending"))),
                           team_cell(e, m.second)]} for n, m in enumerate(ms, 1)]
    byes = round_byes(e.current.tt, k, playing) if k <= e.played else []
    return overview + [{"cells": [{"text": ""}, {**team_cell(e, b.team), "head": True},
                                  {"text": format_number(b.match_points), "cls": "res"},
                                  {"text": format_number(b.game_points), "cls": "res"},
                                  {"text": bye_text(b.kind, lang), "cls": "left"}]} for b in byes]


def _pending(e: TeamEvent, lang: str, s: dict[str, str], key: str) -> str:
    """What a board (``key`` ``pending``) or a match (``match_pending``) without a result says: not played yet in a
    file's site, being played on the live server's (as its live screen and the team's card say)."""
    return LIVE_WORDS.text("pending", lang) if e.ind.live else s[key]


def _forfeited(e: TeamEvent, lang: str, k: int, ms: list[Match]) -> list[str]:
    """The legend's line of each match of round ``k`` without board games (forfeited whole): the teams and what
    the match was from the first team's side (``Cuba – Australia: forfeit loss``), kept out of the table, which a
    phone must show whole."""
    matches, names = e.current.tt.matches, {tm.number: tm.name for tm in e.current.tt.teams}
    return [f"{names[m.first]} – {names[m.second]}: "
            f"{kind_name(Kind(int(matches.kind[matches.row(m.first), k - 1])).name, lang)}" for m in ms if not m.boards]


def _match_table(e: TeamEvent, s: dict[str, str], lang: str, k: int, n: int, m: Match, names: dict[int, str],
                 rtg: str) -> dict[str, Any]:
    """Match ``n`` of round ``k`` board by board: the results from the first team's side, each player's colour
    marked beside the name, the ratings (``rtg``: their heading)."""
    rows = []
    for board, b in enumerate(m.boards, 1):
        if b.kind is None:
            result = _pending(e, lang, s, "pending")
        else:
            result = SCORE[b.kind] + (f" ({kind_name(b.kind.name, lang)})" if b.kind in FORFEITS else "")
        other = -b.colour if b.colour in (WHITE, BLACK) else 0
        rows.append({"cells": [{"text": str(board)}, _player_cell(e, s, b.own, b.colour),
                               {"text": rating_text(e.ind, b.own), "cls": "wide"},
                               {"text": result, "cls": "res", **game_link(e.ind, k, b.own, b.other, s)},
                               {"text": rating_text(e.ind, b.other), "cls": "wide"}, _player_cell(e, s, b.other, other)]})
    heading = f"{n}. {names[m.first]} {_pair(m.game_points, '–')} {names[m.second]}"
    return {"id": f"match-{m.first}", "caption": heading, "sticky": False, "rows": rows,
            "heads": [_head(s["board_short"], "", s["board"]), _head(names[m.first], "name"),
                      _head(rtg, "wide", s["rating"]), _head(s["result"], "res"),
                      _head(rtg, "wide", s["rating"]), _head(names[m.second], "name")]}


def _player_cell(e: TeamEvent, s: dict[str, str], sno: int | None, colour: int) -> dict[str, Any]:
    """A board's player: the name linked to the card, the rating beside it on a phone, the colour marked; an empty
    board's "no player"."""
    if sno is None:
        return {"text": s["no_player"], "cls": "left"}
    cell = with_narrow(titled_link(e.ind, sno), rating_text(e.ind, sno))
    if colour in (WHITE, BLACK):
        cell["mark"] = ("w" if colour == WHITE else "b", s["white"] if colour == WHITE else s["black"])
        cell["cls"] = "name marked"
    return cell
