//! The wire shapes of the logic's answers: a step, a hint, how an explanation ends, a grade,
//! what a grid breaks, as serde records that the command line (`cagey explain --output
//! jsonl`), the web server (`/api/hint`, `/api/explain`, `/api/grade`, `/api/check`) and the
//! Python package all write, with the words a person reads in them. Here so that a step is
//! described one way, in one encoding, wherever it is read.
//!
//! Beside them: [`solve`], the records of solving and grading many puzzles, and [`judge`], the
//! step check's board and judged move.
//!
//! Cells travel as `[row, col]`, both from 0, as the JSON puzzle format writes them; a digit
//! at a cell as `[row, col, digit]`:
//!
//! ```text
//!          col 0   col 1   col 2
//! row 0   [0, 0]  [0, 1]  [0, 2]
//! row 1   [1, 0]  [1, 1]  [1, 2]      "place 3 in r2c3" is placed: [[1, 2, 3]]
//! ```
//!
//! A player's progress travels as one entry per cell in one row-major list ([`CellRecord`]):
//! `0` when nothing is noted, the digit of a solved cell, or a cell's candidates as a list
//! (`[0, 3, [1, 2], 0]`), the entries of the JSON puzzle format's `progress`. A hint's step
//! carries the progress after it ([`Progress::apply`]), so that a reader shows the step
//! without a copy of that logic.
//!
//! ```
//! use cagey::logic::{self, LogicLimits};
//! use cagey::model::Progress;
//! use cagey::wire::StepRecord;
//!
//! let puzzle = cagey::formats::kk::parse("1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n")?;
//! let explanation = logic::explain(&puzzle, &Progress::unknown(4), &LogicLimits::default())?;
//! let record = StepRecord::new(&explanation.steps[0], puzzle.size());
//! let json = serde_json::to_value(&record)?;
//! // kk0 gives 1 in its first cell, row 0 and column 0.
//! assert_eq!(json["placed"], serde_json::json!([[0, 0, 1]]));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod compact;
pub mod judge;
pub mod row;
pub mod solve;

pub use compact::{CompactError, CompactStep};
pub use row::{RowError, RowOptions, RowRecord, RowSteps, StepForm};

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};

use crate::budget::Budget;
use crate::logic::{self, Explanation, Grade, Hint, Level, Step, Verdict};
use crate::model::{self, Cell, CellState, Grid, Progress, Puzzle, Violation};

/// A cell as `[row, col]`, both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place(pub usize, pub usize);

impl Place {
    /// `cell`'s place in a grid of side `size`.
    pub fn of(cell: Cell, size: usize) -> Place {
        Place(cell.row(size), cell.col(size))
    }
}

/// A digit at a cell, `[row, col, digit]`: a placement or an elimination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark(pub usize, pub usize, pub u8);

impl Mark {
    /// `digit` at `cell` in a grid of side `size`.
    pub fn of((cell, digit): (Cell, u8), size: usize) -> Mark {
        Mark(cell.row(size), cell.col(size), digit)
    }
}

fn places(cells: &[Cell], size: usize) -> Vec<Place> {
    cells.iter().map(|&c| Place::of(c, size)).collect()
}

fn marks(pairs: &[(Cell, u8)], size: usize) -> Vec<Mark> {
    pairs.iter().map(|&p| Mark::of(p, size)).collect()
}

fn rows(grid: &Grid) -> Vec<Vec<u8>> {
    grid.rows().map(<[u8]>::to_vec).collect()
}

/// One cell of a player's progress: `0` when nothing is noted, the digit when solved, the
/// candidates as a list of digits (`[1, 2]`; one candidate is not the same as solved).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellRecord(pub CellState);

impl Serialize for CellRecord {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            CellState::Unknown => serializer.serialize_u8(0),
            CellState::Solved(digit) => serializer.serialize_u8(digit),
            CellState::Candidates(set) => serializer.collect_seq(set.iter()),
        }
    }
}

