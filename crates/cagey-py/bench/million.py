"""A million distinct puzzles sharded over a local Dask cluster, as docs/python.md ("A
million puzzles") records it. Not a test: it takes some 20 minutes of two cores. Run by
hand with the package, Dask's `distributed` and `pyarrow` installed, from the repository's
root:

    python crates/cagey-py/bench/million.py [--total 1000000] [--shards 2] [--size 6]
        [--difficulty hard] [--seed 1] [--workers 2] [--out million]

Each of `shards` tasks makes `total / shards` puzzles with `distinct=True` and its own
`shard=(i, shards)` (no two shards can make the same puzzle, and none repeats one within
its shard), writes them to `OUT/part-I-of-N.parquet` (the puzzle's kk text without
comments, its fingerprint, level and score) and returns its fingerprints. The client then
checks that all of them differ and that every part holds the puzzles it said, and prints
the wall time, the CPU time of the workers and the puzzles a second.

A shard draws about `shards` grids for each puzzle it keeps (only a grid of its own class
will do), so give each worker one shard: with 20 shards a 6x6 hard took about 6 ms of
CPU, against 2.3 ms with 4 (2,000 puzzles).
"""

import argparse
import os
import resource
import time

import pyarrow as pa
import pyarrow.parquet as pq
from distributed import Client, LocalCluster

import cagey


def part(i, shards, count, size, difficulty, seed, out):
    """Shard `i`: its puzzles written to Parquet; its fingerprints and CPU seconds."""
    started = resource.getrusage(resource.RUSAGE_SELF)
    rows = {"kk": [], "fingerprint": [], "level": [], "score": []}
    for p in cagey.generate(
        size=size,
        difficulty=difficulty,
        count=count,
        seed=seed,
        distinct=True,
        shard=(i, shards),
        jobs=1,
    ):
        rows["kk"].append(p.to("kk", comments=False))
        rows["fingerprint"].append(p.fingerprint())
        rows["level"].append(p.level)
        rows["score"].append(p.score)
    pq.write_table(pa.table(rows), os.path.join(out, f"part-{i}-of-{shards}.parquet"))
    ended = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (ended.ru_utime - started.ru_utime) + (ended.ru_stime - started.ru_stime)
    return rows["fingerprint"], cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--total", type=int, default=1_000_000)
    parser.add_argument("--shards", type=int, default=2)
    parser.add_argument("--size", type=int, default=6)
    parser.add_argument("--difficulty", default="hard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default="million")
    args = parser.parse_args()
    if args.total % args.shards:
        parser.error("--total must be a multiple of --shards")
    os.makedirs(args.out, exist_ok=True)
    count = args.total // args.shards
    client = Client(
        LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True)
    )
    started = time.perf_counter()
    futures = client.map(
        part,
        range(args.shards),
        shards=args.shards,
        count=count,
        size=args.size,
        difficulty=args.difficulty,
        seed=args.seed,
        out=args.out,
        pure=False,
    )
    seen = set()
    cpu = 0.0
    for fingerprints, seconds in client.gather(futures):
        assert len(fingerprints) == count, f"a shard made {len(fingerprints)}, not {count}"
        seen.update(fingerprints)
        cpu += seconds
    wall = time.perf_counter() - started
    client.close()
    written = sum(
        pq.read_metadata(os.path.join(args.out, name)).num_rows
        for name in os.listdir(args.out)
        if name.endswith(f"-of-{args.shards}.parquet")
    )
    print(
        f"{args.total} puzzles ({args.size}x{args.size} {args.difficulty}, seed {args.seed}) "
        f"in {args.shards} shards on {args.workers} workers: {wall:.1f} s wall, "
        f"{cpu:.1f} s cpu in the workers, {args.total / wall:.0f} puzzles a second"
    )
    print(f"distinct fingerprints: {len(seen)} of {args.total}; rows in Parquet: {written}")
    assert len(seen) == args.total, "some puzzles repeat"
    assert written == args.total, "the Parquet parts do not hold every puzzle"


if __name__ == "__main__":
    main()
