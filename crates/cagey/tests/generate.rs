//! The generator's promises, checked on the puzzles it makes: exactly one solution (the
//! production solver, and an independent brute-force count on small grids), the level asked
//! for (the logic grader), the options asked for (operations, cage sizes, kind), the same
//! puzzles from the same seed, and repairs that make every ambiguous corpus puzzle unique.

mod brute;

use std::collections::HashSet;
use std::time::Duration;

use cagey::generate::{
    self, make_unique, rng_for, CageSizes, GenKind, Generated, OperationSet, Settings, Target,
};
use cagey::logic::{self, Level, LogicLimits};
use cagey::model::{Operation, Regions};
use cagey::solve::{default_solver, Limits, Outcome};
use cagey::{check, Puzzle};

/// Grids up to this side are also counted by brute force (a 5x5 takes milliseconds).
const BRUTE_MAX_SIZE: usize = 5;

fn make(settings: &Settings, seed: u64, index: u64) -> Generated {
    generate::generate(settings, &mut rng_for(seed, index))
        .unwrap_or_else(|e| panic!("{settings:?}, seed {seed}/{index}: {e}"))
}

/// Every promise that does not depend on the options.
fn assert_sound(generated: &Generated) {
    let puzzle = &generated.puzzle;
    assert!(check(puzzle, &generated.solution).is_ok());
    let report = default_solver()
        .solve(puzzle, &Limits::uniqueness())
        .expect("the solver takes it");
    assert_eq!(
        report.outcome,
        Outcome::Unique(generated.solution.clone()),
        "{}",
        cagey::formats::kk::write(puzzle)
    );
    // The brute-force counter reads no hidden operation; those puzzles rest on the solver.
    let hidden = puzzle
        .cages()
        .iter()
        .any(|c| c.operation() == Operation::Unknown);
    if puzzle.size() <= BRUTE_MAX_SIZE && !hidden {
        let count = brute::count(puzzle, 2);
        assert!(count.complete && count.solutions.len() == 1);
        assert_eq!(count.solutions[0], generated.solution);
    }
}

fn assert_operations(puzzle: &Puzzle, set: OperationSet, hidden: bool) {
    for cage in puzzle.cages() {
        match cage.operation() {
            Operation::Given => assert_eq!(cage.cells().len(), 1),
            Operation::Unknown => assert!(hidden),
            op => assert!(!hidden && set.contains(op), "{op} not in {set}"),
        }
    }
}

#[test]
fn every_level_is_the_one_asked_for_and_unique() {
    for size in [4, 6] {
        for level in Level::ALL {
            let mut settings = Settings::kenken(size);
            settings.target = Target::from(level);
            for index in 0..3 {
                let made = make(&settings, 11, index);
                assert_sound(&made);
                let grade = logic::grade(&made.puzzle, &LogicLimits::default()).unwrap();
                assert_eq!(grade.level, level, "{size}x{size} {index}");
                assert_eq!(made.graded.map(|g| g.score), Some(grade.score));
            }
        }
    }
}

#[test]
fn scores_fall_in_the_range_asked_for() {
    let mut settings = Settings::kenken(5);
    let easy = make(
        &Settings {
            target: Target::from(Level::Hard),
            ..settings.clone()
        },
        3,
        0,
    );
    let score = easy.graded.unwrap().score;
    settings.target = Target::Level {
        level: Level::Hard,
        score: Some((score, score + 40)),
    };
    for index in 0..3 {
        let made = make(&settings, 5, index);
        let grade = logic::grade(&made.puzzle, &LogicLimits::default()).unwrap();
        assert_eq!(grade.level, Level::Hard);
        assert!(
            (score..=score + 40).contains(&grade.score),
            "{}",
            grade.score
        );
    }
}

