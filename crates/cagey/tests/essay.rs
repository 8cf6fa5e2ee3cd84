//! The J essay's three methods against the essay's own numbers, and against the production
//! solver.
//!
//! The essay prints the initial possibilities of kk0, the merge counts of kk0..kk3 and the
//! direct method's combination count for kk1; these tests check ours equal them. Then every
//! method must find the same solutions as the production solver, with the same verdict
//! (unique, several, none), on the built-in examples, on the small puzzles of the corpora, and
//! on random small puzzles, with solutions and without.

mod random;

use std::collections::BTreeSet;
use std::path::Path;
use std::time::Duration;

use cagey::formats::kk;
use cagey::solve::{self, count, merge, tables, Limits, Outcome, SolveError, Solver};
use cagey::{check, examples, Cell, Grid, Puzzle};
use proptest::prelude::*;
use random::{corrupt_target, random_puzzle, Rng};

fn example(name: &str) -> Puzzle {
    examples::by_name(name).unwrap().puzzle()
}

fn method(name: &str) -> &'static dyn Solver {
    cagey::solvers::by_name(name).unwrap_or_else(|| panic!("no method {name}"))
}

/// The essay's three methods, by their command-line names.
const ESSAY_METHODS: [&str; 3] = ["direct", "merge", "eliminate"];

#[test]
fn init_of_kk0_is_the_essays_table() {
    let tables = tables::cage_tables(&example("kk0"), &Limits::default()).unwrap();
    // The essay's table of `c ,: init t`, cage by cage: cells, then tuples in order.
    let expected: [(&[u16], &str); 7] = [
        (&[0], "1"),
        (
            &[1, 2, 5, 6],
            "1334 1442 2342 2432 2441 3143 3224 3413 4124 4214 4223 4331",
        ),
        (&[3, 7], "13 31"),
        (&[4, 8, 9], "124 142 214 241 412 421"),
        (&[10, 11], "12 21 23 32 34 43"),
        (&[12, 13], "34 43"),
        (&[14, 15], "12 21 24 42"),
    ];
    assert_eq!(tables.len(), expected.len());
    for (table, (cells, rows)) in tables.iter().zip(expected) {
        let cells: Vec<Cell> = cells.iter().map(|&c| Cell(c)).collect();
        assert_eq!(table.cells(), cells);
        let rows: Vec<Vec<u8>> = rows
            .split(' ')
            .map(|row| row.bytes().map(|b| b - b'0').collect())
            .collect();
        let ours: Vec<Vec<u8>> = table.rows().map(<[u8]>::to_vec).collect();
        assert_eq!(ours, rows, "cage at cell {}", cells[0]);
    }
    assert_eq!(tables::combinations(&tables).to_string(), "6912");
}

/// The essay's `mcounts&.> kk0;kk1;kk2;kk3`, column by column: the product as J prints it
/// (6 significant digits), then the rows left after merging.
const MCOUNTS: [(&str, &[(&str, u64)]); 4] = [
    (
        "kk0",
        &[
            ("4", 4),
            ("8", 4),
            ("48", 16),
            ("288", 12),
            ("576", 4),
            ("6912", 1),
            ("6912", 1),
        ],
    ),
    (
        "kk1",
        &[
            ("10", 10),
            ("80", 52),
            ("320", 100),
            ("4160", 146),
            ("74880", 162),
            ("748800", 506),
            ("4.4928e6", 212),
            ("4.4928e7", 70),
            ("8.9856e7", 78),
            ("8.9856e7", 60),
            ("8.9856e8", 60),
            ("5.39136e9", 62),
            ("4.31309e10", 24),
            ("4.31309e11", 18),
            ("6.46963e12", 4),
            ("3.88178e13", 1),
            ("3.88178e13", 1),
        ],
    ),
    (
        "kk2",
        &[
            ("2", 2),
            ("14", 8),
            ("140", 42),
            ("280", 36),
            ("11200", 110),
            ("134400", 42),
            ("5.2416e6", 178),
            ("3.14496e7", 151),
            ("3.14496e8", 46),
            ("5.66093e9", 255),
            ("3.39656e10", 154),
            ("1.35862e11", 154),
            ("1.52166e13", 108),
            ("2.40422e15", 636),
            ("3.36591e16", 1187),
            ("2.01954e17", 868),
            ("1.61564e18", 948),
            ("9.69381e18", 356),
            ("3.87752e19", 44),
            ("2.32651e20", 29),
            ("1.20979e22", 2),
            ("4.06489e24", 1),
            ("4.06489e25", 1),
            ("2.43893e26", 1),
        ],
    ),
    (
        "kk3",
        &[
            ("8", 8),
            ("80", 44),
            ("320", 112),
            ("4480", 580),
            ("17920", 548),
            ("143360", 648),
            ("286720", 660),
            ("6.88128e6", 656),
            ("9.63379e7", 1932),
            ("5.78028e8", 376),
            ("4.62422e9", 64),
            ("6.47391e10", 288),
            ("6.47391e11", 648),
            ("7.76869e12", 728),
            ("9.32243e13", 312),
            ("3.35607e15", 1944),
            ("3.35607e15", 920),
            ("6.71215e15", 272),
            ("1.34243e16", 104),
            ("1.8794e17", 172),
            ("1.12764e18", 68),
            ("1.12764e18", 24),
            ("6.76585e18", 40),
            ("1.35317e19", 24),
            ("4.60077e20", 8),
            ("2.76046e21", 2),
            ("1.07658e23", 1),
            ("2.15316e23", 1),
            ("8.61265e23", 1),
            ("1.03352e25", 1),
        ],
    ),
];

