//! The state the rules work on: the candidates of every cell, which cells are placed, and for
//! every cage the layouts that still fit those candidates.
//!
//! A cage's full list of layouts is computed once per puzzle (by [`solve::init`], which lists
//! exactly the digit tuples that meet a cage's arithmetic without a repeat in a row, column or
//! region among its own cells) and shared by every copy of the state; a state keeps only the
//! indices of the layouts still alive. Candidates only ever shrink, so a layout that stops
//! fitting never fits again: each cage filters its list again only when one of its cells lost a
//! candidate (its `dirty` flag), and caches what the cage rules read (the digits of all
//! layouts, the digits per cell, the digits every layout puts in a house).
//!
//! [`solve::init`]: crate::solve::init

use std::sync::{Arc, OnceLock};

use super::bits::Bits;
use crate::model::{and_list, CageId, Cell, Diagonal, DigitSet, Operation, Puzzle, Regions};
use crate::solve::tables::Table;

/// What a contradictory state has, as data (its words on request, [`Contradiction::describe`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Contradiction {
    /// A cell with no digit left.
    NoDigit(Cell),
    /// Cage `k` has no layout left.
    NoLayout(usize),
    /// House `h` has no place for these digits.
    NoPlace(usize, DigitSet),
    /// House `h` holds a digit twice.
    Twice(usize, u8),
}

impl Contradiction {
    /// In words: `r3c4 has no digit left`, `cage 12+ at r3c4 has no layout left`.
    pub(crate) fn describe(&self, g: &Geometry, puzzle: &Puzzle) -> String {
        match *self {
            Contradiction::NoDigit(cell) => format!("{} has no digit left", g.cell(cell)),
            Contradiction::NoLayout(k) => format!(
                "cage {} has no {} left",
                puzzle.cage_name(CageId(k as u16)),
                // Killer players speak of combinations, KenKen's of layouts.
                if g.killer { "combination" } else { "layout" }
            ),
            Contradiction::NoPlace(h, missing) => {
                format!(
                    "{} has no place for {}",
                    g.house_name(h),
                    digit_list(missing)
                )
            }
            Contradiction::Twice(h, d) => format!("{} holds {} twice", g.house_name(h), d),
        }
    }
}

/// What kind of house: a row, a column, a box or jigsaw region, or a long diagonal under the
/// diagonal rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HouseKind {
    Row(usize),
    Col(usize),
    Region(usize),
    Diagonal(Diagonal),
}

/// A group of `n` cells holding every digit once.
#[derive(Clone, Debug)]
pub(crate) struct House {
    pub(crate) kind: HouseKind,
    pub(crate) cells: Vec<Cell>,
}

/// Everything about a puzzle that no step changes: houses, peers, cages and their layouts.
#[derive(Clone, Debug)]
pub(crate) struct Geometry {
    pub(crate) n: usize,
    pub(crate) houses: Arc<Vec<House>>,
    /// Whether the puzzle has boxes (region houses are then called boxes in texts).
    pub(crate) boxes: bool,
    /// Whether the killer rule holds (no digit twice in a cage): steps then count a cage's
    /// combinations, as killer players do, where KenKen's count its layouts.
    pub(crate) killer: bool,
    /// The cells sharing a house with each cell (itself excluded).
    pub(crate) peers: Arc<Vec<Vec<Cell>>>,
    /// The houses of each cell, bit `h` for house `h` (at most `3 * 32 + 2` houses): what a
    /// contradiction check after a step reads instead of every house.
    pub(crate) house_bits: Arc<Vec<u128>>,
    /// The region (box or jigsaw region, counted from 0) of each cell; `None` on a grid
    /// without regions. The house of region `r` is `houses[2 * n + r]`.
    pub(crate) region_of: Arc<Vec<Option<usize>>>,
    /// The cage of each cell, if any.
    pub(crate) cage_of: Vec<Option<usize>>,
    /// Each cage's full list of layouts.
    pub(crate) tables: Vec<Table>,
    /// Per cage, the houses it touches and the positions (in the cage's cell order) of its
    /// cells in each, as a bitmask.
    pub(crate) cage_houses: Vec<Vec<(usize, u64)>>,
    /// Per house, the cages touching it: what a change in
    /// the house can change for the cage rules that read the houses a cage touches.
    pub(crate) house_cages: Vec<Bits>,
    /// The digit given for each cell (0 if none), from one-cell cages and givens.
    pub(crate) givens: Vec<u8>,
    /// Givens outside the cages only (kept when a one-cell cage is switched off).
    pub(crate) loose_givens: Vec<u8>,
    /// The cells that can have a given, in order: those with one when every cage is on
    /// (switching a cage off only takes one away). The given rule reads these alone
    /// instead of every cell at every step.
    pub(crate) given_cells: Vec<usize>,
    /// Whether each cage counts: switched off to find which cages conflict.
    pub(crate) active: Vec<bool>,
    /// Each cage's sum where its operation fixes it (a sum cage, or a given): what the
    /// killer rules' 45 rule takes away without reading the layouts.
    pub(crate) sums: Vec<Option<i64>>,
    /// The areas the killer rules' 45 rule adds up, made on first use (by
    /// `areas::areas_of`): no other ladder reads them.
    pub(crate) areas: OnceLock<Arc<Areas>>,
}

