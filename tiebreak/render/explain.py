"""Why a player or a team has a value, and why one is ahead of another: the per-round record behind every number,
written once for any :class:`~tiebreak.engine.ranking.Ranking`.  A team event adds its own lines from the team view
(:mod:`tiebreak.views.matches`): the boards and the primary score in the heading, the team's matches (opposing team,
match points, game points), a Type A value's place among the tied teams, the boards' game points and a normalising
factor.

>>> from tiebreak import compute_standings, trf
>>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
>>> print(explain_pair(s, 7, 9).splitlines()[1])
first separated by BH/C1 [C.07 8.1]: 30 against 28.5

A team's rounds are its matches (two teams of two boards; A wins 1.5 : 0.5):

>>> from tiebreak.engine.team import Team, build, compute_team_standings
>>> from tiebreak.engine.model import Kind, Player, Tournament
>>> t = Tournament.build([Player(i, n) for i, n in enumerate(["A1", "A2", "B1", "B2"], 1)], 1)
>>> t.set_game(1, 1, 3, Kind.WIN); t.set_game(1, 4, 2, Kind.DRAW)
>>> teams = compute_team_standings(build(t, [Team(1, "A", [1, 2]), Team(2, "B", [3, 4])]), "MP,GP", lots=False)
>>> print(explain(teams, 1).splitlines()[2])
  R1  vs team 2 B                     MP 2  GP 1.5 – 0.5
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..engine.articles import team_article
from ..engine.messages import Message
from ..engine.model import Kind, format_number
from ..engine.ranking import RankedRow, Ranking, shown_places
from ..engine.registry import CATALOGUE
from ..engine.specifier import TieBreakSpec
from ..engine.team import TEAM_CATALOGUE, TeamStandings
from ..views.matches import MatchRound, match_rounds
from ..views.value_rounds import COLUMNS, RoundRow, ValueRounds, opponent_label, value_rounds
from .columns import key_heading, primary_name
from .i18n import after_round, kind_name, message, tiebreak_name, with_modifiers, word
from .results import match_score
from .text_table import text_table
from .words import EXPLAIN_WORDS, TEAM_EXPLAIN, TEAM_NAMES, TEAM_WORDS


def details(s: Ranking, start_no: int) -> dict[str, dict[str, Any]]:
    """Machine-readable explanation of every value of one player or team (the JSON ``details``): its article and
    value and what each round added (``cut``: left out by a modifier), or a Type A value's score among the tied.  A
    team's adds a Type A value's place among the tied teams, and the boards' game points and normalising factor of
    the tie-breaks that use them."""
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
    if isinstance(s, TeamStandings):
        _team_details(s, start_no, out)
    return out


def _team_details(s: TeamStandings, number: int, out: dict[str, dict[str, Any]]) -> None:
    """What a team's values add to :func:`details`."""
    i = s.tt.matches.row(number)
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


def _match(mr: MatchRound) -> dict[str, Any]:
    return {"round": mr.round, "kind": mr.kind.name, "opponent": mr.opponent, "opponent_name": mr.opponent_name or None,
            "match_points": mr.match_points, "game_points": mr.game_points,
            "opponent_game_points": mr.opponent_game_points}


def matches(s: TeamStandings, number: int) -> list[dict[str, Any]]:
    """A team's rounds as data (the JSON ``matches``): opposing team, kind, match points, game points and the
    opponent's game points."""
    return [_match(mr) for mr in match_rounds(s, number)]


