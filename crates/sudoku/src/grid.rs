//! The grid: box shapes, cells, houses, and how a grid is written (one line, pretty, CSV).
//!
//! A grid of `N x N` cells is cut into `N` boxes of `rows x cols` cells, `N = rows * cols`.
//! Rows, columns, boxes and digits are numbered from 0 inside the library; people see them
//! from 1 (`r1c3`, `box 6`, digit 5). Boxes are numbered row-major: box `b` holds the cells
//! `(r, c)` with `b = (r / rows) * rows + c / cols` (there are `N / cols = rows` boxes across
//! a band).
//!
//! # Symbols
//!
//! In one-line and character grids, digits 1 to 9 are `1`..`9`, and 10, 11, ... 35 are the
//! letters `A`, `B`, ... `Z` (lowercase is accepted); a blank is any of `.` `0` `_` `-` `*`.
//! Grids with more than 35 digits are written as numbers separated by spaces, `.` or `0` for
//! a blank (numbers are accepted for any size).

use std::fmt::{self, Write as _};

use serde::Serialize;

/// The smallest number of digits supported (4x4 grids, 2x2 boxes).
pub const MIN_N: usize = 4;
/// The largest number of digits supported: candidate sets are `u64` bit masks.
pub const MAX_N: usize = 64;
/// The symbols of digits 1, 2, ... 35 in one-line and character grids.
pub const SYMBOLS: &[u8; 35] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// A box shape: boxes of `rows x cols` cells; the grid has `N = rows * cols` digits and
/// `N x N` cells.
///
/// Invariant of a shape inside a [`Grid`]: `rows >= 2`, `cols >= 2`, `4 <= N <= 64`
/// (checked by [`Shape::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct Shape {
    /// Rows of cells in a box.
    pub rows: usize,
    /// Columns of cells in a box.
    pub cols: usize,
}

/// Why a grid size or box shape cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SizeError {
    /// No box shape with both sides at least 2 exists for this size, or it is too small or
    /// too large.
    #[error(
        "unsupported size: {n}x{n} ({why}); supported sizes are 4x4 to 64x64 with boxes of at least 2x2 cells, such as 4x4, 6x6, 8x8, 9x9, 12x12, 16x16, 25x25"
    )]
    Unsupported {
        /// The number of digits (cells on a side).
        n: usize,
        /// Why.
        why: &'static str,
    },
    /// A box shape with more than 64 cells.
    #[error(
        "boxes of {rows}x{cols} cells: more than 64 digits; supported sizes are 4x4 to 64x64 with boxes of at least 2x2 cells"
    )]
    BoxTooBig {
        /// Rows in the box asked for.
        rows: usize,
        /// Columns in the box asked for.
        cols: usize,
    },
    /// The box shape asked for does not tile a grid of this size.
    #[error("box shape {rows}x{cols} does not fit a {n}x{n} grid ({rows}x{cols} = {} cells, not {n})", rows * cols)]
    ShapeMismatch {
        /// The grid size.
        n: usize,
        /// Rows in the box asked for.
        rows: usize,
        /// Columns in the box asked for.
        cols: usize,
    },
}

impl Shape {
    /// A box shape of `rows x cols` cells; both at least 2 and `4 <= rows * cols <= 64`.
    pub fn new(rows: usize, cols: usize) -> Result<Shape, SizeError> {
        let n = rows.saturating_mul(cols);
        if rows < 2 || cols < 2 {
            return Err(SizeError::Unsupported {
                n,
                why: "boxes need at least 2 rows and 2 columns",
            });
        }
        if n > MAX_N {
            return Err(SizeError::BoxTooBig { rows, cols });
        }
        Ok(Shape { rows, cols })
    }

    /// The default box shape for `n` digits: as square as possible, and wider than tall
    /// when not square (2x3 for 6, 2x4 for 8, 3x4 for 12, 3x3 for 9, 4x4 for 16).
    pub fn for_size(n: usize) -> Result<Shape, SizeError> {
        if n < MIN_N {
            return Err(SizeError::Unsupported {
                n,
                why: "smaller than 4x4",
            });
        }
        if n > MAX_N {
            return Err(SizeError::Unsupported {
                n,
                why: "larger than 64x64",
            });
        }
        let mut rows = n.isqrt();
        while n % rows != 0 {
            rows -= 1;
        }
        if rows < 2 {
            return Err(SizeError::Unsupported {
                n,
                why: "a prime size has no box shape",
            });
        }
        Shape::new(rows, n / rows)
    }

    /// `shape` if it tiles an `n x n` grid, else the default shape for `n`.
    pub fn fit(n: usize, shape: Option<Shape>) -> Result<Shape, SizeError> {
        match shape {
            None => Shape::for_size(n),
            Some(s) if s.rows * s.cols == n => Shape::new(s.rows, s.cols),
            Some(s) => Err(SizeError::ShapeMismatch {
                n,
                rows: s.rows,
                cols: s.cols,
            }),
        }
    }

