"""Puzzles hashable by a fingerprint that is the same under the square's symmetries
(issue #47): a dataset keeps one of each puzzle, however it was turned or written."""

import pytest

import cagey
from conftest import KK0

#: The 8 symmetries of the square on (row, col) of a grid of side n, m = n - 1.
SYMMETRIES = [
    lambda r, c, m: (r, c),
    lambda r, c, m: (c, m - r),
    lambda r, c, m: (m - r, m - c),
    lambda r, c, m: (m - c, r),
    lambda r, c, m: (r, m - c),
    lambda r, c, m: (m - r, c),
    lambda r, c, m: (c, r),
    lambda r, c, m: (m - c, m - r),
]


def moved(p: cagey.Puzzle, symmetry) -> cagey.Puzzle:
    """`p` (a plain KenKen) turned or mirrored, written as kk text by hand."""
    n, m = p.size, p.size - 1
    lines = []
    for cage in reversed(p.cages):  # another order of cages, too
        cells = [symmetry(r, c, m) for r, c in cage.cells]
        lines.append(cage.label + "," + " ".join(str(r * n + c) for r, c in cells))
    return cagey.Puzzle.parse("\n".join(lines) + "\n", format="kk")


@pytest.mark.parametrize("index", range(8))
def test_a_turned_or_mirrored_puzzle_is_the_same_puzzle(kk0, index):
    other = moved(kk0, SYMMETRIES[index])
    assert other.fingerprint() == kk0.fingerprint()
    assert other == kk0 and hash(other) == hash(kk0)
    if index:
        assert other.to("kk") != kk0.to("kk")


def test_the_fingerprint_is_hex_and_tells_puzzles_apart(kk0):
    print_ = kk0.fingerprint()
    assert len(print_) == 32 and int(print_, 16) >= 0
    names = ["kk0", "kk1", "kk2", "kk3", "p4", "kendoku", "killer", "jigsaw", "noop", "multi"]
    prints = {cagey.Puzzle.example(name).fingerprint() for name in names}
    assert len(prints) == len(names)
    assert kk0 != cagey.Puzzle.example("kk1")
    # One clue changed (2÷ to 2-) is another puzzle.
    assert cagey.Puzzle.parse(KK0.replace("2%", "2-")) != kk0


def test_a_set_keeps_one_of_each_puzzle(kk0):
    copies = [moved(kk0, s) for s in SYMMETRIES] + [cagey.Puzzle.parse(kk0.to("json"))]
    assert len(set(copies)) == 1
    generated = list(cagey.generate(size=4, count=20, seed=5, jobs=1))
    assert len(set(generated + generated)) == len({p.fingerprint() for p in generated})


def test_killers_keep_their_fingerprint_in_every_format(killers):
    for p in killers[:5]:
        for fmt in ["kk", "json"]:
            assert cagey.Puzzle.parse(p.to(fmt)).fingerprint() == p.fingerprint()