impl<'de> Deserialize<'de> for CellRecord {
    /// `0`, a digit, or a list of candidates, as [`CellRecord`]'s `Serialize` writes them.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CellRecord, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Written {
            Digit(u8),
            Candidates(Vec<u8>),
        }
        Ok(CellRecord(match Written::deserialize(deserializer)? {
            Written::Digit(0) => CellState::Unknown,
            Written::Digit(digit) => CellState::Solved(digit),
            Written::Candidates(digits) => CellState::Candidates(digits.into_iter().collect()),
        }))
    }
}

/// A name the library holds as a constant (a rule's, a violation's): `&'static str`, spelt
/// so that serde's derive, which takes a field written `&'static str` to borrow from its
/// input for ever, reads it through `rule_name` or `violation_rule` instead.
pub type Name = &'static str;

/// One of `names` read back as the library's own `&'static str`: the records name rules and
/// violations by the library's constant names, and a name it does not know is an error.
fn known_name<'de, D: Deserializer<'de>>(
    deserializer: D,
    what: &str,
    mut names: impl Iterator<Item = &'static str>,
) -> Result<&'static str, D::Error> {
    let name = String::deserialize(deserializer)?;
    names
        .find(|known| *known == name)
        .ok_or_else(|| D::Error::custom(format!("no {what} is called {name:?}")))
}

/// A rule's name: one of either ladder's, or the search's.
fn rule_name<'de, D: Deserializer<'de>>(deserializer: D) -> Result<&'static str, D::Error> {
    let ladders = logic::RULES.iter().chain(logic::KILLER_RULES.iter());
    let names = ladders.map(|rule| rule.name).chain([logic::SEARCH_RULE]);
    known_name(deserializer, "rule", names)
}

/// What a [`ViolationRecord`] says is broken, each of [`ViolationRecord::new`]'s names.
const VIOLATION_RULES: [&str; 9] = [
    "size", "empty", "row", "column", "region", "diagonal", "given", "cage", "killer",
];

fn violation_rule<'de, D: Deserializer<'de>>(deserializer: D) -> Result<&'static str, D::Error> {
    known_name(deserializer, "violation", VIOLATION_RULES.into_iter())
}

/// `progress` as one [`CellRecord`] per cell, row-major.
pub fn progress_cells(progress: &Progress) -> Vec<CellRecord> {
    progress
        .cells()
        .iter()
        .map(|&state| CellRecord(state))
        .collect()
}

/// One step of an explanation or a hint.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepRecord {
    /// The rule's name.
    #[serde(deserialize_with = "rule_name")]
    pub rule: Name,
    /// The rule's level.
    pub level: Level,
    /// The rule's weight (what the step adds to the score).
    pub weight: u32,
    /// Where the step looks: a house, a cage, a cell.
    pub house: String,
    /// The cells that cause the step.
    pub cells: Vec<Place>,
    /// The digits it places.
    pub placed: Vec<Mark>,
    /// The candidates it removes.
    pub eliminated: Vec<Mark>,
    /// Why, in words.
    pub text: String,
    /// The whole step as a sentence with its effect ([`Step::describe`]).
    pub description: String,
    /// The step as a hint revealing more and more: rule and house; with the cells; the
    /// whole step ([`Step::hint_text`] at 1, 2 and 3).
    pub hints: [String; 3],
}

impl StepRecord {
    /// The record of `step` in a grid of side `size`.
    pub fn new(step: &Step, size: usize) -> StepRecord {
        StepRecord {
            rule: step.rule,
            level: step.level,
            weight: step.weight,
            house: step.house.clone(),
            cells: places(&step.cells, size),
            placed: marks(&step.placed, size),
            eliminated: marks(&step.eliminated, size),
            text: step.text.clone(),
            description: step.describe(size),
            hints: [1, 2, 3].map(|reveal| step.hint_text(reveal, size)),
        }
    }
}

