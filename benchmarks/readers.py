"""Reading benchmark (run by hand): ``python benchmarks/readers.py [--repeat N]``.

A generated 9,999-player x 11-round Swiss (:mod:`swiss`) written as TRF, Chess-JSON and a crosstable CSV, and a
published standings CSV of as many rows, each read by its reader; the processor time of one read (best of
``--repeat``), so the figure does not count other jobs' time on a shared machine.  The files are written once into a
temporary folder by this code's writers; compare two trees by running this file of each (``PYTHONPATH``).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))


def _best(read: Callable[[], object], repeat: int) -> float:
    read()  # the modules imported and the file in the page cache first
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        read()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    from swiss import generate

    from tiebreak.formats import chessjson, crosstable, published, readers, trf

    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args()
    t = generate(9999, 11)
    with tempfile.TemporaryDirectory(prefix="tiebreak-bench-") as tmp:
        folder = Path(tmp)
        (folder / "swiss.trf").write_text(trf.dumps(t), encoding="utf-8")
        (folder / "swiss.json").write_text(chessjson.dumps(t), encoding="utf-8")
        (folder / "swiss.csv").write_text(crosstable.dumps(t), encoding="utf-8")
        draw = random.Random(1)
        rows = ["pos,startno,name,Pts,BH,BH-C1,SB"] + [
            f"{i},{i},Player {i},{draw.randint(0, 22) / 2},{draw.randint(0, 900) / 10},{draw.randint(0, 800) / 10},"
            f"{draw.randint(0, 9000) / 100}" for i in range(1, 10000)]
        (folder / "published.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
        for name, read in (("TRF 9,999 x 11", lambda: readers.load(folder / "swiss.trf", [])),
                           ("Chess-JSON 9,999 x 11", lambda: readers.load(folder / "swiss.json", [])),
                           ("crosstable CSV 9,999 x 11", lambda: readers.load(folder / "swiss.csv", [])),
                           ("published standings CSV 9,999 rows", lambda: published.load(folder / "published.csv", []))):
            print(f"{name}: {_best(read, args.repeat) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
