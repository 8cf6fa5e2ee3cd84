//! Making a puzzle with several solutions unique by small changes where two solutions
//! differ, instead of throwing it away.
//!
//! Given the intended solution A and another solution B, a change is useful only if A still
//! satisfies the changed puzzle and B does not; that is checked on the two grids alone,
//! before any search. The generator applies one useful change at random to a cage that
//! holds a cell where A and B differ (split it, move a cell across its border, or label it
//! with another operation) and asks the solver again, until the puzzle is unique or
//! `MAX_REPAIRS`(super::settings::MAX_REPAIRS) changes have been made. For setters,
//! [`make_unique`] proposes the changes of one step (a given added, a cage split, an
//! operation changed), proves each with the solver, and returns those that make the puzzle
//! unique on their own; if none does, it takes the one that leaves the fewest solutions and
//! looks again, so the changes stay few and the rest of the puzzle stays as it was.

use std::fmt;

use rand::{Rng, RngExt};
use thiserror::Error;

use super::cages::{self, connected, digits_of, evaluate, neighbours, Draft};
use super::candidate::{verdict, Candidate, Verdict};
use super::settings::{Settings, MAX_CAGE, MAX_REPAIRS};
use crate::budget::{Deadline, TimeLimit};
use crate::model::{check, Cage, Cell, Grid, Operation, Puzzle};
use crate::solve::{self, Limits, Outcome};

/// The connected splits of `cells` into two parts of at least `least` cells each, each part
/// once (the part holding the first cell first).
pub(crate) fn splits_of(cells: &[Cell], n: usize, least: usize) -> Vec<(Vec<Cell>, Vec<Cell>)> {
    let k = cells.len();
    if !(2..=MAX_CAGE).contains(&k) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for mask in 0..(1u32 << (k - 1)) {
        // Cell 0 always in the first part: bit i of the mask puts cell i + 1 there too.
        let mut a = vec![cells[0]];
        let mut b = Vec::new();
        for (i, &c) in cells[1..].iter().enumerate() {
            if mask & (1 << i) != 0 {
                a.push(c);
            } else {
                b.push(c);
            }
        }
        if a.len() >= least && b.len() >= least && connected(&a, n) && connected(&b, n) {
            out.push((a, b));
        }
    }
    out
}

/// Changes the generator may make to a candidate's cages.
fn proposals<R: Rng + ?Sized>(
    settings: &Settings,
    candidate: &Candidate,
    other: &Grid,
    rng: &mut R,
) -> [Vec<Vec<Draft>>; 3] {
    let n = settings.size;
    let grid = &candidate.solution;
    let drafts = &candidate.cages;
    let differs = |cells: &[Cell]| cells.iter().any(|&c| grid.get(c) != other.get(c));
    let label = |cells: &[Cell], rng: &mut R| -> Option<Draft> {
        let digits = digits_of(grid, cells);
        let (operation, target) = cages::pick_label(settings, &digits, rng)?;
        Some(Draft {
            cells: sorted(cells),
            operation,
            target,
        })
    };
    let (mut relabels, mut split, mut moves) = (Vec::new(), Vec::new(), Vec::new());
    let least = settings.cage_sizes.min.max(1);
    for (i, draft) in drafts.iter().enumerate() {
        if draft.operation == Operation::Given || !differs(&draft.cells) {
            continue;
        }
        let digits = digits_of(grid, &draft.cells);
        for (operation, target) in cages::labels(settings.operations, &digits, settings.multi_cell)
        {
            if (operation, target) != (draft.operation, draft.target) {
                let mut next = drafts.clone();
                next[i] = Draft {
                    cells: draft.cells.clone(),
                    operation,
                    target,
                };
                relabels.push(next);
            }
        }
        for (a, b) in splits_of(&draft.cells, n, least) {
            if !cages::fits(settings, grid, &a) || !cages::fits(settings, grid, &b) {
                continue;
            }
            if let (Some(a), Some(b)) = (label(&a, rng), label(&b, rng)) {
                let mut next = drafts.clone();
                next[i] = a;
                next.push(b);
                split.push(next);
            }
        }
        // A cell of this cage moves to a neighbouring cage, or a neighbour's cell moves in.
        for &cell in &draft.cells {
            for x in neighbours(cell, n) {
                let Some(j) = drafts.iter().position(|d| d.cells.contains(&x)) else {
                    continue;
                };
                if j == i || drafts[j].operation == Operation::Given {
                    continue;
                }
                for (from, to, moved) in [(i, j, cell), (j, i, x)] {
                    let rest: Vec<Cell> = drafts[from]
                        .cells
                        .iter()
                        .copied()
                        .filter(|&c| c != moved)
                        .collect();
                    let mut grown = drafts[to].cells.clone();
                    grown.push(moved);
                    if rest.len() < least
                        || grown.len() > settings.largest_cage()
                        || !connected(&rest, n)
                        || !cages::fits(settings, grid, &rest)
                        || !cages::fits(settings, grid, &grown)
                    {
                        continue;
                    }
                    if let (Some(a), Some(b)) = (label(&rest, rng), label(&grown, rng)) {
                        let mut next = drafts.clone();
                        next[from] = a;
                        next[to] = b;
                        moves.push(next);
                    }
                }
            }
        }
    }
    // Only the changes that rule out the other solution are worth a search.
    let kills = |cages: &Vec<Draft>| {
        check(&candidate.with_cages(cages.clone()).build(settings), other).is_err()
    };
    relabels.retain(kills);
    split.retain(kills);
    moves.retain(kills);
    [relabels, split, moves]
}

