"""Papi files (``.papi``: the French federation's pairing program; a Microsoft Access database), read with Debian's
mdbtools (``mdb-export``).

Why mdbtools: it is the long-kept reader of Access files (a C library packaged by Debian, in use for twenty years); the
PyPI reader of pure Python (``access-parser``, version 0.0.x) is a small young project.  It runs as a subprocess with a
time limit and a bound on its output, read as it arrives (the program is stopped the moment it passes the bound; of
its error output only the first words are kept), so a hostile file can neither hang nor flood us; without ``mdb-export`` on the
PATH a Papi file is refused with an error saying what to install.

Tables read: ``INFO`` (Variable/Value: ``Nom`` the name, ``NbrRondes`` the rounds, ``Genre`` Suisse/ToutesRondes,
``DateDebut``/``DateFin``, ``Dep1``..``Dep3`` the tie-breaks) and ``JOUEUR`` (one row per player, ``Ref`` its number,
``EXEMPT`` the bye's placeholder; per round ``RdNNCl`` the colour B White, N Black, F a bye, R not paired,
``RdNNAdv`` the opponent's Ref, ``RdNNRes`` 0 none, 1 loss, 2 draw (a half-point bye with F), 3 win, 4 forfeit loss,
5 double forfeit, 6 forfeit win (a full-point bye with F, the pairing-allocated bye against EXEMPT)).  Start number =
``Ref``.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import os
import selectors
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from ..engine.errors import InputError, InputWarning, Place
from ..engine.messages import Count, Message, os_reason
from ..engine.model import BLACK, WHITE, Kind, Player, Tournament
from .text import MAX_PLAYERS, MAX_ROUNDS, check_size, one_line

MAX_BYTES = 64 * 2**20
MAX_OUTPUT = 64 * 2**20
#: bytes of the program's error output kept (the reason it gives)
MAX_ERROR = 4096
TIMEOUT = 20.0
_TIEBREAKS = {"Brésilien": "BH/C1", "Solkoff": "BH", "Harkness": "BH/M1", "Cumulatif": "PS", "Performance": "TPR",
              "SommeDesBuchholz": "L-SBH", "Kashdan": "US-KASH", "Nombre de Victoires": "WIN",
              "Sonnenborn-Berger": "SB", "Koya": "KS"}
_PLAYED = {1: Kind.LOSS, 2: Kind.DRAW, 3: Kind.WIN, 4: Kind.FORFEIT_LOSS, 5: Kind.DOUBLE_FORFEIT, 6: Kind.FORFEIT_WIN}
_BYES = {0: Kind.ZPB, 1: Kind.ZPB, 2: Kind.HPB, 3: Kind.FPB, 4: Kind.ZPB, 5: Kind.ZPB, 6: Kind.FPB}


def export(path: str | Path, table: str) -> list[dict[str, str]]:
    """The rows of one table, by ``mdb-export`` (bounded in time and output)."""
    source = str(path)
    program = shutil.which("mdb-export")
    if program is None:
        raise InputError("reading a Papi file needs mdbtools (mdb-export; Debian/Ubuntu: apt install mdbtools)",
                         Place(source))
    try:
        size = Path(path).stat().st_size
    except OSError as e:
        raise InputError(Message("cannot read the file: {}", os_reason(e)), Place(source)) from None
    if size > MAX_BYTES:
        raise InputError(Message("file of {} byte (at most {})", Count(size), Count(MAX_BYTES),
                                 plural="file of {} bytes (at most {})", count=size), Place(source))
    with subprocess.Popen([program, "-D", "%Y-%m-%d", "-T", "%Y-%m-%d", "--", str(Path(path).resolve()), table],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL) as proc:
        out, err, failure = bounded_output(proc, MAX_OUTPUT, TIMEOUT)
    if failure == "time":
        raise InputError(Message("reading table {} took more than {} s", table, format(TIMEOUT, '.0f')),
                         Place(source, field=table))
    if failure == "size":
        raise InputError(Message("table {} is larger than {} byte", table, Count(MAX_OUTPUT),
                                 plural="table {} is larger than {} bytes", count=MAX_OUTPUT),
                         Place(source, field=table))
    if proc.returncode != 0:
        why = one_line(err.decode("utf-8", errors="replace"))[:200] or Message("exit status {}", proc.returncode)
        raise InputError(Message("not a Papi file, or table {} cannot be read: {}", table, why), Place(source, field=table))
    return list(csv.DictReader(io.StringIO(out.decode("utf-8", errors="replace"))))


def bounded_output(proc: subprocess.Popen[bytes], limit: int, timeout: float) -> tuple[bytes, bytes, str]:
    """The standard output and the first :data:`MAX_ERROR` bytes of the error output of ``proc``, read as they
    arrive: the program is killed as soon as its output passes ``limit`` bytes (``"size"``) or it runs longer than
    ``timeout`` seconds (``"time"``); ``""`` when it ended by itself.  Never more than ``limit`` bytes held.

    >>> import sys
    >>> with subprocess.Popen([sys.executable, "-c", "import sys; sys.stderr.write('e' * 10**6); sys.stderr.flush(); "
    ...                        "sys.stdout.write('x' * 10**8)"], stdout=subprocess.PIPE, stderr=subprocess.PIPE) as p:
    ...     out, err, failure = bounded_output(p, 1000, 10.0)
    >>> len(out) <= 1000 + 65536, len(err), failure
    (True, 4096, 'size')
    """
    assert proc.stdout is not None and proc.stderr is not None
    kept = {proc.stdout: bytearray(), proc.stderr: bytearray()}
    deadline, failure = time.monotonic() + timeout, ""
    with selectors.DefaultSelector() as pipes:
        for pipe in kept:
            pipes.register(pipe, selectors.EVENT_READ)
        while pipes.get_map() and not failure:
            left = deadline - time.monotonic()
            ready = pipes.select(left) if left > 0 else []
            if not ready:
                failure = "time"
            for key, _ in ready:
                chunk = os.read(key.fd, 65536)
                buffer = kept[key.fileobj]  # type: ignore[index]
                if not chunk:
                    pipes.unregister(key.fileobj)
                elif key.fileobj is proc.stderr:  # its first words say why; the rest is read and dropped
                    buffer += chunk[:max(0, MAX_ERROR - len(buffer))]
                else:
                    buffer += chunk
                    failure = "size" if len(buffer) > limit else failure
    if failure:
        proc.kill()
    try:
        proc.wait(max(0.1, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        failure = failure or "time"
    return bytes(kept[proc.stdout]), bytes(kept[proc.stderr]), failure


def _int(value: str | None, place: Place, low: int = 0, high: int = 10**9) -> int | None:
    text = (value or "").strip()
    if not text:
        return None
    if not (text.isascii() and text.lstrip("-").isdigit() and len(text) <= 12) or not low <= int(text) <= high:
        raise InputError(Message("not a whole number in {}-{}: {}", low, high, repr(text[:20])), place)
    return int(text)


def load(path: str | Path, warnings: list[InputWarning] | None = None) -> Tournament:
    warnings = warnings if warnings is not None else []
    source = str(path)
    info = {r.get("Variable", ""): r.get("Value") or "" for r in export(path, "INFO")}
    rows = export(path, "JOUEUR")
    if len(rows) > MAX_PLAYERS:
        raise InputError(Message("more than {} player", Count(MAX_PLAYERS), plural="more than {} players", count=MAX_PLAYERS),
                         Place(source, field=Message("table {}", "JOUEUR")))
    rounds_at = Place(source, field=Message("table {}, column {}", "INFO", "NbrRondes"))
    rounds = _int(info.get("NbrRondes"), rounds_at, 0, MAX_ROUNDS) or 0
    people, exempt = _people(rows, source)
    players = [_player(ref, row, info, _row_place(source, k)) for ref, k, row in sorted(people)]
    if len({p.start_no for p in players}) != len(players):
        raise InputError("two players with one Ref", Place(source, field=Message("table {}, column {}", "JOUEUR", "Ref")))
    check_size(len(players), rounds, Place(source, field="rounds"))
    t = Tournament.build(players, rounds, name=one_line(info.get("Nom", "")), source=source,
                         type_text={"Suisse": "Swiss", "ToutesRondes": "Round Robin"}.get(info.get("Genre", ""), ""),
                         start_date=_date(info.get("DateDebut", "")), end_date=_date(info.get("DateFin", "")))
    t.declared_tiebreaks = [_TIEBREAKS[d] for d in (info.get(f"Dep{n}", "") for n in (1, 2, 3)) if d in _TIEBREAKS]
    if any(info.get(f"Dep{n}") in ("Brésilien", "Solkoff", "Harkness", "Performance") for n in (1, 2, 3)):
        warnings.append(InputWarning("Papi's Buchholz and performance are computed by C.07 (BH, TPR); Papi's own "
                                     "figures may differ",
                                     Place(source, field=Message("table {}, column {}", "INFO", "Dep1-Dep3"))))
    pending: set[tuple[int, int, int]] = set()
    for ref, k, row in people:
        _read_rounds(t, ref, row, exempt, _row_place(source, k), pending, warnings)
    t.pending = sorted(pending)
    return t


def _row_place(source: str, k: int) -> Callable[[str], Place]:
    """The place of a column of row ``k`` of the players' table."""
    def place(column: str) -> Place:
        return Place(source, field=Message("table {}, row {}, column {}", "JOUEUR", k + 1, column))
    return place


