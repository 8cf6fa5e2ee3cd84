//! The cagey workspace's developer tools, kept out of the user's `cagey` command and out of
//! the `cagey` library's public API: `cargo xtask bench` (the corpus timing, [`bench`]),
//! whose library part the Criterion benchmarks (`cargo bench -p xtask`) and the speed
//! regression tests share.

#![deny(missing_docs)]

pub mod bench;
