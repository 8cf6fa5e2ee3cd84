"""The API of the issue, on every kind and format: parse, read, to, solve, count, check,
grade, explain, hint, pictures, records, PDF, errors and limits."""

import json
import pickle

import pytest

import cagey
from conftest import CORPORA, KK0, KK0_SOLUTION


def test_parse_describes_the_puzzle(kk0):
    assert kk0.size == 4
    assert kk0.kind == "KenKen"
    assert kk0.format == "kk"
    first = kk0.cages[1]
    assert (first.label, first.operation, first.sign, first.target) == ("11+", "addition", "+", 11)
    assert first.cells == [(0, 1), (0, 2), (1, 1), (1, 2)]
    assert kk0.cages[0].operation == "given"
    assert repr(kk0) == "<cagey.Puzzle 4x4 KenKen, 7 cages>"


#: A puzzle each format can hold: KenKen for most, Killer Sudoku for the killer strings
#: and Solo, a product-only KenKen (puzz.link's own test link) for Rooms of Factors.
SAMPLES = ["kk0", "killer", "https://puzz.link/p?factors/5/5/rvvcm9jf54653-28ca2833-14"]


@pytest.mark.parametrize("fmt", cagey.formats())
def test_every_format_writes_and_reads_back_or_says_what_it_cannot_hold(fmt):
    written = 0
    for sample in SAMPLES:
        p = cagey.Puzzle.parse(sample) if "/" in sample else cagey.Puzzle.example(sample)
        try:
            text = p.to(fmt)
        except ValueError as error:
            assert str(error).startswith(f"cannot write this puzzle as {fmt}: "), error
            continue
        assert cagey.Puzzle.parse(text, format=fmt) == p
        # Detected, too.
        assert cagey.Puzzle.parse(text) == p
        written += 1
    # Penpa+ links are read, never written.
    assert written > 0 or fmt == "penpa"


def test_formats_are_the_librarys():
    assert cagey.formats()[:6] == ["kk", "a1", "sudokuwiki", "keen", "json", "grid"]


def test_read_a_file_and_parse_all():
    puzzles = cagey.read(CORPORA / "keen" / "keen_4de.kk")
    assert len(puzzles) > 10
    assert all(p.size == 4 for p in puzzles)
    assert puzzles[0].solution is not None
    text = (CORPORA / "sudokuwiki-strings.txt").read_text()
    assert len(cagey.parse_all(text)) == len(cagey.read(CORPORA / "sudokuwiki-strings.txt"))


def test_solve_says_unique_several_none_and_gave_up(kk0):
    r = kk0.solve()
    assert r.verdict == "unique" and r.grid == KK0_SOLUTION and r.message == "unique solution"
    assert bool(r)
    several = cagey.read(CORPORA / "random" / "several-5x5.kk")[0]
    assert several.solve().verdict == "several"
    assert len(several.solve().solutions) == 2
    none = cagey.read(CORPORA / "random" / "none-6x6.kk")[0]
    assert none.solve().verdict == "none" and none.solve().grid is None
    hard = cagey.read(CORPORA / "random" / "hard-9x9-big-cages.kk")[0]
    assert hard.solve(threads=2).grid == hard.solve().grid
    gave_up = hard.solve(max_nodes=1)
    assert gave_up.verdict == "gave_up"
    assert gave_up.message.startswith("gave up: the node budget of 1 ran out")
    assert json.dumps(r.to_dict())


def test_solve_with_every_method(kk0):
    for method in cagey.methods():
        assert kk0.solve(method=method).grid == KK0_SOLUTION
    with pytest.raises(ValueError, match="no method called"):
        kk0.solve(method="guesswork")


