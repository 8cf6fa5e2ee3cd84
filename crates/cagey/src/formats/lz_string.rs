//! lz-string's base64 form, the packing of f-puzzles and SudokuPad links, unpacked in memory
//! that grows with what comes out and no faster, under a cap on what comes out.
//!
//! lz-string is LZW over UTF-16 code units. Its base64 form is a stream of codes, six bits to
//! a character (`A`-`Z`, `a`-`z`, `0`-`9`, `+`, `/`; `=` pads), each code written least
//! significant bit first, its width growing by one bit as the dictionary doubles:
//!
//! ```text
//!   code 0 + 8 bits    a new character below 256: a dictionary entry, then output
//!   code 1 + 16 bits   a new character: likewise
//!   code 2             the end of the stream
//!   code k < size      dictionary entry k, output again
//!   code k = size      the entry about to be made: the previous output w, then w's first
//! ```
//!
//! after each code but the end, the dictionary gains `w` followed by the first character of
//! what was just output (and a new character is an entry of its own besides).
//!
//! Why this is not the `lz-str` crate: it keeps every dictionary entry as a string of its
//! own, as the JavaScript original does. A stream whose every code names the entry about to
//! be made makes entries of 2, 3, 4, … characters, so 40,000 such codes (96 KB of base64)
//! ask for about 800 million characters held twice, gigabytes. Here every entry is a range
//! of the output, as every entry is a stretch of what was output already (`w` and the
//! character after it stand side by side in the output):
//!
//! ```text
//!   output   a  b  ab  aba …
//!            0  1  2   4
//!   entries  3 = out[0..1] "a", 4 = out[1..2] "b", 5 = out[0..2] "ab" (w "a" + "b"),
//!            6 = out[1..3] "ba", 7 = out[2..5] "aba" (w "ab" + "a"), …
//! ```
//!
//! so the dictionary is two numbers an entry, at most two entries a code, and every code
//! outputs at least one character: memory and time are linear in the output, which a cap
//! bounds, checked before each entry is copied out.
//!
//! Characters outside the alphabet are passed over, as the `lz-str` crate did before this
//! decoder replaced it (the JavaScript original reads them as zero bits); `=` reads as zero
//! bits in both.

/// Why a payload does not unpack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LzError {
    /// The stream is not lz-string: a code names no entry, or the text ends before the end
    /// code.
    Invalid,
    /// The output would pass the cap given.
    TooLarge,
    /// The characters the caller allowed for all its decodes ([`Work`]) are spent.
    OutOfWork,
}

/// Characters that a caller's decodes may still output, all together: what bounds the work
/// of trying one payload several ways (the `//` repair).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Work {
    left: usize,
}

impl Work {
    /// A budget of `chars` output characters.
    pub(crate) fn new(chars: usize) -> Work {
        Work { left: chars }
    }

    /// Takes `chars` from the budget, or says it is spent.
    fn spend(&mut self, chars: usize) -> Result<(), LzError> {
        self.left = self.left.checked_sub(chars).ok_or(LzError::OutOfWork)?;
        Ok(())
    }
}

/// The six-bit value of each base64 character of `payload`, `=` as 64 (which reads as zero
/// bits), other characters left out.
pub(crate) fn sextets(payload: &str) -> Vec<u8> {
    payload.bytes().filter_map(sextet).collect()
}

fn sextet(byte: u8) -> Option<u8> {
    Some(match byte {
        b'A'..=b'Z' => byte - b'A',
        b'a'..=b'z' => byte - b'a' + 26,
        b'0'..=b'9' => byte - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        b'=' => 64,
        _ => return None,
    })
}

/// The value of `/`, which the `//` repair inserts.
pub(crate) const SLASH: u8 = 63;

/// The bits of a run of sextets, most significant first within each, with one extra sextet
/// that may be spliced in before position `insert_at` (the `//` repair's doubled slash)
/// without copying the rest.
struct Bits<'a> {
    sextets: &'a [u8],
    insert_at: Option<usize>,
    /// The next sextet to load, counted in the stream with the insertion.
    next: usize,
    /// Bits loaded and not yet read, the next one highest: `have` of them.
    acc: u64,
    have: u32,
}

