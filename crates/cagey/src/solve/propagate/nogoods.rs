//! Propagating the recorded nogoods ([`nogood_pool`](super::nogood_pool)) with two watched
//! literals: when a cell becomes single with a watched digit, the nogood looks for another
//! literal to watch, and if none is left the other watched digit leaves its cell.

use super::engine::Engine;
use super::nogood_pool::{literal, END};

impl Engine<'_> {
    /// Records a nogood, which must be checked with [`Engine::watch_nogood`] at the root
    /// before the next run. The caller checks [`Nogoods::has_room`].
    pub(super) fn add_nogood(&mut self, literals: impl Iterator<Item = u32>) {
        self.nogoods.add(literals);
    }

    /// Sets up the watches of nogood `k` against the current (root) state, or applies it
    /// at once if it has at most one literal left that does not hold. `false` on a
    /// contradiction.
    pub(super) fn watch_nogood(&mut self, k: usize) -> bool {
        let (start, len) = self.nogoods.spans[k];
        let (start, len) = (start as usize, len as usize);
        let mut open = [usize::MAX; 2];
        let mut found = 0;
        for i in 0..len {
            let lit = self.nogoods.literals[start + i];
            let (cell, digit) = ((lit / 32) as usize, lit % 32);
            let mask = self.state[cell];
            if mask & (1 << digit) == 0 {
                // Never holds below the root: the nogood is void. Watch it anyway, harmless.
                open = [i, if i == 0 { (len > 1) as usize } else { 0 }];
                found = 2;
                break;
            }
            if mask != 1 << digit && found < 2 {
                open[found] = i;
                found += 1;
            }
        }
        match found {
            0 => false,
            1 => {
                let lit = self.nogoods.literals[start + open[0]];
                let cell = (lit / 32) as usize;
                self.culprit = self.rules.cage_of[cell] as usize;
                self.remove(cell, 1 << (lit % 32), false)
            }
            _ => {
                self.nogoods.watched[2 * k] = open[0] as u32;
                self.nogoods.watched[2 * k + 1] = open[1] as u32;
                self.nogoods.link(2 * k);
                self.nogoods.link(2 * k + 1);
                true
            }
        }
    }

    /// `cell` became single: the nogoods watching its digit there look for another literal
    /// to watch, or remove their last one. `false` on a contradiction.
    pub(super) fn nogood_fired(&mut self, cell: usize) -> bool {
        let bit = self.state[cell];
        let lit = literal(cell, bit) as usize;
        let mut watch = self.nogoods.head[lit];
        let mut prev = END;
        while watch != END {
            let w = watch as usize;
            let next = self.nogoods.next[w];
            let k = w / 2;
            let other = w ^ 1;
            let (start, len) = self.nogoods.spans[k];
            let (start, len) = (start as usize, len as usize);
            let other_place = self.nogoods.watched[other] as usize;
            // Another literal that does not hold, to watch instead.
            let mut moved = false;
            for i in 0..len {
                if i == other_place || i == self.nogoods.watched[w] as usize {
                    continue;
                }
                let l = self.nogoods.literals[start + i];
                let (c, d) = ((l / 32) as usize, l % 32);
                if self.state[c] != 1 << d {
                    // Unlink w from this list, link it to l's.
                    if prev == END {
                        self.nogoods.head[lit] = next;
                    } else {
                        self.nogoods.next[prev as usize] = next;
                    }
                    self.nogoods.watched[w] = i as u32;
                    self.nogoods.next[w] = self.nogoods.head[l as usize];
                    self.nogoods.head[l as usize] = watch;
                    moved = true;
                    break;
                }
            }
            if !moved {
                prev = watch;
                // Every literal but the other watched one holds: it must not.
                let l = self.nogoods.literals[start + other_place];
                let (c, d) = ((l / 32) as usize, l % 32);
                self.culprit = self.rules.cage_of[c] as usize;
                if !self.remove(c, 1 << d, false) {
                    return false;
                }
            }
            watch = next;
        }
        true
    }
}
