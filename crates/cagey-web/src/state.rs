//! What every handler shares, and the one way a heavy request runs.
//!
//! Every request that carries a puzzle (reading, drawing, solving, counting, checking,
//! converting, hints, explanations, grades) goes the same way: take a slot ([`Slots::run`],
//! which also gives the job a [`Cancel`] flag raised when the client goes), then, on the
//! blocking pool and within the server's time bound, read its puzzle and run the library.
//! Reading is part of the job: detecting the format of a large text that no format reads
//! tries every format in turn, which once took seconds on the event loop, outside the slots
//! and the time bound. [`State::heavy`] is that whole path; [`State::run`] is the slot and
//! the bound alone, for a job that reads its puzzle itself (a conversion, which also names
//! the format to write) or has none (generation). The job gets a [`Job`]: the time bound and
//! the flag, and the library's limits made from them.

use std::time::Duration;

use cagey::formats::Entry;
use cagey::logic::LogicLimits;
use cagey::solve::{Cancel, Limits};

use crate::config::Config;
use crate::error::ApiError;
use crate::heavy::Slots;
use crate::request::PuzzleRequest;

/// What every handler shares: the heavy-request slots and the time bound.
#[derive(Clone, Debug)]
pub struct State {
    slots: Slots,
    time_limit: Duration,
}

/// What a heavy job runs under: the server's time bound and its request's cancel flag.
pub(crate) struct Job {
    /// The time bound of every heavy request.
    pub(crate) time_limit: Duration,
    /// Raised when the request's client has gone.
    pub(crate) cancel: Cancel,
}

impl Job {
    /// `limits` bounded by the job's time and stopped by its flag.
    pub(crate) fn limits(&self, mut limits: Limits) -> Limits {
        limits.time_limit = self.time_limit.into();
        limits.cancel = Some(self.cancel.clone());
        limits
    }

    /// The logic's default limits, bounded by the job's time and stopped by its flag.
    pub(crate) fn logic_limits(&self) -> LogicLimits {
        LogicLimits {
            time_limit: self.time_limit.into(),
            cancel: Some(self.cancel.clone()),
            ..LogicLimits::default()
        }
    }
}

impl State {
    /// The state for `config`.
    pub fn new(config: &Config) -> State {
        State {
            slots: Slots::new(config.heavy_slots, config.time_limit, config.slot_wait),
            time_limit: config.time_limit,
        }
    }

    /// The time bound of every heavy request.
    pub(crate) fn time_limit(&self) -> Duration {
        self.time_limit
    }

    /// Runs `job` in a free slot under the time bound (see [`Slots::run`]).
    pub(crate) async fn run<T, F>(&self, job: F) -> Result<T, ApiError>
    where
        F: FnOnce(Job) -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        let time_limit = self.time_limit;
        self.slots
            .run(move |cancel| job(Job { time_limit, cancel }))
            .await
    }

    /// Runs `job` on `request`'s puzzle in a free slot under the time bound; the puzzle is
    /// read in the slot too.
    pub(crate) async fn heavy<T, F>(&self, request: PuzzleRequest, job: F) -> Result<T, ApiError>
    where
        F: FnOnce(Entry, Job) -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        self.heavy_as(request, false, job).await
    }

    /// [`State::heavy`], as the page's background work when `background`: in a slot free
    /// now or not at all, and set aside for a player's request (see [`Slots::run_background`]).
    pub(crate) async fn heavy_as<T, F>(
        &self,
        request: PuzzleRequest,
        background: bool,
        job: F,
    ) -> Result<T, ApiError>
    where
        F: FnOnce(Entry, Job) -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        let work = move |run: Job| {
            let (_, entry) = request.read()?;
            job(entry, run)
        };
        if !background {
            return self.run(work).await;
        }
        let time_limit = self.time_limit;
        self.slots
            .run_background(move |cancel| work(Job { time_limit, cancel }))
            .await
    }
}
