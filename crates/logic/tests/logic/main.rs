//! The logic's integration tests, one binary with a module a file: the test build compiles
//! and links the solver once instead of once a file. `path`: whole paths, their soundness and
//! ratings; `techniques`: each technique's exact step; `variants`: the variant rules.

mod path;
mod techniques;
mod variants;
