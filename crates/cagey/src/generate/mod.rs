//! Making new puzzles: a random full grid, cut into cages, labelled, and then either
//! steered to the level asked for by probes of the logic rules (which prove it unique on the
//! way), or, without a level (any), proved unique by the production solver, repaired where
//! it is not, and graded once made.
//!
//! ```text
//!  grid ──▶ cages ──▶ labels ──┬── a level asked ──▶ probe: the rules up to that level
//!   ▲                          │                       │ solved at it ────────────▶ puzzle
//!   │                          │                       │ stuck: change a cage at an open cell
//!   │                          │                       │ solved lower: change one, harder
//!   │                          │                       └──▶ keep it if closer, probe again
//!   │                          └── no level ──▶ unique? ──no──▶ repair a cage where two
//!   │                                             │yes          solutions differ, ask again
//!   └──── a fresh candidate when one              ▼
//!         stalls (every loop has a cap)         puzzle
//! ```
//!
//! Unreasonable puzzles are probed up to extreme and, once the rules stop, proved unique by
//! the solver; a score range is reached by full grades after the level (`steer.rs`).
//!
//! All randomness comes from the generator the caller passes in; [`rng_for`] derives the
//! generator of the `index`th puzzle of a run from its seed, so that a run gives the same
//! puzzles whatever the number of threads. Every loop has a cap (named constants in `settings.rs`),
//! and [`Settings::time_limit`] bounds one puzzle's wall-clock time; only that limit can
//! make a run depend on the machine, and a puzzle that hits it is reported, never emitted.

mod cages;
mod candidate;
mod distinct;
mod distinct_stream;
mod error;
mod fill;
mod grader;
mod jigsaw;
mod latin;
mod repair;
mod request;
mod settings;
mod shard;
mod steer;
mod stream;
mod style;
mod target;

use web_time::Instant;

use crate::budget::Deadline;

use chacha20::ChaCha8Rng;
use rand::{Rng, SeedableRng};

use crate::logic::{Level, LogicError, ProbeCache};
use crate::model::{Grid, Puzzle, Regions};
use crate::solve::Cancel;

pub use fill::{random_grid, random_grid_with};
pub use jigsaw::random_regions;
pub use latin::random_latin_square;
pub use repair::{make_unique, Change, Repair, RepairError};

pub use distinct::{Distinct, Repeat};
pub use distinct_stream::DistinctStream;
pub use error::{GenerateError, SettingError};
pub use grader::Graded;
pub(crate) use request::present;
pub use request::{fresh_seed, Request};
pub use settings::{CageSizes, GenKind, OperationSet, Settings, DEFAULT_TIME_LIMIT};
pub use shard::{Shard, DRAWS_PER_SHARD};
pub use stream::{Made, Stream};
// The generator's tuning (MAX_ATTEMPTS and the others beside it in settings.rs and
// grader.rs, each measured where it is defined) is the library's own business, not part of
// its interface.
use settings::MAX_ATTEMPTS;
pub use style::CageStyle;
pub use target::Target;

use candidate::{verdict, Candidate, Verdict};

/// A puzzle made by [`generate`].
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle: exactly one solution.
    pub puzzle: Puzzle,
    /// Its solution.
    pub solution: Grid,
    /// Its level and score; `None` only for a puzzle made at any level whose grade ran past
    /// its limits (above 16x16, or out of time).
    pub graded: Option<Graded>,
    /// Why such a puzzle has no level: the grader's limit that ran out.
    pub grade_error: Option<LogicError>,
    /// Whole attempts it took (1 if the first candidate was kept).
    pub attempts: u32,
    /// Repairs made to candidates with several solutions, over all attempts.
    pub repairs: u32,
    /// Changes made while steering toward the level, over all attempts.
    pub steps: u32,
    /// The shard of the run it was made for ([`Settings::shard`]), if the run is split.
    pub shard: Option<Shard>,
}

