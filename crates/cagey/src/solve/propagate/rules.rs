//! What the solver knows of a puzzle before the search: its cages as tables of tuples (or
//! bounds), the groups where a cage meets a house, and the items of every house's sum. Built
//! once per puzzle and read-only afterwards.
//!
//! The measurements behind these choices, and what was tried and dropped, are in
//! `docs/design/engine-notes.md` (*rules.rs*).

use super::recycle::{emptied, filled, Keep};
use super::tables;
use crate::model::{Cage, Diagonal, Operation, Options, Puzzle};

/// The grid side from which all-different consistency by matchings runs
/// ([`matching`](super::matching)): on the grids measured up to 16x16 it costs more than it
/// saves (see `docs/design/engine.md`, *All different*).
pub(super) const MATCHING_FROM: usize = 17;

/// Marks "no group" in [`Rules::house_group`].
pub(super) const NONE: u32 = u32::MAX;

/// The most items of a sum region's sum: the house-sum rule's room for a house's.
const MAX_REGION_ITEMS: usize = crate::model::MAX_SIZE;

/// Marks, in a table's layout, a group with no digits' bitsets: one in a sum region.
const NO_DIGITS: usize = usize::MAX;

/// A set of cells, bit `c` for cell `c`: a sum region of grids up to
/// [`MAX_SIZE`](crate::model::MAX_SIZE) squared.
#[derive(Clone, Copy, PartialEq, Eq)]
struct CellSet([u64; CELL_WORDS]);

const CELL_WORDS: usize = (crate::model::MAX_SIZE * crate::model::MAX_SIZE).div_ceil(64);

impl CellSet {
    const EMPTY: CellSet = CellSet([0; CELL_WORDS]);

    #[inline]
    fn has(&self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 == 1
    }

    #[inline]
    fn insert(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    #[inline]
    fn remove(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The cells, in order.
    fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let cell = 64 * i + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    cell
                })
            })
        })
    }
}

/// How a cage prunes its cells' candidates.
#[derive(Clone, Copy, Debug)]
pub(super) enum Kind {
    /// A compact table: see [`tables`].
    Table(Table),
    /// Bounds on a sum too large to tabulate.
    Sum(u64),
    /// Bounds and divisibility for a product too large to tabulate.
    Product(u64),
    /// Any other cage too large to tabulate, checked once its cells are all single.
    Check(Operation, u64, Options),
    /// A cell a killer puzzle leaves outside every cage: a one-cell pseudo-cage that only
    /// its houses constrain. (It lets every cell have a cage, so the engine needs no second
    /// path for uncovered cells.)
    Free,
}

/// Where a cage's table lives in the shared arrays.
#[derive(Clone, Copy, Debug)]
pub(super) struct Table {
    /// The first word of its live-tuple bitset in the engine's words (and of its word list
    /// in the engine's index).
    pub(super) base: usize,
    /// Words in the bitset: `ceil(tuples / 64)`.
    pub(super) words: usize,
    /// The first word of its bitsets in [`Rules::supports`], one after the other, each
    /// `words` long (see [`Table::at`]): the support of digit `d` in cell `slot` at place
    /// `slot * n + d`, then its groups' digit and sum bitsets.
    pub(super) supports: usize,
    /// The first of its residues in the engine, one per cell and digit.
    pub(super) residues: usize,
}

impl Table {
    /// Where word `offset` of the bitset at `place` is in [`Rules::supports`].
    ///
    /// ```text
    ///   supports:  [ place 0: words 0 .. w ][ place 1: words 0 .. w ] ...
    ///   places:    [ cell 0: d1 .. dn | cell 1: d1 .. dn | ... | groups' digits | sums ]
    /// ```
    ///
    /// Each bitset is contiguous, so that filtering by one digit reads its words in order,
    /// a cache line per eight words; laid out a word of every bitset after the other (as
    /// they are listed), the same filtering read a cache line per word, each a block of up
    /// to two kilobytes from the last.
    #[inline]
    pub(super) fn at(&self, offset: usize, place: usize) -> usize {
        self.supports + place * self.words + offset
    }
}

/// A cage as the solver sees it.
#[derive(Clone, Debug)]
pub(super) struct CageRule {
    /// Its cells in [`Rules::cage_cells`].
    pub(super) cells: std::ops::Range<usize>,
    pub(super) kind: Kind,
    /// Its groups in [`Rules::groups`].
    pub(super) groups: std::ops::Range<usize>,
    /// The houses of its groups, bit `h` for house `h`: those whose sums a change of its
    /// table changes.
    pub(super) group_houses: u128,
    /// Whether its digits must all differ (the killer rule): the table says so already;
    /// bounds and checks enforce it apart.
    pub(super) distinct: bool,
}

/// The cells of one cage in one house, when there are at least two: the unit of the
/// cage-in-a-house and house-in-a-cage rules, and an item of the house's sum.
#[derive(Clone, Copy, Debug)]
pub(super) struct Group {
    pub(super) cage: usize,
    /// Its house: see [`Rules::houses`].
    pub(super) house: usize,
    /// The group's cells as a bitmask of their places in the cage.
    pub(super) slots: u32,
    /// The group's cells as positions in the house (column of a row, row of a column, place
    /// in a region's row-major list).
    pub(super) positions: u32,
    /// The number of cells.
    pub(super) size: u32,
    /// For a tabulated cage: for each digit `d`, the tuples that put it in one of the
    /// group's cells, the table's bitset at place `digits + d`.
    pub(super) digits: usize,
    /// The first of its residues in the engine, one per digit, each pointing at a word with
    /// a live tuple that does *not* put the digit in the group.
    pub(super) anti_residues: usize,
    /// Its partial sums, if its cage is tabulated and the house-sum rule is on.
    pub(super) sums: Option<GroupSums>,
    /// The digits every tuple of its cage's table puts in the group: what the
    /// cage-in-a-house rule finds at the root, before any tuple dies (see
    /// [`Engine::start`](super::engine::Engine::start)).
    pub(super) forced: u32,
}

/// For each sum a group's digits can make, the tuples that make it: value `low + k` is the
/// table's bitset at place `supports + k`.
#[derive(Clone, Copy, Debug)]
pub(super) struct GroupSums {
    pub(super) supports: usize,
    pub(super) low: u32,
    pub(super) span: u32,
    /// The first of its residues in the engine, one per value.
    pub(super) residues: usize,
    /// Where the set of sums its live tuples make is kept in the search state.
    pub(super) state: usize,
}

/// One term of a house's sum: a cell, or a group of cells of one cage.
#[derive(Clone, Copy, Debug)]
pub(super) enum Item {
    Cell(u32),
    Group(u32),
}

