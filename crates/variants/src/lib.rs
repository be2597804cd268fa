//! Variant Sudoku on the dancing-links engine: rules as data, lowered to exact cover with
//! colors, solved, counted and traced by `dlx-engine` with its budgets, threads and both
//! algorithms.
//!
//! The principal types and functions:
//! - [`Rules`] (size, [`Regions`], [`Constraint`]s: diagonals, windoku, disjoint groups, extra
//!   regions, anti-knight, anti-king, nonconsecutive and the other negative rules, killer
//!   cages, thermometers, arrows, little killers, sandwiches, white and black dots, XV, even
//!   and odd cells), checked once ([`RuleError`] names the constraint and its cells), with the
//!   houses ([`Rules::houses`]) and "sees" relation ([`Rules::sees`]) the logic needs;
//! - [`Puzzle`]: rules and givens; [`parse`] reads f-puzzles JSON and links, our JSON and our
//!   text format ([`Format`], [`write()`]);
//! - [`lower()`]: the exact-cover [`Encoding`] (`docs/variants.md` explains and measures it),
//!   with [`Encoding::decode`] and [`Encoding::to_knuth`];
//! - [`solve()`], [`count`], [`trace`] under the engine's [`Limits`].
//!
//! ```
//! use dlx_variants::{parse, solve, Limits, Verdict};
//!
//! // A 4x4 killer with both diagonals and one given.
//! let text = "size 4
//! givens 1...............
//! cage 7 r1c3 r1c4
//! cage 7 r2c1 r3c1
//! cage 5 r2c2 r2c3
//! diagonals
//! ";
//! let puzzle = parse(text).unwrap();
//! let answer = solve(&puzzle, &Limits::default()).unwrap();
//! assert_eq!(answer.verdict, Verdict::Unique);
//! assert!(puzzle.is_solution(&answer.solutions[0]));
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod cell;
pub mod combos;
pub mod constraint;
pub mod error;
pub mod format;
pub mod fpuzzles;
pub mod generate;
pub mod link;
pub mod lower;
pub mod prune;
pub mod puzzle;
pub mod request;
pub mod rules;
pub mod solve;
pub mod text;

pub use cell::Cell;
pub use constraint::{Constraint, Direction, Line, XvLetter};
pub use error::ParseError;
pub use error::{Named, RuleError};
pub use format::{Format, detect, parse, parse_as, sniff, write};
pub use lower::{EncodeError, Encoding, Tuning, lower, lower_with};
pub use puzzle::{Meta, Puzzle, grid_line, grid_pretty};
pub use rules::{CellSet, House, HouseKind, Regions, Rules, Violation};
pub use solve::{
    Answer, Limits, Trace, TraceStep, Verdict, Watch, count, search, search_with, solve,
    solve_tuned, trace, trace_encoding,
};

/// The engine's choices a caller passes through [`Limits`].
pub use dlx_engine::{Algorithm, Heuristic, Progress, Status, Stop};
