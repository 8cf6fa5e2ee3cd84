//! The logic module against what is known: every step sound on puzzles with a known solution,
//! Keen's grades on a fixed sample of its corpus, golden explanations of the built-in
//! examples, the verdicts of ambiguous and unsolvable puzzles, hints and mistakes, and a
//! property test on random variants (boxes, jigsaw, killer, givens, multi-cell).
//!
//! The agreement with Keen over the whole corpus is a benchmark, not a test:
//! `cargo bench -p cagey --bench grading`.

mod explained;
mod random;
mod variant_random;

use std::collections::BTreeMap;

use cagey::formats::kk;
use cagey::logic::{self, Hint, Level, LogicLimits, Mistake, Verdict};
use cagey::model::{CellState, DigitSet, Progress};
use cagey::solve::{self, Limits, Outcome};
use cagey::{check, examples, Cell, Grid, Puzzle};
use explained::{assert_golden_explanation, assert_sound, corpora, sample};
use proptest::prelude::*;
use random::Rng;
use variant_random::{random_variant, Shape, Spec};

fn keen_files() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(corpora().join("keen"))
        .expect("corpora/keen")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|name| name.ends_with(".kk"))
        .collect();
    files.sort();
    files
}

/// Keen's level from a corpus file name: `keen_9dx.kk` is extreme.
fn keen_level(file: &str) -> Level {
    let letter = file
        .split('d')
        .nth(1)
        .and_then(|s| s.chars().next())
        .unwrap();
    letter.to_string().parse().unwrap()
}

/// Puzzles of each Keen file the tests explain: a fixed sample, every fifth puzzle, so that
/// the suite stays fast in a debug build (the whole corpus is the grading benchmark's).
const KEEN_SAMPLE_STEP: usize = 5;

#[test]
fn keen_sample_is_explained_soundly_and_graded_as_keen_grades() {
    let mut agree: BTreeMap<usize, (u32, u32)> = BTreeMap::new();
    let mut all = 0;
    for file in keen_files() {
        let keen = keen_level(&file);
        for (place, puzzle, solution) in sample(&format!("keen/{file}"), KEEN_SAMPLE_STEP) {
            let solution = solution.unwrap_or_else(|| panic!("{place}: no solution"));
            let explanation = assert_sound(&place, &puzzle, &solution);
            let grade = logic::grade(&puzzle, &LogicLimits::default()).unwrap();
            assert_eq!(grade.level, explanation.level, "{place}");
            let entry = agree.entry(puzzle.size()).or_default();
            entry.0 += u32::from(grade.level == keen);
            entry.1 += 1;
            all += 1;
        }
    }
    assert!(all >= 400, "only {all} puzzles sampled");
    for (size, (same, total)) in agree {
        let percent = 100.0 * f64::from(same) / f64::from(total);
        assert!(
            percent >= 97.0,
            "{size}x{size}: cagey agrees with Keen on {same} of {total} ({percent:.1}%)"
        );
    }
}

#[test]
fn random_corpus_puzzles_are_explained_soundly() {
    for file in ["random/unique-4x4.kk", "random/unique-6x6.kk"] {
        for (place, puzzle, solution) in sample(file, 1) {
            let solution = match solution {
                Some(grid) => grid,
                None => unique(&puzzle).unwrap_or_else(|| panic!("{place}: not unique")),
            };
            assert_sound(&place, &puzzle, &solution);
        }
    }
}

fn unique(puzzle: &Puzzle) -> Option<Grid> {
    match solve::default_solver()
        .solve(puzzle, &Limits::uniqueness())
        .ok()?
        .outcome
    {
        Outcome::Unique(grid) => Some(grid),
        _ => None,
    }
}

/// The explanations of the built-in examples (the killer's is in `killer_logic.rs`).
#[test]
fn golden_explanations_of_the_examples() {
    for name in ["kk0", "kk1", "p4"] {
        assert_golden_explanation(name);
    }
}

