"""Odds on the live page (issue 18): who can still win (and finish where), from :mod:`tiebreak.arbiter.odds`.

They are computed off the request path, so that publishing a version never waits for them: :class:`OddsWorker`
runs one job at a time in a process of its own (the engine's Python would otherwise hold the interpreter lock the
server needs): every outcome when there are no more than a simulation would draw, else a seeded simulation of a
number of draws fixed by the event's size (never cut by the clock: the same results give the same numbers however
loaded the machine; a 2,000-player Swiss takes 3-5 s at a load of 13, benchmarks/README.md), and keeps
the last answer of each event by version.  The document holds the top places only, for the participants who can
reach them (a 3,000-player event answered 56 MB with every place of every player).  A job whose version a newer
one has replaced by the time it starts is dropped.  When the answer comes, the event puts it into the document of
that same version (the page asks again while a round has pending games and no odds yet).

>>> from tiebreak.engine.model import Player, Tournament, Kind
>>> t = Tournament.build([Player(i, f"P{i}") for i in (1, 2, 3)], 3, type_text="Round Robin")
>>> t.set_game(1, 2, 3, Kind.WIN)
>>> odds = live_odds(t, None, seed=1)      # no. 2 first: 35/54, as tests/test_odds.py works out by hand
>>> odds["method"], odds["outcomes"], [(p["start_no"], round(p["first"], 4)) for p in odds["players"]]
('exact', 9, [(2, 0.6481), (1, 0.3148), (3, 0.037)])
>>> odds["participants"], odds["top"], len(odds["players"][0]["places"])
(3, 3, 3)
"""

from __future__ import annotations

import hashlib
import logging
import multiprocessing
import threading
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable

from ..app.live import options_of, ranked_by
from ..app.odds import ranked_odds
from ..app.options import Options
from ..arbiter.odds.budget import Budget, Cancelled
from ..engine.errors import TiebreakError
from ..engine.model import Tournament
from ..engine.team_matches import read_teams
from ..views.odds import PlaceChances, of_odds, to_json
from .settings import Settings

#: the top places whose chance the page shows as one number besides first place
TOP = 3
#: the places kept in an event of more than 64 participants (a smaller one keeps every place)
PLACES = 10

log = logging.getLogger(__name__)
#: jobs' cancel flags shared with the worker process (job number modulo SLOTS; set when a newer job of the same event
#: comes: one job runs at a time, so a slot is long free when its number comes round again)
SLOTS = 64
_CANCEL: Any = None  # in the worker process: the shared flags


def results_key(t: Tournament) -> str:
    """What the odds of ``t`` depend on, as a digest: the grid (results, pairings, colours), the players (start
    numbers, names, ratings), the scoring and the rounds planned.  A broadcast's move changes the file, not this: the
    odds are asked again only when a result, a pairing or a player changes.

    >>> from tiebreak.engine.model import Player, Kind
    >>> t = Tournament.build([Player(i, f"P{i}") for i in (1, 2)], 2)
    >>> before = results_key(t)
    >>> t.source = "moved"                             # the same results read from another file: the same odds
    >>> results_key(t) == before
    True
    >>> t.set_game(1, 1, 2, Kind.WIN); results_key(t) == before
    False
    """
    h = hashlib.blake2b(digest_size=16)
    for grid in (t.kind, t.opponent, t.colour):
        h.update(grid.tobytes())
        h.update(repr(grid.shape).encode())
    h.update(repr([(p.start_no, p.rating, p.national_rating) for p in t.players]).encode())
    h.update("\x00".join(p.name for p in t.players).encode("utf-8", "surrogatepass"))
    h.update(repr((t.score_system, t.planned_rounds, t.rating_method, t.declared_tiebreaks, t.type_text)).encode())
    return h.hexdigest()


def _share(flags: Any) -> None:
    """The worker process's initializer: the cancel flags, shared at its start."""
    global _CANCEL
    _CANCEL = flags


