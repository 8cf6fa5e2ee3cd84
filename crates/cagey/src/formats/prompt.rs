//! The prompt form: a puzzle as text for a person or a language model to solve from, with
//! no picture to lean on. The rules in one paragraph, in the words of the puzzle's own kind
//! and options; how cells are named (`r1c1`, as every message of cagey names them); the
//! boxes or regions, the cages and the givens, each by its cells; and the form the answer
//! is expected in, which [`parse_answer`](super::parse_answer)'s reading of replies covers.
//!
//! It is written, never read: everything in it is in every other format, and it carries no
//! comments, so no solution, level or seed leaks into a prompt.

use std::fmt::Write;

use crate::model::{and_list, Cage, Cell, Kind, Operation, Puzzle, Regions};

/// The prompt for `puzzle`.
///
/// ```
/// let puzzle = cagey::formats::kk::parse("3+,0 1\n3+,2 3\n").unwrap();
/// let prompt = cagey::formats::prompt::write(&puzzle);
/// assert!(prompt.starts_with("Solve this 2×2 KenKen puzzle."));
/// assert!(prompt.contains("- 3+: r1c1, r1c2\n"));
/// assert!(prompt.contains("Answer with the solved grid: 2 lines"));
/// ```
pub fn write(puzzle: &Puzzle) -> String {
    let n = puzzle.size();
    let kind = puzzle.kind();
    let with = match puzzle.options().diagonals {
        true => " with diagonals",
        false => "",
    };
    let mut out = format!("Solve this {n}×{n} {kind} puzzle{with}.\n\n");
    let _ = writeln!(out, "Rules: {}\n", rules(puzzle));
    let _ = writeln!(
        out,
        "Cells are named rRcC, row R and column C counted from 1: r1c1 is the top-left \
         cell, r1c{n} the top-right and r{n}c1 the bottom-left.\n"
    );
    match puzzle.regions() {
        Regions::None => {}
        Regions::Boxes { rows, cols } => {
            let boxes: Vec<String> = (0..n / rows)
                .flat_map(|band| (0..n / cols).map(move |stack| (band * rows, stack * cols)))
                .map(|(r, c)| format!("r{}c{}-r{}c{}", r + 1, c + 1, r + rows, c + cols))
                .collect();
            let _ = writeln!(
                out,
                "Boxes ({n}), each {rows} rows by {cols} columns, from its top-left to its \
                 bottom-right cell: {}.\n",
                boxes.join(", ")
            );
        }
        Regions::Jigsaw(_) => {
            let _ = writeln!(out, "Regions ({n}):");
            for (i, cells) in puzzle.regions().houses(n).iter().enumerate() {
                let _ = writeln!(out, "- region {}: {}", i + 1, cell_list(cells, n));
            }
            out.push('\n');
        }
    }
    let (givens, cages): (Vec<&Cage>, Vec<&Cage>) = puzzle
        .cages()
        .iter()
        .partition(|cage| cage.operation() == Operation::Given);
    let _ = writeln!(out, "Cages ({}):", cages.len());
    for cage in &cages {
        let _ = writeln!(
            out,
            "- {}: {}",
            cage.signed_label(),
            cell_list(cage.cells(), n)
        );
    }
    out.push('\n');
    let mut given: Vec<(Cell, u64)> = givens
        .iter()
        .filter_map(|cage| Some((cage.anchor()?, cage.target())))
        .collect();
    given.extend(
        puzzle
            .cells()
            .filter_map(|cell| Some((cell, u64::from(puzzle.given(cell)?)))),
    );
    given.sort_unstable();
    given.dedup();
    if !given.is_empty() {
        let list: Vec<String> = given
            .iter()
            .map(|(cell, digit)| format!("{} = {digit}", cell.name(n)))
            .collect();
        let _ = writeln!(out, "Given digits: {}.\n", list.join(", "));
    }
    let uncovered = puzzle.uncovered().count();
    if uncovered > 0 {
        let houses = match (puzzle.regions(), puzzle.options().diagonals) {
            (Regions::None, false) => "rows and columns",
            (Regions::Boxes { .. }, false) => "rows, columns and boxes",
            (Regions::Jigsaw(_), false) => "rows, columns and regions",
            (Regions::None, true) => "rows, columns and diagonals",
            (Regions::Boxes { .. }, true) => "rows, columns, boxes and diagonals",
            (Regions::Jigsaw(_), true) => "rows, columns, regions and diagonals",
        };
        let cells = if uncovered == 1 {
            "1 cell is".to_string()
        } else {
            format!("{uncovered} cells are")
        };
        let _ = writeln!(out, "{cells} in no cage: only the {houses} rule them.\n");
    }
    let digits = if n > 9 {
        format!("numbers 1 to {n}")
    } else {
        format!("{n} digits")
    };
    let _ = writeln!(
        out,
        "Answer with the solved grid: {n} lines, one per row from r1 to r{n}, each holding \
         its {digits} from c1 to c{n}, separated by spaces."
    );
    out
}

