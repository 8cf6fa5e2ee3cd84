"""Type stubs of the extension module `cagey._cagey` (re-exported by `cagey`)."""

from os import PathLike
from typing import Any, Iterable, Iterator, List, Optional, Sequence, Tuple, Union, overload

__version__: str
"""The package's version (the workspace's)."""

Grid = List[List[int]]
"""A grid of digits, row by row; 0 for an empty cell."""
GridArg = Union[Sequence[Sequence[int]], str]
"""A grid given to a method: rows of ints (0 for empty), or text of digits."""
Place = Tuple[int, int]
"""A cell, `(row, col)` from 0."""
BoardArg = Sequence[Sequence[Union[int, Sequence[int]]]]
"""A step check's board: rows of 0 (empty), a digit, or a cell's candidates as a list."""
MoveArg = Union[Tuple[str, int, int, int], Tuple[str, int, int]]
"""A step check's move: ("place" | "eliminate", row, col, digit) or ("erase", row, col), from 1."""
Mark = Tuple[int, int, int]
"""A digit at a cell, `(row, col, digit)`."""

class FormatError(ValueError):
    """A text that is not a puzzle of its format, with the command's message."""

    line: Optional[int]
    """The line of the error, from 1, when the format knows it."""
    column: Optional[int]
    """The column of the error, from 1, when the format knows it."""
    format: Optional[str]
    """The format that refused the text."""

class LimitError(RuntimeError):
    """A limit (time, steps, work) ran out before the answer was settled."""

class SolutionError(ValueError):
    """The puzzle does not have exactly one solution, and the call needs it to."""

    verdict: str
    """"none" or "several"."""

class Cage:
    """One cage of a puzzle."""

    label: str
    """The label as the kk format writes it: `11+`, `2%`, `3` for a given."""
    operation: str
    """addition, subtraction, multiplication, division, given or hidden operation."""
    sign: Optional[str]
    """The operation's sign (`+`, `−`, `×`, `÷`, `?`), `None` for a given."""
    target: int
    """The number the cage's digits make."""
    cells: List[Place]
    """The cells, `(row, col)` from 0."""