#[test]
fn grades_are_keens_on_known_examples_and_scores_order_them() {
    let kk0 = logic::grade(
        &examples::by_name("kk0").unwrap().puzzle(),
        &LogicLimits::default(),
    )
    .unwrap();
    assert_eq!(kk0.level, Level::Easy);
    let total: u32 = kk0.rules.iter().map(|(_, n)| n).sum();
    assert_eq!(total as usize, kk0.steps);
    assert!(kk0.rules.iter().any(|(name, _)| *name == "given"));
    // Every level of the list is reached by some rule, and rules are listed cheapest first.
    for level in Level::ALL {
        assert!(logic::RULES.iter().any(|r| r.level == level));
    }
    assert!(logic::RULES.windows(2).all(|w| w[0].level <= w[1].level));
}

#[test]
fn ambiguous_puzzles_get_two_solutions_and_their_differences() {
    for (place, puzzle, _) in sample("random/several-5x5.kk", 4) {
        let explanation =
            logic::explain(&puzzle, &Progress::unknown(5), &LogicLimits::default()).unwrap();
        let Verdict::Multiple { solutions, differ } = &explanation.verdict else {
            panic!("{place}: {:?}", explanation.verdict)
        };
        assert_ne!(solutions[0], solutions[1]);
        for grid in solutions {
            assert_eq!(check(&puzzle, grid), Ok(()));
        }
        assert!(!differ.is_empty());
        for cell in puzzle.cells() {
            assert_eq!(
                differ.contains(&cell),
                solutions[0].get(cell) != solutions[1].get(cell)
            );
        }
        assert_eq!(
            logic::grade(&puzzle, &LogicLimits::default()),
            Err(logic::LogicError::NotUnique)
        );
    }
}

#[test]
fn unsolvable_puzzles_stop_and_name_cages_that_cannot_all_hold() {
    for (place, puzzle, _) in sample("random/none-6x6.kk", 3) {
        let explanation =
            logic::explain(&puzzle, &Progress::unknown(6), &LogicLimits::default()).unwrap();
        let Verdict::Unsolvable { reason, cages, .. } = &explanation.verdict else {
            panic!("{place}: {:?}", explanation.verdict)
        };
        assert!(!reason.is_empty());
        assert!(!cages.is_empty(), "{place}: no conflicting cages named");
        assert_eq!(
            logic::grade(&puzzle, &LogicLimits::default()),
            Err(logic::LogicError::NoSolution)
        );
    }
}

#[test]
fn hints_follow_progress_and_point_at_mistakes() {
    let example = examples::by_name("kk1").unwrap();
    let puzzle = example.puzzle();
    let solution = example.solution();
    let limits = LogicLimits::default();
    let n = puzzle.size();

    // From nothing: the first step of the explanation.
    let Hint::Step { step: first, .. } =
        logic::hint(&puzzle, &Progress::unknown(n), &limits).unwrap()
    else {
        panic!("a hint")
    };
    assert_eq!(first.rule, "given");
    assert!(first.hint_text(1, n).contains("given"));
    assert!(!first.hint_text(1, n).contains("r1c2"));
    assert!(first.hint_text(3, n).contains("place 3 in r1c1"));

    // Half solved: the hint is a step that is sound and changes something.
    let half: Vec<CellState> = puzzle
        .cells()
        .map(|c| {
            if c.index() % 2 == 0 {
                CellState::Solved(solution.get(c))
            } else {
                CellState::Unknown
            }
        })
        .collect();
    let progress = Progress::from_cells(n, half.clone()).unwrap();
    let Hint::Step { step, .. } = logic::hint(&puzzle, &progress, &limits).unwrap() else {
        panic!("a hint")
    };
    assert!(!step.placed.is_empty() || !step.eliminated.is_empty());
    for &(c, d) in &step.eliminated {
        assert_ne!(solution.get(c), d);
    }

    // A wrong digit and a removed solution candidate are reported by cell, first.
    let mut wrong = half;
    let cell_a = Cell(0);
    let cell_b = Cell(1);
    wrong[0] = CellState::Solved(solution.get(cell_a) % 6 + 1);
    wrong[1] = CellState::Candidates(DigitSet::full(6) & !DigitSet::single(solution.get(cell_b)));
    let progress = Progress::from_cells(n, wrong).unwrap();
    assert_eq!(
        logic::hint(&puzzle, &progress, &limits).unwrap(),
        Hint::Mistakes(vec![
            Mistake::WrongDigit { cell: cell_a },
            Mistake::RemovedSolution { cell: cell_b }
        ])
    );

    // Solved: nothing to do.
    let progress = Progress::from_grid(&solution);
    assert_eq!(
        logic::hint(&puzzle, &progress, &limits).unwrap(),
        Hint::Solved
    );
}

