//! The command's end-to-end tests, one binary with a module a file (the test build links one
//! binary instead of ten). `docs` (the documented examples) and `load` (the server under
//! load, ignored by default) stay binaries of their own, as the docs name them.

#[path = "../common/mod.rs"]
mod common;

mod damaged;
mod logic;
mod serve;
mod shard;
mod shared_checks;
mod sudoku;
mod variants;
mod vgenerate;
mod vlogic;
mod xcc;
