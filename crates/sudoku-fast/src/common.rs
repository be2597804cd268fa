//! What both solvers share, below them: the box [`Shape`], the [`Answer`], the clock.

use std::time::Instant;

/// Guesses between two looks at the clock when a search has a deadline.
pub const CLOCK_EVERY: u64 = 256;

/// True if `deadline` is set and has passed.
pub(crate) fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}

/// The largest number of digits supported (cell masks are `u64`).
pub const MAX_N: usize = 64;

/// Box shape: boxes of `rows x cols` cells, `N = rows * cols` digits; the grid is `N x N`.
///
/// Invariant (when built by [`Shape::new`] or [`Shape::from_size`]): `1 <= N <= 64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    /// Rows in a box.
    pub rows: u8,
    /// Columns in a box.
    pub cols: u8,
}

impl Shape {
    /// A shape with boxes of `rows x cols` cells; `N = rows * cols` must be in `1..=64`.
    pub fn new(rows: u8, cols: u8) -> Result<Shape, ShapeError> {
        let shape = Shape { rows, cols };
        shape.validate()?;
        Ok(shape)
    }

    /// The squarest box shape for `n` digits (`rows <= cols`): 9 gives 3x3, 6 gives 2x3,
    /// 12 gives 3x4, a prime gives 1xn.
    pub fn from_size(n: usize) -> Result<Shape, ShapeError> {
        if n == 0 || n > MAX_N {
            return Err(ShapeError::Size {
                rows: 0,
                cols: 0,
                n,
            });
        }
        let rows = (1..=n)
            .filter(|r| n % r == 0 && r * r <= n)
            .max()
            .unwrap_or(1);
        Shape::new(rows as u8, (n / rows) as u8)
    }

    /// Digits per house, `rows * cols`.
    pub const fn n(&self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// Cells in the grid, `N * N`.
    pub const fn cells(&self) -> usize {
        self.n() * self.n()
    }

    pub(crate) fn validate(&self) -> Result<(), ShapeError> {
        let n = self.n();
        if n == 0 || n > MAX_N {
            return Err(ShapeError::Size {
                rows: self.rows,
                cols: self.cols,
                n,
            });
        }
        Ok(())
    }
}

/// Invalid input to [`solve`](crate::solve).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// The box shape gives no digits or more than [`MAX_N`].
    #[error("box shape {rows}x{cols} gives {n} digits; supported sizes are 1 to 64")]
    Size {
        /// Rows in a box.
        rows: u8,
        /// Columns in a box.
        cols: u8,
        /// Digits, `rows * cols`.
        n: usize,
    },
    /// The cell slice does not have `N * N` values.
    #[error("a {n}x{n} grid has {expected} cells, got {got}")]
    Length {
        /// Digits per house.
        n: usize,
        /// `n * n`.
        expected: usize,
        /// Length of the slice given.
        got: usize,
    },
    /// A cell holds a value above `N`.
    #[error("cell at row {row}, column {col} holds {value}, but digits run from 1 to {n}")]
    Digit {
        /// Row, 1-based.
        row: usize,
        /// Column, 1-based.
        col: usize,
        /// The value found.
        value: u8,
        /// Digits per house.
        n: usize,
    },
}

/// The result of [`solve`](crate::solve).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Solutions found, never more than the limit.
    pub solutions: u64,
    /// The first solution found, digits `1..=N`, row-major.
    pub solution: Option<Vec<u8>>,
    /// Branch points taken (each cell or (house, digit) guessed on counts once).
    pub guesses: u64,
    /// False if the guess budget or the deadline stopped the search before it was complete.
    pub complete: bool,
}
