"""Loaders for the FIDE TEC "Exercises in Tie-Breaking" as encoded by two other projects
(../shared/corpus/fide-tec-exercise-synthetic, EXPECTED.md §5).  Test helpers, not part of the package."""

from __future__ import annotations

import csv
import datetime as dt
import json
import re

from sources import CORPUS

from tiebreak import Kind, Player, Tournament
from tiebreak.engine.model import MIRROR

DIR = CORPUS / "fide-tec-exercise-synthetic"

# Sharly Chess result codes (EXPECTED.md §5; 0 = not paired)
_SHARLY_GAME = {1: Kind.LOSS, 2: Kind.DRAW, 3: Kind.WIN, 4: Kind.FORFEIT_LOSS, 5: Kind.DOUBLE_FORFEIT,
                6: Kind.FORFEIT_WIN}
_SHARLY_BYE = {0: Kind.ABSENT, 7: Kind.ZPB, 8: Kind.HPB, 9: Kind.PAB, 10: Kind.FPB, 2: Kind.HPB, 3: Kind.FPB,
               4: Kind.ZPB, 5: Kind.ABSENT, 6: Kind.FPB,
               1: Kind.ZPB}


def sharly(name: str, start: dt.date) -> Tournament:
    """A Sharly Chess JSON event: players in file order get start numbers 1…N; opponents are 0-based indexes;
    colour B = white (blanc), N = black (noir)."""
    d = json.loads((DIR / f"sharly-{name}.json").read_text(encoding="utf-8"))
    v = d["variables"]
    players = [Player(i, p.get("lastName", ""), p.get("elo") or None) for i, p in enumerate(d["players"], 1)]
    rr = "suisse" not in v.get("type", "").lower()
    rounds = max([int(v["rounds"])] + [int(k) for p in d["players"] for k in p["rounds"]])
    t = Tournament.build(players, rounds, type_text="Round robin" if rr else "Swiss", start_date=start)
    for i, p in enumerate(d["players"]):
        for rnd, r in p["rounds"].items():
            k = int(rnd) - 1
            if "opponent" in r and r.get("result", 0) in _SHARLY_GAME:
                t.opponent[i, k] = r["opponent"]
                t.colour[i, k] = 1 if r.get("color") == "B" else -1
                t.kind[i, k] = _SHARLY_GAME[r["result"]]
            else:
                t.kind[i, k] = _SHARLY_BYE[r.get("result", 0)]
    return t


def sharly_expected():
    """The Sharly Chess rows (none when its AGPL files are not beside the repository: they are not bundled)."""
    if not (DIR / "sharly-expected.csv").is_file():
        return []
    with open(DIR / "sharly-expected.csv", encoding="utf-8") as f:
        return list(csv.DictReader(f))


_CELL = re.compile(r"^([+=-])(W|B|F)?(\d+|BYE)?$")


def marcel() -> Tournament:
    """The 16-player exercise of 2023: cells like ``+W9`` (win with White against 9), ``=BYE`` (half-point bye),
    ``+BYE`` (full bye), ``-F11`` / ``+F9`` (forfeit), ``--`` (absent)."""
    rows = list(csv.reader(open(DIR / "marceljuenemann-fide-exercise-2023.csv", encoding="utf-8")))[1:]
    players = [Player(int(r[0]), f"Player {r[0]}") for r in rows]
    t = Tournament.build(players, len(rows[0]) - 1, type_text="Swiss", start_date=dt.date(2023, 10, 1))
    for r in rows:
        i = t.row(int(r[0]))
        for k, cell in enumerate(r[1:]):
            cell = cell.strip()
            if cell == "--":
                t.kind[i, k] = Kind.ZPB
                continue
            m = _CELL.match(cell)
            sign, how, opp = m.groups()
            if opp == "BYE":
                t.kind[i, k] = {"+": Kind.PAB, "=": Kind.HPB, "-": Kind.ZPB}[sign]
                continue
            t.opponent[i, k] = t.row(int(opp))
            if how == "F":
                t.kind[i, k] = Kind.FORFEIT_WIN if sign == "+" else Kind.FORFEIT_LOSS
            else:
                t.colour[i, k] = 1 if how == "W" else -1
                t.kind[i, k] = {"+": Kind.WIN, "=": Kind.DRAW, "-": Kind.LOSS}[sign]
    for i in range(len(players)):  # the file lists each game once per player; check both sides agree
        for k in range(t.rounds):
            o = int(t.opponent[i, k])
            if o >= 0:
                assert t.opponent[o, k] == i and MIRROR[Kind(int(t.kind[i, k]))] == Kind(int(t.kind[o, k]))
    return t


def marcel_expected():
    with open(DIR / "marceljuenemann-expected.csv", encoding="utf-8") as f:
        return list(csv.DictReader(f))
