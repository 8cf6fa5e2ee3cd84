//! The propagation engine's state: the candidates and the other arrays a search saves and
//! restores, the trail that restores the cage bitsets, and the queues that carry work from
//! one rule to the next. The rules (one file each) extend [`Engine`] with what they do; the
//! loop that runs them is in [`fixpoint`](super::fixpoint). See
//! `docs/design/engine.md` for the picture as a whole.
//!
//! The measurements behind these choices, and what was tried and dropped, are in
//! `docs/design/engine-notes.md` (*engine.rs*).

use super::nogood_pool::Nogoods;
use super::recycle::{reset_emptied, reset_filled, Keep};
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

/// The propagation engine: the search state, the cages' live tuples and the queues of one
/// propagation. Its vectors come from the last solve ([`Spare`]) and go back to it.
pub(super) struct Engine<'r> {
    pub(super) rules: &'r Rules,
    /// The current state, laid out as [`Layout`] says; saved and restored whole.
    pub(super) state: Vec<u32>,
    /// The cages' live tuples, restored from a trail.
    pub(super) tuples: LiveTuples,
    /// The work one rule leaves for others.
    pub(super) queues: Queues,
    /// What the house-sum rule keeps between its looks.
    pub(super) sums: SumScratch,
    /// What all-different consistency keeps between its looks.
    pub(super) matching: Matchings,
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

/// The live-tuple bitsets of all tables, as a reversible sparse set per table
/// ([`compact_table`](super::compact_table)), and the trail that restores them.
#[derive(Default)]
pub(super) struct LiveTuples {
    /// The live-tuple bitsets of all tables; restored from [`LiveTuples::trail`].
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
}

impl LiveTuples {
    /// Every tuple of every table live; the tables' live word counts written to `state`.
    fn reset(&mut self, rules: &Rules, state: &mut [u32]) {
        reset_filled(&mut self.words, rules.table_words, u64::MAX);
        reset_filled(&mut self.index, rules.table_words, 0);
        for (id, cage) in rules.cages.iter().enumerate() {
            if let Kind::Table(table) = cage.kind {
                let tuples = rules.tuples[id];
                if tuples % 64 != 0 {
                    self.words[table.base + table.words - 1] = (1 << (tuples % 64)) - 1;
                }
                for (k, slot) in self.index[table.base..table.base + table.words]
                    .iter_mut()
                    .enumerate()
                {
                    *slot = k as u32;
                }
                state[Layout::live(rules, id)] = table.words as u32;
            }
        }
        reset_filled(&mut self.stamp, self.words.len(), 0);
        reset_emptied(&mut self.trail, 0);
        self.serial = 0;
        reset_filled(&mut self.residues, rules.residue_count, 0);
    }

    fn keep(&mut self, keep: &mut Keep) {
        keep.trim(&mut self.words);
        keep.trim(&mut self.index);
        keep.trim(&mut self.stamp);
        keep.trim(&mut self.trail);
        keep.trim(&mut self.residues);
    }
}

/// The work one rule leaves for others: cells, digits and cages to look at again.
#[derive(Default)]
pub(super) struct Queues {
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
    /// rule last looked at them, bit `h` for house `h` (at most 3 * 32), then the sum regions
    /// after them (see `Rules::sum_regions`).
    pub(super) house_dirty: u128,
    /// Houses whose cells changed since all-different consistency last looked at them
    /// ([`matching`](super::matching)), bit `h` for house `h`.
    pub(super) matching_dirty: u128,
}

impl Queues {
    fn reset(&mut self, rules: &Rules) {
        let cages = rules.cages.len();
        reset_emptied(&mut self.singles, rules.cells);
        reset_emptied(&mut self.places, rules.cells);
        reset_emptied(&mut self.locks, 0);
        reset_emptied(&mut self.dirty, cages);
        reset_filled(&mut self.queued, cages, false);
        reset_filled(&mut self.stale, cages, false);
        reset_emptied(&mut self.in_lines, cages);
        reset_filled(&mut self.in_lines_queued, cages, false);
        self.house_dirty = 0;
        self.matching_dirty = 0;
    }

    fn keep(&mut self, keep: &mut Keep) {
        keep.trim(&mut self.singles);
        keep.trim(&mut self.places);
        keep.trim(&mut self.locks);
        keep.trim(&mut self.dirty);
        keep.trim(&mut self.queued);
        keep.trim(&mut self.stale);
        keep.trim(&mut self.in_lines);
        keep.trim(&mut self.in_lines_queued);
    }
}

/// What the house-sum rule ([`house_sums`](super::house_sums)) keeps between its looks.
#[derive(Default)]
pub(super) struct SumScratch {
    /// How many times each cage's table changed, and for each group, that count when its
    /// sums were last narrowed: they are stale while the two differ. Not part of the state:
    /// a group's sums in the state are exact at every node where propagation finished, so
    /// after backtracking to one they still are, and a count left different by an abandoned
    /// branch only costs one needless look.
    pub(super) table_changes: Vec<u64>,
    pub(super) sums_seen: Vec<u64>,
    /// The open items of the house at hand.
    pub(super) open_items: Vec<Open>,
    /// For each item of [`Rules::house_items`], its smallest sum and its set shifted down
    /// by it (as [`Engine::house_sum_word`] sees them) when its house's subset-sum last
    /// found nothing to remove, or the set it narrowed it to; `(0, 0)` for none. While
    /// every item of a house still has those sums the rule has nothing to do there. A
    /// cache of a function of the sums alone: backtracking never makes it wrong.
    pub(super) quiet: Vec<(u64, u64)>,
}