/// Words of the sets of sums of the house-sum rule for grids of side `n`: the sums of a house
/// run to `n (n + 1) / 2`. Above 22 (253) the rule is off: no corpus needs it, and the sets
/// would grow past four words.
pub(super) fn sum_words(n: usize) -> usize {
    match n {
        0..=10 => 1,
        11..=15 => 2,
        16..=22 => 4,
        _ => 0,
    }
}

/// Words of a group's set of sums as the search state keeps it, relative to its smallest:
/// a group of `s` cells has `s (n - s) + 1` sums, at most `n * n / 4 + 1`, one word up to
/// 15x15 and two up to 22x22.
pub(super) const fn kept_words(n: usize) -> usize {
    (n * n / 4 + 1).div_ceil(64)
}

/// The smallest side of a grid without the killer rule on which the house-sum rule also
/// runs on [sum regions](Rules::sum_regions), the two lines at each edge: measured on
/// 16x16, where it cuts the nodes by a third in all; grids up to 12x12 are left as they were (the
/// rules that help only large grids start at 13 here, as `SKIP_OPEN_FROM` and
/// `OPEN_WEIGHTS_FROM` do).
const EDGE_BANDS_FROM: usize = 13;

/// The sums a KenKen cage's `size` cells in a sum region can make, whose digits may repeat:
/// `size ..= size n`.
fn region_group_span(size: usize, n: usize) -> usize {
    size * n - size + 1
}

/// Scratch space for listing tables, kept from one cage to the next.
#[derive(Default)]
struct Scratch {
    /// A table of several words as it was listed, word-major (see [`Rules::tabulate`]), to
    /// be turned around from.
    blocks: Vec<u64>,
    sums: GroupSumScratch,
    /// Each group of the cage at hand: its cells, the place of its digits and of its sums,
    /// its lowest and highest sums.
    layout: Vec<(u32, usize, usize, usize, usize)>,
}

/// Scratch space for the sums of a group, kept from one block of a table to the next.
#[derive(Default)]
struct GroupSumScratch {
    /// For each sum `s` of the cells seen so far, the tuples of the block that make it.
    partial: Vec<u64>,
    next: Vec<u64>,
}

impl GroupSumScratch {
    /// Sets a group's sum bitsets in one block of its table (a word of every bitset) from
    /// its cells' supports: the tuples making `s` over cells `a, b, ...` are those that put
    /// `d` in `a` and make `s - d` over the rest, a loop over the sums and digits for 64
    /// tuples at a time. Tuples are listed cell by cell, so along a word the first cells'
    /// digits change slowly, and the partial sums a word makes early on are few: the others
    /// are skipped.
    fn sums(
        &mut self,
        words: &mut [u64],
        n: usize,
        slots: u32,
        sums_at: usize,
        low: usize,
        high: usize,
    ) {
        let size = slots.count_ones() as usize;
        if self.partial.len() <= size * n {
            self.partial.resize(size * n + 1, 0);
            self.next.resize(size * n + 1, 0);
        }
        debug_assert!(size >= 2, "a group has two cells or more");
        let mut cells = slots;
        let first = cells.trailing_zeros() as usize;
        cells &= cells - 1;
        // The sums over the first cell, value `lo + k` at `from[k]`, are its supports: read
        // where they are rather than copied into scratch space first, a call to `memcpy`
        // per group.
        let (mut lo, mut hi) = (1, n);
        let mut from_supports = true;
        while cells != 0 {
            let slot = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let support = &words[slot * n..(slot + 1) * n];
            let from = if from_supports {
                &words[first * n..(first + 1) * n]
            } else {
                &self.partial[lo..=hi]
            };
            from_supports = false;
            self.next[lo + 1..=hi + n].fill(0);
            for (s, &tuples) in (lo..).zip(from) {
                if tuples == 0 {
                    continue;
                }
                for (out, &word) in self.next[s + 1..=s + n].iter_mut().zip(support) {
                    *out |= tuples & word;
                }
            }
            std::mem::swap(&mut self.partial, &mut self.next);
            (lo, hi) = (lo + 1, hi + n);
        }
        words[sums_at..sums_at + high - low + 1].copy_from_slice(&self.partial[low..=high]);
    }
}

/// A solve's buffers for [`Rules`], kept for the next puzzle on the same thread (see
/// [`Context`](super::Context)).
#[derive(Default)]
pub(super) struct Spare {
    /// The last puzzle's rules, whose vectors [`Rules::new_in`] empties and refills.
    rules: Rules,
    scratch: Scratch,
    /// The digits open to the givens ([`Rules::open_to_givens`]).
    open: Vec<u32>,
}

/// Everything about the puzzle that does not change during the search.
#[derive(Default)]
pub(super) struct Rules {
    /// The side of the grid.
    pub(super) n: usize,
    /// The number of cells, `n * n`.
    pub(super) cells: usize,
    /// All digits of the grid.
    pub(super) full: u32,
    /// The houses: the rows (houses `0..n`), the columns (`n..2n`) and, in a puzzle with
    /// boxes or jigsaw regions, the regions (`2n..3n`).
    pub(super) houses: usize,
    /// Houses per cell: 2, or 3 with regions.
    pub(super) per_cell: usize,
    /// Whether this is a killer puzzle (every cage a sum of distinct digits).
    pub(super) killer: bool,
    /// The cell at position `p` of house `h`, at `h * n + p`.
    pub(super) house_cells: Vec<u32>,
    /// Each cell's houses and its position in each, at `cell * 3 + k` for its `k`th house.
    pub(super) cell_houses: Vec<(u8, u8)>,
    pub(super) cage_of: Vec<u32>,
    /// Digits given outside the cages, as (cell, bit).
    pub(super) givens: Vec<(u32, u32)>,
    /// The cells of every cage, cage after cage.
    pub(super) cage_cells: Vec<u32>,
    /// Beside each entry of [`Rules::cage_cells`], the digits some tuple of its cage puts in
    /// the cell (every digit for an untabulated cage): what the first revision of the cage
    /// would leave, so that [`Engine::start`](super::engine::Engine::start) sets it
    /// without revising (see there).
    pub(super) root_domains: Vec<u32>,
    pub(super) cages: Vec<CageRule>,
    pub(super) groups: Vec<Group>,
    /// For house `h` and position `p`, at `h * n + p`: the group of the cell there and the
    /// group's positions in the house, or [`NONE`] and no positions if its cage has no
    /// other cell in the house.
    pub(super) house_group: Vec<(u32, u32)>,
    /// Every bitset over tuples: the supports of every table, of every group's digits and
    /// of every group's sums.
    pub(super) supports: Vec<u64>,
    /// Words of all live-tuple bitsets together.
    pub(super) table_words: usize,
    /// Residues of all tables of several words and their groups together: a table of one
    /// word keeps none ([`Engine::meets`](super::engine::Engine::meets)), and its
    /// residues' places, shared with the next table's, are never read.
    pub(super) residue_count: usize,
    /// The number of tuples of each cage (0 if untabulated), to set up its bitset.
    pub(super) tuples: Vec<usize>,
    /// The houses with a sum: the houses, then (in killer puzzles with regions) the
    /// [sum regions](Rules::sum_regions) after them, house `houses + k` for the `k`th.
    pub(super) sum_houses: usize,
    /// What the items of each house with a sum add up to: `n (n + 1) / 2` for a house, the
    /// houses' total less the cages wholly inside for a sum region.
    pub(super) house_totals: Vec<u32>,
    /// The terms of every house's sum, house after house.
    pub(super) house_items: Vec<Item>,
    /// Where each house's items start in [`Rules::house_items`], and one past the last.
    pub(super) house_item_start: Vec<u32>,
    /// `u32` slots the groups' sets of sums take in the search state.
    pub(super) sum_slots: usize,
    /// For each cell, the houses whose sum has it as an item on its own, bit `h` for house
    /// `h`: losing a candidate changes those sums. A cell of a group changes its house's sum
    /// only through its cage's table, which says so when it changes.
    pub(super) alone_in_sums: Vec<u128>,
    /// Empty there, not zeroed: one allocation less per puzzle.
    pub(super) houses_of: Vec<u128>,
    /// Under the diagonal rule, the cells of the two long diagonals, `n` after `n`
    /// ([`Diagonal::BOTH`]'s order); empty without it. The diagonals are not houses of the
    /// engine's layout, which gives every cell the same houses: naked and hidden singles on
    /// them are rules of their own ([`Engine::diagonal_single`]).
    ///
    /// [`Engine::diagonal_single`]: super::engine::Engine::diagonal_single
    pub(super) diagonal_cells: Vec<u32>,
    /// Under the diagonal rule, the diagonals through each cell, bit `d` for the `d`th.
    pub(super) diagonal_of: Vec<u8>,
}

