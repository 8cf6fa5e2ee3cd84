//! The generator's view of a grader: what measures a puzzle's level and score
//! ([`Grader`]), and what it answers ([`Graded`], [`Probed`]). The logic rules implement it
//! (`level.rs`); the pipeline and `steer.rs` only call it.

use super::settings::Target;
use crate::budget::TimeLimit;
use crate::logic::ProbeCache;
use crate::model::{Cell, Puzzle};

/// A puzzle's level and score, as a [`Grader`] measures them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Graded {
    /// The level's rank, 0 the easiest.
    pub rank: usize,
    /// The score.
    pub score: u32,
}

/// Measures how hard a puzzle is, for steering toward a [`Target`].
pub trait Grader: Sync {
    /// The level and score of a puzzle known to be unique, or `None` when the grader gives
    /// up on it (a limit ran out): such a puzzle is treated as off target. `aim` is the
    /// target being steered to, if any: a grader may skip work that cannot change whether
    /// the puzzle meets it, as long as the grade it returns for a puzzle that does is exact.
    fn grade(&self, puzzle: &Puzzle, aim: Option<&Target>) -> Option<Graded>;

    /// The grade of a finished puzzle made without a level, written in its `# level=`
    /// comment: unlike [`Grader::grade`], which steering calls on many candidates and so
    /// caps, this may take what is `left` of the generation's own limit. The default is
    /// [`Grader::grade`].
    fn grade_finished(&self, puzzle: &Puzzle, left: TimeLimit) -> Option<Graded> {
        let _ = left;
        self.grade(puzzle, None)
    }

    /// How far the grader's rules up to the level of `rank` get on `puzzle`, which may have
    /// several solutions: solved (then it is unique, and graded as [`Grader::grade`] would),
    /// or stuck with cells open. `None` when the grader cannot tell (the default; a limit
    /// ran out): the generator then proves uniqueness with the solver and grades in full.
    /// `cache` keeps what one probe built for the next.
    fn probe(&self, puzzle: &Puzzle, rank: usize, cache: &mut ProbeCache) -> Option<Probed> {
        let _ = (puzzle, rank, cache);
        None
    }
}

/// What [`Grader::probe`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Probed {
    /// Solved by the rules up to the level: unique, with this grade.
    Solved(Graded),
    /// Not solved: the cells left open and the candidates they still hold in all.
    Stuck {
        /// The open cells.
        open: Vec<Cell>,
        /// Their candidates, in all.
        candidates: u32,
    },
}
