//! The look of a puzzle's cages: which sizes they come in and how the operations are dealt
//! out. [`CageStyle::Keen`] (the default) makes KenKen cages as Simon Tatham's Keen does:
//! four in five are dominoes, and the four operations about equally frequent;
//! [`CageStyle::Big`] is the bigger-cage style cagey made before, half dominoes and a third
//! of three cells, with + and × the most frequent. The killer kinds have their own sizes
//! in both styles, close to published Killer Sudoku.
//!
//! The shares were counted on Keen's own puzzles (`corpora/keen/keen_<n>d<level>.kk`, 50 to
//! 100 a file, sizes 4 to 9, every level): cages of 2, 3, 4 cells are 80-86%, 12-18%, 1-5%
//! of all, and ÷ × + − are 13-23%, 26-30%, 23-27%, 27-33% (docs/generate.md has the
//! table). Steering to a level merges and splits cages afterwards, so the weights here are
//! what is drawn, chosen so that what comes out of steering lands on Keen's shares.

use std::fmt;
use std::str::FromStr;

use super::error::SettingError;
use crate::logic::Level;
use crate::model::Operation;

/// The style of the cages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CageStyle {
    /// As Keen's: mostly dominoes, the four operations about as frequent.
    #[default]
    Keen,
    /// Bigger cages, + and × favoured: cagey's style before Keen's became the default.
    Big,
}

impl CageStyle {
    /// Both styles, the default first.
    pub const ALL: [CageStyle; 2] = [CageStyle::Keen, CageStyle::Big];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            CageStyle::Keen => "keen",
            CageStyle::Big => "big",
        }
    }

    /// The weights of the cage sizes 2, 3, ... drawn for KenKen and KenDoku of side `n` in
    /// this style, or `None` for the big style's sizes. `tight`: the operations include −
    /// or ÷; without them Keen's style draws the big style's sizes too (see
    /// [`CageStyle::keen_steering`]).
    pub(crate) fn kenken_weights(self, n: usize, tight: bool) -> Option<Vec<u32>> {
        match self {
            CageStyle::Keen if !tight => None,
            // Drawn above Keen's share of dominoes because steering merges some, more so
            // on small grids; the shares tried are in docs/generate.md, "Tuning".
            CageStyle::Keen if n <= 4 => Some(vec![94, 6]),
            CageStyle::Keen if n == 5 => Some(vec![90, 10]),
            CageStyle::Keen => Some(vec![838, 135, 25, 2]),
            CageStyle::Big => None,
        }
    }

    /// Whether steering keeps to Keen's look: merges rarer and no larger than
    /// [`CageStyle::GROWN_CAGE_LIMIT`], new labels drawn by the style's weights. Only in
    /// Keen's style, for KenKen and KenDoku (not `killer`) with − or ÷ (`tight`): dominoes
    /// of + and × alone tell little, and held to Keen's look a 5x5 of × only found no
    /// extreme puzzle in 2,000 attempts (Keen's own took 5 s a puzzle there).
    pub(crate) fn keen_steering(self, killer: bool, tight: bool) -> bool {
        self == CageStyle::Keen && !killer && tight
    }

    /// How likely `operation` is among those that fit a cage of `cells` cells on a grid of
    /// side `n`, steered to `level` if any.
    pub(crate) fn weight(
        self,
        operation: Operation,
        cells: usize,
        n: usize,
        level: Option<Level>,
    ) -> u32 {
        match self {
            // Keen deals − and ÷ to dominoes only, round-robin over ÷ − × + so that the
            // four come out about even. Here ÷ fits only some dominoes (two thirds at 4x4,
            // two fifths at 9x9, fewer beyond), so its weight is set from that share to
            // give ÷ about a quarter of the dominoes; − fits every domino.
            //
            // Steering then keeps the labels that move a puzzle toward its level (tight ×
            // toward easy, loose + and − toward extreme), so × is drawn less often at easy
            // and more often from extreme up, + less (docs/generate.md, "Tuning").
            CageStyle::Keen => {
                // From 7x7 up, easy and normal draw × less and − more: the steering's
                // tight labels made 9x9 easy 35-38% × and 18-21% − (Keen's 27% each).
                // Not at any level: with fewer × no 32x32 was proved unique in 90 s,
                // against 5 s with these.
                let big = n >= 7;
                let (add, subtract, multiply) = match level {
                    Some(Level::Easy) if big => (3, 6, 1),
                    Some(Level::Normal) if big => (3, 5, 2),
                    Some(Level::Easy) => (3, 4, 2),
                    Some(Level::Normal) | None => (3, 4, 3),
                    Some(Level::Hard) => (3, 3, 3),
                    Some(Level::Extreme | Level::Unreasonable) => (1, 2, 5),
                };
                match (operation, cells) {
                    (Operation::Divide, 2) => divide_weight(n),
                    (Operation::Subtract, 2) => subtract,
                    (Operation::Add, _) => add,
                    (Operation::Multiply, _) => multiply,
                    (Operation::Subtract | Operation::Divide, _) => 1,
                    _ => 3,
                }
            }
            // Division fits few dominoes, so it is taken whenever it can be more often
            // than the others.
            CageStyle::Big => match (operation, cells) {
                (Operation::Divide, 2) => 6,
                (Operation::Subtract, 2) => 3,
                (Operation::Add | Operation::Multiply, 2) => 2,
                (Operation::Subtract | Operation::Divide, _) => 1,
                _ => 3,
            },
        }
    }

    /// The most cells a cage may reach when steering merges two cages or moves a cell
    /// into one, when [`CageStyle::keen_steering`] holds. Keen's puzzles have 1-5% cages of
    /// four cells or more; merging up to the drawn sizes' largest (4) made 9x9 extremes
    /// 13% four-cell cages.
    pub(crate) const GROWN_CAGE_LIMIT: usize = 3;
}