#[test]
fn mcounts_of_kk0_to_kk3_are_the_essays_table() {
    for (name, essay) in MCOUNTS {
        let ours = merge::mcounts(&example(name), &Limits::default()).unwrap();
        assert_eq!(ours.len(), essay.len(), "{name}: one row per cage");
        for (i, (row, &(product, rows))) in ours.iter().zip(essay).enumerate() {
            assert_eq!(row.cages, i + 1, "{name}");
            assert_eq!(row.product.approx(), product, "{name}, row {}", i + 1);
            assert_eq!(row.rows, rows, "{name}, row {}", i + 1);
            // Products short enough for J to print whole are printed whole here too.
            if product.len() <= count::ESSAY_PRECISION && !product.contains('e') {
                assert_eq!(row.product.to_string(), product);
            }
        }
    }
    // The exact figures behind the essay's rounded ones.
    let kk1 = merge::mcounts(&example("kk1"), &Limits::default()).unwrap();
    assert_eq!(kk1.last().unwrap().product.to_string(), "38817792000000");
    let kk2 = merge::mcounts(&example("kk2"), &Limits::default()).unwrap();
    let product = &kk2.last().unwrap().product;
    assert!(product.to_u128().unwrap() > u128::from(u64::MAX));
    assert!(product.to_string().starts_with("243893"));
}

#[test]
fn direct_solves_kk0_and_refuses_kk1_at_once() {
    let kk0 = examples::by_name("kk0").unwrap();
    let report = method("direct")
        .solve(&kk0.puzzle(), &Limits::default())
        .unwrap();
    assert_eq!(report.outcome, Outcome::Unique(kk0.solution()));
    assert_eq!(report.stats.combinations, 6912);

    let error = method("direct")
        .solve(&example("kk1"), &Limits::default())
        .unwrap_err();
    assert!(matches!(
        error,
        SolveError::TooManyCombinations {
            combinations: 38_817_792_000_000,
            limit: solve::DEFAULT_MAX_COMBINATIONS,
        }
    ));
    let message = error.to_string();
    assert!(message.contains("38817792000000"), "{message}");
    assert!(
        message.contains("raise the limit on combinations"),
        "{message}"
    );
}

/// What a solver answered, reduced to what must agree: how many solutions it found (up to
/// the limit), and which.
#[derive(Debug, PartialEq, Eq)]
struct Answer {
    count: u64,
    solutions: BTreeSet<Grid>,
}

/// Solves with `limit` solutions at most; `None` if the method declined the puzzle as too
/// large for it. Every solution returned must pass the independent checker.
fn answer(solver: &dyn Solver, puzzle: &Puzzle, limits: &Limits) -> Option<Answer> {
    let report = match solver.solve(puzzle, limits) {
        Ok(report) => report,
        Err(
            SolveError::TooManyCombinations { .. }
            | SolveError::CombinationsOverflow { .. }
            | SolveError::TableTooLarge { .. }
            | SolveError::CageTooLarge { .. },
        ) => return None,
        Err(error) => panic!("{}: {error}", solver.name()),
    };
    let outcome = report.outcome;
    assert!(
        !matches!(outcome, Outcome::GaveUp { .. }),
        "{} gave up: {outcome:?}",
        solver.name()
    );
    for grid in outcome.solutions() {
        assert_eq!(check(puzzle, grid), Ok(()), "{}: {grid}", solver.name());
    }
    let count = outcome.count();
    // All solutions are kept, so below the limit the set is every solution; at the limit,
    // which ones were found first depends on the method's order.
    let solutions = if count < limits.max_solutions {
        outcome.solutions().iter().cloned().collect()
    } else {
        BTreeSet::new()
    };
    Some(Answer { count, solutions })
}

/// Limits for comparing methods: `max_solutions`, every solution kept, a time limit far
/// above what any puzzle here takes (a method that hangs fails instead of stalling the
/// suite), and a direct method held to `max_combinations`.
fn limits(max_solutions: u64, max_combinations: u128) -> Limits {
    let mut limits = Limits::solutions(max_solutions);
    limits.keep = usize::MAX;
    limits.time_limit = Duration::from_secs(30).into();
    limits.max_combinations = max_combinations;
    limits
}

