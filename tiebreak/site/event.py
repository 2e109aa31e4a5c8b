"""What the website of one individual event shows, as data (no words): the standings after every round, each round's
games in board order, every player's card (games, running score and rank, performance, rating change, the records
behind each tie-break) and the groups (categories, team ranking) of the current standings.

Everything comes from the engine and the arbiter's tools through :mod:`tiebreak.app`, with one seed for the
lots of every round, so each page says what ``tiebreak standings --after-round N --seed S`` and ``tiebreak explain``
say.

>>> from tiebreak.app.options import Options
>>> e = build_event(Options(seed=1), "examples/hobsons-bay-cup-2025.trf")
>>> e.played, len(e.rounds), e.rounds[0].games[0].white, e.card(7).view.games[-1].place
(7, 7, 2, 1)

(No. 1 has a half-point bye in round 1 — ``0000 - H`` in the file — so board 1 of round 1 is No. 2's, White.)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from typing import Any, ClassVar

import numpy as np
from markupsafe import Markup

from ..app.options import Options
from ..app.site import card_ratings, event_seed, players_after, read
from ..app.standings import groups, shown_columns
from ..arbiter.columns import PlayerColumns
from ..engine.errors import InputWarning
from ..engine.model import Tournament
from ..engine.ranking import lot_marked
from ..engine.standings import Standings
from ..engine.team_matches import players_event
from ..render import groups as render
from ..render.explain import details
from ..render.results import CELL as CELL
from ..render.results import FORFEITS as FORFEITS
from ..render.results import SCORE as SCORE
from ..views.card import CardView, board_numbers, card_view
from ..views.crosstable import Crosstable, of_standings
from ..views.pairings import Round, current_round, pairings, results, same_pairs
from ..views.standings import StandingsTable

# SCORE, CELL, FORFEITS: the words and symbols of results, one set for the site and the live screen
# (:mod:`tiebreak.render.results`)


@dataclass
class Card:
    """A player's card: the view of :mod:`tiebreak.views.card` and the records of ``tiebreak explain``."""

    view: CardView
    details: dict[str, dict[str, Any]]  # tiebreak.render.explain.details of the current standings


