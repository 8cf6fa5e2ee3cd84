"""Generated puzzles: proved unique by solve, graded as they say, the same for a seed with
any jobs and any split of the indices."""

import pytest

import cagey


def test_generated_puzzles_are_unique_and_carry_their_solution():
    for p in cagey.generate(size=5, count=6, seed=11, jobs=2):
        r = p.solve()
        assert r.verdict == "unique"
        assert r.grid == p.solution
        assert p.level in cagey.levels() and p.score > 0
        assert p.seed.startswith("11/")
        assert p.to("kk").startswith(f"# seed={p.seed}\n# level={p.level}\n")


def test_difficulty_is_the_measured_grade():
    for p in cagey.generate(size=4, difficulty="normal", count=3, seed=5):
        assert p.level == "normal"
        g = p.grade()
        assert (g.level, g.score) == (p.level, p.score)


def test_the_default_level_is_normal_and_any_is_still_graded():
    for p in cagey.generate(size=5, count=3, seed=9):
        assert p.level == "normal"
    levels = {p.level for p in cagey.generate(size=5, count=6, seed=9, difficulty="any")}
    assert levels <= set(cagey.levels())


def test_the_big_style_makes_bigger_cages():
    def mean_cage(style):
        sizes = [
            len(c.cells)
            for p in cagey.generate(size=6, count=4, seed=3, style=style, difficulty="any")
            for c in p.cages
        ]
        return sum(sizes) / len(sizes)

    assert mean_cage("big") > mean_cage("keen")


def test_every_kind():
    for kind in cagey.kinds():
        p = next(cagey.generate(size=4, kind=kind, seed=2))
        assert p.solve().verdict == "unique", kind


def test_killer_x_is_made_under_the_diagonal_rule():
    for p in cagey.generate(kind="killer", size=6, count=2, seed=4, diagonals=True):
        assert p.diagonals
        assert p.solve().verdict == "unique"
        n = p.size
        grid = p.solution
        for line in ([grid[i][i] for i in range(n)], [grid[i][n - 1 - i] for i in range(n)]):
            assert sorted(line) == list(range(1, n + 1))
    assert not next(cagey.generate(kind="killer", size=6, seed=4)).diagonals


def test_a_seed_gives_the_same_puzzles_with_any_jobs_and_any_split():
    one = [p.to("kk") for p in cagey.generate(size=4, count=8, seed=7, jobs=1)]
    two = [p.to("kk") for p in cagey.generate(size=4, count=8, seed=7, jobs=2)]
    halves = [
        p.to("kk")
        for first in (0, 4)
        for p in cagey.generate(size=4, count=4, first=first, seed=7, jobs=2)
    ]
    assert one == two == halves


def test_settings_are_refused_in_the_commands_words():
    with pytest.raises(ValueError):
        cagey.generate(kind="sudoku")
    with pytest.raises(ValueError, match="score needs a difficulty other than any"):
        cagey.generate(difficulty="any", score=(1, 10))
    with pytest.raises(ValueError, match="big"):
        cagey.generate(style="tiny")
    with pytest.raises(ValueError):
        cagey.generate(ops="+^")
    gen = cagey.generate(size=4, count=5, seed=1, jobs=2)
    assert len(gen) == 5
    next(gen)
    assert len(gen) == 4
    del gen  # dropping the iterator cancels the work ahead
