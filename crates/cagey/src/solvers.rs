//! The one registry of every solver cagey has: the search algorithms of [`solve`] and the
//! human rules of [`logic`]. The command line's `--method` and the tests that run every solver loop over
//! this list. It sits above both modules so that neither imports the other's registry.

use std::sync::OnceLock;

use crate::logic::Logic;
use crate::solve::{self, Solver, UnknownMethod};

static LOGIC: Logic = Logic;

/// Every solver, the production solver first, the logic solver last.
pub fn registry() -> &'static [&'static dyn Solver] {
    // Built once from solve's own list, so that a solver added there appears here too.
    static REGISTRY: OnceLock<Vec<&'static dyn Solver>> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut all = solve::search_solvers().to_vec();
        all.push(&LOGIC);
        all
    })
}

/// The solver registered under `name`.
pub fn by_name(name: &str) -> Option<&'static dyn Solver> {
    registry()
        .iter()
        .copied()
        .find(|solver| solver.name() == name)
}

/// The solver registered under `name`, or an error naming every solver there is.
///
/// ```
/// assert_eq!(cagey::solvers::named("logic").unwrap().name(), "logic");
/// let Err(error) = cagey::solvers::named("magic") else { panic!("no such solver") };
/// let message = error.to_string();
/// assert!(message.starts_with("no method called \"magic\"; the methods are propagate, "));
/// ```
pub fn named(name: &str) -> Result<&'static dyn Solver, UnknownMethod> {
    by_name(name).ok_or_else(|| UnknownMethod::among(name, registry()))
}