/// Checks every essay method against the production solver on `puzzle`; returns how many
/// methods answered.
fn agree(puzzle: &Puzzle, limits: &Limits, place: &str) -> usize {
    let expected = answer(solve::default_solver(), puzzle, limits)
        .unwrap_or_else(|| panic!("{place}: the production solver declined"));
    let mut answered = 0;
    for name in ESSAY_METHODS {
        if let Some(ours) = answer(method(name), puzzle, limits) {
            assert_eq!(ours, expected, "{name} on {place}");
            answered += 1;
        }
    }
    answered
}

#[test]
fn every_method_agrees_with_the_production_solver_on_the_examples() {
    // The essay's own examples and p4: plain KenKen, which every method takes (the variant
    // examples are the production solver's, `tests/examples.rs`).
    let plain = ["kk0", "kk1", "kk2", "kk3", "p4"];
    for example in examples::EXAMPLES
        .iter()
        .filter(|e| plain.contains(&e.name))
    {
        let puzzle = example.puzzle();
        let limits = limits(2, solve::DEFAULT_MAX_COMBINATIONS);
        let answered = agree(&puzzle, &limits, example.name);
        // Merging and elimination take every example; the direct method only kk0.
        let expected = if example.name == "kk0" { 3 } else { 2 };
        assert_eq!(answered, expected, "{}", example.name);
        let solution = answer(method("eliminate"), &puzzle, &limits).unwrap();
        assert_eq!(solution.solutions, BTreeSet::from([example.solution()]));
    }
}

/// Combinations the direct method may examine on corpus puzzles in these tests: enough for
/// most 4x4 puzzles, few enough that they take well under a second each.
const TEST_MAX_COMBINATIONS: u128 = 300_000;

#[test]
fn every_method_agrees_with_the_production_solver_on_the_corpora() {
    let corpora = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpora");
    let mut files: Vec<String> = std::fs::read_dir(corpora.join("keen"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("keen_4") || name.starts_with("keen_5"))
        .map(|name| format!("keen/{name}"))
        .collect();
    files.sort();
    files.extend(
        [
            "random/unique-4x4.kk",
            "random/unique-6x6.kk",
            "random/several-5x5.kk",
            "random/several-6x6.kk",
            "random/none-6x6.kk",
        ]
        .map(String::from),
    );
    let (mut puzzles, mut answers, mut by_direct) = (0, 0, 0);
    let mut verdicts = [0; 3];
    for file in &files {
        let text = std::fs::read_to_string(corpora.join(file)).unwrap();
        for entry in kk::parse_all(&text) {
            let entry = entry.unwrap_or_else(|e| panic!("{file}: {e}"));
            let place = format!("{file} line {}", entry.line);
            let puzzle = &entry.puzzle;
            // Keen makes puzzles with one solution; the random ones say how many.
            let known: u64 = entry.meta("solutions").map_or(1, |n| n.parse().unwrap());
            let limits = limits(known + 1, TEST_MAX_COMBINATIONS);
            let expected = answer(solve::default_solver(), puzzle, &limits).unwrap();
            assert_eq!(expected.count, known, "{place}: the production solver");
            if let Some(solution) = entry.meta("solution") {
                let solution = kk::parse_solution(puzzle.size(), solution).unwrap();
                assert!(expected.solutions.contains(&solution), "{place}");
            }
            verdicts[known.min(2) as usize] += 1;
            let answered = agree(puzzle, &limits, &place);
            // Merging and elimination take every puzzle of these sizes.
            assert!(answered >= 2, "{place}: only {answered} methods answered");
            by_direct += usize::from(answered == 3);
            answers += answered;
            puzzles += 1;
        }
    }
    assert!(puzzles > 900, "only {puzzles} puzzles read");
    assert!(
        by_direct > 50,
        "the direct method answered only {by_direct}"
    );
    assert!(
        verdicts.iter().all(|&v| v >= 10),
        "none/unique/several: {verdicts:?}"
    );
    assert!(answers >= 2 * puzzles);
}

/// Solutions counted at most in the property test: random 5x5 puzzles with large cages can
/// have hundreds, and counting them all would say nothing more.
const PROPERTY_MAX_SOLUTIONS: u64 = 50;

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn every_method_agrees_on_random_puzzles(
        seed: u64,
        size in 1usize..=5,
        max_cage in 1usize..=4,
        corrupt in proptest::bool::weighted(0.3),
    ) {
        let mut rng = Rng(seed);
        let (mut puzzle, _) = random_puzzle(size, max_cage, &mut rng);
        if corrupt {
            puzzle = corrupt_target(&puzzle, &mut rng);
        }
        let limits = limits(PROPERTY_MAX_SOLUTIONS, TEST_MAX_COMBINATIONS);
        let expected = answer(solve::default_solver(), &puzzle, &limits).unwrap();
        if !corrupt {
            prop_assert!(expected.count >= 1);
        }
        for name in ESSAY_METHODS {
            if let Some(ours) = answer(method(name), &puzzle, &limits) {
                prop_assert_eq!(&ours, &expected, "{} on\n{}", name, kk::write(&puzzle));
            } else {
                // Only the direct method may decline puzzles this small.
                prop_assert_eq!(name, "direct");
            }
        }
    }
}
