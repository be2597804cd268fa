//! Test helpers shared by the workspace's tests and benchmarks (a dev-dependency only):
//! where the data is ([`root`], [`testdata`], [`shared`]), and for Sudoku an independent
//! checker ([`validate`]) and counter ([`reference_count`]) that use none of the workspace's
//! solvers, seeded grid generators ([`XorShift`], [`random_grid`], [`remove_cells`], [`keep_cells`]) and
//! puzzle-file readers.
#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};

pub mod variants;

/// The repository root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A path in the repository's one `testdata/` tree (`testdata("sudoku/17-clue-sample.txt")`).
pub fn testdata(rel: &str) -> PathBuf {
    root().join("testdata").join(rel)
}

/// A path in the shared data folder (`../shared/data` beside the repository, or
/// `$DLX_SHARED_DATA`), or `None`,
/// with a note on stderr, when it is absent (a fresh clone): the caller skips that part.
pub fn shared(rel: &str) -> Option<PathBuf> {
    // `DLX_SHARED_DATA` points elsewhere (a git worktree has no `../shared` beside it).
    let base = std::env::var_os("DLX_SHARED_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared/data"));
    let p = base.join(rel);
    if p.exists() {
        Some(p)
    } else {
        note(&format!(
            "{} is absent; skipping the shared-data part of this test",
            p.display()
        ));
        None
    }
}

/// Prints a note on stderr even while the test harness captures the output of tests, so
/// that a skipped part of a test shows in the run's output.
pub fn note(text: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "note: {text}");
}

/// The puzzle lines of a file's text (first word of each non-comment, non-blank line).
pub fn puzzle_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split_whitespace().next().unwrap_or("").to_string())
        .collect()
}

/// A box shape: boxes of `rows x cols` cells, `N = rows * cols` digits (kept here so that
/// the kit depends on no crate of the workspace).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Rows of a box.
    pub rows: usize,
    /// Columns of a box.
    pub cols: usize,
}

impl Shape {
    /// Boxes of `rows x cols`.
    pub fn new(rows: usize, cols: usize) -> Shape {
        Shape { rows, cols }
    }

    /// Digits (and cells on a side).
    pub fn n(self) -> usize {
        self.rows * self.cols
    }
}

/// Checks, without any solver of the workspace, that `solution` (row-major digits) solves
/// `puzzle` for `shape`: every cell in `1..=N`, givens kept, every row, column and box a
/// permutation of `1..=N`. Returns what is wrong.
pub fn validate(shape: Shape, puzzle: &[u8], solution: &[u8]) -> Result<(), String> {
    let (p, q, n) = (shape.rows, shape.cols, shape.n());
    if puzzle.len() != n * n || solution.len() != n * n {
        return Err(format!(
            "sizes {} and {} for N = {n}",
            puzzle.len(),
            solution.len()
        ));
    }
    for (k, (&g, &s)) in puzzle.iter().zip(solution).enumerate() {
        if s == 0 || s as usize > n {
            return Err(format!("cell {k} holds {s}"));
        }
        if g != 0 && g != s {
            return Err(format!("given {g} at cell {k} changed to {s}"));
        }
    }
    for unit in 0..n {
        let (mut row, mut col, mut bx) =
            (vec![false; n + 1], vec![false; n + 1], vec![false; n + 1]);
        let (top, left) = ((unit / p) * p, (unit % p) * q);
        for k in 0..n {
            let r = solution[unit * n + k] as usize;
            let c = solution[k * n + unit] as usize;
            let b = solution[(top + k / q) * n + left + k % q] as usize;
            if std::mem::replace(&mut row[r], true) {
                return Err(format!("row {} repeats {r}", unit + 1));
            }
            if std::mem::replace(&mut col[c], true) {
                return Err(format!("column {} repeats {c}", unit + 1));
            }
            if std::mem::replace(&mut bx[b], true) {
                return Err(format!("box {} repeats {b}", unit + 1));
            }
        }
    }
    Ok(())
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
pub fn load9(path: impl AsRef<Path>, step: usize) -> Vec<[u8; 81]> {
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

/// A plain reference counter: depth-first over the cell with the fewest candidates, no
/// other deduction. Stops at `limit`.
pub fn reference_count(shape: Shape, puzzle: &[u8], limit: u64) -> u64 {
    let (p, q, n) = (shape.rows, shape.cols, shape.n());
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
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
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
    let (p, q, n) = (shape.rows, shape.cols, shape.n());
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    // Rows: q bands of p rows; columns: p stacks of q columns.
    let row_of = shuffled_lines(q, p, rng);
    let col_of = shuffled_lines(p, q, rng);
    let mut grid = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            let (rr, cc) = (row_of[r], col_of[c]);
            grid[r * n + c] = digits[((rr % p) * q + rr / p + cc) % n];
        }
    }
    grid
}

/// The lines of `groups` groups of `size` lines each (bands of rows, stacks of columns),
/// the groups shuffled and the lines inside each group shuffled, by `rng`.
fn shuffled_lines(groups: usize, size: usize, rng: &mut XorShift) -> Vec<usize> {
    let mut order: Vec<usize> = (0..groups).collect();
    rng.shuffle(&mut order);
    let mut lines = Vec::new();
    for &g in &order {
        let mut inner: Vec<usize> = (0..size).collect();
        rng.shuffle(&mut inner);
        lines.extend(inner.iter().map(|&i| g * size + i));
    }
    lines
}

/// `grid` with each cell kept with probability `keep` (to a thousandth) and the others set
/// to 0, one draw of `rng` a cell.
pub fn keep_cells(grid: &[u8], keep: f64, rng: &mut XorShift) -> Vec<u8> {
    let mut puzzle = grid.to_vec();
    for c in puzzle.iter_mut() {
        if (rng.next_u64() % 1000) as f64 >= keep * 1000.0 {
            *c = 0;
        }
    }
    puzzle
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

/// Spearman's rank correlation of the pairs (ties get their average rank), for calibration
/// tests and reports.
pub fn spearman(pairs: &[(f64, f64)]) -> f64 {
    fn ranks(v: &[f64]) -> Vec<f64> {
        let mut idx: Vec<usize> = (0..v.len()).collect();
        idx.sort_by(|&a, &b| v[a].total_cmp(&v[b]));
        let mut r = vec![0.0; v.len()];
        let mut i = 0;
        while i < idx.len() {
            let mut j = i;
            while j + 1 < idx.len() && v[idx[j + 1]] == v[idx[i]] {
                j += 1;
            }
            for &k in &idx[i..=j] {
                r[k] = (i + j) as f64 / 2.0 + 1.0;
            }
            i = j + 1;
        }
        r
    }
    let a: Vec<f64> = pairs.iter().map(|p| p.0).collect();
    let b: Vec<f64> = pairs.iter().map(|p| p.1).collect();
    let (ra, rb) = (ranks(&a), ranks(&b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}