    /// The number of digits, cells on a side, and boxes: `rows * cols`.
    #[inline]
    pub fn n(self) -> usize {
        self.rows * self.cols
    }

    /// The number of cells: `N * N`.
    #[inline]
    pub fn cells(self) -> usize {
        self.n() * self.n()
    }

    /// The box holding cell `(r, c)` (0-based), numbered row-major.
    #[inline]
    pub fn box_of(self, r: usize, c: usize) -> usize {
        (r / self.rows) * self.rows + c / self.cols
    }

    /// The mask of all digits: bits `0..N`.
    #[inline]
    pub fn full_mask(self) -> u64 {
        if self.n() == 64 {
            u64::MAX
        } else {
            (1u64 << self.n()) - 1
        }
    }

    /// The cells of house `h`, in row-major order.
    pub fn house_cells(self, h: House) -> Vec<(usize, usize)> {
        let n = self.n();
        match h {
            House::Row(r) => (0..n).map(|c| (r, c)).collect(),
            House::Column(c) => (0..n).map(|r| (r, c)).collect(),
            House::Box(b) => {
                let (r0, c0) = ((b / self.rows) * self.rows, (b % self.rows) * self.cols);
                (0..self.rows)
                    .flat_map(|i| (0..self.cols).map(move |j| (r0 + i, c0 + j)))
                    .collect()
            }
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl std::str::FromStr for Shape {
    type Err = String;

    /// Parses `RxC` (rows x columns of a box), e.g. `2x3`.
    fn from_str(s: &str) -> Result<Shape, String> {
        let bad = || format!("`{s}` is not a box shape (write ROWSxCOLS, e.g. 2x3 or 3x4)");
        let (a, b) = s.split_once(['x', 'X', '*']).ok_or_else(bad)?;
        let rows = a.trim().parse().map_err(|_| bad())?;
        let cols = b.trim().parse().map_err(|_| bad())?;
        Shape::new(rows, cols).map_err(|e| e.to_string())
    }
}

/// A house: a row, a column or a box, 0-based. Displayed 1-based: `row 1`, `box 6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum House {
    /// Row `r`.
    Row(usize),
    /// Column `c`.
    Column(usize),
    /// Box `b`, numbered row-major.
    Box(usize),
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            House::Row(r) => write!(f, "row {}", r + 1),
            House::Column(c) => write!(f, "column {}", c + 1),
            House::Box(b) => write!(f, "box {}", b + 1),
        }
    }
}

/// The name people use for cell `(r, c)` (0-based): `r1c3`.
pub fn cell_name(r: usize, c: usize) -> String {
    format!("r{}c{}", r + 1, c + 1)
}

/// A Sudoku grid: its box shape and its cells, row-major, 0 for a blank, else the digit.
///
/// Invariant: `cells.len() == shape.n() * shape.n()` and every cell is in `0..=shape.n()`
/// ([`Grid::new`] and the parsers check it; [`Grid::validate`] checks a grid built by hand).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Grid {
    /// The box shape.
    pub shape: Shape,
    /// `N * N` cells, row-major: 0 = blank, `1..=N` = a digit.
    pub cells: Vec<u8>,
}

/// Why cells do not make a grid of a shape.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// The number of cells is not `N * N`.
    #[error("a {shape} box shape needs {expected} cells, not {found}")]
    Length {
        /// The shape.
        shape: Shape,
        /// `N * N`.
        expected: usize,
        /// The number of cells given.
        found: usize,
    },
    /// A cell holds a number larger than `N`.
    #[error("r{}c{} holds {digit}, larger than {n}", row + 1, col + 1)]
    Digit {
        /// The cell's row, 0-based.
        row: usize,
        /// The cell's column, 0-based.
        col: usize,
        /// The number found.
        digit: u8,
        /// The largest digit.
        n: usize,
    },
    /// The shape is not supported.
    #[error(transparent)]
    Size(#[from] SizeError),
}

impl Grid {
    /// A grid from its cells (row-major, 0 = blank), checked.
    pub fn new(shape: Shape, cells: Vec<u8>) -> Result<Grid, GridError> {
        let g = Grid { shape, cells };
        g.validate()?;
        Ok(g)
    }

    /// The empty grid of a shape.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// Checks the invariants: a supported shape, `N * N` cells, every cell in `0..=N`.
    pub fn validate(&self) -> Result<(), GridError> {
        let shape = Shape::new(self.shape.rows, self.shape.cols)?;
        let n = shape.n();
        if self.cells.len() != n * n {
            return Err(GridError::Length {
                shape,
                expected: n * n,
                found: self.cells.len(),
            });
        }
        if let Some(k) = self.cells.iter().position(|&d| d as usize > n) {
            return Err(GridError::Digit {
                row: k / n,
                col: k % n,
                digit: self.cells[k],
                n,
            });
        }
        Ok(())
    }

