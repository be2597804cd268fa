//! The Sudoku endpoints: `POST /api/sudoku/check` (read any supported text, report repeated
//! givens and candidates), `POST /api/sudoku/solve` (one solution, uniqueness, or a count,
//! with any solver) and `POST /api/sudoku/trace` (the steps of a search for the player, with
//! the exact-cover matrix of small grids for the dancing-links view).

use std::ops::ControlFlow;

use axum::extract::State;
use dlx_engine::Matrix;
use dlx_sudoku::{
    Grid, SolveOptions, SolveStats, SolverKind, Status, TraceOptions, TraceStep, Visitor,
};
use serde::{Deserialize, Serialize};

use crate::AppState;
use crate::error::{ApiJson, AppError, Refusals};
use crate::params::{HeuristicParam, SolverParam, max_steps};
use crate::params::{ShapeParam, read_grid};
use crate::work::{Asked, answer, run_blocking};

/// The largest exact-cover matrix (in options) a trace carries for the dancing-links view:
/// enough for any 4x4 puzzle (at most 64 options).
pub const MAX_MATRIX_OPTIONS: usize = 128;

/// The most grid cells a trace's steps may carry in all (each step holds the whole grid):
/// 5,000 steps of a 25x25 grid. Larger grids get proportionally fewer steps.
pub const MAX_TRACE_CELLS: usize = 5_000 * 625;

/// What `POST /api/sudoku/solve` looks for.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The first solution.
    One,
    /// Up to `limit` solutions (all when no limit), counted.
    Count,
    /// Two solutions at most: enough to tell whether the solution is unique.
    Unique,
}

/// A pair of givens that repeat a digit.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ConflictOut {
    /// The digit.
    pub digit: u8,
    /// The first cell holding it, `[row, column]`, 0-based.
    pub a: [usize; 2],
    /// The cell that repeats it.
    pub b: [usize; 2],
    /// The house they share: `row 1`, `column 3`, `box 6`.
    pub house: String,
    /// The whole sentence: `digit 5 at r1c3 repeats r1c8 in row 1`.
    pub text: String,
}

fn conflicts_of(grid: &Grid) -> Vec<ConflictOut> {
    conflicts_out(&dlx_sudoku::check_givens(grid))
}

fn conflicts_out(conflicts: &[dlx_sudoku::Conflict]) -> Vec<ConflictOut> {
    conflicts
        .iter()
        .map(|c| ConflictOut {
            digit: c.digit,
            a: [c.a.0, c.a.1],
            b: [c.b.0, c.b.1],
            house: c.house.to_string(),
            text: c.to_string(),
        })
        .collect()
}

/// `POST /api/sudoku/check`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(examples(json!({ "puzzle": "1.1.\n..2.\n.3..\n...4" })))]
pub struct CheckRequest {
    /// The puzzle in any supported format.
    pub puzzle: String,
    /// A box shape other than the default for the size.
    pub shape: Option<ShapeParam>,
}

/// The answer to `POST /api/sudoku/check`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CheckResponse {
    /// Cells on a side.
    pub size: usize,
    /// The box shape.
    pub shape: ShapeParam,
    /// The puzzle on one line (`.` for a blank).
    pub grid: String,
    /// How many cells are given.
    pub givens: usize,
    /// Every pair of givens that repeat a digit.
    pub conflicts: Vec<ConflictOut>,
    /// For each cell (row-major), the digits no given in its row, column or box rules out;
    /// empty for a given.
    pub candidates: Vec<Vec<u8>>,
    /// Blank cells left with no candidate at all (`[row, column]`).
    pub dead_cells: Vec<[usize; 2]>,
}

/// `POST /api/sudoku/check`.
#[utoipa::path(
    post,
    path = "/api/sudoku/check",
    operation_id = "sudoku_check",
    tag = "sudoku",
    request_body = CheckRequest,
    responses((status = 200, body = CheckResponse), Refusals)
)]
pub async fn check(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<CheckRequest>,
) -> Result<ApiJson<CheckResponse>, AppError> {
    answer(&state, Asked::default(), move |_| {
        let grid = read_grid(&req.puzzle, req.shape)?;
        let n = grid.n();
        let masks = dlx_sudoku::candidates(&grid);
        let mut candidates = Vec::with_capacity(grid.cells.len());
        let mut dead_cells = Vec::new();
        for (k, &v) in grid.cells.iter().enumerate() {
            let mask = masks.get(k).copied().unwrap_or(0);
            if v != 0 {
                candidates.push(Vec::new());
                continue;
            }
            let digits: Vec<u8> = (1..=n as u8).filter(|d| mask >> (d - 1) & 1 == 1).collect();
            if digits.is_empty() {
                dead_cells.push([k / n, k % n]);
            }
            candidates.push(digits);
        }
        Ok(CheckResponse {
            size: n,
            shape: grid.shape.into(),
            grid: grid.to_line(),
            givens: grid.givens(),
            conflicts: conflicts_of(&grid),
            candidates,
            dead_cells,
        })
    })
    .await
}

