//! The step check: one move on a player's board (place a digit, erase a cell, eliminate a
//! candidate) judged against the rules and the solution. A move **follows** when the rules
//! derive it from the board (which rule, which level, the reason in the engine's words), is
//! merely **consistent** when it agrees with the solution but the rules do not reach it
//! within the limit (a lucky guess), and is **wrong** when no solution has it (with the
//! direct reason when there is one: a repeat in a house, a cage that cannot make its target).
//! A process reward for models that solve step by step, and the judge of the gym's moves.
//!
//! "Follows" is decided by running the engine from the board, cheapest rule first as
//! [`explain`](super::explain) does, until the move's fact is derived (the digit placed, or
//! the candidate gone): the hardest level on the way is the move's level, since cheapest
//! first with restarts exhausts every easier rule before a harder one is tried. When the
//! board notes no candidates for a cell, its candidates are what the rules derive; noted
//! candidates are taken as they are. A board that already contradicts the solution derives
//! nothing sound, so on it a right move is at most consistent.

use super::bridge::{from_progress, geometry, solutions, Solutions};
use super::engine::run;
use super::level::Level;
use super::limits::{LogicError, LogicLimits};
use super::rule::{Ctx, End};
use super::rules::ladder;
use super::state::{Geometry, State};
use super::step::{Found, Step};
use crate::budget::Budget;
use crate::model::{and_list, Cell, CellState, Grid, Progress, Puzzle};
use crate::solve::{self, Limits, Outcome};

use thiserror::Error;

/// Rule applications one step check may take by default before it calls a right move
/// consistent: a whole 9x9 explanation takes a few thousand (a few tens of thousands with
/// trial), so a move that any chain of rules reaches is found well inside it, and a check
/// stays in milliseconds.
pub const DEFAULT_JUDGE_WORK: u64 = 200_000;

/// Bounds on one step check: the engine's limits (its `max_work` decides how far "follows"
/// is looked for; the time limit bounds everything, the solver's proof included) and the
/// hardest level whose rules may derive the move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeLimits {
    /// The engine's limits. A derivation that runs past `max_work` or `max_steps` makes a
    /// right move consistent; past the time limit or cancelled, the check fails with
    /// [`LogicError::Limit`], so that a verdict never depends on the machine's speed.
    pub logic: LogicLimits,
    /// The hardest level allowed in a derivation: a move that needs harder rules is
    /// consistent. [`Level::Unreasonable`] (the default) allows trial.
    pub max_level: Level,
}

impl Default for JudgeLimits {
    fn default() -> JudgeLimits {
        JudgeLimits {
            logic: LogicLimits {
                max_work: DEFAULT_JUDGE_WORK,
                ..LogicLimits::default()
            },
            max_level: Level::Unreasonable,
        }
    }
}

/// One move on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Write `digit` in `cell`.
    Place {
        /// Where.
        cell: Cell,
        /// What.
        digit: u8,
    },
    /// Take the digit out of `cell`.
    Erase {
        /// Where.
        cell: Cell,
    },
    /// Cross `digit` out of `cell`'s candidates (a pencil mark).
    Eliminate {
        /// Where.
        cell: Cell,
        /// What.
        digit: u8,
    },
}

/// The actions a move names, as [`Move::parse`] reads them.
pub const MOVE_ACTIONS: [&str; 3] = ["place", "erase", "eliminate"];

impl Move {
    /// Reads a move as a person writes it: `action` one of [`MOVE_ACTIONS`], `row` and `col`
    /// counted from 1 (as `r1c1` names them), `digit` for `place` and `eliminate` (none for
    /// `erase`), on a grid of side `size`. Every bad part is named.
    pub fn parse(
        action: &str,
        row: i64,
        col: i64,
        digit: Option<i64>,
        size: usize,
    ) -> Result<Move, MoveError> {
        let n = size as i64;
        if !(1..=n).contains(&row) || !(1..=n).contains(&col) {
            return Err(MoveError::OffGrid { row, col, size });
        }
        let cell = Cell(((row - 1) * n + (col - 1)) as u16);
        let digit_of = |digit: Option<i64>| match digit {
            None => Err(MoveError::NoDigit {
                action: action.to_string(),
                cell: cell.name(size),
            }),
            Some(d) if (1..=n).contains(&d) => Ok(d as u8),
            Some(d) => Err(MoveError::Digit {
                cell: cell.name(size),
                digit: d,
                size,
            }),
        };
        match action {
            "place" => Ok(Move::Place {
                cell,
                digit: digit_of(digit)?,
            }),
            "eliminate" => Ok(Move::Eliminate {
                cell,
                digit: digit_of(digit)?,
            }),
            "erase" if digit.is_none() => Ok(Move::Erase { cell }),
            "erase" => Err(MoveError::EraseDigit {
                cell: cell.name(size),
            }),
            other => Err(MoveError::Action(other.to_string())),
        }
    }

