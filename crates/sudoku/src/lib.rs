//! Sudoku of any box shape, as exact cover on the dancing-links engine, with the two
//! backtracking solvers the articles compare it to.
//!
//! The principal types and functions:
//! - [`Grid`] and its box [`Shape`] (`N = rows x cols` digits, from 4x4 up to 64x64), written
//!   with [`Grid::to_line`] and [`Grid::pretty`];
//! - [`parse()`] and [`parse_with_shape`]: one-line puzzles, the 9-line contest format, boxed
//!   grids, numbers for big grids, detected automatically ([`mod@parse`] has the rules);
//! - [`check_givens`] ([`Conflict`]: "digit 5 at r1c3 repeats r1c8 in row 1") and
//!   [`candidates`];
//! - [`solve()`] with [`SolveOptions`] (solver, heuristic, solution limit, node and time
//!   budgets) giving a [`SolveResult`] with a [`Status`] and [`SolveStats`];
//! - [`SolveRequest`] and [`TraceRequest`]: the requests every face (command line, web API,
//!   Python) fills, validated once, with errors that keep the line, column or cells at fault;
//!   [`Conflicts`], the one sentence for givens that repeat a digit;
//! - [`trace()`]: every decision of a solver as a [`Trace`] of [`TraceStep`]s;
//! - [`batch`]: files of puzzles, one a line, answered on all cores in input order, over any
//!   per-line job ([`batch::SolveJob`] solves);
//! - [`encode()`]: the reduced exact-cover [`Encoding`] the `dlx` solver runs on;
//! - [`Symmetry`]: relabelled digits, permuted rows, columns, bands and stacks, transposed
//!   grids (a puzzle with as many solutions), for benchmarks free of a data set's bias.
//!
//! ```
//! use dlx_sudoku::{parse, solve, SolveOptions, SolverKind, Status};
//!
//! let grid = parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").unwrap();
//! for solver in SolverKind::ALL {
//!     let result = solve(&grid, &SolveOptions::unique(solver));
//!     assert_eq!(result.status, Status::Unique);
//!     let solution = result.solution.unwrap();
//!     assert_eq!(&solution.to_line()[..9], "417369825");
//!     assert!(dlx_sudoku::check_givens(&solution).is_empty());
//! }
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

// `pub` (hidden) for the unit tests in `tests/unit`.
#[doc(hidden)]
pub mod backtrack;
pub mod batch;
pub mod check;
pub mod encode;
pub mod grid;
pub mod parse;
pub mod pattern;
pub mod quick;
pub mod request;
pub mod solve;
pub mod symmetry;
pub mod trace;

pub use check::{Conflict, candidates, check_givens};
pub use encode::{Constraint, EncodeError, Encoding, encode};
pub use grid::{Grid, GridError, House, Shape, SizeError, Style};
pub use parse::{
    InputKind, ParseError, Parsed, cells9, detect, parse, parse_line, parse_styled,
    parse_with_shape,
};
pub use request::{Conflicts, RequestError, SolveRequest, TraceRequest};
pub use solve::{
    Snapshot, SolveOptions, SolveResult, SolveStats, SolverKind, Status, Stop, Visitor, solve,
    solve_with,
};
pub use symmetry::Symmetry;
pub use trace::{StepKind, Trace, TraceOptions, TraceStep, trace, trace_with_limit};

/// The engine's heuristics, re-exported for [`SolveOptions::heuristic`].
pub use dlx_engine::Heuristic;