impl Rules {
    /// The rules of `puzzle`, in new vectors.
    #[cfg(test)]
    pub(super) fn new(puzzle: &Puzzle) -> Rules {
        Rules::new_in(puzzle, &mut Spare::default())
    }

    /// The rules of `puzzle`, in the vectors of `spare`: each emptied, then filled as a new
    /// one would be (see [`Spare`]).
    pub(super) fn new_in(puzzle: &Puzzle, spare: &mut Spare) -> Rules {
        // Every vector of the last rules, listed in full so that a field added later cannot
        // be left out of the refilling unnoticed; the numbers are worked out afresh.
        let Rules {
            n: _,
            cells: _,
            full: _,
            houses: _,
            per_cell: _,
            killer: _,
            house_cells,
            cell_houses,
            cage_of,
            givens,
            cage_cells,
            root_domains,
            cages,
            groups,
            house_group,
            supports,
            table_words: _,
            residue_count: _,
            tuples,
            sum_houses: _,
            house_totals,
            house_items,
            house_item_start,
            sum_slots: _,
            alone_in_sums,
            houses_of,
            diagonal_cells,
            diagonal_of,
        } = std::mem::take(&mut spare.rules);
        let n = puzzle.size();
        let cells = n * n;
        // The puzzle's cages, then a pseudo-cage for each cell in none (killer puzzles only).
        let uncovered: Vec<usize> = puzzle.uncovered().map(|c| c.index()).collect();
        let cage_count = puzzle.cages().len() + uncovered.len();
        let regions = puzzle.regions().houses(n);
        let per_cell = if regions.is_empty() { 2 } else { 3 };
        let houses = per_cell * n;
        let mut house_cells = filled(house_cells, houses * n, 0);
        let mut cell_houses = filled(cell_houses, 3 * cells, (0, 0));
        for cell in 0..cells {
            let (row, col) = (cell / n, cell % n);
            house_cells[row * n + col] = cell as u32;
            house_cells[(n + col) * n + row] = cell as u32;
            cell_houses[3 * cell] = (row as u8, col as u8);
            cell_houses[3 * cell + 1] = ((n + col) as u8, row as u8);
        }
        for (region, members) in regions.iter().enumerate() {
            let house = 2 * n + region;
            for (p, cell) in members.iter().enumerate() {
                house_cells[house * n + p] = cell.index() as u32;
                cell_houses[3 * cell.index() + 2] = (house as u8, p as u8);
            }
        }
        let mut rules = Rules {
            n,
            cells,
            full: (u64::MAX >> (64 - n)) as u32,
            houses,
            per_cell,
            killer: puzzle.options().killer,
            house_cells,
            cell_houses,
            cage_of: {
                let mut cage_of = emptied(cage_of, cells);
                cage_of.extend(
                    puzzle
                        .cells()
                        .map(|c| puzzle.cage_of(c).map_or(NONE, |id| id.index() as u32)),
                );
                for (k, &cell) in uncovered.iter().enumerate() {
                    cage_of[cell] = (puzzle.cages().len() + k) as u32;
                }
                cage_of
            },
            givens: {
                let mut givens = emptied(givens, 0);
                givens.extend(
                    puzzle
                        .cells()
                        .filter_map(|c| Some((c.index() as u32, 1 << (puzzle.given(c)? - 1)))),
                );
                givens
            },
            cage_cells: emptied(cage_cells, cells),
            root_domains: emptied(root_domains, cells),
            cages: emptied(cages, cage_count),
            // At most one group per cell and house.
            groups: emptied(groups, cells * per_cell / 2),
            house_group: filled(house_group, houses * n, (NONE, 0)),
            // Room for a few dozen small tables; large ones grow it.
            supports: emptied(supports, 1 << 12),
            table_words: 0,
            residue_count: 0,
            tuples: filled(tuples, cage_count, 0),
            sum_houses: houses,
            house_totals: emptied(house_totals, houses),
            house_items: emptied(house_items, houses * n),
            house_item_start: emptied(house_item_start, houses + 1),
            sum_slots: 0,
            alone_in_sums: filled(alone_in_sums, cells, 0),
            houses_of: emptied(houses_of, 0),
            diagonal_cells: emptied(diagonal_cells, 0),
            diagonal_of: emptied(diagonal_of, 0),
        };
        if puzzle.options().diagonals {
            rules.diagonal_of.resize(cells, 0);
            for (d, diagonal) in Diagonal::BOTH.iter().enumerate() {
                for cell in diagonal.cells(n) {
                    rules.diagonal_cells.push(cell.index() as u32);
                    rules.diagonal_of[cell.index()] |= 1 << d;
                }
            }
        }
        if n >= MATCHING_FROM {
            rules.houses_of.resize(cells, 0);
            for cell in 0..cells {
                for k in 0..per_cell {
                    rules.houses_of[cell] |= 1 << rules.house_of(cell, k).0;
                }
            }
        }
        let options = puzzle.options();
        let open = rules.open_to_givens(puzzle, std::mem::take(&mut spare.open));
        let scratch = &mut spare.scratch;
        let sum_regions = rules.sum_regions(options.killer);
        rules.sum_houses = houses + sum_regions.len();
        for (id, cage) in puzzle.cages().iter().enumerate() {
            let start = rules.cage_cells.len();
            rules
                .cage_cells
                .extend(cage.cells().iter().map(|c| c.index() as u32));
            let m = cage.cells().len();
            let groups_start = rules.groups.len();
            rules.add_groups(id, start..start + m);
            let groups = groups_start..rules.groups.len();
            rules.add_region_groups(
                id,
                start..start + m,
                groups_start,
                &sum_regions,
                cage,
                options.killer,
            );
            let mut in_regions = groups.end..rules.groups.len();
            let table = loop {
                let table = rules.tabulate(
                    cage,
                    groups.clone(),
                    in_regions.clone(),
                    options,
                    &open,
                    scratch,
                );
                if table.is_some() || in_regions.is_empty() || options.killer {
                    break table;
                }
                // The regions' sums made the table too large: the table without them. (A
                // cage with too many tuples is listed twice then, at set-up only.)
                rules.groups.truncate(groups.end);
                in_regions = groups.end..groups.end;
            };
            let kind = match table {
                Some(table) => Kind::Table(table),
                // Bounds hold for sums and products; the killer rule is the houses' business
                // then, the rule being a relaxation here.
                None if cage.operation() == Operation::Multiply => Kind::Product(cage.target()),
                None if cage.operation() == Operation::Add => Kind::Sum(cage.target()),
                // Anything else is checked once its cells are all single.
                None => Kind::Check(cage.operation(), cage.target(), options),
            };
            if !matches!(kind, Kind::Table(_)) {
                let full = rules.full;
                rules.root_domains.extend(std::iter::repeat_n(full, m));
            }
            let group_houses = rules.groups[groups.start..in_regions.end]
                .iter()
                .fold(0, |houses, group| houses | 1 << group.house);
            rules.cages.push(CageRule {
                cells: start..start + m,
                kind,
                groups,
                group_houses,
                distinct: options.killer,
            });
        }
        for &cell in &uncovered {
            let start = rules.cage_cells.len();
            rules.cage_cells.push(cell as u32);
            rules.root_domains.push(rules.full);
            let groups = rules.groups.len()..rules.groups.len();
            rules.cages.push(CageRule {
                cells: start..start + 1,
                kind: Kind::Free,
                groups,
                group_houses: 0,
                distinct: false,
            });
        }
        if sum_words(n) > 0 {
            rules.add_house_items();
            rules.add_region_items(puzzle, &sum_regions);
        }
        spare.open = open;
        rules
    }

