//! The list of rules, in the order they are tried: cheapest first. The one place that names
//! every rule; the callers of the engine (grade, probe, explain, hint, the search) pass it
//! in, so adding a rule is a new file and a line here.

use super::rule::Rule;
use super::{
    cage_confined, cage_digits, cage_layouts, cage_line, fish, forcing_chain, given, hidden_single,
    hidden_subset, line_sum, naked_single, naked_subset, trial,
};

/// Every rule, in the order they are tried: cheapest first.
pub static RULES: [Rule; 13] = [
    given::RULE,
    naked_single::RULE,
    hidden_single::RULE,
    cage_digits::RULE,
    cage_layouts::RULE,
    cage_line::RULE,
    naked_subset::RULE,
    hidden_subset::RULE,
    fish::RULE,
    forcing_chain::RULE,
    cage_confined::RULE,
    line_sum::RULE,
    trial::RULE,
];

/// The rules, for listings.
pub fn rules() -> &'static [Rule] {
    &RULES
}