fn sorted(cells: &[Cell]) -> Vec<Cell> {
    let mut cells = cells.to_vec();
    cells.sort_unstable();
    cells
}

/// Repairs `candidate` until the solver proves it unique; the number of changes made, or
/// `None` if it could not be repaired within the caps or the deadline.
pub(crate) fn make_candidate_unique<R: Rng + ?Sized>(
    settings: &Settings,
    candidate: &mut Candidate,
    rng: &mut R,
    deadline: Deadline,
) -> Option<u32> {
    for made in 0..=MAX_REPAIRS {
        let puzzle = candidate.build(settings);
        let other = match verdict(&puzzle, &candidate.solution, deadline) {
            Verdict::Unique => return Some(made),
            Verdict::OutOfTime => return None,
            Verdict::Other(other) => other,
        };
        if made == MAX_REPAIRS {
            return None;
        }
        let kinds: Vec<Vec<Vec<Draft>>> = proposals(settings, candidate, &other, rng)
            .into_iter()
            .filter(|p| !p.is_empty())
            .collect();
        if kinds.is_empty() {
            return None;
        }
        let kind = &kinds[rng.random_range(0..kinds.len() as u32) as usize];
        candidate.cages = kind[rng.random_range(0..kind.len() as u32) as usize].clone();
    }
    None
}

/// One change to a puzzle, as [`make_unique`] reports it. Cells are named `r1c1` (row and
/// column from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A digit given in a cell, outside the cages.
    Given {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: u8,
    },
    /// A cage's operation (and so its target) changed.
    Relabel {
        /// The cage as it was.
        from: Cage,
        /// The cage as it is.
        to: Cage,
    },
    /// A cage split in two.
    Split {
        /// The cage as it was.
        from: Cage,
        /// The two cages it became.
        into: [Cage; 2],
    },
}

/// Names cells `r1c1` in a grid of side `n`.
struct Cells<'a>(&'a [Cell], usize);

impl fmt::Display for Cells<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(&c.name(self.1))?;
        }
        Ok(())
    }
}

impl Change {
    /// The change in words, for a grid of side `size`: `cage 12+ at r1c1 r1c2 r2c1 becomes
    /// 20*`.
    pub fn describe(&self, size: usize) -> String {
        let n = size;
        match self {
            Change::Given { cell, digit } => {
                format!("give {digit} in {}", Cells(&[*cell], n))
            }
            Change::Relabel { from, to } => format!(
                "cage {} at {} becomes {}",
                from.label(),
                Cells(from.cells(), n),
                to.label()
            ),
            Change::Split { from, into } => format!(
                "cage {} at {} splits into {} at {} and {} at {}",
                from.label(),
                Cells(from.cells(), n),
                into[0].label(),
                Cells(into[0].cells(), n),
                into[1].label(),
                Cells(into[1].cells(), n)
            ),
        }
    }

    /// How much of the puzzle the change touches, for ordering: a relabel changes one
    /// label, a given adds one digit, a split redraws a border and two labels.
    fn weight(&self) -> usize {
        match self {
            Change::Relabel { .. } => 0,
            Change::Given { .. } => 1,
            Change::Split { .. } => 2,
        }
    }
}