impl Generated {
    /// The puzzle as `cagey generate` writes it (and the Python package hands it out): its
    /// comments `seed=SEED/INDEX` (with `shard=I/N` when the run is split, enough to make
    /// it again), `level=` and `score=` when it was graded, and `solution=` (digits,
    /// comma-separated above 9x9).
    pub fn entry(&self, seed: u64, index: u64) -> crate::formats::Entry {
        let mut entry = crate::formats::Entry::new(self.puzzle.clone());
        entry.comments.push(format!("seed={seed}/{index}"));
        if let Some(shard) = self.shard {
            entry.comments.push(format!("shard={shard}"));
        }
        if let Some(graded) = self.graded {
            entry.comments.push(format!("level={}", graded.level));
            entry.comments.push(format!("score={}", graded.score));
        }
        if let Some(error) = &self.grade_error {
            entry.comments.push(format!("ungraded: the grader {error}"));
        }
        let sep = if self.solution.size() > 9 { "," } else { "" };
        let digits: Vec<String> = self
            .solution
            .digits()
            .iter()
            .map(|d| d.to_string())
            .collect();
        entry
            .comments
            .push(format!("solution={}", digits.join(sep)));
        entry
    }

    /// For a puzzle made at any level that the grader gave up on, the sentence that tells
    /// its maker so and why; `None` when it carries its level.
    pub fn ungraded(&self) -> Option<String> {
        self.grade_error.as_ref().map(|error| {
            format!(
                "made and proved unique, but ungraded: the grader {error} (above 16x16 it \
                 often does); a puzzle made at a chosen level carries its level"
            )
        })
    }
}

/// The generator of puzzle `index` of a run with `seed`: ChaCha8 seeded with `seed`, on
/// its own stream per index, so that every puzzle's draws are independent of the others'
/// and of the order they are made in. A run's puzzles come from
/// [`Settings::rng`], which also keys the generator by what is made.
pub fn rng_for(seed: u64, index: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng
}

