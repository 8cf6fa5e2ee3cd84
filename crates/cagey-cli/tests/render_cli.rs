//! `cagey show` and `cagey render`: the drawings the binary prints and the pictures it
//! writes, checked against the library's golden files and by their headers.

mod common;

use std::process::Output;

use common::{cagey_with, corpus, golden, scratch, stderr, stdout};

fn cagey(args: &[&str]) -> Output {
    cagey_with(args, None, &[])
}

/// The width and height in a PNG's header.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG signature");
    assert_eq!(&bytes[12..16], b"IHDR");
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

const KK0: &str = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n";

#[test]
fn show_draws_as_the_library_does() {
    let output = cagey(&["show", "--example", "kk0"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), golden("kk0.txt"));

    let output = cagey(&["show", "--solution", "--example", "kk1"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), golden("kk1-solved.txt"));

    let output = cagey(&["show", "--ascii", "--solution", "--example", "kk0"]);
    assert_eq!(stdout(&output), golden("kk0-ascii-solved.txt"));
    assert!(stdout(&output).is_ascii());
}

/// The SudokuWiki string of the killer corpus that starts with `prefix`.
fn killer_string(prefix: &str) -> String {
    let text = std::fs::read_to_string(corpus("killer-and-jigsaw.kk")).unwrap();
    text.lines()
        .find_map(|line| {
            line.strip_prefix("# raw: ")
                .filter(|s| s.starts_with(prefix))
        })
        .unwrap()
        .to_string()
}

#[test]
fn show_draws_variants_as_the_library_does() {
    // The library's goldens: box or region borders heavy, cage borders light, bare sums.
    let output = cagey_with(
        &["show", "--solution", "-"],
        Some(&killer_string("L9B")),
        &[],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), golden("killer-sudoku-9x9-solved.txt"));

    let output = cagey_with(
        &["show", "--ascii", "--solution", "-"],
        Some(&killer_string("M9B")),
        &[],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        golden("killer-jigsaw-9x9-ascii-solved.txt")
    );
    assert!(stdout(&output).is_ascii());
}

#[test]
fn render_names_the_kind_and_draws_killer_cages() {
    let output = cagey_with(
        &["render", "-", "-o", "-"],
        Some(&killer_string("L9B")),
        &[],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("<title>Killer Sudoku 9x9, 30 cages</title>"),
        "{text}"
    );
    assert!(text.contains("class=\"region-lines\""));
    assert!(text.contains("class=\"cage-outlines\""));
    assert!(text.contains("stroke-dasharray"));
    assert_eq!(text.matches("class=\"label\"").count(), 30);

    let kendoku = "# boxes 2x3\n6+,0 1 2\n15+,3 4 5 9 10 11\n15+,6 7 8 12 13 14\n6+,15 16 17\n\
                   21+,18 19 20 21 22 23\n21+,24 25 26 27 28 29\n21+,30 31 32 33 34 35\n";
    let output = cagey_with(&["render", "-", "-o", "-"], Some(kendoku), &[]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("<title>KenDoku 6x6, 7 cages</title>"),
        "{text}"
    );
    assert!(text.contains("class=\"shading\""));
}

