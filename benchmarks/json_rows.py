"""The JSON standings rows (issue 33: one writer, ``tiebreak.render.output.json_rows``), run by hand:
``python benchmarks/json_rows.py``.

Processor time of one call, best of ``--repeat`` (5; 30 for the small file), of ``to_json``, ``to_json`` with the player
columns ``title,fed,rating,perf`` (made beforehand), the live document's standings (``DocumentWriter.standings``, its
player members kept from a first call, as between two live versions) and ``to_json_obj``, on the generated
9,999-player x 11-round Swiss (``swiss.py``) and the corpus' largest file (``FWWRC.pgn``, 110 players), with the list
below.  It imports ``tiebreak`` from ``PYTHONPATH`` if set (to measure another checkout the same way).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(1, str(HERE))  # swiss.py; tiebreak itself from PYTHONPATH, else this checkout
sys.path.append(str(HERE.parent))

LIST = "PTS,BH/C1,BH,SB,DE,WIN,BPG,BWG,ARO"
FWWRC = HERE.parent.parent / "shared" / "corpus" / "scalachess-tiebreak" / "FWWRC.pgn"


def best(f: Callable[[], object], repeat: int) -> float:
    """The best processor time of ``repeat`` calls of ``f``, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        f()
        times.append(time.process_time() - start)
    return min(times) * 1000


def measure(name: str, t: object, repeat: int) -> None:
    from tiebreak import compute_standings
    from tiebreak.arbiter.columns import player_columns
    from tiebreak.live.document import DocumentWriter
    from tiebreak.render import output

    s = compute_standings(t, LIST, seed=1)  # type: ignore[arg-type]
    columns = player_columns(s, "title,fed,rating,perf")
    writer = DocumentWriter()
    writer.standings(s)  # the player members are written once per set of players
    figures = {"to_json": best(lambda: output.to_json(s), repeat),
               "with the player columns": best(lambda: output.to_json(s, columns=columns), repeat),
               "live document's standings": best(lambda: writer.standings(s), repeat),
               "to_json_obj": best(lambda: output.to_json_obj(s), repeat)}
    print(f"{name}: " + ", ".join(f"{k} {v:.2f} ms" for k, v in figures.items()), flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--players", type=int, default=9999)
    a = p.parse_args()
    from swiss import generate

    import tiebreak
    from tiebreak.formats import readers

    print("tiebreak from", Path(tiebreak.__file__).parent.parent)
    measure(f"generated {a.players} x 11", generate(a.players, 11), a.repeat)
    if FWWRC.exists():
        measure("FWWRC.pgn", readers.load(FWWRC, []), a.repeat * 6)


if __name__ == "__main__":
    main()
