//! Easy: a naked single. A cell with one candidate left holds it; its peers lose it. A cell
//! already placed whose peers still hold its digit (the player's digits in a hint, an
//! assumption in a trial) gets the same step without the placement: the clean-up.

use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::State;
use super::step::{Found, Reason};
use crate::model::Cell;

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "naked single",
    level: Level::Easy,
    weight: 4,
    summary: "a cell with one candidate left holds it",
    find,
};

fn find(state: &mut State, _: &mut Ctx) -> Option<Found> {
    // Only the cells that changed since the rule last passed over them, in the order of
    // the grid: the first step is the one a scan of every cell finds.
    for w in 0..state.unsettled.words() {
        let mut bits = state.unsettled.word(w);
        while bits != 0 {
            let i = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            match at(state, i) {
                Some(step) => return Some(step),
                None => state.unsettled.remove(i),
            }
        }
    }
    None
}

/// The step of cell `i`, if it has one.
fn at(state: &State, i: usize) -> Option<Found> {
    let g = state.g;
    let cell = Cell(i as u16);
    let d = state.cand[i].single_digit()?;
    // A placed cell whose peers are clean is the common case: look before collecting.
    let dirty = g.peers[i].iter().any(|p| state.cand[p.index()].contains(d));
    let placed = state.placed[i];
    if placed && !dirty {
        return None;
    }
    let cleanup = state.cleanup(cell, d);
    // A cell already placed (by the player, or an assumption) is not placed again: its
    // step only cleans up. Issue #45: hints said "place 1 in r1c1" of the player's own 1.
    let placing = if placed { Vec::new() } else { vec![(cell, d)] };
    Some(Found::new(
        &RULE,
        Reason::NakedSingle { cell, d, placed },
        vec![cell],
        placing,
        cleanup,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::kk;
    use crate::logic::limits::LogicLimits;
    use crate::logic::state::Geometry;
    use crate::solve::{tables, Limits};

    /// The words of a placed single whose peers still hold its digit: every house that
    /// loses it is named. Issue #45: "so its row and column lose 8" was said when its box
    /// lost it too.
    #[test]
    fn a_placed_single_names_every_house_that_loses_its_digit() {
        let puzzle =
            kk::parse("# boxes 2x2\n10+,0 1 2 3\n10+,4 5 6 7\n10+,8 9 10 11\n10+,12 13 14 15\n")
                .unwrap();
        let g = Geometry::new(
            &puzzle,
            tables::cage_tables(&puzzle, &Limits::default()).unwrap(),
        );
        let mut ctx = Ctx::new(&LogicLimits::default());
        let text = |state: &mut State, ctx: &mut Ctx| {
            find(state, ctx).expect("a step").step(&g, &puzzle).text
        };
        // r1c1 holds 1; its row, column and box (r2c2) all still hold 1.
        let mut state = State::new(&g);
        state.place(Cell(0), 1);
        assert_eq!(
            text(&mut state, &mut ctx),
            "r1c1 is 1, so its row, column and box lose 1"
        );
        // Only the column still holds it.
        let mut state = State::new(&g);
        state.place(Cell(0), 1);
        for c in [1, 2, 3, 4, 5] {
            state.remove(Cell(c), 1);
        }
        assert_eq!(
            text(&mut state, &mut ctx),
            "r1c1 is 1, so its column loses 1"
        );
        // Row and box, not the column.
        let mut state = State::new(&g);
        state.place(Cell(0), 1);
        for c in [4, 8, 12] {
            state.remove(Cell(c), 1);
        }
        assert_eq!(
            text(&mut state, &mut ctx),
            "r1c1 is 1, so its row and box lose 1"
        );
    }
}
