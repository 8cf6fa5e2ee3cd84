"""Shared fixtures of the Python tests: the repository's corpora and a few puzzles."""

from pathlib import Path

import pytest

import cagey

#: The repository's root (the tests run from a checkout).
ROOT = Path(__file__).resolve().parents[3]
#: The committed corpora of puzzles with known answers.
CORPORA = ROOT / "corpora"

#: The J essay's first example: a 4x4 KenKen with one solution.
KK0 = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n"
KK0_SOLUTION = [[1, 2, 4, 3], [4, 3, 2, 1], [2, 1, 3, 4], [3, 4, 1, 2]]


@pytest.fixture
def kk0() -> cagey.Puzzle:
    """The essay's kk0."""
    return cagey.Puzzle.parse(KK0)


@pytest.fixture(scope="session")
def killers() -> list:
    """The Killer Sudoku and Killer Jigsaw corpus."""
    return cagey.read(CORPORA / "killer-and-jigsaw.kk")