#[test]
fn limits_stop_a_run_with_an_error() {
    let puzzle = examples::by_name("kk1").unwrap().puzzle();
    let tight = LogicLimits {
        max_steps: 3,
        ..LogicLimits::default()
    };
    assert!(matches!(
        logic::explain(&puzzle, &Progress::unknown(6), &tight),
        Err(logic::LogicError::Limit(_))
    ));
}

fn shape(choice: usize) -> (usize, Shape) {
    const SHAPES: [(usize, Shape); 8] = [
        (4, Shape::Latin),
        (5, Shape::Latin),
        (6, Shape::Latin),
        (4, Shape::Boxes { rows: 2, cols: 2 }),
        (6, Shape::Boxes { rows: 2, cols: 3 }),
        (4, Shape::Jigsaw),
        (5, Shape::Jigsaw),
        (6, Shape::Jigsaw),
    ];
    SHAPES[choice % SHAPES.len()]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    /// On random puzzles of every variant, explanations agree with the production solver:
    /// a unique puzzle is solved to its solution with every step sound, an ambiguous one
    /// ends with two solutions, an unsolvable one says so.
    #[test]
    fn explanations_agree_with_the_production_solver(
        seed: u64,
        choice in 0usize..8,
        killer: bool,
        multi_cell: bool,
        max_cage in 1usize..=4,
        givens in 0usize..=3,
        uncovered in 0usize..=1,
    ) {
        let mut rng = Rng(seed);
        let (size, shape) = shape(choice);
        let spec = Spec { size, shape, killer, multi_cell, max_cage, givens, uncovered };
        let (puzzle, _) = random_variant(spec, &mut rng);
        let report = solve::default_solver().solve(&puzzle, &Limits::uniqueness()).unwrap();
        let explanation = logic::explain(&puzzle, &Progress::unknown(size), &LogicLimits::default()).unwrap();
        match report.outcome {
            Outcome::Unique(grid) => {
                let text = kk::write(&puzzle);
                assert_sound(&text, &puzzle, &grid);
            }
            Outcome::Multiple { .. } => {
                let several = matches!(explanation.verdict, Verdict::Multiple { .. });
                prop_assert!(several, "{:?}", explanation.verdict);
            }
            Outcome::Unsolvable => {
                let none = matches!(explanation.verdict, Verdict::Unsolvable { .. });
                prop_assert!(none, "{:?}", explanation.verdict);
            }
            other => panic!("{other:?}"),
        }
    }
}

/// A probe up to a puzzle's own level solves it with the grade's level and score; a probe
/// one level lower leaves cells open; an ambiguous puzzle is never solved; and a shared
/// cache gives what a fresh one gives.
#[test]
fn probes_agree_with_grades_and_never_solve_an_ambiguous_puzzle() {
    let mut cache = logic::ProbeCache::new();
    let limits = LogicLimits {
        max_trial_depth: 0,
        ..LogicLimits::default()
    };
    let mut below = 0;
    for file in ["keen/keen_6dh.kk", "keen/keen_9dn.kk", "keen/keen_9dx.kk"] {
        for (place, puzzle, _) in sample(file, 7) {
            let grade = logic::grade(&puzzle, &LogicLimits::default()).expect("graded");
            let probe = logic::probe_with(&puzzle, grade.level, &limits, &mut cache).unwrap();
            assert_eq!(
                probe,
                logic::Probe::Solved {
                    level: grade.level,
                    score: grade.score
                },
                "{place}"
            );
            assert_eq!(probe, logic::probe(&puzzle, grade.level, &limits).unwrap());
            if let Some(lower) = Level::ALL.iter().rev().find(|&&l| l < grade.level) {
                let stuck = logic::probe_with(&puzzle, *lower, &limits, &mut cache).unwrap();
                assert!(
                    matches!(stuck, logic::Probe::Stuck { ref open, .. } if !open.is_empty()),
                    "{place}: {stuck:?}"
                );
                below += 1;
            }
        }
    }
    assert!(below > 10, "the sample has puzzles above easy");
    for (place, puzzle, _) in sample("random/several-5x5.kk", 4) {
        let probe = logic::probe(&puzzle, Level::Extreme, &limits).unwrap();
        assert!(
            matches!(probe, logic::Probe::Stuck { .. }),
            "{place}: {probe:?}"
        );
    }
}