    /// The cell the move is in.
    pub fn cell(self) -> Cell {
        match self {
            Move::Place { cell, .. } | Move::Erase { cell } | Move::Eliminate { cell, .. } => cell,
        }
    }

    /// The digit placed or eliminated (none for an erase).
    pub fn digit(self) -> Option<u8> {
        match self {
            Move::Place { digit, .. } | Move::Eliminate { digit, .. } => Some(digit),
            Move::Erase { .. } => None,
        }
    }

    /// The action's name: `place`, `erase` or `eliminate`.
    pub fn action(self) -> &'static str {
        match self {
            Move::Place { .. } => "place",
            Move::Erase { .. } => "erase",
            Move::Eliminate { .. } => "eliminate",
        }
    }

    /// In words: `place 5 in r3c4`, `erase r3c4`, `eliminate 5 from r3c4`.
    pub fn describe(self, size: usize) -> String {
        match self {
            Move::Place { cell, digit } => format!("place {digit} in {}", cell.name(size)),
            Move::Erase { cell } => format!("erase {}", cell.name(size)),
            Move::Eliminate { cell, digit } => {
                format!("eliminate {digit} from {}", cell.name(size))
            }
        }
    }
}

/// A move that cannot be judged: what is wrong with it, naming the cell.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Not one of [`MOVE_ACTIONS`].
    #[error("unknown move `{0}` (expected place, erase or eliminate)")]
    Action(String),
    /// The cell is not on the grid.
    #[error("r{row}c{col} is off the {size}x{size} grid (rows and columns count from 1)")]
    OffGrid {
        /// The row asked for, from 1.
        row: i64,
        /// The column asked for, from 1.
        col: i64,
        /// The grid's side.
        size: usize,
    },
    /// A place or eliminate without a digit.
    #[error("{action} in {cell} needs a digit")]
    NoDigit {
        /// The action.
        action: String,
        /// The cell, `r1c1`.
        cell: String,
    },
    /// An erase given a digit.
    #[error("erase {cell} takes no digit")]
    EraseDigit {
        /// The cell, `r1c1`.
        cell: String,
    },
    /// The digit is not in `1..=size`.
    #[error("digit {digit} for {cell} is outside 1..={size}")]
    Digit {
        /// The cell, `r1c1`.
        cell: String,
        /// The digit asked for.
        digit: i64,
        /// The grid's side.
        size: usize,
    },
    /// The cell's digit is given by the puzzle.
    #[error("{cell} is given as {digit}: a move cannot change it")]
    Given {
        /// The cell, `r1c1`.
        cell: String,
        /// The given digit.
        digit: u8,
    },
    /// A place in a cell that holds a digit.
    #[error("{cell} already holds {digit}: erase it first")]
    Occupied {
        /// The cell, `r1c1`.
        cell: String,
        /// The digit it holds.
        digit: u8,
    },
    /// An erase of a cell that holds no digit.
    #[error("{cell} holds no digit to erase")]
    Empty {
        /// The cell, `r1c1`.
        cell: String,
    },
    /// An elimination in a cell that holds a digit.
    #[error("{cell} holds {digit}: it has no candidates to eliminate")]
    Placed {
        /// The cell, `r1c1`.
        cell: String,
        /// The digit it holds.
        digit: u8,
    },
    /// An elimination of a candidate the board already crossed out.
    #[error("{digit} is already eliminated from {cell}")]
    Gone {
        /// The cell, `r1c1`.
        cell: String,
        /// The digit.
        digit: u8,
    },
}

/// Why a step check could not give a verdict.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum JudgeError {
    /// The move cannot be made on this board.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// The puzzle or the run: no solution, the board's size, the time limit.
    #[error(transparent)]
    Logic(#[from] LogicError),
}