def test_count_is_exact_or_a_lower_bound(kk0):
    c = kk0.count()
    assert (c.count, c.exact, int(c), str(c)) == (1, True, 1, "1")
    several = cagey.read(CORPORA / "random" / "several-5x5.kk")[0]
    meta = dict(c.split("=", 1) for c in several.comments if "=" in c)
    full = several.count()
    assert full.exact and full.count == int(meta["solutions"])
    capped = several.count(limit=2)
    assert (capped.count, capped.exact, capped.end) == (2, False, "limit")
    assert str(capped) == "at least 2 (stopped at the limit of 2)"


def test_check_names_broken_rules_as_the_command(kk0):
    solved = kk0.check(KK0_SOLUTION)
    assert solved.solved and len(solved) == 0 and not solved and list(solved) == []
    assert solved.to_dict() == {"solved": True, "violations": []}
    wrong = [row[:] for row in KK0_SOLUTION]
    wrong[3][3] = 1
    check = kk0.check(wrong)
    assert not check.solved
    assert [str(v) for v in check] == [
        "row 4 holds 1 twice: r4c3 and r4c4",
        "column 4 holds 1 twice: r2c4 and r4c4",
        "cage 2÷ at r4c3: its digits 1 1 do not make 2÷",
    ]
    assert check[-1].rule == "cage" and check[-1].cells == [(3, 2), (3, 3)]
    assert kk0.check("1243\n4321\n2134\n3412\n").solved
    with pytest.raises(ValueError):
        kk0.check([[1, 2]])


def test_check_puts_broken_rules_before_empty_cells(kk0):
    """Regression (#42): `/api/check` answered `r2c1 is empty` for two 3s in row 1 and the
    rest empty; Python's check named the rule but not its cells, nor the empty cells."""
    check = kk0.check([[1, 3, 3, 2], [0] * 4, [0] * 4, [0] * 4])
    assert not check.solved and len(check) == 2
    first, empty = check
    assert (first.rule, first.cells, first.message) == (
        "row",
        [(0, 1), (0, 2)],
        "row 1 holds 3 twice: r1c2 and r1c3",
    )
    assert empty.rule == "empty"
    assert empty.cells == [(r, c) for r in range(1, 4) for c in range(4)]
    assert empty.message.startswith("12 cells are empty: r2c1, r2c2, ")
    assert empty.message.endswith(", r4c3 and r4c4")
    # The record is the server's: the same dict /api/check answers.
    assert check.to_dict() == {
        "solved": False,
        "violations": [
            {"rule": "row", "cells": [[0, 1], [0, 2]], "message": first.message},
            {"rule": "empty", "cells": [list(c) for c in empty.cells], "message": empty.message},
        ],
    }


def test_check_lists_every_broken_rule_with_its_cells_counted_in_words(kk0):
    """Regression (#42): four 1s in a row read `row 2 holds 1 twice (r2c1 and r2c2 and r2c3
    and r2c4)`."""
    check = kk0.check([[2, 1, 4, 3], [1, 1, 1, 1], [2, 3, 3, 4], [3, 4, 1, 2]])
    assert [(v.rule, v.cells, v.message) for v in check] == [
        ("row", [(1, 0), (1, 1), (1, 2), (1, 3)], "row 2 holds 1 four times: r2c1, r2c2, r2c3 and r2c4"),
        ("row", [(2, 1), (2, 2)], "row 3 holds 3 twice: r3c2 and r3c3"),
        ("column", [(0, 0), (2, 0)], "column 1 holds 2 twice: r1c1 and r3c1"),
        ("column", [(0, 1), (1, 1)], "column 2 holds 1 twice: r1c2 and r2c2"),
        ("column", [(1, 2), (3, 2)], "column 3 holds 1 twice: r2c3 and r4c3"),
        ("cage", [(0, 0)], "cage 1 at r1c1: its digits 2 do not make 1"),
        ("cage", [(0, 1), (0, 2), (1, 1), (1, 2)], "cage 11+ at r1c2: its digits 1 4 1 1 do not make 11+"),
        ("cage", [(1, 0), (2, 0), (2, 1)], "cage 8× at r2c1: its digits 1 2 3 do not make 8×"),
    ]
    assert repr(check) == "<cagey.Check 8 violations>"


