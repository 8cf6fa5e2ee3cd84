//! The words of a book's front matter: the rules of each kind of puzzle, written for
//! players, with a small worked example of cagey's own (a 4x4 of each kind, proven to have
//! one solution by this file's tests) and notes on its cages read from the solution; the
//! title page's lines about the book; and the contents' lines.

use crate::formats::kk;
use crate::model::{and_list, Kind, Operation};
use crate::{Grid, Puzzle};

/// A rules page: its heading, its paragraphs, and its worked example.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct RulesPage {
    pub heading: String,
    pub paragraphs: Vec<String>,
    pub example: Option<WorkedExample>,
}

/// A small puzzle of the kind, its solution, and notes on a few of its cages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct WorkedExample {
    pub puzzle: Puzzle,
    pub solution: Grid,
    pub notes: Vec<String>,
}

/// The example grids' captions.
pub(super) const EXAMPLE_CAPTIONS: [&str; 2] = ["The puzzle", "Its solution"];

/// What the rules of a kind say beyond the kind itself, from the book's puzzles of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Seen {
    /// The largest side of the kind's puzzles in the book.
    pub largest: usize,
    /// Some cage hides its operation.
    pub hidden: bool,
    /// Some subtraction or division has more than two cells.
    pub multi_cell: bool,
    /// Some puzzle has the diagonal rule (Killer X).
    pub diagonals: bool,
}

impl Seen {
    /// Takes in one puzzle of the kind.
    pub fn add(&mut self, puzzle: &Puzzle) {
        self.largest = self.largest.max(puzzle.size());
        self.diagonals |= puzzle.options().diagonals;
        for cage in puzzle.cages() {
            match cage.operation() {
                Operation::Unknown => self.hidden = true,
                Operation::Subtract | Operation::Divide if cage.cells().len() > 2 => {
                    self.multi_cell = true;
                }
                _ => {}
            }
        }
    }
}

/// The worked examples: a 4x4 of each kind, as `cagey generate --size 4 --difficulty easy`
/// made them (the jigsaw KenKen and the killer without boxes set by hand on the same
/// grids), with their solutions.
const EXAMPLES: [(Kind, &str, &str); 6] = [
    (
        Kind::KenKen,
        "1-,0 4\n1-,1 2\n2-,3 7\n1-,5 9\n4*,6 10\n7+,8 12\n2%,11 15\n2*,13 14\n",
        "2431124343123124",
    ),
    (
        Kind::KenDoku,
        "# boxes 2x2\n9+,0 1 2\n4%,3 7\n1-,4 8\n3+,5 6\n6*,9 12 13\n3+,10 11\n7+,14 15\n",
        "2431312443121243",
    ),
    (
        Kind::JigsawKenKen,
        "# regions 1333111322002200\n3-,0 1\n6*,2 3\n6+,4 8 12\n2%,5 6\n1-,7 11\n2%,9 10\n\
         7+,13 14\n1,15\n",
        "4132321414232341",
    ),
    (
        Kind::KillerSudoku,
        "# boxes 2x2\n# killer\n6+,0 1\n4+,2 3\n5+,4 8\n7+,5 6 7\n5+,9 10\n5+,11 15\n\
         8+,12 13 14\n",
        "4231312424131342",
    ),
    (
        Kind::KillerJigsaw,
        "# regions 1333111322002200\n# killer\n10+,0 1 2 5\n7+,3 6 7\n6+,4 8 12\n6+,9 10\n\
         4+,11 15\n7+,13 14\n",
        "4132321414232341",
    ),
    (
        Kind::KillerLatin,
        "# killer\n6+,0 1\n4+,2 3\n5+,4 8\n7+,5 6 7\n5+,9 10\n5+,11 15\n8+,12 13 14\n",
        "4231312424131342",
    ),
];

/// The worked example of `kind`: its puzzle and solution.
fn example(kind: Kind) -> (Puzzle, Grid) {
    let (_, text, solution) = EXAMPLES
        .iter()
        .find(|(of, _, _)| *of == kind)
        .expect("every kind has an example");
    let puzzle = kk::parse(text).expect("the examples are valid");
    let digits = solution.bytes().map(|b| b - b'0').collect();
    let solution = Grid::from_digits(puzzle.size(), digits).expect("the examples' solutions fit");
    (puzzle, solution)
}

