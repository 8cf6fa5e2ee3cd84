//! Heavy requests (solving, counting, pictures, explanations, generation): run on tokio's
//! blocking pool so that they never stall the server's event loop, and at most
//! [`Config::heavy_slots`](crate::Config::heavy_slots) at a time, so that a burst of them
//! cannot make every answer slow. A request that finds every slot taken is answered 503 at
//! once rather than queued: the page says "busy, try again" and nothing piles up.
//!
//! The time each one may take is bounded inside the library (a solver's time budget, the
//! logic's limits), so a running job always ends; the slot is held until it does.

use std::sync::Arc;

use tokio::sync::Semaphore;

use crate::ApiError;

/// The slots for heavy requests.
#[derive(Clone, Debug)]
pub struct Slots {
    semaphore: Arc<Semaphore>,
    count: usize,
}

impl Slots {
    /// `count` slots (at least one).
    pub fn new(count: usize) -> Slots {
        let count = count.max(1);
        Slots {
            semaphore: Arc::new(Semaphore::new(count)),
            count,
        }
    }

    /// Runs `job` on the blocking pool in a free slot, or answers [`ApiError::Busy`] at once
    /// when there is none.
    pub async fn run<T, F>(&self, job: F) -> Result<T, ApiError>
    where
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        let permit = self.semaphore.clone().try_acquire_owned().map_err(|_| {
            ApiError::Busy(format!(
                "the server is busy: {} heavy requests are running, as many as it has cores; try again in a moment",
                self.count
            ))
        })?;
        let handle = tokio::task::spawn_blocking(move || {
            // The slot is held until the job ends, even if the client has gone.
            let _permit = permit;
            job()
        });
        handle
            .await
            .map_err(|error| ApiError::Internal(format!("the worker failed: {error}")))?
    }
}