#[test]
fn operation_subsets_hidden_operations_and_multi_cell_are_kept() {
    for ops in ["+", "-", "*", "/", "+-", "*/", "+*", "+-*/"] {
        for size in [3, 4, 5] {
            let mut settings = Settings::kenken(size);
            settings.operations = ops.parse().unwrap();
            if matches!(ops, "-" | "*/") {
                // A difference or quotient takes two cells (without --multi-cell).
                settings.cage_sizes = "2".parse().unwrap();
                settings.givens = size;
            }
            if ops == "/" {
                // Few pairs of digits divide: at 4x4 only 1 with any and 2 with 4.
                if size != 4 {
                    continue;
                }
                settings.cage_sizes = "2".parse().unwrap();
                settings.givens = 8;
            }
            for index in 0..2 {
                let made = make(&settings, 21, index);
                assert_sound(&made);
                assert_operations(&made.puzzle, settings.operations, false);
            }
        }
    }
    let mut settings = Settings::kenken(5);
    settings.hidden_operations = true;
    let made = make(&settings, 1, 0);
    assert_sound(&made);
    assert_operations(&made.puzzle, OperationSet::ALL, true);

    let mut settings = Settings::kenken(5);
    settings.multi_cell = true;
    settings.operations = "-/".parse().unwrap();
    settings.cage_sizes = "2..3".parse().unwrap();
    settings.givens = 3;
    let made = make(&settings, 2, 0);
    assert_sound(&made);
    assert!(made.puzzle.options().multi_cell);
    assert_operations(&made.puzzle, settings.operations, false);
}

#[test]
fn cage_sizes_and_givens_are_the_ones_asked_for() {
    for sizes in ["2", "3..4", "2=1,5=1", "1..2"] {
        let mut settings = Settings::kenken(6);
        settings.cage_sizes = sizes.parse::<CageSizes>().unwrap();
        let (least, most) = (settings.cage_sizes.min, settings.cage_sizes.max());
        for index in 0..2 {
            let made = make(&settings, 8, index);
            assert_sound(&made);
            for cage in made.puzzle.cages() {
                let len = cage.cells().len();
                assert!((least..=most).contains(&len), "{sizes}: a cage of {len}");
            }
        }
    }
    // The default: no one-cell cage; givens only when asked for.
    let made = make(&Settings::kenken(7), 4, 0);
    assert!(made.puzzle.cages().iter().all(|c| c.cells().len() >= 2));
    let mut settings = Settings::kenken(7);
    settings.givens = 4;
    let made = make(&settings, 4, 0);
    assert_sound(&made);
    let givens = made
        .puzzle
        .cages()
        .iter()
        .filter(|c| c.operation() == Operation::Given);
    assert_eq!(givens.count(), 4);
}

#[test]
fn every_kind_is_made() {
    for (kind, size) in [
        (GenKind::KenDoku, 4),
        (GenKind::KenDoku, 6),
        (GenKind::Killer, 4),
        (GenKind::Killer, 9),
        (GenKind::KillerJigsaw, 5),
        (GenKind::KillerJigsaw, 9),
    ] {
        let settings = Settings::of_kind(kind, size);
        for index in 0..2 {
            let made = make(&settings, 9, index);
            assert_sound(&made);
            let puzzle = &made.puzzle;
            match kind {
                GenKind::KenDoku => assert_eq!(puzzle.kind(), cagey::model::Kind::KenDoku),
                GenKind::Killer => assert_eq!(puzzle.kind(), cagey::model::Kind::KillerSudoku),
                GenKind::KillerJigsaw => {
                    assert_eq!(puzzle.kind(), cagey::model::Kind::KillerJigsaw)
                }
                GenKind::KenKen => unreachable!(),
            }
            if kind.killer() {
                for cage in puzzle.cages() {
                    assert!(matches!(
                        cage.operation(),
                        Operation::Add | Operation::Given
                    ));
                    let digits: HashSet<u8> =
                        cage.cells().iter().map(|&c| made.solution.get(c)).collect();
                    assert_eq!(digits.len(), cage.cells().len(), "killer digits differ");
                }
            }
            if kind == GenKind::KillerJigsaw {
                assert!(matches!(puzzle.regions(), Regions::Jigsaw(_)));
            }
        }
    }
    // Killer Sudoku with cells in no cage.
    let mut settings = Settings::of_kind(GenKind::Killer, 4);
    settings.uncaged = 3;
    let made = make(&settings, 1, 0);
    assert_sound(&made);
    assert_eq!(made.puzzle.uncovered().count(), 3);
    // Killer Sudoku at a level.
    let mut settings = Settings::of_kind(GenKind::Killer, 4);
    settings.target = Target::from(Level::Normal);
    let made = make(&settings, 1, 0);
    assert_sound(&made);
    assert_eq!(made.graded.map(|g| g.level), Some(Level::Normal));
}