impl Bits<'_> {
    fn load(&mut self) -> Option<u8> {
        let at = self.next;
        self.next += 1;
        match self.insert_at {
            Some(i) if at == i => Some(SLASH),
            Some(i) if at > i => self.sextets.get(at - 1).copied(),
            _ => self.sextets.get(at).copied(),
        }
    }

    /// `width` bits (at most 30), the first read the least significant; `None` past the
    /// end. Whole sextets are loaded at a time, then the code's bits taken in one reversal.
    fn read(&mut self, width: u32) -> Option<u32> {
        while self.have < width {
            // `=` (64) reads as six zero bits.
            let sextet = self.load()? & 63;
            self.acc = (self.acc << 6) | u64::from(sextet);
            self.have += 6;
        }
        self.have -= width;
        let bits = (self.acc >> self.have) as u32 & ((1 << width) - 1);
        self.acc &= (1 << self.have) - 1;
        Some(bits.reverse_bits() >> (32 - width))
    }
}

/// A stretch of the output: where it starts and how many code units it has.
#[derive(Clone, Copy, Debug)]
struct Range {
    start: u32,
    len: u32,
}

/// Unpacks `sextets` (see [`sextets`]), with a `/` spliced in before position `insert_at`
/// if given, into at most `limit` UTF-16 code units, each counted against `work`.
pub(crate) fn unpack(
    sextets: &[u8],
    insert_at: Option<usize>,
    limit: usize,
    work: &mut Work,
) -> Result<Vec<u16>, LzError> {
    // Ranges are two u32s: a cap past that could not be told apart.
    let limit = limit.min(u32::MAX as usize / 2);
    let mut bits = Bits {
        sextets,
        insert_at,
        next: 0,
        acc: 0,
        have: 0,
    };
    let mut read = |width: u32| bits.read(width).ok_or(LzError::Invalid);
    let mut out: Vec<u16> = Vec::new();
    // The output so far plus `more` units, or the refusal.
    let grow = |out: &Vec<u16>, more: usize, work: &mut Work| {
        if out.len() + more > limit {
            return Err(LzError::TooLarge);
        }
        work.spend(more)
    };
    // Codes 0, 1 and 2 are no entries; they take the dictionary's first three places.
    let mut dictionary = vec![Range { start: 0, len: 0 }; 3];
    let first = match read(2)? {
        0 => read(8)?,
        1 => read(16)?,
        2 => return Ok(out),
        _ => return Err(LzError::Invalid),
    };
    grow(&out, 1, work)?;
    out.push(first as u16);
    let mut w = Range { start: 0, len: 1 };
    dictionary.push(w);
    let mut width: u32 = 3;
    let mut enlarge_in: u64 = 4;
    // The code width grows when the dictionary has filled the codes of the current width.
    let count_entry = |width: &mut u32, enlarge_in: &mut u64| {
        *enlarge_in -= 1;
        if *enlarge_in == 0 {
            *enlarge_in = 1 << *width;
            *width += 1;
        }
    };
    loop {
        let code = read(width)?;
        let at = out.len() as u32;
        let entry = match code {
            0 | 1 => {
                let unit = read(if code == 0 { 8 } else { 16 })?;
                grow(&out, 1, work)?;
                out.push(unit as u16);
                let entry = Range { start: at, len: 1 };
                dictionary.push(entry);
                count_entry(&mut width, &mut enlarge_in);
                entry
            }
            2 => return Ok(out),
            code => {
                let code = code as usize;
                let source = if code < dictionary.len() {
                    dictionary[code]
                } else if code == dictionary.len() {
                    // The entry about to be made, w and w's first: the copy overlaps its own
                    // end, w's first unit being where the copy starts.
                    Range {
                        start: w.start,
                        len: w.len + 1,
                    }
                } else {
                    return Err(LzError::Invalid);
                };
                grow(&out, source.len as usize, work)?;
                let start = source.start as usize;
                if code < dictionary.len() {
                    out.extend_from_within(start..start + source.len as usize);
                } else {
                    out.extend_from_within(start..start + w.len as usize);
                    out.push(out[start]);
                }
                Range {
                    start: at,
                    len: source.len,
                }
            }
        };
        // w and the first unit of the entry stand side by side in the output.
        dictionary.push(Range {
            start: w.start,
            len: w.len + 1,
        });
        count_entry(&mut width, &mut enlarge_in);
        w = entry;
        // Each code outputs a unit at least, so the dictionary (two entries a code at most)
        // stays below 2 * limit + 4 entries and the width below 32; this keeps it so on any
        // input.
        if width > 30 {
            return Err(LzError::Invalid);
        }
    }
}

