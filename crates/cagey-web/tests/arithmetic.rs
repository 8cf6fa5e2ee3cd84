//! The library's answers for the page's cage arithmetic: `static/test/arithmetic.json` holds
//! a few hundred full cages (every operation, `?`, givens, multi-cell − and ÷, killer sums
//! with and without a repeated digit) and what the library's checker says of each, and
//! `static/test/arithmetic.test.js` runs `static/arithmetic.js` against every one under
//! Node. The cases are made here from a seeded generator and judged by
//! `cagey::model::violations`; the test fails when the committed file is not exactly what
//! the library answers now, so the page cannot keep an answer the library has dropped.
//!
//! After a deliberate change to the library's rules, rewrite the file with
//! `UPDATE_GOLDEN=1 cargo test -p cagey-web --test arithmetic`, look at the diff, and run
//! `node --test crates/cagey-web/static/test/*.test.js`.

use std::collections::BTreeSet;
use std::path::PathBuf;

use cagey::formats::json::op_name;
use cagey::model::{violations, Options, Violation};
use cagey::{Cage, CageId, Cell, Grid, Operation, Puzzle};

/// The side of every case's grid: digits 1 to 9, and room for a cage of `MAX_CELLS` in the
/// first row.
const SIZE: usize = 9;

/// The most cells a case's cage has: enough for − and ÷ over several cells, few enough
/// that sums and products stay small and cases stay readable.
const MAX_CELLS: usize = 5;

/// Random digit lists for each operation, rule and cage size. With the targets each list
/// is tried against (what each operation makes of it, and one random) this gives about
/// five hundred cases: "a few hundred", each small enough to read in the file.
const LISTS_PER_SHAPE: usize = 3;

/// The seed of the cases: fixed, so the file is the same on every run.
const SEED: u64 = 42;

/// One case: a full cage and the rules in force.
struct Case {
    operation: Operation,
    target: u64,
    digits: Vec<u8>,
    multi_cell: bool,
    killer: bool,
}

/// SplitMix64: a few lines, no dependency, and the same numbers on every platform.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `low..=high`.
    fn between(&mut self, low: u64, high: u64) -> u64 {
        low + self.next() % (high - low + 1)
    }

    fn digit(&mut self) -> u8 {
        self.between(1, SIZE as u64) as u8
    }
}

/// Whether the library builds a cage of `operation` over `cells` cells with `target`.
/// Kept beside the cases (rather than learnt from a failed build) so that a case the
/// library refuses is a mistake here, not a silent gap.
fn buildable(operation: Operation, cells: usize, target: u64, multi_cell: bool) -> bool {
    let arity = match operation {
        Operation::Subtract | Operation::Divide => cells == 2 || (multi_cell && cells > 2),
        Operation::Given => cells == 1,
        Operation::Add | Operation::Multiply | Operation::Unknown => true,
    };
    let zero_allowed = multi_cell && matches!(operation, Operation::Subtract | Operation::Unknown);
    let target_ok = match operation {
        Operation::Given => (1..=SIZE as u64).contains(&target),
        _ => target > 0 || zero_allowed,
    };
    arity && target_ok
}

/// The targets worth trying `digits` against: what each operation makes of them (so that
/// every operation is both met and missed, and `?` is met through each), and one at
/// random. Only steers the choice of cases: the answers are the library's.
fn targets(digits: &[u8], rng: &mut Rng) -> BTreeSet<u64> {
    let digits: Vec<u64> = digits.iter().map(|&d| u64::from(d)).collect();
    let sum: u64 = digits.iter().sum();
    let product: u64 = digits.iter().product();
    let largest = digits.iter().copied().max().unwrap_or(1);
    let mut found = BTreeSet::from([sum, product, rng.between(0, 20)]);
    if let Some(difference) = (2 * largest).checked_sub(sum) {
        found.insert(difference);
    }
    let rest = product / largest;
    if largest % rest == 0 {
        found.insert(largest / rest);
    }
    found
}

/// Digits for a −, ÷ or `?` cage that − or ÷ can make something of: most random lists of
/// three or more cells go below 0 or leave a fraction, and would all be misses.
fn reachable(operation: Operation, cells: usize, rng: &mut Rng) -> Vec<u8> {
    loop {
        let digits: Vec<u8> = (0..cells).map(|_| rng.digit()).collect();
        let values: Vec<u64> = digits.iter().map(|&d| u64::from(d)).collect();
        let largest = values.iter().copied().max().unwrap_or(1);
        let sum: u64 = values.iter().sum();
        let rest: u64 = values.iter().product::<u64>() / largest;
        let fits = match operation {
            Operation::Subtract => 2 * largest >= sum,
            // A positive difference, so that `?` without the multi-cell rule (no target 0)
            // has cases that only − would make.
            Operation::Unknown => 2 * largest > sum,
            Operation::Divide => largest % rest == 0,
            _ => true,
        };
        if fits {
            return digits;
        }
    }
}

