//! The variant crate's integration tests, one binary with a module a file: the test build
//! compiles and links the variant engine once instead of once a file.

mod errors;
mod generate;
mod properties;
mod samples;
