//! Text formats: one module per notation, each with a parser, a writer and its own error type.
//!
//! | name | module | what |
//! |---|---|---|
//! | `kk` | [`kk`] | the kk format: `11+,1 2 5 6` |
//! | `a1` | [`a1`] | one cage per line, operation first: `# 6`, `+ 11 A2 A3 B2 B3`, `! 1 A1` |
//! | `sudokuwiki` | [`sudokuwiki`] | SudokuWiki's packed strings `K6C…`, with progress |
//! | `keen` | [`keen`] | Simon Tatham's Keen game IDs `4:a_7a__a_aaba,d2s2m8…` |
//! | `json` | [`json`] | cagey's own JSON schema, for programs |
//! | `grid` | [`grid`] | a grid of cage letters and a legend, for people |
//! | `fpuzzles` | [`fpuzzles`] | f-puzzles links `https://f-puzzles.com/?load=N4Ig…` |
//! | `sudokupad` | [`sudokupad`] | SudokuPad links `https://sudokupad.app/scl…`, `…/fpuzzles…` |
//! | `sudokupad-scl` | [`sudokupad`] | the same links, written in SudokuPad's own JSON (`…/scl…`) |
//! | `penpa` | [`penpa`] | Penpa+ links holding a Killer Sudoku (read only) |
//! | `short-killer` | [`short_killer`] | the killer forums' 81 characters, sums and arrows |
//! | `long-killer` | [`long_killer`] | the killer forums' `3x3::k:` and 81 numbers |
//! | `solo` | [`solo`] | Simon Tatham's Solo killer game IDs `3x3k:…` |
//! | `factors` | [`factors`] | puzz.link Rooms of Factors links `https://puzz.link/p?factors/…` |
//!
//! [`digits`] reads the grids of digits they share: `# solution=` comments, Keen's `S`
//! strings, the grids `cagey check` reads. [`reply`] finds a grid answer among the words of
//! a reply (a model's, in prose, a markdown table or a list of lists).
//!
//! [`detect`] tells them apart; [`parse_all`] and [`write()`] dispatch on a [`Format`]. A
//! [`Reader`] reads the same puzzles one at a time from a stream, for inputs too large to
//! hold. Formats depend on the model only; they know nothing of solvers.
//!
//! Both can be given puzzle-wide [`Options`](crate::model::Options) that every puzzle is
//! read under, on top of what its text states ([`parse_all_with`], [`Reader::with_options`]): a corpus written
//! before kk's `# multi-cell` directive existed is read with `multi_cell` on, as if each of
//! its puzzles began with the directive. Every format can take them, since each builds its
//! puzzles through the model's checks; a format whose writer cannot hold an option (only kk
//! and JSON write `multi_cell`) refuses to write the puzzles read under it.

//! This file is the face of the folder and only hands names on; the shared pieces stand
//! below the formats that use them (`format.rs` the names, `entry.rs` what is read,
//! `lines.rs` line-by-line reading, `write_error.rs` the refusal to write), and the
//! dispatch over every format above them (`detect.rs`, `dispatch.rs`, `reader.rs`).

pub mod a1;
mod detect;
pub mod digits;
mod dispatch;
mod entry;
pub mod factors;
mod format;
pub mod fpuzzles;
pub mod grid;
pub mod json;
pub mod keen;
pub mod kk;
mod lines;
mod link_text;
pub mod long_killer;
mod lz_string;
pub mod penpa;
pub mod prompt;
mod reader;
pub mod reply;
pub mod short_killer;
pub mod solo;
pub mod sudokupad;
pub mod sudokuwiki;
mod write_error;
mod zipped_json;

pub use detect::detect;
pub use dispatch::{
    join, join_with, parse, parse_all, parse_all_with, parse_detected, write, write_all,
    write_all_with, write_solution, ParseError, Unreadable, WriteOptions,
};
pub use entry::Entry;
pub use format::{Format, UnknownFormat};
pub use link_text::LinkLimit;
/// Writing lz-string streams code by code, for the fuzz targets that build links from codes
/// (compiled only under `cargo fuzz`).
#[cfg(fuzzing)]
#[doc(hidden)]
pub use lz_string::{self_extending, CodeWriter};
pub use reader::{ReadError, Reader};
pub use write_error::WriteError;
