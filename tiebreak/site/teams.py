"""A team event's website: the team standings after every round (:func:`tiebreak.app.standings.team_standings`), each
round's matches board by board, the team cards (matches, players, the records of ``tiebreak explain`` for the
team), the board rankings (score and percentage per board, as board prizes are decided) and the crosstable of the
matches; the players' cards and the starting list are the individual event's (:mod:`.event`, :mod:`.card`)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..app.site import board_performances
from ..engine.model import Kind, format_number
from ..render.columns import key_heading, primary_name
from ..render.explain import details, team_notes, value_heading
from ..render.i18n import kind_name, percent, with_modifiers, word
from ..render.legend import place_marks, site_lines
from ..render.results import match_score
from ..render.words import LIVE_WORDS, TEAM_NAMES, TEAM_WORDS
from ..views.card import PendingMatch, TeamCardView, team_card_view
from ..views.matches import team_boards
from ..views.standings import Column, of_ranking
from ..views.value_rounds import value_rounds
from .card import paragraph, rounds_table
from .cells import (
    Cell,
    _head,
    home,
    num,
    player_link,
    rating_text,
    site_words,
    standings_cells,
    standings_heads,
    tiebreak_legend,
    titled_link,
)
from .team_event import TeamEvent
from .team_rounds import matches, round_page, team_cell


def match_boards(e: TeamEvent) -> list[dict[int, int]]:
    """Per round, start number -> the board of the player's team match (:func:`boards_of_match`): a card's board in a
    team event, not the players' event's."""
    rounds = min(e.last_round, int(e.current.tt.games.kind.shape[1]))
    return [{sno: board for a in range(len(e.current.tt.teams)) for board, sno, _, _, _ in boards_of_match(e, r, a)}
            for r in range(rounds)]


def points_words(e: TeamEvent, lang: str) -> tuple[str, str]:
    """The primary score's short and full names (``МО``, ``Матчевые очки``; ``GP``, ``Game points``): the heading
    of the points column and its explanation, in the glossary's words."""
    primary = e.current.tt.primary
    full = {"MP": "match_points", "GP": "game_points"}.get(primary)
    return primary_name(primary, lang), site_words(lang)[full] if full else primary


def lineups(e: TeamEvent, lang: str) -> list[dict[str, Any]]:
    """Every team in the order of its number with its average rating (of the first players of its list, as many
    as a match has boards; unrated players left out) and its players in board order (title, name, rating)."""
    tt = e.current.tt
    out = []
    for tm in sorted(tt.teams, key=lambda x: x.number):
        ratings = [r for r in (e.tournament.player(sno).rating for sno in tm.members[:tt.boards]) if r]
        average = format_number(Fraction(sum(ratings), len(ratings)), 0) if ratings else ""
        out.append({"number": tm.number, "name": tm.name, "href": f"team-{tm.number}.html", "average": average,
                    "players": [{**titled_link(e.ind, sno), "rating": rating_text(e.ind, sno)}
                                for sno in tm.members]})
    return out


def team_fact(e: TeamEvent, start_no: int, lang: str) -> list[tuple[str, str, str]]:
    """The team of a player for the card's facts: (the word, the team's name, the link to its card)."""
    number = e.team_of().get(start_no, (0, 0))[0]
    name = next((tm.name for tm in e.current.tt.teams if tm.number == number), "")
    return [(TEAM_WORDS.text("team", lang), name, f"team-{number}.html")] if name else []


def context(e: TeamEvent, name: str, lang: str) -> tuple[dict[str, Any], str]:
    """The template's context and the template of the page ``name`` of a team event."""
    s = site_words(lang)
    stem = name.removesuffix(".html")
    kind, _, arg = stem.partition("-")
    if stem == "index":
        ctx = home(e.ind, lang)
        ctx["facts"] = [f for f in ctx["facts"] if f[0] != s["players"]] + [
            (s["teams"], str(len(e.current.tt.teams))), (s["players"], str(len(e.tournament.players)))]
        ctx["legend"] = tiebreak_legend(e.current.specs, lang, True, e.current.tt.primary, e.current.rules)
        ctx["rounds"] = range(1, e.last_round + 1)
        ctx["played"] = e.played
        ctx["lineups"] = lineups(e, lang)
        ctx["boards"] = e.current.tt.boards
        return ctx, "site_home.html"
    if kind == "round":
        return round_page(e, lang, int(arg)), "site_tables.html"
    if kind == "team":
        return team_card(e, lang, int(arg)), "site_card.html"
    if stem == "boards":
        return boards_page(e, lang), "site_tables.html"
    raise KeyError(name)


