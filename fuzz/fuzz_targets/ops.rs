//! A fuzzer's bytes read as a program: the structure-aware targets (`lz_links`,
//! `penpa_deflate`) take their operations and numbers from it, so that libFuzzer's mutations
//! change codes of a stream rather than characters of its base64 text, and a few bytes can
//! ask for a run of sixty thousand codes.

/// The bytes still to read.
pub struct Ops<'a> {
    bytes: &'a [u8],
}

impl<'a> Ops<'a> {
    pub fn new(bytes: &'a [u8]) -> Ops<'a> {
        Ops { bytes }
    }

    /// The next byte, or `None` at the end.
    pub fn byte(&mut self) -> Option<u8> {
        let (&first, rest) = self.bytes.split_first()?;
        self.bytes = rest;
        Some(first)
    }

    /// The next two bytes as a number, little-endian; a lone last byte is its low half.
    pub fn u16(&mut self) -> Option<u16> {
        let low = self.byte()?;
        let high = self.byte().unwrap_or(0);
        Some(u16::from_le_bytes([low, high]))
    }

    /// The next `n` bytes, or as many as are left.
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        let (taken, rest) = self.bytes.split_at(n.min(self.bytes.len()));
        self.bytes = rest;
        taken
    }
}