@dataclass
class Event:
    """One individual event as the site shows it."""

    #: what its standings rank: players (a team event's, :class:`tiebreak.site.team_event.TeamEvent`, rank teams)
    ranks_teams: ClassVar[bool] = False
    path: str
    tournament: Tournament
    options: Options
    seed: int
    played: int
    after: list[Standings]  # standings after round 1..played
    rounds: list[Round]
    #: the odds page's HTML per language (``tiebreak.render.odds``) when games are pending, else None
    odds: dict[str, str] | None = None
    warnings: list[InputWarning] = field(default_factory=list)
    ratings: dict[int, Any] = field(default_factory=dict)
    #: per round played: start number -> (rank, points)
    places: list[dict[int, tuple[int, Fraction]]] = field(default_factory=list)
    _cards: dict[int, Card] = field(default_factory=dict)
    #: shown by the live screen, which knows a game without a result is being played (a file: not played yet)
    live: bool = False
    #: what is made once per version: the crosstable's rows as HTML per language ("": a square's, the same in every
    #: language) and each row's first cells (place, number, name, points: the same in every language), the standings
    #: after each round (the table and its rows: the same in every language), the category and team-ranking sections
    #: per language, each card's records
    crosstable_rows: dict[str, Markup] = field(default_factory=dict)
    crosstable_heads: list[str] = field(default_factory=list)
    standings_rows: dict[int, tuple[StandingsTable, Markup]] = field(default_factory=dict)
    groups: dict[str, str] = field(default_factory=dict)
    records: dict[int, list[tuple[Any, ...]]] = field(default_factory=dict)
    #: the rows (indices) of the rating report still to make: the players whose games changed since the last version
    ratings_to_make: list[int] | None = None
    #: :func:`card_inputs`, once made
    inputs_made: tuple[np.ndarray, np.ndarray] | None = None
    #: the standings' files to download that the site holds (:mod:`tiebreak.site.downloads`)
    downloads: tuple[str, ...] = ()
    #: the play-off (``--playoff``; :class:`tiebreak.site.playoff.Playoff`), its page ``playoff.html``
    playoff: Any = None
    #: the games of the PGN (``--games``): round -> board -> :class:`tiebreak.site.games.Game`, a page each
    games: dict[int, dict[int, Any]] = field(default_factory=dict)

    @property
    def current(self) -> Standings:
        return self.after[-1]

    @property
    def source(self) -> Tournament:
        """The file as read (a team event's :attr:`tiebreak.site.team_event.TeamEvent.source` keeps its teams)."""
        return self.tournament

    @property
    def ind(self) -> Event:
        """The players' event: this one (a team event's :attr:`tiebreak.site.team_event.TeamEvent.ind`), so a page
        of either kind reaches its players the same way."""
        return self

    @cached_property
    def drawn(self) -> list[frozenset[int]]:
        """Per round played, the start numbers a lot placed in the standings after it (their places marked ``*``
        on the card, as in the standings)."""
        return [frozenset(r.start_no for r in s.rows if r.lot is not None) for s in self.after]

    def written(self, place: str, start_no: int, k: int) -> str:
        """The ``place`` (its text) of ``start_no`` after round ``k`` as the standings after that round write it:
        marked where a lot (``40*``) or the play-off (``1‡``, the final standings) decided it."""
        return lot_marked(place, start_no in self.drawn[k - 1], start_no in self.after[k - 1].decided)

    def marks(self, start_no: int) -> tuple[bool, bool]:
        """Whether a lot, and whether the play-off, decided a place of ``start_no`` after some round played (its
        card's legend then names the mark)."""
        return (any(start_no in drawn for drawn in self.drawn[:self.played]),
                any(start_no in s.decided for s in self.after[:self.played]))

    @cached_property
    def cross_view(self) -> Crosstable:
        """The crosstable of the current standings over the rounds played, with the games paired and pending."""
        return of_standings(self.current, self.played, self.tournament.pending)

    @cached_property
    def boards(self) -> list[dict[int, int]]:
        """Per round, start number -> board (:func:`tiebreak.views.card.board_numbers`)."""
        return board_numbers(self.rounds)

    @cached_property
    def player_columns(self) -> PlayerColumns:
        """The player columns of the current standings (``--columns``), computed once; their notes are the home
        page's."""
        return shown_columns(self.current, self.options)

    @cached_property
    def last_round(self) -> int:
        """The current round (:func:`tiebreak.views.pairings.current_round`, the live screen's): the rounds the site
        shows, the last named in its menu (byes entered ahead for later rounds make no page)."""
        return max(self.played, current_round(self.tournament))

    def groups_html(self, lang: str) -> str:
        """The category standings and the team ranking of the current standings (``--category``,
        ``--team-ranking``), as the HTML renderer writes them."""
        if lang not in self.groups:
            cats, clubs = groups(self.options, self.current)
            pc = self.player_columns
            self.groups[lang] = (render.categories_html(cats, lang, pc) if cats else "") + (
                render.clubs_html(clubs, lang) if clubs else "")
        return self.groups[lang]

    def card(self, start_no: int) -> Card:
        if start_no not in self._cards:
            self._cards[start_no] = make_card(self, start_no)
        return self._cards[start_no]

    def forget_cards(self) -> None:
        """Drop the cards made (kept while their pages are made in every language): a 10,000-player event's
        would hold hundreds of MB; they are made again when asked."""
        self._cards.clear()
        self.records.clear()


def same_players(a: Tournament, b: Tournament) -> bool:
    """Whether ``a`` and ``b`` have the same players and score system, apart from the columns a pairing program
    rewrites with every result (the points and the rank it prints: every page shows the points and ranks of the
    results, so a change there shows in the grid).

    >>> from fractions import Fraction
    >>> from tiebreak.engine.model import Player
    >>> a = Tournament.build([Player(1, "A", declared_points=Fraction(1)), Player(2, "B")], 1)
    >>> b = Tournament.build([Player(1, "A", declared_points=Fraction(0), declared_rank=2), Player(2, "B")], 1)
    >>> same_players(a, b), a.players == b.players, same_players(a, Tournament.build([Player(1, "Z"), Player(2, "B")], 1))
    (True, False, False)
    """
    if a.score_system != b.score_system or len(a.players) != len(b.players):
        return False
    return a.players == b.players or all(
        p == q or replace(p, declared_points=None, declared_rank=None) == replace(q, declared_points=None,
                                                                                  declared_rank=None)
        for p, q in zip(a.players, b.players))


