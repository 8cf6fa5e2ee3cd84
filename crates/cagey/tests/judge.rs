//! The step check (`logic::judge`) against the logic engine's own steps, over thousands of
//! moves from a sample of the corpora: every step of an explanation, applied in order, is
//! judged "follows" at a level no harder than its own; a digit the solution does not hold is
//! "wrong"; and under a level cap, a right digit the rules up to that level do not reach is
//! "consistent" while one they do reach follows.

mod explained;
mod random;

use cagey::logic::{
    self, judge, JudgeLimits, Judgement, Level, LogicLimits, Move, MoveVerdict, SEARCH_RULE,
};
use cagey::model::{CellState, Progress};
use cagey::{Cell, Grid, Puzzle};
use explained::sample;
use random::Rng;

/// The puzzles the tests judge moves on: every 10th of Keen's 4x4 to 6x6 files at each
/// level, every 25th of the killer files' basic and advanced, so that thousands of moves
/// stay a few seconds.
fn puzzles() -> Vec<(String, Puzzle, Grid)> {
    let mut files: Vec<(String, usize)> = Vec::new();
    for size in 4..=6 {
        for level in ['e', 'n', 'h', 'x', 'u'] {
            files.push((format!("keen/keen_{size}d{level}.kk"), 10));
        }
    }
    files.push(("killer/solo-basic.kk".to_string(), 25));
    files.push(("killer/solo-advanced.kk".to_string(), 25));
    files
        .iter()
        .flat_map(|(file, step)| sample(file, *step))
        .map(|(place, puzzle, solution)| {
            let solution = solution.unwrap_or_else(|| panic!("{place}: no solution"));
            (place, puzzle, solution)
        })
        .collect()
}

fn judged(puzzle: &Puzzle, board: &Progress, mv: Move, limits: &JudgeLimits) -> Judgement {
    judge(puzzle, board, mv, limits).unwrap_or_else(|e| panic!("{mv:?}: {e}"))
}

/// The board's placed digits only: a player who keeps no pencil marks.
fn digits_only(board: &Progress) -> Progress {
    Progress::from_grid(&board.solved())
}

#[test]
fn every_step_of_an_explanation_follows_at_its_level_and_wrong_digits_are_wrong() {
    let limits = JudgeLimits::default();
    let mut rng = Rng(47);
    let (mut follows, mut wrong, mut unmarked) = (0usize, 0usize, 0usize);
    for (place, puzzle, solution) in puzzles() {
        let n = puzzle.size();
        let explanation =
            logic::explain(&puzzle, &Progress::unknown(n), &LogicLimits::default()).unwrap();
        let mut board = explanation.start.clone();
        let mut hardest = Level::Easy;
        for (index, step) in explanation.steps.iter().enumerate() {
            hardest = hardest.max(step.level);
            let at = format!("{place}, step {} ({}): {}", index + 1, step.rule, step.text);
            if step.rule == SEARCH_RULE {
                board.apply(&step.placed, &step.eliminated);
                continue;
            }
            // The step's facts as moves: its first placement, its first and last removal
            // of a candidate the board still notes in an open cell.
            let open = |cell: Cell, d: u8| {
                matches!(board.get(cell), CellState::Candidates(set) if set.contains(d))
                    || board.get(cell) == CellState::Unknown
            };
            let removals: Vec<&(Cell, u8)> = step
                .eliminated
                .iter()
                .filter(|&&(cell, d)| open(cell, d))
                .collect();
            let moves: Vec<Move> = step
                .placed
                .first()
                .map(|&(cell, digit)| Move::Place { cell, digit })
                .into_iter()
                .chain(
                    [removals.first(), removals.last()]
                        .into_iter()
                        .flatten()
                        .map(|&&(cell, digit)| Move::Eliminate { cell, digit }),
                )
                .collect();
            for mv in moves {
                let judgement = judged(&puzzle, &board, mv, &limits);
                assert_eq!(
                    judgement.verdict,
                    MoveVerdict::Follows,
                    "{at}: {judgement:?}"
                );
                let level = judgement.level.expect("a move that follows has a level");
                assert!(level <= step.level, "{at}: {mv:?} judged {level}");
                assert!(!judgement.reason.is_empty());
                follows += 1;
            }
            // Without pencil marks the candidates are derived again: a placement follows,
            // at no harder a level than the explanation has needed so far.
            if let Some(&(cell, digit)) = step.placed.first() {
                if index % 3 == 0 {
                    let bare = digits_only(&board);
                    let judgement = judged(&puzzle, &bare, Move::Place { cell, digit }, &limits);
                    assert_eq!(
                        judgement.verdict,
                        MoveVerdict::Follows,
                        "{at}: {judgement:?}"
                    );
                    assert!(judgement.level.unwrap() <= hardest, "{at}: {judgement:?}");
                    unmarked += 1;
                }
            }
            // A digit the solution does not hold, in a random open cell.
            let empty: Vec<Cell> = puzzle
                .cells()
                .filter(|&c| !matches!(board.get(c), CellState::Solved(_)))
                .filter(|&c| puzzle.given(c).is_none())
                .collect();
            if !empty.is_empty() {
                let cell = empty[rng.below(empty.len())];
                let digit = (solution.get(cell) + rng.below(n - 1) as u8) % n as u8 + 1;
                assert_ne!(digit, solution.get(cell));
                let judgement = judged(&puzzle, &board, Move::Place { cell, digit }, &limits);
                assert_eq!(judgement.verdict, MoveVerdict::Wrong, "{at}: {judgement:?}");
                assert!(judgement.rule().is_none());
                wrong += 1;
                // And the solution's digit crossed out.
                let mv = Move::Eliminate {
                    cell,
                    digit: solution.get(cell),
                };
                if open(cell, solution.get(cell)) {
                    let judgement = judged(&puzzle, &board, mv, &limits);
                    assert_eq!(judgement.verdict, MoveVerdict::Wrong, "{at}: {judgement:?}");
                    wrong += 1;
                }
            }
            board.apply(&step.placed, &step.eliminated);
        }
    }
    eprintln!("{follows} moves follow, {wrong} wrong, {unmarked} on unmarked boards");
    assert!(follows >= 2000, "{follows}");
    assert!(wrong >= 1000, "{wrong}");
}

