"""Readers never break: any input gives standings or an InputError naming the place, never another exception.

A short budget runs in CI; for a long run by hand: ``FUZZ_EXAMPLES=20000 pytest tests/test_fuzz.py``
(figures recorded in docs/fuzzing.md).
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tiebreak import InputError, TiebreakError, compute_standings, pgn, trf

ROOT = Path(__file__).resolve().parents[1]
TRF_TEXT = (ROOT / "examples" / "hobsons-bay-cup-2025.trf").read_text()
PGN_TEXT = "\n".join((ROOT.parent / "shared" / "corpus" / "scalachess-tiebreak" / "uzchesscup.pgn")
                     .read_text(encoding="utf-8").splitlines()[:120]) + "\n"
BUDGET = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "150")), deadline=None,
                  suppress_health_check=list(HealthCheck))
ALPHABET = st.sampled_from(list(" 0123456789wbWBDLXZHFU+-=?.,:/\n\r\t\x00éЖ") + ["001", "0000", "XXR ", "162 ", "013 "])


def mutate(text: str, edits) -> str:
    chars = list(text)
    for pos, action, piece in edits:
        i = pos % (len(chars) + 1)
        if action == 0:
            chars[i:i + 1] = list(piece)
        elif action == 1:
            chars[i:i] = list(piece)
        else:
            del chars[i:i + len(piece)]
    return "".join(chars)


EDITS = st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 2), ALPHABET), min_size=1, max_size=12)


def check(load, text: str) -> None:
    try:
        t = load(text)
    except InputError as e:
        assert e.place is not None and str(e)
        return
    try:
        compute_standings(t, "PTS,BH/C1,SB,DE,ARO,TPR,PTP,KS,PS", lots=False, unrated_rating=1000)
    except TiebreakError:
        pass


@BUDGET
@given(EDITS)
def test_trf_reader_survives_mutations(edits):
    check(lambda text: trf.loads(text, "fuzz.trf"), mutate(TRF_TEXT, edits))


@BUDGET
@given(st.binary(max_size=400))
def test_trf_reader_survives_bytes(data):
    check(lambda raw: trf.loads(raw, "fuzz.trf"), data)


@BUDGET
@given(EDITS)
def test_pgn_reader_survives_mutations(edits):
    check(lambda text: pgn.loads(text, "fuzz.pgn"), mutate(PGN_TEXT, edits))
