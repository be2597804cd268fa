//! What the fuzz targets share: a reader of fuzz bytes, small exact-cover problems and small
//! Sudoku puzzles made from them, and an independent check of a Sudoku solution.

use dlx_engine::{ColorId, ItemId, Problem, ProblemBuilder};
use dlx_sudoku::{Grid, Shape, SolveOptions, SolverKind, Status};

/// Fuzz bytes read one at a time; zeros once they run out.
pub struct Bytes<'a>(pub &'a [u8]);

impl Bytes<'_> {
    /// The next byte (0 when none is left).
    pub fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    /// Whether every byte has been read.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The most options of a fuzzed problem (the brute-force reference tries every subset).
pub const MAX_OPTIONS: usize = 14;

/// A small XCC problem from bytes: 1 to 5 primary items `p0..`, 0 to 3 secondary items `s0..`,
/// 1 to 3 colors, up to [`MAX_OPTIONS`] options. Each option is a byte of primary items (a
/// bit mask) and, for each secondary item, a byte: absent, uncolored, or a color. Options the
/// builder refuses (no primary item) are skipped.
pub fn problem(bytes: &mut Bytes) -> Problem {
    let head = bytes.byte();
    let primaries = 1 + (head % 5) as usize;
    let secondaries = ((head / 5) % 4) as usize;
    let colors = 1 + ((head / 20) % 3) as usize;
    let mut b = ProblemBuilder::new();
    let p = b.primaries((0..primaries).map(|i| format!("p{i}"))).unwrap();
    let s = b.secondaries((0..secondaries).map(|i| format!("s{i}"))).unwrap();
    let c: Vec<ColorId> = (0..colors).map(|i| b.color(&format!("c{i}"))).collect();
    while !bytes.is_empty() && b.option_count() < MAX_OPTIONS {
        let mask = bytes.byte();
        let mut entries: Vec<(ItemId, Option<ColorId>)> = p
            .iter()
            .enumerate()
            .filter(|&(i, _)| mask >> i & 1 == 1)
            .map(|(_, &item)| (item, None))
            .collect();
        for &item in &s {
            let x = bytes.byte();
            match x % 4 {
                0 | 1 => {}
                2 => entries.push((item, None)),
                _ => entries.push((item, Some(c[(x / 4) as usize % colors]))),
            }
        }
        // Rotate so that secondary items are not always last.
        if !entries.is_empty() {
            let k = (mask >> 5) as usize % entries.len();
            entries.rotate_left(k);
        }
        let _ = b.option(&entries);
    }
    b.build()
}

/// A box shape from a byte: 2x2, 2x3, 3x2 or 3x3.
pub fn shape(byte: u8) -> Shape {
    let (r, c) = match byte % 4 {
        0 => (2, 2),
        1 => (2, 3),
        2 => (3, 2),
        _ => (3, 3),
    };
    Shape::new(r, c).unwrap()
}

/// A small puzzle from bytes, one of two kinds (by the second byte):
/// - raw: pairs of bytes place digits anywhere (repeated givens, no solution, many solutions);
/// - dug: a few pairs of givens, the fast solver's first solution of them, then the cells of
///   that solution kept by a random mask of some density, so the puzzle has a solution and
///   often only one.
pub fn sudoku(bytes: &mut Bytes) -> Grid {
    let shape = shape(bytes.byte());
    let n = shape.n();
    let kind = bytes.byte();
    let raw = kind & 1 == 0;
    let mut cells = vec![0u8; n * n];
    let pairs = if raw {
        usize::MAX
    } else {
        (kind as usize / 2) % 6
    };
    let mut placed = 0;
    while placed < pairs && bytes.0.len() >= 2 {
        let cell = bytes.byte() as usize % (n * n);
        let digit = bytes.byte() % (n as u8 + 1);
        cells[cell] = digit;
        placed += 1;
    }
    let grid = Grid::new(shape, cells).unwrap();
    if raw {
        return grid;
    }
    let first = dlx_sudoku::solve(&grid, &SolveOptions::new(SolverKind::Fast));
    let Some(full) = first.solution else {
        return grid;
    };
    // Keep each cell with probability density / 256.
    let density = bytes.byte().max(64);
    let mut seed = u64::from(bytes.byte()) << 8 | u64::from(bytes.byte());
    let cells = full
        .cells
        .iter()
        .map(|&d| {
            // A small linear congruential stream, enough to spread the mask.
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if ((seed >> 33) as u8) < density { d } else { 0 }
        })
        .collect();
    Grid::new(shape, cells).unwrap()
}

/// Whether `solution` is a full grid of `puzzle`'s shape that keeps its givens and has each
/// digit once in every row, column and box (checked here, not by the library).
pub fn is_solution(puzzle: &Grid, solution: &Grid) -> bool {
    let shape = puzzle.shape;
    let n = shape.n();
    if solution.shape != shape || solution.cells.len() != n * n {
        return false;
    }
    let keeps = puzzle
        .cells
        .iter()
        .zip(&solution.cells)
        .all(|(&g, &s)| g == 0 || g == s);
    let mut seen = vec![0u64; 3 * n];
    for r in 0..n {
        for c in 0..n {
            let d = solution.cells[r * n + c];
            if d == 0 || d as usize > n {
                return false;
            }
            let bit = 1u64 << d;
            let b = (r / shape.rows) * shape.rows + c / shape.cols;
            for h in [r, n + c, 2 * n + b] {
                if seen[h] & bit != 0 {
                    return false;
                }
                seen[h] |= bit;
            }
        }
    }
    keeps
}

/// The puzzle's only solution, if it has exactly one (by the dancing-links solver).
pub fn unique_solution(puzzle: &Grid) -> Option<Grid> {
    let r = dlx_sudoku::solve(puzzle, &SolveOptions::unique(SolverKind::Dlx));
    (r.status == Status::Unique).then_some(r.solution?)
}
