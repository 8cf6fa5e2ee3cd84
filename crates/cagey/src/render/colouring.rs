//! Colouring boxes and jigsaw regions so that no two neighbours share a colour: the shading
//! that pictures use to show the houses of a KenDoku (or a jigsaw KenKen), whose heavy lines
//! already belong to the cages.
//!
//! Boxes take a checkerboard of two colours, as sudoku books shade them. Jigsaw regions form
//! a planar map, so four colours always suffice: a backtracking search finds four, most
//! constrained region first, within [`SEARCH_BUDGET`] steps; should it run out, the
//! smallest-last greedy colouring, which never needs more than six colours on a planar map,
//! answers instead. Colours are then renumbered by use, the most used first, so that a
//! picture that leaves colour 0 unshaded leaves the most regions white.

use crate::model::{Cell, Regions};

/// The most colours [`colours`] hands out: six, the bound of the smallest-last fallback on
/// a planar map (its every subgraph has a region with at most five neighbours).
pub(crate) const MAX_COLOURS: usize = 6;

/// Backtracking steps before giving up on four colours. A map of at most 32 regions
/// (the largest grid) is coloured in a few hundred steps in practice; the budget only bounds
/// a pathological case, which then gets up to six colours instead.
const SEARCH_BUDGET: usize = 100_000;

/// The colour (`0..MAX_COLOURS`) of each region of `regions` on a grid of side `size`,
/// indexed like [`Regions::region_of`]; empty without regions.
pub(crate) fn colours(regions: &Regions, size: usize) -> Vec<usize> {
    match regions {
        Regions::None => Vec::new(),
        Regions::Boxes { cols, .. } => {
            let across = size / cols;
            (0..size)
                .map(|region| (region / across + region % across) % 2)
                .collect()
        }
        Regions::Jigsaw(_) => {
            let neighbours = neighbours(regions, size);
            let colour = four_colours(&neighbours).unwrap_or_else(|| smallest_last(&neighbours));
            by_use(colour)
        }
    }
}

/// `colour` renumbered so that the most used colour is 0, the next 1, and so on (ties keep
/// their order).
fn by_use(colour: Vec<usize>) -> Vec<usize> {
    let mut counts = [0usize; MAX_COLOURS];
    for &c in &colour {
        counts[c] += 1;
    }
    let mut order: Vec<usize> = (0..MAX_COLOURS).collect();
    order.sort_by_key(|&c| std::cmp::Reverse(counts[c]));
    let mut rank = [0; MAX_COLOURS];
    for (new, &old) in order.iter().enumerate() {
        rank[old] = new;
    }
    colour.into_iter().map(|c| rank[c]).collect()
}

/// For each region, the set of regions it shares a cell side with, as a bit mask (a grid
/// has at most 32 regions).
fn neighbours(regions: &Regions, size: usize) -> Vec<u32> {
    let mut masks = vec![0u32; size];
    let region = |row, col| regions.region_of(Cell::at(row, col, size), size);
    for row in 0..size {
        for col in 0..size {
            let here = region(row, col).expect("a jigsaw has regions");
            let mut link = |other: Option<usize>| {
                let other = other.expect("a jigsaw has regions");
                if other != here {
                    masks[here] |= 1 << other;
                    masks[other] |= 1 << here;
                }
            };
            if col + 1 < size {
                link(region(row, col + 1));
            }
            if row + 1 < size {
                link(region(row + 1, col));
            }
        }
    }
    masks
}

