//! Pencil marks in: one candidate mask per cell (bit `d - 1` for digit `d`), read by the
//! faces through [`crate::request::Marks`].
//!
//! Two text forms are read, for any size up to 35 digits (symbols `1`-`9`, `A`-`Z`):
//!
//! - **a grid of candidate lists** (HoDoKu's and SudokuWiki's printed candidates):
//!   `N * N` tokens separated by spaces, each the candidates of one cell in row-major order
//!   (`159 7 28 ...`); box-drawing characters `| + - = * :` and `.` separators are ignored;
//! - **`N` characters per cell** (the "9x81" form for 9x9): `N * N * N` characters, whitespace
//!   ignored, where the `i`-th character of a cell is digit `i + 1`'s symbol if it is a
//!   candidate and `.` or `0` otherwise.

use dlx_sudoku::Shape;

/// Why text is not pencil marks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MarksError {
    /// Neither `N * N` candidate lists nor `N * N * N` characters.
    #[error(
        "pencil marks for {n}x{n}: expected {} candidate lists or {} characters, found {tokens} lists ({chars} characters)",
        n * n,
        n * n * n
    )]
    Count {
        /// Digits of the grid.
        n: usize,
        /// Lists found.
        tokens: usize,
        /// Characters found (whitespace excluded).
        chars: usize,
    },
    /// A symbol that is not a digit of this size.
    #[error("r{}c{}: `{symbol}` is not a digit of a {n}x{n} grid", row + 1, col + 1)]
    Symbol {
        /// Row, 0-based.
        row: usize,
        /// Column, 0-based.
        col: usize,
        /// The symbol.
        symbol: char,
        /// Digits of the grid.
        n: usize,
    },
    /// A cell with no candidate.
    #[error("r{}c{} has no candidate", row + 1, col + 1)]
    Empty {
        /// Row, 0-based.
        row: usize,
        /// Column, 0-based.
        col: usize,
    },
    /// Lists of marks for another number of cells than the grid's.
    #[error("{found} cells, but the grid has {cells}")]
    Lists {
        /// Lists given.
        found: usize,
        /// Cells of the grid.
        cells: usize,
    },
    /// A digit out of range in a list of marks.
    #[error("r{}c{} has {digit}, but digits run from 1 to {n}", row + 1, col + 1)]
    Digit {
        /// Row, 0-based.
        row: usize,
        /// Column, 0-based.
        col: usize,
        /// The digit.
        digit: u8,
        /// Digits of the grid.
        n: usize,
    },
}

impl MarksError {
    /// The cell at fault (row, column, 0-based), if any.
    pub fn cell(&self) -> Option<(usize, usize)> {
        match *self {
            MarksError::Count { .. } | MarksError::Lists { .. } => None,
            MarksError::Symbol { row, col, .. }
            | MarksError::Empty { row, col }
            | MarksError::Digit { row, col, .. } => Some((row, col)),
        }
    }
}

fn value(ch: char, n: usize) -> Option<usize> {
    let d = dlx_sudoku::grid::symbol_value(ch)? as usize;
    (d >= 1 && d <= n).then_some(d)
}

/// Reads pencil marks for a grid of `shape` (see the module docs for the forms).
///
/// ```
/// let shape = dlx_sudoku::Shape::new(2, 2).unwrap();
/// let marks = dlx_logic::marks::parse_marks("12 34 1234 4  3 2 1 14  4 1 23 23  23 23 4 1", shape).unwrap();
/// assert_eq!(marks[0], 0b0011);
/// ```
pub fn parse_marks(text: &str, shape: Shape) -> Result<Vec<u64>, MarksError> {
    let n = shape.n();
    let cells = n * n;
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || "|+-=*:".contains(c))
        .filter(|t| !t.is_empty() && *t != ".")
        .collect();
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    // each cell's symbols: a token each, or `n` characters each with `.` and `0` for gaps
    let symbols: Vec<Vec<char>> = if tokens.len() == cells {
        tokens.iter().map(|t| t.chars().collect()).collect()
    } else if chars.len() == cells * n {
        chars
            .chunks(n)
            .map(|chunk| {
                let marks = chunk.iter().copied();
                marks.filter(|ch| !matches!(ch, '.' | '0')).collect()
            })
            .collect()
    } else {
        return Err(MarksError::Count {
            n,
            tokens: tokens.len(),
            chars: chars.len(),
        });
    };
    let mut out = vec![0u64; cells];
    for (k, symbols) in symbols.iter().enumerate() {
        for &ch in symbols {
            let d = value(ch, n).ok_or(MarksError::Symbol {
                row: k / n,
                col: k % n,
                symbol: ch,
                n,
            })?;
            out[k] |= 1 << (d - 1);
        }
    }
    if let Some(k) = out.iter().position(|&m| m == 0) {
        return Err(MarksError::Empty {
            row: k / n,
            col: k % n,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes pencil marks (for the round trip of the tests) as candidate lists, one per cell, separated by spaces, rows by
    /// newlines (for grids of at most 35 digits).
    fn write_marks(marks: &[u64], shape: Shape) -> String {
        let n = shape.n();
        let mut rows = Vec::with_capacity(n);
        for r in 0..n {
            let cells: Vec<String> = (0..n)
                .map(|c| {
                    let m = marks.get(r * n + c).copied().unwrap_or(0);
                    (0..n)
                        .filter(|&d| m >> d & 1 != 0)
                        .map(|d| dlx_sudoku::grid::SYMBOLS.get(d).map_or('?', |&b| b as char))
                        .collect()
                })
                .collect();
            rows.push(cells.join(" "));
        }
        rows.join("\n")
    }

    #[test]
    fn both_forms_read_the_same_marks() {
        let shape = Shape::new(3, 3).unwrap();
        let board = crate::Board::new(
            &dlx_sudoku::parse(
                "...7.6...8...2........9.....861....7.2.4....87.15.9.6.6..271.4.......2...49..8...",
            )
            .unwrap(),
        );
        let mut marks: Vec<u64> = board.all_candidates().to_vec();
        let grid = board.grid();
        for (k, m) in marks.iter_mut().enumerate() {
            if grid.cells[k] != 0 {
                *m = 1 << (grid.cells[k] - 1);
            }
        }
        let lists = write_marks(&marks, shape);
        assert_eq!(parse_marks(&lists, shape).unwrap(), marks);
        let wide: String = marks
            .iter()
            .flat_map(|&m| {
                (0..9).map(move |d| {
                    if m >> d & 1 != 0 {
                        (b'1' + d) as char
                    } else {
                        '.'
                    }
                })
            })
            .collect();
        assert_eq!(wide.len(), 729);
        assert_eq!(parse_marks(&wide, shape).unwrap(), marks);
    }

    #[test]
    fn bad_marks_name_the_cell() {
        let shape = Shape::new(2, 2).unwrap();
        let e = parse_marks("12 34 1234 4 3 2 1 14 4 1 23 23 23 23 4 15", shape).unwrap_err();
        assert_eq!(e.to_string(), "r4c4: `5` is not a digit of a 4x4 grid");
        let e = parse_marks("12 34", shape).unwrap_err();
        assert!(matches!(e, MarksError::Count { tokens: 2, .. }));
        let e = parse_marks(&".".repeat(64), shape).unwrap_err();
        assert_eq!(e.to_string(), "r1c1 has no candidate");
    }
}
