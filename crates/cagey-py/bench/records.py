"""Dataset rows a CPU-second, as docs/python.md ("Rows in bulk") records them. Not a test:
run by hand with the package installed (the wheel of scripts/build-wheel.sh, or
`pip install ./crates/cagey-py`), from the repository's root:

    python crates/cagey-py/bench/records.py rows [--count 400]
    python crates/cagey-py/bench/records.py parts [--count 200]
    python crates/cagey-py/bench/records.py dataset [--rows 2000] [--steps full|compact] [--out mixed.parquet]

`rows`: 9x9 KenKen rows (hard, generated from seed 7) built by `cagey.records` with one
job and with two, without the explanation, with whole steps and with compact ones, each
line run in the same process one after the other so that both sides see the same load.
`parts`: where `p.record()` spends its time on the same puzzles: the proof of the
solution, the grade, the explanation, the row's Python values. `dataset`: the mixed
dataset end to end (generate, rows, Parquet), see `mixed_parts`.

Rows a CPU-second are rows over the processor time (user and system, every thread) of
this process; on a shared machine that is the fair figure, where the wall time counts the
waits for a core. The load average is printed beside each part.
"""

import argparse
import os
import resource
import time

import cagey


def cpu_seconds():
    """Processor seconds this process has used so far, every thread."""
    use = resource.getrusage(resource.RUSAGE_SELF)
    return use.ru_utime + use.ru_stime


def load():
    """The 1-minute load average."""
    return os.getloadavg()[0]


def timed(work):
    """(wall seconds, cpu seconds, what work returned)."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    out = work()
    return time.perf_counter() - wall, cpu_seconds() - cpu, out


def kenken_9x9(count):
    return list(cagey.generate(size=9, difficulty="hard", count=count, seed=7))


def bench_rows(count):
    puzzles = kenken_9x9(count)
    print(f"{count} 9x9 KenKen, hard, seed 7; load {load():.1f}")
    cases = [("no explanation", dict(explain=False)),
             ("whole steps", dict(explain=True, steps="full")),
             ("compact steps", dict(explain=True, steps="compact"))]
    for name, options in cases:
        for jobs in (1, 2):
            cagey.records(puzzles[:10], jobs=jobs, **options)  # warm the pool and caches
            wall, cpu, rows = timed(lambda: cagey.records(puzzles, jobs=jobs, **options))
            assert len(rows) == count
            print(f"  {name:15} jobs={jobs}: {count / cpu:7.0f} rows/cpu-s, "
                  f"{count / wall:7.0f} rows/s wall  (cpu {cpu:.3f} s, wall {wall:.3f} s, "
                  f"load {load():.1f})")
    wall, cpu, _ = timed(lambda: [p.record() for p in puzzles])
    print(f"  p.record() in a loop:  {count / cpu:7.0f} rows/cpu-s  (load {load():.1f})")


def bench_parts(count):
    puzzles = kenken_9x9(count)
    print(f"where p.record() spends its time, {count} 9x9 KenKen hard; load {load():.1f}")
    parts = [
        ("the proof (solve)", lambda: [p.solve() for p in puzzles]),
        ("grade", lambda: [p.grade() for p in puzzles]),
        ("explain", lambda: [p.explain() for p in puzzles]),
        ("row, no explanation", lambda: [p.record(explain=False) for p in puzzles]),
        ("row, compact steps", lambda: [p.record(steps="compact") for p in puzzles]),
        ("row, whole steps", lambda: [p.record() for p in puzzles]),
        ("row, whole steps, to_dict via JSON",
         lambda: [[s.to_dict() for s in p.explain()] for p in puzzles]),
    ]
    for name, work in parts:
        _, cpu, _ = timed(work)
        print(f"  {name:36} {cpu / count * 1000:6.2f} ms cpu a puzzle")


def mixed_parts(rows):
    """The mixed dataset: KenKen 4x4, 6x6 and 9x9 and Killer Sudoku 9x9, each at easy,
    normal and hard, as even as `rows` allows, from seed 47, with no repeats."""
    parts = [(kind, size, level) for kind, size in
             [("kenken", 4), ("kenken", 6), ("kenken", 9), ("killer", 9)]
             for level in ("easy", "normal", "hard")]
    return [(kind, size, level, rows // len(parts) + (i < rows % len(parts)))
            for i, (kind, size, level) in enumerate(parts)]


def bench_dataset(rows, out, jobs, steps):
    import pyarrow as pa
    import pyarrow.parquet as pq

    print(f"the mixed dataset, {rows} rows, jobs={jobs}, steps={steps}; load {load():.1f}")
    wall0, cpu0 = time.perf_counter(), cpu_seconds()
    puzzles = []
    for kind, size, level, count in mixed_parts(rows):
        wall, cpu, made = timed(lambda: list(cagey.generate(
            kind=kind, size=size, difficulty=level, count=count, seed=47, distinct=True,
            jobs=jobs)))
        puzzles += made
        print(f"  generate {count} {kind} {size}x{size} {level}: {cpu / count * 1000:.1f} ms cpu each")
    cpu, wall = cpu_seconds() - cpu0, time.perf_counter() - wall0
    print(f"  generate: {cpu:.2f} s cpu, {wall:.2f} s wall  (load {load():.1f})")
    wall, cpu, table = timed(lambda: cagey.records(puzzles, jobs=jobs, explain=True,
                                                   steps=steps))
    print(f"  records:  {cpu:.2f} s cpu, {wall:.2f} s wall  (load {load():.1f})")
    wall, cpu, _ = timed(lambda: pq.write_table(pa.Table.from_pylist(table), out))
    print(f"  parquet:  {cpu:.2f} s cpu, {wall:.2f} s wall, {os.path.getsize(out) / 1e6:.1f} MB")
    cpu, wall = cpu_seconds() - cpu0, time.perf_counter() - wall0
    assert len(table) == rows and len(set(puzzles)) == rows
    print(f"  end to end: {rows / cpu:.0f} rows/cpu-s, {rows / wall:.0f} rows/s wall "
          f"(cpu {cpu:.2f} s, wall {wall:.2f} s, load {load():.1f})")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("part", choices=["rows", "parts", "dataset"])
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--rows", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", default="mixed.parquet")
    parser.add_argument("--steps", default="full", choices=["full", "compact"])
    args = parser.parse_args()
    if args.part == "rows":
        bench_rows(args.count)
    elif args.part == "parts":
        bench_parts(args.count)
    else:
        bench_dataset(args.rows, args.out, args.jobs, args.steps)


if __name__ == "__main__":
    main()
