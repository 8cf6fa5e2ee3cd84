//! Random jigsaw regions: `size` connected regions of `size` cells each.
//!
//! The walk starts from the rows (or the boxes, where the size has them) and swaps pairs of
//! cells across region borders: a cell of region A next to region B goes to B, and a cell
//! of B next to A goes to A, so that both keep `size` cells; a swap that would cut a region
//! in two is undone. Many swaps wander far from the start; the caller then looks for a full
//! grid on the layout (some layouts have none) and draws again if there is none.

use rand::{Rng, RngExt};

use crate::model::{Cell, Regions};

/// Swaps tried per cell of the grid: at 9x9 about 2,400 tries, of which about half keep
/// both regions connected; the layouts then look nothing like the boxes they started from.
const SWAPS_PER_CELL: usize = 30;

/// Random jigsaw regions for a grid of side `size` (2 or more).
pub fn random_regions<R: Rng + ?Sized>(size: usize, rng: &mut R) -> Regions {
    let n = size;
    let start = Regions::standard_boxes(n).unwrap_or(Regions::None);
    let mut region: Vec<u8> = (0..n * n)
        .map(|i| match start.region_of(Cell(i as u16), n) {
            Some(r) => r as u8,
            None => (i / n) as u8,
        })
        .collect();
    if n < 3 {
        return Regions::Jigsaw(region);
    }
    for _ in 0..SWAPS_PER_CELL * n * n {
        let a = rng.random_range(0..(n * n) as u32) as usize;
        let neighbours = neighbours(a, n);
        let b_cells: Vec<usize> = neighbours
            .iter()
            .copied()
            .filter(|&x| region[x] != region[a])
            .collect();
        if b_cells.is_empty() {
            continue;
        }
        let (ra, rb) = (
            region[a],
            region[b_cells[rng.random_range(0..b_cells.len() as u32) as usize]],
        );
        // A cell of B, other than the neighbour, next to A (after a has left A).
        let candidates: Vec<usize> = (0..n * n)
            .filter(|&x| region[x] == rb && neighbours_of_region(x, n, &region, ra, a))
            .collect();
        if candidates.is_empty() {
            continue;
        }
        let b = candidates[rng.random_range(0..candidates.len() as u32) as usize];
        region[a] = rb;
        region[b] = ra;
        if !connected(&region, n, ra) || !connected(&region, n, rb) {
            region[a] = ra;
            region[b] = rb;
        }
    }
    Regions::Jigsaw(region)
}

fn neighbours(cell: usize, n: usize) -> Vec<usize> {
    let (r, c) = (cell / n, cell % n);
    let mut out = Vec::with_capacity(4);
    if r > 0 {
        out.push(cell - n);
    }
    if r + 1 < n {
        out.push(cell + n);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    if c + 1 < n {
        out.push(cell + 1);
    }
    out
}

/// Whether `x` touches a cell of region `target` other than `leaving`.
fn neighbours_of_region(x: usize, n: usize, region: &[u8], target: u8, leaving: usize) -> bool {
    neighbours(x, n)
        .into_iter()
        .any(|y| y != leaving && region[y] == target)
}

fn connected(region: &[u8], n: usize, which: u8) -> bool {
    let cells: Vec<usize> = (0..n * n).filter(|&i| region[i] == which).collect();
    let Some(&first) = cells.first() else {
        return true;
    };
    let mut seen = vec![false; n * n];
    let mut stack = vec![first];
    seen[first] = true;
    let mut reached = 1;
    while let Some(x) = stack.pop() {
        for y in neighbours(x, n) {
            if !seen[y] && region[y] == which {
                seen[y] = true;
                reached += 1;
                stack.push(y);
            }
        }
    }
    reached == cells.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Puzzle;
    use chacha20::ChaCha8Rng;
    use rand::SeedableRng;

    #[test]
    fn regions_are_connected_and_full_and_the_model_accepts_them() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for size in [4, 5, 6, 7, 9] {
            let regions = random_regions(size, &mut rng);
            let Regions::Jigsaw(map) = &regions else {
                panic!("jigsaw regions")
            };
            for r in 0..size as u8 {
                assert_eq!(map.iter().filter(|&&x| x == r).count(), size);
                assert!(connected(map, size, r));
            }
            let cage = crate::model::Cage::new(crate::model::Operation::Add, 1, vec![Cell(0)]);
            // Only the regions matter here: the model checks them when building.
            let built = Puzzle::builder(size)
                .cages(vec![cage])
                .regions(regions.clone())
                .options(crate::model::Options {
                    killer: true,
                    ..Default::default()
                })
                .build();
            assert!(built.is_ok(), "{built:?}");
        }
    }
}