def test_grade_explain_and_hint(kk0):
    g = kk0.grade()
    assert g.level in cagey.levels() and g.score > 0
    assert str(g) == f"{g.level} {g.score}"
    assert json.dumps(g.to_dict())
    e = kk0.explain()
    assert e.verdict == "solved" and len(e) == g.steps
    placed = {(r, c): d for step in e for (r, c, d) in step.placed}
    assert [[placed[(r, c)] for c in range(4)] for r in range(4)] == KK0_SOLUTION
    step = e[0]
    assert step.rule and step.level in cagey.levels() and step.text
    d = step.to_dict()
    assert set(d) >= {"rule", "level", "text", "placed", "eliminated", "cells", "hints"}
    assert json.loads(json.dumps(e.to_dict()))["steps"][0] == json.loads(json.dumps(d))
    h = kk0.hint()
    assert h.kind == "step" and h.text == e[0].hints[0]
    assert kk0.hint(level=3).text == e[0].hints[2]
    assert kk0.hint(progress=KK0_SOLUTION).kind == "solved"
    wrong = [[0] * 4 for _ in range(4)]
    wrong[0][1] = 3
    mistakes = kk0.hint(progress=wrong)
    assert mistakes.kind == "mistakes" and mistakes.cells == [(0, 1)]
    assert mistakes.text.startswith("mistake: ")


def test_killer_kinds(killers):
    kinds = {p.kind for p in killers}
    assert "Killer Sudoku" in kinds
    for p in killers:
        r = p.solve()
        assert r.verdict == "unique" and r.grid == p.solution
        assert p.check(r.grid).solved


def test_pictures(kk0):
    svg = kk0.svg()
    assert svg.startswith("<?xml") and "<svg" in svg
    assert kk0._repr_svg_() == svg
    assert kk0.svg(solution=True) != svg
    png = kk0.png(size=200)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    several = cagey.read(CORPORA / "random" / "several-5x5.kk")[0]
    with pytest.raises(cagey.SolutionError) as caught:
        several.svg(solution=True)
    assert caught.value.verdict == "several"


def test_record_is_a_json_ready_dataset_row(kk0):
    row = kk0.record()
    assert set(row) == {
        "prompt", "kk", "json", "size", "kind", "solution", "level", "score", "seed", "steps"
    }
    assert row["solution"] == KK0_SOLUTION and row["kk"] == kk0.to("kk", comments=False)
    assert row["seed"] is None
    assert cagey.Puzzle.parse(row["json"]) == kk0
    assert json.loads(json.dumps(row)) == row