def _people(rows: list[dict[str, str]], source: str) -> tuple[list[tuple[int, int, dict[str, str]]], set[int]]:
    """The players' rows, each with its ``Ref`` and its place in the table, and the ``Ref`` of each ``EXEMPT`` row
    (the bye's placeholder)."""
    exempt: set[int] = set()
    people: list[tuple[int, int, dict[str, str]]] = []
    for k, row in enumerate(rows):
        place = _row_place(source, k)
        ref = _int(row.get("Ref"), place("Ref"), 1, 10**9)
        if ref is None:
            raise InputError("a player without Ref", place("Ref"))
        if (row.get("Nom") or "").strip().upper() == "EXEMPT":
            exempt.add(ref)
        else:
            people.append((ref, k, row))
    return people, exempt


def _player(ref: int, row: dict[str, str], info: dict[str, str], place: Callable[[str], Place]) -> Player:
    """The player ``ref`` of a row of the players' table (``info``: the event's, whose ``ClassElo`` says which
    rating)."""
    fide_code = (row.get("FideCode") or "").strip()
    return Player(start_no=ref, name=one_line(f"{row.get('Nom', '')},{row.get('Prenom', '')}".strip(",")),
                  rating=_rating(row, info.get("ClassElo") or "Elo", place("Elo")),
                  federation=one_line(row.get("Federation") or "")[:3], fide_id=fide_code if fide_code.isdigit() else "",
                  sex={"M": "m", "F": "w"}.get((row.get("Sexe") or "").upper(), ""),
                  birth_date=(row.get("NeLe") or "")[:10], club=one_line(row.get("Club") or "")[:200],
                  national_id=one_line(row.get("NrFFE") or "").strip()[:20])


