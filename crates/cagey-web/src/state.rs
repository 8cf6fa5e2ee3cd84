//! What every handler shares, and the one way a heavy request runs.
//!
//! Every request that carries a puzzle (reading, drawing, solving, counting, checking,
//! converting, hints, explanations, grades) and every generation goes the same way: take a
//! slot ([`Slots::run`], which also gives the job a [`Cancel`](cagey::solve::Cancel) flag
//! raised when the client goes), then, on the blocking pool and within the server's time
//! bound, call the library's service, which reads the puzzle and answers. Reading is part
//! of the job: detecting the format of a large text that no format reads tries every format
//! in turn, which once took seconds on the event loop, outside the slots and the time bound.

use std::time::Duration;

use cagey::service::Job;

use crate::config::Config;
use crate::error::ApiError;
use crate::heavy::Slots;

/// What every handler shares: the heavy-request slots and the time bound.
#[derive(Clone, Debug)]
pub struct State {
    slots: Slots,
    time_limit: Duration,
}

impl State {
    /// The state for `config`.
    pub fn new(config: &Config) -> State {
        State {
            slots: Slots::new(config.heavy_slots, config.time_limit, config.slot_wait),
            time_limit: config.time_limit,
        }
    }

    /// The job a slot's work runs under: the server's time bound and the slot's flag.
    fn job(&self, cancel: cagey::solve::Cancel) -> Job {
        Job {
            time_limit: self.time_limit.into(),
            cancel: Some(cancel),
        }
    }

    /// Runs `work` in a free slot under the time bound (see [`Slots::run`]).
    pub(crate) async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        F: FnOnce(Job) -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        let state = self.clone();
        self.slots.run(move |cancel| work(state.job(cancel))).await
    }

    /// [`State::run`], as the page's background work: in a slot free now or not at all,
    /// and set aside for a player's request (see [`Slots::run_background`]).
    pub(crate) async fn run_background<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        F: FnOnce(Job) -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        let state = self.clone();
        self.slots
            .run_background(move |cancel| work(state.job(cancel)))
            .await
    }
}
