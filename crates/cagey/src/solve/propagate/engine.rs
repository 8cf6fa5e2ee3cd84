//! The propagation engine's state: the candidates and the other arrays a search saves and
//! restores, the trail that restores the cage bitsets, and the queues that carry work from
//! one rule to the next. The rules (one file each) extend [`Engine`] with what they do; the
//! loop that runs them is in [`fixpoint`](super::fixpoint). See
//! `docs/design/engine.md` for the picture as a whole.
//!
//! The measurements behind these choices, and what was tried and dropped, are in
//! `docs/design/engine-notes.md` (*engine.rs*).

use super::nogood_pool::Nogoods;
use super::recycle::{emptied, filled, Keep};
use super::rules::{Kind, Rules, MATCHING_FROM};
use super::sum_sets::Open;

/// Offsets of the parts of the search state in [`Engine::state`], for a grid of `cells`
/// cells and `H` houses (`2n`, or `3n` with regions):
///
/// ```text
///   0          cells       2 cells             2 cells + H n
///   | candidates | cage's view | positions          | live words | group sums  | open |
///                              | house * n + digit  | per cage   | per group   |      |
/// ```
///
/// The candidates of cell `c` are at `c`; what its cage last saw of them at `cells + c`; the
/// positions of digit `d` in house `h` at `2 * cells + h * n + d`; the number of live words
/// of cage `k`'s bitset after the positions; the sums a group's live tuples make (relative
/// to the smallest it could, in halves of words) after that; last, the number of cells with
/// more than one candidate.
pub(super) struct Layout;

impl Layout {
    #[inline]
    pub(super) fn seen(rules: &Rules, cell: usize) -> usize {
        rules.cells + cell
    }

    #[inline]
    pub(super) fn positions(rules: &Rules, house: usize, digit: usize) -> usize {
        2 * rules.cells + house * rules.n + digit
    }

    #[inline]
    pub(super) fn live(rules: &Rules, cage: usize) -> usize {
        2 * rules.cells + rules.houses * rules.n + cage
    }

    #[inline]
    pub(super) fn sums(rules: &Rules, slot: usize) -> usize {
        Layout::live(rules, rules.cages.len()) + slot
    }

    /// The number of cells with more than one candidate.
    #[inline]
    pub(super) fn open(rules: &Rules) -> usize {
        Layout::sums(rules, rules.sum_slots)
    }

    fn len(rules: &Rules) -> usize {
        Layout::open(rules) + 1
    }
}

/// The propagation engine: the search state and the queues of one propagation.
pub(super) struct Engine<'r> {
    pub(super) rules: &'r Rules,
    /// The current state, laid out as [`Layout`] says; saved and restored whole.
    pub(super) state: Vec<u32>,
    /// The live-tuple bitsets of all tables; restored from [`Engine::trail`].
    pub(super) words: Vec<u64>,
    /// For each table, its word numbers, the live (non-zero) ones first: a sparse set whose
    /// size is the table's live count in the state, so restoring the count restores it.
    pub(super) index: Vec<u32>,
    /// The serial of the search node that last saved each word to the trail.
    pub(super) stamp: Vec<u64>,
    /// Changed words and their old values.
    pub(super) trail: Vec<(u32, u64)>,
    /// The current search node, numbered from 1; 0 at the root, which is never undone.
    pub(super) serial: u64,
    /// Words where a support was last found: for each table, cell and digit; for each
    /// group, digit and sum. A table has at most [`MAX_TUPLES`](super::tables::MAX_TUPLES)
    /// / 64 words, so a `u16` holds one: half the memory to clear per puzzle.
    pub(super) residues: Vec<u16>,
    /// Cells that became single and have not yet been removed from their peers.
    pub(super) singles: Vec<u32>,
    /// Hidden singles to place: cell and bit.
    pub(super) places: Vec<(u32, u32)>,
    /// Groups a digit is locked into: group and digit.
    pub(super) locks: Vec<(u32, u32)>,
    /// Cages whose cells changed since they were last revised.
    pub(super) dirty: Vec<u32>,
    pub(super) queued: Vec<bool>,
    /// Cages whose table was filtered from outside since their last revision.
    pub(super) stale: Vec<bool>,
    /// Cages whose table changed since the cage-in-a-house rule last looked at them.
    pub(super) in_lines: Vec<u32>,
    pub(super) in_lines_queued: Vec<bool>,
    /// Houses whose sum's items (cells on their own, groups) changed since the house-sum
    /// rule last looked at them, bit `h` for house `h` (at most 3 * 32).
    pub(super) house_dirty: u128,
    /// Houses whose cells changed since all-different consistency last looked at them
    /// ([`matching`](super::matching)), bit `h` for house `h`.
    pub(super) matching_dirty: u128,
    /// The matching of each house's last look, at `house * n + position`: a hint for the
    /// next look, not part of the state. Empty where all-different consistency is off (see
    /// [`Rules::houses_of`](super::rules::Rules::houses_of)).
    pub(super) matches: Vec<u8>,
    /// Every house if all-different consistency is on for this size of grid, else none.
    pub(super) matching_on: u128,
    /// How many times each cage's table changed, and for each group, that count when its
    /// sums were last narrowed: they are stale while the two differ. Not part of the state:
    /// a group's sums in the state are exact at every node where propagation finished, so
    /// after backtracking to one they still are, and a count left different by an abandoned
    /// branch only costs one needless look.
    pub(super) table_changes: Vec<u64>,
    pub(super) sums_seen: Vec<u64>,
    /// Scratch for the house-sum rule: the open items of the house at hand.
    pub(super) open_items: Vec<Open>,
    /// How often each constraint (cages, then rows, then columns) failed, plus one: the
    /// weights of the branching heuristic.
    pub(super) weights: Vec<u32>,
    /// Nogoods recorded at restarts.
    pub(super) nogoods: Nogoods,
    /// The constraint being propagated, charged if it fails.
    pub(super) culprit: usize,
    /// Whether this is the first propagation, at the root, where naked singles settle their
    /// digit's place in each house at once ([`Engine::naked_single`]). Every order of the
    /// rules reaches the same fixpoint, but the order decides which constraint a
    /// contradiction is charged to, and so the search: below the root the removals go one
    /// place at a time as they always have, while a contradiction in the first pass ends
    /// the search, whatever it is charged to.
    pub(super) first_pass: bool,
    /// Open cells at or below which propagation stops once the Latin rules and the cage
    /// tables are settled, before the rules that follow from them (cage in a house, house
    /// sums, all different): the search then finishes the node by enumeration, which
    /// needs no more (see [`finish`](super::finish)), or propagates the rest before it
    /// branches. 0 for never.
    pub(super) settle_open: u32,
}

