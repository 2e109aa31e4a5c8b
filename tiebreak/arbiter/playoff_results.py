"""Play-off results given back (FIDE Arbiters' Manual 13.2): the games of each stage of a play-off read from a small
text file, the tied players placed by them, the rest of the standings unchanged.

The file (``--playoff FILE``) holds stages, each a line ``stage KIND`` followed by its games, one a line
``WHITE BLACK RESULT`` (start numbers; ``1-0``, ``0-1``, ``1/2-1/2``, ``½-½`` or ``=``).  Blank lines and lines
starting with ``#`` are skipped; a line ``after N`` (once, before the stages) plays off players still equal after the
first N tie-breaks of the list instead of players equal on points.  The kinds are those of 13.2.11:

- ``mini-match``: two players, their games added up (case 1; the semi-finals and the final of a knock-out, case 3);
- ``sudden-death``: two players, the first decisive game wins (case 1, after a drawn mini-match);
- ``armageddon``: two players, one game, a draw counts as a win for Black;
- ``round-robin``: three players, each pair once (case 2).

Which procedure applies is the number of tied players: two play a mini-match (then sudden death or an Armageddon);
three a round robin; four a knock-out whose pairs are the first two mini-matches of the file; five or more are first
cut to four by the next tie-break of the list (case 4), the others keeping their order.  13.2.5: each place is given
by the play-off; 13.2.6: two players left equal once the first place is decided (the losers of the semi-finals, the
two last of a round robin) share their places, unless the file holds a stage between them that separates them.

>>> from tiebreak import compute_standings, trf
>>> s = compute_standings(trf.load("examples/hobsons-bay-cup-2025.trf"), "PTS,BH/C1", lots=False)
>>> [(r.rank, r.start_no) for r in s.rows[:2]]
[(1, 7), (2, 9)]
>>> decided = apply_results(s, parse_results("stage mini-match\\n7 9 1/2-1/2\\n9 7 1-0"))
>>> [(r.rank, r.start_no) for r in s.rows[:2]], decided[0].how
([(1, 9), (2, 7)], ['mini-match'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, TypeVar

from ..engine.errors import InputError, Place
from ..engine.messages import Message
from ..engine.ranking import PlayedOff
from ..engine.standings import Standings
from ..formats.files import read_text

if TYPE_CHECKING:
    from ..engine.team import TeamStandings

KINDS = ("mini-match", "sudden-death", "armageddon", "round-robin")
#: the kinds as messages (worded in the reader's language where a note or an error names one)
KIND_NAMES = {"mini-match": Message("mini-match"), "sudden-death": Message("sudden-death"),
              "armageddon": Message("armageddon"), "round-robin": Message("round-robin")}
RESULTS = {"1-0": Fraction(1), "0-1": Fraction(0), "1/2-1/2": Fraction(1, 2), "½-½": Fraction(1, 2),
           "=": Fraction(1, 2)}
HALF = Fraction(1, 2)


@dataclass(frozen=True)
class Game:
    white: int
    black: int
    score: Fraction  # White's
    line: int


@dataclass
class Stage:
    kind: str
    line: int
    games: list[Game] = field(default_factory=list)

    @property
    def players(self) -> frozenset[int]:
        return frozenset(n for g in self.games for n in (g.white, g.black))

    def scores(self) -> dict[int, Fraction]:
        out = dict.fromkeys(self.players, Fraction(0))
        for g in self.games:
            out[g.white] += g.score
            out[g.black] += 1 - g.score
        return out


@dataclass
class PlayoffResults:
    stages: list[Stage]
    after: int = 0
    source: str = ""


@dataclass
class Decision:
    """One play-off's outcome: the places at stake, the players best first in tiers (a tier of two shares its places,
    13.2.6), the stages that decided (in the order played), the players a cut to four left out (13.2.11 case 4) and
    the stage that set each player's place."""

    places: tuple[int, int]
    tiers: list[list[int]]
    how: list[str]
    eliminated: list[int] = field(default_factory=list)
    by: dict[int, str] = field(default_factory=dict)  # start number -> the kind of the stage that set its place

    def place_of(self, start_no: int) -> tuple[int, int]:
        """The first and last place of the tier holding ``start_no`` (equal where it holds one player)."""
        first = self.places[0]
        for tier in self.tiers:
            if start_no in tier:
                return first, first + len(tier) - 1
            first += len(tier)
        raise KeyError(start_no)