/// Guards the hints' wording (#33): level 2 once read `in r1c1, at r1c1` and `in cage 12+ at
/// r1c1, at r1c1, r1c2`. No hint at levels 1 and 2 names a cell twice, and no whole step
/// (level 3) says the same clause twice.
#[test]
fn no_hint_repeats_a_cell_or_a_clause() {
    for name in ["kk0", "kk1", "kk2", "kk3", "killer", "jigsaw"] {
        let puzzle = examples::by_name(name).unwrap().puzzle();
        let n = puzzle.size();
        let explanation =
            logic::explain(&puzzle, &Progress::unknown(n), &LogicLimits::default()).unwrap();
        for step in &explanation.steps {
            for reveal in [1, 2] {
                let text = step.hint_text(reveal, n);
                let words: Vec<&str> = text
                    .split(|ch: char| !ch.is_ascii_alphanumeric())
                    .filter(|w| w.starts_with('r') && w.contains('c'))
                    .collect();
                for (i, word) in words.iter().enumerate() {
                    assert!(
                        !words[i + 1..].contains(word),
                        "{name}: hint {reveal} names {word} twice: {text}"
                    );
                }
            }
            assert!(step.hint_text(2, n).len() >= step.hint_text(1, n).len());
            let whole = step.hint_text(3, n);
            let clauses: Vec<&str> = whole.split([';', ':']).map(str::trim).collect();
            for (i, clause) in clauses.iter().enumerate() {
                assert!(
                    !clauses[i + 1..].contains(clause),
                    "{name}: hint 3 says {clause:?} twice: {whole}"
                );
            }
        }
    }
}

/// Guards #45: hint levels 1 and 2 were the same text for a step about one cell (a single,
/// a given): level 1 named the cell. Level 1 now names the rule and the row to look in,
/// level 2 the cells too, level 3 the whole step; no two are the same.
#[test]
fn hint_levels_one_two_and_three_differ() {
    for name in ["kk0", "kk1", "killer", "jigsaw"] {
        let puzzle = examples::by_name(name).unwrap().puzzle();
        let n = puzzle.size();
        let explanation =
            logic::explain(&puzzle, &Progress::unknown(n), &LogicLimits::default()).unwrap();
        let mut singles = 0;
        for step in &explanation.steps {
            let [one, two, three] = [1, 2, 3].map(|reveal| step.hint_text(reveal, n));
            assert_ne!(one, two, "{name}");
            assert_ne!(two, three, "{name}");
            assert!(two.starts_with(&one), "{name}: {one} / {two}");
            if step.cells.len() == 1 && step.house == step.cells[0].name(n) {
                singles += 1;
                let cell = step.cells[0].name(n);
                assert!(
                    !one.contains(&cell),
                    "{name}: level 1 gives the cell away: {one}"
                );
                assert!(
                    one.ends_with(&format!("in row {}", step.cells[0].row(n) + 1)),
                    "{one}"
                );
                assert!(two.ends_with(&format!(", at {cell}")), "{two}");
            }
        }
        assert!(singles > 0, "{name}: no step about one cell");
    }
}

