"""Why a player has a value, and why one player is ahead of another: the per-round record behind every number.

>>> from tiebreak import compute_standings, trf
>>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
>>> print(explain_pair(s, 7, 9).splitlines()[1])
first separated by BH/C1 [C.07 8.1]: 30 against 28.5
"""

from __future__ import annotations

from fractions import Fraction

from ..engine.model import format_number
from ..engine.registry import CATALOGUE
from ..engine.standings import Standings


def details(s: Standings, start_no: int) -> dict:
    """Machine-readable explanation of every value of one player (the JSON ``details``)."""
    out = {}
    for key, spec in zip(s.keys, s.specs):
        col = s.column(key)
        d = CATALOGUE[spec.code]
        entry: dict = {"article": d.article, "value": s.value(start_no, key)}
        if d.group is not None:
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


def explain_player(s: Standings, start_no: int) -> str:
    row = s.row(start_no)
    lines = [f"{row.name} (no. {start_no}): rank {row.rank}, {format_number(row.points)} points; rules {s.rules.name}, "
             f"{s.system}, after round {s.after_round}"]
    for spec, info in details(s, start_no).items():
        lines.append("")
        lines.append(f"{spec} = {_num(info['value'])}   [{info['article']}]")
        rating_type = CATALOGUE[s.specs[s.keys.index(spec)].code].type.startswith("D")
        if info["value"] is None and rating_type and s.column(spec).contrib is not None:
            lines.append("  undefined: the event has unrated players and no rating was given for them (C.07 Art. 10; "
                         "use --unrated-rating R or /U<R>)")
        if "rounds" not in info:
            lines.append(f"  {info['note']}; score among them: {_num(info.get('group_score'))}")
            continue
        for c in info["rounds"]:
            opp = f"vs {c['opponent']:>4}" if c["opponent"] else "no opponent"
            cut = "  (cut)" if c["cut"] else ""
            lines.append(f"  R{c['round']:<2} {c['kind']:<14} {opp:<11} {_num(c['value']):>8}{cut}   {c['source']}")
        kept = sum((c["value"] for c in info["rounds"] if not c["cut"]), Fraction(0))
        if info["rounds"] and kept != info["value"] and info["value"] is not None:
            lines.append(f"  sum of the rounds kept: {_num(kept)}; the value is derived from it (average, rating table)")
    return "\n".join(lines) + "\n"


def explain_pair(s: Standings, a: int, b: int) -> str:
    ra, rb = s.row(a), s.row(b)
    first = None
    for key in s.keys:
        if ra.values[key] != rb.values[key]:
            first = key
            break
    lines = [f"no. {a} {ra.name}: rank {ra.rank}; no. {b} {rb.name}: rank {rb.rank}"]
    if first is None:
        lot = "by lot" if ra.lot or rb.lot else "not separated (shared rank)"
        lines.append(f"equal on every tie-break of the list; {lot}")
        return "\n".join(lines) + "\n"
    d = CATALOGUE[s.specs[s.keys.index(first)].code]
    lines.append(f"first separated by {first} [{d.article}]: {_num(ra.values[first])} against {_num(rb.values[first])}")
    ca, cb = s.contributions(a, first), s.contributions(b, first)
    if ca or cb:
        lines.append(f"  {'round':<6}{'no. ' + str(a):>24}{'no. ' + str(b):>24}")
        rounds = sorted({c.round for c in ca} | {c.round for c in cb})
        by_a, by_b = {c.round: c for c in ca}, {c.round: c for c in cb}

        def cell(c):
            if c is None:
                return ""
            return f"{c.kind[:10]} {_num(c.value)}{'*' if c.cut else ''}"
        for r in rounds:
            lines.append(f"  R{r:<5}{cell(by_a.get(r)):>24}{cell(by_b.get(r)):>24}")
        lines.append("  (* cut)")
    return "\n".join(lines) + "\n"
