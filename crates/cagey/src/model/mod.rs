//! The model: what a cage puzzle is, independent of how it is written or solved.
//!
//! # Glossary
//!
//! - **size** (`n`): the side of the square grid; digits run from 1 to `n`.
//! - **cell**: one square of the grid, numbered row-major from 0 at the top-left ([`Cell`]).
//! - **house**: a group of `n` cells that must hold every digit once: each row and each
//!   column, and in some variants each box or jigsaw region ([`Regions`]).
//! - **cage**: a connected group of cells with an **operation** and a **target**: the digits
//!   of the cage, combined by the operation, give the target ([`Cage`]). A one-cell cage
//!   without an operation is a **given**.
//! - **candidate**: a digit still possible in a cell during solving ([`DigitSet`]).
//! - **tuple** (or layout): one assignment of digits to all cells of a cage that meets its
//!   arithmetic; the KenKen essay the kk format comes from calls the tuples of a cage its *possibilities*.
//! - **solution**: a full [`Grid`] that is Latin and meets every cage ([`check`]).
//! - **progress**: a partial state, what is known of each cell so far ([`Progress`]).

mod cage;
mod canonical;
mod cell;
mod checker;
mod diagonal;
mod digit_set;
mod grid;
mod operation;
mod progress;
mod puzzle;
mod puzzle_error;
mod regions;
mod violation;

pub use cage::{Cage, Label};
pub use canonical::{
    canonical_form, fingerprint, grid_fingerprint, relabels_digits, Fingerprint, Symmetry,
};
pub use cell::{CageId, Cell};
pub use checker::{check, check_all, revealed_operations, verify, violations, Verification};
pub use diagonal::Diagonal;
pub use digit_set::{DigitSet, Digits};
pub use grid::Grid;
pub use operation::Operation;
pub use progress::{CellState, Progress};
pub use puzzle::{Kind, Options, Puzzle, PuzzleBuilder};
pub use puzzle_error::PuzzleError;
pub use regions::Regions;
pub(crate) use violation::and_list;
pub use violation::Violation;

/// The largest grid side the model holds: 32, so that a cell's candidates fit one `u32`
/// ([`DigitSet`]) and a cell index fits a `u16` ([`Cell`]).
pub const MAX_SIZE: usize = 32;