/// Writes lz-string base64 streams code by code, for streams no compressor would write: the
/// self-extending runs that the quadratic decoders choked on, and codes that name no entry.
/// The tests and the fuzz targets build links from it.
#[cfg(any(test, fuzzing))]
pub struct CodeWriter {
    text: String,
    /// The bits of the sextet being filled, and how many it has.
    value: u64,
    filled: u32,
    /// The number the next dictionary entry will have.
    size: u32,
    width: u32,
    enlarge_in: u64,
}

#[cfg(any(test, fuzzing))]
impl CodeWriter {
    /// A stream that starts with the code unit `first` (every stream starts with a new
    /// character).
    pub fn new(first: u16) -> CodeWriter {
        let mut writer = CodeWriter {
            text: String::new(),
            value: 0,
            filled: 0,
            size: 4,
            width: 3,
            enlarge_in: 4,
        };
        writer.write_new(first, 2);
        writer
    }

    /// The low `width` bits of `value` (at most 32), least significant first, each sextet
    /// filled from its most significant bit.
    fn bits(&mut self, value: u32, width: u32) {
        if width == 0 {
            return;
        }
        self.value = (self.value << width) | u64::from(value.reverse_bits() >> (32 - width));
        self.filled += width;
        while self.filled >= 6 {
            self.filled -= 6;
            let sextet = (self.value >> self.filled) & 63;
            self.text.push(BASE64[sextet as usize] as char);
        }
        self.value &= (1 << self.filled) - 1;
    }

    fn write_new(&mut self, unit: u16, width: u32) {
        if unit < 256 {
            self.bits(0, width);
            self.bits(u32::from(unit), 8);
        } else {
            self.bits(1, width);
            self.bits(u32::from(unit), 16);
        }
    }

    fn count_entry(&mut self) {
        self.size += 1;
        self.enlarge_in -= 1;
        if self.enlarge_in == 0 {
            self.enlarge_in = 1 << self.width;
            self.width += 1;
        }
    }

    /// A new character: an entry of its own, then output.
    pub fn new_char(&mut self, unit: u16) {
        self.write_new(unit, self.width);
        self.count_entry();
        self.count_entry();
    }

    /// Dictionary entry `code`, output again: 3 up to [`next_entry`](Self::next_entry) are
    /// entries; anything else makes the stream invalid. Only the code's low bits that fit
    /// the current width are written.
    pub fn entry(&mut self, code: u32) {
        self.bits(code, self.width);
        self.count_entry();
    }

    /// The number of the entry the next code makes: as a code, the self-extending case.
    pub fn next_entry(&self) -> u32 {
        self.size
    }

    /// The characters of base64 written so far (the fuzz targets stop writing past the
    /// readers' limit).
    #[cfg(fuzzing)]
    pub fn len(&self) -> usize {
        self.text.len()
    }

    /// Whether nothing is written yet (never: a stream starts with its first character).
    #[cfg(fuzzing)]
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The stream as text: the end code, then zero bits to the end of a character, `=`
    /// padding to a multiple of four characters, as lz-string writes it.
    pub fn finish(mut self) -> String {
        self.bits(2, self.width);
        // At least one bit more, as lz-string's flush writes it: a stream never ends on the
        // last bit of its last character.
        let rest = 6 - self.filled;
        self.bits(0, rest);
        while self.text.len() % 4 != 0 {
            self.text.push('=');
        }
        self.text
    }
}

/// The base64 alphabet with `=` last, as lz-string numbers it.
#[cfg(any(test, fuzzing))]
const BASE64: &[u8; 65] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

/// The stream of `codes` codes that each name the entry about to be made, after a first `{`:
/// a stream of a hundred kilobytes that a decoder keeping its entries as strings holds
/// `codes²` characters for.
#[cfg(any(test, fuzzing))]
pub fn self_extending(codes: u32) -> String {
    self_extending_from(b'{', codes)
}

