//! The grading report: cagey's level against Keen's for every puzzle of `corpora/keen/`
//! (Keen's grade is in each file's name, `keen_<size>d<e|n|h|x|u>[m].kk`), with the confusion
//! matrix by size, the agreement per file, and the time per puzzle.
//!
//! Run with `cargo bench -p cagey --bench grading` (a release build). `GRADING_FILTER=9d`
//! keeps the files whose name contains the text.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use cagey::formats::kk;
use cagey::logic::{self, Level, LogicLimits};

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpora/keen");
    let filter = std::env::var("GRADING_FILTER").unwrap_or_default();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("corpora/keen exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "kk"))
        .filter(|p| p.to_string_lossy().contains(&filter))
        .collect();
    files.sort();
    let limits = LogicLimits::default();
    // confusion[size][(keen, cagey)] = count
    let mut confusion: BTreeMap<usize, BTreeMap<(Level, Option<Level>), u32>> = BTreeMap::new();
    let mut times: BTreeMap<usize, Vec<Duration>> = BTreeMap::new();
    let mut worst_file = 100.0f64;
    println!(
        "{:<20} {:>6} {:>6} {:>8}",
        "file", "puzzles", "agree", "percent"
    );
    for path in &files {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let letter = name
            .split('d')
            .nth(1)
            .and_then(|s| s.chars().next())
            .unwrap();
        let keen: Level = letter.to_string().parse().expect("level letter");
        let text = std::fs::read_to_string(path).unwrap();
        let (mut total, mut agree) = (0u32, 0u32);
        for entry in kk::parse_all(&text) {
            let entry = entry.expect("corpus puzzles parse");
            let size = entry.puzzle.size();
            let start = Instant::now();
            let ours = logic::grade(&entry.puzzle, &limits).ok().map(|g| g.level);
            times.entry(size).or_default().push(start.elapsed());
            *confusion
                .entry(size)
                .or_default()
                .entry((keen, ours))
                .or_default() += 1;
            total += 1;
            agree += u32::from(ours == Some(keen));
        }
        let percent = 100.0 * f64::from(agree) / f64::from(total.max(1));
        worst_file = worst_file.min(percent);
        println!("{name:<20} {total:>6} {agree:>6} {percent:>7.1}%");
    }
    println!("\nworst file: {worst_file:.1}%");
    for (size, matrix) in &confusion {
        println!("\n{size}x{size}: rows Keen's level, columns cagey's (- = not graded)");
        print!("{:>14}", "");
        for ours in Level::ALL {
            print!("{:>8}", ours.name());
        }
        println!("{:>8}", "-");
        for keen in Level::ALL {
            if !matrix.keys().any(|(k, _)| *k == keen) {
                continue;
            }
            print!("{:>14}", keen.name());
            for ours in Level::ALL.map(Some).into_iter().chain([None]) {
                print!("{:>8}", matrix.get(&(keen, ours)).copied().unwrap_or(0));
            }
            println!();
        }
        let mut t = times[size].clone();
        t.sort();
        let mean = t.iter().sum::<std::time::Duration>() / t.len() as u32;
        println!(
            "time per puzzle: mean {:?}, median {:?}, 90th percentile {:?}, max {:?}",
            mean,
            t[t.len() / 2],
            t[t.len() * 9 / 10],
            t[t.len() - 1]
        );
    }
}
