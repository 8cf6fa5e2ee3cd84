//! Killer, hard: innies and outies of several houses together. Two to four neighbouring
//! rows (or columns) add up to 45 each, and so do two boxes side by side: less the cages
//! wholly inside, the cells left inside or sticking out make a known sum, `innies of rows
//! 1-3: r3c4 + r3c5 = 7`. The cages the area's edge splits are counted by their cells
//! inside or, with their whole sum, by their cells outside, whichever are fewer.

use super::areas::{areas_of, innies_outies_step};
use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::State;
use super::step::Found;

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "innies and outies of several houses",
    level: Level::Hard,
    weight: 80,
    summary: "rows, columns or boxes taken together add up to 45 each: the cells left in or sticking out make the rest",
    find,
};

fn find(state: &mut State, ctx: &mut Ctx) -> Option<Found> {
    let areas = &areas_of(state.g).several;
    innies_outies_step(state, areas, &RULE, ctx, |ctx| {
        &mut ctx.barren_areas_several
    })
}
