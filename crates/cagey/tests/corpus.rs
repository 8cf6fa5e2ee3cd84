//! The corpus test: every registered solver against real puzzles with known answers.
//!
//! The puzzles live in the repository's `corpora/` folder: Keen's generated puzzles, puzzles
//! from newspapers and other solvers' test data (`external.kk`), and random puzzles with an
//! exact number of solutions, none included. Each block's `# key=value` comments say what
//! is known: `solution=` (or `computed_solution=`), `solutions=N`, or a `check=` line.

use std::path::{Path, PathBuf};
use std::time::Duration;

use cagey::formats::kk::{self, Entry};
use cagey::solve::{self, Limits, Outcome, Solver};
use cagey::{check, examples, Grid, Puzzle};

/// What a corpus block says of its puzzle.
struct Case {
    place: String,
    puzzle: Puzzle,
    /// The exact number of solutions, or `None` for "at least two".
    count: Option<u64>,
    /// A known solution.
    solution: Option<Grid>,
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpora")
}

fn cases(relative: &str) -> Vec<Case> {
    let path = corpus_dir().join(relative);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{relative}: {e}"));
    kk::parse_all(&text)
        .into_iter()
        .map(|entry| {
            let entry = entry.unwrap_or_else(|e| panic!("{relative}: {e}"));
            case(relative, entry)
        })
        .collect()
}

fn case(file: &str, entry: Entry) -> Case {
    let size = entry.puzzle.size();
    let count = match (entry.meta("solutions"), entry.meta("check")) {
        (Some(n), _) => Some(n.parse().expect("solutions= is a number")),
        (None, Some(check)) if check.contains("MULTIPLE") => None,
        (None, Some(check)) if check.contains("exactly 1") => Some(1),
        // Keen grades only puzzles with one solution.
        (None, _) if file.starts_with("keen") => Some(1),
        _ => panic!("{file} line {}: no known count", entry.line),
    };
    let solution = [entry.meta("solution"), entry.meta("computed_solution")]
        .into_iter()
        .flatten()
        .find_map(|text| kk::parse_solution(size, text.split_whitespace().next()?));
    Case {
        place: format!("{file} line {}", entry.line),
        puzzle: entry.puzzle,
        count,
        solution,
    }
}

fn keen_files(sizes: impl Fn(usize) -> bool) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(corpus_dir().join("keen"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| {
            let size = name["keen_".len()..]
                .chars()
                .next()
                .unwrap()
                .to_digit(10)
                .unwrap();
            name.ends_with(".kk") && sizes(size as usize)
        })
        .map(|name| format!("keen/{name}"))
        .collect();
    files.sort();
    files
}

/// Runs `solver` on `case`, asking for one more solution than known, and checks its answer.
/// Returns `false` if the solver declined the puzzle or ran out of budget.
fn verify(solver: &dyn Solver, case: &Case, budget: Duration) -> bool {
    let mut limits = Limits::solutions(case.count.unwrap_or(1) + 1);
    limits.time_limit = budget.into();
    limits.keep = usize::MAX;
    let Ok(report) = solver.solve(&case.puzzle, &limits) else {
        return false;
    };
    let who = format!("{} on {}", solver.name(), case.place);
    for grid in report.outcome.solutions() {
        assert_eq!(
            check(&case.puzzle, grid),
            Ok(()),
            "{who}: a wrong solution\n{grid}"
        );
    }
    let found = report.outcome.solutions();
    match (&report.outcome, case.count) {
        (Outcome::GaveUp { .. }, _) => return false,
        (Outcome::Unsolvable, Some(0)) => {}
        (Outcome::Unique(grid), Some(1)) => {
            if let Some(solution) = &case.solution {
                assert_eq!(grid, solution, "{who}: not the known solution");
            }
        }
        (
            Outcome::Multiple {
                count,
                complete: true,
                ..
            },
            Some(n),
        ) if *count == n => {}
        (
            Outcome::Multiple {
                count: 2,
                complete: false,
                ..
            },
            None,
        ) => {}
        (outcome, expected) => {
            panic!(
                "{who}: expected {expected:?} solutions, found {} ({outcome:?})",
                outcome.count()
            )
        }
    }
    if let Some(solution) = &case.solution {
        if case.count.is_some() {
            assert!(
                found.contains(solution),
                "{who}: the known solution was not found"
            );
        }
    }
    true
}