/// Every case, in a fixed order.
fn cases() -> Vec<Case> {
    let mut rng = Rng(SEED);
    let mut cases = Vec::new();
    // Givens: the digit is the target, or not.
    for digit in [1, 4, 9] {
        for target in [1, 4, 9] {
            cases.push(Case {
                operation: Operation::Given,
                target,
                digits: vec![digit],
                multi_cell: false,
                killer: false,
            });
        }
    }
    // KenKen's operations and `?`, under both rules, on one to `MAX_CELLS` cells.
    let operations = [
        Operation::Add,
        Operation::Subtract,
        Operation::Multiply,
        Operation::Divide,
        Operation::Unknown,
    ];
    for operation in operations {
        for multi_cell in [false, true] {
            for cells in 1..=MAX_CELLS {
                if !buildable(operation, cells, 1, multi_cell) {
                    continue;
                }
                for list in 0..LISTS_PER_SHAPE {
                    // Every other list one that − or ÷ makes something of.
                    let digits = if list % 2 == 0 {
                        reachable(operation, cells, &mut rng)
                    } else {
                        (0..cells).map(|_| rng.digit()).collect()
                    };
                    for target in targets(&digits, &mut rng) {
                        if buildable(operation, cells, target, multi_cell) {
                            cases.push(Case {
                                operation,
                                target,
                                digits: digits.clone(),
                                multi_cell,
                                killer: false,
                            });
                        }
                    }
                }
            }
        }
    }
    // Killer sums: different digits, then a digit twice, against the sum and one more.
    for cells in 1..=MAX_CELLS {
        for list in 0..2 * LISTS_PER_SHAPE {
            let mut digits: Vec<u8> = Vec::new();
            while digits.len() < cells {
                let digit = rng.digit();
                if !digits.contains(&digit) {
                    digits.push(digit);
                }
            }
            if list % 2 == 1 && cells > 1 {
                digits[cells - 1] = digits[0];
            }
            let sum: u64 = digits.iter().map(|&d| u64::from(d)).sum();
            for target in [sum, sum + 1] {
                cases.push(Case {
                    operation: Operation::Add,
                    target,
                    digits: digits.clone(),
                    multi_cell: false,
                    killer: true,
                });
            }
        }
    }
    cases
}

/// What the library's checker says of the case's cage: `met`, `misses` (`Violation::Cage`)
/// or `repeats` (`Violation::KillerRepeat`), the words of `arithmetic.js`'s `judgeCage`.
///
/// The cage takes the first cells of row 1 of a 9x9 grid; the other cells are givens of a
/// Latin square, left empty (an empty cell breaks nothing), or out of every cage in a
/// killer. Repeats in row 1 are rules of the row, not of the cage, and are not asked about.
fn answer(case: &Case) -> &'static str {
    let cells: Vec<Cell> = (0..case.digits.len()).map(|c| Cell(c as u16)).collect();
    let mut cages = vec![Cage::new(case.operation, case.target, cells)];
    if !case.killer {
        for index in case.digits.len()..SIZE * SIZE {
            let (row, col) = (index / SIZE, index % SIZE);
            cages.push(Cage::given(
                Cell(index as u16),
                ((row + col) % SIZE + 1) as u8,
            ));
        }
    }
    let options = Options {
        killer: case.killer,
        multi_cell: case.multi_cell,
        ..Options::default()
    };
    let puzzle = Puzzle::builder(SIZE)
        .cages(cages)
        .options(options)
        .build()
        .unwrap_or_else(|error| panic!("{}: {error}", line(case, "?")));
    let mut digits = vec![0; SIZE * SIZE];
    digits[..case.digits.len()].copy_from_slice(&case.digits);
    let grid = Grid::from_digits(SIZE, digits).expect("digits 0 to 9 on a 9x9 grid");
    let found = violations(&puzzle, &grid);
    if found.contains(&Violation::KillerRepeat(CageId(0))) {
        "repeats"
    } else if found.contains(&Violation::Cage(CageId(0))) {
        "misses"
    } else {
        "met"
    }
}