def standings_table(e: TeamEvent, lang: str, k: int) -> tuple[Any, list[Cell], list[Cell], list[Column]]:
    """The team part of a standings page (:func:`tiebreak.site.pages.standings`) after round ``k``: the standings,
    the headings (the primary score named as every face heads it), the rows (each team linked to its card) and the
    columns."""
    st = e.after[k - 1]
    _, full = points_words(e, lang)
    view = of_ranking(st)
    rows = [{"cells": standings_cells(view, r, team_cell(e, r.start_no), st.keys[0])} for r in view.rows]
    return st, standings_heads(view, lang, (st.keys[0], st.tt.primary), full), rows, view.columns


def boards_of_match(e: TeamEvent, r: int, a: int) -> list[tuple[int, int, int | None, Kind, int]]:
    """The board games of team index ``a`` in round ``r`` (0-based), as the round's page shows them
    (:func:`tiebreak.views.matches.team_boards`): (board, own start number, opponent's start number or None for a
    board the opponents left empty, own kind, own colour), the boards numbered in the order of the team's list."""
    boards = team_boards(e.current.tt, e.tournament, r + 1, e.current.tt.teams[a].number)
    return [(n, sno, o, Kind.UNKNOWN if kind is None else kind, colour)
            for n, (sno, o, kind, colour) in enumerate(boards, 1)]


def team_card(e: TeamEvent, lang: str, number: int) -> dict[str, Any]:
    """Team ``number``'s card (:func:`tiebreak.views.card.team_card_view`, the website's and the live screen's):
    its facts, the records of its values (``tiebreak explain``), its matches and its players."""
    s, st = site_words(lang), e.current
    v = team_card_view(st, number, [matches(e, k) for k in range(1, e.last_round + 1)], e.played)
    _, full = points_words(e, lang)
    # the place and the values as the standings write and head them ("3-5" shared, "2*" placed by lot, "1‡" by the
    # play-off, its mark's line of the legend under the tables, as on a player's card; match and game points «МО»,
    # «ИО», whose full names the explanations below give as the standings' legend does)
    facts = [(s["rank_after"], v.place), *((key_heading(k, st.tt.primary, lang), num(x)) for k, x in v.values.items())]
    legend = site_lines(place_marks(lang, v.drawn, st.seed, v.played_off))
    return {"title": v.name, "facts": facts, "explanations": _explanations(e, s, lang, number, full), "legend": legend,
            "tables": [
        {"id": "matches", "caption": s["matches"], "heads": [_head(s["round_n"].format(k="").strip()),
                                                              _head(s["opponent_team"], "name"),
                                                              _head(primary_name("MP", lang), "", s["match_points"]),
                                                              _head(primary_name("GP", lang), "", s["game_points"])],
         "rows": _match_rows(e, s, lang, v), "sticky": False},
        {"id": "members", "caption": s["members"], "heads": [_head(word("name", lang), "name"), _head(s["played"]),
                                                               _head(s["score_after"])],
         "rows": [{"cells": [player_link(e.ind, m.start_no, True), {"text": str(m.games)}, {"text": num(m.score)}]}
                  for m in v.members], "sticky": False}]}


def _without_match(kind: Kind, lang: str) -> str:
    """A round without a match as explain and the page's panel word it: "no match" when the team was not paired, else
    the kind (a bye, a forfeit)."""
    return TEAM_WORDS.text("no_match", lang) if kind == Kind.ABSENT else kind_name(kind.name, lang)


def _match_rows(e: TeamEvent, s: dict[str, str], lang: str, v: TeamCardView) -> list[dict[str, Any]]:
    """The card's matches, one row a round: played (opponent, match points, game points), or paired and not yet
    played (the next opponent while the round is played: being played on the live screen)."""
    pending = LIVE_WORDS.text("pending", lang) if e.ind.live else s["match_pending"]
    return [{"cls": "pending", "cells": [{"text": str(mr.round), "head": True}, team_cell(e, mr.opponent),
                                         {"text": ""}, {"text": pending}]} if isinstance(mr, PendingMatch) else
            {"cells": [{"text": str(mr.round), "head": True}, team_cell(e, mr.opponent) if mr.opponent else
                       {"text": _without_match(mr.kind, lang), "cls": "left"},
                       {"text": num(mr.match_points), "data": "mp"},
                       {"text": match_score(num(mr.game_points), num(mr.opponent_game_points))
                        if mr.opponent_game_points is not None else num(mr.game_points)}]}
            for mr in v.matches]


