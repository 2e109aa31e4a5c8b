"""Why a team has a value, and why one team is ahead of another: per round the opposing team, the match points and
game points, and what each team tie-break took from the round (cut rounds marked), with the article.

>>> from tiebreak.engine.team import Team, build, compute_team_standings
>>> from tiebreak.engine.model import Kind, Player, Tournament
>>> t = Tournament.build([Player(i, n) for i, n in enumerate(["A1", "A2", "B1", "B2"], 1)], 1)
>>> t.set_game(1, 1, 3, Kind.WIN); t.set_game(1, 4, 2, Kind.DRAW)
>>> s = compute_team_standings(build(t, [Team(1, "A", [1, 2]), Team(2, "B", [3, 4])]), "MP,GP", lots=False)
>>> print(explain_team(s, 1).splitlines()[2])
  R1  vs team 2 B                     MP 2  GP 1.5 : 0.5
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..engine.model import format_number
from ..engine.team import TEAM_CATALOGUE, TeamStandings
from ..views.matches import MatchRound, match_rounds
from .explain import details, pair_details
from .i18n import kind_name, message, with_modifiers, word
from .team_words import key_heading, primary_name
from .words import TEAM_EXPLAIN, TEAM_NAMES, TEAM_PANEL, TEAM_WORDS


def panel_words(lang: str = "en") -> dict[str, str]:
    """Every word the page's explanation panel of a team needs, in ``lang``.

    >>> panel_words("uk")["teams_n"], panel_words("ru")["mp"]
    ('команд: {n}', 'МО')
    """
    return {**{k: TEAM_WORDS.text(k, lang) for k in ("mp", "gp", "bye", "no_match")},
            **{k: TEAM_PANEL.text(k, lang) for k in TEAM_PANEL}}


def _num(x: Fraction | None) -> str:
    return "-" if x is None else format_number(x)


def _match(mr: MatchRound) -> dict[str, Any]:
    return {"round": mr.round, "kind": mr.kind.name, "opponent": mr.opponent, "opponent_name": mr.opponent_name or None,
            "match_points": mr.match_points, "game_points": mr.game_points,
            "opponent_game_points": mr.opponent_game_points}


def matches(s: TeamStandings, number: int) -> list[dict[str, Any]]:
    """The team's rounds as data: opponent team, kind, match points, game points and the opponent's game points."""
    return [_match(mr) for mr in match_rounds(s, number)]


def team_details(s: TeamStandings, number: int) -> dict[str, Any]:
    """Machine-readable explanation of every value of team ``number`` (the JSON ``details``): the players' shape
    (:func:`~tiebreak.render.explain.details`: article, value, what each round added), with a Type A value's place
    among the tied teams, and the boards' game points and normalising factor of the tie-breaks that use them."""
    i = s.tt.matches.row(number)
    out = details(s, number)
    for spec, col, entry in zip(s.specs, s.columns, out.values()):
        if TEAM_CATALOGUE[spec.code].group is not None:
            entry["group_place"] = int(col.num[i])
            entry["note"] = "computed among the teams still tied at this point (Type A)"
        elif col.contrib is None:  # not a sum over rounds: no rounds listed
            entry.pop("rounds")
        if spec.code in ("BC", "TBR", "BBE"):
            entry["boards"] = [Fraction(int(x), s.tt.gp_scale) for x in s.tt.board_gp[i, :s.after_round].sum(axis=0)]
        if "factor" in col.extra:
            entry["factor"] = col.extra["factor"]
    return out


def value_heading(s: TeamStandings, spec: str, article: str, lang: str = "en") -> tuple[str, str, str]:
    """A team value's heading, the code that names it and its article: the primary score (``PTS``, or its own code)
    headed as the standings head it (``МО``), named and cited as the legend does (match points, C.07 11.1.1).

    >>> from tiebreak.engine.team import Team, build, compute_team_standings
    >>> from tiebreak.engine.model import Player, Tournament
    >>> t = Tournament.build([Player(i, n) for i, n in enumerate(["A1", "A2", "B1", "B2"], 1)], 1)
    >>> s = compute_team_standings(build(t, [Team(1, "A", [1, 2]), Team(2, "B", [3, 4])]), "PTS,BH", lots=False)
    >>> value_heading(s, "PTS", "C.07 11", "ru"), value_heading(s, "BH", "C.07 8.1, 16", "ru")
    (('МО', 'MP', 'C.07 11.1.1'), ('BH', 'BH', 'C.07 8.1, 16'))
    """
    code = spec.split("/")[0].split(":")[0]
    if code in ("PTS", s.tt.primary) and s.tt.primary in TEAM_CATALOGUE:
        return key_heading(code, s.tt.primary, lang), s.tt.primary, TEAM_CATALOGUE[s.tt.primary].article
    return spec, code, article