    /// Gives the vectors back to `spare` for the next puzzle, as far as `keep` has room.
    pub(super) fn into_spare(self, spare: &mut Spare, keep: &mut Keep) {
        let Rules {
            n: _,
            cells: _,
            full: _,
            houses: _,
            per_cell: _,
            killer: _,
            house_cells,
            cell_houses,
            cage_of,
            givens,
            cage_cells,
            root_domains,
            cages,
            groups,
            house_group,
            supports,
            table_words: _,
            residue_count: _,
            tuples,
            sum_houses: _,
            house_totals,
            house_items,
            house_item_start,
            sum_slots: _,
            alone_in_sums,
            houses_of,
            diagonal_cells,
            diagonal_of,
        } = self;
        spare.rules = Rules {
            house_cells: keep.vec(house_cells),
            cell_houses: keep.vec(cell_houses),
            cage_of: keep.vec(cage_of),
            givens: keep.vec(givens),
            cage_cells: keep.vec(cage_cells),
            root_domains: keep.vec(root_domains),
            cages: keep.vec(cages),
            groups: keep.vec(groups),
            house_group: keep.vec(house_group),
            supports: keep.vec(supports),
            tuples: keep.vec(tuples),
            house_totals: keep.vec(house_totals),
            house_items: keep.vec(house_items),
            house_item_start: keep.vec(house_item_start),
            alone_in_sums: keep.vec(alone_in_sums),
            houses_of: keep.vec(houses_of),
            diagonal_cells: keep.vec(diagonal_cells),
            diagonal_of: keep.vec(diagonal_of),
            ..Rules::default()
        };
        let Scratch {
            blocks,
            sums: GroupSumScratch { partial, next },
            layout,
        } = &mut spare.scratch;
        *blocks = keep.vec(std::mem::take(blocks));
        *partial = keep.vec(std::mem::take(partial));
        *next = keep.vec(std::mem::take(next));
        *layout = keep.vec(std::mem::take(layout));
        spare.open = keep.vec(std::mem::take(&mut spare.open));
    }

