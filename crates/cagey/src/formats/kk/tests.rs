//! The reader and writer of kk as a whole: puzzles read, split, checked and written back,
//! and every error named with its line and column. The cage-line lexers have their own
//! tests beside them, in `lex.rs`.

use super::*;

const KK0: &str = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n";

fn error(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

#[test]
fn reads_the_essay_example() {
    let puzzle = parse(KK0).unwrap();
    assert_eq!(puzzle.size(), 4);
    assert_eq!(puzzle.cages().len(), 7);
    assert_eq!(write(&puzzle), KK0);
}

#[test]
fn accepts_crlf_comments_blank_lines_and_synonyms() {
    let text = "# kk0\r\n1,0\r\n\r\n11+,1 2 5 6\r\n4+,3 7\r\n  8×, 4 8 9\r\n1−,10 11\r\n# inside\r\n7+,12 13\r\n2÷,14 15\r\n";
    assert_eq!(write(&parse(text).unwrap()), KK0);
    let text = KK0
        .replace("8*", "8x")
        .replace("2%", "2/")
        .replace("1-", "1 -");
    assert_eq!(write(&parse(&text).unwrap()), KK0);
}

#[test]
fn reads_sizes_past_nine() {
    // A 10x10 grid of one-cell givens along a Latin square.
    let text: String = (0..100)
        .map(|cell| format!("{},{cell}\n", (cell / 10 + cell % 10) % 10 + 1))
        .collect();
    assert_eq!(parse(&text).unwrap().size(), 10);
}

#[test]
fn splits_puzzles_at_blank_lines() {
    let text = format!("# id=a\n{KK0}\n# id=b\n# solution=x\n3+,0 1\n\n3+,2 3\n\n{KK0}");
    let entries: Vec<Entry> = parse_all(&text).into_iter().map(Result::unwrap).collect();
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[0].meta("id"), Some("a"));
    assert_eq!(entries[1].meta("id"), Some("b"));
    assert_eq!(entries[1].meta("solution"), Some("x"));
    assert_eq!(entries[1].puzzle.size(), 2);
    assert_eq!(entries[1].line, 12);
    assert_eq!(entries[2].line, 16);
    assert!(error(&text).contains("a second puzzle starts here"));
}

/// Regression: `cat a.kk b.kk`, where a.kk did not end with a blank line, ran the two
/// puzzles into one and said only "cell 0 is already in the cage on line 229".
#[test]
fn a_missing_blank_line_between_puzzles_is_named() {
    let text = format!("{KK0}# seed=2\n{KK0}");
    assert_eq!(
        error(&text),
        "line 9: cell 0 (r1c1) is already in the cage on line 1; is a blank line missing \
         between two puzzles?"
    );
    // A killer puzzle leaving cells out, run into the next: it starts again at cell 0.
    let killer = "# killer\n# size 3\n3+,0 1\n3+,3 4\n";
    assert!(error(&format!("{killer}{killer}"))
        .ends_with("is a blank line missing between two puzzles?"));
    // A cell written twice inside one puzzle is not taken for two puzzles.
    assert_eq!(
        error("3+,0 1\n3+,1 2 3\n"),
        "line 2: cell 1 (r1c2) is already in the cage on line 1"
    );
    assert_eq!(
        error("3+,2 3\n3+,0 1 3\n"),
        "line 2: cell 3 (r2c2) is already in the cage on line 1"
    );
}

#[test]
fn a_bad_puzzle_does_not_hide_the_next() {
    // The first puzzle lacks cell 15; the second reuses cell 0, so it is a new puzzle.
    let text = format!("1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2,14\n\n{KK0}");
    let results = parse_all(&text);
    assert_eq!(results.len(), 2);
    assert_eq!(
        results[0].as_ref().unwrap_err().to_string(),
        "the cages cover 15 of the 16 cells of a 4x4 grid; in no cage: 15"
    );
    assert!(results[1].is_ok());
}

