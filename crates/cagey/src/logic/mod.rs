//! Solving like a person: named rules, tried cheapest first, each step explained.
//!
//! The production solver ([`solve`](crate::solve)) reasons like a machine and explains
//! nothing. This module solves with rules people use, in Keen's five levels ([`Level`]): a
//! state of candidates per cell, rules tried cheapest first, and after any progress the search
//! for the next step starts again at the cheapest. Each rule lives in its own file and is
//! listed in [`RULES`] with a name, a level, a weight and a one-line summary. Puzzles under
//! the killer rule (Killer Sudoku, Killer Jigsaw) are solved and graded on a ladder of their
//! own, [`KILLER_RULES`]: cage combinations, innies and outies (the 45 rule), hidden cages
//! and split cages, ranked as killer players rank them ([`ladder`] picks the list).
//!
//! - [`grade`]: the hardest level a puzzle needs and a score (the sum of its steps' weights);
//! - [`explain`]: every step from a starting [`Progress`](crate::model::Progress) to the solution, or as far as logic
//!   goes, with a [`Verdict`];
//! - [`hint`]: the next step from a player's progress, mistakes first;
//! - [`judge`]: the step check, whether one move on a board follows from it by the rules,
//!   only agrees with the solution, or is wrong (a process reward).
//!
//! A puzzle is graded `d` when the rules up to `d` solve it and those up to `d - 1` do not.
//! Every rule only removes candidates (or places digits) and a rule that applies keeps
//! applying after further removals, so running cheapest first with restarts reaches that
//! grade in one pass: the hardest rule used.
//!
//! ```
//! use cagey::logic::{self, Level, LogicLimits};
//!
//! let kk0 = cagey::examples::by_name("kk0").unwrap().puzzle();
//! let grade = logic::grade(&kk0, &LogicLimits::default())?;
//! assert!(grade.level <= Level::Hard);
//! assert!(grade.score > 0);
//! # Ok::<(), logic::LogicError>(())
//! ```
//!
//! This module depends on [`model`](crate::model), and on [`solve`](crate::solve) for the
//! cages' layouts (listed once per puzzle) and for what rules cannot settle: the two
//! solutions of an ambiguous puzzle, and whether a puzzle logic cannot finish has a solution.
//!
//! The files, from the ground floor up (see `docs/design/logic.md`): the words every rule
//! uses (`level`, `step`, `limits`, `rule`, `state`, `bits`, `settled`, `subsets`); the
//! rules, one a file; the engine (`engine`) that runs a list of rules given to it; the list
//! (`rules`); the bridge to the production solver (`bridge`); and on top what callers ask
//! for (`grade`, `probe`, `explain`, `hint`, `judge`, and the `Logic` solver over
//! `search`). This file only declares them and re-exports the public words.

// The words every rule imports: the ground floor.
mod areas;
mod barren;
mod bits;
mod level;
mod limits;
mod rule;
mod settled;
mod state;
mod step;
mod subsets;

// The rules, one a file, and their list.
mod cage_combinations;
mod cage_confined;
mod cage_digits;
mod cage_layouts;
mod cage_line;
mod cage_splitting;
mod combination_interaction;
mod fish;
mod forcing_chain;
mod given;
mod hidden_cage;
mod hidden_single;
mod hidden_subset;
mod house_combinations;
mod innies_outies;
mod innies_outies_houses;
mod intersection_removal;
mod line_sum;
mod naked_single;
mod naked_subset;
mod rules;
mod trial;

// The loop that runs a list of rules, and the bridge to the production solver.
mod bridge;
mod engine;

// What callers ask for.
mod conflict;
mod explain;
mod grade;
mod hint;
mod judge;
mod probe;
mod search;
mod solver;

pub use bridge::{SEARCH_RULE, SEARCH_WEIGHT};
pub use explain::{explain, Explanation, Verdict};
pub use grade::{grade, Grade};
pub use hint::{hint, Hint, Mistake};
pub use judge::{
    judge, JudgeError, JudgeLimits, Judgement, Move, MoveError, MoveVerdict, DEFAULT_JUDGE_WORK,
    MOVE_ACTIONS,
};
pub use level::{Level, UnknownLevel};
pub use limits::{
    LogicError, LogicLimits, DEFAULT_MAX_STEPS, DEFAULT_MAX_TRIAL_DEPTH, DEFAULT_MAX_WORK,
    DEFAULT_TIME_LIMIT,
};
pub use probe::{probe, probe_with, Probe, ProbeCache};
pub use rule::Rule;
pub use rules::{ladder, KILLER_RULES, RULES};
pub use solver::Logic;
pub use step::Step;