class Puzzle:
    """A cage puzzle in any format cagey reads; it never changes."""

    @classmethod
    def parse(cls, text: str, format: Optional[str] = None) -> "Puzzle":
        """Reads the one puzzle of `text`, its format detected or named."""
    @classmethod
    def example(cls, name: str) -> "Puzzle":
        """A built-in puzzle (see `cagey.examples()`)."""
    @property
    def size(self) -> int:
        """The side of the grid."""
    @property
    def kind(self) -> str:
        """KenKen, KenDoku, Killer Sudoku, ..."""
    @property
    def diagonals(self) -> bool:
        """Whether each long diagonal holds every digit once (the diagonal rule, Killer X)."""
    @property
    def cages(self) -> List[Cage]:
        """The cages, in the puzzle's order."""
    @property
    def format(self) -> Optional[str]:
        """The format it was read from; `None` for a generated puzzle."""
    @property
    def line(self) -> int:
        """The line its text starts on, from 1."""
    @property
    def comments(self) -> List[str]:
        """Its comment lines, without `#`."""
    @property
    def progress(self) -> Optional[Grid]:
        """The digits placed in the progress it carries, or `None`."""
    @property
    def solution(self) -> Optional[Grid]:
        """A generated puzzle's solution (its `# solution=` comment), or `None`."""
    @property
    def level(self) -> Optional[str]:
        """A generated puzzle's level (its `# level=` comment), or `None`."""
    @property
    def score(self) -> Optional[int]:
        """A generated puzzle's score (its `# score=` comment), or `None`."""
    @property
    def seed(self) -> Optional[str]:
        """A generated puzzle's `SEED/INDEX`, or `None`."""
    def to(self, format: str = "kk", comments: bool = True) -> str:
        """The puzzle written in `format`, as `cagey convert --to`; `comments=False`
        leaves the comments (a generated puzzle's `# solution=` among them) out."""
    def prompt(self) -> str:
        """The puzzle as text to solve from: the rules of its kind, boxes or regions,
        cages and givens by r1c1 cells, the answer form expected. No comments."""
    def solve(
        self,
        time_limit: Optional[float] = 60.0,
        method: str = "propagate",
        max_nodes: Optional[int] = None,
        threads: int = 1,
    ) -> "SolveResult":
        """Solves it and says whether the solution is unique."""
    def count(self, limit: int = 1000000, time_limit: Optional[float] = 60.0) -> "Count":
        """Counts its solutions up to `limit`."""
    def check(self, grid: GridArg) -> "Check":
        """Whether `grid` solves it: every rule it breaks, then its empty cells."""
    def is_solution(self, grid: GridArg) -> bool:
        """Whether `grid` is full and breaks no rule."""
    def verify(self, answer: GridArg) -> "Verification":
        """How `answer` (rows of ints, or a reply's text) stands against the solution."""
    def parse_answer(self, text: str) -> Grid:
        """The grid answer in a reply's text (see `cagey.parse_answer`)."""
    def grade(self, time_limit: Optional[float] = 10.0) -> "Grade":
        """Its level and score, as `cagey grade`."""
    def explain(
        self, progress: Optional[GridArg] = None, time_limit: Optional[float] = 10.0
    ) -> "Explanation":
        """The steps a person takes, as `cagey explain`."""
    def hint(
        self, progress: Optional[GridArg] = None, level: int = 1, time_limit: Optional[float] = 10.0
    ) -> "Hint":
        """The next step from `progress`, as `cagey hint --level`."""
    def judge(
        self,
        board: Optional[BoardArg],
        move: MoveArg,
        max_level: str = "unreasonable",
        time_limit: Optional[float] = 10.0,
    ) -> "Judgement":
        """The step check: whether `move` follows from `board` by the rules, only agrees
        with the solution, or is wrong; rows and columns from 1."""
    def svg(self, solution: bool = False, size: Optional[int] = None) -> str:
        """The puzzle drawn as SVG."""
    def png(self, size: Optional[int] = 600, solution: bool = False) -> bytes:
        """The puzzle drawn as PNG bytes."""
    def _repr_svg_(self) -> str:
        """The picture a notebook shows."""
    def record(
        self, time_limit: Optional[float] = 10.0, explain: bool = True, steps: str = "full"
    ) -> dict[str, Any]:
        """The dataset row: prompt, kk (without comments), json, size, kind, solution,
        level, score, seed, steps (None without explain; dicts, or lines for
        steps="compact")."""
    def fingerprint(self) -> str:
        """32 hex digits, the same under the square's 8 symmetries (and digit renaming
        where no cage does arithmetic); puzzles compare and hash by it."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class SolveResult:
    """What `solve` found."""

    @property
    def verdict(self) -> str:
        """"unique", "several", "none" or "gave_up"."""
    @property
    def grid(self) -> Optional[Grid]:
        """The (first) solution, or `None`."""
    @property
    def solutions(self) -> List[Grid]:
        """The solutions found, up to two."""
    @property
    def message(self) -> str:
        """The verdict as `cagey solve` words it."""
    @property
    def nodes(self) -> int:
        """Search nodes visited."""
    @property
    def guesses(self) -> int:
        """Digits tried without proof."""
    @property
    def seconds(self) -> float:
        """Wall-clock seconds of the search."""
    def __bool__(self) -> bool: ...
    def to_dict(self) -> dict[str, Any]:
        """The result as plain data."""
    def _repr_html_(self) -> str:
        """What a notebook shows."""

class Count:
    """How many solutions `count` found."""

    @property
    def count(self) -> int:
        """Solutions found."""
    @property
    def exact(self) -> bool:
        """True when `count` is the number of solutions, not a lower bound."""
    @property
    def end(self) -> str:
        """"exhausted", "limit" or "gave_up"."""
    def __int__(self) -> int: ...
    def to_dict(self) -> dict[str, Any]:
        """The count as plain data."""
    def _repr_html_(self) -> str:
        """What a notebook shows."""

class Violation:
    """One thing that keeps a grid from solving its puzzle: a broken rule, or the empty cells."""

    @property
    def rule(self) -> str:
        """"row", "column", "region", "given", "cage", "killer", "empty" or "size"."""
    @property
    def cells(self) -> List[Place]:
        """The cells that break it."""
    @property
    def message(self) -> str:
        """The sentence `cagey check` prints; `str()` of it too."""
    def to_dict(self) -> dict[str, Any]:
        """The violation as plain data: rule, cells, message."""
    def _repr_html_(self) -> str:
        """What a notebook shows."""

class Check(Sequence[Violation]):
    """A check of a grid, as `/api/check` answers: empty (and false) exactly when solved."""

    @property
    def solved(self) -> bool:
        """Whether the grid solves the puzzle: full, and breaking no rule."""
    @property
    def violations(self) -> List[Violation]:
        """Every broken rule (rows, columns, boxes or regions, givens, cages), then the empty cells."""
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int) -> Violation: ...
    @overload
    def __getitem__(self, index: slice) -> List[Violation]: ...
    def __iter__(self) -> Iterator[Violation]: ...
    def __reversed__(self) -> Iterator[Violation]: ...
    def _repr_html_(self) -> str: ...
    def to_dict(self) -> dict[str, Any]:
        """The check as plain data, as `/api/check` answers."""

class Grade:
    """A puzzle's grade."""

    @property
    def level(self) -> str:
        """easy, normal, hard, extreme or unreasonable."""
    @property
    def score(self) -> int:
        """The sum of the steps' weights."""
    @property
    def steps(self) -> int:
        """How many steps."""
    @property
    def rules(self) -> List[Tuple[str, int]]:
        """The rules used with their number of steps."""
    def to_dict(self) -> dict[str, Any]:
        """The grade as plain data."""
    def _repr_html_(self) -> str:
        """What a notebook shows."""

