//! What a face gives an operation besides its request: the [`Budget`] of this run (nodes and
//! a deadline), the [`Caps`] of the face (the largest trace, listing, grid for logic, ...),
//! and where [`Progress`] goes ([`Run`]).
//!
//! `dlx serve` caps every search at its node budget and time limit (`Caps::server`); the
//! browser build has no time limit (its searches run in a Web Worker that the page can stop
//! at any time) and reports progress instead (`Caps::browser`).

use std::time::Duration;

use dlx_engine::{Config, Heuristic};
use dlx_time::Instant;
use serde::Serialize;

/// The work one run may do: nodes and a deadline, each unbounded when `None`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Search-tree nodes allowed.
    pub nodes: Option<u64>,
    /// When the search must stop.
    pub deadline: Option<Instant>,
}

impl Budget {
    /// No bound at all.
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    /// The smaller of the face's limits (`nodes`, `time`) and what a request asked for,
    /// starting now. A `None` on both sides leaves that bound open.
    pub fn within(limits: (Option<u64>, Option<Duration>), asked: Asked) -> Budget {
        let nodes = min_some(limits.0, asked.nodes);
        let time = min_some(limits.1, asked.time_limit_ms.map(Duration::from_millis));
        Budget {
            nodes,
            deadline: time.and_then(|t| Instant::now().checked_add(t)),
        }
    }

    /// The time left before the deadline (zero once it has passed), if there is one.
    pub fn time_left(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// An engine configuration with this budget; the deadline is checked often (every 256
    /// nodes) because Sudoku nodes on large grids are expensive.
    pub fn engine_config(&self, heuristic: Heuristic) -> Config {
        Config {
            heuristic,
            node_budget: self.nodes,
            deadline: self.deadline,
            check_interval: 256,
        }
    }
}

fn min_some<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// What a request asks to lower (never raise) a face's limits with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Asked {
    /// A node budget, if the request gave one.
    pub nodes: Option<u64>,
    /// A time limit in milliseconds, if the request gave one.
    pub time_limit_ms: Option<u64>,
}

impl Asked {
    /// A request's `node_budget` and `time_limit_ms`.
    pub fn new(nodes: Option<u64>, time_limit_ms: Option<u64>) -> Self {
        Asked {
            nodes,
            time_limit_ms,
        }
    }
}

/// The limits of a face that are not budgets: how much an answer may carry and which grids
/// the slower operations take.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Caps {
    /// Which face runs the operations: `server` or `browser`.
    pub face: &'static str,
    /// The most steps a trace records.
    pub max_trace_steps: usize,
    /// The most solutions one answer lists.
    pub max_listed: usize,
    /// The most steps an explanation returns.
    pub max_explain_steps: usize,
    /// The largest grid (cells a side) explained, hinted or rated.
    pub max_logic_size: usize,
    /// The largest grid (cells a side) generated.
    pub max_generate_size: usize,
    /// The largest N-queens board solved.
    pub max_queens: u32,
    /// The largest N-queens board traced (the matrix view is for small ones).
    pub max_trace_queens: u32,
    /// The largest exact-cover matrix (in options) a Sudoku trace carries for the
    /// dancing-links view: enough for any 4x4 puzzle (at most 64 options).
    pub max_matrix_options: usize,
    /// Search-tree nodes one search may explore (`None`: no bound).
    pub node_budget: Option<u64>,
    /// Wall time one search may take, in milliseconds (`None`: no bound; the page can stop
    /// it).
    pub time_limit_ms: Option<u64>,
}

/// The largest queens board the operations build.
pub const MAX_QUEENS: u32 = 64;

/// The most steps a trace records by default (`dlx serve --max-trace-steps`).
pub const MAX_TRACE_STEPS: usize = 5_000;

impl Caps {
    /// The caps of `dlx serve` with its default limits (its flags change the budgets and the
    /// trace length).
    pub fn server() -> Caps {
        Caps {
            face: "server",
            max_trace_steps: MAX_TRACE_STEPS,
            max_listed: 100,
            max_explain_steps: 5_000,
            max_logic_size: 16,
            max_generate_size: 16,
            max_queens: MAX_QUEENS,
            max_trace_queens: 12,
            max_matrix_options: 128,
            node_budget: Some(5_000_000),
            time_limit_ms: Some(2_000),
        }
    }

    /// The caps of the browser build: no budgets (a search runs until it ends or the page
    /// stops its worker), logic on grids up to 16x16, new puzzles up to 25x25.
    pub fn browser() -> Caps {
        Caps {
            face: "browser",
            max_generate_size: 25,
            node_budget: None,
            time_limit_ms: None,
            ..Caps::server()
        }
    }

    /// The budgets of this face: `(nodes, time)`.
    pub fn limits(&self) -> (Option<u64>, Option<Duration>) {
        (
            self.node_budget,
            self.time_limit_ms.map(Duration::from_millis),
        )
    }
}

/// Where a search stands, for a face that shows it while the search runs.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Progress {
    /// Search-tree nodes so far.
    pub nodes: u64,
    /// Solutions so far.
    pub solutions: u64,
    /// The current depth of the search.
    pub depth: usize,
    /// Time since the search started, in seconds.
    pub seconds: f64,
    /// The engine's estimate of the fraction of the search tree explored, when it has one.
    pub fraction: Option<f64>,
}

/// How often a run passes progress on: at most every this long.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// One run of an operation: its budget, the face's caps and where progress goes.
pub struct Run<'a> {
    /// The budget of this run.
    pub budget: Budget,
    /// The face's caps.
    pub caps: &'a Caps,
    progress: Option<&'a mut dyn FnMut(&Progress)>,
    last: Option<Instant>,
}

impl std::fmt::Debug for Run<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Run")
            .field("budget", &self.budget)
            .field("caps", &self.caps)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

impl<'a> Run<'a> {
    /// A run with this budget under these caps, reporting no progress.
    pub fn new(budget: Budget, caps: &'a Caps) -> Run<'a> {
        Run {
            budget,
            caps,
            progress: None,
            last: None,
        }
    }

    /// The same run, passing progress to `hook` (at most every [`PROGRESS_EVERY`]).
    pub fn with_progress(mut self, hook: &'a mut dyn FnMut(&Progress)) -> Run<'a> {
        self.progress = Some(hook);
        self
    }

    /// Whether anyone listens to progress.
    pub fn wants_progress(&self) -> bool {
        self.progress.is_some()
    }

    /// Passes `p` on, unless the last report was less than [`PROGRESS_EVERY`] ago.
    pub fn progress(&mut self, p: impl FnOnce() -> Progress) {
        let Some(hook) = self.progress.as_mut() else {
            return;
        };
        let now = Instant::now();
        if self
            .last
            .is_some_and(|t| now.saturating_duration_since(t) < PROGRESS_EVERY)
        {
            return;
        }
        self.last = Some(now);
        hook(&p());
    }
}