#[test]
fn the_production_solver_answers_every_corpus_puzzle() {
    let mut files = keen_files(|_| true);
    files.extend(
        [
            "external.kk",
            "random/unique-4x4.kk",
            "random/unique-6x6.kk",
            "random/unique-9x9.kk",
            "random/several-5x5.kk",
            "random/several-6x6.kk",
            "random/none-6x6.kk",
            "killer-and-jigsaw.kk",
        ]
        .map(String::from),
    );
    let solver = solve::default_solver();
    let mut total = 0;
    for file in &files {
        for case in cases(file) {
            assert!(
                verify(solver, &case, Duration::from_secs(20)),
                "{} gave up on {}",
                solver.name(),
                case.place
            );
            total += 1;
        }
    }
    assert!(total > 2500, "only {total} puzzles were read");
}

/// Every file of puzzles in `corpora/` (all but the notes, `.md`), read as `cagey` reads it:
/// the format detected from the text, the multi-cell files under that option (their blocks
/// predate the directive). Not one puzzle may fail to read.
#[test]
fn every_puzzle_file_in_the_corpora_is_readable() {
    fn files(dir: &Path, found: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                files(&path, found);
            } else if path.extension().is_none_or(|e| e != "md") {
                found.push(path);
            }
        }
    }
    let mut found = Vec::new();
    files(&corpus_dir(), &mut found);
    assert!(found.len() > 70, "{found:?}");
    let mut total = 0;
    for path in &found {
        let name = path.file_name().unwrap().to_string_lossy();
        let options = cagey::model::Options {
            multi_cell: name.contains("multicell") || name.contains("nonstandard"),
            ..Default::default()
        };
        let text = std::fs::read_to_string(path).unwrap();
        let format = cagey::formats::detect(&text);
        let entries = cagey::formats::parse_all_with(format, &text, options);
        assert!(!entries.is_empty(), "{}: no puzzle", path.display());
        for entry in entries {
            entry.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            total += 1;
        }
    }
    assert!(total > 2700, "only {total} puzzles were read");
}

/// Puzzles with subtraction and division over three or more cells, which need the
/// multi-cell option: the corpus files predate the `# multi-cell` directive, so they are read
/// with the option given to the parser, as `--multi-cell` does.
#[test]
fn multi_cell_puzzles_solve_under_the_multi_cell_option() {
    let files = [
        "external-nonstandard.kk",
        "random/multicell-minus-divide-5x5.kk",
    ];
    let multi_cell = cagey::model::Options {
        multi_cell: true,
        ..Default::default()
    };
    let mut total = 0;
    for file in files {
        let text = std::fs::read_to_string(corpus_dir().join(file)).unwrap();
        for entry in kk::parse_all_with(&text, multi_cell) {
            let entry = entry.unwrap_or_else(|e| panic!("{file}: {e}"));
            let case = case(file, entry);
            assert!(case.puzzle.options().multi_cell);
            for solver in cagey::solvers::registry() {
                // The essay's methods on the small ones (direct refuses most of them).
                let small = case.puzzle.size() <= 5 && solver.name() != "direct";
                if solver.name() == "propagate" || small {
                    assert!(
                        verify(*solver, &case, Duration::from_secs(20)),
                        "{} gave up on {}",
                        solver.name(),
                        case.place
                    );
                }
            }
            total += 1;
        }
    }
    assert!(total >= 20, "only {total} puzzles were read");
}

#[test]
fn every_solver_agrees_on_small_puzzles() {
    let mut small: Vec<Case> = examples::EXAMPLES
        .iter()
        .map(|example| Case {
            place: format!("example {}", example.name),
            puzzle: example.puzzle(),
            count: Some(1),
            solution: Some(example.solution()),
        })
        .collect();
    for file in keen_files(|size| size <= 5) {
        small.extend(cases(&file).into_iter().step_by(5));
    }
    for file in [
        "random/unique-4x4.kk",
        "random/several-5x5.kk",
        "random/none-6x6.kk",
    ] {
        small.extend(cases(file));
    }
    for solver in cagey::solvers::registry() {
        let answered = small
            .iter()
            .filter(|case| verify(*solver, case, Duration::from_secs(2)))
            .count();
        // Each method must handle at least the 4x4 puzzles; what it declines it says so.
        assert!(
            answered >= 20,
            "{} answered only {answered} puzzles",
            solver.name()
        );
    }
}