    /// Lists the tuples of `cage` (whose groups are `groups`) into a table, or `None` if it
    /// has too many.
    fn tabulate(
        &mut self,
        cage: &Cage,
        groups: std::ops::Range<usize>,
        in_regions: std::ops::Range<usize>,
        options: Options,
        open: &[u32],
        scratch: &mut Scratch,
    ) -> Option<Table> {
        let n = self.n;
        let m = cage.cells().len();
        // The block: every cell's supports, then each group's digits, then its sums.
        let mut place = m * n;
        for g in groups.clone() {
            self.groups[g].digits = place;
            place += n;
        }
        let with_sums = sum_words(n) > 0;
        let Scratch {
            blocks,
            sums,
            layout,
        } = scratch;
        layout.clear();
        // A group in a sum region has no digits' bitsets (only houses' groups lock digits),
        // only sums: `NO_DIGITS` in the layout.
        for g in groups.start..in_regions.end {
            let size = self.groups[g].size as usize;
            // The group's cells are in one house, or (in a sum region) of a killer cage, so
            // its digits are distinct: its sums run from 1 + 2 + .. to n + (n - 1) + ...
            // A KenKen cage's cells in a sum region may repeat a digit: `size ..= size n`.
            let (low, high) = if g >= groups.end && !options.killer {
                (size, size * n)
            } else {
                (size * (size + 1) / 2, size * n - size * (size - 1) / 2)
            };
            let digits = if g < groups.end {
                self.groups[g].digits
            } else {
                NO_DIGITS
            };
            layout.push((self.groups[g].slots, digits, place, low, high));
            if with_sums {
                self.groups[g].sums = Some(GroupSums {
                    supports: place,
                    low: low as u32,
                    span: (high - low + 1) as u32,
                    residues: 0,
                    state: 0,
                });
                place += high - low + 1;
            }
        }
        let block = place;
        // The houses each cell is in, for the listing never to repeat a digit in one; with
        // the killer rule the cage itself is one more.
        if m > tables::MAX_CELLS {
            return None;
        }
        let mut lines = [[tables::NO_LINE; tables::LINES_PER_CELL]; tables::MAX_CELLS];
        for (slot, cell) in lines.iter_mut().zip(cage.cells()) {
            let houses = &self.cell_houses[3 * cell.index()..3 * cell.index() + self.per_cell];
            for (line, house) in slot.iter_mut().zip(houses) {
                *line = u16::from(house.0);
            }
            if options.killer {
                slot[3] = self.houses as u16;
            }
        }
        let lines = &lines[..m];
        let mut allowed = [0; tables::MAX_CELLS];
        for (slot, cell) in allowed.iter_mut().zip(cage.cells()) {
            *slot = open[cell.index()];
        }
        // The digits each cell takes in some tuple, noted as the tuples are listed.
        let mut domains = [0u32; tables::MAX_CELLS];
        // The table is listed at the end of the supports, word-major: a block of one word
        // of every bitset after the other (see [`tables`]). Most tables have one word, and
        // this is their layout already; the few others are turned around once complete.
        let start = self.supports.len();
        // The bit of the last tuple in its block (0 before the first), and where that block
        // starts in the supports.
        let (mut bit, mut at) = (0u64, 0);
        let listed = tables::list_tuples(
            cage,
            n,
            lines,
            &allowed[..m],
            options.multi_cell,
            #[inline(always)]
            |digits| {
                bit <<= 1;
                if bit == 0 {
                    // The first tuple of a new word: a new block.
                    at = self.supports.len();
                    if at - start + block > tables::MAX_SUPPORT_WORDS {
                        return false;
                    }
                    self.supports.resize(at + block, 0);
                    bit = 1;
                }
                // The block is the last in the supports: only its start to check.
                let words = &mut self.supports[at..];
                for ((slot, &d), domain) in digits.iter().enumerate().zip(&mut domains) {
                    words[slot * n + usize::from(d)] |= bit;
                    *domain |= 1 << d;
                }
                true
            },
        );
        let Some(tuples) = listed else {
            self.supports.truncate(start);
            for g in groups.start..in_regions.end {
                self.groups[g].sums = None;
            }
            return None;
        };
        // What follows from the cells' supports is worked out word by word (64 tuples at a
        // time) rather than tuple by tuple: each group's digits, sums and forced digits.
        let mut forced = [if tuples > 0 { self.full } else { 0 }; 2 * tables::MAX_CELLS];
        // A sum cage whose one group is all of it, in one house: every tuple makes the
        // target there, and its sums need no working out.
        let target = cage.target() as usize;
        let whole_sum =
            cage.operation() == Operation::Add && layout.len() == 1 && layout[0].0 == (1 << m) - 1;
        for (b, words) in self.supports[start..].chunks_exact_mut(block).enumerate() {
            // The tuples of this block.
            let listed = u64::MAX >> (64 * (b + 1)).saturating_sub(tuples).min(63);
            for (&(slots, digits_at, sums_at, low, high), forced) in layout.iter().zip(&mut forced)
            {
                if digits_at == NO_DIGITS {
                    // Setting these tuple by tuple as they are listed, tried, cost more:
                    // 301 against 280 million instructions over Solo's 250 killers.
                    if with_sums {
                        sums.sums(words, n, slots, sums_at, low, high);
                    }
                    continue;
                }
                // The cells' supports come first in the block, the groups' after: split,
                // the two slices cannot overlap, and the loop is a few vector operations.
                let (cells, groups) = words.split_at_mut(m * n);
                let digits = &mut groups[digits_at - m * n..digits_at - m * n + n];
                let mut bits = slots;
                while bits != 0 {
                    let slot = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    for (out, &word) in digits.iter_mut().zip(&cells[slot * n..(slot + 1) * n]) {
                        *out |= word;
                    }
                }
                let mut bits = *forced;
                while bits != 0 {
                    let d = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if digits[d] != listed {
                        *forced &= !(1 << d);
                    }
                }
                if with_sums && whole_sum {
                    // Every tuple of a sum cage makes its target over all its cells (the
                    // block is zero elsewhere): most of Keen's `+` dominoes, a line each.
                    words[sums_at + target - low] = listed;
                } else if with_sums {
                    sums.sums(words, n, slots, sums_at, low, high);
                }
            }
        }
        // Listed word-major, one block after the other; kept bitset by bitset.
        let words = tuples.div_ceil(64);
        if words > 1 {
            blocks.clear();
            blocks.extend_from_slice(&self.supports[start..]);
            let bitsets = &mut self.supports[start..];
            for (offset, block) in blocks.chunks_exact(block).enumerate() {
                for (place, &word) in block.iter().enumerate() {
                    bitsets[place * words + offset] = word;
                }
            }
        }
        let table = Table {
            base: self.table_words,
            words,
            supports: start,
            residues: self.residue_count,
        };
        self.table_words += table.words;
        self.root_domains.extend_from_slice(&domains[..m]);
        // Room for residues only in tables of several words, most of Keen's having one: the
        // engine's residues, zeroed per puzzle, had been a few kilobytes.
        let kept = usize::from(words > 1);
        self.residue_count += kept * m * n;
        self.tuples[self.cages.len()] = tuples;
        for (g, &forced) in (groups.start..in_regions.end).zip(&forced) {
            if g < groups.end {
                self.groups[g].forced = forced;
                self.groups[g].anti_residues = self.residue_count;
                self.residue_count += kept * n;
            }
            if let Some(sums) = &mut self.groups[g].sums {
                sums.residues = self.residue_count;
                sums.state = self.sum_slots;
                self.residue_count += kept * sums.span as usize;
                self.sum_slots += 2 * kept_words(n);
            }
        }
        Some(table)
    }

    /// The digits each cell may hold as far as the givens tell: a given digit, or a
    /// one-cell cage's, is ruled out of the rest of its houses. Cages are listed within
    /// these, so that their tables leave out at once the tuples a given refutes: fewer
    /// tuples to list and to filter, and the same state after the first propagation. Node
    /// counts are the same on every corpus.
    fn open_to_givens(&self, puzzle: &Puzzle, open: Vec<u32>) -> Vec<u32> {
        let n = self.n;
        let mut open = filled(open, self.cells, self.full);
        let one_cell_cages = puzzle
            .cages()
            .iter()
            .filter(|cage| cage.cells().len() == 1 && cage.operation() == Operation::Given)
            .map(|cage| (cage.cells()[0].index(), cage.target()));
        let givens = self
            .givens
            .iter()
            .map(|&(cell, bit)| (cell as usize, u64::from(bit.trailing_zeros()) + 1));
        for (cell, digit) in one_cell_cages.chain(givens) {
            if !(1..=n as u64).contains(&digit) {
                continue;
            }
            let bit = 1 << (digit - 1);
            for k in 0..self.per_cell {
                let (house, p) = self.house_of(cell, k);
                for q in (0..n).filter(|&q| q != p) {
                    open[self.house_cell(house, q)] &= !bit;
                }
            }
        }
        open
    }

