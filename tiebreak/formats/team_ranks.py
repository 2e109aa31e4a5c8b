"""A team event written back with its computed team standings: TRF (team records 310 with match points, game points
and rank, beside any 013 records; the team list in record 212) and Chess-JSON (each team competitor's ``rank`` and
``tieBreakScore``, the list in ``rankOrder``).  The lists are written in the FIDE reference checker's vocabulary
(``MPTS``/``GPTS`` for MP and GP), which our readers accept as well.

>>> reference_codes(["MP", "GP", "EGGSB", "BH:MP/C1"])
['MPTS', 'GPTS', 'EGGSB', 'BH:MP/C1']
>>> record_310(7, "Alpha", "ALP", Fraction(9), Fraction(31, 2), 2, [1, 2, 13])
'310   7 Alpha                            ALP             9.0   15.5   2     1    2   13'
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..engine.model import Tournament, format_number
from ..engine.team import TeamStandings
from . import chessjson, trf

#: our names of the two scores -> the reference checker's (it knows no ``MP``/``GP`` code in a list)
REFERENCE_NAMES = {"MP": "MPTS", "GP": "GPTS"}


def reference_codes(tiebreaks: list[str]) -> list[str]:
    """The list with MP and GP named as the reference checker names them."""
    return [REFERENCE_NAMES.get(code, code) for code in tiebreaks]


def _points(x: Fraction) -> str:
    return format_number(x, 1) if (x * 10).denominator == 1 else format_number(x)


def record_310(number: int, name: str, nickname: str, mp: Fraction, gp: Fraction, rank: int | None,
               members: list[int], strength: str = "") -> str:
    """TRF-2026 record 310: number 5-7, name 9-40, nickname 42-46, strength 48-53, MP 55-60, GP 62-67, rank 69-71,
    players from 74 every 5 columns."""
    head = (f"310 {number:>3} {name[:32]:<32} {nickname[:5]:<5} {strength[:6]:>6} {_points(mp):>6} {_points(gp):>6} "
            f"{(str(rank) if rank else ''):>3} ")
    return (head + "".join(f" {sno:>4}" for sno in members)).rstrip()


def team_records(s: TeamStandings) -> list[str]:
    """One 310 record per team with the computed match points, game points and rank (the strength factor of a 310
    record already in the file is kept)."""
    tt = s.tt
    strength = {int(x[4:7]): x[47:53].strip() for x in tt.games.extra.get("lines", [])
                if x[:3] == "310" and x[4:7].strip().isdigit()}
    mp, gp = {}, {}
    for ti, tm in enumerate(tt.teams):
        mp[tm.number] = tt.matches.points(tm.number, s.after_round)
        gp[tm.number] = Fraction(int(tt.gp[ti, :s.after_round].sum()), tt.gp_scale)
    ranks = {r.number: r.rank for r in s.rows}
    return [record_310(tm.number, tm.name, tm.nickname, mp[tm.number], gp[tm.number], ranks.get(tm.number),
                       tm.members, strength.get(tm.number, "")) for tm in tt.teams]


def _ranked(t: Tournament, s: TeamStandings, with_310: bool) -> Tournament:
    lines = t.extra.get("lines", [])
    if with_310:
        kept = [x for x in lines if x[:3] != "310"]
        at = max((k + 1 for k, x in enumerate(kept) if x[:3] == "013"), default=len(kept))
        lines = kept[:at] + team_records(s) + kept[at:]
    return replace(t, declared_tiebreaks=reference_codes(s.tiebreaks), declared_tiebreaks_complete=True,
                   extra={**t.extra, "lines": lines})


def trf_with_team_ranks(t: Tournament, s: TeamStandings) -> str:
    """The TRF of the team event ``t`` with the team list (212) and a 310 record per team holding its computed match
    points, game points and rank; 013 records stay as they were (TRF-16 readers keep reading them; readers of
    TRF-2026, ours and the reference checker's, take the 310 records, numbered and ordered as the 013 ones)."""
    return trf.dumps(_ranked(t, s, True))


def chess_json_with_team_ranks(t: Tournament, s: TeamStandings) -> str:
    """The team event as Chess-JSON with each team competitor's computed ``rank`` and ``tieBreakScore`` (in the order
    of ``rankOrder``)."""
    return chessjson.dumps(_ranked(t, s, False), team_ranks={r.number: r.rank for r in s.rows},
                           team_tiebreaks={r.number: [r.values[c] for c in s.tiebreaks] for r in s.rows})
