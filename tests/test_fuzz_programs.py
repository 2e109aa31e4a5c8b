"""The pairing programs' files never break the readers (issues 27 and 35): a Sharly Chess database with corrupted rows
or bytes, a Swiss-Chess or Swiss-Manager file with corrupted bytes give a tournament (whose standings compute or raise
a TiebreakError) or an InputError naming the place (table/row/column, byte offset/field), never another exception.

A short budget runs in CI; for a long run by hand: ``FUZZ_EXAMPLES=5000 pytest tests/test_fuzz_programs.py``.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sources import CORPUS, needs

from tiebreak import InputError, TiebreakError, compute_standings
from tiebreak.formats import sharly, swissmanager_file, swissmanager_read, swt

BUDGET = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "60")), deadline=None,
                  suppress_health_check=list(HealthCheck))
SCE = CORPUS / "sharly-chess" / "sce" / "bretagne_jeunes_2026.sce"
SWT = CORPUS / "swiss-chess-swt"
SM = CORPUS / "swiss-manager"
VALUES = st.one_of(st.integers(-2**63, 2**63 - 1), st.integers(-3, 30), st.text(max_size=30), st.none(),
                   st.floats(allow_nan=True), st.binary(max_size=20),
                   st.sampled_from(["{", "{}", '{"1": {"fide": 99999}}', '{"CUTTER": "CUT_9"}', "2026-13-45"]))
#: (table, column) pairs Sharly's reader uses
CELLS = st.sampled_from([("pairing", "result"), ("pairing", "round"), ("pairing", "player_id"), ("pairing", "board_id"),
                         ("board", "white_player_id"), ("board", "black_player_id"), ("tournament_player", "player_id"),
                         ("tournament_player", "pairing_number"), ("player", "ratings"), ("player", "last_name"),
                         ("player", "gender"), ("player", "title"), ("tournament", "rounds"), ("tournament", "rating"),
                         ("tournament", "pab_value"), ("tournament", "start_date"), ("tie_break", "type"),
                         ("tie_break", "options"), ("info", "name")])


_TEMPLATE: list[bytes] = []


def _template() -> bytes:
    """The Bretagne database without Sharly's triggers (they call unixepoch('subsec'), which older SQLite lacks)."""
    if not _TEMPLATE:
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "event.sce"
            shutil.copy(SCE, db)
            db.chmod(0o644)
            with sqlite3.connect(db) as c:
                for (trigger,) in c.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
                    c.execute(f"DROP TRIGGER `{trigger}`")
            _TEMPLATE.append(db.read_bytes())
    return _TEMPLATE[0]


def _outcome(load) -> None:
    try:
        t = load()
    except InputError as e:
        assert e.place.file, e  # the file always; a cell its table, row and column, a byte its offset
        return
    try:
        compute_standings(t, None, seed=1)
    except TiebreakError:
        pass


@needs(SCE)
@BUDGET
@given(st.lists(st.tuples(CELLS, st.integers(0, 2000), VALUES), min_size=1, max_size=6))
def test_a_sharly_database_with_corrupted_rows(edits):
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "event.sce"
        db.write_bytes(_template())
        with sqlite3.connect(db) as c:
            for (table, column), row, value in edits:
                try:
                    c.execute(f"UPDATE `{table}` SET `{column}` = ? WHERE rowid = (SELECT rowid FROM `{table}` "
                              f"ORDER BY rowid LIMIT 1 OFFSET ?)", (value, row % 300))
                except sqlite3.IntegrityError:  # a NOT NULL or key the schema keeps: not a file Sharly can write
                    pass
        _outcome(lambda: sharly.load(db, [], 4))