/// `POST /api/sudoku/solve`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(examples(json!({ "puzzle": "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", "solver": "dlx", "mode": "unique" })))]
pub struct SolveRequest {
    /// The puzzle in any supported format.
    pub puzzle: String,
    /// A box shape other than the default for the size.
    pub shape: Option<ShapeParam>,
    /// The solver (default `fast`).
    #[serde(default = "SolverParam::solving")]
    pub solver: SolverParam,
    /// For `dlx`: how the item to branch on is chosen (default `mrv`).
    #[serde(default)]
    pub heuristic: HeuristicParam,
    /// What to look for (default `unique`, or `count` when a limit is given).
    pub mode: Option<Mode>,
    /// With `count`: stop after this many solutions (absent or 0: count them all, within the
    /// budgets).
    pub limit: Option<u64>,
    /// A lower node budget than the server's.
    pub node_budget: Option<u64>,
    /// A shorter time limit than the server's, in milliseconds.
    pub time_limit_ms: Option<u64>,
}

/// The answer to `POST /api/sudoku/solve`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SolveResponse {
    /// `unique`, `multiple`, `solved` (found, uniqueness not decided), `none` (no solution:
    /// the search was complete) or `incomplete` (none found before a budget ran out).
    #[schema(schema_with = crate::openapi::sudoku_status)]
    pub status: Status,
    /// The first solution on one line, if any was found.
    pub solution: Option<String>,
    /// Solutions found: exact when `complete`, else a lower bound.
    pub solutions: u64,
    /// Whether the search tree was explored to the end.
    pub complete: bool,
    /// Whether the solution is unique, when that is known.
    pub unique: Option<bool>,
    /// Why the search stopped early: `limit_reached`, `node_budget` or `deadline`.
    pub stopped: Option<&'static str>,
    /// Work done: nodes, updates, guesses, backtracks, seconds.
    #[schema(schema_with = crate::openapi::solve_stats)]
    pub stats: SolveStats,
    /// Cells on a side.
    pub size: usize,
    /// The box shape.
    pub shape: ShapeParam,
    /// Givens that repeat a digit (the reason for `none` when not empty).
    pub conflicts: Vec<ConflictOut>,
}

/// Keeps nothing but asks the solver for progress often, so that its deadline (checked when
/// progress is due, at least every 4096 nodes) is checked every 512 nodes instead.
struct Frequent;

impl Visitor for Frequent {
    fn solution(&mut self, _: &Grid) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn progress_every(&self) -> u64 {
        512
    }
    fn wants_solutions(&self) -> bool {
        false
    }
}

/// `POST /api/sudoku/solve`.
#[utoipa::path(
    post,
    path = "/api/sudoku/solve",
    operation_id = "sudoku_solve",
    tag = "sudoku",
    request_body = SolveRequest,
    responses((status = 200, body = SolveResponse), Refusals)
)]
pub async fn solve(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<SolveRequest>,
) -> Result<ApiJson<SolveResponse>, AppError> {
    let mode = match (req.mode, req.limit) {
        (Some(m), None) => m,
        (None, None) => Mode::Unique,
        (None | Some(Mode::Count), Some(_)) => Mode::Count,
        (Some(_), Some(_)) => {
            return Err(AppError::bad(
                "limit: only mode `count` takes a limit (`one` finds 1 solution, `unique` looks for 2)",
            ));
        }
    };
    let limit = match mode {
        Mode::One => 1,
        Mode::Unique => 2,
        Mode::Count => req.limit.unwrap_or(0),
    };
    let asked = Asked::new(req.node_budget, req.time_limit_ms);
    answer(&state, asked, move |budget| {
        let grid = read_grid(&req.puzzle, req.shape)?;
        let options = SolveOptions {
            solver: req.solver.into(),
            heuristic: req.heuristic.into(),
            limit,
            node_budget: Some(budget.nodes),
            deadline: Some(budget.deadline),
        };
        // The fast solver looks at its deadline itself (asked for progress, it would hand
        // over to `dlx`); the others look at it when progress is due.
        let r = if options.solver.counts_nodes() {
            dlx_sudoku::solve_with(&grid, &options, &mut Frequent)
        } else {
            dlx_sudoku::solve(&grid, &options)
        };
        let conflicts = conflicts_out(&r.conflicts);
        let unique = r.unique();
        let stopped = (!r.complete).then(|| r.stop.as_str());
        Ok(SolveResponse {
            status: r.status,
            solution: r.solution.map(|g| g.to_line()),
            solutions: r.solutions,
            complete: r.complete,
            unique,
            stopped,
            stats: r.stats,
            size: grid.n(),
            shape: grid.shape.into(),
            conflicts,
        })
    })
    .await
}