/// Guards #45: a hint from a player's progress said "place 3 in r1c1" where the player had
/// already placed that 3 (the clean-up of a placed digit was worded as its placement). A
/// player who filled in the givens and marked nothing gets a hint whose steps clean up
/// after them first.
#[test]
fn no_hint_places_a_digit_the_player_placed() {
    for name in ["kk1", "killer"] {
        let example = examples::by_name(name).unwrap();
        let puzzle = example.puzzle();
        let solution = example.solution();
        let n = puzzle.size();
        let given = |c: Cell| {
            puzzle.given(c).is_some()
                || puzzle
                    .cage_of(c)
                    .is_some_and(|k| puzzle.cage(k).cells().len() == 1)
        };
        let cells: Vec<CellState> = puzzle
            .cells()
            .map(|c| {
                if given(c) {
                    CellState::Solved(solution.get(c))
                } else {
                    CellState::Unknown
                }
            })
            .collect();
        let placed: Vec<Cell> = puzzle.cells().filter(|&c| given(c)).collect();
        assert!(!placed.is_empty(), "{name} has givens");
        let progress = Progress::from_cells(n, cells).unwrap();
        let hint = logic::hint(&puzzle, &progress, &LogicLimits::default()).unwrap();
        let Hint::Step { step, before } = &hint else {
            panic!("{name}: a step: {hint:?}")
        };
        assert!(!before.is_empty(), "{name}: no clean-up before the hint");
        let words = hint.text(3, n);
        for cell in &placed {
            let again = format!("place {} in {}", solution.get(*cell), cell.name(n));
            assert!(!words.contains(&again), "{name}: {again}: {words}");
            for step in before.iter().chain([step]) {
                assert!(
                    !step.placed.iter().any(|(c, _)| c == cell),
                    "{name}: {words}"
                );
            }
        }
    }
}

/// Guards #43 (the player review's first problem): on Keen's first 9x9 extreme, a player
/// who keeps no pencil marks pressed Hint thirty times and saw nothing, each step an
/// elimination in cells they had not marked. Each hint now carries the steps that follow up
/// to the next digit placed, so every hint taken in full places a digit, the solution's.
#[test]
fn every_hint_places_a_digit_for_a_player_without_marks() {
    let text = std::fs::read_to_string(corpora().join("keen/keen_9dx.kk")).unwrap();
    let first = text.split("\n\n").next().unwrap();
    let puzzle = kk::parse(first).unwrap();
    let solution = unique(&puzzle).expect("one solution");
    let n = puzzle.size();
    let mut cells = vec![CellState::Unknown; n * n];
    let mut chained = 0;
    for _ in 0..12 {
        let progress = Progress::from_cells(n, cells.clone()).unwrap();
        let hint = logic::hint(&puzzle, &progress, &LogicLimits::default()).unwrap();
        let Hint::Step { step, before } = &hint else {
            panic!("a step: {hint:?}")
        };
        chained += usize::from(!before.is_empty());
        let new = |&(cell, _): &(Cell, u8)| cells[cell.index()] == CellState::Unknown;
        assert!(step.placed.iter().any(new), "{}", hint.text(3, n));
        // As a player without marks takes it: the digits placed, nothing else written.
        for step in before.iter().chain([step]) {
            for &(cell, digit) in &step.placed {
                assert_eq!(digit, solution.get(cell), "{}", hint.text(3, n));
                cells[cell.index()] = CellState::Solved(digit);
            }
        }
        let words = hint.text(3, n);
        assert_eq!(words.contains("\nthen "), !before.is_empty(), "{words}");
    }
    assert!(chained > 0, "no hint needed a chain on an extreme 9x9");
}

/// A hard 9x9 Killer Sudoku, `cagey generate --kind killer --difficulty hard --seed 1`: its
/// first hint from an empty grid places a digit after some thirty steps.
const HARD_KILLER: &str = "# boxes 3x3
# killer
13+,0 1 2 10
19+,3 4 11 12
19+,5 13 14
17+,6 7 8
20+,9 18 19
10+,15 16
8+,17 26
20+,20 21 29 38
17+,22 23 24 32
17+,25 33 34
20+,27 36 45 54
28+,28 37 46 47 48
16+,30 31 39
26+,35 43 44 53 62
23+,40 41 42 49 50
5+,51 52
11+,55 56 65
20+,57 58 66
26+,59 67 68 69
9+,60 61 70
4+,63 72
15+,64 73
14+,71 80
12+,74 75 76
16+,77 78 79
";