/// Four colours by backtracking, regions with the most neighbours first; `None` if the
/// budget runs out (or, which a planar map never does, four are not enough).
fn four_colours(neighbours: &[u32]) -> Option<Vec<usize>> {
    let mut order: Vec<usize> = (0..neighbours.len()).collect();
    order.sort_by_key(|&region| std::cmp::Reverse(neighbours[region].count_ones()));
    let mut colour = vec![usize::MAX; neighbours.len()];
    let mut steps = 0;
    fn place(
        at: usize,
        order: &[usize],
        neighbours: &[u32],
        colour: &mut [usize],
        steps: &mut usize,
    ) -> Option<bool> {
        let Some(&region) = order.get(at) else {
            return Some(true);
        };
        for candidate in 0..4 {
            *steps += 1;
            if *steps > SEARCH_BUDGET {
                return None;
            }
            let clash = (0..colour.len())
                .any(|other| neighbours[region] & (1 << other) != 0 && colour[other] == candidate);
            if !clash {
                colour[region] = candidate;
                if place(at + 1, order, neighbours, colour, steps)? {
                    return Some(true);
                }
                colour[region] = usize::MAX;
            }
        }
        Some(false)
    }
    match place(0, &order, neighbours, &mut colour, &mut steps) {
        Some(true) => Some(colour),
        _ => None,
    }
}

/// The smallest-last greedy colouring: take away the region with the fewest remaining
/// neighbours until none is left, then colour in the reverse order, each region with the
/// smallest colour its coloured neighbours leave free.
fn smallest_last(neighbours: &[u32]) -> Vec<usize> {
    let count = neighbours.len();
    let mut left: u32 = if count == 32 {
        u32::MAX
    } else {
        (1 << count) - 1
    };
    let mut removed = Vec::with_capacity(count);
    while left != 0 {
        let region = (0..count)
            .filter(|&r| left & (1 << r) != 0)
            .min_by_key(|&r| (neighbours[r] & left).count_ones())
            .expect("a region is left");
        left &= !(1 << region);
        removed.push(region);
    }
    let mut colour = vec![usize::MAX; count];
    for &region in removed.iter().rev() {
        let used: Vec<usize> = (0..count)
            .filter(|&other| neighbours[region] & (1 << other) != 0)
            .map(|other| colour[other])
            .collect();
        colour[region] = (0..).find(|c| !used.contains(c)).expect("a free colour");
    }
    colour
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether no two neighbouring regions share a colour.
    fn proper(neighbours: &[u32], colour: &[usize]) -> bool {
        (0..neighbours.len()).all(|a| {
            (0..neighbours.len()).all(|b| neighbours[a] & (1 << b) == 0 || colour[a] != colour[b])
        })
    }

    #[test]
    fn boxes_make_a_checkerboard() {
        // 6x6 with 2x3 boxes: two boxes across, three down.
        let boxes = colours(&Regions::Boxes { rows: 2, cols: 3 }, 6);
        assert_eq!(boxes, [0, 1, 1, 0, 0, 1]);
        assert_eq!(colours(&Regions::None, 6), Vec::<usize>::new());
    }

    #[test]
    fn jigsaw_neighbours_differ() {
        // The Killer Jigsaw of the corpus (Tim Tang's M9B), regions numbered 1 to 9.
        let map = "112222233112444233112444233116444833516678839556777899556678899\
                   556777899556678899";
        let regions = Regions::Jigsaw(map.bytes().map(|b| b - b'1').collect());
        let neighbours = neighbours(&regions, 9);
        let colour = colours(&regions, 9);
        assert!(proper(&neighbours, &colour), "{colour:?}");
        assert!(colour.iter().all(|&c| c < 4));
    }

    #[test]
    fn a_map_that_needs_four_colours_gets_them() {
        // Four regions that all touch each other (a wheel: one in the middle).
        let neighbours = [0b1110, 0b1101, 0b1011, 0b0111];
        let colour = four_colours(&neighbours).unwrap();
        assert!(proper(&neighbours, &colour));
        let mut sorted = colour.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, [0, 1, 2, 3]);
        // And the fallback colours it properly too, within its bound.
        let greedy = smallest_last(&neighbours);
        assert!(proper(&neighbours, &greedy));
        assert!(greedy.iter().all(|&c| c < MAX_COLOURS));
    }
}
