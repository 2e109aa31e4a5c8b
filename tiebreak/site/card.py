"""A player's card on the website, the view of :mod:`tiebreak.views.card` in words: the games (round, board, colour,
the opponent with a link to their card, number, title, rating, federation and points, the result named in words for
forfeits and byes, the game's FIDE rating change, and the player's own score and place after each round), a chart of
the places, performance and FIDE rating change (:mod:`tiebreak.arbiter.rating_report`), and every tie-break's record
as ``tiebreak explain`` gives it (:func:`tiebreak.render.explain.details`)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from string import ascii_lowercase
from typing import Any

from ..engine.model import Kind, format_number
from ..engine.registry import CATALOGUE
from ..render.explain import group_sentence, round_cells, round_headings, sentence_note, value_heading
from ..render.i18n import kind_name as _kind_name
from ..render.i18n import tiebreak_name, with_modifiers, word
from ..render.legend import place_marks, site_lines
from ..render.templating import rows_html
from ..render.words import EXPLAIN_WORDS, LIVE_WORDS
from ..views.card import CardGame
from ..views.value_rounds import COLUMNS, ValueRounds, detailed_rounds
from .cells import _head, colour_word, name_of, num, player_link, site_words
from .event import CELL, Event
from .games import game_link

#: a placeholder of the ``n``-th rank of a card (characters of Unicode's private use area, which no escaping changes)
HOLE = "\ue000{}\ue001"


@lru_cache(maxsize=None)
def kind_name(kind: str, lang: str) -> str:
    return _kind_name(kind, lang)


def rank_values(e: Event, start_no: int) -> list[int]:
    """The places a card shows, in the order :func:`card_page` puts them into its placeholders: the current place,
    then the place after each round played in the games table, in the chart's line, its dots and its text (none
    before a round is played)."""
    if not e.played:
        return []
    after = [e.places[k][start_no][0] for k in range(e.played)]
    return [e.places[-1][start_no][0], *after, *after, *after, *after]


def card_page(e: Event, lang: str, start_no: int, holes: list[int] | None = None) -> dict[str, Any]:
    """The card's page from the card's view (:mod:`tiebreak.views.card`) in ``lang`` (``holes``: a list, to which
    the places are added while the page gets placeholders instead, :data:`HOLE`, so that where the template put them
    is known; the places of :func:`rank_values`)."""
    s = site_words(lang)
    v = e.card(start_no).view

    def shown(value: int | None) -> str:
        if value is None:
            return ""
        if holes is None or not e.played:
            return str(value)
        holes.append(value)
        return HOLE.format(len(holes) - 1)

    facts: list[tuple[str, ...]] = [(s["number"], str(start_no))]
    if v.place is not None:  # no place before the first round (it said 0); marked as in the standings: 10*, 1‡
        facts.append((s["rank_after"], e.written(shown(v.place), start_no, e.played)))
    facts.append((s["score_after"], num(v.points)))
    if v.rating:
        facts.append((s["rating"], str(v.rating)))
    for key, value in (("player_title", v.title), ("federation", v.federation), ("club", v.club)):
        if value:
            facts.append((s[key], value))
    if v.fide_id:  # as text: the site links to no other site
        facts.append((s["fide_id"], v.fide_id))
    game = next((g for g in v.games if g.pending and g.opponent is not None), None)
    if game is not None:  # the game in play, else the next one paired: followed from the card
        facts.append((s["next_game"], s["next_game_text"].format(
            k=game.round, board=game.board or "–", colour=colour_word(lang, game.colour),
            opponent=name_of(e, game.opponent)), player_link(e, game.opponent)["href"]))
    if v.performance is not None:
        facts.append((s["performance"], str(v.performance)))
    if v.change is not None:
        facts.append((s["rating_change"], signed(v.change)))
    # the result right after the opponent, then the player's own score and place: in view on a phone; then the
    # game's colour, board and rating change, and the opponent's number, title, rating, federation and points
    heads = [_head(s["round_n"].format(k="").strip() or "#"), _head(s["opponent"], "name"), _head(s["result"], "left"),
             _head(s["own_score"]), _head(s["own_place"]), _head(s["colour"]), _head(s["board"]),
             _head(s["game_change"]), _head(word("number", lang)), _head(s["player_title"]), _head(s["rating"]),
             _head(s["federation"]), _head(s["opponent_points"])]
    rows = [game_row(e, lang, start_no, g, shown) for g in v.games]
    tables = [{"id": "games", "caption": s["games"], "heads": heads, "rows": rows, "sticky": False}]
    lots, playoff = e.marks(start_no)  # the legend of the marks this card's places carry
    return {"title": v.name or f"#{start_no}", "facts": facts, "tables": tables,
            "legend": site_lines(place_marks(lang, lots, e.seed, playoff)),
            "chart": chart(v.places, len(e.tournament.players), lang, shown) if v.places else None,
            "explanations": explanations(e, lang, start_no)}


def signed(x: Fraction) -> str:
    """A rating change with its sign, to one decimal (``+2.0``, ``−6.4``)."""
    text = format_number(abs(x), 1)
    return ("+" if x > 0 else "−" if x < 0 else "") + text


def game_row(e: Event, lang: str, start_no: int, g: CardGame, shown: Any) -> dict[str, Any]:
    """One round of the card: a game (played or pending; a played one's result links to the game when the PGN has
    it), a bye, or no pairing."""
    s = site_words(lang)
    if g.opponent is not None:
        opp = player_link(e, g.opponent)
    else:
        opp = {"text": kind_name(g.kind.name, lang) if g.kind != Kind.ABSENT else s["not_paired"], "cls": "left"}
    if g.pending:  # the words of the pairings: not played yet in a file, being played on the live screen
        result = LIVE_WORDS.text("pending", lang) if e.live else s["pending"]
    else:
        result = CELL[g.kind]
        if g.kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT) or g.opponent is None:
            result = f"{result} ({kind_name(g.kind.name, lang)})" if result else kind_name(g.kind.name, lang)
    return {"cls": "pending" if g.pending else "", "cells": [
        {"text": str(g.round), "head": True}, opp,
        {"text": result, "cls": "left", **({} if g.pending else game_link(e, g.round, start_no, g.opponent, s))},
        {"text": "" if g.score is None else num(g.score), "data": "score"},
        {"text": "" if g.place is None else e.written(shown(g.place), start_no, g.round), "data": "rank"},
        {"text": colour_word(lang, g.colour)}, {"text": str(g.board or "")},
        {"text": "" if g.change is None else signed(g.change), "data": "change"},
        {"text": str(g.opponent or "")}, {"text": g.opponent_title}, {"text": str(g.opponent_rating or "")},
        {"text": g.opponent_federation}, {"text": "" if g.opponent_points is None else num(g.opponent_points)}]}


def chart(places: list[int], players: int, lang: str, shown: Any) -> dict[str, Any]:
    """The player's place after every round as a line (inline SVG, place 1 at the top, the last place at the
    bottom): one unit a round across, one unit a place down, so the places are the coordinates themselves; and its
    text equivalent.  Four times the places, in this order: the line, the dots, the text (the placeholders of
    :func:`card_page`)."""
    s = site_words(lang)
    rounds = range(1, len(places) + 1)
    line = " ".join(f"{k},{shown(p)}" for k, p in zip(rounds, places))
    dots = "".join(f"M{k},{shown(p)}h0" for k, p in zip(rounds, places))
    text = "; ".join(s["place_after"].format(k=k, place=shown(p)) for k, p in zip(rounds, places))
    return {"box": f"0.5 0.5 {len(places)} {max(players, 1)}", "line": line, "dots": dots, "text": text,
            "rounds": list(rounds), "last": max(players, 1)}


def explanations(e: Event, lang: str, start_no: int) -> list[dict[str, Any]]:
    """Each value of the current standings with the rounds that made it (the records of ``tiebreak explain``)."""
    out = []
    for n, (key, spec, value, article, group, place, rounds, links) in enumerate(records(e, start_no), 1):
        # the name with its cut or median, as the legend and the page's panel write it ("Buchholz, Cut-1"); the
        # specifier by its column, as a repeated one's key is numbered ("DE (2)", which is no specifier)
        name = with_modifiers(tiebreak_name(CATALOGUE[spec.code], lang), spec, lang)
        x: dict[str, Any] = {"key": key, "value": value, "article": article, "name": name,
                             "heading": value_heading(e.current, key, article, lang)[0]}  # the points as headed: Pts
        if rounds is None:
            # the command line's and the page's panel's one sentence
            x["note"] = group_sentence({"value": place, "group_score": group}, lang)
        out.append(rounds_table(lang, n, x, rounds, links))
    return out


def rounds_table(lang: str, n: int, x: dict[str, Any], v: ValueRounds | None,
                 links: list[dict[str, Any] | None]) -> dict[str, Any]:
    """The ``n``-th value's record ``x`` on a player's or a team's card with the table of its rounds, in the columns
    of every face (:mod:`tiebreak.views.value_rounds`; each round's opponent linked to its card by ``links``, None
    for no opponent), each cut round struck through; under it the one way every round was counted, what a cut
    means, the sum an average comes from."""
    if v is None or not v.rows:
        return x
    s = site_words(lang)
    # a card has a table for each value of each player in three languages: each row's cells made at once in the
    # columns' one order (COLUMNS, the last one only when the ways differ), not looked up by name
    assert v.columns == COLUMNS[:len(v.columns)], v.columns
    differ = len(v.columns) == len(COLUMNS)  # the ways of counting differ: a column of their letters
    rows = []
    ways: dict[str, str] = {}  # each way the rounds were counted, by its letter in the column (said under the table)
    for r, cells, link in zip(v.rows, round_cells(v, lang), links):
        cls = "cut" if r.cut else ""
        contribution = {"text": cells[3], "cls": cls}
        row = [{"text": cells[0], "head": True}, {"text": cells[1], "cls": "left"},
               # "no opponent" flush left as a name
               {**link, "text": cells[2]} if link is not None else {"cls": "left", "text": cells[2]}, contribution]
        if differ:
            way = ways.setdefault(cells[4], ascii_lowercase[len(ways) % 26])
            contribution["sub"], contribution["sub_cls"] = f" {way}", "way"
            row.append({"text": way, "cls": "way"})
        rows.append({"cls": cls, "cells": row})
    # the rows as HTML at once, as the table macro would write them (``rows_html``): a card's cells are mostly these
    # tables', and held until the page is rendered (every card in three languages) they cost the garbage collector
    # more than writing them (benchmarks/README.md, the site's build)
    x["table"] = {"id": f"tb{n}", "caption": x.get("heading", x["key"]), "rows": rows_html(rows),
                  "heads": [_head(h, _CLASSES[c]) for c, h in zip(v.columns, round_headings(v.columns, lang))]}
    # the ways of counting that differ between the rounds: a letter in their column, the words once under the
    # table (a column of sentences does not fit a phone beside the opponent and the contribution; a phone shows
    # the letter beside the contribution instead of the column: site.css)
    counted = "; ".join(f"{letter} — {way}" for way, letter in ways.items())
    notes = [sentence_note(v, lang) or (f"{s['how_counted']}: {counted}" if counted else ""),
             s["cut_legend"] if v.cut else "",
             EXPLAIN_WORDS.text("kept", lang, sum=num(v.kept)).strip() if v.kept is not None else ""]
    x["note"] = paragraph(notes)
    return x


def paragraph(notes: list[str]) -> str:
    """A record's notes as one paragraph: each sentence but the last closed by its full stop, empty ones left out.

    >>> paragraph(["place among them: 2", "", "game points by board: 3, 2"])
    'place among them: 2. game points by board: 3, 2'
    """
    said = [n for n in notes if n]
    return " ".join(n if n[-1] in ".!?" or k == len(said) - 1 else n + "." for k, n in enumerate(said))


#: the class of each column of a value's rounds on a card (words flush left, the opponent a name)
_CLASSES = {"round": "", "result": "left", "opponent": "name", "contribution": "", "how_counted": "way"}


def records(e: Event, start_no: int) -> list[tuple[Any, ...]]:
    """What :func:`explanations` shows of each value, without words (made once for the three languages): key, its
    specifier, value, article, score among the tied players and place among them (a Type A value), the rounds
    (:mod:`tiebreak.views.value_rounds`; None for a Type A value) and each round's opponent linked to the card."""
    made = e.records
    if start_no in made:
        return made[start_no]
    s = e.current
    specs = dict(zip(s.keys, s.specs))
    out: list[tuple[Any, ...]] = []
    for key, info in e.card(start_no).details.items():
        if "rounds" not in info:
            out.append((key, specs[key], num(info["value"]), info["article"], info.get("group_score"),
                        s.value(start_no, key), None, []))
            continue
        rounds = detailed_rounds(s, start_no, key, info["rounds"])  # the rounds found by details, not found again
        links = [player_link(e, r.opponent) if r.opponent else None for r in rounds.rows]
        out.append((key, specs[key], num(info["value"]), info["article"], None, None, rounds, links))
    made[start_no] = out
    return out
