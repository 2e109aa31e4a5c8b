"""Why a player has a value, and why one player is ahead of another: the per-round record behind every number.

>>> from tiebreak import compute_standings, trf
>>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
>>> print(explain_pair(s, 7, 9).splitlines()[1])
first separated by BH/C1 [C.07 8.1]: 30 against 28.5
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..engine.model import Kind, format_number
from ..engine.ranking import Ranking
from ..engine.registry import CATALOGUE
from ..engine.standings import Contribution, Standings
from .i18n import kind_name, message, tiebreak_name, with_modifiers, word
from .words import EXPLAIN_WORDS


def details(s: Ranking, start_no: int) -> dict[str, dict[str, Any]]:
    """Machine-readable explanation of every value of one player or team (the JSON ``details``): its article and
    value and what each round added (``cut``: left out by a modifier), or a Type A value's score among the tied."""
    out: dict[str, dict[str, Any]] = {}
    for key in s.keys:
        col = s.column(key)
        entry: dict[str, Any] = {"article": s.article(key), "value": s.value(start_no, key)}
        if s.is_group(key):
            scores = col.extra.get("de", {}).get(s.tournament.row(start_no))
            entry["group_score"] = scores[0] if scores else None
            entry["note"] = "computed among the players still tied at this point (Type A)"
        else:
            entry["rounds"] = [
                {"round": c.round, "kind": c.kind, "opponent": c.opponent, "value": c.value, "cut": c.cut,
                 "source": c.source} for c in s.contributions(start_no, key)]
        out[key] = entry
    return out


def _num(x: Fraction | None) -> str:
    return "-" if x is None else format_number(x)


_w = EXPLAIN_WORDS.text


def explain_player(s: Standings, start_no: int, lang: str = "en") -> str:
    """Every value of one player with the rounds that made it, in ``lang``."""
    row = s.row(start_no)
    lines = [_w("head", lang, name=row.name, no=start_no, rank=row.rank, points=format_number(row.points),
                rules=s.rules.name, system=word(s.system, lang), round=s.after_round)]
    for spec, info in details(s, start_no).items():
        lines.append("")
        sp = s.specs[s.keys.index(spec)]
        name = with_modifiers(tiebreak_name(CATALOGUE[sp.code], lang), sp, lang)  # as the legend and the panel say
        lines.append(f"{spec} = {_num(info['value'])}   {name} [{message(info['article'], lang)}]")
        rating_type = CATALOGUE[sp.code].type.startswith("D")
        if info["value"] is None and rating_type and s.column(spec).contrib is not None:
            idle = not (s.tournament.kind[row.index, :s.after_round] <= Kind.LOSS_SHORT).any()
            lines.append(_w("undefined_idle" if idle else "undefined", lang))
        if "rounds" not in info:
            lines.append(_w("group_score", lang, note=_w("group", lang), score=_num(info.get("group_score"))))
            continue
        kinds = [kind_name(c["kind"], lang) for c in info["rounds"]]
        width = max([18, *map(len, kinds)])  # whole words in one column, whatever the language
        for c, kind in zip(info["rounds"], kinds):
            opp = _w("vs", lang, opponent=f"{c['opponent']:>4}") if c["opponent"] else _w("no_opponent", lang)
            cut = "  " + _w("cut", lang) if c["cut"] else ""
            lines.append(f"  {_w('r', lang)}{c['round']:<2} {kind:<{width}} {opp:<11} {_num(c['value']):>8}{cut}   "
                         f"{message(c['source'], lang)}")
        kept = sum((c["value"] for c in info["rounds"] if not c["cut"]), Fraction(0))
        if info["rounds"] and kept != info["value"] and info["value"] is not None:
            lines.append(_w("kept", lang, sum=_num(kept)))
    return "\n".join(lines) + "\n"


def _first_difference(s: Ranking, a: int, b: int) -> str | None:
    """The first tie-break of the list on which players ``a`` and ``b`` differ (None: equal on all of them)."""
    ra, rb = s.row(a), s.row(b)
    return next((key for key in s.keys if ra.values[key] != rb.values[key]), None)


def pair_details(s: Ranking, a: int, b: int) -> dict[str, Any]:
    """Why ``a`` and ``b`` (players or teams) stand where they do, as data (the API's pair ``details``): the first
    tie-break that separates them with its article and both values, or whether a lot decided (``separated_by`` None).

    >>> from tiebreak import compute_standings, trf
    >>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
    >>> d = pair_details(s, 7, 9)
    >>> d["separated_by"], d["article"], str(d["values"][0]), str(d["values"][1])
    ('BH/C1', 'C.07 8.1', '30', '57/2')
    """
    first = _first_difference(s, a, b)
    ra, rb = s.row(a), s.row(b)
    out: dict[str, Any] = {"players": [a, b], "ranks": [ra.rank, rb.rank], "separated_by": first,
           "by_lot": first is None and bool(ra.lot or rb.lot)}
    if first is not None:
        out["article"] = s.article(first)
        out["values"] = [ra.values[first], rb.values[first]]
    return out


def explain_pair(s: Standings, a: int, b: int, lang: str = "en") -> str:
    """What separated two players: the first tie-break of the list on which they differ, round by round."""
    ra, rb = s.row(a), s.row(b)
    first = _first_difference(s, a, b)
    lines = [_w("pair_head", lang, a=a, name_a=ra.name, rank_a=ra.rank, b=b, name_b=rb.name, rank_b=rb.rank)]
    if first is None:
        how = _w("by_lot", lang) if ra.lot or rb.lot else _w("shared", lang)
        lines.append(_w("equal", lang, how=how))
        return "\n".join(lines) + "\n"
    lines.append(_w("separated", lang, spec=first, article=message(s.article(first), lang), a=_num(ra.values[first]),
                    b=_num(rb.values[first])))
    ca, cb = s.contributions(a, first), s.contributions(b, first)
    if ca or cb:
        rounds = sorted({c.round for c in ca} | {c.round for c in cb})
        by_a, by_b = {c.round: c for c in ca}, {c.round: c for c in cb}

        def cell(c: Contribution | None) -> str:
            if c is None:
                return ""
            return f"{kind_name(c.kind, lang)} {_num(c.value)}{'*' if c.cut else ''}"
        cells = [(cell(by_a.get(r)), cell(by_b.get(r))) for r in rounds]
        width = max([22, *(len(x) for pair in cells for x in pair)]) + 2  # never a word cut, always a gap
        lines.append(f"  {_w('round', lang):<6}{_w('no', lang, n=a):>{width}}{_w('no', lang, n=b):>{width}}")
        for r, (x, y) in zip(rounds, cells):
            lines.append(f"  {_w('r', lang)}{r:<5}{x:>{width}}{y:>{width}}")
        lines.append(_w("star_cut", lang))
    return "\n".join(lines) + "\n"