/// An area of the 45 rule: one house, or several that do not overlap. Fixed by the grid and
/// the cages, so made once per puzzle rather than at every step (logic/areas.rs).
#[derive(Clone, Debug)]
pub(crate) struct Area {
    pub(crate) houses: Vec<usize>,
    /// Bit `h` for each house `h` of the area: a cell is inside when its own houses meet it.
    pub(crate) mask: u128,
    /// The cells inside, in order.
    pub(crate) cells: Vec<Cell>,
    /// The cages with a cell inside, in order.
    pub(crate) cages: Vec<usize>,
}

/// The areas of the killer rules: each house alone, and the groups of several houses a
/// person adds up together.
#[derive(Clone, Debug, Default)]
pub(crate) struct Areas {
    pub(crate) single: Vec<Area>,
    pub(crate) several: Vec<Area>,
}

impl Geometry {
    pub(crate) fn new(puzzle: &Puzzle, tables: Vec<Table>) -> Geometry {
        Geometry::with_frame(puzzle, tables, &Frame::new(puzzle))
    }

    /// The geometry with its frame taken from `frame` when that is of the same grid (and
    /// left there for the next call): for many probes of variants of one puzzle.
    pub(crate) fn in_frame(
        puzzle: &Puzzle,
        tables: Vec<Table>,
        frame: &mut Option<Frame>,
    ) -> Geometry {
        let same = frame.as_ref().is_some_and(|f| {
            f.n == puzzle.size()
                && f.regions.same_numbers(puzzle.regions())
                && f.diagonals == puzzle.options().diagonals
        });
        if !same {
            *frame = Some(Frame::new(puzzle));
        }
        let frame = frame.as_ref().expect("set above");
        Geometry::with_frame(puzzle, tables, frame)
    }

    fn with_frame(puzzle: &Puzzle, tables: Vec<Table>, frame: &Frame) -> Geometry {
        let n = puzzle.size();
        let cell_houses = &frame.cell_houses;
        let cage_of = puzzle
            .cells()
            .map(|c| puzzle.cage_of(c).map(|id| id.index()))
            .collect();
        let cage_houses: Vec<Vec<(usize, u64)>> = puzzle
            .cages()
            .iter()
            .map(|cage| {
                let mut list: Vec<(usize, u64)> = Vec::new();
                for (pos, cell) in cage.cells().iter().enumerate() {
                    for &h in &cell_houses[cell.index()] {
                        match list.iter_mut().find(|(x, _)| *x == h) {
                            Some((_, mask)) => *mask |= 1 << pos,
                            None => list.push((h, 1 << pos)),
                        }
                    }
                }
                list.sort_unstable();
                list
            })
            .collect();
        let mut house_cages = vec![Bits::empty(puzzle.cages().len()); frame.houses.len()];
        for (k, list) in cage_houses.iter().enumerate() {
            for &(h, _) in list {
                house_cages[h].insert(k);
            }
        }
        let loose_givens: Vec<u8> = puzzle
            .cells()
            .map(|c| puzzle.given(c).unwrap_or(0))
            .collect();
        let mut givens = loose_givens.clone();
        let mut tables = tables;
        tables.truncate(puzzle.cages().len());
        for table in &tables {
            if let Some(d) = one_cell_digit(table) {
                givens[table.cells()[0].index()] = d;
            }
        }
        let given_cells = (0..givens.len()).filter(|&i| givens[i] != 0).collect();
        let sums = puzzle
            .cages()
            .iter()
            .map(|cage| match cage.operation() {
                Operation::Add | Operation::Given => i64::try_from(cage.target()).ok(),
                _ => None,
            })
            .collect();
        Geometry {
            n,
            sums,
            houses: Arc::clone(&frame.houses),
            boxes: matches!(puzzle.regions(), Regions::Boxes { .. }),
            killer: puzzle.options().killer,
            peers: Arc::clone(&frame.peers),
            house_bits: Arc::clone(&frame.house_bits),
            region_of: Arc::clone(&frame.region_of),
            cage_of,
            tables,
            cage_houses,
            house_cages,
            givens,
            given_cells,
            loose_givens,
            active: vec![true; puzzle.cages().len()],
            areas: OnceLock::new(),
        }
    }

