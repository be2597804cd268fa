//! Helpers shared by the integration tests: an independent answer checker, and test data.
#![allow(unused_imports)]
#![allow(dead_code)]

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::path::PathBuf;

use dlx_sudoku::{Grid, Shape, Visitor};
use proptest::prelude::*;

/// The shared data path `sub` (under `../shared`), or `None` (with a note) when absent.
pub fn shared(sub: &str) -> Option<PathBuf> {
    let sub = sub.strip_prefix("data/").unwrap_or(sub);
    dlx_testkit::shared(sub)
}

/// The text of a file of the repository (`examples/sudoku/sample-200.txt`,
/// `testdata/sudoku/big.txt`).
pub fn read(rel: &str) -> String {
    let p = dlx_testkit::root().join(rel);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

pub use dlx_testkit::puzzle_lines;

/// The test kit's independent checker: what is wrong with `solution` for `puzzle`.
pub fn validate(puzzle: &[u8], solution: &[u8], rows: usize, cols: usize) -> Result<(), String> {
    dlx_testkit::validate(dlx_testkit::Shape::new(rows, cols), puzzle, solution)
}

/// A valid full grid for `shape`, shuffled by `seed`.
pub fn random_solution(shape: Shape, seed: u64) -> Vec<u8> {
    let kit = dlx_testkit::Shape::new(shape.rows, shape.cols);
    dlx_testkit::random_grid(kit, &mut dlx_testkit::XorShift(seed | 1))
}

/// Collects every solution a solver visits.
pub struct Collect(pub BTreeSet<Vec<u8>>);

impl Visitor for Collect {
    fn solution(&mut self, grid: &Grid) -> ControlFlow<()> {
        self.0.insert(grid.cells.clone());
        ControlFlow::Continue(())
    }
}

/// Box shapes small enough for a brute-force count: 4x4, 6x6 both ways, 8x8.
pub fn small_shapes() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just(Shape { rows: 2, cols: 2 }),
        Just(Shape { rows: 2, cols: 3 }),
        Just(Shape { rows: 3, cols: 2 }),
        Just(Shape { rows: 2, cols: 4 }),
    ]
}
