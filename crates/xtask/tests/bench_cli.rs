//! `cargo xtask bench`: the corpus timing run as a binary, its table, its JSON, and its
//! rounds against another build, with the exit status of each outcome.

use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs the built `xtask` with `args`.
fn xtask(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("xtask runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// The path of a file of the project's corpora.
fn corpus(relative: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpora")
        .join(relative);
    path.to_string_lossy().into_owned()
}

/// Writes `text` to a fresh file in the target directory and returns its path.
fn temp_file(name: &str, text: &str) -> String {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn benches_a_multi_cell_corpus_with_the_flag() {
    let file = corpus("random/multicell-minus-divide-5x5.kk");
    let output = xtask(&["bench", "--multi-cell", &file]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");
    let table = stdout(&output);
    let row = table.lines().nth(1).unwrap();
    assert_eq!(row.split_whitespace().nth(1), Some("20"), "{table}");

    // Without it, the puzzles with longer cages are named and left out; the others run.
    let output = xtask(&["bench", &file]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains("multicell-minus-divide-5x5.kk: line 27: cage \"2%\" has 3 cells; a % cage must have exactly two cells (hint: for % over more cells, the multi-cell rules, add a `# multi-cell` line) (the puzzle is left out)"),
        "{message}"
    );
    assert_eq!(message.matches("left out").count(), 8, "{message}");
    let row = stdout(&output).lines().nth(1).unwrap().to_string();
    assert_eq!(row.split_whitespace().nth(1), Some("12"), "{row}");

    // A puzzle refused for another reason is named by its line, whatever the flag.
    let text = std::fs::read_to_string(corpus("external-nonstandard.kk")).unwrap();
    let line = text.lines().count() + 3;
    let file = temp_file(
        "nonstandard-and-a-bad-one.kk",
        &format!("{text}\n# a cell left out\n3+,0 1\n3+,2\n"),
    );
    let output = xtask(&["bench", "--multi-cell", "--json", &file]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains(&format!("nonstandard-and-a-bad-one.kk: line {line}: the cages cover 3 of the 4 cells of a 2x2 grid; in no cage: 3 (the puzzle is left out)")),
        "{message}"
    );
    let json = stdout(&output);
    assert!(json.contains("\"puzzles\": 4,"), "{json}");
    assert!(
        json.contains("\"failures\": [], \"refused\": [\""),
        "{json}"
    );
}

#[test]
fn bench_repeat_keeps_each_puzzle_s_fastest_and_first_runs() {
    // With repeats the fastest run counts, and the first runs' median is given beside it;
    // without, the first run is the only one.
    let file = corpus("random/several-5x5.kk");
    for repeat in ["1", "3"] {
        let output = xtask(&["bench", "--json", "--repeat", repeat, &file]);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let report: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
        let row = &report["files"][0];
        let samples = row["samples"].as_array().unwrap();
        let mut firsts = Vec::new();
        for sample in samples {
            let (fastest, first) = (sample["ns"].as_u64(), sample["first_ns"].as_u64());
            match repeat {
                "1" => assert_eq!(fastest, first, "{sample}"),
                _ => assert!(fastest <= first, "{sample}"),
            }
            firsts.push(first.unwrap());
        }
        firsts.sort_unstable();
        // The median by nearest rank, of an odd number of puzzles.
        assert_eq!(firsts.len() % 2, 1);
        let median = firsts[firsts.len() / 2];
        assert_eq!(Some(median), row["first_median_ns"].as_u64());

        let output = xtask(&["bench", "--repeat", repeat, &file]);
        let header = stdout(&output)
            .lines()
            .next()
            .unwrap_or_default()
            .to_string();
        assert_eq!(header.contains("1st run"), repeat == "3", "{header}");
    }
}

#[test]
fn bench_rounds_compare_two_builds_side_by_side() {
    // This build against itself, three rounds: each build's figures are medians over the
    // rounds, and the ratio is the median of the rounds' ratios.
    let file = corpus("random/unique-4x4.kk");
    let other = env!("CARGO_BIN_EXE_xtask");
    let output = xtask(&[
        "bench",
        "--json",
        "--rounds",
        "3",
        "--against",
        other,
        &file,
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let report: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(report["rounds"], 3);
    assert_eq!(report["against"], other);
    let row = &report["files"][0];
    let against = &row["against"];
    let rounds = |figures: &serde_json::Value| -> Vec<u64> {
        let values = figures["rounds_median_ns"].as_array().unwrap();
        values.iter().map(|v| v.as_u64().unwrap()).collect()
    };
    let (this_rounds, other_rounds) = (rounds(row), rounds(against));
    assert_eq!((this_rounds.len(), other_rounds.len()), (3, 3));
    for (figures, mut values) in [(row, this_rounds.clone()), (against, other_rounds.clone())] {
        assert_eq!(figures["puzzles"], 100);
        values.sort_unstable();
        assert_eq!(figures["median_ns"].as_u64(), Some(values[1]), "{figures}");
    }
    let mut ratios: Vec<f64> = this_rounds
        .iter()
        .zip(&other_rounds)
        .map(|(&a, &b)| a as f64 / b as f64)
        .collect();
    ratios.sort_unstable_by(f64::total_cmp);
    let ratio = against["ratio"].as_f64().unwrap();
    assert!((ratio - ratios[1]).abs() < 1e-9, "{against}");

    // As a table: the other build's median and the ratio beside this build's figures.
    let output = xtask(&["bench", "--rounds", "2", "--against", other, &file]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let table = stdout(&output);
    let header: Vec<&str> = table.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(
        header,
        ["file", "puzzles", "median", "p90", "max", "nodes", "against", "ratio"]
    );
    assert!(
        table.contains("(medians of 2 round(s), alternately with"),
        "{table}"
    );
}

#[test]
fn bench_rounds_report_what_the_runs_said_once() {
    // Puzzles left out are named once, not once a round, and still set the exit status.
    let file = corpus("random/multicell-minus-divide-5x5.kk");
    let output = xtask(&["bench", "--rounds", "2", &file]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert_eq!(message.matches("left out").count(), 8, "{message}");
    let row = stdout(&output).lines().nth(1).unwrap().to_string();
    assert_eq!(row.split_whitespace().nth(1), Some("12"), "{row}");

    // A build that cannot be run, or is no benchmark, is named.
    let file = corpus("random/unique-4x4.kk");
    let output = xtask(&["bench", "--against", "/no/such/cagey", &file]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("cannot run /no/such/cagey"),
        "{}",
        stderr(&output)
    );
    // `true` prints nothing and succeeds.
    let output = xtask(&["bench", "--against", "true", &file]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains(
            "true printed no bench report (is it a build of xtask, or a cagey with `bench`?)"
        ),
        "{}",
        stderr(&output)
    );
}

#[test]
fn bench_json_lists_each_puzzle_by_its_line() {
    // Counting every solution of the 5x5 with several: each sample names its puzzle's line,
    // in file order, and the summary is made from the samples.
    let file = corpus("random/several-5x5.kk");
    let output = xtask(&["bench", "--json", &file]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let report: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let row = &report["files"][0];
    let samples = row["samples"].as_array().unwrap();
    assert_eq!(samples.len() as u64, row["puzzles"].as_u64().unwrap());
    let lines: Vec<u64> = samples
        .iter()
        .map(|s| s["line"].as_u64().unwrap())
        .collect();
    assert_eq!(
        lines[0], 8,
        "the first puzzle's cages start on line 8, after its comments"
    );
    assert!(lines.windows(2).all(|w| w[0] < w[1]), "{lines:?}");
    let slowest = samples.iter().map(|s| s["ns"].as_u64().unwrap()).max();
    assert_eq!(slowest, row["max_ns"].as_u64());
    let most_nodes = samples.iter().map(|s| s["nodes"].as_u64().unwrap()).max();
    assert_eq!(most_nodes, row["max_nodes"].as_u64());
    for sample in samples {
        let solutions = sample["solutions"].as_u64().unwrap();
        assert!(solutions >= 2, "every puzzle here has several: {sample}");
        // The root is a node, and not a guess.
        let nodes = sample["nodes"].as_u64().unwrap();
        assert!(sample["guesses"].as_u64().unwrap() < nodes, "{sample}");
    }
}

#[test]
fn says_a_directory_is_not_a_corpus_file_and_counts_start_at_one() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    let output = xtask(&["bench", dir]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("is a directory, not a puzzle file"));
    let output = xtask(&["bench", "--repeat", "0", &corpus("random/unique-4x4.kk")]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("must be at least 1"));
}
