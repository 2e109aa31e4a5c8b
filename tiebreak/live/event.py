"""One live event: its file, the last good version of its standings, and what changed from version to version.

A version is published when the file's bytes change and the new file reads without an error.  A file that cannot
be read (the pairing program is still writing it), or that suddenly has fewer players than the last good version,
keeps the last good version on the page with a warning; the arbiter can publish it anyway (:meth:`LiveEvent.update`
with ``force``).

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> path = folder / "open.trf"
>>> _ = path.write_text("001    1      Alpha, A".ljust(91) + "   2 w  \\n" + "001    2      Beta, B".ljust(91) + "   1 b  \\n")
>>> e = LiveEvent("open.trf", path)
>>> e.update().version, [(p["white"], p["black"]) for p in e.document["pending"]]
(1, [(1, 2)])
>>> _ = path.write_text("001    1      Alpha, A".ljust(91) + "   2 w 1\\n" + "001    2      Beta, B".ljust(91) + "   1 b 0\\n")
>>> u = e.update()                     # 1-0: both places settled; no. 2 drops from the shared first place
>>> u.version, e.ranks, [(r["start_no"], r["settled"], r["moved"]) for r in json.loads(e.text)["standings"]]
(2, {1: 1, 2: 2}, [(1, True, 0), (2, True, -1)])
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..engine.errors import InputWarning, TiebreakError
from ..engine.model import Kind
from ..engine.standings import compute_standings
from ..engine.team_matches import has_teams, players_event
from ..formats import readers
from .document import DocumentWriter
from .incremental import TrfFile
from .pending import AsItStands, as_it_stands, blocks_of, settled
from .teams import LiveTeams

if TYPE_CHECKING:
    from ..engine.model import Tournament
    from ..engine.standings import Standings
    from ..engine.team import TeamStandings
    from .history import ChangeRow, History, PlaceRow

#: the file endings a live event can be read from
SUFFIXES = (".trf", ".txt", ".tab", *readers.READERS)
#: the white player's result as the pairings show it (None: being played)
RESULTS = {Kind.WIN: "1-0", Kind.DRAW: "½-½", Kind.LOSS: "0-1", Kind.WIN_SHORT: "1-0", Kind.DRAW_SHORT: "½-½",
           Kind.LOSS_SHORT: "0-1", Kind.FORFEIT_WIN: "+-", Kind.FORFEIT_LOSS: "-+", Kind.DOUBLE_FORFEIT: "--"}
_CELL = {Kind.WIN: "1", Kind.DRAW: "½", Kind.LOSS: "0", Kind.WIN_SHORT: "1", Kind.DRAW_SHORT: "½", Kind.LOSS_SHORT: "0",
         Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-", Kind.DOUBLE_FORFEIT: "-", Kind.PAB: "U", Kind.FPB: "F",
         Kind.HPB: "H", Kind.ZPB: "Z", Kind.ABSENT: "", Kind.UNKNOWN: "*"}


@dataclass
class Settings:
    """How an event is ranked (the ``standings`` options that make sense live); changed by the arbiter only."""

    tiebreaks: str | None = None
    rules: str = "auto"
    unrated_rating: int | None = None
    system: str | None = None
    #: whether the event is on the public list
    published: bool = True
    #: which tournament of a file that holds several (a Sharly Chess event: Sharly's number; ``serve --event``)
    event: int | None = None


@dataclass
class Update:
    """What the subscribers are told about a new version (the Server-Sent Event's data)."""

    event: str
    version: int
    time: str
    round: int
    warning: str | None
    moved: int
    changes: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"event": self.event, "version": self.version, "time": self.time, "round": self.round,
                "warning": self.warning, "moved": self.moved, "changes": self.changes[:50]}


