//! Where puzzles come from: files, standard input (`-`), or a built-in example.
//!
//! Inputs are read as streams, one puzzle at a time ([`cagey::formats::Reader`]), so that a
//! file of millions of puzzles is solved in constant memory; every file is opened first, so
//! that a missing one stops the run before anything is printed.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::iter::Peekable;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{bail, Context};

use crate::Status;
use cagey::examples;
use cagey::formats::{self, Entry, Format, ReadError, Reader, WriteError};
use cagey::model::Options;
pub use cagey_args::{at_least_one, refuse_directory, RuleArgs};

/// The read buffer of each input: large enough that reading costs little beside parsing.
const READ_BUFFER_BYTES: usize = 64 * 1024;

/// The input arguments every puzzle-reading subcommand shares, written once here: each
/// subcommand flattens them in, under the `Input` heading of its help (files stay under
/// `Arguments`).
#[derive(clap::Args, Debug)]
pub struct InputArgs {
    /// Puzzle files, each of one or many puzzles; `-` (the default when piped) reads standard
    /// input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// The input format: kk, a1, sudokuwiki, keen, json, grid, fpuzzles, sudokupad (or
    /// sudokupad-scl: either reads every SudokuPad link), penpa, short-killer, long-killer,
    /// solo or factors [default: detected from each input's first line].
    #[arg(long, value_name = "FORMAT", value_parser = parse_format, help_heading = "Input")]
    pub from: Option<Format>,

    /// Use a built-in example instead of a file (see `cagey examples`).
    #[arg(
        long,
        value_name = "NAME",
        conflicts_with = "files",
        help_heading = "Input"
    )]
    pub example: Option<String>,

    #[command(flatten)]
    pub rules: RuleArgs,
}

/// One puzzle read from the input, or why it could not be read.
pub struct Item {
    /// Where it came from: a path, `<stdin>` or `example NAME`.
    pub source: Arc<str>,
    /// The puzzle, or the parse error.
    pub entry: Result<Entry, ReadError>,
}

impl Item {
    /// A short name for headers: `kk1.kk, line 3`.
    pub fn place(&self) -> String {
        match &self.entry {
            Ok(entry) => format!("{}, line {}", self.source, entry.line),
            Err(_) => self.source.to_string(),
        }
    }

    /// The puzzle, or `None` after saying on standard error why it could not be read and
    /// raising `status` to bad input.
    pub fn entry_or_report(&self, status: &mut Status) -> Option<&Entry> {
        match &self.entry {
            Ok(entry) => Some(entry),
            Err(error) => {
                note!("cagey: {}: {error}", self.source);
                *status = (*status).max(Status::BadInput);
                None
            }
        }
    }

    /// The line the puzzle starts on (or its error is on), if known.
    pub fn line(&self) -> Option<usize> {
        match &self.entry {
            Ok(entry) => Some(entry.line),
            Err(error) => error.line(),
        }
    }
}

/// An input stream of puzzle text.
type Stream = Box<dyn BufRead + Send>;

/// The puzzles of every input the arguments name, in order, read as they are asked for.
pub struct Puzzles {
    /// Inputs not yet started: their names and streams.
    waiting: VecDeque<(Arc<str>, Stream)>,
    /// The input being read.
    current: Option<(Arc<str>, Reader<Stream>)>,
    /// `--from`, or `None` to detect each input's format.
    from: Option<Format>,
    /// The options every puzzle is read under besides its own (`--multi-cell`).
    options: Options,
}

impl Iterator for Puzzles {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        loop {
            if let Some((source, reader)) = &mut self.current {
                if let Some(entry) = reader.next() {
                    return Some(Item {
                        source: source.clone(),
                        entry,
                    });
                }
            }
            let (source, stream) = self.waiting.pop_front()?;
            let reader = match self.from {
                Some(format) => Reader::with_format(stream, format),
                None => Reader::new(stream),
            }
            .with_options(self.options);
            self.current = Some((source, reader));
        }
    }
}

