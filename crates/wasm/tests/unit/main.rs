//! The library's unit tests, a module per source file. They live here rather than in `src/`
//! so that `cargo test` does not compile the library a second time as a test harness
//! (`[lib] test = false` in Cargo.toml).

mod root;
