//! Requests for Sudoku searches, decided once for every face (the command line, the web API,
//! Python, the browser build): [`SolveRequest`] (solve, decide uniqueness, count) and
//! [`TraceRequest`] (every decision of a solver), their defaults, validation and errors
//! ([`RequestError`], which keeps the line, column or cells at fault), and [`Conflicts`], the
//! one sentence for givens that repeat a digit.
//!
//! A request is plain data (serde, `deny_unknown_fields`, no threads or files); later rules
//! (variants) are new optional fields.

use std::fmt;
use std::time::Duration;

use dlx_time::Instant;

use serde::{Deserialize, Serialize};

use crate::check::{Conflict, check_givens};
use crate::grid::{Grid, Shape, SizeError};
use crate::parse::{ParseError, parse_with_shape};
use crate::solve::{SolveOptions, SolverKind};
use crate::trace::TraceOptions;
use dlx_engine::Heuristic;

/// Givens that repeat a digit, as one sentence: the first pair, and how many more there are
/// (`digit 5 at r1c3 repeats r1c8 in row 1 (and 2 more repeats)`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Conflicts(pub Vec<Conflict>);

impl Conflicts {
    /// The conflicts of `grid`'s givens (empty when they are consistent).
    pub fn of(grid: &Grid) -> Conflicts {
        Conflicts(check_givens(grid))
    }

    /// Whether no given repeats a digit.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The cells of the conflicts, each once, in reading order.
    pub fn cells(&self) -> Vec<(usize, usize)> {
        let mut cells: Vec<(usize, usize)> = self.0.iter().flat_map(|c| [c.a, c.b]).collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }
}

impl fmt::Display for Conflicts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.as_slice() {
            [] => f.write_str("no given repeats a digit"),
            [c] => write!(f, "{c}"),
            [c, rest @ ..] => write!(f, "{c} (and {} more repeats)", rest.len()),
        }
    }
}

/// Why a request cannot run: the field at fault and, where there is one, the place (a line
/// and column of the text, or cells of the grid), kept apart from the sentence so that a face
/// can point at it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RequestError {
    /// A grid that does not read.
    #[error("{field}: {source}")]
    Parse {
        /// The field: `puzzle`, `progress`, ...
        field: &'static str,
        /// Why, with its line and column.
        source: ParseError,
    },
    /// A box shape that is not supported.
    #[error("{field}: {source}")]
    Shape {
        /// The field.
        field: &'static str,
        /// Why.
        source: SizeError,
    },
    /// Givens that repeat a digit, where the operation cannot go on with them.
    #[error("{field}: {conflicts}")]
    Conflicts {
        /// The field.
        field: &'static str,
        /// The repeats.
        conflicts: Conflicts,
    },
    /// Any other value out of range or combination refused.
    #[error("{field}: {message}")]
    Invalid {
        /// The field.
        field: &'static str,
        /// Why, lowercase.
        message: String,
    },
}

impl RequestError {
    /// `field` is refused because of `message`.
    pub fn invalid(field: &'static str, message: impl Into<String>) -> Self {
        RequestError::Invalid {
            field,
            message: message.into(),
        }
    }

    /// Why, without the field: the sentence a face that names the input itself shows.
    pub fn reason(&self) -> String {
        match self {
            RequestError::Parse { source, .. } => source.to_string(),
            RequestError::Shape { source, .. } => source.to_string(),
            RequestError::Conflicts { conflicts, .. } => conflicts.to_string(),
            RequestError::Invalid { message, .. } => message.clone(),
        }
    }

