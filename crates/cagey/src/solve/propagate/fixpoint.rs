//! The propagation engine: the search state, the trail that restores the cage bitsets, and
//! the loop that applies the rules until none removes anything.
//!
//! Rules run cheapest first, and a costlier rule runs only once the cheaper ones have
//! nothing left to do:
//!
//! 1. naked and hidden singles ([`houses`](super::houses));
//! 2. a digit locked into a cage's group (house in a cage);
//! 3. revising the cages whose cells changed ([`compact_table`](super::compact_table));
//! 4. the cage-in-a-house rule for the cages whose tables changed;
//! 5. the house-sum rule for the houses that changed ([`house_sums`](super::house_sums));
//! 6. all-different consistency for the houses that changed ([`matching`](super::matching)),
//!    on grids larger than 16x16 (see [`MATCHING_FROM`](super::matching::MATCHING_FROM)).
//!
//! What each rule is worth, in search nodes over the twelve puzzles of `random/hard-9x9-*`
//! (uniqueness checks, the branching of the time): the house sums cut them from 524,000 to
//! 135,000; without the cage-in-a-house rule they rise to 211,000, without the
//! house-in-a-cage rule to 156,000, without both to 283,000.
//!
//! All-different consistency by matching, last (nodes on hard 9x9 big cages / sums only,
//! 12x12, and 16 of the 16x16 puzzles, without restarts): 96,900 / 38,800, 68,000, 128,200
//! without it; 49,100 / 34,900, 57,300, 103,600 with it. Placed before the house sums it
//! gave 60,700 / 52,900, 61,800, 109,000, and before the cage revisions 79,500 / 51,600,
//! 156,300, 283,300: it changes which rule fails first, and so what dom/wdeg learns.
//! (With the search as it is now it no longer pays on 16x16 either, and is off up to that
//! size.)
//!
//! Tried and dropped:
//!
//! - naked subsets in every house (full alldiff consistency, by enumerating subsets of the
//!   open cells), run before the cage revisions: nodes went *up*, 524,000 to 589,000, as
//!   it changes what fails first and so what the branching learns (the matching, run last,
//!   now pays: see above);
//! - exact cover of each house by its items' digit sets (the strongest reasoning on one
//!   house there is): 3 times fewer nodes, at 13 times the time.

use super::rules::{Kind, Rules};
use super::{emptied, filled, Keep};

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
    /// / 64 words, so a `u16` holds one: half the memory to clear per puzzle (callgrind
    /// over `cagey bench` on the 57 puzzles of Keen's 9x9 solved without a guess: 28.91 to
    /// 28.71 million instructions).
    pub(super) residues: Vec<u16>,
    /// Cells that became single and have not yet been removed from their peers.
    pub(super) singles: Vec<u32>,
    /// Hidden singles to place: cell and bit.
    pub(super) places: Vec<(u32, u32)>,
    /// Groups a digit is locked into: group and digit.
    pub(super) locks: Vec<(u32, u32)>,
    /// Cages whose cells changed since they were last revised.
    dirty: Vec<u32>,
    queued: Vec<bool>,
    /// Cages whose table was filtered from outside since their last revision.
    pub(super) stale: Vec<bool>,
    /// Cages whose table changed since the cage-in-a-house rule last looked at them.
    in_lines: Vec<u32>,
    in_lines_queued: Vec<bool>,
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
    /// after backtracking to one they still are, and a count left different by an
    /// abandoned branch only costs one needless look. (A count per cage rather than a flag
    /// per group: a change of a table is one increment, not a store to each of its groups,
    /// which the compiler had turned into a call to `memset`. With
    /// [`CageRule::group_houses`](super::rules::CageRule::group_houses), callgrind over
    /// `cagey bench` on the 57 puzzles of Keen's 9x9 solved without a guess: 28.71 to 28.46
    /// million instructions.)
    pub(super) table_changes: Vec<u64>,
    pub(super) sums_seen: Vec<u64>,
    /// Scratch for the house-sum rule: the open items of the house at hand.
    pub(super) open_items: Vec<super::house_sums::Open>,
    /// How often each constraint (cages, then rows, then columns) failed, plus one: the
    /// weights of the branching heuristic.
    pub(super) weights: Vec<u32>,
    /// Nogoods recorded at restarts.
    pub(super) nogoods: super::nogoods::Nogoods,
    /// The constraint being propagated, charged if it fails.
    pub(super) culprit: usize,
    /// Whether this is the first propagation, at the root, where naked singles settle their
    /// digit's place in each house at once ([`Engine::naked_single`]). Every order of the
    /// rules reaches the same fixpoint, but the order decides which constraint a
    /// contradiction is charged to, and so the search: below the root the removals go one
    /// place at a time as they always have (settling there too cost hard 9x9 puzzles 40%
    /// more nodes, by changing what fails first), while a contradiction in the first pass
    /// ends the search, whatever it is charged to. Callgrind over `cagey bench` on the 57
    /// puzzles of Keen's 9x9 solved without a guess: 21.88 to 20.94 million instructions.
    pub(super) first_pass: bool,
    /// Open cells at or below which propagation stops once the Latin rules and the cage
    /// tables are settled, before the rules that follow from them (cage in a house, house
    /// sums, all different): the search then finishes the node by enumeration, which
    /// needs no more (see [`finish`](super::finish)), or propagates the rest before it
    /// branches. 0 for never.
    pub(super) settle_open: u32,
}