/// The diagonal rule (Killer X, and its KenKen and jigsaw cousins): every digit once on
/// each long diagonal of the solution, the rule carried by the puzzle, one solution under
/// it, and a level reached through the logic's diagonal houses.
#[test]
fn the_diagonal_rule_is_made_for_every_kind() {
    for (kind, size, level) in [
        (GenKind::Killer, 9, Some(Level::Hard)),
        (GenKind::Killer, 9, None),
        (GenKind::Killer, 4, None),
        (GenKind::KillerJigsaw, 5, None),
        (GenKind::KenKen, 5, Some(Level::Normal)),
        (GenKind::KenDoku, 6, None),
    ] {
        let mut settings = Settings::of_kind(kind, size);
        settings.diagonals = true;
        if let Some(level) = level {
            settings.target = Target::from(level);
        }
        let made = make(&settings, 11, 0);
        assert_sound(&made);
        assert!(made.puzzle.options().diagonals, "{kind} {size}x{size}");
        for diagonal in made.puzzle.diagonals() {
            let digits: HashSet<u8> = diagonal
                .cells(size)
                .into_iter()
                .map(|cell| made.solution.get(cell))
                .collect();
            assert_eq!(digits.len(), size, "{}", made.solution);
        }
        if let Some(level) = level {
            assert_eq!(made.graded.map(|g| g.level), Some(level));
        }
    }
    let mut settings = Settings::of_kind(GenKind::KenKen, 3);
    settings.diagonals = true;
    let error = settings.validate().unwrap_err().to_string();
    assert!(
        error.contains("no 3x3 grid holds every digit once on both diagonals"),
        "{error}"
    );
}

#[test]
fn a_seed_gives_the_same_puzzles() {
    let mut settings = Settings::kenken(6);
    settings.target = Target::from(Level::Hard);
    let first: Vec<Puzzle> = (0..3).map(|i| make(&settings, 42, i).puzzle).collect();
    // In another order, as another thread would make them.
    let again: Vec<Puzzle> = (0..3)
        .rev()
        .map(|i| make(&settings, 42, i).puzzle)
        .collect();
    assert_eq!(first, again.into_iter().rev().collect::<Vec<_>>());
    assert_ne!(first[0], make(&settings, 43, 0).puzzle);
}

#[test]
fn impossible_settings_say_so() {
    let mut settings = Settings::kenken(7);
    settings.kind = GenKind::Killer;
    assert!(matches!(
        generate::generate(&settings, &mut rng_for(1, 0)),
        Err(generate::GenerateError::Settings(_))
    ));
    // Division only, dominoes only, no givens: a 9x9 Latin square has no such tiling
    // often enough; the attempts run out rather than the program hanging.
    let mut settings = Settings::kenken(3);
    settings.operations = "/".parse().unwrap();
    settings.cage_sizes = "2".parse().unwrap();
    settings.time_limit = Duration::from_secs(2).into();
    let result = generate::generate(&settings, &mut rng_for(1, 0));
    assert!(result.is_err(), "a 3x3 tiled by dominoes of quotients");
}

/// Every ambiguous puzzle of the corpus is made unique by the changes `make_unique` reports,
/// and each change is one it says it made: applied to the original, they give the repair.
#[test]
fn every_ambiguous_corpus_puzzle_is_made_unique() {
    for file in ["several-5x5.kk", "several-6x6.kk"] {
        let path = format!("{}/../../corpora/random/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        for entry in cagey::formats::parse_all(cagey::formats::Format::Kk, &text) {
            let entry = entry.unwrap();
            let repair = make_unique(&entry.puzzle, None, Duration::from_secs(60).into()).unwrap();
            assert!(!repair.changes.is_empty(), "{file} line {}", entry.line);
            let report = default_solver()
                .solve(&repair.puzzle, &Limits::uniqueness())
                .unwrap();
            assert_eq!(report.outcome, Outcome::Unique(repair.solution.clone()));
            // The original puzzle's solution is kept: the repair only narrows it.
            assert!(check(&entry.puzzle, &repair.solution).is_ok());
            // Cages the changes do not name are left as they were.
            let named: Vec<&cagey::Cage> = repair
                .changes
                .iter()
                .filter_map(|c| match c {
                    generate::Change::Relabel { from, .. }
                    | generate::Change::Split { from, .. } => Some(from),
                    generate::Change::Given { .. } => None,
                })
                .collect();
            for cage in entry.puzzle.cages() {
                if !named.contains(&cage) {
                    assert!(
                        repair.puzzle.cages().contains(cage),
                        "{file} line {}",
                        entry.line
                    );
                }
            }
        }
    }
}

