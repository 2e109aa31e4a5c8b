"""What the website of one individual event shows, as data (no words): the standings after every round, each round's
games in board order, every player's card (games, running score and rank, performance, rating change, the records
behind each tie-break) and the groups (categories, team ranking) of the current standings.

Everything comes from the engine and the arbiter's tools through :mod:`tiebreak.service`, with one seed for the
lots of every round, so each page says what ``tiebreak standings --after-round N --seed S`` and ``tiebreak explain``
say.

>>> from tiebreak.service import Options
>>> e = build_event(Options(seed=1), "examples/hobsons-bay-cup-2025.trf")
>>> e.played, len(e.rounds), e.rounds[0].games[0].white, e.card(7).rows[-1].rank
(7, 7, 2, 1)

(No. 1 has a half-point bye in round 1 — ``0000 - H`` in the file — so board 1 of round 1 is No. 2's, White.)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

import numpy as np

from .. import service
from ..arbiter.boards import board_order
from ..engine.errors import InputWarning
from ..engine.model import Kind, Tournament
from ..engine.standings import Standings
from ..engine.team_matches import players_event
from ..formats import readers
from ..render.results import CELL as CELL
from ..render.results import FORFEITS as FORFEITS
from ..render.results import SCORE as SCORE

# SCORE, CELL, FORFEITS: the words and symbols of results, one set for the site and the live screen
# (:mod:`tiebreak.render.results`)


@dataclass
class Game:
    board: int
    white: int
    black: int
    kind: Kind  # White's side
    pending: bool


@dataclass
class Round:
    number: int
    games: list[Game]
    byes: list[tuple[int, Kind]]  # start number, kind (PAB, FPB, HPB, ZPB; ABSENT = not paired)


@dataclass
class CardRow:
    """One round of a player's card."""

    round: int
    kind: Kind
    opponent: int | None
    colour: int
    points: Fraction  # running score after the round
    rank: int  # rank in the standings after the round


@dataclass
class Card:
    start_no: int
    rows: list[CardRow]
    details: dict[str, dict[str, Any]]  # tiebreak.render.explain.details of the current standings
    performance: int | None
    change: Fraction | None
    expected: Fraction | None
    rated_games: int


@dataclass
class Event:
    """One individual event as the site shows it."""

    path: str
    tournament: Tournament
    options: service.Options
    seed: int
    played: int
    after: list[Standings]  # standings after round 1..played
    rounds: list[Round]
    #: the odds page's HTML per language (``tiebreak.render.odds``) when games are pending, else None
    odds: dict[str, str] | None = None
    #: texts made once per version and shared by the languages (tables' rows)
    cache: dict[str, Any] = field(default_factory=dict)
    warnings: list[InputWarning] = field(default_factory=list)
    ratings: dict[int, Any] = field(default_factory=dict)
    #: per round played: start number -> (rank, points)
    places: list[dict[int, tuple[int, Fraction]]] = field(default_factory=list)
    _cards: dict[int, Card] = field(default_factory=dict)

    @property
    def current(self) -> Standings:
        return self.after[-1]

    @property
    def last_round(self) -> int:
        """The last round with pairings (played, or paired and pending): the rounds the site shows."""
        if "last_round" not in self.cache:  # asked for by every page's menu
            t = self.tournament
            paired = np.nonzero((t.kind != Kind.ABSENT).any(axis=0))[0]
            self.cache["last_round"] = max([self.played, *(r for r, _, _ in t.pending),
                                            int(paired[-1]) + 1 if len(paired) else 0])
        return int(self.cache["last_round"])

    def rank_after(self, k: int) -> dict[int, int]:
        """Start number -> rank after round ``k``."""
        return {sno: rank for sno, (rank, _) in self.places[k - 1].items()}

    def groups_html(self, lang: str) -> str:
        """The category standings and the team ranking of the current standings (``--category``,
        ``--team-ranking``), as the HTML renderer writes them."""
        key = f"groups-{lang}"
        if key not in self.cache:
            cats, clubs = service.groups(self.options, self.current)
            from ..render import groups as render
            from ..render.columns import player_columns

            pc = player_columns(self.current, self.options.columns)
            self.cache[key] = (render.categories_html(cats, lang, pc) if cats else "") + (
                render.clubs_html(clubs, lang) if clubs else "")
        return str(self.cache[key])

    def card(self, start_no: int) -> Card:
        if start_no not in self._cards:
            self._cards[start_no] = make_card(self, start_no)
        return self._cards[start_no]

    def forget_cards(self) -> None:
        """Drop the cards made (kept while their pages are made in every language): a 10,000-player event's
        would hold hundreds of MB; they are made again when asked."""
        self._cards.clear()
        self.cache.pop("records", None)


