"""cagey: cage puzzles (KenKen, Calcudoku, Killer Sudoku, ...) from Python.

Thin over the cagey Rust library, as the `cagey` command is: every function answers as
the matching subcommand does, in its words.

    import cagey

    p = cagey.Puzzle.parse(text)          # any format cagey reads, detected; format= to name one
    ps = cagey.read("puzzles.kk")         # every puzzle of a file
    p.size, p.kind, p.cages               # cages with label, operation, target, cells (row, col)
    p.to("keen")                          # every format cagey writes (cagey.formats())
    p.to("kk", comments=False)            # a prompt: no `# solution=` comment
    p.verify(reply)                       # "solved" | "wrong" (which cells) | "incomplete"
    p.fingerprint(); set(puzzles)         # the same under turns and mirrors: one of each
    r = p.solve(time_limit=5.0)           # r.verdict: "unique" | "several" | "none" | "gave_up"
    p.count(limit=1000)                   # number of solutions, exact or a lower bound
    c = p.check(grid)                     # c.solved; each broken rule, then the empty cells:
                                          # v.rule, v.cells, v.message (cagey check's words)
    g = p.grade()                         # g.level, g.score
    for step in p.explain(): ...          # step.rule, step.level, step.text, step.placed, ...
    p.hint(progress, level=1)             # as cagey hint
    j = p.judge(board, ("place", 2, 3, 5)) # the step check: j.verdict, j.rule, j.level, j.reward
                                          # (a Gymnasium environment: cagey.gym, the gym extra)
    p.svg(); p.png(size=600)              # pictures; a notebook shows a Puzzle as one
    cagey.solve_many(puzzles, jobs=0)     # every core, input order, the GIL released
    cagey.records(puzzles, jobs=0)        # dataset rows (p.record()) on every core
    cagey.generate(size=9, difficulty="hard", count=1000, seed=7)   # an iterator of puzzles
    cagey.generate(size=4, count=1000, seed=7, distinct=True, shard=(0, 2))  # no repeats
    cagey.print_pdf(puzzles, "book.pdf", per_page=4, answers="end")

Errors are exceptions with the command's messages: `FormatError` (a `ValueError` with
`line`, `column` and `format`), `LimitError` when a limit runs out, `SolutionError` (a
`ValueError`) when a puzzle without exactly one solution is asked for what needs one.
Long calls stop on Ctrl-C (`KeyboardInterrupt`); every result pickles. The whole API, with a notebook-style example: docs/python.md in the repository.
"""

from ._cagey import (
    __version__,
    Cage,
    Check,
    Count,
    Explanation,
    FormatError,
    Generator,
    Grade,
    Hint,
    Judgement,
    LimitError,
    Puzzle,
    SolutionError,
    SolveResult,
    Step,
    Verification,
    Violation,
    _restore,
    _unpickle,
    examples,
    formats,
    generate,
    kinds,
    levels,
    methods,
    parse_all,
    parse_answer,
    print_pdf,
    read,
    records,
    solve_many,
)

__all__ = [
    "__version__",
    "Cage",
    "Check",
    "Count",
    "Explanation",
    "FormatError",
    "Generator",
    "Grade",
    "Hint",
    "Judgement",
    "LimitError",
    "Puzzle",
    "SolutionError",
    "SolveResult",
    "Step",
    "Verification",
    "Violation",
    "examples",
    "formats",
    "generate",
    "kinds",
    "levels",
    "methods",
    "parse_all",
    "parse_answer",
    "print_pdf",
    "read",
    "records",
    "solve_many",
]
