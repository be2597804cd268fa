//! A very fast Sudoku solver, standalone: no dependency on the other crates of the project.
//!
//! * [`solve`] takes any box shape ([`Shape`], `N = rows x cols` digits, `N <= 64`) and
//!   returns an [`Answer`]: the number of solutions up to a limit, the first solution, the
//!   number of guesses, and whether a guess budget cut the search short.
//! * [`solve9`] is the 9x9 fast path ([`Answer9`]); `solve` calls it for 3x3 boxes. It keeps
//!   candidates as bit sets per (digit, band) and prunes with permutation tables (singles,
//!   locked candidates, band/stack deductions) before each guess, using BMI2 `pext` when the
//!   processor has it ([`solve9_portable`] forces the portable kernel).
//! * [`solve_generic`] is the path for every other shape, usable on 3x3 too (for
//!   cross-checks): `u64` candidate masks per cell, naked and hidden singles, locked
//!   candidates.
//!
//! ```
//! use dlx_sudoku_fast::{solve, Shape};
//!
//! let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let cells: Vec<u8> = puzzle.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
//! let answer = solve(Shape::new(3, 3)?, &cells, 2, None)?;
//! assert_eq!(answer.solutions, 1); // unique
//! let grid = answer.solution.unwrap();
//! assert_eq!(&grid[..9], &[4, 1, 7, 3, 6, 9, 8, 2, 5]);
//! # Ok::<(), dlx_sudoku_fast::ShapeError>(())
//! ```
#![deny(missing_docs)]

mod generic;
mod nine;

use std::time::Instant;

pub use nine::{Answer9, solve9, solve9_budget, solve9_portable, solve9_until};

/// Guesses between two looks at the clock when a search has a deadline.
pub const CLOCK_EVERY: u64 = 256;

/// True if `deadline` is set and has passed.
fn past(deadline: Option<Instant>) -> bool {
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

    fn validate(&self) -> Result<(), ShapeError> {
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

/// Invalid input to [`solve`].
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

/// The result of [`solve`].
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

impl From<Answer9> for Answer {
    fn from(a: Answer9) -> Answer {
        Answer {
            solutions: a.solutions,
            solution: a.solution.map(|g| g.to_vec()),
            guesses: a.guesses,
            complete: a.complete,
        }
    }
}

fn check(shape: Shape, cells: &[u8]) -> Result<(), ShapeError> {
    shape.validate()?;
    let n = shape.n();
    if cells.len() != n * n {
        return Err(ShapeError::Length {
            n,
            expected: n * n,
            got: cells.len(),
        });
    }
    if let Some(i) = cells.iter().position(|&v| v as usize > n) {
        return Err(ShapeError::Digit {
            row: i / n + 1,
            col: i % n + 1,
            value: cells[i],
            n,
        });
    }
    Ok(())
}

/// Solves a Sudoku of any box shape.
///
/// `cells`: `N * N` values, row-major, 0 = blank, `1..=N` = given digit. `limit`: stop after
/// this many solutions (1 = find one, 2 = uniqueness check, `u64::MAX` = count all).
/// `budget`: maximum number of guesses (`None` = unbounded). Givens that conflict give 0
/// solutions. 3x3 boxes go to the fast path [`solve9_budget`].
pub fn solve(
    shape: Shape,
    cells: &[u8],
    limit: u64,
    budget: Option<u64>,
) -> Result<Answer, ShapeError> {
    solve_until(shape, cells, limit, budget, None)
}

/// [`solve`] that also stops at `deadline`, looked at every [`CLOCK_EVERY`] guesses (then
/// `complete` is false). One search, however long it runs: what it has learned about where
/// the puzzle fails is kept to the end.
pub fn solve_until(
    shape: Shape,
    cells: &[u8],
    limit: u64,
    budget: Option<u64>,
    deadline: Option<Instant>,
) -> Result<Answer, ShapeError> {
    check(shape, cells)?;
    if shape.rows == 3 && shape.cols == 3 {
        let mut grid = [0u8; 81];
        grid.copy_from_slice(cells);
        return Ok(solve9_until(&grid, limit, budget, deadline).into());
    }
    Ok(generic::solve(shape, cells, limit, budget, deadline))
}

/// [`solve`] on the generic path whatever the shape (for cross-checks and comparisons).
pub fn solve_generic(
    shape: Shape,
    cells: &[u8],
    limit: u64,
    budget: Option<u64>,
) -> Result<Answer, ShapeError> {
    check(shape, cells)?;
    Ok(generic::solve(shape, cells, limit, budget, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_validated() {
        assert!(Shape::new(0, 3).is_err());
        assert!(Shape::new(8, 9).is_err());
        assert_eq!(Shape::new(8, 8).map(|s| s.n()), Ok(64));
        assert_eq!(Shape::from_size(6), Ok(Shape { rows: 2, cols: 3 }));
        assert_eq!(Shape::from_size(7), Ok(Shape { rows: 1, cols: 7 }));
        assert_eq!(Shape::from_size(36), Ok(Shape { rows: 6, cols: 6 }));
    }

    #[test]
    fn bad_input_is_an_error() {
        let s = Shape::new(2, 2).unwrap();
        assert!(matches!(
            solve(s, &[0; 15], 1, None),
            Err(ShapeError::Length { got: 15, .. })
        ));
        let mut cells = [0u8; 16];
        cells[5] = 5;
        let err = solve(s, &cells, 1, None).unwrap_err();
        assert_eq!(
            err,
            ShapeError::Digit {
                row: 2,
                col: 2,
                value: 5,
                n: 4
            }
        );
        assert_eq!(
            err.to_string(),
            "cell at row 2, column 2 holds 5, but digits run from 1 to 4"
        );
    }

    #[test]
    fn empty_4x4_has_288_solutions() {
        let s = Shape::new(2, 2).unwrap();
        let a = solve(s, &[0; 16], u64::MAX, None).unwrap();
        assert_eq!(a.solutions, 288);
        assert!(a.complete);
    }
}