    /// Switches cage `k` on or off (an inactive cage allows any digits).
    pub(crate) fn set_active(&mut self, k: usize, on: bool) {
        self.active[k] = on;
        let cells = self.tables[k].cells().to_vec();
        if cells.len() == 1 {
            let i = cells[0].index();
            self.givens[i] = match one_cell_digit(&self.tables[k]) {
                Some(d) if on => d,
                _ => self.loose_givens[i],
            };
        }
    }

    /// The name of a house as people say it: `row 3`, `column 4`, `box 2`.
    pub(crate) fn house_name(&self, h: usize) -> String {
        match self.houses[h].kind {
            HouseKind::Row(r) => format!("row {}", r + 1),
            HouseKind::Col(c) => format!("column {}", c + 1),
            HouseKind::Region(i) if self.boxes => format!("box {}", i + 1),
            HouseKind::Region(i) => format!("region {}", i + 1),
            HouseKind::Diagonal(diagonal) => diagonal.name(self.n),
        }
    }

    /// The name of a cell, `r3c4`.
    pub(crate) fn cell(&self, cell: Cell) -> String {
        cell_name(cell, self.n)
    }

    /// Cell names as a list in prose: `r3c4`, `r3c4 and r3c5`, `r3c4, r3c5 and r3c6`.
    pub(crate) fn cells(&self, cells: &[Cell]) -> String {
        and_list(&cells.iter().map(|&c| self.cell(c)).collect::<Vec<_>>())
    }

    /// The cells of cage `k`.
    pub(crate) fn cage_cells(&self, k: usize) -> &[Cell] {
        self.tables[k].cells()
    }

    /// Whether two different cells share a house (each is among the other's peers), read
    /// from the houses of each rather than by a walk over the list of peers.
    pub(crate) fn sees(&self, a: Cell, b: Cell) -> bool {
        a != b && self.house_bits[a.index()] & self.house_bits[b.index()] != 0
    }
}

/// The digit of a one-cell cage with a single layout (a given, or `3+` on one cell).
fn one_cell_digit(table: &Table) -> Option<u8> {
    (table.width() == 1 && table.len() == 1).then(|| table.row(0)[0])
}

/// What a geometry takes from the grid alone, shared by every puzzle on the same grid:
/// houses, the houses of each cell, and peers.
#[derive(Clone, Debug)]
pub(crate) struct Frame {
    n: usize,
    regions: Regions,
    diagonals: bool,
    houses: Arc<Vec<House>>,
    cell_houses: Vec<Vec<usize>>,
    peers: Arc<Vec<Vec<Cell>>>,
    house_bits: Arc<Vec<u128>>,
    region_of: Arc<Vec<Option<usize>>>,
}