def value_heading(s: Ranking, key: str, article: str, lang: str = "en") -> tuple[str, str, str]:
    """A value's heading, the code that names it and its article: the column's key, except the points, headed as
    the standings and their legend head them: a player's ``PTS`` as the points column (``Pts``, «Очки»), a team
    event's primary score (``PTS``, or its own code) by the glossary's name (``МО``), named and cited as the legend
    does (match points, C.07 11.1.1); the other of match and game points by the glossary's name as well (``ИО``, as
    the standings head the column).

    >>> from tiebreak import compute_standings, trf
    >>> players = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
    >>> value_heading(players, "PTS", "C.07 4.2", "uk"), value_heading(players, "PTS", "C.07 4.2", "en")
    (('Очки', 'PTS', 'C.07 4.2'), ('Pts', 'PTS', 'C.07 4.2'))

    >>> from tiebreak.engine.team import Team, build, compute_team_standings
    >>> from tiebreak.engine.model import Player, Tournament
    >>> t = Tournament.build([Player(i, n) for i, n in enumerate(["A1", "A2", "B1", "B2"], 1)], 1)
    >>> s = compute_team_standings(build(t, [Team(1, "A", [1, 2]), Team(2, "B", [3, 4])]), "PTS,BH", lots=False)
    >>> value_heading(s, "PTS", "C.07 11", "ru"), value_heading(s, "BH", "C.07 8.1, 16", "ru")
    (('МО', 'MP', 'C.07 11.1.1'), ('BH', 'BH', 'C.07 8.1, 16'))
    >>> value_heading(s, "GP", "C.07 11.1.2", "uk")
    ('ІО', 'GP', 'C.07 11.1.2')
    """
    code = key.split("/")[0].split(":")[0]
    if not s.ranks_teams:
        return (primary_name(key, lang) if key == "PTS" else key), code, article
    if code in ("PTS", s.primary) and s.primary in TEAM_CATALOGUE:
        primary = TEAM_CATALOGUE[s.primary].article  # under fide-2009 the Arbiters' Manual's
        return key_heading(code, s.primary, lang), s.primary, team_article(TieBreakSpec(s.primary), s.rules, primary)
    if key in ("MP", "GP"):
        return key_heading(key, s.primary, lang), key, article
    return key, code, article


def spec_name(spec: TieBreakSpec | None, team: bool, lang: str) -> str:
    """The catalogue's name of a specifier's code (a team event's: the team catalogue's) with its cut or median
    ("Buchholz, Cut-1" for BH/C1; None, a repeated column: "").

    >>> from tiebreak.engine.registry import parse
    >>> spec_name(parse("BH/C1"), False, "en")
    'Buchholz, Cut-1'
    """
    if spec is None:
        return ""
    if team and spec.code in TEAM_CATALOGUE:
        name = TEAM_NAMES.text(spec.code, lang)
    elif spec.code in CATALOGUE:
        name = tiebreak_name(CATALOGUE[spec.code], lang)
    else:
        return ""
    return with_modifiers(name, spec, lang)


def _num(x: Fraction | None) -> str:
    return "-" if x is None else format_number(x)


def group_place(x: Fraction | int | None, lang: str) -> str:
    """A Type A value (DE, EDE...) as the place among the tied it is (C.07 6.2; reported like the reference
    checker): its number, 0 said as not separated.

    >>> group_place(2, "en"), group_place(0, "en"), group_place(None, "en")
    ('2', '0 (not separated)', '-')
    """
    return "-" if x is None else _w("not_separated", lang) if x == 0 else format_number(Fraction(x))


def group_sentence(info: dict[str, Any], lang: str) -> str:
    """What a Type A value of :func:`details` rests on: a team's place among the tied teams, a player's place and
    score among the tied players (the command line's and the page's panel's one sentence)."""
    if "group_place" in info:
        return TEAM_EXPLAIN.text("group", lang, place=group_place(info["group_place"], lang))
    return _w("group_score", lang, note=_w("group", lang), place=group_place(info["value"], lang),
              score=_num(info.get("group_score"))).strip()


def team_notes(info: dict[str, Any], lang: str) -> list[str]:
    """What a team's value of :func:`details` rests on besides its rounds, the sentences of explain and of the
    team's card: the place among the tied teams (Type A), the game points by board, the normalising factor."""
    e, out = TEAM_EXPLAIN, []
    if "group_place" in info:
        out.append(group_sentence(info, lang))
    if "boards" in info:
        out.append(e.text("boards", lang, points=", ".join(_num(x) for x in info["boards"])))
    if "factor" in info:
        out.append(e.text("factor", lang, factor=info["factor"]))
    return out


