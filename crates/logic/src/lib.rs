//! Sudoku solved the way people solve it: logical steps from singles to nested forcing
//! chains, hints on a grid in progress, and a difficulty rating on Sudoku Explainer's scale.
//!
//! The principal types and functions:
//! - [`explain`]: every step of the easiest-first path ([`Explanation`] of [`Step`]s, each
//!   with its [`Technique`], placements, eliminations, [`Pattern`] and a sentence);
//! - [`hint`]: the easiest next step on a grid in progress, with the user's pencil marks;
//! - [`rate`]: ER, EP and ED on Sudoku Explainer's scale and a [`Band`] ([`Rating`]);
//! - [`request`]: the explain, hint and rate requests every face fills ([`ExplainRequest`],
//!   [`HintRequest`] with the user's [`Marks`], [`RateRequest`]), with errors that keep the
//!   field and the cells at fault;
//! - [`Solver`] and [`Board`] for step-by-step use; [`marks`] reads pencil marks.
//!
//! Every step is sound: it never removes the solution's digit nor places another (the
//! property tests check each step against the solution found by search). Uniqueness
//! techniques (unique rectangles, BUG+1) are used only on puzzles proven to have one
//! solution. The rating is calibrated on 9x9; other sizes are explained with the same
//! techniques and rated on the same scale, which there only orders techniques.
//!
//! ```
//! use dlx_logic::{explain, rate, Band, Options, Technique};
//!
//! let grid = dlx_sudoku::parse(
//!     "...7.6...8...2........9.....861....7.2.4....87.15.9.6.6..271.4.......2...49..8...",
//! ).unwrap();
//! let path = explain(&grid, &Options::default()).unwrap();
//! assert!(path.grid.is_full());
//! assert_eq!(path.rating.band, Band::Easy);
//! assert!(path.steps.iter().all(|s| s.technique <= Technique::HiddenSingleLine));
//! assert_eq!(rate(&grid).unwrap().er, 1.5);
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// A step's sentence: `format!` on a board that wants sentences, an empty string (no
/// allocation, no formatting) on a silent one (`Board::silent`, set for ratings).
macro_rules! say {
    ($b:expr, $($arg:tt)*) => {
        if $b.silent { String::new() } else { format!($($arg)*) }
    };
}

mod band;
mod basic;
pub mod board;
mod cycles;
mod dynamic;
mod exclusion;
mod extra;
mod filter;
pub mod marks;
pub mod request;
mod solver;
pub mod step;
mod strong;
pub mod technique;
mod unique;
mod variant;
mod vcache;
mod vrules;
mod wings;

pub use board::Board;
pub use filter::{Filtered, RateFilter, RatingRange, rate_filtered};
pub use request::{ExplainRequest, HintRequest, LogicRequestError, Marks, RateRequest};
pub use solver::{
    Band, Explanation, Ladder, LogicError, Options, Rating, Solver, Stop, er, explain,
    explain_variant, explain_with, hint, hint_variant, rate, rate_variant, rate_variant_below,
    rate_with,
};
pub use step::{Area, Candidate, ChainKind, Link, Pattern, Step, length_increment};
pub use technique::{Family, Scale, Technique, TechniqueSet};
