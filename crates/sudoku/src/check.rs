//! Checking givens and computing candidates: the rules of Sudoku on bit masks.
//!
//! A digit set is a `u64` with bit `d - 1` set for digit `d`. For house masks:
//! `rows[r]` has bit `d - 1` iff digit `d` is given in row `r` (likewise `cols`, `boxes`).

use std::fmt;

use serde::Serialize;

use crate::grid::{Grid, House, Shape};

/// Two givens with the same digit in one house.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: u8,
    /// The first cell holding it (row, column), 0-based, in row-major order.
    pub a: (usize, usize),
    /// The later cell that repeats it.
    pub b: (usize, usize),
    /// The house they share.
    pub house: House,
}

impl fmt::Display for Conflict {
    /// `digit 5 at r1c3 repeats r1c8 in row 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "digit {} at r{}c{} repeats r{}c{} in {}",
            self.digit,
            self.a.0 + 1,
            self.a.1 + 1,
            self.b.0 + 1,
            self.b.1 + 1,
            self.house
        )
    }
}

impl std::error::Error for Conflict {}

/// Every pair of givens that repeat a digit in a row, column or box: for each house and
/// digit, each later occurrence is paired with the first. Ordered by house (rows, then
/// columns, then boxes), then by cell. Empty for a grid whose givens are consistent.
///
/// ```
/// let g = dlx_sudoku::parse("..5....5.........................................................................").unwrap();
/// let c = dlx_sudoku::check_givens(&g);
/// assert_eq!(c[0].to_string(), "digit 5 at r1c3 repeats r1c8 in row 1");
/// ```
pub fn check_givens(grid: &Grid) -> Vec<Conflict> {
    let (shape, n) = (grid.shape, grid.n());
    let mut out = Vec::new();
    if grid.validate().is_err() {
        return out;
    }
    // Fast path: no repeat at all (the common case).
    if givens_masks(grid).is_some() {
        return out;
    }
    let houses = (0..n)
        .map(House::Row)
        .chain((0..n).map(House::Column))
        .chain((0..n).map(House::Box));
    for house in houses {
        let mut first: Vec<Option<(usize, usize)>> = vec![None; n + 1];
        for (r, c) in shape.house_cells(house) {
            let d = grid.get(r, c);
            if d == 0 {
                continue;
            }
            match first[d as usize] {
                None => first[d as usize] = Some((r, c)),
                Some(a) => out.push(Conflict {
                    digit: d,
                    a,
                    b: (r, c),
                    house,
                }),
            }
        }
    }
    out
}

/// The digits given in each row, column and box, or `None` if a given repeats a digit.
/// The grid must satisfy its invariant.
#[doc(hidden)] // `pub` for the unit tests in `tests/unit`.
pub fn givens_masks(grid: &Grid) -> Option<Masks> {
    let shape = grid.shape;
    let n = shape.n();
    let mut m = Masks::new(n);
    for r in 0..n {
        for c in 0..n {
            let d = grid.cells[r * n + c];
            if d == 0 {
                continue;
            }
            let bit = 1u64 << (d - 1);
            let b = shape.box_of(r, c);
            if (m.rows[r] | m.cols[c] | m.boxes[b]) & bit != 0 {
                return None;
            }
            m.rows[r] |= bit;
            m.cols[c] |= bit;
            m.boxes[b] |= bit;
        }
    }
    Some(m)
}

/// Digits used in each house.
#[derive(Clone, Debug)]
#[doc(hidden)] // `pub` for the unit tests in `tests/unit`.
pub struct Masks {
    pub rows: Vec<u64>,
    pub cols: Vec<u64>,
    pub boxes: Vec<u64>,
}

impl Masks {
    pub fn new(n: usize) -> Masks {
        Masks {
            rows: vec![0; n],
            cols: vec![0; n],
            boxes: vec![0; n],
        }
    }
}

/// The candidates of every cell, row-major: bit `d - 1` is set iff digit `d` does not repeat
/// a given of the cell's row, column or box. A given's only candidate is itself. (A grid with
/// repeated givens gets the same treatment: its repeated givens keep their own digit.)
/// A malformed grid (see [`Grid::validate`]) gets an empty list.
pub fn candidates(grid: &Grid) -> Vec<u64> {
    if grid.validate().is_err() {
        return Vec::new();
    }
    let shape: Shape = grid.shape;
    let n = shape.n();
    let mut m = Masks::new(n);
    for r in 0..n {
        for c in 0..n {
            let d = grid.get(r, c);
            if d != 0 {
                let bit = 1u64 << (d - 1);
                m.rows[r] |= bit;
                m.cols[c] |= bit;
                m.boxes[shape.box_of(r, c)] |= bit;
            }
        }
    }
    let full = shape.full_mask();
    let mut out = Vec::with_capacity(n * n);
    for r in 0..n {
        for c in 0..n {
            let d = grid.get(r, c);
            out.push(if d != 0 {
                1u64 << (d - 1)
            } else {
                full & !(m.rows[r] | m.cols[c] | m.boxes[shape.box_of(r, c)])
            });
        }
    }
    out
}
