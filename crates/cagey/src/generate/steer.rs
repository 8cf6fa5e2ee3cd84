//! Steering a puzzle toward the level asked for, by changing cages rather than drawing
//! whole new puzzles until one happens to fit.
//!
//! [`shape`] steers by probes: the logic rules up to the target level say whether the
//! candidate is solved there (then it is unique and at that level or below) or where they
//! stop, and the changes go to the cages holding the cells left open. Below unreasonable it
//! needs no proof of uniqueness or repair on the way (the production solver confirms the
//! finished puzzle once), and it is how levels are reached.
//!
//! [`steer`] works on a unique puzzle with full grades, for a score range: too easy, two
//! neighbouring cages merge into one, or a cage takes an operation that says less about its
//! digits (a sum or product instead of a difference or quotient); too hard, a cage splits in
//! two, or takes a difference or quotient. A cell may also move across a border either way.
//! Each change is kept only if the puzzle stays unique (repaired if need be) and its grade
//! comes no further from the target; [`STEER_ROUNDS`] changes are tried before the
//! candidate is dropped.
//!
//! Keen's own measure shows why steering pays: 162 whole 9x9 attempts per easy puzzle, 78
//! per extreme one. The rounds of work and their measurements are in
//! `docs/performance-generate.md`.

use rand::{Rng, RngExt};

use super::cages::{self, connected, digits_of, neighbours, Draft};
use super::candidate::{verdict, Candidate, Verdict};
use super::grader::{self, Graded, Probed};
use super::repair::make_candidate_unique;
use super::settings::Settings;
use super::style::divide_share;
use crate::budget::Deadline;
use crate::logic::{Level, ProbeCache};
use crate::model::{Cell, Operation};

/// Changes tried on one candidate before it is dropped for a fresh one: a 9x9 a level away
/// from its target usually gets there within a dozen.
pub const STEER_ROUNDS: u32 = 40;

pub(crate) enum Steered {
    /// The target was reached: the grade and the changes kept.
    Reached(Graded, u32),
    /// It was not, after this many changes tried.
    Missed(u32),
}

/// How far a grade is from the target `level` and `score` range: levels first, then the
/// score.
fn distance(graded: Option<Graded>, level: Level, score: Option<(u32, u32)>) -> (usize, u32) {
    let Some(g) = graded else {
        return (usize::MAX, u32::MAX);
    };
    let levels = g.level.distance(level);
    let score = match score {
        Some((lo, _)) if g.score < lo => lo - g.score,
        Some((_, hi)) if g.score > hi => g.score - hi,
        _ => 0,
    };
    (levels, score)
}

/// Whether a change from `old` to `new` is kept: it brings the level closer, or leaves it
/// as far and moves the score the way the level must go (up to get harder, down to get
/// easier), or into the range asked for. The score is the gradient inside a level: at 9x9,
/// steering by the level alone stalled at normal for most easy targets.
fn better_or_same(
    new: Option<Graded>,
    old: Option<Graded>,
    level: Level,
    score: Option<(u32, u32)>,
    harder: bool,
) -> bool {
    let (a, b) = (distance(new, level, score), distance(old, level, score));
    if a != b {
        return a < b;
    }
    match (new, old) {
        (Some(n), Some(o)) if score.is_none() && n.level != level => {
            if harder {
                n.score >= o.score
            } else {
                n.score <= o.score
            }
        }
        _ => true,
    }
}

pub(crate) fn steer<R: Rng + ?Sized>(
    settings: &Settings,
    level: Level,
    score: Option<(u32, u32)>,
    candidate: &mut Candidate,
    rng: &mut R,
    deadline: Deadline,
) -> Steered {
    let mut graded = grader::grade(&candidate.build(settings), Some(level));
    let mut taken = 0;
    for _ in 0..STEER_ROUNDS {
        let here = distance(graded, level, score);
        if here == (0, 0) {
            return Steered::Reached(graded.expect("a graded puzzle"), taken);
        }
        if deadline.passed() {
            break;
        }
        // An ungraded puzzle (the grader gave up) is treated as too hard.
        let harder = match graded {
            Some(g) if g.level != level => g.level < level,
            Some(g) => score.is_some_and(|(lo, _)| g.score < lo),
            None => false,
        };
        let Some(cages) = mutate(settings, candidate, harder, None, rng) else {
            continue;
        };
        taken += 1;
        let mut next = candidate.with_cages(cages);
        if make_candidate_unique(settings, &mut next, rng, deadline).is_none() {
            continue;
        }
        let next_graded = grader::grade(&next.build(settings), Some(level));
        if better_or_same(next_graded, graded, level, score, harder) {
            *candidate = next;
            graded = next_graded;
        }
    }
    match graded {
        Some(g) if distance(graded, level, score) == (0, 0) => Steered::Reached(g, taken),
        _ => Steered::Missed(taken),
    }
}

