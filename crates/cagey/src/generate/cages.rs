//! Cutting a full grid into connected cages of the sizes asked for, and labelling each cage
//! with an operation and the target its digits give.
//!
//! Cages grow one at a time from the free cell with the fewest free neighbours (a corner
//! or a cell walled in by earlier cages), into the free neighbour that has the fewest free
//! neighbours itself: a greedy order that leaves few stranded single cells. (Seeding at
//! random cells, as Keen does, strands one cell in about every dozen at 9x9, each of which
//! must then join a neighbour or spoil the attempt.) A cell stranded anyway joins the
//! smallest neighbouring cage that may still grow; if none may, the attempt fails and the
//! caller draws again.
//!
//! A cell joins a cage only if the cage can still be labelled with one of the operations
//! asked for: with `--ops '/'` a domino's digits must divide, and under the killer rule no
//! digit may repeat.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use super::settings::{OperationSet, Settings};
use crate::model::{Cell, Grid, Operation};

/// A cage while the generator works on it: cells, the operation the solution's digits are
/// combined with, and the target they give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Draft {
    pub cells: Vec<Cell>,
    pub operation: Operation,
    pub target: u64,
}

/// The target `operation` gives over `digits`, if it is a whole positive number (or 0 for a
/// multi-cell subtraction) and the operation takes that many cells.
pub(crate) fn evaluate(operation: Operation, digits: &[u8], multi_cell: bool) -> Option<u64> {
    let len = digits.len();
    let max = u64::from(*digits.iter().max()?);
    match operation {
        Operation::Add => Some(digits.iter().map(|&d| u64::from(d)).sum()),
        Operation::Multiply => digits
            .iter()
            .try_fold(1u64, |p, &d| p.checked_mul(u64::from(d))),
        Operation::Subtract if len == 2 || (multi_cell && len > 2) => {
            let rest: u64 = digits.iter().map(|&d| u64::from(d)).sum::<u64>() - max;
            let value = max.checked_sub(rest)?;
            (value > 0 || multi_cell).then_some(value)
        }
        Operation::Divide if len == 2 || (multi_cell && len > 2) => {
            let product = digits
                .iter()
                .try_fold(1u64, |p, &d| p.checked_mul(u64::from(d)))?;
            let rest = product / max;
            (max % rest == 0).then_some(max / rest)
        }
        Operation::Given if len == 1 => Some(max),
        _ => None,
    }
}

/// The operations of `set` that label a cage holding `digits`, each with its target.
pub(crate) fn labels(set: OperationSet, digits: &[u8], multi_cell: bool) -> Vec<(Operation, u64)> {
    set.iter()
        .filter_map(|op| evaluate(op, digits, multi_cell).map(|t| (op, t)))
        .collect()
}

/// Picks a label for a cage holding `digits`, weighted as the settings' cage style says
/// ([`CageStyle::weight`](super::style::CageStyle::weight)).
pub(crate) fn pick_label<R: Rng + ?Sized>(
    settings: &Settings,
    digits: &[u8],
    rng: &mut R,
) -> Option<(Operation, u64)> {
    let options = labels(settings.operations, digits, settings.multi_cell);
    let weight = |op, cells| settings.label_weight(op, cells);
    let total: u32 = options
        .iter()
        .map(|&(op, _)| weight(op, digits.len()))
        .sum();
    if total == 0 {
        return None;
    }
    let mut pick = rng.random_range(0..total);
    for &(op, target) in &options {
        let w = weight(op, digits.len());
        if pick < w {
            return Some((op, target));
        }
        pick -= w;
    }
    None
}

/// The digits of `cells` in `grid`.
pub(crate) fn digits_of(grid: &Grid, cells: &[Cell]) -> Vec<u8> {
    cells.iter().map(|&c| grid.get(c)).collect()
}

pub(crate) fn neighbours(cell: Cell, n: usize) -> impl Iterator<Item = Cell> {
    let (r, c) = (cell.row(n), cell.col(n));
    [
        (r > 0).then(|| Cell::at(r - 1, c, n)),
        (r + 1 < n).then(|| Cell::at(r + 1, c, n)),
        (c > 0).then(|| Cell::at(r, c - 1, n)),
        (c + 1 < n).then(|| Cell::at(r, c + 1, n)),
    ]
    .into_iter()
    .flatten()
}

/// Whether `cells` are 4-connected.
pub(crate) fn connected(cells: &[Cell], n: usize) -> bool {
    let Some(&first) = cells.first() else {
        return false;
    };
    let mut seen = vec![first];
    let mut stack = vec![first];
    while let Some(x) = stack.pop() {
        for y in neighbours(x, n) {
            if cells.contains(&y) && !seen.contains(&y) {
                seen.push(y);
                stack.push(y);
            }
        }
    }
    seen.len() == cells.len()
}

/// Whether a cage over `cells` may be labelled under the settings: the killer rule's
/// distinct digits, and some operation of the set fits once it has two cells or more.
pub(crate) fn fits(settings: &Settings, grid: &Grid, cells: &[Cell]) -> bool {
    let digits = digits_of(grid, cells);
    if settings.kind.killer() {
        let mut seen = 0u64;
        for &d in &digits {
            if seen & (1 << d) != 0 {
                return false;
            }
            seen |= 1 << d;
        }
    }
    digits.len() < 2 || !labels(settings.operations, &digits, settings.multi_cell).is_empty()
}

