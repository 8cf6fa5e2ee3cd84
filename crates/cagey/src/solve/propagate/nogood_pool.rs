//! Nogoods recorded at restarts (Lecoutre, Sais, Tabary, Vidal, AAAI 2007), so that a
//! restarted search never explores again what an earlier run refuted.
//!
//! When a run of the search is cut off, the branch it was on is a sequence of decisions,
//! each `cell = digit` (the first branch) or `cell != digit` (the second, taken once the
//! first was exhausted). For every negative decision, the positive decisions above it plus
//! its own `cell = digit` cannot all hold again without repeating explored ground: a
//! *reduced nld-nogood*. Together they exclude all the run explored, the solutions it
//! reported included, so that none is counted twice.
//!
//! A nogood is a list of `(cell, digit)` literals that may not all hold, propagated with two
//! watched literals (as SAT solvers do): each nogood watches two literals that do not hold
//! yet; when a cell becomes single with a watched digit, the nogood looks for another
//! literal to watch, and if none is left the other watched digit leaves its cell. Watches
//! need no undoing on backtracking: a literal that held and no longer does only makes the
//! nogood looser.
//!
//! ```text
//!   literals:  [ c3=5 c9=1 | c0=2 c7=7 c8=4 | ... ]     nogood k: start[k], len[k]
//!   watch 2k, 2k+1: the places in nogood k of its two watched literals
//!   head[cell * 32 + digit] -> watch -> next[watch] -> ...   (lists of watches)
//! ```
//!
//! Everything lives in arrays of a fixed capacity, reserved once, when a puzzle first
//! restarts, so recording and propagating allocate nothing; when the pool is full,
//! recording stops, and so do restarts (see [`search`](super::search)).

use super::recycle::Keep;

/// Marks the end of a watch list.
pub(super) const END: u32 = u32::MAX;

/// Literals the pool holds (4 bytes each, 4 MB): [`MAX_NOGOODS`] nogoods as deep as the
/// branches of a 16x16 search, a few dozen decisions, fit with room to spare.
pub(super) const MAX_LITERALS: usize = 1 << 20;

/// Nogoods the pool holds: a branch gives a few dozen at a restart, so a few hundred
/// restarts, more than a million nodes of runs; a larger pool changed nothing measured.
pub(super) const MAX_NOGOODS: usize = 1 << 14;

/// The recorded nogoods and their watches. The default is an empty pool, which takes no
/// memory until [`Nogoods::reserve`]: most puzzles never restart.
#[derive(Default)]
pub(super) struct Nogoods {
    /// Literals, `cell * 32 + digit`, nogood after nogood.
    pub(super) literals: Vec<u32>,
    /// Each nogood's first literal and length.
    pub(super) spans: Vec<(u32, u32)>,
    /// For watch `w` (nogood `w / 2`), the place of its literal in the nogood.
    pub(super) watched: Vec<u32>,
    /// The next watch on the same literal's list.
    pub(super) next: Vec<u32>,
    /// The first watch on each literal's list, at `cell * 32 + digit`.
    pub(super) head: Vec<u32>,
}

impl Nogoods {
    /// Empties the pool of the last puzzle's nogoods, for the next: its vectors keep their
    /// room (nothing to reserve again if they have it), and the watch heads are set afresh
    /// at the first restart ([`Nogoods::reserve`]).
    pub(super) fn reset(&mut self) {
        self.literals.clear();
        self.spans.clear();
        self.watched.clear();
        self.next.clear();
        self.head.clear();
    }

    /// Frees the vectors `keep` has no room for.
    pub(super) fn keep(&mut self, keep: &mut Keep) {
        keep.trim(&mut self.literals);
        keep.trim(&mut self.spans);
        keep.trim(&mut self.watched);
        keep.trim(&mut self.next);
        keep.trim(&mut self.head);
    }

    /// Makes room for the whole pool, once, at the first restart (none to make if the
    /// vectors kept from the last puzzle have it).
    pub(super) fn reserve(&mut self, cells: usize) {
        if self.head.is_empty() {
            self.literals.reserve_exact(MAX_LITERALS);
            self.spans.reserve_exact(MAX_NOGOODS);
            self.watched.reserve_exact(2 * MAX_NOGOODS);
            self.next.reserve_exact(2 * MAX_NOGOODS);
            self.head.resize(cells * 32, END);
        }
    }

    /// Whether a nogood of `len` literals still fits.
    pub(super) fn has_room(&self, len: usize) -> bool {
        self.spans.len() < MAX_NOGOODS && self.literals.len() + len <= MAX_LITERALS
    }

    pub(super) fn count(&self) -> usize {
        self.spans.len()
    }

    /// Appends a nogood of `literals` (at least one), watching its first two, not yet
    /// linked; within the reserved capacity, so nothing is allocated.
    pub(super) fn add(&mut self, literals: impl Iterator<Item = u32>) {
        let start = self.literals.len();
        self.literals.extend(literals);
        let len = self.literals.len() - start;
        self.spans.push((start as u32, len as u32));
        self.watched.extend([0, 1.min(len as u32 - 1)]);
        self.next.extend([END, END]);
    }

    pub(super) fn link(&mut self, watch: usize) {
        let nogood = watch / 2;
        let literal = self.literals[self.spans[nogood].0 as usize + self.watched[watch] as usize];
        self.next[watch] = self.head[literal as usize];
        self.head[literal as usize] = watch as u32;
    }
}

/// Literal of `cell` holding the digit of `bit`.
#[inline]
pub(super) fn literal(cell: usize, bit: u32) -> u32 {
    (cell * 32) as u32 + bit.trailing_zeros()
}