/// What a move is, judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveVerdict {
    /// The rules derive it from the board.
    Follows,
    /// It agrees with a solution, but the rules do not derive it within the limit.
    Consistent,
    /// No solution extending the board has it.
    Wrong,
}

impl MoveVerdict {
    /// The name: `follows`, `consistent` or `wrong`.
    pub fn name(self) -> &'static str {
        match self {
            MoveVerdict::Follows => "follows",
            MoveVerdict::Consistent => "consistent",
            MoveVerdict::Wrong => "wrong",
        }
    }

    /// The process reward of the verdict: `1.0` for a move that follows, `0.0` for one that
    /// is only consistent, `-1.0` for a wrong one. A right guess earns nothing, so that
    /// guessing never pays on average (a guess among `k` candidates is right once in `k`,
    /// for 0, and wrong otherwise, for -1): only reasoning earns reward. The level is not
    /// in the reward; a trainer who wants easy steps worth less reads it beside.
    pub fn reward(self) -> f64 {
        match self {
            MoveVerdict::Follows => 1.0,
            MoveVerdict::Consistent => 0.0,
            MoveVerdict::Wrong => -1.0,
        }
    }
}

/// A judged move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The move.
    pub mv: Move,
    /// Follows, consistent or wrong.
    pub verdict: MoveVerdict,
    /// Why, in words, cells named `r1c1`: the deriving step's reason for a move that
    /// follows; what makes a wrong move wrong.
    pub reason: String,
    /// For a move that follows: the step that derived its fact.
    pub step: Option<Step>,
    /// For a move that follows: the hardest level of the steps taken from the board up to
    /// and with the deriving one.
    pub level: Option<Level>,
    /// For a move that follows: how many steps the engine took from the board, the
    /// deriving one included (1 when the move is the engine's own next step).
    pub steps: usize,
}

impl Judgement {
    /// For a move that follows: the rule of the step that derived it.
    pub fn rule(&self) -> Option<&'static str> {
        self.step.as_ref().map(|step| step.rule)
    }

    /// The verdict's reward ([`MoveVerdict::reward`]).
    pub fn reward(&self) -> f64 {
        self.verdict.reward()
    }
}

/// Judges `mv` on `board` (a player's progress: placed digits, noted candidates) of
/// `puzzle`. See the module's documentation for what each verdict means.
///
/// ```
/// use cagey::logic::{judge, JudgeLimits, Move, MoveVerdict};
/// use cagey::model::Progress;
///
/// let kk0 = cagey::examples::by_name("kk0").unwrap().puzzle();
/// let blank = Progress::unknown(4);
/// // kk0's r1c1 is a one-cell cage of 1.
/// let mv = Move::parse("place", 1, 1, Some(1), 4)?;
/// let judged = judge(&kk0, &blank, mv, &JudgeLimits::default())?;
/// assert_eq!(judged.verdict, MoveVerdict::Follows);
/// assert_eq!(judged.step.unwrap().rule, "given");
/// let wrong = judge(&kk0, &blank, Move::parse("place", 1, 1, Some(2), 4)?, &JudgeLimits::default())?;
/// assert_eq!(wrong.verdict, MoveVerdict::Wrong);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn judge(
    puzzle: &Puzzle,
    board: &Progress,
    mv: Move,
    limits: &JudgeLimits,
) -> Result<Judgement, JudgeError> {
    let n = puzzle.size();
    if board.size() != n {
        return Err(LogicError::ProgressSize {
            size: n,
            found: board.size(),
        }
        .into());
    }
    check_move(puzzle, board, mv)?;
    let mut ctx = Ctx::new(&limits.logic);
    let geometry = geometry(puzzle, &ctx)?;
    let judgement = |verdict, reason| Judgement {
        mv,
        verdict,
        reason,
        step: None,
        level: None,
        steps: 0,
    };
    let right = match solutions(puzzle, &ctx)? {
        Solutions::One(solution) => Right::Unique(solution),
        Solutions::Several(_) => Right::Several,
    };
    let said = mv.describe(n);
    // Whether a solution has the move, and whether the board (with the move) has none.
    let (agrees, mistakes) = match &right {
        Right::Unique(solution) => (agrees(board, mv, solution), mistakes(board, solution)),
        Right::Several => {
            let extends = extends(puzzle, board, mv, &ctx)?;
            (extends, Vec::new())
        }
    };
    if !agrees {
        return Ok(judgement(
            MoveVerdict::Wrong,
            wrong_reason(&geometry, puzzle, board, mv, &right),
        ));
    }
    let sure = if matches!(right, Right::Unique(_)) {
        "the solution"
    } else {
        "a solution"
    };
    if let Move::Erase { cell } = mv {
        // An erase is of a placed cell (`check_move`): its digit is the one taken out.
        let reason = match board.get(cell) {
            CellState::Solved(d) => format!("{sure} does not hold {d} in {}", cell.name(n)),
            _ => format!("{sure} does not hold the digit in {}", cell.name(n)),
        };
        return Ok(judgement(MoveVerdict::Consistent, reason));
    }
    if !mistakes.is_empty() {
        let cells: Vec<String> = mistakes.iter().map(|c| c.name(n)).collect();
        let reason = format!(
            "{said} agrees with {sure}, but the board contradicts it at {}, so nothing follows from it",
            and_list(&cells)
        );
        return Ok(judgement(MoveVerdict::Consistent, reason));
    }
    let mut state = from_progress(&geometry, board)?;
    match derive(&mut state, puzzle, &geometry, mv, limits, &mut ctx)? {
        Derived::Yes { step, level, steps } => Ok(Judgement {
            mv,
            verdict: MoveVerdict::Follows,
            reason: step.text.clone(),
            step: Some(step),
            level: Some(level),
            steps,
        }),
        Derived::No(why) => Ok(judgement(
            MoveVerdict::Consistent,
            format!("{said} agrees with {sure}, but {why}"),
        )),
    }
}

