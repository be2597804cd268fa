//! Exact cover with colors, on Knuth's dancing links.
//!
//! The principal types:
//! - [`Problem`], built with [`ProblemBuilder`] or read from Knuth's text format with
//!   [`format::parse`]: primary items (covered exactly once), secondary items (at most once,
//!   or shared by options that give them the same color), and options.
//! - [`Links`], the dancing-links search (Knuth's Algorithm C): count, enumerate, stop at any
//!   solution and resume, node budgets and deadlines, progress estimates, exact statistics.
//! - [`Cells`], Knuth's SSXCC ("dancing cells") on sparse sets: the same semantics and API,
//!   with forced moves committed without branch nodes; faster on one core for most problems.
//! - [`ParallelSearch`], which splits a [`Links`] or [`Cells`] search ([`Algorithm`]) into
//!   independent subproblems and runs them on all cores. With links, counts, nodes and updates
//!   are identical to the sequential search; with cells, counts and nodes are (forced moves and
//!   updates may differ slightly, since sparse sets do not restore their order on backtrack).
//! - [`CoverRequest`], a search as every face asks for it (algorithm, `auto` resolved once,
//!   heuristic, limit, budgets, threads), and [`Stop`], the one spelling of why a search ended.
//! - [`shard`], which cuts a search into shards to solve on other machines and add up.
//! - [`Observer`], which receives solutions and, if it wants, every decision of the search;
//!   [`Recorder`] is the observer that records those decisions as [`Step`]s for traces, and
//!   [`Matrix`] the problem as plain data for drawing them ([`mod@record`]).
//!
//! ```
//! use dlx_engine::{format, Config, Links, Search};
//!
//! // Knuth's example from TAOCP 7.2.2.1.
//! let text = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";
//! let (problem, _warnings) = format::parse(text).unwrap();
//! let mut links = Links::new(&problem, Config::default());
//! let (first, outcome) = links.first();
//! let first = first.unwrap();
//! assert!(dlx_engine::reference::check(&problem, &first).is_ok());
//! assert_eq!(outcome.stats.solutions, 1);
//! ```
#![deny(missing_docs)]

pub mod cells;
pub mod format;
mod ids;
pub mod links;
pub mod parallel;
pub mod problem;
pub mod propagate;
pub mod record;
pub mod reference;
pub mod request;
pub mod search;
pub mod shard;

pub use cells::Cells;
pub use links::Links;
pub use parallel::{Algorithm, ParallelSearch};
pub use problem::{BuildError, ColorId, Entry, ItemId, OptionId, Problem, ProblemBuilder};
pub use propagate::{Options, Propagate, View, Weights};
pub use record::{Matrix, MatrixItem, Record, Recorder, Step, StepKind};
pub use request::{AlgorithmChoice, CoverAnswer, CoverRequest, RequestError, Stop};
pub use search::{
    Config, CountOnly, ForceError, Heuristic, Limit, Observer, OnSolution, Outcome, Piece,
    Progress, Search, Stats, Status,
};