/// The generator of puzzle `index` of a run with `seed` that makes `kind`, `size` and
/// `level` (`None` for any level): ChaCha8 keyed by all four, so
/// that the same seed at another level, size or kind starts from other Latin squares and
/// other cages (one seed over five levels once gave one grid with a few labels changed),
/// on its own stream per index as [`rng_for`].
pub fn keyed_rng(
    seed: u64,
    kind: GenKind,
    size: usize,
    level: Option<Level>,
    index: u64,
) -> ChaCha8Rng {
    // Kinds and levels by their order of declaration; any level is 0.
    let (kind, level) = (kind as u64, level.map_or(0, |level| level as u64 + 1));
    let mut key = [0u8; 32];
    for (chunk, word) in key
        .chunks_exact_mut(8)
        .zip([seed, kind, size as u64, level])
    {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    let mut rng = ChaCha8Rng::from_seed(key);
    rng.set_stream(index);
    rng
}

thread_local! {
    /// The cage tables and houses the probes of this thread built, kept from one puzzle to
    /// the next: on small grids most cages of a fresh candidate were seen before (a 4x4
    /// has 24 places for a domino), and building their tables was a fifth of an attempt.
    /// It is only a cache: what a probe finds does not depend on what it holds.
    static PROBES: std::cell::Cell<ProbeCache> = std::cell::Cell::default();
}

/// Makes one puzzle of the settings with randomness from `rng`, steered to the level of
/// [`Settings::target`] by the logic rules, or graded by them once made at any level.
pub fn generate<R: Rng + ?Sized>(
    settings: &Settings,
    rng: &mut R,
) -> Result<Generated, GenerateError> {
    let mut cache = PROBES.take();
    let made = generate_with(settings, rng, &mut cache);
    PROBES.set(cache);
    made
}

fn generate_with<R: Rng + ?Sized>(
    settings: &Settings,
    rng: &mut R,
    cache: &mut ProbeCache,
) -> Result<Generated, GenerateError> {
    settings.validate()?;
    let start = Instant::now();
    let deadline = Deadline::from(settings.time_limit, start);
    let mut repairs = 0;
    let mut steps = 0;
    for attempt in 1..=MAX_ATTEMPTS {
        if deadline.passed() {
            return Err(GenerateError::TimeLimit {
                limit: settings.time_limit,
                attempts: attempt - 1,
            });
        }
        if settings.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            return Err(GenerateError::Cancelled);
        }
        let Some(mut candidate) = draw(settings, rng, deadline) else {
            continue;
        };
        // Probes steer the candidate to its level and prove it unique on the way.
        let shaped = match settings.target {
            Target::Level { level, .. } => steer::shape(
                settings,
                level,
                &mut candidate,
                rng,
                deadline,
                &mut repairs,
                cache,
            ),
            Target::Any => None,
        };
        let reached = match shaped {
            Some(steer::Steered::Reached(graded, taken)) => {
                steps += taken;
                // The rules that solved it are sound, so it is unique; the production
                // solver confirms it, as it does for every puzzle made, for a fraction of
                // the probes' cost.
                let puzzle = candidate.build(settings);
                if !matches!(
                    verdict(&puzzle, &candidate.solution, deadline),
                    Verdict::Unique
                ) {
                    continue;
                }
                Some(graded)
            }
            Some(steer::Steered::Missed(taken)) => {
                steps += taken;
                continue;
            }
            // Any level, or probes that could not tell (a limit ran out): the solver proves
            // it unique, repairing it where it is not.
            None => match repair::make_candidate_unique(settings, &mut candidate, rng, deadline) {
                Some(made) => {
                    repairs += made;
                    None
                }
                None => continue,
            },
        };
        let (graded, grade_error) = match (settings.target, reached) {
            (Target::Level { score: None, .. }, Some(graded)) => (Some(graded), None),
            // A score range: full grades from the level reached (or from scratch).
            (Target::Level { level, score }, _) => {
                match steer::steer(settings, level, score, &mut candidate, rng, deadline) {
                    steer::Steered::Reached(graded, taken) => {
                        steps += taken;
                        (Some(graded), None)
                    }
                    steer::Steered::Missed(taken) => {
                        steps += taken;
                        continue;
                    }
                }
            }
            // Graded once, in full, within the generation's own limit: the capped grade of
            // the steering gave no level to some 12x12s and every 16x16.
            (Target::Any, _) => {
                match grader::grade_finished(&candidate.build(settings), deadline.left()) {
                    Ok(graded) => (Some(graded), None),
                    Err(error) => (None, Some(error)),
                }
            }
        };
        return Ok(Generated {
            puzzle: candidate.build(settings),
            solution: candidate.solution,
            graded,
            grade_error,
            attempts: attempt,
            repairs,
            steps,
            shard: settings.shard,
        });
    }
    Err(GenerateError::Exhausted {
        attempts: MAX_ATTEMPTS,
    })
}

/// Jigsaw layouts tried for one full grid before the attempt is given up: most layouts of
/// side 9 have grids, and the fill notices one without any quickly.
const JIGSAW_TRIES: u32 = 20;

