//! The killer ladder against the killer solving forums' ratings: the rated killers of
//! `tests/fixtures/forum-killers.txt` (Assassins and other forum killers, each with the
//! rating the forum gave it) read, have one solution, the one the forum published, and
//! their grades are set beside their ratings.
//!
//! The comparison is a benchmark, not a test (the grades move whenever the ladder does):
//! `cargo test -p cagey --release --test forum_ratings -- --ignored --nocapture` prints
//! every puzzle's rating and grade, a table of ratings by cagey's level, Spearman's rank
//! correlation and the share of differently rated pairs that cagey orders as the forum
//! does. docs/rules.md (Calibration) reports the figures.

mod explained;

use std::collections::BTreeMap;

use cagey::logic::{self, Level, LogicLimits};
use cagey::solve::Limits;
use explained::rated;

/// Every rated puzzle reads, names its source and rater, and has exactly one solution: the
/// one its comment gives (the forum's where it published one).
#[test]
fn every_forum_killer_reads_and_has_its_one_solution() {
    let puzzles = rated();
    assert!(puzzles.len() >= 9, "only {} puzzles", puzzles.len());
    let solver = cagey::solvers::by_name("propagate").expect("the production solver");
    for p in &puzzles {
        let place = format!("forum-killers.txt line {} ({})", p.line, p.name);
        for key in ["name", "source", "rating", "rater"] {
            assert!(p.meta.contains_key(key), "{place}: no `# {key}=`");
        }
        assert!(p.rating() > 0.0, "{place}");
        let report = solver
            .solve(&p.puzzle, &Limits::solutions(2))
            .unwrap_or_else(|e| panic!("{place}: {e}"));
        let solutions = report.outcome.solutions();
        assert_eq!(solutions.len(), 1, "{place}: not one solution");
        assert_eq!(solutions[0], p.solution(), "{place}: another solution");
    }
}

/// Ranks from 1, ties given the mean of the ranks they share (as Spearman's rho needs).
fn ranks<T: PartialOrd>(values: &[T]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].partial_cmp(&values[b]).expect("comparable"));
    let mut ranks = vec![0.0; values.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len() && values[order[end]] == values[order[start]] {
            end += 1;
        }
        let mean = (start + end + 1) as f64 / 2.0; // ranks start+1 ..= end
        for &i in &order[start..end] {
            ranks[i] = mean;
        }
        start = end;
    }
    ranks
}

/// Pearson's correlation of two equally long lists.
fn pearson(x: &[f64], y: &[f64]) -> f64 {
    let n = x.len() as f64;
    let (mx, my) = (x.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let cov: f64 = x.iter().zip(y).map(|(a, b)| (a - mx) * (b - my)).sum();
    let vx: f64 = x.iter().map(|a| (a - mx).powi(2)).sum();
    let vy: f64 = y.iter().map(|b| (b - my).powi(2)).sum();
    cov / (vx * vy).sqrt()
}

#[test]
fn ranks_share_ties_and_spearman_of_one_order_is_one() {
    assert_eq!(ranks(&[1.0, 1.25, 1.0, 1.5]), vec![1.5, 3.0, 1.5, 4.0]);
    let r = ranks(&[3, 1, 2]);
    assert!((pearson(&r, &r) - 1.0).abs() < 1e-12);
    assert!((pearson(&r, &ranks(&[1, 3, 2])) + 1.0).abs() < 1e-12);
}

/// The comparison: each puzzle's rating beside its grade, the ratings by level, Spearman's
/// rank correlation of the rating with cagey's (level, score), and the share of the pairs
/// with different ratings that cagey orders the same way. Run in release:
/// `cargo test -p cagey --release --test forum_ratings -- --ignored --nocapture`.
#[test]
#[ignore = "a benchmark: grades every forum killer and prints the comparison"]
fn calibration_against_the_forum_ratings() {
    let limits = LogicLimits::default();
    let mut rows = Vec::new();
    println!("puzzle | rating | rater | cagey | steps of forcing chain, trial");
    for p in rated() {
        let grade = logic::grade(&p.puzzle, &limits)
            .unwrap_or_else(|e| panic!("forum-killers.txt line {}: {e}", p.line));
        let count = |rule: &str| {
            grade
                .rules
                .iter()
                .find(|(name, _)| *name == rule)
                .map_or(0, |&(_, n)| n)
        };
        let mark = p.meta.get("rating_mark").map_or("", String::as_str);
        println!(
            "{} | {mark}{:.2} | {} | {} {} | {}, {}",
            p.name,
            p.rating(),
            p.meta["rater"],
            grade.level,
            grade.score,
            count("forcing chain"),
            count("trial")
        );
        rows.push((p.rating(), grade.level, grade.score));
    }

    let ratings: Vec<f64> = rows.iter().map(|r| r.0).collect();
    let mut levels_by_rating: BTreeMap<String, BTreeMap<Level, u32>> = BTreeMap::new();
    for &(rating, level, _) in &rows {
        *levels_by_rating
            .entry(format!("{rating:.2}"))
            .or_default()
            .entry(level)
            .or_default() += 1;
    }
    println!();
    println!("rating | easy | normal | hard | extreme | unreasonable");
    for (rating, counts) in &levels_by_rating {
        let cells: Vec<String> = Level::ALL
            .iter()
            .map(|l| counts.get(l).copied().unwrap_or(0).to_string())
            .collect();
        println!("{rating} | {}", cells.join(" | "));
    }

    let cagey: Vec<(Level, u32)> = rows.iter().map(|r| (r.1, r.2)).collect();
    let rho = pearson(&ranks(&ratings), &ranks(&cagey));
    let levels: Vec<Level> = rows.iter().map(|r| r.1).collect();
    let rho_level = pearson(&ranks(&ratings), &ranks(&levels));
    let (mut pairs, mut same, mut tied) = (0, 0, 0);
    for i in 0..rows.len() {
        for j in i + 1..rows.len() {
            if ratings[i] == ratings[j] {
                continue;
            }
            pairs += 1;
            let (lo, hi) = if ratings[i] < ratings[j] {
                (i, j)
            } else {
                (j, i)
            };
            match cagey[lo].cmp(&cagey[hi]) {
                std::cmp::Ordering::Less => same += 1,
                std::cmp::Ordering::Equal => tied += 1,
                std::cmp::Ordering::Greater => {}
            }
        }
    }
    println!();
    println!(
        "{} puzzles; Spearman's rho, rating against (level, score): {rho:.2}; \
         against the level alone: {rho_level:.2}",
        rows.len()
    );
    println!(
        "pairs with different ratings: {pairs}; cagey orders {same} the same way ({:.0}%), \
         ties {tied}",
        100.0 * f64::from(same) / f64::from(pairs)
    );
}