/// The answer to a hint request, tagged by `kind`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum HintRecord {
    /// The next step; the message is its first hint (rule and house).
    Step {
        /// What to look for.
        message: String,
        /// The step (boxed: a step is much larger than the other kinds).
        step: Box<StepRecord>,
        /// The steps that lead to `step` when the next step would change nothing the
        /// player sees ([`Hint::Step`]), in order; empty otherwise.
        before: Vec<StepRecord>,
        /// The whole hint in words, as its last level shows it ([`Hint::text`] at 3): one step
        /// a line, the steps before (past three, a line counts those it does not name),
        /// then the step.
        applied: String,
        /// The player's progress after the steps of `before` and the step: the progress the
        /// hint was given from with each applied in turn ([`Progress::apply`]), one entry
        /// per cell, row-major.
        progress: Vec<CellRecord>,
    },
    /// The progress contradicts the solution in these cells.
    Mistakes {
        /// `2 cells contradict the solution (marked): fix them first`.
        message: String,
        /// Where.
        cells: Vec<Place>,
    },
    /// Nothing left to do.
    Solved {
        /// `the puzzle is solved`.
        message: String,
    },
    /// No rule applies and the puzzle has several solutions from here.
    Stuck {
        /// Why no hint is given.
        message: String,
    },
}

impl HintRecord {
    /// The record of `hint`, given from `progress`.
    pub fn new(hint: &Hint, progress: &Progress) -> HintRecord {
        let size = progress.size();
        match hint {
            Hint::Step { step, before } => {
                let mut after = progress.clone();
                for step in before.iter().chain([step]) {
                    after.apply(&step.placed, &step.eliminated);
                }
                HintRecord::Step {
                    message: step.hint_text(1, size),
                    step: Box::new(StepRecord::new(step, size)),
                    before: before
                        .iter()
                        .map(|step| StepRecord::new(step, size))
                        .collect(),
                    applied: hint.text(3, size),
                    progress: progress_cells(&after),
                }
            }
            Hint::Mistakes(mistakes) => {
                let (noun, them) = if mistakes.len() == 1 {
                    ("cell contradicts", "it")
                } else {
                    ("cells contradict", "them")
                };
                HintRecord::Mistakes {
                    message: format!(
                        "{} {noun} the solution (marked): fix {them} first",
                        mistakes.len()
                    ),
                    cells: mistakes.iter().map(|m| Place::of(m.cell(), size)).collect(),
                }
            }
            Hint::Solved => HintRecord::Solved {
                message: hint.text(1, size),
            },
            Hint::Stuck => HintRecord::Stuck {
                message: hint.text(1, size),
            },
        }
    }

    /// The kind: `step`, `mistakes`, `solved` or `stuck`.
    pub fn kind(&self) -> &'static str {
        match self {
            HintRecord::Step { .. } => "step",
            HintRecord::Mistakes { .. } => "mistakes",
            HintRecord::Solved { .. } => "solved",
            HintRecord::Stuck { .. } => "stuck",
        }
    }

    /// What to tell the player.
    pub fn message(&self) -> &str {
        match self {
            HintRecord::Step { message, .. }
            | HintRecord::Mistakes { message, .. }
            | HintRecord::Solved { message }
            | HintRecord::Stuck { message } => message,
        }
    }

    /// The cells the hint marks: the step's causes, or the mistaken cells.
    pub fn cells(&self) -> &[Place] {
        match self {
            HintRecord::Step { step, .. } => &step.cells,
            HintRecord::Mistakes { cells, .. } => cells,
            HintRecord::Solved { .. } | HintRecord::Stuck { .. } => &[],
        }
    }
}

