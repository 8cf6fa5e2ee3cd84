//! Runs the built `cagey` binary on files, examples and standard input, and checks what it
//! prints and its exit status.

mod common;

use std::path::Path;
use std::process::Output;

use common::{cagey_with, corpus, golden, stderr, stdout};

fn cagey(args: &[&str]) -> Output {
    cagey_with_input(args, None)
}

fn cagey_with_input(args: &[&str], input: Option<&str>) -> Output {
    cagey_with(args, input, &[])
}

/// Writes `text` to a fresh file in the target directory and returns its path.
fn temp_file(name: &str, text: &str) -> String {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

const KK0: &str = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n";

#[test]
fn solves_a_built_in_example_as_the_essay_prints_it() {
    let output = cagey(&["solve", "--example", "kk1"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "3 2 6 1 4 5\n6 5 1 4 2 3\n2 3 5 6 1 4\n5 1 4 2 3 6\n4 6 2 3 5 1\n1 4 3 5 6 2\nunique solution\n"
    );
}

#[test]
fn a_search_on_several_threads_says_what_one_thread_says() {
    // The killer example ends long before a search would split: the answer, and the
    // effort `--stats` prints, are those of one thread.
    let one = cagey(&["solve", "--stats", "--threads", "1", "--example", "killer"]);
    let two = cagey(&["solve", "--stats", "--threads", "2", "--example", "killer"]);
    assert_eq!(two.status.code(), Some(0), "{}", stderr(&two));
    let without_time = |output: &Output| {
        let text = stdout(output);
        text[..text.rfind(", time").expect("--stats says the time")].to_string()
    };
    assert_eq!(without_time(&one), without_time(&two));
    assert!(stdout(&two).contains("unique solution"));
}

#[test]
fn reads_standard_input() {
    let output = cagey_with_input(&["solve", "-"], Some(KK0));
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "1 2 4 3\n4 3 2 1\n2 1 3 4\n3 4 1 2\nunique solution\n"
    );
}

#[test]
fn solves_every_puzzle_of_a_file_in_order() {
    let file = temp_file(
        "two.kk",
        &format!("# first\n{KK0}\n# second\n3+,0 1\n1,2\n2,3\n"),
    );
    let output = cagey(&["solve", &file]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    let first = text.find("# puzzle 1").unwrap();
    let second = text.find("# puzzle 2").unwrap();
    assert!(first < second);
    assert!(text[second..].contains("line 11"));
    assert!(text.ends_with("2 1\n1 2\nunique solution\n"), "{text}");
}

#[test]
fn prints_all_solutions_and_counts_them() {
    // The first puzzle of several-5x5.kk has exactly 6 solutions.
    let file = temp_file(
        "six.kk",
        "6+,0 1 5\n12+,2 6 7 8\n12+,3 4 9\n40*,10 15 16\n72*,11 12 13 14 19\n60*,17 20 21 22\n5%,18 23\n2,24\n",
    );
    let output = cagey(&["solve", "--all", &file]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.ends_with("exactly 6 solutions\n"), "{text}");
    assert_eq!(text.matches("\n\n").count(), 6);

    let output = cagey(&["solve", "--count", &file]);
    assert_eq!(stdout(&output), "6\n");
    let output = cagey(&["solve", "--count", "--limit", "4", &file]);
    assert_eq!(stdout(&output), "at least 4 (stopped at the limit of 4)\n");
    let output = cagey(&["solve", "--all", "--limit", "2", &file]);
    assert!(stdout(&output).ends_with("at least 2 solutions (stopped at the limit of 2)\n"));

    let output = cagey(&["solve", &file]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).contains("not unique"));
    let output = cagey(&["solve", "--unique", &file]);
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn says_when_there_is_no_solution() {
    let output = cagey(&["solve", &corpus("random/none-6x6.kk")]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output).matches("no solution\n").count(), 10);
    let output = cagey(&["solve", "--count", &corpus("random/none-6x6.kk")]);
    assert_eq!(stdout(&output), "0\n".repeat(10));
}

#[test]
fn reports_bad_input_with_file_and_line() {
    let file = temp_file(
        "bad.kk",
        "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 14\n",
    );
    let output = cagey(&["solve", &file]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains("bad.kk: kk format, line 7: cell 14 (r4c3) is listed twice"),
        "{message}"
    );

    let output = cagey(&["solve", "/no/such/file.kk"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("cannot read /no/such/file.kk"));
}

#[test]
fn a_bad_puzzle_does_not_stop_the_others() {
    let file = temp_file("mixed.kk", &format!("3+,0 1\n3+,2\n\n{KK0}"));
    let output = cagey(&["solve", &file]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stdout(&output).contains("1 2 4 3\n4 3 2 1\n"));
    assert!(stderr(&output).contains("in no cage: 3"));
}

#[test]
fn rejects_bad_usage_with_status_2() {
    for args in [
        &["solve", "--method", "nonsense", "--example", "kk0"][..],
        &["solve", "--example", "kk9"],
        &["solve", "--frobnicate"],
        &["solve", "--limit", "0", "--example", "kk0"],
        &["solve", "--timeout", "-1", "--example", "kk0"],
    ] {
        let output = cagey(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!stderr(&output).is_empty(), "{args:?}");
    }
}

#[test]
fn gives_up_within_its_budget() {
    // Big cages and no givens: the search needs many nodes, one is not enough.
    let output = cagey(&[
        "solve",
        "--max-nodes",
        "1",
        &corpus("random/hard-9x9-big-cages.kk"),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(
        text.contains("gave up: the node budget of 1 ran out"),
        "{text}"
    );
}

/// Regression: a puzzle whose one solution was found but whose uniqueness the budget did
/// not settle (`gave up: ... before uniqueness was settled`) exited 0, though `--help`
/// lists giving up under exit status 1. Puzzle `h9big-0004` finds its solution within
/// 900 nodes and needs some 2,000 to prove it the only one.
#[test]
fn giving_up_after_a_solution_is_found_still_exits_1() {
    let text = std::fs::read_to_string(corpus("random/hard-9x9-big-cages.kk")).unwrap();
    let block = text
        .split("\n\n")
        .find(|block| block.contains("# id=h9big-0004"))
        .expect("the corpus holds h9big-0004");
    for mode in [&[][..], &["--count"], &["--output", "jsonl"]] {
        let mut args = vec!["solve", "--max-nodes", "1000"];
        args.extend_from_slice(mode);
        args.push("-");
        let output = cagey_with_input(&args, Some(block));
        assert_eq!(
            output.status.code(),
            Some(1),
            "{args:?}: {}",
            stdout(&output)
        );
        let said = stdout(&output);
        assert!(
            said.contains("gave up") || said.contains("\"gave_up\""),
            "{args:?}: {said}"
        );
    }
    let output = cagey_with_input(&["solve", "--max-nodes", "1000", "-"], Some(block));
    assert!(
        stdout(&output).contains("before uniqueness was settled"),
        "{}",
        stdout(&output)
    );
    // A count the budget cut short is no answer either, however many were found: puzzle
    // 5x5-0001 has 70 solutions and two nodes find two.
    let text = std::fs::read_to_string(corpus("random/several-5x5.kk")).unwrap();
    let block = text
        .split("\n\n")
        .find(|block| block.contains("# id=5x5-0001"))
        .expect("the corpus holds 5x5-0001");
    let output = cagey_with_input(&["solve", "--count", "--max-nodes", "2", "-"], Some(block));
    assert_eq!(output.status.code(), Some(1), "{}", stdout(&output));
    assert!(
        stdout(&output).starts_with("at least 2 (gave up"),
        "{}",
        stdout(&output)
    );
    // A count stopped at --limit is what was asked for.
    let output = cagey_with_input(&["solve", "--count", "--limit", "2", "-"], Some(block));
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
}

#[test]
fn prints_statistics_and_methods() {
    let output = cagey(&["solve", "--stats", "--example", "kk2"]);
    assert!(
        stdout(&output).contains("stats: nodes "),
        "{}",
        stdout(&output)
    );
    let output = cagey(&["solve", "--methods"]);
    assert!(stdout(&output).starts_with("propagate "));
}

#[test]
fn lists_and_prints_examples() {
    let output = cagey(&["examples"]);
    let text = stdout(&output);
    for name in ["kk0", "kk1", "kk2", "kk3", "p4"] {
        assert!(text.contains(name), "{text}");
    }
    // One of each kind, a line each with its kind and what it is, within 100 columns.
    for (name, kind) in [
        ("kendoku", "6x6 KenDoku"),
        ("killer", "9x9 Killer Sudoku"),
        ("jigsaw", "9x9 Killer Jigsaw"),
        ("noop", "hidden operations"),
        ("multi", "multi-cell: % and - over three cells"),
    ] {
        let line = text.lines().find(|l| l.starts_with(name)).unwrap();
        assert!(line.contains(kind), "{line}");
        assert!(line.chars().count() <= 100, "{line}");
    }
    let output = cagey(&["examples", "kk0"]);
    assert_eq!(stdout(&output), format!("{KK0}\n"));
    // The variants print with their directives and solve as they say.
    let output = cagey(&["examples", "jigsaw"]);
    assert!(stdout(&output).starts_with("# regions 0011111220"));
    assert!(stdout(&output).contains("\n# killer\n"));
    let output = cagey(&["solve", "--example", "multi"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).ends_with("1 2 4 3\n4 3 2 1\n2 1 3 4\n3 4 1 2\nunique solution\n"));
}

#[test]
fn every_subcommand_has_help_with_examples() {
    for command in [
        "solve", "examples", "convert", "init", "mcounts", "show", "render",
    ] {
        let output = cagey(&[command, "--help"]);
        assert_eq!(output.status.code(), Some(0));
        assert!(stdout(&output).contains("Examples:"), "{command}");
    }
}

#[test]
fn converts_between_every_format_and_solves_any_of_them() {
    let solved = "1 2 4 3\n4 3 2 1\n2 1 3 4\n3 4 1 2\nunique solution\n";
    for format in [
        "kk",
        "a1",
        "sudokuwiki",
        "keen",
        "json",
        "grid",
        "fpuzzles",
        "sudokupad",
        "sudokupad-scl",
    ] {
        let output = cagey(&["convert", "--example", "kk0", "--to", format]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{format}: {}",
            stderr(&output)
        );
        let text = stdout(&output);
        // Detected from standard input, solved, and converted back.
        let output = cagey_with_input(&["solve", "-"], Some(&text));
        assert_eq!(stdout(&output), solved, "{format}:\n{text}");
        let output = cagey_with_input(&["convert", "--to", "kk", "--from", format], Some(&text));
        assert!(
            stdout(&output).ends_with(&format!("{KK0}\n")),
            "{format}: {}",
            stdout(&output)
        );
    }
}

#[test]
fn a_sudokupad_link_opens_solves_and_converts_to_the_forum_strings() {
    // The README's example: a Killer as a SudokuPad link, and back.
    let killer = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../cagey/puzzles/killer.kk"
    ))
    .unwrap();
    let output = cagey_with_input(&["convert", "--to", "sudokupad"], Some(&killer));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let link = stdout(&output);
    assert!(link.starts_with("https://sudokupad.app/fpuzzles"), "{link}");
    let output = cagey_with_input(&["solve", "-"], Some(&link));
    assert!(
        stdout(&output).ends_with("unique solution\n"),
        "{}",
        stdout(&output)
    );
    // SudokuPad's own JSON, by the name `convert --help` lists: solved as the other link is.
    assert!(stdout(&cagey(&["convert", "--help"])).contains("sudokupad-scl"));
    let output = cagey_with_input(&["convert", "--to", "sudokupad-scl"], Some(&killer));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let scl = stdout(&output);
    assert!(scl.starts_with("https://sudokupad.app/sclN4Ig"), "{scl}");
    let output = cagey_with_input(&["solve", "-"], Some(&scl));
    assert_eq!(
        stdout(&cagey_with_input(&["solve", "-"], Some(&link))),
        stdout(&output)
    );
    for (to, start) in [
        ("short-killer", "O<6<H<"),
        ("long-killer", "3x3::k:"),
        ("solo", "3x3k:"),
    ] {
        let output = cagey_with_input(&["convert", "--to", to], Some(&link));
        assert_eq!(output.status.code(), Some(0), "{to}: {}", stderr(&output));
        assert!(
            stdout(&output).starts_with(start),
            "{to}: {}",
            stdout(&output)
        );
    }
    // A short server id cannot be read offline: bad input, and the message says why.
    let output = cagey_with_input(&["show"], Some("https://sudokupad.app/wsj7iunsg6\n"));
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("cannot be read offline"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn refuses_conversions_the_target_cannot_hold() {
    let output = cagey_with_input(&["convert", "--to", "keen"], Some("3+,0 1\n3+,2 3\n"));
    // A puzzle the format cannot hold is refused input: status 2, as for bad input.
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output)
        .contains("cannot write this puzzle as keen: Keen allows sizes 3 to 9, not 2"));
}

#[test]
fn names_the_format_and_place_of_bad_strings() {
    let output = cagey_with_input(&["solve"], Some("K6C02ff00cr5oaz\n"));
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("sudokuwiki format, K6C string: the body has 12 characters"),
        "{}",
        stderr(&output)
    );
    let output = cagey_with_input(&["solve"], Some("9dx#17\n"));
    assert!(stderr(&output).contains("keen format, \"9dx#17\" is a random-seed ID"));
    let output = cagey_with_input(&["solve", "--from", "a1"], Some("# 2\n+ 3 A1 A3\n"));
    assert!(
        stderr(&output).contains("a1 format, line 2, column 8: cell A3 is outside the 2x2 grid"),
        "{}",
        stderr(&output)
    );
    let output = cagey(&["convert", "--example", "kk0", "--to", "yaml"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("unknown format \"yaml\""));
}

#[test]
fn writes_solutions_in_machine_formats() {
    let output = cagey(&["solve", "--example", "kk0", "--to", "keen"]);
    assert_eq!(stdout(&output), "S1243432121343412\n");
    assert_eq!(stderr(&output), "unique solution\n");
    // A SudokuWiki string with every cell solved reads back as the solved puzzle.
    let output = cagey(&["solve", "--example", "kk1", "--to", "sudokuwiki"]);
    let string = stdout(&output);
    let back = cagey_with_input(&["convert", "--to", "json"], Some(&string));
    assert!(
        stdout(&back).contains("\"progress\": [\n    [3,2,6,1,4,5],"),
        "{}",
        stdout(&back)
    );
    let output = cagey(&["solve", "--example", "kk0", "--to", "grid"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("no place for a solution"));
}

#[test]
fn solve_show_draws_the_solution_with_its_cages() {
    let output = cagey(&["solve", "--show", "--example", "kk0"]);
    assert_eq!(
        stdout(&output),
        format!("{}unique solution\n", golden("kk0-solved.txt"))
    );
    let output = cagey(&["solve", "--all", "--show", "--ascii", "--example", "kk0"]);
    assert_eq!(
        stdout(&output),
        format!("{}\nexactly 1 solution\n", golden("kk0-ascii-solved.txt"))
    );
}

#[test]
fn solves_a_killer_sudoku_string_and_names_its_kind() {
    let text = std::fs::read_to_string(corpus("killer-and-jigsaw.kk")).unwrap();
    let string = text
        .lines()
        .find_map(|l| l.strip_prefix("# raw: L9B"))
        .unwrap();
    let output = cagey_with_input(&["solve"], Some(&format!("L9B{string}\n")));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let printed = stdout(&output);
    assert!(printed.starts_with("9x9 Killer Sudoku, "), "{printed}");
    assert!(printed.contains("7 5 1 | 3 8 9 | 2 6 4\n"), "{printed}");
    assert!(printed.contains("\n------+-------+------\n"), "{printed}");
    assert!(printed.ends_with("unique solution\n"));
}

#[test]
fn names_the_kind_and_draws_box_borders_for_a_boxed_puzzle() {
    // A 4x4 Killer Sudoku whose bottom half is in no cage, with several solutions.
    let text = "# size 4\n# killer\n# boxes 2x2\n3+,0 1\n7+,2 3\n7+,4 5\n3+,6 7\n";
    let output = cagey_with_input(&["solve", "-"], Some(text));
    assert_eq!(output.status.code(), Some(0));
    let shown = stdout(&output);
    assert!(shown.starts_with("4x4 Killer Sudoku, 4 cages\n"), "{shown}");
    let rows: Vec<&str> = shown.lines().skip(1).take(5).collect();
    assert_eq!(rows[2], "----+----", "{shown}");
    assert!(rows[0].contains(" | "), "{shown}");
    assert!(shown.ends_with("not unique: this is one of several solutions (see --all, --count)\n"));
}

#[test]
fn prints_the_operations_of_hidden_cages() {
    let text = "1,0\n11?,1 2 5 6\n4?,3 7\n8?,4 8 9\n1?,10 11\n7?,12 13\n2?,14 15\n";
    let output = cagey_with_input(&["solve", "-"], Some(text));
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "1 2 4 3\n4 3 2 1\n2 1 3 4\n3 4 1 2\n\
         operations: 11+ at r1c2, 4+ at r1c4, 8× at r2c1, 1− at r3c3, 7+ at r4c1, 2× or 2÷ at r4c3\n\
         unique solution\n"
    );
}

/// A 3x3 puzzle with a three-cell division (2 / (1 * 1), an L in the top-left corner), which
/// only the multi-cell rules allow, and no `# multi-cell` line.
const THREE_CELL_DIVISION: &str = "2%,0 1 3\n3,2\n3,4\n2,5\n3,6\n2,7\n1,8\n";

#[test]
fn reads_multi_cell_cages_with_the_flag_where_the_file_has_no_directive() {
    let file = corpus("random/multicell-minus-divide-5x5.kk");
    let output = cagey(&["solve", &file]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains(
            "multicell-minus-divide-5x5.kk: kk format, line 27: cage \"2%\" has 3 cells; a % cage must have exactly two cells"
        ),
        "{message}"
    );

    let output = cagey(&["solve", "--multi-cell", &file]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");
    let solved = stdout(&output);
    assert!(solved.contains("# puzzle 2 (") && solved.contains("# puzzle 20 ("));

    let small = temp_file("three-cell-division.kk", THREE_CELL_DIVISION);
    let output = cagey(&["solve", "--multi-cell", &small]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).starts_with("2 1 3\n1 3 2\n3 2 1\n"));
    // Standard input and a given format take it too.
    let output = cagey_with_input(
        &["solve", "--multi-cell", "--from", "kk", "-"],
        Some(THREE_CELL_DIVISION),
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).starts_with("2 1 3\n1 3 2\n3 2 1\n"));
}

#[test]
fn conversions_keep_the_multi_cell_rule_or_refuse_it() {
    let small = temp_file("three-cell-division-convert.kk", THREE_CELL_DIVISION);
    let output = cagey(&["convert", "--multi-cell", &small, "--to", "kk"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        format!("# multi-cell\n{THREE_CELL_DIVISION}\n")
    );
    let output = cagey(&["convert", "--multi-cell", &small, "--to", "json"]);
    assert!(stdout(&output).contains("\"multi_cell\": true"));
    let output = cagey(&["convert", "--multi-cell", &small, "--to", "grid"]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains("cannot write this puzzle as grid: the format holds plain KenKen only, and this KenKen has the multi-cell rule"),
        "{message}"
    );
}

#[test]
fn refuses_a_solution_the_target_format_cannot_hold_with_status_2() {
    // A 2x2 grid is no SudokuWiki size: writing its solution as a string is refused.
    let output = cagey_with_input(
        &["solve", "--to", "sudokuwiki", "-"],
        Some("3+,0 1\n3+,2 3\n"),
    );
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("cannot write"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn says_counts_must_be_at_least_one() {
    for args in [
        &["solve", "--jobs", "0", "--example", "kk0"][..],
        &["solve", "--threads", "0", "--example", "kk0"],
        &["solve", "--limit", "0", "--example", "kk0"],
        &["render", "--size", "0", "--example", "kk0", "-o", "-"],
    ] {
        let output = cagey(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let message = stderr(&output);
        assert!(
            message.contains("must be at least 1"),
            "{args:?}: {message}"
        );
        assert!(!message.contains("18446744073709551615"), "{message}");
    }
    let output = cagey(&["solve", "--jobs", "two", "--example", "kk0"]);
    assert!(stderr(&output).contains("\"two\" is not a whole number"));
}

#[test]
fn says_a_directory_is_not_a_puzzle_file() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    for command in ["solve", "convert", "show", "init", "mcounts", "render"] {
        let mut args = vec![command, dir];
        match command {
            "convert" => args.extend(["--to", "kk"]),
            "render" => args.extend(["-o", "-"]),
            _ => {}
        }
        let output = cagey(&args);
        assert_eq!(output.status.code(), Some(2), "{command}");
        assert!(
            stderr(&output).contains(&format!("`{dir}` is a directory, not a puzzle file")),
            "{command}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn short_help_is_a_summary_of_the_long_one() {
    let short = stdout(&cagey(&["solve", "-h"]));
    let long = stdout(&cagey(&["solve", "--help"]));
    assert!(
        short.lines().count() * 2 < long.lines().count() + 10,
        "{short}"
    );
    // The search limits and the notes are for --help only.
    assert!(!short.contains("--max-nodes") && long.contains("--max-nodes"));
    assert!(short.contains("cagey solve --help") && long.contains("Exit status"));
    // The shared reading flags are under their own heading, said once.
    assert_eq!(short.matches("--multi-cell").count(), 1);
    assert!(short.contains("Input:"));
}

#[test]
fn prints_completions_for_each_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let output = cagey(&["completions", shell]);
        assert_eq!(output.status.code(), Some(0), "{shell}");
        let script = stdout(&output);
        // Every subcommand and a shared flag are offered.
        for word in ["solve", "check", "render", "multi-cell"] {
            assert!(script.contains(word), "{shell} lacks {word}");
        }
    }
    let output = cagey(&["completions", "tcsh"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn prints_and_writes_man_pages() {
    let output = cagey(&["man"]);
    assert_eq!(output.status.code(), Some(0));
    let page = stdout(&output);
    assert!(page.contains(".TH cagey 1"), "{page}");
    assert!(page.contains("cagey\\-check(1)"), "{page}");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("man1");
    let _ = std::fs::remove_dir_all(&dir);
    let output = cagey(&["man", "--out", &dir.to_string_lossy()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    for name in [
        "cagey.1",
        "cagey-solve.1",
        "cagey-check.1",
        "cagey-render.1",
    ] {
        let page = std::fs::read_to_string(dir.join(name)).unwrap();
        assert!(page.starts_with(".ie"), "{name}");
    }
    let solve = std::fs::read_to_string(dir.join("cagey-solve.1")).unwrap();
    assert!(solve.contains("\\-\\-max\\-nodes"));
}

#[test]
fn hints_at_common_mistakes_in_kk_files() {
    // kk0 with its cells numbered from 1.
    let one_based = "1,1\n11+,2 3 6 7\n4+,4 8\n8*,5 9 10\n1-,11 12\n7+,13 14\n2%,15 16\n";
    for (text, hint) in [
        (
            one_based,
            "in no cage: 0 17 18 19 20 21 22 23 24 (hint: cells count from 0 in kk files \
             (row-major: 0 is the top-left); these cages cover 1 to 16, a 4x4 grid numbered from 1)",
        ),
        ("+3,0 1\n3+,2 3\n", "(hint: the target comes first: `3+`)"),
        (
            "3+,0 3\n3+,1 2\n",
            "are not connected (hint: a cage's cells share sides; cells count from 0",
        ),
        (
            "3+,0 1\n1-,2 3 4\n1,5\n1,6\n1,7\n1,8\n",
            "(hint: for - over more cells, the multi-cell rules, add a `# multi-cell` line)",
        ),
    ] {
        let output = cagey_with_input(&["solve", "-"], Some(text));
        assert_eq!(output.status.code(), Some(2));
        assert!(stderr(&output).contains(hint), "{}", stderr(&output));
    }
    // No hint where the slip is another: a cell simply left out.
    let output = cagey_with_input(&["solve", "-"], Some("3+,0 1\n3+,2\n"));
    assert!(!stderr(&output).contains("hint"), "{}", stderr(&output));
}

#[test]
fn convert_refuses_a_solution_comment_that_does_not_solve_the_puzzle() {
    let text = std::fs::read_to_string(corpus("keen/keen_4de.kk")).unwrap();
    let first = text.split("\n\n").next().unwrap().trim();
    assert!(first.contains("# solution=2134341212434321"), "{first}");
    let right = format!("{first}\n\n{first}\n");
    let output = cagey_with_input(&["convert", "--to", "json"], Some(&right));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // The second puzzle's comment swaps two digits: a grid, but not this puzzle's solution.
    let wrong = format!(
        "{first}\n\n{}\n",
        first.replace("solution=2134341212434321", "solution=1234341212434321")
    );
    let output = cagey_with_input(&["convert", "--to", "json"], Some(&wrong));
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let error = stderr(&output);
    // The second puzzle's first cage is on line 16.
    assert!(error.contains("<stdin>, line 16: "), "{error}");
    assert!(error.contains("`# solution=` comment is wrong"), "{error}");
    assert!(
        !error.contains("line 4:"),
        "the first puzzle is fine: {error}"
    );
    assert_eq!(
        stdout(&output).matches("\"cages\"").count(),
        1,
        "only the first is written"
    );
    // Nor is a comment that is no grid at all passed on.
    let garbled = first.replace("solution=2134341212434321", "solution=21343");
    let output = cagey_with_input(&["convert", "--to", "kk"], Some(&garbled));
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("not a 4x4 grid"),
        "{}",
        stderr(&output)
    );
}

/// Every puzzle file of `corpora/` converts with the project's own command, not one puzzle
/// refused. Regression: `external.kk` (and `external-nonstandard.kk`) held `# solution=unknown`
/// notes, which `convert` refuses as answers that are no grid (exit 2), so the file had
/// dropped out of every check that reads through the command, and no test said so: the
/// library's corpus test parses the files but does not check their `# solution=` comments.
/// The multi-cell files are read with `--multi-cell`, as `crates/cagey/tests/corpus.rs`
/// reads them (their blocks predate the directive).
#[test]
fn every_corpus_file_converts_with_the_command() {
    fn files(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
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
    files(Path::new(&corpus("")), &mut found);
    found.sort();
    assert!(found.len() > 70, "{found:?}");
    let mut puzzles = 0;
    for path in &found {
        let path = path.to_string_lossy();
        let mut args = vec!["convert", "--to", "json", &path];
        if path.contains("multicell") || path.contains("nonstandard") {
            args.push("--multi-cell");
        }
        let output = cagey(&args);
        assert_eq!(output.status.code(), Some(0), "{path}: {}", stderr(&output));
        assert_eq!(stderr(&output), "", "{path}");
        let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
        puzzles += json.as_array().map_or(1, Vec::len);
    }
    assert!(puzzles > 2700, "only {puzzles} puzzles were converted");
}
