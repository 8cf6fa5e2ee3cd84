//! A run of puzzles made in order on several threads: [`Stream`], the one ordered parallel
//! loop that `cagey generate` and the Python package's `generate` iterate.
//!
//! Puzzle `i` of a run is made from its own generator, [`Settings::rng`]`(seed, i)`, so a seed
//! gives the same puzzles with any number of jobs and in any order; the jobs make puzzles
//! ahead of the one being handed out, at most `WINDOW_PER_JOB` each, so memory stays flat
//! however many are asked for:
//!
//! ```text
//!   next ──▶ handed out in index order ◀── reorder buffer ◀── pool (jobs threads)
//!            [next, next + window) spawned ───────────────────────▲
//! ```
//!
//! With one job (and always in WebAssembly, which has no threads) each puzzle is made on
//! the calling thread when it is asked for.

use std::ops::Range;
use std::sync::Arc;
use std::time::Duration;

use web_time::Instant;

use super::{generate, GenerateError, Generated, Settings};
use crate::solve::Cancel;

/// Puzzles made ahead of the one being handed out, per job: enough that a slow puzzle does
/// not leave the other jobs idle, few enough that memory does not grow with the count.
#[cfg(not(target_arch = "wasm32"))]
const WINDOW_PER_JOB: u64 = 16;

/// One puzzle of a run: made, or why not, and how long it took.
#[derive(Debug)]
pub struct Made {
    /// Its index in the run.
    pub index: u64,
    /// The puzzle, or why none was made.
    pub result: Result<Generated, GenerateError>,
    /// The time it took.
    pub elapsed: Duration,
}

/// The puzzles `indices` of the run with `seed`, made on `jobs` threads and handed out in
/// index order. Dropping the stream raises the settings' cancel flag, so that the work
/// ahead stops at its next attempt.
///
/// ```
/// use cagey::generate::{Request, Stream};
///
/// let request = Request { size: Some(4), ..Request::default() };
/// let made: Vec<u64> = Stream::new(request.settings()?, 7, 0..3, 2)?
///     .map(|made| made.index)
///     .collect();
/// assert_eq!(made, [0, 1, 2]);
/// # Ok::<(), cagey::generate::GenerateError>(())
/// ```
pub struct Stream {
    settings: Arc<Settings>,
    seed: u64,
    /// The next index to hand out, and the end of the run.
    next: u64,
    end: u64,
    cancel: Cancel,
    pool: Option<Pool>,
}

/// The threads of a stream with more than one job, and what they have made ahead.
#[cfg(not(target_arch = "wasm32"))]
struct Pool {
    threads: rayon::ThreadPool,
    sender: std::sync::mpsc::Sender<Made>,
    receiver: std::sync::mpsc::Receiver<Made>,
    /// Indices handed to the threads so far.
    spawned: u64,
    /// How far ahead of `next` the threads may work.
    window: u64,
    /// Puzzles made ahead of `next`.
    waiting: std::collections::BTreeMap<u64, Made>,
}

/// WebAssembly has no threads: a stream there never has a pool ([`threads`] is 1), and
/// makes its puzzles in line.
#[cfg(target_arch = "wasm32")]
enum Pool {}

impl Stream {
    /// A stream of the puzzles `indices` of the run with `seed`, on `jobs` threads (0: one
    /// per core). The settings are taken as they are; build them with
    /// [`Request::settings`](super::Request::settings), which checks them.
    pub fn new(
        mut settings: Settings,
        seed: u64,
        indices: Range<u64>,
        jobs: usize,
    ) -> Result<Stream, GenerateError> {
        let cancel = settings.cancel.get_or_insert_with(Cancel::new).clone();
        let jobs = threads(jobs);
        let pool = if jobs > 1 && indices.end.saturating_sub(indices.start) > 1 {
            Some(Pool::new(jobs, indices.start)?)
        } else {
            None
        };
        Ok(Stream {
            settings: Arc::new(settings),
            seed,
            next: indices.start,
            end: indices.end.max(indices.start),
            cancel,
            pool,
        })
    }

    /// The run's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The settings every puzzle is made with.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }
}