/// The most lines the last level of a hint has: the steps it names one by one (three), the
/// step that places its digit, and the line that counts the rest.
const MOST_HINT_LINES: usize = 5;

/// Guards the player review's wall of text: the third level of the first hint of a hard
/// Killer from an empty grid was thirty steps in one paragraph. It is now one step a line:
/// a line that counts the steps it does not name, by rule, then the last steps that took
/// candidates from the digit's cell, and the step that places it. So for every hint a player
/// without marks takes through that puzzle.
#[test]
fn a_long_hint_names_the_steps_that_lead_to_its_digit_and_counts_the_rest() {
    let puzzle = kk::parse(HARD_KILLER).unwrap();
    let n = puzzle.size();
    let solution = unique(&puzzle).expect("one solution");
    let mut cells = vec![CellState::Unknown; n * n];
    let mut counted = 0;
    for turn in 0.. {
        let progress = Progress::from_cells(n, cells.clone()).unwrap();
        let hint = logic::hint(&puzzle, &progress, &LogicLimits::default()).unwrap();
        let Hint::Step { step, before } = &hint else {
            break;
        };
        let words = hint.text(3, n);
        let lines: Vec<&str> = words.lines().collect();
        assert!(lines.len() <= MOST_HINT_LINES, "{words}");
        assert_eq!(lines.len() > 1, !before.is_empty(), "{words}");
        assert_eq!(*lines.last().unwrap(), {
            let last = step.describe(n);
            if before.is_empty() {
                last
            } else {
                format!("then {last}")
            }
        });
        if lines.len() - 1 < before.len() {
            // The line that counts the rest adds up to the steps not named.
            counted += 1;
            let head = lines[0];
            let unnamed = before.len() - (lines.len() - 2);
            assert!(
                head.starts_with(&format!(
                    "{unnamed} steps that only remove candidates come first: "
                )),
                "{words}"
            );
            let said: usize = head
                .split('(')
                .skip(1)
                .map(|part| part.split(')').next().unwrap().parse::<usize>().unwrap())
                .sum();
            assert_eq!(said, unnamed, "{words}");
            assert!(
                lines[1..].iter().all(|line| line.starts_with("then ")),
                "{words}"
            );
        }
        if turn == 0 {
            assert!(before.len() > 20, "{words}");
            // The digit's cell loses its last other candidates in the last two steps
            // before: both are named.
            assert!(
                words.contains("then pointing: in box 8, 1 is only in row 9"),
                "{words}"
            );
            assert!(
                words.contains("then naked single: r9c1 has only 3 left"),
                "{words}"
            );
            assert!(words.len() < 1200, "{} characters: {words}", words.len());
        }
        for step in before.iter().chain([step]) {
            for &(cell, digit) in &step.placed {
                assert_eq!(digit, solution.get(cell), "{words}");
                cells[cell.index()] = CellState::Solved(digit);
            }
        }
    }
    assert!(counted > 0, "no hint had steps to count");
    assert!(cells.iter().all(|c| matches!(c, CellState::Solved(_))));
}

