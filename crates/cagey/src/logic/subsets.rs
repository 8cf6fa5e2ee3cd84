//! The search shared by the subset and fish rules: the `k` of `n` sets (cells, digits,
//! lines) whose masks cover exactly `k` bits between them, with the cut that makes it
//! affordable on big grids.

use super::rule::Ctx;

/// Calls `visit` with every `k`-subset of `0..masks.len()` (ascending indices) whose masks
/// cover exactly `k` bits between them, with that union, in ascending
/// lexicographic order, until it returns true. A prefix whose union already has more than `k`
/// bits is cut: no subset through it qualifies. This is the search of the subset and fish
/// rules (k cells holding k digits, k digits fitting k cells, k lines covering k lines);
/// without the cut, a 12x12 spent most of its grading walking hopeless subsets.
///
/// Each prefix walked counts as a [`Ctx::tick`]: when the run must stop, the walk ends as if
/// nothing qualified (the caller sees [`Ctx`]'s exhausted budget and stops too).
pub(super) fn covering_subsets(
    masks: &[u64],
    k: usize,
    ctx: &mut Ctx,
    visit: &mut dyn FnMut(&[usize], u64) -> bool,
) -> bool {
    fn walk(
        start: usize,
        union: u64,
        masks: &[u64],
        k: usize,
        pick: &mut Vec<usize>,
        ctx: &mut Ctx,
        visit: &mut dyn FnMut(&[usize], u64) -> bool,
    ) -> bool {
        if union.count_ones() as usize > k || ctx.tick() {
            return false;
        }
        if pick.len() == k {
            return union.count_ones() as usize == k && visit(pick, union);
        }
        for i in start..=masks.len() - (k - pick.len()) {
            pick.push(i);
            if walk(i + 1, union | masks[i], masks, k, pick, ctx, visit) {
                return true;
            }
            pick.pop();
        }
        false
    }
    // Only a set of at most k bits can be in a subset covering k bits (a cell with at most
    // k candidates, a digit with at most k places): the walk goes over those alone, in
    // their order, and maps its picks back. It visits the same subsets in the same order;
    // the unfiltered walk spent most of its time cutting prefixes through the others.
    if masks.len() > FILTER_MAX {
        return k <= masks.len() && walk(0, 0, masks, k, &mut Vec::with_capacity(k), ctx, visit);
    }
    // Counted before the arrays are zeroed: most calls end here (fewer than k small sets).
    let small = |mask: &u64| mask.count_ones() as usize <= k;
    if k > masks.iter().filter(|&m| small(m)).count() {
        return false;
    }
    let mut kept = [0u64; FILTER_MAX];
    let mut index = [0u8; FILTER_MAX];
    let mut count = 0;
    for (i, mask) in masks.iter().enumerate() {
        if small(mask) {
            kept[count] = *mask;
            index[count] = i as u8;
            count += 1;
        }
    }
    let mut picked = Vec::with_capacity(k);
    walk(
        0,
        0,
        &kept[..count],
        k,
        &mut Vec::with_capacity(k),
        ctx,
        &mut |pick, union| {
            picked.clear();
            picked.extend(pick.iter().map(|&j| usize::from(index[j])));
            visit(&picked, union)
        },
    )
}

/// The most sets [`covering_subsets`] filters on the stack (a house's cells or digits, a
/// grid's lines: at most 32); more are walked unfiltered. Not more: the arrays are zeroed
/// at each call, and at 64 that zeroing was 2% of a 9x9 grade.
const FILTER_MAX: usize = 32;

#[cfg(test)]
mod tests {
    use super::covering_subsets;
    use crate::logic::limits::LogicLimits;
    use crate::logic::rule::Ctx;

    /// Every k-subset of `0..n` in lexicographic order, without any cut.
    fn all_subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
        (0u32..1 << n)
            .filter(|m| m.count_ones() as usize == k)
            .map(|m| (0..n).filter(|i| m >> i & 1 == 1).collect::<Vec<_>>())
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect()
    }

    #[test]
    fn covering_subsets_are_those_a_full_walk_finds_in_its_order() {
        let masks = [0b0011u64, 0b0110, 0b0011, 0b1000, 0b1001, 0b0101, 0b0010];
        for k in 1..=masks.len() {
            let expected: Vec<Vec<usize>> = all_subsets(masks.len(), k)
                .into_iter()
                .filter(|pick| {
                    let union = pick.iter().fold(0u64, |u, &i| u | masks[i]);
                    union.count_ones() as usize == k
                })
                .collect();
            let mut found = Vec::new();
            let mut ctx = Ctx::new(&LogicLimits::default());
            covering_subsets(&masks, k, &mut ctx, &mut |pick, union| {
                assert_eq!(union, pick.iter().fold(0, |u, &i| u | masks[i]));
                found.push(pick.to_vec());
                false
            });
            assert_eq!(found, expected, "k = {k}");
        }
    }
}