/// A fresh candidate: grid, regions, cages and labels; `None` if the cages left a cell
/// stranded or no grid fitted the regions.
fn draw<R: Rng + ?Sized>(
    settings: &Settings,
    rng: &mut R,
    deadline: Deadline,
) -> Option<Candidate> {
    let n = settings.size;
    let diagonals = settings.diagonals;
    let mut grid = || match settings.kind {
        // A Latin square's chain does not keep the diagonals: under the rule, backtracking.
        GenKind::KenKen if diagonals => Some((
            Regions::None,
            random_grid_with(n, &Regions::None, true, rng)?,
        )),
        GenKind::KenKen => Some((
            Regions::None,
            latin::random_latin_square_within(n, rng, deadline)?,
        )),
        GenKind::KenDoku | GenKind::Killer => {
            let regions = Regions::standard_boxes(n)?;
            let grid = random_grid_with(n, &regions, diagonals, rng)?;
            Some((regions, grid))
        }
        GenKind::KillerJigsaw => (0..JIGSAW_TRIES).find_map(|_| {
            let regions = random_regions(n, rng);
            random_grid_with(n, &regions, diagonals, rng).map(|grid| (regions, grid))
        }),
    };
    let (regions, solution) = match settings.shard {
        None => grid()?,
        // A split run: grids until one of the shard's, before any cage is cut.
        Some(shard) => (0..shard.max_draws())
            .take_while(|_| !deadline.passed())
            .filter_map(|_| grid())
            .find(|(_, solution)| shard.may_hold(solution))?,
    };
    debug_assert!(settings.regions_needed() == (regions != Regions::None));
    let cages = cages::partition(settings, &solution, rng)?;
    Some(Candidate {
        regions,
        solution,
        cages,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue #44: 10,000 9x9s over the five levels, 2,000 each, from one seed, start from
    /// 10,000 different grids and 10,000 different cage layouts. Before the generator was
    /// keyed by level, the same seed at five levels drew one grid five times. (Each is the
    /// first candidate of its puzzle; a run's puzzles also pass `Distinct`, which drops repeats
    /// of what was made.)
    #[test]
    fn ten_thousand_nine_by_nines_over_the_levels_start_from_different_grids_and_cages() {
        use crate::budget::TimeLimit;
        use std::collections::HashSet;
        let settings = Settings::kenken(9);
        let mut grids = HashSet::new();
        let mut layouts = HashSet::new();
        for level in Level::ALL {
            for index in 0..2_000 {
                let mut rng = keyed_rng(7, GenKind::KenKen, 9, Some(level), index);
                // As the generator does: a draw whose cages do not come out is drawn again.
                let deadline = Deadline::after(TimeLimit::NONE);
                let candidate = (0..100)
                    .find_map(|_| draw(&settings, &mut rng, deadline))
                    .expect("a 9x9 draws");
                grids.insert(candidate.solution.digits().to_vec());
                let mut layout: Vec<Vec<usize>> = candidate
                    .cages
                    .iter()
                    .map(|cage| cage.cells.iter().map(|cell| cell.index()).collect())
                    .collect();
                layout.sort();
                layouts.insert(layout);
            }
        }
        assert_eq!(grids.len(), 10_000);
        assert_eq!(layouts.len(), 10_000);
    }

    /// A puzzle the grader gave up on says so in its file and to its maker, naming the
    /// limit, and carries no level.
    #[test]
    fn an_ungraded_puzzle_says_why() {
        let settings = Settings {
            target: Target::Any,
            ..Settings::kenken(4)
        };
        let mut made = generate(&settings, &mut rng_for(3, 0)).unwrap();
        assert!(made.graded.is_some() && made.grade_error.is_none() && made.ungraded().is_none());
        made.graded = None;
        made.grade_error = Some(LogicError::Limit(crate::budget::Budget::Work(60_000)));
        let comments = made.entry(3, 0).comments;
        assert!(!comments.iter().any(|c| c.starts_with("level=")));
        assert!(
            comments.contains(
                &"ungraded: the grader gave up: the limit of 60000 rule applications ran out"
                    .to_string()
            ),
            "{comments:?}"
        );
        let said = made.ungraded().unwrap();
        assert!(
            said.contains(
                "ungraded: the grader gave up: the limit of 60000 rule applications ran out"
            ),
            "{said}"
        );
    }

    #[test]
    fn streams_differ_by_index_and_repeat_by_seed() {
        let draw = |seed, index| rng_for(seed, index).next_u64();
        assert_eq!(draw(7, 3), draw(7, 3));
        assert_ne!(draw(7, 3), draw(7, 4));
        assert_ne!(draw(7, 3), draw(8, 3));
    }
}
