//! Extreme: a forcing chain through two-candidate cells. Start at a cell holding `a` or `b`;
//! suppose it is not `a`: it is `b`, and each two-candidate peer holding `b` then holds its
//! other digit, and so on. When the chain forces `a` into a cell, a peer of both that cell and
//! the start cannot hold `a`: either the start is `a`, or the chain's end is.

use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::State;
use super::step::{Found, Reason};
use crate::model::Cell;

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "forcing chain",
    level: Level::Extreme,
    weight: 300,
    summary: "a chain of two-candidate cells forcing d at both ends: their common peers lose d",
    find,
};

fn find(state: &mut State, _: &mut Ctx) -> Option<Found> {
    let g = state.g;
    let cells = g.n * g.n;
    let mut number = vec![0u8; cells];
    let mut prev = vec![usize::MAX; cells];
    let mut queue = Vec::with_capacity(cells);
    for start in 0..cells {
        let cand = state.cand[start];
        if cand.len() != 2 {
            continue;
        }
        for orig in cand.iter() {
            let other = cand.iter().find(|&x| x != orig).expect("two digits");
            number.iter_mut().for_each(|x| *x = 0);
            queue.clear();
            queue.push(start);
            number[start] = other;
            prev[start] = usize::MAX;
            let mut head = 0;
            while head < queue.len() {
                let at = queue[head];
                head += 1;
                let current = number[at];
                for &peer in &g.peers[at] {
                    let p = peer.index();
                    if number[p] != 0 || !state.cand[p].contains(current) {
                        continue;
                    }
                    let pc = state.cand[p];
                    if pc.len() == 2 {
                        number[p] = pc.iter().find(|&x| x != current).expect("two digits");
                        prev[p] = at;
                        queue.push(p);
                    }
                    if current == orig && g.peers[start].contains(&peer) {
                        // The chain from `start` to `at` forces `orig` at `at`.
                        let mut chain = vec![Cell(at as u16)];
                        let mut walk = prev[at];
                        while walk != usize::MAX {
                            chain.push(Cell(walk as u16));
                            walk = prev[walk];
                        }
                        chain.reverse();
                        let links = chain.iter().map(|&c| (c, number[c.index()])).collect();
                        let reason = Reason::ForcingChain {
                            start: Cell(start as u16),
                            orig,
                            other,
                            links,
                            at: Cell(at as u16),
                            peer,
                        };
                        return Some(Found::new(
                            &RULE,
                            reason,
                            chain,
                            Vec::new(),
                            vec![(peer, orig)],
                        ));
                    }
                }
            }
        }
    }
    None
}
