//! What the subset, fish and innies-and-outies rules remember between runs: the input of each search that
//! found nothing, so that a run over the same input is skipped. Apart from the rules'
//! context ([`super::rule::Ctx`] holds one per rule) so that it depends on the state alone.

use std::collections::HashMap;

use super::state::State;
use crate::model::MAX_SIZE;

/// The slots a [`Barren`] keeps per depth of trial: one per house (at most `3 * 32 + 2`), per
/// digit and direction of a fish (`2 * 32`), or per area of the 45 rule (the first 128; an
/// area past them is not remembered).
pub(super) const SLOTS: usize = 128;

/// Searches of one subset, fish or innies-and-outies rule that found nothing, each with exactly what it read
/// (its key): the rule skips a search whose input is the same as when it last found
/// nothing. The engine runs every rule again after each step, and most steps leave most
/// houses as they were, so without this the hard rules walked the same subsets of the same
/// houses again and again (a third of a 9x9 unreasonable grade). One key is kept per slot
/// and depth of trial, so that a trial's runs do not wipe out the outer run's keys; a key
/// is the input itself, not a hash, so a match is never wrong, whichever state it came from.
#[derive(Default)]
pub(crate) struct Barren {
    keys: Vec<Vec<u64>>,
}

impl Barren {
    /// Whether the search of `slot` at trial depth `depth` last found nothing on `key`.
    pub(super) fn knows(&self, depth: usize, slot: usize, key: &[u64]) -> bool {
        debug_assert!(slot < SLOTS);
        self.keys
            .get(depth * SLOTS + slot)
            .is_some_and(|known| known.as_slice() == key)
    }

    /// Notes that the search of `slot` at depth `depth` found nothing on `key`.
    pub(super) fn note(&mut self, depth: usize, slot: usize, key: &[u64]) {
        debug_assert!(slot < SLOTS);
        let at = depth * SLOTS + slot;
        if self.keys.len() <= at {
            self.keys.resize_with((depth + 1) * SLOTS, Vec::new);
        }
        let known = &mut self.keys[at];
        known.clear();
        known.extend_from_slice(key);
    }
}

/// Like [`Barren`], for rules with more searches than [`SLOTS`] (a pair of cages, say):
/// a key per depth of trial and slot, kept in a map.
#[derive(Default)]
pub(crate) struct BarrenMap {
    keys: HashMap<(usize, usize), Vec<u64>>,
}

impl BarrenMap {
    /// Whether the search of `slot` at trial depth `depth` last found nothing on `key`.
    pub(super) fn knows(&self, depth: usize, slot: usize, key: &[u64]) -> bool {
        self.keys
            .get(&(depth, slot))
            .is_some_and(|known| known.as_slice() == key)
    }

    /// Notes that the search of `slot` at depth `depth` found nothing on `key`.
    pub(super) fn note(&mut self, depth: usize, slot: usize, key: &[u64]) {
        let known = self.keys.entry((depth, slot)).or_default();
        known.clear();
        known.extend_from_slice(key);
    }
}

/// What a subset rule reads of house `h`, as a [`Barren`] key: each cell's candidates, and
/// whether it is placed.
pub(super) fn house_key<'k>(state: &State, h: usize, key: &'k mut [u64; MAX_SIZE]) -> &'k [u64] {
    let cells = &state.g.houses[h].cells;
    for (k, c) in key.iter_mut().zip(cells) {
        let i = c.index();
        *k = u64::from(state.cand[i].bits()) | u64::from(state.placed[i]) << 32;
    }
    &key[..cells.len()]
}
