//! Fuzzes the `sudokupad` parser: no input may make it panic, and whatever it reads must write
//! back, with f-puzzles' payload (`sudokupad`) and in SudokuPad's own JSON (`sudokupad-scl`),
//! where the format can hold it, and read again as the same puzzle.

#![no_main]

use cagey::formats::{self, Format};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        for entry in formats::parse_all(Format::from_name("sudokupad").unwrap(), text).into_iter().flatten() {
            for to in ["sudokupad", "sudokupad-scl"] {
                if let Ok(written) = formats::write(Format::from_name(to).unwrap(), &entry) {
                    let again = formats::parse_all(Format::from_name("sudokupad").unwrap(), &written);
                    let again = again.into_iter().next().unwrap().expect("written text reads back");
                    assert_eq!(again.puzzle, entry.puzzle, "{to}");
                }
            }
        }
    }
});
