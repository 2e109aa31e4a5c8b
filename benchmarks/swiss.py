"""A generated Swiss tournament of any size, fast enough for 100,000 players (numpy, score-group pairing).

Pairing: every round the available players are sorted by score (ties by rating) and neighbours are paired, which keeps
rematches rare; results follow the rating difference.  Irregularities at low rates: one pairing-allocated bye per round
when the number is odd, half- and zero-point byes, withdrawals, forfeits.  Deterministic for a seed.
"""

from __future__ import annotations

import argparse
import datetime as dt

import numpy as np

from tiebreak.engine.model import BLACK, MIRROR, WHITE, Kind, Player, Tournament

_POINTS = np.zeros(len(Kind))
for _k, _v in {Kind.WIN: 1, Kind.DRAW: .5, Kind.FORFEIT_WIN: 1, Kind.PAB: 1, Kind.HPB: .5}.items():
    _POINTS[_k] = _v
_MIRROR = np.zeros(len(Kind), np.int8)
for _a, _b in MIRROR.items():
    _MIRROR[_a] = _b


def generate(players: int, rounds: int, seed: int = 1) -> Tournament:
    rng = np.random.default_rng(seed)
    ratings = rng.normal(1800, 300, players).clip(1000, 2850).astype(int)
    unrated = rng.random(players) < 0.03
    people = [Player(i + 1, f"Player {i + 1:06d}", None if unrated[i] else int(ratings[i]),
                     federation=("AUS", "NOR", "UKR", "FRA", "IND")[i % 5]) for i in range(players)]
    t = Tournament.build(people, rounds, type_text="Individual: Swiss-System", start_date=dt.date(2026, 4, 1),
                         name=f"Generated Swiss {players}x{rounds}")
    score = np.zeros(players)
    strength = np.where(unrated, 1500, ratings)
    withdrawn = np.zeros(players, bool)
    for r in range(rounds):
        x = rng.random(players)
        withdrawn |= (x < 0.002) & (r > 0)
        hpb = ~withdrawn & (x > 0.99)
        zpb = withdrawn | ((x > 0.985) & (x <= 0.99))
        t.kind[hpb, r], t.kind[zpb, r] = Kind.HPB, Kind.ZPB
        avail = np.nonzero(~hpb & ~zpb)[0]
        avail = avail[np.lexsort((-strength[avail], -score[avail]))]
        if len(avail) % 2:
            t.kind[avail[-1], r] = Kind.PAB
            avail = avail[:-1]
        a, b = avail[0::2], avail[1::2]
        swap = rng.random(len(a)) < 0.5
        white, black = np.where(swap, b, a), np.where(swap, a, b)
        expected = 1 / (1 + 10 ** ((strength[black] - strength[white]) / 400))
        u = rng.random(len(a))
        draw_band = 0.3
        kind = np.where(u < expected - draw_band / 2, Kind.WIN, np.where(u < expected + draw_band / 2, Kind.DRAW, Kind.LOSS))
        f = rng.random(len(a))
        kind = np.where(f < 0.003, Kind.FORFEIT_WIN, np.where(f > 0.997, Kind.FORFEIT_LOSS, kind)).astype(np.int8)
        t.opponent[white, r], t.opponent[black, r] = black, white
        t.colour[white, r], t.colour[black, r] = WHITE, BLACK
        t.kind[white, r], t.kind[black, r] = kind, _MIRROR[kind]
        score += _POINTS[t.kind[:, r]]
    return t


def main() -> None:
    from tiebreak.formats import chessjson_write, trf

    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--players", type=int, default=9999)
    p.add_argument("--rounds", type=int, default=11)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", required=True, help="a TRF file (at most 9,999 players), or Chess-JSON when it ends in .json")
    a = p.parse_args()
    t = generate(a.players, a.rounds, a.seed)
    if a.out.endswith(".json"):
        chessjson_write.dump(t, a.out)
    else:
        trf.dump(t, a.out)


if __name__ == "__main__":
    main()