class LiveEvent:
    """One watched file and its published versions.  ``history`` (a :class:`~tiebreak.live.history.History`)
    keeps every version; without it only the last is kept."""

    def __init__(self, name: str, path: Path, settings: Settings | None = None, history: History | None = None) -> None:
        self.name, self.path, self.settings, self.history = name, Path(path), settings or Settings(), history
        self.version, self.time, self.digest = 0, "", ""
        self.document: dict[str, Any] | None = None  # the live members of the document (live, pairings, pending, odds)
        self.ranks: dict[int, int] = {}  # start number (team number in a team event) -> rank in the last good version
        # a team event: its teams, and its players' view (``?players=1``: the document, its standings text, ranks)
        self.teams: LiveTeams | None = None
        self._team_standings: TeamStandings | None = None
        self.players: tuple[dict[str, Any], str] | None = None
        self.players_text = ""
        self._player_ranks: dict[int, int] = {}
        self._standings_text = ""
        self._points: dict[int, str] = {}
        self._writer = DocumentWriter()
        self.text = ""  # the document as JSON text (served as it is)
        self.warning: str | None = None
        self.timings: dict[str, float] = {}
        self._trf = TrfFile(name) if self.path.suffix.lower() not in readers.READERS else None
        self._live: AsItStands | None = None  # the last good AsItStands
        self._previous_round: tuple[bytes, dict[int, int]] | None = None
        self._crosstable: tuple[int, list[dict[str, Any]]] | None = None
        self._lock = threading.Lock()
        last = history.last(name) if history is not None else None
        if last is not None:  # continue the numbering kept in the database; the page starts from that version
            self.version, self.digest, self.time = last["version"], last["digest"], last["time"]
            doc = json.loads(last["document"])
            self.text, self.ranks = last["document"], {r["start_no"]: r["rank"] for r in doc["standings"]}

    def read_stable(self, settle: float = 0.05, tries: int = 20) -> bytes:
        """The file's bytes once two reads ``settle`` seconds apart agree (a writer still at work changes them)."""
        data = self.path.read_bytes()
        for _ in range(tries):
            time.sleep(settle)
            again = self.path.read_bytes()
            if again == data:
                return data
            data = again
        return data

    def update(self, data: bytes | None = None, force: bool = False) -> Update | None:
        """Read the file (or ``data``) and publish a new version if it changed; None when nothing is published."""
        with self._lock:
            if data is None:
                try:
                    data = self.read_stable() if self.version else self.path.read_bytes()
                except OSError as e:
                    return self.warn(f"the file cannot be read: {e.strerror or e}")
            digest = hashlib.blake2b(data, digest_size=16).hexdigest()
            if digest == self.digest and not force and self._live is not None:
                return None
            return self._publish(data, digest, force)

    def warn(self, warning: str) -> Update | None:
        """Keep the last good version and say why; the subscribers hear of the warning once."""
        if warning == self.warning:
            return None
        self.warning = warning
        if self.document is not None:
            self.document["live"]["warning"] = warning
            self.text = self._writer.write(None, self.document, self._standings_text)
        if self.players is not None:
            self.players[0]["live"]["warning"] = warning
            self.players_text = self._writer.write(None, *self.players)
        return Update(self.name, self.version, self.time, self.document["live"]["round"] if self.document else 0,
                      warning, 0)

    def _publish(self, data: bytes, digest: str, force: bool) -> Update | None:
        started = time.perf_counter()
        warnings: list[InputWarning] = []
        try:
            if self._trf is not None:
                t, blocks, patched = self._trf.read(_decode(data), warnings)
            else:
                # Chess-JSON and Sharly keep their games without results in t.pending; a pairing program's database is
                # read in one read transaction (never half a write)
                event = self.settings.event if readers.takes_event(self.path) else None
                t = readers.load(self.path, warnings, event)
                blocks, patched = blocks_of(getattr(t, "pending", [])), False
        except TiebreakError as e:
            return self.warn(f"the file could not be read, the last good version is shown: {e}")
        before = self._live.tournament if self._live is not None else None
        if before is not None and len(t.players) < len(before.players) and not force:
            return self.warn(f"the file has {len(t.players)} players, the last good version {len(before.players)}: "
                              "the last good version is shown until the arbiter publishes the file")
        read = time.perf_counter()
        live = as_it_stands(t, blocks)
        st = self.settings
        team = has_teams(t)  # the players then ranked by the default list: the event's own list is the teams'
        players_list = None if team else st.tiebreaks
        try:
            s = compute_standings(players_event(live.tournament) if team else live.tournament,
                                  players_list, rules=st.rules, unrated_rating=st.unrated_rating,
                                  lots=False, system=st.system, warnings=warnings)
            if team:
                self.teams = self.teams or LiveTeams(self.ranks)  # restarted: the arrows from the kept ranks
                view = self.teams.rank(live, st.tiebreaks, st.rules, st.system)
        except TiebreakError as e:
            return self.warn(f"the standings could not be computed, the last good version is shown: {e}")
        ranked = time.perf_counter()
        extras, rows, moved = self._places(s, live, self._player_ranks if team else self.ranks, players_list)
        changes: list[ChangeRow] = _changes(before, live.tournament) if before is not None else []
        # restarted on the file the database ends with: the same version again, not a new one
        again = before is None and digest == self.digest and not force
        self.version += 0 if again else 1
        if not again:
            self.time = dt.datetime.now(dt.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        self.digest, self.warning, self._live = digest, None, live
        rank = {r.start_no: r.rank for r in s.rows}
        self.document = {
            "live": {"event": self.name, "version": self.version, "time": self.time, "round": live.round,
                     "digest": digest, "warning": None, "pending": len(live.pending),
                     "settled": sum(1 for p in rows if p[3]), "moved": moved, "team_event": team, "view": "players"},
            "pairings": _pairings(live.tournament, live.round, rank),
            "pending": [{"round": r, "white": w, "black": b} for r, w, b in live.pending],
            "odds": None,  # filled off the request path while the round has pending games (tiebreak.live.odds)
        }
        if team:  # the teams ranked; the players' view kept beside them (``?players=1``)
            self._player_ranks, self._team_standings = rank, view.standings
            self.players = (self.document, self._writer.standings(s, extras))
            self.players_text = self._writer.write(None, *self.players)
            self.document = self.document | {
                "live": self.document["live"] | {"settled": sum(1 for p in view.rows if p[3]), "moved": view.moved,
                                                 "matches_pending": view.pending, "view": "teams"},
                "pairings": view.pairings}
            self.ranks, rows, moved = {r[0]: r[1] for r in view.rows}, view.rows, view.moved
            self._standings_text = view.text
        else:
            self.ranks, self.players, self.players_text, self._team_standings = rank, None, "", None
        if live.pending:  # a team event's odds are the teams' (tiebreak.arbiter.odds on its team list)
            self._ask_odds(live, digest)
        placed = time.perf_counter()
        if not team:
            self._standings_text = self._writer.standings(s, extras)  # the /api/standings document, still open
        self.text = self._writer.write(None, self.document, self._standings_text)
        done = time.perf_counter()
        # re-ranked: the file read, the standings, every place's state and the pairings; then the JSON text
        self.timings = {"read": read - started, "rank": ranked - read, "places": placed - ranked,
                        "reranked": placed - started, "json": done - placed, "total": done - started, "patched": patched}
        if again:
            return None
        if self.history is not None:
            self.history.record(self.name, self.version, self.time, live.round, digest, None, self.text, rows, changes)
        return Update(self.name, self.version, self.time, live.round, None, moved,
                      [{"round": c[0], "start_no": c[1], "what": c[2], "before": c[3], "after": c[4]} for c in changes])

    def _ask_odds(self, live: AsItStands, digest: str) -> None:
        """The odds of this version: known already (the same file and settings), or asked of the odds worker, which
        puts them into this version's document when they come (:mod:`tiebreak.live.odds`)."""
        from .odds import worker

        st = self.settings
        key = (digest, st.tiebreaks, st.rules, st.system, st.unrated_rating)
        known, odds = worker().known(self.name, key)
        if known:
            assert self.document is not None  # this version's document, made just before
            self.document["odds"] = odds
            return
        version = self.version
        worker().submit(self.name, key, live.tournament, st, lambda: self.version == version,
                        lambda odds: self._odds_ready(version, odds))

    def _odds_ready(self, version: int, odds: dict[str, Any] | None) -> None:
        with self._lock:
            if self.version != version or self.document is None or odds is None:
                return
            self.document["odds"] = odds
            self.text = self._writer.write(None, self.document, self._standings_text)

    def _places(self, s: Standings, live: AsItStands, old: dict[int, int],
                tiebreaks: str | None) -> tuple[list[str], list[PlaceRow], int]:
        """Each row's place state in standings order as JSON members (``settled``, ``playing``, ``moved``: places
        gained since the previous version, ``since_round``: since the previous round), the rows the history keeps,
        and how many players moved."""
        t = live.tournament
        points, den = s.score.num, s.score.den
        gain = (t.kind == Kind.UNKNOWN).sum(axis=1) * int(t.score_system.win * den)
        fixed = settled(np.asarray(points, np.int64), gain.astype(np.int64))
        before_round = self._round_ranks(live, s, tiebreaks)
        texts = self._writer.texts(s.score.num, s.score.den, None)
        order = [r.index for r in s.rows]
        numbers = [t.players[i].start_no for i in order]
        ranks = [r.rank for r in s.rows]
        fixed_, gain_ = fixed[order].tolist(), (gain[order] > 0).tolist()
        moved_ = [old[n] - k if n in old else 0 for n, k in zip(numbers, ranks)]
        points_ = [texts[i] for i in order]
        word = {True: "true", False: "false"}
        extras = [f'"settled": {word[f]}, "playing": {word[g]}, "moved": {m}, "since_round": '
                  f'{before_round[n] - k if n in before_round else "null"}'
                  for n, k, f, g, m in zip(numbers, ranks, fixed_, gain_, moved_)]
        rows = list(zip(numbers, ranks, points_, fixed_, moved_))
        self._points = dict(zip(numbers, points_))
        moved = sum(1 for m in moved_ if m)
        return extras, rows, moved

    def _round_ranks(self, live: AsItStands, s: Standings, tiebreaks: str | None) -> dict[int, int]:
        """Ranks after the previous round (for the arrows since the round began), recomputed only when an earlier
        round changed."""
        k = live.round - 1
        if k < 1:
            return {}
        t = s.tournament  # a team event: its players, with the list the players are ranked by
        key = t.kind[:, :k].tobytes() + t.opponent[:, :k].tobytes() + repr(self.settings).encode()
        if self._previous_round is None or self._previous_round[0] != key:
            st = self.settings
            prev = compute_standings(t, tiebreaks, rules=st.rules, unrated_rating=st.unrated_rating, lots=False,
                                     system=s.system, after_round=k)
            self._previous_round = (key, {r.start_no: r.rank for r in prev.rows})
        return self._previous_round[1]

    def crosstable(self, players: bool = False) -> list[dict[str, Any]]:
        """Every player's rounds in standings order: opponent, colour and result (``*`` being played); in a team
        event every team's matches (unless ``players``)."""
        with self._lock:
            if self._live is None or self.document is None:
                return []
            team = self._team_standings is not None
            if self._team_standings is not None and not players:
                from .teams import crosstable

                return crosstable(self._team_standings)
            if self._crosstable is not None and self._crosstable[0] == self.version:
                return self._crosstable[1]
            t = self._live.tournament
            rows: list[dict[str, Any]] = []
            for sno, rank in sorted((self._player_ranks if team else self.ranks).items(), key=lambda x: (x[1], x[0])):
                i = t.row(sno)
                rows.append({"rank": rank, "start_no": sno, "name": t.players[i].name, "points": self._points[sno],
                             "rounds": [
                                 {"opponent": t.players[o].start_no if o >= 0 else None,
                                  "colour": {1: "w", -1: "b"}.get(int(c)), "result": _CELL[Kind(int(k))]}
                                 for o, c, k in zip(t.opponent[i].tolist(), t.colour[i].tolist(), t.kind[i].tolist())]})
            self._crosstable = (self.version, rows)
            return rows


def _decode(data: bytes) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _pairings(t: Tournament, round_no: int, rank: dict[int, int]) -> list[dict[str, Any]]:
    """The games and byes of the round, the best-placed pair first (the files keep no board numbers)."""
    if round_no < 1:
        return []
    r = round_no - 1
    opp, col, kind = t.opponent[:, r], t.colour[:, r], t.kind[:, r]
    idx = np.arange(len(opp))
    # each game once: from White, or from the lower row when the file gives no colours
    first = (opp >= 0) & ((col == 1) | ((col == 0) & (idx < opp)))
    sno = np.array([p.start_no for p in t.players])
    games = [{"white": int(sno[i]), "black": int(sno[o]), "result": RESULTS.get(Kind(k)), "pending": k == Kind.UNKNOWN}
             for i, o, k in zip(idx[first].tolist(), opp[first].tolist(), kind[first].tolist())]
    games.sort(key=lambda g: min(rank.get(g["white"], 0), rank.get(g["black"], 0)))
    for board, g in enumerate(games, 1):
        g["board"] = board
    bye = (opp < 0) & (kind != Kind.ABSENT)
    return games + [{"start_no": int(sno[i]), "kind": _CELL[Kind(k)], "board": None}
                    for i, k in zip(idx[bye].tolist(), kind[bye].tolist())]


def _changes(before: Tournament, after: Tournament) -> list[ChangeRow]:
    """(round, start number, what, before, after) for every entry of the grid that changed (at most 1,000)."""
    if len(before.players) != len(after.players) or before.rounds != after.rounds:
        return [(0, 0, "players", str(len(before.players)), str(len(after.players)))]
    diff = np.argwhere((before.kind != after.kind) | (before.opponent != after.opponent))[:1000]
    out: list[ChangeRow] = []
    for i, r in diff.tolist():
        a, b = Kind(int(before.kind[i, r])), Kind(int(after.kind[i, r]))
        what = "pairing" if before.opponent[i, r] != after.opponent[i, r] else "result"
        out.append((r + 1, after.players[i].start_no, what, _CELL[a] or None, _CELL[b] or None))
    return out
