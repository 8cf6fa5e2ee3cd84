//! Heavy requests (every request that reads a puzzle, the reading included: parsing,
//! converting, checking, solving, counting, pictures, hints, explanations, grades; and
//! generation): run on tokio's blocking pool so that they never stall the server's event
//! loop, and at most [`Config::heavy_slots`](crate::Config::heavy_slots) at a time, so that a
//! burst of them cannot make every answer slow.
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
//!
//! The page's own work comes after the player's: a background job (the page solving each
//! puzzle it loads, to have the answer for Check) never waits for a slot, and is set aside
//! (cancelled, and answered 503 so the page tries again later) when a player's request
//! finds every slot taken. Giving background jobs only the slots past the first was the
//! simpler rule; it still lets one background job and one count make a second count wait.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
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
    /// The background jobs holding a slot, oldest first.
    background: Arc<Mutex<VecDeque<Background>>>,
    /// The id of the next background job.
    next_id: Arc<AtomicU64>,
}

/// A background job holding a slot: its flag, and whether a player's request set it aside.
#[derive(Clone, Debug)]
struct Background {
    id: u64,
    cancel: Cancel,
    set_aside: Arc<AtomicBool>,
}

/// Takes a background job off the list when its request ends, however it ends.
struct Unlist {
    background: Arc<Mutex<VecDeque<Background>>>,
    id: u64,
}

impl Drop for Unlist {
    fn drop(&mut self) {
        let mut list = self.background.lock().unwrap_or_else(|e| e.into_inner());
        list.retain(|job| job.id != self.id);
    }
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
            background: Arc::new(Mutex::new(VecDeque::new())),
            next_id: Arc::new(AtomicU64::new(0)),
        }
    }

    fn busy(&self) -> ApiError {
        ApiError::Busy(format!(
            "the server is busy: {} heavy requests are running, as many as it has cores; try again in a moment",
            self.count
        ))
    }

    /// Sets aside the oldest background job not set aside yet, if any: its flag is raised,
    /// so it frees its slot within milliseconds. Returns whether there was one.
    fn set_aside_one(&self) -> bool {
        let list = self.background.lock().unwrap_or_else(|e| e.into_inner());
        let Some(job) = list
            .iter()
            .find(|job| !job.set_aside.swap(true, Ordering::SeqCst))
        else {
            return false;
        };
        job.cancel.cancel();
        true
    }

    /// Runs `job` as [`Slots::run`] does, as the page's background work: only in a slot
    /// free now (else [`ApiError::Busy`] at once), and set aside, answered
    /// [`ApiError::Busy`], when a player's request needs the slot.
    pub async fn run_background<T, F>(&self, job: F) -> Result<T, ApiError>
    where
        F: FnOnce(Cancel) -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        let Ok(permit) = self.semaphore.clone().try_acquire_owned() else {
            return Err(ApiError::Busy(format!(
                "the server is busy: {} heavy requests are running, and background work never waits for the player's; try again later",
                self.count
            )));
        };
        let cancel = Cancel::new();
        let set_aside = Arc::new(AtomicBool::new(false));
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        self.background
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push_back(Background {
                id,
                cancel: cancel.clone(),
                set_aside: set_aside.clone(),
            });
        let _unlist = Unlist {
            background: self.background.clone(),
            id,
        };
        let answer = self.spawn(permit, cancel, job).await;
        if set_aside.load(Ordering::SeqCst) {
            return Err(ApiError::Busy(
                "this background request was set aside for the player's request; try again later"
                    .to_string(),
            ));
        }
        answer
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
        let permit = match self.semaphore.clone().try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                // Every slot is taken: a background job, if one holds a slot, gives it up.
                self.set_aside_one();
                let acquire = self.semaphore.clone().acquire_owned();
                match tokio::time::timeout(self.wait, acquire).await {
                    Ok(Ok(permit)) => permit,
                    _ => return Err(self.busy()),
                }
            }
        };
        self.spawn(permit, Cancel::new(), job).await
    }

    /// Runs `job` on the blocking pool holding `permit`, under the time bound, with
    /// `cancel` raised when the request is dropped.
    async fn spawn<T, F>(
        &self,
        permit: tokio::sync::OwnedSemaphorePermit,
        cancel: Cancel,
        job: F,
    ) -> Result<T, ApiError>
    where
        F: FnOnce(Cancel) -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
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