/// How an explanation ended, tagged by `verdict`: the last record of
/// `cagey explain --output jsonl`, and the head of `/api/explain`'s answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum VerdictRecord {
    /// Solved: the only solution.
    Solved {
        /// `solved in 31 steps; the hardest is easy, the score 40`.
        message: String,
        /// The hardest level of the steps.
        level: Level,
        /// The sum of the steps' weights.
        score: u32,
        /// The solution, row by row.
        solution: Vec<Vec<u8>>,
    },
    /// Logic stopped; the puzzle has several solutions.
    Several {
        /// Where logic stopped and why.
        message: String,
        /// The hardest level of the steps taken.
        level: Level,
        /// The sum of their weights.
        score: u32,
        /// Two solutions, row by row.
        solutions: [Vec<Vec<u8>>; 2],
        /// The cells where they differ.
        differ: Vec<Place>,
    },
    /// The puzzle has no solution.
    #[serde(rename = "none")]
    NoSolution {
        /// After how many steps, and what has nothing left.
        message: String,
        /// The hardest level of the steps taken.
        level: Level,
        /// The sum of their weights.
        score: u32,
        /// What has nothing left, or that the search found no solution.
        reason: String,
        /// The cells involved.
        cells: Vec<Place>,
        /// A smallest set of cages that cannot all hold, by label and first cell
        /// (`12+ at r3c4`); empty if the search for it ran out.
        cages: Vec<String>,
    },
    /// The explanation ran out of time or steps and says nothing more.
    GaveUp {
        /// `gave up: ...`.
        message: String,
        /// Which limit ran out.
        reason: String,
    },
}

impl VerdictRecord {
    /// The record of how `explanation` of `puzzle` ended.
    pub fn new(explanation: &Explanation, puzzle: &Puzzle) -> VerdictRecord {
        let n = puzzle.size();
        let count = explanation.steps.len();
        let (level, score) = (explanation.level, explanation.score);
        match &explanation.verdict {
            Verdict::Solved(grid) => VerdictRecord::Solved {
                message: format!(
                    "solved in {count} steps; the hardest is {level}, the score {score}"
                ),
                level,
                score,
                solution: rows(grid),
            },
            Verdict::Multiple { solutions, differ } => VerdictRecord::Several {
                message: format!(
                    "logic stops after {count} steps: the puzzle has more than one solution, and two of them differ in the cells marked"
                ),
                level,
                score,
                solutions: [rows(&solutions[0]), rows(&solutions[1])],
                differ: places(differ, n),
            },
            Verdict::Unsolvable {
                reason,
                cells,
                cages,
            } => VerdictRecord::NoSolution {
                message: format!("after {count} steps the puzzle has no solution: {reason}"),
                level,
                score,
                reason: reason.clone(),
                cells: places(cells, n),
                cages: cages
                    .iter()
                    .map(|&id| puzzle.cage_name(id))
                    .collect(),
            },
        }
    }

    /// The record of an explanation stopped because `budget` ran out.
    pub fn gave_up(budget: &Budget) -> VerdictRecord {
        let why = budget.ran_out();
        VerdictRecord::GaveUp {
            message: format!("gave up: {why}"),
            reason: why,
        }
    }

    /// The verdict's name: `solved`, `several`, `none` or `gave_up`.
    pub fn name(&self) -> &'static str {
        match self {
            VerdictRecord::Solved { .. } => "solved",
            VerdictRecord::Several { .. } => "several",
            VerdictRecord::NoSolution { .. } => "none",
            VerdictRecord::GaveUp { .. } => "gave_up",
        }
    }

    /// The verdict in words.
    pub fn message(&self) -> &str {
        match self {
            VerdictRecord::Solved { message, .. }
            | VerdictRecord::Several { message, .. }
            | VerdictRecord::NoSolution { message, .. }
            | VerdictRecord::GaveUp { message, .. } => message,
        }
    }

    /// The cells the verdict concerns: where two solutions differ, or what has nothing left.
    pub fn cells(&self) -> &[Place] {
        match self {
            VerdictRecord::Several { differ, .. } => differ,
            VerdictRecord::NoSolution { cells, .. } => cells,
            VerdictRecord::Solved { .. } | VerdictRecord::GaveUp { .. } => &[],
        }
    }
}

