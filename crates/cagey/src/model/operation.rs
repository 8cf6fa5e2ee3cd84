//! The arithmetic operation of a cage.

use std::fmt;

/// What a cage's digits must produce its target with.
///
/// Subtraction and division take their two digits in either order: a `2÷` cage holds 2 and 4
/// as well as 4 and 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Operation {
    /// The digits add up to the target.
    Add,
    /// The larger of two digits minus the smaller is the target.
    Subtract,
    /// The digits multiply to the target.
    Multiply,
    /// The larger of two digits divided by the smaller is the target, exactly.
    Divide,
    /// A one-cell cage whose digit is the target: a given.
    Given,
    /// An operation the puzzle hides ("no-op" KenKen, written `?`): any of addition,
    /// multiplication, subtraction and division that reaches the target with the cage's
    /// digits will do.
    Unknown,
}

impl Operation {
    /// Every operation, in the order above.
    pub const ALL: [Operation; 6] = [
        Operation::Add,
        Operation::Subtract,
        Operation::Multiply,
        Operation::Divide,
        Operation::Given,
        Operation::Unknown,
    ];

    /// The ASCII sign of the kk format: `+ - * %`, `?` for a hidden operation, and
    /// none for a given.
    pub fn ascii(self) -> Option<char> {
        match self {
            Operation::Add => Some('+'),
            Operation::Subtract => Some('-'),
            Operation::Multiply => Some('*'),
            Operation::Divide => Some('%'),
            Operation::Given => None,
            Operation::Unknown => Some('?'),
        }
    }

    /// The sign as printed on puzzles: `+ − × ÷`, and none for a given.
    pub fn sign(self) -> Option<char> {
        match self {
            Operation::Add => Some('+'),
            Operation::Subtract => Some('−'),
            Operation::Multiply => Some('×'),
            Operation::Divide => Some('÷'),
            Operation::Given => None,
            Operation::Unknown => Some('?'),
        }
    }

    /// How many cells a cage with this operation may have, as `(least, most)`; `None` for no
    /// upper bound. The standard rules: subtraction and division take exactly two cells, a
    /// given exactly one.
    pub fn arity(self) -> (usize, Option<usize>) {
        match self {
            Operation::Add | Operation::Multiply | Operation::Unknown => (1, None),
            Operation::Subtract | Operation::Divide => (2, Some(2)),
            Operation::Given => (1, Some(1)),
        }
    }

    /// The English name, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Operation::Add => "addition",
            Operation::Subtract => "subtraction",
            Operation::Multiply => "multiplication",
            Operation::Divide => "division",
            Operation::Given => "given",
            Operation::Unknown => "hidden operation",
        }
    }
}

impl fmt::Display for Operation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