/// The rules paragraph of `puzzle`: its houses, its cages' arithmetic under its options.
fn rules(puzzle: &Puzzle) -> String {
    let n = puzzle.size();
    let kind = puzzle.kind();
    let houses = match kind {
        Kind::KenKen | Kind::KillerLatin => "every row and every column",
        Kind::KenDoku | Kind::KillerSudoku => "every row, every column and every box",
        Kind::JigsawKenKen | Kind::KillerJigsaw => "every row, every column and every region",
    };
    let mut text = format!(
        "Write a digit from 1 to {n} in every cell so that {houses} holds each digit exactly \
         once. "
    );
    if puzzle.options().diagonals {
        text.push_str(&format!(
            "So does each of the two long diagonals, r1c1 to r{n}c{n} and r1c{n} to r{n}c1. "
        ));
    }
    if puzzle.options().killer {
        text.push_str(
            "The cages are groups of cells, listed below with their sums: the digits of a \
             cage add up to its sum, and no digit repeats within a cage.",
        );
        return text;
    }
    text.push_str(
        "The cages are groups of cells, listed below with their targets: the digits of a \
         cage make its target with its operation. ",
    );
    let ops = |op: Operation| puzzle.cages().iter().any(|c| c.operation() == op);
    let multi = puzzle.options().multi_cell;
    let mut parts = Vec::new();
    if ops(Operation::Add) || ops(Operation::Unknown) {
        parts.push("+ is their sum".to_string());
    }
    if ops(Operation::Multiply) || ops(Operation::Unknown) {
        parts.push("× their product".to_string());
    }
    if ops(Operation::Subtract) || ops(Operation::Unknown) {
        parts.push(if multi {
            "− the largest minus the others".to_string()
        } else {
            "− the larger of two minus the smaller".to_string()
        });
    }
    if ops(Operation::Divide) || ops(Operation::Unknown) {
        parts.push(if multi {
            "÷ the largest divided by the product of the others".to_string()
        } else {
            "÷ the larger of two divided by the smaller".to_string()
        });
    }
    if !parts.is_empty() {
        let _ = write!(text, "{}. ", and_list(&parts));
    }
    if ops(Operation::Unknown) {
        text.push_str("A target with ? hides its operation: any one of these that makes it. ");
    }
    text.push_str("A digit may repeat within a cage as long as its row and column allow it.");
    text
}