/// The rules of `kind`, called `name` in the book, for the puzzles of it `seen`.
pub(super) fn rules(kind: Kind, name: &str, seen: Seen) -> RulesPage {
    let killer = matches!(
        kind,
        Kind::KillerSudoku | Kind::KillerJigsaw | Kind::KillerLatin
    );
    let houses = match kind {
        Kind::KenKen | Kind::KillerLatin => "each row and each column",
        Kind::KenDoku => "each row, each column and each shaded box",
        Kind::JigsawKenKen => "each row, each column and each shaded region",
        Kind::KillerSudoku => "each row, each column and each box (the blocks in heavy outline)",
        Kind::KillerJigsaw => "each row, each column and each region (the shapes in heavy outline)",
    };
    let n = seen.largest;
    let sizes = if n > 4 {
        format!("1 to 4 in the example below, 1 to {n} in a {n}×{n} grid")
    } else {
        "1 to 4 in the example below".to_string()
    };
    let mut paragraphs = vec![format!(
        "Write a digit in every cell so that {houses} holds every digit from 1 to the \
         grid's side once ({sizes})."
    )];
    if killer {
        paragraphs.push(
            "The dashed outlines are cages. The small number in a cage's corner is the sum \
             of its digits, and no digit repeats within a cage."
                .to_string(),
        );
        let house = match kind {
            Kind::KillerSudoku => "row, column and box",
            Kind::KillerJigsaw => "row, column and region",
            _ => "row and column",
        };
        let total = n * (n + 1) / 2;
        paragraphs.push(format!(
            "A tip: the digits of every {house} of a {n}×{n} grid add up to {total}, so the \
             cages lying wholly inside one tell you the sum of its other cells."
        ));
    } else {
        paragraphs.push(
            "The heavy outlines are cages. The number in a cage's corner is its target, and \
             the sign beside it says how the cage's digits make it: with + they add up to \
             it; with × they multiply to it; with − it is the larger of the two digits minus \
             the smaller; with ÷, the larger divided by the smaller. A cage of one cell \
             holds its number."
                .to_string(),
        );
        if seen.multi_cell {
            paragraphs.push(
                "A − or ÷ cage of more than two cells starts from its largest digit and \
                 takes away, or divides by, each of the others."
                    .to_string(),
            );
        }
        if seen.hidden {
            paragraphs.push(
                "A cage shown with its number alone hides its sign: any of +, −, × and ÷ \
                 that makes the number with its digits will do."
                    .to_string(),
            );
        }
        paragraphs.push(
            "A digit may repeat within a cage, as long as it does not repeat in a row or a \
             column."
                .to_string(),
        );
    }
    if seen.diagonals {
        // The example below has no diagonals: the rule is said in words, for the puzzles
        // drawn with them.
        paragraphs.push(
            "In a puzzle drawn with two thin lines from corner to corner (an X), each of \
             those long diagonals also holds every digit once."
                .to_string(),
        );
    }
    paragraphs.push("Every puzzle has exactly one solution.".to_string());
    let (puzzle, solution) = example(kind);
    let notes = notes(&puzzle, &solution, killer);
    RulesPage {
        heading: format!("How to play {name}"),
        paragraphs,
        example: Some(WorkedExample {
            puzzle,
            solution,
            notes,
        }),
    }
}