_w = EXPLAIN_WORDS.text


def _head(s: Ranking, number: int, lang: str) -> list[str]:
    """The first lines: who, with the place, rules, system and round as the standings say them (a shared place
    ``1-32``, "before round 1 of 7"); a team's primary score, its boards when the file declares or plays them, and
    its matches."""
    row = s.row(number)
    place = shown_places(s)[number]  # as the standings write it: 5-9 shared, 40* placed by the lot, 1‡ by the play-off
    after = after_round(s.after_round, s.tournament.rounds, lang)
    if not isinstance(s, TeamStandings):
        return [_w("head", lang, name=row.name, no=number, rank=place, points=format_number(row.points),
                   rules=s.rules.name, system=word(s.system, lang), after=after)]
    head = TEAM_EXPLAIN.text("head", lang, number=number, name=row.name, rank=place, rules=s.rules.name,
                             system=word(s.system, lang), after=after, primary=primary_name(s.tt.primary, lang))
    if s.tt.boards:  # a team event without games nor declared boards has none to say
        head += "; " + TEAM_WORDS.text("boards", lang, n=s.tt.boards)
    return [head, "", *_match_lines(s, number, lang)]


def _match_lines(s: TeamStandings, number: int, lang: str) -> list[str]:
    """A team's matches, one a round: the opposing team, the match points and the game points of both."""
    e, w, rounds = TEAM_EXPLAIN, TEAM_WORDS, []
    for mr in match_rounds(s, number):
        who = (e.text("vs", lang, number=mr.opponent, name=mr.opponent_name) if mr.opponent is not None
               else kind_name(mr.kind.name, lang) if mr.kind.name in ("FPB", "HPB", "ZPB")  # record 240's byes
               else e.text("bye" if mr.kind.name == "PAB" else "none", lang))
        gp = (_num(mr.game_points) if mr.opponent_game_points is None
              else match_score(_num(mr.game_points), _num(mr.opponent_game_points)))
        score = f"{w.text('mp', lang)} {_num(mr.match_points)}  {w.text('gp', lang)} {gp}"
        forfeit = f"  ({kind_name(mr.kind.name, lang)})" if mr.kind.name.startswith(("FORFEIT", "DOUBLE")) else ""
        rounds.append((mr.round, who, score + forfeit))
    width = max([30, *(len(who) for _, who, _ in rounds)])  # the scores in one column, whatever the names
    return [f"  {_w('r', lang)}{k:<2} {who:<{width}}  {score}" for k, who, score in rounds]


def _notes(s: Ranking, number: int, key: str, info: dict[str, Any], lang: str) -> list[str]:
    """What a value rests on besides its rounds: why a rating value is undefined; a Type A value's score (a team's:
    place) among the tied; a team's game points by board and normalising factor."""
    lines = []
    if s.ranks_teams:
        return ["  " + n for n in team_notes(info, lang)]
    code = s.specs[s.keys.index(key)].code
    if info["value"] is None and CATALOGUE[code].type.startswith("D") and s.column(key).contrib is not None:
        idle = not (s.tournament.kind[s.row(number).index, :s.after_round] <= Kind.LOSS_SHORT).any()
        lines.append(_w("undefined_idle" if idle else "undefined", lang))
    if "rounds" not in info:
        lines.append("  " + group_sentence(info, lang))
    return lines


def round_headings(columns: tuple[str, ...], lang: str) -> list[str]:
    """The headings of a value's rounds (:data:`tiebreak.views.value_rounds.COLUMNS`) in ``lang``, on every face.

    >>> round_headings(("round", "result", "opponent", "contribution", "how_counted"), "ru")
    ['Тур', 'Результат', 'Соперник', 'Вклад', 'Как учтено']
    """
    return list(_round_headings(columns, lang))