/// Levels are reached by probes of the logic rules, which prove uniqueness on the way: with
/// hidden operations, multi-cell − and ÷, an operation subset, and every kind, each puzzle
/// is unique by the solver (and brute force up to 5x5) and at the level by a full grade.
#[test]
fn levels_are_reached_with_every_option_and_kind() {
    let mut cases: Vec<(Settings, Level)> = Vec::new();
    let mut hidden = Settings::kenken(5);
    hidden.hidden_operations = true;
    cases.push((hidden, Level::Hard));
    let mut multi = Settings::kenken(5);
    multi.multi_cell = true;
    multi.operations = "+-/".parse().unwrap();
    multi.set_style(multi.style);
    cases.push((multi, Level::Normal));
    let mut products = Settings::kenken(5);
    products.operations = OperationSet::MULTIPLY;
    // Keen's style draws the big style's sizes for × alone (set after the operations).
    products.set_style(products.style);
    cases.push((products, Level::Extreme));
    cases.push((Settings::of_kind(GenKind::KenDoku, 6), Level::Easy));
    cases.push((Settings::of_kind(GenKind::KillerJigsaw, 5), Level::Hard));
    // On the killer ladder a 4x4 killer is almost always easy (the 45 rule finishes it):
    // the killer case is a 6x6 at normal, where a third of killers made without a level fall.
    cases.push((Settings::of_kind(GenKind::Killer, 6), Level::Normal));
    for (mut settings, level) in cases {
        settings.target = Target::from(level);
        for index in 0..2 {
            let made = make(&settings, 5, index);
            assert_sound(&made);
            assert_operations(
                &made.puzzle,
                settings.operations,
                settings.hidden_operations,
            );
            let grade = logic::grade(&made.puzzle, &LogicLimits::default()).unwrap();
            assert_eq!(grade.level, level, "{settings:?} {index}");
            assert_eq!(made.graded.map(|g| g.score), Some(grade.score));
        }
    }
}

/// Guards the givens above 20x20: without them no 32x32 candidate's uniqueness check found
/// a solution. Some seconds in release, minutes in debug, so run by hand:
/// `cargo test --release -p cagey --test generate -- --ignored thirty_two`.
#[test]
#[ignore]
fn thirty_two_by_thirty_two_is_made_within_the_default_limit() {
    let settings = Settings::kenken(32);
    let generated = generate::generate(&settings, &mut rng_for(42, 0))
        .unwrap_or_else(|e| panic!("32x32, seed 42/0: {e}"));
    assert_sound(&generated);
    let givens = generated
        .puzzle
        .cages()
        .iter()
        .filter(|c| c.operation() == Operation::Given)
        .count();
    assert_eq!(givens, settings.placed_givens());
}

/// Issue #44: 10,000 9x9s made over the five levels, 2,000 each, from one seed, with no
/// filter for repeats (the command's `Distinct` is a second line of defence), hold 10,000
/// different solutions and 10,000 different cage layouts: the generators keyed by level and
/// index do not meet. About four minutes of one core in release, so run by hand:
/// `cargo test --release -p cagey --test generate -- --ignored ten_thousand`.
#[test]
#[ignore]
fn ten_thousand_nine_by_nines_over_the_levels_are_all_different() {
    let mut solutions = HashSet::new();
    let mut layouts = HashSet::new();
    for level in Level::ALL {
        let request = generate::Request {
            size: Some(9),
            difficulty: Some(Target::from(level)),
            ..Default::default()
        };
        for made in generate::Stream::new(request.settings().unwrap(), 7, 0..2_000, 0).unwrap() {
            let made = made.result.unwrap_or_else(|e| panic!("{level}: {e}"));
            assert_eq!(made.graded.map(|g| g.level), Some(level));
            solutions.insert(made.solution.digits().to_vec());
            let mut layout: Vec<Vec<usize>> = made
                .puzzle
                .cages()
                .iter()
                .map(|cage| cage.cells().iter().map(|cell| cell.index()).collect())
                .collect();
            layout.sort();
            layouts.insert(layout);
        }
    }
    assert_eq!(solutions.len(), 10_000);
    assert_eq!(layouts.len(), 10_000);
}
