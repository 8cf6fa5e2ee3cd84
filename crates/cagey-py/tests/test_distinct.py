"""Runs without repeats (issue #47): `generate(distinct=True)` makes no puzzle twice (by
fingerprint: not even turned or mirrored) in a run, and the shards of one seed share
none."""

import pytest

import cagey

#: Small puzzles repeat: 3x3 easy KenKen of this seed, 400 of them, hold repeats when made
#: plainly (checked below, so that the test shows distinct=True leaving them out). 4x4s
#: repeat too, more rarely (4 in 10,000 hard).
SMALL = dict(size=3, difficulty="easy", seed=2)


def prints(puzzles):
    return [p.fingerprint() for p in puzzles]


def test_a_distinct_run_of_small_puzzles_repeats_no_fingerprint():
    plain = prints(cagey.generate(count=400, **SMALL))
    assert len(set(plain)) < len(plain), "no repeat to leave out: pick another seed"
    run = list(cagey.generate(count=400, distinct=True, **SMALL))
    assert len(run) == 400
    assert len(set(prints(run))) == 400
    # What is kept is the plain run's puzzles, in index order, less the repeats.
    seen, kept = set(), []
    for print_ in plain:
        if print_ not in seen:
            seen.add(print_)
            kept.append(print_)
    assert prints(run)[: len(kept)] == kept


def test_a_distinct_run_is_the_same_with_any_jobs():
    one = prints(cagey.generate(count=150, distinct=True, jobs=1, **SMALL))
    two = prints(cagey.generate(count=150, distinct=True, jobs=2, **SMALL))
    assert one == two


def test_shards_of_one_seed_share_no_puzzle():
    shards = [
        list(cagey.generate(count=60, distinct=True, shard=(i, 2), **SMALL)) for i in range(2)
    ]
    first, second = (set(prints(s)) for s in shards)
    assert len(first) == len(second) == 60
    assert not first & second
    for i, shard in enumerate(shards):
        assert all(f"shard={i}/2" in p.comments for p in shard)
    # A shard's puzzle is made again from its seed, index and shard.
    p = shards[1][7]
    index = int(p.seed.split("/")[1])
    again = next(cagey.generate(count=1, first=index, distinct=True, shard=(1, 2), **SMALL))
    assert again == p and again.to("kk") == p.to("kk")


def test_too_few_different_puzzles_is_said_at_the_end():
    run = cagey.generate(count=2000, distinct=True, **SMALL)
    made = []
    with pytest.raises(cagey.LimitError, match=r"^seed 2: (\d+) of the puzzles asked for were not made") as e:
        for p in run:
            made.append(p)
    assert e.value.args[0].startswith(f"seed 2: {2000 - len(made)} of the puzzles")
    assert len(set(made)) == len(made) > 100
    assert list(run) == []


def test_bad_shards_are_refused_in_words():
    with pytest.raises(ValueError, match="give distinct=True too"):
        cagey.generate(size=4, shard=(0, 2))
    with pytest.raises(ValueError, match="shard: shard 2 of 2: shards are numbered from 0 to 1"):
        cagey.generate(size=4, distinct=True, shard=(2, 2))
    with pytest.raises(ValueError, match="shard must be 0 or more"):
        cagey.generate(size=4, distinct=True, shard=(-1, 2))
    with pytest.raises(TypeError, match=r"\(index, count\) pair"):
        cagey.generate(size=4, distinct=True, shard=3)