/// A whole explanation: how it ended, and its steps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExplanationRecord {
    /// How it ended (its fields sit beside `steps`).
    #[serde(flatten)]
    pub verdict: VerdictRecord,
    /// Every cell before the first step, row-major: the digit of a cell the starting
    /// progress solved, the candidates of every other (all digits where nothing was noted).
    /// A reader replays each step's `eliminated` then `placed` from here to show the
    /// candidates before every step (a step may place again a digit the start solved: the
    /// step that clears it from the cell's peers).
    pub start: Vec<CellRecord>,
    /// The steps, in order.
    pub steps: Vec<StepRecord>,
}

impl ExplanationRecord {
    /// The record of `explanation` of `puzzle`.
    pub fn new(explanation: &Explanation, puzzle: &Puzzle) -> ExplanationRecord {
        let n = puzzle.size();
        ExplanationRecord {
            verdict: VerdictRecord::new(explanation, puzzle),
            start: progress_cells(&explanation.start),
            steps: explanation
                .steps
                .iter()
                .map(|step| StepRecord::new(step, n))
                .collect(),
        }
    }
}

/// A puzzle's grade.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GradeRecord {
    /// The hardest level needed.
    pub level: Level,
    /// The sum of the steps' weights.
    pub score: u32,
    /// How many steps.
    pub steps: usize,
    /// The rules used, cheapest first, with how many steps each took.
    pub rules: Vec<RuleCount>,
}

/// One rule of a grade and how often it was used.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleCount {
    /// The rule's name.
    #[serde(deserialize_with = "rule_name")]
    pub rule: Name,
    /// How many steps it took.
    pub count: u32,
}

impl GradeRecord {
    /// The record of `grade`.
    pub fn new(grade: &Grade) -> GradeRecord {
        GradeRecord {
            level: grade.level,
            score: grade.score,
            steps: grade.steps,
            rules: grade
                .rules
                .iter()
                .map(|&(rule, count)| RuleCount { rule, count })
                .collect(),
        }
    }
}

/// One thing that keeps a grid from solving its puzzle: a broken rule, or the cells left
/// empty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViolationRecord {
    /// What is broken: `row`, `column`, `region` (a box or a jigsaw region), `diagonal`
    /// (under the diagonal rule), `given`, `cage`,
    /// `killer` (a digit repeated in a killer cage), `empty` or `size` (a grid of another
    /// side than the puzzle's).
    #[serde(deserialize_with = "violation_rule")]
    pub rule: Name,
    /// The cells that break it ([`Violation::cells`]): those holding the repeated digit, the
    /// cell contradicting its given, the cage's cells, the empty cells.
    pub cells: Vec<Place>,
    /// The sentence ([`Violation::describe`]): `row 1 holds 3 twice: r1c1 and r1c2`.
    pub message: String,
}

impl ViolationRecord {
    /// The record of `violation` of `puzzle` filled as `grid`.
    pub fn new(violation: &Violation, puzzle: &Puzzle, grid: &Grid) -> ViolationRecord {
        let rule = match violation {
            Violation::WrongSize { .. } => "size",
            Violation::Empty(_) => "empty",
            Violation::RowRepeat { .. } => "row",
            Violation::ColumnRepeat { .. } => "column",
            Violation::RegionRepeat { .. } => "region",
            Violation::DiagonalRepeat { .. } => "diagonal",
            Violation::Given(_) => "given",
            Violation::Cage(_) => "cage",
            Violation::KillerRepeat(_) => "killer",
        };
        ViolationRecord {
            rule,
            cells: places(&violation.cells(puzzle, grid), puzzle.size()),
            message: violation.describe(puzzle, grid),
        }
    }
}