def build_event(o: Options, path: str, t: Tournament | None = None,
                warnings: list[InputWarning] | None = None, previous: Event | None = None,
                same_before: int = 0) -> Event:
    """The event of the file ``path`` (``t``: the file already read) under the options ``o``; with ``previous``
    (the event of an earlier version of the file whose players and rounds 1..``same_before`` are unchanged) the
    standings after those rounds and their pairings are taken from it (they depend on nothing else)."""
    warnings = [] if warnings is None else warnings
    t = players_event(t if t is not None else read(o, path, warnings))
    seed = event_seed(o, t)
    o = replace(o, seed=seed, after_round=None)
    after = players_after(o, path, t, warnings, previous.after if previous is not None else (), same_before)
    played = after[-1].after_round
    if previous is None or previous.played != played:
        same_before = 0
    e = Event(path, t, o, seed, played, after, [], warnings=warnings)
    e.places = [previous.places[k] if previous is not None and k < same_before and k < played - 1 else
                {r.start_no: (r.rank, s.points[r.index]) for r in s.rows} for k, s in enumerate(after)]
    if previous is not None and previous.played == played and len(previous.ratings) == len(t.players) \
            and previous.tournament.kind.shape == t.kind.shape \
            and same_players(previous.tournament, t):  # the rating report's rows of the players whose games
        old = previous.tournament  # stayed the same are the same (each depends on the player's games alone)
        changed = ((old.kind != t.kind) | (old.opponent != t.opponent))[:, :played].any(axis=1)
        e.ratings = {p.start_no: previous.ratings[p.start_no] for p, c in zip(t.players, changed) if not c}
        e.ratings_to_make = np.nonzero(changed)[0].tolist()
    e.rounds = [previous.rounds[k - 1] if previous is not None and k <= same_before else
                results(previous.rounds[k - 1], t) if previous is not None and k == same_before + 1
                and same_pairs(previous.tournament, t, k) else
                pairings(t, k, e.after[min(k - 1, played) - 1] if k > 1 and played else None)
                for k in range(1, t.rounds + 1)]
    return e


def make_card(e: Event, start_no: int) -> Card:
    """The card of one player: every round played with the running score and rank, the explanation of every value
    of the current standings (the ``details`` of ``tiebreak explain``), performance and rating change."""
    t = e.tournament
    if start_no not in e.ratings:  # made for the first card asked for (a --watch update may need none)

        todo, e.ratings_to_make = e.ratings_to_make, None
        if todo is not None and t.row(start_no) in todo:  # only the players whose games changed
            e.ratings.update(card_ratings(t, e.played, todo))
        else:
            e.ratings = card_ratings(t, e.played)
    view = card_view(t, start_no, e.places if e.played else [], e.boards, e.ratings.get(start_no), e.played)
    return Card(view, details(e.current, start_no))


def card_inputs(e: Event) -> tuple[np.ndarray, np.ndarray]:
    """What every player's card shows, one row of integers per player, in two arrays: first the player's rounds, the
    points after every round, each value of the current standings and what every round added to it (the records of
    the explanation, which carry the opponents' scores; a Type A value's score among the tied players), then apart
    the rank after every round.  Players and names being equal, two equal rows make the same card, so ``--watch``
    writes only the cards whose rows changed, and a card whose only change is its ranks has only its ranks written
    again (:func:`tiebreak.site.watch.patched`).  Made once per version."""
    if e.inputs_made is not None:
        return e.inputs_made
    t, n = e.tournament, len(e.tournament.players)
    parts = [t.kind, t.opponent, t.colour]
    rank = np.zeros((n, len(e.after)), np.int64)
    # a lot's mark beside a place (1), the play-off's (2): the card made again when one changes
    lot = np.zeros((n, len(e.after)), np.int64)
    for k, st in enumerate(e.after):
        rank[[r.index for r in st.rows], k] = [r.rank for r in st.rows]
        lot[[r.index for r in st.rows], k] = [(r.lot is not None) + 2 * (r.start_no in st.decided) for r in st.rows]
        parts += [st.score.num.reshape(n, -1), np.full((n, 1), st.score.den)]
    parts.append(lot)
    score = e.current.score.num.reshape(n, -1)[:, -1]
    opponents = np.clip(t.opponent, 0, None)  # each round's opponent's points now and the boards (the card shows them)
    parts += [np.where(t.opponent >= 0, score[opponents] if n else 0, -1),
              np.array([[b.get(p.start_no, 0) for b in e.boards] for p in t.players], np.int64).reshape(n, -1)]
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
    e.inputs_made = inputs, rank
    return inputs, rank