/// `POST /api/sudoku/trace`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(examples(json!({ "puzzle": "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", "max_steps": 20 })))]
pub struct TraceRequest {
    /// The puzzle in any supported format.
    pub puzzle: String,
    /// A box shape other than the default for the size.
    #[serde(default)]
    pub shape: Option<ShapeParam>,
    /// The solver (default `dlx`).
    #[serde(default = "SolverParam::tracing")]
    pub solver: SolverParam,
    /// For `dlx`: how the item to branch on is chosen (default `mrv`).
    #[serde(default)]
    pub heuristic: HeuristicParam,
    /// Record at most this many steps (at most the server's cap, which is the default).
    #[serde(default)]
    pub max_steps: Option<usize>,
}

/// The answer to `POST /api/sudoku/trace`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TraceResponse {
    /// The steps up to the first solution, each with the grid after it and a sentence.
    #[schema(value_type = Vec<Object>)]
    pub steps: Vec<TraceStep>,
    /// Whether the search went on past the last step (the trace hit its cap).
    pub truncated: bool,
    /// Solutions met (0 or 1: the trace stops at the first).
    pub solutions: u64,
    /// The traced search's statistics.
    #[schema(schema_with = crate::openapi::solve_stats)]
    pub stats: SolveStats,
    /// For the `dlx` solver on a small grid, the exact-cover matrix the steps' `stack`s index.
    #[schema(schema_with = crate::openapi::optional_matrix)]
    pub matrix: Option<Matrix>,
    /// Givens that repeat a digit (then there is nothing to trace).
    pub conflicts: Vec<ConflictOut>,
}

/// The reduced exact cover of `grid` as a [`Matrix`] in Sudoku words, if small enough to draw.
fn sudoku_matrix(grid: &Grid) -> Option<Matrix> {
    let e = dlx_sudoku::encode(grid).ok()?;
    (e.options.len() <= MAX_MATRIX_OPTIONS).then(|| e.view())
}

/// `POST /api/sudoku/trace`.
#[utoipa::path(
    post,
    path = "/api/sudoku/trace",
    operation_id = "sudoku_trace",
    tag = "sudoku",
    request_body = TraceRequest,
    responses((status = 200, body = TraceResponse), Refusals)
)]
pub async fn trace(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<TraceRequest>,
) -> Result<ApiJson<TraceResponse>, AppError> {
    if req.solver == SolverParam::Fast {
        return Err(AppError::bad(
            "solver: `fast` solves and counts but does not trace; trace with `dlx`, `mrv` or `backtrack`",
        ));
    }
    let max_steps = max_steps(req.max_steps, state.limits.max_trace_steps)?;
    let response = run_blocking(&state, Asked::default(), move |_| {
        let grid = read_grid(&req.puzzle, req.shape)?;
        let solver: SolverKind = req.solver.into();
        let options = TraceOptions {
            solver,
            heuristic: req.heuristic.into(),
            max_steps: max_steps
                .min(MAX_TRACE_CELLS / grid.cells.len().max(1))
                .max(1),
        };
        // The trace's length is its budget: every search node records at least one step.
        let t = dlx_sudoku::trace(&grid, &options);
        let matrix = if solver == SolverKind::Dlx {
            sudoku_matrix(&grid)
        } else {
            None
        };
        Ok(TraceResponse {
            steps: t.steps,
            truncated: t.truncated,
            solutions: t.solutions,
            stats: t.stats,
            matrix,
            conflicts: conflicts_of(&grid),
        })
    })
    .await?;
    Ok(ApiJson(response))
}