#[test]
fn names_line_and_column_of_each_error() {
    let cases: &[(&str, &str)] = &[
        (
            "",
            "no puzzle found: the input is empty or holds only comments",
        ),
        ("# only a comment\n\n", "no puzzle found"),
        (
            "1,0\n11+ 1 2 5 6\n",
            "line 2: expected a cage as LABEL,CELLS",
        ),
        (
            "1,0\n11+,1 2,5 6\n",
            "line 2, column 8: a cage line has exactly one comma",
        ),
        ("1,0\n,1 2 5 6\n", "line 2, column 1: the cage has no label"),
        (
            "1,0\n+,1 2 5 6\n",
            "line 2, column 1: cage label \"+\" has no target number",
        ),
        (
            "1,0\n11^,1 2 5 6\n",
            "line 2, column 3: unknown operator '^' in label \"11^\"",
        ),
        (
            "1,0\n11++,1 2 5 6\n",
            "line 2, column 1: cage label \"11++\" should be a number",
        ),
        (
            "1,0\nab,1 2 5 6\n",
            "line 2, column 1: cage label \"ab\" should be a number",
        ),
        (
            "1,0\n0+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n",
            "line 2: cage \"0+\": the target must be positive",
        ),
        (
            "99999999999999999999+,0\n",
            "line 1, column 1: target 99999999999999999999 is too large",
        ),
        (
            "1,0\n11+,1 2 five 6\n",
            "line 2, column 9: cell \"five\" is not a number",
        ),
        (
            "1,0\n11+,1 2 -5 6\n",
            "line 2, column 9: cell \"-5\" is not a number",
        ),
        ("1,5000\n", "line 1, column 3: cell 5000 is out of range"),
        (
            "1,0\n11+,\n",
            "line 2, column 4: cage \"11+\" lists no cells",
        ),
        (
            "3+,0 1\n3+,1 2 3\n",
            "line 2: cell 1 (r1c2) is already in the cage on line 1",
        ),
        (
            "3+,0 0\n3+,1 2 3\n",
            "line 1: cell 0 (r1c1) is listed twice in this cage",
        ),
        (
            "3+,0 1\n3+,2\n",
            "the cages cover 3 of the 4 cells of a 2x2 grid; in no cage: 3",
        ),
        // A typo'd cell past the grid the other lines describe (#33: it read as a 10x10).
        (
            "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 99\n7+,12 13\n2%,14 15\n",
            "line 5: cell 99 is outside the 4x4 grid the other cages describe (cells 0 to 15), in which 11 is in no cage",
        ),
        (
            "3+,0 3\n3+,1 2\n",
            "line 1: cage \"3+\" cells 0 3 are not connected",
        ),
        (
            "3-,0 1 2\n1,3\n",
            "line 1: cage \"3-\" has 3 cells; a - cage must have exactly two cells",
        ),
        (
            "3,0 1\n3+,2 3\n",
            "line 1: cage \"3\" has 2 cells; a cage without an operator is a given",
        ),
        (
            "3,0\n3+,1 2 3\n",
            "line 1: given \"3\" is not a digit of a 2x2 grid (1 to 2)",
        ),
    ];
    for (text, expected) in cases {
        let message = error(text);
        assert!(
            message.starts_with(expected),
            "input {text:?}\n  gave {message:?}\n  expected {expected:?}"
        );
    }
}

#[test]
fn reads_and_writes_directives() {
    let text = "# a note\n# boxes 2x2\n# killer\n# givens 5=3\n4+,0 4\n6+,1 2 3\n5+,5 6\n5+,7 11\n\
                3+,8 12\n4+,9 13\n6+,10 14 15\n";
    let entry = parse_all(text).remove(0).unwrap();
    assert_eq!(entry.comments, ["a note"]);
    let puzzle = &entry.puzzle;
    assert_eq!(*puzzle.regions(), Regions::Boxes { rows: 2, cols: 2 });
    assert!(puzzle.options().killer);
    assert_eq!(puzzle.given(Cell(5)), Some(3));
    let written = write(puzzle);
    assert!(
        written.starts_with("# boxes 2x2\n# killer\n# givens 5=3\n4+,0 4\n"),
        "{written}"
    );
    assert_eq!(&parse(&written).unwrap(), puzzle);

    let multi = "# multi-cell\n0-,0 1 2\n1,3\n2,4\n3,5\n3,6\n1,7\n2,8\n";
    let puzzle = parse(multi).unwrap();
    assert!(puzzle.options().multi_cell);
    assert_eq!(write(&puzzle), multi);
    // A killer puzzle may leave cells out once it states its size.
    let sparse = "# size 3\n# killer\n3+,0 1\n4+,4 5\n";
    let puzzle = parse(sparse).unwrap();
    assert_eq!(puzzle.size(), 3);
    assert_eq!(puzzle.uncovered().count(), 5);
    assert_eq!(write(&puzzle), sparse);
    let jigsaw = "# regions 0011\n3+,0 1\n3+,2 3\n";
    assert!(matches!(
        parse(jigsaw).unwrap().regions(),
        Regions::Jigsaw(_)
    ));
}

