//! The test kit (`dlx-testkit`) on this crate's shape type.

use dlx_sudoku_fast::Shape;

#[allow(unused_imports)]
pub use dlx_testkit::{XorShift, load9, parse_line, remove_cells};

fn kit(shape: Shape) -> dlx_testkit::Shape {
    dlx_testkit::Shape::new(shape.rows as usize, shape.cols as usize)
}

/// The shared data file `rel` (under `../shared/data`), if present.
pub fn shared(rel: &str) -> Option<String> {
    dlx_testkit::shared(rel).map(|p| p.display().to_string())
}

/// A file of `testdata/sudoku/`.
pub fn testdata(name: &str) -> String {
    dlx_testkit::testdata(&format!("sudoku/{name}"))
        .display()
        .to_string()
}

/// Checks that `grid` is a complete valid solution of `puzzle`; panics with the reason.
pub fn validate(shape: Shape, puzzle: &[u8], grid: &[u8]) {
    if let Err(e) = dlx_testkit::validate(kit(shape), puzzle, grid) {
        panic!("{e}");
    }
}

/// The independent reference counter, stopping at `limit`.
pub fn reference_count(shape: Shape, puzzle: &[u8], limit: u64) -> u64 {
    dlx_testkit::reference_count(kit(shape), puzzle, limit)
}

/// A valid full grid of the shape, shuffled by `rng`.
pub fn random_grid(shape: Shape, rng: &mut XorShift) -> Vec<u8> {
    dlx_testkit::random_grid(kit(shape), rng)
}
