//! `cagey generate` and `cagey unique` as a user runs them: the stream of puzzles and its
//! comments, the same puzzles with one job or two, clear failures, and repairs of the
//! ambiguous corpus puzzles that the solver then proves unique.

mod common;

use common::{cagey_with, corpus, stderr, stdout};

fn cagey(args: &[&str]) -> std::process::Output {
    cagey_with(args, None, &[])
}

#[test]
fn puzzles_stream_with_seed_level_score_and_solution_comments() {
    let output = cagey(&[
        "generate",
        "--size",
        "5",
        "--difficulty",
        "hard",
        "--count",
        "3",
        "--seed",
        "7",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    for key in ["# seed=7/0", "# seed=7/1", "# seed=7/2"] {
        assert!(text.contains(key), "{text}");
    }
    assert_eq!(text.matches("# level=hard").count(), 3, "{text}");
    assert_eq!(text.matches("# score=").count(), 3);
    assert_eq!(text.matches("# solution=").count(), 3);
    // Every puzzle written solves uniquely, at the level asked for.
    let solved = cagey_with(&["solve", "--unique", "-"], Some(&text), &[]);
    assert!(solved.status.success(), "{}", stderr(&solved));
    let graded = cagey_with(&["grade", "-"], Some(&text), &[]);
    assert!(graded.status.success(), "{}", stderr(&graded));
    assert_eq!(
        stdout(&graded).matches("hard").count(),
        3,
        "{}",
        stdout(&graded)
    );
}

/// Without --difficulty the level is normal, as Keen's default, so a booklet made without
/// one is of one level (it once scattered from easy to unreasonable); `--difficulty any`
/// takes any level and still writes it.
#[test]
fn the_default_level_is_normal_and_any_is_still_graded() {
    let output = cagey(&["generate", "--size", "5", "--count", "3", "--seed", "4"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output).matches("# level=normal").count(), 3);
    let output = cagey(&[
        "generate",
        "--size",
        "6",
        "--count",
        "4",
        "--seed",
        "4",
        "--difficulty",
        "any",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert_eq!(text.matches("# level=").count(), 4, "{text}");
    assert_eq!(text.matches("# score=").count(), 4, "{text}");
}

#[test]
fn the_cage_style_is_keen_or_big() {
    for style in ["keen", "big"] {
        let output = cagey(&["generate", "--size", "6", "--style", style, "--seed", "1"]);
        assert!(output.status.success(), "{style}: {}", stderr(&output));
    }
    let output = cagey(&["generate", "--style", "huge"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("keen, big"), "{}", stderr(&output));
}

#[test]
fn one_job_and_two_give_the_same_puzzles() {
    let run = |jobs: &str| {
        let output = cagey(&[
            "generate", "--size", "6", "--count", "12", "--seed", "3", "--jobs", jobs,
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
        stdout(&output)
    };
    assert_eq!(run("1"), run("2"));
    // --first makes one puzzle of a run again.
    let again = cagey(&["generate", "--size", "6", "--seed", "3", "--first", "4"]);
    let run = run("1");
    let fifth = run.split("\n\n").nth(4).unwrap();
    assert_eq!(stdout(&again).trim_end(), fifth.trim_end());
}

#[test]
fn other_formats_and_kinds() {
    let output = cagey(&[
        "generate", "--kind", "killer", "--size", "4", "--to", "json", "--count", "2",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json.as_array().map(Vec::len), Some(2));
    let output = cagey(&["generate", "--size", "4", "--ops", "*", "--to", "keen"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).starts_with("4:"), "{}", stdout(&output));
}

#[test]
fn bad_settings_exit_2_and_impossible_ones_exit_1() {
    let output = cagey(&["generate", "--kind", "killer", "--size", "7"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("boxes"), "{}", stderr(&output));
    let output = cagey(&["generate", "--ops", "^"]);
    assert_eq!(output.status.code(), Some(2));
    let output = cagey(&["generate", "--difficulty", "impossible"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("expected any, easy, normal"),
        "{}",
        stderr(&output)
    );
    // A score orders puzzles within a level: any level has none to order.
    let output = cagey(&["generate", "--difficulty", "any", "--score", "1..5"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("score needs a difficulty other than any"),
        "{}",
        stderr(&output)
    );
    // Quotients only, on dominoes only, over a 3x3: there is no such puzzle.
    let output = cagey(&[
        "generate",
        "--size",
        "3",
        "--ops",
        "/",
        "--cage-size",
        "2",
        "--time-limit",
        "2",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("no puzzle"), "{}", stderr(&output));
}

#[test]
fn stats_report_the_mix_and_the_time() {
    let output = cagey(&[
        "generate", "--size", "5", "--count", "4", "--stats", "--seed", "1",
    ]);
    assert!(output.status.success());
    let report = stderr(&output);
    for line in [
        "4 puzzles made",
        "cage sizes",
        "operations",
        "levels",
        "time/puzzle",
    ] {
        assert!(report.contains(line), "{report}");
    }
}

#[test]
fn unique_repairs_every_ambiguous_corpus_puzzle() {
    for file in ["random/several-5x5.kk", "random/several-6x6.kk"] {
        let path = corpus(file);
        let output = cagey(&["unique", &path]);
        assert!(output.status.success(), "{}", stderr(&output));
        let text = stdout(&output);
        let puzzles = text.matches("# id=").count();
        assert!(puzzles > 0);
        // Each puzzle names at least one change, here and on standard error.
        let blocks: Vec<&str> = text.trim_end().split("\n\n").collect();
        assert_eq!(blocks.len(), puzzles);
        assert!(blocks.iter().all(|b| b.contains("# unique: ")), "{text}");
        assert!(stderr(&output).lines().count() >= puzzles);
        let solved = cagey_with(&["solve", "--unique", "-"], Some(&text), &[]);
        assert!(solved.status.success(), "{file}: {}", stderr(&solved));
    }
}

#[test]
fn unique_lists_alternatives_with_all() {
    let path = corpus("random/several-5x5.kk");
    let output = cagey(&["unique", &path, "--all"]);
    assert!(output.status.success());
    assert!(
        stdout(&output).contains("# unique: or instead: "),
        "{}",
        stdout(&output)
    );
}

/// Regression: `cat a.kk b.kk` of two `generate` outputs once merged the last puzzle of the
/// first with the first of the second (the output did not end with the blank line that
/// separates puzzles), and reading them failed with "cell 0 is already in the cage on line
/// 229". Every format that separates puzzles by blank lines now ends with one; the
/// one-per-line formats end with a line end.
#[test]
fn concatenated_outputs_read_back_as_all_their_puzzles() {
    for to in ["kk", "a1", "grid", "sudokuwiki", "keen"] {
        let run = |seed: &str, count: &str| {
            let output = cagey(&[
                "generate", "--size", "4", "--seed", seed, "--count", count, "--to", to,
            ]);
            assert!(output.status.success(), "{}", stderr(&output));
            stdout(&output)
        };
        // Two runs of two puzzles and one of one: five puzzles.
        let text = [run("1", "2"), run("2", "1"), run("3", "2")].concat();
        let read = cagey_with(
            &["convert", "--from", to, "--to", "sudokuwiki", "-"],
            Some(&text),
            &[],
        );
        assert!(
            read.status.success(),
            "--to {to}: {}\n{text}",
            stderr(&read)
        );
        assert_eq!(stdout(&read).lines().count(), 5, "--to {to}:\n{text}");
    }
}

/// `convert` and `unique`, which also write puzzle text, end with the blank line too, so
/// their outputs concatenate as well.
#[test]
fn convert_and_unique_end_with_a_blank_line() {
    let two = "6+,0 1 2\n6+,3 4 5\n6+,6 7 8\n\n6+,0 3 6\n6+,1 4 7\n6+,2 5 8\n";
    for to in ["kk", "a1", "grid"] {
        let output = cagey_with(&["convert", "--to", to, "-"], Some(two), &[]);
        assert!(output.status.success(), "{}", stderr(&output));
        let text = stdout(&output);
        assert!(text.ends_with("\n\n"), "--to {to}: {text:?}");
        let doubled = cagey_with(
            &["convert", "--from", to, "--to", "sudokuwiki", "-"],
            Some(&text.repeat(2)),
            &[],
        );
        assert_eq!(stdout(&doubled).lines().count(), 4, "--to {to}: {text}");
    }
    let output = cagey_with(&["unique", "-"], Some("6+,0 1 2 3\n"), &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).ends_with("\n\n"), "{}", stdout(&output));
    let output = cagey(&["examples", "kk0"]);
    assert!(stdout(&output).ends_with("\n\n"), "{}", stdout(&output));
}

/// The `# solution=` lines of a run's kk text, and its cage lines cut of their clues (the
/// cells caged together), one string per puzzle.
fn solutions_and_layouts(text: &str) -> (Vec<String>, Vec<String>) {
    let blocks: Vec<&str> = text
        .split("\n\n")
        .filter(|b| !b.trim().is_empty())
        .collect();
    let solutions = blocks
        .iter()
        .filter_map(|b| b.lines().find(|l| l.starts_with("# solution=")))
        .map(str::to_string)
        .collect();
    let layouts = blocks
        .iter()
        .map(|b| {
            b.lines()
                .filter(|l| !l.starts_with('#'))
                .filter_map(|l| l.split_once(',').map(|(_, cells)| cells))
                .collect::<Vec<_>>()
                .join(";")
        })
        .collect();
    (solutions, layouts)
}

fn distinct(items: &[String]) -> usize {
    items.iter().collect::<std::collections::HashSet<_>>().len()
}

/// Guards #44 (near-duplicate puzzles): one seed at five levels once gave 60 6x6 puzzles with
/// 43 solutions, puzzles 2, 14 and 26 one grid with a few labels changed. The generator is
/// now keyed by the level too, and a run leaves out repeats.
#[test]
fn one_seed_at_every_level_makes_no_two_puzzles_alike() {
    let mut text = String::new();
    for level in ["easy", "normal", "hard", "extreme", "unreasonable"] {
        let output = cagey(&[
            "generate",
            "--size",
            "6",
            "--difficulty",
            level,
            "--count",
            "12",
            "--seed",
            "101",
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
        text.push_str(&stdout(&output));
    }
    let (solutions, layouts) = solutions_and_layouts(&text);
    assert_eq!(solutions.len(), 60);
    assert_eq!(distinct(&solutions), 60, "{text}");
    assert_eq!(distinct(&layouts), 60, "{text}");
}

/// A 3x3 has twelve solutions: a run asking for twenty makes no repeat, says how many it
/// made and why, and fails.
#[test]
fn a_run_leaves_repeats_out_and_says_when_too_few_puzzles_exist() {
    let output = cagey(&[
        "generate",
        "--size",
        "3",
        "--difficulty",
        "any",
        "--count",
        "20",
        "--seed",
        "1",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let (solutions, layouts) = solutions_and_layouts(&stdout(&output));
    assert!(!solutions.is_empty() && solutions.len() < 20);
    assert_eq!(distinct(&solutions), solutions.len());
    assert_eq!(distinct(&layouts), layouts.len());
    let said = stderr(&output);
    assert!(
        said.contains(&format!(
            "made {} of the 20 3x3 kenken puzzles asked for",
            solutions.len()
        )) && said.contains("too few different puzzles"),
        "{said}"
    );
}

/// Issue #44: puzzle books give away a few one-cell cages ("freebies"); `--freebies` is
/// `--givens`, and each shows its digit.
#[test]
fn freebies_are_one_cell_cages_that_show_their_digit() {
    let output = cagey(&[
        "generate",
        "--size",
        "6",
        "--freebies",
        "3",
        "--difficulty",
        "any",
        "--seed",
        "5",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let solution: Vec<u8> = text
        .lines()
        .find_map(|line| line.strip_prefix("# solution="))
        .unwrap()
        .bytes()
        .map(|b| b - b'0')
        .collect();
    let freebies: Vec<(&str, &str)> = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_once(','))
        .filter(|(_, cells)| !cells.contains(' '))
        .collect();
    assert_eq!(freebies.len(), 3, "{text}");
    for (label, cell) in freebies {
        let cell: usize = cell.trim().parse().unwrap();
        assert_eq!(label, solution[cell].to_string(), "{text}");
    }
}

/// Issue #44: one command makes a mixed book: several kinds, sizes and levels give `--count`
/// of each, kind by kind, size by size, level by level, none alike.
#[test]
fn several_kinds_sizes_and_levels_make_count_of_each_in_turn() {
    let output = cagey(&[
        "generate",
        "--kind",
        "kenken,killer",
        "--size",
        "4,6",
        "--difficulty",
        "easy,normal",
        "--count",
        "2",
        "--seed",
        "9",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let parts: Vec<(bool, usize, String)> = text
        .split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| {
            let killer = block.lines().any(|line| line == "# killer");
            let cells = block
                .lines()
                .find_map(|line| line.strip_prefix("# solution="))
                .unwrap()
                .len();
            let level = block
                .lines()
                .find_map(|line| line.strip_prefix("# level="))
                .unwrap()
                .to_string();
            (killer, cells.isqrt(), level)
        })
        .collect();
    let mut expected = Vec::new();
    for killer in [false, true] {
        for size in [4, 6] {
            for level in ["easy", "normal"] {
                expected.push((killer, size, level.to_string()));
                expected.push((killer, size, level.to_string()));
            }
        }
    }
    assert_eq!(parts, expected, "{text}");
    let (solutions, layouts) = solutions_and_layouts(&text);
    assert_eq!(distinct(&solutions), 16);
    assert_eq!(distinct(&layouts), 16);
    // A part that cannot be made is refused before any puzzle is: no boxes at 5x5.
    let output = cagey(&["generate", "--kind", "kenken,killer", "--size", "5"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stdout(&output).is_empty());
    assert!(
        stderr(&output).contains("a 5x5 grid has none"),
        "{}",
        stderr(&output)
    );
}