@lru_cache(maxsize=256)
def _round_headings(columns: tuple[str, ...], lang: str) -> tuple[str, ...]:
    return tuple(_w("round_head", lang, k="").strip() if c == "round" else _w(c, lang) for c in columns)


def round_cells(v: ValueRounds, lang: str) -> list[list[str]]:
    """Each round of ``v`` as the words of its cells, in the columns of ``v``: the round's number, the result, the
    opponent named with the number, the contribution (a cut one marked), how it was counted (when the rounds
    differ)."""
    # every value of every player on the site's cards in three languages: the table's words found once, each row's
    # cells written in the columns' one order (COLUMNS; how it was counted only when the ways differ)
    assert v.columns == COLUMNS[:len(v.columns)], v.columns
    no_opponent, cut = _w("no_opponent", lang), " " + _w("cut", lang)
    no_match = TEAM_WORDS.text("no_match", lang) if v.team else ""
    differ = len(v.columns) == len(COLUMNS)
    out = []
    for r in v.rows:
        absent = v.team and r.kind == Kind.ABSENT.name  # a team's round without a match: its matches' word
        cells = [str(r.round), no_match if absent else _kind(r.kind, lang),
                 opponent_label(r.opponent_name, r.opponent) or no_opponent,
                 _value_text(r.value) + cut if r.cut else _value_text(r.value)]
        if differ:
            cells.append(_said(r.source, lang))
        out.append(cells)
    return out


def _round_lines(v: ValueRounds, lang: str) -> list[str]:
    """A value's rounds as an aligned table under its headings (the contribution flush right), the one way they
    were counted said once under it."""
    if not v.rows:
        return []
    table = [round_headings(v.columns, lang), *round_cells(v, lang)]
    widths = [max(len(row[i]) for row in table) for i in range(len(v.columns))]
    right = v.columns.index("contribution")
    lines = ["  " + "  ".join(x.rjust(w) if i == right else x.ljust(w) for i, (x, w) in enumerate(zip(row, widths)))
             .rstrip() for row in table]
    return lines + (["  " + sentence_note(v, lang)] if v.sentence else [])


# A card's rounds are worded for every value of every player in three languages: the same few kinds, ways of counting
# and contributions, each worded once (the engine's ways of counting are plain texts; a Message is worded each time).
@lru_cache(maxsize=1024)
def _kind(kind: str, lang: str) -> str:
    return kind_name(kind, lang)


def _value_text(x: Fraction | None) -> str:
    return "-" if x is None else _fraction_text(x.numerator, x.denominator)  # (a Fraction's own hash costs more)


@lru_cache(maxsize=4096)
def _fraction_text(numerator: int, denominator: int) -> str:
    return format_number(Fraction(numerator, denominator))


def _said(source: str, lang: str) -> str:
    return _said_text(source, lang) if type(source) is str else message(source, lang)


@lru_cache(maxsize=1024)
def _said_text(source: str, lang: str) -> str:
    return message(source, lang)


def sentence_note(v: ValueRounds, lang: str) -> str:
    """The one way every round of ``v`` was counted, said once under its table ('' when the rounds differ)."""
    return f"{_w('how_counted', lang)}: {message(v.sentence, lang)}" if v.sentence else ""


def explain(s: Ranking, number: int, lang: str = "en") -> str:
    """Every value of one player or team with the rounds that made it, in ``lang``."""
    lines = _head(s, number, lang)
    team = s.ranks_teams
    for key, info in details(s, number).items():
        heading, code, article = value_heading(s, key, info["article"], lang)  # a team's primary score: МО, as headed
        spec = s.specs[s.keys.index(key)]
        name = TEAM_NAMES.text(code, lang) if team and heading != key else spec_name(spec, team, lang)
        lines += ["", f"{heading} = {_num(info['value'])}   {name} [{message(article, lang)}]"]
        lines += _notes(s, number, key, info, lang)
        v = value_rounds(s, number, key) if "rounds" in info else None
        if v is not None:
            lines += _round_lines(v, lang)
            if v.kept is not None:  # an average (AOB): the sum it comes from
                lines.append(_w("kept", lang, sum=_num(v.kept)))
    return "\n".join(lines) + "\n"


