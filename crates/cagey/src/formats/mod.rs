//! Text formats: one module per notation, each with a parser, a writer and its own error type.
//!
//! Formats depend on the model only; they know nothing of solvers.

pub mod kk;
