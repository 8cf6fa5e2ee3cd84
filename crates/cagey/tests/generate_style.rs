//! The look of generated puzzles against Keen's own: the default cage style gives the
//! shares of cage sizes and of operations of Keen's puzzles of the same size and level
//! (`corpora/keen/keen_<n>d<level>.kk`) within 10 points, the big style keeps bigger cages,
//! and a puzzle made without a level is still graded, 12x12 and 16x16 too.
//!
//! The shares are a statistic over a fixed seed: the puzzles are the same on every run, so
//! the test cannot flake; a change to the generator that moves a share past the bound is
//! what it catches.

use cagey::formats::{parse_all, Format};
use cagey::generate::{self, rng_for, CageStyle, Settings, Target};
use cagey::logic::{self, Level, LogicLimits};
use cagey::model::Operation;
use cagey::Puzzle;

/// How far a share may be from Keen's, in percentage points (the bound the issue set).
const TOLERANCE: f64 = 10.0;

/// How far the operations' shares of 9x9 easy and normal may be from Keen's: issue #44
/// found them 38% × and 19% − against Keen's 27% and 27%.
const NINE_EASY_TOLERANCE: f64 = 5.0;

/// The shares of a set of puzzles' cages: sizes 2, 3 and 4 or more, then ÷ × + −.
fn shares(puzzles: &[Puzzle]) -> [f64; 7] {
    let mut counts = [0u32; 7];
    let mut cages = 0;
    for puzzle in puzzles {
        for cage in puzzle.cages() {
            cages += 1;
            counts[cage.cells().len().clamp(2, 4) - 2] += 1;
            match cage.operation() {
                Operation::Divide => counts[3] += 1,
                Operation::Multiply => counts[4] += 1,
                Operation::Add => counts[5] += 1,
                Operation::Subtract => counts[6] += 1,
                _ => {}
            }
        }
    }
    counts.map(|k| 100.0 * f64::from(k) / f64::from(cages.max(1)))
}

fn keen_corpus(n: usize, level: Level) -> Vec<Puzzle> {
    let letter = &level.name()[..1];
    let letter = if level == Level::Extreme { "x" } else { letter };
    let path = format!(
        "{}/../../corpora/keen/keen_{n}d{letter}.kk",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_all(Format::Kk, &text)
        .into_iter()
        .map(|entry| entry.unwrap().puzzle)
        .collect()
}

#[test]
fn keen_style_gives_keens_shares_of_cage_sizes_and_operations() {
    const NAMES: [&str; 7] = ["2 cells", "3 cells", "4+ cells", "÷", "×", "+", "−"];
    let mut misses = Vec::new();
    for n in 4..=9 {
        // 20 puzzles a setting, as docs/generate.md's table: with 8 to 25 (about 400 cells)
        // 7x7 unreasonable came out 70% dominoes on one seed, 80% on another. A 4x4 or 5x5
        // has 6 to 10 cages, so there 60 (a few milliseconds each): with 20, one seed's
        // shares moved 10 points from another's.
        let count = if n <= 5 { 60 } else { 20 };
        for level in Level::ALL {
            let mut settings = Settings::kenken(n);
            settings.target = Target::from(level);
            let made: Vec<Puzzle> = (0..count)
                .map(|i| {
                    generate::generate(&settings, &mut rng_for(42, i))
                        .unwrap()
                        .puzzle
                })
                .collect();
            let (ours, keens) = (shares(&made), shares(&keen_corpus(n, level)));
            for k in 0..7 {
                let operation = k >= 3;
                let tolerance = match (n, level) {
                    (9, Level::Easy | Level::Normal) if operation => NINE_EASY_TOLERANCE,
                    _ => TOLERANCE,
                };
                if (ours[k] - keens[k]).abs() > tolerance {
                    misses.push(format!(
                        "{n}x{n} {level:?} {}: {:.1}% against Keen's {:.1}%",
                        NAMES[k], ours[k], keens[k]
                    ));
                }
            }
        }
    }
    assert!(misses.is_empty(), "{}", misses.join("\n"));
}

#[test]
fn big_style_keeps_bigger_cages() {
    let dominoes = |style: CageStyle| {
        let mut settings = Settings::kenken(9);
        settings.set_style(style);
        settings.target = Target::from(Level::Hard);
        let made: Vec<Puzzle> = (0..6)
            .map(|i| {
                generate::generate(&settings, &mut rng_for(3, i))
                    .unwrap()
                    .puzzle
            })
            .collect();
        shares(&made)[0]
    };
    let (keen, big) = (dominoes(CageStyle::Keen), dominoes(CageStyle::Big));
    assert!(keen >= 75.0, "keen style: {keen:.1}% dominoes");
    assert!(big <= 65.0, "big style: {big:.1}% dominoes");
}

/// Puzzles made without a level carry the level and score a full grade gives, 12x12 and
/// 16x16 too: the capped grade of the steering once left them without one.
#[test]
fn puzzles_made_without_a_level_are_graded_up_to_16x16() {
    for (n, index) in [(6, 0), (9, 0), (12, 0), (16, 0)] {
        let settings = Settings::kenken(n);
        let made = generate::generate(&settings, &mut rng_for(42, index))
            .unwrap_or_else(|e| panic!("{n}x{n}: {e}"));
        let graded = made
            .graded
            .unwrap_or_else(|| panic!("{n}x{n} has no level"));
        let limits = LogicLimits {
            max_work: u64::MAX,
            time_limit: std::time::Duration::from_secs(60).into(),
            ..LogicLimits::default()
        };
        let grade = logic::grade(&made.puzzle, &limits).unwrap();
        assert_eq!(graded.score, grade.score, "{n}x{n}");
        assert_eq!(graded.level, grade.level, "{n}x{n}");
    }
}
