//! Helpers shared by the integration tests: an independent answer checker, and test data.
#![allow(dead_code)]

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::path::PathBuf;

use dlx_sudoku::{Grid, Shape, Visitor};
use proptest::prelude::*;

/// The shared data directory, or `None` (with a note) when it is absent.
pub fn shared(sub: &str) -> Option<PathBuf> {
    let p = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared")).join(sub);
    if p.exists() {
        Some(p)
    } else {
        note(&format!("{} is absent; skipping", p.display()));
        None
    }
}

/// A file of this crate's `testdata/`.
pub fn testdata(name: &str) -> String {
    let p = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/testdata")).join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The puzzle lines of a file (first word of each non-comment line).
pub fn puzzle_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split_whitespace().next().unwrap_or("").to_string())
        .collect()
}

/// Checks that `solution` (row-major digits) solves `puzzle` for boxes of `rows x cols`,
/// without using the library: every cell in 1..=N, givens kept, and every row, column and
/// box a permutation of 1..=N. Returns what is wrong.
pub fn validate(puzzle: &[u8], solution: &[u8], rows: usize, cols: usize) -> Result<(), String> {
    let n = rows * cols;
    if puzzle.len() != n * n || solution.len() != n * n {
        return Err(format!(
            "sizes {} and {} for n = {n}",
            puzzle.len(),
            solution.len()
        ));
    }
    for k in 0..n * n {
        let (p, s) = (puzzle[k] as usize, solution[k] as usize);
        if s == 0 || s > n {
            return Err(format!("cell {k} holds {s}"));
        }
        if p != 0 && p != s {
            return Err(format!("given {p} at cell {k} changed to {s}"));
        }
    }
    for unit in 0..n {
        let mut seen_row = vec![false; n + 1];
        let mut seen_col = vec![false; n + 1];
        let mut seen_box = vec![false; n + 1];
        // Box `unit`: band unit / rows of `rows` rows... boxes across a band = n / cols.
        let across = n / cols;
        let (top, left) = ((unit / across) * rows, (unit % across) * cols);
        for k in 0..n {
            let r = solution[unit * n + k] as usize;
            let c = solution[k * n + unit] as usize;
            let b = solution[(top + k / cols) * n + left + k % cols] as usize;
            if std::mem::replace(&mut seen_row[r], true) {
                return Err(format!("row {unit} repeats {r}"));
            }
            if std::mem::replace(&mut seen_col[c], true) {
                return Err(format!("column {unit} repeats {c}"));
            }
            if std::mem::replace(&mut seen_box[b], true) {
                return Err(format!("box {unit} repeats {b}"));
            }
        }
    }
    Ok(())
}

/// A valid full grid for `shape`, shuffled by `seed` (pattern, then digits, rows within
/// bands, bands, columns within stacks, stacks).
pub fn random_solution(shape: Shape, seed: u64) -> Vec<u8> {
    let mut s = seed | 1;
    let mut next = move |n: usize| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s % n as u64) as usize
    };
    let (p, q, n) = (shape.rows, shape.cols, shape.n());
    let mut shuffle = |v: &mut Vec<usize>| {
        for i in (1..v.len()).rev() {
            let j = next(i + 1);
            v.swap(i, j);
        }
    };
    let mut grouped = |groups: usize, size: usize| {
        let mut order: Vec<usize> = (0..groups).collect();
        shuffle(&mut order);
        let mut out = Vec::new();
        for g in order {
            let mut inner: Vec<usize> = (0..size).map(|k| g * size + k).collect();
            shuffle(&mut inner);
            out.extend(inner);
        }
        out
    };
    let rows = grouped(q, p);
    let cols = grouped(p, q);
    let digits = grouped(1, n);
    let mut cells = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            let v = (q * (rows[r] % p) + rows[r] / p + cols[c]) % n;
            cells[r * n + c] = digits[v] as u8 + 1;
        }
    }
    cells
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

/// Prints a note on stderr even while the test harness captures the output of tests (it
/// captures `eprintln!`), so that a skipped part of a test shows in the run's output.
fn note(text: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "note: {text}");
}