def explain_team(s: TeamStandings, number: int, lang: str = "en") -> str:
    """The explanation of team ``number`` as text in ``lang``."""
    e, w = TEAM_EXPLAIN, TEAM_WORDS
    row = s.row(number)
    lines = [e.text("head", lang, number=number, name=row.name, rank=row.rank, rules=s.rules.name,
                    system=word(s.system, lang), k=s.after_round, boards=s.tt.boards,
                    primary=primary_name(s.tt.primary, lang)), ""]
    r = e.text("r", lang)
    rounds: list[tuple[int, str, str]] = []
    for mr in match_rounds(s, number):
        who = (e.text("vs", lang, number=mr.opponent, name=mr.opponent_name) if mr.opponent is not None
               else e.text("bye" if mr.kind.name == "PAB" else "none", lang))
        score = f"{w.text('mp', lang)} {_num(mr.match_points)}  {w.text('gp', lang)} {_num(mr.game_points)}"
        if mr.opponent_game_points is not None:
            score += f" : {_num(mr.opponent_game_points)}"
        forfeit = f"  ({kind_name(mr.kind.name, lang)})" if mr.kind.name.startswith(("FORFEIT", "DOUBLE")) else ""
        rounds.append((mr.round, who, score + forfeit))
    width = max([30, *(len(who) for _, who, _ in rounds)])  # the scores in one column, whatever the names
    lines += [f"  {r}{k:<2} {who:<{width}}  {score}" for k, who, score in rounds]
    specs = {sp.text: sp for sp in s.specs}
    for spec, info in team_details(s, number).items():
        heading, code, article = value_heading(s, spec, info["article"], lang)  # the primary score: МО, as headed
        name = TEAM_NAMES.text(code, lang)
        if spec in specs:  # with its cut or median, as the legend writes it ("Buchholz, Cut-1")
            name = with_modifiers(name, specs[spec], lang)
        lines += ["", f"{heading} = {_num(info['value'])}   {name} [{article}]"]
        if "group_place" in info:
            lines.append("  " + e.text("group", lang, place=info["group_place"] or "-"))
        if "boards" in info:
            lines.append("  " + e.text("boards", lang, points=", ".join(_num(x) for x in info["boards"])))
        if "factor" in info:
            lines.append("  " + e.text("factor", lang, factor=info["factor"]))
        opponents = [e.text("vs", lang, number=c["opponent"], name="").strip() if c["opponent"] else ""
                     for c in info.get("rounds", [])]
        width = max([16, *map(len, opponents)])
        for c, opp in zip(info.get("rounds", []), opponents):
            cut = "  " + e.text("cut", lang) if c["cut"] else ""
            lines.append(f"  {r}{c['round']:<2} {opp:<{width}} {_num(c['value']):>8}{cut}   {message(c['source'], lang)}")
    return "\n".join(lines) + "\n"


def explain_team_pair(s: TeamStandings, a: int, b: int, lang: str = "en") -> str:
    """The first tie-break of the list that separates teams ``a`` and ``b``, and the two values."""
    e = TEAM_EXPLAIN
    ra, rb = s.row(a), s.row(b)
    lines = [e.text("pair_head", lang, a=a, name_a=ra.name, rank_a=ra.rank, b=b, name_b=rb.name, rank_b=rb.rank)]
    d = pair_details(s, a, b)
    if d["separated_by"] is None:
        lines.append(e.text("equal", lang, how=e.text("by_lot" if d["by_lot"] else "shared", lang)))
    else:
        heading, _, article = value_heading(s, d["separated_by"], d["article"], lang)  # as the standings head it
        lines.append(e.text("separated", lang, spec=heading, article=article, va=_num(d["values"][0]),
                            vb=_num(d["values"][1])))
    return "\n".join(lines) + "\n"
