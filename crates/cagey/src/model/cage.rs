//! A cage: a group of cells, an operation and a target.

use std::fmt;

use super::{Cell, Operation};

/// A cage as written in a puzzle: its digits, combined by `operation`, give `target`.
///
/// A `Cage` on its own is just data; a [`Puzzle`](crate::Puzzle) checks that its cages fit
/// the grid and each other. The cells are kept sorted ascending.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    operation: Operation,
    target: u64,
    cells: Vec<Cell>,
}

impl Cage {
    /// A cage over `cells` (in any order; they are sorted here).
    pub fn new(operation: Operation, target: u64, mut cells: Vec<Cell>) -> Cage {
        cells.sort_unstable();
        Cage {
            operation,
            target,
            cells,
        }
    }

    /// A cage whose clue is `target` under `operation`, as links and grid formats draw
    /// them: a one-cell cage is a given whatever the operation (its clue is its digit).
    pub fn clued(operation: Operation, target: u64, cells: Vec<Cell>) -> Cage {
        let operation = if cells.len() == 1 {
            Operation::Given
        } else {
            operation
        };
        Cage::new(operation, target, cells)
    }

    /// A one-cell cage fixing `cell` to `digit`.
    pub fn given(cell: Cell, digit: u8) -> Cage {
        Cage::new(Operation::Given, u64::from(digit), vec![cell])
    }

    /// The operation.
    pub fn operation(&self) -> Operation {
        self.operation
    }

    /// The target number.
    pub fn target(&self) -> u64 {
        self.target
    }

    /// The cells, ascending.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The smallest cell, where the label is printed; `None` only for an empty cage, which
    /// no [`Puzzle`](crate::Puzzle) holds.
    pub fn anchor(&self) -> Option<Cell> {
        self.cells.first().copied()
    }

    /// The label as the kk format writes it: `11+`, `2%`, or `3` for a given.
    pub fn label(&self) -> Label<'_> {
        Label(self)
    }

    /// The cage as messages name it, by its signed label and first cell in a grid of side
    /// `size`: `12× at r1c1` (the label alone for an empty cage).
    pub fn name(&self, size: usize) -> String {
        match self.anchor() {
            Some(first) => format!("{} at {}", self.signed_label(), first.name(size)),
            None => self.signed_label(),
        }
    }

    /// The label as people read it, with the operation's sign: `11+`, `8×`, `2÷`, `1−`, `12?`
    /// for a hidden operation, `3` for a given. Every message names cages this way.
    pub fn signed_label(&self) -> String {
        match self.operation.sign() {
            Some(sign) => format!("{}{sign}", self.target),
            None => self.target.to_string(),
        }
    }
}

/// The ASCII label of a cage, `11+`, as displayed by [`Cage::label`].
pub struct Label<'a>(&'a Cage);

impl fmt::Display for Label<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.target)?;
        match self.0.operation.ascii() {
            Some(sign) => write!(f, "{sign}"),
            None => Ok(()),
        }
    }
}
