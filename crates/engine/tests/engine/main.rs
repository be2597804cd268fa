//! The engine's integration tests, one binary with a module a file: the test build compiles
//! and links the engine's generic searches (dancing links and dancing cells, with every
//! observer the tests use) once instead of once a file.

#[path = "../common/mod.rs"]
#[macro_use]
mod common;

mod format;
mod mangled;
mod parallel;
mod propagate;
mod search;
mod shard;
