//! Puzzle families encoded as exact-cover problems for [`dlx_engine`].
//!
//! Each family builds an engine [`Problem`], turns a solution (a list of [`OptionId`]s, or a
//! partial one taken in the middle of a search) back into a board, renders the board as text
//! (its [`Display`](std::fmt::Display)), and checks a finished board with a validator that
//! looks only at the board and the puzzle's rules, never at the encoding.
//!
//! The principal types, all implementing [`Puzzle`]:
//! - [`Queens`] (board [`QueensBoard`]): N queens in Knuth's encoding, organ-pipe order.
//! - [`Langford`] (board [`LangfordSequence`]): Langford pairs, optionally with the mirror
//!   symmetry broken.
//! - [`Packing`] (board [`Tiling`]): polyominoes packed into a board: the pentomino
//!   rectangles, Scott's 8x8 board, or anything written in the [`polyomino`] text format.
//!
//! ```
//! use dlx_engine::{Config, Links, Search};
//! use dlx_puzzles::{Packing, Puzzle, Queens};
//!
//! // The twelve pentominoes on a 3x20 board: 2 distinct packings, each in 4 mirror images.
//! let packing = Packing::pentominoes(3, 20, false).unwrap();
//! let mut links = Links::new(packing.problem(), Config::default());
//! let (first, _) = links.first();
//! let tiling = packing.decode(&first.unwrap()).unwrap();
//! packing.check(&tiling).unwrap();
//! assert_eq!(tiling.to_string().lines().count(), 3);
//! let all = Links::new(packing.problem(), Config::default()).count();
//! assert_eq!(all.stats.solutions, 8);
//!
//! // Eight queens: 92 solutions; the first one found, drawn.
//! let queens = Queens::new(8).unwrap();
//! let mut links = Links::new(queens.problem(), Config::default());
//! let (first, _) = links.first();
//! let board = queens.decode(&first.unwrap()).unwrap();
//! queens.check(&board).unwrap();
//! assert_eq!(board.to_string().matches('Q').count(), 8);
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod langford;
pub mod polyomino;
pub mod queens;

use std::fmt;

use dlx_engine::{OptionId, Problem};

pub use langford::{Langford, LangfordSequence};
pub use polyomino::{Board, Orientations, Packing, Piece, Shape, Tiling};
pub use queens::{Queens, QueensBoard};

/// A puzzle encoded as an exact-cover problem: the problem, and the way back to a board.
pub trait Puzzle {
    /// The board a (partial) solution stands for; its `Display` is the text rendering.
    type Board: fmt::Display;

    /// The exact-cover problem to hand to a solver.
    fn problem(&self) -> &Problem;

    /// The board that `options` stand for. A partial solution (for example the options chosen
    /// so far in a running search) gives a partial board.
    ///
    /// Fails if an option is not one of this problem's, or two options claim the same thing.
    fn decode(&self, options: &[OptionId]) -> Result<Self::Board, DecodeError>;

    /// Checks that `board` is a complete, valid solution of the puzzle, by the puzzle's own
    /// rules (not through the exact-cover encoding).
    fn check(&self, board: &Self::Board) -> Result<(), Invalid>;
}

/// Why a list of options could not be turned into a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// The option number is beyond the problem's options.
    #[error("no option {0} in this problem")]
    UnknownOption(u32),
    /// The option claims a row, number or cell that an earlier option already took.
    #[error("option {option} conflicts with an earlier option ({what})")]
    Conflict {
        /// The later of the two options.
        option: u32,
        /// What both options claim, for example `row 3` or `cell (2, 5)`.
        what: String,
    },
}

/// A board that breaks the puzzle's rules; the message says where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid solution: {0}")]
pub struct Invalid(pub String);

/// A size parameter out of the supported range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what} must be between {min} and {max}, not {value}")]
pub struct SizeError {
    /// Which parameter, for example `n`.
    pub what: &'static str,
    /// The value given.
    pub value: usize,
    /// The smallest value accepted.
    pub min: usize,
    /// The largest value accepted.
    pub max: usize,
}

impl SizeError {
    /// `Ok` if `value` of the parameter `what` is in `min..=max`, else the error saying so.
    pub(crate) fn check(
        what: &'static str,
        value: usize,
        min: usize,
        max: usize,
    ) -> Result<(), SizeError> {
        if (min..=max).contains(&value) {
            Ok(())
        } else {
            Err(SizeError {
                what,
                value,
                min,
                max,
            })
        }
    }
}

/// Writes `items` separated by single spaces (a row of a board).
pub(crate) fn write_spaced<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    items: impl IntoIterator<Item = T>,
) -> fmt::Result {
    for (j, item) in items.into_iter().enumerate() {
        if j > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

/// Writes `v` as Knuth's generators do: one base-36 digit (`0`-`9`, `a`-`z`) below 36, and
/// plain decimal (always two or more digits, so never equal to a one-digit name) above.
pub(crate) fn push_number(out: &mut String, v: usize) {
    if v < 36 {
        out.push(char::from_digit(v as u32, 36).unwrap_or('?'));
    } else {
        out.push_str(&v.to_string());
    }
}

/// `prefix` followed by [`push_number`] of `v`.
#[doc(hidden)] // `pub` for the unit tests in `tests/unit`.
pub fn name(prefix: &str, v: usize) -> String {
    let mut s = String::with_capacity(prefix.len() + 3);
    s.push_str(prefix);
    push_number(&mut s, v);
    s
}
