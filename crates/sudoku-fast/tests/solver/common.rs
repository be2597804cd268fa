//! Test helpers: puzzle files, a validator, a reference counter, grids of any shape.

use dlx_sudoku_fast::Shape;

/// The shared data directory, if present.
pub fn shared(rel: &str) -> Option<String> {
    let path = format!("{}/../../../shared/data/{rel}", env!("CARGO_MANIFEST_DIR"));
    if std::path::Path::new(&path).exists() {
        Some(path)
    } else {
        note(&format!(
            "{path} is absent; skipping the shared-data part of this test"
        ));
        None
    }
}

/// A file in this crate's `testdata/`.
pub fn testdata(name: &str) -> String {
    format!("{}/testdata/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Parses one puzzle in one-line form: '.' or '0' blank, digits 1-9 then letters A=10...
pub fn parse_line(line: &str, n: usize) -> Vec<u8> {
    let cells: Vec<u8> = line
        .trim()
        .chars()
        .map(|ch| match ch {
            '.' | '0' => 0,
            '1'..='9' => ch as u8 - b'0',
            'A'..='Z' => ch as u8 - b'A' + 10,
            'a'..='z' => ch as u8 - b'a' + 10,
            _ => panic!("bad character {ch:?}"),
        })
        .collect();
    assert_eq!(cells.len(), n * n, "line {line:?}");
    cells
}

/// The 9x9 puzzles of a file, every `step`-th one (comments skipped).
pub fn load9(path: &str, step: usize) -> Vec<[u8; 81]> {
    let text = std::fs::read_to_string(path).expect("readable puzzle file");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .step_by(step)
        .map(|l| {
            let mut g = [0u8; 81];
            g.copy_from_slice(&parse_line(&l[..81], 9));
            g
        })
        .collect()
}

/// Checks that `grid` is a complete valid solution of `puzzle`; panics with the reason.
pub fn validate(shape: Shape, puzzle: &[u8], grid: &[u8]) {
    let (p, q, n) = (shape.rows as usize, shape.cols as usize, shape.n());
    assert_eq!(grid.len(), n * n, "solution length");
    for (i, (&g, &v)) in grid.iter().zip(puzzle).enumerate() {
        assert!(g >= 1 && g as usize <= n, "cell {i} holds {g}");
        assert!(v == 0 || v == g, "given {v} at cell {i} changed to {g}");
    }
    let full: u128 = if n == 64 {
        u64::MAX as u128
    } else {
        (1u128 << n) - 1
    } << 1;
    for k in 0..n {
        let (mut row, mut col, mut bx) = (0u128, 0u128, 0u128);
        for j in 0..n {
            row |= 1 << grid[k * n + j];
            col |= 1 << grid[j * n + k];
            let (r, c) = ((k / p) * p + j / q, (k % p) * q + j % q);
            bx |= 1 << grid[r * n + c];
        }
        assert_eq!(row, full, "row {k}");
        assert_eq!(col, full, "column {k}");
        assert_eq!(bx, full, "box {k}");
    }
}

/// A plain reference counter: depth-first over the cell with the fewest candidates, no
/// other deduction. Stops at `limit`.
pub fn reference_count(shape: Shape, puzzle: &[u8], limit: u64) -> u64 {
    let (p, q, n) = (shape.rows as usize, shape.cols as usize, shape.n());
    let mut grid = puzzle.to_vec();
    let bx = |i: usize| ((i / n) / p) * p + (i % n) / q;
    let (mut rows, mut cols, mut boxes) = (vec![0u64; n], vec![0u64; n], vec![0u64; n]);
    for (i, &v) in grid.iter().enumerate() {
        if v != 0 {
            let bit = 1u64 << (v - 1);
            if (rows[i / n] | cols[i % n] | boxes[bx(i)]) & bit != 0 {
                return 0;
            }
            rows[i / n] |= bit;
            cols[i % n] |= bit;
            boxes[bx(i)] |= bit;
        }
    }
    fn go(
        grid: &mut [u8],
        n: usize,
        bx: &dyn Fn(usize) -> usize,
        h: &mut (Vec<u64>, Vec<u64>, Vec<u64>),
        limit: u64,
        count: &mut u64,
    ) {
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut best = None;
        let mut best_k = u32::MAX;
        for (i, &v) in grid.iter().enumerate() {
            if v == 0 {
                let free = all & !(h.0[i / n] | h.1[i % n] | h.2[bx(i)]);
                if free.count_ones() < best_k {
                    best_k = free.count_ones();
                    best = Some((i, free));
                }
            }
        }
        let Some((i, mut free)) = best else {
            *count += 1;
            return;
        };
        while free != 0 && *count < limit {
            let bit = free & free.wrapping_neg();
            free &= free - 1;
            grid[i] = bit.trailing_zeros() as u8 + 1;
            h.0[i / n] |= bit;
            h.1[i % n] |= bit;
            h.2[bx(i)] |= bit;
            go(grid, n, bx, h, limit, count);
            h.0[i / n] &= !bit;
            h.1[i % n] &= !bit;
            h.2[bx(i)] &= !bit;
            grid[i] = 0;
        }
    }
    let mut count = 0;
    let mut h = (rows, cols, boxes);
    go(&mut grid, n, &bx, &mut h, limit, &mut count);
    count
}

/// A tiny xorshift generator (deterministic, no dependency).
pub struct XorShift(pub u64);

impl XorShift {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// A valid full grid of the shape: the pattern `((r % p) q + r / p + c) mod N`, with digits
/// relabelled, rows shuffled inside bands, bands shuffled, columns inside stacks and stacks
/// shuffled, all by `rng`.
pub fn random_grid(shape: Shape, rng: &mut XorShift) -> Vec<u8> {
    let (p, q, n) = (shape.rows as usize, shape.cols as usize, shape.n());
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    // Rows: q bands of p rows; columns: p stacks of q columns.
    let mut bands: Vec<usize> = (0..q).collect();
    rng.shuffle(&mut bands);
    let mut row_of = Vec::new();
    for &b in &bands {
        let mut inner: Vec<usize> = (0..p).collect();
        rng.shuffle(&mut inner);
        row_of.extend(inner.iter().map(|&i| b * p + i));
    }
    let mut stacks: Vec<usize> = (0..p).collect();
    rng.shuffle(&mut stacks);
    let mut col_of = Vec::new();
    for &s in &stacks {
        let mut inner: Vec<usize> = (0..q).collect();
        rng.shuffle(&mut inner);
        col_of.extend(inner.iter().map(|&i| s * q + i));
    }
    let mut grid = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            let (rr, cc) = (row_of[r], col_of[c]);
            grid[r * n + c] = digits[((rr % p) * q + rr / p + cc) % n];
        }
    }
    grid
}

/// `grid` with `blanks` cells chosen by `rng` set to 0.
pub fn remove_cells(grid: &[u8], blanks: usize, rng: &mut XorShift) -> Vec<u8> {
    let mut order: Vec<usize> = (0..grid.len()).collect();
    rng.shuffle(&mut order);
    let mut puzzle = grid.to_vec();
    for &i in order.iter().take(blanks) {
        puzzle[i] = 0;
    }
    puzzle
}

/// Prints a note on stderr even while the test harness captures the output of tests (it
/// captures `eprintln!`), so that a skipped part of a test shows in the run's output.
fn note(text: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "note: {text}");
}