    /// Adds the groups of cage `id` (cells `range` of [`Rules::cage_cells`]).
    fn add_groups(&mut self, id: usize, range: std::ops::Range<usize>) {
        let n = self.n;
        let cells = &self.cage_cells[range];
        if cells.len() > tables::MAX_CELLS {
            return;
        }
        // The houses the cage meets, as a bitmask (at most 96 of them), in order.
        let mut met = 0u128;
        for &cell in cells {
            for k in 0..self.per_cell {
                met |= 1 << self.cell_houses[3 * cell as usize + k].0;
            }
        }
        while met != 0 {
            let house = met.trailing_zeros() as usize;
            met &= met - 1;
            let (mut slots, mut positions, mut size) = (0u32, 0u32, 0u32);
            // A cell's `k`th house is a row, a column or a region for `k` = 0, 1, 2, as
            // houses are numbered: one look per cell rather than a search of its houses.
            let k = house / n;
            for (slot, &cell) in cells.iter().enumerate() {
                let (h, p) = self.cell_houses[3 * cell as usize + k];
                if usize::from(h) == house {
                    slots |= 1 << slot;
                    positions |= 1 << p;
                    size += 1;
                }
            }
            if size >= 2 {
                let group = self.groups.len() as u32;
                let mut bits = positions;
                while bits != 0 {
                    self.house_group[house * n + bits.trailing_zeros() as usize] =
                        (group, positions);
                    bits &= bits - 1;
                }
                self.groups.push(Group {
                    cage: id,
                    house,
                    slots,
                    positions,
                    size,
                    digits: 0,
                    anti_residues: 0,
                    sums: None,
                    forced: 0,
                });
            }
        }
    }

    /// The sum regions: unions of houses of one kind whose cells add up to a known total,
    /// `k n (n + 1) / 2` for `k` houses, less the sum cages wholly inside.
    ///
    /// In a killer puzzle with regions, up to 11x11 (as measured, when regions were bitmasks
    /// of 128 cells): the rows `1..=k` for `k` from 2 to `n - 1` (the rows below are the
    /// same sum seen from the other side), the columns likewise, and the regions `1..=k` in
    /// their order when that is no union of rows already; and under the diagonal rule, the
    /// two diagonals.
    ///
    /// In any other puzzle from [`EDGE_BANDS_FROM`] up: the two rows at the top, the two at
    /// the bottom, the two columns at the left and the two at the right. A cage's digits may
    /// repeat there, so its part in a region is an item whose sums run from `size` to
    /// `size n`, and a cage wholly inside is an item too unless it is a sum. On
    /// `random/unique-16x16` these four bands took the uniqueness checks from 1.06 million
    /// nodes to 668,000 (the slowest from 531,000 to 181,000), for some 4-8% more
    /// instructions a node; every two-line window, a partition into two-line bands or bands
    /// of three cut nodes as much or less and cost more (see `docs/design/engine-notes.md`,
    /// *house_sums.rs*).
    ///
    /// ```text
    ///   rows 1-2 of a killer:  [14+ . . ][ 9+ . ][ ...       a cage crossing the region's
    ///                          [ .  . 8+ . ][ . ...          edge is an item (its cells
    ///   ---------------------------------------------        inside); one wholly inside
    ///                            ^ 17+ crossing rows 2-3     is a constant
    /// ```
    fn sum_regions(&self, killer: bool) -> Vec<CellSet> {
        let n = self.n;
        let mut regions: Vec<CellSet> = Vec::new();
        if sum_words(n) == 0 {
            return regions;
        }
        if !killer {
            if n < EDGE_BANDS_FROM {
                return regions;
            }
            for kind in 0..2 {
                for lines in [0..2, n - 2..n] {
                    let mut union = CellSet::EMPTY;
                    for line in lines {
                        for p in 0..n {
                            union.insert(self.house_cell(kind * n + line, p));
                        }
                    }
                    regions.push(union);
                }
            }
            return regions;
        }
        if self.per_cell < 3 || self.cells > 128 {
            return regions;
        }
        for kind in 0..3 {
            let mut union = CellSet::EMPTY;
            for k in 0..n - 1 {
                for p in 0..n {
                    union.insert(self.house_cell(kind * n + k, p));
                }
                if k >= 1 && !regions.contains(&union) {
                    regions.push(union);
                }
            }
        }
        // Under the diagonal rule each diagonal adds up to `n (n + 1) / 2` as a house does:
        // the 45 rule on the diagonals, which the engine's houses leave out (see
        // `diagonal_cells`).
        for diagonal in self.diagonal_cells.chunks_exact(n) {
            let mut union = CellSet::EMPTY;
            for &cell in diagonal {
                union.insert(cell as usize);
            }
            regions.push(union);
        }
        // Houses with a sum are bits of a `u128` (see [`Queues`](super::engine::Queues)).
        regions.truncate(128 - self.houses);
        regions
    }

    /// Adds the groups of cage `id` (cells `range` of [`Rules::cage_cells`]) in the sum
    /// regions it crosses with two cells or more: items of those regions' sums, with no
    /// digits' bitsets (a region's digits repeat).
    fn add_region_groups(
        &mut self,
        id: usize,
        range: std::ops::Range<usize>,
        groups_start: usize,
        regions: &[CellSet],
        cage: &Cage,
        killer: bool,
    ) {
        let cells = &self.cage_cells[range];
        if cells.len() > tables::MAX_CELLS {
            return;
        }
        let constant = matches!(cage.operation(), Operation::Add | Operation::Given);
        for (k, region) in regions.iter().enumerate() {
            let (mut slots, mut size) = (0u32, 0u32);
            for (slot, &cell) in cells.iter().enumerate() {
                if region.has(cell as usize) {
                    slots |= 1 << slot;
                    size += 1;
                }
            }
            // A sum cage wholly inside is a constant of the region's total; in a KenKen any
            // other cage wholly inside is an item like one crossing the edge (a killer's
            // keep their cells as items, as they were measured).
            if size < 2 || (size as usize == cells.len() && (constant || killer)) {
                continue;
            }
            if !killer && region_group_span(size as usize, self.n) > 64 * kept_words(self.n) {
                continue;
            }
            // A table's layout has room for `2 * MAX_CELLS` groups.
            if self.groups.len() - groups_start >= 2 * tables::MAX_CELLS {
                break;
            }
            self.groups.push(Group {
                cage: id,
                house: self.houses + k,
                slots,
                positions: 0,
                size,
                digits: NO_DIGITS,
                anti_residues: 0,
                sums: None,
                forced: 0,
            });
        }
    }