/// What is known of the solutions.
enum Right {
    /// The puzzle has this one solution.
    Unique(Grid),
    /// The puzzle has several: each move is tried against the board with the solver.
    Several,
}

/// Refuses a move the board cannot take: into a given cell, a place over a digit, an erase
/// of an empty cell, an elimination in a placed cell or of a candidate already gone.
fn check_move(puzzle: &Puzzle, board: &Progress, mv: Move) -> Result<(), MoveError> {
    let n = puzzle.size();
    let cell = mv.cell();
    let name = cell.name(n);
    if let Some(given) = puzzle.given(cell) {
        let same_place = mv == Move::Place { cell, digit: given };
        let other_elimination = matches!(mv, Move::Eliminate { digit, .. } if digit != given);
        if !(same_place || other_elimination) {
            return Err(MoveError::Given {
                cell: name,
                digit: given,
            });
        }
    }
    match (mv, board.get(cell)) {
        (Move::Place { .. }, CellState::Solved(digit)) => {
            Err(MoveError::Occupied { cell: name, digit })
        }
        (Move::Erase { .. }, CellState::Unknown | CellState::Candidates(_)) => {
            Err(MoveError::Empty { cell: name })
        }
        (Move::Eliminate { .. }, CellState::Solved(digit)) => {
            Err(MoveError::Placed { cell: name, digit })
        }
        (Move::Eliminate { digit, .. }, CellState::Candidates(set)) if !set.contains(digit) => {
            Err(MoveError::Gone { cell: name, digit })
        }
        _ => Ok(()),
    }
}

/// Whether the one solution has the move: its digit placed, a candidate not its digit
/// eliminated, a digit not its own erased.
fn agrees(board: &Progress, mv: Move, solution: &Grid) -> bool {
    match mv {
        Move::Place { cell, digit } => solution.get(cell) == digit,
        Move::Eliminate { cell, digit } => solution.get(cell) != digit,
        Move::Erase { cell } => board.get(cell) != CellState::Solved(solution.get(cell)),
    }
}

/// The board's cells that contradict the solution: a digit not its own, or its digit
/// crossed out.
fn mistakes(board: &Progress, solution: &Grid) -> Vec<Cell> {
    (0..board.cells().len())
        .map(|i| Cell(i as u16))
        .filter(|&cell| match board.get(cell) {
            CellState::Solved(d) => d != solution.get(cell),
            CellState::Candidates(set) => !set.contains(solution.get(cell)),
            CellState::Unknown => false,
        })
        .collect()
}

