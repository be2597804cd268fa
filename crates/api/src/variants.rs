//! The variant Sudoku operations (issue 28): [`check`] (read the rules in any format, report
//! them in our JSON, and check a grid against every rule), [`solve`] (one solution,
//! uniqueness, or a count) and [`trace`] (every decision of the dancing-links search, in
//! words). Their requests are `dlx-variants`' ([`dlx_variants::request::SolveRequest`],
//! [`dlx_variants::request::TraceRequest`]) or, for the check, this module's
//! [`VariantCheckRequest`]; the puzzle is f-puzzles JSON (text or object), an f-puzzles link
//! or its `load=` string, our JSON or our text format, named by `format` or detected.
//!
//! Rules that read but cannot hold (a cage sum no digits make, a cell outside the grid,
//! contradictory rules, givens that break a rule) are refused naming the constraint: its
//! kind, its number among the constraints of that kind and its cells
//! ([`ApiError::constraint`], `422` on the server).
//!
//! A search runs on the calling thread, within the run's budget (the smaller of the face's
//! and the request's `node_budget` and `time_limit_ms`), its deadline looked at every 256
//! nodes.

use dlx_engine::{StepKind, Stop};
use dlx_variants::request::{PuzzleInput, RequestError, SolveRequest, TraceRequest};
use dlx_variants::{Format, Limits, Verdict, grid_line};
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, ConstraintRef};
use crate::params::max_steps;
use crate::run::Run;

impl From<RequestError> for ApiError {
    fn from(e: RequestError) -> Self {
        ApiError {
            message: e.to_string(),
            field: Some(e.field()),
            line: e.line(),
            column: e.column(),
            cells: e.cells(),
            constraint: e.constraint().map(|n| {
                Box::new(ConstraintRef {
                    kind: n.kind.to_string(),
                    index: n.index,
                    cells: n
                        .cells
                        .iter()
                        .map(|c| [usize::from(c.row), usize::from(c.col)])
                        .collect(),
                    text: n.to_string(),
                })
            }),
            unprocessable: e.is_rules(),
        }
    }
}

/// A variant puzzle to check, and optionally a grid to check against its rules.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(examples(json!({
    "puzzle": "size 4\ncage 7 r1c3 r1c4\ncage 7 r2c1 r3c1\ncage 5 r2c2 r2c3\ndiagonals",
    "grid": "1243........2..."
}))))]
#[serde(deny_unknown_fields)]
pub struct VariantCheckRequest {
    /// The puzzle: f-puzzles JSON (text or object), an f-puzzles link (or its `load=`
    /// string), our JSON or our text format.
    pub puzzle: PuzzleInput,
    /// The puzzle's format (`fpuzzles`, `link`, `json`, `text`); detected when absent.
    #[serde(default)]
    pub format: Option<Format>,
    /// A grid to check against the rules (a player's entries, full or not): one line of N*N
    /// symbols (`1`-`9`, `A`-`G`; `.` or `0` for an empty cell); whitespace is ignored.
    #[serde(default)]
    pub grid: Option<String>,
}

/// A rule broken by some digits of a grid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ViolationOut {
    /// The rule's kind in words: `row`, `killer cage`, `thermometer`, `anti-knight`...
    pub kind: String,
    /// Its number among the rules of that kind, from 1 (0 for a rule of the whole grid).
    pub index: usize,
    /// The index of the constraint in `puzzle.constraints`, if the rule is one (rows, columns
    /// and regions are not).
    pub constraint: Option<usize>,
    /// The digits that break it: `[row, column, digit]`, 0-based cells.
    pub cells: Vec<[usize; 3]>,
    /// The whole sentence: `killer cage 2 (r1c1 r1c2): 4 at r1c1, 5 at r1c2`.
    pub text: String,
}

/// The answer to [`check`].
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VariantCheckResponse {
    /// The format the puzzle was read in.
    pub format: Format,
    /// Cells on a side.
    pub size: usize,
    /// The givens on one line (`.` for an empty cell).
    pub givens: String,
    /// The puzzle in our JSON (size, regions, givens, constraints, meta): what a page draws.
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub puzzle: serde_json::Value,
    /// The puzzle in a few words: `9x9, boxes 3x3, 0 givens; 29 killer cages`.
    pub summary: String,
    /// The grid checked (when one was given), on one line.
    pub grid: Option<String>,
    /// The rules the grid breaks (empty when none was given or it breaks none).
    pub violations: Vec<ViolationOut>,
    /// Whether the grid is a solution: full, keeping the givens, breaking no rule (`None`
    /// without a grid).
    pub solved: Option<bool>,
}

