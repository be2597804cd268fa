//! The operations of the page and of the JSON API as plain functions from a request to an
//! answer: no IO, no threads, no async. `dlx serve` calls them on its search threads (with
//! its HTTP, limits and queues around them), the WebAssembly build in a browser's Web Worker
//! ([`json::call`]); both answer the same JSON.
//!
//! The principal items:
//! - the operations: [`sudoku::check`], [`sudoku::solve`], [`sudoku::trace`],
//!   [`logic::explain`], [`logic::hint`], [`logic::rate`], [`logic::generate`],
//!   [`xcc::solve`], [`xcc::trace`], [`xcc::queens`], the variant Sudoku operations
//!   [`variants::check`], [`variants::solve`], [`variants::trace`], variant logic
//!   ([`vlogic::explain`], [`vlogic::hint`], [`vlogic::rate`]) and [`meta::meta`] (what a page needs
//!   to know of the engine: symbols, sizes, solvers, techniques, bands, symmetries, caps);
//!   their requests are the libraries' (`dlx_sudoku::SolveRequest`, ...) or, for the
//!   operations no library owns, this crate's; their answers are this crate's types;
//! - [`Run`]: what a face gives an operation besides its request: the [`Budget`] (nodes and a
//!   deadline), the face's [`Caps`] and where [`Progress`] goes;
//! - [`ApiError`]: a refusal with the field, line, column and cells at fault, sent as an
//!   [`ErrorBody`];
//! - [`words`]: digits in sentences as the board shows them (`D`, not 13, on a 16x16).
//!
//! With the `openapi` feature every request and answer type derives its OpenAPI schema.
//!
//! ```
//! use dlx_api::{Budget, Caps, Run};
//!
//! let caps = Caps::server();
//! let mut run = Run::new(Budget::unlimited(), &caps);
//! let req = dlx_sudoku::SolveRequest::new("1...\n..3.\n.4..\n...2");
//! let answer = dlx_api::sudoku::solve(&req, &mut run).unwrap();
//! assert_eq!(answer.unique, Some(true));
//! assert_eq!(answer.solution.as_deref().map(str::len), Some(16));
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod error;
pub mod json;
pub mod logic;
pub mod meta;
pub mod params;
pub mod run;
#[cfg(feature = "openapi")]
pub mod schema;
pub mod sudoku;
pub mod trace;
pub mod variants;
pub mod vlogic;
pub mod vpage;
pub mod words;
pub mod xcc;

pub use error::{ApiError, ConstraintRef, ErrorBody};
pub use run::{Asked, Budget, Caps, Progress, Run};
