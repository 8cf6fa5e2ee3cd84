"""Prompt text for reasoning datasets (issue #47): the puzzle without its answer, and a
model's answer read and verified."""

import pytest

import cagey


@pytest.fixture(scope="module")
def generated() -> cagey.Puzzle:
    """A generated 4x4, which carries its solution, level, score and seed as comments."""
    return next(iter(cagey.generate(size=4, count=1, seed=3, jobs=1)))


@pytest.mark.parametrize("fmt", ["kk", "a1", "grid"])
def test_a_prompt_leaves_the_comments_and_so_the_answer_out(generated, fmt):
    full = generated.to(fmt)
    assert "# solution=" in full and "# level=" in full
    prompt = generated.to(fmt, comments=False)
    for word in ["solution", "level", "score", "seed"]:
        assert word not in prompt, prompt
    read = cagey.Puzzle.parse(prompt, format=fmt)
    assert read == generated
    assert read.solution is None and read.comments == []


def test_a_killer_prompt_keeps_its_rules():
    killer = cagey.Puzzle.example("killer")
    prompt = killer.to("kk", comments=False)
    assert cagey.Puzzle.parse(prompt) == killer


def test_a_record_keeps_the_answer_in_its_own_column(generated):
    row = generated.record()
    assert "solution" not in row["kk"] and "#" not in row["kk"]
    assert row["solution"] == generated.solution
    assert row["seed"] == generated.seed == "3/0"
    assert cagey.Puzzle.parse(row["kk"]) == generated