/// Where a text lists items (cell names, or digits after `lose`, `holds`, `only`, `digits`,
/// `rows`, `columns`, `for`) with commas and no `and` or `or` before the last: `r1c1, r1c2,
/// r1c3 lose 4, 5`. The offending words, or `None`.
fn list_without_and(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let bare = |w: &str| {
        w.trim_start_matches('(')
            .trim_end_matches([',', ';', ':', '.', ')'])
            .to_string()
    };
    let is_cell = |w: &str| {
        let w = bare(w);
        let Some(rest) = w.strip_prefix('r') else {
            return false;
        };
        let mut parts = rest.split('c');
        matches!((parts.next(), parts.next(), parts.next()),
            (Some(r), Some(c), None) if !r.is_empty() && !c.is_empty()
                && r.chars().all(|ch| ch.is_ascii_digit()) && c.chars().all(|ch| ch.is_ascii_digit()))
    };
    let is_number = |w: &str| {
        let w = bare(w);
        !w.is_empty() && w.chars().all(|ch| ch.is_ascii_digit())
    };
    const BEFORE_DIGITS: [&str; 8] = [
        "lose", "loses", "holds", "only", "digits", "rows", "columns", "for",
    ];
    let mut i = 0;
    while i < words.len() {
        let item: &dyn Fn(&str) -> bool = if is_cell(words[i]) {
            &is_cell
        } else if is_number(words[i]) && i > 0 && BEFORE_DIGITS.contains(&words[i - 1]) {
            &is_number
        } else {
            i += 1;
            continue;
        };
        // A run of items each followed by a comma, then one more item: the word after it
        // must be `and` or `or`.
        let start = i;
        while i < words.len() && item(words[i]) && words[i].ends_with(',') {
            i += 1;
        }
        if i > start && i < words.len() && item(words[i]) && !words[i].ends_with(',') {
            let next = words.get(i + 1).copied().unwrap_or("");
            if next != "and" && next != "or" {
                return Some(words[start..=i].join(" "));
            }
        }
        i = i.max(start + 1);
    }
    None
}

#[test]
fn the_list_checker_finds_lists_without_and() {
    assert_eq!(
        list_without_and("r1c1, r1c2, r1c3 lose 4"),
        Some("r1c1, r1c2, r1c3".into())
    );
    assert_eq!(
        list_without_and("r1c1 loses 4, 5; r2c2 loses 6"),
        Some("4, 5;".into())
    );
    assert_eq!(list_without_and("(r9c4, r9c5 and r9c6) lose 1 and 2"), None);
    assert_eq!(list_without_and("in box 8, 1 is only in row 9"), None);
    assert_eq!(list_without_and("r3c4 is 8, so its row loses 8"), None);
    assert_eq!(list_without_and("only 1+9, 2+8 or 3+7"), None);
}

/// Guards the player review's "r1c1, r1c2, r1c3": every list a step or a hint says, of
/// cells, digits, lines or cages, ends in `and` (or `or`), as English writes lists, in the
/// explanations of the examples, a hard Killer and Keen's extremes, at every hint level.
#[test]
fn step_and_hint_texts_end_their_lists_with_and() {
    let mut puzzles: Vec<(String, Puzzle)> = [
        "kk0", "kk1", "kk2", "kk3", "p4", "kendoku", "killer", "jigsaw", "noop", "multi",
    ]
    .iter()
    .map(|name| (name.to_string(), examples::by_name(name).unwrap().puzzle()))
    .collect();
    puzzles.push(("hard killer".into(), kk::parse(HARD_KILLER).unwrap()));
    for (place, puzzle, _) in sample("keen/keen_9dx.kk", 10) {
        puzzles.push((place, puzzle));
    }
    let mut said = 0;
    for (name, puzzle) in &puzzles {
        let n = puzzle.size();
        let explanation =
            logic::explain(puzzle, &Progress::unknown(n), &LogicLimits::default()).unwrap();
        for step in &explanation.steps {
            let texts = [
                step.describe(n),
                step.hint_text(1, n),
                step.hint_text(2, n),
                step.hint_text(3, n),
            ];
            for text in texts {
                said += usize::from(text.contains(" and "));
                if let Some(list) = list_without_and(&text) {
                    panic!("{name}: {list:?} has no and: {text}");
                }
            }
        }
        let hint = logic::hint(puzzle, &Progress::unknown(n), &LogicLimits::default()).unwrap();
        let text = hint.text(3, n);
        if let Some(list) = list_without_and(&text) {
            panic!("{name}: {list:?} has no and: {text}");
        }
    }
    assert!(said > 100, "few lists said");
}