/// Changes tried by [`shape`] before the candidate is dropped. A probe costs a fraction of
/// a uniqueness check and a full grade, so a candidate gets more of them than in [`steer`].
pub const SHAPE_ROUNDS: u32 = 300;

/// Draws of a change [`shape`] makes on a killer candidate, those that change nothing
/// included: ten times [`SHAPE_ROUNDS`], so that the rounds, not this, end nearly every
/// candidate (at most one draw in ten applied on 9x9 extremes).
const KILLER_DRAWS: u32 = 10 * SHAPE_ROUNDS;

/// Probes in a row without coming strictly closer before [`shape`] drops a candidate: a
/// quarter of the grid's cells, at least [`MIN_PATIENCE`], or [`MIN_PATIENCE_EASY`] at
/// easy. A fresh candidate of a small grid costs little, so waiting long on a plateau there
/// loses (the values tried: docs/generate.md, "Tuning").
fn patience(size: usize, level: Level) -> u32 {
    let floor = if level == Level::Easy {
        MIN_PATIENCE_EASY
    } else {
        MIN_PATIENCE
    };
    (size * size / 4).max(floor) as u32
}

/// The least patience of [`patience`].
const MIN_PATIENCE: usize = 8;
/// The least patience at easy.
const MIN_PATIENCE_EASY: usize = 4;

/// Steers a candidate, unique or not, to its level with probes: the rules up to the target
/// level either solve it (then it is unique and its level is known) or stop with cells
/// open. Open cells say where to change it: a cage holding one is split, relabelled or
/// loses a cell, and the change is kept if the rules then leave no more candidates open. A
/// puzzle solved below the target is made harder as in [`steer`], kept while the rules up
/// to the target still solve it. No uniqueness check or repair is needed on the way: the
/// rules only solve unique puzzles (the caller confirms the finished one with the solver).
///
/// Unreasonable is what the rules up to extreme cannot solve in a unique puzzle, so there
/// the probe is up to extreme, and a candidate it leaves stuck is proved unique by the
/// solver (repaired once if it is not) and then graded in full.
///
/// Repairs made are added to `repairs`. `None` when the first probe cannot tell (a limit ran
/// out).
pub(crate) fn shape<R: Rng + ?Sized>(
    settings: &Settings,
    level: Level,
    candidate: &mut Candidate,
    rng: &mut R,
    deadline: Deadline,
    repairs: &mut u32,
    cache: &mut ProbeCache,
) -> Option<Steered> {
    let beyond = level == Level::Unreasonable;
    let probe_level = level.min(Level::Extreme);
    let mut probe = |c: &Candidate| grader::probe(&c.build(settings), probe_level, cache);
    let mut here = probe(candidate)?;
    let mut taken = 0;
    if beyond && matches!(here, Probed::Stuck { .. }) {
        // Beyond the rules from the start: unique (after repairs) is all it needs.
        match make_candidate_unique(settings, candidate, rng, deadline) {
            Some(made) => *repairs += made,
            None => return Some(Steered::Missed(taken)),
        }
        let Some(probed) = probe(candidate) else {
            return Some(Steered::Missed(taken));
        };
        here = probed;
        if matches!(here, Probed::Stuck { .. }) {
            return Some(graded_beyond(settings, candidate, taken));
        }
    }
    let patience = patience(settings.size, level);
    let mut idle = 0;
    // Under the killer rule most draws change nothing (a sum cage has no other label, and a
    // merge or moved cell often repeats a digit), so there a round is a change probed and
    // the draws that cost nothing are capped apart (docs/generate.md, "Tuning").
    let count_changes = settings.kind.killer();
    let (mut rounds, mut draws) = (0, 0);
    while rounds < SHAPE_ROUNDS && draws < KILLER_DRAWS {
        draws += 1;
        if !count_changes {
            rounds += 1;
        }
        if idle >= patience {
            break;
        }
        if let Probed::Solved(g) = here {
            if g.level == level {
                return Some(Steered::Reached(g, taken));
            }
        }
        if deadline.passed() {
            break;
        }
        let (harder, focus) = match &here {
            Probed::Solved(_) => (true, None),
            Probed::Stuck { open, .. } => (false, Some(open.as_slice())),
        };
        let Some(cages) = mutate(settings, candidate, harder, focus, rng) else {
            continue;
        };
        taken += 1;
        if count_changes {
            rounds += 1;
        }
        let next = candidate.with_cages(cages);
        let Some(probed) = probe(&next) else {
            continue;
        };
        idle += 1;
        if beyond && matches!(probed, Probed::Stuck { .. }) {
            // Past extreme: the target if unique, otherwise not kept.
            let puzzle = next.build(settings);
            if let Verdict::Unique = verdict(&puzzle, &next.solution, deadline) {
                *candidate = next;
                return Some(graded_beyond(settings, candidate, taken));
            }
            continue;
        }
        if closer(&probed, &here) {
            if !closer(&here, &probed) {
                idle = 0;
            }
            *candidate = next;
            here = probed;
        }
    }
    Some(match here {
        Probed::Solved(g) if g.level == level => Steered::Reached(g, taken),
        _ => Steered::Missed(taken),
    })
}

