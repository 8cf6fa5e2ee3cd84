//! `cagey check`: a person's grid checked against a puzzle, every broken rule named with
//! cells counted from 1, and the exit status 0 (consistent), 1 (broken) or 2 (bad input).

mod common;

use std::path::Path;
use std::process::Output;

use common::{cagey_with, stderr, stdout};

fn cagey(args: &[&str]) -> Output {
    cagey_with(args, None, &[])
}

fn temp_file(name: &str, text: &str) -> String {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// kk0's solution.
const KK0_SOLVED: &str = "1243\n4321\n2134\n3412\n";

#[test]
fn says_a_full_solution_is_complete() {
    let grid = temp_file("kk0-solved.txt", KK0_SOLVED);
    let output = cagey(&["check", "--example", "kk0", &grid]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "consistent and complete: the grid solves the puzzle\n"
    );
    // The digits on the command line, and `cagey solve`'s own output read back.
    let output = cagey(&["check", "--example", "kk0", "1243432121343412"]);
    assert_eq!(output.status.code(), Some(0));
    let solved = stdout(&cagey(&["solve", "--example", "kk1"]));
    let output = cagey_with(&["check", "--example", "kk1", "-"], Some(&solved), &[]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}

#[test]
fn says_a_partial_grid_is_consistent_so_far() {
    let output = cagey(&["check", "--example", "kk0", "1243 4321 2.3. ...."]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "consistent so far: 10 of 16 cells filled, no rule broken\n"
    );
}

#[test]
fn names_every_broken_row_column_and_cage() {
    let output = cagey(&["check", "--example", "kk0", "1233 4321 2134 3..2"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout(&output),
        "row 1 holds 3 twice: r1c3 and r1c4\n\
         column 3 holds 3 twice: r1c3 and r3c3\n\
         cage 11+ at r1c2: its digits 2 3 3 2 do not make 11+\n\
         3 rules broken (14 of 16 cells filled)\n"
    );
    // Regression (#42): four 1s in a row once read `row 2 holds 1 twice (r2c1 and r2c2 and
    // r2c3 and r2c4)`.
    let output = cagey(&["check", "--example", "kk0", "1243 1111 .... ...."]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout(&output),
        "row 2 holds 1 four times: r2c1, r2c2, r2c3 and r2c4\n\
         column 1 holds 1 twice: r1c1 and r2c1\n\
         cage 11+ at r1c2: its digits 2 4 1 1 do not make 11+\n\
         3 rules broken (8 of 16 cells filled)\n"
    );
    // A row that repeats two digits breaks the rule for each.
    let output = cagey(&["check", "--example", "kk0", "1133 .... .... ...."]);
    assert_eq!(
        stdout(&output).lines().take(2).collect::<Vec<_>>(),
        [
            "row 1 holds 1 twice: r1c1 and r1c2",
            "row 1 holds 3 twice: r1c3 and r1c4"
        ]
    );
    // A partial cage past mending: 8* with a 3 in it.
    let output = cagey(&["check", "--example", "kk0", "1... 3... .... ...."]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).contains(
        "cage 8× at r2c1: its digits 3 . . cannot make, whatever goes in the empty cells, 8×"
    ));
}

#[test]
fn names_broken_boxes_givens_and_killer_cages() {
    // A 4x4 killer with 2x2 boxes and a given; the grid breaks the top-left box (1 twice),
    // the given in r4c4 and the killer rule in the top row's cage.
    let puzzle = temp_file(
        "killer4.kk",
        "# boxes 2x2\n# killer\n# givens 15=1\n5+,0 1\n5+,2 3\n5+,4 5\n5+,6 7\n5+,8 9\n5+,10 11\n5+,12 13\n5+,14 15\n",
    );
    let output = cagey(&["check", &puzzle, "1... .1.. .... ...2"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("box 1 (from r1c1) holds 1 twice: r1c1 and r2c2"),
        "{text}"
    );
    assert!(
        text.contains("r4c4 holds 2, but the puzzle gives 1"),
        "{text}"
    );
    let output = cagey(&["check", &puzzle, "22.. .... .... ...."]);
    assert!(
        stdout(&output).contains(
            "cage 5+ at r1c1 repeats a digit (the digits of a killer cage are all different)"
        ),
        "{}",
        stdout(&output)
    );
}

#[test]
fn checks_the_progress_a_sudokuwiki_string_carries() {
    use cagey::formats::sudokuwiki;
    use cagey::model::{CellState, Progress};
    let kk0 = cagey::examples::by_name("kk0").unwrap();
    let puzzle = kk0.puzzle();
    // The top row solved wrong (the first two cells swapped): row 1 is fine, cages are not.
    let cells: Vec<CellState> = [2, 1, 4, 3]
        .into_iter()
        .map(CellState::Solved)
        .chain(std::iter::repeat_n(CellState::Unknown, 12))
        .collect();
    let string =
        sudokuwiki::write(&puzzle, Some(&Progress::from_cells(4, cells).unwrap())).unwrap();
    let file = temp_file("kk0-progress.txt", &format!("{string}\n"));
    // The progress of the puzzle file itself, and a grid file in a progress format.
    for args in [&["check", &file][..], &["check", "--example", "kk0", &file]] {
        let output = cagey(args);
        assert_eq!(
            output.status.code(),
            Some(1),
            "{args:?} {}",
            stderr(&output)
        );
        assert!(
            stdout(&output).contains("cage 1 at r1c1: its digits 2 do not make 1"),
            "{}",
            stdout(&output)
        );
    }
}

#[test]
fn refuses_bad_grids_with_status_2() {
    for (grid, message) in [
        ("1243 4321 2134", "3 rows of digits, but the puzzle is 4x4"),
        (
            "1243 4321 213",
            "line 1: 11 cells on one line; a 4x4 grid has 16",
        ),
        (
            "1243\n4321\n21345\n3412",
            "line 3: row 3 has 5 cells, expected 4",
        ),
        (
            "1243 4321 2194 3412",
            "r3c3 holds `9`, not a digit of a 4x4 grid",
        ),
        ("no-such-file", "no such file, and not a grid of digits"),
    ] {
        let output = cagey(&["check", "--example", "kk0", grid]);
        assert_eq!(output.status.code(), Some(2), "{grid}");
        assert!(
            stderr(&output).contains(message),
            "{grid}: {}",
            stderr(&output)
        );
    }
    let output = cagey(&["check", "--example", "kk0"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("no GRID to check"));
    let two = temp_file("two-puzzles.kk", "3+,0 1\n3+,2 3\n\n3+,0 1\n3+,2 3\n");
    let output = cagey(&["check", &two, "1221"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("holds 2 puzzles; check takes one"));
    let output = cagey(&["check", env!("CARGO_TARGET_TMPDIR"), "1221"]);
    assert!(stderr(&output).contains("is a directory, not a puzzle file"));
}

/// The same grids as the web API's test (`check_names_cells_from_1_and_cages_by_label` in
/// `cagey-web/tests/api.rs`) give the same words here: one wording, the library's.
#[test]
fn words_rules_as_the_web_page_does() {
    let output = cagey(&["check", "--example", "kk0", "2143 4321 2134 3412"]);
    assert_eq!(output.status.code(), Some(1));
    let out = stdout(&output);
    assert_eq!(
        out.lines().next(),
        Some("column 1 holds 2 twice: r1c1 and r3c1"),
        "{out}"
    );
    let output = cagey(&["check", "--example", "kk0", "1234 2143 3412 4321"]);
    assert_eq!(
        stdout(&output).lines().next(),
        Some("cage 11+ at r1c2: its digits 2 3 1 4 do not make 11+")
    );
}
