//! Long calls that Ctrl-C stops. The library's work runs on a worker thread with the GIL
//! released, holding a [`Cancel`] flag; the calling thread waits for it in slices of
//! [`SLICE`] and between slices runs Python's signal handlers (`Python::check_signals`).
//! When one raises (`KeyboardInterrupt` for Ctrl-C or a notebook's interrupt), the flag is
//! raised, the work notices it as it notices its time limit (within a millisecond or so) and
//! ends, and the exception goes to the caller: the work is freed, not left running.
//!
//! A thread costs tens of microseconds, more than a 4x4's whole solve, so a search
//! ([`search`]: `solve`, `count`) is first tried on the calling thread for [`INLINE`], and
//! only one that runs out of that time is run again, whole, where Ctrl-C can stop it.
//!
//! Signals reach Python only on its main thread; a call made from another thread waits
//! the same way, and its `check_signals` finds nothing to run. (Running the work on the
//! calling thread, the GIL released, and checking signals from another thread was the
//! alternative: Python runs signal handlers on the main thread only, so that checker would
//! never see one.)

use std::sync::mpsc;
use std::time::{Duration, Instant};

use cagey::budget::TimeLimit;
use cagey::solve::{Cancel, Limits};
use pyo3::prelude::*;

/// How long the caller waits for the work between two looks at Python's signals: well
/// inside the 100 ms in which Ctrl-C should be felt.
pub const SLICE: Duration = Duration::from_millis(10);

/// Runs `work`, which holds `cancel`, on a worker thread with the GIL released, and
/// returns what it returns; raises whatever a signal handler raises meanwhile, after
/// raising `cancel` and waiting for the work to stop.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    cancel: &Cancel,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let (sender, mut receiver) = mpsc::sync_channel(1);
        scope.spawn(move || {
            // The caller may have stopped listening (interrupted): the result is dropped.
            let _ = sender.send(work());
        });
        loop {
            // The receiver goes into the GIL-free closure and back: it is `Send`, not `Sync`.
            let (back, received) = py.detach(move || {
                let received = receiver.recv_timeout(SLICE);
                (receiver, received)
            });
            receiver = back;
            match received {
                Ok(result) => return Ok(result),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(error) = py.check_signals() {
                        cancel.cancel();
                        // Wait for the work to notice the flag and end (it never needs
                        // the GIL, released meanwhile); the scope then joins it at once.
                        py.detach(move || {
                            let _ = receiver.recv();
                        });
                        return Err(error);
                    }
                }
                // The worker ended without a result: it panicked, and the scope passes the
                // panic on (as a `PanicException`) when it joins it.
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(pyo3::exceptions::PyRuntimeError::new_err(
                        "the work stopped without an answer",
                    ))
                }
            }
        }
    })
}

/// How long a search runs on the calling thread, deaf to Ctrl-C, before it is run again
/// where Ctrl-C stops it: most searches end well within it, and it is well within the
/// 100 ms in which Ctrl-C should be felt.
pub const INLINE: Duration = Duration::from_millis(5);

/// A search that Ctrl-C stops, run by `run` under `limits` (whose cancel flag is `cancel`):
/// first on the calling thread with the GIL released, under the caller's time limit or
/// [`INLINE`], the shorter; when that ran out (`timed_out`) and the caller allowed more,
/// again from the start on a worker thread ([`interruptible`]) under what is left of the
/// caller's limit. The answer, effort included, is the last run's.
pub fn search<T: Send>(
    py: Python<'_>,
    limits: &Limits,
    cancel: &Cancel,
    run: impl Fn(&Limits) -> T + Sync,
    timed_out: impl Fn(&T) -> bool,
) -> PyResult<T> {
    let started = Instant::now();
    let asked = limits.time_limit.duration();
    let within = asked.is_some_and(|time| time <= INLINE);
    let quick = Limits {
        time_limit: if within {
            limits.time_limit
        } else {
            TimeLimit::new(INLINE)
        },
        ..limits.clone()
    };
    let first = py.detach(|| run(&quick));
    if within || !timed_out(&first) {
        return Ok(first);
    }
    let spent = started.elapsed();
    let rest = Limits {
        time_limit: asked.map_or(TimeLimit::NONE, |time| {
            TimeLimit::new(time.saturating_sub(spent))
        }),
        ..limits.clone()
    };
    interruptible(py, cancel, || run(&rest))
}
