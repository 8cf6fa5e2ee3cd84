//! `cagey render`: draws puzzles as print-quality SVG or PNG pictures, with what
//! [`Fill`] puts in the cells. Pictures are written whole and renamed into place
//! ([`crate::output`]).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::bail;
use cagey::render::{png, svg};

use crate::fill::Fill;
use crate::flags::FillArgs;
use crate::input::{self, InputArgs};
use crate::output::{self, Target};
use crate::Status;

/// Draw puzzles as print-quality SVG or PNG pictures.
///
/// Thin cell lines, thick cage outlines, labels in the corner; KenDoku boxes shaded, killer
/// cages dashed inside thick box or region lines. Without --solution, --candidates or --blank, a partial state the input carries (a
/// SudokuWiki string's solved cells and candidates) is drawn.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "\
Examples:
  cagey render --example kk1 -o kk1.svg               the puzzle, as SVG
  cagey render --solution --example kk1 -o solved.png with its solution
More examples and notes: cagey render --help",
    after_long_help = "\
Examples:
  cagey render --example kk1 -o kk1.svg               the puzzle, as SVG
  cagey render --example kk1 -o kk1.png --size 600    as a 600x600 PNG
  cagey render --solution --example kk1 -o solved.png with its solution
  cagey render --candidates --example p4 -o p4.svg    with the digits each cage allows
  cagey render --puzzle 3 puzzles.kk -o third.png     one puzzle of a file
  cagey render puzzles.kk -o all.svg                  every puzzle: all-1.svg, all-2.svg, ...
  cagey render --example kk0 -o - | rsvg-convert      SVG on standard output

With --solution, the puzzle must have exactly one solution, which the solver proves: a
puzzle with several or none is not drawn (status 1), and a `# solution=` comment must be
that solution. Each picture is written to a temporary file and renamed into place when
whole, so a failed write leaves the old picture; a missing folder, or an output that is an
input, is refused before any work.

Text is drawn with the bundled DejaVu Sans, so pictures look the same on every machine."
)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    /// Where to write: a .svg or .png file, or `-` for standard output. When the input holds
    /// several puzzles, each gets its own file, numbered: OUT-1.png, OUT-2.png, ...
    #[arg(short, long, value_name = "OUT")]
    output: PathBuf,

    /// The picture format [default: from OUT's extension; svg for `-`].
    #[arg(long, value_enum, value_name = "FORMAT")]
    format: Option<Picture>,

    #[command(flatten)]
    fill: FillArgs,

    /// The side of the square picture, in pixels [default: 64 per cell].
    #[arg(long, value_name = "PX", value_parser = crate::input::at_least_one::<u32>)]
    size: Option<u32>,

    /// Draw only the Nth puzzle of the input, counting from 1.
    #[arg(long, value_name = "N", value_parser = crate::input::at_least_one::<u64>)]
    puzzle: Option<u64>,
}

/// A picture format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Picture {
    /// Scalable vector graphics.
    Svg,
    /// A PNG image.
    Png,
}

pub fn run(args: &Args) -> anyhow::Result<Status> {
    let to_stdout = args.output.as_os_str() == "-";
    let format = match args.format {
        Some(format) => format,
        None if to_stdout => Picture::Svg,
        None => match args
            .output
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase())
            .as_deref()
        {
            Some("svg") => Picture::Svg,
            Some("png") => Picture::Png,
            _ => bail!(
                "cannot tell the format of {}: name a .svg or .png file, or give --format",
                args.output.display()
            ),
        },
    };
    // The folder and the clash with an input are checked before any work; the numbered
    // names of several pictures once the puzzles are counted, still before any is drawn.
    if !to_stdout {
        output::refuse_clashes(&[&Target::new(&args.output)?], &args.input.files)?;
    }
    let mut items = input::read(&args.input)?;
    if let Some(number) = args.puzzle {
        let count = items.len();
        let Some(item) = usize::try_from(number - 1)
            .ok()
            .filter(|&index| index < count)
            .map(|index| items.swap_remove(index))
        else {
            let noun = if count == 1 { "puzzle" } else { "puzzles" };
            bail!("--puzzle {number}: the input holds only {count} {noun}");
        };
        items = vec![item];
    }
    if items.len() > 1 && to_stdout {
        bail!(
            "the input holds {} puzzles: pick one with --puzzle N, or write them to files",
            items.len()
        );
    }
    let targets: Vec<Target> = match (to_stdout, items.len()) {
        (true, _) => Vec::new(),
        (false, 1) => vec![Target::new(&args.output)?],
        (false, count) => (1..=count)
            .map(|number| Target::new(&numbered(&args.output, number)))
            .collect::<anyhow::Result<_>>()?,
    };
    output::refuse_clashes(&targets.iter().collect::<Vec<_>>(), &args.input.files)?;
    let options = svg::Options { size: args.size };
    let mut status = Status::Ok;
    for (number, item) in items.iter().enumerate() {
        let Some(entry) = item.entry_or_report(&mut status) else {
            continue;
        };
        let puzzle = &entry.puzzle;
        let (fill, verdict) = Fill::new(entry, &args.fill, &item.place());
        status = status.max(verdict);
        if args.fill.solution && fill.grid.is_none() {
            continue;
        }
        let bytes = match format {
            Picture::Svg => svg::render(puzzle, fill.contents(), &options)?.into_bytes(),
            Picture::Png => png::render(puzzle, fill.contents(), &options)?,
        };
        match targets.get(number) {
            Some(target) => target.write(&bytes)?,
            None => {
                let mut out = io::stdout().lock();
                out.write_all(&bytes)?;
                out.flush()?;
            }
        }
    }
    Ok(status)
}

/// `out.png` as `out-3.png`.
fn numbered(path: &Path, number: usize) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let name = match path.extension() {
        Some(extension) => format!("{stem}-{number}.{}", extension.to_string_lossy()),
        None => format!("{stem}-{number}"),
    };
    path.with_file_name(name)
}