class Step:
    """One step of an explanation or hint."""

    @property
    def rule(self) -> str:
        """The rule's name."""
    @property
    def level(self) -> str:
        """The rule's level."""
    @property
    def weight(self) -> int:
        """What the step adds to the score."""
    @property
    def house(self) -> str:
        """Where the step looks."""
    @property
    def cells(self) -> List[Place]:
        """The cells that cause it."""
    @property
    def placed(self) -> List[Mark]:
        """The digits placed."""
    @property
    def eliminated(self) -> List[Mark]:
        """The candidates removed."""
    @property
    def text(self) -> str:
        """Why, in words."""
    @property
    def description(self) -> str:
        """The whole step in one sentence."""
    @property
    def hints(self) -> List[str]:
        """The step as three hints revealing more and more."""
    def to_dict(self) -> dict[str, Any]:
        """The step as plain data."""
    def _repr_html_(self) -> str:
        """What a notebook shows."""

class Explanation(Sequence[Step]):
    """The steps of an explanation and how it ended."""

    @property
    def steps(self) -> List[Step]:
        """The steps, in order."""
    @property
    def verdict(self) -> str:
        """"solved", "several", "none" or "gave_up"."""
    @property
    def message(self) -> str:
        """The ending in words."""
    @property
    def level(self) -> Optional[str]:
        """The hardest level of the steps."""
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int) -> Step: ...
    @overload
    def __getitem__(self, index: slice) -> List[Step]: ...
    def __iter__(self) -> Iterator[Step]: ...
    def __reversed__(self) -> Iterator[Step]: ...
    def _repr_html_(self) -> str: ...
    def to_dict(self) -> dict[str, Any]:
        """The explanation as plain data, as `/api/explain` answers."""

class Hint:
    """A hint, as `cagey hint`."""

    @property
    def kind(self) -> str:
        """"step", "mistakes", "solved" or "stuck"."""
    @property
    def text(self) -> str:
        """The command's words at the level asked."""
    @property
    def message(self) -> str:
        """The record's message."""
    @property
    def step(self) -> Optional[Step]:
        """The step, for a hint of kind "step"."""
    @property
    def cells(self) -> List[Place]:
        """The cells involved."""
    def to_dict(self) -> dict[str, Any]:
        """The hint as plain data."""
    def _repr_html_(self) -> str:
        """What a notebook shows."""

class Verification:
    """How an answer stands against the puzzle's one solution; true exactly when solved."""

    @property
    def verdict(self) -> str:
        """"solved", "wrong" or "incomplete"."""
    @property
    def solved(self) -> bool:
        """Whether the answer is the solution."""
    @property
    def wrong(self) -> List[Place]:
        """The filled cells that are not the solution's."""
    @property
    def empty(self) -> List[Place]:
        """The empty cells."""
    @property
    def message(self) -> str:
        """The verdict in words, cells named r1c1."""
    def __bool__(self) -> bool: ...
    def to_dict(self) -> dict[str, Any]:
        """The verification as plain data: verdict, wrong, empty, message."""
    def _repr_html_(self) -> str:
        """What a notebook shows."""

