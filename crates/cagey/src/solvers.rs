//! Every solver cagey has: the search algorithms of [`solve`] and the human rules of
//! [`logic`]. The command line's `--method` and the tests that run every solver loop over
//! this list. It sits above both modules so that neither imports the other's registry.

use std::sync::OnceLock;

use crate::logic::Logic;
use crate::solve::{self, Solver};

static LOGIC: Logic = Logic;

/// Every solver, the production solver first, the logic solver last.
pub fn registry() -> &'static [&'static dyn Solver] {
    // Built once from solve's own list, so that a solver added there appears here too.
    static REGISTRY: OnceLock<Vec<&'static dyn Solver>> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut all = solve::registry().to_vec();
        all.push(&LOGIC);
        all
    })
}

/// The solver registered under `name`.
pub fn by_name(name: &str) -> Option<&'static dyn Solver> {
    solve::by_name(name).or_else(|| (name == LOGIC.name()).then_some(&LOGIC as &dyn Solver))
}