/// The threads `jobs` asks for: every core for 0; one in WebAssembly.
fn threads(jobs: usize) -> usize {
    if cfg!(target_arch = "wasm32") {
        1
    } else if jobs == 0 {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        jobs
    }
}

/// Makes puzzle `index` of the run.
fn make(settings: &Settings, seed: u64, index: u64) -> Made {
    let start = Instant::now();
    let result = generate(settings, &mut settings.rng(seed, index));
    Made {
        index,
        result,
        elapsed: start.elapsed(),
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Pool {
    fn new(jobs: usize, first: u64) -> Result<Pool, GenerateError> {
        let threads = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .thread_name(|i| format!("cagey-generate-{i}"))
            .build()
            .map_err(|error| {
                GenerateError::Settings(format!("cannot start {jobs} threads: {error}"))
            })?;
        let (sender, receiver) = std::sync::mpsc::channel();
        Ok(Pool {
            threads,
            sender,
            receiver,
            spawned: first,
            window: jobs as u64 * WINDOW_PER_JOB,
            waiting: std::collections::BTreeMap::new(),
        })
    }

    /// Puzzle `next`, once the threads have made it; they are kept `window` ahead.
    fn take(&mut self, settings: &Arc<Settings>, seed: u64, next: u64, end: u64) -> Made {
        while self.spawned < end && self.spawned < next + self.window {
            let (sender, settings, index) = (self.sender.clone(), settings.clone(), self.spawned);
            self.threads.spawn(move || {
                // A panic would abort the process from a pool thread; caught, it is this
                // puzzle's error and the run goes on.
                let made = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    make(&settings, seed, index)
                }))
                .unwrap_or(Made {
                    index,
                    result: Err(GenerateError::Internal),
                    elapsed: Duration::ZERO,
                });
                let _ = sender.send(made);
            });
            self.spawned += 1;
        }
        loop {
            if let Some(made) = self.waiting.remove(&next) {
                return made;
            }
            // The stream holds a sender, so the channel never closes while it waits.
            let made = self.receiver.recv().expect("the stream holds a sender");
            self.waiting.insert(made.index, made);
        }
    }
}

#[cfg(target_arch = "wasm32")]
impl Pool {
    fn new(_jobs: usize, _first: u64) -> Result<Pool, GenerateError> {
        Err(GenerateError::Settings(
            "WebAssembly has no threads to make puzzles on".to_string(),
        ))
    }

    fn take(&mut self, _: &Arc<Settings>, _: u64, _: u64, _: u64) -> Made {
        match *self {}
    }
}

impl Iterator for Stream {
    type Item = Made;

    fn next(&mut self) -> Option<Made> {
        if self.next >= self.end {
            return None;
        }
        let index = self.next;
        let made = match &mut self.pool {
            None => make(&self.settings, self.seed, index),
            Some(pool) => pool.take(&self.settings, self.seed, index, self.end),
        };
        self.next += 1;
        Some(made)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::try_from(self.end - self.next).unwrap_or(usize::MAX);
        (left, Some(left))
    }
}

impl ExactSizeIterator for Stream {}

impl Drop for Stream {
    fn drop(&mut self) {
        self.cancel.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Request;

    fn kk(made: Made) -> String {
        crate::formats::kk::write(&made.result.unwrap().puzzle)
    }

    #[test]
    fn any_number_of_jobs_gives_the_same_puzzles_in_order() {
        let settings = Request {
            size: Some(4),
            ..Request::default()
        }
        .settings()
        .unwrap();
        let one: Vec<String> = Stream::new(settings.clone(), 11, 3..9, 1)
            .unwrap()
            .map(kk)
            .collect();
        let three: Vec<String> = Stream::new(settings, 11, 3..9, 3)
            .unwrap()
            .map(kk)
            .collect();
        assert_eq!(one.len(), 6);
        assert_eq!(one, three);
    }

    #[test]
    fn an_empty_range_makes_nothing() {
        let settings = Request::default().settings().unwrap();
        assert_eq!(Stream::new(settings, 1, 5..5, 2).unwrap().count(), 0);
    }
}
