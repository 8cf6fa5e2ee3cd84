//! `cagey solve` on files of many puzzles: several jobs keep the input order, `--output
//! jsonl` writes one object per puzzle and a summary, a bad puzzle in the middle is
//! reported and the others are still solved, and standard input is read as a stream.

mod common;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::{cagey_with, corpus, stderr, stdout};
use serde_json::Value;

/// Writes `text` to a fresh file in the target directory and returns its path.
fn temp_file(name: &str, text: &str) -> String {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

fn read(relative: &str) -> String {
    std::fs::read_to_string(corpus(relative)).unwrap()
}

/// Puzzles with known answers: 100 unique 4x4, 25 5x5 with several solutions, 10 6x6 with
/// none, 100 unique 6x6, one after the other.
fn mixed() -> String {
    [
        "random/unique-4x4.kk",
        "random/several-5x5.kk",
        "random/none-6x6.kk",
        "random/unique-6x6.kk",
    ]
    .map(read)
    .join("\n")
}

/// The JSON objects of a jsonl output: the records, then the summary.
fn jsonl(output: &std::process::Output) -> (Vec<Value>, Value) {
    let text = stdout(output);
    let mut values: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    let summary = values.pop().expect("a summary line");
    (values, summary["summary"].clone())
}

/// The `# solution=` of each puzzle of a corpus text, as rows of digits separated by
/// spaces, in order.
fn known_solutions(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter_map(|line| line.strip_prefix("# solution="))
        .map(|digits| {
            let digits: Vec<char> = digits.trim().chars().collect();
            let n = digits.len().isqrt();
            digits
                .chunks(n)
                .map(|row| {
                    row.iter()
                        .map(char::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect()
        })
        .collect()
}

#[test]
fn several_jobs_print_what_one_job_prints_in_input_order() {
    let file = temp_file("batch-mixed.kk", &mixed());
    for flags in [
        &[][..],
        &["--count"],
        &["--all", "--limit", "3"],
        &["--stats"],
    ] {
        let run = |jobs: &str| {
            let mut args = vec!["solve", "--jobs", jobs, &file];
            args.extend_from_slice(flags);
            cagey_with(&args, None, &[])
        };
        let one = run("1");
        assert_eq!(
            one.status.code(),
            Some(1),
            "{flags:?}: the 6x6 have no solution"
        );
        let headers: Vec<usize> = stdout(&one)
            .lines()
            .filter_map(|line| line.strip_prefix("# puzzle "))
            .map(|rest| rest.split(' ').next().unwrap().parse().unwrap())
            .collect();
        if !flags.contains(&"--count") {
            assert_eq!(headers, (1..=235).collect::<Vec<_>>(), "{flags:?}");
        }
        for jobs in ["2", "3"] {
            let many = run(jobs);
            assert_eq!(many.status.code(), Some(1), "{flags:?} --jobs {jobs}");
            // Times differ from run to run; everything else is the same, in the same order.
            let strip = |text: String| -> String {
                text.lines()
                    .map(|l| l.split(", time ").next().unwrap().to_string() + "\n")
                    .collect()
            };
            assert_eq!(
                strip(stdout(&many)),
                strip(stdout(&one)),
                "{flags:?} --jobs {jobs}"
            );
        }
    }
}

#[test]
fn jsonl_has_one_object_per_puzzle_with_its_verdict_and_solutions() {
    let file = temp_file("batch-jsonl.kk", &mixed());
    let output = cagey_with(
        &["solve", "--output", "jsonl", "--jobs", "2", &file],
        None,
        &[],
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let (records, summary) = jsonl(&output);
    assert_eq!(records.len(), 235);
    let unique_4x4 = known_solutions(&read("random/unique-4x4.kk"));
    for (i, record) in records.iter().enumerate() {
        let index = i + 1;
        assert_eq!(record["index"], index, "{record}");
        assert_eq!(record["source"], file.as_str());
        assert!(record["line"].as_u64().unwrap() > 0);
        assert!(record["error"].is_null());
        assert!(
            record["operations"].is_null(),
            "no hidden operation: {record}"
        );
        assert!(record["nodes"].as_u64().unwrap() >= 1);
        assert!(record["micros"].is_u64());
        let (verdict, count, exact, solutions) = match index {
            1..=100 | 136..=235 => ("unique", 1, true, 1),
            101..=125 => ("several", 2, false, 2),
            _ => ("none", 0, true, 0),
        };
        assert_eq!(record["verdict"], verdict, "{record}");
        assert_eq!(record["count"], count, "{record}");
        assert_eq!(record["exact"], exact, "{record}");
        assert_eq!(record["solutions"].as_array().unwrap().len(), solutions);
        if index <= 100 {
            let rows: Vec<String> = serde_json::from_value(record["solutions"][0].clone()).unwrap();
            assert_eq!(rows, unique_4x4[i], "{record}");
        }
    }
    let expected = [
        ("puzzles", 235),
        ("solved", 225),
        ("unique", 200),
        ("several", 25),
        ("at_least_one", 0),
        ("none", 10),
        ("gave_up", 0),
        ("errors", 0),
    ];
    for (key, value) in expected {
        assert_eq!(summary[key], value, "{key}: {summary}");
    }
    let median = summary["median_micros"].as_u64().unwrap();
    let max = summary["max_micros"].as_u64().unwrap();
    assert!(median <= max, "{summary}");
    assert!(summary["solve_micros"].as_u64().unwrap() >= max);
    assert!(summary["wall_micros"].is_u64());
}

#[test]
fn jsonl_names_the_operations_of_hidden_cages_in_each_solution() {
    // A 4x4 whose cages hide their operations, the 1 x 2 of the last one being 2 by either
    // multiplication or division; then one with two solutions, listed with `--all`.
    let unique = "1,0\n11?,1 2 5 6\n4?,3 7\n8?,4 8 9\n1?,10 11\n7?,12 13\n2?,14 15\n";
    let output = cagey_with(&["solve", "--output", "jsonl", "-"], Some(unique), &[]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let (records, _) = jsonl(&output);
    let operations: Vec<Value> = serde_json::from_value(records[0]["operations"].clone()).unwrap();
    assert_eq!(operations.len(), 1, "one solution: {}", records[0]);
    let named: Vec<(u64, u64, Vec<String>)> = operations[0]
        .as_array()
        .unwrap()
        .iter()
        .map(|cage| {
            let ops = serde_json::from_value(cage["operations"].clone()).unwrap();
            (
                cage["cell"].as_u64().unwrap(),
                cage["target"].as_u64().unwrap(),
                ops,
            )
        })
        .collect();
    let expected = [
        (1, 11, vec!["+"]),
        (3, 4, vec!["+"]),
        (4, 8, vec!["*"]),
        (10, 1, vec!["-"]),
        (12, 7, vec!["+"]),
        (14, 2, vec!["*", "/"]),
    ];
    let expected: Vec<(u64, u64, Vec<String>)> = expected
        .into_iter()
        .map(|(cell, target, ops)| (cell, target, ops.into_iter().map(String::from).collect()))
        .collect();
    assert_eq!(named, expected);

    // 3 in two cells of a 2x2 is 1 + 2 whichever way round: two solutions, each revealed.
    let several = "3?,0 1\n3?,2 3\n";
    let output = cagey_with(
        &["solve", "--output", "jsonl", "--all", "-"],
        Some(several),
        &[],
    );
    let (records, _) = jsonl(&output);
    let record = &records[0];
    assert_eq!(record["solutions"].as_array().unwrap().len(), 2, "{record}");
    let operations = record["operations"].as_array().unwrap();
    assert_eq!(operations.len(), 2, "{record}");
    for revealed in operations {
        assert_eq!(
            revealed[0]["operations"],
            serde_json::json!(["+"]),
            "{record}"
        );
        assert_eq!(revealed[1]["cell"], 2, "{record}");
    }
}

#[test]
fn jsonl_counts_and_lists_every_solution_when_asked() {
    let several = read("random/several-5x5.kk");
    let first = several.split("\n\n").next().unwrap();
    let file = temp_file("batch-several.kk", &format!("{first}\n\n{first}\n"));
    let output = cagey_with(&["solve", "--output", "jsonl", "--count", &file], None, &[]);
    let (records, _) = jsonl(&output);
    assert_eq!(records[0]["count"], 6);
    assert_eq!(records[0]["exact"], true);
    assert_eq!(records[0]["verdict"], "several");
    assert_eq!(records[0]["solutions"], Value::Array(Vec::new()));
    let output = cagey_with(&["solve", "--output", "jsonl", "--all", &file], None, &[]);
    let (records, _) = jsonl(&output);
    assert_eq!(records[1]["solutions"].as_array().unwrap().len(), 6);
    let output = cagey_with(
        &[
            "solve", "--output", "jsonl", "--count", "--limit", "1", &file,
        ],
        None,
        &[],
    );
    let (records, summary) = jsonl(&output);
    assert_eq!(records[0]["verdict"], "at_least_one");
    assert_eq!(records[0]["exact"], false);
    assert_eq!(summary["at_least_one"], 2);
    assert_eq!(summary["solved"], 2);
}

#[test]
fn a_malformed_puzzle_in_the_middle_is_reported_and_the_batch_goes_on() {
    let good = read("random/unique-4x4.kk");
    let blocks: Vec<&str> = good.trim_end().split("\n\n").collect();
    // Puzzle 3 of 5 has a label with an unknown operator (its line and column are named),
    // puzzle 4 lacks a cell (named by the line it starts on).
    let text = format!(
        "{}\n\n{}\n\n1,0\n3^,1 2\n2,3\n\n3+,0 1\n3+,2\n\n{}\n",
        blocks[0], blocks[1], blocks[2]
    );
    let bad_line = text.lines().position(|l| l == "3^,1 2").unwrap() + 1;
    let missing_line = text.lines().position(|l| l == "3+,2").unwrap();
    let file = temp_file("batch-malformed.kk", &text);

    for jobs in ["1", "2"] {
        let output = cagey_with(&["solve", "--jobs", jobs, &file], None, &[]);
        assert_eq!(output.status.code(), Some(2), "--jobs {jobs}");
        let text_out = stdout(&output);
        assert_eq!(text_out.matches("unique solution").count(), 3, "{text_out}");
        assert!(text_out.contains("# puzzle 5 ("), "{text_out}");
        let errors = stderr(&output);
        assert!(
            errors.contains(&format!(
                "batch-malformed.kk: kk format, line {bad_line}, column 2: unknown operator '^'"
            )),
            "{errors}"
        );
        assert!(
            errors.contains(&format!("batch-malformed.kk: line {missing_line}: kk format, the cages cover 3 of the 4 cells")),
            "{errors}"
        );

        let output = cagey_with(
            &["solve", "--jobs", jobs, "--output", "jsonl", &file],
            None,
            &[],
        );
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(stderr(&output), "", "errors are in the objects");
        let (records, summary) = jsonl(&output);
        let verdicts: Vec<&str> = records
            .iter()
            .map(|r| r["verdict"].as_str().unwrap())
            .collect();
        assert_eq!(verdicts, ["unique", "unique", "error", "error", "unique"]);
        let error = records[2]["error"].as_str().unwrap();
        assert!(
            error.contains(&format!("line {bad_line}, column ")),
            "{error}"
        );
        assert_eq!(records[3]["line"], missing_line);
        assert!(records[2]["count"].is_null() && records[2]["micros"].is_null());
        assert_eq!(summary["errors"], 2);
        assert_eq!(summary["unique"], 3);
        assert_eq!(summary["puzzles"], 5);
    }
}

#[test]
fn reads_many_puzzles_from_standard_input() {
    let text = mixed();
    let output = cagey_with(
        &["solve", "--jobs", "2", "--output", "jsonl"],
        Some(&text),
        &[],
    );
    let (records, summary) = jsonl(&output);
    assert_eq!(records.len(), 235);
    assert_eq!(records[0]["source"], "<stdin>");
    assert_eq!(summary["unique"], 200);
}

#[test]
fn answers_before_standard_input_ends() {
    // Keen IDs, one per line: the first puzzle is solved and written while the input is
    // still open, which a reader of the whole input could not do.
    let keen = read("keen/keen_4de.kk");
    let ids: Vec<&str> = keen
        .lines()
        .filter_map(|line| line.strip_prefix("# id="))
        .take(3)
        .collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_cagey"))
        .args([
            "solve", "--jobs", "2", "--output", "jsonl", "--from", "keen",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    // Two puzzles: the first is handed over once the second shows that there are several.
    writeln!(input, "{}\n{}", ids[0], ids[1]).unwrap();
    input.flush().unwrap();
    let (lines, received) = mpsc::channel();
    let out = BufReader::new(child.stdout.take().unwrap());
    let reading = std::thread::spawn(move || {
        for line in out.lines() {
            lines.send(line.unwrap()).unwrap();
        }
    });
    let first = received
        .recv_timeout(Duration::from_secs(60))
        .expect("the first answer comes while the input is open");
    let record: Value = serde_json::from_str(&first).unwrap();
    assert_eq!(record["index"], 1);
    assert_eq!(record["verdict"], "unique");
    writeln!(input, "{}", ids[2]).unwrap();
    drop(input);
    reading.join().unwrap();
    let rest: Vec<String> = received.try_iter().collect();
    assert_eq!(rest.len(), 3, "two more records and the summary: {rest:?}");
    assert!(child.wait().unwrap().success());
}

#[test]
fn jsonl_refuses_flags_that_draw_or_convert() {
    for flag in [&["--show"][..], &["--to", "keen"]] {
        let mut args = vec!["solve", "--output", "jsonl", "--example", "kk0"];
        args.extend_from_slice(flag);
        let output = cagey_with(&args, None, &[]);
        assert_eq!(output.status.code(), Some(2), "{flag:?}");
        assert!(
            stderr(&output).contains("--output jsonl"),
            "{}",
            stderr(&output)
        );
    }
}

#[test]
fn unique_and_limits_work_with_several_jobs() {
    let file = temp_file("batch-unique.kk", &mixed());
    let output = cagey_with(
        &["solve", "--jobs", "2", "--unique", "--count", &file],
        None,
        &[],
    );
    assert_eq!(output.status.code(), Some(1));
    let counts: BTreeMap<String, usize> =
        stdout(&output)
            .lines()
            .fold(BTreeMap::new(), |mut counts, line| {
                *counts.entry(line.to_string()).or_default() += 1;
                counts
            });
    assert_eq!(counts["1"], 200);
    assert_eq!(counts["0"], 10);
    let output = cagey_with(
        &[
            "solve",
            "--jobs",
            "2",
            "--max-nodes",
            "1",
            "--output",
            "jsonl",
            &corpus("random/hard-9x9-big-cages.kk"),
        ],
        None,
        &[],
    );
    assert_eq!(output.status.code(), Some(1));
    let (records, summary) = jsonl(&output);
    assert!(
        records.iter().any(|r| r["verdict"] == "gave_up"),
        "{records:?}"
    );
    assert!(summary["gave_up"].as_u64().unwrap() > 0);
}

#[test]
fn help_says_how_batches_run_and_end() {
    let output = cagey_with(&["solve", "--help"], None, &[]);
    let help = stdout(&output);
    for words in ["--jobs", "--output", "jsonl", "input order", "2 bad input"] {
        assert!(help.contains(words), "{words}: {help}");
    }
}