/// The share of dominoes ÷ labels in Keen's puzzles of side `n`, in percent: a quarter on
/// even sides, fewer on odd ones (counted on `corpora/keen`, every level: 24-28% at 4, 6
/// and 8, 15-20% at 5, 18-22% at 7, 22-24% at 9).
pub(crate) fn divide_share(n: usize) -> u32 {
    match n {
        5 => 17,
        7 => 21,
        9 => 23,
        _ => 25,
    }
}

/// The weight of ÷ on a domino of a grid of side `n` that gives it [`divide_share`] of the
/// dominoes, the other three weighing 10 in all: with `f` the share of pairs of digits one
/// of which divides the other, `f · w / (w + 10) = share`.
fn divide_weight(n: usize) -> u32 {
    let share = divide_share(n);
    let n = n.max(2) as u32;
    let pairs = n * (n - 1) / 2;
    let dividing: u32 = (1..=n).map(|a| n / a - 1).sum();
    let f = 100 * dividing / pairs;
    if f <= share + 2 {
        return 40;
    }
    (10 * share / (f - share)).clamp(1, 40)
}

impl fmt::Display for CageStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for CageStyle {
    type Err = SettingError;
    fn from_str(text: &str) -> Result<CageStyle, SettingError> {
        let parsed = || -> Result<CageStyle, String> {
            CageStyle::ALL
                .into_iter()
                .find(|s| s.name() == text)
                .ok_or_else(|| format!("unknown cage style {text:?}; the styles are keen, big"))
        };
        parsed().map_err(SettingError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn division_weighs_more_where_it_fits_fewer_dominoes() {
        // 4x4: 4 of the 6 pairs divide, 8x8 12 of 28, both for a quarter of the dominoes;
        // 9x9: 14 of 36, for 23% of them (Keen's share on odd sides is lower).
        assert_eq!(divide_weight(4), 6);
        assert_eq!(divide_weight(8), 14);
        assert_eq!(divide_weight(9), 15);
        assert!(divide_weight(16) > divide_weight(8));
    }
}