    /// Lists the items of every house for the house-sum rule: its groups, and its cells whose
    /// cage has no other cell in the house. A group of an untabulated cage counts as its
    /// cells.
    fn add_house_items(&mut self) {
        let n = self.n;
        for house in 0..self.houses {
            self.house_item_start.push(self.house_items.len() as u32);
            for p in 0..n {
                let (group, within) = self.house_group[house * n + p];
                let cell = self.house_cell(house, p);
                if group != NONE && self.groups[group as usize].sums.is_some() {
                    // Listed at its first position in the house, rather than looked for
                    // among the items so far.
                    if within.trailing_zeros() as usize == p {
                        self.house_items.push(Item::Group(group));
                    }
                } else {
                    self.house_items.push(Item::Cell(cell as u32));
                    self.alone_in_sums[cell] |= 1 << house;
                }
            }
            self.house_totals.push((n * (n + 1) / 2) as u32);
        }
    }

    /// Lists the items of every sum region ([`Rules::sum_regions`]) after the houses': the
    /// groups of the cages crossing its edge, and its cells in no such group. The cages
    /// wholly inside are constants, taken off its total. A region with more items than
    /// the house-sum rule takes gets none, and a total of 0: it says nothing.
    fn add_region_items(&mut self, puzzle: &Puzzle, regions: &[CellSet]) {
        let n = self.n;
        let house_total = n * (n + 1) / 2;
        for (k, region) in regions.iter().enumerate() {
            let house = self.houses + k;
            let first = self.house_items.len();
            self.house_item_start.push(first as u32);
            let mut left = *region;
            let mut total = region.len() / n * house_total;
            for cage in puzzle.cages() {
                let inside = cage.cells().iter().all(|c| region.has(c.index()));
                let constant = matches!(cage.operation(), Operation::Add | Operation::Given);
                if inside && constant {
                    total = total.saturating_sub(cage.target() as usize);
                    for c in cage.cells() {
                        left.remove(c.index());
                    }
                }
            }
            for (g, group) in self.groups.iter().enumerate() {
                if group.house != house || group.sums.is_none() {
                    continue;
                }
                let start = self.cages[group.cage].cells.start;
                let mut slots = group.slots;
                while slots != 0 {
                    left.remove(self.cage_cells[start + slots.trailing_zeros() as usize] as usize);
                    slots &= slots - 1;
                }
                self.house_items.push(Item::Group(g as u32));
            }
            let groups = self.house_items.len() - first;
            if groups + left.len() > MAX_REGION_ITEMS {
                self.house_items.truncate(first);
                self.house_totals.push(0);
                continue;
            }
            for cell in left.cells() {
                self.house_items.push(Item::Cell(cell as u32));
                self.alone_in_sums[cell] |= 1 << house;
            }
            self.house_totals.push(total as u32);
        }
        self.house_item_start.push(self.house_items.len() as u32);
    }

    /// The cell at position `p` of `house`.
    #[inline]
    pub(super) fn house_cell(&self, house: usize, p: usize) -> usize {
        self.house_cells[house * self.n + p] as usize
    }

    /// The `k`th house of `cell` (`k < per_cell`) and the cell's position in it.
    #[inline]
    pub(super) fn house_of(&self, cell: usize, k: usize) -> (usize, usize) {
        let (house, p) = self.cell_houses[3 * cell + k];
        (usize::from(house), usize::from(p))
    }

