//! Sudoku as exact cover, reduced to the open cells as in the articles.
//!
//! The full encoding of an `N x N` grid has `4 N^2` primary items and `N^3` options:
//!
//! | item | covered when | engine name | human name |
//! |---|---|---|---|
//! | cell `(r, c)` | the cell holds a digit | `p{r}{c}` | `r4c7` |
//! | row `r`, digit `d` | `d` is placed in row `r` | `r{r}{d}` | `digit 5 in row 4` |
//! | column `c`, digit `d` | `d` is placed in column `c` | `c{c}{d}` | `digit 5 in column 7` |
//! | box `b`, digit `d` | `d` is placed in box `b` | `b{b}{d}` | `digit 5 in box 6` |
//!
//! and option `(r, c, d)` covers its four items. The givens cover some items already, so, as
//! Knuth does, only the items the givens leave open are kept, and only the options of open
//! cells whose digit no given rules out (the candidates). Engine names use Knuth's spelling
//! with 0-based numbers, one base-36 character each (`p0a r3f`) up to `N = 36`, and
//! `p12.40`-style names beyond. Items come in the order cells, rows, columns, boxes, each
//! row-major; options in the order row, column, digit: the order of Knuth's `sudoku` encoding,
//! so the engine's MRV search takes exactly DLX1's steps.

use dlx_engine::{BuildError, ItemId, Matrix, Problem, ProblemBuilder};
use serde::Serialize;

use crate::check::{Conflict, Masks, check_givens, givens_masks};
use crate::grid::{Grid, GridError, SYMBOLS, cell_name};

/// A primary item of the Sudoku exact-cover problem (0-based numbers, digits from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Constraint {
    /// Cell `(row, col)` must hold a digit.
    Cell {
        /// Row.
        row: usize,
        /// Column.
        col: usize,
    },
    /// Digit `digit` must appear in row `row`.
    RowDigit {
        /// Row.
        row: usize,
        /// Digit.
        digit: u8,
    },
    /// Digit `digit` must appear in column `col`.
    ColumnDigit {
        /// Column.
        col: usize,
        /// Digit.
        digit: u8,
    },
    /// Digit `digit` must appear in box `b`.
    BoxDigit {
        /// Box, row-major.
        #[serde(rename = "box")]
        b: usize,
        /// Digit.
        digit: u8,
    },
}

impl Constraint {
    /// The name people read: `r4c7`, `digit 5 in row 4`, `digit 5 in column 7`,
    /// `digit 5 in box 6`.
    pub fn name(&self) -> String {
        match *self {
            Constraint::Cell { row, col } => cell_name(row, col),
            Constraint::RowDigit { row, digit } => format!("digit {digit} in row {}", row + 1),
            Constraint::ColumnDigit { col, digit } => {
                format!("digit {digit} in column {}", col + 1)
            }
            Constraint::BoxDigit { b, digit } => format!("digit {digit} in box {}", b + 1),
        }
    }

    /// Whether the item is a cell (its options are digits) rather than a digit in a house
    /// (its options are cells).
    pub fn is_cell(&self) -> bool {
        matches!(self, Constraint::Cell { .. })
    }
}

