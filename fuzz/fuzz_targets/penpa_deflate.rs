//! Fuzzes the Penpa+ reader with DEFLATE streams built from the fuzzer's bytes (see
//! `ops.rs`): one block of fixed Huffman codes, literals and copies, so that a few bytes can
//! ask for megabytes (a run of copies of 258 bytes each) or for a copy from before the
//! start. No stream may make the reader panic, run long or hold much memory (libFuzzer's
//! `-timeout`, `-rss_limit_mb` and `-malloc_limit_mb`).
//!
//! The first byte says whether the stream is cut short and whether the link is an address
//! or a bare payload; then each operation is a byte and its operands:
//!
//! ```text
//!   0 b        the byte b                         3 n n   n copies of 258 bytes, distance 1
//!   1 n s..    the next n bytes                   4 l d d a copy of any distance (may be bad)
//!   2 l d d    a copy of 3 + l bytes, distance d up to what was written
//!   5          the end of the block (the rest is read on)   6, 7  as 0
//! ```

#![no_main]

mod ops;

use base64::Engine as _;
use cagey::formats::{self, Format};
use libfuzzer_sys::fuzz_target;
use ops::Ops;

/// The most DEFLATE bytes written: their base64 is a little past the reader's 1 MiB, so that
/// the refusal of a long payload is reached too, and the harness itself stays small.
const MAX_WRITTEN: usize = 800 << 10;

/// A DEFLATE stream being written: bits least significant first, Huffman codes most
/// significant first (RFC 1951, 3.1.1).
struct Deflate {
    out: Vec<u8>,
    bits: u64,
    count: u32,
    /// Bytes the stream unpacks to so far.
    written: usize,
}

/// Copy lengths: the base of each length code from 257, and its extra bits.
#[rustfmt::skip]
const LENGTHS: [(u16, u32); 29] = [
    (3, 0), (4, 0), (5, 0), (6, 0), (7, 0), (8, 0), (9, 0), (10, 0), (11, 1), (13, 1), (15, 1),
    (17, 1), (19, 2), (23, 2), (27, 2), (31, 2), (35, 3), (43, 3), (51, 3), (59, 3), (67, 4),
    (83, 4), (99, 4), (115, 4), (131, 5), (163, 5), (195, 5), (227, 5), (258, 0),
];

/// Copy distances: the base of each distance code, and its extra bits.
#[rustfmt::skip]
const DISTANCES: [(u16, u32); 30] = [
    (1, 0), (2, 0), (3, 0), (4, 0), (5, 1), (7, 1), (9, 2), (13, 2), (17, 3), (25, 3), (33, 4),
    (49, 4), (65, 5), (97, 5), (129, 6), (193, 6), (257, 7), (385, 7), (513, 8), (769, 8),
    (1025, 9), (1537, 9), (2049, 10), (3073, 10), (4097, 11), (6145, 11), (8193, 12),
    (12289, 12), (16385, 13), (24577, 13),
];

impl Deflate {
    /// A stream opening its one block: last block, fixed Huffman codes.
    fn new() -> Deflate {
        let mut deflate = Deflate {
            out: Vec::new(),
            bits: 0,
            count: 0,
            written: 0,
        };
        deflate.put(1, 1);
        deflate.put(1, 2);
        deflate
    }

    fn put(&mut self, value: u32, width: u32) {
        self.bits |= u64::from(value) << self.count;
        self.count += width;
        while self.count >= 8 {
            self.out.push(self.bits as u8);
            self.bits >>= 8;
            self.count -= 8;
        }
    }

    fn code(&mut self, code: u32, width: u32) {
        self.put(code.reverse_bits() >> (32 - width), width);
    }

    /// A literal or length symbol (0-285) in the fixed code.
    fn symbol(&mut self, symbol: u32) {
        match symbol {
            0..=143 => self.code(0x30 + symbol, 8),
            144..=255 => self.code(0x190 + symbol - 144, 9),
            256..=279 => self.code(symbol - 256, 7),
            _ => self.code(0xC0 + symbol - 280, 8),
        }
    }

    fn literal(&mut self, byte: u8) {
        self.symbol(u32::from(byte));
        self.written += 1;
    }

    /// A copy of `length` (3-258) bytes from `distance` (1-32768) back.
    fn copy(&mut self, length: u16, distance: u16) {
        let l = LENGTHS
            .iter()
            .rposition(|&(base, _)| base <= length)
            .unwrap_or(0);
        self.symbol(257 + l as u32);
        self.put(u32::from(length - LENGTHS[l].0), LENGTHS[l].1);
        let d = DISTANCES
            .iter()
            .rposition(|&(base, _)| base <= distance)
            .unwrap_or(0);
        self.code(d as u32, 5);
        self.put(u32::from(distance - DISTANCES[d].0), DISTANCES[d].1);
        self.written += usize::from(length);
    }

    fn finish(mut self, end_block: bool) -> Vec<u8> {
        if end_block {
            self.symbol(256);
        }
        self.put(0, 7);
        self.out
    }
}

fuzz_target!(|data: &[u8]| {
    let mut ops = Ops::new(data);
    let Some(shape) = ops.byte() else {
        return;
    };
    let mut deflate = Deflate::new();
    let mut ended = false;
    while let Some(op) = ops.byte() {
        if deflate.out.len() > MAX_WRITTEN {
            break;
        }
        match op % 8 {
            1 => {
                let n = usize::from(ops.byte().unwrap_or(0));
                for &b in ops.take(n) {
                    deflate.literal(b);
                }
            }
            2 => {
                let length = 3 + u16::from(ops.byte().unwrap_or(0)).min(255);
                let distance = ops.u16().unwrap_or(0) % 32768 + 1;
                if deflate.written > 0 {
                    deflate.copy(length, distance.min(deflate.written.min(32768) as u16));
                }
            }
            3 => {
                if deflate.written > 0 {
                    for _ in 0..ops.u16().unwrap_or(0) {
                        deflate.copy(258, 1);
                        if deflate.out.len() > MAX_WRITTEN {
                            break;
                        }
                    }
                }
            }
            4 => {
                let length = 3 + u16::from(ops.byte().unwrap_or(0)).min(255);
                deflate.copy(length, ops.u16().unwrap_or(0) % 32768 + 1);
            }
            5 => {
                ended = true;
                break;
            }
            _ => deflate.literal(ops.byte().unwrap_or(0)),
        }
    }
    let mut bytes = deflate.finish(ended || shape & 1 == 0);
    if shape & 2 != 0 {
        bytes.truncate(bytes.len() / 2);
    }
    let payload = base64::engine::general_purpose::STANDARD.encode(bytes);
    let link = if shape & 4 != 0 {
        payload
    } else {
        format!("https://swaroopg92.github.io/penpa-edit/#m=solve&p={payload}")
    };
    // Penpa+ links are read only: reading is all there is to check.
    let _ = formats::parse_all(Format::Penpa, &link);
});