    /// The request field at fault.
    pub fn field(&self) -> &'static str {
        match self {
            RequestError::Parse { field, .. }
            | RequestError::Shape { field, .. }
            | RequestError::Conflicts { field, .. }
            | RequestError::Invalid { field, .. } => field,
        }
    }

    /// The line of the text at fault (1-based), if any.
    pub fn line(&self) -> Option<usize> {
        match self {
            RequestError::Parse { source, .. } => source.line(),
            _ => None,
        }
    }

    /// The column of the text at fault (1-based), if any.
    pub fn column(&self) -> Option<usize> {
        match self {
            RequestError::Parse { source, .. } => source.column(),
            _ => None,
        }
    }

    /// The cells at fault (row, column, 0-based), if any.
    pub fn cells(&self) -> Vec<(usize, usize)> {
        match self {
            RequestError::Conflicts { conflicts, .. } => conflicts.cells(),
            _ => Vec::new(),
        }
    }
}

/// Reads the grid of a request field: any supported format, with the box shape asked for.
pub fn read_grid(
    field: &'static str,
    text: &str,
    shape: Option<Shape>,
) -> Result<Grid, RequestError> {
    let shape = match shape {
        Some(s) => Some(
            Shape::new(s.rows, s.cols).map_err(|source| RequestError::Shape {
                field: "shape",
                source,
            })?,
        ),
        None => None,
    };
    parse_with_shape(text, shape).map_err(|source| RequestError::Parse { field, source })
}

/// What [`SolveRequest`] looks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Mode {
    /// The first solution.
    One,
    /// Two solutions at most: enough to tell whether the solution is unique. The default.
    #[default]
    Unique,
    /// Up to `limit` solutions (all when no limit), counted.
    Count,
}

/// Solve, decide uniqueness or count one puzzle.
///
/// ```
/// use dlx_sudoku::request::SolveRequest;
/// use dlx_sudoku::Status;
///
/// let r: SolveRequest = serde_json::from_str(r#"{"puzzle": "1...\n..3.\n.4..\n...2"}"#).unwrap();
/// let (_, result) = r.run().unwrap();
/// assert_eq!(result.status, Status::Unique);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// The puzzle in any supported format.
    pub puzzle: String,
    /// A box shape other than the default for the size.
    #[serde(default)]
    pub shape: Option<Shape>,
    /// The solver (default `fast`).
    #[serde(default)]
    pub solver: SolverKind,
    /// For `dlx`: how the item to branch on is chosen (default `mrv`).
    #[serde(default)]
    pub heuristic: Heuristic,
    /// What to look for (default `unique`, or `count` when a limit is given).
    #[serde(default)]
    pub mode: Option<Mode>,
    /// With `count`: stop after this many solutions (absent or 0: count them all, within the
    /// budgets).
    #[serde(default)]
    pub limit: Option<u64>,
    /// Stop after this many search-tree nodes (for `fast`, guesses).
    #[serde(default)]
    pub node_budget: Option<u64>,
    /// Stop after this many milliseconds.
    #[serde(default)]
    pub time_limit_ms: Option<u64>,
}

impl SolveRequest {
    /// A request for `puzzle` with every default.
    pub fn new(puzzle: impl Into<String>) -> Self {
        SolveRequest {
            puzzle: puzzle.into(),
            ..SolveRequest::default()
        }
    }

    /// What the request looks for: its `mode`, or `unique`, or `count` when it gives a limit;
    /// a limit with another mode is refused.
    pub fn mode(&self) -> Result<Mode, RequestError> {
        match (self.mode, self.limit) {
            (Some(m), None) => Ok(m),
            (None, None) => Ok(Mode::default()),
            (None | Some(Mode::Count), Some(_)) => Ok(Mode::Count),
            (Some(_), Some(_)) => Err(RequestError::invalid(
                "limit",
                "only mode `count` takes a limit (`one` finds 1 solution, `unique` looks for 2)",
            )),
        }
    }

    /// Checks everything but the puzzle itself.
    pub fn validate(&self) -> Result<(), RequestError> {
        self.mode()?;
        if let Some(s) = self.shape {
            Shape::new(s.rows, s.cols).map_err(|source| RequestError::Shape {
                field: "shape",
                source,
            })?;
        }
        Ok(())
    }