def parse_results(text: str, source: str = "<play-off>") -> PlayoffResults:
    """The stages of a play-off file (see the module's text).

    >>> r = parse_results("# places 1-2\\nstage mini-match\\n7 9 1-0\\n9 7 =")
    >>> [(s.kind, [(g.white, g.black, str(g.score)) for g in s.games]) for s in r.stages]
    [('mini-match', [(7, 9, '1'), (9, 7, '1/2')])]
    >>> parse_results("7 9 1-0")
    Traceback (most recent call last):
    tiebreak.engine.errors.InputError: <play-off>, line 1 (play-off): a game before the first 'stage KIND' line
    """
    out = PlayoffResults([], 0, source)
    for ln, raw in enumerate(text.splitlines(), 1):
        words = raw.split("#", 1)[0].split()
        place = Place(source, ln, None, "play-off")
        if not words:
            continue
        if words[0].lower() == "after" and len(words) == 2 and words[1].isdigit() and not out.stages:
            out.after = int(words[1])
        elif words[0].lower() == "stage":
            kind = words[1].lower() if len(words) == 2 else ""
            if kind not in KINDS:
                raise InputError(Message("stage {} is not a kind of stage: "
                                         "{}", repr(' '.join(words[1:])), ', '.join(KINDS)), place)
            out.stages.append(Stage(kind, ln))
        elif len(words) == 3:
            if not out.stages:
                raise InputError("a game before the first 'stage KIND' line", place)
            if not (words[0].isdigit() and words[1].isdigit()) or words[0] == words[1]:
                raise InputError(Message("expected WHITE BLACK RESULT with two different start numbers, not "
                                         "{}", repr(raw.strip())),
                                 place)
            if words[2] not in RESULTS:
                raise InputError(Message("result {} is not one of {}", repr(words[2]), ', '.join(RESULTS)), place)
            out.stages[-1].games.append(Game(int(words[0]), int(words[1]), RESULTS[words[2]], ln))
        else:
            raise InputError(Message("expected 'stage KIND' or WHITE BLACK RESULT, not {}", repr(raw.strip())), place)
    for st in out.stages:
        if not st.games:
            raise InputError(Message("stage {} has no games", st.kind), Place(source, st.line, None, "play-off"))
    return out


def _stage_error(st: Stage, source: str, text: str) -> InputError:
    return InputError(Message("stage {}: {}", KIND_NAMES[st.kind], text), Place(source, st.line, None, "play-off"))


def _pair(a: int, b: int, stages: list[Stage], used: set[int], source: str) -> tuple[list[int], list[str]] | None:
    """Players ``a`` and ``b`` separated by their stages (13.2.11 case 1): the winner first, and the kinds played;
    None where the file holds no stage between them; an error where their stages leave them equal."""
    mine = [i for i, st in enumerate(stages) if st.players == {a, b} and i not in used]
    if not mine:
        return None
    how: list[str] = []
    for i in mine:
        st = stages[i]
        used.add(i)
        how.append(st.kind)
        if st.kind == "armageddon":
            if len(st.games) != 1:
                raise _stage_error(st, source, Message("an Armageddon is one game"))
            g = st.games[0]
            return ([g.white, g.black] if g.score == 1 else [g.black, g.white]), how  # a draw: Black wins
        if st.kind == "sudden-death":
            decisive = [k for k, g in enumerate(st.games) if g.score != HALF]
            if decisive and decisive[0] != len(st.games) - 1:
                raise _stage_error(st, source, Message("a game after the deciding one (line {})", st.games[decisive[0]].line))
            if decisive:
                g = st.games[-1]
                return ([g.white, g.black] if g.score == 1 else [g.black, g.white]), how
            continue
        if st.kind != "mini-match":
            raise _stage_error(st, source, Message("a {} does not fit a play-off of two players (13.2.11)", KIND_NAMES[st.kind]))
        scores = st.scores()
        if scores[a] != scores[b]:
            return sorted((a, b), key=lambda n: -scores[n]), how
    raise InputError(Message("Nos. {} and {} are still equal after their play-off games: add the sudden-death games or "
                             "the Armageddon", a, b), Place(source, stages[mine[-1]].line, None, "play-off"))


def _two(a: int, b: int, stages: list[Stage], used: set[int], source: str, must: bool,
         by: dict[int, str]) -> tuple[list[list[int]], list[str]]:
    """Two players as tiers: separated by their stages (the deciding stage's kind recorded in ``by``), or (``must``
    false, 13.2.6) left sharing their places."""
    found = _pair(a, b, stages, used, source)
    if found is None:
        if must:
            raise InputError(Message("Nos. {} and {} must be separated by the play-off, but the file has no stage "
                                     "between them", a, b),
                             Place(source, None, None, "play-off"))
        return [[a, b]], []
    order, how = found
    by[a] = by[b] = how[-1]
    return [[order[0]], [order[1]]], how