    /// The number of digits `N` (cells on a side).
    #[inline]
    pub fn n(&self) -> usize {
        self.shape.n()
    }

    /// The digit at `(r, c)`, 0 for a blank.
    #[inline]
    pub fn get(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.n() + c]
    }

    /// The number of givens (filled cells).
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// Whether every cell is filled.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// The one-line form in the default style: digits `1`-`9` then `A`.. for `N <= 35`,
    /// `.` for a blank; numbers separated by spaces for larger grids.
    pub fn to_line(&self) -> String {
        self.to_line_styled(&Style::default())
    }

    /// The one-line form in a given style (see [`Style`]).
    pub fn to_line_styled(&self, style: &Style) -> String {
        let n = self.n();
        let mut s = String::with_capacity(self.cells.len() * if n > 35 { 3 } else { 1 });
        if n > 35 || style.numbers {
            for (k, &d) in self.cells.iter().enumerate() {
                if k > 0 {
                    s.push(' ');
                }
                if d == 0 {
                    s.push(style.blank);
                } else {
                    let _ = write!(s, "{d}");
                }
            }
        } else if style.blank.is_ascii() {
            // PERF: one byte a cell (every symbol up to 35 is ASCII): a batch writes a
            // solution a puzzle.
            let bytes: Vec<u8> = self.cells.iter().map(|&d| symbol(d, style) as u8).collect();
            return String::from_utf8(bytes).unwrap_or_default();
        } else {
            for &d in &self.cells {
                s.push(symbol(d, style));
            }
        }
        s
    }

    /// A boxed grid for people, parseable back:
    ///
    /// ```text
    /// +-------+-------+-------+
    /// | 5 3 . | . 7 . | . . . |
    /// ...
    /// ```
    pub fn pretty(&self) -> String {
        self.pretty_styled(&Style::default())
    }

    /// [`Grid::pretty`] in a given style: a grid typed with numbers is shown with numbers
    /// (`10`, not `A`), with the same blank and case.
    pub fn pretty_styled(&self, style: &Style) -> String {
        let (n, shape) = (self.n(), self.shape);
        let w = if n > 35 || (style.numbers && n > 9) {
            2
        } else {
            1
        };
        let boxes_across = n / shape.cols;
        let mut rule = String::new();
        for _ in 0..boxes_across {
            rule.push('+');
            rule.push_str(&"-".repeat(shape.cols * (w + 1) + 1));
        }
        rule.push_str("+\n");
        let mut s = String::with_capacity((rule.len()) * (n + n / shape.rows + 1));
        for r in 0..n {
            if r % shape.rows == 0 {
                s.push_str(&rule);
            }
            for c in 0..n {
                if c % shape.cols == 0 {
                    s.push_str(if c == 0 { "|" } else { " |" });
                }
                let d = self.get(r, c);
                s.push(' ');
                if w == 1 {
                    s.push(symbol(d, style));
                } else if d == 0 {
                    s.push(' ');
                    s.push(style.blank);
                } else {
                    let _ = write!(s, "{d:>2}");
                }
            }
            s.push_str(" |\n");
        }
        s.push_str(&rule);
        s
    }

    /// The grid as `N` lines of `N` numbers separated by commas, 0 for a blank.
    pub fn to_csv(&self) -> String {
        let n = self.n();
        let mut s = String::new();
        for r in 0..n {
            for c in 0..n {
                if c > 0 {
                    s.push(',');
                }
                let _ = write!(s, "{}", self.get(r, c));
            }
            s.push('\n');
        }
        s
    }
}

impl fmt::Display for Grid {
    /// The one-line form ([`Grid::to_line`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

/// How a one-line grid is spelled, so that output can use the same alphabet as the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Style {
    /// The blank symbol.
    pub blank: char,
    /// Letters for 10.. in lowercase.
    pub lowercase: bool,
    /// Numbers separated by spaces instead of one symbol a cell.
    pub numbers: bool,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            blank: '.',
            lowercase: false,
            numbers: false,
        }
    }
}

/// The symbol of digit `d` (0 = blank) for grids of at most 35 digits.
fn symbol(d: u8, style: &Style) -> char {
    if d == 0 {
        return style.blank;
    }
    let ch = SYMBOLS.get(d as usize - 1).copied().unwrap_or(b'?') as char;
    if style.lowercase {
        ch.to_ascii_lowercase()
    } else {
        ch
    }
}

/// The digit of a one-line symbol: `Some(0)` for a blank, `Some(d)` for `1`-`9`, `A`-`Z`,
/// `a`-`z`, `None` otherwise.
#[inline]
pub fn symbol_value(ch: char) -> Option<u8> {
    match ch {
        '.' | '0' | '_' | '-' | '*' => Some(0),
        '1'..='9' => Some(ch as u8 - b'0'),
        'A'..='Z' => Some(ch as u8 - b'A' + 10),
        'a'..='z' => Some(ch as u8 - b'a' + 10),
        _ => None,
    }
}