def _first_difference(s: Ranking, a: int, b: int) -> str | None:
    """The first tie-break of the list on which players ``a`` and ``b`` differ (None: equal on all of them)."""
    ra, rb = s.row(a), s.row(b)
    return next((key for key in s.keys if ra.values[key] != rb.values[key]), None)


def played_off(s: Ranking, a: int, b: int) -> list[Message]:
    """The notes of the play-off that put ``a`` and ``b`` in their order (Arbiters' Manual 13.2: the standings'
    notes, one per tier: each player's once, two sharing places once), none unless one play-off placed both: the
    tie-breaks after the point where it was played do not order them, whatever their values."""
    pa, pb = s.played_off.get(a), s.played_off.get(b)
    if pa is None or pb is None or pa.places != pb.places:
        return []
    return list(dict.fromkeys((pa.note, pb.note)))


def pair_details(s: Ranking, a: int, b: int) -> dict[str, Any]:
    """Why ``a`` and ``b`` (players or teams) stand where they do, as data (the API's pair ``details``): the first
    tie-break that separates them with its article and both values, or whether a lot decided (``separated_by`` None),
    or the play-off that placed them (``playoff``: the places it was played for, ``separated_by`` None).

    >>> from tiebreak import compute_standings, trf
    >>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
    >>> d = pair_details(s, 7, 9)
    >>> d["separated_by"], d["article"], str(d["values"][0]), str(d["values"][1])
    ('BH/C1', 'C.07 8.1', '30', '57/2')
    """
    ra, rb = s.row(a), s.row(b)
    out: dict[str, Any] = {"players": [a, b], "ranks": [ra.rank, rb.rank]}
    if played_off(s, a, b):
        return out | {"separated_by": None, "by_lot": False, "playoff": list(s.played_off[a].places),
                      "article": "Arbiters' Manual 13.2"}
    first = _first_difference(s, a, b)
    out |= {"separated_by": first, "by_lot": first is None and _placed_by_lot(ra, rb)}
    if first is not None:
        out["article"] = s.article(first)
        out["values"] = [ra.values[first], rb.values[first]]
    return out


def _placed_by_lot(ra: RankedRow, rb: RankedRow) -> bool:
    """Whether the lot put two rows equal on the whole list in their order: a row's ``lot`` is the number it drew
    in its tied group, None where no lot was drawn for it (ties left shared, ``--no-lots``, or none left)."""
    return ra.lot is not None or rb.lot is not None


def explain_pair(s: Ranking, a: int, b: int, lang: str = "en") -> str:
    """What separated two players or two teams: the play-off that placed them (its notes, as the standings say
    them), else the first tie-break of the list on which they differ, round by round side by side (a team's rounds
    are its matches).

    >>> from tiebreak import compute_standings, trf
    >>> from tiebreak.arbiter.playoff_results import placed_by_playoff
    >>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
    >>> print(explain_pair(placed_by_playoff(s, "stage armageddon\\n7 9 1/2-1/2", None), 9, 7), end="")
    Wongso,Renaldo (no. 9): place 1‡; Nguyen,Anh Kiet (no. 7): place 2‡
    placed by the play-off, not by the tie-breaks after it:
      No. 9 takes place 1 by the play-off for places 1-2 (armageddon; Arbiters' Manual 13.2)
      No. 7 takes place 2 by the play-off for places 1-2 (armageddon; Arbiters' Manual 13.2)
    """
    ra, rb = s.row(a), s.row(b)
    first = _first_difference(s, a, b)
    lines = [pair_head(s, a, b, lang)]
    notes = played_off(s, a, b)
    if notes:
        lines += [_w("by_playoff", lang), *("  " + message(n, lang) for n in notes)]
        return "\n".join(lines) + "\n"
    if first is None:
        how = _w("by_lot", lang) if _placed_by_lot(ra, rb) else _w("shared", lang)
        lines.append(_w("equal", lang, how=how))
        return "\n".join(lines) + "\n"
    heading, _, article = value_heading(s, first, s.article(first), lang)  # a team's primary score as headed
    lines.append(_w("separated", lang, spec=heading, article=message(article, lang), a=_num(ra.values[first]),
                    b=_num(rb.values[first])))
    return "\n".join(lines + _side_by_side(s, a, b, first, lang)) + "\n"


