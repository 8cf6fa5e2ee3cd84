"""A run split over two workers (Dask or Ray) against one process, as docs/python.md
("Beyond one machine") records it. Not a test: run by hand on an otherwise idle machine
with the package and Dask's `distributed` (the test venv of scripts/test-python.sh has
both) or Ray installed, from the repository's root:

    python crates/cagey-py/bench/workers.py [--with dask|ray] [--count 1200] [--chunk 50]
        [--rounds 5]

Each round makes `count` 9x9 KenKen hard puzzles from seed 7 twice, in turn: in this
process, one chunk of indices after another, and as the same chunks mapped over two
single-threaded worker processes (a local Dask cluster, or a local Ray instance with two
CPUs). The two runs must give the same puzzles (puzzle i of a seed is the same wherever
it is made); the line says both wall times and their ratio, and the last line the median
ratio.
"""

import argparse
import statistics
import time

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


def dask_map():
    """A function that maps `chunk` over two Dask worker processes, and one to close them."""
    from distributed import Client, LocalCluster

    client = Client(LocalCluster(n_workers=2, threads_per_worker=1, processes=True))

    def run(starts, count):
        return client.gather(client.map(chunk, starts, [count] * len(starts)))

    return run, client.close


def ray_map():
    """A function that maps `chunk` over two Ray worker processes, and one to stop Ray."""
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    remote = ray.remote(num_cpus=1)(chunk)

    def run(starts, count):
        return ray.get([remote.remote(first, count) for first in starts])

    return run, ray.shutdown


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--with", dest="engine", choices=["dask", "ray"], default="dask")
    parser.add_argument("--count", type=int, default=1200)
    parser.add_argument("--chunk", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    starts = range(0, args.count, args.chunk)
    run, close = {"dask": dask_map, "ray": ray_map}[args.engine]()
    # The workers start and import the package before the clock starts.
    run([0, 1], 1)
    ratios = []
    for round in range(1, args.rounds + 1):
        started = time.perf_counter()
        alone = [text for first in starts for text in chunk(first, args.chunk)]
        one = time.perf_counter() - started
        started = time.perf_counter()
        parts = run(starts, args.chunk)
        two = time.perf_counter() - started
        assert [text for part in parts for text in part] == alone, "the runs differ"
        ratios.append(one / two)
        print(
            f"round {round}: one process {one:.2f} s, two {args.engine} workers {two:.2f} s, "
            f"{one / two:.2f}x",
            flush=True,
        )
    print(f"median {statistics.median(ratios):.2f}x over {args.rounds} rounds")
    close()


if __name__ == "__main__":
    main()
