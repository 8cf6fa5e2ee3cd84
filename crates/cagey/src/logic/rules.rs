//! The lists of rules, in the order they are tried: cheapest first. The one place that names
//! every rule; the callers of the engine (grade, probe, explain, hint, the search) pass a
//! list in, so adding a rule is a new file and a line here.
//!
//! There are two ladders. [`RULES`] is Keen's, for KenKen and every puzzle without the
//! killer rule: its grades match Keen's own. [`KILLER_RULES`] is the killer ladder, for
//! Killer Sudoku and Killer Jigsaw: the same five level names, but ranked as killer players
//! rank their steps, with cage combinations easy and the 45 rule (innies and outies) at
//! normal, where Keen, which has neither, can only put them at unreasonable. A rule of
//! both lists may sit at a different level in each: the engine takes a step's level and
//! weight from the list it runs ([`ladder`] picks the list).

use super::level::Level;
use super::rule::Rule;
use super::{
    cage_combinations, cage_confined, cage_digits, cage_layouts, cage_line, cage_splitting,
    combination_interaction, fish, forcing_chain, given, hidden_cage, hidden_single, hidden_subset,
    house_combinations, innies_outies, innies_outies_houses, intersection_removal, line_sum,
    naked_single, naked_subset, trial,
};
use crate::model::Puzzle;

/// Every rule of Keen's ladder, in the order they are tried: cheapest first. Pointing and
/// claiming, sudoku's intersection removal, sit at normal, where sudoku players put them
/// (see `intersection_removal.rs`), after the cage layouts, whose weight is lower: they
/// need boxes or regions (KenDoku, jigsaw KenKen), so on a plain KenKen they never fire and
/// Keen's grades stay Keen's.
pub static RULES: [Rule; 15] = [
    given::RULE,
    naked_single::RULE,
    hidden_single::RULE,
    cage_digits::RULE,
    cage_layouts::RULE,
    intersection_removal::POINTING,
    intersection_removal::CLAIMING,
    cage_line::RULE,
    naked_subset::RULE,
    hidden_subset::RULE,
    fish::RULE,
    forcing_chain::RULE,
    cage_confined::RULE,
    line_sum::RULE,
    trial::RULE,
];

/// `rule` placed at `level` with `weight` on the killer ladder.
const fn at(rule: Rule, level: Level, weight: u32) -> Rule {
    Rule {
        level,
        weight,
        ..rule
    }
}

/// The killer ladder, cheapest first (levels never go down along the list):
///
/// - easy: givens, singles, cage combinations;
/// - normal: innies and outies of one house (the 45 rule), which digit each cell of a
///   cage takes, a cage's digit forced into a house, pointing and claiming (sudoku's
///   intersection removal), a house's digit confined to a cage, naked and hidden subsets,
///   in the order of their weights;
/// - hard: innies and outies of several houses, hidden cages, cage splitting,
///   combination interactions between cages, the combinations of a house's cages together;
/// - extreme: fish and forcing chains;
/// - unreasonable: trial.
///
/// Keen's line arithmetic is left out: innies and outies say all it says for sums.
pub static KILLER_RULES: [Rule; 20] = [
    given::RULE,
    naked_single::RULE,
    hidden_single::RULE,
    cage_combinations::RULE,
    innies_outies::RULE,
    at(cage_layouts::RULE, Level::Normal, 40),
    at(cage_line::RULE, Level::Normal, 45),
    intersection_removal::POINTING,
    intersection_removal::CLAIMING,
    at(cage_confined::RULE, Level::Normal, 50),
    at(naked_subset::RULE, Level::Normal, 60),
    at(hidden_subset::RULE, Level::Normal, 70),
    innies_outies_houses::RULE,
    hidden_cage::RULE,
    cage_splitting::RULE,
    combination_interaction::RULE,
    house_combinations::RULE,
    fish::RULE,
    forcing_chain::RULE,
    trial::RULE,
];

/// The ladder a puzzle is graded on: the killer ladder for puzzles under the killer rule
/// (Killer Sudoku, Killer Jigsaw, killer Latin squares), Keen's for every other.
pub fn ladder(puzzle: &Puzzle) -> &'static [Rule] {
    if puzzle.options().killer {
        &KILLER_RULES
    } else {
        &RULES
    }
}