/// The end of steering to unreasonable: the candidate is unique and past the rules up to
/// extreme; its score comes from a full grade (missed if the grader gives up on it).
fn graded_beyond(settings: &Settings, candidate: &Candidate, taken: u32) -> Steered {
    match grader::grade(&candidate.build(settings), Some(Level::Unreasonable)) {
        Some(g) if g.level == Level::Unreasonable => Steered::Reached(g, taken),
        _ => Steered::Missed(taken),
    }
}

/// Whether probe `new` is at least as near the target as `old`: solved beats stuck; among
/// solved (at or below the target), harder is nearer; among stuck, fewer candidates left.
fn closer(new: &Probed, old: &Probed) -> bool {
    match (new, old) {
        (Probed::Solved(n), Probed::Solved(o)) => (n.level, n.score) >= (o.level, o.score),
        (Probed::Solved(_), Probed::Stuck { .. }) => true,
        (Probed::Stuck { .. }, Probed::Solved(_)) => false,
        (Probed::Stuck { candidates: n, .. }, Probed::Stuck { candidates: o, .. }) => n <= o,
    }
}

/// One random change in the direction asked for; `None` when the one drawn does not apply.
fn mutate<R: Rng + ?Sized>(
    settings: &Settings,
    candidate: &Candidate,
    harder: bool,
    focus: Option<&[Cell]>,
    rng: &mut R,
) -> Option<Vec<Draft>> {
    let n = settings.size;
    let grid = &candidate.solution;
    let drafts = &candidate.cages;
    let movable: Vec<usize> = (0..drafts.len())
        .filter(|&i| drafts[i].operation != Operation::Given)
        .filter(|&i| focus.is_none_or(|f| drafts[i].cells.iter().any(|c| f.contains(c))))
        .collect();
    if movable.is_empty() {
        return None;
    }
    let i = movable[rng.random_range(0..movable.len() as u32) as usize];
    let cage = &drafts[i];
    let label = |cells: &[crate::model::Cell], rng: &mut R| -> Option<Draft> {
        let digits = digits_of(grid, cells);
        let (operation, target) = cages::pick_label(settings, &digits, rng)?;
        let mut cells = cells.to_vec();
        cells.sort_unstable();
        Some(Draft {
            cells,
            operation,
            target,
        })
    };
    // The drafts are cloned only once a change applies: most draws do not, and cloning
    // first was a tenth of a 4x4's instructions (docs/performance-generate.md).
    // Keen's style keeps dominoes four in five: a merge is one change in three toward
    // harder, and a new label is drawn by the style's weights from all that fit, the probe
    // judging it (docs/generate.md, "Tuning").
    let keen = settings.keen_steering();
    let next = match (harder, rng.random_range(0..3u32)) {
        // Merge with a neighbouring cage.
        (true, roll) if roll == 0 || (roll == 1 && !keen) => {
            let others: Vec<usize> = cage
                .cells
                .iter()
                .flat_map(|&c| neighbours(c, n))
                .filter_map(|x| drafts.iter().position(|d| d.cells.contains(&x)))
                .filter(|&j| j != i && drafts[j].operation != Operation::Given)
                .collect();
            if others.is_empty() {
                return None;
            }
            let j = others[rng.random_range(0..others.len() as u32) as usize];
            let mut cells = cage.cells.clone();
            cells.extend_from_slice(&drafts[j].cells);
            if cells.len() > settings.grown_cage_limit() || !cages::fits(settings, grid, &cells) {
                return None;
            }
            let merged = label(&cells, rng)?;
            let mut next = drafts.clone();
            next[i] = merged;
            next.remove(j);
            next
        }
        // Split in two.
        (false, 0 | 1) => {
            let least = settings.cage_sizes.min.max(1);
            let halves = super::repair::splits_of(&cage.cells, n, least);
            if halves.is_empty() {
                return None;
            }
            let (a, b) = &halves[rng.random_range(0..halves.len() as u32) as usize];
            if !cages::fits(settings, grid, a) || !cages::fits(settings, grid, b) {
                return None;
            }
            let (a, b) = (label(a, rng)?, label(b, rng)?);
            let mut next = drafts.clone();
            next[i] = a;
            next.push(b);
            next
        }
        // Another label, or a cell across a border.
        _ => {
            if rng.random_range(0..2u32) == 0 {
                let digits = digits_of(grid, &cage.cells);
                let choices: Vec<(Operation, u64)> =
                    cages::labels(settings.operations, &digits, settings.multi_cell)
                        .into_iter()
                        .filter(|&(op, t)| (op, t) != (cage.operation, cage.target))
                        .filter(|&(op, _)| {
                            // With a focus the probe judges the change; without, a
                            // difference or quotient says more than a sum or product.
                            let loose = matches!(op, Operation::Add | Operation::Multiply);
                            keen || focus.is_some() || loose == harder
                        })
                        // Keen's shares bound new labels toward harder, and toward easier
                        // up to 9x9 too (9x9 easy came out 34-37% ×, Keen's 27%); larger
                        // grids need every tight label they can get toward easier
                        // (docs/generate.md, "Tuning").
                        .filter(|&(op, _)| {
                            !keen || (!harder && n > 9) || under_keen_share(n, drafts, i, op)
                        })
                        .collect();
                if choices.is_empty() {
                    return None;
                }
                let mut pick = if keen {
                    let weights: Vec<u32> = choices
                        .iter()
                        .map(|&(op, _)| settings.label_weight(op, cage.cells.len()))
                        .collect();
                    weighted(&weights, rng)
                } else {
                    rng.random_range(0..choices.len() as u32) as usize
                };
                // In Keen's style only every other time, or × crowds out the rest.
                let tightest = !keen || rng.random_range(0..2u32) == 0;
                if focus.is_some() && !harder && tightest {
                    // Toward easier where the rules stopped: the label leaving the
                    // fewest digits for the cage, as the easy cage rule sees it.
                    let spread: Vec<u32> = choices
                        .iter()
                        .map(|&(op, t)| digits_left(n, &cage.cells, op, t, settings.multi_cell))
                        .collect();
                    let least = spread.iter().min().copied().unwrap_or(0);
                    if let Some(best) = spread.iter().position(|&s| s == least) {
                        pick = best;
                    }
                }
                let (operation, target) = choices[pick];
                let mut next = drafts.clone();
                next[i].operation = operation;
                next[i].target = target;
                next
            } else {
                let cell = cage.cells[rng.random_range(0..cage.cells.len() as u32) as usize];
                let into: Vec<usize> = neighbours(cell, n)
                    .filter_map(|x| drafts.iter().position(|d| d.cells.contains(&x)))
                    .filter(|&j| j != i && drafts[j].operation != Operation::Given)
                    .collect();
                if into.is_empty() {
                    return None;
                }
                let j = into[rng.random_range(0..into.len() as u32) as usize];
                let rest: Vec<_> = cage.cells.iter().copied().filter(|&c| c != cell).collect();
                let mut grown = drafts[j].cells.clone();
                grown.push(cell);
                if rest.len() < settings.cage_sizes.min
                    || grown.len() > settings.grown_cage_limit()
                    || !connected(&rest, n)
                    || !cages::fits(settings, grid, &rest)
                    || !cages::fits(settings, grid, &grown)
                {
                    return None;
                }
                let (rest, grown) = (label(&rest, rng)?, label(&grown, rng)?);
                let mut next = drafts.clone();
                next[i] = rest;
                next[j] = grown;
                next
            }
        }
    };
    Some(next)
}