def _read_rounds(t: Tournament, ref: int, row: dict[str, str], exempt: set[int], place: Callable[[str], Place],
                 pending: set[tuple[int, int, int]], warnings: list[InputWarning]) -> None:
    """The rounds of player ``ref`` (its ``row``): games, byes (a game against ``EXEMPT`` is the pairing-allocated
    bye), games paired without a result (added to ``pending``: White, Black)."""
    i = t.row(ref)
    for r in range(t.rounds):
        col = f"Rd{r + 1:02d}"
        colour = (row.get(f"{col}Cl") or "R").strip().upper()
        opp = _int(row.get(f"{col}Adv"), place(f"{col}Adv"), 0, 10**9)
        res = _int(row.get(f"{col}Res"), place(f"{col}Res"), 0, 6) or 0
        if colour == "F" or (opp in exempt and colour in ("B", "N")):  # a bye, or paired with EXEMPT: the PAB
            t.kind[i, r] = Kind.PAB if opp in exempt and res in (3, 6) else _BYES[res]
        elif colour in ("B", "N") and opp is not None:
            if opp not in t._row_of or opp == ref:
                raise InputError(Message("opponent {} is not another player", opp), place(f"{col}Adv"))
            if res == 0:
                pending.add((r + 1, ref, opp) if colour == "B" else (r + 1, opp, ref))
                continue
            t.opponent[i, r], t.colour[i, r] = t.row(opp), WHITE if colour == "B" else BLACK
            t.kind[i, r] = _PLAYED[res]
        elif colour not in ("R", "B", "N"):
            warnings.append(InputWarning(Message("colour {} unknown; read as not paired", repr(colour[:5])),
                                         place(f"{col}Cl")))


def _rating(row: dict[str, str], kind: str, where: Place) -> int | None:
    """The rating of the event's kind (``ClassElo``: Elo, Rapide, Blitz) when it is a FIDE or national one (flag
    ``Fide``/``RapideFide``/``BlitzFide`` F or N); Papi's estimates (E, A, R) are no rating for C.07."""
    column = kind if kind in ("Elo", "Rapide", "Blitz") else "Elo"
    flag = (row.get({"Elo": "Fide", "Rapide": "RapideFide", "Blitz": "BlitzFide"}[column]) or "").strip().upper()
    value = _int(row.get(column), where, 0, 9999)
    return value if value and flag in ("F", "N") else None


def _date(text: str) -> dt.date | None:
    for fmt in ("%d/%m/%Y", "%Y-%m-%d"):
        try:
            return dt.datetime.strptime(text.strip()[:10], fmt).date()
        except ValueError:
            continue
    return None