    /// The solver options: the limit of the mode, the budgets (the time limit starts now).
    pub fn options(&self) -> Result<SolveOptions, RequestError> {
        let limit = match self.mode()? {
            Mode::One => 1,
            Mode::Unique => 2,
            Mode::Count => self.limit.unwrap_or(0),
        };
        Ok(SolveOptions {
            solver: self.solver,
            heuristic: self.heuristic,
            limit,
            node_budget: self.node_budget,
            deadline: self
                .time_limit_ms
                .and_then(|ms| Instant::now().checked_add(Duration::from_millis(ms))),
        })
    }

    /// The puzzle, read.
    pub fn grid(&self) -> Result<Grid, RequestError> {
        self.validate()?;
        read_grid("puzzle", &self.puzzle, self.shape)
    }

    /// Reads the puzzle and solves it.
    pub fn run(&self) -> Result<(Grid, crate::SolveResult), RequestError> {
        let grid = self.grid()?;
        let result = crate::solve(&grid, &self.options()?);
        Ok((grid, result))
    }
}

/// The steps a trace records unless asked otherwise.
pub const DEFAULT_TRACE_STEPS: usize = 1000;

/// Every decision of a solver on one puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct TraceRequest {
    /// The puzzle in any supported format.
    pub puzzle: String,
    /// A box shape other than the default for the size.
    #[serde(default)]
    pub shape: Option<Shape>,
    /// The solver (default `dlx`; `fast` records no steps).
    #[serde(default = "SolverKind::tracing")]
    pub solver: SolverKind,
    /// For `dlx`: how the item to branch on is chosen (default `mrv`).
    #[serde(default)]
    pub heuristic: Heuristic,
    /// Record at most this many steps.
    #[serde(default)]
    pub max_steps: Option<usize>,
    /// Stop after this many solutions (default 1; 0: explore the whole tree).
    #[serde(default)]
    pub limit: Option<u64>,
}

impl Default for TraceRequest {
    fn default() -> Self {
        TraceRequest {
            puzzle: String::new(),
            shape: None,
            solver: SolverKind::tracing(),
            heuristic: Heuristic::default(),
            max_steps: None,
            limit: None,
        }
    }
}

impl TraceRequest {
    /// A request for `puzzle` with every default.
    pub fn new(puzzle: impl Into<String>) -> Self {
        TraceRequest {
            puzzle: puzzle.into(),
            ..TraceRequest::default()
        }
    }

    /// Checks everything but the puzzle; `cap` is the most steps the face allows.
    pub fn validate(&self, cap: usize) -> Result<(), RequestError> {
        if self.solver == SolverKind::Fast {
            return Err(RequestError::invalid(
                "solver",
                "`fast` solves and counts but does not trace; trace with `dlx`, `mrv` or `backtrack`",
            ));
        }
        if let Some(m) = self.max_steps
            && (m == 0 || m > cap)
        {
            return Err(RequestError::invalid(
                "max_steps",
                format!("must be from 1 to {cap}, not {m}"),
            ));
        }
        Ok(())
    }

    /// The trace options: `default_steps` when the request gives no `max_steps`.
    pub fn options(&self, default_steps: usize) -> TraceOptions {
        TraceOptions {
            solver: self.solver,
            heuristic: self.heuristic,
            max_steps: self.max_steps.unwrap_or(default_steps),
        }
    }

    /// The solutions to stop after (0 for none).
    pub fn limit(&self) -> u64 {
        self.limit.unwrap_or(1)
    }

    /// The puzzle, read; givens that repeat a digit are refused (there is nothing to trace).
    pub fn grid(&self) -> Result<Grid, RequestError> {
        let grid = read_grid("puzzle", &self.puzzle, self.shape)?;
        let conflicts = Conflicts::of(&grid);
        if !conflicts.is_empty() {
            return Err(RequestError::Conflicts {
                field: "puzzle",
                conflicts,
            });
        }
        Ok(grid)
    }
}

impl SolverKind {
    /// The solver a trace runs unless asked otherwise: the one the default solver runs as
    /// when tracing.
    pub fn tracing() -> SolverKind {
        SolverKind::default().runs_as(true)
    }
}
