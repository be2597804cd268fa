//! A very fast Sudoku solver, standalone: no dependency on the other crates of the project.
//!
//! * [`solve`] takes any box shape ([`Shape`], `N = rows x cols` digits, `N <= 64`) and
//!   returns an [`Answer`]: the number of solutions up to a limit, the first solution, the
//!   number of guesses, and whether a guess budget cut the search short.
//! * [`solve9`] is the 9x9 fast path ([`Answer9`]); `solve` calls it for 3x3 boxes. It keeps
//!   candidates as bit sets per (digit, band) and prunes with permutation tables (singles,
//!   locked candidates, band/stack deductions) before each guess, using BMI2 `pext` when the
//!   processor has it ([`solve9_portable`] forces the portable kernel).
//! * [`solve9_differing`] looks only for solutions other than a known one (differing from it
//!   on listed cells): a generator's uniqueness check when it removes givens.
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

mod common;
mod generic;
mod nine;

pub use common::{Answer, CLOCK_EVERY, MAX_N, Shape, ShapeError};
use dlx_time::Instant;
pub use nine::{Answer9, solve9, solve9_budget, solve9_differing, solve9_portable, solve9_until};

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
