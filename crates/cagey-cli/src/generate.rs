//! `cagey generate`: new puzzles, each proved unique, streamed in order in any format.
//!
//! The flags become the library's one [`Request`] (one for each kind, size and level when
//! several are given, made in turn); its puzzles come from the library's ordered stream ([`Stream`]: a seed gives the same puzzles with any `--jobs`, in flat
//! memory), and are written here as they come.

use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

use anyhow::bail;
use cagey::budget::TimeLimit;
use cagey::formats::{self, Format};
use cagey::generate::{
    self, CageSizes, CageStyle, Distinct, GenKind, Made, OperationSet, Request, Settings, Stream,
    Target,
};
use cagey::logic::Level;
use cagey::model::Operation;
use indicatif::{ProgressBar, ProgressStyle};

use crate::input::parse_format;
use crate::Status;

/// Make new puzzles, each with exactly one solution, at the level asked for.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cagey generate --size 6                             one 6x6 KenKen, all four operations, normal
  cagey generate --size 9 --difficulty hard --count 100 --seed 7 > hard.kk
  cagey generate --size 5 --ops '*' --difficulty extreme
  cagey generate --kind killer --difficulty normal --to sudokuwiki
  cagey generate --size 8 --count 1000 --jobs 2 --stats > /dev/null
  cagey generate --size 9 --difficulty any --style big  any level, bigger cages
  cagey generate --kind kenken,killer --size 6,9 --difficulty easy,hard --count 5 | \
      cagey print --title 'A mixed book' -o book.pdf   40 puzzles in 8 sections

Several kinds, sizes or levels make --count puzzles of each in turn: kind by kind, then
size by size, then level by level, as a book's sections run.

Each kk block carries # seed=SEED/INDEX (run again with --seed SEED --first INDEX --count 1
to make it again), # level=, # score= and # solution= comments. A seed gives the same
puzzles with any --jobs, on any machine, and other puzzles at another kind, size or level.
No two puzzles of a run share a solution or a cage layout: a repeat is left out and the
next index made instead. Exit status 1 if some puzzle could not be made within
--time-limit, or the settings make too few different puzzles.")]
pub struct Args {
    /// The side of the grid, or several separated by commas (6,9,12) [default: 9 for the
    /// killer kinds, 6 otherwise].
    #[arg(long, value_name = "N", value_delimiter = ',')]
    size: Vec<usize>,