#: the columns of each player's side of a pair's rounds: one player's (:data:`tiebreak.views.value_rounds.COLUMNS`)
#: after the round, without how a round was counted (the verdict names the tie-break)
PAIR_COLUMNS = ("result", "opponent", "contribution")
#: a side of a pair's round: the round as one player's rounds have it, with the words of its cells by column
Side = tuple[RoundRow, dict[str, str]]
#: the characters of an opponent's name that the text's pair table keeps at most and at least, to fit two sides in
#: the width of the text
_NAME_TEXT, _NAME_SHORTEST, _TEXT_WIDTH = 24, 12, 100


def pair_rounds(s: Ranking, a: int, b: int, key: str, lang: str) -> list[tuple[int, list[Side | None]]]:
    """The rounds of ``a`` and ``b`` that made their values of ``key``, side by side: each round's number and each
    player's round with the words of one player's explanation (result, opponent named with the number,
    contribution), None where one of them has no such round; none for a value that is not a sum over rounds.  The
    text's and the page's panel's one table of a pair."""
    sides = []
    for n in (a, b):
        v = value_rounds(s, n, key)
        sides.append({r.round: (r, dict(zip(v.columns, cells))) for r, cells in zip(v.rows, round_cells(v, lang))})
    return [(k, [side.get(k) for side in sides]) for k in sorted(sides[0].keys() | sides[1].keys())]


def pair_head(s: Ranking, a: int, b: int, lang: str) -> str:
    """The first line of a pair's explanation: both named with their places as the standings write them (5-9 shared,
    40* placed by the lot, 1‡ by the play-off), a team as a team."""
    head = TEAM_EXPLAIN.text if s.ranks_teams else _w
    places = shown_places(s)
    return head("pair_head", lang, a=a, name_a=s.row(a).name, rank_a=places[a], b=b, name_b=s.row(b).name,
                rank_b=places[b])


def _side_text(x: Side | None, cut: int) -> list[str]:
    """One player's side of a pair's round as the text writes it, the opponent's name cut to ``cut`` characters."""
    if x is None:
        return ["", "", ""]
    r, words = x
    return [words["result"], opponent_label(r.opponent_name[:cut], r.opponent) or words["opponent"],
            words["contribution"]]


def _side_by_side(s: Ranking, a: int, b: int, key: str, lang: str) -> list[str]:
    """The rounds of ``a`` and ``b`` that made their values of ``key``, side by side under their numbers, in 100
    columns where the opponents' names can be cut to fit (as the text tables cut names: their start, the number
    kept)."""
    rows = pair_rounds(s, a, b, key, lang)
    if not rows:
        return []
    heads = round_headings(PAIR_COLUMNS, lang)
    for cut in range(_NAME_TEXT, _NAME_SHORTEST - 1, -1):
        table = text_table([round_headings(("round",), lang)[0], *heads, *heads],
                           [[str(k), *_side_text(x, cut), *_side_text(y, cut)] for k, (x, y) in rows], {0, 1, 2, 4, 5})
        if len(table[1]) + 2 <= _TEXT_WIDTH:
            break
    starts = [m.start() for m in re.finditer(r"-+", table[1])]  # where each column begins
    sides = [TEAM_EXPLAIN.text("team_no", lang, n=n) if s.ranks_teams else _w("no", lang, n=n) for n in (a, b)]
    over = f"{sides[0]:<{starts[4] - starts[1]}}{sides[1]}"
    return ["  " + " " * starts[1] + over, *("  " + line for line in table)]
