//! Cells: `(row, column)`, 0-based inside the library, written `r3c4` (1-based) for people,
//! in errors, in our text format and in JSON.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A cell of the grid, 0-based. Displayed and serialized 1-based as `r3c4`.
///
/// A `Cell` read from input may lie outside the grid; [`crate::Rules`] checks every cell of
/// every constraint against the grid's size once, when the rules are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Row, from 0.
    pub row: u8,
    /// Column, from 0.
    pub col: u8,
}

impl Cell {
    /// The cell at `row`, `col` (0-based).
    pub const fn new(row: u8, col: u8) -> Cell {
        Cell { row, col }
    }

    /// The cell of row-major index `i` in a grid of `n` columns.
    pub fn at(i: usize, n: usize) -> Cell {
        Cell::new((i / n) as u8, (i % n) as u8)
    }

    /// The row-major index of the cell in a grid of `n` columns.
    #[inline]
    pub fn index(self, n: usize) -> usize {
        usize::from(self.row) * n + usize::from(self.col)
    }

    /// Whether the cell lies inside an `n x n` grid.
    pub fn inside(self, n: usize) -> bool {
        usize::from(self.row) < n && usize::from(self.col) < n
    }

    /// Whether `other` is a horizontal or vertical neighbour.
    pub fn orthogonal(self, other: Cell) -> bool {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col) == 1
    }

    /// Whether `other` is a king's move away (orthogonal or diagonal neighbour).
    pub fn king(self, other: Cell) -> bool {
        self != other && self.row.abs_diff(other.row) <= 1 && self.col.abs_diff(other.col) <= 1
    }

    /// Whether `other` is a knight's move away.
    pub fn knight(self, other: Cell) -> bool {
        let (dr, dc) = (self.row.abs_diff(other.row), self.col.abs_diff(other.col));
        (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "r{}c{}",
            u32::from(self.row) + 1,
            u32::from(self.col) + 1
        )
    }
}

/// Why a cell name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a cell (write r3c4: row 3, column 4, from 1)")]
pub struct CellError {
    /// The text as given.
    pub text: String,
}

/// Reads `r3c4` (any case), 1-based; also the row and column 0 and beyond the grid, which clues
/// outside the grid use: the result is `(row, col)` as signed 1-based numbers.
pub(crate) fn parse_rc(text: &str) -> Option<(i32, i32)> {
    let t = text.trim().as_bytes();
    if t.len() < 4 || !matches!(t[0], b'r' | b'R') {
        return None;
    }
    let c_at = t.iter().position(|&b| b == b'c' || b == b'C')?;
    let digits = |s: &[u8]| -> Option<i32> {
        if s.is_empty() || s.len() > 4 || !s.iter().all(u8::is_ascii_digit) {
            return None;
        }
        std::str::from_utf8(s).ok()?.parse().ok()
    };
    Some((digits(&t[1..c_at])?, digits(&t[c_at + 1..])?))
}

impl FromStr for Cell {
    type Err = CellError;

    /// Reads `r3c4` or `R3C4` (rows and columns from 1, at most 255).
    fn from_str(s: &str) -> Result<Cell, CellError> {
        let err = || CellError {
            text: s.to_string(),
        };
        let (r, c) = parse_rc(s).ok_or_else(err)?;
        if !(1..=256).contains(&r) || !(1..=256).contains(&c) {
            return Err(err());
        }
        Ok(Cell::new((r - 1) as u8, (c - 1) as u8))
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Cell, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Cells written one after another: `r1c1 r1c2 r2c2`.
pub(crate) fn list(cells: &[Cell]) -> String {
    let mut s = String::new();
    for (k, c) in cells.iter().enumerate() {
        if k > 0 {
            s.push(' ');
        }
        s.push_str(&c.to_string());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_read_and_write_one_based() {
        let c: Cell = "r3c4".parse().unwrap();
        assert_eq!(c, Cell::new(2, 3));
        assert_eq!(c.to_string(), "r3c4");
        assert_eq!("R12C16".parse::<Cell>().unwrap(), Cell::new(11, 15));
        for bad in [
            "", "r0c1", "r1c0", "rc", "r1", "x1c1", "r1c1x", "r-1c2", "r99999c1",
        ] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
        assert_eq!(parse_rc("R0C10"), Some((0, 10)));
    }

    #[test]
    fn neighbours() {
        let c = Cell::new(4, 4);
        assert!(c.orthogonal(Cell::new(4, 5)) && !c.orthogonal(Cell::new(5, 5)));
        assert!(c.king(Cell::new(5, 5)) && !c.king(c));
        assert!(
            c.knight(Cell::new(6, 5)) && c.knight(Cell::new(3, 2)) && !c.knight(Cell::new(6, 6))
        );
    }

    #[test]
    fn cells_are_strings_in_json() {
        let v = serde_json::to_string(&vec![Cell::new(0, 0), Cell::new(8, 2)]).unwrap();
        assert_eq!(v, r#"["r1c1","r9c3"]"#);
        let back: Vec<Cell> = serde_json::from_str(&v).unwrap();
        assert_eq!(back, vec![Cell::new(0, 0), Cell::new(8, 2)]);
        assert!(serde_json::from_str::<Cell>("\"r0c0\"").is_err());
    }
}