/// What [`make_unique`] found.
#[derive(Clone, Debug)]
pub struct Repair {
    /// The repaired puzzle: exactly one solution.
    pub puzzle: Puzzle,
    /// Its solution.
    pub solution: Grid,
    /// The changes made, in order (none if the puzzle was already unique).
    pub changes: Vec<Change>,
    /// Other single changes that, made instead of the last one, also make it unique.
    pub alternatives: Vec<Change>,
}

/// Why [`make_unique`] could not repair a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RepairError {
    /// The puzzle has no solution: there is nothing to keep.
    #[error("the puzzle has no solution, so no change can make it unique")]
    Unsolvable,
    /// The solver ran out of budget.
    #[error("the solver gave up on the puzzle ({0})")]
    GaveUp(String),
    /// No change was found within the caps.
    #[error("no change among those tried made the puzzle unique within {0} steps")]
    NotFound(usize),
    /// The time limit ran out.
    #[error("the time limit of {0} ran out before the puzzle was unique")]
    TimeLimit(TimeLimit),
}

/// Steps [`make_unique`] takes at most: each removes at least one solution and usually
/// most; puzzles of the corpus need one or two.
pub const MAX_SETTER_STEPS: usize = 12;

/// Solutions counted to rank changes that do not make a puzzle unique on their own.
const RANK_SOLUTIONS: u64 = 64;

/// Proposes the smallest changes that make `puzzle` unique, keeping `intended` (or, if it
/// is `None` or not a solution, the first solution found) as its solution.
pub fn make_unique(
    puzzle: &Puzzle,
    intended: Option<&Grid>,
    time_limit: TimeLimit,
) -> Result<Repair, RepairError> {
    let deadline = Deadline::after(time_limit);
    let solver = solve::default_solver();
    let run = |p: &Puzzle, max: u64| -> Result<Outcome, RepairError> {
        if deadline.passed() {
            return Err(RepairError::TimeLimit(time_limit));
        }
        let mut limits = Limits::solutions(max);
        limits.time_limit = deadline.left();
        limits.keep = 2;
        let report = solver
            .solve(p, &limits)
            .map_err(|e| RepairError::GaveUp(e.to_string()))?;
        match report.outcome {
            Outcome::GaveUp { budget, .. } if budget.to_string().contains("time") => {
                Err(RepairError::TimeLimit(time_limit))
            }
            Outcome::GaveUp { budget, .. } => Err(RepairError::GaveUp(budget.to_string())),
            outcome => Ok(outcome),
        }
    };
    let first = run(puzzle, 2)?;
    let solution = match (&first, intended) {
        (Outcome::Unsolvable, _) => return Err(RepairError::Unsolvable),
        (_, Some(grid)) if check(puzzle, grid).is_ok() => grid.clone(),
        (outcome, _) => outcome.solutions()[0].clone(),
    };
    let mut current = puzzle.clone();
    let mut changes = Vec::new();
    let mut outcome = first;
    for _ in 0..MAX_SETTER_STEPS {
        let Some(other) = outcome
            .solutions()
            .iter()
            .find(|&g| *g != solution)
            .cloned()
        else {
            return Ok(Repair {
                puzzle: current,
                solution,
                changes,
                alternatives: Vec::new(),
            });
        };
        let mut options: Vec<(Change, Puzzle)> = single_changes(&current, &solution)
            .into_iter()
            .filter(|(_, p)| check(p, &other).is_err())
            .collect();
        options.sort_by_key(|(c, _)| c.weight());
        let mut unique = Vec::new();
        let mut best: Option<(u64, Change, Puzzle, Outcome)> = None;
        for (change, next) in options {
            let verdict = run(&next, RANK_SOLUTIONS)?;
            match verdict {
                Outcome::Unique(_) => unique.push((change, next)),
                verdict if unique.is_empty() => {
                    let count = verdict.count();
                    if best.as_ref().is_none_or(|b| count < b.0) {
                        best = Some((count, change, next, verdict));
                    }
                }
                _ => {}
            }
        }
        if !unique.is_empty() {
            let (change, next) = unique.remove(0);
            changes.push(change);
            return Ok(Repair {
                puzzle: next,
                solution,
                changes,
                alternatives: unique.into_iter().map(|(c, _)| c).collect(),
            });
        }
        let Some((_, change, next, _)) = best else {
            break;
        };
        changes.push(change);
        current = next;
        // Two solutions are enough to go on: the intended one and another.
        outcome = run(&current, 2)?;
    }
    Err(RepairError::NotFound(MAX_SETTER_STEPS))
}