/// A solve's buffers for [`Engine`], kept for the next puzzle on the same thread (see
/// [`Spare`](super::Spare)): the vectors of the last engine, which [`Engine::new_in`] empties
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
    open_items: Vec<super::house_sums::Open>,
    weights: Vec<u32>,
    nogoods: super::nogoods::Nogoods,
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
        let matching = rules.n >= super::matching::MATCHING_FROM;
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

    /// Narrows every cell to the digits its cage's tuples put there, places the givens
    /// outside the cages, and queues every untabulated cage for its first revision and every
    /// house for the house-sum rule. `false` on a contradiction already.
    ///
    /// A tabulated cage is not revised first: with every tuple live, a revision would only
    /// find, digit by digit, the cells' root domains, which the tables record as they are
    /// listed ([`Rules::root_domains`]). Setting them outright, and the cages' view of
    /// their cells with them, leaves the same state (and the same search) without a look at
    /// a support: on the first 20 puzzles of Keen's 9x9 it cut the instructions of a solve
    /// by about 5%.
    ///
    /// Nor is the cage-in-a-house rule applied to every table first: with every tuple
    /// live, it would find the digits each group's tuples all put in the group, which the
    /// tables record as they are listed ([`Group::forced`](super::rules::Group::forced)),
    /// and take them from the rest of the group's house: done here outright. A table is
    /// looked at again once it changes, as before, and one that never does has nothing
    /// more to give the rule: the fixpoint is the same. Callgrind as below: 26.45 to 26.38
    /// million on Keen's 9x9 solved without a guess, 63.98 to 63.57 on all of Keen's 9x9,
    /// 223.3 to 221.6 on `random/unique-9x9`.
    ///
    /// Nor are the root domains removed from the full grid one cell at a time
    /// ([`Engine::remove`], each digit of each house a step): the positions are written
    /// from the domains at once, and the singles, hidden singles and locked digits that
    /// removal would have queued are queued from what they come to. The queues' order
    /// differs, but propagation reaches the same fixpoint whatever the order (every rule
    /// only removes), so the state after it and the search are the same (node counts
    /// checked on Keen's 9x9, `random/unique-9x9` and `random/hard-9x9-big-cages`).
    /// Callgrind over `cagey bench` on the 57 puzzles of Keen's 9x9 solved without a
    /// guess: 29.66 to 29.16 million instructions.
    pub(super) fn start(&mut self) -> bool {
        let rules = self.rules;
        let n = rules.n;
        for (cage, rule) in rules.cages.iter().enumerate() {
            if !matches!(rule.kind, Kind::Table(_) | Kind::Free) {
                self.stale[cage] = true;
                self.mark(cage);
            }
        }
        // Every cell is in one cage; an untabulated cage's root domains are full.
        for (&cell, &domain) in rules.cage_cells.iter().zip(&rules.root_domains) {
            self.state[cell as usize] = domain;
            self.state[Layout::seen(rules, cell as usize)] = domain;
        }
        // The cage-in-a-house rule with every tuple live.
        for group in &rules.groups {
            if group.forced != 0 {
                let mut outside = rules.full & !group.positions;
                while outside != 0 {
                    let cell = rules.house_cell(group.house, outside.trailing_zeros() as usize);
                    outside &= outside - 1;
                    self.state[cell] &= !group.forced;
                }
            }
        }
        self.state[Layout::positions(rules, 0, 0)..Layout::live(rules, 0)].fill(0);
        let mut open = 0;
        for cell in 0..rules.cells {
            let candidates = self.state[cell];
            if candidates == 0 {
                self.culprit = rules.cage_of[cell] as usize;
                self.clear_queues();
                return false;
            }
            if candidates != self.state[Layout::seen(rules, cell)] {
                self.mark(rules.cage_of[cell] as usize);
            }
            if candidates & (candidates - 1) == 0 {
                self.singles.push(cell as u32);
            } else {
                open += 1;
            }
            for k in 0..rules.per_cell {
                let (house, p) = rules.house_of(cell, k);
                let at = Layout::positions(rules, house, 0);
                let mut bits = candidates;
                while bits != 0 {
                    self.state[at + bits.trailing_zeros() as usize] |= 1 << p;
                    bits &= bits - 1;
                }
            }
        }
        self.state[Layout::open(rules)] = open;
        for house in 0..rules.houses {
            for digit in 0..n {
                let left = self.state[Layout::positions(rules, house, digit)];
                if left == 0 {
                    self.culprit = rules.cages.len() + house;
                    self.clear_queues();
                    return false;
                }
                let first = left.trailing_zeros() as usize;
                if left & (left - 1) == 0 {
                    self.places
                        .push((rules.house_cell(house, first) as u32, 1 << digit));
                } else {
                    let (group, within) = rules.house_group[house * n + first];
                    if left & !within == 0 {
                        self.locks.push((group, digit as u32));
                    }
                }
            }
        }
        self.house_dirty = u128::MAX >> (128 - self.rules.houses);
        self.matching_dirty = self.house_dirty & self.matching_on;
        for &(cell, bit) in &self.rules.givens {
            let cell = cell as usize;
            if self.state[cell] & bit == 0 || !self.remove(cell, self.state[cell] & !bit, false) {
                self.clear_queues();
                return false;
            }
        }
        true
    }

    /// Applies every rule until none removes a candidate. Returns `false` on a
    /// contradiction, leaving the queues empty either way.
    pub(super) fn propagate(&mut self) -> bool {
        let ok = self.fixpoint();
        if !ok {
            self.weights[self.culprit] += 1;
            self.clear_queues();
        }
        ok
    }

    /// Propagates what [`Engine::settle_open`] left queued, to the fixpoint every rule
    /// reaches, as [`Engine::propagate`] does. (At the root after a restart, that work is no
    /// longer queued: the root's state is restored as it was and its queues emptied. That
    /// only prunes less, and only once a search of a small grid has run past a hundred
    /// nodes.)
    pub(super) fn propagate_unsettled(&mut self) -> bool {
        let settle = std::mem::replace(&mut self.settle_open, 0);
        let holds = self.propagate();
        self.settle_open = settle;
        holds
    }

    fn fixpoint(&mut self) -> bool {
        let rules = self.rules;
        loop {
            let ok = if let Some(cell) = self.singles.pop() {
                self.naked_single(cell as usize)
            } else if let Some((cell, bit)) = self.places.pop() {
                self.culprit = rules.cages.len() + rules.house_of(cell as usize, 0).0;
                self.place(cell as usize, bit)
            } else if let Some((group, digit)) = self.locks.pop() {
                self.culprit = rules.groups[group as usize].cage;
                self.lock(group as usize, digit as usize)
            } else if let Some(cage) = self.dirty.pop() {
                let cage = cage as usize;
                self.queued[cage] = false;
                self.culprit = cage;
                self.revise(cage)
            } else if self.state[Layout::open(rules)] == 0 {
                debug_assert!(self.state[..rules.cells].iter().all(|m| m & (m - 1) == 0));
                self.drop_implied();
                return true;
            } else if self.state[Layout::open(rules)] <= self.settle_open {
                // The rest is left queued (see `settle_open`).
                return true;
            } else if let Some(cage) = self.in_lines.pop() {
                let cage = cage as usize;
                self.in_lines_queued[cage] = false;
                self.culprit = cage;
                self.cage_in_lines(cage)
            } else if self.house_dirty != 0 {
                self.house_sums()
            } else if self.matching_dirty != 0 {
                self.all_different()
            } else {
                return true;
            };
            if !ok {
                return false;
            }
        }
    }

    /// Drops the work left to the rules that follow from the Latin rules and the cages
    /// (cage in a house, house sums, all-different consistency) once every cell is single,
    /// the singles are removed from their houses and every cage is revised: the state is
    /// then a solution, which they can neither narrow nor refute.
    ///
    /// A solved state ends most propagations that end a search: the root of a puzzle that
    /// propagation solves, and every leaf. Measured with callgrind (instructions of the
    /// solver in `cagey bench`, search nodes unchanged): the 57 puzzles of `keen/keen_9du`
    /// solved without a guess 30.27 M to 28.52 M (-6%), the whole file 72.04 M to 69.34 M,
    /// `random/several-6x6` 9.70 M to 8.99 M, `random/unique-6x6` 29.72 M to 28.22 M.
    /// Dropping the locked digits (house in a cage) as well, which run before the cage
    /// revisions, changed which rule refutes a wrong full assignment, and so what dom/wdeg
    /// learns: 1,762 nodes to 1,908 on `random/unique-9x9`.
    pub(super) fn drop_implied(&mut self) {
        for cage in self.in_lines.drain(..) {
            self.in_lines_queued[cage as usize] = false;
        }
        self.house_dirty = 0;
        self.matching_dirty = 0;
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

    /// Revises a cage by its rule; `false` on a contradiction.
    fn revise(&mut self, cage: usize) -> bool {
        match self.rules.cages[cage].kind {
            Kind::Table(table) => self.revise_table(cage, table),
            Kind::Sum(target) => self.revise_bounds(cage, target, super::bounds::Bound::Sum),
            Kind::Product(target) => {
                self.revise_bounds(cage, target, super::bounds::Bound::Product)
            }
            Kind::Check(operation, target, options) => {
                self.revise_check(cage, operation, target, options)
            }
            Kind::Free => true,
        }
    }
}
