"""The web page's explanation panel as HTML: how each value of one player or team was made, or what separated two,
from the same data and sentences as ``tiebreak explain`` (:mod:`tiebreak.render.explain`: a team's matches added), in
the page's language; the page only shows it.

>>> from tiebreak import compute_standings, trf
>>> from tiebreak.web.page_words import page_words
>>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
>>> html = panel(s, [7, 9], "en", page_words("en"))
>>> 'first separated by BH/C1 [C.07 8.1]: 30 against 28.5' in html
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..engine.model import Kind, format_number
from ..engine.ranking import Ranking, name_and_number, shown_places
from ..engine.registry import CATALOGUE
from ..engine.standings import Standings
from ..engine.team import TeamStandings
from ..views.value_rounds import value_rounds
from .explain import (
    PAIR_COLUMNS,
    Side,
    details,
    group_sentence,
    matches,
    pair_details,
    pair_head,
    pair_rounds,
    played_off,
    round_cells,
    round_headings,
    sentence_note,
    spec_name,
    team_notes,
    value_heading,
)
from .i18n import message
from .results import match_score
from .templating import environment
from .words import EXPLAIN_WORDS, TEAM_NAMES

_env = environment()
Words = dict[str, dict[str, str]]


def _num(x: Fraction | None) -> str:
    return "-" if x is None else format_number(x)


def _undefined(s: Ranking, start_no: int, spec: str, lang: str) -> str:
    """Why a rating value is undefined, in the command line's words (an idle player has no opponent's rating)."""
    if not isinstance(s, Standings) or not CATALOGUE[s.specs[s.keys.index(spec)].code].type.startswith("D"):
        return ""
    idle = not (s.tournament.kind[s.row(start_no).index, :s.after_round] <= Kind.LOSS_SHORT).any()
    return EXPLAIN_WORDS.text("undefined_idle" if idle else "undefined", lang).strip()


def _notes(info: dict[str, Any], team: bool, lang: str) -> list[str]:
    """What a value that is not a sum over rounds rests on, in the sentences of the text and the card: a team's place
    among the tied teams, its game points by board, a normalising factor; a player's score among the tied players."""
    if team:
        return team_notes(info, lang)
    return [] if "rounds" in info else [group_sentence(info, lang)]


#: the class of each column of a value's rounds (:data:`tiebreak.views.value_rounds.COLUMNS`): words flush left
_CLASSES = {"round": "", "result": "name", "opponent": "name", "contribution": "", "how_counted": "src"}


def _block(s: Ranking, start_no: int, spec: str, info: dict[str, Any], lang: str) -> dict[str, Any]:
    team = not isinstance(s, Standings)
    v = value_rounds(s, start_no, spec) if "rounds" in info else None
    rounds = [] if v is None else [{"cut": r.cut, "cells": cells}  # the columns of every face
                                   for r, cells in zip(v.rows, round_cells(v, lang))]
    name = spec_name({x.text: x for x in s.specs}.get(spec), team, lang)
    heading, code, article = value_heading(s, spec, info["article"], lang)  # a team's primary score as headed
    name = TEAM_NAMES.text(code, lang) if team and heading != spec else name
    return {"spec": spec, "heading": heading, "value": _num(info["value"]), "name": name,
            "article": message(article, lang), "rounds": rounds if v is not None else None,
            "heads": round_headings(v.columns, lang) if v is not None else [],
            "classes": [_CLASSES[c] for c in v.columns] if v is not None else [],
            "sentence": sentence_note(v, lang) if v is not None else "",
            "undefined": _undefined(s, start_no, spec, lang) if info["value"] is None and rounds else "",
            "notes": _notes(info, team, lang)}


