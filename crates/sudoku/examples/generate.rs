//! Makes a puzzle with a unique solution, for test data and examples:
//!
//! ```text
//! cargo run --release -p dlx-sudoku --example generate -- 3x4 SEED [NODE_BUDGET]
//! ```
//!
//! A solution grid is taken from a pattern and shuffled (digits, rows within bands, bands,
//! columns within stacks, stacks), then givens are removed in random order as long as the
//! `dlx` solver proves the puzzle still unique within the node budget. Prints the puzzle on
//! one line (numbers separated by spaces beyond 35 digits).

use dlx_sudoku::{Grid, Shape, SolveOptions, SolverKind, Status, solve};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// A permutation of `0..groups * size` that shuffles the groups and the members of each.
fn grouped(rng: &mut Rng, groups: usize, size: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..groups).collect();
    rng.shuffle(&mut order);
    let mut out = Vec::new();
    for g in order {
        let mut inner: Vec<usize> = (0..size).map(|k| g * size + k).collect();
        rng.shuffle(&mut inner);
        out.extend(inner);
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let shape: Shape = match args.get(1).map(|s| s.parse()) {
        Some(Ok(s)) => s,
        _ => {
            eprintln!("usage: generate ROWSxCOLS SEED [NODE_BUDGET]");
            std::process::exit(2);
        }
    };
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let budget: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let (p, q, n) = (shape.rows, shape.cols, shape.n());
    // Pattern: a valid solution for boxes of p x q.
    let pattern = |r: usize, c: usize| (q * (r % p) + r / p + c) % n;
    // Rows: bands of p rows; columns: stacks of q columns.
    let rows = grouped(&mut rng, q, p);
    let cols = grouped(&mut rng, p, q);
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    let mut cells = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            cells[r * n + c] = digits[pattern(rows[r], cols[c])];
        }
    }
    let mut grid = Grid { shape, cells };
    assert!(dlx_sudoku::check_givens(&grid).is_empty());
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    let options = SolveOptions {
        node_budget: Some(budget),
        ..SolveOptions::unique(SolverKind::Dlx)
    };
    for k in order {
        let keep = grid.cells[k];
        grid.cells[k] = 0;
        if solve(&grid, &options).status != Status::Unique {
            grid.cells[k] = keep;
        }
    }
    println!("{}", grid.to_line());
}