/// Whether a grid solves its puzzle, and if not, why: the answer of `/api/check` and of
/// Python's `check`.
///
/// ```
/// use cagey::Grid;
/// use cagey::wire::CheckRecord;
///
/// let puzzle = cagey::formats::kk::parse("3+,0 1\n1-,2 3\n")?;
/// let grid = Grid::from_digits(2, vec![2, 2, 0, 0]).unwrap();
/// let json = serde_json::to_value(CheckRecord::new(&puzzle, &grid))?;
/// assert_eq!(json["solved"], false);
/// assert_eq!(json["violations"][0]["rule"], "row");
/// assert_eq!(json["violations"][0]["cells"], serde_json::json!([[0, 0], [0, 1]]));
/// assert_eq!(json["violations"][0]["message"], "row 1 holds 2 twice: r1c1 and r1c2");
/// assert_eq!(json["violations"][2]["rule"], "empty");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckRecord {
    /// Whether the grid solves the puzzle: full, and breaking no rule.
    pub solved: bool,
    /// Everything that keeps it from solving the puzzle ([`model::check_all`]): every
    /// broken rule in the order rows, columns, boxes or regions, givens, cages; then the
    /// empty cells, in one record. Empty exactly when `solved`.
    pub violations: Vec<ViolationRecord>,
}

impl CheckRecord {
    /// The record of checking `grid` (0 for an empty cell) against `puzzle`.
    pub fn new(puzzle: &Puzzle, grid: &Grid) -> CheckRecord {
        let violations: Vec<ViolationRecord> = model::check_all(puzzle, grid)
            .iter()
            .map(|violation| ViolationRecord::new(violation, puzzle, grid))
            .collect();
        CheckRecord {
            solved: violations.is_empty(),
            violations,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{self, LogicLimits, Mistake};
    use serde_json::json;

    const KK0: &str = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n";

    /// Guards #47: every record reads back from the JSON it writes, equal to itself (the
    /// Python package pickles its results so), and an unknown rule's name is refused.
    #[test]
    fn records_read_back_from_their_json() {
        fn round_trip<T: Serialize + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug>(
            record: &T,
        ) {
            let json = serde_json::to_string(record).unwrap();
            let read: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
            assert_eq!(&read, record);
        }
        let limits = LogicLimits::default();
        for text in [KK0, crate::examples::by_name("killer").unwrap().text] {
            let puzzle = crate::formats::parse(text).unwrap().puzzle;
            let n = puzzle.size();
            let explanation = logic::explain(&puzzle, &Progress::unknown(n), &limits).unwrap();
            let record = ExplanationRecord::new(&explanation, &puzzle);
            assert!(!record.steps.is_empty());
            round_trip(&record);
            round_trip(&GradeRecord::new(&logic::grade(&puzzle, &limits).unwrap()));
            // Part way: the start carries solved cells and candidates.
            let mut progress = Progress::unknown(n);
            for step in &explanation.steps[..3] {
                progress.apply(&step.placed, &step.eliminated);
            }
            let partial = logic::explain(&puzzle, &progress, &limits).unwrap();
            round_trip(&ExplanationRecord::new(&partial, &puzzle));
            let hint = logic::hint(&puzzle, &progress, &limits).unwrap();
            round_trip(&HintRecord::new(&hint, &progress));
            let grid = Grid::from_digits(n, vec![1; n * n]).unwrap();
            round_trip(&CheckRecord::new(&puzzle, &grid));
        }
        let step = r#"{"rule":"no such rule","level":"easy","weight":1,"house":"","cells":[],
            "placed":[],"eliminated":[],"text":"","description":"","hints":["","",""]}"#;
        let error = serde_json::from_str::<StepRecord>(step).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("no rule is called \"no such rule\""),
            "{error}"
        );
    }

