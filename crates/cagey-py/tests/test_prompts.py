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


SOLUTION = [[1, 2, 4, 3], [4, 3, 2, 1], [2, 1, 3, 4], [3, 4, 1, 2]]


def test_verify_says_solved_wrong_or_incomplete(kk0):
    assert kk0.verify(SOLUTION).verdict == "solved"
    assert kk0.verify(SOLUTION) and kk0.verify(SOLUTION).message == "solved"
    empty = kk0.verify([[0] * 4] * 4)
    assert (empty.verdict, len(empty.empty), empty.wrong) == ("incomplete", 16, [])
    assert not empty
    # Legal so far (check() finds no broken rule, only empty cells), but r1c2 and r1c3
    # are not the solution's.
    partial = [[1, 4, 2, 0], [0] * 4, [0] * 4, [0] * 4]
    assert [v.rule for v in kk0.check(partial)] == ["empty"]
    verdict = kk0.verify(partial)
    assert verdict.verdict == "wrong" and not verdict.solved
    assert verdict.wrong == [(0, 1), (0, 2)]
    assert verdict.message == "2 cells are wrong: r1c2 and r1c3; 13 cells are empty"
    assert verdict.to_dict() == {
        "verdict": "wrong",
        "wrong": [[0, 1], [0, 2]],
        "empty": [[r, c] for r in range(4) for c in range(4) if (r, c) not in
                  [(0, 0), (0, 1), (0, 2)]],
        "message": verdict.message,
    }
    nearly = [row[:] for row in SOLUTION]
    nearly[3][3] = 0
    assert kk0.verify(nearly).message == "incomplete: r4c4 is empty"


def test_is_solution_is_the_checker(kk0):
    assert kk0.is_solution(SOLUTION)
    assert not kk0.is_solution([[0] * 4] * 4)
    assert not kk0.is_solution([[1, 4, 2, 0], [0] * 4, [0] * 4, [0] * 4])


def test_verify_reads_a_models_reply(kk0):
    reply = (
        "Let me reason about the cages first. The 2÷ cage must hold 1 and 2.\n\n"
        "**Final answer:**\n\n"
        "| 1 | 2 | 4 | 3 |\n|---|---|---|---|\n| 4 | 3 | 2 | 1 |\n| 2 | 1 | 3 | 4 |\n"
        "| 3 | 4 | 1 | 2 |\n"
    )
    assert kk0.parse_answer(reply) == SOLUTION
    assert kk0.verify(reply).solved
    assert kk0.verify("[[1,2,4,3],[4,3,2,1],[2,1,3,4],[3,4,1,1]]").wrong == [(3, 3)]
    with pytest.raises(ValueError, match="no 4x4 grid in the answer"):
        kk0.verify("I cannot solve this puzzle.")


@pytest.mark.parametrize(
    "text",
    [
        "1243\n4321\n2134\n3412",
        "1 2 4 3\n4 3 2 1\n2 1 3 4\n3 4 1 2",
        "1,2,4,3\n4,3,2,1\n2,1,3,4\n3,4,1,2",
        "Row 1: 1 2 4 3\nRow 2: 4 3 2 1\nRow 3: 2 1 3 4\nRow 4: 3 4 1 2",
        "```\n1 2 4 3\n4 3 2 1\n2 1 3 4\n3 4 1 2\n```",
        "The answer is: 1243432121343412",
        "The grid is [[1, 2, 4, 3], [4, 3, 2, 1], [2, 1, 3, 4], [3, 4, 1, 2]].",
    ],
)
def test_parse_answer_reads_prose_tables_and_bare_digits(text):
    assert cagey.parse_answer(text, 4) == SOLUTION


def test_parse_answer_reads_letters_above_nine():
    rows = [" ".join("ABCDEFG"[d - 10] if d >= 10 else str(d)
                     for d in [(r + c) % 16 + 1 for c in range(16)]) for r in range(16)]
    grid = cagey.parse_answer("\n".join(rows), 16)
    assert grid[0] == list(range(1, 17))
    assert grid[1][-1] == 1


def test_a_generated_puzzle_verifies_its_own_solution(generated):
    assert generated.verify(generated.solution).solved


@pytest.mark.parametrize("name", ["kk0", "killer"])
def test_the_prompt_form_states_the_puzzle_and_reads_back_an_answer_in_its_form(name):
    puzzle = cagey.Puzzle.example(name)
    prompt = puzzle.prompt()
    n = puzzle.size
    assert prompt.startswith(f"Solve this {n}×{n} ")
    assert "r1c1" in prompt and "#" not in prompt and "solution" not in prompt
    assert "\nCages (" in prompt and "\n- " in prompt
    # An answer written as the prompt asks (one line a row, digits apart) is read and
    # verified as solved.
    grid = puzzle.solve().grid
    reply = "Here is my answer:\n" + "\n".join(" ".join(map(str, row)) for row in grid)
    assert puzzle.verify(puzzle.parse_answer(reply)).verdict == "solved"


def test_a_record_carries_the_prompt(generated):
    row = generated.record()
    assert row["prompt"] == generated.prompt()
    assert "solution" not in row["prompt"]
