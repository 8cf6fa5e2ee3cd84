//! Fuzzes the `long-killer` parser: no input may make it panic, and whatever it reads must write
//! back (where the format can hold it) and read again as the same puzzle.

#![no_main]

use cagey::formats::{self, Format};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        for entry in formats::parse_all(Format::from_name("long-killer").unwrap(), text).into_iter().flatten() {
            if let Ok(written) = formats::write(Format::from_name("long-killer").unwrap(), &entry) {
                let again = formats::parse_all(Format::from_name("long-killer").unwrap(), &written);
                let again = again.into_iter().next().unwrap().expect("written text reads back");
                assert_eq!(again.puzzle, entry.puzzle);
            }
        }
    }
});
