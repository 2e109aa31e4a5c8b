"""Berger tables (Arbiters' Manual 13.16): every table printed in seed 000 for 3/4 … 15/16 players, round by round,
board by board, colours included, parsed from the seed itself."""

from __future__ import annotations

import re

import pytest
from sources import SEEDS, cases, needs

from tiebreak.arbiter.berger import schedule

SEED_FILE = next(iter(sorted(SEEDS.glob("000_*.txt"))), SEEDS / "000_*.txt")
SEED = SEED_FILE.read_text(encoding="utf-8") if SEED_FILE.is_file() else ""
pytestmark = needs(SEED_FILE)


def seed_tables() -> dict[int, dict[int, list[tuple[int, int]]]]:
    """{n: {round: [(white, black), ...]}} from the text of 13.16.1."""
    if not SEED:
        return {}
    part = SEED[SEED.index("13.16.1"):SEED.index("13.16.2")]
    tables: dict[int, dict[int, list[tuple[int, int]]]] = {}
    for block in re.split(r"\n(?=\d+ или \d+ игрок)", part)[1:]:
        n = int(re.match(r"\d+ или (\d+)", block).group(1))
        rounds = re.findall(r"Тур (\d+):([^Т]*)", block)
        tables[n] = {int(r): [tuple(map(int, p)) for p in re.findall(r"(\d+)-(\d+)", pairs)] for r, pairs in rounds}
    return tables


TABLES = seed_tables()


def test_all_tables_found():
    assert sorted(TABLES) == [4, 6, 8, 10, 12, 14, 16]
    assert all(len(TABLES[n]) == n - 1 for n in TABLES)


@pytest.mark.parametrize("n", cases(sorted(TABLES), SEED_FILE))
def test_generated_tables_equal_the_seed(n):
    # the 14-player table has "2-9. 3-8" in round 10 (a full stop for a comma); the regular expression reads the
    # pairs either way, so the typo does not hide a difference
    got = {r.number: r.pairings for r in schedule(n)}
    assert got == TABLES[n]


@pytest.mark.parametrize("n", [3, 5, 7, 9, 11, 13, 15])
def test_odd_numbers_use_the_next_table_with_a_free_player(n):
    rounds = schedule(n)
    table = TABLES[n + 1]
    for r in rounds:
        assert r.pairings == [p for p in table[r.number] if n + 1 not in p]
        assert r.bye == next(a if b == n + 1 else b for a, b in table[r.number] if n + 1 in (a, b))


def test_double_round_robin_swaps_the_last_two_rounds_of_the_first_cycle():
    rounds = schedule(6, double=True)
    assert len(rounds) == 10
    single = schedule(6)
    assert rounds[3].pairings == single[4].pairings and rounds[4].pairings == single[3].pairings  # 13.16.2
    assert rounds[5].pairings == [(b, w) for w, b in single[0].pairings]
    for player in range(1, 7):  # nobody has the same colour three times in a row
        colours = ["w" if any(w == player for w, _ in r.pairings) else "b" for r in rounds]
        assert "www" not in "".join(colours) and "bbb" not in "".join(colours)