/// Each operation's share of the cages of Keen's puzzles, in percent, but ÷'s, which
/// [`divide_share`] gives by the side (× + −: 26-30, 23-27, 27-33, counted on
/// `corpora/keen`, every size and level).
const KEEN_SHARES: [(Operation, usize); 3] = [
    (Operation::Multiply, 28),
    (Operation::Add, 25),
    (Operation::Subtract, 30),
];

/// Whether cage `i` of `drafts` may take `operation` in a new label toward harder and the
/// puzzle keep Keen's shares: no more cages of it than its share of the cages, one more
/// allowed. Steering keeps a label that makes the puzzle no easier, and the loose labels
/// do that more often than the tight ones, so without this bound they crowd the rest out.
/// Toward easier it is not applied: there the tight labels are what a big grid needs
/// (docs/generate.md, "Tuning").
fn under_keen_share(n: usize, drafts: &[Draft], i: usize, operation: Operation) -> bool {
    // ÷ labels only dominoes, four in five of the cages.
    let share = match operation {
        Operation::Divide => divide_share(n) as usize * 4 / 5,
        _ => match KEEN_SHARES.iter().find(|(op, _)| *op == operation) {
            Some(&(_, share)) => share,
            None => return true,
        },
    };
    let labelled = drafts
        .iter()
        .filter(|d| d.operation != Operation::Given)
        .count();
    let others = drafts
        .iter()
        .enumerate()
        .filter(|&(j, d)| j != i && d.operation == operation)
        .count();
    others < (share * labelled).div_ceil(100) + 1
}

