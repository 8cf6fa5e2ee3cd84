//! Where puzzles come from: files, standard input (`-`), or a built-in example.

use std::fs;
use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;

use anyhow::{bail, Context};

use crate::Status;
use cagey::examples;
use cagey::formats::{self, Entry, Format, ParseError};

/// The input arguments every puzzle-reading subcommand shares.
#[derive(clap::Args, Debug)]
pub struct InputArgs {
    /// Puzzle files in any supported format; `-` reads standard input (the default when
    /// input is piped). A file may hold many puzzles.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// The input format: kk, a1, sudokuwiki, keen, json or grid [default: detected from
    /// each input's first line].
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    pub from: Option<Format>,

    /// Use a built-in example instead of a file (see `cagey examples`).
    #[arg(long, value_name = "NAME", conflicts_with = "files")]
    pub example: Option<String>,
}

/// One puzzle read from the input, or why it could not be read.
pub struct Item {
    /// Where it came from: a path, `<stdin>` or `example NAME`.
    pub source: String,
    /// The puzzle, or the parse error.
    pub entry: Result<Entry, ParseError>,
}

impl Item {
    /// A short name for headers: `kk1.kk, line 3`.
    pub fn place(&self) -> String {
        match &self.entry {
            Ok(entry) => format!("{}, line {}", self.source, entry.line),
            Err(_) => self.source.clone(),
        }
    }
}

/// Reads every puzzle the arguments name, in order.
pub fn read(args: &InputArgs) -> anyhow::Result<Vec<Item>> {
    if let Some(name) = &args.example {
        let Some(example) = examples::by_name(name) else {
            let names: Vec<&str> = examples::EXAMPLES.iter().map(|e| e.name).collect();
            bail!(
                "no example called {name:?}; the examples are {}",
                names.join(", ")
            );
        };
        return Ok(items(
            format!("example {name}"),
            example.text,
            Some(Format::Kk),
        ));
    }
    let mut all = Vec::new();
    if args.files.is_empty() {
        if io::stdin().is_terminal() {
            bail!("no input: give a FILE, `-` for standard input, or --example NAME (see --help)");
        }
        all.extend(items("<stdin>".into(), &read_stdin()?, args.from));
    }
    for path in &args.files {
        if path.as_os_str() == "-" {
            all.extend(items("<stdin>".into(), &read_stdin()?, args.from));
        } else {
            let text = fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            all.extend(items(path.display().to_string(), &text, args.from));
        }
    }
    Ok(all)
}

fn read_stdin() -> anyhow::Result<String> {
    let mut text = String::new();
    io::stdin()
        .read_to_string(&mut text)
        .context("cannot read standard input")?;
    Ok(text)
}

/// Parses a format name given on the command line.
pub fn parse_format(name: &str) -> Result<Format, String> {
    Format::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
        format!(
            "unknown format {name:?}; the formats are {}",
            names.join(", ")
        )
    })
}

fn items(source: String, text: &str, format: Option<Format>) -> Vec<Item> {
    let format = format.unwrap_or_else(|| formats::detect(text));
    formats::parse_all(format, text)
        .into_iter()
        .map(|entry| Item {
            source: source.clone(),
            entry,
        })
        .collect()
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
    let items = read(args)?;
    let several = items.len() > 1;
    let mut status = Status::Ok;
    for (number, item) in items.iter().enumerate() {
        if several && headers {
            if number > 0 {
                writeln!(out)?;
            }
            writeln!(out, "# puzzle {} ({})", number + 1, item.place())?;
        }
        let verdict = match &item.entry {
            Ok(entry) => each(out, item, entry),
            Err(error) => {
                out.flush()?;
                eprintln!("cagey: {}: {error}", item.source);
                status = status.max(Status::BadInput);
                continue;
            }
        };
        match verdict {
            Ok(verdict) => status = status.max(verdict),
            Err(error) if error.downcast_ref::<io::Error>().is_some() => return Err(error),
            Err(error) => {
                out.flush()?;
                eprintln!("cagey: {}: {error:#}", item.place());
                status = status.max(Status::Failed);
            }
        }
    }
    Ok(status)
}