/// Whether a solution of a puzzle with several has the board's digits and the move: an
/// erase always may; a place when the digits with it have a solution; an elimination when
/// the digits with another digit there do. Noted candidates are not consulted.
fn extends(puzzle: &Puzzle, board: &Progress, mv: Move, ctx: &Ctx) -> Result<bool, LogicError> {
    match mv {
        Move::Erase { .. } => Ok(true),
        Move::Place { cell, digit } => has_solution(puzzle, board, Some((cell, digit)), ctx),
        Move::Eliminate { cell, digit } => {
            for other in (1..=puzzle.size() as u8).filter(|&d| d != digit) {
                if has_solution(puzzle, board, Some((cell, other)), ctx)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
    }
}

/// Whether `puzzle` has a solution with the board's digits and `extra`, by the production
/// solver, within what is left of the run's time.
fn has_solution(
    puzzle: &Puzzle,
    board: &Progress,
    extra: Option<(Cell, u8)>,
    ctx: &Ctx,
) -> Result<bool, LogicError> {
    let mut builder = Puzzle::builder(puzzle.size())
        .cages(puzzle.cages().to_vec())
        .regions(puzzle.regions().clone())
        .options(puzzle.options());
    let placed = board
        .cells()
        .iter()
        .enumerate()
        .filter_map(|(i, s)| match s {
            CellState::Solved(d) => Some((Cell(i as u16), *d)),
            _ => None,
        });
    for (cell, digit) in puzzle
        .cells()
        .filter_map(|c| puzzle.given(c).map(|d| (c, d)))
        .chain(placed)
        .chain(extra)
    {
        match puzzle.given(cell) {
            Some(given) if given != digit => return Ok(false),
            _ => builder = builder.given(cell, digit),
        }
    }
    let with = builder
        .build()
        .expect("the puzzle's own parts with digits in range build");
    let limits = Limits {
        max_solutions: 1,
        ..ctx.solve_limits()
    };
    let report = solve::default_solver().solve(&with, &limits)?;
    match report.outcome {
        Outcome::Unsolvable => Ok(false),
        Outcome::GaveUp {
            count: 0, budget, ..
        } => Err(ctx.gave_up(budget)),
        _ => Ok(true),
    }
}

/// Why a wrong move is wrong: what breaks at once when it is made on the board (a digit
/// twice in a house, a cage with no layout left, a cell or a house with no place for a
/// digit), or that no solution has it.
fn wrong_reason(
    g: &Geometry,
    puzzle: &Puzzle,
    board: &Progress,
    mv: Move,
    right: &Right,
) -> String {
    let n = puzzle.size();
    let said = mv.describe(n);
    if let Move::Erase { cell } = mv {
        let sure = match right {
            Right::Unique(_) => "the solution's",
            Right::Several => "a solution's",
        };
        return format!("{} holds {sure} digit", cell.name(n));
    }
    // A digit the board's own marks crossed out of the cell.
    if let (Move::Place { cell, digit }, CellState::Candidates(set)) = (mv, board.get(mv.cell())) {
        if !set.contains(digit) {
            return format!(
                "{said}: {digit} is crossed out of {}'s candidates",
                cell.name(n)
            );
        }
    }
    // A repeat first: the digit already in a house of the cell.
    if let Move::Place { cell, digit } = mv {
        let repeat = g.houses.iter().enumerate().find_map(|(h, house)| {
            let other = house
                .cells
                .iter()
                .find(|&&other| other != cell && board.get(other) == CellState::Solved(digit))?;
            house.cells.contains(&cell).then_some((h, *other))
        });
        if let Some((h, other)) = repeat {
            return format!(
                "{said}: {} already holds {digit} at {}",
                g.house_name(h),
                other.name(n)
            );
        }
    }
    let direct = from_progress(g, board).ok().and_then(|mut state| {
        // A board that breaks already says nothing about the move.
        if state.contradiction().is_some() {
            return None;
        }
        match mv {
            Move::Place { cell, digit } => state.place(cell, digit),
            Move::Eliminate { cell, digit } => {
                state.remove(cell, digit);
            }
            Move::Erase { .. } => {}
        }
        state.contradiction()
    });
    match (direct, mv) {
        (Some((contradiction, _)), _) => {
            format!("{said}: then {}", contradiction.describe(g, puzzle))
        }
        (None, Move::Eliminate { cell, digit }) => {
            format!("no solution has {} without {digit}", cell.name(n))
        }
        (None, _) => format!("no solution has {}", said.trim_start_matches("place ")),
    }
}

/// Whether the engine derived the move's fact.
enum Derived {
    /// It did, at `step`, after `steps` steps whose hardest level is `level`.
    Yes {
        step: Step,
        level: Level,
        steps: usize,
    },
    /// It did not: why, in words.
    No(String),
}

/// Runs the rules from `state`, one step at a time, until the move's fact holds: its digit
/// placed, or its candidate gone.
fn derive(
    state: &mut State,
    puzzle: &Puzzle,
    g: &Geometry,
    mv: Move,
    limits: &JudgeLimits,
    ctx: &mut Ctx,
) -> Result<Derived, LogicError> {
    let holds = |state: &State| match mv {
        Move::Place { cell, digit } => {
            state.placed[cell.index()] && state.cand[cell.index()].single_digit() == Some(digit)
        }
        Move::Eliminate { cell, digit } => !state.cand[cell.index()].contains(digit),
        Move::Erase { .. } => false,
    };
    ctx.stop_after_one = true;
    let mut level = Level::Easy;
    let mut steps = 0usize;
    let limit_note = |budget: Budget| format!("the rules do not derive it: {}", budget.ran_out());
    loop {
        if steps >= limits.logic.max_steps {
            return Ok(Derived::No(limit_note(Budget::Steps(
                limits.logic.max_steps,
            ))));
        }
        let mut taken: Option<Found> = None;
        let end = run(
            state,
            ladder(puzzle),
            limits.max_level,
            ctx,
            &mut |found: &Found| taken = Some(found.clone()),
        );
        let end = match end {
            Ok(end) => end,
            Err(LogicError::Limit(budget @ (Budget::Work(_) | Budget::Steps(_)))) => {
                return Ok(Derived::No(limit_note(budget)))
            }
            Err(other) => return Err(other),
        };
        let Some(found) = taken else {
            let why = match end {
                End::Solved => "the rules solve the board without it".to_string(),
                End::Contradiction(..) => "the board's notes contradict each other".to_string(),
                End::Stuck => format!(
                    "the rules up to {} do not derive it from the board",
                    limits.max_level
                ),
            };
            return Ok(Derived::No(why));
        };
        steps += 1;
        level = level.max(found.level);
        if holds(state) {
            return Ok(Derived::Yes {
                step: found.step(g, puzzle),
                level,
                steps,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::kk;

    const KK0: &str = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n";

    fn judged(puzzle: &Puzzle, board: &Progress, mv: (&str, i64, i64, Option<i64>)) -> Judgement {
        let mv = Move::parse(mv.0, mv.1, mv.2, mv.3, puzzle.size()).unwrap();
        judge(puzzle, board, mv, &JudgeLimits::default()).unwrap()
    }

    #[test]
    fn bad_moves_name_their_cell() {
        let error = |action, row, col, digit| Move::parse(action, row, col, digit, 4).unwrap_err();
        assert_eq!(
            error("place", 5, 1, Some(1)).to_string(),
            "r5c1 is off the 4x4 grid (rows and columns count from 1)"
        );
        assert_eq!(
            error("place", 0, 2, Some(1)).to_string(),
            "r0c2 is off the 4x4 grid (rows and columns count from 1)"
        );
        assert_eq!(
            error("place", 2, 3, Some(5)).to_string(),
            "digit 5 for r2c3 is outside 1..=4"
        );
        assert_eq!(
            error("eliminate", 2, 3, None).to_string(),
            "eliminate in r2c3 needs a digit"
        );
        assert_eq!(
            error("fill", 2, 3, None).to_string(),
            "unknown move `fill` (expected place, erase or eliminate)"
        );
        // Placing over a given, and over a digit on the board.
        let puzzle = Puzzle::builder(4)
            .cages(kk::parse(KK0).unwrap().cages().to_vec())
            .given(Cell(5), 4)
            .build()
            .unwrap();
        let mut board = Progress::unknown(4);
        board.apply(&[(Cell(0), 1)], &[]);
        let refuse = |mv: (&str, i64, i64, Option<i64>)| {
            let mv = Move::parse(mv.0, mv.1, mv.2, mv.3, 4).unwrap();
            match judge(&puzzle, &board, mv, &JudgeLimits::default()) {
                Err(JudgeError::Move(error)) => error.to_string(),
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(
            refuse(("place", 2, 2, Some(3))),
            "r2c2 is given as 4: a move cannot change it"
        );
        assert_eq!(
            refuse(("eliminate", 2, 2, Some(4))),
            "r2c2 is given as 4: a move cannot change it"
        );
        assert_eq!(
            refuse(("place", 1, 1, Some(2))),
            "r1c1 already holds 1: erase it first"
        );
        assert_eq!(
            refuse(("erase", 1, 2, None)),
            "r1c2 holds no digit to erase"
        );
    }

    #[test]
    fn each_verdict_with_its_words() {
        let puzzle = kk::parse(KK0).unwrap();
        let blank = Progress::unknown(4);
        // The one-cell cage is the engine's first step.
        let given = judged(&puzzle, &blank, ("place", 1, 1, Some(1)));
        assert_eq!(given.verdict, MoveVerdict::Follows);
        assert_eq!(given.level, Some(Level::Easy));
        assert_eq!(given.steps, 1);
        // A wrong digit in a one-cell cage: the cage cannot make its target.
        let wrong = judged(&puzzle, &blank, ("place", 1, 1, Some(2)));
        assert_eq!(wrong.verdict, MoveVerdict::Wrong);
        assert_eq!(
            wrong.reason,
            "place 2 in r1c1: then cage 1 at r1c1 has no layout left"
        );
        // A digit the board's marks crossed out.
        let mut marked = Progress::unknown(4);
        marked.apply(&[], &[(Cell(1), 3)]);
        let crossed = judged(&puzzle, &marked, ("place", 1, 2, Some(3)));
        assert_eq!(crossed.verdict, MoveVerdict::Wrong);
        assert_eq!(
            crossed.reason,
            "place 3 in r1c2: 3 is crossed out of r1c2's candidates"
        );
        // A repeat in a row.
        let mut board = Progress::unknown(4);
        board.apply(&[(Cell(0), 1)], &[]);
        let twice = judged(&puzzle, &board, ("place", 1, 3, Some(1)));
        assert_eq!(twice.verdict, MoveVerdict::Wrong);
        assert_eq!(
            twice.reason,
            "place 1 in r1c3: row 1 already holds 1 at r1c1"
        );
        // Erasing a right digit is wrong, a wrong one consistent.
        let erase = judged(&puzzle, &board, ("erase", 1, 1, None));
        assert_eq!(erase.verdict, MoveVerdict::Wrong);
        assert_eq!(erase.reason, "r1c1 holds the solution's digit");
        // With a tiny budget, a right digit deep in the solve is only consistent.
        let solution = crate::examples::by_name("kk0").unwrap().solution();
        let last = Cell(15);
        let mv = Move::Place {
            cell: last,
            digit: solution.get(last),
        };
        let mut tiny = JudgeLimits::default();
        tiny.logic.max_work = 3;
        let guess = judge(&puzzle, &blank, mv, &tiny).unwrap();
        assert_eq!(guess.verdict, MoveVerdict::Consistent, "{guess:?}");
        assert!(
            guess.reason.contains("do not derive it"),
            "{}",
            guess.reason
        );
        let follows = judge(&puzzle, &blank, mv, &JudgeLimits::default()).unwrap();
        assert_eq!(follows.verdict, MoveVerdict::Follows);
        assert!(follows.steps > 1);
    }

    #[test]
    fn a_puzzle_with_several_solutions_is_judged_by_the_solver() {
        // Two 2-cell sums of 3 in each row: 1 and 2 either way.
        let puzzle = kk::parse("3+,0 1\n3+,2 3\n").unwrap();
        let blank = Progress::unknown(2);
        let open = judged(&puzzle, &blank, ("place", 1, 1, Some(2)));
        assert_eq!(open.verdict, MoveVerdict::Consistent, "{open:?}");
        let mut board = Progress::unknown(2);
        board.apply(&[(Cell(0), 2)], &[]);
        let forced = judged(&puzzle, &board, ("place", 2, 1, Some(1)));
        assert_eq!(forced.verdict, MoveVerdict::Follows);
        let wrong = judged(&puzzle, &board, ("place", 2, 1, Some(2)));
        assert_eq!(wrong.verdict, MoveVerdict::Wrong);
        assert_eq!(
            wrong.reason,
            "place 2 in r2c1: column 1 already holds 2 at r1c1"
        );
        let wrong = judged(&puzzle, &board, ("eliminate", 1, 2, Some(1)));
        assert_eq!(wrong.verdict, MoveVerdict::Wrong, "{wrong:?}");
    }
}
