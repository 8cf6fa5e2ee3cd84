//! How the server is set up: the time bound of each heavy request and how many run at
//! once. A room of its own so that the state every handler shares is built from it without
//! reaching up to the crate's root.

use std::time::Duration;

use crate::heavy;

/// How long one solve, count, explanation or generation may run by default: a person
/// waiting at the page gives up on a few seconds; every real puzzle up to 9x9 solves in
/// milliseconds and 16x16 ones in well under a second.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(5);

/// How the server is set up.
#[derive(Clone, Debug)]
pub struct Config {
    /// The time bound of each heavy request.
    pub time_limit: Duration,
    /// How many heavy requests may run at once; more wait up to `slot_wait` for a slot, then
    /// are answered 503.
    pub heavy_slots: usize,
    /// How long a heavy request waits for a free slot: [`heavy::SLOT_WAIT`] by default.
    pub slot_wait: Duration,
}

impl Default for Config {
    /// [`DEFAULT_TIME_LIMIT`], one heavy request per core, and [`heavy::SLOT_WAIT`].
    fn default() -> Config {
        Config {
            time_limit: DEFAULT_TIME_LIMIT,
            heavy_slots: std::thread::available_parallelism().map_or(1, |n| n.get()),
            slot_wait: heavy::SLOT_WAIT,
        }
    }
}