impl Frame {
    fn new(puzzle: &Puzzle) -> Frame {
        let n = puzzle.size();
        let mut houses = Vec::new();
        for r in 0..n {
            let cells = (0..n).map(|c| Cell::at(r, c, n)).collect();
            houses.push(House {
                kind: HouseKind::Row(r),
                cells,
            });
        }
        for c in 0..n {
            let cells = (0..n).map(|r| Cell::at(r, c, n)).collect();
            houses.push(House {
                kind: HouseKind::Col(c),
                cells,
            });
        }
        for (i, cells) in puzzle.regions().houses(n).into_iter().enumerate() {
            houses.push(House {
                kind: HouseKind::Region(i),
                cells,
            });
        }
        // The diagonals come last, so that houses `2n..3n` stay the regions.
        for &diagonal in puzzle.diagonals() {
            houses.push(House {
                kind: HouseKind::Diagonal(diagonal),
                cells: diagonal.cells(n),
            });
        }
        let mut cell_houses = vec![Vec::new(); n * n];
        let mut region_of = vec![None; n * n];
        for (h, house) in houses.iter().enumerate() {
            for cell in &house.cells {
                cell_houses[cell.index()].push(h);
                if let HouseKind::Region(r) = house.kind {
                    region_of[cell.index()] = Some(r);
                }
            }
        }
        let mut seen = vec![false; n * n];
        let peers = (0..n * n)
            .map(|i| {
                let mut list = Vec::with_capacity(3 * n);
                for &h in &cell_houses[i] {
                    for &c in &houses[h].cells {
                        if c.index() != i && !seen[c.index()] {
                            seen[c.index()] = true;
                            list.push(c);
                        }
                    }
                }
                for c in &list {
                    seen[c.index()] = false;
                }
                list.sort_unstable();
                list
            })
            .collect();
        // Rows, columns, regions and two diagonals: 3 * 32 + 2 houses at most.
        debug_assert!(houses.len() <= 128);
        let house_bits = cell_houses
            .iter()
            .map(|list| list.iter().fold(0u128, |bits, &h| bits | 1 << h))
            .collect();
        Frame {
            n,
            house_bits: Arc::new(house_bits),
            regions: puzzle.regions().clone(),
            diagonals: puzzle.options().diagonals,
            houses: Arc::new(houses),
            cell_houses,
            peers: Arc::new(peers),
            region_of: Arc::new(region_of),
        }
    }
}

/// `r3c4`: row and column counted from 1, as [`Cell::name`] says every cell.
pub(crate) fn cell_name(cell: Cell, n: usize) -> String {
    cell.name(n)
}

/// A cell's candidates as pencil marks are written in texts: `1/2/5` (a set of digits a cell
/// may hold, as in `r3c4 only 1/2/5`; a list of digits in a sentence is [`digit_list`]'s).
pub(crate) fn digits(set: DigitSet) -> String {
    set.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("/")
}

/// Digits as a list in prose: `7`, `7 and 9`, `1, 2, 5 and 6`.
pub(crate) fn digit_list(set: DigitSet) -> String {
    and_list(&set.iter().map(|d| d.to_string()).collect::<Vec<_>>())
}

/// What a cage's live layouts allow, cached until one of its cells loses a candidate.
#[derive(Clone, Debug)]
pub(crate) struct CageView {
    /// Indices into the cage's table of the layouts that fit the candidates.
    pub(crate) alive: Vec<u32>,
    pub(crate) dirty: bool,
    /// The digits some live layout uses anywhere.
    pub(crate) union: DigitSet,
    /// Per cell (in cage order), the digits live layouts put there.
    pub(crate) per_cell: Vec<DigitSet>,
    /// Per touched house (as in `Geometry::cage_houses`), the digits every live layout puts
    /// in that house.
    pub(crate) forced: Vec<DigitSet>,
    /// Whether `forced` is out of date: it is computed only when a hard rule asks
    /// ([`State::refresh_forced`]), since most steps never need it.
    pub(crate) forced_dirty: bool,
}

impl CageView {
    /// The view of a cage with `layouts` layouts before its first refresh: every layout
    /// alive, and empty caches, which the first refresh fills from every cell.
    fn fresh(layouts: usize) -> CageView {
        CageView {
            alive: (0..layouts as u32).collect(),
            dirty: true,
            union: DigitSet::EMPTY,
            per_cell: Vec::new(),
            forced: Vec::new(),
            forced_dirty: true,
        }
    }