#[test]
fn names_bad_directives() {
    let cases = [
        (
            "# boxes 2y3\n3+,0 1\n3+,2 3\n",
            "line 1: `# boxes 2y3`: expected a shape",
        ),
        (
            "# boxes 1x3\n3+,0 1\n3+,2 3\n",
            "line 1: boxes of 1x3 cells do not tile a 2x2 grid",
        ),
        (
            "# givens 0=x\n3+,0 1\n3+,2 3\n",
            "line 1: `# givens`: \"0=x\" should be CELL=DIGIT",
        ),
        (
            "# givens 0=5\n3+,0 1\n3+,2 3\n",
            "line 1: given 5 in r1c1",
        ),
        (
            "# killer\n3*,0 1\n3+,2 3\n",
            "line 2: killer cages are sums, and 3× at r1c1 is not one",
        ),
        (
            "# regions 00!1\n3+,0 1\n3+,2 3\n",
            "line 1: `# regions`: expected one region per cell",
        ),
        (
            "# killer\n3+,0 1\n4+,4 5\n",
            "the cages leave 5 of the 9 cells out (2 3 6 7 8); a killer puzzle may, once it states its grid side with `# size N`",
        ),
        (
            "# size 3\n3+,0 1\n4+,4 5\n",
            "the cages cover 4 of the 9 cells of a 3x3 grid",
        ),
        (
            "# size 2\n# killer\n3+,0 1\n4+,4 5\n",
            "line 4: cell 5 is outside the 2x2 grid that `# size 2` on line 1 gives (cells 0 to 3)",
        ),
        (
            "# size two\n3+,0 1\n3+,2 3\n",
            "line 1: `# size two`: expected the grid side",
        ),
        (
            "3-,0 1 2\n1,3\n",
            "line 1: cage \"3-\" has 3 cells; a - cage must have exactly two cells",
        ),
    ];
    for (text, expected) in cases {
        let message = error(text);
        assert!(
            message.starts_with(expected),
            "{text:?} gave {message:?}, expected {expected:?}"
        );
    }
    // An ordinary comment that merely starts with a directive word stays a comment.
    let entry = parse_all("# killer sudoku from a newspaper\n3+,0 1\n3+,2 3\n")
        .remove(0)
        .unwrap();
    assert!(!entry.puzzle.options().killer);
}

#[test]
fn rejects_grids_past_the_largest() {
    let text: String = (0..33 * 33).map(|cell| format!("1,{cell}\n")).collect();
    assert!(error(&text).contains("out of range"));
}

#[test]
fn reads_corpus_solutions() {
    let grid = parse_solution(2, "1221").unwrap();
    assert_eq!(grid.digits(), [1, 2, 2, 1]);
    let grid = parse_solution(2, "1,2,2,1").unwrap();
    assert_eq!(grid.digits(), [1, 2, 2, 1]);
    assert!(parse_solution(2, "123").is_none());
    assert!(parse_solution(2, "1231").is_none());
}

/// Issue #45: `# diagonals` states the diagonal rule (Killer X), and the writer keeps it.
#[test]
fn the_diagonals_directive_reads_and_writes_the_diagonal_rule() {
    let text = include_str!("../../../tests/fixtures/killer-x.kk");
    let entry = parse_all(text).remove(0).unwrap();
    let puzzle = &entry.puzzle;
    assert!(puzzle.options().diagonals);
    assert!(puzzle.options().killer);
    let written = write(puzzle);
    assert!(
        written.starts_with("# boxes 3x3\n# killer\n# diagonals\n"),
        "{written}"
    );
    assert_eq!(&parse(&written).unwrap(), puzzle);
    // Without the directive the same cages are a plain Killer Sudoku.
    let plain = text.replace("# diagonals\n", "");
    assert!(!parse(&plain).unwrap().options().diagonals);
}
