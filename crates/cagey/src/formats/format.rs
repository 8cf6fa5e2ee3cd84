//! The formats by name: the [`Format`] enum every dispatch matches on, its command-line
//! names, and the typed refusal of a name that is none of them.

use std::fmt;

use thiserror::Error;

/// A notation for puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// The kk format.
    Kk,
    /// Human-readable lines with A1 cell names.
    A1,
    /// SudokuWiki's packed strings.
    SudokuWiki,
    /// Keen game IDs.
    Keen,
    /// cagey's JSON.
    Json,
    /// A grid of cage letters with a legend.
    Grid,
    /// f-puzzles links.
    Fpuzzles,
    /// SudokuPad links: every prefix read, written with f-puzzles' payload
    /// (`sudokupad.app/fpuzzles…`).
    SudokuPad,
    /// SudokuPad links written in SudokuPad's own JSON (`sudokupad.app/scl…`); read as
    /// [`Format::SudokuPad`] reads every SudokuPad link.
    SudokuPadScl,
    /// Penpa+ links holding a Killer Sudoku.
    Penpa,
    /// The killer solving forums' 81-character strings, sums and arrows.
    ShortKiller,
    /// The killer solving forums' `3x3::k:` strings of 81 numbers.
    LongKiller,
    /// Simon Tatham's Solo killer game IDs.
    Solo,
    /// puzz.link `factors` links (Rooms of Factors).
    Factors,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 14] = [
        Format::Kk,
        Format::A1,
        Format::SudokuWiki,
        Format::Keen,
        Format::Json,
        Format::Grid,
        Format::Fpuzzles,
        Format::SudokuPad,
        Format::SudokuPadScl,
        Format::Penpa,
        Format::ShortKiller,
        Format::LongKiller,
        Format::Solo,
        Format::Factors,
    ];

    /// The formats that hold one puzzle to a line and are shared as links or strings
    /// (written one per line, with no comments).
    pub fn is_link(self) -> bool {
        matches!(
            self,
            Format::Fpuzzles
                | Format::SudokuPad
                | Format::SudokuPadScl
                | Format::Penpa
                | Format::ShortKiller
                | Format::LongKiller
                | Format::Solo
                | Format::Factors
        )
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Kk => "kk",
            Format::A1 => "a1",
            Format::SudokuWiki => "sudokuwiki",
            Format::Keen => "keen",
            Format::Json => "json",
            Format::Grid => "grid",
            Format::Fpuzzles => "fpuzzles",
            Format::SudokuPad => "sudokupad",
            Format::SudokuPadScl => "sudokupad-scl",
            Format::Penpa => "penpa",
            Format::ShortKiller => "short-killer",
            Format::LongKiller => "long-killer",
            Format::Solo => "solo",
            Format::Factors => "factors",
        }
    }

    /// The name a person reads (the page's "(SudokuWiki format)", the docs' and menus'
    /// spelling), where [`name`](Format::name) is the command line's: `SudokuWiki` for
    /// `sudokuwiki`, `f-puzzles` for `fpuzzles`.
    ///
    /// ```
    /// use cagey::formats::Format;
    ///
    /// assert_eq!(Format::SudokuWiki.display_name(), "SudokuWiki");
    /// ```
    pub fn display_name(self) -> &'static str {
        match self {
            Format::Kk => "kk",
            Format::A1 => "a1",
            Format::SudokuWiki => "SudokuWiki",
            Format::Keen => "Keen ID",
            Format::Json => "JSON",
            Format::Grid => "grid",
            Format::Fpuzzles => "f-puzzles",
            Format::SudokuPad => "SudokuPad",
            Format::SudokuPadScl => "SudokuPad (scl)",
            Format::Penpa => "Penpa+",
            Format::ShortKiller => "forum killer string",
            Format::LongKiller => "forum killer string (3x3::k:)",
            Format::Solo => "Solo",
            Format::Factors => "puzz.link factors",
        }
    }

    /// The format whose reader reads this format's text, and which [`detect`](super::detect)
    /// names for it: the format itself, but for `sudokupad-scl`, a way of writing SudokuPad
    /// links whose reader is `sudokupad`'s (it reads every prefix, `scl` among them).
    pub fn reader(self) -> Format {
        match self {
            Format::SudokuPadScl => Format::SudokuPad,
            other => other,
        }
    }

    /// The format called `name`; `name.parse::<Format>()` says what is wrong instead of
    /// `None`.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// A format name that names no format; its message lists the formats there are, so that
/// every front end (command line, web API) words the refusal alike.
///
/// ```
/// use cagey::formats::Format;
///
/// assert_eq!("keen".parse::<Format>(), Ok(Format::Keen));
/// let error = "yaml".parse::<Format>().unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "unknown format \"yaml\"; the formats are kk, a1, sudokuwiki, keen, json, grid, fpuzzles, sudokupad, sudokupad-scl, penpa, short-killer, long-killer, solo, factors"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown format {name:?}; the formats are {}", format_names())]
pub struct UnknownFormat {
    /// The name as given (its first characters, if long).
    pub name: String,
}

/// The names of every format, in [`Format::ALL`]'s order, separated by commas.
fn format_names() -> String {
    let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
    names.join(", ")
}

impl std::str::FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(name: &str) -> Result<Format, UnknownFormat> {
        Format::from_name(name).ok_or_else(|| UnknownFormat {
            name: super::lines::excerpt(name),
        })
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