/// A few of the example's cages read from its solution: one of each operation for the
/// arithmetic kinds, the two largest cages for the killers.
fn notes(puzzle: &Puzzle, solution: &Grid, killer: bool) -> Vec<String> {
    let n = puzzle.size();
    let mut chosen: Vec<usize> = Vec::new();
    if killer {
        let mut by_size: Vec<usize> = (0..puzzle.cages().len()).collect();
        by_size.sort_by_key(|&index| std::cmp::Reverse(puzzle.cages()[index].cells().len()));
        chosen.extend(by_size.into_iter().take(2));
        chosen.sort_unstable();
    } else {
        for operation in [
            Operation::Add,
            Operation::Subtract,
            Operation::Multiply,
            Operation::Divide,
        ] {
            chosen.extend(
                puzzle
                    .cages()
                    .iter()
                    .position(|cage| cage.operation() == operation),
            );
        }
    }
    let mut notes = vec!["In the solution, for example:".to_string()];
    for index in chosen {
        let cage = &puzzle.cages()[index];
        let cells: Vec<String> = cage.cells().iter().map(|cell| cell.name(n)).collect();
        let digits: Vec<u8> = cage
            .cells()
            .iter()
            .map(|cell| solution.get(*cell))
            .collect();
        let words: Vec<String> = digits.iter().map(u8::to_string).collect();
        let (sign, terms) = match cage.operation() {
            Operation::Add | Operation::Unknown => ("+", digits.clone()),
            Operation::Multiply => ("×", digits.clone()),
            Operation::Subtract | Operation::Divide => {
                let mut sorted = digits.clone();
                sorted.sort_unstable_by(|a, b| b.cmp(a));
                let sign = if cage.operation() == Operation::Subtract {
                    "−"
                } else {
                    "÷"
                };
                (sign, sorted)
            }
            Operation::Given => continue,
        };
        let equation: Vec<String> = terms.iter().map(u8::to_string).collect();
        let label = if killer {
            cage.target().to_string()
        } else {
            cage.signed_label()
        };
        let once = if killer { ", each digit once" } else { "" };
        notes.push(format!(
            "The {label} cage in {} holds {}: {}\u{a0}=\u{a0}{}{once}.",
            and_list(&cells),
            and_list(&words),
            // No-break spaces: a line that starts `+ 4 = 7` reads badly.
            equation.join(&format!("\u{a0}{sign}\u{a0}")),
            cage.target(),
        ));
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{default_solver, Limits};

    #[test]
    fn every_example_has_one_solution_and_it_is_the_one_given() {
        for (kind, _, _) in EXAMPLES {
            let (puzzle, solution) = example(kind);
            assert_eq!(puzzle.kind(), kind);
            let report = default_solver()
                .solve(&puzzle, &Limits::uniqueness())
                .unwrap();
            assert_eq!(report.outcome.solutions(), [solution], "{kind:?}");
        }
    }

    #[test]
    fn notes_read_the_cages_from_the_solution() {
        let page = rules(
            Kind::KenKen,
            "Calcudoku",
            Seen {
                largest: 6,
                ..Seen::default()
            },
        );
        assert_eq!(page.heading, "How to play Calcudoku");
        assert!(
            page.paragraphs[0].contains("1 to 6 in a 6×6 grid"),
            "{page:?}"
        );
        let notes = page.example.unwrap().notes;
        assert_eq!(
            notes,
            [
                "In the solution, for example:",
                "The 7+ cage in r3c1 and r4c1 holds 4 and 3: 4\u{a0}+\u{a0}3\u{a0}=\u{a0}7.",
                "The 1− cage in r1c1 and r2c1 holds 2 and 1: 2\u{a0}−\u{a0}1\u{a0}=\u{a0}1.",
                "The 4× cage in r2c3 and r3c3 holds 4 and 1: 4\u{a0}×\u{a0}1\u{a0}=\u{a0}4.",
                "The 2÷ cage in r3c4 and r4c4 holds 2 and 4: 4\u{a0}÷\u{a0}2\u{a0}=\u{a0}2.",
            ]
        );
        let killer = rules(
            Kind::KillerSudoku,
            "Killer Sudoku",
            Seen {
                largest: 9,
                ..Seen::default()
            },
        );
        assert!(killer.paragraphs.iter().any(|p| p.contains("add up to 45")));
        assert!(!killer.paragraphs.iter().any(|p| p.contains("diagonal")));
        let crossed = rules(
            Kind::KillerSudoku,
            "Killer Sudoku",
            Seen {
                largest: 9,
                diagonals: true,
                ..Seen::default()
            },
        );
        assert!(crossed
            .paragraphs
            .iter()
            .any(|p| p.contains("each of those long diagonals also holds every digit once")));
        let notes = killer.example.unwrap().notes;
        assert_eq!(
            notes[1],
            "The 7 cage in r2c2, r2c3 and r2c4 holds 1, 2 and 4: \
             1\u{a0}+\u{a0}2\u{a0}+\u{a0}4\u{a0}=\u{a0}7, each digit once."
        );
    }
}