@needs(SCE)
@BUDGET
@given(st.lists(st.tuples(st.integers(0, 10**6), st.binary(min_size=1, max_size=8)), min_size=1, max_size=6))
def test_a_sharly_database_with_corrupted_bytes(edits):
    data = bytearray(SCE.read_bytes())
    for pos, piece in edits:
        i = pos % len(data)
        data[i:i + len(piece)] = piece
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "event.sce"
        db.write_bytes(bytes(data[:len(SCE.read_bytes())]))
        _outcome(lambda: sharly.load(db, [], 4))


@needs(SWT)
@BUDGET
@given(st.sampled_from(["SwissIndividual.SWT", "SwissTeam.SWT"]),
       st.lists(st.tuples(st.integers(0, 10**6), st.binary(min_size=1, max_size=4)), min_size=1, max_size=8),
       st.one_of(st.none(), st.integers(0, 90_000)))
def test_an_swt_file_with_corrupted_bytes(name, edits, cut):
    data = bytearray((SWT / name).read_bytes())
    for pos, piece in edits:
        i = pos % len(data)
        data[i:i + len(piece)] = piece
    if cut is not None:
        data = data[:cut]
    _outcome(lambda: swt.build(swt.parse(bytes(data), name), name, []))


def _structure(data: bytes) -> list[int]:
    """The bytes of a Swiss-Manager file that hold counts and offsets: the directory, the configuration's numbers and
    tie-breaks, each round's counts, the first game records."""
    f = swissmanager_file.parse(data, "event")
    config = data.index(b"\x95\xff\x89\x44")
    rounds = int.from_bytes(data[-32:-28], "little")
    places = list(range(len(data) - 36, len(data)))
    places += [config + k for k in (*range(15, 56), *range(655, 655 + 19 * 9))]
    places += [rounds + 4 + 108 * r + k for r in range(len(f.rounds)) for k in range(32, 40)]
    places += [g.offset + k for rnd in f.rounds[:2] for g in rnd.games for k in range(5)]
    return places


@needs(SM)
@BUDGET
@given(st.sampled_from(["sample.TUNX", "fexerj_swiss_team_93players.TUMX", "fexerj_round_robin_6players.TURX",
                        "brazilian_circuit_1370000.TUNX"]),
       st.lists(st.tuples(st.one_of(st.integers(0, 10**6), st.integers(0, 10**4).map(lambda k: -k - 1)),
                          st.binary(min_size=1, max_size=4)), min_size=1, max_size=8),
       st.one_of(st.none(), st.integers(0, 50_000)))
def test_a_swiss_manager_file_with_corrupted_bytes(name, edits, cut):
    """Random bytes anywhere, or (a negative position) at one of the bytes that hold counts and offsets."""
    data = bytearray((SM / name).read_bytes())
    places = _structure(bytes(data))
    for pos, piece in edits:
        i = places[(-pos - 1) % len(places)] if pos < 0 else pos % len(data)
        data[i:i + len(piece)] = piece
    if cut is not None:
        data = data[:cut]
    _outcome(lambda: swissmanager_read.build(swissmanager_file.parse(bytes(data), name), name, []))


_PAPI = Path(os.environ.get("TIEBREAK_PAPI_DIR") or CORPUS / "sharly-chess" / "papi") / "bre-jeunes-2024-open-a.papi"


@pytest.mark.skipif(not _PAPI.is_file(), reason=f"no {_PAPI.name} (Papi files are AGPL, not bundled: set TIEBREAK_PAPI_DIR)")
@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "60")) // 3, deadline=None,
          suppress_health_check=list(HealthCheck))
@given(st.lists(st.tuples(st.integers(0, 10**6), st.binary(min_size=1, max_size=8)), min_size=1, max_size=6))
def test_a_papi_file_with_corrupted_bytes(edits):
    """mdb-export on a damaged Access file: a tournament or an InputError, within the time limit."""
    from tiebreak.formats import papi

    data = bytearray(_PAPI.read_bytes())
    for pos, piece in edits:
        i = pos % len(data)
        data[i:i + len(piece)] = piece
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "event.papi"
        path.write_bytes(bytes(data))
        _outcome(lambda: papi.load(path, []))
