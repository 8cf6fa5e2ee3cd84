//! Heavy requests (solving, counting, pictures, hints, explanations, grades, generation): run
//! on tokio's blocking pool so that they never stall the server's event loop, and at most
//! [`Config::heavy_slots`](crate::Config::heavy_slots) at a time, so that a burst of them
//! cannot make every answer slow.
//!
//! Three things keep the server answering whatever its clients do:
//! - every job is bounded in time inside the library (a solver's time limit, the logic's
//!   limits), and the answer is bounded here too: a job still running a little past the
//!   limit is answered as given up while it stops;
//! - a job whose client has gone (the connection closed, so the server drops the request's
//!   future) is cancelled through its [`Cancel`] flag, and frees its slot within
//!   milliseconds instead of running to its limit;
//! - a request that finds every slot taken waits a moment ([`SLOT_WAIT`]) for one, long
//!   enough for a cancelled job to stop, and is then answered 503 rather than queued.

use std::sync::Arc;
use std::time::Duration;

use cagey::solve::{self, Cancel};
use tokio::sync::Semaphore;

use crate::error::ApiError;

/// How long a request waits for a free slot before it is answered 503: a cancelled job
/// notices its flag within a millisecond or two and a typical 9x9 job ends in a few, while a
/// burst of requests still gets its answer at once instead of piling up.
pub const SLOT_WAIT: Duration = Duration::from_secs(2);

/// How far past its time limit a job may run before its request is answered as given up
/// without it: the library's own limits hold to a few milliseconds; this is the guard for
/// whatever does not.
pub const GRACE: Duration = Duration::from_millis(500);

/// The slots for heavy requests.
#[derive(Clone, Debug)]
pub struct Slots {
    semaphore: Arc<Semaphore>,
    count: usize,
    time_limit: Duration,
    wait: Duration,
}

/// Raises a job's cancel flag when dropped: when the request's future is dropped (its client
/// has gone) as well as when it ends, which does no harm to a job already finished.
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

impl Slots {
    /// `count` slots (at least one) for jobs of at most `time_limit` each, a request waiting
    /// up to `wait` for one.
    pub fn new(count: usize, time_limit: Duration, wait: Duration) -> Slots {
        let count = count.max(1);
        Slots {
            semaphore: Arc::new(Semaphore::new(count)),
            count,
            time_limit,
            wait,
        }
    }

    /// Runs `job` on the blocking pool in a free slot, waiting up to its wait for one,
    /// or answers [`ApiError::Busy`]. The job is given a [`Cancel`] flag, raised when the
    /// request is dropped; it must pass the flag to the library (in `Limits::cancel` or
    /// `LogicLimits::cancel`).
    pub async fn run<T, F>(&self, job: F) -> Result<T, ApiError>
    where
        F: FnOnce(Cancel) -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        let acquire = self.semaphore.clone().acquire_owned();
        let permit = match tokio::time::timeout(self.wait, acquire).await {
            Ok(Ok(permit)) => permit,
            _ => {
                return Err(ApiError::Busy(format!(
                    "the server is busy: {} heavy requests are running, as many as it has cores; try again in a moment",
                    self.count
                )))
            }
        };
        let cancel = Cancel::new();
        let _guard = CancelOnDrop(cancel.clone());
        let handle = tokio::task::spawn_blocking(move || {
            // The slot is held until the job ends, even if its answer has gone.
            let _permit = permit;
            job(cancel)
        });
        match tokio::time::timeout(self.time_limit + GRACE, handle).await {
            Ok(joined) => {
                joined.map_err(|error| ApiError::Internal(format!("the worker failed: {error}")))?
            }
            // `_guard` cancels the job as this returns.
            Err(_) => Err(ApiError::Unprocessable(format!(
                "gave up: the time limit of {} ran out",
                solve::seconds(self.time_limit)
            ))),
        }
    }
}