def live_odds(t: Tournament, settings: Settings | None, seed: int | None = None,
              job: int | None = None) -> dict[str, Any] | None:
    """The live document's ``odds`` member for the tournament as it stands (``settings``: the event's
    :class:`~tiebreak.live.settings.Settings`, or None): method, outcomes, pending games, the simulation's seed and
    margin, and per participant (by the chance of first place) every place it can still reach with its chance
    (:func:`place_member`), the chance of first place and of the top 3.  Every outcome or a seeded simulation,
    chosen by their count (the odds' one rule: the same results give the same numbers in every run and on every
    face, ``tiebreak odds`` too; the work is bounded by that count, never stopped by the clock).  ``job``: the
    worker's number of this job; None is answered once a newer job of the same event has cancelled it (its version
    replaced: the newest gets the worker at once).

    ``t`` is the tournament as it stands (:func:`~tiebreak.live.pending.as_it_stands`): its games in play are the
    cells of unknown result, exactly the games still unplayed (an incremental re-read may keep the readers' list of
    blank pairings, ``Tournament.pending``, from an earlier version of the file: a game of that list whose result
    the grid holds is not pending, :func:`~tiebreak.arbiter.odds.find_future`).

    In a team event (TRF records 013/310) the rows are the teams' (``team`` true), ranked by the event's list as the
    live team standings are (:mod:`tiebreak.live.teams`)."""
    cancel = _CANCEL
    # no time limit: a load-dependent stop would change the numbers; a newer version's job cancels this one
    left = Budget(stop=None if job is None or cancel is None else (lambda: bool(cancel[job % SLOTS])))
    common: dict[str, Any] = {"budget": left, "seed": seed, "places": PLACES}
    o = options_of(settings) if settings is not None else Options()  # ranked as the live standings beside them
    try:
        odds = ranked_odds(o, t, bool(read_teams(t)), **common)
    except Cancelled:
        return None
    view = of_odds(odds, TOP)
    member = {"method": view.method, "outcomes": view.outcomes, "games": len(view.games), "team": view.team,
              "final_round": view.final_round, "top": view.top, "margin": view.margin, "seed": view.seed,
              "tiebreaks": view.tiebreaks}
    return member | place_member(view)


def place_member(view: PlaceChances) -> dict[str, Any]:
    """The chances of :mod:`tiebreak.views.odds` as the live document holds them: every place each participant can
    still reach (every place up to :data:`~tiebreak.arbiter.odds.tally.EVERY_PLACE` participants, else the top
    :data:`PLACES`), with its chance of first place and of the view's top places (:data:`TOP`); a larger event lists
    only those who can reach the places kept."""
    member = to_json(view, reachable_only=True)
    players = member.pop("rows")
    for p, row in zip(players, [r for r in view.rows if r.chances]):
        p["first"] = round(float(row.first), 12)
        p["top"] = round(min(1.0, float(row.top or 0)), 12)
    return member | {"players": players}