    #[test]
    fn a_step_names_cells_as_row_and_column() {
        let puzzle = crate::formats::kk::parse(KK0).unwrap();
        let explanation =
            logic::explain(&puzzle, &Progress::unknown(4), &LogicLimits::default()).unwrap();
        let step = explanation
            .steps
            .iter()
            .find(|s| s.placed.iter().any(|(c, _)| c.0 > 4))
            .expect("a placement past the first row");
        let record = StepRecord::new(step, 4);
        let (cell, digit) = step.placed[0];
        let json = serde_json::to_value(&record).unwrap();
        assert_eq!(
            json["placed"][0],
            json!([usize::from(cell.0) / 4, usize::from(cell.0) % 4, digit])
        );
        assert_eq!(json["hints"].as_array().unwrap().len(), 3);
    }

    #[test]
    fn a_hints_step_carries_the_progress_after_it() {
        let puzzle = crate::formats::kk::parse(KK0).unwrap();
        // r1c1 noted as 1 or 2, r1c2 solved as 2; the rest unknown.
        let mut cells = vec![CellState::Unknown; 16];
        cells[0] = CellState::Candidates([1, 2].into_iter().collect());
        cells[1] = CellState::Solved(2);
        let progress = Progress::from_cells(4, cells).unwrap();
        let hint = logic::hint(&puzzle, &progress, &LogicLimits::default()).unwrap();
        let Hint::Step { step, before } = &hint else {
            panic!("a step: {hint:?}")
        };
        assert!(before.is_empty(), "r1c1's marks see the step");
        let mut after = progress.clone();
        after.apply(&step.placed, &step.eliminated);
        let json = serde_json::to_value(HintRecord::new(&hint, &progress)).unwrap();
        assert_eq!(json["kind"], "step");
        assert_eq!(json["progress"], json!(progress_cells(&after)));
        assert_ne!(json["progress"], json!(progress_cells(&progress)));
        assert_eq!(json["progress"].as_array().unwrap().len(), 16);
    }

    #[test]
    fn progress_cells_are_zero_a_digit_or_a_candidate_list() {
        let mut cells = vec![CellState::Unknown; 16];
        cells[1] = CellState::Solved(3);
        cells[2] = CellState::Candidates([1, 2].into_iter().collect());
        cells[3] = CellState::Candidates([4].into_iter().collect());
        let progress = Progress::from_cells(4, cells).unwrap();
        let json = serde_json::to_value(progress_cells(&progress)).unwrap();
        assert_eq!(
            json.as_array().unwrap()[..4],
            [json!(0), json!(3), json!([1, 2]), json!([4])]
        );
    }

    #[test]
    fn an_explanation_says_how_it_ended_beside_its_steps() {
        let puzzle = crate::formats::kk::parse(KK0).unwrap();
        let explanation =
            logic::explain(&puzzle, &Progress::unknown(4), &LogicLimits::default()).unwrap();
        let json = serde_json::to_value(ExplanationRecord::new(&explanation, &puzzle)).unwrap();
        assert_eq!(json["verdict"], "solved");
        assert_eq!(json["solution"][0], json!([1, 2, 4, 3]));
        let steps = explanation.steps.len();
        assert!(json["message"]
            .as_str()
            .unwrap()
            .starts_with(&format!("solved in {steps} steps; the hardest is easy")));
        assert_eq!(json["steps"].as_array().unwrap().len(), steps);
        let budget = Budget::Time(std::time::Duration::from_secs(2));
        let gave_up = serde_json::to_value(VerdictRecord::gave_up(&budget)).unwrap();
        assert_eq!(
            gave_up,
            json!({
                "verdict": "gave_up",
                "message": "gave up: the time limit of 2 s ran out",
                "reason": "the time limit of 2 s ran out",
            })
        );
    }

