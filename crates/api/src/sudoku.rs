//! The Sudoku operations: [`check`] (read any supported text, report repeated givens and
//! candidates), [`solve`] (one solution, uniqueness, or a count, with any solver) and
//! [`trace`] (the steps of a search for the player, with the exact-cover matrix of small
//! grids for the dancing-links view).

use std::ops::ControlFlow;

use dlx_engine::Matrix;
use dlx_sudoku::request::read_grid;
use dlx_sudoku::{
    Grid, Shape, SolveOptions, SolveRequest, SolveStats, SolverKind, Status, StepKind, Stop,
    TraceRequest, Visitor,
};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::params::max_steps;
use crate::run::{Progress, Run};
use crate::words;

/// The most grid cells a trace's steps may hold in all while recorded (the recorder keeps the
/// whole grid of each step; the answer sends only what changed): 5,000 steps of a 25x25 grid.
/// Larger grids get proportionally fewer steps.
pub const MAX_TRACE_CELLS: usize = 5_000 * 625;

/// A pair of givens that repeat a digit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ConflictOut {
    /// The digit.
    pub digit: u8,
    /// The first cell holding it, `[row, column]`, 0-based.
    pub a: [usize; 2],
    /// The cell that repeats it.
    pub b: [usize; 2],
    /// The house they share: `row 1`, `column 3`, `box 6`.
    pub house: String,
    /// The whole sentence, the digit written as the grid writes it: `digit 5 at r1c3
    /// repeats r1c8 in row 1`, `digit G at r1c1 repeats r1c2 in row 1` on a 16x16.
    pub text: String,
}

/// The repeated givens of `conflicts` on a grid of `n` cells a side.
pub fn conflicts_out(conflicts: &[dlx_sudoku::Conflict], n: usize) -> Vec<ConflictOut> {
    conflicts
        .iter()
        .map(|c| ConflictOut {
            digit: c.digit,
            a: [c.a.0, c.a.1],
            b: [c.b.0, c.b.1],
            house: c.house.to_string(),
            text: words::conflict(c, n),
        })
        .collect()
}

fn conflicts_of(grid: &Grid) -> Vec<ConflictOut> {
    conflicts_out(&dlx_sudoku::check_givens(grid), grid.n())
}

/// A puzzle to check.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(examples(json!({ "puzzle": "1.1.\n..2.\n.3..\n...4" }))))]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    /// The puzzle in any supported format.
    pub puzzle: String,
    /// A box shape other than the default for the size.
    #[serde(default)]
    pub shape: Option<Shape>,
}

/// The answer to [`check`].
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CheckResponse {
    /// Cells on a side.
    pub size: usize,
    /// The box shape.
    pub shape: Shape,
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

/// Reads a puzzle and reports its givens, repeats and candidates.
pub fn check(req: &CheckRequest) -> Result<CheckResponse, ApiError> {
    let grid = read_grid("puzzle", &req.puzzle, req.shape)?;
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
        shape: grid.shape,
        grid: grid.to_line(),
        givens: grid.givens(),
        conflicts: conflicts_of(&grid),
        candidates,
        dead_cells,
    })
}

/// The answer to [`solve`].
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SolveResponse {
    /// `unique`, `multiple`, `solved` (found, uniqueness not decided), `none` (no solution:
    /// the search was complete) or `incomplete` (none found before a budget ran out).
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::schema::sudoku_status))]
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
    pub stopped: Option<Stop>,
    /// Work done: nodes, updates, guesses, backtracks, seconds.
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::schema::solve_stats))]
    pub stats: SolveStats,
    /// Cells on a side.
    pub size: usize,
    /// The box shape.
    pub shape: Shape,
    /// Givens that repeat a digit (the reason for `none` when not empty).
    pub conflicts: Vec<ConflictOut>,
    /// When a search for two solutions (`unique`, or a count up to 2) found them: another
    /// solution than `solution`, so that a page can show both and where they differ.
    pub other_solution: Option<String>,
}

/// Keeps nothing but asks the solver for progress often, so that its deadline (checked when
/// progress is due, at least every 4096 nodes) is checked every 512 nodes instead, and passes
/// progress on to the run.
struct Frequent<'r, 'a> {
    run: &'r mut Run<'a>,
}

impl Visitor for Frequent<'_, '_> {
    fn solution(&mut self, _: &Grid) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn progress_every(&self) -> u64 {
        512
    }
    fn progress(&mut self, s: &dlx_sudoku::Snapshot) {
        self.run.progress(|| Progress {
            nodes: s.nodes,
            solutions: s.solutions,
            depth: s.depth,
            seconds: s.elapsed.as_secs_f64(),
            fraction: None,
        });
    }
    fn wants_solutions(&self) -> bool {
        false
    }
}