def event_seed(o: service.Options) -> int:
    """The seed of the lots of every round: the one asked for, else one drawn now (shown on the home page and in
    ``version.json``; ``--watch`` keeps it for the whole session)."""
    return o.seed if o.seed is not None else random.SystemRandom().randrange(1, 1_000_000)


def build_event(o: service.Options, path: str, t: Tournament | None = None,
                warnings: list[InputWarning] | None = None, previous: Event | None = None,
                same_before: int = 0) -> Event:
    """The event of the file ``path`` (``t``: the file already read) under the options ``o``; with ``previous``
    (the event of an earlier version of the file whose players and rounds 1..``same_before`` are unchanged) the
    standings after those rounds and their pairings are taken from it (they depend on nothing else)."""
    warnings = [] if warnings is None else warnings
    seed = event_seed(o)
    o = replace(o, seed=seed, after_round=None)
    t = players_event(t if t is not None else readers.load(path, warnings))
    current = service.individual_standings(o, path, warnings, t)
    played = current.after_round
    if previous is None or previous.played != played:
        same_before = 0
    after = [previous.after[k - 1] if previous is not None and k <= same_before else
             service.individual_standings(replace(o, after_round=k), path, [], t) for k in range(1, played)]
    after.append(current)
    if not played:
        after = [current]
    e = Event(path, t, o, seed, played, after, [], warnings=warnings)
    e.places = [previous.places[k] if previous is not None and k < same_before and k < played - 1 else
                {r.start_no: (r.rank, s.points[r.index]) for r in s.rows} for k, s in enumerate(after)]
    if previous is not None and previous.played == played and len(previous.ratings) == len(t.players) \
            and previous.tournament.kind.shape == t.kind.shape \
            and previous.tournament.players == t.players:  # the rating report's rows of the players whose games
        old = previous.tournament  # stayed the same are the same (each depends on the player's games alone)
        changed = ((old.kind != t.kind) | (old.opponent != t.opponent))[:, :played].any(axis=1)
        e.ratings = {p.start_no: previous.ratings[p.start_no] for p, c in zip(t.players, changed) if not c}
        e.cache["ratings to make"] = np.nonzero(changed)[0].tolist()
    e.rounds = [previous.rounds[k - 1] if previous is not None and k <= same_before else
                results(previous.rounds[k - 1], t) if previous is not None and k == same_before + 1
                and same_pairs(previous.tournament, t, k) else
                pairings(t, k, e.after[min(k - 1, played) - 1] if k > 1 and played else None)
                for k in range(1, t.rounds + 1)]
    return e


def same_pairs(a: Tournament, b: Tournament, k: int) -> bool:
    """Whether round ``k`` pairs the same players with the same colours in both files (the results may differ), with
    no game of it only in the list of pending games."""
    return (a.players == b.players and a.pending == b.pending and not any(r == k for r, _, _ in b.pending)
            and a.rounds == b.rounds and bool((a.opponent[:, k - 1] == b.opponent[:, k - 1]).all())
            and bool((a.colour[:, k - 1] == b.colour[:, k - 1]).all()))


def results(before: Round, t: Tournament) -> Round:
    """The round ``before`` (the boards in the same order: the pairs and the standings before the round are the same,
    :func:`same_pairs`) with the results of ``t``."""
    r = before.number - 1

    def kind(start_no: int) -> Kind:
        return Kind(int(t.kind[t.row(start_no), r]))

    games = [Game(g.board, g.white, g.black, kind(g.white), kind(g.white) == Kind.UNKNOWN) for g in before.games]
    byes = sorted(((sno, kind(sno)) for sno, _ in before.byes), key=lambda b: (b[1] == Kind.ABSENT, b[0]))
    return Round(before.number, games, byes)


def pairings(t: Tournament, k: int, before: Standings | None) -> Round:
    """Round ``k``'s games in board order (:func:`tiebreak.arbiter.boards.board_order`, by the standings
    ``before`` the round) and its byes."""
    r = k - 1
    games, byes = [], []
    for i, p in enumerate(t.players):
        o, c, kind = int(t.opponent[i, r]), int(t.colour[i, r]), Kind(int(t.kind[i, r]))
        if o < 0:
            byes.append((p.start_no, kind))
        elif c == 1 or (c == 0 and i < o):
            games.append(Game(0, p.start_no, t.players[o].start_no, kind, kind == Kind.UNKNOWN))
    for w, b, in_play in ((w, b, True) for rr, w, b in t.pending if rr == k):
        if not any(g.white == w and g.black == b for g in games):
            games.append(Game(0, w, b, Kind.UNKNOWN, in_play))
    games = [games[i] for i in board_order([(g.white, g.black) for g in games], before)]
    for n, g in enumerate(games, 1):
        g.board = n
    playing = {sno for g in games for sno in (g.white, g.black)}  # a game in play is no bye
    byes = sorted((b for b in byes if b[0] not in playing), key=lambda b: (b[1] == Kind.ABSENT, b[0]))
    return Round(k, games, byes)