/// Why a grid cannot be encoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EncodeError {
    /// The grid breaks its invariant.
    #[error(transparent)]
    Grid(#[from] GridError),
    /// Two givens repeat a digit (the first conflict found).
    #[error(transparent)]
    Conflict(#[from] Conflict),
    /// The engine refused the problem (too large).
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// The reduced exact-cover problem of a grid.
///
/// Invariants: `items.len() == problem.item_count()` (all primary) and
/// `options.len() == problem.option_count()`; option `k` places `options[k].2` at
/// `(options[k].0, options[k].1)` and covers the items of that cell, row, column and box.
#[derive(Clone, Debug)]
pub struct Encoding {
    /// The exact-cover problem for the engine.
    pub problem: Problem,
    /// What each option places: (row, column, digit), 0-based row and column.
    pub options: Vec<(usize, usize, u8)>,
    /// What each item stands for.
    pub items: Vec<Constraint>,
}

impl Encoding {
    /// The item `i` in words (see [`Constraint::name`]).
    pub fn item_name(&self, i: ItemId) -> String {
        self.items[i.index()].name()
    }

    /// The problem as plain data for drawing (serializable): engine names, each item labelled
    /// in words (`r4c7`, `digit 5 in row 4`) and each option by what it places (`5 at r4c7`).
    pub fn view(&self) -> Matrix {
        let mut m = Matrix::of(&self.problem);
        for (item, c) in m.items.iter_mut().zip(&self.items) {
            item.label = Some(c.name());
        }
        m.labels = self
            .options
            .iter()
            .map(|&(r, c, d)| format!("{} at {}", symbol(d), cell_name(r, c)))
            .collect();
        m
    }
}

/// The symbol of digit `d` (1-based), as grids print it.
fn symbol(d: u8) -> char {
    SYMBOLS
        .get(usize::from(d).wrapping_sub(1))
        .map_or('?', |&b| b as char)
}

/// The reduced exact-cover encoding of a grid.
///
/// ```
/// let g = dlx_sudoku::parse("1...\n..2.\n.3..\n...4").unwrap();
/// let e = dlx_sudoku::encode(&g).unwrap();
/// // 12 open cells; each row, column and box misses 3 digits.
/// assert_eq!(e.problem.item_count(), 12 + 3 * 12);
/// assert_eq!(e.options.len(), e.problem.option_count());
/// ```
pub fn encode(grid: &Grid) -> Result<Encoding, EncodeError> {
    grid.validate()?;
    let masks = consistent_masks(grid)?;
    let r = reduce(grid, &masks, true)?;
    Ok(Encoding {
        problem: r.problem,
        options: r
            .placements
            .iter()
            .map(|&(cell, d)| (cell as usize / grid.n(), cell as usize % grid.n(), d))
            .collect(),
        items: r.items,
    })
}

/// The house masks of a valid grid, or its first conflict.
pub(crate) fn consistent_masks(grid: &Grid) -> Result<Masks, Conflict> {
    match givens_masks(grid) {
        Some(m) => Ok(m),
        // `givens_masks` fails iff a digit repeats in a house, which `check_givens` reports.
        None => Err(check_givens(grid).into_iter().next().unwrap_or(Conflict {
            digit: 0,
            a: (0, 0),
            b: (0, 0),
            house: crate::grid::House::Row(0),
        })),
    }
}

/// The reduced problem as the solvers use it.
pub(crate) struct Reduced {
    pub problem: Problem,
    /// Option `k` places digit `placements[k].1` in cell `placements[k].0` (row-major).
    pub placements: Vec<(u16, u8)>,
    /// The meaning of each item (only when asked for).
    pub items: Vec<Constraint>,
}

const RADIX36: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

/// Appends Knuth's spelling of an item name: a letter, then two 0-based numbers.
fn push_name(s: &mut String, kind: char, x: usize, y: usize, n: usize) {
    s.clear();
    s.push(kind);
    if n <= 36 {
        s.push(RADIX36[x] as char);
        s.push(RADIX36[y] as char);
    } else {
        use std::fmt::Write as _;
        let _ = write!(s, "{x}.{y}");
    }
}

/// Builds the reduced problem of a grid whose givens are consistent (`masks` from
/// [`givens_masks`]).
// PERF: building is a large share of an easy puzzle's time: ~250 items and ~250 options
// for a 17-clue puzzle. Names go through one reused buffer, and every vector is sized once.
pub(crate) fn reduce(grid: &Grid, masks: &Masks, with_items: bool) -> Result<Reduced, BuildError> {
    let shape = grid.shape;
    let n = shape.n();
    let full = shape.full_mask();
    // Exact sizes first, so that building allocates once.
    let open = grid.cells.iter().filter(|&&d| d == 0).count();
    let mut item_count = open;
    for used in [&masks.rows, &masks.cols, &masks.boxes] {
        item_count += used[..n]
            .iter()
            .map(|&u| (full & !u).count_ones() as usize)
            .sum::<usize>();
    }
    let mut option_count = 0;
    for r in 0..n {
        for c in 0..n {
            if grid.cells[r * n + c] == 0 {
                let used = masks.rows[r] | masks.cols[c] | masks.boxes[shape.box_of(r, c)];
                option_count += (full & !used).count_ones() as usize;
            }
        }
    }
    let name_len = if n <= 36 { 3 } else { 8 };
    let mut b = ProblemBuilder::with_capacity(
        item_count,
        item_count * name_len,
        option_count,
        4 * option_count,
    );
    let mut items = Vec::with_capacity(if with_items { item_count } else { 0 });
    let mut name = String::with_capacity(8);
    // cell_item[cell], and house_item[k * n * n + house * n + d - 1] for k = row, col, box.
    let mut cell_item = vec![u32::MAX; n * n];
    let mut house_item = vec![u32::MAX; 3 * n * n];
    for r in 0..n {
        for c in 0..n {
            if grid.cells[r * n + c] == 0 {
                push_name(&mut name, 'p', r, c, n);
                cell_item[r * n + c] = b.primary(&name)?.0;
                if with_items {
                    items.push(Constraint::Cell { row: r, col: c });
                }
            }
        }
    }
    for (k, (kind, used)) in [('r', &masks.rows), ('c', &masks.cols), ('b', &masks.boxes)]
        .into_iter()
        .enumerate()
    {
        for h in 0..n {
            let mut open = full & !used[h];
            while open != 0 {
                let d = open.trailing_zeros() as usize;
                open &= open - 1;
                push_name(&mut name, kind, h, d, n);
                house_item[k * n * n + h * n + d] = b.primary(&name)?.0;
                if with_items {
                    let digit = d as u8 + 1;
                    items.push(match k {
                        0 => Constraint::RowDigit { row: h, digit },
                        1 => Constraint::ColumnDigit { col: h, digit },
                        _ => Constraint::BoxDigit { b: h, digit },
                    });
                }
            }
        }
    }
    let mut placements = Vec::with_capacity(option_count);
    for r in 0..n {
        for c in 0..n {
            let cell = r * n + c;
            if grid.cells[cell] != 0 {
                continue;
            }
            let bx = shape.box_of(r, c);
            let mut cand = full & !(masks.rows[r] | masks.cols[c] | masks.boxes[bx]);
            while cand != 0 {
                let d = cand.trailing_zeros() as usize;
                cand &= cand - 1;
                let entries = [
                    (ItemId(cell_item[cell]), None),
                    (ItemId(house_item[r * n + d]), None),
                    (ItemId(house_item[n * n + c * n + d]), None),
                    (ItemId(house_item[2 * n * n + bx * n + d]), None),
                ];
                b.option(&entries)?;
                placements.push((cell as u16, d as u8 + 1));
            }
        }
    }
    Ok(Reduced {
        problem: b.build(),
        placements,
        items,
    })
}