def _explanations(e: TeamEvent, s: dict[str, str], lang: str, number: int, full: str) -> list[dict[str, Any]]:
    """The records of the team's values (``tiebreak explain``) as a player's card shows its own
    (:func:`tiebreak.site.card.rounds_table`: the columns of every face): each value's article, and what each round
    added against which team (``full``: the primary score's name)."""
    st = e.current
    explanations = []
    specs = {spec.text: spec for spec in st.specs}
    for n, (key, info) in enumerate(details(st, number).items(), 1):
        heading, primary, article = value_heading(st, key, info["article"], lang)  # the primary score: МО, as headed
        spec = specs.get(key)
        code = primary if heading != key else spec.code if spec is not None else key
        name = full if code == "PTS" else TEAM_NAMES.text(code, lang) if code in TEAM_NAMES else key
        if spec is not None and code in TEAM_NAMES:  # with its cut or median, as the legend writes it
            name = with_modifiers(name, spec, lang)
        x: dict[str, Any] = {"key": key, "heading": heading, "value": num(info["value"]), "article": article,
                             "name": name}
        rounds = value_rounds(st, number, key) if "rounds" in info else None  # the columns of a player's card
        x = rounds_table(lang, n, x, rounds, [] if rounds is None else [
            team_cell(e, r.opponent) if r.opponent else None for r in rounds.rows])
        # what the value rests on besides its rounds (the place among the tied teams, the game points by board, the
        # normalising factor), in explain's words, before what the rounds' table says
        x["note"] = paragraph([*team_notes(info, lang), x.get("note", "")])
        explanations.append(x)
    return explanations


def board_results(e: TeamEvent) -> dict[int, list[tuple[int, int, Fraction]]]:
    """Board -> (start number, games, score) of every player who played on it (boards numbered per match)."""
    tt = e.current.tt
    table = tt.games.score_system.table()
    acc: dict[tuple[int, int], list[Any]] = {}
    for r in range(e.played):
        for a in range(len(tt.teams)):
            for board, sno, _, kind, _ in boards_of_match(e, r, a):
                x = acc.setdefault((board, sno), [0, Fraction(0)])
                x[0] += 1
                x[1] += table[int(kind)]
    out: dict[int, list[tuple[int, int, Fraction]]] = {}
    for (board, sno), (games, score) in sorted(acc.items()):
        out.setdefault(board, []).append((sno, games, score))
    for rows in out.values():
        rows.sort(key=lambda x: (-x[2] / x[1], -x[1], x[0]))
    return out


def boards_page(e: TeamEvent, lang: str) -> dict[str, Any]:
    """The board rankings: per board every player who played on it by the share of the points (a percentage as every
    face writes it, :func:`tiebreak.render.i18n.percent`), the team, games, points, rating and performance."""
    s = site_words(lang)
    team_of = e.team_of()
    names = {tm.number: tm.name for tm in e.current.tt.teams}
    performance = board_performances(e.current.tt, e.tournament, e.played)  # the site's use case's
    tables = []
    for board, rows in board_results(e).items():
        caption = s["board_n"].format(n=board)
        perf = performance.get(board, {})
        tables.append({"id": f"board-{board}", "caption": caption, "heads": [
            _head(s["place"], "rank"), _head(word("name", lang), "name"), _head("%", "pts", s["percentage"]),
            _head(TEAM_WORDS.text("team", lang), "left"), _head(s["played"]), _head(s["score_after"]),
            _head(s["rating"]), _head(s["performance"])], "sticky": True, "rows": [
            {"cells": [{"text": str(n), "cls": "rank"}, player_link(e.ind, sno, True),
                       {"text": percent(format_number(100 * score / games, 1), lang), "cls": "pts"},
                       {"text": names.get(team_of.get(sno, (0, 0))[0], ""), "cls": "left"}, {"text": str(games)},
                       {"text": num(score)}, {"text": str(e.tournament.player(sno).rating or "")},
                       {"text": str(perf.get(sno) or ""), "data": "perf"}]} for n, (sno, games, score) in enumerate(rows, 1)]})
    return {"title": s["boards"], "tables": tables}