    /// Replays an explanation's record as a reader does: from `start`, each step's
    /// eliminations then placements, checking that each removes or places a candidate the
    /// cell still has. Returns the cells at the end: a digit or a list of candidates.
    fn replay(record: &serde_json::Value) -> Vec<serde_json::Value> {
        let mut cells = record["start"].as_array().unwrap().clone();
        let size = cells.len().isqrt();
        let at = |mark: &serde_json::Value| {
            let [r, c, d] = [0, 1, 2].map(|i| mark[i].as_u64().unwrap());
            (r as usize * size + c as usize, d)
        };
        for (number, step) in record["steps"].as_array().unwrap().iter().enumerate() {
            let holds = |cell: &serde_json::Value, d: u64| {
                cell.as_array()
                    .is_some_and(|list| list.iter().any(|x| x.as_u64() == Some(d)))
            };
            for mark in step["eliminated"].as_array().unwrap() {
                let (i, d) = at(mark);
                assert!(
                    holds(&cells[i], d),
                    "step {} ({}) removes {d} from cell {i}, which holds {}",
                    number + 1,
                    step["rule"],
                    cells[i]
                );
                let list = cells[i].as_array_mut().unwrap();
                list.retain(|x| x.as_u64() != Some(d));
            }
            for mark in step["placed"].as_array().unwrap() {
                let (i, d) = at(mark);
                // A digit the start already solved is placed again by the step that clears
                // it from its peers.
                assert!(
                    holds(&cells[i], d) || cells[i] == json!(d),
                    "step {} ({}) places {d} in cell {i}, which holds {}",
                    number + 1,
                    step["rule"],
                    cells[i]
                );
                cells[i] = json!(d);
            }
        }
        cells
    }

    #[test]
    fn an_explanations_steps_replayed_from_its_start_rebuild_the_solution() {
        for name in ["kk1", "killer", "jigsaw", "multi"] {
            let example = crate::examples::by_name(name).unwrap();
            let puzzle = example.puzzle();
            let n = puzzle.size();
            let explanation =
                logic::explain(&puzzle, &Progress::unknown(n), &LogicLimits::default()).unwrap();
            let record =
                serde_json::to_value(ExplanationRecord::new(&explanation, &puzzle)).unwrap();
            let start = record["start"].as_array().unwrap();
            assert_eq!(start.len(), n * n, "{name}");
            let every_digit: Vec<u8> = (1..=n as u8).collect();
            assert!(start.iter().all(|c| *c == json!(every_digit)), "{name}");
            let end = replay(&record);
            let solution = example.solution();
            for (i, cell) in end.iter().enumerate() {
                assert_eq!(*cell, json!(solution.digits()[i]), "{name}: cell {i}");
            }
        }
    }

    #[test]
    fn an_explanation_from_progress_starts_from_its_digits_and_notes() {
        let puzzle = crate::formats::kk::parse(KK0).unwrap();
        // r1c1 solved as 1, r1c2 noted as 2 or 3; the rest unknown.
        let mut cells = vec![CellState::Unknown; 16];
        cells[0] = CellState::Solved(1);
        cells[1] = CellState::Candidates([2, 3].into_iter().collect());
        let progress = Progress::from_cells(4, cells).unwrap();
        let explanation = logic::explain(&puzzle, &progress, &LogicLimits::default()).unwrap();
        let record = serde_json::to_value(ExplanationRecord::new(&explanation, &puzzle)).unwrap();
        assert_eq!(record["start"][0], json!(1));
        assert_eq!(record["start"][1], json!([2, 3]));
        assert_eq!(record["start"][2], json!([1, 2, 3, 4]));
        let end = replay(&record);
        assert_eq!(end[..4], [json!(1), json!(2), json!(4), json!(3)]);
    }

    #[test]
    fn mistakes_are_counted_in_words_and_placed() {
        let cell = Cell(5);
        let hint = Hint::Mistakes(vec![Mistake::WrongDigit { cell }]);
        let record = HintRecord::new(&hint, &Progress::unknown(4));
        assert_eq!(
            serde_json::to_value(&record).unwrap(),
            json!({"kind": "mistakes", "message": "1 cell contradicts the solution (marked): fix it first", "cells": [[1, 1]]})
        );
        assert_eq!(record.cells(), [Place(1, 1)]);
    }
}
