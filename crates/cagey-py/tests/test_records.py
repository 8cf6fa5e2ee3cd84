"""Dataset rows in bulk (issue #47): `cagey.records` builds in parallel exactly the rows
`p.record()` builds one by one, with or without the explanation, with whole or compact
steps; a compact explanation replays from the empty grid to the solution; errors name the
puzzle; Ctrl-C stops it."""

import json
import re
import threading

import pytest

import cagey
from conftest import CORPORA, KK0
from test_interrupt import FELT_WITHIN, interrupted


@pytest.fixture(scope="module")
def puzzles():
    """Generated KenKen of two sizes, a Killer Sudoku and a Killer Jigsaw from the corpus,
    and the essay's kk0: every kind a row is made of."""
    made = list(cagey.generate(size=6, difficulty="hard", count=4, seed=3))
    made += list(cagey.generate(size=9, count=2, seed=4))
    killers = cagey.read(CORPORA / "killer-and-jigsaw.kk")
    kinds = {}
    for p in killers:
        kinds.setdefault(p.kind, p)
    return made + list(kinds.values()) + [cagey.Puzzle.parse(KK0)]


@pytest.mark.parametrize("explain,steps", [(True, "full"), (False, "full"), (True, "compact")])
def test_records_are_the_rows_record_builds(puzzles, explain, steps):
    one_by_one = [p.record(explain=explain, steps=steps) for p in puzzles]
    for jobs in (1, 2):
        rows = cagey.records(puzzles, jobs=jobs, explain=explain, steps=steps)
        assert rows == one_by_one
        # The same fields in the same order, as JSON writes them.
        assert [json.dumps(r) for r in rows] == [json.dumps(r) for r in one_by_one]


def test_a_row_without_explanation_has_no_steps_and_the_same_grade(puzzles):
    for p in puzzles:
        bare, full = p.record(explain=False), p.record()
        assert bare["steps"] is None
        assert {**full, "steps": None} == bare
        g = p.grade()
        assert (bare["level"], bare["score"]) == (g.level, g.score)


def test_a_rows_whole_steps_are_the_explanations(puzzles):
    for p in puzzles[:3]:
        row = p.record()
        assert row["steps"] == [s.to_dict() for s in p.explain()]
        assert list(row) == ["prompt", "kk", "json", "size", "kind", "solution", "level",
                             "score", "seed", "steps"]
        assert list(row["steps"][0]) == list(p.explain()[0].to_dict())


#: A compact step, as docs/python.md writes it: the rule, `: `, then placements
#: `rRcC=D` and eliminations `rRcC-D,D`, each after a space.
TOKEN = re.compile(r"r(\d+)c(\d+)([=-])(\d+(?:,\d+)*)")


def read_compact(line):
    """The rule, placements and eliminations of a compact step, `(row, col, digit)` from 0
    for row and column: written here from the documentation alone."""
    rule, _, effects = line.partition(":")
    placed, eliminated = [], []
    for token in effects.split():
        m = TOKEN.fullmatch(token)
        assert m, f"{token!r} of {line!r} is no token"
        row, col = int(m[1]) - 1, int(m[2]) - 1
        digits = [int(d) for d in m[4].split(",")]
        (placed if m[3] == "=" else eliminated).extend([row, col, d] for d in digits)
    return rule, placed, eliminated


def test_compact_steps_replay_from_the_empty_grid_to_the_solution(puzzles):
    for p in puzzles:
        row = p.record(steps="compact")
        n = p.size
        cells = [[set(range(1, n + 1)) for _ in range(n)] for _ in range(n)]
        for line in row["steps"]:
            _, placed, eliminated = read_compact(line)
            for r, c, d in eliminated:
                assert d in cells[r][c], f"{line!r} removes {d} from r{r + 1}c{c + 1}, not there"
                cells[r][c].discard(d)
            for r, c, d in placed:
                assert d in cells[r][c], f"{line!r} places {d} in r{r + 1}c{c + 1}, not there"
                cells[r][c] = {d}
        assert [[min(s) for s in row_] for row_ in cells] == row["solution"]
        assert all(len(s) == 1 for row_ in cells for s in row_)


def test_a_compact_step_says_what_the_whole_step_does(puzzles):
    for p in puzzles[:4]:
        full, compact = p.record()["steps"], p.record(steps="compact")["steps"]
        assert len(full) == len(compact)
        for whole, line in zip(full, compact):
            rule, placed, eliminated = read_compact(line)
            assert rule == whole["rule"]
            assert placed == whole["placed"]
            assert eliminated == whole["eliminated"]
        # A tenth of the bytes, or less.
        assert len(json.dumps(compact)) * 10 < len(json.dumps(full))


def test_records_take_texts_and_keep_a_generated_puzzles_seed():
    p = next(cagey.generate(size=4, count=1, seed=8))
    rows = cagey.records([p, KK0], jobs=2, explain=False)
    assert rows[0]["seed"] == p.seed == "8/0"
    assert rows[1]["seed"] is None
    assert rows[1]["solution"] == cagey.Puzzle.parse(KK0).solve().grid
    assert cagey.records([], jobs=2) == []


def test_a_puzzle_without_one_solution_is_named_by_its_number():
    several = "6+,0 1 2 3\n"
    with pytest.raises(cagey.SolutionError, match=r"^puzzle 2: it has more than one") as e:
        cagey.records([KK0, several, KK0], jobs=2)
    assert e.value.verdict == "several"
    with pytest.raises(cagey.SolutionError) as alone:
        cagey.Puzzle.parse(several).record()
    assert str(e.value) == f"puzzle 2: {alone.value}"


def test_bad_arguments_say_what_is_wrong(kk0):
    with pytest.raises(ValueError, match="choose full .* or compact"):
        cagey.records([kk0], steps="short")
    with pytest.raises(ValueError, match="choose full .* or compact"):
        kk0.record(steps="short")
    with pytest.raises(ValueError, match="jobs must be 0 or more"):
        cagey.records([kk0], jobs=-1)
    with pytest.raises(ValueError, match="records takes Puzzles"):
        cagey.records([1])


def test_ctrl_c_stops_records():
    hard = cagey.read(CORPORA / "random" / "hard-9x9-big-cages.kk")
    many = hard * (2000 // len(hard) + 1)
    took = interrupted(lambda: cagey.records(many, jobs=2), after=0.2)
    print(f"records interrupted {took * 1000:.1f} ms after SIGINT")
    assert took < FELT_WITHIN


def test_records_release_the_gil():
    """Another Python thread runs while records works (a second or so on two of these)."""
    hard = cagey.read(CORPORA / "random" / "hard-9x9-big-cages.kk")[:2]
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            stop.wait(0.001)

    thread = threading.Thread(target=tick)
    thread.start()
    try:
        cagey.records(hard, jobs=1)
    finally:
        stop.set()
        thread.join()
    assert len(ticks) > 5
