//! One step of an explanation: the plain record a rule returns (what it looks at, the
//! cells that cause it, what it places and removes, why in words) and the sentences made
//! from it on request (`describe`, `effect`, `hint_text`). Ground floor: it knows levels
//! and how to name a cell, nothing of the rules or the engine.

use std::collections::BTreeMap;

use super::level::Level;
use super::state;
use crate::model::Cell;

/// One step of an explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The rule's name.
    pub rule: &'static str,
    /// The rule's level.
    pub level: Level,
    /// The rule's weight.
    pub weight: u32,
    /// What the step looks at: a house, a cage (`cage 12+ at r3c4`), a cell.
    pub house: String,
    /// The cells that cause the step.
    pub cells: Vec<Cell>,
    /// The digits it places.
    pub placed: Vec<(Cell, u8)>,
    /// The candidates it removes (a placement's clean-up included).
    pub eliminated: Vec<(Cell, u8)>,
    /// Why, in words.
    pub text: String,
}

impl Step {
    /// The step as a sentence with its effect, cells named `r3c4` in a grid of side `size`:
    /// `naked single: r3c4 has only 5 left: place 5 in r3c4; r3c1 loses 5`.
    pub fn describe(&self, size: usize) -> String {
        let mut out = format!("{}: {}", self.rule, self.text);
        let effect = self.effect(size);
        if !effect.is_empty() {
            out.push_str(": ");
            out.push_str(&effect);
        }
        out
    }

    /// What the step does, `place 5 in r3c4; r3c1, r3c2 lose 5; r4c4 loses 1, 2`.
    pub fn effect(&self, size: usize) -> String {
        let mut parts: Vec<String> = self
            .placed
            .iter()
            .map(|&(c, d)| format!("place {d} in {}", state::cell_name(c, size)))
            .collect();
        let placed_cells: Vec<Cell> = self.placed.iter().map(|p| p.0).collect();
        // Group eliminations by digit (most rules remove one digit from several cells) or by
        // cell, whichever is shorter.
        let shown: Vec<(Cell, u8)> = self
            .eliminated
            .iter()
            .copied()
            .filter(|(c, _)| !placed_cells.contains(c))
            .collect();
        let mut by_digit: BTreeMap<u8, Vec<Cell>> = BTreeMap::new();
        let mut by_cell: BTreeMap<Cell, Vec<u8>> = BTreeMap::new();
        for &(c, d) in &shown {
            by_digit.entry(d).or_default().push(c);
            by_cell.entry(c).or_default().push(d);
        }
        let names = |cells: &[Cell]| {
            cells
                .iter()
                .map(|&c| state::cell_name(c, size))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let list = |ds: &[u8]| ds.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
        if by_digit.len() <= by_cell.len() {
            // Digits losing the same cells go together: `r1c4, r2c4 lose 2, 4`.
            let mut groups: Vec<(Vec<Cell>, Vec<u8>)> = Vec::new();
            for (d, cells) in by_digit {
                match groups.iter_mut().find(|(c, _)| *c == cells) {
                    Some((_, ds)) => ds.push(d),
                    None => groups.push((cells, vec![d])),
                }
            }
            for (cells, ds) in groups {
                let verb = if cells.len() == 1 { "loses" } else { "lose" };
                parts.push(format!("{} {verb} {}", names(&cells), list(&ds)));
            }
        } else {
            let mut groups: Vec<(Vec<u8>, Vec<Cell>)> = Vec::new();
            for (c, ds) in by_cell {
                match groups.iter_mut().find(|(d, _)| *d == ds) {
                    Some((_, cells)) => cells.push(c),
                    None => groups.push((ds, vec![c])),
                }
            }
            for (ds, cells) in groups {
                let verb = if cells.len() == 1 { "loses" } else { "lose" };
                parts.push(format!("{} {verb} {}", names(&cells), list(&ds)));
            }
        }
        parts.join("; ")
    }

    /// The hint a player asked for, by how much is revealed: `1` names the rule and where
    /// to look, `2` adds the cells, `3` (or more) is the whole step.
    pub fn hint_text(&self, reveal: u8, size: usize) -> String {
        let cells: Vec<String> = self
            .cells
            .iter()
            .map(|&c| state::cell_name(c, size))
            .collect();
        match reveal {
            0 | 1 => format!(
                "look for a {} ({}) in {}",
                self.rule, self.level, self.house
            ),
            2 => format!(
                "look for a {} ({}) in {}, at {}",
                self.rule,
                self.level,
                self.house,
                cells.join(", ")
            ),
            _ => self.describe(size),
        }
    }
}