impl SumScratch {
    fn reset(&mut self, rules: &Rules) {
        reset_filled(&mut self.table_changes, rules.cages.len(), 1);
        reset_filled(&mut self.sums_seen, rules.groups.len(), 0);
        reset_emptied(&mut self.open_items, rules.n);
        reset_filled(&mut self.quiet, rules.house_items.len(), (0, 0));
    }

    fn keep(&mut self, keep: &mut Keep) {
        keep.trim(&mut self.table_changes);
        keep.trim(&mut self.sums_seen);
        keep.trim(&mut self.open_items);
        keep.trim(&mut self.quiet);
    }
}

/// What all-different consistency ([`matching`](super::matching)) keeps between its looks.
#[derive(Default)]
pub(super) struct Matchings {
    /// The matching of each house's last look, at `house * n + position`: a hint for the
    /// next look, not part of the state. Empty where all-different consistency is off (see
    /// [`MATCHING_FROM`]).
    pub(super) matches: Vec<u8>,
    /// Every house if all-different consistency is on for this size of grid, else none.
    pub(super) on: u128,
}

impl Matchings {
    fn reset(&mut self, rules: &Rules) {
        if rules.n >= MATCHING_FROM {
            reset_filled(&mut self.matches, rules.houses * rules.n, u8::MAX);
            self.on = u128::MAX;
        } else {
            reset_emptied(&mut self.matches, 0);
            self.on = 0;
        }
    }
}

/// A solve's buffers for [`Engine`], kept for the next puzzle (see
/// [`Context`](super::Context)): the parts of the last engine, which [`Engine::new_in`]
/// empties and refills.
#[derive(Default)]
pub(super) struct Spare {
    state: Vec<u32>,
    tuples: LiveTuples,
    queues: Queues,
    sums: SumScratch,
    matching: Matchings,
    weights: Vec<u32>,
    nogoods: Nogoods,
}

impl<'r> Engine<'r> {
    /// The engine of `rules`, in the vectors of `spare`: each emptied, then filled as a new
    /// one would be.
    pub(super) fn new_in(rules: &'r Rules, spare: Spare) -> Engine<'r> {
        let Spare {
            mut state,
            mut tuples,
            mut queues,
            mut sums,
            mut matching,
            mut weights,
            mut nogoods,
        } = spare;
        // The candidates, the cages' view of them and the positions are written by
        // [`Engine::start`], from the root domains.
        reset_filled(&mut state, Layout::len(rules), 0);
        tuples.reset(rules, &mut state);
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
        queues.reset(rules);
        sums.reset(rules);
        matching.reset(rules);
        reset_filled(&mut weights, rules.cages.len() + rules.sum_houses, 1);
        nogoods.reset();
        Engine {
            rules,
            state,
            tuples,
            queues,
            sums,
            matching,
            weights,
            nogoods,
            culprit: 0,
            first_pass: true,
            settle_open: 0,
        }
    }

    /// Gives the vectors back for the next puzzle, as far as `keep` has room.
    pub(super) fn into_spare(self, keep: &mut Keep) -> Spare {
        let Engine {
            mut state,
            mut tuples,
            mut queues,
            mut sums,
            mut matching,
            mut weights,
            mut nogoods,
            ..
        } = self;
        keep.trim(&mut state);
        tuples.keep(keep);
        queues.keep(keep);
        sums.keep(keep);
        keep.trim(&mut matching.matches);
        keep.trim(&mut weights);
        nogoods.keep(keep);
        Spare {
            state,
            tuples,
            queues,
            sums,
            matching,
            weights,
            nogoods,
        }
    }

    /// Empties the queues after a contradiction.
    pub(super) fn clear_queues(&mut self) {
        self.queues.singles.clear();
        self.queues.places.clear();
        self.queues.locks.clear();
        for cage in self.queues.dirty.drain(..) {
            self.queues.queued[cage as usize] = false;
            self.queues.stale[cage as usize] = false;
        }
        for cage in self.queues.in_lines.drain(..) {
            self.queues.in_lines_queued[cage as usize] = false;
        }
        self.queues.house_dirty = 0;
        self.queues.matching_dirty = 0;
    }

    /// Queues `cage` for revision.
    #[inline]
    pub(super) fn mark(&mut self, cage: usize) {
        if !self.queues.queued[cage] {
            self.queues.queued[cage] = true;
            self.queues.dirty.push(cage as u32);
        }
    }

    /// Queues `cage` for the cage-in-a-house rule and its houses for the house-sum rule: its
    /// table changed.
    #[inline]
    pub(super) fn table_changed(&mut self, cage: usize) {
        if !self.queues.in_lines_queued[cage] {
            self.queues.in_lines_queued[cage] = true;
            self.queues.in_lines.push(cage as u32);
        }
        let rule = &self.rules.cages[cage];
        self.queues.house_dirty |= rule.group_houses;
        self.sums.table_changes[cage] += 1;
    }

    /// Starts a search node: later changes to the bitsets go to the trail until
    /// [`Engine::undo`] with the mark returned.
    pub(super) fn begin(&mut self) -> usize {
        self.tuples.serial += 1;
        self.tuples.trail.len()
    }

    /// Restores the bitsets as they were at `mark`.
    pub(super) fn undo(&mut self, mark: usize) {
        for (word, value) in self.tuples.trail.drain(mark..).rev() {
            self.tuples.words[word as usize] = value;
        }
    }
}
