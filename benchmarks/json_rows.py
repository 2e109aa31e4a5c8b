"""The JSON standings rows (issue 33: one writer, ``tiebreak.render.output.json_rows``), run by hand:
``python benchmarks/json_rows.py``.

Processor time of one call, best of ``--repeat`` (5; 30 for the small file), of ``to_json``, ``to_json`` with the player
columns ``title,fed,rating,perf`` (made beforehand), the live document's standings (``DocumentWriter.standings``, its
player members kept from a first call, as between two live versions) and ``to_json_obj``, on the generated
9,999-player x 11-round Swiss (``swiss.py``) and the corpus' largest file (``FWWRC.pgn``, 110 players), with the list
below.  It imports ``tiebreak`` from ``PYTHONPATH`` if set (to measure another checkout the same way).

``--callgrind`` counts instead the instructions of one call of each (after a first one), which the machine's load does
not change: the script runs itself under valgrind's callgrind, which starts counting when the script calls
``os.getppid`` and writes the count out each time it calls ``os.getpgrp`` (after each call measured).
"""

from __future__ import annotations

import argparse
import glob
import os
import subprocess
import sys
import tempfile
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


def counted(figures: dict[str, Callable[[], object]]) -> None:
    """Each call once, then again between callgrind's markers (:func:`callgrind`)."""
    for f in figures.values():
        f()
    os.getppid()  # callgrind: counting starts here
    for f in figures.values():
        f()
        os.getpgrp()  # callgrind: the count of the call written out


def _text(standings: object) -> str:
    """The live document's standings as text (the code before issue 33 gave the text itself)."""
    return standings if isinstance(standings, str) else standings.text()  # type: ignore[attr-defined]


def measure(name: str, t: object, repeat: int, instructions: bool = False) -> None:
    from tiebreak import compute_standings
    try:
        from tiebreak.arbiter.columns import player_columns
    except ImportError:  # the code before issue 33 (ab771bf1), measured the same way: the columns were render's
        from tiebreak.render.columns import player_columns  # type: ignore[no-redef]
    from tiebreak.live.document import DocumentWriter
    from tiebreak.render import output

    s = compute_standings(t, LIST, seed=1)  # type: ignore[arg-type]
    columns = player_columns(s, "title,fed,rating,perf")
    writer = DocumentWriter()
    writer.standings(s)  # the player members are written once per set of players
    calls: dict[str, Callable[[], object]] = {
        "to_json": lambda: output.to_json(s), "with the player columns": lambda: output.to_json(s, columns=columns),
        "live document's standings": lambda: _text(writer.standings(s)), "to_json_obj": lambda: output.to_json_obj(s)}
    if instructions:
        print(name, list(calls), flush=True)
        counted(calls)
        return
    figures = {k: best(f, repeat) for k, f in calls.items()}
    print(f"{name}: " + ", ".join(f"{k} {v:.2f} ms" for k, v in figures.items()), flush=True)


def callgrind(argv: list[str]) -> None:
    """This script with ``argv`` under callgrind (``--counted``), and the instructions of each call it counted."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--zero-before=getppid",
                              "--dump-before=getpgrp", "--dump-instr=no", sys.executable, __file__, "--counted", *argv],
                             capture_output=True, text=True, check=True)
        names = [line for line in run.stdout.splitlines() if line.endswith("]")]
        counts = []
        for path in sorted(glob.glob(out + ".*"), key=lambda p: int(p.rsplit(".", 1)[1])):
            with open(path, encoding="utf-8") as f:
                counts += [int(line.split()[1]) for line in f if line.startswith("summary:")]
    for line in names:
        name, calls = line.split(" [", 1)
        calls_of = [c.strip(" '\"]") for c in calls.split(", ")]
        print(f"{name}: " + ", ".join(f"{c} {counts.pop(0) / 1e6:.1f} million instructions" for c in calls_of))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--players", type=int, default=9999)
    p.add_argument("--callgrind", action="store_true", help="count instructions (valgrind) instead of time")
    p.add_argument("--counted", action="store_true", help=argparse.SUPPRESS)  # run under callgrind
    a = p.parse_args()
    if a.callgrind:
        callgrind([f"--players={a.players}"])
        return
    from swiss import generate

    import tiebreak
    from tiebreak.formats import readers

    print("tiebreak from", Path(tiebreak.__file__).parent.parent, flush=True)
    measure(f"generated {a.players} x 11", generate(a.players, 11), a.repeat, a.counted)
    if FWWRC.exists():
        measure("FWWRC.pgn", readers.load(FWWRC, []), a.repeat * 6, a.counted)


if __name__ == "__main__":
    main()
