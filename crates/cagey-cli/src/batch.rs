//! Running one function over a stream of puzzles, on several threads, with the reports
//! written in input order and in memory that does not grow with the input.
//!
//! ```text
//!  reader thread              rayon pool (--jobs N)          calling thread
//!  ─────────────              ─────────────────────          ──────────────
//!  read puzzle i  ──spawn──▶  solve i into a buffer ──send─▶ reorder by index,
//!  wait while i ≥ written                                    write 0, 1, 2, ...,
//!      + window   ◀──────────── written ─────────────────── progress bar
//! ```
//!
//! The reader hands puzzle `i` to the pool only once fewer than `window` puzzles are read
//! but not yet written, so at most `window` puzzles and their reports are held at any time,
//! however long the input: that one gate bounds the pool's queue, the results channel and
//! the reorder buffer together. (A bounded channel between reader and workers was
//! considered and dropped: it bounds the puzzles waiting to be solved but not the reports
//! waiting behind a slow puzzle to be written.)
//!
//! The writer, woken by the first report of a batch, waits [`GATHER`] for more before it
//! writes them all at once, so that it does not take a core from the jobs once per puzzle.
//!
//! With one job, or one puzzle, everything runs on the calling thread and a report goes
//! straight to standard output as it is made, so that `--all` prints each solution as it is
//! found.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};
use std::sync::{mpsc, Arc, Condvar, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use crate::input::Numbered;

/// Puzzles read ahead of the last one written, per job: room for the other jobs to go on
/// while one solves a slow puzzle (a puzzle of 1 s holds up the writing of the next
/// 512 x jobs fast ones, about 50 ms of their work, before the jobs wait).
pub const WINDOW_PER_JOB: usize = 512;

/// How long a run goes before the progress bar appears: short runs stay quiet.
const PROGRESS_DELAY: Duration = Duration::from_millis(500);

/// How often the progress bar's spinner turns, and how often the writer looks at the clock
/// while it waits for a slow puzzle.
const PROGRESS_TICK: Duration = Duration::from_millis(100);

/// How long the writer lets reports gather after one arrives, before it writes them: it then
/// wakes two thousand times a second at most, rather than once per puzzle, taking a core from
/// the jobs each time (measured in docs/performance.md, "Batches").
const GATHER: Duration = Duration::from_micros(500);

/// The smallest window that pauses for reports to gather: a smaller one (`--all`) would be
/// filled during the pause and leave the reader waiting, so its reports are written as they
/// come (docs/performance.md, "Batches").
const GATHER_MIN_WINDOW: usize = 64;

/// Standard output's buffer: reports are written in blocks, one system call for many lines,
/// and flushed after each puzzle (one job) or each batch (several).
const OUTPUT_BUFFER_BYTES: usize = 64 * 1024;

/// Standard output as the run writes it.
type Stdout = BufWriter<StdoutLock<'static>>;

/// What one puzzle prints, in order: standard output and standard error interleaved as a
/// single-threaded run would interleave them.
enum Piece {
    Out(Vec<u8>),
    Note(String),
}

/// Where a puzzle's report goes: straight to standard output, or into a buffer that is
/// written when the puzzle's turn comes.
pub struct Sink<'a> {
    direct: Option<&'a mut Stdout>,
    pieces: Vec<Piece>,
}

impl<'a> Sink<'a> {
    fn direct(out: &'a mut Stdout) -> Sink<'a> {
        Sink {
            direct: Some(out),
            pieces: Vec::new(),
        }
    }

    fn buffer() -> Sink<'a> {
        Sink {
            direct: None,
            pieces: Vec::new(),
        }
    }

    /// Says `text` on standard error, in its place among what the puzzle prints.
    pub fn note(&mut self, text: String) -> io::Result<()> {
        match &mut self.direct {
            Some(out) => {
                out.flush()?;
                note!("{text}");
            }
            None => self.pieces.push(Piece::Note(text)),
        }
        Ok(())
    }
}

impl Write for Sink<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if let Some(out) = &mut self.direct {
            return out.write(bytes);
        }
        match self.pieces.last_mut() {
            Some(Piece::Out(buffer)) => buffer.extend_from_slice(bytes),
            _ => self.pieces.push(Piece::Out(bytes.to_vec())),
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.direct {
            Some(out) => out.flush(),
            None => Ok(()),
        }
    }
}

/// A puzzle's report waiting to be written, and what the caller keeps of it.
struct Report<D> {
    pieces: Vec<Piece>,
    done: D,
}

/// How the run writes: standard output, standard error, and the progress bar.
pub struct Terminal {
    out: Stdout,
    stdout_is_terminal: bool,
    progress: Progress,
}

