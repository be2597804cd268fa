//! The Sudoku crate's integration tests, one binary with a module a file: the test build
//! compiles and links the solvers once instead of once a file.

#[path = "../common/mod.rs"]
mod common;

mod agree;
mod input;
mod json;
mod knuth;
mod mangled;
mod solving;
mod symmetry;