def make_card(e: Event, start_no: int) -> Card:
    """The card of one player: every round played with the running score and rank, the explanation of every value
    of the current standings (the ``details`` of ``tiebreak explain``), performance and rating change."""
    from ..render.explain import details

    t = e.tournament
    rows = []
    for k in range(1, e.played + 1):
        entry = t.entry(start_no, k)
        rank, points = e.places[k - 1][start_no]
        rows.append(CardRow(k, entry.kind, entry.opponent, entry.colour, points, rank))
    if start_no not in e.ratings:  # made for the first card asked for (a --watch update may need none)
        from ..arbiter.rating_report import rating_report

        todo = e.cache.pop("ratings to make", None)
        if todo is not None and t.row(start_no) in todo:  # only the players whose games changed
            e.ratings.update(rating_rows(t, todo, e.played))
        else:
            e.ratings = {row.start_no: row for row in rating_report(t, "fide", rounds=e.played)}
    r = e.ratings.get(start_no)
    return Card(start_no, rows, details(e.current, start_no), r.performance if r else None,
                r.change if r else None, r.expected if r else None, r.games if r else 0)


def rating_rows(t: Tournament, rows: list[int], played: int) -> dict[int, Any]:
    """The rating report's rows (:func:`tiebreak.arbiter.rating_report.rating_report`) of the players ``rows`` after
    ``played`` rounds, from a grid of theirs and their opponents' (a row depends on the player's games and the
    opponents' ratings alone; the opponents' own rows are not kept)."""
    from ..arbiter.rating_report import rating_report

    keep = sorted(set(rows) | {int(o) for i in rows for o in t.opponent[i, :played] if o >= 0})
    at = {old: new for new, old in enumerate(keep)}
    opponent = np.full((len(keep), played), -1, t.opponent.dtype)
    kind = np.full((len(keep), played), int(Kind.ABSENT), t.kind.dtype)
    for i in rows:
        opponent[at[i]] = [at[int(o)] if o >= 0 else -1 for o in t.opponent[i, :played]]
        kind[at[i]] = t.kind[i, :played]
    sub = Tournament([t.players[i] for i in keep], opponent, kind, np.zeros_like(kind))
    wanted = {t.players[i].start_no for i in rows}
    return {row.start_no: row for row in rating_report(sub, "fide") if row.start_no in wanted}


def card_inputs(e: Event) -> tuple[np.ndarray, np.ndarray]:
    """What every player's card shows, one row of integers per player, in two arrays: first the player's rounds, the
    points after every round, each value of the current standings and what every round added to it (the records of
    the explanation, which carry the opponents' scores; a Type A value's score among the tied players), then apart
    the rank after every round.  Players and names being equal, two equal rows make the same card, so ``--watch``
    writes only the cards whose rows changed, and a card whose only change is its ranks has only its ranks written
    again (:func:`tiebreak.site.watch.patched`).  Made once per version."""
    if "card_inputs" in e.cache:
        return e.cache["card_inputs"]  # type: ignore[no-any-return]
    t, n = e.tournament, len(e.tournament.players)
    parts = [t.kind, t.opponent, t.colour]
    rank = np.zeros((n, len(e.after)), np.int64)
    for k, st in enumerate(e.after):
        rank[[r.index for r in st.rows], k] = [r.rank for r in st.rows]
        parts += [st.score.num.reshape(n, -1), np.full((n, 1), st.score.den)]
    for col in e.current.columns:
        parts += [col.num.reshape(n, -1), np.full((n, 1), col.den), np.full((n, 1), col.contrib_den or 0)]
        for extra in (col.defined, col.contrib, col.valid, col.cut, col.source):
            if extra is not None:
                parts.append(extra.reshape(n, -1))
        if "de" in col.extra:  # the score among the tied players that a Type A value was computed from
            group = np.full((n, 2), -1, np.int64)
            for i, (score, _) in col.extra["de"].items():
                if score is not None:
                    group[i] = Fraction(score).numerator, Fraction(score).denominator
            parts.append(group)
    try:
        inputs = np.concatenate([np.asarray(p, dtype=np.int64) for p in parts], axis=1)
    except (TypeError, ValueError, OverflowError):  # values beyond 64 bits: every card is made again
        inputs = np.arange(n, dtype=np.int64).reshape(n, 1) - n - 1
    e.cache["card_inputs"] = inputs, rank
    return inputs, rank