impl Terminal {
    /// Standard output, with a progress bar on standard error if that is a terminal.
    pub fn new() -> Terminal {
        Terminal {
            out: BufWriter::with_capacity(OUTPUT_BUFFER_BYTES, io::stdout().lock()),
            stdout_is_terminal: io::stdout().is_terminal(),
            progress: Progress::new(),
        }
    }

    /// Standard output, for what is printed after the puzzles.
    pub fn out(&mut self) -> &mut Stdout {
        &mut self.out
    }

    /// Writes reports in order. When the bar is showing, it is taken off the screen first if
    /// the reports write to the terminal it is drawn on (standard error, or standard output
    /// when that is the same terminal), and drawn again after.
    fn write<D>(&mut self, reports: &[Report<D>]) -> io::Result<()> {
        let notes = reports
            .iter()
            .any(|r| r.pieces.iter().any(|p| matches!(p, Piece::Note(_))));
        let out = &mut self.out;
        let mut write = move || -> io::Result<()> {
            for piece in reports.iter().flat_map(|r| &r.pieces) {
                match piece {
                    Piece::Out(bytes) => out.write_all(bytes)?,
                    Piece::Note(text) => {
                        out.flush()?;
                        note!("{text}");
                    }
                }
            }
            // The bar is drawn again right after: what was written must be on the screen
            // before it.
            out.flush()
        };
        match &self.progress.bar {
            Some(bar) if self.progress.shown && (notes || self.stdout_is_terminal) => {
                bar.suspend(write)
            }
            _ => write(),
        }
    }

    /// Takes the progress bar off the screen for good.
    pub fn finish(&mut self) {
        self.progress.finish();
    }
}

/// A spinner with the number of puzzles written and the rate, on standard error when it is a
/// terminal, once the run has lasted [`PROGRESS_DELAY`]. The total is not known: the input
/// is read as it is solved.
struct Progress {
    /// `None` when standard error is not a terminal: nothing is ever drawn.
    bar: Option<ProgressBar>,
    shown: bool,
    start: Instant,
}

impl Progress {
    fn new() -> Progress {
        let bar = io::stderr().is_terminal().then(|| {
            // Hidden until the delay has passed; it counts from the start all the same.
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
            let style = ProgressStyle::with_template(
                "{spinner} {human_pos} puzzles done, {rate} ({elapsed})",
            )
            .expect("the template is valid")
            // indicatif's own {per_sec} prints four decimals; a whole number reads better.
            .with_key("rate", |state: &ProgressState, out: &mut dyn fmt::Write| {
                let _ = write!(out, "{:.0}/s", state.per_sec());
            });
            bar.set_style(style);
            bar
        });
        Progress {
            bar,
            shown: false,
            start: Instant::now(),
        }
    }

    /// Counts `done` more puzzles and shows the bar once the run has gone on long enough.
    fn advance(&mut self, done: u64) {
        let Some(bar) = &self.bar else {
            return;
        };
        bar.inc(done);
        if !self.shown && self.start.elapsed() >= PROGRESS_DELAY {
            self.shown = true;
            bar.set_draw_target(ProgressDrawTarget::stderr());
            bar.enable_steady_tick(PROGRESS_TICK);
        }
    }

    /// Whether the bar is on the screen: reports must then be written around it.
    fn showing(&self) -> bool {
        self.shown
    }