/// One case as a line of the file.
fn line(case: &Case, answer: &str) -> String {
    let digits: Vec<String> = case.digits.iter().map(u8::to_string).collect();
    format!(
        r#"{{"op": "{}", "target": {}, "digits": [{}], "multi_cell": {}, "killer": {}, "answer": "{answer}"}}"#,
        op_name(case.operation),
        case.target,
        digits.join(", "),
        case.multi_cell,
        case.killer,
    )
}

/// The file's text: a note on where it comes from, then one case per line.
fn fixture(cases: &[Case]) -> String {
    let lines: Vec<String> = cases.iter().map(|case| line(case, answer(case))).collect();
    format!(
        "{{\"about\": \"Full cages and what cagey's checker says of each; written by \
         crates/cagey-web/tests/arithmetic.rs (UPDATE_GOLDEN=1 cargo test -p cagey-web \
         --test arithmetic), read by static/test/arithmetic.test.js.\",\n\
         \"cases\": [\n{}\n]}}\n",
        lines.join(",\n")
    )
}

fn fixture_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("static/test/arithmetic.json")
}

#[test]
fn the_committed_cases_are_the_librarys_answers() {
    let text = fixture(&cases());
    let path = fixture_path();
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &text).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_else(|error| {
        panic!(
            "{}: {error} (UPDATE_GOLDEN=1 cargo test -p cagey-web --test arithmetic writes it)",
            path.display()
        )
    });
    if committed != text {
        let first = committed
            .lines()
            .zip(text.lines())
            .position(|(old, new)| old != new)
            .map_or(String::from("the files differ in length"), |index| {
                format!(
                    "line {}:\n  committed: {}\n  library:   {}",
                    index + 1,
                    committed.lines().nth(index).unwrap_or(""),
                    text.lines().nth(index).unwrap_or("")
                )
            });
        panic!(
            "{} is not what the library answers now, first at {first}\n\
             After a deliberate change to the rules, rewrite it with \
             UPDATE_GOLDEN=1 cargo test -p cagey-web --test arithmetic, read the diff, and run \
             node --test crates/cagey-web/static/test/*.test.js",
            path.display()
        );
    }
}

/// Guards the fixture's reach: a change to the generator that left out an operation, or
/// made every case of one a miss, would pass the comparison above and test nothing.
#[test]
fn the_cases_cover_every_operation_rule_and_answer() {
    let cases = cases();
    let judged: Vec<(&Case, &str)> = cases.iter().map(|case| (case, answer(case))).collect();
    assert!(
        (300..=800).contains(&cases.len()),
        "{} cases: a few hundred are meant",
        cases.len()
    );
    let has = |what: &str, test: &dyn Fn(&Case, &str) -> bool| {
        assert!(
            judged.iter().any(|&(case, answer)| test(case, answer)),
            "no case {what}"
        );
    };
    for operation in Operation::ALL {
        for wanted in ["met", "misses"] {
            has(&format!("of {operation} {wanted}"), &|case, answer| {
                case.operation == operation && answer == wanted
            });
        }
    }
    for operation in [Operation::Subtract, Operation::Divide] {
        has(
            &format!("of multi-cell {operation} met"),
            &|case, answer| case.operation == operation && case.digits.len() > 2 && answer == "met",
        );
    }
    // The case the page's two copies disagreed on: `?` over three or more cells that only
    // − or ÷ makes, met under the multi-cell rule and missed without it.
    for multi_cell in [false, true] {
        has(
            &format!("of ? made by - or / alone, multi_cell {multi_cell}"),
            &|case, answer| {
                let digits: Vec<u64> = case.digits.iter().map(|&d| u64::from(d)).collect();
                let (sum, product) = (digits.iter().sum::<u64>(), digits.iter().product::<u64>());
                let largest = digits.iter().copied().max().unwrap_or(0);
                let by_minus = 2 * largest == sum + case.target;
                let by_division = largest == product / largest * case.target;
                case.operation == Operation::Unknown
                    && case.multi_cell == multi_cell
                    && digits.len() > 2
                    && (by_minus || by_division)
                    && sum != case.target
                    && product != case.target
                    && answer == if multi_cell { "met" } else { "misses" }
            },
        );
    }
    has("with a target of 0", &|case, answer| {
        case.target == 0 && answer == "met"
    });
    has("of a killer sum met", &|case, answer| {
        case.killer && answer == "met"
    });
    has("of a killer sum missed", &|case, answer| {
        case.killer && answer == "misses"
    });
    has(
        "of a killer sum made with a repeated digit",
        &|case, answer| {
            let sum: u64 = case.digits.iter().map(|&d| u64::from(d)).sum();
            case.killer && sum == case.target && answer == "repeats"
        },
    );
}
