//! Why rules or a puzzle are refused: every error names the constraint (its kind, its number
//! among the constraints of that kind, from 1, and its cells) or the cell at fault.

use std::fmt;

use serde::Serialize;

use crate::cell::Cell;
use crate::link::LinkError;

/// A constraint as errors name it: `killer cage 3 (r1c1 r1c2 r2c1)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Named {
    /// The kind in words (`killer cage`, `thermometer`, `white dot`...).
    pub kind: &'static str,
    /// Its number among the constraints of that kind, from 1 (0 for a rule of the whole grid,
    /// which has no number).
    pub index: usize,
    /// Its cells (none for a rule of the whole grid).
    pub cells: Vec<Cell>,
}

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind)?;
        if self.index > 0 {
            write!(f, " {}", self.index)?;
        }
        if !self.cells.is_empty() {
            const SHOWN: usize = 8;
            f.write_str(" (")?;
            for (k, c) in self.cells.iter().take(SHOWN).enumerate() {
                if k > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{c}")?;
            }
            if self.cells.len() > SHOWN {
                write!(f, " ... {} cells", self.cells.len())?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// Why rules or a puzzle cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "error", rename_all = "snake_case")]
#[non_exhaustive]
pub enum RuleError {
    /// The grid size is not supported.
    #[error("unsupported size {n}x{n}: variants are 4x4 to 16x16")]
    Size {
        /// Cells on a side.
        n: usize,
    },
    /// Boxes of this shape do not tile the grid.
    #[error("boxes of {rows}x{cols} cells do not tile a {n}x{n} grid")]
    BoxShape {
        /// Cells on a side.
        n: usize,
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        cols: usize,
    },
    /// The size has no box shape (a prime size), so regions must be given.
    #[error("a {n}x{n} grid has no box shape: give its regions (jigsaw)")]
    NoBoxShape {
        /// Cells on a side.
        n: usize,
    },
    /// The region layout does not have one region per cell.
    #[error("the region layout has {got} cells, a {n}x{n} grid {}", n * n)]
    LayoutLength {
        /// Cells on a side.
        n: usize,
        /// Entries given.
        got: usize,
    },
    /// A cell is in a region that does not exist.
    #[error("{cell} is in region {region}, but a {n}x{n} grid has regions 1 to {n}")]
    RegionNumber {
        /// The cell.
        cell: Cell,
        /// Its region, from 1.
        region: usize,
        /// Cells on a side.
        n: usize,
    },
    /// A region does not have `N` cells (so the regions do not cover the grid evenly).
    #[error("region {region} has {} cells{}, not {n}", cells.len(), list_or_empty(cells))]
    RegionSize {
        /// The region, from 1.
        region: usize,
        /// Its cells.
        cells: Vec<Cell>,
        /// Cells on a side.
        n: usize,
    },
    /// A cell belongs to no region, so the regions do not cover the grid.
    #[error("{cell} is in no region: the regions must cover the grid")]
    Uncovered {
        /// The cell.
        cell: Cell,
    },
    /// The givens do not have one entry per cell.
    #[error("the givens have {got} cells, a {n}x{n} grid {}", n * n)]
    GivensLength {
        /// Cells on a side.
        n: usize,
        /// Entries given.
        got: usize,
    },
    /// A given is not a digit of the grid.
    #[error("the given {digit} at {cell} is not a digit from 1 to {n}")]
    GivenDigit {
        /// The cell.
        cell: Cell,
        /// The value.
        digit: u32,
        /// Cells on a side.
        n: usize,
    },
    /// A constraint names a cell outside the grid.
    #[error("{at}: {cell} is outside the {n}x{n} grid")]
    Outside {
        /// The constraint.
        at: Named,
        /// The cell.
        cell: Cell,
        /// Cells on a side.
        n: usize,
    },
    /// A constraint names a cell twice.
    #[error("{at}: {cell} appears twice")]
    Repeated {
        /// The constraint.
        at: Named,
        /// The cell.
        cell: Cell,
    },
    /// A constraint has too few or too many cells.
    #[error("{at}: {got} cells, {expected}")]
    Length {
        /// The constraint.
        at: Named,
        /// Cells given.
        got: usize,
        /// What was expected, in words.
        expected: String,
    },
    /// The two cells of a dot or an XV clue are not orthogonal neighbours.
    #[error("{at}: {} and {} are not orthogonal neighbours", at.cells[0], at.cells[1])]
    NotNeighbours {
        /// The constraint.
        at: Named,
    },
    /// No digits can satisfy the constraint (a cage sum no digits can make, an arrow whose
    /// line is too long for its circle...).
    #[error("{at}: {why}")]
    Impossible {
        /// The constraint.
        at: Named,
        /// Why, in words.
        why: String,
    },
    /// A value of a constraint is out of range (a ratio of 1, a clue the grid cannot hold).
    #[error("{at}: {why}")]
    Value {
        /// The constraint.
        at: Named,
        /// Why, in words.
        why: String,
    },
    /// A rule needs something the grid does not have (windoku without a box shape).
    #[error("{at}: {why}")]
    Unsupported {
        /// The constraint.
        at: Named,
        /// Why, in words.
        why: String,
    },
    /// Two constraints contradict each other.
    #[error("{a} and {b} contradict each other: {why}")]
    Contradiction {
        /// The first constraint.
        a: Named,
        /// The second.
        b: Named,
        /// Why, in words.
        why: String,
    },
    /// The givens break a rule already.
    #[error("{}", givens_message(at, givens))]
    Givens {
        /// The rule broken (a house, a relation, a clue).
        at: Named,
        /// The givens that break it: (cell, digit).
        givens: Vec<(Cell, u32)>,
    },
}

fn list_or_empty(cells: &[Cell]) -> String {
    if cells.is_empty() || cells.len() > 20 {
        String::new()
    } else {
        format!(" ({})", crate::cell::list(cells))
    }
}

fn givens_message(at: &Named, givens: &[(Cell, u32)]) -> String {
    let list: Vec<String> = givens.iter().map(|(c, d)| format!("{d} at {c}")).collect();
    let what = if givens.len() == 1 {
        "the given"
    } else {
        "the givens"
    };
    format!("{what} {} break {at}", list.join(", "))
}

impl RuleError {
    /// The constraint the error is about, if any.
    pub fn constraint(&self) -> Option<&Named> {
        match self {
            RuleError::Outside { at, .. }
            | RuleError::Repeated { at, .. }
            | RuleError::Length { at, .. }
            | RuleError::NotNeighbours { at }
            | RuleError::Impossible { at, .. }
            | RuleError::Value { at, .. }
            | RuleError::Unsupported { at, .. }
            | RuleError::Givens { at, .. } => Some(at),
            RuleError::Contradiction { a, .. } => Some(a),
            _ => None,
        }
    }
}

/// Why a puzzle could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// No puzzle in the input.
    #[error("no puzzle: the input is empty")]
    Empty,
    /// The JSON is malformed.
    #[error("line {line}, column {column}: {message}")]
    Json {
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        column: usize,
        /// What serde_json says.
        message: String,
    },
    /// A field of an f-puzzles file has the wrong type or value.
    #[error("f-puzzles field `{field}`: {why}")]
    Field {
        /// The field's path (`killercage[2].cells[1]`).
        field: String,
        /// Why.
        why: String,
    },
    /// An f-puzzles constraint (or element) this library does not know: refused by name, never
    /// ignored, since solving without it would give wrong answers.
    #[error(
        "f-puzzles `{field}` ({what}) is not supported: dlx refuses the puzzle rather than solve it without it"
    )]
    Unsupported {
        /// The field.
        field: String,
        /// What it is, in words.
        what: String,
    },
    /// The link could not be decompressed.
    #[error("f-puzzles link: {0}")]
    Link(#[from] LinkError),
    /// A line of our text format.
    #[error("line {line}, column {column}: {why}")]
    Text {
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        column: usize,
        /// Why.
        why: String,
    },
    /// The rules or givens are refused.
    #[error(transparent)]
    Rules(Box<RuleError>),
    /// The rules are refused; the constraint at fault is on this line of the text.
    #[error("line {line}: {error}")]
    Located {
        /// The line, from 1.
        line: usize,
        /// Why.
        error: Box<RuleError>,
    },
}

impl From<RuleError> for ParseError {
    fn from(e: RuleError) -> ParseError {
        ParseError::Rules(Box::new(e))
    }
}

impl ParseError {
    /// The rule error, when the rules or givens were refused.
    pub fn rule_error(&self) -> Option<&RuleError> {
        match self {
            ParseError::Rules(e) | ParseError::Located { error: e, .. } => Some(e),
            _ => None,
        }
    }

    pub(crate) fn json(e: &serde_json::Error) -> ParseError {
        ParseError::Json {
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        }
    }
}