/// Reads `line` as a grid of `n` cells a side.
fn read_grid_line(line: &str, n: usize) -> Result<Vec<u8>, ApiError> {
    let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
    if cells.len() != n * n {
        return Err(ApiError::field(
            "grid",
            format!("{} symbols, a {n}x{n} grid needs {}", cells.len(), n * n),
        ));
    }
    cells
        .iter()
        .enumerate()
        .map(|(k, &c)| match dlx_variants::puzzle::digit_of(c) {
            Some(d) if usize::from(d) <= n => Ok(d),
            _ => Err(ApiError {
                cells: vec![(k / n, k % n)],
                column: Some(k + 1),
                ..ApiError::field(
                    "grid",
                    format!(
                        "r{}c{}: `{c}` is not a digit from 1 to {n}",
                        k / n + 1,
                        k % n + 1
                    ),
                )
            }),
        })
        .collect()
}

/// Reads a variant puzzle and checks a grid against its rules.
pub fn check(req: &VariantCheckRequest) -> Result<VariantCheckResponse, ApiError> {
    let (puzzle, format) = req.puzzle.read(req.format)?;
    let n = puzzle.size();
    let (grid, violations, solved) = match &req.grid {
        None => (None, Vec::new(), None),
        Some(line) => {
            let grid = read_grid_line(line, n)?;
            let mut violations: Vec<ViolationOut> = puzzle
                .rules()
                .violations(&grid)
                .into_iter()
                .map(|v| {
                    let digits = v
                        .cells
                        .iter()
                        .map(|(c, d)| format!("{} at {c}", dlx_variants::puzzle::symbol(*d as u8)))
                        .collect::<Vec<_>>()
                        .join(", ");
                    ViolationOut {
                        kind: v.at.kind.to_string(),
                        index: v.at.index,
                        constraint: v.constraint,
                        cells: v
                            .cells
                            .iter()
                            .map(|(c, d)| [usize::from(c.row), usize::from(c.col), *d as usize])
                            .collect(),
                        text: format!("{}: {digits}", v.at),
                    }
                })
                .collect();
            // A rule broken twice by the same digits (a cage's repeat and its sum) is said once.
            violations.dedup();
            let solved = puzzle.is_solution(&grid);
            (Some(grid_line(&grid)), violations, Some(solved))
        }
    };
    Ok(VariantCheckResponse {
        format,
        size: n,
        givens: puzzle.givens_line(),
        summary: puzzle.describe(),
        puzzle: serde_json::to_value(&puzzle)
            .map_err(|e| ApiError::bad(format!("internal error: cannot write the puzzle: {e}")))?,
        grid,
        violations,
        solved,
    })
}

/// The work a variant search did.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VariantStats {
    /// Search-tree nodes (branch nodes with `cells`, whose forced moves are not nodes; every
    /// level with `links`).
    pub nodes: u64,
    /// Link updates (Knuth's `updates`).
    pub updates: u64,
    /// Forced moves committed without a branch node (`cells`).
    pub forced: u64,
    /// Items of the exact-cover problem searched (after the digits settled while lowering).
    pub items: usize,
    /// Its options.
    pub options: usize,
    /// Wall time of the search.
    pub seconds: f64,
    /// Wall time of reading and lowering the puzzle to exact cover.
    pub setup_seconds: f64,
}

/// The answer to [`solve`].
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VariantSolveResponse {
    /// `unique`, `multiple`, `solved` (found, uniqueness not decided), `none` (no solution:
    /// the search was complete) or `incomplete` (none found before a budget ran out).
    pub status: Verdict,
    /// The first solution on one line, if any was found.
    pub solution: Option<String>,
    /// The first `list` solutions found (default 1), one line each.
    pub listed: Vec<String>,
    /// Solutions found: exact when `complete`, else a lower bound.
    pub solutions: u64,
    /// Whether the search tree was explored to the end.
    pub complete: bool,
    /// Whether the solution is unique, when that is known.
    pub unique: Option<bool>,
    /// Why the search stopped early: `limit_reached`, `node_budget` or `deadline`.
    pub stopped: Option<Stop>,
    /// Work done.
    pub stats: VariantStats,
    /// Cells on a side.
    pub size: usize,
    /// The format the puzzle was read in.
    pub format: Format,
    /// The givens on one line.
    pub givens: String,
}

