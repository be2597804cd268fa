//! Symmetries of Sudoku grids: relabelling the digits, permuting the rows within each band,
//! the bands, the columns within each stack, the stacks, and (when the boxes are square)
//! transposing. Each maps a puzzle to one with as many solutions, and its solutions to the
//! new puzzle's. Benchmarks apply random ones so that a solver is measured on puzzles free of
//! the orientation a data set was made in (some sets were collected with solvers that favour
//! one); a generator can use them to vary a grid.
//!
//! ```
//! use dlx_sudoku::{Symmetry, parse};
//! use rand::SeedableRng;
//!
//! let grid = parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
//! let s = Symmetry::random(grid.shape, &mut rng);
//! let moved = s.apply(&grid);
//! assert_eq!(moved.givens(), grid.givens());
//! assert_eq!(s.inverse().apply(&moved), grid);
//! ```

use rand::Rng;
use rand::seq::SliceRandom;

use crate::grid::{Grid, Shape};

/// One symmetry of the grids of a [`Shape`]: cell `(r, c)` of the result holds
/// `digits[d]`, where `d` is the original's digit at `(rows[r], cols[c])`, or at
/// `(rows[c], cols[r])` when the symmetry transposes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    shape: Shape,
    /// The new name of each digit; `digits[0] = 0` (a blank stays blank).
    digits: Vec<u8>,
    /// Where each row of the result comes from.
    rows: Vec<usize>,
    /// Where each column of the result comes from.
    cols: Vec<usize>,
    /// Whether rows and columns change places (square boxes only).
    transpose: bool,
}

impl Symmetry {
    /// The symmetry that changes nothing.
    pub fn identity(shape: Shape) -> Symmetry {
        let n = shape.n();
        Symmetry {
            shape,
            digits: (0..=n as u8).collect(),
            rows: (0..n).collect(),
            cols: (0..n).collect(),
            transpose: false,
        }
    }

    /// A symmetry drawn uniformly from those this module makes: every relabelling of the
    /// digits, every order of the bands and of the rows in each band, of the stacks and of the
    /// columns in each stack, and a transposition half of the time when the boxes are square.
    pub fn random<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> Symmetry {
        let n = shape.n();
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        digits.shuffle(rng);
        digits.insert(0, 0);
        // Bands are `shape.rows` rows high; stacks are `shape.cols` columns wide.
        let lines = |width: usize, rng: &mut R| {
            let mut groups: Vec<usize> = (0..n / width).collect();
            groups.shuffle(rng);
            let mut order = Vec::with_capacity(n);
            for g in groups {
                let mut inner: Vec<usize> = (g * width..(g + 1) * width).collect();
                inner.shuffle(rng);
                order.extend(inner);
            }
            order
        };
        let rows = lines(shape.rows, rng);
        let cols = lines(shape.cols, rng);
        let transpose = shape.rows == shape.cols && rng.random_bool(0.5);
        Symmetry {
            shape,
            digits,
            rows,
            cols,
            transpose,
        }
    }

    /// The shape of the grids this symmetry applies to.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Whether rows and columns change places.
    pub fn transposes(&self) -> bool {
        self.transpose
    }

    /// The image of `grid`.
    ///
    /// # Panics
    /// If `grid` is not of this symmetry's shape.
    pub fn apply(&self, grid: &Grid) -> Grid {
        assert_eq!(grid.shape, self.shape, "a symmetry of another shape");
        let n = self.shape.n();
        let mut cells = Vec::with_capacity(n * n);
        for r in 0..n {
            for c in 0..n {
                let (r0, c0) = if self.transpose {
                    (self.rows[c], self.cols[r])
                } else {
                    (self.rows[r], self.cols[c])
                };
                cells.push(self.digits[grid.cells[r0 * n + c0] as usize]);
            }
        }
        Grid {
            shape: self.shape,
            cells,
        }
    }

    /// The symmetry that undoes this one.
    pub fn inverse(&self) -> Symmetry {
        let invert = |v: &[usize]| {
            let mut w = vec![0; v.len()];
            for (i, &x) in v.iter().enumerate() {
                w[x] = i;
            }
            w
        };
        let mut digits = vec![0u8; self.digits.len()];
        for (d, &to) in self.digits.iter().enumerate() {
            digits[to as usize] = d as u8;
        }
        let (rows, cols) = if self.transpose {
            (invert(&self.cols), invert(&self.rows))
        } else {
            (invert(&self.rows), invert(&self.cols))
        };
        Symmetry {
            shape: self.shape,
            digits,
            rows,
            cols,
            transpose: self.transpose,
        }
    }
}