#[test]
fn under_a_level_cap_right_digits_beyond_it_are_consistent() {
    let mut consistent = 0usize;
    let mut follows = 0usize;
    for (place, puzzle, solution) in puzzles().into_iter().step_by(3) {
        let n = puzzle.size();
        let explanation =
            logic::explain(&puzzle, &Progress::unknown(n), &LogicLimits::default()).unwrap();
        for cap in [Level::Easy, Level::Normal, Level::Hard] {
            if explanation.level <= cap {
                continue;
            }
            // Cheapest first, an explanation takes every step the rules up to `cap` allow
            // before its first harder one: the digits placed before it are those the rules
            // up to `cap` reach from the blank board.
            let reached: Vec<Cell> = explanation
                .steps
                .iter()
                .take_while(|step| step.level <= cap)
                .flat_map(|step| step.placed.iter().map(|&(cell, _)| cell))
                .collect();
            let limits = JudgeLimits {
                max_level: cap,
                ..JudgeLimits::default()
            };
            let blank = Progress::unknown(n);
            for cell in puzzle.cells().filter(|&c| puzzle.given(c).is_none()) {
                let mv = Move::Place {
                    cell,
                    digit: solution.get(cell),
                };
                let judgement = judged(&puzzle, &blank, mv, &limits);
                if reached.contains(&cell) {
                    assert_eq!(judgement.verdict, MoveVerdict::Follows, "{place} {cap}");
                    assert!(judgement.level.unwrap() <= cap);
                    follows += 1;
                } else {
                    assert_eq!(
                        judgement.verdict,
                        MoveVerdict::Consistent,
                        "{place} {cap}: {judgement:?}"
                    );
                    assert_eq!(judgement.reward(), 0.0);
                    consistent += 1;
                }
            }
        }
    }
    eprintln!("{follows} follow, {consistent} consistent");
    assert!(consistent >= 500, "{consistent}");
    assert!(follows >= 50, "{follows}");
}

/// The step check's time on a 9x9 killer: the median over the moves of the explanation's
/// steps, each judged from the board before it. Run it with `--ignored --nocapture` in a
/// release build to measure (`cargo test --release -p cagey --test judge -- --ignored
/// --nocapture`).
#[test]
#[ignore]
fn time_a_step_check_on_a_9x9() {
    use std::time::Instant;
    let limits = JudgeLimits::default();
    let mut times = Vec::new();
    for file in ["killer/solo-advanced.kk", "keen/keen_9dh.kk"] {
        let mut file_times = Vec::new();
        for (_, puzzle, _) in sample(file, 10).into_iter().take(4) {
            let explanation =
                logic::explain(&puzzle, &Progress::unknown(9), &LogicLimits::default()).unwrap();
            let mut board = explanation.start.clone();
            for step in &explanation.steps {
                if let Some(&(cell, digit)) = step.placed.first() {
                    let bare = digits_only(&board);
                    let start = Instant::now();
                    let judgement = judge(&puzzle, &bare, Move::Place { cell, digit }, &limits);
                    file_times.push(start.elapsed().as_secs_f64() * 1000.0);
                    judgement.unwrap();
                }
                board.apply(&step.placed, &step.eliminated);
            }
        }
        file_times.sort_by(f64::total_cmp);
        eprintln!(
            "{file}: {} moves, median {:.2} ms, 90th percentile {:.2} ms",
            file_times.len(),
            file_times[file_times.len() / 2],
            file_times[file_times.len() * 9 / 10]
        );
        times.extend(file_times);
    }
    times.sort_by(f64::total_cmp);
    eprintln!(
        "all: {} moves, median {:.2} ms",
        times.len(),
        times[times.len() / 2]
    );
}