/// [`self_extending`] after a first `first`: with a letter, a text that is no JSON at all.
#[cfg(any(test, fuzzing))]
pub fn self_extending_from(first: u8, codes: u32) -> String {
    let mut writer = CodeWriter::new(u16::from(first));
    for _ in 0..codes {
        writer.entry(writer.next_entry());
    }
    writer.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn decode(payload: &str, limit: usize) -> Result<Vec<u16>, LzError> {
        unpack(&sextets(payload), None, limit, &mut Work::new(usize::MAX))
    }

    #[test]
    fn the_crate_s_packing_unpacks() {
        let text = "{\"size\":9,\"title\":\"a/b//c\",\"é\":\"☃\"}";
        let packed = lz_str::compress_to_base64(text);
        let wide: Vec<u16> = text.encode_utf16().collect();
        assert_eq!(decode(&packed, 1000), Ok(wide));
        assert_eq!(decode(&packed, 10), Err(LzError::TooLarge));
        assert_eq!(decode("", 10), Err(LzError::Invalid));
        assert_eq!(decode("N4Ig", 10), Err(LzError::Invalid));
    }

    #[test]
    fn a_stream_whose_codes_extend_themselves_stops_at_the_cap() {
        let payload = self_extending(40_000);
        let started = std::time::Instant::now();
        assert_eq!(decode(&payload, 1 << 20), Err(LzError::TooLarge));
        assert!(started.elapsed() < std::time::Duration::from_millis(200));
        // Short ones unpack as the crate unpacks them: `{`, `{{`, `{{{`, …
        let short = self_extending(20);
        let expected = lz_str::decompress_from_base64(&short).unwrap();
        assert_eq!(expected.len(), (1..=21).sum::<usize>());
        assert_eq!(decode(&short, 1000), Ok(expected));
    }

    #[test]
    fn work_is_shared_and_runs_out() {
        let payload = sextets(&self_extending(30));
        let mut work = Work::new(700);
        assert!(unpack(&payload, None, 1000, &mut work).is_ok());
        assert_eq!(
            unpack(&payload, None, 1000, &mut work),
            Err(LzError::OutOfWork)
        );
    }

    /// One code of a written stream.
    #[derive(Clone, Debug)]
    enum Op {
        New(u16),
        /// An entry, as a fraction of the dictionary (0..=next_entry).
        Entry(u32),
        /// Self-extending codes.
        Extend(u8),
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            any::<u16>().prop_map(Op::New),
            (0u32..=1000).prop_map(Op::Entry),
            (1u8..20).prop_map(Op::Extend),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Every text the crate packs unpacks to itself.
        #[test]
        fn round_trips_of_the_crate_s_packing(text in "\\PC{0,400}") {
            let packed = lz_str::compress_to_base64(&text);
            let wide: Vec<u16> = text.encode_utf16().collect();
            prop_assert_eq!(decode(&packed, 1 << 20), Ok(wide));
        }

        /// Streams written code by code, most of them no compressor's, unpack as the crate's
        /// decoder unpacks them.
        #[test]
        fn written_streams_unpack_as_the_crate_s_decoder_does(first in any::<u16>(), ops in proptest::collection::vec(op(), 0..60)) {
            let mut writer = CodeWriter::new(first);
            for op in ops {
                match op {
                    Op::New(unit) => writer.new_char(unit),
                    Op::Entry(k) => {
                        let code = 3 + k * (writer.next_entry() - 3) / 1000;
                        writer.entry(code);
                    }
                    Op::Extend(n) => {
                        for _ in 0..n {
                            writer.entry(writer.next_entry());
                        }
                    }
                }
            }
            let payload = writer.finish();
            let theirs = lz_str::decompress_from_base64(&payload);
            prop_assert!(theirs.is_some());
            prop_assert_eq!(decode(&payload, 1 << 20).ok(), theirs);
        }

        /// On any text, the decoder agrees with the crate's where the crate reads one.
        #[test]
        fn any_text_unpacks_as_the_crate_s_decoder_does(payload in "[A-Za-z0-9+/=]{0,200}") {
            if let Some(theirs) = lz_str::decompress_from_base64(&payload) {
                if !theirs.is_empty() {
                    prop_assert_eq!(decode(&payload, 1 << 20), Ok(theirs));
                }
            }
        }
    }
}
