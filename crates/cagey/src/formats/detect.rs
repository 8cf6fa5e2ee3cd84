//! Telling the formats apart: [`detect`] reads the first meaningful line of a text and asks
//! each format whether it looks like its own.

use super::format::Format;
use super::link_text;
use super::{
    a1, factors, fpuzzles, grid, keen, long_killer, penpa, short_killer, solo, sudokupad,
    sudokuwiki,
};

/// Guesses the format of `text` from its first meaningful line.
///
/// JSON starts with `{` (one puzzle) or `[` (an array of them); links name their site
/// (`sudokupad.app`, `f-puzzles.com`, `penpa-edit`, `puzz.link/p?factors`) or start as
/// their payload does (`N4Ig`, `sclN4Ig`); a long killer string is `3x3:…:k:`, a short one 81
/// characters of sums and arrows, a Solo ID `3x3k:…`; a SudokuWiki string is a
/// `K`/`D`/`L`/`M` header with a base-36 body or a pasted `sudokuwiki.org` address; a Keen ID
/// is `PARAMS:DESC` or `PARAMS#SEED`; a1 lines start with an operation sign and name
/// cells like `B3`; a grid of letters has a first line of letters only; anything else is
/// read as the kk format.
pub fn detect(text: &str) -> Format {
    first_line(text).map_or(Format::Kk, detect_line)
}

/// Whether a trimmed line can tell the format: not blank, and not a comment (except seed
/// 003's `# N` size line, which is how that format begins).
pub(super) fn is_meaningful(line: &str) -> bool {
    !line.is_empty() && (!line.starts_with('#') || a1::is_size_line(line))
}

/// Whether `first`, the first meaningful line, names its format by a signature that no
/// other format's text has, so that a text detected from it that does not read in that
/// format reads in none: JSON's `{` or `[`; the links' addresses and payloads
/// (`sudokupad.app/…`, `f-puzzles.com/…`, `N4Ig…`, `penpa-edit`, `puzz.link/p?factors/…`);
/// the killer strings (`3x3:0:k:…`, sums and arrows, of any length); Solo's and Keen's
/// `PARAMS:DESC` and `PARAMS#SEED` IDs (no other format has a colon or `#` after its first
/// word); SudokuWiki's address or unpacked form ([`sudokuwiki::is_signed`]); and the address
/// of any other site, which kk refuses as a link cagey does not read, alone.
///
/// The rest are guesses, which [`parse_detected`](super::parse_detected) checks by trying
/// every other format: a bare `K6C…` SudokuWiki string can be a grid row of letters, an a1
/// `# 6` line a kk comment, a grid of letters a row of kk cage names, and kk is what is
/// left.
pub(super) fn is_signed(first: &str) -> bool {
    match detect_line(first) {
        Format::Json
        | Format::SudokuPad
        | Format::SudokuPadScl
        | Format::Fpuzzles
        | Format::Penpa
        | Format::Factors
        | Format::LongKiller
        | Format::ShortKiller
        | Format::Solo
        | Format::Keen => true,
        Format::SudokuWiki => sudokuwiki::is_signed(first.trim()),
        Format::Kk => link_text::web_host(first).is_some(),
        Format::A1 | Format::Grid => false,
    }
}

/// The first meaningful line of `text`, trimmed.
pub(super) fn first_line(text: &str) -> Option<&str> {
    text.lines().map(str::trim).find(|line| is_meaningful(line))
}

/// The format whose text begins with `first`, the first meaningful line (see [`detect`]).
pub(super) fn detect_line(first: &str) -> Format {
    if first.starts_with('{') || first.starts_with('[') {
        Format::Json
    } else if sudokupad::looks_like(first) {
        Format::SudokuPad
    } else if fpuzzles::looks_like(first) {
        Format::Fpuzzles
    } else if penpa::looks_like(first) {
        Format::Penpa
    } else if factors::looks_like(first) {
        Format::Factors
    } else if long_killer::looks_like(first) {
        Format::LongKiller
    } else if short_killer::looks_like(first) {
        Format::ShortKiller
    } else if solo::looks_like(first) {
        Format::Solo
    } else if sudokuwiki::looks_like(first) {
        Format::SudokuWiki
    } else if keen::looks_like(first) {
        Format::Keen
    } else if short_killer::near_miss(first) {
        // Sums and arrows of the wrong length: the format's error says the length.
        Format::ShortKiller
    } else if a1::is_size_line(first) || a1::looks_like(first) {
        Format::A1
    } else if grid::looks_like(first) {
        Format::Grid
    } else {
        Format::Kk
    }
}