/// Solves, decides uniqueness or counts a variant puzzle within the run's budget.
pub fn solve(req: &SolveRequest, run: &mut Run<'_>) -> Result<VariantSolveResponse, ApiError> {
    req.validate(run.caps.max_listed)?;
    let start = dlx_time::Instant::now();
    let (puzzle, format) = req.puzzle()?;
    let mut limits: Limits = req.limits()?;
    limits.node_budget = run.budget.nodes.or(limits.node_budget);
    limits.deadline = run.budget.deadline.or(limits.deadline);
    limits.threads = 1;
    let enc = dlx_variants::lower(&puzzle).map_err(|source| RequestError::Encode {
        field: "puzzle",
        source,
    })?;
    let setup = start.elapsed();
    let a = dlx_variants::search(&enc, &limits);
    let listed: Vec<String> = a.solutions.iter().map(|g| grid_line(g)).collect();
    let complete = a.status.is_complete();
    Ok(VariantSolveResponse {
        status: a.verdict,
        solution: listed.first().cloned(),
        unique: a.unique(),
        stopped: (!complete).then_some(a.stop),
        solutions: a.count,
        complete,
        stats: VariantStats {
            nodes: a.stats.nodes,
            updates: a.stats.updates,
            forced: a.stats.forced,
            items: a.items,
            options: a.options,
            seconds: a.elapsed.as_secs_f64(),
            setup_seconds: setup.as_secs_f64(),
        },
        listed,
        size: puzzle.size(),
        format,
        givens: puzzle.givens_line(),
    })
}

/// One step of a variant trace: what changed on the grid, not the grid.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VariantStepOut {
    /// What happened.
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::schema::step_kind))]
    pub kind: StepKind,
    /// The level of the search (0 at the root).
    pub depth: usize,
    /// The chosen item in words: `r4c7`, `digit 5 in killer cage 2`, `thermometer 1`.
    pub item: Option<String>,
    /// Its number of options (choose, try).
    pub options: Option<usize>,
    /// The option tried, in words: `5 at r4c7`, `killer cage 2 is {1, 2, 4}`.
    pub option: Option<String>,
    /// The cells this step changed, `[cell, digit]` (cell row-major, 0-based; digit 0 for a
    /// cell emptied): the grid after the step is the grid before it with these.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Vec<u32>>))]
    pub changes: Vec<(usize, u8)>,
    /// How many option ids leave the top of the partial solution (the engine's option
    /// numbers, in level order) at this step, before those of `push` are added.
    pub pop: usize,
    /// The option ids added to the partial solution (see `pop`).
    pub push: Vec<u32>,
    /// A sentence: `r4c7 has 2 options`, `trying 5 at r4c7 (1 of 2)`.
    pub text: String,
}

/// The answer to [`trace`].
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VariantTraceResponse {
    /// The givens on one line.
    pub givens: String,
    /// The grid before the first step: the givens and the digits settled while lowering
    /// (forced by the rules before any search).
    pub grid: String,
    /// The steps, each with what it changed and a sentence.
    pub steps: Vec<VariantStepOut>,
    /// Whether the search went on past the last step (cap, budget or deadline).
    pub truncated: bool,
    /// Solutions met.
    pub solutions: u64,
    /// Nodes of the traced search.
    pub nodes: u64,
    /// Cells on a side.
    pub size: usize,
    /// The format the puzzle was read in.
    pub format: Format,
}

/// The cells of a grid line written by [`grid_line`] (one symbol a cell).
#[doc(hidden)] // `pub` for the unit tests in `tests/unit`.
pub fn cells_of(line: &str) -> Vec<u8> {
    line.chars()
        .map(|c| dlx_variants::puzzle::digit_of(c).unwrap_or(0))
        .collect()
}

/// Records the dancing-links search of a variant puzzle, at most the face's cap of steps.
pub fn trace(req: &TraceRequest, run: &mut Run<'_>) -> Result<VariantTraceResponse, ApiError> {
    let cap = run.caps.max_trace_steps;
    req.validate(cap)?;
    let steps_cap = max_steps(req.max_steps, cap)?;
    let (puzzle, format) = req.puzzle()?;
    let mut limits = req.limits();
    limits.node_budget = run.budget.nodes.or(limits.node_budget);
    limits.deadline = run.budget.deadline.or(limits.deadline);
    let n = puzzle.size();
    let steps_cap = steps_cap
        .min(crate::sudoku::MAX_TRACE_CELLS / (n * n).max(1))
        .max(1);
    let enc = dlx_variants::lower(&puzzle).map_err(|source| RequestError::Encode {
        field: "puzzle",
        source,
    })?;
    let t = dlx_variants::trace_encoding(&enc, steps_cap, req.limit(), &limits);
    let mut before = cells_of(&t.fixed);
    let mut stack: Vec<u32> = Vec::new();
    let steps = t
        .steps
        .into_iter()
        .map(|s| {
            // The settled digits and what the options on the path place.
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
            VariantStepOut {
                kind: s.kind,
                depth: s.depth,
                item: s.item,
                options: s.options,
                option: s.option,
                changes,
                pop,
                push,
                text: s.text,
            }
        })
        .collect();
    Ok(VariantTraceResponse {
        givens: puzzle.givens_line(),
        grid: t.fixed,
        steps,
        truncated: t.truncated,
        solutions: t.solutions,
        nodes: t.nodes,
        size: n,
        format,
    })
}
