"""A run split over two Dask workers against one process, as docs/python.md ("Beyond one
machine") records it. Not a test: run by hand on an otherwise idle machine with the
package and Dask's `distributed` installed (the test venv of scripts/test-python.sh has
both), from the repository's root:

    python crates/cagey-py/bench/dask_workers.py [--count 1200] [--chunk 50] [--rounds 5]

Each round makes `count` 9x9 KenKen hard puzzles from seed 7 twice, in turn: in this
process, one chunk of indices after another, and as the same chunks mapped over a local
cluster of two single-threaded worker processes. The two runs must give the same puzzles
(puzzle i of a seed is the same wherever it is made); the line says both wall times and
their ratio, and the last line the median ratio.
"""

import argparse
import statistics
import time

from distributed import Client, LocalCluster

import cagey

SEED = 7


def chunk(first, count):
    """Puzzles `first` to `first + count - 1` of the run, as kk texts."""
    return [
        p.to("kk")
        for p in cagey.generate(
            size=9, difficulty="hard", first=first, count=count, seed=SEED, jobs=1
        )
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1200)
    parser.add_argument("--chunk", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    starts = range(0, args.count, args.chunk)
    client = Client(LocalCluster(n_workers=2, threads_per_worker=1, processes=True))
    # The workers import the package before the clock starts.
    client.gather(client.map(chunk, [0, 1], [1, 1]))
    ratios = []
    for round in range(1, args.rounds + 1):
        started = time.perf_counter()
        alone = [text for first in starts for text in chunk(first, args.chunk)]
        one = time.perf_counter() - started
        started = time.perf_counter()
        parts = client.gather(client.map(chunk, starts, [args.chunk] * len(starts)))
        two = time.perf_counter() - started
        assert [text for part in parts for text in part] == alone, "the runs differ"
        ratios.append(one / two)
        print(
            f"round {round}: one process {one:.2f} s, two Dask workers {two:.2f} s, "
            f"{one / two:.2f}x",
            flush=True,
        )
    print(f"median {statistics.median(ratios):.2f}x over {args.rounds} rounds")
    client.close()


if __name__ == "__main__":
    main()