class Judgement:
    """A move judged by the step check; true exactly when it follows."""

    @property
    def verdict(self) -> str:
        """"follows", "consistent" or "wrong"."""
    @property
    def reward(self) -> float:
        """1.0, 0.0 or -1.0."""
    @property
    def rule(self) -> Optional[str]:
        """The rule of the step that derived a move that follows."""
    @property
    def level(self) -> Optional[str]:
        """The hardest level on the way, for a move that follows."""
    @property
    def reason(self) -> str:
        """Why, cells named r1c1."""
    @property
    def steps(self) -> int:
        """The engine's steps from the board to the move (0 unless it follows)."""
    @property
    def step(self) -> Optional[Step]:
        """The step that derived a move that follows."""
    @property
    def move(self) -> MoveArg:
        """The move, as `judge` takes it."""
    def __bool__(self) -> bool: ...
    def to_dict(self) -> dict[str, Any]:
        """The judgement as plain data (cells from 0, as every record)."""
    def _repr_html_(self) -> str:
        """What a notebook shows."""

class Generator(Iterator[Puzzle]):
    """The iterator `generate` returns; threads may share it, each puzzle handed out once."""

    def __iter__(self) -> "Generator": ...
    def __next__(self) -> Puzzle: ...
    def __len__(self) -> int: ...

def generate(
    size: Optional[int] = None,
    difficulty: Optional[str] = None,
    count: int = 1,
    seed: Optional[int] = None,
    kind: str = "kenken",
    ops: Optional[str] = None,
    first: int = 0,
    jobs: int = 0,
    time_limit: float = 60.0,
    hidden_ops: bool = False,
    multi_cell: bool = False,
    cage_size: Optional[str] = None,
    givens: int = 0,
    uncaged: int = 0,
    score: Optional[Tuple[int, int]] = None,
    style: str = "keen",
    distinct: bool = False,
    shard: Optional[Tuple[int, int]] = None,
    diagonals: bool = False,
) -> Generator:
    """New puzzles, each proved unique, as `cagey generate`; with distinct=True none
    repeats in the run, nor across the shards (i, n) of one seed."""

def solve_many(
    puzzles: Iterable[Union[Puzzle, str]],
    jobs: int = 0,
    time_limit: Optional[float] = 60.0,
    method: str = "propagate",
) -> List[SolveResult]:
    """Solves every puzzle on `jobs` threads, in input order."""

def records(
    puzzles: Iterable[Union[Puzzle, str]],
    jobs: int = 0,
    explain: bool = True,
    steps: str = "full",
    time_limit: Optional[float] = 10.0,
) -> List[dict[str, Any]]:
    """The dataset rows (each `p.record(...)`) of every puzzle, built on `jobs` threads
    with the GIL released, in input order."""

def print_pdf(
    puzzles: Iterable[Puzzle],
    path: Optional[Union[str, PathLike[str]]] = None,
    per_page: Optional[int] = None,
    answers: str = "end",
    paper: str = "a4",
    title: Optional[str] = None,
    grade: bool = False,
    bleed: float = 0.0,
    name: Optional[str] = None,
    level_names: str = "keen",
    first_number: Optional[int] = None,
    first_page: Optional[int] = None,
    gutter: float = 0.0,
    crop_marks: bool = False,
    subtitle: Optional[str] = None,
    author: Optional[str] = None,
    title_page: bool = True,
    rules: Optional[Union[str, PathLike[str]]] = None,
    contents: bool = False,
    pdfx: Optional[str] = None,
    created: Optional[int] = None,
) -> Optional[bytes]:
    """A PDF booklet, as `cagey print`; `pdfx="4"` writes PDF/X-4, dated `created`
    (seconds since 1970, UTC; default SOURCE_DATE_EPOCH if set, else now)."""

def read(path: Union[str, PathLike[str]], format: Optional[str] = None) -> List[Puzzle]:
    """Every puzzle of a file."""

def parse_all(text: str, format: Optional[str] = None) -> List[Puzzle]:
    """Every puzzle of a text."""

def parse_answer(text: str, size: int) -> Grid:
    """The grid answer of side `size` in a reply's text: prose, a markdown table, a list
    of lists or bare digits; the last grid in it."""

def formats() -> List[str]:
    """The format names."""

def methods() -> List[str]:
    """The solving methods."""

def examples() -> List[str]:
    """The built-in examples."""

def levels() -> List[str]:
    """The levels, easiest first."""

def kinds() -> List[str]:
    """The kinds `generate` makes."""

def _restore(json: str, comments: List[str], format: Optional[str] = None) -> Puzzle: ...
def _unpickle(kind: str, state: Any) -> Any: ...
def _panic_for_test() -> None: ...
