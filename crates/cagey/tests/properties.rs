//! Property tests over random puzzles: the J format round-trips, and every solution the
//! production solver returns passes the independent checker, the hidden square among them.

mod random;

use cagey::check;
use cagey::formats::kk;
use cagey::solve::{self, Limits, Outcome};
use proptest::prelude::*;
use random::{random_puzzle, Rng};

proptest! {
    #[test]
    fn the_j_format_round_trips(seed: u64, size in 1usize..=12, max_cage in 1usize..=6) {
        let (puzzle, _) = random_puzzle(size, max_cage, &mut Rng(seed));
        let text = kk::write(&puzzle);
        prop_assert_eq!(kk::parse(&text).unwrap(), puzzle);
    }

    #[test]
    fn solutions_pass_the_checker(seed: u64, size in 1usize..=7, max_cage in 1usize..=5) {
        let (puzzle, square) = random_puzzle(size, max_cage, &mut Rng(seed));
        let mut limits = Limits::solutions(50);
        limits.keep = 50;
        let report = solve::default_solver().solve(&puzzle, &limits).unwrap();
        for grid in report.outcome.solutions() {
            prop_assert_eq!(check(&puzzle, grid), Ok(()));
        }
        let exhaustive = matches!(
            report.outcome,
            Outcome::Unique(_) | Outcome::Multiple { complete: true, .. }
        );
        if exhaustive {
            prop_assert!(report.outcome.solutions().contains(&square));
        }
        let found_some = !matches!(report.outcome, Outcome::Unsolvable | Outcome::GaveUp { .. });
        prop_assert!(found_some, "the hidden square was missed: {:?}", report.outcome);
    }
}
