"""Sharding over Dask `distributed`: `generate` by ranges of indices of one seed, and
`solve_many` by chunks of puzzles, on a local cluster of two worker processes, give what
one process gives."""

import pytest

import cagey
from conftest import CORPORA

distributed = pytest.importorskip("distributed")

SEED = 2026
COUNT = 16
SHARD = 4


def generate_shard(first: int) -> list:
    """Puzzles first..first+SHARD of the run, as kk texts (plain data travels anywhere)."""
    return [p.to("kk") for p in cagey.generate(size=5, count=SHARD, first=first, seed=SEED, jobs=1)]


def solve_shard(texts: list) -> list:
    """The solutions of a chunk of puzzles, in order."""
    return [r.to_dict()["grid"] for r in cagey.solve_many(texts, jobs=1)]


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with distributed.Client(cluster) as client:
        yield client
    cluster.close()


def test_generate_sharded_by_index_ranges_matches_one_process(client):
    futures = client.map(generate_shard, range(0, COUNT, SHARD))
    sharded = [text for shard in client.gather(futures) for text in shard]
    local = [p.to("kk") for p in cagey.generate(size=5, count=COUNT, seed=SEED, jobs=1)]
    assert sharded == local
    # Both workers did some of it.
    assert len(client.scheduler_info()["workers"]) == 2


def test_solve_many_sharded_matches_one_process(client):
    puzzles = cagey.read(CORPORA / "keen" / "keen_6dh.kk")[:40]
    texts = [p.to("kk") for p in puzzles]
    chunks = [texts[i : i + 10] for i in range(0, len(texts), 10)]
    sharded = [g for chunk in client.gather(client.map(solve_shard, chunks)) for g in chunk]
    assert sharded == [r.grid for r in cagey.solve_many(puzzles)]


def test_puzzles_travel_to_workers_pickled(client):
    puzzles = cagey.read(CORPORA / "keen" / "keen_4dn.kk")[:4]
    grades = client.gather(client.map(lambda p: str(p.grade()), puzzles))
    assert grades == [str(p.grade()) for p in puzzles]


def distinct_shard(index: int, shards: int = 3) -> list:
    """Shard `index` of a run of small puzzles with no repeats: its rows, compact."""
    made = cagey.generate(size=3, difficulty="easy", count=30, seed=SEED, distinct=True,
                          shard=(index, shards), jobs=1)
    return cagey.records(made, jobs=1, steps="compact")


def test_distinct_shards_on_workers_share_no_puzzle(client):
    """Issue #47: shards of one seed, each on a worker, share no puzzle, and each shard's
    rows are those one process builds."""
    parts = client.gather(client.map(distinct_shard, range(3)))
    prints = [cagey.Puzzle.parse(row["kk"]).fingerprint() for part in parts for row in part]
    assert len(prints) == len(set(prints)) == 90
    assert parts[1] == distinct_shard(1)
