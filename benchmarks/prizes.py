"""The prize allocation's worst cases (issue 33): a generated Swiss (``swiss.py``, 9 rounds), a prize for every place
(1 each) and 50 category prizes of about 100, so that nearly every eligible player leaves the place race for a
category, one at a time, each move paying the place prizes again.  Processor time of ``allocate``, best of ``--repeat``.

Three prize lists: ``one`` (one category, rating<2000, with 50 prizes), ``many`` (50 categories rating<1000,
rating<1030 … of one prize each), ``mixed`` (10 rating bands of 5 prizes each, 100 down to 51).

    python benchmarks/prizes.py --players 210 420
"""

from __future__ import annotations

import argparse
import resource

from swiss import generate

from tiebreak import compute_standings
from tiebreak.arbiter.prizes import METHODS, allocate, parse_prizes

LISTS = {
    "one": ["category,rating<2000,100"] * 50,
    "many": [f"category,rating<{1000 + 30 * k},100" for k in range(50)],
    "mixed": [f"category,rating<{1500 + 100 * (k % 10)},{100 - k}" for k in range(50)],
}


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--players", type=int, nargs="+", default=[210])
    p.add_argument("--repeat", type=int, default=3)
    a = p.parse_args()
    for n in a.players:
        s = compute_standings(generate(n, 9, 1), "PTS", lots=False)
        for name, categories in LISTS.items():
            prizes = parse_prizes("\n".join([f"place,{k},1" for k in range(1, n + 1)] + categories))
            for method in METHODS:
                times = []
                for _ in range(a.repeat):
                    start = cpu()
                    allocation = allocate(s, prizes, method)
                    times.append(cpu() - start)
                print(f"{n} players, {name:5} {method:8} {min(times):7.3f} s  ({len(allocation.awards)} awards, "
                      f"{len(allocation.unpaid)} unpaid)", flush=True)


if __name__ == "__main__":
    main()