    /// The kind: kenken, kendoku (KenKen with boxes), killer (Killer Sudoku), killer-jigsaw;
    /// or several separated by commas.
    #[arg(
        long,
        default_value = "kenken",
        value_name = "KIND",
        value_delimiter = ','
    )]
    kind: Vec<GenKind>,

    /// The operations cages may have, any of + - * /: '*' multiplication only, '+' sums only
    /// [default: +-*/, or + for the killer kinds].
    #[arg(long, value_name = "OPS")]
    ops: Option<OperationSet>,

    /// Hide every operation (no-op KenKen): cages show only their targets.
    #[arg(long)]
    hidden_ops: bool,

    /// Subtraction and division over more than two cells (largest minus, or divided by, the
    /// others).
    #[arg(long)]
    multi_cell: bool,

    /// The diagonal rule: every digit once on each long diagonal too (Killer X, Sudoku X).
    #[arg(long)]
    diagonals: bool,

    /// The style of the cages: keen (as Keen's: four in five dominoes, the four operations
    /// about as frequent) or big (bigger cages, + and × most frequent).
    #[arg(long, default_value = "keen", value_name = "STYLE")]
    style: CageStyle,

    /// Cage sizes: a range 2..5 (each alike), one size 3, or weights 2=50,3=35,4=15
    /// [default: 2=84,3=14,4=2 for --style keen with - or / (2=94,3=6 at 4x4, 2=90,3=10 at 5x5), 2=50,3=33,4=12,5=5 for --style big and for + and * alone,
    /// 2=35,3=35,4=20,5=10 for the killer kinds].
    #[arg(long, value_name = "SIZES")]
    cage_size: Option<CageSizes>,

    /// One-cell cages to place, each showing its digit (givens, the "freebies" of puzzle
    /// books); 0 places none up to 12x12, 8% of the cells at easy and 10% at normal from
    /// 13x13 to 20x20 (steering alone finds none there), and a tenth of the cells above
    /// (without them no larger puzzle can be checked in time).
    #[arg(
        long,
        visible_alias = "freebies",
        default_value_t = 0,
        value_name = "N"
    )]
    givens: usize,

    /// Cells to leave in no cage (killer kinds only).
    #[arg(long, default_value_t = 0, value_name = "N")]
    uncaged: usize,

    /// The level, as the logic grader measures it: easy, normal, hard, extreme or
    /// unreasonable; any for whatever level the puzzle falls at (still graded and written
    /// in # level=); or several separated by commas (easy,hard) [default: normal, as Keen;
    /// any for sides 1 and 2, which have no normal puzzles, and above 16, where levels take
    /// too long].
    #[arg(long, value_name = "LEVEL", value_delimiter = ',')]
    difficulty: Vec<Target>,

    /// A range the grader's score must fall in, MIN..MAX.
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_score)]
    score: Option<(u32, u32)>,

    /// How many puzzles (of each kind, size and level, when several are given).
    #[arg(long, default_value_t = 1, value_name = "N")]
    count: u64,

    /// The seed [default: fresh from the system, printed in each puzzle's # seed= comment].
    #[arg(long, value_name = "SEED")]
    seed: Option<u64>,

    /// The index of the first puzzle (to make one puzzle of a run again).
    #[arg(long, default_value_t = 0, value_name = "INDEX")]
    first: u64,

    /// The output format: kk, a1, sudokuwiki, keen, json, grid, or a link format (fpuzzles,
    /// sudokupad, sudokupad-scl, short-killer, long-killer, solo, factors).
    #[arg(long, default_value = "kk", value_name = "FORMAT", value_parser = parse_format)]
    to: Format,

    /// Threads making puzzles [default: every core].
    #[arg(long, short = 'j', value_name = "N", value_parser = cagey_args::jobs)]
    jobs: Option<usize>,

    /// Give up on a puzzle after this many seconds (0: no time limit).
    #[arg(long, alias = "timeout", default_value_t = generate::DEFAULT_TIME_LIMIT, value_name = "SECS")]
    time_limit: TimeLimit,

    /// Report the mix of cage sizes, operations and levels, and the time per puzzle, on
    /// standard error.
    #[arg(long)]
    stats: bool,
}

fn parse_score(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("score range {text:?}: write MIN..MAX, e.g. 20..60");
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let lo = if a.is_empty() {
        0
    } else {
        a.parse().map_err(|_| bad())?
    };
    let hi = if b.is_empty() {
        u32::MAX
    } else {
        b.trim_start_matches('=').parse().map_err(|_| bad())?
    };
    if lo > hi {
        return Err(bad());
    }
    Ok((lo, hi))
}

pub fn run(args: &Args) -> anyhow::Result<Status> {
    // Every kind, size and level asked for, in the order they are made; all are checked
    // before any is made.
    let sizes: Vec<Option<usize>> = match args.size.is_empty() {
        true => vec![None],
        false => args.size.iter().copied().map(Some).collect(),
    };
    let difficulties: Vec<Option<Target>> = match args.difficulty.is_empty() {
        true => vec![None],
        false => args.difficulty.iter().copied().map(Some).collect(),
    };
    let mut parts: Vec<Settings> = Vec::new();
    // One seed for the run, fresh if none was given (the request's rule): the generator is
    // keyed by kind, size and level too, so each part of the run draws its own puzzles.
    let mut seed = None;
    for &kind in &args.kind {
        for &size in &sizes {
            for &difficulty in &difficulties {
                let request = Request {
                    kind: Some(kind),
                    size,
                    operations: args.ops,
                    style: Some(args.style),
                    cage_sizes: args.cage_size.clone(),
                    hidden_operations: args.hidden_ops,
                    multi_cell: args.multi_cell,
                    diagonals: args.diagonals,
                    givens: args.givens,
                    uncaged: args.uncaged,
                    difficulty,
                    score: args.score,
                    time_limit: Some(args.time_limit),
                    seed: args.seed,
                };
                match request.settings() {
                    Ok(settings) => parts.push(settings),
                    Err(error) => bail!("{error}"),
                }
                seed.get_or_insert_with(|| request.seed());
            }
        }
    }
    let seed = seed.expect("every run has a kind, a size and a level");
    let total = args.count.saturating_mul(parts.len() as u64);
    let mut run = Run {
        args,
        seed,
        bar: progress(total),
        out: io::BufWriter::new(io::stdout().lock()),
        json: (total > 1).then_some(false),
        distinct: Distinct::new(),
        status: Status::Ok,
        made: 0,
    };
    for settings in &parts {
        run.part(settings)?;
    }
    if run.json == Some(true) {
        run.out.write_all(b"\n]\n")?;
    }
    run.out.flush()?;
    run.bar.finish_and_clear();
    if run.made == 0 && total > 0 {
        bail_failed(total)?;
    }
    Ok(run.status)
}