/// Cuts `grid` into cages: `givens` one-cell givens at random cells, `uncaged` cells left
/// out (killer kinds), the rest in cages whose sizes follow the settings' distribution.
/// `None` when a cell is left stranded; the caller draws again.
pub(crate) fn partition<R: Rng + ?Sized>(
    settings: &Settings,
    grid: &Grid,
    rng: &mut R,
) -> Option<Vec<Draft>> {
    let n = grid.size();
    let cells = n * n;
    let mut owner: Vec<Option<usize>> = vec![None; cells];
    let mut cages: Vec<Vec<Cell>> = Vec::new();
    let mut order: Vec<usize> = (0..cells).collect();
    order.shuffle(rng);
    let mut taken = order.into_iter();
    let placed = settings.placed_givens();
    for _ in 0..placed {
        let cell = taken.next()?;
        owner[cell] = Some(cages.len());
        cages.push(vec![Cell(cell as u16)]);
    }
    let mut left_out = vec![false; cells];
    if settings.kind.killer() {
        for _ in 0..settings.uncaged.min(cells - placed) {
            let cell = taken.next()?;
            left_out[cell] = true;
        }
    }
    let givens = cages.len();
    let free = |owner: &[Option<usize>], left_out: &[bool], cell: Cell| {
        owner[cell.index()].is_none() && !left_out[cell.index()]
    };
    let free_neighbours = |owner: &[Option<usize>], cell: Cell| {
        neighbours(cell, n)
            .filter(|&x| free(owner, &left_out, x))
            .count()
    };
    loop {
        // The free cell with the fewest free neighbours, ties broken at random.
        let mut seed: Option<(Cell, usize, u32)> = None;
        for i in 0..cells {
            let cell = Cell(i as u16);
            if !free(&owner, &left_out, cell) {
                continue;
            }
            let k = free_neighbours(&owner, cell);
            let tie = rng.random_range(0..1024u32);
            if seed.is_none_or(|(_, bk, bt)| (k, tie) < (bk, bt)) {
                seed = Some((cell, k, tie));
            }
        }
        let Some((seed, _, _)) = seed else {
            break;
        };
        let want = settings.cage_sizes.draw(rng).min(settings.largest_cage());
        let id = cages.len();
        let mut cage = vec![seed];
        owner[seed.index()] = Some(id);
        while cage.len() < want {
            let mut frontier: Vec<(Cell, usize)> = Vec::new();
            for &c in &cage {
                for x in neighbours(c, n) {
                    if free(&owner, &left_out, x) && !frontier.iter().any(|&(y, _)| y == x) {
                        let mut grown = cage.clone();
                        grown.push(x);
                        if fits(settings, grid, &grown) {
                            frontier.push((x, free_neighbours(&owner, x)));
                        }
                    }
                }
            }
            let Some(&(_, least)) = frontier.iter().min_by_key(|&&(_, k)| k) else {
                break;
            };
            // Mostly the most walled-in neighbour, sometimes any: cages then wind and
            // branch as published ones do, rather than all running along the edges.
            let pool: Vec<Cell> = if rng.random_range(0..4u32) == 0 {
                frontier.iter().map(|&(x, _)| x).collect()
            } else {
                frontier
                    .iter()
                    .filter(|&&(_, k)| k == least)
                    .map(|&(x, _)| x)
                    .collect()
            };
            let next = pool[rng.random_range(0..pool.len() as u32) as usize];
            owner[next.index()] = Some(id);
            cage.push(next);
        }
        cages.push(cage);
    }
    // Cages smaller than allowed join a neighbour that may still grow.
    let least = settings.cage_sizes.min;
    for id in givens..cages.len() {
        if cages[id].is_empty() || cages[id].len() >= least {
            continue;
        }
        let mut hosts: Vec<usize> = cages[id]
            .iter()
            .flat_map(|&c| neighbours(c, n))
            .filter_map(|x| owner[x.index()])
            .filter(|&h| h != id && h >= givens)
            .filter(|&h| cages[h].len() + cages[id].len() <= settings.largest_cage())
            .filter(|&h| {
                let mut joined = cages[h].clone();
                joined.extend_from_slice(&cages[id]);
                fits(settings, grid, &joined)
            })
            .collect();
        hosts.sort_unstable();
        hosts.dedup();
        let &host = hosts.iter().min_by_key(|&&h| (cages[h].len(), h))?;
        let moved = std::mem::take(&mut cages[id]);
        for &c in &moved {
            owner[c.index()] = Some(host);
        }
        cages[host].extend(moved);
    }
    let mut drafts = Vec::with_capacity(cages.len());
    for (id, cells) in cages.into_iter().enumerate() {
        if cells.is_empty() {
            continue;
        }
        let digits = digits_of(grid, &cells);
        let (operation, target) = if id < givens {
            (Operation::Given, u64::from(digits[0]))
        } else {
            // A one-cell cage here (--cage-size 1..) is labelled like any other.
            pick_label(settings, &digits, rng)?
        };
        let mut cells = cells;
        cells.sort_unstable();
        drafts.push(Draft {
            cells,
            operation,
            target,
        });
    }
    Some(drafts)
}
