//! Finishing a node by enumeration: when few cells are left open, their digits are laid
//! one cell at a time with no propagation, each checked against the digits already laid in
//! its houses and against its cage's live tuples, and every completion is a solution.
//!
//! Near the leaves a node of the search costs far more than the cells it settles: saving
//! the state, propagating every rule to a fixpoint and undoing it, a few thousand
//! instructions on a 6x6, for a branch that often fixes the rest of the grid. A laid digit
//! costs a few dozen. What makes the plain enumeration exact is what the propagation left:
//! every cell's candidates agree with the digits settled in its houses, and each cage's live
//! tuples are those its cells' candidates allow, so a digit is possible in an open cell if
//! no open cell of its houses took it and some live tuple of its cage puts it there beside
//! the digits laid in the cage's other open cells. The rules beyond these (house sums, a
//! cage in a house, all different) are implied by them once every cell holds a digit, and
//! the search's nogoods only ever exclude parts of the grid with no solution, so they need
//! no check.
//!
//! Each digit laid is taken at once from the candidates of the open cells that see it
//! (forward checking on the houses), and the cell laid next is the open one with the fewest
//! candidates left, so that forced cells come at once and a dead end is seen as soon as
//! some cell has no digit left. The enumeration gives up after [`FINISH_STEPS`] digits, and
//! the search then branches as before: the solutions it found are only reported once it
//! has finished, so none is reported twice.
//!
//! Cages without a table (bounds on a big sum or product) take no part: a node with an
//! open cell in one is always branched on.
//!
//! Propagation itself stops short at such a node ([`Engine::settle_open`]): once the Latin
//! rules and the cage tables are settled, the rules that follow from them are left undone
//! unless the enumeration gives up.
//!
//! It pays where the search ends in many small subtrees: counting the solutions of small
//! grids, and proving they have none; the 4x4 grids lose a little.
//!
//! The measurements behind these choices, and what was tried and dropped, are in
//! `docs/design/engine-notes.md` (*finish.rs*).

use super::engine::{Engine, Layout};
use super::recycle::Keep;
use super::rules::Kind;

/// The most open cells a node may have to be finished by enumeration: they are numbered
/// in a `u32` mask.
pub(super) const FINISH_OPEN: u32 = 20;

/// Digits an enumeration may lay before it gives the node back to the search: a few nodes'
/// worth of work.
pub(super) const FINISH_STEPS: u32 = 2_000;

/// An open cell as the enumeration sees it.
#[derive(Clone, Copy, Debug)]
struct Open {
    cell: u32,
    /// Its candidates: those it had at the node, less the digits laid since in the open
    /// cells of its houses.
    options: u32,
    /// The other open cells of its houses, as bits of their numbers here.
    peers: u32,
    /// Its cage's table, if the cage has one (`None` for a cell no cage covers).
    table: Option<(usize, super::rules::Table)>,
    /// Its supports' first place in the table: its place in the cage times `n`.
    place: u32,
    /// The other open cells of its cage, as bits of their numbers here.
    mates: u32,
}

/// Scratch space of the enumeration, kept from one node (and puzzle) to the next.
#[derive(Default)]
pub(super) struct Finish {
    open: Vec<Open>,
    /// The open cells of each house, as bits of their numbers here.
    members: Vec<u32>,
    /// The digit laid in each open cell, as a bit; 0 while none is.
    laid: Vec<u32>,
    /// The solutions found: for each, the digit of every open cell, as a bit, in order.
    found: Vec<u32>,
    /// Digits laid so far, and the most this run may lay.
    steps: u32,
    max_steps: u32,
}

/// How an enumeration ended.
pub(super) enum Finished {
    /// Every completion was found (or as many as were asked for): `found` holds them.
    Done,
    /// It would have laid more digits than it may ([`FINISH_STEPS`] outside tests), or
    /// some open cell's cage has no table, or more than 32 cells are open: the node is left
    /// to the search.
    GaveUp,
}

impl Finish {
    /// Gives the vectors back for the next puzzle, as far as `keep` has room.
    pub(super) fn into_spare(self, keep: &mut Keep) -> Finish {
        let Finish {
            open,
            members,
            laid,
            found,
            steps: _,
            max_steps: _,
        } = self;
        Finish {
            open: keep.vec(open),
            members: keep.vec(members),
            laid: keep.vec(laid),
            found: keep.vec(found),
            ..Finish::default()
        }
    }

