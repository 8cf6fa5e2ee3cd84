//! Fuzzes the f-puzzles and SudokuPad readers with lz-string streams built code by code
//! from the fuzzer's bytes (see `ops.rs`), so that it reaches what byte-level fuzzing of the
//! base64 text does not: long self-extending runs (the codes that made the old decoder hold
//! gigabytes, #41), codes naming any entry, new characters of any width, and collapsed `//`
//! for the repair. No stream may make a reader panic, run long or hold much memory (the
//! limits are libFuzzer's `-timeout`, `-rss_limit_mb` and `-malloc_limit_mb`), and what
//! reads must write back and read again as the same puzzle.
//!
//! The first byte picks the link (f-puzzles address, bare payload, SudokuPad `fpuzzles` or
//! `scl`) and whether each `//` of the payload is collapsed to `/`; the second is the
//! stream's first character; then each operation is a byte and its operands:
//!
//! ```text
//!   0 b        a new character b (8 bits)      4 k k   dictionary entry k, any number
//!   1 c c      a new character c (16 bits)     5 n     n entries among the last 64
//!   2 k k      an entry that exists            6 s..   new characters: the next n bytes
//!   3 n n      n self-extending codes          7       the end of the stream
//! ```

#![no_main]

mod ops;

use cagey::formats::{self, CodeWriter, Format};
use libfuzzer_sys::fuzz_target;
use ops::Ops;

/// The longest payload written: a little past the readers' 1 MiB, so that the refusal of a
/// long payload is reached too, and the harness itself stays small.
const MAX_WRITTEN: usize = (1 << 20) + (1 << 16);

fuzz_target!(|data: &[u8]| {
    let mut ops = Ops::new(data);
    let (Some(shape), Some(first)) = (ops.byte(), ops.byte()) else {
        return;
    };
    let mut writer = CodeWriter::new(u16::from(first));
    while let Some(op) = ops.byte() {
        if writer.len() > MAX_WRITTEN {
            break;
        }
        match op % 8 {
            0 => writer.new_char(u16::from(ops.byte().unwrap_or(0))),
            1 => writer.new_char(ops.u16().unwrap_or(0)),
            2 => {
                // Entries are 3 up to the one about to be made, inclusive.
                let k = u32::from(ops.u16().unwrap_or(0));
                writer.entry(3 + k % (writer.next_entry() - 2));
            }
            3 => {
                for _ in 0..ops.u16().unwrap_or(0) {
                    writer.entry(writer.next_entry());
                    if writer.len() > MAX_WRITTEN {
                        break;
                    }
                }
            }
            4 => writer.entry(u32::from(ops.u16().unwrap_or(0))),
            5 => {
                for _ in 0..ops.byte().unwrap_or(0) {
                    let back = u32::from(ops.byte().unwrap_or(0) % 64);
                    writer.entry(writer.next_entry().saturating_sub(back).max(3));
                }
            }
            6 => {
                let n = usize::from(ops.byte().unwrap_or(0));
                for &b in ops.take(n) {
                    writer.new_char(u16::from(b));
                }
            }
            _ => break,
        }
    }
    let mut payload = writer.finish();
    if shape & 4 != 0 {
        payload = payload.replace("//", "/");
    }
    let (format, link) = match shape % 4 {
        0 => (
            Format::Fpuzzles,
            format!("https://www.f-puzzles.com/?load={payload}"),
        ),
        1 => (Format::Fpuzzles, payload),
        2 => (
            Format::SudokuPad,
            format!("https://sudokupad.app/fpuzzles{payload}"),
        ),
        _ => (
            Format::SudokuPad,
            format!("https://sudokupad.app/scl{payload}"),
        ),
    };
    for entry in formats::parse_all(format, &link).into_iter().flatten() {
        if let Ok(written) = formats::write(format, &entry) {
            let again = formats::parse_all(format, &written);
            let again = again
                .into_iter()
                .next()
                .unwrap()
                .expect("written text reads back");
            assert_eq!(again.puzzle, entry.puzzle);
        }
    }
});