class OddsWorker:
    """Computes the odds of live versions one at a time in a process, newest wins; answers kept per event and
    version key.  A thread waits for each job, so that a job for a replaced version is dropped before it starts."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="live-odds")
        self._process: ProcessPoolExecutor | None = None
        self._context = multiprocessing.get_context("spawn")
        self._cancel = self._context.Array("b", SLOTS, lock=False)
        self._jobs = 0
        self._newest: dict[str, int] = {}  # event -> its newest job's number
        self._answers: dict[str, tuple[tuple[Any, ...], dict[str, Any] | None]] = {}  # event -> (key, odds)
        self._lock = threading.Lock()

    def known(self, event: str, key: tuple[Any, ...]) -> tuple[bool, dict[str, Any] | None]:
        """Whether the odds of ``key`` (the results' digest, :func:`results_key`, and the settings) are known, and what
        they are."""
        with self._lock:
            have = self._answers.get(event)
        return (have is not None and have[0] == key), (have[1] if have is not None and have[0] == key else None)

    def submit(self, event: str, key: tuple[Any, ...], t: Tournament, settings: Settings | None,
               wanted: Callable[[], bool], done: Callable[[dict[str, Any] | None], None]) -> Future[None]:
        """Compute the odds of ``t`` in the worker unless ``wanted()`` says no by then; ``done(odds)`` after.  The
        job of the same event still running (its results replaced) is cancelled: this one gets the worker at once."""
        with self._lock:
            self._jobs += 1
            number = self._jobs
            if (older := self._newest.get(event)) is not None:
                self._cancel[older % SLOTS] = 1
            self._cancel[number % SLOTS] = 0
            self._newest[event] = number

        def job() -> None:
            if not wanted():
                return
            if self._process is None:
                self._process = ProcessPoolExecutor(1, self._context, initializer=_share, initargs=(self._cancel,))
            try:
                # no seed: the event's own, as every face draws (the file's digest changed it with each result)
                odds = self._process.submit(live_odds, t, settings, None, number).result()
            except BrokenProcessPool as e:  # the process died (killed, out of memory): a new one next time
                log.warning("live odds of %s: %s", event, e)
                self._process, odds = None, None
            except Exception as e:  # noqa: BLE001 - any error: no odds for this version (the page shows none), said
                log.warning("live odds of %s: %s", event, e, exc_info=not isinstance(e, TiebreakError))
                odds = None
            with self._lock:
                self._answers[event] = (key, odds)
            done(odds)
        return self._pool.submit(job)


    def close(self) -> None:
        """Stop the worker before the process ends: every job cancelled, the thread and the process pool shut down
        and their threads joined.  Left to the interpreter's exit, the process pool's manager thread could close its
        wake-up pipe while the exit handler wrote to it (the process already terminated by the server's stop):
        ``OSError: [Errno 9] Bad file descriptor`` in ``threading._shutdown`` after a SIGTERM."""
        with self._lock:
            for slot in range(SLOTS):
                self._cancel[slot] = 1
        self._pool.shutdown(wait=True, cancel_futures=True)
        if self._process is not None:
            self._process.shutdown(wait=True, cancel_futures=True)
            self._process = None


class EventOdds:
    """The odds one event's versions want (``key``: the results and settings of the newest asked): asked of the
    worker once per results and settings (a broadcast's move is no new job); the answer is put into the version
    served while it still wants them (:meth:`wants`)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.key: tuple[Any, ...] | None = None

    def ask(self, t: Tournament, settings: Settings,
            put: Callable[[tuple[Any, ...], dict[str, Any] | None], None]) -> tuple[bool, dict[str, Any] | None]:
        """The odds of ``t`` under ``settings``: (True, the odds) when known already; else (False, None), and asked
        of the worker unless the version before asked for the same (a move since: its answer comes to this one),
        ``put(key, odds)`` when they come."""
        key = (results_key(t), *ranked_by(settings))
        known = worker().known(self.name, key)
        if known[0] or key == self.key:
            return known
        self.key = key
        worker().submit(self.name, key, t, settings, lambda: self.key == key, lambda odds: put(key, odds))
        return known

    def wants(self, key: tuple[Any, ...]) -> bool:
        """Whether the odds of ``key`` are those the version served wants."""
        return self.key == key

    def forget(self) -> None:
        """The version served wants no odds (nothing pending)."""
        self.key = None


_WORKER: OddsWorker | None = None


def stop_worker() -> None:
    """Close the process's odds worker, if one was made (:meth:`OddsWorker.close`)."""
    global _WORKER
    if _WORKER is not None:
        _WORKER.close()
        _WORKER = None


def worker() -> OddsWorker:
    """The process's odds worker (made on first use)."""
    global _WORKER
    if _WORKER is None:
        _WORKER = OddsWorker()
    return _WORKER