def test_print_pdf(tmp_path, kk0):
    puzzles = [kk0, cagey.Puzzle.example("kk1")]
    pdf = cagey.print_pdf(puzzles, per_page=2)
    assert pdf[:5] == b"%PDF-"
    path = tmp_path / "book.pdf"
    assert cagey.print_pdf(puzzles, path, answers=str(tmp_path / "key.pdf")) is None
    assert path.read_bytes()[:5] == b"%PDF-" and (tmp_path / "key.pdf").exists()
    with pytest.raises(ValueError, match="choose 1, 2, 4 or 6"):
        cagey.print_pdf(puzzles, per_page=3)
    with pytest.raises(ValueError, match="a bleed of 11 mm is out of range: choose 0 to 10 mm"):
        cagey.print_pdf(puzzles, bleed=11)
    with pytest.raises(ValueError, match='"b5": choose a4, a5, letter, 6x9'):
        cagey.print_pdf(puzzles, paper="b5")
    assert cagey.print_pdf(puzzles, paper="170x240", gutter=12, bleed=3, crop_marks=True)[:5] == b"%PDF-"
    with pytest.raises(ValueError, match="a gutter of 25 mm is out of range"):
        cagey.print_pdf(puzzles, gutter=25)
    with pytest.raises(ValueError, match="no puzzle to print"):
        cagey.print_pdf([])
    # The book's name, level words and numbers (#44) reach the library's booklet.
    assert cagey.print_pdf(puzzles, name="Mathdoku", level_names="stars", first_number=41, first_page=12)[:5] == b"%PDF-"
    with pytest.raises(ValueError, match="five names separated by commas"):
        cagey.print_pdf(puzzles, level_names="easy,hard")
    with pytest.raises(ValueError, match="a first puzzle number of 0 is out of range"):
        cagey.print_pdf(puzzles, first_number=0)
    # The front matter (#44): a title page, contents, the standard or the book's own rules.
    plain = cagey.print_pdf(puzzles, rules="none")
    book = cagey.print_pdf(puzzles, title="Book", subtitle="Sub", author="Me", contents=True)
    assert book.count(b"/Type /Page\n") == plain.count(b"/Type /Page\n") + 3
    rules = tmp_path / "rules.txt"
    rules.write_text("House rules\n\nFill the grid.\n")
    own = cagey.print_pdf(puzzles, rules=rules)
    assert own.count(b"/Type /Page\n") == plain.count(b"/Type /Page\n") + 1
    assert cagey.print_pdf(puzzles, rules="House rules\n\nFill the grid.\n") == own
    with pytest.raises(ValueError, match="an author goes on the title page, which needs a title"):
        cagey.print_pdf(puzzles, author="Me")
    with pytest.raises(OSError, match="cannot read the rules file"):
        cagey.print_pdf(puzzles, rules=tmp_path / "missing.txt")
    # PDF/X-4 (#44), dated as given: the same bytes twice; a plain booklet has no intent.
    x4 = cagey.print_pdf(puzzles, pdfx="4", created=1700000000)
    assert x4[:8] == b"%PDF-1.6" and x4.count(b"/S /GTS_PDFX") == 1
    assert b"(D:20231114221320Z)" in x4 and cagey.print_pdf(puzzles, pdfx="x-4", created=1700000000) == x4
    assert b"GTS_PDFX" not in plain
    with pytest.raises(ValueError, match="only PDF/X-4 is written"):
        cagey.print_pdf(puzzles, pdfx="3")
    # The puzzle is named by its place, and the error keeps its verdict.
    several = cagey.Puzzle.parse("3+,0 1\n3+,2 3\n")
    with pytest.raises(cagey.SolutionError, match="puzzle 3: it has more than one") as caught:
        cagey.print_pdf(puzzles + [several], answers="none")
    assert caught.value.verdict == "several"


def test_print_pdf_takes_per_page_as_a_cap_and_writes_nothing_on_a_refusal(tmp_path):
    # Four a page is a cap (#44): a 12x12 takes the two that fit, 4x4s the four asked for.
    big = list(cagey.generate(size=12, count=2, seed=3))
    small = list(cagey.generate(size=4, count=4, seed=3))
    pdf = cagey.print_pdf(big + small, per_page=4, rules="none", answers="none")
    assert pdf.count(b"/Type /Page\n") == 2
    path = tmp_path / "book.pdf"
    with pytest.raises(ValueError, match="a bleed of 11 mm is out of range"):
        cagey.print_pdf(big, path, bleed=11)
    assert list(tmp_path.iterdir()) == []


def test_format_errors_carry_line_and_column():
    with pytest.raises(cagey.FormatError) as caught:
        cagey.Puzzle.parse("3+,0 1\n3+,2 x\n", format="kk")
    error = caught.value
    assert isinstance(error, ValueError)
    assert str(error).startswith("kk format, line 2, column 6:")
    assert (error.line, error.column, error.format) == (2, 6, "kk")
    # The command's words for a text no format reads (`cagey solve -` says the same).
    with pytest.raises(cagey.FormatError, match='cage label "hello world" should be a number'):
        cagey.Puzzle.parse("hello world, this is no puzzle")
    with pytest.raises(ValueError, match='unknown format "yaml"; the formats are kk, a1'):
        cagey.Puzzle.parse(KK0, format="yaml")
    with pytest.raises(ValueError, match="holds 2 puzzles"):
        cagey.Puzzle.parse(KK0 + "\n" + KK0)