    /// Makes this view [`CageView::fresh`] again, keeping its buffers.
    fn reset(&mut self, layouts: usize) {
        self.alive.clear();
        self.alive.extend(0..layouts as u32);
        self.dirty = true;
        self.union = DigitSet::EMPTY;
        self.per_cell.clear();
        self.forced.clear();
        self.forced_dirty = true;
    }
}

/// The widest cage whose refresh reads only the cells that lost a digit (wider ones, which
/// no generator makes, read every cell).
const MAX_GONE: usize = 16;

/// Cells and the digits each keeps, as a step's reason lists them.
pub(crate) type Keeps = Vec<(Cell, DigitSet)>;

/// Candidates, placements and live layouts.
#[derive(Clone, Debug)]
pub(crate) struct State<'g> {
    pub(crate) g: &'g Geometry,
    pub(crate) cand: Vec<DigitSet>,
    pub(crate) placed: Vec<bool>,
    /// The cells the naked single rule still has to read: all but those it found nothing in and that have not changed since. A cell
    /// it passes over has more than one candidate, or none, or is placed and its peers no
    /// longer hold its digit; peers' candidates only shrink, so only a change of the cell
    /// itself (a lost candidate, a placement) can make it a step again. Reading all 81
    /// cells of a 9x9 at every step was a twentieth of a grade.
    pub(crate) unsettled: Bits,
    pub(crate) cages: Vec<CageView>,
    /// Houses (bit `h` for house `h`) where the hidden single rule found nothing and no cell
    /// has lost a candidate or been placed since: it reads only the others. A flag of the
    /// state, not of the rule, so that a trial's copy carries it and nothing stale survives
    /// a change (every change goes through [`State::remove`] or [`State::place`]).
    pub(crate) quiet_hidden: u128,
    /// Cages that may have lost their last layout since the
    /// contradiction check last found layouts left in them: a cell of theirs lost a
    /// candidate. The check refreshes and reads only these, in order; reading every cage
    /// after every step was most of the check's own work.
    pub(crate) unchecked_cages: Bits,
    /// Cages where the cage digits rule, and the cage layouts
    /// rule, found nothing and no cell of theirs has lost a candidate since: each reads a
    /// cage's own cells and layouts alone, so they skip these. Cleared by [`State::remove`].
    pub(crate) quiet_digits: Bits,
    pub(crate) quiet_layouts: Bits,
    /// The same for the cage line rule and the confined digit rule, which read every cell
    /// of the houses a cage touches: see [`QuietCages`].
    pub(crate) quiet_lines: QuietCages,
    pub(crate) quiet_confined: QuietCages,
}

/// The cages where a cage rule that reads the houses a cage touches found nothing, and
/// that have seen no change in those houses since. [`State::remove`] and [`State::place`]
/// only note the houses changed (one `or`); the rule turns them into cages at its next
/// call ([`QuietCages::catch_up`]), so a step costs the same however many cages a house
/// touches.
#[derive(Clone, Debug, Default)]
pub(crate) struct QuietCages {
    /// Houses changed since the last catch-up, bit `h` for house `h`.
    changed: u128,
    /// Cages found barren and untouched since.
    quiet: Bits,
}

impl QuietCages {
    fn new(cages: usize) -> QuietCages {
        QuietCages {
            changed: 0,
            quiet: Bits::empty(cages),
        }
    }

    /// Forgets the cages touching a house changed since the last call.
    pub(crate) fn catch_up(&mut self, g: &Geometry) {
        while self.changed != 0 {
            let h = self.changed.trailing_zeros() as usize;
            self.changed &= self.changed - 1;
            self.quiet.remove_all(&g.house_cages[h]);
        }
    }

    /// Whether cage `k` is known to give nothing (call [`QuietCages::catch_up`] first).
    pub(crate) fn knows(&self, k: usize) -> bool {
        self.quiet.contains(k)
    }

    /// Notes that cage `k` gave nothing.
    pub(crate) fn note(&mut self, k: usize) {
        self.quiet.insert(k);
    }
}

