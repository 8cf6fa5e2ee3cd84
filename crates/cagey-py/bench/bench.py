"""Benchmarks of the Python package against the command and against pencilmark, as
docs/python.md records them. Not a test: run by hand, on a quiet machine, with the package
installed in release form (`pip install ./crates/cagey-py`) and the release command built
(`cargo build --release -p cagey-cli`):

    python crates/cagey-py/bench/bench.py [solve_many|generate|overhead|pencilmark] ...

Each part prints its figures; `--jobs N` sets the threads (default: every core).
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import time
import timeit
from pathlib import Path

import cagey

ROOT = Path(__file__).resolve().parents[3]
CAGEY = os.environ.get("CAGEY", str(ROOT / "target" / "release" / "cagey"))
KK0 = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n"


class Timing:
    """The least wall time and the least processor time (user and system, of this process
    and the commands it ran) of several runs, in seconds. On a shared machine the processor
    time is the fairer figure: the wall time counts the waits for a core."""

    def __init__(self, wall, cpu):
        self.wall, self.cpu = wall, cpu

    def __truediv__(self, other):
        return f"wall {self.wall / other.wall:.2f}, cpu {self.cpu / other.cpu:.2f}"

    def __str__(self):
        return f"{self.wall:.3f} s (cpu {self.cpu:.3f} s)"


def cpu_seconds():
    """Processor seconds used so far by this process and its finished children."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def best_of(runs, work):
    """The least wall and processor times of `runs` calls of `work`."""
    walls, cpus = [], []
    for _ in range(runs):
        start, cpu = time.perf_counter(), cpu_seconds()
        work()
        walls.append(time.perf_counter() - start)
        cpus.append(cpu_seconds() - cpu)
    return Timing(min(walls), min(cpus))


def command(args):
    """Runs the command with its output thrown away."""
    subprocess.run([CAGEY, *args], check=False, stdout=subprocess.DEVNULL)


def bench_solve_many(jobs, runs):
    files = sorted((ROOT / "corpora" / "keen").glob("*.kk"))

    def python():
        puzzles = [p for f in files for p in cagey.read(f)]
        results = cagey.solve_many(puzzles, jobs=jobs)
        assert all(r.verdict == "unique" for r in results)

    n = sum(len(cagey.read(f)) for f in files)
    py = best_of(runs, python)
    cli = best_of(runs, lambda: command(["solve", "--jobs", str(jobs or os.cpu_count()), *map(str, files)]))
    print(f"solve_many, corpora/keen ({n} puzzles, jobs={jobs or os.cpu_count()}): "
          f"python {py}, cagey solve --jobs {cli}, ratio {py / cli}")


def bench_generate(jobs, runs, count):
    def python():
        made = list(cagey.generate(size=9, difficulty="hard", count=count, seed=7, jobs=jobs))
        assert len(made) == count

    py = best_of(runs, python)
    cli = best_of(runs, lambda: command([
        "generate", "--size", "9", "--difficulty", "hard", "--count", str(count), "--seed", "7",
        "--jobs", str(jobs or os.cpu_count())]))
    print(f"generate {count} 9x9 hard (jobs={jobs or os.cpu_count()}): python {py}, "
          f"cagey generate {cli}, ratio {py / cli}")


def bench_overhead():
    number = 20000
    parse = min(timeit.repeat(lambda: cagey.Puzzle.parse(KK0, format="kk"), number=number, repeat=5)) / number
    p = cagey.Puzzle.parse(KK0)
    solve = min(timeit.repeat(p.solve, number=number, repeat=5)) / number
    both = min(timeit.repeat(lambda: cagey.Puzzle.parse(KK0).solve(), number=number, repeat=5)) / number
    inside = min(p.solve().seconds for _ in range(1000))
    print(f"4x4 kk0: parse {parse * 1e6:.1f} µs, solve {solve * 1e6:.1f} µs "
          f"(of which the search itself {inside * 1e6:.1f} µs), parse+solve {both * 1e6:.1f} µs "
          f"(detected format)")


def exchange(puzzle):
    """A Killer Sudoku in pencilmark's exchange format (its README's `sudoku-puzzle`)."""
    n = puzzle.size
    rules = [{"type": "box_grid", "origin": "r1c1", "box": [3, 3]}]
    givens = [0] * (n * n)
    for cage in puzzle.cages:
        cells = [f"r{r + 1}c{c + 1}" for r, c in cage.cells]
        rules.append({"type": "cage", "sum": cage.target, "cells": cells})
    return {"format": "sudoku-puzzle", "format_version": 1, "board": {"rows": n, "cols": n},
            "digits": n, "givens": givens, "rules": rules}


def bench_pencilmark(count, seed):
    import pencilmark

    puzzles = list(cagey.generate(kind="killer", size=9, count=count, seed=seed))
    docs = [json.dumps(exchange(p)) for p in puzzles]
    rows = []
    for p, doc in zip(puzzles, docs):
        start = time.perf_counter()
        ours = p.solve()
        t_solve = time.perf_counter() - start
        start = time.perf_counter()
        grade = p.grade()
        t_grade = time.perf_counter() - start
        start = time.perf_counter()
        theirs = pencilmark.solve(doc)
        p_solve = time.perf_counter() - start
        start = time.perf_counter()
        card = pencilmark.rate(doc)
        p_rate = time.perf_counter() - start
        flat = [d for row in ours.grid for d in row]
        assert flat == list(theirs), "the two solvers disagree"
        rows.append((t_solve, t_grade, p_solve, p_rate, grade.level, card.get("band")))

    def median(xs):
        xs = sorted(xs)
        return xs[len(xs) // 2]

    cs, cg, ps, pr = (median([r[i] for r in rows]) for i in range(4))
    print(f"Killer Sudoku 9x9, {count} generated (seed {seed}), medians per puzzle: "
          f"cagey solve {cs * 1e3:.3f} ms, pencilmark solve {ps * 1e3:.1f} ms ({ps / cs:.0f}x); "
          f"cagey grade {cg * 1e3:.2f} ms, pencilmark rate {pr * 1e3:.1f} ms ({pr / cg:.0f}x)")
    for row in rows[:5]:
        print(f"  level {row[4]:<12} pencilmark band {row[5]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("parts", nargs="*", default=["solve_many", "generate", "overhead", "pencilmark"])
    parser.add_argument("--jobs", type=int, default=0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--killers", type=int, default=20)
    args = parser.parse_args()
    for part in args.parts:
        if part == "solve_many":
            bench_solve_many(args.jobs, args.runs)
        elif part == "generate":
            bench_generate(args.jobs, args.runs, args.count)
        elif part == "overhead":
            bench_overhead()
        elif part == "pencilmark":
            bench_pencilmark(args.killers, 1)
        else:
            sys.exit(f"no part called {part!r}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
