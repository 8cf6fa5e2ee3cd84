"""A Gymnasium environment of cage puzzles, rewarded move by move by cagey's step check.

Needs the ``gym`` extra (``pip install "cagey-puzzles[gym]"``, which brings ``gymnasium``).

    from cagey.gym import CageyEnv

    env = CageyEnv(size=4, difficulty="easy")          # puzzles from the generator
    env = CageyEnv(puzzles=[p1, p2], observation="text")   # or from a list
    obs, info = env.reset(seed=7)
    obs, reward, terminated, truncated, info = env.step((0, 0, 2, 3))  # place 4 in r1c3

An action is ``(kind, row, col, digit)``, all from 0: kind 0 places ``digit + 1`` in the
cell, 1 erases the cell's digit (the digit is ignored), 2 eliminates candidate
``digit + 1`` from the cell (a pencil mark crossing it out). Each move is judged by
``Puzzle.judge`` on the board as it stands, and its reward is the judgement's: 1.0 when it
follows from the board by the rules, 0.0 when it only agrees with the solution (a right
guess), -1.0 when it is wrong. A move the board cannot take (over a given or a placed
digit, erasing an empty cell, crossing out a candidate already gone) earns ``invalid_reward``
and changes nothing. A judged move is made on the board whatever its verdict, as a player
makes it: a wrong digit stays until erased, and while it stays nothing follows from the
board (right moves are then only consistent). Erasing a wrong digit is consistent (0.0),
erasing a right one wrong (-1.0), so that placing and erasing never earns in a loop; a
cell's pencil marks outlive a digit placed and erased over them, for the same reason.

When the board is the solution the episode ends (``terminated``) with ``solve_bonus`` added;
after ``max_steps`` moves it is ``truncated``.

The observation, chosen at construction: ``"arrays"`` (the default), a dict of ``grid``
(the digits, 0 for empty), ``candidates`` (``candidates[r, c, d]`` is 1 while digit
``d + 1`` is not crossed out of cell ``(r, c)``), ``cage`` (each cell's cage, numbered from
1; 0 for a cell in no cage), ``target`` (its cage's target) and ``operation`` (its cage's
operation: 0 none, 1 +, 2 −, 3 ×, 4 ÷, 5 given, 6 hidden); or ``"text"``, the puzzle's
prompt (``Puzzle.prompt()``) followed by the board.

``info`` carries the judgement: ``verdict``, ``rule``, ``level``, ``reason`` (or ``error``
for a move the board cannot take), and ``puzzle``, the puzzle of the episode.
"""

import string
from typing import Any, Dict, List, Optional, Sequence, Tuple

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
except ImportError as error:  # pragma: no cover - the message is what matters
    raise ImportError(
        'cagey.gym needs gymnasium: pip install "cagey-puzzles[gym]"'
    ) from error

from ._cagey import Puzzle, generate

__all__ = ["CageyEnv", "ACTIONS", "OPERATIONS"]

#: The action kinds, by their number in an action's first place.
ACTIONS = ("place", "erase", "eliminate")

#: The operation codes of the ``operation`` array, by the library's operation names.
OPERATIONS = {
    "addition": 1,
    "subtraction": 2,
    "multiplication": 3,
    "division": 4,
    "given": 5,
    "hidden operation": 6,
}

# What a text observation may hold: printable ASCII and the signs prompts print.
_CHARSET = frozenset(string.printable) | frozenset("×−÷")

# The largest target a cage can have fits an int64: a product of at most 81 digits of 9 or
# less is far below it for the cages the library allows (the library bounds cage size).
_TARGET_MAX = np.iinfo(np.int64).max


