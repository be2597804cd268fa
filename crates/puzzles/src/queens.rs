//! N queens as exact cover, in Knuth's encoding (TAOCP 7.2.2.1).
//!
//! Items, for an `n x n` board with rows ("ranks") and columns ("files") numbered from 0:
//! - primary `rI` (rank I has a queen) and `cI` (file I has one), listed in "organ-pipe"
//!   order, middle first: `r4 c4 r3 c3 r5 c5 r2 c2 ...` for n = 8. The middle rows and columns
//!   are the most constrained, so the search branches on them first.
//! - secondary `aS` for the diagonal `i + j = S` and `bD` for the anti-diagonal
//!   `j - i + n - 1 = D`, in the order `a1 b1 a2 b2 ...`; the four one-square diagonals at the
//!   corners (`S` or `D` equal to 0 or `2n - 2`) are left out, since a single square cannot
//!   hold two queens.
//!
//! Options: the square (i, j) is option `i * n + j`, `ri cj aS bD`, rows then columns.
//!
//! Numbers are written with one base-36 digit (`0`-`9`, then `a`-`z`: `ra` is rank 10), as in
//! Knuth's files, and in decimal from 36 on.

use std::fmt;

use dlx_engine::{OptionId, Problem, ProblemBuilder};

use crate::{DecodeError, Invalid, Puzzle, SizeError, name, write_spaced};

/// The largest board accepted (a million options).
pub const MAX_N: usize = 1000;

/// The N-queens problem for one `n`.
///
/// Invariant: option `k` of [`Queens::problem`] is the square `(k / n, k % n)`.
#[derive(Clone, Debug)]
pub struct Queens {
    n: usize,
    problem: Problem,
}

impl Queens {
    /// The problem for an `n x n` board, `1 <= n <=` [`MAX_N`].
    pub fn new(n: usize) -> Result<Queens, SizeError> {
        SizeError::check("the number of queens", n, 1, MAX_N)?;
        Ok(Queens {
            n,
            problem: build(n),
        })
    }

    /// The side of the board.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The square `(row, column)` of option `o`, if `o` is one of this problem's.
    pub fn square(&self, o: OptionId) -> Option<(usize, usize)> {
        let k = o.index();
        (k < self.n * self.n).then(|| (k / self.n, k % self.n))
    }
}

/// Rows (and columns) in organ-pipe order: `n / 2`, then alternately below and above it.
#[doc(hidden)] // `pub` for the unit tests in `tests/unit`.
pub fn organ_pipe(n: usize) -> Vec<usize> {
    let m = n / 2;
    let mut order = vec![m];
    for k in 1..=m + 1 {
        if k <= m {
            order.push(m - k);
        }
        if m + k < n {
            order.push(m + k);
        }
    }
    order
}

fn build(n: usize) -> Problem {
    let mut b = ProblemBuilder::new();
    let mut rows = vec![None; n];
    let mut cols = vec![None; n];
    // The names are distinct by construction, so declaring them cannot fail; `ok()` keeps
    // this function free of panics all the same.
    for i in organ_pipe(n) {
        rows[i] = b.primary(&name("r", i)).ok();
        cols[i] = b.primary(&name("c", i)).ok();
    }
    // Diagonals 1..=2n-3: the corners 0 and 2n-2 hold one square and need no item.
    let diagonals = (2 * n).saturating_sub(3);
    let mut a = vec![None; 2 * n];
    let mut bb = vec![None; 2 * n];
    for s in 1..=diagonals {
        a[s] = b.secondary(&name("a", s)).ok();
        bb[s] = b.secondary(&name("b", s)).ok();
    }
    let mut entries = Vec::with_capacity(4);
    for i in 0..n {
        for j in 0..n {
            entries.clear();
            entries.extend(rows[i].map(|x| (x, None)));
            entries.extend(cols[j].map(|x| (x, None)));
            entries.extend(a[i + j].map(|x| (x, None)));
            entries.extend(bb[j + n - 1 - i].map(|x| (x, None)));
            // Each option names distinct items and a primary one, so this cannot fail.
            let _ = b.option(&entries);
        }
    }
    b.build()
}

/// A (possibly partial) placement of queens, one row at a time.
///
/// Invariant: `columns.len() == n`, and `columns[i]` is the column of the queen in row `i`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueensBoard {
    columns: Vec<Option<usize>>,
}

impl QueensBoard {
    /// A board from the column of each row's queen (row 0 first), for example from a user.
    pub fn from_columns(columns: Vec<Option<usize>>) -> QueensBoard {
        QueensBoard { columns }
    }

    /// The side of the board.
    pub fn n(&self) -> usize {
        self.columns.len()
    }

    /// For each row, from row 0, the column of its queen (`None` if the row is empty).
    pub fn columns(&self) -> &[Option<usize>] {
        &self.columns
    }

    /// The queens as `(row, column)` pairs, row by row.
    pub fn queens(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.columns
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.map(|c| (i, c)))
    }

    /// Whether every row has a queen.
    pub fn is_complete(&self) -> bool {
        self.columns.iter().all(Option::is_some)
    }

    /// Checks the rules directly: one queen a row, all columns in range, and no two queens on
    /// a column or a diagonal (every pair is compared).
    pub fn check(&self) -> Result<(), Invalid> {
        let n = self.n();
        let queens: Vec<(usize, usize)> = self.queens().collect();
        if queens.len() != n {
            return Err(Invalid(format!(
                "{} queens on a {n}x{n} board",
                queens.len()
            )));
        }
        for &(i, j) in &queens {
            if j >= n {
                return Err(Invalid(format!("queen in row {i} is off the board")));
            }
        }
        for (k, &(i1, j1)) in queens.iter().enumerate() {
            for &(i2, j2) in &queens[k + 1..] {
                if j1 == j2 || i1.abs_diff(i2) == j1.abs_diff(j2) {
                    return Err(Invalid(format!(
                        "queens at ({i1}, {j1}) and ({i2}, {j2}) attack each other"
                    )));
                }
            }
        }
        Ok(())
    }
}

/// One line a row, row 0 first: `Q` for a queen and `.` for an empty square, separated by
/// spaces.
impl fmt::Display for QueensBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.n();
        for col in &self.columns {
            write_spaced(f, (0..n).map(|j| if *col == Some(j) { "Q" } else { "." }))?;
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl Puzzle for Queens {
    type Board = QueensBoard;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, options: &[OptionId]) -> Result<QueensBoard, DecodeError> {
        let mut columns = vec![None; self.n];
        let mut used = vec![false; self.n];
        for &o in options {
            let (i, j) = self.square(o).ok_or(DecodeError::UnknownOption(o.0))?;
            let what = if columns[i].is_some() {
                format!("row {i}")
            } else if used[j] {
                format!("column {j}")
            } else {
                columns[i] = Some(j);
                used[j] = true;
                continue;
            };
            return Err(DecodeError::Conflict { option: o.0, what });
        }
        Ok(QueensBoard { columns })
    }

    fn check(&self, board: &QueensBoard) -> Result<(), Invalid> {
        if board.n() != self.n {
            return Err(Invalid(format!(
                "a board of side {} for {} queens",
                board.n(),
                self.n
            )));
        }
        board.check()
    }
}
