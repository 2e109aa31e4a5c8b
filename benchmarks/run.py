"""Benchmarks of issue #2 (run by hand, not in CI): ``python benchmarks/run.py``.

1. CLI: a generated 9,999-player x 11-round Swiss, the list below, ``--format json``; goal < 1 s wall clock (best of 3).
   Issue 15 sets < 0.35 s for the same run.
2. Python API: 100,000 players x 13 rounds (more than TRF's four-digit start numbers hold, so built in memory), the same
   list; goal < 5 s and < 1 GiB peak memory (measured in a child process).
3. Start-up: ``tiebreak standings`` of the bundled 32-player event, wall clock (best of 5, byte code cached as after a
   normal install); goal < 0.15 s.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

LIST = "PTS,BH/C1,BH,SB,DE,WIN,BPG,BWG,ARO,PS,FB,AOB,TPR,PTP,APRO,APPO"

API_CHILD = f"""
import resource, sys, time
sys.path.insert(0, {str(HERE.parent)!r}); sys.path.insert(0, {str(HERE)!r})
from swiss import generate
import tiebreak
t = generate(100_000, 13, seed=2)
start = time.perf_counter()
s = tiebreak.compute_standings(t, {LIST!r}, unrated_rating=1000, seed=1)
rows = [(r.rank, r.start_no) for r in s.rows]
took = time.perf_counter() - start
print(took, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def main() -> None:
    from swiss import generate

    from tiebreak.formats import trf

    exe = Path(sys.executable).with_name("tiebreak")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "swiss-9999x11.trf")
        trf.dump(generate(9999, 11, seed=1), path)
        times = []
        for _ in range(3):
            start = time.perf_counter()
            subprocess.run([str(exe), "standings", path, "--tiebreaks", LIST, "--unrated-rating", "1000", "--format",
                            "json"], check=True, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - start)
    cli = min(times)
    example = HERE.parent / "examples" / "hobsons-bay-cup-2025.trf"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # as installed: .pyc cached
    startup = []
    for _ in range(6):
        start = time.perf_counter()
        subprocess.run([str(exe), "standings", str(example)], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, env=env)
        startup.append(time.perf_counter() - start)
    small = min(startup[1:])  # the first run writes the byte code
    out = subprocess.run([sys.executable, "-c", API_CHILD], check=True, capture_output=True, text=True).stdout.split()
    api, mem = float(out[0]), float(out[1])
    print(f"{'benchmark':44} {'measured':>12} {'goal':>10}")
    print(f"{'CLI 9,999 x 11, json (best of 3)':44} {cli:>10.2f} s {'< 0.35 s':>10} {'ok' if cli < 0.35 else 'SLOW'}")
    print(f"{'CLI bundled 32 players, text (best of 5)':44} {small:>10.2f} s {'< 0.15 s':>10} "
          f"{'ok' if small < 0.15 else 'SLOW'}")
    print(f"{'API 100,000 x 13, compute_standings':44} {api:>10.2f} s {'< 5 s':>10} {'ok' if api < 5 else 'SLOW'}")
    print(f"{'API 100,000 x 13, peak memory (whole process)':44} {mem:>9.0f} MB {'< 1024 MB':>10} "
          f"{'ok' if mem < 1024 else 'TOO BIG'}")


if __name__ == "__main__":
    main()