def test_read_names_the_file(tmp_path):
    path = tmp_path / "bad.kk"
    path.write_text(KK0 + "\n3+,0 1\n3+,2 x\n")
    with pytest.raises(cagey.FormatError) as caught:
        cagey.read(path)
    assert str(caught.value).startswith(f"{path}: ")
    assert caught.value.line is not None
    with pytest.raises(OSError):
        cagey.read(tmp_path / "missing.kk")


def test_limits():
    hard = cagey.read(CORPORA / "random" / "unique-9x9.kk")[0]
    with pytest.raises(cagey.LimitError, match="gave up"):
        hard.explain(time_limit=1e-9)
    with pytest.raises(ValueError, match="time_limit: a time limit is a number of seconds"):
        hard.solve(time_limit=-1)
    with pytest.raises(ValueError, match="not NaN"):
        hard.grade(time_limit=float("nan"))
    # Past a century is no limit, never an overflow: the solve simply runs.
    for huge in (1e19, 2e19, 1e300, float("inf")):
        assert hard.solve(time_limit=huge).verdict == "unique"
    none = cagey.read(CORPORA / "random" / "none-6x6.kk")[0]
    with pytest.raises(cagey.SolutionError) as caught:
        none.grade()
    assert caught.value.verdict == "none"
    assert str(caught.value) == "the puzzle has no solution"


def test_a_panic_becomes_an_exception():
    # pyo3's PanicException derives from BaseException, as a panic is a bug, not an input
    # error; the interpreter lives on.
    with pytest.raises(BaseException, match="a panic raised on purpose"):
        cagey._cagey._panic_for_test()
    assert cagey.Puzzle.parse(KK0).size == 4


def test_puzzles_pickle(kk0):
    generated = next(cagey.generate(size=4, seed=3))
    for p in (kk0, generated):
        q = pickle.loads(pickle.dumps(p))
        assert q == p and q.comments == p.comments and q.to("kk") == p.to("kk")


def test_help_reads_like_the_command():
    doc = cagey.generate.__doc__
    for flag in ("size", "difficulty", "count", "seed", "kind", "ops", "jobs", "time_limit"):
        assert f"  {flag} " in doc
    assert cagey.Puzzle.solve.__doc__ and cagey.Puzzle.__doc__


def test_every_public_name_has_a_docstring():
    for name in cagey.__all__:
        obj = getattr(cagey, name)
        assert obj.__doc__, name
        for attr, member in vars(obj).items() if isinstance(obj, type) else []:
            if not attr.startswith("_") and callable(member) or isinstance(member, property):
                assert getattr(member, "__doc__", None), f"{name}.{attr}"


def test_solve_many_keeps_input_order():
    puzzles = cagey.read(CORPORA / "keen" / "keen_5dh.kk")
    results = cagey.solve_many(puzzles, jobs=2)
    assert [r.grid for r in results] == [p.solution for p in puzzles]
    assert [r.verdict for r in cagey.solve_many([KK0, KK0], jobs=1)] == ["unique", "unique"]



def test_the_diagonal_rule_shows_and_is_kept():
    """Issue #45: a Killer X says so, and keeps the rule in the formats that state it."""
    import pathlib

    fixture = pathlib.Path(__file__).parents[2] / "cagey/tests/fixtures/killer-x.kk"
    x = cagey.Puzzle.parse(fixture.read_text())
    assert x.diagonals
    assert "with diagonals" in repr(x)
    assert x.to("long-killer").startswith("3x3:d:k:")
    assert cagey.Puzzle.parse(x.to("long-killer")).diagonals
    plain = cagey.Puzzle.parse(fixture.read_text().replace("# diagonals\n", ""))
    assert not plain.diagonals