def _matches(s: TeamStandings, number: int, words: Words) -> list[dict[str, str]]:
    out = []
    for m in matches(s, number):
        gp = (_num(m["game_points"]) if m["opponent_game_points"] is None
              else match_score(_num(m["game_points"]), _num(m["opponent_game_points"])))
        kind = words["kinds"].get(m["kind"], m["kind"])
        if m["opponent"] is not None:
            who = f"{m['opponent_name'] or s.row(m['opponent']).name} ({m['opponent']})"
            if m["kind"] in ("FORFEIT_WIN", "FORFEIT_LOSS", "DOUBLE_FORFEIT"):
                who += " — " + kind
        else:
            who = words["team"]["no_match"] if m["kind"] == "ABSENT" else kind
        out.append({"round": str(m["round"]), "mp": _num(m["match_points"]), "gp": gp, "who": who,
                    "kind": m["kind"]})
    return out


def _one(s: Ranking, n: int, lang: str, words: Words) -> dict[str, Any]:
    row = s.row(n)
    points = _num(row.points)  # a team's: its primary score
    blocks = [_block(s, n, spec, info, lang) for spec, info in details(s, n).items()]
    place = shown_places(s)[n]
    return {"title": f"{place}. {row.name} ({n}) — {points}", "blocks": blocks,  # the place as the standings write it
            "matches": _matches(s, n, words) if isinstance(s, TeamStandings) else None,
            "cut": any(c["cut"] for b in blocks for c in b["rounds"] or [])}


def _pair(s: Ranking, a: int, b: int, lang: str, words: Words) -> dict[str, Any]:
    d = pair_details(s, a, b)
    ahead, behind = (a, b) if d["ranks"][0] <= d["ranks"][1] else (b, a)
    title = words["page"]["ahead"].format(a=s.row(ahead).name, b=s.row(behind).name)
    said = EXPLAIN_WORDS.text
    spec = d["separated_by"]
    out: dict[str, Any] = {"title": title, "head": pair_head(s, a, b, lang), "rounds": [], "cut": False}
    if "playoff" in d:  # the play-off placed them (its notes, as the standings say them)
        return out | {"verdict": said("by_playoff", lang), "notes": [message(n, lang) for n in played_off(s, a, b)]}
    if spec is None:
        return out | {"verdict": said("equal", lang, how=said("by_lot" if d["by_lot"] else "shared", lang))}
    va, vb = _num(d["values"][0]), _num(d["values"][1])
    heading, _, article = value_heading(s, spec, d["article"], lang)  # a team's primary score as the standings head it
    rounds: list[dict[str, Any]] = [{"round": k, "sides": [_side(x) for x in sides]}
                                    for k, sides in pair_rounds(s, a, b, spec, lang)]
    return out | {"verdict": said("separated", lang, spec=heading, article=message(article, lang), a=va, b=vb),
                  "names": [name_and_number(s.row(a).name, a), name_and_number(s.row(b).name, b)],
                  "heads": round_headings(PAIR_COLUMNS, lang), "classes": [_CLASSES[c] for c in PAIR_COLUMNS],
                  "values": [va, vb], "rounds": rounds, "cut": any(x["cut"] for r in rounds for x in r["sides"])}


def _side(x: Side | None) -> dict[str, Any]:
    """One player's side of a pair's round: the cells of one player's rounds (result, opponent, contribution)."""
    if x is None:
        return {"cells": ["", "", ""], "cut": False}
    r, cells = x
    return {"cells": [cells[c] for c in PAIR_COLUMNS], "cut": r.cut}


def panel(s: Ranking, numbers: list[int], lang: str, words: Words) -> str:
    """The panel of one participant (``numbers`` = [N]) or of what separated two, in ``lang``; ``words``: the page's
    words (:func:`tiebreak.web.page_words.page_words`)."""
    if len(numbers) == 2:
        return _env.get_template("explain_panel.html").render(pair=_pair(s, numbers[0], numbers[1], lang, words),
                                                              w=words)
    return _env.get_template("explain_panel.html").render(one=_one(s, numbers[0], lang, words), w=words)
