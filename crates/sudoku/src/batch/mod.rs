//! Batches of puzzles, one a line, answered on all cores in input order: the machinery every
//! face's batch runs on (`dlx sudoku solve FILE`, `dlx sudoku rate FILE`, Python's
//! `solve_many`).
//!
//! - [`Input`]: any buffered reader, read ahead just enough to tell one grid from a file of
//!   puzzles ([`Input::read_ahead`]), lines cut at [`MAX_LINE`] (`input`);
//! - [`run`]: the ordered, chunked, all-core pipeline, over any [`LineJob`] (the per-line
//!   work: solving here, rating in `dlx-logic`'s callers), delivering each chunk's output
//!   in input order (`pipeline`, `chunks`);
//! - [`SolveJob`]: solving one line, the same for every face: the quick 9x9 path, then the
//!   general one, with [`LineStatus::Invalid`] for a line that does not read or whose givens
//!   repeat a digit (`job`);
//! - [`LineStatus`] and [`Summary`]: each line's status, spelled once, and the totals.

// `pub` (hidden) for the unit tests in `tests/unit`.
#[doc(hidden)]
pub mod chunks;
mod input;
mod job;
mod pipeline;
mod status;

pub use input::{
    Input, InputError, LOOKAHEAD_BYTES, LOOKAHEAD_LINES, MAX_GRID_TEXT, MAX_LINE, Source,
    read_line, skip_bom,
};
pub use job::{LineAnswer, SolveJob};
pub use pipeline::{BatchError, Done, IN_FLIGHT, LineJob, run};
pub use status::{LineStatus, Summary};