/// Opens every input the arguments name, to be read one puzzle at a time.
pub fn open(args: &InputArgs) -> anyhow::Result<Puzzles> {
    let mut waiting: VecDeque<(Arc<str>, Stream)> = VecDeque::new();
    let mut from = args.from;
    if let Some(name) = &args.example {
        let Some(example) = examples::by_name(name) else {
            let names: Vec<&str> = examples::EXAMPLES.iter().map(|e| e.name).collect();
            bail!(
                "no example called {name:?}; the examples are {}",
                names.join(", ")
            );
        };
        waiting.push_back((
            format!("example {name}").into(),
            Box::new(example.text.as_bytes()),
        ));
        from = Some(Format::Kk);
    } else if args.files.is_empty() {
        if io::stdin().is_terminal() {
            bail!("no input: give a FILE, `-` for standard input, or --example NAME (see --help)");
        }
        waiting.push_back(stdin());
    }
    for path in &args.files {
        if path.as_os_str() == "-" {
            waiting.push_back(stdin());
        } else if let Some(link) = pasted_link(path) {
            // A link given where a file is expected is the puzzle itself (it is read offline,
            // never fetched): `cagey solve 'https://sudokupad.app/scl…'`.
            waiting.push_back((
                "link".into(),
                Box::new(io::Cursor::new(format!("{link}\n"))),
            ));
        } else {
            refuse_directory(path)?;
            let file =
                File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
            let stream = BufReader::with_capacity(READ_BUFFER_BYTES, file);
            waiting.push_back((path.display().to_string().into(), Box::new(stream)));
        }
    }
    Ok(Puzzles {
        waiting,
        current: None,
        from,
        options: args.rules.options(),
    })
}

/// The argument as a link, when it is an `http(s)://` address and names no file.
fn pasted_link(path: &std::path::Path) -> Option<String> {
    let text = path.to_str()?;
    let is_link = text.starts_with("https://") || text.starts_with("http://");
    (is_link && !path.exists()).then(|| text.to_string())
}

fn stdin() -> (Arc<str>, Stream) {
    let stream = BufReader::with_capacity(READ_BUFFER_BYTES, io::stdin());
    ("<stdin>".into(), Box::new(stream))
}

/// Reads every puzzle the arguments name, in order, for the subcommands that need them all
/// at once. An input that cannot be read stops the run, as before any output.
pub fn read(args: &InputArgs) -> anyhow::Result<Vec<Item>> {
    let mut items = Vec::new();
    for item in open(args)? {
        if let Err(error @ ReadError::Io { .. }) = &item.entry {
            bail!("cannot read {}: {error}", item.source);
        }
        items.push(item);
    }
    Ok(items)
}

/// Parses a format name given on the command line; the library words the refusal.
pub fn parse_format(name: &str) -> Result<Format, String> {
    name.parse()
        .map_err(|error: formats::UnknownFormat| error.to_string())
}

/// A puzzle with its number in the run, counted from 1 over all inputs.
pub struct Numbered {
    /// Its number, as the `# puzzle N` headers say it.
    pub number: usize,
    /// Whether the run has more than one puzzle (headers are printed only then).
    pub several: bool,
    /// The puzzle.
    pub item: Item,
}

/// Numbers the puzzles of `puzzles`, looking one puzzle ahead so that the first already
/// knows whether another follows.
pub fn numbered(puzzles: Puzzles) -> impl Iterator<Item = Numbered> {
    let mut puzzles: Peekable<Puzzles> = puzzles.peekable();
    let mut number = 0;
    std::iter::from_fn(move || {
        let item = puzzles.next()?;
        number += 1;
        let several = number > 1 || puzzles.peek().is_some();
        Some(Numbered {
            number,
            several,
            item,
        })
    })
}

/// The status of an error met on one puzzle: bad input (2) when a format cannot hold the
/// puzzle ([`WriteError`]), otherwise a failed result (1).
pub fn error_status(error: &anyhow::Error) -> Status {
    if error.chain().any(|cause| cause.is::<WriteError>()) {
        Status::BadInput
    } else {
        Status::Failed
    }
}

/// Runs `each` on every puzzle the arguments name, in input order, and returns the worst
/// status. With several puzzles and `headers`, each is headed by `# puzzle N (place)` after a
/// blank line. A puzzle that cannot be read is reported on standard error (status 2), and so
/// is an error `each` returns for one puzzle (status 1); only output errors stop the run.
pub fn each_puzzle<W: Write>(
    args: &InputArgs,
    out: &mut W,
    headers: bool,
    mut each: impl FnMut(&mut W, &Item, &Entry) -> anyhow::Result<Status>,
) -> anyhow::Result<Status> {
    let mut status = Status::Ok;
    for Numbered {
        number,
        several,
        item,
    } in numbered(open(args)?)
    {
        if several && headers {
            if number > 1 {
                writeln!(out)?;
            }
            writeln!(out, "# puzzle {number} ({})", item.place())?;
        }
        // Standard error comes in order with the output.
        out.flush()?;
        let Some(entry) = item.entry_or_report(&mut status) else {
            continue;
        };
        let verdict = each(out, &item, entry);
        match verdict {
            Ok(verdict) => status = status.max(verdict),
            Err(error) if error.downcast_ref::<io::Error>().is_some() => return Err(error),
            Err(error) => {
                out.flush()?;
                note!("cagey: {}: {error:#}", item.place());
                status = status.max(error_status(&error));
            }
        }
    }
    Ok(status)
}
