"""``tiebreak site --watch`` (issue 25): a result changed in a watched 2,000-player × 9-round Swiss, to the site's
pages rewritten.

1. *build*: the whole site of the event (every page in en, ru, uk) written into a new folder, once;
2. *update*: one result of the last round turned round (both player lines rewritten, as a pairing program does),
   ``--changes`` times; seconds from writing the file to the first ``version.json`` (``watchfiles`` noticing the
   change, the changed lines read, the standings of the changed rounds computed, the round, the standings, the
   crosstable and the two players' cards made and written atomically in en, ru, uk), and to the second one (every
   other card the change moved: a rank after a round, an opponent's score) — the watcher runs in a thread of this
   process, as ``tiebreak site --watch`` runs it.  Goal: the first step under 1 s.

    python benchmarks/site.py [--players 2000] [--rounds 9] [--changes 10]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from live import flip  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--changes", type=int, default=10)
    a = ap.parse_args()
    from swiss import generate

    from tiebreak.formats import trf
    from tiebreak.service import Options
    from tiebreak.site.build import build_site
    from tiebreak.site.watch import watch

    folder = Path(tempfile.mkdtemp(prefix="tiebreak-site-bench-"))
    try:
        path = folder / "event.trf"
        trf.dump(generate(a.players, a.rounds, seed=3), path)
        t0 = time.perf_counter()
        site = build_site(Options(seed=1), [str(path)], str(folder / "site"), [])
        print(f"build: {time.perf_counter() - t0:.1f} s, {len(site.digests)} files")
        stop = threading.Event()
        thread = threading.Thread(target=watch, args=(site, "en", stop), daemon=True)
        thread.start()
        time.sleep(1.0)
        times, written = [], []
        text = path.read_text()
        for n in range(a.changes):
            text = flip(text, 1 + 37 * n % a.players, a.rounds)
            start = site.version
            t0 = time.perf_counter()
            path.write_text(text)
            while site.version < start + 1 and time.perf_counter() - t0 < 60:
                time.sleep(0.002)
            times.append(time.perf_counter() - t0)
            while site.version < start + 2 and time.perf_counter() - t0 < 60:
                time.sleep(0.002)
            written.append(time.perf_counter() - t0)
            time.sleep(0.5)
        stop.set()
        thread.join(5)
        print(f"first step (the changed games' pages -> version.json): best {min(times):.3f} s, median "
              f"{statistics.median(times):.3f} s, worst {max(times):.3f} s over {len(times)} changes")
        print(f"second step (every card the change moved -> version.json): best {min(written):.3f} s, median "
              f"{statistics.median(written):.3f} s, worst {max(written):.3f} s")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