/// A solve's buffers for [`Engine`], kept for the next puzzle on the same thread (see
/// [`Context`](super::Context)): the vectors of the last engine, which [`Engine::new_in`] empties
/// and refills.
#[derive(Default)]
pub(super) struct Spare {
    state: Vec<u32>,
    words: Vec<u64>,
    index: Vec<u32>,
    stamp: Vec<u64>,
    trail: Vec<(u32, u64)>,
    residues: Vec<u16>,
    singles: Vec<u32>,
    places: Vec<(u32, u32)>,
    locks: Vec<(u32, u32)>,
    dirty: Vec<u32>,
    queued: Vec<bool>,
    stale: Vec<bool>,
    in_lines: Vec<u32>,
    in_lines_queued: Vec<bool>,
    matches: Vec<u8>,
    table_changes: Vec<u64>,
    sums_seen: Vec<u64>,
    open_items: Vec<Open>,
    weights: Vec<u32>,
    nogoods: Nogoods,
}

impl<'r> Engine<'r> {
    /// The engine of `rules`, in the vectors of `spare`: each emptied, then filled as a new
    /// one would be.
    pub(super) fn new_in(rules: &'r Rules, spare: Spare) -> Engine<'r> {
        // Listed in full, so that a field added later cannot be left out unnoticed.
        let Spare {
            state,
            words,
            index,
            stamp,
            trail,
            residues,
            singles,
            places,
            locks,
            dirty,
            queued,
            stale,
            in_lines,
            in_lines_queued,
            matches,
            table_changes,
            sums_seen,
            open_items,
            weights,
            nogoods,
        } = spare;
        let cages = rules.cages.len();
        // The candidates, the cages' view of them and the positions are written by
        // [`Engine::start`], from the root domains.
        let mut state = filled(state, Layout::len(rules), 0);
        let mut words = filled(words, rules.table_words, u64::MAX);
        let mut index = filled(index, rules.table_words, 0);
        for (id, cage) in rules.cages.iter().enumerate() {
            if let Kind::Table(table) = cage.kind {
                let tuples = rules.tuples[id];
                if tuples % 64 != 0 {
                    words[table.base + table.words - 1] = (1 << (tuples % 64)) - 1;
                }
                for (k, slot) in index[table.base..table.base + table.words]
                    .iter_mut()
                    .enumerate()
                {
                    *slot = k as u32;
                }
                state[Layout::live(rules, id)] = table.words as u32;
            }
        }
        // Every group's sums start as every value its table has; the first look of the
        // house-sum rule narrows them.
        for group in &rules.groups {
            if let Some(sums) = group.sums {
                let at = Layout::sums(rules, sums.state);
                for (k, slot) in state[at..at + sums.span.div_ceil(32) as usize]
                    .iter_mut()
                    .enumerate()
                {
                    *slot = u32::MAX >> (32 - (sums.span as usize - 32 * k).min(32));
                }
            }
        }
        let matching = rules.n >= MATCHING_FROM;
        Engine {
            rules,
            state,
            stamp: filled(stamp, words.len(), 0),
            words,
            index,
            trail: emptied(trail, 0),
            serial: 0,
            residues: filled(residues, rules.residue_count, 0),
            singles: emptied(singles, rules.cells),
            places: emptied(places, rules.cells),
            locks: emptied(locks, 0),
            dirty: emptied(dirty, cages),
            queued: filled(queued, cages, false),
            stale: filled(stale, cages, false),
            in_lines: emptied(in_lines, cages),
            in_lines_queued: filled(in_lines_queued, cages, false),
            house_dirty: 0,
            matching_dirty: 0,
            matches: if matching {
                filled(matches, rules.houses * rules.n, u8::MAX)
            } else {
                emptied(matches, 0)
            },
            matching_on: if matching { u128::MAX } else { 0 },
            table_changes: filled(table_changes, cages, 1),
            sums_seen: filled(sums_seen, rules.groups.len(), 0),
            open_items: emptied(open_items, rules.n),
            weights: filled(weights, cages + rules.houses, 1),
            nogoods: nogoods.emptied(),
            culprit: 0,
            first_pass: true,
            settle_open: 0,
        }
    }

    /// Gives the vectors back for the next puzzle, as far as `keep` has room.
    pub(super) fn into_spare(self, keep: &mut Keep) -> Spare {
        let Engine {
            rules: _,
            state,
            words,
            index,
            stamp,
            trail,
            serial: _,
            residues,
            singles,
            places,
            locks,
            dirty,
            queued,
            stale,
            in_lines,
            in_lines_queued,
            house_dirty: _,
            matching_dirty: _,
            matches,
            matching_on: _,
            table_changes,
            sums_seen,
            open_items,
            weights,
            nogoods,
            culprit: _,
            first_pass: _,
            settle_open: _,
        } = self;
        Spare {
            state: keep.vec(state),
            words: keep.vec(words),
            index: keep.vec(index),
            stamp: keep.vec(stamp),
            trail: keep.vec(trail),
            residues: keep.vec(residues),
            singles: keep.vec(singles),
            places: keep.vec(places),
            locks: keep.vec(locks),
            dirty: keep.vec(dirty),
            queued: keep.vec(queued),
            stale: keep.vec(stale),
            in_lines: keep.vec(in_lines),
            in_lines_queued: keep.vec(in_lines_queued),
            matches: keep.vec(matches),
            table_changes: keep.vec(table_changes),
            sums_seen: keep.vec(sums_seen),
            open_items: keep.vec(open_items),
            weights: keep.vec(weights),
            nogoods: nogoods.into_spare(keep),
        }
    }

    /// Empties the queues after a contradiction.
    pub(super) fn clear_queues(&mut self) {
        self.singles.clear();
        self.places.clear();
        self.locks.clear();
        for cage in self.dirty.drain(..) {
            self.queued[cage as usize] = false;
            self.stale[cage as usize] = false;
        }
        for cage in self.in_lines.drain(..) {
            self.in_lines_queued[cage as usize] = false;
        }
        self.house_dirty = 0;
        self.matching_dirty = 0;
    }

    /// Queues `cage` for revision.
    #[inline]
    pub(super) fn mark(&mut self, cage: usize) {
        if !self.queued[cage] {
            self.queued[cage] = true;
            self.dirty.push(cage as u32);
        }
    }

    /// Queues `cage` for the cage-in-a-house rule and its houses for the house-sum rule: its
    /// table changed.
    #[inline]
    pub(super) fn table_changed(&mut self, cage: usize) {
        if !self.in_lines_queued[cage] {
            self.in_lines_queued[cage] = true;
            self.in_lines.push(cage as u32);
        }
        let rule = &self.rules.cages[cage];
        self.house_dirty |= rule.group_houses;
        self.table_changes[cage] += 1;
    }

    /// Starts a search node: later changes to the bitsets go to the trail until
    /// [`Engine::undo`] with the mark returned.
    pub(super) fn begin(&mut self) -> usize {
        self.serial += 1;
        self.trail.len()
    }

    /// Restores the bitsets as they were at `mark`.
    pub(super) fn undo(&mut self, mark: usize) {
        for (word, value) in self.trail.drain(mark..).rev() {
            self.words[word as usize] = value;
        }
    }
}