    fn finish(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Runs `work` on every puzzle and `done` on each result in input order, with `jobs`
/// threads (see the module's documentation). `work` writes the puzzle's report into the
/// sink it is given; an error it returns stops the run (output errors only: a puzzle's own
/// failure is part of its report).
pub fn run<P, D>(
    mut puzzles: impl Iterator<Item = Numbered> + Send + 'static,
    jobs: usize,
    window: usize,
    plan: Arc<P>,
    work: fn(&P, &Numbered, &mut Sink) -> anyhow::Result<D>,
    terminal: &mut Terminal,
    mut done: impl FnMut(D),
) -> anyhow::Result<()>
where
    P: Send + Sync + 'static,
    D: Send + 'static,
{
    let Some(first) = puzzles.next() else {
        return Ok(());
    };
    if jobs == 1 || !first.several {
        return run_here(
            std::iter::once(first).chain(puzzles),
            &*plan,
            work,
            terminal,
            done,
        );
    }
    let gate = Arc::new(Gate::default());
    let (results, received) = mpsc::channel::<Message<D>>();
    // Shared with the reader, which hands it the puzzles; kept here too so that the pool
    // outlives the reader and finishes the puzzles already handed over.
    let pool = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .thread_name(|index| format!("cagey-solve-{index}"))
            .build()?,
    );
    let reader = {
        let gate = gate.clone();
        let pool = pool.clone();
        thread::Builder::new()
            .name("cagey-read".into())
            .spawn(move || {
                let mut count = 0;
                for puzzle in std::iter::once(first).chain(puzzles) {
                    let index = count;
                    count += 1;
                    if !gate.wait_for_room(index, window) {
                        return;
                    }
                    let results = results.clone();
                    let plan = plan.clone();
                    pool.spawn(move || {
                        let mut sink = Sink::buffer();
                        let report = work(&plan, &puzzle, &mut sink).map(|done| Report {
                            pieces: sink.pieces,
                            done,
                        });
                        // The writer is gone only when the run has stopped on an error.
                        let _ = results.send(Message::Done(index, report));
                    });
                }
                let _ = results.send(Message::End(count));
            })?
    };
    let gather = if window >= GATHER_MIN_WINDOW {
        GATHER
    } else {
        Duration::ZERO
    };
    let written = write_in_order(&received, &gate, gather, terminal, &mut done);
    if written.is_err() {
        // The reader may be waiting for input that never comes (a pipe): it is left to end
        // with the process rather than waited for.
        gate.stop();
        return written;
    }
    reader
        .join()
        .map_err(|_| anyhow::anyhow!("the thread reading the input failed"))?;
    Ok(())
}

/// What the reader and the jobs tell the writer.
enum Message<D> {
    /// Puzzle `index` (from 0) is done.
    Done(usize, anyhow::Result<Report<D>>),
    /// The input has ended after this many puzzles.
    End(usize),
}

/// Receives reports in any order and writes them in input order, letting them gather for
/// `gather` after the first of a batch arrives.
fn write_in_order<D>(
    received: &mpsc::Receiver<Message<D>>,
    gate: &Gate,
    gather: Duration,
    terminal: &mut Terminal,
    done: &mut impl FnMut(D),
) -> anyhow::Result<()> {
    // At most `window` entries: the gate keeps the reader within that of `next`.
    let mut waiting: BTreeMap<usize, anyhow::Result<Report<D>>> = BTreeMap::new();
    let mut next = 0;
    let mut total = None;
    while total != Some(next) {
        match received.recv_timeout(PROGRESS_TICK) {
            Ok(message) => {
                if !gather.is_zero() {
                    thread::sleep(gather);
                }
                for message in std::iter::once(message).chain(received.try_iter()) {
                    match message {
                        Message::Done(index, report) => {
                            waiting.insert(index, report);
                        }
                        Message::End(count) => total = Some(count),
                    }
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                anyhow::bail!("the threads solving the puzzles stopped before the end")
            }
        }
        // Everything that is ready is written at once: one pass around the progress bar.
        let mut ready = Vec::new();
        let mut failed = None;
        while let Some(report) = waiting.remove(&next) {
            match report {
                Ok(report) => ready.push(report),
                Err(error) => {
                    failed = Some(error);
                    break;
                }
            }
            next += 1;
        }
        terminal.write(&ready)?;
        terminal.progress.advance(ready.len() as u64);
        gate.advance(next);
        for report in ready {
            done(report.done);
        }
        if let Some(error) = failed {
            return Err(error);
        }
    }
    Ok(())
}

/// Runs every puzzle on the calling thread, writing each report as it is made, or, while
/// the progress bar shows, when it is complete.
fn run_here<P, D>(
    puzzles: impl Iterator<Item = Numbered>,
    plan: &P,
    work: fn(&P, &Numbered, &mut Sink) -> anyhow::Result<D>,
    terminal: &mut Terminal,
    mut done: impl FnMut(D),
) -> anyhow::Result<()> {
    for puzzle in puzzles {
        let result = if terminal.progress.showing() {
            let mut sink = Sink::buffer();
            let result = work(plan, &puzzle, &mut sink)?;
            terminal.write(&[Report {
                pieces: sink.pieces,
                done: (),
            }])?;
            result
        } else {
            let result = work(plan, &puzzle, &mut Sink::direct(&mut terminal.out))?;
            terminal.out.flush()?;
            result
        };
        terminal.progress.advance(1);
        done(result);
    }
    Ok(())
}

/// Keeps the reader within a window of the writer.
#[derive(Default)]
struct Gate {
    state: Mutex<GateState>,
    changed: Condvar,
}

#[derive(Default)]
struct GateState {
    /// Puzzles written so far.
    written: usize,
    /// Whether the run has stopped.
    stopped: bool,
}

impl Gate {
    /// Waits until puzzle `index` is within `window` of the last one written; false if the
    /// run has stopped instead.
    fn wait_for_room(&self, index: usize, window: usize) -> bool {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        while !state.stopped && index >= state.written + window {
            state = self
                .changed
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
        !state.stopped
    }

    fn advance(&self, written: usize) {
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .written = written;
        self.changed.notify_all();
    }

    fn stop(&self) {
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .stopped = true;
        self.changed.notify_all();
    }
}