/// A run of the command: what its parts share.
struct Run<'a, W: Write> {
    args: &'a Args,
    seed: u64,
    bar: ProgressBar,
    out: W,
    /// `Some` when the run writes one JSON array: whether it is open.
    json: Option<bool>,
    /// Every puzzle written so far, so that no two of the run are alike.
    distinct: Distinct,
    status: Status,
    /// Puzzles written.
    made: u64,
}

impl<W: Write> Run<'_, W> {
    /// Makes and writes `--count` puzzles of `settings`.
    fn part(&mut self, settings: &Settings) -> anyhow::Result<()> {
        let args = self.args;
        let seed = self.seed;
        let jobs = cagey_args::jobs_or_cores(args.jobs);
        let end = args.first.saturating_add(args.count);
        let mut stream = Stream::new(settings.clone(), seed, args.first..end, jobs)?;
        let mut stats = Stats::default();
        let wall = Instant::now();
        // A puzzle that repeats an earlier one's solution or cage layout (of this part or
        // an earlier one) is left out and one of the next indices made in its place, up to
        // as many again as were asked for.
        let mut fresh = end;
        let most = end.saturating_add(args.count.max(MIN_SPARE));
        let mut repeats = 0;
        let mut done = 0;
        loop {
            for made in stream {
                if let Ok(generated) = &made.result {
                    if self
                        .distinct
                        .admit(&generated.puzzle, &generated.solution)
                        .is_some()
                    {
                        repeats += 1;
                        continue;
                    }
                }
                done += 1;
                self.write(made, &mut stats)?;
            }
            let missing = args.count - done;
            let more = missing.min(most - fresh);
            if more == 0 {
                if missing > 0 {
                    self.status = Status::Failed;
                    let n = settings.size;
                    self.bar.suspend(|| {
                        note!(
                            "cagey: made {done} of the {} {n}x{n} {} puzzles asked for: the \
                             others would repeat an earlier one's solution or cage layout \
                             ({repeats} repeats left out); these settings make too few \
                             different puzzles",
                            args.count,
                            settings.kind,
                        )
                    });
                }
                break;
            }
            stream = Stream::new(settings.clone(), seed, fresh..fresh + more, jobs)?;
            fresh += more;
        }
        if args.stats {
            self.bar
                .suspend(|| stats.print(settings, jobs, wall.elapsed()));
        }
        Ok(())
    }

    /// Writes one puzzle made, or says why it could not be.
    fn write(&mut self, made: Made, stats: &mut Stats) -> anyhow::Result<()> {
        let (args, seed) = (self.args, self.seed);
        stats.add(&made);
        match &made.result {
            Ok(generated) => {
                if let Some(ungraded) = generated.ungraded() {
                    // Written without a `# level=`: say so, and why.
                    self.bar
                        .suspend(|| note!("cagey: puzzle {seed}/{}: {ungraded}", made.index));
                }
                let entry = generated.entry(seed, made.index);
                let text = formats::write(args.to, &entry)?;
                let block = match (args.to, self.json) {
                    // One JSON array for the whole run, written as it goes.
                    (Format::Json, Some(open)) => {
                        let lead = if open { ",\n" } else { "[\n" };
                        self.json = Some(true);
                        format!("{lead}{}", text.trim_end())
                    }
                    // Each puzzle ends with the blank line that separates it from the next
                    // (and from the puzzles of another output it is concatenated with).
                    _ => formats::join(args.to, &[(&entry, text)]),
                };
                let out = &mut self.out;
                self.bar.suspend(|| -> io::Result<()> {
                    out.write_all(block.as_bytes())?;
                    out.flush()
                })?;
                self.made += 1;
            }
            Err(error) => {
                self.status = Status::Failed;
                self.bar
                    .suspend(|| note!("cagey: puzzle {seed}/{}: {error}", made.index));
            }
        }
        self.bar.inc(1);
        Ok(())
    }
}