/// Solves, decides uniqueness or counts, within the run's budget.
pub fn solve(req: &SolveRequest, run: &mut Run<'_>) -> Result<SolveResponse, ApiError> {
    req.validate()?;
    let grid = req.grid()?;
    let mut options = req.options()?;
    options.node_budget = run.budget.nodes.or(options.node_budget);
    options.deadline = run.budget.deadline.or(options.deadline);
    // The fast solver looks at its deadline itself (asked for progress, it would hand over
    // to `dlx`); the others look at it when progress is due.
    let r = if options.solver.counts_nodes() {
        dlx_sudoku::solve_with(&grid, &options, &mut Frequent { run })
    } else {
        dlx_sudoku::solve(&grid, &options)
    };
    let conflicts = conflicts_out(&r.conflicts, grid.n());
    let unique = r.unique();
    // Two solutions found while deciding uniqueness: the search kept the first only, so a
    // second search (as bounded) keeps both.
    let other_solution = match (&r.solution, r.status) {
        (Some(first), Status::Multiple) if options.limit == 2 => {
            another_solution(&grid, &options, first)
        }
        _ => None,
    };
    let stopped = (!r.complete).then_some(r.stop);
    Ok(SolveResponse {
        status: r.status,
        solution: r.solution.map(|g| g.to_line()),
        solutions: r.solutions,
        complete: r.complete,
        unique,
        stopped,
        stats: r.stats,
        size: grid.n(),
        shape: grid.shape,
        conflicts,
        other_solution,
    })
}

/// A solution of `grid` other than `first`, by a search for two (within `options`' budget).
fn another_solution(grid: &Grid, options: &SolveOptions, first: &Grid) -> Option<String> {
    struct Other<'a> {
        first: &'a Grid,
        other: Option<Grid>,
    }
    impl Visitor for Other<'_> {
        fn solution(&mut self, g: &Grid) -> ControlFlow<()> {
            if g.cells != self.first.cells {
                self.other = Some(g.clone());
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        }
    }
    let mut keep = Other { first, other: None };
    dlx_sudoku::solve_with(grid, options, &mut keep);
    keep.other.map(|g| g.to_line())
}

/// What a step of a Sudoku trace did: the engine's [`StepKind`]s, and `end`, the last step of
/// a search that was not cut short and met no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum TraceKind {
    /// An item (dlx) or a cell is chosen.
    Choose,
    /// One of its options is tried.
    Try,
    /// The chosen item or cell has no option left.
    DeadEnd,
    /// Every option of a level failed; the search backs up.
    Backtrack,
    /// A solution.
    Solution,
    /// The search is over: every possibility was tried and none is a solution.
    End,
}

impl From<StepKind> for TraceKind {
    fn from(k: StepKind) -> TraceKind {
        match k {
            StepKind::Choose => TraceKind::Choose,
            StepKind::Try => TraceKind::Try,
            StepKind::DeadEnd => TraceKind::DeadEnd,
            StepKind::Backtrack => TraceKind::Backtrack,
            StepKind::Solution => TraceKind::Solution,
        }
    }
}

/// One step of a Sudoku trace: what changed on the grid, not the grid.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TraceStepOut {
    /// What happened.
    pub kind: TraceKind,
    /// The level of the search (0 at the root).
    pub depth: usize,
    /// The chosen item or cell in words (`r4c7`, `digit 5 in box 6`).
    pub item: Option<String>,
    /// Its number of options when chosen.
    pub options: Option<usize>,
    /// The cell concerned (`[row, column]`, 0-based): the chosen cell, where a digit is tried,
    /// or, for a backtrack, the cell whose candidates all failed.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<u32>>, min_items = 2, max_items = 2))]
    pub cell: Option<(usize, usize)>,
    /// The digit concerned.
    pub digit: Option<u8>,
    /// The cells this step changed, `[cell, digit]` (cell row-major, 0-based; digit 0 for a
    /// cell emptied), in cell order: the grid after the step is the grid before it with these.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Vec<u32>>))]
    pub changes: Vec<(usize, u8)>,
    /// For the `dlx` solver, how the partial solution (the engine's option numbers, in level
    /// order) changed: `pop` ids leave its top, then the ids of `push` are added. Always 0
    /// and empty for the other solvers.
    pub pop: usize,
    /// The option ids added to the partial solution (see `pop`).
    pub push: Vec<u32>,
    /// A sentence: `r4c7 has 2 candidates; trying 5 (1 of 2)`.
    pub text: String,
}

/// The answer to [`trace`].
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TraceResponse {
    /// The puzzle read, on one line: the grid before the first step.
    pub grid: String,
    /// The steps up to the first solution, each with what it changed and a sentence; a search
    /// that ends without a solution (and was not cut) ends with an `end` step.
    pub steps: Vec<TraceStepOut>,
    /// Whether the search went on past the last step (the trace hit its cap).
    pub truncated: bool,
    /// Solutions met (0 or 1: the trace stops at the first).
    pub solutions: u64,
    /// The traced search's statistics.
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::schema::solve_stats))]
    pub stats: SolveStats,
    /// For the `dlx` solver on a small grid, the exact-cover matrix the option ids of the
    /// steps' `push` index.
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::schema::optional_matrix))]
    pub matrix: Option<Matrix>,
    /// Givens that repeat a digit (then there is nothing to trace).
    pub conflicts: Vec<ConflictOut>,
}

