"""Writes the forfeited-match variants of the two generated team events (issue 20): the same matches forfeited on
every board, once as board results only (``*-forfeits-boards.trf``) and once with TRF-2026 records 330 as well
(``*-forfeits-330.trf``).  Run from this folder: ``python3 forfeited.py``.  The ``*.ref.tsv`` beside them are the
FIDE reference checker's output (tests/data/ORACLE.md)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: (round, first team, second team, 330 code): "+-" first team wins by forfeit, "-+" second, "--" neither appeared
FORFEITS = {
    "team-swiss-a": [(2, 1, 8, "+-"), (3, 5, 6, "-+"), (4, 6, 8, "--")],
    "team-swiss-b": [(3, 1, 10, "+-"), (5, 9, 12, "-+"), (6, 4, 5, "--"), (7, 2, 9, "+-")],
}
POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "+": Fraction(1), "W": Fraction(1), "D": Fraction(1, 2)}


def cell(line: str, rnd: int) -> slice:
    start = 91 + 10 * (rnd - 1)
    return slice(start, start + 8)


def variant(name: str) -> tuple[str, str]:
    lines = (HERE / f"{name}.trf").read_text().splitlines()
    teams = [[int(x[c:c + 4]) for c in range(36, len(x), 5) if x[c:c + 4].strip()] for x in lines if x[:3] == "013"]
    team_of = {sno: ti + 1 for ti, members in enumerate(teams) for sno in members}
    rows = {int(x[4:8]): i for i, x in enumerate(lines) if x[:3] == "001"}
    for rnd, a, b, code in FORFEITS[name]:
        result = {a: code[0], b: code[1]}
        for sno, i in rows.items():
            x = lines[i].ljust(91 + 10 * rnd)
            entry = x[cell(x, rnd)]
            if team_of.get(sno) in result and entry[:4].strip().isdigit():
                assert team_of[int(entry[:4])] == ({a, b} - {team_of[sno]}).pop(), (name, rnd, sno)
                x = x[:cell(x, rnd).start] + entry[:7] + result[team_of[sno]] + x[cell(x, rnd).stop:]
                lines[i] = x.rstrip()
    for i in rows.values():  # the points column (81-84) follows the results
        x = lines[i]
        total = sum((POINTS.get(x[c + 7:c + 8], Fraction(0)) for c in range(91, len(x), 10)), Fraction(0))
        lines[i] = x[:80] + f"{float(total):4.1f}" + x[84:]
    boards = "\n".join(lines) + "\n"
    records = [f"330 {code} {rnd:>3} {a:>3} {b:>3}" for rnd, a, b, code in FORFEITS[name]]
    return boards, boards + "\n".join(records) + "\n"


if __name__ == "__main__":
    for name in FORFEITS:
        boards, with_330 = variant(name)
        (HERE / f"{name}-forfeits-boards.trf").write_text(boards)
        (HERE / f"{name}-forfeits-330.trf").write_text(with_330)