def _round_robin(group: list[int], stages: list[Stage], used: set[int], source: str,
                 by: dict[int, str]) -> tuple[list[list[int]], list[str]]:
    """Three players (13.2.11 case 2): the round robin, then the two players it leaves equal at the top (or all three
    equal: the next tie-break's last is out) as for two players."""
    rr = [i for i, st in enumerate(stages) if st.players == set(group) and i not in used]
    if not rr:
        raise InputError(Message("Nos. {} play a round robin (13.2.11), but the file has none", ', '.join(map(str, group))),
                         Place(source, None, None, "play-off"))
    st = stages[rr[0]]
    used.add(rr[0])
    if st.kind != "round-robin":
        raise _stage_error(st, source, Message("three players play a round robin (13.2.11 case 2)"))
    pairs = sorted(tuple(sorted((g.white, g.black))) for g in st.games)
    if len(pairs) != 3 or len(set(pairs)) != 3:
        raise _stage_error(st, source, Message("a round robin of three is three games, each pair once"))
    scores = st.scores()
    ranked = sorted(group, key=lambda n: (-scores[n], group.index(n)))  # equal: the next tie-break's order
    by.update(dict.fromkeys(group, "round-robin"))
    s0, s1, s2 = (scores[n] for n in ranked)
    how = ["round-robin"]
    if s0 == s1 == s2:  # the next tie-break puts the last out, the other two play off as two players
        tiers, more = _two(ranked[0], ranked[1], stages, used, source, must=True, by=by)
        return tiers + [[ranked[2]]], how + ["next tie-break", *more]
    if s0 == s1:
        tiers, more = _two(ranked[0], ranked[1], stages, used, source, must=True, by=by)
        return tiers + [[ranked[2]]], how + more
    if s1 == s2:
        tiers, more = _two(ranked[1], ranked[2], stages, used, source, must=False, by=by)
        return [[ranked[0]], *tiers], how + more
    return [[n] for n in ranked], how


def _knock_out(group: list[int], stages: list[Stage], used: set[int], source: str,
               by: dict[int, str]) -> tuple[list[list[int]], list[str]]:
    """Four players (13.2.11 case 3): the first two mini-matches of the file are the semi-finals, their winners
    play the final, the losers share third and fourth place (13.2.6) unless the file separates them."""
    semis: list[frozenset[int]] = []
    for st in stages:
        if len(st.players) == 2 and st.players <= set(group) and all(not (st.players & p) for p in semis):
            semis.append(st.players)
    if len(semis) != 2:
        raise InputError(Message("Nos. {} play a knock-out (13.2.11 case 3): the file needs two semi-finals between "
                                 "different players", ', '.join(map(str, group))), Place(source, None, None, "play-off"))
    winners, losers, how = [], [], ["knock-out"]
    for pair in semis:
        a, b = sorted(pair, key=group.index)
        tiers, more = _two(a, b, stages, used, source, must=True, by=by)
        winners.append(tiers[0][0])
        losers.append(tiers[1][0])
        how += more
    final, more = _two(winners[0], winners[1], stages, used, source, must=True, by=by)
    third, rest = _two(losers[0], losers[1], stages, used, source, must=False, by=by)
    return final + third, how + more + rest


def _decide(group: list[int], first: int, stages: list[Stage], source: str, ranks: dict[int, int]) -> Decision:
    """The play-off of ``group`` (standings order; ``ranks`` the standings' ranks) for the places from ``first`` on."""
    used: set[int] = set()
    eliminated: list[int] = []
    players = list(group)
    how: list[str] = []
    cut = next((st for st in stages if st.players & set(group[4:])), None) if len(group) > 4 else None
    if cut is not None:
        out = min(cut.players & set(group[4:]), key=group.index)
        raise _stage_error(cut, source, Message("No. {} was cut to four by the next tie-break (13.2.11 case 4)", out))
    if len(players) > 4:  # 13.2.11 case 4: the standings' order after the next tie-break keeps the first four
        if ranks[players[3]] == ranks[players[4]]:
            raise InputError(Message("Nos. {} and {} are equal at the cut to four (13.2.11 case 4): draw the lots for "
                                     "the standings (--seed) first", players[3], players[4]), Place(source, None, None,
                                     "play-off"))
        players, eliminated = players[:4], players[4:]
        how.append("cut to four")
    by: dict[int, str] = {}
    if len(players) == 2:
        tiers, more = _two(players[0], players[1], stages, used, source, must=True, by=by)
    elif len(players) == 3:
        tiers, more = _round_robin(players, stages, used, source, by)
    else:
        tiers, more = _knock_out(players, stages, used, source, by)
    left = [i for i in range(len(stages)) if i not in used]
    if left:
        raise _stage_error(stages[left[0]], source, Message("it does not fit the play-off of {} player (13.2.11)", len(group),
                                                           plural="it does not fit the play-off of {} players (13.2.11)",
                                                           count=len(group)))
    tiers = [sorted(tier, key=group.index) for tier in tiers]  # players sharing places: in the standings' order
    return Decision((first, first + len(group) - 1), tiers + [[n] for n in eliminated], how + more, eliminated, by)