/// An index drawn with the probabilities `weights` give (the first when all are 0).
fn weighted<R: Rng + ?Sized>(weights: &[u32], rng: &mut R) -> usize {
    let total: u32 = weights.iter().sum();
    let mut pick = rng.random_range(0..total.max(1));
    for (i, &w) in weights.iter().enumerate() {
        if pick < w {
            return i;
        }
        pick -= w;
    }
    0
}

/// How many digits some filling of `cells` that meets `operation` and `target` uses (the
/// union of the cage's layouts, repeats allowed across lines only): how little the label
/// tells. Cages over three cells count as telling nothing (`n`), which keeps this cheap.
fn digits_left(n: usize, cells: &[Cell], operation: Operation, target: u64, multi: bool) -> u32 {
    if cells.len() > 3 {
        return n as u32;
    }
    let mut union = 0u64;
    let mut digits = vec![1u8; cells.len()];
    loop {
        let apart = (0..cells.len()).all(|i| {
            (0..i).all(|j| {
                let same_line =
                    cells[i].row(n) == cells[j].row(n) || cells[i].col(n) == cells[j].col(n);
                !same_line || digits[i] != digits[j]
            })
        });
        if apart && cages::evaluate(operation, &digits, multi) == Some(target) {
            union |= digits.iter().fold(0, |u, &d| u | 1 << d);
        }
        // The next tuple, as an odometer over 1..=n.
        let mut i = 0;
        while i < digits.len() && usize::from(digits[i]) == n {
            digits[i] = 1;
            i += 1;
        }
        if i == digits.len() {
            break;
        }
        digits[i] += 1;
    }
    union.count_ones()
}