/// The fewest spare indices a run may make in place of repeats, however few it asked for.
const MIN_SPARE: u64 = 100;

/// Says that nothing was made; the exit status is 1 (a failed result, not bad usage).
fn bail_failed(count: u64) -> anyhow::Result<()> {
    let noun = if count == 1 {
        "the puzzle"
    } else {
        "any puzzle"
    };
    note!("cagey: could not make {noun} with these settings (see the messages above)");
    std::process::exit(Status::Failed as i32)
}

fn progress(count: u64) -> ProgressBar {
    if !io::stderr().is_terminal() || count < 2 {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(count);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} puzzles, {per_sec} ({elapsed}, {eta} left)",
        )
        .expect("the template is valid"),
    );
    bar
}

/// What `--stats` reports.
#[derive(Default)]
struct Stats {
    made: u64,
    failed: u64,
    times: Vec<Duration>,
    sizes: BTreeMap<usize, u64>,
    operations: BTreeMap<&'static str, u64>,
    levels: BTreeMap<Level, u64>,
    attempts: u64,
    repairs: u64,
    steps: u64,
}

impl Stats {
    fn add(&mut self, made: &Made) {
        self.times.push(made.elapsed);
        let Ok(generated) = &made.result else {
            self.failed += 1;
            return;
        };
        self.made += 1;
        self.attempts += u64::from(generated.attempts);
        self.repairs += u64::from(generated.repairs);
        self.steps += u64::from(generated.steps);
        for cage in generated.puzzle.cages() {
            *self.sizes.entry(cage.cells().len()).or_default() += 1;
            let op = match cage.operation() {
                Operation::Add => "+",
                Operation::Subtract => "-",
                Operation::Multiply => "*",
                Operation::Divide => "/",
                Operation::Given => "given",
                Operation::Unknown => "?",
            };
            *self.operations.entry(op).or_default() += 1;
        }
        if let Some(graded) = generated.graded {
            *self.levels.entry(graded.level).or_default() += 1;
        }
    }

    fn print(&mut self, settings: &Settings, jobs: usize, wall: Duration) {
        let cages: u64 = self.sizes.values().sum();
        let share = |k: u64| 100.0 * k as f64 / cages.max(1) as f64;
        note!(
            "{} puzzles made, {} failed: {n}x{n} {}, ops {}, {} jobs, {:.2} s in all",
            self.made,
            self.failed,
            settings.kind,
            settings.operations,
            jobs,
            wall.as_secs_f64(),
            n = settings.size
        );
        let sizes: Vec<String> = self
            .sizes
            .iter()
            .map(|(s, &k)| format!("{s}: {:.1}%", share(k)))
            .collect();
        note!("cage sizes   {} ({cages} cages)", sizes.join(", "));
        let ops: Vec<String> = self
            .operations
            .iter()
            .map(|(o, &k)| format!("{o} {:.1}%", share(k)))
            .collect();
        note!("operations   {}", ops.join(", "));
        if !self.levels.is_empty() {
            let levels: Vec<String> = self
                .levels
                .iter()
                .map(|(level, k)| format!("{level} {k}"))
                .collect();
            note!("levels       {}", levels.join(", "));
        }
        self.times.sort_unstable();
        if let (Some(min), Some(max)) = (self.times.first(), self.times.last()) {
            let median = self.times[self.times.len() / 2];
            let mean = self.times.iter().sum::<Duration>() / self.times.len() as u32;
            note!(
                "time/puzzle  median {}, mean {}, min {}, max {}",
                ms(median),
                ms(mean),
                ms(*min),
                ms(*max)
            );
        }
        let per = |k: u64| k as f64 / self.made.max(1) as f64;
        note!(
            "per puzzle   {:.2} attempts, {:.2} repairs, {:.2} steering changes",
            per(self.attempts),
            per(self.repairs),
            per(self.steps)
        );
    }
}

fn ms(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1000.0;
    if ms >= 1000.0 {
        format!("{:.2} s", ms / 1000.0)
    } else if ms >= 1.0 {
        format!("{ms:.1} ms")
    } else {
        // Small grids take microseconds: 0.0 ms would say nothing.
        format!("{:.0} µs", ms * 1000.0)
    }
}
