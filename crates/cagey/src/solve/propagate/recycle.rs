//! Reusing a solve's vectors for the next: most puzzles are solved in a few hundred
//! thousand instructions, of which allocating and freeing some fifty vectors had been more
//! than 3% (see `docs/design/engine.md`, *Buffers*).
//!
//! Each part of the engine that owns vectors ([`Rules`](super::rules::Rules), the
//! [`Engine`](super::engine::Engine), the [`Searcher`](super::search::Searcher)) is built
//! from the vectors of the last solve, emptied and refilled by [`emptied`] and [`filled`] as
//! new ones would be, and gives them back at its end through [`Keep`], which caps what a
//! thread holds between solves. The solver's entry ([`super::Context`]) keeps them.

/// Bytes of vectors kept between solves (their capacity): up to 160 kilobytes for Keen's
/// 9x9, 1.8 megabytes for a 12x12, plus the nogood pool's 4.4 once a puzzle has restarted.
/// Vectors are kept in the order they are given back while they fit, the others freed, so
/// that one huge puzzle does not hold its memory for the rest of the thread's life.
pub(super) const SPARE_BYTES: usize = 16 << 20;

/// The room left for vectors kept between solves ([`SPARE_BYTES`]).
pub(super) struct Keep(usize);

impl Keep {
    /// Room for [`SPARE_BYTES`].
    pub(super) fn new() -> Keep {
        Keep(SPARE_BYTES)
    }

    /// `v`, if it fits in the room left; otherwise a new empty vector, `v` freed.
    pub(super) fn vec<T>(&mut self, v: Vec<T>) -> Vec<T> {
        let bytes = v.capacity() * std::mem::size_of::<T>();
        if bytes <= self.0 {
            self.0 -= bytes;
            v
        } else {
            Vec::new()
        }
    }

    /// Frees `v` in place unless it fits in the room left.
    pub(super) fn trim<T>(&mut self, v: &mut Vec<T>) {
        *v = self.vec(std::mem::take(v));
    }
}

/// `v` emptied in place, with room for `capacity` elements, as `Vec::with_capacity` would
/// make it.
pub(super) fn reset_emptied<T>(v: &mut Vec<T>, capacity: usize) {
    v.clear();
    v.reserve(capacity);
}

/// `v` holding `len` copies of `value` and nothing else, in place, as `vec![value; len]`
/// would make it.
pub(super) fn reset_filled<T: Clone>(v: &mut Vec<T>, len: usize, value: T) {
    v.clear();
    v.resize(len, value);
}

/// `v` emptied, with room for `capacity` elements, as `Vec::with_capacity` would make it.
pub(super) fn emptied<T>(mut v: Vec<T>, capacity: usize) -> Vec<T> {
    reset_emptied(&mut v, capacity);
    v
}

/// `v` holding `len` copies of `value` and nothing else, as `vec![value; len]` would make it.
pub(super) fn filled<T: Clone>(mut v: Vec<T>, len: usize, value: T) -> Vec<T> {
    reset_filled(&mut v, len, value);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_vectors_within_its_room() {
        let mut keep = Keep(100);
        assert_eq!(keep.vec(vec![0u32; 20]).capacity(), 20);
        assert_eq!(keep.vec(vec![0u64; 3]).capacity(), 0);
        let mut v = vec![0u8; 20];
        keep.trim(&mut v);
        assert_eq!(v.capacity(), 20);
        assert_eq!(keep.0, 0);
        let mut w = vec![0u8; 1];
        keep.trim(&mut w);
        assert_eq!(w.capacity(), 0, "no room is left");
    }
}
