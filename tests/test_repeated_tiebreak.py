"""A tie-break listed twice (C.07 4.3 allows it: a Type A tie-break such as DE works inside the groups the tie-breaks
before it leave, so its second pass can separate differently).  Issue 13, item 6d: each column must show its own
value (the second used to show in both) and CSV rows must have as many cells as the header."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json

from tiebreak import Kind, Player, Tournament, compute_standings
from tiebreak.render import output


def three_tied() -> Tournament:
    """Six players, three rounds.  By hand:

    ====  =========================  =====================
    rnd   games                      points after round 3
    ====  =========================  =====================
    1     1-2 1-0, 3-4 ½-½, 6-5 1-0  1: 1 + ½ + 0 = 1½
    2     1-3 ½-½, 2-5 1-0, 6-4 1-0  2: 0 + 1 + ½ = 1½
    3     2-3 ½-½, 6-1 1-0, 5-4 1-0  3: ½ + ½ + ½ = 1½;  4: ½;  5: 1;  6: 3
    ====  =========================  =====================

    1, 2 and 3 tie on 1½ and all met: their mini-table (DE, Art. 6) is 1: 1 + ½ = 1½, 3: ½ + ½ = 1, 2: 0 + ½ = ½,
    so the first DE places them 1 (no. 1), 2 (no. 3), 3 (no. 2).  After PTS and that DE every group has one player,
    so the second DE separates nobody: 0 for all (DE is reported as the place inside the tied group, 0 = not
    separated, as the reference checker does).
    """
    t = Tournament.build([Player(n, f"P{n}", 2000 - 10 * n) for n in range(1, 7)], 3, type_text="Swiss",
                         start_date=dt.date(2025, 5, 1))
    for rnd, white, black, kind in [(1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW), (1, 6, 5, Kind.WIN),
                                    (2, 1, 3, Kind.DRAW), (2, 2, 5, Kind.WIN), (2, 6, 4, Kind.WIN),
                                    (3, 2, 3, Kind.DRAW), (3, 6, 1, Kind.WIN), (3, 5, 4, Kind.WIN)]:
        t.set_game(rnd, white, black, kind)
    return t


FIRST_DE = {1: 1, 3: 2, 2: 3, 4: 0, 5: 0, 6: 0}
SECOND_DE = {n: 0 for n in range(1, 7)}


def test_each_column_keeps_its_own_value():
    s = compute_standings(three_tied(), "PTS,DE,DE", seed=1)
    assert [r.start_no for r in s.rows] == [6, 1, 3, 2, 5, 4]
    assert s.tiebreaks == ["PTS", "DE", "DE"] and s.keys == ["PTS", "DE", "DE (2)"]
    assert {r.start_no: r.values["DE"] for r in s.rows} == FIRST_DE
    assert {r.start_no: r.values["DE (2)"] for r in s.rows} == SECOND_DE


def test_csv_rows_are_as_long_as_the_header():
    rows = list(csv.reader(io.StringIO(output.to_csv(compute_standings(three_tied(), "PTS,DE,DE", seed=1)))))
    head = rows[0]
    at = head.index("PTS")
    assert head[at:at + 3] == ["PTS", "DE", "DE (2)"]  # (the place, lot... columns follow the values)
    assert all(len(r) == len(head) for r in rows)
    assert {int(r[1]): (int(r[at + 1]), int(r[at + 2])) for r in rows[1:]} == {
        n: (FIRST_DE[n], SECOND_DE[n]) for n in FIRST_DE}


def test_json_and_text_show_both_columns():
    s = compute_standings(three_tied(), "PTS,DE,DE", seed=1)
    doc = json.loads(output.to_json(s))
    assert {r["start_no"]: (r["values"]["DE"], r["values"]["DE (2)"]) for r in doc["standings"]} == {
        n: (FIRST_DE[n], SECOND_DE[n]) for n in FIRST_DE}
    detailed = json.loads(output.to_json(s, details=True))["standings"]
    assert [r["values"] for r in detailed] == [r["values"] for r in doc["standings"]]
    text = output.to_text(s)
    line = next(x for x in text.splitlines() if x.split()[1:3] == ["1", "P1"])
    assert line.split()[-2:] == ["1", "0"] and "DE (2)" in text