#[test]
fn show_reads_standard_input_and_numbers_several_puzzles() {
    let output = cagey_with(&["show", "-"], Some(&format!("{KK0}\n{KK0}")), &[]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(
        text.starts_with("# puzzle 1 (<stdin>, line 1)\n┏"),
        "{text}"
    );
    assert!(
        text.contains("\n\n# puzzle 2 (<stdin>, line 9)\n┏"),
        "{text}"
    );
}

#[test]
fn show_candidates_draws_what_each_cage_allows() {
    let output = cagey(&["show", "--candidates", "--example", "kk0"]);
    assert_eq!(output.status.code(), Some(0));
    // The library's test works its candidates out independently; they must agree.
    assert_eq!(stdout(&output), golden("kk0-candidates.txt"));
}

#[test]
fn show_draws_the_partial_state_the_input_carries() {
    use cagey::formats::sudokuwiki;
    use cagey::model::{CellState, Progress};
    use cagey::render::{terminal, Contents};
    use cagey::{DigitSet, Grid};

    // kk0 with its top row solved and two candidates in every other cell.
    let kk0 = cagey::examples::by_name("kk0").unwrap();
    let (puzzle, solution) = (kk0.puzzle(), kk0.solution());
    let pair = |digit: u8| [digit, digit % 4 + 1].into_iter().collect::<DigitSet>();
    let cells: Vec<CellState> = puzzle
        .cells()
        .map(|cell| match cell.index() {
            0..4 => CellState::Solved(solution.get(cell)),
            _ => CellState::Candidates(pair(solution.get(cell))),
        })
        .collect();
    let progress = Progress::from_cells(4, cells.clone()).unwrap();
    let string = sudokuwiki::write(&puzzle, Some(&progress)).unwrap();

    let output = cagey_with(&["show", "-"], Some(&string), &[]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let mut top_row = Grid::empty(4);
    for cell in puzzle.cells().take(4) {
        top_row.set(cell, solution.get(cell));
    }
    let candidates: Vec<DigitSet> = cells
        .iter()
        .map(|state| match *state {
            CellState::Candidates(set) => set,
            _ => DigitSet::EMPTY,
        })
        .collect();
    let contents = Contents {
        grid: Some(&top_row),
        candidates: Some(&candidates),
    };
    let expected = terminal::draw(&puzzle, contents, &terminal::Options::default()).unwrap();
    assert_eq!(stdout(&output), expected);

    // --blank leaves the progress out: the drawing of the bare puzzle.
    let output = cagey_with(&["show", "--blank", "-"], Some(&string), &[]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), golden("kk0.txt"));
    assert_ne!(golden("kk0.txt"), expected);
    let svg = |args: &[&str]| stdout(&cagey_with(args, Some(&string), &[]));
    let blank = svg(&["render", "--blank", "-o", "-", "-"]);
    let kk0_svg = stdout(&cagey(&["render", "--example", "kk0", "-o", "-"]));
    assert_eq!(blank, kk0_svg);
    assert_ne!(svg(&["render", "-o", "-", "-"]), kk0_svg);
    // It does not go with a fill of its own.
    let output = cagey(&["show", "--blank", "--solution", "--example", "kk0"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn colour_only_when_asked_for_in_a_pipe() {
    let plain = stdout(&cagey(&["show", "--example", "kk0"]));
    assert!(!plain.contains('\x1b'), "no colour in a pipe");
    let coloured = stdout(&cagey(&["show", "--color", "always", "--example", "kk0"]));
    assert!(coloured.contains("\x1b[36m11+\x1b[0m"), "{coloured}");
    let output = cagey_with(
        &["show", "--color", "auto", "--example", "kk0"],
        None,
        &[("NO_COLOR", "1")],
    );
    assert!(!stdout(&output).contains('\x1b'));
    // As clap and anstream decide it: CLICOLOR_FORCE colours a pipe, NO_COLOR wins over it,
    // and --color never over both; the same for `solve --show`.
    let env = |vars: &[(&str, &str)], args: &[&str]| stdout(&cagey_with(args, None, vars));
    for args in [
        &["show", "--example", "kk0"][..],
        &["solve", "--show", "--example", "kk0"],
    ] {
        assert!(env(&[("CLICOLOR_FORCE", "1")], args).contains("\x1b[36m11+\x1b[0m"));
        let both = [("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")];
        assert!(!env(&both, args).contains('\x1b'));
        let never = [args, &["--color", "never"]].concat();
        assert!(!env(&[("CLICOLOR_FORCE", "1")], &never).contains('\x1b'));
    }
}

#[test]
fn show_reports_a_puzzle_without_solution() {
    let output = cagey(&["show", "--solution", &corpus("random/none-6x6.kk")]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("no solution"),
        "{}",
        stderr(&output)
    );
    // The puzzles are drawn all the same, empty.
    assert!(stdout(&output).contains("# puzzle 2"));
}

#[test]
fn render_writes_svg_and_png() {
    let dir = scratch("render_writes_svg_and_png");
    let svg = dir.join("kk0.svg");
    let output = cagey(&["render", "--example", "kk0", "-o", svg.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<?xml"));
    assert_eq!(text.matches("class=\"label\"").count(), 7);

    let png = dir.join("kk0.png");
    let output = cagey(&[
        "render",
        "--solution",
        "--example",
        "kk0",
        "--size",
        "150",
        "-o",
        png.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(png_size(&std::fs::read(&png).unwrap()), (150, 150));
}

#[test]
fn render_to_standard_output() {
    let output = cagey_with(&["render", "-", "-o", "-"], Some(KK0), &[]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).starts_with("<?xml"));
    let output = cagey(&["render", "--example", "kk0", "-o", "-", "--format", "png"]);
    assert_eq!(png_size(&output.stdout), (269, 269));
}

#[test]
fn render_numbers_the_pictures_of_several_puzzles() {
    let dir = scratch("render_numbers_the_pictures");
    let out = dir.join("p.svg");
    let file = corpus("random/unique-4x4.kk");
    let output = cagey(&["render", &file, "-o", out.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0));
    assert!(dir.join("p-1.svg").exists() && dir.join("p-100.svg").exists());

    let one = dir.join("third.png");
    let output = cagey(&[
        "render",
        "--puzzle",
        "3",
        &file,
        "-o",
        one.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0));
    assert!(one.exists());
}

#[test]
fn render_refuses_what_it_cannot_do() {
    let output = cagey(&["render", "--example", "kk0", "-o", "kk0.txt"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains(".svg or .png"),
        "{}",
        stderr(&output)
    );

    let output = cagey(&["render", "--example", "kk0", "--puzzle", "2", "-o", "-"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("holds only 1 puzzle"));

    let output = cagey(&["render", "--example", "kk0", "--size", "5", "-o", "-"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("sizes run from"));

    let file = corpus("random/unique-4x4.kk");
    let output = cagey(&["render", &file, "-o", "-"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--puzzle N"));

    let dir = scratch("render_refuses");
    let out = dir.join("none.png");
    let output = cagey(&[
        "render",
        "--solution",
        "--puzzle",
        "1",
        &corpus("random/none-6x6.kk"),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(!out.exists(), "no picture without a solution");
}

#[test]
fn show_and_render_have_help_with_examples() {
    for command in ["show", "render"] {
        let output = cagey(&[command, "--help"]);
        assert_eq!(output.status.code(), Some(0));
        assert!(stdout(&output).contains("Examples:"), "{command}");
    }
}

#[test]
fn render_refuses_to_draw_one_of_several_solutions_as_the_solution() {
    // Regression: a puzzle with six solutions was drawn "solved" with the first one found.
    let dir = scratch("render_several");
    let out = dir.join("several.png");
    let file = corpus("random/several-5x5.kk");
    let output = cagey(&[
        "render",
        "--solution",
        "--puzzle",
        "1",
        &file,
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let error = stderr(&output);
    assert!(error.contains("several-5x5.kk, line 8"), "{error}");
    assert!(error.contains("more than one solution"), "{error}");
    assert!(!out.exists(), "no picture of one solution among several");
    // The puzzle itself is drawn.
    let output = cagey(&[
        "render",
        "--puzzle",
        "1",
        &file,
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(out.exists());
}