    /// The items of `house`'s sum.
    #[inline]
    pub(super) fn items(&self, house: usize) -> &[Item] {
        &self.house_items
            [self.house_item_start[house] as usize..self.house_item_start[house + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cell;

    /// A 6x6 tiled by cages of four and five cells across rows and columns, so that most
    /// cages have groups of two or more cells in several houses.
    fn puzzle() -> Puzzle {
        let cages: [(Operation, u64, &[u16]); 8] = [
            (Operation::Add, 14, &[0, 1, 2, 6]),
            (Operation::Add, 17, &[3, 4, 5, 11, 17]),
            (Operation::Multiply, 60, &[7, 8, 13, 14]),
            (Operation::Add, 20, &[9, 10, 15, 16, 21]),
            (Operation::Add, 13, &[12, 18, 24, 30]),
            (Operation::Multiply, 360, &[19, 20, 25, 26, 27]),
            (Operation::Add, 12, &[22, 23, 28, 29]),
            (Operation::Add, 18, &[31, 32, 33, 34, 35]),
        ];
        let cages = cages
            .iter()
            .map(|&(operation, target, cells)| {
                Cage::new(operation, target, cells.iter().map(|&c| Cell(c)).collect())
            })
            .collect();
        Puzzle::new(6, cages).expect("a valid tiling")
    }

    /// Whether tuple `t` of a table has its bit in the bitset at `place`.
    fn has(rules: &Rules, table: &Table, place: usize, t: usize) -> bool {
        rules.supports[table.at(t / 64, place)] >> (t % 64) & 1 == 1
    }

    #[test]
    fn group_sums_and_domains_agree_with_each_tuple() {
        let rules = Rules::new(&puzzle());
        let n = rules.n;
        let mut tables = 0;
        for (id, cage) in rules.cages.iter().enumerate() {
            let Kind::Table(table) = cage.kind else {
                continue;
            };
            tables += 1;
            let m = cage.cells.len();
            let mut domains = vec![0u32; m];
            // The digits every tuple puts in each group.
            let mut forced = vec![rules.full; cage.groups.len()];
            for t in 0..rules.tuples[id] {
                // The tuple's digits, read back from the cells' supports: one per cell.
                let digits: Vec<usize> = (0..m)
                    .map(|slot| {
                        let found: Vec<usize> = (0..n)
                            .filter(|&d| has(&rules, &table, slot * n + d, t))
                            .collect();
                        assert_eq!(found.len(), 1, "cage {id} tuple {t} slot {slot}");
                        found[0]
                    })
                    .collect();
                for (domain, &d) in domains.iter_mut().zip(&digits) {
                    *domain |= 1 << d;
                }
                for (group, forced) in rules.groups[cage.groups.clone()].iter().zip(&mut forced) {
                    *forced &= (0..m)
                        .filter(|&slot| group.slots >> slot & 1 == 1)
                        .fold(0, |mask, slot| mask | 1 << digits[slot]);
                    let sum: usize = (0..m)
                        .filter(|&slot| group.slots >> slot & 1 == 1)
                        .map(|slot| digits[slot] + 1)
                        .sum();
                    let sums = group.sums.expect("sums are on at 6x6");
                    for k in 0..sums.span as usize {
                        let expected = sums.low as usize + k == sum;
                        assert_eq!(has(&rules, &table, sums.supports + k, t), expected);
                    }
                    for d in 0..n {
                        let expected =
                            (0..m).any(|slot| group.slots >> slot & 1 == 1 && digits[slot] == d);
                        assert_eq!(has(&rules, &table, group.digits + d, t), expected);
                    }
                }
            }
            assert_eq!(rules.root_domains[cage.cells.clone()], domains[..]);
            let recorded: Vec<u32> = rules.groups[cage.groups.clone()]
                .iter()
                .map(|group| group.forced)
                .collect();
            assert_eq!(recorded, forced, "forced digits of cage {id}");
        }
        assert_eq!(tables, 8);
        // The 18+ over the five cells of the last row leaves out 3, and puts every other
        // digit there: some group has forced digits to check.
        assert!(rules.groups.iter().any(|group| group.forced != 0));
        // Tables of several words, whose blocks are turned around after listing.
        assert!(rules.tuples.iter().any(|&tuples| tuples > 128));
    }

    #[test]
    fn givens_rule_their_digit_out_of_the_tables() {
        // The 6x6 above with its first cage split into 11+ over cells 0, 1 (row 0) and 6,
        // and a given 3 in cell 2, also of row 0.
        let mut cages = puzzle().cages().to_vec();
        cages[0] = Cage::new(Operation::Add, 11, vec![Cell(0), Cell(1), Cell(6)]);
        cages.push(Cage::given(Cell(2), 3));
        // The tuples of the 11+ with a 3 in row 0.
        let threes = |cages: Vec<Cage>| {
            let rules = Rules::new(&Puzzle::new(6, cages).expect("a valid tiling"));
            let Kind::Table(table) = rules.cages[0].kind else {
                panic!("the cage is tabulated");
            };
            assert!(rules.tuples[0] > 0);
            (0..rules.tuples[0])
                .filter(|&t| (0..2).any(|slot| has(&rules, &table, slot * 6 + 2, t)))
                .count()
        };
        assert_eq!(threes(cages.clone()), 0);
        // With a 3+ cage instead of the given, the 3 stays: 3 2 6, 3 5 3, ...
        cages.pop();
        cages.push(Cage::new(Operation::Add, 3, vec![Cell(2)]));
        assert!(threes(cages) > 0);
    }

    /// A 9x9 killer made by Simon Tatham's Solo (`corpora/killer/solo-basic.kk`, its first
    /// puzzle), and its solution.
    const KILLER: &str = "# killer\n\
# boxes 3x3\n\
20+,0 9 10\n\
3+,1 2\n\
19+,3 11 12\n\
20+,4 5 14\n\
8+,6 7\n\
19+,8 17 26\n\
3+,13 22\n\
8+,15 16\n\
11+,18 27\n\
10+,19 28\n\
16+,20 29 38\n\
8+,21 30\n\
12+,23 24\n\
10+,25 34\n\
12+,31 40\n\
10+,32 33\n\
8+,35 44\n\
3+,36 45\n\
15+,37 46\n\
5+,39 48\n\
10+,41 50\n\
12+,42 51 60\n\
12+,43 52\n\
13+,47 56\n\
12+,49 58\n\
16+,53 62 71\n\
9+,54 55\n\
14+,57 66\n\
3+,59 68\n\
13+,61 70\n\
7+,63 64\n\
7+,65 74\n\
18+,67 75 76\n\
20+,69 77 78\n\
14+,72 73\n\
5+,79 80\n";
    const KILLER_SOLUTION: &str =
        "812469357397815624564723918643178295189256743275394186728531469436982571951647832";

    #[test]
    fn sum_regions_add_up_to_their_totals_in_a_solution() {
        let puzzle = crate::formats::kk::parse(KILLER).expect("a killer in the kk format");
        let rules = Rules::new(&puzzle);
        // Rows 1-2 .. 1-8, columns likewise, boxes 1-2, 1-4, 1-5, 1-7, 1-8 (1-3 and 1-6 are
        // rows 1-3 and 1-6).
        assert_eq!(rules.sum_houses - rules.houses, 7 + 7 + 5);
        let digits: Vec<u32> = KILLER_SOLUTION
            .bytes()
            .map(|b| u32::from(b - b'0'))
            .collect();
        // Cages cross the regions' edges, so the regions have groups of their own.
        assert!(region_groups_add_up(&rules, &digits) > 0);
    }

    /// Checks that every house's and sum region's items add up to its total in the
    /// solution `digits`; the number of groups the regions have.
    fn region_groups_add_up(rules: &Rules, digits: &[u32]) -> usize {
        let mut groups = 0;
        for house in 0..rules.sum_houses {
            let mut sum = 0;
            for &item in rules.items(house) {
                match item {
                    Item::Cell(cell) => sum += digits[cell as usize],
                    Item::Group(g) => {
                        let group = rules.groups[g as usize];
                        let cells = &rules.cage_cells[rules.cages[group.cage].cells.clone()];
                        sum += (0..cells.len())
                            .filter(|&slot| group.slots >> slot & 1 == 1)
                            .map(|slot| digits[cells[slot] as usize])
                            .sum::<u32>();
                        groups += usize::from(house >= rules.houses);
                    }
                }
            }
            assert_eq!(sum, rules.house_totals[house], "house {house}");
        }
        groups
    }

    /// From [`EDGE_BANDS_FROM`] up, a KenKen grid's two lines at each edge are sum regions,
    /// its products and differences wholly inside them items like the cages crossing out.
    #[test]
    fn kenken_edge_bands_add_up_to_their_totals_in_a_solution() {
        let text = include_str!("../../../../../corpora/random/unique-16x16.kk");
        for entry in crate::formats::kk::parse_all(text).into_iter().take(3) {
            let entry = entry.expect("the corpus reads");
            let rules = Rules::new(&entry.puzzle);
            assert_eq!(rules.sum_houses - rules.houses, 4);
            let digits: Vec<u32> = entry
                .meta("solution")
                .expect("the corpus gives solutions")
                .split(',')
                .map(|d| d.parse().expect("a digit"))
                .collect();
            assert!(region_groups_add_up(&rules, &digits) > 0);
        }
    }

    /// A KenKen grid below [`EDGE_BANDS_FROM`] has its houses' sums only.
    #[test]
    fn no_sum_regions_in_a_small_kenken() {
        assert_eq!(Rules::new(&puzzle()).sum_houses, 12);
    }
}
