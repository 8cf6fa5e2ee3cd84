//! `cagey grade`, `explain`, `hint` and `rules` as a user runs them: what they print and
//! their exit status.

mod common;

use std::path::Path;

use common::{cagey_with, corpus, stdout};

fn cagey(args: &[&str]) -> std::process::Output {
    cagey_with(args, None, &[])
}

#[test]
fn rules_lists_every_rule_with_level_and_weight() {
    let output = cagey(&["rules"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    for rule in &cagey::logic::RULES {
        let line = text
            .lines()
            .find(|l| l.starts_with(rule.name))
            .unwrap_or_else(|| panic!("{} not listed", rule.name));
        assert!(line.contains(rule.level.name()), "{line}");
        assert!(line.contains(&rule.weight.to_string()), "{line}");
    }
    assert!(text.contains(cagey::logic::SEARCH_RULE));
}

#[test]
fn rules_killer_lists_the_killer_ladder_and_killers_are_graded_on_it() {
    let output = cagey(&["rules", "--killer"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    for rule in &cagey::logic::KILLER_RULES {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{} ", rule.name)))
            .unwrap_or_else(|| panic!("{} not listed", rule.name));
        assert!(line.contains(rule.level.name()), "{line}");
    }
    // SudokuWiki's gentle killer needs the 45 rule: normal on the killer ladder.
    let output = cagey(&["grade", "--example", "killer"]);
    assert_eq!(stdout(&output).split_whitespace().next(), Some("normal"));
}

#[test]
fn grade_prints_level_and_score_per_puzzle() {
    let output = cagey(&["grade", "--example", "kk1"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    let mut words = text.split_whitespace();
    assert_eq!(words.next(), Some("hard"));
    assert!(words.next().unwrap().parse::<u32>().is_ok());

    let file = corpus("keen/keen_4dx.kk");
    let output = cagey(&["grade", "--jobs", "2", "--output", "jsonl", &file]);
    assert_eq!(output.status.code(), Some(0));
    let lines: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(lines.len() >= 50);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["index"], i + 1);
        assert_eq!(line["level"], "extreme");
        assert!(line["score"].as_u64().unwrap() > 0);
        // The rules as /api/grade lists them: [{"rule": ..., "count": ...}, ...].
        let rules: Vec<&str> = line["rules"]
            .as_array()
            .unwrap()
            .iter()
            .map(|rule| rule["rule"].as_str().unwrap())
            .collect();
        assert!(
            rules.contains(&"fish") || rules.contains(&"forcing chain"),
            "{line}"
        );
    }
}

#[test]
fn grade_fails_on_puzzles_without_one_solution() {
    let file = corpus("random/several-5x5.kk");
    let output = cagey(&["grade", "--jobs", "1", &file]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("more than one solution"));
}

#[test]
fn explain_writes_steps_then_the_verdict() {
    let output = cagey(&["explain", "--example", "kk0"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.starts_with("  1. easy, given: r1c1 is given as 1: place 1 in r1c1"));
    assert!(text.contains("solved: easy, score"));
    assert!(text.ends_with("1 2 4 3\n4 3 2 1\n2 1 3 4\n3 4 1 2\n"));

    let output = cagey(&["explain", "--output", "jsonl", "--example", "kk1"]);
    assert_eq!(output.status.code(), Some(0));
    let lines: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (last, steps) = lines.split_last().unwrap();
    assert_eq!(last["verdict"], "solved");
    assert_eq!(last["level"], "hard");
    assert_eq!(steps[0]["rule"], "given");
    assert_eq!(steps[0]["placed"], serde_json::json!([[0, 0, 3]]));
    for step in steps {
        for key in ["rule", "level", "cells", "placed", "eliminated", "text"] {
            assert!(!step[key].is_null(), "{key} missing in {step}");
        }
    }
}

#[test]
fn explain_draws_and_writes_pictures_with_highlights() {
    let output = cagey(&[
        "explain",
        "--show",
        "--ascii",
        "--color",
        "never",
        "--example",
        "kk0",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.contains('*') && text.contains('!'));
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("explain-svg");
    let _ = std::fs::remove_dir_all(&dir);
    let output = cagey(&[
        "explain",
        "--svg",
        dir.to_str().unwrap(),
        "--example",
        "kk0",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let first = std::fs::read_to_string(dir.join("step-001.svg")).unwrap();
    assert!(first.contains("class=\"highlight\""));
    // kk0's sixth step, a hidden single: its row is the cause, the cells it changes inside.
    let sixth = std::fs::read_to_string(dir.join("step-006.svg")).unwrap();
    assert!(sixth.contains("#bcd4f6") && sixth.contains("#fbe49a"));
    let count = std::fs::read_dir(&dir).unwrap().count();
    let steps = stdout(&cagey(&["explain", "--example", "kk0"]))
        .lines()
        .filter(|l| l.contains(". "))
        .count();
    assert_eq!(count, steps);
}

#[test]
fn explain_of_an_ambiguous_puzzle_shows_two_solutions() {
    let text = std::fs::read_to_string(corpus("random/several-5x5.kk")).unwrap();
    let first = text.split("\n\n").next().unwrap();
    let output = cagey_with(&["explain", "-"], Some(first), &[]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(text.contains("more than one solution"), "{text}");
    assert!(text.contains("they differ in r"), "{text}");
}

#[test]
fn hint_reveals_by_degree_and_reports_mistakes_first() {
    let one = stdout(&cagey(&["hint", "--example", "kk1"]));
    let three = stdout(&cagey(&["hint", "--level", "3", "--example", "kk1"]));
    assert!(one.contains("given") && !one.contains("place"));
    assert!(three.contains("place 3 in r1c1"));

    // A JSON puzzle whose progress holds a wrong digit in r1c2.
    let json = stdout(&cagey(&["convert", "--to", "json", "--example", "kk1"]));
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let mut rows = vec![vec![serde_json::json!(0); 6]; 6];
    rows[0][0] = serde_json::json!(3);
    rows[0][1] = serde_json::json!(6);
    value["progress"] = serde_json::json!(rows);
    let output = cagey_with(&["hint", "-"], Some(&value.to_string()), &[]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout(&output),
        "mistake: r1c2 holds a digit the solution does not\n"
    );
}

/// A 32x32 from the cyclic Latin square `(r + c) mod 32 + 1`, cut into 512 two-cell cages
/// along the rows, labelled with `op`: with `+` and `-` alike, grade and explain searched
/// for minutes before their limits held inside the rules; with `-`, so did hint.
fn cyclic_32(op: char) -> String {
    let n = 32;
    let digit = |r: usize, c: usize| (r + c) % n + 1;
    let mut text = String::new();
    for r in 0..n {
        for c in (0..n).step_by(2) {
            let (a, b) = (digit(r, c), digit(r, c + 1));
            let target = if op == '+' { a + b } else { a.abs_diff(b) };
            let cell = r * n + c;
            text += &format!("{target}{op},{cell} {}\n", cell + 1);
        }
    }
    text
}

#[test]
fn explain_grade_and_hint_give_up_at_their_time_limit_and_say_so() {
    let plus = cyclic_32('+');
    let minus = cyclic_32('-');
    let runs: [(&[&str], &str); 5] = [
        (&["grade", "--time-limit", "1", "-"], &plus),
        (&["explain", "--time-limit", "1", "-"], &plus),
        (&["hint", "--time-limit", "1", "-"], &minus),
        // `--timeout`, solve's older name, is the same flag.
        (&["grade", "--timeout", "1", "-"], &minus),
        (
            &["explain", "--time-limit", "1", "--output", "jsonl", "-"],
            &minus,
        ),
    ];
    for (args, input) in runs {
        let started = std::time::Instant::now();
        let output = cagey_with(args, Some(input), &[]);
        let took = started.elapsed();
        assert_eq!(
            output.status.code(),
            Some(1),
            "{args:?}: {}",
            common::stderr(&output)
        );
        let said = common::stderr(&output) + &stdout(&output);
        assert!(
            said.contains("gave up: the time limit of 1 s ran out")
                || said.contains(r#""verdict":"gave_up""#),
            "{args:?}: {said}"
        );
        // The limit, and the start and exit of a process on a loaded machine.
        assert!(
            took < std::time::Duration::from_millis(2500),
            "{args:?} took {took:?}"
        );
    }
    let output = cagey_with(
        &["grade", "--time-limit", "1", "--output", "jsonl", "-"],
        Some(&plus),
        &[],
    );
    let record: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    assert_eq!(record["verdict"], "gave_up", "{record}");
    let output = cagey(&["explain", "--time-limit=-1", "--example", "kk0"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(common::stderr(&output).contains("--time-limit"));
}
