"""How long the step check (`Puzzle.judge`) takes on 9x9 puzzles: every placement of the
explanations of a few corpus puzzles, judged on the digits-only board before it (as a
player without pencil marks stands), median and 90th percentile. Not a test: run by hand,
with the package installed in release form (scripts/test-python.sh's venv has it):

    python crates/cagey-py/bench/judge.py
"""

import statistics
import time
from pathlib import Path

import cagey

CORPORA = Path(__file__).resolve().parents[3] / "corpora"

for path in ["killer/solo-advanced.kk", "keen/keen_9dh.kk"]:
    times = []
    for p in cagey.read(CORPORA / path)[:40:10]:
        grid = [[0] * 9 for _ in range(9)]
        for step in p.explain():
            for r, c, d in step.placed[:1]:
                start = time.perf_counter()
                judged = p.judge(grid, ("place", r + 1, c + 1, d))
                times.append(time.perf_counter() - start)
                assert judged.verdict == "follows", judged
            for r, c, d in step.placed:
                grid[r][c] = d
    times.sort()
    print(
        f"{path}: {len(times)} moves, median {statistics.median(times) * 1000:.2f} ms, "
        f"90th percentile {times[len(times) * 9 // 10] * 1000:.2f} ms"
    )