/// The steps of `trace` as sent: each with the cells it changed from the step before (the
/// first from `start`), backtracks with the cell they leave, the solution and the end of a
/// fruitless search in full sentences, digits named as the board shows them.
fn steps_out(
    start: &str,
    n: usize,
    trace: dlx_sudoku::Trace,
    stops_at_first: bool,
) -> Vec<TraceStepOut> {
    let mut before = cells_of(start);
    let mut stack: Vec<u32> = Vec::new();
    // The cell chosen at each depth, for the backtrack that leaves it.
    let mut chosen: Vec<Option<(usize, usize)>> = Vec::new();
    let mut out = Vec::with_capacity(trace.steps.len() + 1);
    for s in trace.steps {
        let after = cells_of(&s.grid);
        let changes = before
            .iter()
            .zip(&after)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(k, (_, &b))| (k, b))
            .collect();
        before = after;
        let keep = stack
            .iter()
            .zip(&s.stack)
            .take_while(|(a, b)| a == b)
            .count();
        let pop = stack.len() - keep;
        let push = s.stack[keep..].to_vec();
        stack = s.stack;
        let mut cell = s.cell;
        if s.kind == StepKind::Choose {
            chosen.resize(s.depth + 1, None);
            chosen[s.depth] = s.cell;
        } else if s.kind == StepKind::Backtrack && cell.is_none() {
            cell = chosen.get(s.depth).copied().flatten();
        }
        let text = if s.kind == StepKind::Solution && stops_at_first {
            format!(
                "{}: every cell is filled and no row, column or box repeats a digit; the trace \
                 stops at this first solution",
                s.text
            )
        } else {
            s.text
        };
        out.push(TraceStepOut {
            kind: s.kind.into(),
            depth: s.depth,
            item: s.item.map(|i| words::trace_text(&i, n)),
            options: s.options,
            cell,
            digit: s.digit,
            changes,
            pop,
            push,
            text: words::trace_text(&text, n),
        });
    }
    if !trace.truncated && trace.solutions == 0 && !out.is_empty() {
        out.push(TraceStepOut {
            kind: TraceKind::End,
            depth: 0,
            item: None,
            options: None,
            cell: None,
            digit: None,
            changes: Vec::new(),
            pop: 0,
            push: Vec::new(),
            text: "search finished, no solution: every possibility was tried".to_string(),
        });
    }
    out
}

/// The digits of a grid line as [`Grid::to_line`] writes it: one symbol a cell up to 35x35
/// (`.` for a blank), numbers separated by spaces above.
fn cells_of(line: &str) -> Vec<u8> {
    if line.contains(' ') {
        line.split(' ').map(|w| w.parse().unwrap_or(0)).collect()
    } else {
        line.chars()
            .map(|c| dlx_sudoku::grid::symbol_value(c).unwrap_or(0))
            .collect()
    }
}

/// The reduced exact cover of `grid` as a [`Matrix`] in Sudoku words, if at most `max`
/// options.
fn sudoku_matrix(grid: &Grid, max: usize) -> Option<Matrix> {
    let e = dlx_sudoku::encode(grid).ok()?;
    (e.options.len() <= max).then(|| e.view())
}

/// Records the steps of a search, at most the face's cap (and fewer on grids above 25x25).
pub fn trace(req: &TraceRequest, run: &mut Run<'_>) -> Result<TraceResponse, ApiError> {
    let cap = run.caps.max_trace_steps;
    req.validate(cap)?;
    let max_steps = max_steps(req.max_steps, cap)?;
    let grid = read_grid("puzzle", &req.puzzle, req.shape)?;
    let solver = req.solver;
    let mut options = req.options(max_steps);
    options.max_steps = max_steps
        .min(MAX_TRACE_CELLS / grid.cells.len().max(1))
        .max(1);
    // The trace's length is its budget: every search node records at least one step.
    let t = dlx_sudoku::trace_with_limit(&grid, &options, req.limit());
    let matrix = if solver == SolverKind::Dlx {
        sudoku_matrix(&grid, run.caps.max_matrix_options)
    } else {
        None
    };
    let start = grid.to_line();
    let (truncated, solutions, stats) = (t.truncated, t.solutions, t.stats.clone());
    Ok(TraceResponse {
        steps: steps_out(&start, grid.n(), t, req.limit() == 1),
        grid: start,
        truncated,
        solutions,
        stats,
        matrix,
        conflicts: conflicts_of(&grid),
    })
}