/// `r1c1, r1c2, r2c1`.
fn cell_list(cells: &[Cell], n: usize) -> String {
    let names: Vec<String> = cells.iter().map(|c| c.name(n)).collect();
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::kk;

    #[test]
    fn a_kenken_prompt_states_its_operations_cages_and_answer_form() {
        let puzzle =
            kk::parse("7+,0 1 4\n2%,2 3\n1-,5 9\n12*,6 7 11\n3,8\n6*,10 14 15\n3-,12 13\n")
                .expect("a valid puzzle");
        let prompt = write(&puzzle);
        assert!(
            prompt.starts_with("Solve this 4×4 KenKen puzzle.\n"),
            "{prompt}"
        );
        assert!(prompt.contains("every row and every column holds each digit exactly once"));
        assert!(prompt.contains("+ is their sum, × their product, − the larger of two minus the smaller and ÷ the larger of two divided by the smaller."), "{prompt}");
        assert!(
            prompt.contains("Cages (6):\n- 7+: r1c1, r1c2, r2c1\n- 2÷: r1c3, r1c4\n"),
            "{prompt}"
        );
        assert!(prompt.contains("Given digits: r3c1 = 3.\n"), "{prompt}");
        assert!(prompt.contains("4 lines, one per row from r1 to r4, each holding its 4 digits"));
        // Nothing of another format: no comment, no 0-based cell number, no kk sign.
        assert!(!prompt.contains('#') && !prompt.contains('%') && !prompt.contains(",0"));
    }

    /// Issue #45: a Killer X's prompt says the diagonals each hold every digit once.
    #[test]
    fn a_killer_x_prompt_states_the_diagonal_rule() {
        let text = include_str!("../../tests/fixtures/killer-x.kk");
        let puzzle = kk::parse(text).unwrap();
        let prompt = write(&puzzle);
        assert!(
            prompt.starts_with("Solve this 9×9 Killer Sudoku puzzle with diagonals.\n"),
            "{prompt}"
        );
        assert!(
            prompt.contains("every row, every column and every box holds each digit exactly once. So does each of the two long diagonals, r1c1 to r9c9 and r1c9 to r9c1. "),
            "{prompt}"
        );
        let plain = kk::parse(&text.replace("# diagonals\n", "")).unwrap();
        assert!(!write(&plain).contains("diagonal"));
    }

    #[test]
    fn a_killer_prompt_states_sums_boxes_and_cells_in_no_cage() {
        let puzzle =
            kk::parse("# size 4\n# boxes 2x2\n# killer\n6+,0 1\n4+,2 3\n5+,4 8\n7+,5 6 7\n")
                .expect("a valid killer");
        let prompt = write(&puzzle);
        assert!(
            prompt.starts_with("Solve this 4×4 Killer Sudoku puzzle.\n"),
            "{prompt}"
        );
        assert!(prompt.contains("every row, every column and every box"));
        assert!(prompt.contains("no digit repeats within a cage"));
        assert!(
            prompt.contains("Boxes (4), each 2 rows by 2 columns, from its top-left to its bottom-right cell: r1c1-r2c2, r1c3-r2c4, r3c1-r4c2, r3c3-r4c4.\n"),
            "{prompt}"
        );
        assert!(prompt.contains("- 7+: r2c2, r2c3, r2c4\n"), "{prompt}");
        assert!(
            prompt.contains("7 cells are in no cage: only the rows, columns and boxes rule them."),
            "{prompt}"
        );
        assert!(
            !prompt.contains("product") && !prompt.contains("operation"),
            "{prompt}"
        );
    }

    #[test]
    fn a_jigsaw_prompt_lists_its_regions_and_a_16x16_asks_for_numbers() {
        let jigsaw = kk::parse(
            "# regions 1333111322002200\n3-,0 1\n6*,2 3\n6+,4 8 12\n2%,5 6\n1-,7 11\n2%,9 10\n7+,13 14\n1,15\n",
        )
        .expect("a valid jigsaw");
        let prompt = write(&jigsaw);
        assert!(prompt.contains("Regions (4):\n- region 1: "), "{prompt}");
        assert!(prompt.contains("every row, every column and every region"));
        let cages: Vec<Cage> = (0..256)
            .map(|i| Cage::given(Cell(i), ((i / 16 + i % 16) % 16 + 1) as u8))
            .collect();
        let puzzle = Puzzle::new(16, cages).expect("a valid 16x16");
        let prompt = write(&puzzle);
        assert!(
            prompt.contains("its numbers 1 to 16 from c1 to c16"),
            "{prompt}"
        );
        assert!(prompt.contains("Cages (0):"), "{prompt}");
    }

    #[test]
    fn hidden_operations_and_multi_cell_rules_are_said() {
        let puzzle = kk::parse("# multi-cell\n6?,0 1 2\n0-,3 4 5\n6*,6 7 8\n")
            .expect("a valid multi-cell puzzle");
        let prompt = write(&puzzle);
        assert!(
            prompt.contains("A target with ? hides its operation"),
            "{prompt}"
        );
        assert!(
            prompt.contains("− the largest minus the others"),
            "{prompt}"
        );
    }
}