def apply_results(s: Standings | TeamStandings, results: PlayoffResults) -> list[Decision]:
    """Place the tied players of ``s`` by the play-off ``results`` (rows reordered and ranks set in place; the
    players a play-off decided recorded in ``s.decided``, start number -> place, and ``s.played_off``, how); the
    decisions, in place order.
    An error names a player who was not tied with the others of his stages."""
    keys = s.keys[:results.after + 1]
    group_of: dict[int, tuple[int, list[int]]] = {}
    groups: list[tuple[int, list[int]]] = []
    position, previous = 1, None
    for r in s.rows:
        key = tuple(r.values[k] for k in keys)
        if key != previous:
            groups.append((position, []))
        groups[-1][1].append(r.start_no)
        group_of[r.start_no] = groups[-1]
        position += 1
        previous = key
    group_of_place = dict(groups)
    by_group: dict[int, list[Stage]] = {}
    for st in results.stages:
        where = Place(results.source, st.line, None, "play-off")
        for n in sorted(st.players):
            if n not in group_of:
                raise InputError(Message("No. {} is not in the standings", n), where)
        first, group = min((group_of[n] for n in st.players), key=lambda g: g[0])
        strangers = sorted(n for n in st.players if n not in group)
        if len(group) < 2:
            raise InputError(Message("No. {} was not tied with anyone (place {}): no play-off", group[0], first), where)
        if strangers:
            raise InputError(Message("No. {} was not tied with Nos. {} (places {}-{}): no play-off between "
                                     "them", strangers[0], ', '.join(map(str, group)), first, first + len(group) - 1),
                             where)
        by_group.setdefault(first, []).append(st)
    ranks = {r.start_no: r.rank for r in s.rows}
    decisions = [_decide(group_of_place[first], first, stages, results.source, ranks)
                 for first, stages in sorted(by_group.items())]
    decided_groups = {d.places[0]: d for d in decisions}
    order: list[int] = []
    for first, group in groups:
        d = decided_groups.get(first)
        order += group if d is None else [n for tier in d.tiers for n in tier]
    index = {n: i for i, n in enumerate(order)}
    s.rows.sort(key=lambda r: index[r.start_no])
    s.decided = {n: d.place_of(n)[0] for d in decisions for tier in d.tiers for n in tier}
    s.played_off = {n: PlayedOff(d.places, note) for d in decisions for tier, note in _tier_notes(d) for n in tier}
    for r in s.rows:
        if r.start_no in s.decided:
            r.rank = s.decided[r.start_no]
    return decisions


S = TypeVar("S", Standings, "TeamStandings")


def placed_by_playoff(s: S, text: str | None, path: str | None, source: str = "playoff_results") -> S:
    """``s`` with its tied players placed by the play-off results ``text`` (the API's field; ``source`` names it in
    an error), else those of the file ``path`` (neither: ``s`` as it is), and a note for each player the play-off
    placed.  The play-off follows the last round: standings after an earlier round (the website's and the live
    screen's while a round is still to be played) stay as they are."""
    results = parse_results(text, source) if text else parse_results(read_text(path), path) if path else None
    grid = s.tournament if isinstance(s, Standings) else s.tt.matches
    if results is not None and s.after_round >= grid.rounds_with_results:
        s.notes += decision_notes(apply_results(s, results))
    return s


def decision_notes(decisions: list[Decision]) -> list[str]:
    """A note for each player a play-off placed: his place and the stage that gave it, or the places he shares
    (13.2.6), or the cut to four that left him out (English; the message catalogue translates them)."""
    return [note for d in decisions for _, note in _tier_notes(d)]


def _tier_notes(d: Decision) -> list[tuple[list[int], Message]]:
    """The note of each tier of the decision ``d`` (:func:`decision_notes`), beside the players it places."""
    span = f"{d.places[0]}-{d.places[1]}"
    notes: list[tuple[list[int], Message]] = []
    for tier in d.tiers:
        first, last = d.place_of(tier[0])
        if len(tier) > 1:
            note = Message("Nos. {} share places {}-{} after the play-off for places {} (Arbiters' Manual 13.2.6)",
                           ', '.join(map(str, tier)), first, last, span)
        elif tier[0] in d.eliminated:
            note = Message("No. {} takes place {}: cut to four by the next tie-break before the play-off for places "
                           "{} (13.2.11)", tier[0], first, span)
        else:
            note = Message("No. {} takes place {} by the play-off for places {} ({}; Arbiters' Manual 13.2)",
                           tier[0], first, span, KIND_NAMES[d.by[tier[0]]])
        notes.append((tier, note))
    return notes
