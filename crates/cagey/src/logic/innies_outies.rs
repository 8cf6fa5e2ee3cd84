//! Killer, normal: innies and outies of one house (the 45 rule). A row, column or box adds
//! up to 45 (`n(n+1)/2`); take away the cages lying wholly inside, and what is left is a
//! few cells inside (*innies*) or, where a cage sticks out and its whole sum was taken away,
//! a few cells outside (*outies*) whose sum is known: `innies of box 1: r3c3 = 5`. Those
//! cells keep the digits of some combination that makes it.

use super::areas::{areas_of, innies_outies_step};
use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::State;
use super::step::Found;

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "innies and outies",
    level: Level::Normal,
    weight: 30,
    summary: "a house adds up to 45: less its whole cages, the few cells left in or sticking out make the rest",
    find,
};

fn find(state: &mut State, ctx: &mut Ctx) -> Option<Found> {
    let areas = &areas_of(state.g).single;
    innies_outies_step(state, areas, &RULE, ctx, |ctx| &mut ctx.barren_areas)
}