/// The puzzle with `cages` in place of its own, its givens and rules kept, plus one given.
fn rebuild(puzzle: &Puzzle, cages: Vec<Cage>, given: Option<(Cell, u8)>) -> Option<Puzzle> {
    let mut builder = Puzzle::builder(puzzle.size())
        .cages(cages)
        .regions(puzzle.regions().clone())
        .options(puzzle.options());
    for cell in puzzle.cells() {
        if let Some(digit) = puzzle.given(cell) {
            builder = builder.given(cell, digit);
        }
    }
    if let Some((cell, digit)) = given {
        builder = builder.given(cell, digit);
    }
    builder.build().ok()
}

/// Every change of one step that keeps `solution`: a given in each cell not yet fixed, each
/// cage's other labels, and each cage's splits in two.
fn single_changes(puzzle: &Puzzle, solution: &Grid) -> Vec<(Change, Puzzle)> {
    let n = puzzle.size();
    let multi = puzzle.options().multi_cell;
    let killer = puzzle.options().killer;
    let mut out = Vec::new();
    for cell in puzzle.cells() {
        let fixed = puzzle.given(cell).is_some()
            || puzzle
                .cage_of(cell)
                .is_some_and(|id| puzzle.cage(id).operation() == Operation::Given);
        if !fixed {
            let digit = solution.get(cell);
            if let Some(next) = rebuild(puzzle, puzzle.cages().to_vec(), Some((cell, digit))) {
                out.push((Change::Given { cell, digit }, next));
            }
        }
    }
    let relabel_ops: &[Operation] = if killer {
        &[]
    } else {
        &[
            Operation::Add,
            Operation::Subtract,
            Operation::Multiply,
            Operation::Divide,
        ]
    };
    for (i, cage) in puzzle.cages().iter().enumerate() {
        if cage.operation() == Operation::Given {
            continue;
        }
        let digits = digits_of(solution, cage.cells());
        let with = |replacement: Vec<Cage>| -> Option<Puzzle> {
            let mut cages = puzzle.cages().to_vec();
            cages.remove(i);
            cages.extend(replacement);
            rebuild(puzzle, cages, None)
        };
        for &op in relabel_ops {
            let Some(target) = evaluate(op, &digits, multi) else {
                continue;
            };
            if op == cage.operation() && target == cage.target() {
                continue;
            }
            let to = Cage::new(op, target, cage.cells().to_vec());
            if let Some(next) = with(vec![to.clone()]) {
                out.push((
                    Change::Relabel {
                        from: cage.clone(),
                        to,
                    },
                    next,
                ));
            }
        }
        for (a, b) in splits_of(cage.cells(), n, 1) {
            let (Some(a), Some(b)) = (
                part(cage.operation(), &a, solution, multi),
                part(cage.operation(), &b, solution, multi),
            ) else {
                continue;
            };
            if let Some(next) = with(vec![a.clone(), b.clone()]) {
                out.push((
                    Change::Split {
                        from: cage.clone(),
                        into: [a, b],
                    },
                    next,
                ));
            }
        }
    }
    out
}

/// A part of a split cage: one cell is a given; otherwise the cage's own operation if it
/// fits the part, else a product, else a sum (a hidden operation stays hidden, its target
/// that of the first operation that fits).
fn part(operation: Operation, cells: &[Cell], solution: &Grid, multi: bool) -> Option<Cage> {
    let digits = digits_of(solution, cells);
    if cells.len() == 1 {
        return Some(Cage::given(cells[0], digits[0]));
    }
    let tries: &[Operation] = match operation {
        Operation::Add => &[Operation::Add],
        Operation::Unknown => &[Operation::Add],
        op => &[op, Operation::Multiply, Operation::Add],
    };
    let (op, target) = tries.iter().find_map(|&op| {
        evaluate(op, &digits, multi)
            .filter(|&t| t > 0)
            .map(|t| (op, t))
    })?;
    let shown = if operation == Operation::Unknown {
        Operation::Unknown
    } else {
        op
    };
    Some(Cage::new(shown, target, cells.to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_are_connected_and_cover_the_cage() {
        // An L of three cells in a 3x3 grid: 0 1 / 3.
        let cells = [Cell(0), Cell(1), Cell(3)];
        let found = splits_of(&cells, 3, 1);
        // {0}{1,3} is not connected; {0,1}{3} and {0,3}{1} are.
        assert_eq!(found.len(), 2);
        for (a, b) in &found {
            assert_eq!(a.len() + b.len(), 3);
        }
        assert!(splits_of(&cells, 3, 2).is_empty());
    }
}