    /// Enumerates the completions of the engine's propagated state, at most `wanted` of
    /// them, into [`Finish::found`], laying at most `max_steps` digits.
    pub(super) fn run(&mut self, engine: &Engine, wanted: u64, max_steps: u32) -> Finished {
        let rules = engine.rules;
        self.open.clear();
        self.found.clear();
        self.steps = 0;
        self.max_steps = max_steps;
        for (cell, &options) in engine.state[..rules.cells].iter().enumerate() {
            if options & (options - 1) == 0 {
                continue;
            }
            let cage = rules.cage_of[cell] as usize;
            let rule = &rules.cages[cage];
            let table = match rule.kind {
                Kind::Table(table) => Some((cage, table)),
                Kind::Free => None,
                Kind::Sum(_) | Kind::Product(_) | Kind::Check(..) => return Finished::GaveUp,
            };
            if self.open.len() == 32 {
                // Too many to number in a mask.
                return Finished::GaveUp;
            }
            let cells = &rules.cage_cells[rule.cells.clone()];
            let slot = cells
                .iter()
                .position(|&c| c as usize == cell)
                .expect("a cell is in its cage's cells");
            self.open.push(Open {
                cell: cell as u32,
                options,
                peers: 0,
                table,
                place: (slot * rules.n) as u32,
                mates: 0,
            });
        }
        for i in 0..self.open.len() {
            let cage = rules.cage_of[self.open[i].cell as usize];
            for j in (0..self.open.len()).filter(|&j| j != i) {
                if rules.cage_of[self.open[j].cell as usize] == cage {
                    self.open[i].mates |= 1 << j;
                }
            }
        }
        // Each open cell's peers: the open cells of its houses but itself.
        self.members.clear();
        self.members.resize(rules.houses, 0);
        for (i, open) in self.open.iter().enumerate() {
            for k in 0..rules.per_cell {
                self.members[rules.house_of(open.cell as usize, k).0] |= 1 << i;
            }
        }
        for (i, open) in self.open.iter_mut().enumerate() {
            let cell = open.cell as usize;
            let seen = (0..rules.per_cell)
                .fold(0, |seen, k| seen | self.members[rules.house_of(cell, k).0]);
            open.peers = seen & !(1 << i);
        }
        self.laid.clear();
        self.laid.resize(self.open.len(), 0);
        debug_assert!(
            !self.open.is_empty(),
            "a node with no open cell is a solution"
        );
        let every = u32::MAX >> (32 - self.open.len());
        match self.lay(engine, every, wanted) {
            Some(_) => Finished::Done,
            None => Finished::GaveUp,
        }
    }

    /// The solutions of the last run, each as the cells it was open in and their digits.
    pub(super) fn solutions(&self) -> impl Iterator<Item = impl Iterator<Item = (usize, u8)> + '_> {
        self.found.chunks_exact(self.open.len().max(1)).map(|bits| {
            self.open
                .iter()
                .zip(bits)
                .map(|(open, bit)| (open.cell as usize, bit.trailing_zeros() as u8 + 1))
        })
    }

    /// Lays a digit in each of the open cells of `left` (bits of their numbers), in turn,
    /// the one with the fewest digits left first, and takes each digit laid from the
    /// candidates of the open cells that see it. `Some(true)` to go on, `Some(false)` once
    /// `wanted` solutions are found, `None` if it took too many steps.
    ///
    /// No cell of `left` is ever without a candidate: a branch that would leave one so ends
    /// as its digit is laid.
    fn lay(&mut self, engine: &Engine, left: u32, wanted: u64) -> Option<bool> {
        if left == 0 {
            self.found.extend_from_slice(&self.laid);
            return Some((self.found.len() / self.laid.len()) as u64 != wanted);
        }
        // The cell with the fewest digits left: the first forced one at once.
        let (mut best, mut best_count) = (0, u32::MAX);
        let mut cells = left;
        while cells != 0 {
            let i = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let options = self.open[i].options;
            if options & (options - 1) == 0 {
                best = i;
                break;
            }
            let count = options.count_ones();
            if count < best_count {
                (best, best_count) = (i, count);
            }
        }
        let rest = left & !(1 << best);
        let Open {
            mut options, peers, ..
        } = self.open[best];
        let peers = peers & rest;
        while options != 0 {
            let bit = options & options.wrapping_neg();
            options &= options - 1;
            self.steps += 1;
            if self.steps > self.max_steps {
                return None;
            }
            self.laid[best] = bit;
            // With none of its cage's other cells laid yet, the digit fits: propagation
            // left only digits some live tuple puts in the cell.
            if self.open[best].mates & !left != 0 && !self.fits(engine, best) {
                continue;
            }
            // The peers that had the digit lose it; one left with none ends the branch.
            let (mut took, mut emptied) = (0u32, false);
            let mut cells = peers;
            while cells != 0 {
                let j = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let peer = &mut self.open[j].options;
                if *peer & bit != 0 {
                    *peer &= !bit;
                    took |= 1 << j;
                    emptied |= *peer == 0;
                }
            }
            let more = if emptied {
                Some(true)
            } else {
                self.lay(engine, rest, wanted)
            };
            while took != 0 {
                let j = took.trailing_zeros() as usize;
                took &= took - 1;
                self.open[j].options |= bit;
            }
            if more != Some(true) {
                self.laid[best] = 0;
                return more;
            }
        }
        self.laid[best] = 0;
        Some(true)
    }

    /// Whether some live tuple of open cell `i`'s cage puts the digits laid in its open
    /// cells there, `i`'s own included.
    fn fits(&self, engine: &Engine, i: usize) -> bool {
        let open = &self.open[i];
        let Some((cage, table)) = open.table else {
            return true;
        };
        let rules = engine.rules;
        let supports = &rules.supports;
        // Where the support of cell `j`'s laid digit starts in the table.
        let place = |j: usize| {
            let laid = &self.open[j];
            laid.place as usize + self.laid[j].trailing_zeros() as usize
        };
        let live = engine.state[Layout::live(rules, cage)] as usize;
        for &offset in &engine.tuples.index[table.base..table.base + live] {
            let offset = offset as usize;
            let mut tuples =
                engine.tuples.words[table.base + offset] & supports[table.at(offset, place(i))];
            let mut mates = open.mates;
            while mates != 0 && tuples != 0 {
                let j = mates.trailing_zeros() as usize;
                mates &= mates - 1;
                if self.laid[j] != 0 {
                    tuples &= supports[table.at(offset, place(j))];
                }
            }
            if tuples != 0 {
                return true;
            }
        }
        false
    }
}