impl<'g> State<'g> {
    /// Every cell holds every digit (or its given: the given rule still has to place it).
    pub(crate) fn new(g: &'g Geometry) -> State<'g> {
        State::reusing(g, Vec::new())
    }

    /// [`State::new`], with the cage views of an earlier state (of any puzzle) lending
    /// their buffers: the generator's probes start a state for each variant they try, and
    /// allocating every cage's lists afresh was 2% of making a 9x9
    /// (docs/performance-generate.md, "Round 5").
    pub(crate) fn reusing(g: &'g Geometry, mut cages: Vec<CageView>) -> State<'g> {
        let full = DigitSet::full(g.n);
        cages.truncate(g.tables.len());
        for (view, table) in cages.iter_mut().zip(&g.tables) {
            view.reset(table.len());
        }
        let reused = cages.len();
        cages.extend(g.tables[reused..].iter().map(|t| CageView::fresh(t.len())));
        State {
            g,
            cand: vec![full; g.n * g.n],
            placed: vec![false; g.n * g.n],
            unsettled: Bits::full(g.n * g.n),
            cages,
            quiet_hidden: 0,
            unchecked_cages: Bits::full(g.tables.len()),
            quiet_digits: Bits::empty(g.tables.len()),
            quiet_layouts: Bits::empty(g.tables.len()),
            quiet_lines: QuietCages::new(g.tables.len()),
            quiet_confined: QuietCages::new(g.tables.len()),
        }
    }

    /// The state's cage views, for [`State::reusing`].
    pub(crate) fn into_cages(self) -> Vec<CageView> {
        self.cages
    }

    /// The eliminations that leave each of `cells` only its `keep`, and the cells that lose
    /// something, with what they keep (as a step's reason lists them). Allocates nothing
    /// when nothing would change.
    pub(crate) fn keep_only(&self, cells: &[Cell], keep: &[DigitSet]) -> (Vec<(Cell, u8)>, Keeps) {
        let mut eliminated = Vec::new();
        let mut kept = Vec::new();
        for (&c, &k) in cells.iter().zip(keep) {
            let gone = self.cand[c.index()] & !k;
            if !gone.is_empty() {
                eliminated.extend(gone.iter().map(|d| (c, d)));
                kept.push((c, k));
            }
        }
        (eliminated, kept)
    }

    /// Removes `d` from `cell`; returns whether it was there.
    pub(crate) fn remove(&mut self, cell: Cell, d: u8) -> bool {
        let set = &mut self.cand[cell.index()];
        if !set.contains(d) {
            return false;
        }
        set.remove(d);
        let houses = self.g.house_bits[cell.index()];
        self.quiet_hidden &= !houses;
        self.quiet_lines.changed |= houses;
        self.quiet_confined.changed |= houses;
        self.unsettled.insert(cell.index());
        if let Some(k) = self.g.cage_of[cell.index()] {
            self.cages[k].dirty = true;
            self.unchecked_cages.insert(k);
            self.quiet_digits.remove(k);
            self.quiet_layouts.remove(k);
        }
        true
    }

    /// Places `d` in `cell`: its other candidates go (peers are cleaned by the step itself).
    pub(crate) fn place(&mut self, cell: Cell, d: u8) {
        for other in self.cand[cell.index()].iter() {
            if other != d {
                self.remove(cell, other);
            }
        }
        self.placed[cell.index()] = true;
        self.unsettled.insert(cell.index());
        let houses = self.g.house_bits[cell.index()];
        self.quiet_hidden &= !houses;
        self.quiet_lines.changed |= houses;
        self.quiet_confined.changed |= houses;
    }

    /// Everything placing `d` in `cell` removes: the cell's other candidates, then `d` from
    /// its peers. The effect of every placement a step makes (a single, a trial's
    /// assumption, a guess, the search step), in the order explanations show it.
    pub(crate) fn placing(&self, cell: Cell, d: u8) -> Vec<(Cell, u8)> {
        let mut eliminated: Vec<_> = self.cand[cell.index()]
            .iter()
            .filter(|&x| x != d)
            .map(|x| (cell, x))
            .collect();
        eliminated.extend(self.cleanup(cell, d));
        eliminated
    }

    /// The peers of `cell` still holding `d`: what placing `d` there eliminates.
    pub(crate) fn cleanup(&self, cell: Cell, d: u8) -> Vec<(Cell, u8)> {
        self.g.peers[cell.index()]
            .iter()
            .filter(|p| self.cand[p.index()].contains(d))
            .map(|&p| (p, d))
            .collect()
    }

    /// The cells of house `h` not yet placed that still have a choice of digits.
    pub(crate) fn open_cells(&self, h: usize) -> Vec<Cell> {
        // Room for the whole house at once: collecting a filter grew the vector two or
        // three times, and those reallocations cost more than the reading.
        let cells = &self.g.houses[h].cells;
        let mut open = Vec::with_capacity(cells.len());
        open.extend(
            cells
                .iter()
                .copied()
                .filter(|c| !self.placed[c.index()] && self.cand[c.index()].len() > 1),
        );
        open
    }

    /// Whether every cell is placed.
    pub(crate) fn solved(&self) -> bool {
        self.placed.iter().all(|&p| p)
    }

    /// Filters cage `k`'s layouts again if a cell lost a candidate, and recomputes its caches.
    /// Inlined, so that the common case, a clean cage, costs its callers (the cage rules,
    /// which refresh every cage at every call) a test instead of a call.
    #[inline]
    pub(crate) fn refresh(&mut self, k: usize) {
        if self.cages[k].dirty {
            self.refilter(k);
        }
    }

    /// [`State::refresh`] of a dirty cage.
    #[inline(never)]
    fn refilter(&mut self, k: usize) {
        let g = self.g;
        let table = &g.tables[k];
        let cells = table.cells();
        if !g.active[k] {
            let view = &mut self.cages[k];
            let full = DigitSet::full(g.n);
            view.union = full;
            view.per_cell = vec![full; cells.len()];
            view.forced = vec![DigitSet::EMPTY; g.cage_houses[k].len()];
            view.dirty = false;
            view.forced_dirty = false;
            return;
        }
        let cand = &self.cand;
        let view = &mut self.cages[k];
        if view.per_cell.len() == cells.len() && cells.len() <= MAX_GONE {
            // Every live layout puts at each cell a digit of `per_cell` there, so a layout
            // dies exactly when it uses one that has since left the cell's candidates:
            // only those cells are read, most often one.
            let mut gone = [(0usize, DigitSet::EMPTY); MAX_GONE];
            let mut count = 0;
            for (pos, (&had, c)) in view.per_cell.iter().zip(cells).enumerate() {
                let lost = had & !cand[c.index()];
                if !lost.is_empty() {
                    gone[count] = (pos, lost);
                    count += 1;
                }
            }
            let gone = &gone[..count];
            if !gone.is_empty() {
                view.alive.retain(|&i| {
                    let row = table.row(i as usize);
                    gone.iter().all(|&(pos, lost)| !lost.contains(row[pos]))
                });
            }
        } else {
            view.alive.retain(|&i| {
                table
                    .row(i as usize)
                    .iter()
                    .zip(cells)
                    .all(|(&d, c)| cand[c.index()].contains(d))
            });
        }
        // The caches are refilled in place: a refresh runs after nearly every step.
        let mut per_cell = std::mem::take(&mut view.per_cell);
        per_cell.clear();
        per_cell.resize(cells.len(), DigitSet::EMPTY);
        // A cell's digits from the layouts can reach its candidates and no further: once
        // every cell's have, the other layouts add nothing (checked every 32 layouts).
        for chunk in view.alive.chunks(32) {
            for &i in chunk {
                let row = table.row(i as usize);
                for (set, &d) in per_cell.iter_mut().zip(row) {
                    set.insert(d);
                }
            }
            if chunk.len() == 32
                && per_cell
                    .iter()
                    .zip(cells)
                    .all(|(p, c)| *p == cand[c.index()])
            {
                break;
            }
        }
        let mut union = DigitSet::EMPTY;
        for set in &per_cell {
            union = union | *set;
        }
        view.union = union;
        view.per_cell = per_cell;
        view.forced_dirty = true;
        view.dirty = false;
    }

    /// Refreshes cage `k` and the digits every live layout puts in each house it touches.
    pub(crate) fn refresh_forced(&mut self, k: usize) {
        self.refresh(k);
        if !self.cages[k].forced_dirty {
            return;
        }
        let g = self.g;
        let table = &g.tables[k];
        let houses = &g.cage_houses[k];
        let view = &mut self.cages[k];
        let mut forced = std::mem::take(&mut view.forced);
        forced.clear();
        forced.resize(houses.len(), DigitSet::full(g.n));
        for &i in &view.alive {
            let row = table.row(i as usize);
            let mut any = false;
            for (slot, &(_, mask)) in houses.iter().enumerate() {
                if forced[slot].is_empty() {
                    continue;
                }
                let mut here = DigitSet::EMPTY;
                for (pos, &d) in row.iter().enumerate() {
                    if mask >> pos & 1 == 1 {
                        here.insert(d);
                    }
                }
                forced[slot] = forced[slot] & here;
                any |= !forced[slot].is_empty();
            }
            // Nothing is forced anywhere any more: the other layouts cannot change that,
            // and big cages have thousands.
            if !any {
                break;
            }
        }
        if view.alive.is_empty() {
            forced.iter_mut().for_each(|f| *f = DigitSet::EMPTY);
        }
        view.forced = forced;
        view.forced_dirty = false;
    }

    /// A contradiction, if the state has one: a cell with no candidate, a cage with no
    /// layout left, or a digit with no place in a house.
    pub(crate) fn contradiction(&mut self) -> Option<(Contradiction, Vec<Cell>)> {
        let g = self.g;
        let empty = (0..g.n * g.n).find(|&i| self.cand[i].is_empty());
        self.contradiction_in(empty, u128::MAX >> (128 - g.houses.len()))
    }

    /// The contradiction, if any, of a state that had none before `changed` (a step's
    /// cells) lost candidates or were placed: the same answer as [`State::contradiction`],
    /// found by reading only those cells and their houses, since nothing else can have
    /// become empty, lost its last place for a digit or gained a second placed digit. The
    /// full check read every cell and house after every step, a fifth of a grade's work.
    pub(crate) fn contradiction_after(
        &mut self,
        changed: impl Iterator<Item = Cell>,
    ) -> Option<(Contradiction, Vec<Cell>)> {
        let g = self.g;
        let mut empty = None;
        let mut houses = 0u128;
        for cell in changed {
            let i = cell.index();
            houses |= g.house_bits[i];
            if self.cand[i].is_empty() && empty.is_none_or(|e| i < e) {
                empty = Some(i);
            }
        }
        self.contradiction_in(empty, houses)
    }

    /// The first contradiction in the order [`State::contradiction`] reports them, given the
    /// first empty cell and the houses (as bits) that may have one.
    fn contradiction_in(
        &mut self,
        empty: Option<usize>,
        mut houses: u128,
    ) -> Option<(Contradiction, Vec<Cell>)> {
        let g = self.g;
        if let Some(i) = empty {
            let cell = Cell(i as u16);
            return Some((Contradiction::NoDigit(cell), vec![cell]));
        }
        // A cage not in `unchecked_cages` had layouts left at the last check and has lost
        // no candidate since, so the first cage without layouts is among the others.
        for w in 0..self.unchecked_cages.words() {
            let mut bits = self.unchecked_cages.word(w);
            while bits != 0 {
                let k = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.refresh(k);
                if g.active[k] && self.cages[k].alive.is_empty() {
                    return Some((Contradiction::NoLayout(k), g.cage_cells(k).to_vec()));
                }
                self.unchecked_cages.remove(k);
            }
        }
        let full = DigitSet::full(g.n);
        while houses != 0 {
            let h = houses.trailing_zeros() as usize;
            houses &= houses - 1;
            let house = &g.houses[h];
            let mut all = DigitSet::EMPTY;
            for c in &house.cells {
                all = all | self.cand[c.index()];
            }
            if all != full {
                let missing = full & !all;
                return Some((Contradiction::NoPlace(h, missing), house.cells.clone()));
            }
            // Two placed cells with one digit.
            let mut seen = DigitSet::EMPTY;
            for c in &house.cells {
                if self.placed[c.index()] {
                    if let Some(d) = self.cand[c.index()].single_digit() {
                        if seen.contains(d) {
                            return Some((Contradiction::Twice(h, d), house.cells.clone()));
                        }
                        seen.insert(d);
                    }
                }
            }
        }
        None
    }
}