class CageyEnv(gymnasium.Env):
    """A cage puzzle to solve move by move; see the module's documentation."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        puzzles: Optional[Sequence[Puzzle]] = None,
        *,
        size: int = 4,
        kind: str = "kenken",
        difficulty: str = "easy",
        observation: str = "arrays",
        max_steps: Optional[int] = None,
        solve_bonus: float = 10.0,
        invalid_reward: float = -1.0,
        max_level: str = "unreasonable",
        time_limit: Optional[float] = 10.0,
        render_mode: Optional[str] = None,
    ) -> None:
        """Puzzles from ``puzzles`` (drawn at random at each reset), or else made by
        ``cagey.generate(size=size, kind=kind, difficulty=difficulty)`` with a seed drawn
        from the environment's random generator. Every puzzle of a list must have one size.
        ``observation`` is "arrays" or "text"; ``max_steps`` defaults to four moves a
        cell; ``max_level`` and ``time_limit`` go to ``Puzzle.judge``."""
        if observation not in ("arrays", "text"):
            raise ValueError('observation must be "arrays" or "text"')
        if render_mode not in (None, "ansi"):
            raise ValueError('render_mode must be None or "ansi"')
        self._puzzles: Optional[List[Puzzle]] = None
        if puzzles is not None:
            self._puzzles = list(puzzles)
            if not self._puzzles:
                raise ValueError("puzzles is empty: give at least one, or none to generate")
            sizes = {p.size for p in self._puzzles}
            if len(sizes) != 1:
                raise ValueError(
                    f"the puzzles have sizes {sorted(sizes)}: an environment has one size"
                )
            size = sizes.pop()
        self.size = n = int(size)
        self.kind = kind
        self.difficulty = difficulty
        self.observation = observation
        self.max_steps = int(max_steps) if max_steps is not None else 4 * n * n
        self.solve_bonus = float(solve_bonus)
        self.invalid_reward = float(invalid_reward)
        self.max_level = max_level
        self.time_limit = time_limit
        self.render_mode = render_mode
        self.action_space = spaces.MultiDiscrete([len(ACTIONS), n, n, n])
        if observation == "arrays":
            self.observation_space = spaces.Dict(
                {
                    "grid": spaces.Box(0, n, (n, n), np.int64),
                    "candidates": spaces.MultiBinary([n, n, n]),
                    "cage": spaces.Box(0, n * n, (n, n), np.int64),
                    "target": spaces.Box(0, _TARGET_MAX, (n, n), np.int64),
                    "operation": spaces.Box(0, max(OPERATIONS.values()), (n, n), np.int64),
                }
            )
        else:
            self.observation_space = spaces.Text(
                max_length=4000 + 200 * n * n, charset=_CHARSET
            )
        self.puzzle: Optional[Puzzle] = None
        self._grid = np.zeros((n, n), np.int64)
        self._candidates = np.ones((n, n, n), np.int8)
        self._steps = 0

    # The board as the step check reads it: a digit, or a cell's candidates where some
    # were crossed out, or 0.
    def board(self) -> List[List[Any]]:
        """The board as ``Puzzle.judge`` takes it."""
        n = self.size
        rows: List[List[Any]] = []
        for r in range(n):
            row: List[Any] = []
            for c in range(n):
                if self._grid[r, c]:
                    row.append(int(self._grid[r, c]))
                elif self._candidates[r, c].all():
                    row.append(0)
                else:
                    row.append([d + 1 for d in range(n) if self._candidates[r, c, d]])
            rows.append(row)
        return rows

    def _draw(self) -> Puzzle:
        if self._puzzles is not None:
            return self._puzzles[int(self.np_random.integers(len(self._puzzles)))]
        seed = int(self.np_random.integers(0, 2**63 - 1))
        return next(
            iter(
                generate(
                    size=self.size,
                    difficulty=self.difficulty,
                    kind=self.kind,
                    count=1,
                    seed=seed,
                    jobs=1,
                )
            )
        )

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Any, Dict[str, Any]]:
        """A new puzzle and an empty board. ``options={"puzzle": p}`` plays ``p``."""
        super().reset(seed=seed)
        puzzle = (options or {}).get("puzzle")
        if puzzle is not None and puzzle.size != self.size:
            raise ValueError(f"the puzzle is {puzzle.size}x{puzzle.size}, the environment {self.size}x{self.size}")
        self.puzzle = puzzle if puzzle is not None else self._draw()
        self._grid = np.zeros((self.size, self.size), np.int64)
        self._candidates = np.ones((self.size, self.size, self.size), np.int8)
        self._steps = 0
        return self._observe(), {"puzzle": self.puzzle}

    def step(self, action: Any) -> Tuple[Any, float, bool, bool, Dict[str, Any]]:
        """Judges the move, makes it, and says how the board stands."""
        if self.puzzle is None:
            raise RuntimeError("call reset() before step()")
        kind, row, col, digit = (int(x) for x in action)
        if not 0 <= kind < len(ACTIONS):
            raise ValueError(f"action kind {kind} is not 0 (place), 1 (erase) or 2 (eliminate)")
        name = ACTIONS[kind]
        move = (name, row + 1, col + 1) if name == "erase" else (name, row + 1, col + 1, digit + 1)
        self._steps += 1
        info: Dict[str, Any] = {"puzzle": self.puzzle, "move": move}
        try:
            judged = self.puzzle.judge(
                self.board(), move, max_level=self.max_level, time_limit=self.time_limit
            )
        except ValueError as error:
            # A move the board cannot take: named, punished, and nothing changes.
            info.update(verdict="invalid", rule=None, level=None, error=str(error))
            reward = self.invalid_reward
        else:
            info.update(
                verdict=judged.verdict,
                rule=judged.rule,
                level=judged.level,
                reason=judged.reason,
            )
            reward = judged.reward
            if name == "place":
                self._grid[row, col] = digit + 1
            elif name == "erase":
                self._grid[row, col] = 0
            else:
                self._candidates[row, col, digit] = 0
        terminated = bool(self._grid.all()) and self.puzzle.is_solution(self._grid.tolist())
        if terminated:
            reward += self.solve_bonus
        truncated = not terminated and self._steps >= self.max_steps
        return self._observe(), float(reward), terminated, truncated, info

    def _observe(self) -> Any:
        if self.observation == "text":
            text = self.puzzle.prompt() + "\n\n" + self._board_text()
            return "".join(ch if ch in _CHARSET else "?" for ch in text)
        n = self.size
        cage = np.zeros((n, n), np.int64)
        target = np.zeros((n, n), np.int64)
        operation = np.zeros((n, n), np.int64)
        for index, c in enumerate(self.puzzle.cages, start=1):
            for r, col in c.cells:
                cage[r, col] = index
                target[r, col] = min(c.target, _TARGET_MAX)
                operation[r, col] = OPERATIONS.get(c.operation, 0)
        return {
            "grid": self._grid.copy(),
            "candidates": self._candidates.copy(),
            "cage": cage,
            "target": target,
            "operation": operation,
        }

    def _board_text(self) -> str:
        n = self.size
        lines = ["The board (. for an empty cell):"]
        for r in range(n):
            lines.append(" ".join(str(d) if d else "." for d in self._grid[r]))
        marks = []
        for r in range(n):
            for c in range(n):
                if not self._grid[r, c] and not self._candidates[r, c].all():
                    left = " ".join(str(d + 1) for d in range(n) if self._candidates[r, c, d])
                    marks.append(f"r{r + 1}c{c + 1}: {left}")
        if marks:
            lines.append("Candidates left where some are crossed out:")
            lines.extend(marks)
        return "\n".join(lines)

    def render(self) -> Optional[str]:
        """The board as text (render_mode "ansi")."""
        if self.render_mode == "ansi" and self.puzzle is not None:
            return self._board_text()
        return None


gymnasium.register(id="cagey/Cagey-v0", entry_point="cagey.gym:CageyEnv")
