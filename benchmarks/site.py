"""``tiebreak site --watch`` (issue 25): a result changed in a watched 2,000-player Swiss (9 or 11 rounds), to the
site's pages rewritten.

1. *build*: the whole site of the event (every page in en, ru, uk) written into a new folder, once;
2. *update*: one result of the last round turned round (both player lines rewritten, as a pairing program does),
   ``--changes`` times, the watcher (``watchfiles``) running in a thread of this process as ``tiebreak site --watch``
   runs it.  Measured from writing the file to each ``version.json`` put in place (a new file each time): the
   **first step** (the changed games' pages: the round, the standings after it and the current ones, the
   crosstable, the home page, the two players' cards) and the **second step** (every other card the change moved:
   a rank after a round, an opponent's score) — the wall clock, and the processor time of the whole process in the
   meantime (the watcher and its writers), with the load average of the machine.  Goal: every page the change
   touches published within 1 s (both steps).  The changes come ``--gap`` seconds apart (a pairing program saves
   the file as results are entered; the watcher makes the files of the next pages in between).

``--points-column`` (issue 37): the change as a pairing program writes it, the result and the points column of both
players (TRF columns 81-84) and the rank column of every player (86-89, the players ordered by their points again),
so that every player line may differ.

    python benchmarks/site.py [--players 2000] [--rounds 9] [--changes 10] [--gap 1.0] [--points-column]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from live import _BLOCK, flip  # noqa: E402

_VALUE = {"1": 2, "0": 0, "=": 1}  # half points of a result's letter


def with_columns(before: str, after: str, start_no: int, round_no: int) -> str:
    """``after`` (``before`` with one result turned round by :func:`flip`) with the points column of the game's two
    players moved by the change, and every player's rank column written again by the points (ties by start number),
    as a pairing program saves the file."""
    old, new = before.split("\n"), after.split("\n")
    at = _BLOCK + 10 * (round_no - 1) + 7
    for k, (a, b) in enumerate(zip(old, new)):
        if b.startswith("001") and a[at:at + 1] != b[at:at + 1]:
            half = round(float(b[80:84]) * 2) + _VALUE[b[at]] - _VALUE[a[at]]
            new[k] = f"{b[:80]}{half / 2:4.1f}{b[84:]}"
    players = sorted((k for k, x in enumerate(new) if x.startswith("001")),
                     key=lambda k: (-float(new[k][80:84]), int(new[k][4:8])))
    for rank, k in enumerate(players, 1):
        new[k] = f"{new[k][:85]}{rank:>4}{new[k][89:]}"
    return "\n".join(new)


def stamp(path: Path) -> int:
    """The inode of ``version.json``: each publication puts a new file in place."""
    try:
        return path.stat().st_ino
    except OSError:
        return 0


def _options(**given: object) -> object:
    """The command's options (``tiebreak.app.options.Options``; in the code before issue 33, ab771bf1, measured the
    same way: ``tiebreak.service.Options``)."""
    try:
        from tiebreak.app.options import Options
    except ImportError:
        from tiebreak.service import Options  # type: ignore[no-redef]
    return Options(**given)  # type: ignore[arg-type]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--changes", type=int, default=10)
    ap.add_argument("--gap", type=float, default=1.0, help="seconds between two changes")
    ap.add_argument("--points-column", action="store_true",
                    help="rewrite the points and rank columns too, as a pairing program does")
    a = ap.parse_args()
    from swiss import generate

    from tiebreak.formats import trf
    from tiebreak.site.build import build_site
    from tiebreak.site.watch import watch

    folder = Path(tempfile.mkdtemp(prefix="tiebreak-site-bench-"))
    try:
        path = folder / "event.trf"
        trf.dump(generate(a.players, a.rounds, seed=3), path)
        t0, c0 = time.perf_counter(), time.process_time()
        site = build_site(_options(seed=1), [str(path)], str(folder / "site"), [])
        print(f"build: {time.perf_counter() - t0:.1f} s wall, {time.process_time() - c0:.1f} s cpu, "
              f"{len(site.digests)} files; load average {os.getloadavg()[0]:.2f}")
        version = folder / "site" / "version.json"
        stop = threading.Event()
        thread = threading.Thread(target=watch, args=(site, "en", stop), daemon=True)
        thread.start()
        time.sleep(1.0)
        first, second, cpu = [], [], []
        text = path.read_text()
        for n in range(a.changes):
            start_no = 1 + 37 * n % a.players
            while True:
                try:
                    changed = flip(text, start_no, a.rounds)
                    text = with_columns(text, changed, start_no, a.rounds) if a.points_column else changed
                    break
                except (KeyError, ValueError):  # a bye or a forfeit in the last round: the next player's game
                    start_no = start_no % a.players + 1
            before = json.loads(version.read_text())["pages"]
            was, load = stamp(version), os.getloadavg()[0]
            t0, c0 = time.perf_counter(), time.process_time()
            path.write_text(text)
            times = []
            while len(times) < 2 and time.perf_counter() - t0 < 60:
                now = stamp(version)
                if now != was:
                    times.append(time.perf_counter() - t0)
                    was = now
                time.sleep(0.001)
            cpu.append(time.process_time() - c0)
            first.append(times[0])
            second.append(times[-1])
            after = json.loads(version.read_text())["pages"]
            pages = sum(1 for k, v in after.items() if before.get(k) != v)
            print(f"change {n + 1}: first step {times[0]:.3f} s, every page {times[-1]:.3f} s wall, "
                  f"{cpu[-1]:.3f} s cpu; {pages} pages; load average {load:.2f}")
            time.sleep(a.gap)
        stop.set()
        thread.join(5)
        print(f"first step (the changed games' pages -> version.json): best {min(first):.3f} s, median "
              f"{statistics.median(first):.3f} s, worst {max(first):.3f} s over {len(first)} changes")
        print(f"every page (the moved cards too -> version.json): best {min(second):.3f} s, median "
              f"{statistics.median(second):.3f} s, worst {max(second):.3f} s; processor time median "
              f"{statistics.median(cpu):.3f} s; load average now {os.getloadavg()[0]:.2f}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
